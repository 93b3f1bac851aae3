"""ЗаполнитьЗначенияСвойств (FillPropertyValues): copy same-named fields from one object to another.

Syntax assistant: ЗаполнитьЗначенияСвойств(Приемник, Источник, СписокСвойств, ИсключаяСвойства).
Without a list, every field of the source that the receiver also has is copied; with a list
(names separated by commas) exactly those are copied, and a listed name missing from either object
is an error. ИсключаяСвойства removes names from whichever set is used."""

from __future__ import annotations

from typing import Any

from prism_desktop.bsl.stdlib.globals import arg_str, builtin, invalid_argument
from prism_desktop.bsl.values.base import BslObject, BslRuntimeError, _norm


def _names(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


@builtin("ЗаполнитьЗначенияСвойств", "FillPropertyValues", procedure=True)
def fill_property_values(receiver: Any, source: Any, listed: Any = None, excluded: Any = None) -> None:
    if not isinstance(receiver, BslObject):
        raise invalid_argument(1)
    if not isinstance(source, BslObject):
        raise invalid_argument(2)
    skip = {_norm(name) for name in _names(arg_str(excluded))} if excluded is not None else set()
    source_fields = {_norm(name): name for name in source.bsl_field_names()}
    receiver_fields = {_norm(name) for name in receiver.bsl_field_names()}
    if listed is not None and arg_str(listed).strip():
        for name in _names(arg_str(listed)):
            key = _norm(name)
            if key in skip:
                continue
            if key not in source_fields or key not in receiver_fields:
                raise BslRuntimeError(f"Поле объекта не обнаружено ({name})")
            receiver.bsl_set(name, source.bsl_get(name))
        return
    for key, name in source_fields.items():
        if key in receiver_fields and key not in skip:
            receiver.bsl_set(name, source.bsl_get(name))
