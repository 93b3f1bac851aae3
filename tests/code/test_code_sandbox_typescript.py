"""The TypeScript runner in its container (tsc to CommonJS, node:test with our event reporter):
correct, partially correct, non-compiling, timing-out and hostile candidates of dbg_ts_001 (chunk)."""

from __future__ import annotations

from dataclasses import replace

import docker
import pytest

from prism_desktop.runs.code import CodeLimits, CodeRunSpec
from prism_desktop.sandbox.code_docker import CodeDockerBackend
from prism_desktop.sandbox.code_images import code_image
from tests.code.conftest import RunAnswer, statuses
from tests.docker_helpers import unavailable

pytestmark = [pytest.mark.docker, pytest.mark.slow]
TASK = "dbg_ts_001"
CORRECT = """
export function chunk<T>(items: T[], size: number): T[][] {
  if (size < 1) throw new RangeError("size");
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
"""


def fenced(code: str, tag: str = "ts") -> str:
    return f"```python\nprint('not this one')\n```\n```{tag}\n{code.strip()}\n```\n"


def test_correct_candidate_passes_and_test_file_type_errors_do_not_count(run_answer: RunAnswer) -> None:
    result = run_answer(TASK, fenced(CORRECT, "typescript"))
    assert result.compile is not None and result.compile.ok and result.compile.diagnostics == []
    assert result.toolchain.startswith("node ")
    assert len(result.tests or []) == 6 and set(statuses(result).values()) == {"pass"}


def test_type_errors_the_candidate_causes_in_the_test_files_do_not_count(run_answer: RunAnswer) -> None:
    code = """
export function chunk(items: any[], size: string): any[][] {
  const n = Number(size);
  if (n < 1) throw new RangeError("size");
  const out: any[][] = [];
  for (let i = 0; i < items.length; i += n) out.push(items.slice(i, i + n));
  return out;
}
"""
    result = run_answer(TASK, fenced(code))
    assert result.compile is not None and result.compile.ok and result.compile.diagnostics == []
    assert "chunk.test.ts" in result.compile.output and "TS2345" in result.compile.output
    assert set(statuses(result).values()) == {"pass"}


def test_partial_candidate(run_answer: RunAnswer) -> None:
    code = CORRECT.replace('if (size < 1) throw new RangeError("size");', "")
    got = statuses(run_answer(TASK, fenced(code)))
    # chunk(…, 0) loops pushing empty slices: the test's own deadline or, on a fast idle machine first,
    # V8's heap limit ends it (the process dies: "error"); either way the other tests keep their verdicts
    assert got.pop("invalid size") in ("fail", "timeout", "error")
    assert set(got.values()) == {"pass"}


def test_type_error_in_the_candidate_is_a_compile_failure(run_answer: RunAnswer) -> None:
    code = "export function chunk<T>(items: T[], size: number): T[][] {\n"
    code += '  const n: number = "x";\n  return [];\n}\n'
    result = run_answer(TASK, fenced(code))
    assert result.compile is not None and not result.compile.ok and result.tests is None
    (diagnostic,) = result.compile.diagnostics
    assert (diagnostic.file, diagnostic.line, diagnostic.code) == ("solution.ts", 2, "TS2322")


def test_hanging_test_times_out_alone(run_answer: RunAnswer) -> None:
    code = CORRECT.replace("const out: T[][] = [];", "const out: T[][] = [];\n  if (size === 5) for (;;) {}")
    got = statuses(run_answer(TASK, fenced(code)))
    assert got.pop("size larger than array") == "timeout"
    assert set(got.values()) == {"pass"}


def test_hostile_candidate_forges_nothing_and_its_daemons_die(run_answer: RunAnswer) -> None:
    code = (
        CORRECT
        + """
const fs = require("fs");
const cp = require("child_process");
const seen: Record<string, string> = {};
for (const [name, path] of [["spec", "/run/prism/in/spec.json"], ["private", "/run/prism/private/x"]]) {
  try { fs.readFileSync(path); seen[name] = "read"; } catch (e: any) { seen[name] = e.code; }
}
for (const path of ["/run/prism/out/result.json", "/tmp/prism-tests/chunk.test.js"]) {
  try { fs.writeFileSync(path, "{}"); seen[path] = "written"; } catch (e: any) { seen[path] = e.code; }
}
process.on("exit", () => {
  console.log('{"e": "end", "name": "invalid size", "status": "pass"}');
  try { fs.writeFileSync("/tmp/prism-tests/chunk.test.js", ""); } catch (e) {}
});
export function report(): string { return JSON.stringify(seen); }
let stormed = false;
export function storm(): void {
  if (stormed) return;
  stormed = true;  // daemons that outlive the tests: killed with the test process
  for (let i = 0; i < 40; i++) { try { cp.spawn("sleep", ["600"], { detached: true }); } catch (e) {} }
}
"""
    )
    code = code.replace(
        "if (size < 1) throw", "storm();\n  if (size === 0) throw new Error(report());\n  if (size < 1) throw"
    )
    result = run_answer(TASK, fenced(code))
    assert result.status == "ok"
    outcome = next(t for t in result.tests or [] if t.name == "invalid size")
    assert outcome.status == "fail"  # printed and at-exit forgeries changed nothing
    assert '"spec":"EACCES"' in outcome.message and '"private":"EACCES"' in outcome.message
    assert '"/run/prism/out/result.json":"EACCES"' in outcome.message
    assert '"/tmp/prism-tests/chunk.test.js":"EACCES"' in outcome.message


NODE_VERDICTS_TEST = """
import { test } from "node:test";
import * as assert from "node:assert/strict";
import { chunk } from "./solution";

test("runs", () => { assert.deepEqual(chunk([1, 2], 1), [[1], [2]]); });
test("skipped by its author", { skip: "not ready" }, () => { assert.fail("never runs"); });
test("node stops it", { timeout: 300 }, () => new Promise(() => { setTimeout(() => {}, 2000); }));
test("runs after it", () => { assert.equal(chunk([], 2).length, 0); });
"""


def test_node_test_runner_verdicts_skip_and_its_own_timeout(engine: docker.DockerClient) -> None:
    """What only node --test knows (a skipped test, a test stopped by its timeout option) reaches
    detail.M.tests through our reporter; the tests around them keep their live verdicts."""
    if not code_image(engine, "typescript").present:
        unavailable("the typescript image is missing (prism-desktop sandbox build --code typescript)")
    spec = CodeRunSpec(
        run_id="test-node-verdicts",
        language="typescript",
        files={"verdicts.test.ts": NODE_VERDICTS_TEST, "solution.ts": CORRECT},
        candidate_files=["solution.ts"],
        limits=CodeLimits(per_test_timeout_s=10, run_timeout_s=60),
        test_files=["verdicts.test.ts"],
    )
    backend = CodeDockerBackend(engine)
    collected = backend.run(replace(spec, collect_only=True)).collected
    assert collected == ["runs", "skipped by its author", "node stops it", "runs after it"]
    result = backend.run(replace(spec, test_ids=collected))
    assert statuses(result) == {
        "runs": "pass",
        "skipped by its author": "skipped",
        "node stops it": "timeout",
        "runs after it": "pass",
    }, [(t.name, t.status, t.message[:300]) for t in result.tests or []]
    skipped = next(t for t in result.tests or [] if t.name == "skipped by its author")
    assert skipped.message == "not ready"
