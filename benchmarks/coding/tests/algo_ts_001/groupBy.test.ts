import { test } from "node:test";
import * as assert from "node:assert/strict";
import { groupBy } from "./solution";

test("groups by string key", () => {
  assert.deepEqual(groupBy(["яблоко", "арбуз", "ананас"], (s) => s[0]), { я: ["яблоко"], а: ["арбуз", "ананас"] });
});

test("keeps order inside groups", () => {
  assert.deepEqual(groupBy([5, 1, 4, 2, 3], (n) => n % 2), { 1: [5, 1, 3], 0: [4, 2] });
});

test("empty input gives empty object", () => {
  assert.deepEqual(groupBy([], (x: number) => x), {});
});

test("input not modified", () => {
  const input = [3, 2, 1];
  groupBy(input, (n) => n);
  assert.deepEqual(input, [3, 2, 1]);
});

test("keys that look like Object.prototype names", () => {
  const result = groupBy(["constructor", "toString"], (s) => s);
  assert.deepEqual(result["constructor"], ["constructor"]);
  assert.deepEqual(result["toString"], ["toString"]);
});

test("objects grouped by field", () => {
  const people = [{ name: "Анна", city: "Казань" }, { name: "Олег", city: "Пермь" }, { name: "Ира", city: "Казань" }];
  assert.deepEqual(groupBy(people, (p) => p.city)["Казань"].map((p) => p.name), ["Анна", "Ира"]);
});
