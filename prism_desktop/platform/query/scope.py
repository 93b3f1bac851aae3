"""The scope of one SELECT: its sources (ИЗ with joins), field resolution with dereference through
dots (each hop an implicit LEFT JOIN, placed right after the source it starts from), tabular sections
reached through their header or a reference (`Д.Товары.Товар`: the section's table LEFT JOINed once,
one row per line; `Д.Товары.(…)` in the select list: a nested table, see nested_tables.py), the select
list with 1C's automatic field names, and the "field not in group" check."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from prism_desktop.platform import metadata as md
from prism_desktop.platform.query import ast as A
from prism_desktop.platform.query.errors import (
    AMBIGUOUS_FIELD,
    DATA_ONLY_INTO_TEMP_TABLE,
    DUPLICATE_ALIAS,
    NOT_IN_GROUP,
    WRONG_PARAMETER,
    Position,
    QueryError,
    field_not_found,
    table_not_found,
)
from prism_desktop.platform.query.expressions import AGGREGATES, ExpressionCompiler
from prism_desktop.platform.query.nested_tables import (
    NESTED_AGGREGATE,
    NESTED_TABLE_MISUSE,
    NestedField,
    compile_nested,
)
from prism_desktop.platform.query.ordering import presentation
from prism_desktop.platform.query.sources import (
    Column,
    DerivedColumn,
    DerivedSource,
    Source,
    TableSource,
    field_column,
)
from prism_desktop.platform.query.sql_expr import SqlExpr, sql_literal
from prism_desktop.platform.query.values import ANY_STRING, ParameterTable, merge_types, tag_of, type_of_value
from prism_desktop.platform.query.virtual_kinds import VIRTUAL_TABLES
from prism_desktop.platform.query.virtual_tables import make_virtual_table
from prism_desktop.platform.schema import quote, sql_scalar
from prism_desktop.platform.types import SimpleType, TypeDescription

if TYPE_CHECKING:
    from prism_desktop.platform.query.translator import Translator

_PRESENTATION = ("представление", "presentation")

Section = tuple[SimpleType, md.MetaObject, md.TabularSection]  # reference type, its object, section


@dataclass(frozen=True)
class SectionRef:
    """A tabular section reached through a reference (the header's Ссылка or a reference field):
    one candidate per type the reference may be of."""

    owner: Source | None
    ref: SqlExpr
    sections: list[Section]


def segment_pos(path: A.FieldPath, name: str) -> Position:
    """Where 1C points when `name` (a part after the first) of a dotted path is not found: at that
    part (PRISM's published logs: `Поле не найдено "Хозрасчетный.СчётДт"` at `Хозрасчетный.<<?>>СчётДт`)."""
    index = next((i for i, part in enumerate(path.parts) if i and part == name), 0)
    offset = sum(len(part) + 1 for part in path.parts[:index])
    return Position(path.pos.line, path.pos.column + offset)


class SelectContext:
    """`outer`: the query around a nested query of `В (ВЫБРАТЬ …)`. 1C lets such a query use the outer
    query's fields (a correlated subquery, SQLite evaluates it as such); a name known in the nested
    query's own sources hides the outer one."""

    def __init__(self, tr: Translator, outer: SelectContext | None = None):
        self.tr = tr
        self.outer = outer
        self.config = tr.config
        self.sources: list[Source] = []
        self._items: list[tuple[Source, list[tuple[str, Source, str]]]] = []
        self._implicit: dict[str, list[str]] = {}
        self._implicit_keys: dict[tuple[str, str, str], str] = {}
        self._trailing: list[str] = []
        self._tables: set[str] = set()
        self.compiler = ExpressionCompiler(self)
        self.group_sql: set[str] | None = None
        # aggregates of nested-table fields only, no СГРУППИРОВАТЬ ПО: grouped per record of the
        # sources (by their Ссылка), whose own fields need no grouping (record_grouping below)
        self.per_record: list[str] = []
        self.nested: dict[str, NestedField] = {}  # nested-table fields of the select list, by SQL

    @classmethod
    def over(cls, tr: Translator, source: Source) -> SelectContext:
        """A context whose only source is `source` (a virtual table's conditions are written over
        the register's own fields)."""
        ctx = cls(tr)
        ctx.sources.append(source)
        ctx._items.append((source, []))
        ctx._tables |= source.tables
        return ctx

    def over_source(self, source: Source) -> SelectContext:
        """`over` on this context's translator: how the modules scope builds on (nested and virtual
        tables) make a context without importing this module."""
        return SelectContext.over(self.tr, source)

    def standalone(self) -> SelectContext:
        """A context on this context's translator with no sources (a virtual table's parameter)."""
        return SelectContext(self.tr)

    # --- ИЗ -------------------------------------------------------------------------------------
    def add_from(self, items: list[A.FromItem]) -> None:
        for item in items:
            first = self._add_source(item.source)
            joins: list[tuple[str, Source, str]] = []
            self._items.append((first, joins))
            for join in item.joins:
                source = self._add_source(join.source)
                joins.append((join.kind, source, self.boolean(join.on)))

    def _add_source(self, node: A.TableSource | A.SubquerySource) -> Source:
        source = self._make_source(node)
        if any(md.norm(s.alias) == md.norm(source.alias) for s in self.sources):
            raise QueryError(DUPLICATE_ALIAS.format(source.alias), node.pos)
        self.sources.append(source)
        self._tables |= source.tables
        return source

    def _make_source(self, node: A.TableSource | A.SubquerySource) -> Source:
        sql_alias = self.tr.alias("s")
        if isinstance(node, A.SubquerySource):
            compiled = self.tr.compile_select(node.query)
            derived = [c.derived() for c in compiled.columns]
            alias = node.alias or sql_alias
            return DerivedSource(alias, sql_alias, derived, lambda _used: compiled.sql, compiled.tables)
        parts = node.parts
        if parts[0].startswith("&"):
            return self._parameter_table(node, sql_alias)
        if len(parts) == 1:
            temp = self.tr.temp.get(parts[0])
            if temp is None:
                raise table_not_found(node.name, node.pos)
            return DerivedSource(
                node.alias or parts[0], sql_alias, temp.columns, lambda _u: temp.sql_name, plain_table=True
            )
        obj = self.config.find(parts[0], parts[1])
        if obj is None:
            raise table_not_found(node.name, node.pos)
        alias = node.alias or "".join(parts[1:])
        if len(parts) == 2 and node.params is None:
            meta = obj if obj.is_referenced else None
            fields = obj.real_table_fields() if isinstance(obj, md.AccountingRegister) else obj.fields
            return TableSource(alias, sql_alias, obj.table, fields, obj.kind, meta)
        if len(parts) == 3 and node.params is None:
            section = obj.tabular_section(parts[2])
            if section is not None:
                return TableSource(alias, sql_alias, section.table, section.fields, "tabular", None)
        if len(parts) == 3 and md.norm(parts[2]) in VIRTUAL_TABLES and isinstance(obj, md.Register):
            return make_virtual_table(self, obj, parts[2], node.params or [], alias, sql_alias, node.pos)
        raise table_not_found(node.name, node.pos)

    def _parameter_table(self, node: A.TableSource, sql_alias: str) -> Source:
        name = node.parts[0][1:]
        if not self.tr.may_read_parameter_tables:
            raise QueryError(DATA_ONLY_INTO_TEMP_TABLE, node.pos)
        value = self.tr.param_value(name, node.pos)
        if not isinstance(value, ParameterTable):
            raise QueryError(WRONG_PARAMETER.format(name), node.pos)
        columns: list[DerivedColumn] = []
        for i, (col_name, declared) in enumerate(value.columns):
            types = declared.types if isinstance(declared, TypeDescription) and declared.types else ()
            if not types:
                types = merge_types(*((t,) for row in value.rows if (t := type_of_value(row[i])) is not None))
            types = types or (ANY_STRING,)
            tag = f"c{i}_t" if len(types) > 1 else None
            columns.append(DerivedColumn(col_name, f"c{i}", types, tag))
        rows = []
        for row in value.rows:
            cells: list[object] = []
            for cell, col in zip(row, columns, strict=True):
                if col.tag_column is not None:
                    own = type_of_value(cell)
                    cells.append(tag_of(own) if own is not None else None)
                cells.append(sql_scalar(cell) if type_of_value(cell) is not None else None)
            rows.append(cells)
        table = self.tr.param_tables.create_from_rows("&" + name, columns, rows)
        return DerivedSource(
            node.alias or name, sql_alias, columns, lambda _u: table.sql_name, plain_table=True
        )

    def implicit_join(
        self, owner: Source | None, ref_sql: str, ref_tag: str | None, meta: md.MetaObject
    ) -> str:
        """The alias of `meta`'s table joined on Ссылка = ref (once per owner, reference and type)."""
        tag = f"{meta.kind}.{meta.name}"
        key = (owner.sql_alias if owner else "", ref_sql, tag)
        return self._join(owner, key, meta.table, _ref_condition(ref_sql, ref_tag, tag))

    def _join(
        self, owner: Source | None, key: tuple[str, str, str], table: str, on: Callable[[str], str]
    ) -> str:
        """The alias of `table` LEFT JOINed after `owner` on `on(alias)`, joined once per key."""
        alias = self._implicit_keys.get(key)
        if alias is not None:
            return alias
        alias = self.tr.alias("j")
        clause = f"LEFT JOIN {quote(table)} AS {quote(alias)} ON {on(quote(alias))}"
        if owner is None:
            self._trailing.append(clause)
        else:
            self._implicit.setdefault(owner.sql_alias, []).append(clause)
        self._implicit_keys[key] = alias
        self._tables.add(table)
        return alias

    def from_clause(self) -> str:
        pieces: list[str] = []
        for first, joins in self._items:
            text = first.from_sql() + self._implicit_sql(first)
            for kind, source, on in joins:
                right = source.from_sql()
                extra = self._implicit_sql(source)
                if extra:
                    right = f"({right}{extra})"
                text += f" {kind} JOIN {right} ON {on}"
            pieces.append(text)
        if self._trailing and pieces:
            pieces[-1] += " " + " ".join(self._trailing)
        return ", ".join(pieces)

    def _implicit_sql(self, source: Source) -> str:
        clauses = self._implicit.get(source.sql_alias)
        return " " + " ".join(clauses) if clauses else ""

    def add_tables(self, tables: set[str]) -> None:
        self._tables |= tables

    def tables(self) -> set[str]:
        return self._tables | {t for s in self.sources for t in s.tables}

    # --- fields ---------------------------------------------------------------------------------
    def source_by_alias(self, name: str) -> Source | None:
        key = md.norm(name)
        return next((s for s in self.sources if md.norm(s.alias) == key), None)

    def resolve(self, path: A.FieldPath) -> SqlExpr:
        target = self.target(path)
        if isinstance(target, SectionRef):
            raise QueryError(NESTED_TABLE_MISUSE.format(path.text), path.pos)
        return target

    def target(self, path: A.FieldPath) -> SqlExpr | SectionRef:
        """What a dotted path names: a value, or a tabular section (a nested table) reached through
        its header table (`Д.Товары`) or through a reference (`Р.Документ.Товары`)."""
        if self.outer is not None and not self._knows(path):
            return self.outer.target(path)
        owner, expr, rest = self._start(path)
        i = 0
        while i < len(rest):
            sections = self._sections(expr, rest[i])
            if not sections:
                expr = self.deref(owner, expr, rest[i], path)
                i += 1
                continue
            section_ref = SectionRef(owner, expr, sections)
            if i + 1 == len(rest):
                return section_ref
            expr = self._section_field(section_ref, rest[i + 1], path)
            i += 2
        return expr

    def _knows(self, path: A.FieldPath) -> bool:
        """Whether the path starts in this query's own sources (an alias, a field or a section)."""
        first = path.parts[0]
        if len(path.parts) > 1 and self.source_by_alias(first) is not None:
            return True
        return any(self._column(s, first) is not None or self._header_column(s, first) for s in self.sources)

    def _start(self, path: A.FieldPath) -> tuple[Source | None, SqlExpr, list[str]]:
        """The source a path starts from, the value of its first field and the parts left. A
        tabular section named right after a source (or alone) starts from the source's Ссылка."""
        parts = path.parts
        source = self.source_by_alias(parts[0]) if len(parts) > 1 else None
        if source is not None:
            self._refuse_alias_also_a_field(path, source)
            column = self._column(source, parts[1])
            if column is not None:
                return source, _value(column), parts[2:]
            header = self._header_ref(source, parts[1])
            if header is None:
                raise field_not_found(path.text, segment_pos(path, parts[1]))
            return source, header, parts[1:]
        found = [(s, c) for s in self.sources if (c := self._column(s, parts[0])) is not None]
        rest = parts[1:]
        if not found:
            found = [(s, c) for s in self.sources if (c := self._header_column(s, parts[0])) is not None]
            rest = parts
        if len(found) > 1:
            raise QueryError(AMBIGUOUS_FIELD.format(path.text), path.pos)
        if not found:
            raise field_not_found(path.text, path.pos)
        return found[0][0], _value(found[0][1]), rest

    def _refuse_alias_also_a_field(self, path: A.FieldPath, source: Source) -> None:
        """`Договор.Владелец` where Договор is both a source's alias and a field of another source
        that leads on to Владелец: 1C cannot tell which is meant (PRISM's published B17 logs:
        `{(8, 4)}: Неоднозначное поле "Договор.Владелец"`)."""
        others = [s for s in self.sources if s is not source and self._column(s, path.parts[0]) is not None]
        if len(others) != 1:
            return  # no other reading (or an ambiguous field anyway, reported when it is read)
        owner = others[0]
        column = self._column(owner, path.parts[0])
        assert column is not None
        try:
            expr = _value(column)
            for name in path.parts[1:]:
                expr = self.deref(owner, expr, name, path)
        except QueryError:
            return  # the field reading does not go through: the alias is meant
        raise QueryError(AMBIGUOUS_FIELD.format(path.text), path.pos)

    def _header_column(self, source: Source, name: str) -> Column | None:
        """The source's Ссылка when `name` is one of its object's tabular sections."""
        meta = source.meta
        if meta is None or meta.tabular_section(name) is None:
            return None
        return source.column("Ссылка")

    def _header_ref(self, source: Source, name: str) -> SqlExpr | None:
        column = self._header_column(source, name)
        return None if column is None else _value(column)

    def _column(self, source: Source, name: str) -> Column | None:
        column = source.column(name)
        if column is None and md.norm(name) in _PRESENTATION and source.meta is not None:
            ref = source.column("Ссылка")
            if ref is not None:
                return Column(
                    name, presentation(self.config, SqlExpr(ref.sql, ref.types, ref.tag)), (ANY_STRING,)
                )
        return column

    def deref(self, owner: Source | None, expr: SqlExpr, name: str, path: A.FieldPath) -> SqlExpr:
        """`expr.name` for a reference expression: a field of the referenced object."""
        candidates: list[tuple[str, Column]] = []
        for simple in expr.types:
            if not simple.is_ref:
                continue
            meta = self.config.find(simple.ref_kind or "", simple.ref_name or "")
            if meta is None or (meta.kind == md.ENUM and md.norm(name) == "имя"):
                continue
            f = meta.field(name)
            if f is None:
                continue
            alias = self.implicit_join(owner, expr.sql, expr.tag, meta)
            candidates.append((tag_of(simple), field_column(alias, f)))
        if not candidates:
            if md.norm(name) in _PRESENTATION and any(t.is_ref for t in expr.types):
                return SqlExpr(presentation(self.config, expr), (ANY_STRING,))
            raise field_not_found(path.text, segment_pos(path, name))
        return _by_type(expr, candidates)

    # --- tabular sections through their header table ------------------------------------------
    def _sections(self, expr: SqlExpr, name: str) -> list[Section]:
        """The tabular sections `name` of the objects `expr` may refer to (none when one of those
        objects has a field of that name: a field comes first)."""
        sections: list[Section] = []
        for simple in expr.types:
            meta = self.config.find(simple.ref_kind or "", simple.ref_name or "") if simple.is_ref else None
            if meta is None:
                continue
            if meta.field(name) is not None:
                return []
            section = meta.tabular_section(name)
            if section is not None:
                sections.append((simple, meta, section))
        return sections

    def _section_field(self, target: SectionRef, name: str, path: A.FieldPath) -> SqlExpr:
        """A field of a tabular section reached through a reference: the section's table is joined
        (LEFT, one row per line; once per owner, reference and section, whatever fields are read)."""
        candidates: list[tuple[str, Column]] = []
        for simple, meta, section in target.sections:
            f = section.field(name)
            if f is None:
                continue
            alias = self._section_join(target, simple, meta, section)
            candidates.append((tag_of(simple), field_column(alias, f)))
        if not candidates:
            raise field_not_found(path.text, segment_pos(path, name))
        return _by_type(target.ref, candidates)

    def _section_join(
        self, target: SectionRef, simple: SimpleType, meta: md.MetaObject, section: md.TabularSection
    ) -> str:
        ref = target.ref
        key = (target.owner.sql_alias if target.owner else "", ref.sql, f"{meta.full_name}.{section.name}")
        return self._join(target.owner, key, section.table, _ref_condition(ref.sql, ref.tag, tag_of(simple)))

    # --- expressions ------------------------------------------------------------------------------
    def expression(self, node: A.Expr) -> SqlExpr:
        return self.compiler.compile(node)

    def boolean(self, node: A.Expr) -> str:
        return self.compiler.compile(node).sql

    # --- the select list ----------------------------------------------------------------------
    def select_fields(self, part: A.SelectQuery) -> list[tuple[str, SqlExpr]]:
        result: list[tuple[str, SqlExpr]] = []
        names: set[str] = set()
        aggregated = (
            bool(part.group_by)
            or any(f.expr is not None and _has_aggregate(f.expr) for f in part.fields)
            or (part.having is not None)
        )
        self.per_record = self.record_grouping(part) if aggregated else []
        if aggregated and not self.per_record:
            self.group_sql = {self.expression(e).sql for e in part.group_by}
        for index, field in enumerate(part.fields):
            if field.expr is None:
                sources = self.sources if field.star_alias is None else [self._star_source(field)]
                for source in sources:
                    for column in source.columns():
                        result.append(
                            (_unique(names, column.name), SqlExpr(column.sql, column.types, column.tag))
                        )
                continue
            nested = self._nested_table(field.expr)
            if nested is not None:
                expr = self._nested_field(nested, aggregated)
            else:
                if aggregated:
                    self.check_grouped(field.expr)
                expr = self.expression(field.expr)
            if field.alias is not None:
                if md.norm(field.alias) in names:
                    raise QueryError(DUPLICATE_ALIAS.format(field.alias), field.pos)
                names.add(md.norm(field.alias))
                result.append((field.alias, expr))
            else:
                result.append((_unique(names, self._auto_name(field.expr, index)), expr))
        return result

    def record_grouping(self, part: A.SelectQuery) -> list[str]:
        """1C's one exception to grouping: when every aggregate of the select list applies to fields of
        a nested table (a tabular section reached through its header: СУММА(Д.Товары.Сумма)) and there
        is no СГРУППИРОВАТЬ ПО / ИМЕЮЩИЕ, the aggregates are taken per record of the header and its
        fields may be selected as they are. The grouping terms (each source's Ссылка), or []."""
        if part.group_by or part.having is not None:
            return []
        calls = [c for f in part.fields if f.expr is not None for c in _aggregates(f.expr)]
        for call in calls:
            paths = [p for arg in call.args for p in _paths(arg)]
            if not paths or not all(self._through_section(p) for p in paths):
                return []
        refs = [s.column("Ссылка") if s.meta is not None else None for s in self.sources]
        return [] if any(r is None for r in refs) else [r.sql for r in refs if r is not None]

    def _through_section(self, path: A.FieldPath) -> bool:
        """Whether a field path reads a tabular section through its header (or through a reference)."""
        for k in range(1, len(path.parts)):
            try:
                if isinstance(self.target(A.FieldPath(path.pos, path.parts[:k])), SectionRef):
                    return True
            except QueryError:  # an alias alone is no field
                continue
        return False

    def _nested_table(self, node: A.Expr) -> tuple[A.NestedTable, SectionRef] | None:
        """A select-list item naming a nested table (`Д.Товары.(…)`, `Д.Товары.*`, `Д.Товары`)."""
        if isinstance(node, A.NestedTable):
            target = self.target(node.path)
            if not isinstance(target, SectionRef):
                raise field_not_found(node.path.text, node.pos)
            return node, target
        if isinstance(node, A.FieldPath):
            target = self.target(node)
            if isinstance(target, SectionRef):
                return A.NestedTable(node.pos, node), target
        return None

    def _nested_field(self, nested: tuple[A.NestedTable, SectionRef], aggregated: bool) -> SqlExpr:
        node, target = nested
        if aggregated:  # a nested table is neither a grouping nor an aggregate
            raise QueryError(NOT_IN_GROUP.format(node.path.text), node.pos)
        for item in node.fields or []:
            if item.expr is not None and _has_aggregate(item.expr):
                raise QueryError(NESTED_AGGREGATE.format(node.path.text), item.pos)
        expr, field = compile_nested(self, node, target)
        self.nested[expr.sql] = field
        return expr

    def _star_source(self, field: A.SelectField) -> Source:
        source = self.source_by_alias(field.star_alias or "")
        if source is None:
            raise table_not_found(field.star_alias or "", field.pos)
        return source

    def _auto_name(self, expr: A.Expr, index: int) -> str:
        if isinstance(expr, A.NestedTable):
            expr = expr.path
        if isinstance(expr, A.FieldPath):
            parts = expr.parts
            if len(parts) > 1 and self.source_by_alias(parts[0]) is not None:
                parts = parts[1:]
            return "".join(parts)
        return f"Поле{index + 1}"

    def check_grouped(self, node: A.Expr) -> None:
        """In a grouped query every field outside an aggregate must be a grouping expression (or be
        reached through one: Т.Товар.Наименование when grouping by Т.Товар)."""
        if self.group_sql is None:
            return
        if isinstance(node, A.Call) and node.name.lower() in AGGREGATES:
            return
        if isinstance(node, A.FieldPath):
            if self.outer is not None and not self._knows(node):
                return  # a field of the outer query is one value for all rows of this one
            for k in range(len(node.parts), 0, -1):
                prefix = A.FieldPath(node.pos, node.parts[:k])
                try:
                    if self.expression(prefix).sql in self.group_sql:
                        return
                except QueryError:
                    continue
            self.expression(node)  # an unknown field is reported as such first
            raise QueryError(NOT_IN_GROUP.format(node.text), node.pos)
        constant = isinstance(node, (A.Literal, A.Param, A.ValueOf, A.TypeOf, A.InList))
        if not constant and self.expression(node).sql in self.group_sql:
            return
        for child in _children(node):
            self.check_grouped(child)


def _ref_condition(ref_sql: str, ref_tag: str | None, tag: str) -> Callable[[str], str]:
    """The ON condition of a table whose Ссылка (or owner's Ссылка) is the reference `ref_sql`."""

    def on(alias: str) -> str:
        condition = f"{alias}.{quote('Ссылка')} = {ref_sql}"
        return condition if ref_tag is None else f"{condition} AND {ref_tag} = {sql_literal(tag)}"

    return on


def _value(column: Column) -> SqlExpr:
    return SqlExpr(column.sql, column.types, column.tag)


def _by_type(ref: SqlExpr, candidates: list[tuple[str, Column]]) -> SqlExpr:
    """One value from the candidates found for each type `ref` may refer to (keyed by type tag)."""
    if len(candidates) == 1:
        return _value(candidates[0][1])
    types = merge_types(*(c.types for _, c in candidates))
    value = (
        "(CASE "
        + " ".join(f"WHEN {ref.tag} = {sql_literal(t)} THEN {c.sql}" for t, c in candidates)
        + " END)"
    )
    tags = " ".join(
        f"WHEN {ref.tag} = {sql_literal(t)} THEN {c.tag or sql_literal(tag_of(c.types[0]))}"
        for t, c in candidates
    )
    return SqlExpr(value, types, f"(CASE {tags} END)")


def _unique(names: set[str], name: str) -> str:
    candidate, n = name, 0
    while md.norm(candidate) in names:
        n += 1
        candidate = f"{name}{n}"
    names.add(md.norm(candidate))
    return candidate


def _children(node: A.Expr) -> list[A.Expr]:
    if isinstance(node, A.Unary):
        return [node.operand]
    if isinstance(node, A.Binary):
        return [node.left, node.right]
    if isinstance(node, A.Between):
        return [node.operand, node.low, node.high]
    if isinstance(node, A.Like):
        return [node.operand, node.pattern] + ([node.escape] if node.escape else [])
    if isinstance(node, (A.IsNull, A.Refs, A.Cast)):
        return [node.operand]
    if isinstance(node, A.Case):
        items = [node.operand] if node.operand else []
        for cond, value in node.whens:
            items += [cond, value]
        return items + ([node.otherwise] if node.otherwise else [])
    if isinstance(node, A.Call):
        return list(node.args)
    if isinstance(node, A.InList):
        return node.operands
    return []


def _aggregates(node: A.Expr) -> list[A.Call]:
    """The aggregate calls in an expression (not looking inside them)."""
    if isinstance(node, A.Call) and node.name.lower() in AGGREGATES:
        return [node]
    return [c for child in _children(node) for c in _aggregates(child)]


def _paths(node: A.Expr) -> list[A.FieldPath]:
    if isinstance(node, A.FieldPath):
        return [node]
    return [p for child in _children(node) for p in _paths(child)]


def _has_aggregate(node: A.Expr) -> bool:
    if isinstance(node, A.Call) and node.name.lower() in AGGREGATES:
        return True
    return any(_has_aggregate(c) for c in _children(node))
