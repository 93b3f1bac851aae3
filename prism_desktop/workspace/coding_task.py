"""A coding-bench task (CodingTask) and the checked reading of its JSON values and files, shared by the
dataset's tasks (coding.py) and the library tasks (libraries.py)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import Problem
from .task_kinds import TASK_KINDS, TaskKind

LANGUAGES = ("python", "typescript", "go")
EXTENSIONS = {"python": "py", "typescript": "ts", "go": "go"}
SOURCE_FILES = {"python": "solution.py", "typescript": "solution.ts", "go": "solution.go"}
DIFFICULTIES = ("easy", "medium", "hard")
SEED_CATEGORIES = ("algorithms", "api_services", "refactoring", "debugging")
MAX_TEST_FILE_BYTES = 2 * 1024 * 1024
MAX_FOLDER_BYTES = 16 * 1024 * 1024  # all files of one task folder: they travel into the sandbox together
MAX_TEST_COUNT = 10_000
MAX_TIMEOUT_S = 600.0  # per test; the container's deadline adds the compile budget and slack
# key -> (lowest, highest, what is expected): a value out of range would reach the sandbox's limits
RANGES: dict[str, tuple[float, float, str]] = {
    "test_count": (1, MAX_TEST_COUNT, f"an integer from 1 to {MAX_TEST_COUNT}"),
    "timeout_sec": (0.1, MAX_TIMEOUT_S, f"a number of seconds from 0.1 to {MAX_TIMEOUT_S:g}"),
}
EXPECTED = {
    "test_count": RANGES["test_count"][2],
    "timeout_sec": RANGES["timeout_sec"][2],
    "tags": "a list of strings",
    "prompt_ru": "a string",
}


@dataclass(frozen=True)
class CodingTask:
    id: str
    category: str
    difficulty: str
    language: str
    prompt: str  # prompt_ru
    test_count: int
    timeout_s: float  # per test
    tags: tuple[str, ...]
    path: Path  # the task's JSON file
    reference: str | None
    tests: dict[str, str]  # relative path -> text: the whole tests/<task_id>/ folder
    kind: str = "code"  # a name of TASK_KINDS: "code" | "library"
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def source_file(self) -> str:
        return SOURCE_FILES[self.language]

    @property
    def task_kind(self) -> TaskKind:
        """What differs between a function task and a library task (task_kinds.py)."""
        return TASK_KINDS[self.kind]


DATA_ENCODING_ERRORS = "surrogateescape"  # str(bytes) and back, losslessly: data_text / data_bytes


def data_text(data: bytes) -> str:
    """A file's bytes as a str that data_bytes turns back into the same bytes, whatever they are: UTF-8
    text reads as itself, every other byte as a lone surrogate (test data in other encodings, images)."""
    return data.decode("utf-8", DATA_ENCODING_ERRORS)


def data_bytes(text: str) -> bytes:
    return text.encode("utf-8", DATA_ENCODING_ERRORS)


def read_folder(folder: Path, problems: list[Problem], data_files: bool = False) -> dict[str, str]:
    """Every file under `folder` as text, keyed by its path relative to `folder`; each file and the
    folder as a whole bounded in size. `data_files`: a file that is not UTF-8 is read with data_text
    (the tests' data of an installed library, e.g. chardet's documents in 390 encodings) instead of
    being a problem."""
    files: dict[str, str] = {}
    total = 0
    for path in sorted(folder.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts:
            continue
        size = path.stat().st_size
        if size > MAX_TEST_FILE_BYTES:
            problems.append(
                Problem(path, message="file too large", expected=f"at most {MAX_TEST_FILE_BYTES} bytes")
            )
            continue
        total += size
        if total > MAX_FOLDER_BYTES:
            problems.append(
                Problem(folder, message="folder too large", expected=f"at most {MAX_FOLDER_BYTES} bytes")
            )
            break
        try:
            # data files byte for byte (a CRLF kept); text as before (universal newlines)
            text = data_text(path.read_bytes()) if data_files else path.read_text(encoding="utf-8")
            files[path.relative_to(folder).as_posix()] = text
        except UnicodeDecodeError:
            problems.append(Problem(path, message="not UTF-8 text", expected="a UTF-8 text file"))
    return files


def typed_value(
    data: dict[str, Any], key: str, kind: type | tuple[type, ...], path: Path, problems: list[Problem]
) -> Any:
    """data[key] when it has the expected type, else None after recording a problem."""
    value = data.get(key)
    if value is None or not isinstance(value, kind) or isinstance(value, bool):
        expected = EXPECTED.get(key, "a value")
        found = repr(value)[:60] if key in data else "nothing"
        problems.append(Problem(path, key=key, found=found, expected=expected))
        return None
    return value


def bounded(
    data: dict[str, Any], key: str, kind: type | tuple[type, ...], path: Path, problems: list[Problem]
) -> Any:
    """data[key] when it has the type and lies within RANGES[key] (finite), else None after
    recording a problem naming the file, the key and the range."""
    value = typed_value(data, key, kind, path, problems)
    if value is None:
        return None
    lowest, highest, expected = RANGES[key]
    if not (math.isfinite(value) and lowest <= value <= highest):
        problems.append(Problem(path, key=key, found=repr(value)[:60], expected=expected))
        return None
    return value
