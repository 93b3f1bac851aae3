"""bench/real_code.py on a small dump: the figures it prints and the injected errors it counts."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "real_code.py"

FORM = """&НаКлиенте
Процедура ПриОткрытии(Отказ)
    Если Отказ Тогда
        Закрыть();
    КонецЕсли;
КонецПроцедуры

&НаСервере
Процедура ПриСозданииНаСервере(Отказ, СтандартнаяОбработка)
    Пока Ложь Цикл
        Объект = РеквизитФормыВЗначение("Объект");
    КонецЦикла;
КонецПроцедуры
"""
OBJECT = """Процедура ПередЗаписью(Отказ)
    Если ЭтоНовый() Тогда
        ПроверитьЗаполнение();
    КонецЕсли;
КонецПроцедуры
"""
BROKEN = "Процедура П()\n    НетТакой();\nКонецПроцедуры\n"


def load_bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("real_code_bench", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses resolve the module's annotations through it
    spec.loader.exec_module(module)
    return module


def dump(root: Path) -> Path:
    files = {
        "Catalogs/Товары/Forms/ФормаЭлемента/Ext/Form/Module.bsl": FORM,
        "Catalogs/Товары/Ext/ObjectModule.bsl": OBJECT,
        "CommonModules/Общий/Ext/Module.bsl": BROKEN,
    }
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_figures_and_injected_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_bench()
    out = tmp_path / "figures.json"
    assert bench.main([str(dump(tmp_path / "cf")), "--inject", "5", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "modules: 3\nmodules with any error: 1 (33.33%)\nsyntax errors: 0\n" in printed
    assert "Процедура или функция с указанным именем не определена (НетТакой)" in printed
    figures = json.loads(out.read_text(encoding="utf-8"))
    assert figures["modules"] == 3 and figures["modules_with_errors"] == 1
    assert figures["errors_by_code"] == {"UndefinedMethod": 1}
    # both clean modules get each injected error, and the checker catches all (a one-side global
    # goes into a method some context of the other side compiles: the form's client or server
    # method, the object module's methods, which its server context compiles without client globals)
    assert figures["injected"] == {
        "deleted КонецЕсли": 2, "misspelled keyword": 2, "call of an undefined procedure": 2,
        "global unavailable in a context compiling the method": 2,
    }
    assert figures["caught"] == figures["injected"]


def test_not_a_folder_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert load_bench().main([str(tmp_path / "нет")]) == 2
    assert "not a folder" in capsys.readouterr().err
