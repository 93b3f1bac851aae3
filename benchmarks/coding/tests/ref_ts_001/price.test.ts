import { test } from "node:test";
import * as assert from "node:assert/strict";
import { formatPrice } from "./solution";

test("simple rubles", () => {
  assert.equal(formatPrice(12345, "RUB"), "123,45 ₽");
});

test("thousands separated", () => {
  assert.equal(formatPrice(123456789, "RUB"), "1 234 567,89 ₽");
});

test("leading zero in kopecks", () => {
  assert.equal(formatPrice(105, "USD"), "1,05 $");
});

test("negative amount", () => {
  assert.equal(formatPrice(-250000, "EUR"), "-2 500,00 €");
});

test("zero", () => {
  assert.equal(formatPrice(0, "RUB"), "0,00 ₽");
});

test("unknown currency throws", () => {
  assert.throws(() => formatPrice(100, "GBP" as any));
});
