"""The tools a category-B model explores the task's configuration with (PRISM_FORMAT §7), answered
from config_spec.yaml in-process: `list_objects`, `search_objects`, `get_object_structure` and
`finish_research`. Names, parameters, the kind enumeration and the answer forms (`Тип.Имя` lines,
`Число L.P` / `Строка L` / reference type names, `объект «…» не найден в конфигурации`) are PRISM's;
the descriptions and the structure's labels are ours."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from prism_desktop.platform import metadata as md

LIST_OBJECTS = "list_objects"
SEARCH_OBJECTS = "search_objects"
GET_OBJECT_STRUCTURE = "get_object_structure"
FINISH_RESEARCH = "finish_research"
NOT_FOUND_MARK = "не найден"  # a structure answer containing it does not go into the context

# config_spec section -> the kind as 1C names it, in PRISM's order (the enumeration and list order).
KINDS: tuple[tuple[str, str], ...] = (
    ("catalogs", md.CATALOG),
    ("documents", md.DOCUMENT),
    ("accumulation_registers", md.ACCUMULATION_REGISTER),
    ("information_registers", md.INFORMATION_REGISTER),
    ("charts_of_accounts", md.CHART_OF_ACCOUNTS),
    ("accounting_registers", md.ACCOUNTING_REGISTER),
    ("chart_of_characteristic_types", md.CHART_OF_CHARACTERISTIC_TYPES),
    ("constants", md.CONSTANT),
    ("enums", md.ENUM),
)


def _function(name: str, description: str, properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    parameters: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        parameters["required"] = required
    return {
        "type": "function",
        "function": {"name": name, "description": description, "parameters": parameters},
    }


def tool_definitions() -> list[dict[str, Any]]:
    """The four tools in OpenAI's `tools` form."""
    return [
        _function(
            LIST_OBJECTS,
            "Перечень объектов метаданных конфигурации, по одному в строке в виде «Тип.Имя».",
            {
                "kind": {
                    "type": "string",
                    "enum": [kind for _, kind in KINDS],
                    "description": "оставить только объекты этого вида (необязательно)",
                }
            },
            [],
        ),
        _function(
            SEARCH_OBJECTS,
            "Поиск объектов метаданных, в имени которых встречается подстрока (без учёта регистра).",
            {"query": {"type": "string", "description": "подстрока имени объекта"}},
            ["query"],
        ),
        _function(
            GET_OBJECT_STRUCTURE,
            "Состав объекта метаданных: реквизиты, табличные части, измерения, ресурсы и прочие свойства.",
            {"name": {"type": "string", "description": "имя объекта, «Имя» или «Тип.Имя»"}},
            ["name"],
        ),
        _function(
            FINISH_RESEARCH,
            "Закончить изучение метаданных, когда найденного достаточно, чтобы написать код.",
            {"summary": {"type": "string", "description": "какие объекты понадобятся и зачем"}},
            ["summary"],
        ),
    ]


def format_type(spec: Any) -> str:
    """`Число 15.2`, `Строка 100`, `Дата`, `СправочникСсылка.X`; a composite type joins its parts."""
    if isinstance(spec, list):
        return ", ".join(format_type(part) for part in spec)
    if isinstance(spec, str):
        spec = {"type": spec}
    if not isinstance(spec, dict):
        return str(spec)
    kind = spec.get("type", "Число")
    if kind == "Число":
        return f"Число {spec.get('length', 15)}.{spec.get('precision', 0)}"
    if kind == "Строка":
        return f"Строка {spec.get('length', 100)}"
    return format_type(kind) if isinstance(kind, list) else str(kind)


class MetadataTools:
    """Answers the tools over one parsed config_spec."""

    def __init__(self, spec: dict[str, Any] | None):
        self.spec = spec or {}
        self._kind_of: dict[str, tuple[str, str]] = {}  # object name -> (section, kind)
        for section, kind in KINDS:
            for name in self._section(section):
                self._kind_of.setdefault(str(name), (section, kind))

    def _section(self, section: str) -> dict[str, Any]:
        value = self.spec.get(section)
        if isinstance(value, dict):
            return value
        return {}

    def call(self, name: str, arguments: dict[str, Any]) -> str:
        handlers: dict[str, Callable[[dict[str, Any]], str]] = {
            LIST_OBJECTS: lambda a: self.list_objects(a.get("kind")),
            SEARCH_OBJECTS: lambda a: self.search_objects(str(a.get("query") or "")),
            GET_OBJECT_STRUCTURE: lambda a: self.get_object_structure(str(a.get("name") or "")),
        }
        handler = handlers.get(name)
        return handler(arguments) if handler else f"нет такого инструмента: {name}"

    def list_objects(self, kind: Any = None) -> str:
        lines = [
            f"{kind_name}.{name}"
            for section, kind_name in KINDS
            if not kind or kind == kind_name
            for name in self._section(section)
        ]
        return "\n".join(lines) if lines else "(в конфигурации нет таких объектов)"

    def search_objects(self, query: str) -> str:
        needle = query.strip().lower()
        if not needle:
            return "(пустая строка поиска)"
        hits = sorted(f"{kind}.{name}" for name, (_, kind) in self._kind_of.items() if needle in name.lower())
        return "\n".join(hits) if hits else f"(по «{query}» ничего не нашлось)"

    def _resolve(self, name: str) -> tuple[str, str, str] | None:
        prefix, dot, rest = name.strip().partition(".")
        bare = rest if dot and prefix in {kind for _, kind in KINDS} else name.strip()
        found = self._kind_of.get(bare)
        return (found[0], found[1], bare) if found else None

    def get_object_structure(self, name: str) -> str:
        resolved = self._resolve(name)
        if resolved is None:
            return f"объект «{name}» {NOT_FOUND_MARK} в конфигурации"
        section, kind, bare = resolved
        spec = self._section(section).get(bare)
        lines = [f"{kind}.{bare}", *_DESCRIBE[section](spec if spec is not None else {})]
        return "\n".join(lines)


def _fields(label: str, fields: Any) -> list[str]:
    if not isinstance(fields, dict) or not fields:
        return []
    return [f"  {label}: " + ", ".join(f"{name} ({format_type(spec)})" for name, spec in fields.items())]


def _tabular_sections(spec: dict[str, Any]) -> list[str]:
    lines = []
    for name, section in (spec.get("tabular_sections") or {}).items():
        columns = (section or {}).get("attributes") if isinstance(section, dict) else None
        text = ", ".join(f"{col} ({format_type(t)})" for col, t in (columns or {}).items())
        lines.append(f"  табличная часть {name}: {text}")
    return lines


def _names(label: str, values: Any) -> list[str]:
    return [f"  {label}: {', '.join(str(v) for v in values)}"] if values else []


def _catalog(spec: dict[str, Any]) -> list[str]:
    lines = ["  иерархический: есть группы и элементы" if spec.get("hierarchical") else "  без иерархии"]
    if spec.get("owners"):
        lines.append(f"  владельцы (поле Владелец): {', '.join(spec['owners'])}")
    return lines + _fields("реквизиты", spec.get("attributes")) + _tabular_sections(spec)


def _document(spec: dict[str, Any]) -> list[str]:
    return (
        _fields("реквизиты", spec.get("attributes"))
        + _tabular_sections(spec)
        + _names("пишет движения в регистры накопления", spec.get("registers"))
        + _names("пишет записи в регистры сведений", spec.get("info_registers"))
        + _names("пишет проводки в регистры бухгалтерии", spec.get("accounting_registers"))
    )


def _accumulation_register(spec: dict[str, Any]) -> list[str]:
    kind = "обороты" if spec.get("register_type") == "Turnovers" else "остатки"
    return [
        f"  вид регистра: {kind}",
        *_fields("измерения", spec.get("dimensions")),
        *_fields("ресурсы", spec.get("resources")),
        *_fields("реквизиты", spec.get("attributes")),
    ]


def _information_register(spec: dict[str, Any]) -> list[str]:
    mode = "подчинён регистратору" if spec.get("write_mode") == "RecorderSubordinate" else "независимый"
    return [
        f"  периодичность: {spec.get('periodicity', 'Day')}; режим записи: {mode}",
        *_fields("измерения", spec.get("dimensions")),
        *_fields("ресурсы", spec.get("resources")),
        *_fields("реквизиты", spec.get("attributes")),
    ]


def _chart_of_accounts(spec: dict[str, Any]) -> list[str]:
    kinds = spec.get("ext_dimension_types")
    lines = [
        f"  виды субконто: ПланВидовХарактеристик.{kinds}, не больше {spec.get('max_ext_dimension_count', 3)}"
        if kinds
        else "  субконто нет"
    ]
    lines.append("  у счёта есть Код, Наименование и Вид (ВидСчета: Активный, Пассивный, АктивноПассивный)")
    return lines + _fields("реквизиты", spec.get("attributes"))


def _accounting_register(spec: dict[str, Any]) -> list[str]:
    pairs = (
        "с корреспонденцией: СчетДт и СчетКт"
        if spec.get("correspondence", True)
        else "без корреспонденции: Счет"
    )
    resources = spec.get("resources") or {"Сумма": {"type": "Число", "length": 15, "precision": 2}}
    return [
        f"  план счетов: {spec.get('chart_of_accounts')}; {pairs}",
        *_fields("измерения", spec.get("dimensions")),
        *_fields("ресурсы", resources),
        "  значения субконто проводок — в виртуальной таблице ДвиженияССубконто "
        "(СубконтоДт1, СубконтоКт1, …)",
    ]


def _characteristic_types(spec: dict[str, Any]) -> list[str]:
    return [f"  типы значений характеристик: {', '.join(spec.get('value_types') or [])}"]


def _constant(spec: Any) -> list[str]:
    return [f"  тип значения: {format_type(spec)}"]


def _enum(spec: Any) -> list[str]:
    return [f"  значения: {', '.join(str(v) for v in spec)}"] if isinstance(spec, list) else []


def _safe(describe: Callable[[dict[str, Any]], list[str]]) -> Callable[[Any], list[str]]:
    return lambda spec: describe(spec if isinstance(spec, dict) else {})


_DESCRIBE: dict[str, Callable[[Any], list[str]]] = {
    "catalogs": _safe(_catalog),
    "documents": _safe(_document),
    "accumulation_registers": _safe(_accumulation_register),
    "information_registers": _safe(_information_register),
    "charts_of_accounts": _safe(_chart_of_accounts),
    "accounting_registers": _safe(_accounting_register),
    "chart_of_characteristic_types": _safe(_characteristic_types),
    "constants": _constant,
    "enums": _enum,
}
