"""Russian and English through Qt's translation system: every shell string has a Russian
translation, the shipped .qm is compiled from the .ts, and switching the language relabels the
open window at once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from prism_desktop.gui.i18n import Translations, catalog_path, effective_language, system_language
from prism_desktop.gui.i18n.extract import compile_ts, extract, missing, read_ts, shell_files
from prism_desktop.gui.runs_model import header_text
from prism_desktop.services.runs_query import Column

pytestmark = pytest.mark.gui


def test_every_shell_string_has_a_russian_translation() -> None:
    catalog = extract(shell_files())
    assert sum(len(strings) for strings in catalog.values()) > 100  # the extractor found them
    assert "MainWindow" in catalog and "RunsTableModel" in catalog and "FilterBar" in catalog
    assert missing(catalog, read_ts(catalog_path("ru", ".ts"))) == []


def test_every_review_sentence_has_a_russian_translation_with_the_same_fields() -> None:
    import re

    from prism_desktop.gui.review_texts import REVIEW_CONTEXT, review_catalog

    ts = read_ts(catalog_path("ru", ".ts"))
    assert missing(review_catalog(), ts) == []
    for template in review_catalog()[REVIEW_CONTEXT]:
        translation = ts[(REVIEW_CONTEXT, template)] or ""
        fields = re.compile(r"\{\w+\}")
        assert sorted(fields.findall(translation)) == sorted(fields.findall(template)), template


def test_the_shipped_qm_is_compiled_from_the_current_ts(tmp_path: Path) -> None:
    fresh = tmp_path / "prism_ru.qm"
    compile_ts(catalog_path("ru", ".ts"), fresh)
    assert fresh.read_bytes() == catalog_path("ru").read_bytes(), (
        "prism_ru.qm is stale: run `python -m prism_desktop.gui.i18n.extract`"
    )


def test_extractor_reads_the_three_forms(tmp_path: Path) -> None:
    source = tmp_path / "sample.py"
    source.write_text(
        'TR_CONTEXT = "Sample"\n'
        "class Box:\n"
        "    def label(self):\n"
        '        return self.tr("Open"), QCoreApplication.translate("Other", "Close"), tr("Bare")\n',
        encoding="utf-8",
    )
    assert extract([source]) == {"Box": ["Open"], "Other": ["Close"], "Sample": ["Bare"]}


def test_language_choice_defaults_to_the_system() -> None:
    assert effective_language("ru") == "ru" and effective_language("en") == "en"
    assert effective_language("system") == system_language() in ("ru", "en")
    assert effective_language(None) == system_language()


def test_switching_the_language_relabels_the_open_window(shell_window: Any) -> None:
    window = shell_window
    translations = window.translations
    assert window.commands.menu("fileMenu").title() == "&File"
    assert window.filters.task.itemText(0) == "All tasks"
    window.set_language("ru")
    QApplication.processEvents()
    assert translations.language == "ru"
    assert window.commands.menu("fileMenu").title() == "&Файл"
    assert window.filters.task.itemText(0) == "Все задачи"
    assert window.tabs.tabText(0) == "Проверка"
    assert header_text(Column.TASK) == "Задача"
    assert "показано" in window.counts_label.text()
    window.set_language("en")
    QApplication.processEvents()
    assert window.commands.menu("fileMenu").title() == "&File"
    assert window.filters.task.itemText(0) == "All tasks"


def test_a_missing_catalogue_keeps_english(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import prism_desktop.gui.i18n as i18n

    monkeypatch.setattr(i18n, "I18N_DIR", tmp_path)
    translations = Translations(QApplication.instance())
    assert translations.apply("ru") is False
    assert translations.language == "en"


def test_updating_the_ts_keeps_other_contexts_and_drops_unused_strings(tmp_path: Path) -> None:
    from prism_desktop.gui.i18n.extract import update_ts

    ts = tmp_path / "prism_ru.ts"
    ts.write_text(
        '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n<TS version="2.1" language="ru">'
        "<context><name>Mine</name>"
        "<message><source>Old</source><translation>Старое</translation></message>"
        "<message><source>Kept</source><translation>Оставлено</translation></message></context>"
        "<context><name>Theirs</name>"
        "<message><source>Old</source><translation>Чужое</translation></message></context></TS>",
        encoding="utf-8",
    )
    assert update_ts(ts, {"Mine": ["Kept", "New"]}, "ru") == (1, 1)
    entries = read_ts(ts)
    assert entries == {("Mine", "Kept"): "Оставлено", ("Mine", "New"): None, ("Theirs", "Old"): "Чужое"}
