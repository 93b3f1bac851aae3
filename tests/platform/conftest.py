"""Shared fixtures of the platform tests: a fresh infobase from a config_spec dict, and running BSL
source against it (the bridge is attached for the test and detached after)."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from prism_desktop.bsl import platform_bridge
from prism_desktop.bsl.engine import BslModule, Engine
from prism_desktop.platform import Infobase, load_configuration
from prism_desktop.platform.fixtures import generate

FIXED_NOW = _dt.datetime(2026, 3, 15, 12, 0, 0)


@dataclass
class BslRun:
    infobase: Infobase
    engine: Engine
    module: BslModule

    @property
    def output(self) -> list[str]:
        return self.engine.output

    def call(self, name: str, *args: Any) -> Any:
        return self.engine.call(self.module, name, list(args))


@pytest.fixture
def infobase_factory() -> Iterator[Callable[[dict[str, Any]], Infobase]]:
    def make(spec: dict[str, Any]) -> Infobase:
        return platform_bridge.start(Infobase(load_configuration(spec), clock=lambda: FIXED_NOW))

    yield make
    platform_bridge.stop()


@pytest.fixture
def run_bsl(infobase_factory: Callable[[dict[str, Any]], Infobase]) -> Callable[..., BslRun]:
    """run_bsl(spec, source, fixtures=None, module="Модуль", body=True): load the module (with the
    fixture helpers in front when fixtures are given), create the fixtures, run the body."""

    def run(
        spec: dict[str, Any],
        source: str,
        fixtures: dict[str, Any] | None = None,
        module: str = "Модуль",
        body: bool = True,
    ) -> BslRun:
        infobase = infobase_factory(spec)
        engine = Engine(clock=lambda: FIXED_NOW)
        text = source
        if fixtures is not None:
            text = generate(fixtures, infobase.config).tests_module(source)
        loaded = engine.load(text, module)
        if fixtures is not None:
            engine.call(loaded, "СоздатьФикстуры")
        if body:
            engine.run_body(loaded)
        return BslRun(infobase, engine, loaded)

    return run
