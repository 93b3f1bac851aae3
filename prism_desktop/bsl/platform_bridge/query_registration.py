"""Registration of the query objects with the BSL engine: the constructors `Новый Запрос`,
`Новый МенеджерВременныхТаблиц`, `Новый Граница` and the global enumerations ОбходРезультатаЗапроса,
ТипЗаписиЗапроса, ВидГраницы. Importing this module registers them (idempotently); it must be imported
before modules using them are loaded, as the compiler resolves globals at load time — the
platform_bridge package imports it.
"""

from __future__ import annotations

from prism_desktop.bsl.platform_bridge.query_object import BslQuery, BslTempTablesManager
from prism_desktop.bsl.platform_bridge.query_result import (
    BslQueryResult,
    BslQueryResultColumn,
    BslQueryResultColumns,
    BslQuerySelection,
)
from prism_desktop.bsl.platform_bridge.query_values import BOUNDARY_TYPE, RECORD_TYPE, TRAVERSAL, BslBoundary
from prism_desktop.bsl.stdlib.globals import global_property
from prism_desktop.bsl.stdlib.types import register_constructor

__all__ = [
    "BslBoundary",
    "BslQuery",
    "BslQueryResult",
    "BslQueryResultColumn",
    "BslQueryResultColumns",
    "BslQuerySelection",
    "BslTempTablesManager",
    "register",
]


def register() -> None:
    for cls in (BslQuery, BslTempTablesManager, BslBoundary):
        register_constructor((cls.TYPE_RU, cls.TYPE_EN), cls.construct)
    global_property("ОбходРезультатаЗапроса", "QueryResultIteration", TRAVERSAL)
    global_property("ТипЗаписиЗапроса", "QueryRecordType", RECORD_TYPE)
    global_property("ВидГраницы", "BoundaryType", BOUNDARY_TYPE)


register()
