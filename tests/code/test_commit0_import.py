"""A Commit-0 repository as Commit-0 publishes it (stub on commit0_combined, reference its parent) becomes
a library task; installed as a distribution in its own image, `importlib.metadata.version()` answers
(issue 29 A: copying the package folder left wcwidth's test_package_version failing)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from prism_desktop.scoring.code_level1 import counted_tests
from prism_desktop.services.code_candidates import candidate_files, reference_answer
from prism_desktop.services.code_level1 import CodeLevel1Runner, run_spec
from prism_desktop.services.code_reference_check import check_code_references
from prism_desktop.workspace.coding import CodingWorkspace
from prism_desktop.workspace.commit0_repo import Commit0ImportError, Commit0Source, import_commit0_library

REFERENCE = 'def double(x):\n    """Twice x."""\n    return 2 * x\n'
STUB = 'def double(x):\n    """Twice x."""\n    raise NotImplementedError\n'
TESTS = """import importlib.metadata
import pytest
from tinylib.core import double


def test_version():
    assert importlib.metadata.version("tinylib") == "1.2.3"


def test_double():
    assert double(4) == 8


@pytest.mark.xfail(reason="documented limitation", strict=True)
def test_known_gap():
    assert double("a") == 2


@pytest.mark.skip(reason="never runs")
def test_skipped():
    pass
"""


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True)


SETUPTOOLS_PROJECT = (
    '[build-system]\nrequires = ["setuptools>=61"]\nbuild-backend = "setuptools.build_meta"\n'
    '[project]\nname = "tinylib"\nversion = "1.2.3"\n'
)


def commit0_repo(
    root: Path, pyproject: str = SETUPTOOLS_PROJECT, extra: dict[str, bytes] | None = None
) -> Path:
    """A bare repository laid out as Commit-0's: the reference, then "Commit 0" on commit0_combined;
    `extra`: more files of the reference (path -> content)."""
    work = root / "work"
    (work / "src" / "tinylib").mkdir(parents=True)
    (work / "tests").mkdir()
    (work / "pyproject.toml").write_text(pyproject)
    for name, data in (extra or {}).items():
        (work / name).parent.mkdir(parents=True, exist_ok=True)
        (work / name).write_bytes(data)
    (work / "README.md").symlink_to("docs.md")
    (work / "docs.md").write_text("tinylib\n")
    (work / "src" / "tinylib" / "__init__.py").write_text("")
    (work / "src" / "tinylib" / "core.py").write_text(REFERENCE)
    (work / "tests" / "test_core.py").write_text(TESTS)
    _git(work, "init", "-q", "-b", "main")
    _git(work, "-c", "user.email=t@t", "-c", "user.name=t", "add", "-A")
    _git(work, "-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "reference")
    _git(work, "checkout", "-qb", "commit0_combined")
    (work / "src" / "tinylib" / "core.py").write_text(STUB)
    _git(work, "-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qam", "Commit 0")
    subprocess.run(["git", "clone", "-q", "--bare", str(work), str(root / "bare")], check=True)
    return root / "bare"


def test_import_reads_stub_reference_tests_and_project(tmp_path: Path) -> None:
    imported = import_commit0_library(Commit0Source(commit0_repo(tmp_path)), tmp_path / "ws" / "libraries")
    folder = imported.folder
    assert (imported.package, imported.src_dir) == ("tinylib", "src/tinylib")
    assert (folder / "stub/src/tinylib/core.py").read_text() == STUB
    assert (folder / "reference/src/tinylib/core.py").read_text() == REFERENCE
    assert (folder / "tests/test_core.py").read_text() == TESTS
    assert (folder / "project/README.md").read_text() == "tinylib\n"  # a symlink, read as its target
    data = json.loads((folder / "library.json").read_text())
    assert data["install"] == "pip install -e ." and data["test_count"] is None
    assert (
        data["source"]["stub_ref"] == "commit0_combined"
        and data["source"]["reference_ref"] == "commit0_combined^"
    )


def test_import_says_which_ref_is_missing(tmp_path: Path) -> None:
    with pytest.raises(Commit0ImportError, match="stub ref 'nope'"):
        import_commit0_library(Commit0Source(commit0_repo(tmp_path), stub_ref="nope"), tmp_path / "libs")


@pytest.mark.usefixtures("engine")
def test_installed_library_answers_its_version_and_xfail_counts(tmp_path: Path) -> None:
    from prism_desktop.cli.commit0_command import _build

    imported = import_commit0_library(Commit0Source(commit0_repo(tmp_path)), tmp_path / "ws" / "libraries")
    assert _build(imported.folder) == 0  # PyPI at build time (setuptools for the editable install)
    workspace = CodingWorkspace.open(tmp_path / "ws")
    task = workspace.task("lib_tinylib")
    assert task.test_count == 4  # the ids the reference collects from the hidden tests
    runner = CodeLevel1Runner.open(workspace, tasks=[task])
    files, candidates, problem = candidate_files(task, reference_answer(task) or "")
    assert problem is None and files is not None and runner.test_ids is not None
    ids = runner.test_ids.ids(task)  # collected from the hidden tests with the reference
    result = runner.backend.run(run_spec(task, files, candidates, "1", ids))
    statuses = {t.name.split("::")[-1]: t.status for t in result.tests or []}
    assert statuses == {"test_version": "pass", "test_double": "pass", "test_known_gap": "xfail",
                        "test_skipped": "skipped"}  # fmt: skip
    stub = runner.backend.run(run_spec(task, dict(task.extra["stub"]), candidates, "2", ids))
    assert {t.name.split("::")[-1]: t.status for t in stub.tests or []}["test_double"] == "fail"


def test_published_test_ids_read_plain_or_bzip2(tmp_path: Path) -> None:
    import bz2

    from prism_desktop.workspace.commit0_repo import read_test_ids

    ids = "tests/test_core.py::test_version\ntests/test_core.py::test_double\n"
    (tmp_path / "ids.bz2").write_bytes(bz2.compress(ids.encode()))
    (tmp_path / "ids.txt").write_text(ids)
    assert read_test_ids(tmp_path / "ids.bz2") == read_test_ids(tmp_path / "ids.txt") == ids.split()
    (tmp_path / "bad.txt").write_text("not an id\n")
    with pytest.raises(Commit0ImportError, match="one pytest id"):
        read_test_ids(tmp_path / "bad.txt")


@pytest.mark.usefixtures("engine")
def test_published_ids_are_what_runs_and_counts(tmp_path: Path) -> None:
    """A collected test Commit-0 leaves out of its ids (here the skip) is neither run nor counted."""
    from prism_desktop.cli.commit0_command import _build

    published = ["tests/test_core.py::test_version", "tests/test_core.py::test_double"]
    source = Commit0Source(commit0_repo(tmp_path), test_ids=published)
    imported = import_commit0_library(source, tmp_path / "ws" / "libraries")
    assert _build(imported.folder) == 0
    task = CodingWorkspace.open(tmp_path / "ws").task("lib_tinylib")
    assert task.test_count == 2
    runner = CodeLevel1Runner.open(CodingWorkspace.open(tmp_path / "ws"), tasks=[task])
    files, candidates, _ = candidate_files(task, reference_answer(task) or "")
    assert files is not None and runner.test_ids is not None
    result = runner.backend.run(run_spec(task, files, candidates, "1", runner.test_ids.ids(task)))
    assert len(result.tests or []) == 4  # the files of the published ids run whole
    counted = counted_tests(task, result.tests or [])
    assert sorted(t.name for t in counted) == sorted(published)
    assert all(t.status == "pass" for t in counted)


# tinydb's dependency as its pyproject declares it: the poetry-core of today turns it into metadata that
# pip and uv refuse (`(>=3.10.0,<4.0.0 || >=4.0.0,<5.0.0)`), the one Commit-0 built with did not
POETRY_PROJECT = """[tool.poetry]
name = "tinylib"
version = "1.2.3"
description = "t"
authors = ["t <t@t>"]
packages = [{ include = "tinylib", from = "src" }]

[tool.poetry.dependencies]
python = "^3.7"
typing-extensions = { version = "^3.10.0 || ^4.0.0", python = "<=3.7" }

[build-system]
requires = ["poetry-core"]
build-backend = "poetry.core.masonry.api"
"""


@pytest.mark.usefixtures("engine")
def test_pypi_as_of_a_date_builds_what_todays_build_backend_cannot(tmp_path: Path) -> None:
    from prism_desktop.cli.commit0_command import _build
    from prism_desktop.cli.common import CliError

    repo = commit0_repo(tmp_path, POETRY_PROJECT)
    today = import_commit0_library(Commit0Source(repo), tmp_path / "today" / "libraries")
    with pytest.raises(CliError, match="invalid metadata"):
        _build(today.folder)
    source = Commit0Source(repo, uploaded_prior_to="2024-09-28")
    imported = import_commit0_library(source, tmp_path / "ws" / "libraries")
    assert json.loads((imported.folder / "library.json").read_text())["uploaded_prior_to"] == "2024-09-28"
    assert _build(imported.folder) == 0
    task = CodingWorkspace.open(tmp_path / "ws").task("lib_tinylib")
    runner = CodeLevel1Runner.open(CodingWorkspace.open(tmp_path / "ws"), tasks=[task])
    files, candidates, _ = candidate_files(task, reference_answer(task) or "")
    assert files is not None and runner.test_ids is not None
    result = runner.backend.run(run_spec(task, files, candidates, "1", runner.test_ids.ids(task)))
    statuses = {t.name.split("::")[-1]: t.status for t in result.tests or []}
    assert statuses["test_version"] == statuses["test_double"] == "pass"


@pytest.mark.parametrize(
    ("date", "pip_version", "expected"),
    [("yesterday", None, "ISO 8601 date"), ("2024-09-28", "24.0", "pip learnt --uploaded-prior-to in 26.0")],
)
def test_a_date_pip_cannot_honour_is_refused(tmp_path: Path, date: str, pip_version: str | None,
                                             expected: str) -> None:  # fmt: skip
    from prism_desktop.workspace.errors import WorkspaceError
    from prism_desktop.workspace.libraries import load_library

    repo = commit0_repo(tmp_path)
    with pytest.raises(Commit0ImportError, match=expected):
        import_commit0_library(Commit0Source(repo, uploaded_prior_to=date, pip_version=pip_version), tmp_path)
    imported = import_commit0_library(Commit0Source(repo), tmp_path / "libraries")
    data = json.loads((imported.folder / "library.json").read_text())
    data.update(uploaded_prior_to=date, pip_version=pip_version, test_count=4)
    (imported.folder / "library.json").write_text(json.dumps(data))
    with pytest.raises(WorkspaceError, match=f"uploaded_prior_to.*{expected}"):
        load_library(imported.folder)


DOCUMENT = b"caf\xe9 \xff\x00\x81 \xd0\xbf\r\n"  # latin-1, stray bytes, UTF-8 and a CRLF: not UTF-8 text
ROOT_TEST = f"""from pathlib import Path


def test_document_bytes():
    assert (Path(__file__).parent / "tests" / "data" / "doc.txt").read_bytes() == {DOCUMENT!r}
"""


def test_data_files_travel_as_their_bytes(tmp_path: Path) -> None:
    """read_folder(data_files=True) -> the run's spec (JSON) -> the sandbox's lay_out: the same bytes."""
    from prism_desktop.runs.code import CodeLimits, CodeRunSpec, spec_from_json, spec_to_json
    from prism_desktop.sandbox.code.context import RunContext
    from prism_desktop.sandbox.code.runner import lay_out
    from prism_desktop.workspace.coding import read_folder

    (tmp_path / "tests" / "data").mkdir(parents=True)
    (tmp_path / "tests" / "data" / "doc.txt").write_bytes(DOCUMENT)
    problems: list = []
    assert read_folder(tmp_path / "tests", problems) == {} and "not UTF-8" in str(problems[0])
    files = read_folder(tmp_path / "tests", [], data_files=True)
    spec = spec_from_json(spec_to_json(CodeRunSpec("1", "python", files, [])))
    (tmp_path / "run").mkdir()
    folders = {name: tmp_path / "run" / name for name in ("work", "scratch", "tests", "copies")}
    ctx = RunContext(CodeLimits(), **folders)
    lay_out(spec, ctx)
    assert (folders["work"] / "data" / "doc.txt").read_bytes() == DOCUMENT


@pytest.mark.usefixtures("engine")
def test_binary_test_data_and_a_root_test_file_score(tmp_path: Path) -> None:
    """chardet's case: the tests read documents that are not UTF-8 (kept as bytes from git to the run), and
    the published ids lie in a test file at the project's root, outside tests/ (collected by the build)."""
    from prism_desktop.cli.commit0_command import _build

    extra = {"tests/data/doc.txt": DOCUMENT, "test_root.py": ROOT_TEST.encode()}
    published = ["test_root.py::test_document_bytes", "tests/test_core.py::test_double"]
    source = Commit0Source(commit0_repo(tmp_path, extra=extra), test_ids=published)
    imported = import_commit0_library(source, tmp_path / "ws" / "libraries")
    assert (imported.folder / "tests" / "data" / "doc.txt").read_bytes() == DOCUMENT
    assert "tests/data/doc.txt" not in imported.left_out
    assert _build(imported.folder) == 0  # every published id collected with the reference
    task = CodingWorkspace.open(tmp_path / "ws").task("lib_tinylib")
    runner = CodeLevel1Runner.open(CodingWorkspace.open(tmp_path / "ws"), tasks=[task])
    files, candidates, _ = candidate_files(task, reference_answer(task) or "")
    assert files is not None and runner.test_ids is not None
    result = runner.backend.run(run_spec(task, files, candidates, "1", runner.test_ids.ids(task)))
    counted = {t.name: t.status for t in counted_tests(task, result.tests or [])}
    assert counted == dict.fromkeys(published, "pass")
    # `check`: the published ids are the list, though the files run hold five tests
    outcome = check_code_references(CodingWorkspace.open(tmp_path / "ws"), ["lib_tinylib"], jobs=1)
    assert [o.ok for o in outcome] == [True], outcome


def test_a_reference_holding_backtick_fences_is_its_own_answer(tmp_path: Path) -> None:
    """minitorch's docstrings show code in ``` fences: the reference as an answer must keep them whole."""
    from prism_desktop.workspace.libraries import load_library

    reference = (
        'def double(x):\n    """Twice x.\n\n    ```python\n    double(2)\n    ```\n    """\n'
        "    return 2 * x\n"
    )
    imported = import_commit0_library(Commit0Source(commit0_repo(tmp_path)), tmp_path / "libraries")
    (imported.folder / "reference" / "src" / "tinylib" / "core.py").write_text(reference)
    task = load_library(imported.folder, count_unset_ok=True)
    files, _, problem = candidate_files(task, reference_answer(task) or "")
    assert problem is None and files is not None
    assert files["src/tinylib/core.py"] == reference


@pytest.mark.usefixtures("engine")
def test_a_published_doctest_file_runs(tmp_path: Path) -> None:
    """voluptuous's case: one published id is a Markdown doctest (`tests/guide.md::guide.md`); the
    project's --doctest-glob is in its own pytest configuration, which the runs do not read."""
    from prism_desktop.cli.commit0_command import _build

    guide = b"# Guide\n\n    >>> from tinylib.core import double\n    >>> double(21)\n    42\n"
    published = ["tests/guide.md::guide.md", "tests/test_core.py::test_double"]
    pyproject = SETUPTOOLS_PROJECT + '[tool.pytest.ini_options]\naddopts = "--doctest-glob=*.md"\n'
    repo = commit0_repo(tmp_path, pyproject, extra={"tests/guide.md": guide})
    imported = import_commit0_library(Commit0Source(repo, test_ids=published), tmp_path / "ws" / "libraries")
    assert _build(imported.folder) == 0
    workspace = CodingWorkspace.open(tmp_path / "ws")
    outcome = check_code_references(workspace, ["lib_tinylib"], jobs=1)  # collection pass and run
    assert [o.ok for o in outcome] == [True], outcome


GIT_TEST = """import shutil
import subprocess


def test_git_is_there():
    assert shutil.which("git")
    done = subprocess.run(["git", "--version"], capture_output=True, text=True)
    assert done.stdout.startswith("git version")
"""


@pytest.mark.usefixtures("engine")
def test_debian_packages_the_tests_call_are_installed_at_build_time(tmp_path: Path) -> None:
    """cookiecutter's VCS tests look for git on PATH: `--apt git` puts Debian's git into the library's
    image when it is built (the runs stay offline); a name that is no Debian package name is refused."""
    from prism_desktop.cli.commit0_command import _build
    from prism_desktop.workspace.errors import WorkspaceError
    from prism_desktop.workspace.libraries import load_library

    repo = commit0_repo(tmp_path, extra={"tests/test_vcs.py": GIT_TEST.encode()})
    imported = import_commit0_library(Commit0Source(repo, apt=["git"]), tmp_path / "ws" / "libraries")
    data = json.loads((imported.folder / "library.json").read_text())
    assert data["apt"] == ["git"]
    assert _build(imported.folder) == 0
    task = CodingWorkspace.open(tmp_path / "ws").task("lib_tinylib")
    runner = CodeLevel1Runner.open(CodingWorkspace.open(tmp_path / "ws"), tasks=[task])
    files, candidates, _ = candidate_files(task, reference_answer(task) or "")
    assert files is not None and runner.test_ids is not None
    result = runner.backend.run(run_spec(task, files, candidates, "1", runner.test_ids.ids(task)))
    statuses = {t.name.split("::")[-1]: t.status for t in result.tests or []}
    assert statuses["test_git_is_there"] == "pass", result.tests

    data.update(apt=["git; curl evil"], test_count=5)
    (imported.folder / "library.json").write_text(json.dumps(data))
    with pytest.raises(WorkspaceError, match=r"apt.*Debian package names"):
        load_library(imported.folder)
