"""A Commit-0 repository as Commit-0 publishes it, turned into one of our library tasks.

Commit-0 (github.com/commit-0) publishes each library as a git repository whose branch `commit0_combined`
holds the stubbed library ("Commit 0") and whose parent commit is the reference; the hidden tests are a
folder of it (usually `tests/`). The source may be a bare git directory or a clone (read with `git
archive`, never checked out), or a plain folder (the stub) with the reference in another folder.

The task folder written:
    stub/       the source folder (`src_dir`) at the stub ref: what the model completes
    reference/  the source folder at the reference ref
    tests/      the test folder at the reference ref (its data files too)
    project/    the rest of the project at the reference ref (setup files, pytest configuration), laid
                out around the candidate's files so that the install and the tests see the project
    library.json  with `install` (the command run when the library's image is built), `test_dir`,
                  `src_dir` and `source` (where it came from, with the commits)
The tests and the project keep every file as its bytes (test data in other encodings, images); the source
folders keep UTF-8 text only (the model's answer is text). Files over the size bound and `.github/` are
left out and listed in library.json.
"""

from __future__ import annotations

import io
import json
import posixpath
import shutil
import subprocess
import tarfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from prism_desktop.errors import InputError

from .coding_task import MAX_TEST_FILE_BYTES
from .libraries import upload_date_problem

DEFAULT_STUB_REF = "commit0_combined"
DEFAULT_INSTALL = "pip install -e ."
DEFAULT_TEST_DIR = "tests"
SKIPPED_FOLDERS = (".git", ".github", "__pycache__")


class Commit0ImportError(InputError, ValueError):
    """The repository, a ref or a folder named cannot be read as a Commit-0 library."""


@dataclass
class Commit0Source:
    repo: Path
    stub_ref: str = DEFAULT_STUB_REF
    reference_ref: str | None = None  # default: the stub ref's parent
    test_dir: str = DEFAULT_TEST_DIR
    install: str = DEFAULT_INSTALL
    src_dir: str | None = None  # default: where the stub differs from the reference
    pip: list[str] = field(default_factory=list)  # extra packages the tests need (Commit-0's pip_packages)
    test_ids: list[str] | None = None  # Commit-0's published ids (commit0/data/test_ids/<name>.bz2)
    pip_version: str | None = None  # e.g. "24.0": the pip that installs (default: the newest)
    apt: list[str] = field(default_factory=list)  # Debian packages the tests call (cookiecutter's git)
    # PyPI as it was before this date (pip's --uploaded-prior-to) for the dependencies and build backends:
    # Commit-0 built its images in September 2024; today's poetry-core writes metadata no installer accepts
    # from tinydb's `^3.10.0 || ^4.0.0`, the one of then did not
    uploaded_prior_to: str | None = None


@dataclass
class ImportedLibrary:
    folder: Path
    package: str
    src_dir: str
    files: dict[str, int]  # part -> number of files written
    left_out: list[str]


def _git(repo: Path, *args: str) -> bytes:
    try:
        done = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, check=False, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise Commit0ImportError(f"git failed on {repo}: {exc}") from exc
    if done.returncode != 0:
        message = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise Commit0ImportError(f"git {' '.join(args)} in {repo}: {message[-1] if message else 'failed'}")
    return done.stdout


def is_git_repository(path: Path) -> bool:
    try:
        _git(path, "rev-parse", "--git-dir")
    except Commit0ImportError:
        return False
    return True


def _tree_from_git(repo: Path, ref: str) -> tuple[str, dict[str, bytes]]:
    commit = _git(repo, "rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}").decode().strip()
    files: dict[str, bytes] = {}
    links: dict[str, str] = {}
    with tarfile.open(fileobj=io.BytesIO(_git(repo, "archive", "--format=tar", commit))) as archive:
        for member in archive.getmembers():
            if member.isfile():
                extracted = archive.extractfile(member)
                if extracted is not None:
                    files[member.name] = extracted.read()
            elif member.issym():
                links[member.name] = member.linkname
    for name, target in links.items():  # e.g. README.rst -> docs/intro.rst: the target's text
        resolved = posixpath.normpath(posixpath.join(posixpath.dirname(name), target))
        if resolved in files:
            files[name] = files[resolved]
    return commit, files


def _release(repo: Path, commit: str) -> str:
    """The reference's release by its nearest tag ("" without one): setuptools-scm projects (simpy) read
    their version from git, which the image build does not have; it gets this one instead."""
    try:
        described = _git(repo, "describe", "--tags", "--abbrev=0", commit).decode().strip()
    except Commit0ImportError:
        return ""
    return described.removeprefix("v") if described.removeprefix("v")[:1].isdigit() else ""


def _tree_from_folder(folder: Path) -> dict[str, bytes]:
    if not folder.is_dir():
        raise Commit0ImportError(f"{folder} is not a folder")
    return {
        path.relative_to(folder).as_posix(): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file() and not set(path.relative_to(folder).parts) & {".git", "__pycache__"}
    }


def _trees(source: Commit0Source) -> tuple[dict[str, str], dict[str, bytes], dict[str, bytes]]:
    """(provenance, stub tree, reference tree)."""
    if is_git_repository(source.repo):
        reference_ref = source.reference_ref or f"{source.stub_ref}^"
        try:
            stub_commit, stub = _tree_from_git(source.repo, source.stub_ref)
            reference_commit, reference = _tree_from_git(source.repo, reference_ref)
        except Commit0ImportError as exc:
            raise Commit0ImportError(
                f"{exc} (stub ref {source.stub_ref!r}, reference ref {reference_ref!r})"
            ) from exc
        return (
            {
                "version": _release(source.repo, reference_commit),
                "repository": str(source.repo),
                "stub_ref": source.stub_ref,
                "stub_commit": stub_commit,
                "reference_ref": reference_ref,
                "reference_commit": reference_commit,
            },
            stub,
            reference,
        )
    if source.reference_ref is None:
        raise Commit0ImportError(
            f"{source.repo} is a folder, not a git repository: name the reference's folder (--reference-ref)"
        )
    reference_folder = Path(source.reference_ref)
    return (
        {"folder": str(source.repo), "reference_folder": str(reference_folder)},
        _tree_from_folder(source.repo),
        _tree_from_folder(reference_folder),
    )


def _under(path: str, folder: str) -> bool:
    return PurePosixPath(path).is_relative_to(folder) if folder else True


def guess_src_dir(stub: dict[str, bytes], reference: dict[str, bytes], test_dir: str) -> str:
    """The folder of the Python files the stub hollowed out (e.g. `wcwidth`, `src/cachetools`)."""
    changed = [
        path
        for path in reference
        if path.endswith(".py") and not _under(path, test_dir) and stub.get(path) != reference[path]
    ]
    if not changed:
        raise Commit0ImportError("the stub and the reference have the same Python files: check the refs")
    parents = [PurePosixPath(path).parent.parts for path in changed]
    common: list[str] = []
    for parts in zip(*parents, strict=False):
        if len(set(parts)) != 1:
            break
        common.append(parts[0])
    if not common:
        tops = ", ".join(sorted({p[0] for p in parents if p}))
        raise Commit0ImportError(
            f"the stub changes files in several top folders ({tops}): name the source folder (--src-dir)"
        )
    # the package is the topmost folder with an __init__.py on the way down (not e.g. src/pkg/sub)
    for depth in range(1, len(common) + 1):
        candidate = "/".join(common[:depth])
        if f"{candidate}/__init__.py" in reference:
            return candidate
    return "/".join(common)


def _part(
    tree: dict[str, bytes], keep: Callable[[str], bool], strip: str, left_out: list[str], data_files: bool
) -> dict[str, bytes]:
    """The files of one part, as their bytes. Without `data_files` (the source the model completes) only
    UTF-8 text is kept; with it (tests, project) every file is, e.g. chardet's documents in 390 encodings."""
    files: dict[str, bytes] = {}
    for path, data in sorted(tree.items()):
        if not keep(path):
            continue
        if set(PurePosixPath(path).parts) & set(SKIPPED_FOLDERS) or len(data) > MAX_TEST_FILE_BYTES:
            left_out.append(path)
            continue
        if not data_files:
            try:
                data.decode("utf-8")
            except UnicodeDecodeError:
                left_out.append(path)
                continue
        files[path[len(strip) + 1 :] if strip else path] = data
    return files


def _write_part(folder: Path, files: dict[str, bytes]) -> None:
    for name, data in files.items():
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)


def read_test_ids(path: Path) -> list[str]:
    """Commit-0's test ids of a library: one per line, plain or bzip2-compressed (as it publishes them)."""
    import bz2  # on first use: only Commit-0 imports read compressed test ids

    try:
        data = path.read_bytes()
        text = (bz2.decompress(data) if data.startswith(b"BZh") else data).decode("utf-8")
    except (OSError, ValueError) as exc:
        raise Commit0ImportError(f"cannot read the test ids in {path}: {exc}") from exc
    ids = [line.strip() for line in text.splitlines() if line.strip()]
    if not ids or not all("::" in line for line in ids):
        raise Commit0ImportError(f"{path}: expected one pytest id (file::test) per line")
    return ids


def import_commit0_library(
    source: Commit0Source, libraries: Path, name: str | None = None
) -> ImportedLibrary:
    """Write the library task under `libraries/<name>/` (replacing an earlier import of it)."""
    if source.uploaded_prior_to is not None:
        why = upload_date_problem(source.uploaded_prior_to, source.pip_version)
        if why:
            raise Commit0ImportError(f"--uploaded-prior-to {source.uploaded_prior_to!r}: expected {why}")
    provenance, stub, reference = _trees(source)
    test_dir = source.test_dir.strip("/")
    if not any(_under(path, test_dir) for path in reference):
        raise Commit0ImportError(f"the reference has no test folder {test_dir!r} (--test-dir)")
    src_dir = (source.src_dir or guess_src_dir(stub, reference, test_dir)).strip("/")
    package = PurePosixPath(src_dir).name
    if not package.isidentifier():
        raise Commit0ImportError(f"the source folder {src_dir!r} does not end in a package name")
    left_out: list[str] = []

    def in_source(path: str) -> bool:  # the tests may lie inside the source folder (voluptuous/tests)
        return _under(path, src_dir) and not _under(path, test_dir)

    parts = {
        "stub": _part(stub, in_source, "", left_out, data_files=False),
        "reference": _part(reference, in_source, "", left_out, data_files=False),
        "tests": _part(reference, lambda p: _under(p, test_dir), test_dir, left_out, data_files=True),
        "project": _part(
            reference,
            lambda p: not _under(p, src_dir) and not _under(p, test_dir),
            "",
            left_out,
            data_files=True,
        ),
    }
    task_name = name or package
    folder = libraries / task_name
    if folder.exists():
        shutil.rmtree(folder)
    for part, files in parts.items():
        _write_part(folder / part, files)
    library = {
        "task_id": f"lib_{task_name}",
        "language": "python",
        "package": package,
        "src_dir": src_dir,
        "test_dir": test_dir,
        "install": source.install,
        "pip": source.pip,
        **({"apt": source.apt} if source.apt else {}),
        **({"pip_version": source.pip_version} if source.pip_version else {}),
        **({"uploaded_prior_to": source.uploaded_prior_to} if source.uploaded_prior_to else {}),
        "difficulty": "hard",
        "prompt_ru": (
            f"Реализуй библиотеку {package} по её заготовке (Commit-0): сигнатуры и docstring есть, тела "
            "функций пусты. Ответ — один блок ```diff относительно заготовки или файлы целиком, "
            f"каждый в своём блоке с путём в заголовке (например, {src_dir}/__init__.py)."
        ),
        # set by `commit0 build`: the published ids when given, else those the reference collects
        "test_count": None,
        **({"test_ids": source.test_ids} if source.test_ids is not None else {}),
        "timeout_sec": 30,
        "tags": ["library", "commit0"],
        "source": provenance,
        "left_out": sorted(set(left_out)),
    }
    (folder / "library.json").write_text(json.dumps(library, ensure_ascii=False, indent=2) + "\n", "utf-8")
    return ImportedLibrary(
        folder, package, src_dir, {part: len(files) for part, files in parts.items()}, sorted(set(left_out))
    )
