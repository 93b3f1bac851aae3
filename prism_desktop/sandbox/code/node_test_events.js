// Preloaded into the TypeScript tests' node process by the code sandbox (node --test --require): wraps
// node:test's test()/it() so that each top-level test reports as it starts and ends (see events.py),
// and leaves out the tests the runner asks to skip. node --test runs each test file in a child process
// and relays that process's verdicts only when it ends, but its stderr as it comes: so these events go
// to stderr, synchronously, one marked line each, and our reporter in node's orchestrator
// (node_test_reporter.js) passes them on to the runner's event pipe. The per-test watchdog goes by them.
"use strict";
const fs = require("fs");
const Module = require("module");

const MARK = "@@prism-event@@ ";  // node_test_reporter.js relays the lines that start with it
const skip = new Set(JSON.parse(process.env.PRISM_SKIP_TESTS || "[]"));
const seen = new Map();

function send(event) {
  if (typeof event.message === "string") event.message = event.message.slice(0, 1000);  // the head: the assertion, then the stack
  fs.writeSync(2, "\n" + MARK + JSON.stringify(event) + "\n");  // on a line of its own, whatever came before
}

function uniqueName(name) {
  const count = (seen.get(name) || 0) + 1;
  seen.set(name, count);
  return count === 1 ? name : `${name} #${count}`;
}

function describeError(error) {
  if (error && typeof error === "object" && "stack" in error) return String(error.stack);
  return String(error);
}

function wrapRunner(real) {
  return function wrapped(...args) {
    const fn = args.find((a) => typeof a === "function");
    const title = typeof args[0] === "string" ? args[0] : fn && fn.name ? fn.name : "<anonymous>";
    const name = uniqueName(title);
    if (skip.has(name)) return undefined;
    send({ e: "declare", names: [name] });
    if (!fn) return real(...args);
    const options = args.find((a) => a && typeof a === "object") || {};
    const body = async function (context) {
      send({ e: "start", name });
      try {
        await fn.call(this, context);
      } catch (error) {
        send({ e: "end", name, status: "fail", message: describeError(error) });
        throw error;
      }
      send({ e: "end", name, status: "pass", message: "" });
    };
    return real(title, options, body);
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

const originalLoad = Module._load;
Module._load = function (request, parent, isMain) {
  const loaded = originalLoad.apply(this, arguments);
  if (request === "node:test" || request === "test") return wrapModule(loaded);
  return loaded;
};
