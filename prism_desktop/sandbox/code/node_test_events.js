// Preloaded into the TypeScript tests' node process by the code sandbox (node --require): wraps
// node:test's test()/it() so that each top-level test reports to the runner's event pipe as it starts
// and ends (see events.py), synchronously, and leaves out the tests the runner asks to skip.
"use strict";
const fs = require("fs");
const Module = require("module");

const fd = Number(process.env.PRISM_EVENTS_FD || "-1");
const skip = new Set(JSON.parse(process.env.PRISM_SKIP_TESTS || "[]"));
const seen = new Map();

function send(event) {
  if (fd < 0) return;
  if (typeof event.message === "string") event.message = event.message.slice(0, 1000);  // the head: the assertion, then the stack
  fs.writeSync(fd, JSON.stringify(event) + "\n");
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
