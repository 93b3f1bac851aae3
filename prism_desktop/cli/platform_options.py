"""`prism-desktop bsl run FILE --config config_spec.yaml [--fixtures fixtures.yaml] [--techlog OUT.json]`:
run a module against a fresh synthetic infobase (category B).

The `bsl run` command calls, in order:
    add_platform_options(parser)                        # when registering its arguments
    platform = PlatformRun.from_args(args)              # None without --config
    source = platform.module_source(source, module_name)   # after reading FILE (fixture helpers added)
    platform.before_body(engine, module)                # after engine.load, before engine.run_body
    platform.finish()                                   # always (finally): writes --techlog, detaches

With --fixtures, the generated Спр() and СоздатьФикстуры() are added to the module (on its first line,
after its own Перем declarations, so line numbers do not move) and СоздатьФикстуры() runs before the
module body; the techlog then starts empty, so it measures the module's own data accesses.
"""

from __future__ import annotations

import argparse
import contextlib
import signal
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from prism_desktop.cli.common import EXIT_USAGE, CliError, existing_files, write_json_atomic

if TYPE_CHECKING:  # imported when --config is given: `bsl run` without it must start at once
    from prism_desktop.bsl.engine import BslModule, Engine
    from prism_desktop.platform import Infobase
    from prism_desktop.platform.fixtures import FixtureModule


def add_platform_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("category B (synthetic 1C infobase)")
    group.add_argument(
        "--config",
        metavar="config_spec.yaml",
        help="run against a fresh infobase built from this configuration",
    )
    group.add_argument(
        "--fixtures",
        metavar="fixtures.yaml",
        help="create these fixtures before the module body runs (needs --config)",
    )
    group.add_argument(
        "--techlog",
        metavar="OUT.json",
        help="write the data-access log: totals, per-module sdbl/reg_reads/rows and events (needs --config)",
    )


def _load_yaml(path: Path) -> Any:
    # imported here for start-up: PyYAML only when a configuration is given
    import yaml

    try:
        return yaml.safe_load(path.read_text(encoding="utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise CliError(f"{path}: not UTF-8 text (byte {exc.start}: {exc.reason})") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f":{mark.line + 1}" if mark is not None else ""
        raise CliError(f"{path}{where}: not valid YAML ({getattr(exc, 'problem', None) or exc})") from None


REARM_S = 0.005  # the alarm again, until it lands outside SQLite's callbacks


@dataclass
class PlatformRun:
    infobase: Infobase
    fixtures: FixtureModule | None
    techlog_path: Path | None

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> PlatformRun | None:
        config_arg = getattr(args, "config", None)
        if config_arg is None:
            for option in ("fixtures", "techlog"):
                if getattr(args, option, None) is not None:
                    raise CliError(f"--{option} needs --config config_spec.yaml", EXIT_USAGE)
            return None
        # imported here for start-up: the infobase emulator only when --config is given
        from prism_desktop.bsl import platform_bridge
        from prism_desktop.platform import ConfigError, Infobase, load_configuration
        from prism_desktop.platform.fixtures import FixtureError, generate

        config_path = existing_files([config_arg])[0]
        try:
            config = load_configuration(_load_yaml(config_path), str(config_path))
        except ConfigError as exc:
            raise CliError(str(exc)) from None
        fixtures = None
        if args.fixtures is not None:
            fixtures_path = existing_files([args.fixtures])[0]
            try:
                fixtures = generate(_load_yaml(fixtures_path), config, str(fixtures_path))
            except FixtureError as exc:
                raise CliError(str(exc)) from None
        infobase = platform_bridge.start(Infobase(config))
        return cls(infobase, fixtures, Path(args.techlog) if args.techlog else None)

    def module_source(self, source: str, module_name: str) -> str:
        """The module text with the fixture helpers inserted without moving its lines."""
        if self.fixtures is None:
            return source
        # imported here for start-up: the parser only when fixtures are inserted
        from prism_desktop.bsl.parser import parse_module

        lines = source.removeprefix("\ufeff").split("\n")
        tree = parse_module(source, module_name).module
        declarations = self.fixtures.declarations()
        methods = self.fixtures.methods(separator=" ")
        if tree.variables:
            last = max(name.line for v in tree.variables for name in v.names) - 1
            lines[last] = lines[last] + " " + methods
            lines[0] = (declarations + " " if declarations else "") + lines[0]
        else:
            lines[0] = (declarations + " " if declarations else "") + methods + " " + lines[0]
        return "\n".join(lines)

    def before_body(self, engine: Engine, module: BslModule) -> None:
        if self.fixtures is not None:
            engine.call(module, "СоздатьФикстуры")
            self.infobase.techlog.clear()

    @contextlib.contextmanager
    def deadline(self, seconds: float | None) -> Iterator[None]:
        """A wall-clock limit on what runs inside, queries included (the engine's own time checks do
        not see into a query): past it, ExecutionLimit("timeout") is raised, which Попытка cannot
        catch. SIGALRM reaches Python code and a ПОДОБНО regex (it checks signals as it backtracks);
        SQLite's progress handler interrupts a join running in C. An exception raised inside one of
        SQLite's callbacks is swallowed there, so the alarm repeats every few milliseconds until it
        lands in ordinary Python code, and a run that finished meanwhile is still reported as timed
        out. Main thread only (the CLI's)."""
        # imported here for start-up: the engine's values only when a time limit is armed
        from prism_desktop.bsl.values.base import ExecutionLimit

        if seconds is None or not hasattr(signal, "setitimer"):
            yield
            return
        message = f"превышено время исполнения ({seconds:g} с)"
        expired = threading.Event()

        def alarm(_signum: int, _frame: Any) -> None:
            expired.set()
            signal.setitimer(signal.ITIMER_REAL, REARM_S)
            raise ExecutionLimit("timeout", message)

        previous = signal.signal(signal.SIGALRM, alarm)
        signal.setitimer(signal.ITIMER_REAL, seconds)
        self.infobase.db.set_progress_handler(lambda: int(expired.is_set()), 10_000)
        try:
            yield
        except ExecutionLimit:
            raise
        except Exception:
            if expired.is_set():  # SQLite's "interrupted", however the layers above wrapped it
                raise ExecutionLimit("timeout", message) from None
            raise
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
            self.infobase.db.set_progress_handler(None, 0)
        if expired.is_set():
            raise ExecutionLimit("timeout", message)

    def finish(self) -> None:
        try:
            if self.techlog_path is not None:
                write_json_atomic(self.techlog_path, self.infobase.techlog.to_json())
        finally:
            # imported here for start-up: the object model only when --config started an infobase
            from prism_desktop.bsl import platform_bridge

            platform_bridge.stop()
            self.infobase.close()
