"""`prism-desktop bsl run FILE [--codestat OUT.json] [--timeout S] [--config … --fixtures … --techlog …]`:
execute a BSL module's body with the built-in engine, optionally against a fresh synthetic infobase
(category B, see cli/platform_options.py). Сообщить goes to stdout; a compile error or an uncaught
exception goes to stderr with exit code 1. --codestat writes per-line counts in OneScript's
-codestat JSON shape."""

from __future__ import annotations

import argparse
import contextlib
import gc
import sys
from pathlib import Path

from prism_desktop.bsl.engine import BslModule, Engine, ModuleLoadError
from prism_desktop.bsl.limits import RunLimits
from prism_desktop.bsl.values.base import BslRuntimeError, ExecutionLimit
from prism_desktop.cli.common import EXIT_OK, EXIT_PROBLEMS, CliError, existing_files, write_json_atomic
from prism_desktop.cli.platform_options import PlatformRun, add_platform_options


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "run",
        help="execute a BSL module (its body) with the built-in engine",
        description="Execute the module body of a .bsl/.os file with the built-in BSL engine. "
        "Сообщить prints to stdout; an uncaught exception is reported on stderr (exit 1).",
    )
    parser.add_argument("file", metavar="FILE", help="the BSL module to run")
    parser.add_argument(
        "--codestat",
        metavar="OUT.json",
        help="write per-line execution counts "
        "(OneScript -codestat JSON: {file: {section: {line: {count, time}}}})",
    )
    parser.add_argument(
        "--timeout",
        metavar="S",
        type=positive_seconds,
        default=None,
        help="stop the run after S seconds of wall-clock time (default: no limit)",
    )
    add_platform_options(parser)
    parser.set_defaults(handler=run)


def positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, found {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, found {text}")
    return value


def _echo(text: str) -> None:
    print(text, flush=True)


def run(args: argparse.Namespace) -> int:
    path = existing_files([args.file])[0]
    try:
        source = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CliError(f"{path}: not UTF-8 text (byte {exc.start}: {exc.reason})") from None
    platform = PlatformRun.from_args(args)
    try:
        return _run_module(
            args, path, platform.module_source(source, path.stem) if platform else source, platform
        )
    finally:
        if platform is not None:
            platform.finish()


def _run_module(args: argparse.Namespace, path: Path, source: str, platform: PlatformRun | None) -> int:
    engine = Engine(
        limits=RunLimits(timeout_s=args.timeout),
        counting="codestat" if args.codestat else "off",
        output=_echo,
    )
    try:
        module = engine.load(source, path.stem, onescript=path.suffix.lower() == ".os")
    except ModuleLoadError as exc:
        print(f"{path}:{exc.line}:{exc.column}: {exc.message}", file=sys.stderr)
        return EXIT_PROBLEMS
    _settle_collector()
    status = EXIT_OK
    try:
        # The engine's timeout does not see into a query; the platform's deadline does.
        with platform.deadline(args.timeout) if platform is not None else contextlib.nullcontext():
            if platform is not None:
                platform.before_body(engine, module)
            engine.run_body(module)
    except BslRuntimeError as exc:
        where = f"{path}:{exc.line}: " if exc.line is not None else f"{path}: "
        print(f"{where}{exc.message}", file=sys.stderr)
        status = EXIT_PROBLEMS
    except ExecutionLimit as exc:
        print(f"{path}: остановлено: {exc.message}", file=sys.stderr)
        status = EXIT_PROBLEMS
    if args.codestat:
        _write_codestat(Path(args.codestat), module, path)
    return status


# Collections of the youngest generation once per this many new objects (Python's default is 700).
YOUNG_COLLECTION_EVERY = 10_000


def _settle_collector() -> None:
    """This process runs one module and exits: what start-up and compilation made (modules, classes,
    the compiled code) lives to the end, so the cycle collector's passes skip it (freeze), and young
    objects are collected less often. A module that builds 300,000 КлючИЗначение or table rows spent
    up to half its time in the collector re-scanning them; cycles are still collected."""
    gc.freeze()
    gc.set_threshold(YOUNG_COLLECTION_EVERY, 10, 10)


def _write_codestat(target: Path, module: BslModule, source: Path) -> None:
    write_json_atomic(target, module.codestat(str(source.resolve())))
