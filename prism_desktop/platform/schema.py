"""The physical schema of the infobase on SQLite: table and column naming, SQL storage of values, DDL.

Query translators (platform/query) map 1C names onto these tables and columns; this docstring is
the contract.

TABLES (one per metadata object; `<Имя>` is the object's name exactly as in config_spec)
  Справочник.<Имя>                 cat_<Имя>          tabular section <ТЧ>: cat_<Имя>__<ТЧ>
  Документ.<Имя>                   doc_<Имя>          tabular section <ТЧ>: doc_<Имя>__<ТЧ>
  Перечисление.<Имя>               enum_<Имя>
  ПланВидовХарактеристик.<Имя>     cct_<Имя>
  ПланСчетов.<Имя>                 coa_<Имя>          its ВидыСубконто:     coa_<Имя>__ВидыСубконто
  РегистрНакопления.<Имя>          accum_<Имя>        (movements; no totals tables are kept)
  РегистрСведений.<Имя>            info_<Имя>
  РегистрБухгалтерии.<Имя>         accreg_<Имя>       (one row per record, subconto inline)
  Константа.<Имя>                  const_<Имя>        (a single row, column Значение)
Tables of registers (accum_, info_, accreg_) are what "reg_reads" counts (REGISTER_TABLE_PREFIXES).
Virtual tables (Остатки, Обороты, ОстаткиИОбороты, СрезПоследних, СрезПервых, ОборотыДтКт …) are
computed from these movement tables: balance = Σ(resource × (1 for ВидДвижения=0 Приход/Дебет,
−1 for 1 Расход/Кредит)) over active rows (Активность = 1) with Период < the boundary; a slice takes,
per dimension combination, the row with the greatest Период ≤ the boundary.

COLUMNS: a field's column is its Russian name, exactly as declared (SQLite compares non-ASCII
identifiers case-sensitively, so translators look fields up through metadata, case-insensitively,
and use Field.column). A composite field (more than one type) has two columns: `<Имя>` holds the
value and `<Имя>_t` the type tag. Standard attributes (Russian / English):
  all referenced objects   Ссылка/Ref (INTEGER PRIMARY KEY, the object's id, ≥ 1),
                           ПометкаУдаления/DeletionMark, Предопределенный/Predefined,
                           ИмяПредопределенныхДанных/PredefinedDataName (not in documents, enums)
  catalog                  Код/Code Строка(9), Наименование/Description Строка(50),
                           Родитель/Parent + ЭтоГруппа/IsFolder (hierarchical), Владелец/Owner (owners)
  document                 Номер/Number Строка(11), Дата/Date, Проведен/Posted
  enum                     Порядок/Order (0-based position), Имя (the value's name; not a 1C field)
  chart of char. types     Код/Code, Наименование/Description, ТипЗначения/ValueType (type names text)
  chart of accounts        Код/Code Строка(5), Наименование/Description, Родитель/Parent,
                           Вид/Type (ВидСчета), Забалансовый/OffBalance, Порядок/Order;
                           ВидыСубконто rows: ВидСубконто/ExtDimensionType, ТолькоОбороты/TurnoversOnly
  tabular section rows     Ссылка/Ref (the owner's id), НомерСтроки/LineNumber (1-based)
  accumulation register    Период/Period, Регистратор/Recorder, НомерСтроки/LineNumber,
                           Активность/Active, ВидДвижения/RecordType (Balance registers only)
  information register     Период/Period (periodic only); Регистратор/Recorder, НомерСтроки/LineNumber,
                           Активность/Active (RecorderSubordinate only)
  accounting register      Период, Регистратор, НомерСтроки, Активность, and with correspondence
                           СчетДт/AccountDr, СчетКт/AccountCr, ВидСубконтоДт<i>/ExtDimensionTypeDr<i>,
                           СубконтоДт<i>/ExtDimensionDr<i>, the same with Кт/Cr (i = 1..max count of
                           the chart); without correspondence Счет/Account, ВидДвижения/RecordType,
                           ВидСубконто<i>/ExtDimensionType<i>, Субконто<i>/ExtDimension<i>
  constant                 Значение/Value
Then the task's dimensions, resources and attributes, in declaration order.

VALUES (to_sql / from_sql)
  Число      INTEGER when integral, else REAL (read back as Decimal, rounded to the field's precision)
  Строка     TEXT;  Булево INTEGER 0/1;  Дата TEXT 'YYYY-MM-DD HH:MM:SS' (empty date '0001-01-01 00:00:00')
  reference  INTEGER id; the empty reference is 0 (never NULL); the referenced kind and name come from
             the field's type, or for a composite field from the tag
  system enumerations (ВидДвижения, Вид)  INTEGER position: Приход/Дебет/Активный = 0, Расход/Кредит/
             Пассивный = 1, АктивноПассивный = 2
  composite  tag column: 'N', 'S', 'D', 'B', 'U' (Неопределено, value NULL) or the referenced object's
             full name ('Справочник.Товары', 'Документ.Приход', …); value column as above
  Регистратор of a register recorded by one document type is a plain INTEGER; with several document
             types it is composite (tag 'Документ.<Имя>').
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterable
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Final

from prism_desktop.platform.refs import RefKey
from prism_desktop.platform.types import (
    BOOLEAN,
    DATE,
    EMPTY_DATE,
    NUMBER,
    STRING,
    UNDEFINED_TAG,
    SimpleType,
    SystemEnumValue,
    TypeDescription,
    parse_type_string,
)

if TYPE_CHECKING:
    from prism_desktop.platform.metadata import Configuration, Field, MetaObject

TABLE_PREFIXES: Final[dict[str, str]] = {
    "Справочник": "cat_",
    "Документ": "doc_",
    "Перечисление": "enum_",
    "ПланВидовХарактеристик": "cct_",
    "ПланСчетов": "coa_",
    "РегистрНакопления": "accum_",
    "РегистрСведений": "info_",
    "РегистрБухгалтерии": "accreg_",
    "Константа": "const_",
}
REGISTER_TABLE_PREFIXES: Final = ("accum_", "info_", "accreg_")
TAG_SUFFIX: Final = "_t"
DATE_FORMAT: Final = "%Y-%m-%d %H:%M:%S"
EMPTY_DATE_SQL: Final = "0001-01-01 00:00:00"


def table_name(kind: str, name: str) -> str:
    return TABLE_PREFIXES[kind] + name


def tabular_table_name(owner_table: str, section: str) -> str:
    return f"{owner_table}__{section}"


def tag_column(column: str) -> str:
    return column + TAG_SUFFIX


def is_register_table(table: str) -> bool:
    """Whether reading this table is a physical read of a register table (techlog "reg_reads")."""
    return table.startswith(REGISTER_TABLE_PREFIXES)


def quote(identifier: str) -> str:
    """An SQL identifier in double quotes (names are Cyrillic and may clash with SQL words)."""
    return '"' + identifier.replace('"', '""') + '"'


# ----------------------------------------------------------------------------------------------
# Values


def sql_scalar(value: Any) -> Any:
    """A Python value (of any field type) as SQLite stores it."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, _dt.datetime):
        return date_to_sql(value)
    if isinstance(value, RefKey):
        return value.id
    if isinstance(value, SystemEnumValue):
        return value.index
    if isinstance(value, TypeDescription):
        return value.names()
    raise TypeError(f"no SQL form for {type(value).__name__}")


def date_to_sql(value: _dt.datetime) -> str:
    return f"{value.year:04d}-{value.month:02d}-{value.day:02d} {value:%H:%M:%S}"


def date_from_sql(text: str) -> _dt.datetime:
    if text == EMPTY_DATE_SQL:
        return EMPTY_DATE
    return _dt.datetime(
        int(text[0:4]),
        int(text[5:7]),
        int(text[8:10]),
        int(text[11:13] or 0),
        int(text[14:16] or 0),
        int(text[17:19] or 0),
    )


def value_tag(value: Any, type_: TypeDescription) -> str:
    """The tag of a composite column for this value."""
    if value is None:
        return UNDEFINED_TAG
    own = type_.type_of(value)
    if own is None:
        raise TypeError(f"{value!r} is not of type {type_.presentation()}")
    return own.tag


def to_sql(value: Any, field: Field) -> list[Any]:
    """The column values of one field, in the order of `field_columns(field)`."""
    if field.type.is_composite:
        return [value_tag(value, field.type), sql_scalar(value)]
    return [sql_scalar(value)]


def field_columns(field: Field) -> list[str]:
    tag = field.tag_column
    return [field.column] if tag is None else [tag, field.column]


def from_sql(raw: Any, type_: TypeDescription, tag: str | None = None) -> Any:
    """A stored value back to Python: `tag` is the composite tag (None for a single-type field)."""
    if type_.is_composite:
        if tag is None or tag == UNDEFINED_TAG:
            return None
        simple = next((t for t in type_.types if t.tag == tag), None)
        if simple is None:
            return None
        return simple_from_sql(raw, simple)
    if not type_.types:
        return raw
    return simple_from_sql(raw, type_.types[0])


def simple_from_sql(raw: Any, simple: SimpleType) -> Any:
    if raw is None:
        return simple.default()
    if simple.ref_kind is not None:
        return RefKey(simple.ref_kind, simple.ref_name or "", int(raw))
    if simple.enum_values:
        return SystemEnumValue(simple.name, simple.enum_values[int(raw)])
    name = simple.name
    if name == NUMBER:
        return number_from_sql(raw, simple.precision)
    if name == STRING:
        return str(raw)
    if name == BOOLEAN:
        return bool(raw)
    if name == DATE:
        return date_from_sql(raw)
    return parse_type_string(str(raw))


def number_from_sql(raw: Any, precision: int | None = None) -> int | Decimal:
    """An SQLite number as a BSL number: REAL is read through its shortest repr and, when the field's
    precision is known, rounded to it (binary floating point is only a storage detail)."""
    if isinstance(raw, int):
        return raw
    number = Decimal(repr(float(raw)))
    if precision is not None:
        number = round(number, precision)
    if number == number.to_integral_value():
        return int(number)
    return number.normalize()


# ----------------------------------------------------------------------------------------------
# DDL


def _sql_type(field: Field) -> str:
    if field.type.is_composite:
        return ""  # no affinity: the value keeps the storage class it was written with
    simple = field.type.types[0]
    if simple.ref_kind is not None or simple.enum_values or simple.name == BOOLEAN:
        return "INTEGER"
    if simple.name == NUMBER:
        return "NUMERIC"
    return "TEXT"


def _column_defs(fields: Iterable[Field], primary: str | None) -> list[str]:
    defs: list[str] = []
    for f in fields:
        if f.column == primary:
            defs.append(f"{quote(f.column)} INTEGER PRIMARY KEY")
            continue
        if f.tag_column is not None:
            defs.append(f"{quote(f.tag_column)} TEXT NOT NULL DEFAULT '{UNDEFINED_TAG}'")
        sql_type = _sql_type(f)
        defs.append(f"{quote(f.column)} {sql_type}".rstrip())
    return defs


def object_ddl(obj: MetaObject) -> list[str]:
    """CREATE TABLE/INDEX statements of one metadata object and its tabular sections."""
    statements: list[str] = []
    primary = "Ссылка" if obj.is_referenced else None
    statements.append(f"CREATE TABLE {quote(obj.table)} ({', '.join(_column_defs(obj.fields, primary))})")
    if obj.is_register:
        keys = [c for c in ("Регистратор", "Период") if obj.field(c) is not None]
        if keys:
            cols = ", ".join(quote(c) for c in keys)
            statements.append(f"CREATE INDEX {quote('ix_' + obj.table)} ON {quote(obj.table)} ({cols})")
    for ts in obj.tabular_sections.values():
        statements.append(f"CREATE TABLE {quote(ts.table)} ({', '.join(_column_defs(ts.fields, None))})")
        statements.append(
            f"CREATE INDEX {quote('ix_' + ts.table)} ON {quote(ts.table)} "
            f"({quote('Ссылка')}, {quote('НомерСтроки')})"
        )
    return statements


def configuration_ddl(config: Configuration) -> list[str]:
    statements: list[str] = []
    for obj in config.objects():
        statements.extend(object_ddl(obj))
    return statements
