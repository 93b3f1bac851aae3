"""Level 1 → Generate answers… on the assembled main window, against the fake OpenAI-compatible server
on 127.0.0.1: the estimate first, a model without a key named before anything is sent, progress,
the new runs in the table and scored from the dialog, and cancellation."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from prism_desktop.gui.generate_dialog import GenerateDialog
from prism_desktop.services.runs_query import RunsFilter
from tests.generation.fake_openai import FakeModelServer
from tests.generation.gen_files import write_generation

from .conftest import DemoWorkspace

pytestmark = pytest.mark.gui

ONE_RUN = """\
defaults:
  max_tokens: 2048
  concurrency: 2
  model_params:
    coder:  { temperature: 0.2, runs: 1 }
    chatty: { temperature: 0.1, runs: 1 }
"""


@pytest.fixture
def model_server() -> Iterator[FakeModelServer]:
    server = FakeModelServer().start()
    yield server
    server.stop()


@pytest.fixture
def generation_folder(
    demo_workspace: DemoWorkspace,
    model_server: FakeModelServer,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> Path:
    write_generation(
        demo_workspace.root, model_server.url, params=ONE_RUN, remote="https://models.example.com/v1"
    )
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("OPENAI_COMPAT_API_KEY", raising=False)
    return demo_workspace.root / "generation"


def _open_dialog(window: Any) -> GenerateDialog:
    action = window.commands.action("generation.run")
    assert action in window.commands.menu("level1Menu").actions()
    assert action.isEnabled() and action.text() == "&Generate answers…"
    action.trigger()
    dialog = window.findChild(GenerateDialog, "generateDialog")
    assert dialog is not None and dialog.isVisible()
    return dialog


def test_generate_then_score_from_the_window(
    generation_folder: Path, shell_window: Any, qtbot: QtBot, model_server: FakeModelServer, tmp_path: Path
) -> None:
    window = shell_window
    before = window.query.count(RunsFilter())
    dialog = _open_dialog(window)
    # A remote model without a key: named in the estimate, and nothing can start.
    dialog.select("A", ("coder", "remote"), ("A2",))
    assert (
        "Cannot call remote: set OPENAI_COMPAT_API_KEY in the environment or the workspace's .env."
        in dialog.estimate_label.text()
    )
    assert not dialog.generate_button.isEnabled()
    dialog.select("A", ("coder", "chatty"), ("A2", "A11"))
    assert dialog.generate_button.isEnabled()
    assert dialog.estimate_label.text().startswith("4 pairs, up to 4 requests (0 answers already cached)")
    assert model_server.count() == 0  # the estimate sent nothing

    with qtbot.waitSignal(dialog.finishedGenerating, timeout=60_000):
        dialog.generate_button.click()
        assert dialog.cancel_button.isEnabled() and not dialog.generate_button.isEnabled()
    assert model_server.count() == 4
    assert (dialog.progress.value(), dialog.progress.maximum()) == (4, 4)
    log = dialog.log.toPlainText()
    assert "4 of 4 pairs written, 4 requests, 0 cached answers" in log and "[done] A2 × coder" in log
    assert window.query.count(RunsFilter()) == before + 4
    assert window.model.rowCount() == before + 4  # the table shows them
    # docs/screenshots/generate_run_en.png comes from here (PRISM_DESKTOP_SHOT_DIR=docs/screenshots).
    shots = Path(os.environ.get("PRISM_DESKTOP_SHOT_DIR", tmp_path))
    assert dialog.grab().save(str(shots / "generate_run_en.png"), "PNG")

    assert dialog.score_button.isEnabled()
    with qtbot.waitSignal(window.scoring.finished, timeout=300_000) as finished:
        dialog.score_button.click()
    assert finished.args == [4, False]
    generated = dialog.generated
    assert generated is not None
    rows = window.query.rows_by_id(generated.run_ids)
    assert len(rows) == 4 and all(row.source is not None for row in rows.values())


def test_cancel_stops_generation(
    generation_folder: Path, shell_window: Any, qtbot: QtBot, model_server: FakeModelServer
) -> None:
    model_server.delay = 20.0
    dialog = _open_dialog(shell_window)
    dialog.select("A", ("coder", "chatty"), ("A2", "A11"))
    dialog.generate_button.click()
    qtbot.waitUntil(lambda: model_server.count() >= 1, timeout=10_000)
    started = time.monotonic()
    with qtbot.waitSignal(dialog.finishedGenerating, timeout=10_000):
        dialog.cancel_button.click()
    assert time.monotonic() - started < 5.0  # the request in flight was abandoned, not waited for
    log = dialog.log.toPlainText()
    assert "Cancelling…" in log and "Cancelled. 0 of 4 pairs written" in log and "cancelled: 4" in log
    assert dialog.generate_button.isEnabled() and not dialog.cancel_button.isEnabled()


def test_ask_a_model_shows_the_prompt_and_the_raw_reply(
    generation_folder: Path, shell_window: Any, qtbot: QtBot, model_server: FakeModelServer, tmp_path: Path
) -> None:
    from prism_desktop.generation.metadata_tools import MetadataTools
    from tests.generation.gen_files import CODER, SYSTEM_B

    window = shell_window
    window.commands.action("view.debug_tab").trigger()
    window.debug.select_task("B10")
    panel = window.ask_model
    tabs = window.debug.side_tabs
    assert tabs.tabText(tabs.indexOf(panel)) == "Ask a model"
    tabs.setCurrentWidget(panel)
    panel.model.setCurrentIndex(panel.model.findData("coder"))
    with qtbot.waitSignal(panel.answered, timeout=30_000):
        assert panel.ask()
    task = window.workspace.task("B10")
    (code_request,) = [b for b in model_server.bodies(CODER) if not b.get("tools")]
    assert len(model_server.bodies(CODER)) == 4  # three turns of the metadata loop, then the code
    shown = panel.prompt.toPlainText()
    system = code_request["messages"][0]["content"]
    assert system.startswith(SYSTEM_B) and "\n\n# Метаданные конфигурации:\n" in system
    assert MetadataTools(task.config_spec).get_object_structure("Справочник.Контрагенты") in system
    assert shown == f"── system ──\n{system}\n\n── user ──\n{task.prompt}"
    reply = panel.reply.toPlainText()
    assert reply.startswith("```bsl\nФункция Ответ() Экспорт")
    assert (
        "Metadata looked up: Справочник.Контрагенты, Справочник.ДоговорыКонтрагентов." in panel.status.text()
    )
    panel.to_editor.click()
    assert window.debug.editor.toPlainText() == reply
    shots = Path(os.environ.get("PRISM_DESKTOP_SHOT_DIR", tmp_path))
    assert window.grab().save(str(shots / "ask_model_en.png"), "PNG")
    # The same question again comes from the cache: nothing more is sent.
    with qtbot.waitSignal(panel.answered, timeout=30_000):
        assert panel.ask()
    assert len(model_server.bodies(CODER)) == 4 and "(from the cache)" in panel.status.text()


def test_the_dialog_and_ask_a_model_against_a_hostile_server(
    generation_folder: Path,
    shell_window: Any,
    qtbot: QtBot,
    model_server: FakeModelServer,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 26 B in the app: the same sender, so the same rules — a reply over params.yaml's cap
    fails its pair only, a key a gateway echoes never reaches the log or the panel, a malformed
    reply is an invalid reply."""
    from tests.generation.fake_openai import Fault
    from tests.generation.gen_files import CHATTY, CODER
    from tests.generation.hostile import completion, echo_headers, huge, reply

    key = "pk9Q7vX2mL4tR8wZ1nB6cY3hJ5sD0fG"
    monkeypatch.setenv("OPENAI_COMPAT_API_KEY", key)
    (generation_folder / "params.yaml").write_text(ONE_RUN + "  max_reply_mb: 0.25\n", encoding="utf-8")
    model_server.fail_next(CHATTY, Fault(play=echo_headers(401)))
    model_server.fail_next(CODER, Fault(play=huge(400_000)))
    window = shell_window
    dialog = _open_dialog(window)
    dialog.select("A", ("coder", "chatty"), ("A2", "A11"))
    with qtbot.waitSignal(dialog.finishedGenerating, timeout=60_000):
        dialog.generate_button.click()
    log = dialog.log.toPlainText()
    assert "2 of 4 pairs written" in log and "reply too large: 1" in log and "unauthorized (401): 1" in log
    assert "× chatty: unauthorized (401): HTTP 401:" in log and "***" in log
    assert key[:6] not in log

    window.commands.action("view.debug_tab").trigger()
    window.debug.select_task("A16")  # not generated above: nothing cached
    panel = window.ask_model
    panel.model.setCurrentIndex(panel.model.findData("chatty"))
    model_server.fail_next(CHATTY, Fault(play=echo_headers(403)))
    with qtbot.waitSignal(panel.answered, timeout=30_000):
        assert panel.ask()
    assert panel.status.text().startswith("The model did not answer: HTTP 403")
    shown = panel.reply.toPlainText()
    assert "***" in shown and key[:6] not in shown + panel.status.text()
    model_server.fail_next(CHATTY, Fault(play=reply(completion(usage={"prompt_tokens": "abc"}))))
    with qtbot.waitSignal(panel.answered, timeout=30_000):
        assert panel.ask()
    assert "invalid reply: usage.prompt_tokens" in panel.status.text()
    assert not panel.to_editor.isEnabled()


@pytest.fixture
def coding_window(
    qtbot: QtBot, store: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[Any, FakeModelServer]]:
    """The assembled main window on a copy of the bundled coding bench (tasks only), its generation/
    folder pointing at a fake server that answers with the references."""
    from PySide6.QtWidgets import QApplication

    from prism_desktop.gui.i18n import Translations
    from prism_desktop.gui.main_window import MainWindow
    from prism_desktop.gui.settings import AppSettings
    from tests.generation.coding_gen import copy_coding_bench, reference_answers, write_coding_generation

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("OPENAI_COMPAT_API_KEY", raising=False)
    root = copy_coding_bench(tmp_path / "coding")
    server = FakeModelServer(reference_answers(root)).start()
    write_coding_generation(root, server.url)
    translations = Translations(QApplication.instance())
    translations.apply("en")
    window = MainWindow(store, AppSettings(), translations)
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignal(window.workspaceOpened, timeout=120_000):
        window.open_workspace(root)
    yield window, server
    window.scoring.shutdown()
    window.background.shutdown()
    server.stop()


def test_generate_on_a_coding_bench_offers_its_categories(
    coding_window: tuple[Any, FakeModelServer], qtbot: QtBot
) -> None:
    window, server = coding_window
    dialog = _open_dialog(window)
    combo = dialog.category
    offered = [combo.itemText(i) for i in range(combo.count())]
    assert offered == ["all tasks", "algorithms", "api_services", "debugging", "library", "refactoring"]
    assert dialog.tasks.count() == len(window.workspace.tasks)  # all tasks first
    dialog.select("library", ("chatty",), ("lib_textkit",))
    assert [dialog.tasks.item(i).data(Qt.ItemDataRole.UserRole) for i in range(dialog.tasks.count())] == [
        "lib_semverkit",
        "lib_textkit",
    ]
    dialog.select("", ("chatty",), ("algo_py_001", "lib_textkit"))
    assert dialog.request().category == "" and dialog.request().tasks == ("algo_py_001", "lib_textkit")
    assert dialog.estimate_label.text().startswith("2 pairs, up to 2 requests")
    with qtbot.waitSignal(dialog.finishedGenerating, timeout=60_000):
        dialog.generate_button.click()
    assert server.count() == 2
    assert "2 of 2 pairs written" in dialog.log.toPlainText()
    generated = dialog.generated
    assert generated is not None and len(generated.run_ids) == 2
    assert generated.result.experiment_name.startswith("experiment_coding_")
