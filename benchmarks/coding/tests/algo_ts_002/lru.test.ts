import { test } from "node:test";
import * as assert from "node:assert/strict";
import { LRUCache } from "./solution";

test("stores and returns values", () => {
  const cache = new LRUCache<string, number>(2);
  cache.put("a", 1);
  assert.equal(cache.get("a"), 1);
});

test("evicts least recently used", () => {
  const cache = new LRUCache<string, number>(2);
  cache.put("a", 1);
  cache.put("b", 2);
  cache.put("c", 3);
  assert.equal(cache.get("a"), undefined);
  assert.equal(cache.get("c"), 3);
});

test("get refreshes a key", () => {
  const cache = new LRUCache<string, number>(2);
  cache.put("a", 1);
  cache.put("b", 2);
  cache.get("a");
  cache.put("c", 3);
  assert.equal(cache.get("b"), undefined);
  assert.equal(cache.get("a"), 1);
});

test("put updates existing key without growing", () => {
  const cache = new LRUCache<string, number>(2);
  cache.put("a", 1);
  cache.put("a", 5);
  assert.equal(cache.size, 1);
  assert.equal(cache.get("a"), 5);
});

test("falsy values are stored", () => {
  const cache = new LRUCache<string, number>(1);
  cache.put("z", 0);
  assert.equal(cache.get("z"), 0);
});

test("invalid capacity", () => {
  assert.throws(() => new LRUCache<string, number>(0), RangeError);
});

test("many operations stay fast", () => {
  const cache = new LRUCache<number, number>(1000);
  for (let i = 0; i < 200000; i++) {
    cache.put(i, i);
    cache.get(i - 500);
  }
  assert.equal(cache.size, 1000);
});
