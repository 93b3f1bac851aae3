"""OneScript's `.os` scripts: `#native` and annotations on parameters are syntax there (not on the
platform), and `#Использовать` — a library import — is refused clearly in the sandbox.

Source: OneScript's documentation (oscript.io, "Синтаксис": `#native`, `#Использовать`, annotations
of methods and parameters) and 1C's, where neither `#native` nor parameter annotations exist.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from prism_desktop.bsl.checker import check_module
from prism_desktop.bsl.engine import Engine, ModuleLoadError
from prism_desktop.bsl.parser import parse_module
from prism_desktop.cli.main import main

SCRIPT = """#native
Функция Удвоить(&Тип("Число") Знач Значение, &Необязательный Множитель = 2) Экспорт
    Возврат Значение * Множитель;
КонецФункции

Сообщить(Удвоить(21));
"""


def test_native_and_parameter_annotations_parse_in_onescript_mode() -> None:
    parsed = parse_module(SCRIPT, "s.os", onescript=True)
    assert parsed.diagnostics == []
    (method,) = parsed.module.methods
    assert [[a.name for a in p.annotations] for p in method.params] == [["Тип"], ["Необязательный"]]
    assert method.params[0].by_value and method.params[1].default is not None


def test_the_platform_has_neither() -> None:
    codes = [(d.line, d.code) for d in check_module(SCRIPT)]
    assert (1, "ParseError") in codes and (2, "ParseError") in codes


def test_a_library_import_is_refused_clearly_in_onescript_mode() -> None:
    text = "#Использовать json\nСообщить(1);\n"
    with pytest.raises(ModuleLoadError) as caught:
        Engine().load(text, "Сценарий", onescript=True)
    assert caught.value.line == 1
    assert "Подключение библиотеки OneScript (json) недоступно" in caught.value.message
    Engine().load(text, "Модуль")  # Level 1's modules: unchanged, the directive is skipped


def test_cli_runs_and_checks_a_script(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "удвоить.os"
    script.write_text(SCRIPT, encoding="utf-8")
    assert main(["bsl", "check", str(script)]) == 0
    assert main(["bsl", "run", str(script)]) == 0
    assert capsys.readouterr().out == "42\n"
    broken = tmp_path / "сломан.os"
    broken.write_text("#Использовать asserts\nНетТакой();\n", encoding="utf-8")
    assert main(["bsl", "check", str(broken)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{broken}:2:1: error UndefinedMethod: Процедура или функция с указанным именем не определена "
        "(НетТакой) [OneScript]"
    ]
    assert main(["bsl", "run", str(broken)]) == 1
    err = capsys.readouterr().err
    assert f"{broken}:1:1: Подключение библиотеки OneScript (asserts) недоступно" in err
    assert "Traceback" not in err
