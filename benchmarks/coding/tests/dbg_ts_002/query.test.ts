import { test } from "node:test";
import * as assert from "node:assert/strict";
import { parseQuery } from "./solution";

test("repeated keys collected", () => {
  assert.deepEqual(parseQuery("a=1&b=2&b=3"), { a: ["1"], b: ["2", "3"] });
});

test("leading question mark", () => {
  assert.deepEqual(parseQuery("?x=y"), { x: ["y"] });
});

test("plus is a space", () => {
  assert.deepEqual(parseQuery("q=hello+world"), { q: ["hello world"] });
});

test("cyrillic decoded", () => {
  assert.deepEqual(parseQuery("city=%D0%9A%D0%B0%D0%B7%D0%B0%D0%BD%D1%8C"), { city: ["Казань"] });
});

test("key without value", () => {
  assert.deepEqual(parseQuery("flag&n=1"), { flag: [""], n: ["1"] });
});

test("empty parts skipped", () => {
  assert.deepEqual(parseQuery("&&a=1&"), { a: ["1"] });
});

test("value containing equals sign", () => {
  assert.deepEqual(parseQuery("expr=a%3Db=c"), { expr: ["a=b=c"] });
});
