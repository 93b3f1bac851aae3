// node:test reporter of the code sandbox (node --test --test-reporter=<this file>). It runs in node's
// test orchestrator, outside the child process that loads the candidate's code, and writes to the
// runner's event pipe (events.py):
// - the live events of our preload (node_test_events.js), which reach it as marked lines of the child's
//   stderr while the tests run (everything else the tests print goes to the orchestrator's stderr);
// - node's own verdict of each top-level test, which node relays when the child ends. The first verdict
//   of a test is final, so this one decides what the preload could not see, such as tests node skipped.
"use strict";
const fs = require("fs");

const MARK = "@@prism-event@@ ";
const fd = Number(process.env.PRISM_EVENTS_FD || "-1");

function send(event) {
  if (fd < 0) return;
  if (typeof event.message === "string") event.message = event.message.slice(0, 1000);
  fs.writeSync(fd, JSON.stringify(event) + "\n");
}

function relay(line) {
  if (!line.startsWith(MARK)) {
    if (line) process.stderr.write(line + "\n");
    return;
  }
  let event;
  try {
    event = JSON.parse(line.slice(MARK.length));
  } catch {
    return;
  }
  if (event && typeof event === "object") send(event);
}

function describeFailure(details) {
  const error = details && details.error;
  if (!error) return "failed";
  const cause = error.cause !== undefined ? error.cause : error;
  if (cause && typeof cause === "object" && "stack" in cause) return String(cause.stack);
  return String((cause && cause.message) || cause);
}

function verdict(data, name, failed) {
  if (data.skip !== undefined || data.todo !== undefined) {
    const why = typeof data.skip === "string" ? data.skip : typeof data.todo === "string" ? data.todo : "";
    return { e: "end", name, status: "skipped", message: why };
  }
  if (!failed) return { e: "end", name, status: "pass", message: "" };
  const error = data.details && data.details.error;
  const timedOut = error && error.failureType === "testTimeoutFailure";
  return { e: "end", name, status: timedOut ? "timeout" : "fail", message: describeFailure(data.details) };
}

module.exports = async function* prismReporter(source) {
  const pending = new Map(); // file -> the start of a stderr line not ended yet
  const seen = new Map(); // file + title -> count, as the preload names them: " #2", " #3"… on repeats
  for await (const event of source) {
    const data = event.data || {};
    if (event.type === "test:stderr" || event.type === "test:stdout") {
      const key = String(data.file);
      const lines = ((pending.get(key) || "") + String(data.message)).split("\n");
      pending.set(key, lines.pop());
      lines.forEach(relay);
      continue;
    }
    if ((event.type !== "test:pass" && event.type !== "test:fail") || data.nesting !== 0) continue;
    if (typeof data.name !== "string" || data.name === data.file || data.name.endsWith(".test.js")) continue;
    const key = `${data.file}\0${data.name}`;
    const count = (seen.get(key) || 0) + 1;
    seen.set(key, count);
    send(verdict(data, count === 1 ? data.name : `${data.name} #${count}`, event.type === "test:fail"));
  }
  for (const rest of pending.values()) relay(rest);
};
