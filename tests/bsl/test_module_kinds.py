"""The module's kind from its path in both dump layouts, the contexts each kind is compiled in, and
a configuration's metadata read from a dump folder.

Source: the platform's dump formats — the designer's "Выгрузить конфигурацию в файлы"
(`Catalogs/X/Ext/ObjectModule.bsl`, `…/Forms/F/Ext/Form/Module.bsl`, `CommonModules/M.xml` with
<Server>, <ClientManagedApplication>, <Global> …) and EDT's project (`src/Catalogs/X/ObjectModule.bsl`,
`…/Forms/F/Module.bsl`, `CommonModules/M/M.mdo` with <server>, <global> …); the Developer Guide's
"Контекст выполнения модулей" for the contexts of each kind.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from prism_desktop.bsl import compile_contexts as cc
from prism_desktop.bsl import module_kinds as mk
from prism_desktop.bsl.configuration_dump import common_module_flags, config_root, describe, global_methods

DESIGNER = [
    ("Catalogs/Товары/Ext/ObjectModule.bsl", mk.OBJECT, "catalogs", "Товары"),
    ("Documents/Заказ/Ext/ManagerModule.bsl", mk.MANAGER, "documents", "Заказ"),
    ("InformationRegisters/Курсы/Ext/RecordSetModule.bsl", mk.RECORD_SET, "informationregisters", "Курсы"),
    ("Constants/Валюта/Ext/ValueManagerModule.bsl", mk.VALUE_MANAGER, "constants", "Валюта"),
    ("Catalogs/Товары/Forms/ФормаЭлемента/Ext/Form/Module.bsl", mk.FORM, "catalogs", "ФормаЭлемента"),
    ("CommonForms/Вопрос/Ext/Form/Module.bsl", mk.FORM, "", "Вопрос"),
    ("CommonModules/ОбщегоНазначения/Ext/Module.bsl", mk.COMMON_MODULE, "commonmodules", "ОбщегоНазначения"),
    ("Catalogs/Товары/Commands/Печать/Ext/CommandModule.bsl", mk.COMMAND, "catalogs", "Товары"),
    ("CommonCommands/Обновить/Ext/CommandModule.bsl", mk.COMMAND, "commoncommands", "Обновить"),
    ("Ext/ManagedApplicationModule.bsl", mk.MANAGED_APPLICATION, "", ""),
    ("Ext/SessionModule.bsl", mk.SESSION, "", ""),
    ("Ext/ExternalConnectionModule.bsl", mk.EXTERNAL_CONNECTION, "", ""),
    ("Ext/OrdinaryApplicationModule.bsl", mk.ORDINARY_APPLICATION, "", ""),
    ("HTTPServices/API/Ext/Module.bsl", mk.SERVICE, "httpservices", "API"),
    ("VanessaAutomation/Ext/ObjectModule.bsl", mk.OBJECT, mk.EXTERNAL_PROCESSOR, "VanessaAutomation"),
]
EDT = [
    ("src/Catalogs/Товары/ObjectModule.bsl", mk.OBJECT, "catalogs", "Товары"),
    ("src/AccumulationRegisters/Остатки/ManagerModule.bsl", mk.MANAGER, "accumulationregisters", "Остатки"),
    ("src/Catalogs/Товары/Forms/ФормаСписка/Module.bsl", mk.FORM, "catalogs", "ФормаСписка"),
    ("src/CommonForms/Вопрос/Module.bsl", mk.FORM, "", "Вопрос"),
    ("src/CommonModules/ЮТест/Module.bsl", mk.COMMON_MODULE, "commonmodules", "ЮТест"),
    ("src/Documents/Заказ/Commands/Печать/CommandModule.bsl", mk.COMMAND, "documents", "Заказ"),
    ("src/Configuration/ManagedApplicationModule.bsl", mk.MANAGED_APPLICATION, "", ""),
    ("src/Configuration/SessionModule.bsl", mk.SESSION, "", ""),
    ("src/Bots/ОфисМенеджер/Module.bsl", mk.SERVICE, "bots", "ОфисМенеджер"),
    ("answer.bsl", mk.UNKNOWN, "", ""),
]


@pytest.mark.parametrize(("path", "kind", "owner_type", "owner_name"), DESIGNER + EDT)
def test_kind_from_the_path(path: str, kind: str, owner_type: str, owner_name: str) -> None:
    info = mk.module_info(Path("/dump") / path)
    assert (info.kind, info.owner_type, info.owner_name) == (kind, owner_type, owner_name)


def test_an_ordinary_form_is_told_by_its_description(tmp_path: Path) -> None:
    form = tmp_path / "Forms" / "Форма"
    (form / "Ext" / "Form").mkdir(parents=True)
    (form / "Ext" / "Form" / "Module.bsl").write_text("", encoding="utf-8")
    description = tmp_path / "Forms" / "Форма.xml"
    description.write_text("<Form><FormType>Ordinary</FormType></Form>", encoding="utf-8")
    assert mk.module_info(form / "Ext" / "Form" / "Module.bsl").kind == mk.ORDINARY_FORM


CLIENTS = ["ТонкийКлиент", "ВебКлиент", "ТолстыйКлиентУправляемоеПриложение"]
SERVER_SIDE = ["Сервер", "ВнешнееСоединение", "ТолстыйКлиентОбычноеПриложение"]


def names(contexts: tuple[cc.CompileContext, ...]) -> list[str]:
    return [c.name for c in contexts]


@pytest.mark.parametrize(
    ("info", "expected"),
    [
        (mk.ModuleInfo(mk.FORM), ["Сервер", *CLIENTS]),
        (mk.ModuleInfo(mk.OBJECT), [*SERVER_SIDE, "ТолстыйКлиентУправляемоеПриложение"]),
        (mk.ModuleInfo(mk.MANAGER), [*SERVER_SIDE, *CLIENTS]),
        (mk.ModuleInfo(mk.SESSION), ["Сервер"]),
        (mk.ModuleInfo(mk.MANAGED_APPLICATION), CLIENTS),
        (mk.ModuleInfo(mk.EXTERNAL_CONNECTION), ["ВнешнееСоединение"]),
        (mk.ModuleInfo(mk.COMMON_MODULE, owner_name="ОбщегоНазначенияВызовСервера"), ["Сервер"]),
        (mk.ModuleInfo(mk.COMMON_MODULE, owner_name="ОбщегоНазначенияКлиент"), CLIENTS),
        (mk.ModuleInfo(mk.COMMON_MODULE, owner_name="CommonClientServer"),
         ["Сервер", *CLIENTS, "ВнешнееСоединение"]),
        (mk.ModuleInfo(mk.COMMON_MODULE, owner_name="М", flags=frozenset({"server", "externalconnection"})),
         ["Сервер", "ВнешнееСоединение"]),
        (mk.ModuleInfo(), ["Сервер"]),
    ],
)
def test_contexts_of_each_kind(info: mk.ModuleInfo, expected: list[str]) -> None:
    assert names(mk.contexts_of(info)) == expected


def test_an_unknown_module_is_compiled_on_the_client_when_its_directives_say_so() -> None:
    client_method = "&НаКлиенте\nПроцедура П()\nКонецПроцедуры"
    assert "ТонкийКлиент" in names(mk.contexts_of(mk.ModuleInfo(), client_method))
    assert "ТонкийКлиент" in names(mk.contexts_of(mk.ModuleInfo(), "#Если Клиент Тогда\n#КонецЕсли"))
    assert "МобильныйКлиент" in names(
        mk.contexts_of(mk.ModuleInfo(mk.FORM), "#Если МобильныйКлиент Тогда\n#КонецЕсли")
    )
    standalone = "#Если МобильныйАвтономныйСервер Тогда\n#КонецЕсли"
    expected = ["Сервер", *CLIENTS, "МобильныйАвтономныйСервер"]
    assert names(mk.contexts_of(mk.ModuleInfo(mk.FORM), standalone)) == expected
    assert "МобильныйАвтономныйСервер" not in names(mk.contexts_of(mk.ModuleInfo(mk.FORM)))


def _designer_dump(root: Path) -> None:
    (root / "Configuration.xml").write_text("<Configuration/>", encoding="utf-8")
    modules = root / "CommonModules"
    for name, flags in (("ОбщийКлиент", "<ClientManagedApplication>true</ClientManagedApplication>"),
                        ("Глобальный", "<Global>true</Global>")):
        (modules / name / "Ext").mkdir(parents=True)
        (modules / f"{name}.xml").write_text(f"<CommonModule><Properties>{flags}<Server>false</Server>"
                                             "</Properties></CommonModule>", encoding="utf-8")
    (modules / "ОбщийКлиент" / "Ext" / "Module.bsl").write_text("Процедура А() Экспорт\nКонецПроцедуры\n")
    (modules / "Глобальный" / "Ext" / "Module.bsl").write_text(
        "Процедура ПоказатьНапоминание() Экспорт\nКонецПроцедуры\nПроцедура Скрытая()\nКонецПроцедуры\n"
    )


def test_a_designer_dump_gives_flags_and_global_methods(tmp_path: Path) -> None:
    _designer_dump(tmp_path)
    module = tmp_path / "CommonModules" / "ОбщийКлиент" / "Ext" / "Module.bsl"
    assert config_root(module.parent) == tmp_path
    assert common_module_flags(tmp_path, "ОбщийКлиент") == frozenset({"clientmanagedapplication"})
    assert global_methods(tmp_path) == ("ПоказатьНапоминание",)
    info = describe(module)
    assert info.kind == mk.COMMON_MODULE and info.known_methods == ("ПоказатьНапоминание",)
    assert names(mk.contexts_of(info)) == CLIENTS


def test_an_edt_project_gives_flags(tmp_path: Path) -> None:
    (tmp_path / "Configuration").mkdir()
    configuration = tmp_path / "Configuration" / "Configuration.mdo"
    configuration.write_text("<mdclass:Configuration/>", encoding="utf-8")
    folder = tmp_path / "CommonModules" / "Серверный"
    folder.mkdir(parents=True)
    (folder / "Серверный.mdo").write_text(
        "<mdclass:CommonModule><name>Серверный</name><server>true</server>"
        "<externalConnection>true</externalConnection></mdclass:CommonModule>", encoding="utf-8"
    )
    (folder / "Module.bsl").write_text("", encoding="utf-8")
    info = describe(folder / "Module.bsl")
    assert info.flags == frozenset({"server", "externalconnection"})
    assert names(mk.contexts_of(info)) == ["Сервер", "ВнешнееСоединение"]
