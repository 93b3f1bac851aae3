import { test } from "node:test";
import * as assert from "node:assert/strict";
import { chunk } from "./solution";

test("even split", () => {
  assert.deepEqual(chunk([1, 2, 3, 4], 2), [[1, 2], [3, 4]]);
});

test("last chunk shorter", () => {
  assert.deepEqual(chunk([1, 2, 3, 4, 5], 2), [[1, 2], [3, 4], [5]]);
});

test("size larger than array", () => {
  assert.deepEqual(chunk(["а", "б"], 5), [["а", "б"]]);
});

test("empty array", () => {
  assert.deepEqual(chunk([], 3), []);
});

test("size one", () => {
  assert.deepEqual(chunk([7, 8], 1), [[7], [8]]);
});

test("invalid size", () => {
  assert.throws(() => chunk([1], 0), RangeError);
});
