"""What the app remembers between starts (QSettings, INI format) and the Settings dialog.

Tests and the screenshot command point QSettings at a temporary folder (`use_settings_folder`), so
they never read or change a user's real settings."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QEvent, QSettings
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from prism_desktop.generation.adapters import adapter_names
from prism_desktop.generation.credentials import PROXY_GROUP, adapter_proxy_variable
from prism_desktop.gui.i18n import SYSTEM
from prism_desktop.sandbox.backend import SANDBOX_MODES

JOB_CHOICES = (0, 1, 2, 4, 8)  # 0: one per processor core
ORGANIZATION = "PRISM"
APPLICATION = "prism-desktop"


def use_settings_folder(folder: Path) -> None:
    """Keep every QSettings of this process in `folder` (INI files)."""
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(folder))


class AppSettings:
    """Typed access to the stored settings; every write is synced at once, so a killed app keeps it."""

    def __init__(self, settings: QSettings | None = None):
        self._settings = settings or QSettings(
            QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORGANIZATION, APPLICATION
        )

    def _text(self, key: str, default: str = "") -> str:
        value = self._settings.value(key, default)
        return value if isinstance(value, str) else default

    def _set(self, key: str, value: object) -> None:
        self._settings.setValue(key, value)
        self._settings.sync()

    @property
    def language(self) -> str:
        """ "system", "ru" or "en"."""
        return self._text("ui/language", SYSTEM)

    @language.setter
    def language(self, value: str) -> None:
        self._set("ui/language", value)

    @property
    def expert_name(self) -> str:
        """Who grades at this computer; "" until they identify themselves."""
        return self._text("expert/name").strip()

    @expert_name.setter
    def expert_name(self, value: str) -> None:
        self._set("expert/name", value.strip())

    @property
    def workspace(self) -> Path | None:
        """The workspace opened last, if it still exists."""
        text = self._text("workspace/last")
        return Path(text) if text and Path(text).is_dir() else None

    @workspace.setter
    def workspace(self, value: Path) -> None:
        self._set("workspace/last", str(value))

    @property
    def sandbox(self) -> str:
        """The sandbox mode Level 1 asks for: "auto", "docker" or "local"."""
        value = self._text("level1/sandbox", "auto")
        return value if value in SANDBOX_MODES else "auto"

    @sandbox.setter
    def sandbox(self, value: str) -> None:
        self._set("level1/sandbox", value)

    @property
    def jobs(self) -> int | None:
        """How many Level-1 runs go at once; None: one per processor core."""
        value = self._settings.value("level1/jobs", 0)
        try:
            count = int(value)  # type: ignore[call-overload]
        except (TypeError, ValueError):
            return None
        return count if count > 0 else None

    @jobs.setter
    def jobs(self, value: int | None) -> None:
        self._set("level1/jobs", value or 0)

    @property
    def code_zoom(self) -> int:
        """Points added to the code panes' font (Ctrl+= / Ctrl+−); 0 is the normal size."""
        try:
            return int(self._settings.value("review/code_zoom", 0))  # type: ignore[call-overload]
        except (TypeError, ValueError):
            return 0

    @code_zoom.setter
    def code_zoom(self, value: int) -> None:
        self._set("review/code_zoom", int(value))

    @property
    def code_wrap(self) -> bool:
        return self._text("review/code_wrap", "false") == "true"

    @code_wrap.setter
    def code_wrap(self, value: bool) -> None:
        self._set("review/code_wrap", "true" if value else "false")

    def proxy(self, adapter: str) -> str:
        """The proxy the requests of this model adapter go through ("": its group's, or none)."""
        return self._text(f"generation/proxy_{adapter}").strip()

    def set_proxy(self, adapter: str, url: str) -> None:
        self._set(f"generation/proxy_{adapter}", url.strip())

    def proxy_variables(self) -> dict[str, str]:
        """The proxies set here, as the variables the adapters read (they win over the environment)."""
        return {
            adapter_proxy_variable(name): self.proxy(name) for name in adapter_names() if self.proxy(name)
        }

    def window_state(self, key: str) -> QByteArray | None:
        value = self._settings.value(f"window/{key}")
        return value if isinstance(value, QByteArray) else None

    def set_window_state(self, key: str, value: QByteArray) -> None:
        self._set(f"window/{key}", value)


class SettingsDialog(QDialog):
    """Language, sandbox mode, the expert's name and a proxy per model adapter. The language applies
    at once."""

    def __init__(self, settings: AppSettings, parent: QWidget | None = None):
        super().__init__(parent)
        self._settings = settings
        self.language = QComboBox()
        for code in (SYSTEM, "ru", "en"):
            self.language.addItem("", code)
        self.language.setCurrentIndex(max(0, self.language.findData(settings.language)))
        self.sandbox = QComboBox()
        for mode in SANDBOX_MODES:
            self.sandbox.addItem("", mode)
        self.sandbox.setCurrentIndex(max(0, self.sandbox.findData(settings.sandbox)))
        self.jobs = QComboBox()
        for count in JOB_CHOICES:
            self.jobs.addItem("", count)
        self.jobs.setCurrentIndex(max(0, self.jobs.findData(settings.jobs or 0)))
        self.expert = QLineEdit(settings.expert_name)
        self.proxies = {name: QLineEdit(settings.proxy(name)) for name in adapter_names()}
        self.proxy_box = QGroupBox()
        proxy_form = QFormLayout(self.proxy_box)
        for name, field_ in self.proxies.items():
            field_.setObjectName(f"proxy_{name}")
            proxy_form.addRow(name, field_)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self._labels = [QLabel() for _ in range(4)]
        form = QFormLayout()
        fields = (self.language, self.sandbox, self.jobs, self.expert)
        for label, field in zip(self._labels, fields, strict=True):
            form.addRow(label, field)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.proxy_box)
        layout.addWidget(self.note)
        layout.addWidget(self.buttons)
        self._retranslate()

    def _retranslate(self) -> None:
        self.setWindowTitle(self.tr("Settings"))
        labels = (
            self.tr("Language:"),
            self.tr("Level-1 sandbox:"),
            self.tr("Parallel runs:"),
            self.tr("Expert name:"),
        )
        for label, text in zip(self._labels, labels, strict=True):
            label.setText(text)
        for index, text in enumerate((self.tr("System default"), "Русский", "English")):
            self.language.setItemText(index, text)
        sandbox_texts = {
            "auto": self.tr("Automatic: Docker when available, else local"),
            "docker": self.tr("Docker only (isolated)"),
            "local": self.tr("Local process (NOT isolated)"),
        }
        for index in range(self.sandbox.count()):
            self.sandbox.setItemText(index, sandbox_texts[self.sandbox.itemData(index)])
        for index in range(self.jobs.count()):
            count = self.jobs.itemData(index)
            self.jobs.setItemText(index, str(count) if count else self.tr("One per processor core"))
        self.expert.setPlaceholderText(self.tr("e.g. expert_01"))
        self.proxy_box.setTitle(self.tr("Proxy of each model adapter (http://[user:password@]host:port)"))
        for name, field_ in self.proxies.items():
            group = PROXY_GROUP.get(name)
            field_.setPlaceholderText(
                self.tr("as %1 says, else none").replace("%1", group) if group else self.tr("none")
            )
        self.note.setText(
            self.tr(
                "The language changes at once. The sandbox applies to the next Level-1 run. "
                "Your name is stored with every grade you give."
            )
        )

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def apply(self) -> tuple[bool, bool, bool]:
        """Store the choices; which of (language, sandbox, expert) changed."""
        changes = (
            self.language.currentData() != self._settings.language,
            self.sandbox.currentData() != self._settings.sandbox,
            self.expert.text().strip() != self._settings.expert_name,
        )
        self._settings.language = self.language.currentData()
        self._settings.sandbox = self.sandbox.currentData()
        self._settings.jobs = self.jobs.currentData() or None
        for name, field_ in self.proxies.items():
            self._settings.set_proxy(name, field_.text())
        if self.expert.text().strip():
            self._settings.expert_name = self.expert.text()
        return changes
