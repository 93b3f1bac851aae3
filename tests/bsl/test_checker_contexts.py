"""The checker in every compile context of a module, in one call: directives select the methods each
context compiles, `#Если` the code, availability the global and owner's methods; each diagnostic
names its contexts.

Source: the Developer Guide's "Директивы компиляции" (a form's method without a directive is
&НаСервере; a client may call the form's server methods, the server none of its client methods) and
"Инструкции препроцессора"; the owner's methods from the syntax assistant (ФормаКлиентскогоПриложения,
СправочникОбъект, РегистрСведенийМенеджер, РегистрСведенийНаборЗаписей, …).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from prism_desktop.bsl import module_kinds as mk
from prism_desktop.bsl.checker import check_in_contexts, check_module
from prism_desktop.cli.main import main

UNDEFINED = "Процедура или функция с указанным именем не определена"
CLIENTS = ("ТонкийКлиент", "ВебКлиент", "ТолстыйКлиентУправляемоеПриложение")


def found(text: str, kind: str, owner_type: str = "") -> list[tuple[int, str, tuple[str, ...]]]:
    info = mk.ModuleInfo(kind, owner_type)
    return [(d.line, d.message, d.contexts) for d in check_in_contexts(text, "m.bsl", info)]


FORM = """&НаКлиенте
Процедура ПриОткрытии(Отказ)
    Закрыть(); ОповеститьОВыборе(1); ОповеститьОбИзменении(Тип("Строка")); ПрочитатьНаСервере();
#Если ВебКлиент Тогда
    НетТакой();
#КонецЕсли
КонецПроцедуры

&НаСервере
Процедура ПрочитатьНаСервере()
    Таблица = РеквизитФормыВЗначение("Объект"); ЗначениеВРеквизитФормы(Таблица, "Объект");
    ПриОткрытии(Ложь); Закрыть();
КонецПроцедуры

Процедура БезДирективы()
    ПредупреждениеАсинх("на сервере нет");
КонецПроцедуры
"""


def test_a_form_module_in_its_client_and_server_contexts() -> None:
    assert found(FORM, mk.FORM) == [
        (5, f"{UNDEFINED} (НетТакой)", ("ВебКлиент",)),
        (12, f"{UNDEFINED} (ПриОткрытии)", ("Сервер",)),
        (12, f"{UNDEFINED} (Закрыть)", ("Сервер",)),
        (16, f"{UNDEFINED} (ПредупреждениеАсинх)", ("Сервер",)),
    ]


def test_the_old_single_context_check_is_unchanged_for_the_sandbox() -> None:
    """check_module (what Level 1 uses): one context, every global name, no owner — so a form's
    methods stay undefined there and no diagnostic names a context."""
    found_old = check_module(FORM)
    assert [(d.line, d.message) for d in found_old] == [
        (3, f"{UNDEFINED} (Закрыть)"), (3, f"{UNDEFINED} (ОповеститьОВыборе)"),
        (11, f"{UNDEFINED} (РеквизитФормыВЗначение)"), (11, f"{UNDEFINED} (ЗначениеВРеквизитФормы)"),
        (12, f"{UNDEFINED} (Закрыть)"),
    ]
    assert all(d.contexts == () for d in found_old)


@pytest.mark.parametrize(
    ("kind", "owner_type", "body"),
    [
        (mk.OBJECT, "catalogs", "Если ЭтоНовый() Тогда Записать(); КонецЕсли; ПроверитьЗаполнение(); "
                                "УстановитьНовыйКод(); М = Метаданные();"),
        (mk.OBJECT, "documents", "УстановитьНовыйНомер(); Write(); Т = IsNew();"),
        (mk.OBJECT, mk.EXTERNAL_PROCESSOR, "Макет = ПолучитьМакет(\"Макет\"); Форма = ПолучитьФорму(\"Ф\");"),
        (mk.MANAGER, "informationregisters", "Набор = СоздатьНаборЗаписей(); М = СоздатьМенеджерЗаписи(); "
                                            "Макет = ПолучитьМакет(\"Печать\"); С = ПустаяСсылка();"),
        (mk.MANAGER, "catalogs", "Э = CreateItem(); Г = СоздатьГруппу(); Н = НайтиПоКоду(1);"),
        (mk.RECORD_SET, "accumulationregisters", "Если Количество() > 0 Тогда Т = Выгрузить(); Очистить(); "
                                                 "Загрузить(Т); КонецЕсли;"),
        (mk.VALUE_MANAGER, "constants", "Прочитать(); Записать();"),
        (mk.COMMON_MODULE, "commonmodules", "Возврат ПродолжитьВызов(1);"),
    ],
)
def test_the_owner_methods_of_each_kind_are_defined(kind: str, owner_type: str, body: str) -> None:
    text = f"Функция Ф()\n    {body}\nКонецФункции\n"
    assert found(text, kind, owner_type) == []
    broken = text.replace("    ", "    НетТакой(); ", 1)
    assert found(broken, kind, owner_type)[0][1] == f"{UNDEFINED} (НетТакой)"


def test_owner_methods_belong_to_their_kind() -> None:
    assert found("Процедура П()\n    Закрыть();\nКонецПроцедуры\n", mk.OBJECT, "catalogs")[0][1] == (
        f"{UNDEFINED} (Закрыть)"
    )
    assert found("Процедура П()\n    Записать();\nКонецПроцедуры\n", mk.MANAGER, "catalogs")[0][1] == (
        f"{UNDEFINED} (Записать)"
    )


def test_a_client_common_module_may_not_call_server_methods() -> None:
    text = "Процедура П() Экспорт\n    НачатьТранзакцию(); ПоказатьПредупреждение(, \"x\");\nКонецПроцедуры\n"
    info = mk.ModuleInfo(mk.COMMON_MODULE, "commonmodules", "РаботаКлиент")
    (diagnostic,) = check_in_contexts(text, "m.bsl", info)
    assert diagnostic.message == f"{UNDEFINED} (НачатьТранзакцию)"
    assert diagnostic.contexts == ("ТонкийКлиент", "ВебКлиент")  # the thick client has the server's


def test_a_syntax_error_present_in_every_context_names_them_all() -> None:
    (diagnostic,) = check_in_contexts("А = ;\n", "m.bsl", mk.ModuleInfo(mk.FORM))
    assert diagnostic.code == "ParseError" and diagnostic.contexts == ("Сервер", *CLIENTS)


def test_global_common_module_methods_resolve(tmp_path: Path) -> None:
    info = mk.ModuleInfo(mk.COMMON_MODULE, known_methods=("ПоказатьНапоминание",))
    assert check_in_contexts("Процедура П()\n    ПоказатьНапоминание();\nКонецПроцедуры\n", "m", info) == []


def test_cli_takes_the_kind_from_the_dump_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    form = tmp_path / "Catalogs" / "Товары" / "Forms" / "ФормаЭлемента" / "Ext" / "Form" / "Module.bsl"
    form.parent.mkdir(parents=True)
    form.write_text(FORM, encoding="utf-8")
    assert main(["bsl", "check", str(form)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"{form}:5:5: error UndefinedMethod: {UNDEFINED} (НетТакой) [ВебКлиент]"
    assert len(lines) == 4


def test_cli_module_kind_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "answer.bsl"
    path.write_text("Процедура П()\n    Записать(); ЭтоНовый();\nКонецПроцедуры\n", encoding="utf-8")
    assert main(["bsl", "check", str(path)]) == 1
    capsys.readouterr()
    assert main(["bsl", "check", str(path), "--module-kind", "object"]) == 0
    assert capsys.readouterr().out == ""


def test_a_manager_module_is_compiled_on_the_clients_too() -> None:
    """Presentation handlers of a manager module run on the client, so the platform compiles the
    module there: server code needs the guard the Standard Subsystems Library puts around it."""
    unguarded = "Процедура Сохранить() Экспорт\n    НачатьТранзакцию();\nКонецПроцедуры\n"
    (diagnostic,) = check_in_contexts(unguarded, "m.bsl", mk.ModuleInfo(mk.MANAGER, "catalogs"))
    assert diagnostic.message == f"{UNDEFINED} (НачатьТранзакцию)"
    assert diagnostic.contexts == ("ТонкийКлиент", "ВебКлиент")
    guarded = (
        "#Если Сервер Или ТолстыйКлиентОбычноеПриложение Или ВнешнееСоединение Тогда\n"
        f"{unguarded}#КонецЕсли\n"
    )
    assert check_in_contexts(guarded, "m.bsl", mk.ModuleInfo(mk.MANAGER, "catalogs")) == []
