"""Debug mode: a task, a candidate in the editor, Level 1 on it in the background, every log."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from prism_desktop.gui.app_workers import Background
from prism_desktop.gui.colour_scheme import scheme
from prism_desktop.gui.debug_view import DebugView
from prism_desktop.gui.runs_model import NA
from prism_desktop.gui.settings import AppSettings, SettingsDialog
from prism_desktop.workspace.workspace import Workspace

pytestmark = pytest.mark.gui


def _opened(qtbot: QtBot, root: Path) -> Iterator[DebugView]:
    background = Background()
    view = DebugView(background, sandbox="local")
    qtbot.addWidget(view)
    view.set_workspace(Workspace.open(root))
    view.resize(1400, 900)
    view.show()
    yield view
    background.shutdown()


@pytest.fixture
def debug_view(qtbot: QtBot, demo_workspace: Any) -> Iterator[DebugView]:
    yield from _opened(qtbot, demo_workspace.root)


def test_canonical_scores_full_marks_and_fills_the_logs(debug_view: Any, qtbot: QtBot) -> None:
    view = debug_view
    view.select_task("A11")
    assert "УникальныеЭлементы" in view.statement.toPlainText()
    with qtbot.waitSignal(view.scored, timeout=180_000) as scored:
        view.run_canonical.click()
        assert not view.run_button.isEnabled()  # one run at a time
    result, auto_run = scored.args
    assert result is not None and result.runner == "local" and result.isolated is False
    assert auto_run["scores"]["S"] == 10 and auto_run["scores"]["M"] == 10.0
    assert "УникальныеЭлементы" in view.editor.toPlainText()
    assert "<b>M</b>&nbsp;10" in view.score_labels["M"].text()
    assert NA in view.score_labels["P"].text() and "category B" in view.score_labels["P"].toolTip()
    assert "NOT isolated" in view.outcome.text()
    assert view.logs.tests.rowCount() == len(view.current_task().tests)
    assert view.run_button.isEnabled()


def test_a_broken_candidate_marks_its_line_in_the_gutter(debug_view: Any, qtbot: QtBot) -> None:
    view = debug_view
    view.select_task("A2")
    view.editor.setPlainText("Функция ЭтоПалиндром(Строка)\n    Возврат Строка +;\nКонецФункции\n")
    with qtbot.waitSignal(view.scored, timeout=180_000) as scored:
        assert view.run_editor()
    _, auto_run = scored.args
    assert auto_run["scores"]["S"] < 10
    assert 1 in view.editor.markers()  # row 1 = line 2, where the expression is cut short
    view.editor.setPlainText(view.editor.toPlainText() + "\n")
    assert view.editor.markers() == {}  # stale diagnostics go once the text changes


def test_settings_dialog_stores_the_choices(qtbot: QtBot) -> None:
    settings = AppSettings()
    dialog = SettingsDialog(settings)
    qtbot.addWidget(dialog)
    dialog.language.setCurrentIndex(dialog.language.findData("ru"))
    dialog.sandbox.setCurrentIndex(dialog.sandbox.findData("local"))
    dialog.jobs.setCurrentIndex(dialog.jobs.findData(2))
    dialog.expert.setText("  petrova ")
    assert dialog.apply() == (True, True, True)
    fresh = AppSettings()  # read back from the settings file
    assert (fresh.language, fresh.sandbox, fresh.jobs, fresh.expert_name) == ("ru", "local", 2, "petrova")
    QApplication.processEvents()


@pytest.fixture
def bank_debug_view(qtbot: QtBot) -> Iterator[DebugView]:
    yield from _opened(qtbot, Path(__file__).resolve().parents[2])  # the bundled bank


def test_the_query_console_runs_against_the_task_infobase(bank_debug_view: Any, qtbot: QtBot) -> None:
    view = bank_debug_view
    console = view.console
    view.select_task("A2")
    assert not view.side_tabs.isTabEnabled(1) and not console.run_button.isEnabled()
    view.select_task("B11")
    assert view.side_tabs.isTabEnabled(1) and console.run_button.isEnabled()
    view.side_tabs.setCurrentIndex(1)
    console.editor.setPlainText(
        "ВЫБРАТЬ Н.Артикул КАК Артикул, П.Контрагент КАК Контрагент\n"
        "ИЗ Справочник.Номенклатура КАК Н ЛЕВОЕ СОЕДИНЕНИЕ РегистрНакопления.Продажи КАК П\n"
        "ПО П.Номенклатура = Н.Ссылка И П.Период > &С\nУПОРЯДОЧИТЬ ПО Артикул"
    )
    console.params.setText("С = 2024-04-01")
    with qtbot.waitSignal(console.executed, timeout=60_000):
        assert console.execute()
    table = console.table
    # after 01.04.2024: Ручка (РШ-1) on 30.04 and Папка (ПР-1) on 01.05 sold to Альфа; Бумага not at all
    cells = [[table.item(r, c).text() for c in range(table.columnCount())] for r in range(table.rowCount())]
    assert cells == [["БА-4", "NULL"], ["ПР-1", "ООО Альфа"], ["РШ-1", "ООО Альфа"]]
    assert table.item(0, 1).foreground().color().name() == scheme().faint  # NULL in grey
    assert "3 row(s)" in console.status.text() and "1 data access(es)" in console.status.text()

    console.editor.setPlainText("ВЫБРАТЬ\n  Н.Цена ИЗ Справочник.Номенклатура КАК Н")
    with qtbot.waitSignal(console.failed, timeout=60_000):
        assert console.execute()
    assert "Line 2, column 5" in console.status.text() and "Поле не найдено" in console.status.text()
    assert 1 in console.editor.markers()  # row 1 = line 2
    assert console.table.rowCount() == 0 and console.run_button.isEnabled()


@pytest.mark.parametrize("language", ["ru", "en"])
def test_query_console_screenshot(
    bank_debug_view: Any, qtbot: QtBot, qapp: QApplication, language: str, tmp_path: Any
) -> None:
    import os

    from prism_desktop.gui.i18n import Translations

    translations = Translations(qapp)
    assert translations.apply(language)
    try:
        view = bank_debug_view
        view.select_task("B11")
        view.load_canonical.click()
        view.side_tabs.setCurrentIndex(1)
        view.console.editor.setPlainText(
            "ВЫБРАТЬ\n    О.Период КАК Месяц,\n    О.Номенклатура КАК Номенклатура,\n"
            "    СУММА(О.КоличествоОборот) КАК Количество,\n    СУММА(О.СуммаОборот) КАК Сумма\n"
            "ИЗ\n    РегистрНакопления.Продажи.Обороты(&Начало, &Конец, Месяц) КАК О\n"
            "СГРУППИРОВАТЬ ПО\n    О.Период, О.Номенклатура\nУПОРЯДОЧИТЬ ПО\n    Месяц, Номенклатура"
        )
        view.console.params.setText("Начало = 2024-01-01; Конец = 2024-04-30T23:59:59")
        with qtbot.waitSignal(view.console.executed, timeout=60_000):
            assert view.console.execute()
        assert view.console.table.rowCount() == 6
        right = Qt.AlignmentFlag.AlignRight.value
        assert view.console.table.item(0, 2).textAlignment() & right  # Количество: numbers, as 1C shows
        assert not view.console.table.item(0, 1).textAlignment() & right
        folder = Path(os.environ.get("PRISM_DESKTOP_SCREENSHOTS") or tmp_path)
        folder.mkdir(parents=True, exist_ok=True)
        assert view.grab().save(str(folder / f"debug_console_{language}.png"))
    finally:
        translations.apply("en")
