"""The engine's global functions against the global-context name table (bsl/names.py)."""

from __future__ import annotations

import pytest

from prism_desktop.bsl.engine import Engine
from prism_desktop.bsl.names import GLOBAL_METHODS, canonical
from prism_desktop.bsl.stdlib import FUNCTIONS, global_function_names
from prism_desktop.bsl.values.base import BslRuntimeError

# Names the engine implements that names.py spells differently or lacks (reported to its owner):
# the platform's function is СтрЗаканчиваетсяНа (names.py has "СтрЗаканчиваетсяС"), and
# ПолучитьCOMОбъект is a global function of the platform that names.py does not list.
# The binary-data conversions between Base64/hex *data* and buffers and ПолучитьМаскуВсеФайлы are
# platform functions (8.3.9+) the table does not list yet (the global-context table is being completed).
NAMES_TABLE_GAPS = {
    "СтрЗаканчиваетсяНа", "ПолучитьCOMОбъект", "ПолучитьМаскуВсеФайлы",
    "ПолучитьBase64ДвоичныеДанныеИзДвоичныхДанных", "ПолучитьДвоичныеДанныеИзBase64ДвоичныхДанных",
    "ПолучитьHexДвоичныеДанныеИзДвоичныхДанных", "ПолучитьДвоичныеДанныеИзHexДвоичныхДанных",
    "ПолучитьBase64БуферДвоичныхДанныхИзБуфераДвоичныхДанных",
    "ПолучитьБуферДвоичныхДанныхИзBase64БуфераДвоичныхДанных",
    "ПолучитьHexБуферДвоичныхДанныхИзБуфераДвоичныхДанных",
    "ПолучитьБуферДвоичныхДанныхИзHexБуфераДвоичныхДанных",
}

# What the executor must implement (the brief, item 3).
REQUIRED = [
    "СтрДлина", "Лев", "Прав", "Сред", "Найти", "СтрНайти", "СтрЗаменить", "СтрРазделить",
    "СтрСоединить", "ВРег", "НРег", "ТРег", "СокрЛ", "СокрП", "СокрЛП", "СтрЧислоВхождений",
    "СтрЧислоСтрок", "СтрПолучитьСтроку", "СтрНачинаетсяС", "СтрЗаканчиваетсяНа", "СтрШаблон",
    "СтрСравнить", "ПустаяСтрока", "Символ", "КодСимвола", "НСтр", "Формат", "Цел", "Окр", "Макс",
    "Мин", "Pow", "Sqrt", "Log", "Log10", "Exp", "Sin", "Cos", "Tan", "ASin", "ACos", "ATan", "Число",
    "ЧислоИзШестнадцатеричнойСтроки", "Дата", "Год", "Месяц", "День", "Час", "Минута", "Секунда",
    "ДеньГода", "НеделяГода", "ДеньНедели", "НачалоДня", "НачалоЧаса", "НачалоМинуты", "НачалоНедели",
    "НачалоМесяца", "НачалоКвартала", "НачалоГода", "КонецДня", "КонецЧаса", "КонецМинуты",
    "КонецНедели", "КонецМесяца", "КонецКвартала", "КонецГода", "ДобавитьМесяц", "ТекущаяДата",
    "ТекущаяДатаСеанса", "Строка", "Булево", "ТипЗнч", "Тип", "ЗначениеЗаполнено", "Сообщить",
    "ОписаниеОшибки", "ИнформацияОбОшибке", "Вычислить", "КомандаСистемы", "ЗапуститьПриложение",
    "ПолучитьCOMОбъект",
]


def test_required_functions_are_registered() -> None:
    missing = [name for name in REQUIRED if canonical(name) not in FUNCTIONS]
    assert missing == []


def test_every_engine_function_is_a_global_context_name() -> None:
    unknown = [name for name in global_function_names() if canonical(name) not in GLOBAL_METHODS]
    assert set(unknown) <= NAMES_TABLE_GAPS


def test_english_aliases_reach_the_same_function() -> None:
    assert FUNCTIONS[canonical("StrLen")] is FUNCTIONS[canonical("СтрДлина")]
    assert FUNCTIONS[canonical("BegOfMonth")] is FUNCTIONS[canonical("НачалоМесяца")]


def test_known_but_unimplemented_global_fails_at_run_time_with_its_name() -> None:
    unimplemented = sorted(n for k, n in GLOBAL_METHODS.items() if k not in FUNCTIONS)
    assert unimplemented, "names.py lists platform functions the engine does not implement"
    name = unimplemented[0]
    engine = Engine()
    module = engine.load(f"Процедура П()\n {name}();\nКонецПроцедуры", "Модуль")
    with pytest.raises(BslRuntimeError, match="не поддерживается исполнителем PRISM Desktop"):
        engine.call(module, "П")
