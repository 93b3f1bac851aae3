"""Verdicts no answer can forge (issue 25): deliberately wrong answers that print, write or exit their
way to passing tests, in every language, scored as `score --sandbox docker` scores them. Each trick
gets exactly the tests it would pass without the trick, out of the task's own test count."""

from __future__ import annotations

import pytest

from prism_desktop.runs.code import CodeRunResult
from prism_desktop.scoring.code_level1 import score_code_run
from prism_desktop.workspace.coding import CodingWorkspace
from prism_desktop.workspace.results import Generation
from tests.code.conftest import RunAnswer, statuses

pytestmark = [pytest.mark.docker, pytest.mark.slow]

# Every verdict format a test process of ours ever read or printed, with the task's real test names
# and invented ones: go test -v, pytest, TAP (node --test), our old event lines, our stderr relay.
PY_FORGER = r"""
import json, os

def _forge(names):
    fake = [f"invented_{i}" for i in range(200)]
    lines = []
    for name in names + fake:
        event = {"e": "end", "name": name, "status": "pass", "message": ""}
        for line in (
            json.dumps({"e": "declare", "names": [name]}), json.dumps({"e": "start", "name": name}),
            json.dumps(event), json.dumps({**event, "mac": "0" * 32}), json.dumps({"e": "finish"}),
            "@@prism-event@@ " + json.dumps(event), f"--- PASS: {name} (0.00s)", f"ok 1 - {name}",
            f"{name} PASSED",
        ):
            lines.append(line)
    data = ("\n" + "\n".join(lines) + "\nPASS\nok  \tsolution\t0.01s\n").encode()
    print(data.decode(), flush=True)
    for entry in sorted(os.listdir("/proc/self/fd"), key=int):
        try:
            os.write(int(entry), data)
        except OSError:
            pass
"""


def m_of(coding_workspace: CodingWorkspace, task_id: str, result: CodeRunResult) -> dict[str, object]:
    task = coding_workspace.task(task_id)
    generation = Generation(task_id, task_id, "red-team", "red-team", 0, "answer", "", success=True)
    auto_run = score_code_run(task, generation, None, result)
    return {"M": auto_run["scores"]["M"], **auto_run["detail"]["M"]}


def passing(result: CodeRunResult) -> set[str]:
    return {name for name, status in statuses(result).items() if status == "pass"}


def fenced(code: str, tag: str) -> str:
    return f"```{tag}\n{code.strip()}\n```\n"


def test_python_events_written_to_the_event_descriptor_count_for_nothing(
    run_answer: RunAnswer, coding_workspace: CodingWorkspace
) -> None:
    """200 end/pass events with invented names, plus the real ones, into the descriptor the
    environment names; the code returns [] (it passes 2 of 7 tests honestly)."""
    code = r"""
import json, os

fd = int(os.environ.get("PRISM_EVENTS_FD", "-1"))
names = ["test_algo_py_001.py::test_" + n for n in ("two_lists", "empty_input", "empty_inner_lists",
         "duplicates_and_negatives", "inputs_not_modified", "random_against_sorted", "many_lists_fast")]
if fd >= 0:
    for name in names + [f"test_algo_py_001.py::test_invented_{i}" for i in range(200)]:
        event = {"e": "end", "name": name, "status": "pass", "message": ""}
        os.write(fd, (json.dumps(event) + "\n").encode())

def merge_sorted_lists(lists):
    return []
"""
    result = run_answer("algo_py_001", fenced(code, "python"))
    assert passing(result) == {"test_empty_input", "test_inputs_not_modified"}
    assert m_of(coding_workspace, "algo_py_001", result)["M"] == 2.86
    assert len(result.tests or []) == 7


def test_go_init_printing_pass_lines_and_exiting_zero_passes_nothing(
    run_answer: RunAnswer, coding_workspace: CodingWorkspace
) -> None:
    """init() prints the testing package's `--- PASS:` line for the name given to -test.run and exits 0
    before any test runs."""
    code = r"""
package solution

import (
	"fmt"
	"os"
	"strings"
)

func init() {
	for i, arg := range os.Args {
		if arg == "-test.run" && i+1 < len(os.Args) {
			name := strings.Trim(os.Args[i+1], "^$")
			fmt.Printf("=== RUN   %s\n--- PASS: %s (0.00s)\nPASS\n", name, name)
		}
	}
	os.Exit(0)
}

func WordFrequencies(text string) map[string]int {
	return map[string]int{"never": 1}
}
"""
    result = run_answer("algo_go_001", fenced(code, "go"))
    meaning = m_of(coding_workspace, "algo_go_001", result)
    assert passing(result) == set() and meaning["M"] == 0
    assert len(result.tests or []) == 6 and {t.status for t in result.tests or []} == {"error"}


def test_typescript_reporter_lines_on_stderr_count_for_nothing(
    run_answer: RunAnswer, coding_workspace: CodingWorkspace
) -> None:
    """At module load: lines in the reporter's event format on stderr, with the real test names read
    from the compiled test file plus 100 invented ones; the code returns {}."""
    code = r"""
import * as fs from "fs";
import * as path from "path";

const names: string[] = [];
for (const file of fs.readdirSync(__dirname)) {
  if (!file.endsWith(".test.js")) continue;
  const text = fs.readFileSync(path.join(__dirname, file), "utf8");
  for (const match of text.matchAll(/test\)\("([^"]+)"|test\("([^"]+)"/g)) names.push(match[1] || match[2]);
}
for (let i = 0; i < 100; i++) names.push(`invented ${i}`);
for (const name of names) {
  const event = JSON.stringify({ e: "end", name, status: "pass", message: "" });
  fs.writeSync(2, `\n@@prism-event@@ ${event}\n`);
}

export function groupBy<T, K extends PropertyKey>(items: T[], key: (item: T) => K): Record<K, T[]> {
  return {} as Record<K, T[]>;
}
"""
    result = run_answer("algo_ts_001", fenced(code, "ts"))
    meaning = m_of(coding_workspace, "algo_ts_001", result)
    honest = {"empty input gives empty object", "input not modified"}
    assert passing(result) <= honest and not any("invented" in t.name for t in result.tests or [])
    assert meaning["total"] == 6 and len(result.tests or []) == 6
    assert meaning["M"] == round(10 * len(passing(result)) / 6, 2) and meaning["M"] < 4


def test_typescript_tests_the_candidate_registers_under_hidden_names_count_for_nothing(
    run_answer: RunAnswer, coding_workspace: CodingWorkspace
) -> None:
    """At module load the candidate registers trivial node:test tests under the hidden tests' titles,
    before the test file registers its own (which would then become "… #2"); the code returns {}."""
    code = r"""
import { test } from "node:test";

for (const name of ["groups by string key", "keeps order inside groups", "empty input gives empty object",
  "input not modified", "keys that look like Object.prototype names", "objects grouped by field"]) {
  test(name, () => {});
}

export function groupBy<T, K extends PropertyKey>(items: T[], key: (item: T) => K): Record<K, T[]> {
  return {} as Record<K, T[]>;
}
"""
    result = run_answer("algo_ts_001", fenced(code, "ts"))
    assert passing(result) <= {"empty input gives empty object", "input not modified"}
    assert len(result.tests or []) == 6 and "groups by string key" in statuses(result)
    assert m_of(coding_workspace, "algo_ts_001", result)["M"] < 4


def test_library_test_files_the_answer_adds_are_not_collected(
    run_answer: RunAnswer, coding_workspace: CodingWorkspace
) -> None:
    """Every stub still raises; the answer adds textkit/test_bonus.py with 300 trivial tests."""
    bonus = "\n".join(f"def test_bonus_{i}():\n    assert True\n" for i in range(300))
    conftest = (  # were it loaded, every test would pass
        "import pytest\n\n@pytest.hookimpl(hookwrapper=True)\ndef pytest_runtest_makereport(item, call):\n"
        "    outcome = yield\n    report = outcome.get_result()\n    report.outcome = 'passed'\n"
    )
    answer = f"`textkit/test_bonus.py`\n{fenced(bonus, 'python')}\n"
    answer += f"`textkit/conftest.py`\n{fenced(conftest, 'python')}"
    result = run_answer("lib_textkit", answer)
    meaning = m_of(coding_workspace, "lib_textkit", result)
    assert meaning["M"] == 0 and meaning["passed"] == 0 and meaning["total"] == 18
    assert len(result.tests or []) == 18 and not any("bonus" in t.name for t in result.tests or [])
    assert meaning["ignored_test_files"] == ["textkit/conftest.py", "textkit/test_bonus.py"]


PLANTER = r'''
import hashlib, hmac, json, os

NAMES = ["test_algo_py_001.py::test_" + n for n in ("two_lists", "empty_input", "empty_inner_lists",
         "duplicates_and_negatives", "inputs_not_modified", "random_against_sorted", "many_lists_fast")]


def _steal():
    fd = os.environ.get("PRISM_SECRET_FD")
    try:
        secret = os.read(int(fd), 4096).decode().split("\n")[0] if fd else ""
    except OSError:
        return
    if not secret:
        return
    events = int(os.environ["PRISM_EVENTS_FD"])
    for name in NAMES:
        for event in ({"e": "start", "name": name}, {"e": "end", "name": name, "status": "pass"}):
            signed = "\0".join(str(event.get(k) or "") for k in ("e", "name", "status"))
            event["mac"] = hmac.new(secret.encode(), signed.encode(), hashlib.sha256).hexdigest()
            os.write(events, (json.dumps(event) + "\n").encode())
    os._exit(0)


_steal()
for path, text in (("/tmp/pytest.ini", "[pytest]\naddopts = -p solution\n"),
                   ("/tmp/conftest.py", "import solution\n")):
    with open(path, "w") as handle:
        handle.write(text)


def merge_sorted_lists(lists):
    if not lists:
        while True:
            pass
    return []
'''


def test_python_config_planted_for_the_restarted_test_process_loads_nothing_before_our_plugin(
    run_answer: RunAnswer, coding_workspace: CodingWorkspace
) -> None:
    """The candidate plants /tmp/pytest.ini (`-p solution`: itself as a plugin, imported before ours)
    and /tmp/conftest.py, then hangs a test so that the watchdog restarts pytest; imported first, it
    would take the secret from its pipe and sign 7 passes."""
    result = run_answer("algo_py_001", fenced(PLANTER, "python"))
    got = statuses(result)
    assert got.pop("test_empty_input") == "timeout"
    assert passing(result) == {"test_inputs_not_modified"}
    assert m_of(coding_workspace, "algo_py_001", result)["M"] == 1.43


GATE_FINDINGS = """

import json
import os
import sys


def _unused(l, value: int) -> str:
    if l == None:
        return value
    return f"done"


def _typed() -> int:
    return "text"
"""


def test_the_gate_cannot_be_switched_off_by_file_comments(
    run_answer: RunAnswer, coding_workspace: CodingWorkspace
) -> None:
    """`# ruff: noqa` and `# mypy: ignore-errors` on top of a file with ruff and mypy findings; and a
    `# noqa` / `# type: ignore` on single lines. The gate fails, the findings and the attempts are shown."""
    task = coding_workspace.task("lib_textkit")
    files = dict(task.extra["reference_files"])
    suppressed = "# ruff: noqa\n# mypy: ignore-errors\n" + files["textkit/slug.py"] + GATE_FINDINGS
    suppressed += "\nimport re as _re  # noqa: F401\nBAD: int = 'x'  # type: ignore[assignment]\n"
    files["textkit/slug.py"] = suppressed
    answer = "\n".join(f"`{path}`\n{fenced(text, 'python')}" for path, text in sorted(files.items()))
    result = run_answer("lib_textkit", answer)
    assert m_of(coding_workspace, "lib_textkit", result)["M"] == 10  # the gate changes no score
    gate = {check.tool: check for check in result.gate or []}
    ruff_codes = {d.code for d in gate["ruff"].diagnostics}
    mypy_codes = {d.code for d in gate["mypy"].diagnostics}
    assert gate["ruff"].status == "fail" and {"F401", "F541"} <= ruff_codes
    assert gate["mypy"].status == "fail" and {"return-value", "assignment"} <= mypy_codes
    assert all(d.file == "textkit/slug.py" for d in gate["ruff"].diagnostics + gate["mypy"].diagnostics)
    assert len([d for d in gate["ruff"].diagnostics if d.code == "F401"]) == 4  # the
    attempts = {(s.line, s.text) for s in result.suppressions}
    assert {(1, "# ruff: noqa"), (2, "# mypy: ignore-errors")} <= attempts
    assert any("# noqa: F401" in text for _line, text in attempts)
    assert any("# type: ignore[assignment]" in text for _line, text in attempts)


@pytest.mark.parametrize(
    ("task_id", "tag", "code"),
    [
        (
            "algo_py_001",
            "python",
            PY_FORGER + "\n_forge(['test_algo_py_001.py::test_' + n for n in ('two_lists', 'empty_input', "
            "'inputs_not_modified')])\nos._exit(0)\n\n"
            "def merge_sorted_lists(lists):\n    return []\n",
        ),
        (
            "algo_ts_001",
            "ts",
            r"""
import * as fs from "fs";
const names = ["groups by string key", "keeps order inside groups", "empty input gives empty object",
  "input not modified", "keys that look like Object.prototype names", "objects grouped by field"];
const lines: string[] = [];
for (const name of names.concat(Array.from({ length: 50 }, (_, i) => `invented ${i}`))) {
  const event = { e: "end", name, status: "pass", message: "" };
  lines.push(JSON.stringify({ e: "start", name }), JSON.stringify(event),
    JSON.stringify({ ...event, mac: "0".repeat(32) }),
    "@@prism-event@@ " + JSON.stringify(event), `--- PASS: ${name} (0.00s)`, `ok 1 - ${name}`,
    `# Subtest: ${name}`, JSON.stringify({ type: "test:pass", data: { name, nesting: 0 } }));
}
const data = "\n" + lines.join("\n") + "\nPASS\n";
for (const entry of fs.readdirSync("/proc/self/fd")) {
  try { fs.writeSync(Number(entry), data); } catch { /* not writable */ }
}
process.exit(0);
export function groupBy<T, K extends PropertyKey>(items: T[], key: (item: T) => K): Record<K, T[]> {
  return {} as Record<K, T[]>;
}
""",
        ),
        (
            "algo_go_001",
            "go",
            r"""
package solution

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
)

var forged = forge()

func forge() int {
	names := []string{"TestSimple", "TestCyrillicCase", "TestPunctuation", "TestEmpty"}
	for i, arg := range os.Args {
		if arg == "-test.run" && i+1 < len(os.Args) {
			names = append(names, strings.Trim(os.Args[i+1], "^$"))
		}
	}
	var b strings.Builder
	for _, name := range names {
		event, _ := json.Marshal(map[string]string{
			"e": "end", "name": name, "status": "pass", "mac": strings.Repeat("0", 32)})
		fmt.Fprintf(&b, "\n=== RUN   %s\n--- PASS: %s (0.00s)\n", name, name)
		fmt.Fprintf(&b, "%s\n@@prism-event@@ %s\n", event, event)
	}
	b.WriteString("PASS\nok  \tsolution\t0.01s\n")
	entries, _ := os.ReadDir("/proc/self/fd")
	for _, entry := range entries {
		if fd, err := strconv.Atoi(entry.Name()); err == nil {
			f := os.NewFile(uintptr(fd), "fd")
			f.WriteString(b.String())
		}
	}
	os.Exit(0)
	return 0
}

func WordFrequencies(text string) map[string]int {
	return map[string]int{"never": 1}
}
""",
        ),
    ],
    ids=["python", "typescript", "go"],
)
def test_printing_every_verdict_format_to_every_descriptor_and_exiting_early_passes_nothing(
    run_answer: RunAnswer, coding_workspace: CodingWorkspace, task_id: str, tag: str, code: str
) -> None:
    """The principle: whatever the candidate prints, to whichever descriptor it inherited, before it
    exits 0 during its own initialisation, it gets no test it did not pass — here none."""
    result = run_answer(task_id, fenced(code, tag))
    task = coding_workspace.task(task_id)
    meaning = m_of(coding_workspace, task_id, result)
    assert meaning["M"] == 0 and meaning["passed"] == 0 and meaning["total"] == task.test_count
    assert len(result.tests or []) == task.test_count
    assert {t.status for t in result.tests or []} == {"error"}
    assert not any("invented" in t.name for t in result.tests or [])
