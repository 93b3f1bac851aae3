"""The infobase a BSL run works against, and the glue between the platform and the BSL engine:
errors (PlatformError -> BslRuntimeError) and the BSL call stack for the techlog.

One engine run per worker thread/process (as for the engine's meter), so the active session is a
module-level slot: `activate(infobase)` before running modules, `deactivate()` after.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from prism_desktop.bsl.values.base import BslRuntimeError
from prism_desktop.platform.infobase import Infobase
from prism_desktop.platform.infobase_errors import PlatformError

NO_INFOBASE = (
    "Информационная база не подключена: объекты конфигурации (Справочники, Документы, Запрос …) доступны "
    "только при запуске с конфигурацией (--config config_spec.yaml)"
)


class _Active:
    infobase: Infobase | None = None


def activate(infobase: Infobase) -> Infobase:
    """Make `infobase` the one BSL code sees, with BSL-stack attribution of its techlog events."""
    _Active.infobase = infobase
    infobase.techlog.stack_provider = bsl_module_stack
    return infobase


def deactivate() -> None:
    _Active.infobase = None


def current() -> Infobase:
    infobase = _Active.infobase
    if infobase is None:
        raise BslRuntimeError(NO_INFOBASE)
    return infobase


def is_active() -> bool:
    return _Active.infobase is not None


@contextmanager
def platform_errors() -> Iterator[None]:
    """Run infobase code; its PlatformError reaches BSL as a catchable runtime error."""
    try:
        yield
    except PlatformError as exc:
        raise BslRuntimeError(exc.message) from None


T = TypeVar("T")


def guarded(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    with platform_errors():
        return fn(*args, **kwargs)


def bsl_module_stack() -> tuple[str, ...]:
    """The names of the BSL modules on the Python call stack, outermost first (compiled modules run
    under file names "<bsl:N:Имя>", Выполнить snippets under "<bsl-snippet:Имя>")."""
    names: list[str] = []
    frame = sys._getframe(1)
    while frame is not None:
        filename = frame.f_code.co_filename
        if filename.startswith("<bsl"):
            name = _module_name(filename)
            if name and (not names or names[-1] != name):
                names.append(name)
        frame = frame.f_back  # type: ignore[assignment]
    names.reverse()
    return tuple(names)


def _module_name(filename: str) -> str | None:
    if filename.startswith("<bsl:"):
        _, _, rest = filename[5:-1].partition(":")
        return rest or None
    if filename.startswith("<bsl-snippet:"):
        return filename[13:-1] or None
    return None
