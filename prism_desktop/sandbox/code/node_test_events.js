// Preloaded into the TypeScript tests' node process by the code sandbox (node --require, no --test: the
// tests run in this process). It runs before the test file, and so before the candidate's module loads:
// - it reads the run's secret from its pipe and closes it, and hands our reporter (node_test_reporter.js,
//   loaded by node from the same module cache) the only function that signs events (events.py);
// - it wraps node:test's test()/it() so that each top-level test reports, synchronously, as it starts
//   (the per-test watchdog goes by it) and how its body ended (a `live` verdict), under a name made
//   unique by " #2", " #3"… on repeats, which is also the name node reports its verdict under. Node's
//   verdict (the reporter's) is final; the live one counts only when node's never came — node hands its
//   events to the reporter asynchronously, so a later test that blocks the process until it is killed,
//   or crashes it, would otherwise take the verdicts of the tests before it along. It leaves out the
//   tests the runner asks to skip, and in a collection pass (PRISM_COLLECT=1) declares each test and
//   runs none. Only the test file's own test() calls register tests (see `loading` below).
"use strict";
const crypto = require("crypto");
const fs = require("fs");
const Module = require("module");
const path = require("path");

const skip = new Set(JSON.parse(process.env.PRISM_SKIP_TESTS || "[]"));
const collecting = process.env.PRISM_COLLECT === "1";
const eventsFd = Number(process.env.PRISM_EVENTS_FD || "-1");
const seen = new Map();

function readSecret() {
  const fd = Number(process.env.PRISM_SECRET_FD || "-1");
  delete process.env.PRISM_SECRET_FD;
  if (fd < 0) return "";
  const chunks = [];
  const buffer = Buffer.alloc(4096);
  try {
    for (;;) {
      const count = fs.readSync(fd, buffer, 0, buffer.length, null);
      if (count === 0) break;
      chunks.push(Buffer.from(buffer.subarray(0, count)));
    }
  } finally {
    fs.closeSync(fd);
  }
  return Buffer.concat(chunks).toString("utf8").split("\n")[0];
}

// The functions the signing uses, taken before the candidate's module could replace them.
const createHmac = crypto.createHmac;
const writeSync = fs.writeSync;
const stringify = JSON.stringify;

const send = (function channel(secret) {
  return function send(event) {
    if (eventsFd < 0 || !secret) return;
    if (typeof event.message === "string") event.message = event.message.slice(0, 1000);  // the head: the assertion, then the stack
    const signed = [event.e, event.name, event.status].map((v) => (v ? String(v) : "")).join("\0");
    event.mac = createHmac("sha256", secret).update(signed, "utf8").digest("hex");
    writeSync(eventsFd, stringify(event) + "\n");
  };
})(readSecret());

require(path.join(__dirname, "node_test_reporter.js")).attach(send);

function describeError(error) {
  if (error && typeof error === "object" && "stack" in error) return String(error.stack);
  return String(error);
}

function uniqueName(name) {
  const count = (seen.get(name) || 0) + 1;
  seen.set(name, count);
  return count === 1 ? name : `${name} #${count}`;
}

function wrapRunner(real) {
  return function wrapped(...args) {
    const fn = args.find((a) => typeof a === "function");
    const title = typeof args[0] === "string" ? args[0] : fn && fn.name ? fn.name : "<anonymous>";
    if (loading > 0) return undefined;
    const name = uniqueName(title);
    if (collecting) {
      send({ e: "declare", name });
      return undefined;
    }
    if (skip.has(name)) return undefined;
    const options = args.find((a) => a && typeof a === "object") || {};
    const body = fn
      ? async function (context) {
          send({ e: "start", name });
          try {
            await fn.call(this, context);
          } catch (error) {
            send({ e: "live", name, status: "fail", message: describeError(error) });
            throw error;
          }
          send({ e: "live", name, status: "pass", message: "" });
        }
      : undefined;
    return body ? real(name, options, body) : real(name, options);
  };
}

let wrappedModule = null;
function wrapModule(real) {
  if (wrappedModule) return wrappedModule;
  const test = wrapRunner(real.test || real);
  Object.assign(test, real);
  test.test = test;
  test.it = wrapRunner(real.it || real.test || real);
  wrappedModule = test;
  return test;
}

// How many modules other than the test file are loading right now. A test() call made while one is
// (the candidate's module registering a test under a hidden test's title, which would take that name
// and push the hidden test to "… #2") is not the test file's, and registers nothing.
let loading = 0;
const originalLoad = Module._load;
Module._load = function (request, parent, isMain) {
  if (!isMain) loading += 1;
  let loaded;
  try {
    loaded = originalLoad.apply(this, arguments);
  } finally {
    if (!isMain) loading -= 1;
  }
  if (request === "node:test" || request === "test") return wrapModule(loaded);
  return loaded;
};
