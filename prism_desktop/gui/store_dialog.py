"""File → Open store…: the results store the window works on — a SQLite file of one's own, or the
team's PostgreSQL server (one URL for the whole team).

The chosen store is remembered in the settings WITHOUT its password: the password goes to the
system keyring (the `keyring` package: Secret Service, macOS Keychain, Windows Credential Locker)
when the user asks for it and one is available; otherwise the app asks for it at each start.
Nothing writes a password to disk in clear."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

from prism_desktop.gui.actions import ActionSpec, Menu
from prism_desktop.gui.window_context import WindowContext
from prism_desktop.store import Store, StoreError, open_store

TR_CONTEXT = "StoreDialog"
SETTINGS_KEY = "store/url"
KEYRING_SERVICE = "prism-desktop"
PG_DRIVER = "postgresql+psycopg"


def tr(text: str) -> str:
    return QCoreApplication.translate(TR_CONTEXT, text)


# ---------------------------------------------------------------------------------------------
# The password: keyring or ask, never the settings file


def keyring_account(url: URL) -> str:
    """The keyring entry of a server URL: user@host:port/database."""
    return f"{url.username or ''}@{url.host or 'localhost'}:{url.port or 5432}/{url.database or ''}"


def keyring_available() -> bool:
    try:  # optional, and imported on use: finding the system's backend costs start-up time
        import keyring
        from keyring.backends.fail import Keyring as NoKeyring
    except ImportError:
        return False
    try:
        return not isinstance(keyring.get_keyring(), NoKeyring) and keyring.get_keyring().priority > 0
    except Exception:  # a broken backend is the same as none: the app asks instead
        return False


def stored_password(url: URL) -> str | None:
    if not keyring_available():
        return None
    import keyring  # optional (see keyring_available)

    try:
        return keyring.get_password(KEYRING_SERVICE, keyring_account(url))
    except Exception:
        return None


def remember_password(url: URL, password: str) -> bool:
    """Put the password in the system keyring; False when there is none (the app will ask)."""
    if not keyring_available():
        return False
    import keyring  # optional (see keyring_available)

    try:
        keyring.set_password(KEYRING_SERVICE, keyring_account(url), password)
    except Exception:
        return False
    return True


def remembered_url(ask_password: Callable[[str], str | None] | None = None) -> str | None:
    """The store URL the user last opened (settings), with its password from the keyring — or from
    `ask_password(where)` when the keyring has none. None: nothing remembered (or the user cancelled)."""
    text = str(QSettings().value(SETTINGS_KEY, "") or "")
    if not text:
        return None
    try:
        url = make_url(text)
    except ArgumentError:
        return None
    if url.get_backend_name() == "sqlite" or url.password:
        return text
    password = stored_password(url)
    if password is None and ask_password is not None:
        password = ask_password(url.render_as_string(hide_password=True))
    if password is None:
        return text if ask_password is None else None
    return url.set(password=password).render_as_string(hide_password=False)


def remember_url(url: str) -> None:
    """Keep the URL for the next start, with the password taken out."""
    parsed = make_url(url)
    # URL.set(password=None) keeps the password ("not given"): replace the field itself.
    QSettings().setValue(SETTINGS_KEY, parsed._replace(password=None).render_as_string(hide_password=False))


def ask_password_dialog(parent: QWidget | None) -> Callable[[str], str | None]:
    def ask(where: str) -> str | None:
        text, ok = QInputDialog.getText(
            parent,
            tr("Password of the team store"),
            tr("Password for %1:").replace("%1", where),
            QLineEdit.EchoMode.Password,
        )
        return text if ok else None

    return ask


# ---------------------------------------------------------------------------------------------
# The dialog


class StoreDialog(QDialog):
    """Choose a SQLite file or a PostgreSQL server; `url()` is the full URL (with password)."""

    def __init__(self, current: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("storeDialog")
        self.kind = QComboBox()
        self.kind.setObjectName("storeKind")
        self.kind.addItem("", "sqlite")
        self.kind.addItem("", "postgresql")
        self.path = QLineEdit()
        self.path.setObjectName("sqlitePath")
        self.browse = QPushButton()
        sqlite = QWidget()
        row = QHBoxLayout(sqlite)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.path, 1)
        row.addWidget(self.browse)

        self.host = QLineEdit("localhost")
        self.host.setObjectName("pgHost")
        self.port = QSpinBox()
        self.port.setRange(1, 65535)
        self.port.setValue(5432)
        self.port.setObjectName("pgPort")
        self.database = QLineEdit("prism")
        self.database.setObjectName("pgDatabase")
        self.user = QLineEdit()
        self.user.setObjectName("pgUser")
        self.password = QLineEdit()
        self.password.setObjectName("pgPassword")
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.keep = QCheckBox()
        self.keep.setObjectName("keepPassword")
        self.keep.setEnabled(keyring_available())
        self.keep.setChecked(keyring_available())
        server = QWidget()
        self.server_form = QFormLayout(server)
        self.server_form.setContentsMargins(0, 0, 0, 0)
        self.labels = [QLabel() for _ in range(5)]
        for label, field in zip(
            self.labels, (self.host, self.port, self.database, self.user, self.password), strict=True
        ):
            self.server_form.addRow(label, field)
        self.server_form.addRow(self.keep)

        self.pages = QStackedWidget()
        self.pages.addWidget(sqlite)
        self.pages.addWidget(server)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel
        )
        layout = QVBoxLayout(self)
        layout.addWidget(self.kind)
        layout.addWidget(self.pages)
        layout.addWidget(self.note)
        layout.addWidget(self.buttons)

        self.kind.currentIndexChanged.connect(self.pages.setCurrentIndex)
        self.browse.clicked.connect(self._browse)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self._fill(current)
        self._retranslate()

    def _fill(self, current: str) -> None:
        try:
            url = make_url(current)
        except ArgumentError:
            return
        if url.get_backend_name() == "sqlite":
            self.path.setText(url.database or "")
            return
        self.kind.setCurrentIndex(1)
        self.host.setText(url.host or "localhost")
        self.port.setValue(url.port or 5432)
        self.database.setText(url.database or "")
        self.user.setText(url.username or "")

    def _browse(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self,
            tr("SQLite store"),
            self.path.text() or str(Path.home() / "prism.db"),
            tr("SQLite databases (*.db *.sqlite)"),
            options=QFileDialog.Option.DontConfirmOverwrite,
        )
        if path:
            self.path.setText(path)

    def url(self) -> str:
        if self.kind.currentData() == "sqlite":
            return f"sqlite:///{Path(self.path.text().strip()).expanduser()}"
        return URL.create(
            PG_DRIVER,
            username=self.user.text().strip() or None,
            password=self.password.text() or None,
            host=self.host.text().strip() or "localhost",
            port=self.port.value(),
            database=self.database.text().strip(),
        ).render_as_string(hide_password=False)

    def _retranslate(self) -> None:
        self.setWindowTitle(tr("Open store"))
        self.kind.setItemText(0, tr("A SQLite file (one expert)"))
        self.kind.setItemText(1, tr("A PostgreSQL server (the team's shared store)"))
        self.browse.setText(tr("Browse…"))
        for label, text in zip(
            self.labels,
            (tr("Host:"), tr("Port:"), tr("Database:"), tr("User:"), tr("Password:")),
            strict=True,
        ):
            label.setText(text)
        self.keep.setText(tr("Remember the password in the system keyring"))
        self.note.setText(
            tr("The store is remembered for the next start; its password never goes into the settings file.")
            if keyring_available()
            else tr(
                "No system keyring here: the password will be asked at each start, never written to disk."
            )
        )


# ---------------------------------------------------------------------------------------------
# The window's command


def open_store_dialog(ctx: WindowContext) -> None:
    """File → Open store…: ask for the store, open it in the background and work on it from then on
    (the window's runs table, review and workspace follow, the session is left)."""
    dialog = StoreDialog(ctx.store.url, ctx.parent)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return
    url = dialog.url()
    keep = dialog.kind.currentData() == "postgresql" and dialog.keep.isChecked() and dialog.password.text()

    def opened(store: Store) -> None:
        remember_url(url)
        if keep:
            remember_password(make_url(url), dialog.password.text())
        ctx.use_store(store)
        ctx.report(tr("Store: %1").replace("%1", store.url), 10_000)

    def failed(error: BaseException) -> None:
        ctx.report("")
        text = str(error) if isinstance(error, StoreError) else f"{type(error).__name__}: {error}"
        ctx.warn(tr("The store cannot be opened"), text)

    ctx.report(tr("Opening the store…"))
    ctx.background.start(lambda _p, _c: open_store(url), on_finished=opened, on_failed=failed)


STORE_ACTIONS: tuple[ActionSpec[WindowContext], ...] = (
    ActionSpec("file.open_store", lambda: tr("Open &store…"), open_store_dialog, Menu.FILE),
)
