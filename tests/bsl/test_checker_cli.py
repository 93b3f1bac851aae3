"""`prism-desktop bsl check`: output lines, JSON, exit codes and clear errors for bad files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from prism_desktop.cli.main import main

BROKEN = "Процедура П()\n  Возврат 1;\nКонецПроцедуры\nА = 1\nБ = 2;\nНету();\n"


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_lists_every_diagnostic_and_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "модуль.bsl", BROKEN)
    assert main(["bsl", "check", str(path)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{path}:2:3: error ProcedureReturnsValue: Процедура не может возвращать значение [Сервер]",
        f"{path}:5:1: error ParseError: Ожидается символ ';' [Сервер]",
        f"{path}:6:1: error UndefinedMethod: Процедура или функция с указанным именем не определена (Нету) "
        "[Сервер]",
    ]


def test_clean_file_prints_nothing_and_exits_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "ok.bsl"
    path.write_bytes("\ufeffФункция Ф()\r\n  Возврат 1;\r\nКонецФункции\r\n".encode())
    assert main(["bsl", "check", str(path)]) == 0
    assert capsys.readouterr().out == ""


def test_json_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "a.bsl", BROKEN)
    assert main(["bsl", "check", str(path), "--json"]) == 1
    rows = json.loads(capsys.readouterr().out)
    assert [(r["file"], r["code"], r["line"], r["column"]) for r in rows] == [
        (str(path), "ProcedureReturnsValue", 2, 3), (str(path), "ParseError", 5, 1),
        (str(path), "UndefinedMethod", 6, 1),
    ]
    assert set(rows[0]) == {
        "file", "code", "severity", "message", "line", "column", "end_line", "end_column", "contexts",
    }
    assert rows[0]["contexts"] == ["Сервер"]


def test_several_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = write(tmp_path, "good.bsl", "А = 1;")
    bad = write(tmp_path, "bad.bsl", "А = ;")
    assert main(["bsl", "check", str(good), str(bad)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines == [f"{bad}:1:5: error ParseError: Ожидается выражение [Сервер]"]


def test_define_selects_the_preprocessor_context(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "c.bsl", "#Если Клиент Тогда\nА = ;\n#КонецЕсли\n")
    assert main(["bsl", "check", str(path), "--define", "Сервер"]) == 0
    assert main(["bsl", "check", str(path), "--define", "Клиент"]) == 1
    assert ":2:5: error ParseError: Ожидается выражение [Клиент]" in capsys.readouterr().out


def test_an_error_in_a_client_branch_is_seen_without_define(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The module's directives name the client, so it is checked there too, in one call."""
    path = write(tmp_path, "c.bsl", "#Если Клиент Тогда\nА = ;\n#КонецЕсли\n")
    assert main(["bsl", "check", str(path)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{path}:2:5: error ParseError: Ожидается выражение [ТонкийКлиент, ВебКлиент, "
        "ТолстыйКлиентУправляемоеПриложение]"
    ]


def test_missing_file_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "нет.bsl"
    assert main(["bsl", "check", str(missing)]) == 2
    assert f"no such file: {missing}" in capsys.readouterr().err


def test_undecodable_file_is_named_with_the_bad_byte(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "cp1251.bsl"
    path.write_bytes("А = 1;\nБ = \"Привет\";".encode("cp1251"))
    assert main(["bsl", "check", str(path)]) == 1
    err = capsys.readouterr().err
    assert str(path) in err and "not UTF-8" in err and "offset 0" in err and "line 1" in err
    assert "Traceback" not in err
