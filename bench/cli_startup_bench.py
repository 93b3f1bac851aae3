"""Start-up of the command line against a bare Python, measured in one run.

Usage: .venv/bin/python bench/cli_startup_bench.py [--repeat R] [--clock cpu|wall]
Runs, R times each and interleaved: `python -c pass`, `prism-desktop bsl run` of a one-line module,
`prism-desktop bsl check` of it, `prism-desktop --help` and `prism-desktop query` against a small
configuration. Reports the best time of each and its ratio to `python -c pass`.
Target: `bsl run` of a trivial module ≤ 10× `python -c pass`.
(Find what a command imports with `python -X importtime -m prism_desktop.cli.main bsl run FILE`.)
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from process_timing import CLOCKS, ProcessRun, prism_desktop_command, run_process

TARGET = 10.0
MODULE = 'Сообщить("Привет");\n'
CONFIG = """\
catalogs:
  Товары:
    attributes:
      Цена: {type: Число}
"""


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--clock", choices=CLOCKS, default="cpu", help="the time compared (default: cpu)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        module = Path(folder) / "hello.bsl"
        module.write_text(MODULE, encoding="utf-8")
        config = Path(folder) / "config_spec.yaml"
        config.write_text(CONFIG, encoding="utf-8")
        cli = prism_desktop_command()
        commands = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "prism-desktop bsl run": [*cli, "bsl", "run", str(module)],
            "prism-desktop bsl check": [*cli, "bsl", "check", str(module)],
            "prism-desktop --help": [*cli, "--help"],
            "prism-desktop query": [*cli, "query", "--config", str(config), "ВЫБРАТЬ 1 КАК Один"],
        }
        best: dict[str, ProcessRun] = {}
        for command in commands.values():
            run_process(command)  # warm-up, not timed: compiled modules cached as after installation
        for _ in range(args.repeat):
            for title, command in commands.items():
                run = run_process(command)
                if run.returncode != 0:
                    raise SystemExit(f"{title} failed ({run.returncode}): {run.stderr.strip()}")
                if title not in best or run.seconds(args.clock) < best[title].seconds(args.clock):
                    best[title] = run

    base = best["python -c pass"].seconds(args.clock)
    print(f"best of {args.repeat}, {args.clock} time (wall time beside it)")
    print(f"{'command':26} {'seconds':>8} {'wall s':>8} {'× python -c pass':>17}")
    for title, run in best.items():
        ratio = run.seconds(args.clock) / base
        print(f"{title:26} {run.seconds(args.clock):>8.3f} {run.wall_s:>8.3f} {ratio:>17.1f}")
    ratio = best["prism-desktop bsl run"].seconds(args.clock) / base
    verdict = "met" if ratio <= TARGET else "NOT met"
    print(f"bsl run of a trivial module: {ratio:.1f}× python -c pass (target ≤ {TARGET:g}×: {verdict})")


if __name__ == "__main__":
    main()
