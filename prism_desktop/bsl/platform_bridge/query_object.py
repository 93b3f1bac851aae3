"""Запрос and МенеджерВременныхТаблиц as BSL objects.

    Запрос = Новый Запрос("ВЫБРАТЬ …");  Запрос.УстановитьПараметр("Дата", Д);
    Результат = Запрос.Выполнить();        // РезультатЗапроса of the last statement
    Результаты = Запрос.ВыполнитьПакет();  // Массив of РезультатЗапроса, one per statement

A query error reaches BSL as 1C words it: "Ошибка при вызове метода контекста (Выполнить): " followed by
the positioned query message ("{(3, 5)}: Поле не найдено "Т.Цвет"" and the quoted line).
"""

from __future__ import annotations

from typing import Any

from prism_desktop.bsl.platform_bridge.query_result import BslQueryResult
from prism_desktop.bsl.platform_bridge.query_values import parameter_from_bsl
from prism_desktop.bsl.platform_bridge.session import current
from prism_desktop.bsl.stdlib.collections import BslArray, BslStructure
from prism_desktop.bsl.values.base import BslObject, BslRuntimeError, method, prop
from prism_desktop.bsl.values.presentation import to_string
from prism_desktop.platform.infobase import Infobase
from prism_desktop.platform.infobase_errors import PlatformError
from prism_desktop.platform.query import QueryError, QueryResult, TempTables, execute_batch

CONTEXT_ERROR = "Ошибка при вызове метода контекста ({}): {}"


def context_error(method_name: str, message: str) -> BslRuntimeError:
    return BslRuntimeError(CONTEXT_ERROR.format(method_name, message))


class BslTempTablesManager(BslObject):
    """МенеджерВременныхТаблиц: temporary tables that outlive one query execution."""

    TYPE_RU = "МенеджерВременныхТаблиц"
    TYPE_EN = "TempTablesManager"
    __slots__ = ("infobase", "tables")

    def __init__(self) -> None:
        self.infobase: Infobase | None = None
        self.tables: TempTables | None = None

    @classmethod
    def construct(cls, args: list[Any]) -> BslTempTablesManager:
        if args:
            raise BslRuntimeError("Слишком много фактических параметров")
        return cls()

    def for_infobase(self, infobase: Infobase) -> TempTables:
        if self.tables is None or self.infobase is not infobase:
            self.infobase = infobase
            self.tables = TempTables(infobase.db)
        return self.tables

    @method("Закрыть", "Close")
    def close(self) -> None:
        if self.tables is not None:
            self.tables.close()

    @prop("Таблицы", "Tables")
    def table_names(self) -> BslArray:
        return BslArray.from_values(self.tables.names() if self.tables is not None else [])


class BslQuery(BslObject):
    TYPE_RU = "Запрос"
    TYPE_EN = "Query"
    __slots__ = ("manager", "parameters", "text")

    def __init__(self, text: str = "", manager: BslTempTablesManager | None = None):
        self.text = text
        self.parameters = BslStructure()
        self.manager = manager

    @classmethod
    def construct(cls, args: list[Any]) -> BslQuery:
        if len(args) > 2:
            raise BslRuntimeError("Слишком много фактических параметров")
        text = args[0] if args else None
        manager = args[1] if len(args) > 1 else None
        if manager is not None and not isinstance(manager, BslTempTablesManager):
            raise BslRuntimeError("Несоответствие типов (параметр номер '2')")
        return cls("" if text is None else to_string(text), manager)

    @prop("Текст", "Text", settable=True)
    def prop_text(self) -> str:
        return self.text

    def set_prop_text(self, value: Any) -> None:
        self.text = "" if value is None else to_string(value)

    @prop("Параметры", "Parameters")
    def prop_parameters(self) -> BslStructure:
        return self.parameters

    @prop("МенеджерВременныхТаблиц", "TempTablesManager", settable=True)
    def prop_manager(self) -> BslTempTablesManager | None:
        return self.manager

    def set_prop_manager(self, value: Any) -> None:
        if value is not None and not isinstance(value, BslTempTablesManager):
            raise BslRuntimeError("Несоответствие типов")
        self.manager = value

    @method("УстановитьПараметр", "SetParameter")
    def set_parameter(self, name: Any, value: Any) -> None:
        self.parameters.insert(name, value)

    @method("Выполнить", "Execute")
    def execute(self) -> BslQueryResult:
        return BslQueryResult(self._run("Выполнить")[-1])

    @method("ВыполнитьПакет", "ExecuteBatch")
    def execute_batch(self) -> BslArray:
        return BslArray.from_values(BslQueryResult(r) for r in self._run("ВыполнитьПакет"))

    def _run(self, method_name: str) -> list[QueryResult]:
        infobase = current()
        params = {key: parameter_from_bsl(value) for key, value in self.parameters.fields.values()}
        temp = self.manager.for_infobase(infobase) if self.manager is not None else None
        try:
            return execute_batch(infobase, self.text, params, temp)
        except QueryError as exc:
            raise context_error(method_name, exc.describe()) from None
        except PlatformError as exc:
            raise context_error(method_name, exc.message) from None
