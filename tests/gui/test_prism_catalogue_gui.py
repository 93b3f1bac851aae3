"""PRISM's own generation/ (36 models, its adapter and key names) in the assembled main window:
the Generate dialog lists every model with its estimate and, where a key is missing, the variable to
set (a key added to the workspace's .env counts at once); the endpoint field of the dialog and of the
Ask a model panel sends to another server; a proxy set in Settings carries an adapter's requests."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from prism_desktop.gui.generate_dialog import KEY_ROLE, GenerateDialog
from prism_desktop.gui.settings import AppSettings, SettingsDialog
from tests.generation.fake_openai import FakeModelServer
from tests.generation.gen_files import REPO
from tests.generation.local_proxy import LocalProxy
from tests.generation.test_prism_access import CATALOGUE, EVERY_KEY_NAME, PRISM_KEYS

from .conftest import DemoWorkspace

pytestmark = pytest.mark.gui


@pytest.fixture
def model_server() -> Iterator[FakeModelServer]:
    server = FakeModelServer().start()
    yield server
    server.stop()


@pytest.fixture
def prism_generation(demo_workspace: DemoWorkspace, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = demo_workspace.root / "generation"
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(CATALOGUE, folder)
    shutil.copy(REPO / "generation" / "prompts.yaml", folder / "prompts.yaml")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    for name in EVERY_KEY_NAME:
        monkeypatch.delenv(name, raising=False)
    for name, value in PRISM_KEYS.items():
        if name != "GIGACHAT_AUTH_KEY":
            monkeypatch.setenv(name, value)
    return folder


def _dialog(window: Any) -> GenerateDialog:
    window.commands.action("generation.run").trigger()
    dialog = window.findChild(GenerateDialog, "generateDialog")
    assert dialog is not None and dialog.isVisible()
    return dialog


def _items(dialog: GenerateDialog) -> dict[str, str]:
    return {
        str(dialog.models.item(row).data(KEY_ROLE)): dialog.models.item(row).text()
        for row in range(dialog.models.count())
    }


def test_every_model_with_its_estimate_and_the_variable_to_set(
    prism_generation: Path, shell_window: Any, demo_workspace: DemoWorkspace
) -> None:
    dialog = _dialog(shell_window)
    dialog.select("A", ("alice", "ygpt5_lite", "gigachat_max"), ("A2",))
    items = _items(dialog)
    assert len(items) == 36
    for key, text in items.items():
        assert " — ≤ " in text and " USD" in text, text  # unchecked models too
        if key.startswith("gigachat"):
            assert " — set GIGACHAT_AUTH_KEY — ≤ " in text, text  # what stops it first, then the cost
        else:
            assert " — set " not in text, text
    assert (
        "Cannot call gigachat_max: set GIGACHAT_AUTH_KEY in the environment or the workspace's .env."
        in dialog.estimate_label.text()
    )
    assert not dialog.generate_button.isEnabled()
    # The key added to the workspace's .env counts at the next change, without reopening anything.
    (demo_workspace.root / ".env").write_text(f"GIGACHAT_AUTH_KEY={PRISM_KEYS['GIGACHAT_AUTH_KEY']}\n")
    dialog.select("A", ("alice", "ygpt5_lite", "gigachat_max"), ("A2",))
    assert not any(" — set " in text for text in _items(dialog).values())
    assert dialog.generate_button.isEnabled() and "Cannot call" not in dialog.estimate_label.text()
    assert PRISM_KEYS["GIGACHAT_AUTH_KEY"] not in dialog.estimate_label.text() + dialog.log.toPlainText()


def test_the_endpoint_field_and_a_proxy_from_settings(
    prism_generation: Path, shell_window: Any, qtbot: QtBot, model_server: FakeModelServer
) -> None:
    proxy = LocalProxy().start()
    try:
        settings_dialog = SettingsDialog(shell_window.settings)
        settings_dialog.proxies["openai_compat"].setText(proxy.url)
        settings_dialog.apply()
        assert AppSettings().proxy("openai_compat") == proxy.url  # stored
        dialog = _dialog(shell_window)
        dialog.select("A", ("gemini",), ("A2",))
        dialog.endpoint.setText("not a url")
        assert (
            "must be an http(s) URL" in dialog.estimate_label.text()
            and not dialog.generate_button.isEnabled()
        )
        dialog.endpoint.setText(model_server.url)
        assert model_server.url.removeprefix("http://") in dialog.models.item(1).toolTip()
        with qtbot.waitSignal(dialog.finishedGenerating, timeout=60_000):
            dialog.generate_button.click()
        assert "1 of 1 pairs written" in dialog.log.toPlainText(), dialog.log.toPlainText()
        (request,) = model_server.requests
        assert request.body["model"] == "gemini-2.5-flash-lite"
        assert request.headers["Authorization"] == f"Bearer {PRISM_KEYS['OPENAI_COMPAT_API_KEY']}"
        assert [p.target for p in proxy.passed] == [f"{model_server.url}/chat/completions"]
    finally:
        proxy.stop()


def test_ask_a_model_at_another_endpoint(
    prism_generation: Path, shell_window: Any, qtbot: QtBot, model_server: FakeModelServer
) -> None:
    window = shell_window
    window.commands.action("view.debug_tab").trigger()
    window.debug.select_task("A2")
    panel = window.ask_model
    panel.model.setCurrentIndex(panel.model.findData("ygpt5_lite"))
    assert panel.model.count() == 36
    dead = "http://127.0.0.1:9/v1"
    panel.endpoint.setText(dead)
    with qtbot.waitSignal(panel.answered, timeout=60_000):
        assert panel.ask()
    assert f"POST {dead}/responses" in panel.status.text()  # the URL tried is named
    panel.model.setCurrentIndex(panel.model.findData("gemini"))
    panel.endpoint.setText(model_server.url)
    with qtbot.waitSignal(panel.answered, timeout=30_000):
        assert panel.ask()
    assert panel.reply.toPlainText().startswith("```bsl") and model_server.count("gemini-2.5-flash-lite") == 1
