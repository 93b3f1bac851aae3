"""`prism-desktop query --config config_spec.yaml [--fixtures fixtures.yaml] [--param ИМЯ=ЗНАЧЕНИЕ …]
"ВЫБРАТЬ …"`: run a 1C query against a fresh synthetic infobase and print the result as an aligned
table (values as 1C presents them; NULL as NULL). A batch prints every statement's result.

Parameter values: integers and decimals are numbers, YYYY-MM-DD[THH:MM:SS] is a date, true/false
(истина/ложь) a boolean, anything else a string. The query text "-" is read from standard input.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from prism_desktop.bsl.engine import Engine, ModuleLoadError
from prism_desktop.bsl.platform_bridge import query_registration  # noqa: F401  (registration)
from prism_desktop.bsl.values.base import BslRuntimeError, ExecutionLimit
from prism_desktop.cli.bsl_run_command import positive_seconds as _positive_seconds
from prism_desktop.cli.common import EXIT_OK, EXIT_USAGE, CliError, add_command, format_table
from prism_desktop.cli.platform_options import PlatformRun, add_platform_options
from prism_desktop.platform.query import QueryError, QueryResult, execute_batch
from prism_desktop.services.query_console import (
    DEFAULT_TIMEOUT_S,
    FIXTURES_MODULE,
    parameter_value,
    rows_text,
)


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = add_command(
        subparsers,
        "query",
        run,
        help="run a 1C query (ВЫБРАТЬ …) against a synthetic infobase and print the result",
    )
    parser.add_argument("text", metavar="QUERY", help='the query text ("-": read it from standard input)')
    parser.add_argument(
        "--param",
        action="append",
        default=[],
        metavar="ИМЯ=ЗНАЧЕНИЕ",
        help="a query parameter (&ИМЯ); repeat for several",
    )
    parser.add_argument(
        "--timeout",
        metavar="S",
        type=_positive_seconds,
        default=DEFAULT_TIMEOUT_S,
        help=f"stop the query after S seconds of wall-clock time (default: {DEFAULT_TIMEOUT_S:g})",
    )
    add_platform_options(parser)


def parse_parameter(text: str) -> tuple[str, Any]:
    name, sep, raw = text.partition("=")
    if not sep or not name.strip():
        raise CliError(f"--param {text}: expected ИМЯ=ЗНАЧЕНИЕ", EXIT_USAGE)
    return name.strip().lstrip("&"), parameter_value(raw.strip())


def format_result(result: QueryResult) -> str:
    if not result.columns:
        return "(нет данных)"
    rows = rows_text(result)
    return format_table([c.name for c in result.columns], rows) + f"\n({count_rows(len(rows))})"


def count_rows(n: int) -> str:
    """The row count in words that agree with it: 1 строка, 3 строки, 5 строк, 21 строка, 12 строк."""
    if n % 10 == 1 and n % 100 != 11:
        return f"{n} строка"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return f"{n} строки"
    return f"{n} строк"


def run(args: argparse.Namespace) -> int:
    if args.config is None:
        raise CliError("query needs --config config_spec.yaml", EXIT_USAGE)
    text = sys.stdin.read() if args.text == "-" else args.text
    params = dict(parse_parameter(p) for p in args.param)
    platform = PlatformRun.from_args(args)
    assert platform is not None
    try:
        with platform.deadline(args.timeout):
            if platform.fixtures is not None:
                engine = Engine(clock=platform.infobase.now)
                try:
                    module = engine.load(platform.module_source("", FIXTURES_MODULE), FIXTURES_MODULE)
                    platform.before_body(engine, module)
                except (ModuleLoadError, BslRuntimeError) as exc:
                    raise CliError(f"{args.fixtures}: the fixtures could not be created: {exc}") from None
            try:
                results = execute_batch(platform.infobase, text, params)
            except QueryError as exc:
                raise CliError(f"query: {exc.describe()}") from None
        shown = [r for r in results if r.columns] or results[-1:]
        print("\n\n".join(format_result(r) for r in shown))
    except ExecutionLimit:
        raise CliError(f"query: stopped after {args.timeout:g} s (--timeout)") from None
    finally:
        platform.finish()
    return EXIT_OK
