"""The 1C object model as BSL sees it, over the infobase in prism_desktop.platform.

Importing this package registers the global properties Справочники, Документы, РегистрыНакопления,
РегистрыСведений, РегистрыБухгалтерии, Константы, Перечисления, ПланыСчетов, ПланыВидовХарактеристик
(and their English names) and the system enumerations ВидДвиженияНакопления, ВидДвиженияБухгалтерии,
ВидСчета, РежимЗаписиДокумента, РежимПроведенияДокумента. Import it before loading modules that use
them (the compiler resolves globals at load time).

    from prism_desktop.bsl import platform_bridge
    infobase = platform_bridge.start(Infobase(load_configuration(spec)))   # BSL now sees this infobase
    ... engine.load / engine.call ...
    platform_bridge.stop()

For the query language (Запрос): `session.current()` is the active Infobase; `values.to_bsl` and
`values.from_bsl` convert result cells and parameters; `infobase.techlog.record_query(text, tables,
rows)` logs one executed query.
"""

from __future__ import annotations

from prism_desktop.bsl.platform_bridge.managers import BslManagerCollection
from prism_desktop.bsl.platform_bridge.refs import BslRef, make_ref, ref_class
from prism_desktop.bsl.platform_bridge.session import activate, current, deactivate, is_active
from prism_desktop.bsl.platform_bridge.values import SYSTEM_ENUM_GLOBALS, from_bsl, to_bsl
from prism_desktop.bsl.stdlib.globals import global_property
from prism_desktop.platform import metadata as md
from prism_desktop.platform.infobase import Infobase

__all__ = [
    "BslRef",
    "current",
    "from_bsl",
    "is_active",
    "make_ref",
    "query_registration",
    "query_values",
    "start",
    "stop",
    "to_bsl",
]


def _register_globals() -> None:
    for info in md.KINDS:
        global_property(info.managers, info.managers_en, BslManagerCollection(info))
    for name, (name_en, value) in SYSTEM_ENUM_GLOBALS.items():
        global_property(name, name_en, value)


_register_globals()


def start(infobase: Infobase) -> Infobase:
    """Make the infobase the one BSL code works with; its reference types become known to Тип()."""
    for obj in infobase.config.objects():
        if obj.is_referenced:
            ref_class(obj.kind, obj.name)
    return activate(infobase)


def stop() -> None:
    deactivate()


# Registers Новый Запрос / МенеджерВременныхТаблиц / Граница and the query enumerations.
from prism_desktop.bsl.platform_bridge import query_registration  # noqa: E402
