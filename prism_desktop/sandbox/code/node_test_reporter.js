// node:test reporter of the code sandbox (node --test-reporter=<this file>, tests run in-process). Node
// gives it the verdict of every test; it passes node's verdict of each top-level test on to the runner's
// event pipe, signed by the function our preload (node_test_events.js) attached before the candidate's
// module loaded, and signs the end of the run (`finish`) when node's event stream ends. A process that
// exits early (process.exit in the candidate's module) never gets there.
"use strict";

let send = null;

function describeFailure(details) {
  const error = details && details.error;
  if (!error) return "failed";
  const cause = error.cause !== undefined ? error.cause : error;
  if (cause && typeof cause === "object" && "stack" in cause) return String(cause.stack);
  return String((cause && cause.message) || cause);
}

function verdict(data, failed) {
  const name = data.name;
  if (data.skip !== undefined) {  // a todo test runs: its own outcome counts
    return { e: "end", name, status: "skipped", message: typeof data.skip === "string" ? data.skip : "" };
  }
  if (!failed) return { e: "end", name, status: "pass", message: "" };
  const error = data.details && data.details.error;
  const timedOut = error && error.failureType === "testTimeoutFailure";
  return { e: "end", name, status: timedOut ? "timeout" : "fail", message: describeFailure(data.details) };
}

module.exports = async function* prismReporter(source) {
  for await (const event of source) {
    const data = event.data || {};
    if ((event.type !== "test:pass" && event.type !== "test:fail") || data.nesting !== 0) continue;
    if (typeof data.name !== "string" || send === null) continue;
    send(verdict(data, event.type === "test:fail"));
  }
  if (send !== null) send({ e: "finish" });
};

// Called once, by the preload, before any other code runs: later calls change nothing.
module.exports.attach = function attach(signer) {
  if (send === null) send = signer;
};
