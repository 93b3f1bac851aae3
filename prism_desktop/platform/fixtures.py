"""fixtures.yaml (a parsed dict) -> the BSL helpers PRISM generates for the module Тесты: `Спр()` and
`СоздатьФикстуры()`, with every fixture `ref` declared as a module variable (PRISM_FORMAT.md §1.8).

Generating BSL (rather than loading rows from Python) keeps the observable behaviour of PRISM's
harness: fixtures are created through the same object model the candidate uses, and the data
accesses they make belong to the module Тесты. Blocks run in the fixed order catalogs,
characteristics, accounts, register_records, info_records, info_register_records,
accounting_records, constants; `expected` is documentation and is ignored.

Every problem PRISM would only meet at run time in 1C (an unknown catalog, attribute, register or
field, a parent declared later, a missing registrar) is a FixtureError naming the key path here.
"""

from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Final

from prism_desktop.errors import InputError
from prism_desktop.platform import metadata as md
from prism_desktop.platform.types import SYSTEM_ENUMS

BLOCKS: Final = (
    "catalogs",
    "characteristics",
    "accounts",
    "register_records",
    "info_records",
    "info_register_records",
    "accounting_records",
    "constants",
)
DOCUMENTATION_KEYS: Final = ("expected",)
REGISTRAR_MARK: Final = "$регистратор"
_IDENT = re.compile(r"^[A-Za-zА-Яа-яЁё_][A-Za-zА-Яа-яЁё_0-9]*$")
# locals of СоздатьФикстуры; a fixture ref may not take these names
_LOCALS: Final = ("ФиксОбъект", "ФиксСтрока", "ФиксДокумент", "ФиксНабор", "ФиксЗапись", "ФиксМенеджер")

SPR_FUNCTION: Final = (
    "Функция Спр(ИмяСправочника, Наименование) Экспорт",
    "\tВозврат Справочники[ИмяСправочника].НайтиПоНаименованию(Наименование, Истина);",
    "КонецФункции",
)


class FixtureError(InputError):
    def __init__(self, path: str, found: Any, expected: str, source: str = "fixtures.yaml"):
        self.path = path
        text = repr(found)
        super().__init__(
            f"{source}: {path}: found {text if len(text) <= 80 else text[:77] + '...'}, expected {expected}"
        )


@dataclass
class FixtureModule:
    """The generated helpers: module variables (one per fixture ref) and the two methods."""

    variables: list[str] = field(default_factory=list)
    body: list[str] = field(default_factory=list)  # statements of СоздатьФикстуры

    def declarations(self) -> str:
        return f"Перем {', '.join(self.variables)};" if self.variables else ""

    def methods(self, separator: str = "\n") -> str:
        lines = [
            *SPR_FUNCTION,
            "",
            "Процедура СоздатьФикстуры() Экспорт",
            *(f"\t{line}" for line in self.body),
            "КонецПроцедуры",
            "",
        ]
        return separator.join(line for line in lines if separator == "\n" or line.strip())

    def prelude(self, separator: str = "\n") -> str:
        """Declarations then methods. With separator " " the prelude fits on one line, so inserting
        it in front of a module leaves the module's line numbers unchanged."""
        declarations = self.declarations()
        return (declarations + separator if declarations else "") + self.methods(separator)

    def tests_module(self, tests_bsl: str) -> str:
        """The module Тесты as PRISM builds it: the generated helpers, then tests.bsl."""
        return self.prelude() + "\n" + tests_bsl.removeprefix("\ufeff")


def generate(fixtures: Any, config: md.Configuration, source: str = "fixtures.yaml") -> FixtureModule:
    return _Generator(config, source).run(fixtures)


def bsl_string(text: str) -> str:
    quoted = '"' + text.replace('"', '""') + '"'
    return quoted.replace("\r\n", "\n").replace("\n", '" + Символы.ПС + "')


class _Generator:
    def __init__(self, config: md.Configuration, source: str):
        self.config = config
        self.source = source
        self.module = FixtureModule()
        self.refs: set[str] = set()

    def error(self, path: str, found: Any, expected: str) -> FixtureError:
        return FixtureError(path, found, expected, self.source)

    def emit(self, line: str) -> None:
        self.module.body.append(line)

    def run(self, fixtures: Any) -> FixtureModule:
        if fixtures is None:
            return self.module
        if not isinstance(fixtures, dict):
            raise self.error("", fixtures, "a mapping of blocks: " + ", ".join(BLOCKS))
        for key in fixtures:
            if key not in BLOCKS and key not in DOCUMENTATION_KEYS:
                raise self.error(
                    str(key), fixtures[key], "one of the blocks " + ", ".join(BLOCKS + DOCUMENTATION_KEYS)
                )
        handlers = {
            "catalogs": self.catalogs,
            "characteristics": self.characteristics,
            "accounts": self.accounts,
            "register_records": self.register_records,
            "info_records": self.info_records,
            "info_register_records": self.info_register_records,
            "accounting_records": self.accounting_records,
            "constants": self.constants,
        }
        for block in BLOCKS:
            if fixtures.get(block) is not None:
                handlers[block](fixtures[block], block)
        return self.module

    # --- helpers ----------------------------------------------------------------------------
    def mapping(self, value: Any, path: str, expected: str) -> dict[Any, Any]:
        if not isinstance(value, dict):
            raise self.error(path, value, expected)
        return value

    def items(self, value: Any, path: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.error(path, value, "a list of items")
        for i, item in enumerate(value):
            if not isinstance(item, dict):
                raise self.error(f"{path}[{i}]", item, "a mapping of fields")
        return value

    def meta(self, kind: str, name: Any, path: str) -> Any:
        obj = self.config.find(kind, name) if isinstance(name, str) else None
        if obj is None:
            declared = ", ".join(o.name for o in self.config.of_kind(kind)) or "(none declared)"
            raise self.error(path, name, f"a {kind} of the configuration: {declared}")
        return obj

    def declare(self, ref: Any, path: str) -> str | None:
        if ref is None:
            return None
        if not isinstance(ref, str) or not _IDENT.match(ref) or ref in _LOCALS:
            raise self.error(path, ref, "an identifier usable as a BSL variable name")
        if ref in self.refs:
            raise self.error(path, ref, "a ref not used by an earlier item")
        self.refs.add(ref)
        self.module.variables.append(ref)
        return ref

    def write_object(self, item: dict[str, Any], path: str) -> None:
        """Write the object being filled; an item naming a ref keeps the object's Ссылка in it."""
        self.emit("ФиксОбъект.Записать();")
        ref = self.declare(item.get("ref"), f"{path}.ref")
        if ref is not None:
            self.emit(f"{ref} = ФиксОбъект.Ссылка;")

    def known_ref(self, value: Any, path: str) -> str:
        if not isinstance(value, str) or value not in self.refs:
            raise self.error(path, value, "the ref of an item declared earlier")
        return value

    def literal(self, value: Any, marks: dict[str, str] | None = None) -> str:
        """A fixture value as BSL (PRISM's resolution order)."""
        if isinstance(value, str):
            if marks and value in marks:
                return marks[value]
            if value in self.refs:
                return value
            if value.startswith(("Перечисления.", "Справочники.")):
                return value
            return bsl_string(value)
        if isinstance(value, _dt.datetime):
            time = f"{value.hour}, {value.minute}, {value.second}"
            return f"Дата({value.year}, {value.month}, {value.day}, {time})"
        if isinstance(value, _dt.date):
            return f"Дата({value.year}, {value.month}, {value.day})"
        if isinstance(value, bool):
            return "Истина" if value else "Ложь"
        if isinstance(value, int):
            return str(value)
        if isinstance(value, float | Decimal):
            return format(Decimal(str(value)), "f")
        if value is None:
            return "Неопределено"
        return bsl_string(str(value))

    def field_of(self, meta: md.MetaObject, name: Any, path: str) -> md.Field:
        f = meta.field(name) if isinstance(name, str) else None
        if f is None or f.name == "Ссылка":
            names = ", ".join(x.name for x in meta.fields if x.name != "Ссылка")
            raise self.error(path, name, f"a field of {meta.full_name}: {names}")
        return f

    # --- blocks -----------------------------------------------------------------------------
    def catalogs(self, block: Any, path: str) -> None:
        for name, items in self.mapping(block, path, "a mapping of catalog names to item lists").items():
            where = f"{path}.{name}"
            catalog = self.meta(md.CATALOG, name, where)
            for i, item in enumerate(self.items(items, where)):
                self.catalog_item(catalog, item, f"{where}[{i}]")

    def catalog_item(self, catalog: md.Catalog, item: dict[str, Any], path: str) -> None:
        folder = item.get("isFolder", False)
        if not isinstance(folder, bool):
            raise self.error(f"{path}.isFolder", folder, "true or false")
        if folder and not catalog.hierarchical:
            raise self.error(f"{path}.isFolder", folder, f"false: catalog {catalog.name} is not hierarchical")
        maker = "СоздатьГруппу" if folder else "СоздатьЭлемент"
        self.emit(f"ФиксОбъект = Справочники.{catalog.name}.{maker}();")
        if "Наименование" in item:
            self.emit(f"ФиксОбъект.Наименование = {self.literal(item['Наименование'])};")
        for key, column in (("parent", "Родитель"), ("owner", "Владелец")):
            if key in item:
                if catalog.field(column) is None:
                    raise self.error(
                        f"{path}.{key}", item[key], f"no {key}: catalog {catalog.name} has no {column}"
                    )
                self.emit(f"ФиксОбъект.{column} = {self.known_ref(item[key], f'{path}.{key}')};")
        for key, value in item.items():
            if key in ("ref", "Наименование", "isFolder", "parent", "owner"):
                continue
            if isinstance(value, list):
                self.tabular_rows(catalog, key, value, f"{path}.{key}")
                continue
            f = self.field_of(catalog, key, f"{path}.{key}")
            self.emit(f"ФиксОбъект.{f.name} = {self.literal(value)};")
        self.write_object(item, path)

    def tabular_rows(self, owner: md.MetaObject, name: str, rows: list[Any], path: str) -> None:
        section = owner.tabular_section(name)
        if section is None:
            sections = ", ".join(owner.tabular_sections) or "(none)"
            raise self.error(path, name, f"a tabular section of {owner.full_name}: {sections}")
        for i, row in enumerate(rows):
            where = f"{path}[{i}]"
            if not isinstance(row, dict):
                raise self.error(where, row, "a mapping of column -> value")
            self.emit(f"ФиксСтрока = ФиксОбъект.{section.name}.Добавить();")
            for column, value in row.items():
                f = section.field(column) if isinstance(column, str) else None
                if f is None or f.name in ("Ссылка", "НомерСтроки"):
                    raise self.error(
                        f"{where}.{column}", column, f"a column of {owner.full_name}.{section.name}"
                    )
                self.emit(f"ФиксСтрока.{f.name} = {self.literal(value)};")

    def characteristics(self, block: Any, path: str) -> None:
        for name, items in self.mapping(block, path, "a mapping of chart names to item lists").items():
            where = f"{path}.{name}"
            chart = self.meta(md.CHART_OF_CHARACTERISTIC_TYPES, name, where)
            for i, item in enumerate(self.items(items, where)):
                item_path = f"{where}[{i}]"
                self.emit(f"ФиксОбъект = ПланыВидовХарактеристик.{chart.name}.СоздатьЭлемент();")
                for key, value in item.items():
                    if key == "ref":
                        continue
                    if key == "ТипЗначения":
                        if not isinstance(value, str):
                            raise self.error(f"{item_path}.ТипЗначения", value, "a type name string")
                        self.emit(f"ФиксОбъект.ТипЗначения = Новый ОписаниеТипов({bsl_string(value)});")
                        continue
                    f = self.field_of(chart, key, f"{item_path}.{key}")
                    self.emit(f"ФиксОбъект.{f.name} = {self.literal(value)};")
                self.write_object(item, item_path)

    def accounts(self, block: Any, path: str) -> None:
        for name, items in self.mapping(
            block, path, "a mapping of chart-of-accounts names to account lists"
        ).items():
            where = f"{path}.{name}"
            chart = self.meta(md.CHART_OF_ACCOUNTS, name, where)
            for i, item in enumerate(self.items(items, where)):
                self.account(chart, item, f"{where}[{i}]")

    def account(self, chart: md.ChartOfAccounts, item: dict[str, Any], path: str) -> None:
        code = item.get("Код")
        if not isinstance(code, str | int) or isinstance(code, bool):
            raise self.error(f"{path}.Код", code, "the account code (a string)")
        self.emit(f"ФиксОбъект = ПланыСчетов.{chart.name}.СоздатьСчет();")
        self.emit(f"ФиксОбъект.Код = {bsl_string(str(code))};")
        self.emit(f"ФиксОбъект.Наименование = {self.literal(item.get('Наименование', str(code)))};")
        kind = item.get("Вид")
        if kind is not None:
            if kind not in SYSTEM_ENUMS["ВидСчета"]:
                raise self.error(f"{path}.Вид", kind, "Активный, Пассивный or АктивноПассивный")
            self.emit(f"ФиксОбъект.Вид = ВидСчета.{kind};")
        if "parent" in item:
            self.emit(f"ФиксОбъект.Родитель = {self.known_ref(item['parent'], f'{path}.parent')};")
        subconto = item.get("subconto", [])
        if subconto:
            if chart.ext_dimension_types is None:
                raise self.error(
                    f"{path}.subconto",
                    subconto,
                    f"no subconto: chart {chart.name} has no ext_dimension_types",
                )
            if not isinstance(subconto, list) or len(subconto) > chart.max_ext_dimension_count:
                raise self.error(
                    f"{path}.subconto",
                    subconto,
                    f"a list of at most {chart.max_ext_dimension_count} characteristic refs",
                )
            for j, kind_ref in enumerate(subconto):
                self.emit("ФиксСтрока = ФиксОбъект.ВидыСубконто.Добавить();")
                self.emit(f"ФиксСтрока.ВидСубконто = {self.known_ref(kind_ref, f'{path}.subconto[{j}]')};")
        for key, value in item.items():
            if key in ("ref", "Код", "Наименование", "Вид", "parent", "subconto"):
                continue
            f = self.field_of(chart, key, f"{path}.{key}")
            self.emit(f"ФиксОбъект.{f.name} = {self.literal(value)};")
        self.write_object(item, path)

    def registrar_block(
        self, block: Any, path: str, kind: str
    ) -> list[tuple[md.Register, md.Document, list[Any], str]]:
        result = []
        for name, body in self.mapping(
            block, path, "a mapping of register names to {registrar, records}"
        ).items():
            where = f"{path}.{name}"
            register = self.meta(kind, name, where)
            spec = self.mapping(body, where, "{registrar: <Документ>, records: [...]}")
            for key in spec:
                if key not in ("registrar", "records"):
                    raise self.error(f"{where}.{key}", spec[key], "only registrar and records")
            document = self.meta(md.DOCUMENT, spec.get("registrar"), f"{where}.registrar")
            if document.name not in register.registrars:
                raise self.error(
                    f"{where}.registrar",
                    document.name,
                    f"a document recording to {register.full_name}: {', '.join(register.registrars)}",
                )
            result.append(
                (
                    register,
                    document,
                    self.items(spec.get("records", []), f"{where}.records"),
                    f"{where}.records",
                )
            )
        return result

    def open_registrar(self, document: md.Document, record: dict[str, Any]) -> None:
        self.emit(f"ФиксДокумент = Документы.{document.name}.СоздатьДокумент();")
        date = self.literal(record["Период"]) if "Период" in record else "ТекущаяДата()"
        self.emit(f"ФиксДокумент.Дата = {date};")
        self.emit("ФиксДокумент.Записать();")

    def record_fields(
        self, register: md.Register, record: dict[str, Any], path: str, skip: tuple[str, ...]
    ) -> None:
        marks = {REGISTRAR_MARK: "ФиксДокумент.Ссылка"}
        for key, value in record.items():
            if key in skip:
                continue
            f = self.field_of(register, key, f"{path}.{key}")
            if f.name in ("Регистратор", "НомерСтроки"):
                raise self.error(
                    f"{path}.{key}", key, "a dimension, resource or attribute (Регистратор is set for you)"
                )
            self.emit(f"ФиксЗапись.{f.name} = {self.literal(value, marks)};")

    def register_records(self, block: Any, path: str) -> None:
        for register, document, records, where in self.registrar_block(block, path, md.ACCUMULATION_REGISTER):
            assert isinstance(register, md.AccumulationRegister)
            for i, record in enumerate(records):
                self.recorded(register, document, record, f"{where}[{i}]", "РегистрыНакопления")

    def recorded(
        self, register: md.Register, document: md.Document, record: dict[str, Any], path: str, managers: str
    ) -> None:
        self.open_registrar(document, record)
        self.emit(f"ФиксНабор = {managers}.{register.name}.СоздатьНаборЗаписей();")
        self.emit("ФиксНабор.Отбор.Регистратор.Установить(ФиксДокумент.Ссылка);")
        self.emit("ФиксЗапись = ФиксНабор.Добавить();")
        self.emit("ФиксЗапись.Регистратор = ФиксДокумент.Ссылка;")
        if register.field("Период") is not None:
            self.emit("ФиксЗапись.Период = ФиксДокумент.Дата;")
        skip: tuple[str, ...] = ("Период",)
        if isinstance(register, md.AccumulationRegister) and "ВидДвижения" in record:
            movement = record["ВидДвижения"]
            if not register.is_balance or movement not in SYSTEM_ENUMS["ВидДвиженияНакопления"]:
                raise self.error(f"{path}.ВидДвижения", movement, "Приход or Расход (a Balance register)")
            self.emit(f"ФиксЗапись.ВидДвижения = ВидДвиженияНакопления.{movement};")
            skip += ("ВидДвижения",)
        if isinstance(register, md.AccountingRegister):
            skip += self.subconto(register, record, path)
        self.record_fields(register, record, path, skip)
        self.emit("ФиксНабор.Записать();")

    def info_records(self, block: Any, path: str) -> None:
        for name, records in self.mapping(block, path, "a mapping of register names to record lists").items():
            where = f"{path}.{name}"
            register = self.meta(md.INFORMATION_REGISTER, name, where)
            if register.has_recorder:
                raise self.error(
                    where, name, "an Independent register (subordinate ones go to info_register_records)"
                )
            for i, record in enumerate(self.items(records, where)):
                self.emit(f"ФиксМенеджер = РегистрыСведений.{register.name}.СоздатьМенеджерЗаписи();")
                for key, value in record.items():
                    f = self.field_of(register, key, f"{where}[{i}].{key}")
                    self.emit(f"ФиксМенеджер.{f.name} = {self.literal(value)};")
                self.emit("ФиксМенеджер.Записать();")

    def info_register_records(self, block: Any, path: str) -> None:
        for register, document, records, where in self.registrar_block(block, path, md.INFORMATION_REGISTER):
            for i, record in enumerate(records):
                self.recorded(register, document, record, f"{where}[{i}]", "РегистрыСведений")

    def accounting_records(self, block: Any, path: str) -> None:
        for register, document, records, where in self.registrar_block(block, path, md.ACCOUNTING_REGISTER):
            for i, record in enumerate(records):
                self.recorded(register, document, record, f"{where}[{i}]", "РегистрыБухгалтерии")

    def subconto(self, register: md.AccountingRegister, record: dict[str, Any], path: str) -> tuple[str, ...]:
        keys = ("СубконтоДт", "СубконтоКт") if register.correspondence else ("Субконто",)
        if not register.correspondence and "ВидДвижения" in record:
            movement = record["ВидДвижения"]
            if movement not in SYSTEM_ENUMS["ВидДвиженияБухгалтерии"]:
                raise self.error(f"{path}.ВидДвижения", movement, "Дебет or Кредит")
            self.emit(f"ФиксЗапись.ВидДвижения = ВидДвиженияБухгалтерии.{movement};")
        # accounts first: the subconto positions come from the account
        for key, value in record.items():
            if key.startswith("Счет"):
                f = self.field_of(register, key, f"{path}.{key}")
                self.emit(f"ФиксЗапись.{f.name} = {self.literal(value)};")
        for key in keys:
            values = record.get(key)
            if values is None:
                continue
            where = f"{path}.{key}"
            for kind_ref, value in self.mapping(values, where, "a mapping {kind ref: value}").items():
                kind = self.known_ref(kind_ref, f"{where}.{kind_ref}")
                self.emit(f"ФиксЗапись.{key}[{kind}] = {self.literal(value)};")
        return (*keys, "ВидДвижения", *(k for k in record if k.startswith("Счет")))

    def constants(self, block: Any, path: str) -> None:
        for name, value in self.mapping(block, path, "a mapping of constant names to values").items():
            constant = self.meta(md.CONSTANT, name, f"{path}.{name}")
            self.emit(f"Константы.{constant.name}.Установить({self.literal(value)});")
