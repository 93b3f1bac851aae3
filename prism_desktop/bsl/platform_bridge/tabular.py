"""Tabular sections of catalog and document objects (ТабличнаяЧасть) and their rows."""

from __future__ import annotations

from typing import Any, ClassVar

from prism_desktop.bsl.platform_bridge.rows import TypedRow, TypedRows
from prism_desktop.bsl.platform_bridge.values import to_bsl
from prism_desktop.bsl.stdlib.collections.value_table import BslValueTable
from prism_desktop.bsl.values.base import BslRuntimeError, method, prop
from prism_desktop.platform.metadata import TabularSection


class BslTabularRow(TypedRow):
    TYPE_RU = "СтрокаТабличнойЧасти"
    TYPE_EN = "TabularSectionRow"
    __slots__ = ()
    hidden: ClassVar[frozenset[str]] = frozenset({"Ссылка", "НомерСтроки"})

    @prop("НомерСтроки", "LineNumber")
    def line_number(self) -> int:
        return self.owner.rows.index(self) + 1


class BslTabularSection(TypedRows):
    TYPE_RU = "ТабличнаяЧасть"
    TYPE_EN = "TabularSection"
    __slots__ = ("section",)
    row_class: ClassVar[type[TypedRow]] = BslTabularRow

    def __init__(
        self, section: TabularSection, rows: list[dict[str, Any]] | None = None, read_only: bool = False
    ):
        self.section = section
        super().__init__(section.fields, rows, read_only)

    def stored_rows(self) -> list[dict[str, Any]]:
        hidden = BslTabularRow.hidden
        return [{k: v for k, v in row.values.items() if k not in hidden} for row in self.rows]

    @method("Свернуть", "GroupBy")
    def group_by(self, group_columns: Any, sum_columns: Any = None) -> None:
        """Through a value table, as the platform's Свернуть behaves the same on both."""
        self.touch()
        table = self.unload()
        table.group_by(group_columns, sum_columns)
        self.load(table)

    @method("ВыгрузитьКолонки", "UnloadColumns")
    def unload_columns(self, columns: Any = None) -> BslValueTable:
        fields = self._fields_list(columns)
        return BslValueTable.from_rows([f.name for f in fields])

    def bsl_presentation(self) -> str:
        return self.TYPE_RU

    def cell(self, index: int, name: str) -> Any:
        """Python API: a cell value as BSL sees it."""
        f = self.section.field(name)
        if f is None:
            raise BslRuntimeError(f"Поле объекта не обнаружено ({name})")
        return to_bsl(self.rows[index].values[f.name])
