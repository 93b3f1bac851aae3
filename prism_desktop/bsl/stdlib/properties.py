"""ЗаполнитьЗначенияСвойств (FillPropertyValues): copy same-named fields from one object to another.

Syntax assistant: ЗаполнитьЗначенияСвойств(Приемник, Источник, СписокСвойств, ИсключаяСвойства).
Without a list, every field of the source that the receiver also has is copied, except those named in
ИсключаяСвойства. With a list (names separated by commas) OneScript, PRISM's category-A runner,
ignores the exclusions, requires every listed name to be a field of the receiver (checked before
anything is copied; the error is "Поле объекта не обнаружено (Имя)") and skips a listed name the
source lacks."""

from __future__ import annotations

from typing import Any

from prism_desktop.bsl.stdlib.globals import arg_str, builtin, invalid_argument
from prism_desktop.bsl.values.base import BslObject, BslRuntimeError, norm_name


def _names(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


@builtin("ЗаполнитьЗначенияСвойств", "FillPropertyValues", procedure=True)
def fill_property_values(receiver: Any, source: Any, listed: Any = None, excluded: Any = None) -> None:
    if not isinstance(receiver, BslObject):
        raise invalid_argument(1)
    if not isinstance(source, BslObject):
        raise invalid_argument(2)
    for param_no, names_text in ((3, listed), (4, excluded)):
        if names_text is not None and not isinstance(names_text, str):  # a list of names is a string
            raise invalid_argument(param_no)
    source_fields = {norm_name(name): name for name in source.bsl_field_names()}
    receiver_fields = {norm_name(name) for name in receiver.bsl_field_names()}
    if listed is not None:
        names = _names(arg_str(listed))
        for name in names:
            if norm_name(name) not in receiver_fields:
                raise BslRuntimeError(f"Поле объекта не обнаружено ({name})")
        for name in names:
            if norm_name(name) in source_fields:
                receiver.bsl_set(name, source.bsl_get(name))
        return
    skip = {norm_name(name) for name in _names(arg_str(excluded))} if excluded is not None else set()
    for key, name in source_fields.items():
        if key in receiver_fields and key not in skip:
            receiver.bsl_set(name, source.bsl_get(name))
