"""Register managers: РегистрыНакопления.X, РегистрыСведений.X and РегистрыБухгалтерии.X with their
methods. Every read is one data access in the techlog.

The accounting register manager has, as 1C's РегистрБухгалтерииМенеджер (Syntax Assistant):

    Остатки(МоментВремени, ВидыСубконто, Отбор, Измерения, Ресурсы)
    Обороты(НачалоПериода, КонецПериода, ВидыСубконто, ВидыКорСубконто, Отбор, Измерения, Ресурсы)
    ОборотыДтКт(НачалоПериода, КонецПериода, ВидыСубконтоДт, ВидыСубконтоКт, Отбор, Измерения, Ресурсы)

The subconto-kind parameters do not exist when the chart of accounts has no subconto (the later
parameters move up). ОборотыДтКт exists for registers with correspondence only. ОстаткиИОбороты and
ДвиженияССубконто are virtual tables of the query language, not manager methods. Each method runs one
query over the register's virtual table of the same name (one data access) and returns a
ТаблицаЗначений: the grouping columns asked for in Измерения (by default Счет, Субконто<N> and the
register's dimensions — Дт/Кт ones for ОборотыДтКт; КорСчет/КорСубконто<N> of Обороты only on
request), then for each resource in Ресурсы the virtual table's totals: <Ресурс>Остаток,
<Ресурс>ОстатокДт, <Ресурс>ОстатокКт / <Ресурс>Оборот, <Ресурс>ОборотДт, <Ресурс>ОборотКт /
<Ресурс>Оборот. Отбор is a Структура of single values: Счет (СчетДт, СчетКт) becomes the virtual
table's account condition, the other keys its condition.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from prism_desktop.bsl.platform_bridge.manager_base import (
    FIELD_NOT_FOUND,
    WRONG_PARAMETER,
    BslObjectManager,
    date_or_none,
    structure_filters,
    structure_items,
    value_table,
)
from prism_desktop.bsl.platform_bridge.query_object import context_error
from prism_desktop.bsl.platform_bridge.query_result import BslQueryResult
from prism_desktop.bsl.platform_bridge.query_values import BslBoundary, parameter_from_bsl
from prism_desktop.bsl.platform_bridge.records import BslRecordManager, BslRecordSet, record_set
from prism_desktop.bsl.platform_bridge.session import current, guarded
from prism_desktop.bsl.platform_bridge.values import from_bsl, to_bsl
from prism_desktop.bsl.runtime import METHOD_NOT_FOUND, TOO_MANY_ARGS
from prism_desktop.bsl.stdlib.collections import BslArray, BslFixedArray, BslStructure, BslValueTable
from prism_desktop.bsl.values.base import BslObject, BslRuntimeError, method
from prism_desktop.platform import metadata as md
from prism_desktop.platform.query import QueryError, execute
from prism_desktop.platform.query.virtual_tables import accounting_slots
from prism_desktop.platform.refs import RefKey


def column_names(value: Any, param_no: int, allowed: list[str], default: list[str]) -> list[str]:
    """Измерения / Ресурсы: a comma-separated string of names from `allowed` (spelled as the metadata
    spells them); Неопределено or an empty string mean `default`."""
    if value is None:
        return default
    if not isinstance(value, str):
        raise BslRuntimeError(WRONG_PARAMETER.format(param_no))
    by_norm = {md.norm(name): name for name in allowed}
    chosen = []
    for part in value.split(","):
        name = part.strip()
        if name:
            if md.norm(name) not in by_norm:
                raise BslRuntimeError(FIELD_NOT_FOUND.format(name))
            chosen.append(by_norm[md.norm(name)])
    return chosen or default


class BslRegisterManager(BslObjectManager):
    __slots__ = ()

    @method("СоздатьНаборЗаписей", "CreateRecordSet")
    def create_record_set(self) -> BslRecordSet:
        assert isinstance(self.meta, md.Register)
        return record_set(self.meta)

    def _columns(self, names: Any, param_no: int, default: list[md.Field]) -> list[str]:
        return column_names(names, param_no, [f.name for f in self.meta.fields], [f.name for f in default])


class BslAccumulationRegisterManager(BslRegisterManager):
    TYPE_RU = "РегистрНакопленияМенеджер"
    TYPE_EN = "AccumulationRegisterManager"
    __slots__ = ()

    def _register(self) -> md.AccumulationRegister:
        assert isinstance(self.meta, md.AccumulationRegister)
        return self.meta

    def _result(
        self, rows: list[dict[str, Any]], dimensions: Any, resources: Any, param_no: int
    ) -> BslValueTable:
        register = self._register()
        dims = self._columns(dimensions, param_no, register.dimensions())
        res = self._columns(resources, param_no + 1, register.resources())
        grouped: dict[tuple[Any, ...], dict[str, Any]] = {}
        for row in rows:
            key = tuple(repr(row[d]) for d in dims)
            entry = grouped.setdefault(key, {**{d: row[d] for d in dims}, **{r: 0 for r in res}})
            for r in res:
                entry[r] += row[r]
        return value_table(dims + res, list(grouped.values()))

    @method("Остатки", "Balance")
    def balance(
        self, period: Any = None, selection_filter: Any = None, dimensions: Any = None, resources: Any = None
    ) -> BslValueTable:
        """Columns: the dimensions and the resources (their balances) — one data access."""
        register = self._register()
        if not register.is_balance:
            raise BslRuntimeError(METHOD_NOT_FOUND.format("Остатки"))
        rows = guarded(
            current().registers.balances,
            register,
            date_or_none(period),
            structure_filters(register, selection_filter, 2),
        )
        return self._result(rows, dimensions, resources, 3)

    @method("Обороты", "Turnovers")
    def turnovers(
        self,
        start: Any = None,
        end: Any = None,
        selection_filter: Any = None,
        dimensions: Any = None,
        resources: Any = None,
    ) -> BslValueTable:
        """Columns: the dimensions and the resources (their net turnovers) — one data access."""
        register = self._register()
        rows = guarded(
            current().registers.turnovers,
            register,
            date_or_none(start),
            date_or_none(end, 2),
            structure_filters(register, selection_filter, 3),
        )
        return self._result(rows, dimensions, resources, 4)


class BslInformationRegisterManager(BslRegisterManager):
    TYPE_RU = "РегистрСведенийМенеджер"
    TYPE_EN = "InformationRegisterManager"
    __slots__ = ()

    def _register(self) -> md.InformationRegister:
        assert isinstance(self.meta, md.InformationRegister)
        return self.meta

    @method("СоздатьМенеджерЗаписи", "CreateRecordManager")
    def create_record_manager(self) -> BslRecordManager:
        register = self._register()
        if register.has_recorder:
            raise BslRuntimeError(METHOD_NOT_FOUND.format("СоздатьМенеджерЗаписи"))
        return BslRecordManager(register)

    def _slice(self, period: Any, selection_filter: Any, last: bool) -> list[dict[str, Any]]:
        register = self._register()
        if not register.is_periodic:
            raise BslRuntimeError(METHOD_NOT_FOUND.format("СрезПоследних" if last else "СрезПервых"))
        return guarded(
            current().registers.slice,
            register,
            date_or_none(period),
            structure_filters(register, selection_filter, 2),
            last,
        )

    def _slice_table(self, period: Any, selection_filter: Any, last: bool) -> BslValueTable:
        register = self._register()
        return value_table([f.name for f in register.fields], self._slice(period, selection_filter, last))

    @method("СрезПоследних", "SliceLast")
    def slice_last(self, period: Any = None, selection_filter: Any = None) -> BslValueTable:
        return self._slice_table(period, selection_filter, True)

    @method("СрезПервых", "SliceFirst")
    def slice_first(self, period: Any = None, selection_filter: Any = None) -> BslValueTable:
        return self._slice_table(period, selection_filter, False)

    def _resources(self, row: dict[str, Any] | None) -> BslStructure:
        register = self._register()
        fields = register.resources() + register.attributes()
        return BslStructure.from_pairs(
            [(f.name, to_bsl(row[f.name] if row is not None else f.type.default())) for f in fields]
        )

    @method("ПолучитьПоследнее", "GetLast")
    def get_last(self, period: Any = None, selection_filter: Any = None) -> BslStructure:
        rows = self._slice(period, selection_filter, True)
        return self._resources(rows[0] if rows else None)

    @method("ПолучитьПервое", "GetFirst")
    def get_first(self, period: Any = None, selection_filter: Any = None) -> BslStructure:
        rows = self._slice(period, selection_filter, False)
        return self._resources(rows[0] if rows else None)

    @method("Получить", "Get")
    def get(self, selection_filter: Any = None) -> BslStructure:
        register = self._register()
        rows = guarded(
            current().registers.read_records,
            register,
            structure_filters(register, selection_filter, 1),
            f"{register.full_name}.Получить",
        )
        return self._resources(rows[-1] if rows else None)


# --- accounting registers --------------------------------------------------------------------


def _account_keys(prefix: str, suffix: str, register: md.AccountingRegister) -> list[str]:
    """Счет and Субконто1…N of one side: ("", "") Счет, ("Кор", "") КорСчет, ("", "Дт") СчетДт."""
    count = register.ext_dimension_count
    return [f"{prefix}Счет{suffix}", *(f"{prefix}Субконто{suffix}{i}" for i in range(1, count + 1))]


@dataclass(frozen=True)
class _Totals:
    """One accounting manager method and the virtual table of the same name it reads.

    The manager's parameters are: one per `periods` entry, one per `kinds` entry (when the chart has
    subconto), Отбор, Измерения, Ресурсы; each entry is the index of the virtual-table argument it
    fills."""

    name: str
    periods: tuple[int, ...]
    kinds: tuple[int, ...]
    accounts: dict[str, int]  # Отбор keys that go to an account condition (argument index)
    condition: int  # the virtual table's Условие: the other Отбор keys
    sides: tuple[tuple[str, str], ...]  # the account columns grouped by default
    correspondent: bool  # КорСчет, КорСубконто<N> may be asked for (registers with correspondence)
    suffixes: tuple[str, ...]  # the total columns of each resource

    def keys(self, register: md.AccountingRegister) -> tuple[list[str], list[str]]:
        """The grouping columns: (allowed, default)."""
        dims = [d.name for d in register.dimensions()]
        default = [key for prefix, suffix in self.sides for key in _account_keys(prefix, suffix, register)]
        default += dims
        extra = _account_keys("Кор", "", register) if self.correspondent and register.correspondence else []
        return default + extra, default


_BALANCE = _Totals(
    name="Остатки",
    periods=(0,),
    kinds=(2,),
    accounts={"Счет": 1},
    condition=3,
    sides=(("", ""),),
    correspondent=False,
    suffixes=("Остаток", "ОстатокДт", "ОстатокКт"),
)
_TURNOVERS = _Totals(
    name="Обороты",
    periods=(0, 1),
    kinds=(4, 7),
    accounts={"Счет": 3},
    condition=5,
    sides=(("", ""),),
    correspondent=True,
    suffixes=("Оборот", "ОборотДт", "ОборотКт"),
)
_DRCR_TURNOVERS = _Totals(
    name="ОборотыДтКт",
    periods=(0, 1),
    kinds=(4, 6),
    accounts={"СчетДт": 3, "СчетКт": 5},
    condition=7,
    sides=(("", "Дт"), ("", "Кт")),
    correspondent=False,
    suffixes=("Оборот",),
)


class _TotalsQuery:
    """The query text over one virtual table and its parameters, built from a manager call."""

    def __init__(self, register: md.AccountingRegister, totals: _Totals):
        self.register = register
        self.totals = totals
        self.params: dict[str, Any] = {}
        self.args: dict[int, str] = {}
        self.conditions: defaultdict[int, list[str]] = defaultdict(list)

    def bind(self, value: Any) -> str:
        name = f"Параметр{len(self.params) + 1}"
        self.params[name] = value
        return "&" + name

    def period(self, index: int, value: Any, param_no: int) -> None:
        """A moment: Дата, Граница or a document; Неопределено leaves the period open."""
        moment = (
            parameter_from_bsl(value) if isinstance(value, BslBoundary) else date_or_none(value, param_no)
        )
        if moment is not None:
            self.args[index] = self.bind(moment)

    def kinds(self, index: int, value: Any, param_no: int) -> None:
        """Виды субконто: a reference to a kind of the chart's subconto, or an array of them."""
        if value is None:
            return
        items = list(value.bsl_iter()) if isinstance(value, (BslArray, BslFixedArray)) else [value]
        keys = [from_bsl(item) for item in items]
        chart = current().config.find(md.CHART_OF_ACCOUNTS, self.register.chart_of_accounts)
        kinds_chart = chart.ext_dimension_types if isinstance(chart, md.ChartOfAccounts) else None
        if not all(
            isinstance(k, RefKey) and k.kind == md.CHART_OF_CHARACTERISTIC_TYPES and k.name == kinds_chart
            for k in keys
        ):
            raise BslRuntimeError(WRONG_PARAMETER.format(param_no))
        if keys:
            self.args[index] = self.bind(keys)

    def selection(self, value: Any, param_no: int, allowed: list[str]) -> None:
        """Отбор: each key equal to its single value."""
        by_norm = {md.norm(name): name for name in allowed}
        for key, item in structure_items(value, param_no):
            name = by_norm.get(md.norm(key))
            if name is None:
                raise BslRuntimeError(FIELD_NOT_FOUND.format(key))
            converted = from_bsl(item)
            if isinstance(converted, BslObject):  # a collection (Массив …) is no single value
                raise BslRuntimeError(WRONG_PARAMETER.format(param_no))
            index = self.totals.accounts.get(name, self.totals.condition)
            self.conditions[index].append(f"{name} = {self.bind(converted)}")

    def text(self, columns: list[str]) -> str:
        args = dict(self.args)
        args.update({i: " И ".join(parts) for i, parts in self.conditions.items()})
        written = [args.get(i, "") for i in accounting_slots(self.register, self.totals.name)]
        while written and not written[-1]:
            written.pop()
        listed = ", ".join(written)
        table = f"РегистрБухгалтерии.{self.register.name}.{self.totals.name}({listed})"
        return f"ВЫБРАТЬ {', '.join(f'Т.{c} КАК {c}' for c in columns)} ИЗ {table} КАК Т"


class BslAccountingRegisterManager(BslRegisterManager):
    TYPE_RU = "РегистрБухгалтерииМенеджер"
    TYPE_EN = "AccountingRegisterManager"
    __slots__ = ()

    def _register(self) -> md.AccountingRegister:
        assert isinstance(self.meta, md.AccountingRegister)
        return self.meta

    @method("Остатки", "Balance")
    def balance(self, *args: Any) -> BslValueTable:
        return self._totals(_BALANCE, args)

    @method("Обороты", "Turnovers")
    def turnovers(self, *args: Any) -> BslValueTable:
        return self._totals(_TURNOVERS, args)

    @method("ОборотыДтКт", "DrCrTurnovers")
    def drcr_turnovers(self, *args: Any) -> BslValueTable:
        if not self._register().correspondence:
            raise BslRuntimeError(METHOD_NOT_FOUND.format("ОборотыДтКт"))
        return self._totals(_DRCR_TURNOVERS, args)

    def _totals(self, totals: _Totals, args: tuple[Any, ...]) -> BslValueTable:
        register = self._register()
        kinds = totals.kinds if register.ext_dimension_count else ()
        count = len(totals.periods) + len(kinds) + 3
        if len(args) > count:
            raise BslRuntimeError(TOO_MANY_ARGS)
        values = [*args, *([None] * (count - len(args)))]
        query = _TotalsQuery(register, totals)
        for no, index in enumerate(totals.periods, start=1):
            query.period(index, values[no - 1], no)
        for no, index in enumerate(kinds, start=len(totals.periods) + 1):
            query.kinds(index, values[no - 1], no)
        allowed, default = totals.keys(register)
        query.selection(values[count - 3], count - 2, allowed)
        dims = column_names(values[count - 2], count - 1, allowed, default)
        names = [r.name for r in register.resources()]
        resources = column_names(values[count - 1], count, names, names)
        text = query.text(dims + [r + suffix for r in resources for suffix in totals.suffixes])
        try:
            result = guarded(execute, current(), text, query.params)
        except QueryError as exc:
            raise context_error(totals.name, exc.describe()) from None
        return BslQueryResult(result).unload()
