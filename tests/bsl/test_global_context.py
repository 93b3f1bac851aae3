"""Conformance of the global-context table (prism_desktop/bsl/global_context.py), group by group.

Source of every expectation: the 1C:Enterprise 8.3.24 syntax assistant, section "Глобальный
контекст" (the entry's Russian and English names and its "Доступность" line); the English names the
8.3.2x platform uses (RunCallback, CopyFile, BitwiseAnd, …) as the English Standard Subsystems
Library (1c-syntax/ssl_3_1_eng) calls them.
"""

from __future__ import annotations

import pytest

from prism_desktop.bsl import global_context as gc
from prism_desktop.bsl import module_kinds as mk
from prism_desktop.bsl.checker import check_in_contexts
from prism_desktop.bsl.compile_contexts import EXTERNAL_CONNECTION_CONTEXT, SERVER_CONTEXT, THIN_CLIENT
from prism_desktop.bsl.engine import Engine
from prism_desktop.bsl.names import (
    GLOBAL_METHOD_AVAILABILITY,
    GLOBAL_METHODS,
    GLOBAL_PROPERTIES,
    SYSTEM_ENUMERATIONS,
    canonical,
)
from prism_desktop.bsl.stdlib.globals import FUNCTIONS, load_providers
from prism_desktop.bsl.values.base import BslRuntimeError

CLIENT, SERVER, EXTERNAL = "C", "S", "X"
EVERYWHERE = {CLIENT, SERVER, EXTERNAL}

# group -> (Russian, English, availability) facts of the syntax assistant, some per group
GROUP_FACTS = {
    "Строки": [
        ("СтрокаСЧислом", "StringWithNumber", EVERYWHERE),
        ("СтрНайтиПоРегулярномуВыражению", "StrFindByRegularExpression", EVERYWHERE),
        ("СтрЗаменитьПоРегулярномуВыражению", "StrReplaceByRegularExpression", EVERYWHERE),
        ("СтрПодобнаПоРегулярномуВыражению", "StrLikeByRegularExpression", EVERYWHERE),
        ("СтрНайтиИВыделитьОформлением", "StrFindAndHighlightByAppearance", EVERYWHERE),
        ("ПолучитьСклоненияСтрокиПоЧислу", "GetStringDeclensionsByNumber", EVERYWHERE),
    ],
    "Числа и битовые операции": [
        ("ПобитовоеИ", "BitwiseAnd", EVERYWHERE),
        ("ПобитовоеИли", "BitwiseOr", EVERYWHERE),
        ("ПобитовоеИсключительноеИли", "BitwiseXor", EVERYWHERE),
        ("ПобитовоеНе", "BitwiseNot", EVERYWHERE),
    ],
    "Даты и часовые пояса": [
        ("ТекущаяДатаСеанса", "CurrentSessionDate", EVERYWHERE),
        ("УстановитьЧасовойПоясСеанса", "SetSessionTimeZone", {SERVER, EXTERNAL}),
    ],
    "Типы, значения, XML, JSON, двоичные данные": [
        ("ЗначениеВСтрокуВнутр", "ValueToStringInternal", {SERVER, EXTERNAL}),
        ("ПрочитатьJSON", "ReadJSON", EVERYWHERE),
        ("ПолучитьBase64СтрокуИзДвоичныхДанных", "GetBase64StringFromBinaryData", EVERYWHERE),
    ],
    "Сообщения, ошибки, журнал регистрации": [
        ("ПредупреждениеАсинх", "DoMessageBoxAsync", {CLIENT}),
        ("ВопросАсинх", "DoQueryBoxAsync", {CLIENT}),
        ("ЗаписьЖурналаРегистрации", "WriteLogEvent", {SERVER, EXTERNAL}),
        ("Сообщить", "Message", EVERYWHERE),
    ],
    "Файлы, внешние компоненты, расширения, система": [
        ("ПолучитьРазделительПути", "GetPathSeparator", EVERYWHERE),
        ("ПолучитьМаскуВсеФайлы", "GetAllFilesMask", EVERYWHERE),
        ("ПолучитьРазделительПутиКлиента", "GetClientPathSeparator", {CLIENT}),
        ("КопироватьФайл", "CopyFile", EVERYWHERE),
        ("КопироватьФайл", "FileCopy", EVERYWHERE),
        ("НачатьКопированиеФайла", "BeginCopyingFile", {CLIENT}),
        ("НачатьПомещениеФайлов", "BeginPuttingFiles", {CLIENT}),
        ("НачатьПодключениеРасширенияРаботыСКриптографией", "BeginAttachingCryptoExtension", {CLIENT}),
        ("ПодключитьВнешнююКомпонентуАсинх", "AttachAddInAsync", {CLIENT}),
        ("НайтиФайлыАсинх", "FindFilesAsync", EVERYWHERE),
    ],
    "Интерфейс, формы, окна, оповещения": [
        ("ОповеститьОбИзменении", "NotifyChanged", {CLIENT}),
        ("ОтобразитьИзменениеДанных", "RepresentDataChange", {CLIENT}),
        ("ВыполнитьОбработкуОповещения", "RunCallback", {CLIENT}),
        ("ВыполнитьОбработкуОповещения", "ExecuteNotifyProcessing", {CLIENT}),
        ("ОткрытьФорму", "OpenForm", {CLIENT}),
    ],
    "Информационная база, сеансы, права, транзакции": [
        ("УстановитьБлокировкуСеансов", "SetSessionsLock", {SERVER, EXTERNAL}),
        ("НачатьТранзакцию", "BeginTransaction", {SERVER, EXTERNAL}),
        ("ПродолжитьВызов", "ProceedWithCall", EVERYWHERE),
        ("ПолучитьРазмерДанныхБазыДанных", "GetDatabaseDataSize", {SERVER, EXTERNAL}),
        ("РольДоступна", "IsInRole", EVERYWHERE),
    ],
}


def _row(russian: str) -> gc.GlobalName:
    (row,) = [m for m in gc.METHODS if m.russian == russian]
    return row


@pytest.mark.parametrize("group", sorted(GROUP_FACTS))
def test_each_group_has_its_documented_names_and_availability(group: str) -> None:
    for russian, english, availability in GROUP_FACTS[group]:
        row = _row(russian)
        assert row.group == group, russian
        assert english in row.english, russian
        assert row.availability == availability, russian
        assert GLOBAL_METHOD_AVAILABILITY[canonical(english)] == availability


def test_every_group_is_covered_by_the_conformance_facts() -> None:
    assert {m.group for m in gc.METHODS} == set(GROUP_FACTS)


def test_the_table_is_whole_and_consistent() -> None:
    assert len(gc.METHODS) > 450 and len(gc.PROPERTIES) > 75 and len(gc.SYSTEM_ENUMERATIONS) > 550
    for table in (gc.METHODS, gc.PROPERTIES, gc.SYSTEM_ENUMERATIONS):
        spellings: dict[str, str] = {}
        for row in table:
            assert row.english and row.availability, row
            for spelling in (row.russian, *row.english):
                assert spellings.setdefault(canonical(spelling), row.russian) == row.russian, spelling


def test_properties_and_system_enumerations_in_both_languages() -> None:
    for russian, english in (("Метаданные", "Metadata"), ("ПараметрыСеанса", "SessionParameters"),
                             ("ХранилищеОбщихНастроек", "CommonSettingsStorage")):
        assert GLOBAL_PROPERTIES[canonical(russian)] == GLOBAL_PROPERTIES[canonical(english)] == russian
    for russian, english in (("РежимДиалогаВопрос", "QuestionDialogMode"),
                             ("КодВозвратаДиалога", "DialogReturnCode"),
                             ("ВидДвиженияНакопления", "AccumulationRecordType")):
        assert SYSTEM_ENUMERATIONS[canonical(russian)] == SYSTEM_ENUMERATIONS[canonical(english)] == russian


@pytest.mark.parametrize(
    ("call", "defined_in", "undefined_in"),
    [
        ("ПредупреждениеАсинх(\"x\")", THIN_CLIENT, SERVER_CONTEXT),
        ("RunCallback(Оповещение)", THIN_CLIENT, SERVER_CONTEXT),
        ("НачатьТранзакцию()", SERVER_CONTEXT, THIN_CLIENT),
        ("УстановитьБлокировкуСеансов(Блокировка)", EXTERNAL_CONNECTION_CONTEXT, THIN_CLIENT),
    ],
)
def test_availability_decides_the_context(call: str, defined_in: object, undefined_in: object) -> None:
    text = f"Процедура П(Оповещение, Блокировка)\n    {call};\nКонецПроцедуры\n"
    for context, expected in ((defined_in, []), (undefined_in, ["UndefinedMethod"])):
        found = check_in_contexts(text, "m.bsl", mk.ModuleInfo(mk.COMMON_MODULE), contexts=[context])
        assert [d.code for d in found] == expected, (call, context)


def test_the_names_of_the_issue_are_all_known() -> None:
    """Globals the real configurations call that the checker used to flag."""
    for name in ("RunCallback", "ОповеститьОбИзменении", "NotifyChanged", "ПолучитьРазделительПути",
                 "ПредупреждениеАсинх", "ВопросАсинх", "ПолучитьМаскуВсеФайлы", "СтрокаСЧислом",
                 "ОтобразитьИзменениеДанных", "НачатьУдалениеФайлов", "СтрНайтиПоРегулярномуВыражению",
                 "УстановитьБлокировкуСеансов", "CopyFile", "BitwiseAnd"):
        assert canonical(name) in GLOBAL_METHODS, name


def test_our_runtime_refuses_a_known_global_it_does_not_implement_with_a_clear_error() -> None:
    engine = Engine()
    module = engine.load("Процедура П()\n    УстановитьБлокировкуСеансов(Неопределено);\nКонецПроцедуры\n")
    with pytest.raises(BslRuntimeError, match=r"УстановитьБлокировкуСеансов: .*не поддерживается"):
        engine.call(module, "П")


def test_every_builtin_of_our_runtime_is_a_name_the_checker_knows() -> None:
    """The checker never flags a global our engine implements (e.g. BitwiseAnd, the platform's
    English for ПобитовоеИ, not the former BitAnd)."""
    load_providers()
    unknown = sorted(f"{e.name}/{e.name_en}" for key, e in FUNCTIONS.items() if key not in GLOBAL_METHODS)
    assert unknown == []
    assert FUNCTIONS[canonical("BitwiseAnd")].name == "ПобитовоеИ"
