"""`prism-desktop bsl check FILE… [--json] [--module-kind KIND] [--define SYMBOL…]`: syntax and
compile-time errors of BSL modules, as `FILE:line:col: severity code: message [contexts]` lines (or
JSON); exit 1 when any error is found.

Each module is checked in every context the platform compiles it in (the server, the clients, the
external connection), which its kind decides: taken from its path in a configuration dump (and the
dump's metadata, when the path is inside one) or from --module-kind. --define names one context's
symbols instead. A `.os` file is a OneScript script: one context, with OneScript's `#native`,
`#Использовать` and annotations on parameters."""

from __future__ import annotations

import argparse
import dataclasses
import json
from pathlib import Path

from prism_desktop.bsl import module_kinds as mk
from prism_desktop.bsl.checker import check_in_contexts, check_module
from prism_desktop.bsl.compile_contexts import custom_context
from prism_desktop.bsl.configuration_dump import describe
from prism_desktop.bsl.diagnostics import ERROR, Diagnostic
from prism_desktop.cli.common import EXIT_OK, EXIT_PROBLEMS, CliError, add_command, existing_files


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = add_command(
        subparsers,
        "check",
        run,
        help="list the syntax and compile-time errors of BSL modules",
        description="Parse and check BSL modules with the built-in engine. Each diagnostic is printed "
        "as FILE:line:col: severity code: message. Exit status 1 when any error is found.",
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="a .bsl module (UTF-8, BOM allowed)")
    parser.add_argument("--json", action="store_true", help="print the diagnostics as a JSON array")
    parser.add_argument(
        "--define",
        action="append",
        metavar="SYMBOL",
        help="check in one context whose true preprocessor symbols these are (repeatable; default: "
        "every context the module is compiled in)",
    )
    parser.add_argument(
        "--module-kind",
        choices=mk.MODULE_KINDS,
        help="the kind of module (default: from its path in a configuration dump, else unknown: the "
        "server and, if its directives name one, the client)",
    )


ONESCRIPT = "OneScript"


def read_module(path: Path) -> str:
    """The text of a module file; a file that is not UTF-8 is a user error naming the byte."""
    data = path.read_bytes()
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise CliError(
            f"{path}: not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start}, line {line}); "
            "save the module as UTF-8"
        ) from exc


def run(args: argparse.Namespace) -> int:
    results: list[tuple[str, list[Diagnostic]]] = []
    contexts = (custom_context(args.define),) if args.define else None
    for path in existing_files(args.files):
        if path.suffix.lower() == ".os":  # a OneScript script: one context, OneScript's syntax
            script = check_module(read_module(path), str(path), defines=args.define, onescript=True)
            results.append((str(path), [dataclasses.replace(d, contexts=(ONESCRIPT,)) for d in script]))
            continue
        info = describe(path)
        if args.module_kind:
            info = dataclasses.replace(info, kind=args.module_kind)
        found = check_in_contexts(read_module(path), str(path), info, contexts=contexts)
        results.append((str(path), found))
    if args.json:
        rows = [{"file": name, **d.to_dict()} for name, found in results for d in found]
        print(json.dumps(rows, ensure_ascii=False, indent=2))
    else:
        for name, found in results:
            for d in found:
                print(d.format(name))
    has_errors = any(d.severity == ERROR for _, found in results for d in found)
    return EXIT_PROBLEMS if has_errors else EXIT_OK
