"""`prism-desktop commit0 import | build`: a Commit-0 library as Commit-0 publishes it (a git repository
with the stub on `commit0_combined` and the reference its parent) becomes a library task of a coding
workspace, and its image is built (dependencies from PyPI, once) with the test ids the reference collects."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from prism_desktop.cli.common import EXIT_OK, EXIT_PROBLEMS, CliError, add_command


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = add_command(subparsers, "commit0", run, help="import Commit-0 libraries and build their images")
    actions = parser.add_subparsers(dest="commit0_action", title="commit0 commands", metavar="ACTION")
    actions.required = True
    imp = actions.add_parser(
        "import", help="a Commit-0 repository -> WORKSPACE/libraries/<name>/, then build"
    )
    imp.add_argument("repo", type=Path, help="a bare git directory, a clone, or a folder holding the stub")
    imp.add_argument("--into", type=Path, required=True, help="the coding workspace (its libraries/ folder)")
    imp.add_argument("--name", help="the task folder's name (default: the package's)")
    imp.add_argument("--stub-ref", default="commit0_combined", help="default: commit0_combined")
    imp.add_argument("--reference-ref", help="default: the stub ref's parent (a folder when REPO is one)")
    imp.add_argument("--test-dir", default="tests", help="the hidden tests' folder (default: tests)")
    imp.add_argument("--install", default="pip install -e .", help='default: "pip install -e ."')
    imp.add_argument("--src-dir", help="the library's source folder (default: where the stub differs)")
    imp.add_argument("--pip", nargs="*", default=[], help="extra packages the tests need")
    imp.add_argument(
        "--apt", nargs="*", default=[], help="Debian packages the tests call (e.g. git), installed at build"
    )
    imp.add_argument(
        "--test-ids", type=Path, help="Commit-0's published ids (data/test_ids/<name>.bz2, or one id a line)"
    )
    imp.add_argument("--pip-version", help="the pip that installs (default: the newest), e.g. 24.0")
    imp.add_argument(
        "--uploaded-prior-to",
        metavar="DATE",
        help="resolve dependencies and build backends as PyPI had them before DATE (e.g. 2024-09-28)",
    )
    imp.add_argument("--no-build", action="store_true", help="write the task only")
    build = actions.add_parser("build", help="build the image of imported libraries (once; reused)")
    build.add_argument("libraries", type=Path, nargs="+", help="WORKSPACE/libraries/<name> folders")


def run(args: argparse.Namespace) -> int:
    # imported here for start-up: git and the Commit-0 reader only when the command runs, not at `--help`
    from prism_desktop.workspace.commit0_repo import (
        Commit0ImportError,
        Commit0Source,
        import_commit0_library,
        read_test_ids,
    )

    if args.commit0_action == "build":
        return max(_build(folder) for folder in args.libraries)
    try:
        source = Commit0Source(
            args.repo,
            stub_ref=args.stub_ref,
            reference_ref=args.reference_ref,
            test_dir=args.test_dir,
            install=args.install,
            src_dir=args.src_dir,
            pip=args.pip,
            apt=args.apt,
            test_ids=read_test_ids(args.test_ids) if args.test_ids else None,
            pip_version=args.pip_version,
            uploaded_prior_to=args.uploaded_prior_to,
        )
        imported = import_commit0_library(source, args.into / "libraries", args.name)
    except Commit0ImportError as exc:
        raise CliError(str(exc)) from exc
    counts = ", ".join(f"{part} {n}" for part, n in imported.files.items())
    print(f"{imported.folder}: package {imported.package} ({imported.src_dir}); files: {counts}")
    if imported.left_out:
        why = "source files not UTF-8, files over the size bound, .github/"
        print(f"left out ({why}): {', '.join(imported.left_out)}")
    return EXIT_OK if args.no_build else _build(imported.folder)


def _build(folder: Path) -> int:
    # imported here for start-up: the image builder only when a build is asked for
    from prism_desktop.sandbox.image import ImageBuildError
    from prism_desktop.sandbox.library_images import build_library_image
    from prism_desktop.workspace.errors import WorkspaceError
    from prism_desktop.workspace.libraries import LIBRARY_FILE, load_library

    try:
        task = load_library(folder, count_unset_ok=True)
        image = build_library_image(task)
    except (WorkspaceError, ImageBuildError) as exc:
        raise CliError(str(exc)) from exc
    size = f"{image.size_bytes / 1e6:.0f} MB" if image.size_bytes else "N/A"
    seconds = f"{image.build_seconds} s" if image.build_seconds is not None else "N/A"
    print(f"{image.ref}: {size}, built in {seconds}")
    if not image.test_ids:
        print(f"{folder}: the reference collected no test ids (see pytest --collect-only in the image)")
        return EXIT_PROBLEMS
    data = json.loads((folder / LIBRARY_FILE).read_text(encoding="utf-8"))
    published = task.extra.get("test_ids")
    count = len(published) if published else len(image.test_ids)
    collected = set(image.test_ids)
    missing = [i for i in published or [] if i not in collected]
    if data.get("test_count") != count or data.get("uncollected_ids", []) != missing:
        data["test_count"] = count
        data["uncollected_ids"] = (
            missing  # on record: they count as failed (scoring/code_level1.counted_tests)
        )
        (folder / LIBRARY_FILE).write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", "utf-8")
    print(f"{folder}: {len(image.test_ids)} test ids collected with the reference; test_count {count}")
    if published:
        extra = sorted(collected - set(published))
        print(f"  published ids the reference does not collect: {len(missing)} {missing[:5]}")
        print(f"  collected ids not published (not run, not counted): {len(extra)} {extra[:5]}")
        if missing:
            return EXIT_PROBLEMS
    return EXIT_OK
