"""Selections from managers (Справочники.X.Выбрать(), Документы.X.Выбрать() …): Следующий() steps
through the rows; the fields of the current row are read from the selection itself, without another
data access. The selection fetches rows in portions: the first Следующий() and every step that needs
a new portion of SELECTION_PORTION rows is one data access, as a 1C selection reads portion by portion."""

from __future__ import annotations

from typing import Any

from prism_desktop.bsl.platform_bridge.objects import make_object
from prism_desktop.bsl.platform_bridge.refs import make_ref
from prism_desktop.bsl.platform_bridge.session import current, guarded
from prism_desktop.bsl.platform_bridge.values import to_bsl
from prism_desktop.bsl.values.base import BslObject, BslRuntimeError, method
from prism_desktop.platform import metadata as md
from prism_desktop.platform.infobase import SELECTION_PORTION, Row
from prism_desktop.platform.techlog import READ


class BslSelection(BslObject):
    TYPE_RU = "Выборка"
    TYPE_EN = "Selection"
    __slots__ = ("meta", "position", "rows")

    def __init__(self, meta: md.MetaObject, rows: list[Row]):
        self.meta = meta
        self.rows = rows
        self.position = -1

    def _current(self) -> Row:
        if not 0 <= self.position < len(self.rows):
            raise BslRuntimeError("Выборка не позиционирована на записи: вызовите Следующий()")
        return self.rows[self.position]

    @method("Следующий", "Next")
    def next(self) -> bool:
        if self.position >= len(self.rows):
            return False
        self.position += 1
        if self.position % SELECTION_PORTION == 0:
            current().techlog.record(READ, (self.meta.table,), f"{self.meta.full_name}: выборка, порция")
        return self.position < len(self.rows)

    @method("Количество", "Count")
    def count(self) -> int:
        return len(self.rows)

    @method("ПолучитьОбъект", "GetObject")
    def get_object(self) -> Any:
        data = guarded(current().read_object, self._current().ref)
        return None if data is None else make_object(data)

    def bsl_field_names(self) -> list[str]:
        return self.meta.fields.names()

    def bsl_get_dynamic(self, name: str) -> Any:
        row = self._current()
        f = self.meta.field(name)
        if f is None:
            raise BslRuntimeError(f"Поле объекта не обнаружено ({name})")
        if f.name == "Ссылка":
            return make_ref(row.ref)
        return to_bsl(row.values[f.name])
