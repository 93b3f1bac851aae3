"""The Python runner in its container: correct, partially correct, non-compiling, timing-out and
hostile candidates of a bundled task (algo_py_001, merge_sorted_lists, 7 tests)."""

from __future__ import annotations

import json
import re

import pytest

from tests.code.conftest import RunAnswer, statuses

pytestmark = [pytest.mark.docker, pytest.mark.slow]
TASK = "algo_py_001"
CORRECT = """
import heapq

def merge_sorted_lists(lists):
    return list(heapq.merge(*lists))
"""


def fenced(code: str, tag: str = "python") -> str:
    return f"Решение:\n```{tag}\n{code.strip()}\n```\n"


def test_correct_candidate_passes_every_test(any_run_answer: RunAnswer) -> None:
    result = any_run_answer(TASK, "```bash\npip install heapq\n```\n" + fenced(CORRECT))
    assert result.status == "ok" and result.compile is not None and result.compile.ok
    assert result.toolchain.startswith("python 3.")
    assert len(result.tests or []) == 7 and set(statuses(result).values()) == {"pass"}


def test_partial_candidate_fails_some_tests_with_messages(run_answer: RunAnswer) -> None:
    code = "def merge_sorted_lists(lists):\n    return sorted(x for l in lists for x in l if x >= 0)\n"
    result = run_answer(TASK, fenced(code))
    got = statuses(result)
    assert got["test_duplicates_and_negatives"] == "fail" and got["test_two_lists"] == "pass"
    failed = next(t for t in result.tests or [] if t.status == "fail")
    assert "assert" in failed.message
    # paths as in the work folder, though the tests ran in a writable copy of it
    assert re.search(r"^test_algo_py_001\.py:\d+: AssertionError$", failed.message, re.M), failed.message


def test_non_compiling_candidate_reports_the_compiler_error(run_answer: RunAnswer) -> None:
    result = run_answer(TASK, fenced("def merge_sorted_lists(lists)\n    return []\n"))
    assert result.compile is not None and not result.compile.ok
    (diagnostic,) = result.compile.diagnostics
    assert diagnostic.file == "solution.py" and diagnostic.line == 1 and "SyntaxError" in diagnostic.message
    assert result.tests is None


def test_a_hanging_test_times_out_alone_and_the_rest_still_run(run_answer: RunAnswer) -> None:
    code = """
import heapq

def merge_sorted_lists(lists):
    if not lists:
        while True:
            pass
    return list(heapq.merge(*lists))
"""
    result = run_answer(TASK, fenced(code))
    got = statuses(result)
    assert got["test_empty_input"] == "timeout"
    assert [name for name, status in got.items() if status != "pass"] == ["test_empty_input"]


HOSTILE = """
import atexit, json, os, socket

SEEN = {}

def _probe():
    try:
        socket.create_connection(("10.0.0.1", 80), timeout=2)
        SEEN["network"] = "connected"
    except OSError as error:
        SEEN["network"] = type(error).__name__
    for name, path in (("spec", "/run/prism/in/spec.json"), ("private", "/run/prism/private"),
                       ("result", "/run/prism/out/result.json")):
        try:
            if os.path.isdir(path):
                os.listdir(path)
            else:
                open(path).read()
            SEEN[name] = "read"
        except OSError as error:
            SEEN[name] = type(error).__name__
    targets = (("tests", "/tmp/prism-work/test_algo_py_001.py"), ("out", "/run/prism/out/forged.json"))
    for name, path in targets:
        try:
            open(path, "a").write("x")
            SEEN["write_" + name] = "written"
        except OSError as error:
            SEEN["write_" + name] = type(error).__name__
    SEEN["uid"] = os.getuid()

def _forge():
    for path in ("/run/prism/out/result.json", "/tmp/prism-work/test_algo_py_001.py", "/tmp/report.xml"):
        try:
            open(path, "w").write('{"format": "prism-desktop.code-result/1", "result": {"tests": []}}')
        except OSError:
            pass
    print('{"e": "end", "name": "test_algo_py_001.py::test_empty_input", "status": "pass"}')

atexit.register(_forge)

def merge_sorted_lists(lists):
    if not SEEN:
        _probe()
    if lists == []:
        raise RuntimeError("SEEN=" + json.dumps(SEEN))
    return sorted(x for l in lists for x in l)
"""


def test_hostile_candidate_sees_no_network_no_channel_and_forges_nothing(any_run_answer: RunAnswer) -> None:
    result = any_run_answer(TASK, fenced(HOSTILE))
    assert result.status == "ok"
    failed = {t.name.split("::")[-1]: t for t in result.tests or [] if t.status != "pass"}
    assert list(failed) == ["test_empty_input"]  # the at-exit forgeries changed no verdict
    found = re.search(r"RuntimeError: SEEN=(\{.*\})", failed["test_empty_input"].message)
    assert found is not None, failed["test_empty_input"].message
    seen = json.loads(found.group(1))
    assert seen["network"] in ("OSError", "ConnectionRefusedError", "TimeoutError")  # never "connected"
    assert seen["spec"] == "PermissionError" and seen["private"] == "PermissionError"
    assert seen["write_tests"] == "PermissionError" and seen["write_out"] == "PermissionError"
    assert seen["uid"] == 65534


def test_fork_bomb_and_disk_fill_end_cleanly(run_answer: RunAnswer) -> None:
    code = """
import os

def merge_sorted_lists(lists):
    if lists == []:
        with open("/tmp/prism-scratch/fill", "wb") as out:
            try:
                while True:
                    out.write(b"x" * 1048576)
            except OSError:
                pass
        return []
    if lists == [[1, 4, 7], [2, 3, 9]]:
        while True:  # every copy forks again, until the pids limit; the watchdog kills them all
            try:
                os.fork()
            except OSError:
                pass
    return sorted(x for l in lists for x in l)
"""
    result = run_answer(TASK, fenced(code))
    assert result.status == "ok"
    got = statuses(result)
    assert got.pop("test_two_lists") == "timeout"
    assert got.pop("test_empty_input") == "pass"  # the full disk did not stop the run
    # the bomb's own test is the only one it may cost: the others pass (or, on a loaded machine, the
    # heaviest of them may run out of its 10 s while the bomb is being killed)
    assert set(got.values()) <= {"pass", "timeout"} and list(got.values()).count("pass") >= 4, got


SHARED_MEMORY = """
import json, multiprocessing, os

def _shm_seen():
    seen = {}
    for line in open("/proc/self/mounts"):
        fields = line.split()
        if fields[1] == "/dev/shm":
            seen["type"], seen["options"] = fields[2], fields[3].split(",")
    try:
        with open("/dev/shm/fill", "wb") as out:
            while True:
                out.write(b"x" * 1048576)
    except OSError as error:
        seen["fill"] = type(error).__name__
    os.remove("/dev/shm/fill")  # the later tests of the run lock again
    return seen

def merge_sorted_lists(lists):
    lock = multiprocessing.Lock()  # a POSIX semaphore: sem_open() creates it in /dev/shm
    with lock:
        merged = sorted(x for l in lists for x in l)
    if lists == []:
        raise RuntimeError("SHM=" + json.dumps(_shm_seen()))
    return merged
"""


def test_multiprocessing_locks_get_a_small_private_dev_shm(run_answer: RunAnswer) -> None:
    """Tests that lock across processes (portalocker's, multiprocessing's) need POSIX shared memory:
    a size-capped tmpfs at /dev/shm where nothing can be executed."""
    result = run_answer(TASK, fenced(SHARED_MEMORY))
    assert result.status == "ok"
    failed = {t.name.split("::")[-1]: t for t in result.tests or [] if t.status != "pass"}
    assert list(failed) == ["test_empty_input"], {n: t.message[-300:] for n, t in failed.items()}
    found = re.search(r"RuntimeError: SHM=(\{.*\})", failed["test_empty_input"].message)
    assert found is not None, failed["test_empty_input"].message
    seen = json.loads(found.group(1))
    assert seen["type"] == "tmpfs"
    assert {"noexec", "nosuid", "nodev"} <= set(seen["options"])
    (size,) = (option.removeprefix("size=") for option in seen["options"] if option.startswith("size="))
    assert size.endswith("k") and int(size[:-1]) <= 16 * 1024
    assert seen["fill"] == "OSError"  # no space left (or past the file-size limit): never unbounded


WRITES_INTO_ITS_FOLDER = """
import json, os, sys

def merge_sorted_lists(lists):
    with open("written-by-the-code-under-test.txt", "w") as out:  # replay files, generated projects
        out.write("x")
    if lists == []:
        seen = {"cwd": os.getcwd(), "safe_path": sys.flags.safe_path}  # -P: no cwd on sys.path at start
        original = "/tmp/prism-work/test_algo_py_001.py"
        for name, change in (("original", lambda: open(original, "a").write("x")),
                             ("copy", lambda: open("test_algo_py_001.py", "a").write("x")),
                             ("copy_removed", lambda: os.remove("test_algo_py_001.py")),
                             ("copy_replaced", lambda: os.replace("written-by-the-code-under-test.txt",
                                                                  "test_algo_py_001.py"))):
            try:
                change()
                seen[name] = "changed"
            except OSError as error:
                seen[name] = type(error).__name__
        raise RuntimeError("CWD=" + json.dumps(seen))
    return sorted(x for l in lists for x in l)
"""


def test_tests_work_in_a_writable_copy_of_the_project_and_the_original_stays_read_only(
    run_answer: RunAnswer,
) -> None:
    """Tests that write into their working folder (Commit-0's cookiecutter: replay files, generated
    projects) run in a fresh copy of the project where they may add files; the files there, the tests
    among them, stay the runner's (not writable, not removable: sticky folders), the original is
    untouched, and the copy is not on the import path at start-up."""
    result = run_answer(TASK, fenced(WRITES_INTO_ITS_FOLDER))
    failed = {t.name.split("::")[-1]: t for t in result.tests or [] if t.status != "pass"}
    assert list(failed) == ["test_empty_input"], {n: t.message[-300:] for n, t in failed.items()}
    found = re.search(r"RuntimeError: CWD=(\{.*\})", failed["test_empty_input"].message)
    assert found is not None, failed["test_empty_input"].message
    seen = json.loads(found.group(1))
    assert seen.pop("safe_path") is True and seen.pop("cwd") != "/tmp/prism-work"
    assert seen == dict.fromkeys(["original", "copy", "copy_removed", "copy_replaced"], "PermissionError")
