"""The Go runner in its container (go build + vet for S, one test process per test for M): correct,
partially correct, non-compiling, timing-out and hostile candidates of dbg_go_001 (binary search)."""

from __future__ import annotations

import pytest

from tests.code.conftest import RunAnswer, statuses

pytestmark = [pytest.mark.docker, pytest.mark.slow]
TASK = "dbg_go_001"
CORRECT = """
package main

import "sort"

func Search(xs []int, x int) int {
	i := sort.SearchInts(xs, x)
	if i < len(xs) && xs[i] == x {
		return i
	}
	return -1
}
"""


def fenced(code: str) -> str:
    return f"Исправленный код:\n```go\n{code.strip()}\n```\n"


def test_correct_candidate_in_package_main_is_moved_to_solution(run_answer: RunAnswer) -> None:
    result = run_answer(TASK, fenced(CORRECT))
    assert result.compile is not None and result.compile.ok, result.compile
    assert result.toolchain.startswith("go ")
    assert len(result.tests or []) == 6 and set(statuses(result).values()) == {"pass"}


def test_vet_warning_partial_and_hanging_candidate(run_answer: RunAnswer) -> None:
    code = """
package solution

import "fmt"

func Search(xs []int, x int) int {
	if len(xs) == 0 {
		for {
		}
	}
	_ = fmt.Sprintf("%d", "not a number")
	for i, v := range xs[:len(xs)-1] {
		if v == x {
			return i
		}
	}
	return -1
}
"""
    result = run_answer(TASK, fenced(code))
    assert result.compile is not None and result.compile.ok
    assert any(d.severity == "warning" and d.file == "solution.go" for d in result.compile.diagnostics)
    got = statuses(result)
    assert (
        got["TestEmptyAndSingle"] == "timeout" and got["TestLast"] == "fail" and got["TestMiddle"] == "pass"
    )


def test_non_compiling_candidate(run_answer: RunAnswer) -> None:
    result = run_answer(
        TASK, fenced('package solution\n\nfunc Search(xs []int, x int) int {\n\treturn "x"\n}\n')
    )
    assert result.compile is not None and not result.compile.ok and result.tests is None
    assert [(d.file, d.line) for d in result.compile.diagnostics] == [("solution.go", 4)]


def test_hostile_candidate_exit_zero_fork_storm_and_file_access(run_answer: RunAnswer) -> None:
    code = """
package solution

import (
	"os"
	"os/exec"
)

func Search(xs []int, x int) int {
	if x == 100 {
		os.Exit(0) // a test that exits 0 must not pass
	}
	if x == 4 {
		for i := 0; i < 300; i++ {
			exec.Command("sleep", "600").Start()
		}
	}
	if len(xs) == 0 {
		for _, path := range []string{"/run/prism/in/spec.json", "/run/prism/out/result.json"} {
			if f, err := os.OpenFile(path, os.O_RDWR, 0); err == nil {
				f.Close()
				return 42
			}
		}
		if err := os.WriteFile("/tmp/prism-work/solution_test.go", nil, 0o644); err == nil {
			return 42
		}
	}
	for i, v := range xs {
		if v == x {
			return i
		}
	}
	return -1
}
"""
    result = run_answer(TASK, fenced(code))
    assert result.status == "ok"
    got = statuses(result)
    assert got.pop("TestMissingAbove") == "error"
    assert set(got.values()) == {"pass"}, got
