"""config_spec.yaml (a parsed dict) -> Configuration, with the standard attributes of each kind.

Every key is checked: an unknown section or key, a wrong value type, a reference to an object that
does not exist, or a name clash raises ConfigError naming the key path, what was found and what was
expected (PRISM_FORMAT.md §1.7 lists the sections and keys).
"""

from __future__ import annotations

import re
from typing import Any, Final

from prism_desktop.platform import metadata as md
from prism_desktop.platform.metadata import Field, FieldSet, norm
from prism_desktop.platform.metadata_errors import ConfigError
from prism_desktop.platform.refs import REF_KINDS
from prism_desktop.platform.types import (
    ACCOUNT_TYPE,
    ACCOUNTING_RECORD_TYPE,
    ACCUMULATION_RECORD_TYPE,
    BOOLEAN_TYPE,
    DATE_TYPE,
    TYPE_DESCRIPTION_TYPE,
    SimpleType,
    TypeDescription,
    number_type,
    parse_type_spec,
    ref_type,
    string_type,
    system_enum_type,
)

_NAME = re.compile(r"^[A-Za-zА-Яа-яЁё_][A-Za-zА-Яа-яЁё_0-9]*$")
_SECTIONS: Final = tuple(info.spec_section for info in md.KINDS)
DEFAULT_ACCOUNTING_RESOURCES: Final = {"Сумма": {"type": "Число", "length": 15, "precision": 2}}


def _t(simple: SimpleType) -> TypeDescription:
    return TypeDescription((simple,))


def _std(name: str, name_en: str, simple: SimpleType | TypeDescription) -> Field:
    type_ = simple if isinstance(simple, TypeDescription) else _t(simple)
    return Field(name, type_, name, md.STANDARD, name_en)


def load_configuration(spec: Any, source: str = "config_spec.yaml") -> md.Configuration:
    """Build the configuration from a parsed config_spec; ConfigError on any problem."""
    return _Loader(source).load(spec)


class _Loader:
    def __init__(self, source: str):
        self.source = source
        self.objects: list[md.MetaObject] = []
        self.spec: dict[str, dict[str, Any]] = {}

    def error(self, path: str, found: Any, expected: str) -> ConfigError:
        return ConfigError(path, found, expected, self.source)

    # --- structure --------------------------------------------------------------------------
    def load(self, spec: Any) -> md.Configuration:
        if spec is None:
            spec = {}
        if not isinstance(spec, dict):
            raise self.error("", spec, "a mapping of sections: " + ", ".join(_SECTIONS))
        for key, value in spec.items():
            if key not in _SECTIONS:
                raise self.error(str(key), value, "one of the sections " + ", ".join(_SECTIONS))
            if value is None:
                value = {}
            if not isinstance(value, dict):
                raise self.error(key, value, "a mapping of object names to their descriptions")
            for name in value:
                if not isinstance(name, str) or not _NAME.match(name):
                    raise self.error(
                        f"{key}.{name}", name, "an identifier (letters, digits, _; not a digit first)"
                    )
            self.spec[key] = value
        seen: dict[str, str] = {}
        for section, objects in self.spec.items():
            for name in objects:
                kind = next(i.kind for i in md.KINDS if i.spec_section == section)
                key = f"{kind}:{norm(name)}"
                if key in seen:
                    raise self.error(f"{section}.{name}", name, f"a name not already used by {seen[key]}")
                seen[key] = f"{section}.{name}"
        builders = (
            ("enums", self.enum),
            ("chart_of_characteristic_types", self.cct),
            ("catalogs", self.catalog),
            ("charts_of_accounts", self.chart_of_accounts),
            ("documents", self.document),
            ("accumulation_registers", self.accumulation_register),
            ("information_registers", self.information_register),
            ("accounting_registers", self.accounting_register),
            ("constants", self.constant),
        )
        for section, build in builders:
            for name, body in self.spec.get(section, {}).items():
                self.objects.append(build(name, body, f"{section}.{name}"))
        config = md.Configuration(self.objects, self.source)
        self.link(config)
        return config

    def mapping(self, body: Any, path: str, allowed: tuple[str, ...]) -> dict[str, Any]:
        if body is None:
            return {}
        if not isinstance(body, dict):
            raise self.error(path, body, "a mapping with the keys " + ", ".join(allowed))
        for key in body:
            if key not in allowed:
                raise self.error(f"{path}.{key}", body[key], "one of the keys " + ", ".join(allowed))
        return body

    def flag(self, body: dict[str, Any], key: str, default: bool, path: str) -> bool:
        value = body.get(key, default)
        if not isinstance(value, bool):
            raise self.error(f"{path}.{key}", value, "true or false")
        return value

    def names(self, body: dict[str, Any], key: str, path: str) -> list[str]:
        value = body.get(key, [])
        if value is None:
            return []
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(v, str) and _NAME.match(v) for v in value):
            raise self.error(f"{path}.{key}", value, "a list of object names")
        return list(value)

    def choice(
        self, body: dict[str, Any], key: str, default: str, options: tuple[str, ...], path: str
    ) -> str:
        value = body.get(key, default)
        match = next((o for o in options if isinstance(value, str) and o.lower() == value.lower()), None)
        if match is None:
            raise self.error(f"{path}.{key}", value, "one of " + ", ".join(options))
        return match

    def user_fields(
        self, body: dict[str, Any], key: str, role: str, path: str, taken: list[Field], numeric: bool = False
    ) -> list[Field]:
        value = body.get(key)
        if value is None:
            return []
        if not isinstance(value, dict):
            raise self.error(f"{path}.{key}", value, "a mapping of field names to type specs")
        fields: list[Field] = []
        used = {norm(f.name) for f in taken} | {norm(f.name_en) for f in taken if f.name_en}
        for name, type_spec in value.items():
            where = f"{path}.{key}.{name}"
            if not isinstance(name, str) or not _NAME.match(name):
                raise self.error(where, name, "an identifier (letters, digits, _; not a digit first)")
            if norm(name) in used:
                raise self.error(where, name, "a name not used by a standard attribute or another field")
            type_ = parse_type_spec(type_spec, where)
            if numeric and (type_.is_composite or type_.single.name != "Число"):
                raise self.error(where, type_.presentation(), "a Число type (resources are numbers)")
            used.add(norm(name))
            fields.append(Field(name, type_, name, role))
        return fields

    def tabular_sections(
        self, kind: str, name: str, body: dict[str, Any], path: str, owner_fields: list[Field]
    ) -> dict[str, md.TabularSection]:
        value = body.get("tabular_sections")
        if value is None:
            return {}
        if not isinstance(value, dict):
            raise self.error(f"{path}.tabular_sections", value, "a mapping of tabular section names")
        sections: dict[str, md.TabularSection] = {}
        used = {norm(f.name) for f in owner_fields}
        for ts_name, ts_body in value.items():
            where = f"{path}.tabular_sections.{ts_name}"
            if not isinstance(ts_name, str) or not _NAME.match(ts_name) or norm(ts_name) in used:
                raise self.error(
                    where, ts_name, "an identifier not used by a field or another tabular section"
                )
            used.add(norm(ts_name))
            ts_spec = self.mapping(ts_body, where, ("attributes",))
            standard = [
                _std("Ссылка", "Ref", ref_type(kind, name)),
                _std("НомерСтроки", "LineNumber", number_type(5)),
            ]
            fields = standard + self.user_fields(ts_spec, "attributes", md.ATTRIBUTE, where, standard)
            sections[ts_name] = md.make_tabular_section(kind, name, ts_name, fields)
        return sections

    # --- kinds ------------------------------------------------------------------------------
    def enum(self, name: str, body: Any, path: str) -> md.MetaObject:
        if not isinstance(body, list) or not body:
            raise self.error(path, body, "a non-empty list of value names")
        seen: set[str] = set()
        for i, value in enumerate(body):
            if not isinstance(value, str) or not _NAME.match(value) or norm(value) in seen:
                raise self.error(f"{path}[{i}]", value, "a value name (an identifier, not repeated)")
            seen.add(norm(value))
        fields = [
            _std("Ссылка", "Ref", ref_type(md.ENUM, name)),
            _std("Порядок", "Order", number_type(10)),
            Field("Имя", _t(string_type(0)), "Имя", md.STANDARD, "Name"),
        ]
        return md.Enum(md.ENUM, name, FieldSet(fields), values=list(body))

    def _common_ref_fields(
        self, kind: str, name: str, code_length: int, description_length: int
    ) -> list[Field]:
        return [
            _std("Ссылка", "Ref", ref_type(kind, name)),
            _std("ПометкаУдаления", "DeletionMark", BOOLEAN_TYPE),
            _std("Предопределенный", "Predefined", BOOLEAN_TYPE),
            _std("ИмяПредопределенныхДанных", "PredefinedDataName", string_type(0)),
            _std("Код", "Code", string_type(code_length)),
            _std("Наименование", "Description", string_type(description_length)),
        ]

    def cct(self, name: str, body: Any, path: str) -> md.MetaObject:
        spec = self.mapping(body, path, ("value_types", "attributes"))
        raw_types = spec.get("value_types", [])
        value_types = parse_type_spec(raw_types, f"{path}.value_types") if raw_types else TypeDescription(())
        obj = md.ChartOfCharacteristicTypes(
            md.CHART_OF_CHARACTERISTIC_TYPES, name, FieldSet([]), value_types=value_types
        )
        fields = self._common_ref_fields(obj.kind, name, obj.code_length, obj.description_length)
        fields.append(_std("ТипЗначения", "ValueType", TYPE_DESCRIPTION_TYPE))
        fields += self.user_fields(spec, "attributes", md.ATTRIBUTE, path, fields)
        obj.fields = FieldSet(fields)
        return obj

    def catalog(self, name: str, body: Any, path: str) -> md.MetaObject:
        spec = self.mapping(
            body, path, ("hierarchical", "attributes", "tabular_sections", "owners", "predefined")
        )
        obj = md.Catalog(
            md.CATALOG,
            name,
            FieldSet([]),
            hierarchical=self.flag(spec, "hierarchical", False, path),
            owners=self.names(spec, "owners", path),
        )
        fields = self._common_ref_fields(md.CATALOG, name, obj.code_length, obj.description_length)
        if obj.hierarchical:
            fields += [
                _std("Родитель", "Parent", ref_type(md.CATALOG, name)),
                _std("ЭтоГруппа", "IsFolder", BOOLEAN_TYPE),
            ]
        if obj.owners:
            owner_type = TypeDescription(tuple(ref_type(md.CATALOG, o) for o in obj.owners))
            fields.append(_std("Владелец", "Owner", owner_type))
        fields += self.user_fields(spec, "attributes", md.ATTRIBUTE, path, fields)
        obj.fields = FieldSet(fields)
        obj.tabular_sections = self.tabular_sections(md.CATALOG, name, spec, path, fields)
        obj.predefined = self.predefined(spec.get("predefined"), f"{path}.predefined", obj.hierarchical)
        return obj

    def predefined(self, value: Any, path: str, hierarchical: bool) -> list[md.PredefinedItem]:
        if value is None:
            return []
        if not isinstance(value, list):
            raise self.error(path, value, "a list of names or {name, folder}")
        items: list[md.PredefinedItem] = []
        for i, item in enumerate(value):
            where = f"{path}[{i}]"
            if isinstance(item, str):
                item = {"name": item}
            spec = self.mapping(item, where, ("name", "folder"))
            item_name = spec.get("name")
            if not isinstance(item_name, str) or not _NAME.match(item_name):
                raise self.error(f"{where}.name", item_name, "an identifier")
            folder = self.flag(spec, "folder", False, where)
            if folder and not hierarchical:
                raise self.error(f"{where}.folder", folder, "false: the catalog is not hierarchical")
            items.append(md.PredefinedItem(item_name, folder))
        return items

    def chart_of_accounts(self, name: str, body: Any, path: str) -> md.MetaObject:
        spec = self.mapping(body, path, ("ext_dimension_types", "max_ext_dimension_count", "attributes"))
        ext = spec.get("ext_dimension_types")
        if ext is not None and (not isinstance(ext, str) or not _NAME.match(ext)):
            raise self.error(
                f"{path}.ext_dimension_types", ext, "the name of a chart of characteristic types"
            )
        count = spec.get("max_ext_dimension_count", 3)
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 10:
            raise self.error(f"{path}.max_ext_dimension_count", count, "an integer from 0 to 10")
        obj = md.ChartOfAccounts(
            md.CHART_OF_ACCOUNTS, name, FieldSet([]), ext_dimension_types=ext, max_ext_dimension_count=count
        )
        fields = self._common_ref_fields(md.CHART_OF_ACCOUNTS, name, obj.code_length, obj.description_length)
        fields += [
            _std("Родитель", "Parent", ref_type(md.CHART_OF_ACCOUNTS, name)),
            _std("Вид", "Type", system_enum_type(ACCOUNT_TYPE)),
            _std("Забалансовый", "OffBalance", BOOLEAN_TYPE),
            _std("Порядок", "Order", string_type(obj.code_length)),
        ]
        fields += self.user_fields(spec, "attributes", md.ATTRIBUTE, path, fields)
        obj.fields = FieldSet(fields)
        if ext is not None:
            ts_fields = [
                _std("Ссылка", "Ref", ref_type(md.CHART_OF_ACCOUNTS, name)),
                _std("НомерСтроки", "LineNumber", number_type(5)),
                _std("ВидСубконто", "ExtDimensionType", ref_type(md.CHART_OF_CHARACTERISTIC_TYPES, ext)),
                _std("ТолькоОбороты", "TurnoversOnly", BOOLEAN_TYPE),
                _std("Предопределенный", "Predefined", BOOLEAN_TYPE),
            ]
            obj.tabular_sections = {
                "ВидыСубконто": md.make_tabular_section(md.CHART_OF_ACCOUNTS, name, "ВидыСубконто", ts_fields)
            }
        return obj

    def document(self, name: str, body: Any, path: str) -> md.MetaObject:
        spec = self.mapping(
            body,
            path,
            ("registers", "attributes", "tabular_sections", "info_registers", "accounting_registers"),
        )
        obj = md.Document(
            md.DOCUMENT,
            name,
            FieldSet([]),
            registers=self.names(spec, "registers", path),
            info_registers=self.names(spec, "info_registers", path),
            accounting_registers=self.names(spec, "accounting_registers", path),
        )
        fields = [
            _std("Ссылка", "Ref", ref_type(md.DOCUMENT, name)),
            _std("ПометкаУдаления", "DeletionMark", BOOLEAN_TYPE),
            _std("Номер", "Number", string_type(obj.number_length)),
            _std("Дата", "Date", DATE_TYPE),
            _std("Проведен", "Posted", BOOLEAN_TYPE),
        ]
        fields += self.user_fields(spec, "attributes", md.ATTRIBUTE, path, fields)
        obj.fields = FieldSet(fields)
        obj.tabular_sections = self.tabular_sections(md.DOCUMENT, name, spec, path, fields)
        return obj

    def _registrars(self, kind_key: str, name: str) -> list[str]:
        return [
            doc
            for doc, body in self.spec.get("documents", {}).items()
            if isinstance(body, dict) and name in (body.get(kind_key) or [])
        ]

    def _recorder_fields(self, registrars: list[str]) -> list[Field]:
        recorder = TypeDescription(tuple(ref_type(md.DOCUMENT, d) for d in registrars))
        return [
            _std("Регистратор", "Recorder", recorder),
            _std("НомерСтроки", "LineNumber", number_type(9)),
            _std("Активность", "Active", BOOLEAN_TYPE),
        ]

    def _register_body(
        self,
        obj: md.Register,
        spec: dict[str, Any],
        path: str,
        standard: list[Field],
        numeric_resources: bool,
    ) -> None:
        dims = self.user_fields(spec, "dimensions", md.DIMENSION, path, standard)
        resources = self.user_fields(spec, "resources", md.RESOURCE, path, standard + dims, numeric_resources)
        attrs = self.user_fields(spec, "attributes", md.ATTRIBUTE, path, standard + dims + resources)
        obj.fields = FieldSet(standard + dims + resources + attrs)

    def accumulation_register(self, name: str, body: Any, path: str) -> md.MetaObject:
        spec = self.mapping(body, path, ("register_type", "dimensions", "resources", "attributes"))
        registrars = self._registrars("registers", name)
        if not registrars:
            raise self.error(
                path, name, "a register listed in documents.<Документ>.registers of some document"
            )
        obj = md.AccumulationRegister(
            md.ACCUMULATION_REGISTER,
            name,
            FieldSet([]),
            registrars=registrars,
            register_type=self.choice(
                spec,
                "register_type",
                md.ACCUMULATION_BALANCE,
                (md.ACCUMULATION_BALANCE, md.ACCUMULATION_TURNOVERS),
                path,
            ),
        )
        standard = [_std("Период", "Period", DATE_TYPE), *self._recorder_fields(registrars)]
        if obj.is_balance:
            standard.append(_std("ВидДвижения", "RecordType", system_enum_type(ACCUMULATION_RECORD_TYPE)))
        self._register_body(obj, spec, path, standard, numeric_resources=True)
        if not obj.resources():
            raise self.error(f"{path}.resources", spec.get("resources"), "at least one numeric resource")
        return obj

    def information_register(self, name: str, body: Any, path: str) -> md.MetaObject:
        spec = self.mapping(
            body, path, ("periodicity", "write_mode", "dimensions", "resources", "attributes")
        )
        obj = md.InformationRegister(
            md.INFORMATION_REGISTER,
            name,
            FieldSet([]),
            periodicity=self.choice(spec, "periodicity", "Day", md.PERIODICITIES, path),
            write_mode=self.choice(
                spec, "write_mode", md.INDEPENDENT, (md.INDEPENDENT, md.RECORDER_SUBORDINATE), path
            ),
        )
        obj.registrars = self._registrars("info_registers", name)
        if obj.has_recorder and not obj.registrars:
            raise self.error(
                f"{path}.write_mode",
                obj.write_mode,
                "Independent, or a register listed in documents.<Документ>.info_registers",
            )
        if obj.registrars and not obj.has_recorder:
            doc = obj.registrars[0]
            raise self.error(
                f"{path}.write_mode",
                obj.write_mode,
                f"RecorderSubordinate (documents.{doc}.info_registers lists this register)",
            )
        standard: list[Field] = [_std("Период", "Period", DATE_TYPE)] if obj.is_periodic else []
        if obj.has_recorder:
            standard += self._recorder_fields(obj.registrars)
        self._register_body(obj, spec, path, standard, numeric_resources=False)
        return obj

    def accounting_register(self, name: str, body: Any, path: str) -> md.MetaObject:
        spec = self.mapping(
            body, path, ("chart_of_accounts", "correspondence", "dimensions", "resources", "attributes")
        )
        chart_name = spec.get("chart_of_accounts")
        charts = self.spec.get("charts_of_accounts", {})
        chart_key = next(
            (c for c in charts if isinstance(chart_name, str) and norm(c) == norm(chart_name)), None
        )
        if chart_key is None:
            raise self.error(
                f"{path}.chart_of_accounts",
                chart_name,
                "the name of a chart in charts_of_accounts: " + (", ".join(charts) or "(none declared)"),
            )
        chart = next(o for o in self.objects if isinstance(o, md.ChartOfAccounts) and o.name == chart_key)
        registrars = self._registrars("accounting_registers", name)
        if not registrars:
            raise self.error(path, name, "a register listed in documents.<Документ>.accounting_registers")
        obj = md.AccountingRegister(
            md.ACCOUNTING_REGISTER,
            name,
            FieldSet([]),
            registrars=registrars,
            chart_of_accounts=chart.name,
            correspondence=self.flag(spec, "correspondence", True, path),
        )
        obj.ext_dimension_count = chart.max_ext_dimension_count if chart.ext_dimension_types else 0
        account = ref_type(md.CHART_OF_ACCOUNTS, chart.name)
        standard = [_std("Период", "Period", DATE_TYPE), *self._recorder_fields(registrars)]
        sides = (("Дт", "Dr"), ("Кт", "Cr")) if obj.correspondence else (("", ""),)
        if not obj.correspondence:
            standard.append(_std("ВидДвижения", "RecordType", system_enum_type(ACCOUNTING_RECORD_TYPE)))
        for ru, en in sides:
            standard.append(_std(f"Счет{ru}", f"Account{en}", account))
        if chart.ext_dimension_types:
            kind_type = ref_type(md.CHART_OF_CHARACTERISTIC_TYPES, chart.ext_dimension_types)
            for ru, en in sides:
                for i in range(1, obj.ext_dimension_count + 1):
                    standard.append(_std(f"ВидСубконто{ru}{i}", f"ExtDimensionType{en}{i}", kind_type))
                    standard.append(
                        _std(f"Субконто{ru}{i}", f"ExtDimension{en}{i}", self._subconto_type(chart))
                    )
        if "resources" not in spec:
            spec = {**spec, "resources": DEFAULT_ACCOUNTING_RESOURCES}
        self._register_body(obj, spec, path, standard, numeric_resources=True)
        return obj

    def _subconto_type(self, chart: md.ChartOfAccounts) -> TypeDescription:
        cct = next(
            o
            for o in self.objects
            if isinstance(o, md.ChartOfCharacteristicTypes) and o.name == chart.ext_dimension_types
        )
        return cct.value_types or TypeDescription(())

    def constant(self, name: str, body: Any, path: str) -> md.MetaObject:
        type_ = parse_type_spec(body, path)
        return md.Constant(
            md.CONSTANT, name, FieldSet([Field("Значение", type_, "Значение", md.STANDARD, "Value")])
        )

    # --- cross references -------------------------------------------------------------------
    def link(self, config: md.Configuration) -> None:
        for obj in config.objects():
            section = next(i.spec_section for i in md.KINDS if i.kind == obj.kind)
            self.check_field_types(config, obj.fields, f"{section}.{obj.name}")
            for ts in obj.tabular_sections.values():
                self.check_field_types(config, ts.fields, f"{section}.{obj.name}.tabular_sections.{ts.name}")
            if isinstance(obj, md.ChartOfCharacteristicTypes) and obj.value_types is not None:
                self.check_types(config, obj.value_types, f"{section}.{obj.name}.value_types")
            if isinstance(obj, md.Catalog):
                for owner in obj.owners:
                    if config.catalog(owner) is None:
                        raise self.error(
                            f"{section}.{obj.name}.owners", owner, "the name of a declared catalog"
                        )
            if (
                isinstance(obj, md.ChartOfAccounts)
                and obj.ext_dimension_types is not None
                and config.find(md.CHART_OF_CHARACTERISTIC_TYPES, obj.ext_dimension_types) is None
            ):
                raise self.error(
                    f"{section}.{obj.name}.ext_dimension_types",
                    obj.ext_dimension_types,
                    "a chart declared in chart_of_characteristic_types",
                )
            if isinstance(obj, md.Document):
                for key, kind in (
                    ("registers", md.ACCUMULATION_REGISTER),
                    ("info_registers", md.INFORMATION_REGISTER),
                    ("accounting_registers", md.ACCOUNTING_REGISTER),
                ):
                    for reg in getattr(obj, key):
                        if config.find(kind, reg) is None:
                            raise self.error(
                                f"documents.{obj.name}.{key}", reg, f"the name of a declared {kind}"
                            )

    def check_field_types(self, config: md.Configuration, fields: FieldSet, path: str) -> None:
        keys = {md.ATTRIBUTE: "attributes", md.DIMENSION: "dimensions", md.RESOURCE: "resources"}
        for f in fields:
            if f.role != md.STANDARD:
                self.check_types(config, f.type, f"{path}.{keys[f.role]}.{f.name}")

    def check_types(self, config: md.Configuration, type_: TypeDescription, path: str) -> None:
        for t in type_.ref_types():
            assert t.ref_kind in REF_KINDS
            if config.find(t.ref_kind, t.ref_name or "") is None:
                raise self.error(
                    path,
                    t.name,
                    f"a reference to a declared object ({t.ref_kind}.{t.ref_name} "
                    "is not in the configuration)",
                )
