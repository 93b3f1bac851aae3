"""`prism-desktop bsl run`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from prism_desktop.cli.main import main


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "prog.bsl"
    path.write_text(text, encoding="utf-8")
    return path


def test_run_prints_messages(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, 'Для К = 1 По 2 Цикл\n    Сообщить("шаг " + К);\nКонецЦикла;\n')
    assert main(["bsl", "run", str(path)]) == 0
    captured = capsys.readouterr()
    assert captured.out == "шаг 1\nшаг 2\n" and captured.err == ""


def test_uncaught_exception_goes_to_stderr(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, 'Сообщить("до");\nВызватьИсключение "Стоп";\n')
    assert main(["bsl", "run", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == "до\n"
    assert captured.err.strip() == f"{path}:2: Стоп"


def test_async_module_runs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Асинх/Ждать run as the platform runs them (tests/bsl/conformance/async has the rules); an
    error no Ждать received ends the run on stderr with the line that raised it."""
    path = write(tmp_path, (
        "Асинх Функция Удвоить(Х)\n    Возврат Х * 2;\nКонецФункции\n"
        "Асинх Процедура Главная()\n    Сообщить(Ждать Удвоить(21));\nКонецПроцедуры\n"
        "Асинх Процедура Сбой()\n    ВызватьИсключение \"Сбой\";\nКонецПроцедуры\n"
        "Главная();\nСбой();\nСообщить(\"дальше\");\n"
    ))
    assert main(["bsl", "run", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == "42\nдальше\n"
    assert captured.err.strip() == f"{path}:8: Сбой"


def test_compile_error_goes_to_stderr(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "Х = НеОбъявлена;\n")
    assert main(["bsl", "run", str(path)]) == 1
    assert "Переменная не определена (НеОбъявлена)" in capsys.readouterr().err


def test_codestat_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "Для К = 1 По 3 Цикл\n    Х = К;\nКонецЦикла;\n")
    out = tmp_path / "stat" / "cs.json"
    assert main(["bsl", "run", str(path), "--codestat", str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    (key, entry), = data.items()
    assert key == str(path.resolve()) and entry["#path"] == key
    assert {line: v["count"] for line, v in entry["$entry"].items()} == {"1": 4, "2": 3, "3": 3}


def test_timeout(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "Пока Истина Цикл\nКонецЦикла;\n")
    assert main(["bsl", "run", str(path), "--timeout", "0.2"]) == 1
    assert "превышено время исполнения" in capsys.readouterr().err


def test_missing_file_and_bad_timeout(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bsl", "run", str(tmp_path / "nope.bsl")]) == 2
    assert "no such file" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["bsl", "run", str(write(tmp_path, "")), "--timeout", "-1"])
    assert "positive number of seconds" in capsys.readouterr().err
