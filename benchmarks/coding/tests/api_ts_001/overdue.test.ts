import { test } from "node:test";
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { overdueIssues } from "./solution";

const response = JSON.parse(fs.readFileSync(path.join(__dirname, "jira_overdue.json"), "utf8"));

test("recorded response, mid January", () => {
  assert.deepEqual(overdueIssues(response, "2026-01-20"), ["OPS-1", "OPS-5", "OPS-6"]);
});

test("nothing overdue early", () => {
  assert.deepEqual(overdueIssues(response, "2026-01-01"), []);
});

test("due today is not overdue", () => {
  assert.deepEqual(overdueIssues(response, "2026-01-14"), ["OPS-1"]);
});

test("done tasks excluded", () => {
  assert.ok(!overdueIssues(response, "2026-12-31").includes("OPS-3"));
});

test("tasks without due date excluded", () => {
  assert.ok(!overdueIssues(response, "2026-12-31").includes("OPS-4"));
});

test("priority breaks ties", () => {
  assert.deepEqual(overdueIssues(response, "2026-12-31"), ["OPS-1", "OPS-5", "OPS-6", "OPS-2"]);
});
