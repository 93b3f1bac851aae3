"""Help → About: what this PRISM Desktop is and what it measures with — its version, the instruments
named in every score, the Docker engine and sandbox image in use, the open workspace's protocol
versions — and Help → Open log folder. The engine is asked in the background (a remote engine may
take a moment); the rest is known at once."""

from __future__ import annotations

import platform
from html import escape

import PySide6
from PySide6.QtCore import QCoreApplication, Qt, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from prism_desktop import __version__
from prism_desktop.gui.app_workers import Background
from prism_desktop.gui.colour_scheme import scheme
from prism_desktop.locations import log_dir
from prism_desktop.logs import log_path
from prism_desktop.sandbox.harness_b import INSTRUMENT as PLATFORM_INSTRUMENT
from prism_desktop.sandbox.image import IMAGE_REF, EngineStatus, engine_status
from prism_desktop.services.level1 import ENGINE_INSTRUMENT
from prism_desktop.workspace.workspace import Workspace

TR_CONTEXT = "About"


def tr(text: str) -> str:
    return QCoreApplication.translate(TR_CONTEXT, text)


def _row(name: str, value: str) -> str:
    label = f"<td style='padding-right:14px;color:{scheme().secondary}'>{escape(name)}</td>"
    return f"<tr>{label}<td>{escape(value)}</td></tr>"


def engine_text(status: EngineStatus | None) -> str:
    if status is None:
        return tr("asking the Docker engine…")
    if not status.reachable:
        return tr("not reachable: %1").replace("%1", status.error or "?")
    image = (
        tr("%1 present (%2)").replace("%1", IMAGE_REF).replace("%2", status.image_id or "?")
        if status.image_present
        else tr("%1 not built yet (prism-desktop sandbox build)").replace("%1", IMAGE_REF)
    )
    return f"Docker {status.version} · {image}"


class AboutDialog(QDialog):
    def __init__(self, workspace: Workspace | None, background: Background, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("aboutDialog")
        self.setWindowTitle(tr("About PRISM Desktop"))
        self.workspace = workspace
        self.engine: EngineStatus | None = None
        self.text = QLabel()
        self.text.setObjectName("aboutText")
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(buttons)
        self.refresh()
        background.start(lambda _progress, _cancel: engine_status(), on_finished=self._engine_known)

    def _engine_known(self, status: EngineStatus) -> None:
        self.engine = status
        self.refresh()

    def refresh(self) -> None:
        rows = [
            _row(tr("Version"), __version__),
            _row(
                tr("Instruments"),
                f"{ENGINE_INSTRUMENT} (S, M, O) · {PLATFORM_INSTRUMENT} ({tr('category B')})",
            ),
            _row(tr("Sandbox"), engine_text(self.engine)),
            _row("Python · Qt", f"{platform.python_version()} · PySide6 {PySide6.__version__}"),
            _row(tr("Log file"), str(log_path())),
        ]
        if self.workspace is not None:
            protocols = self.workspace.protocols
            rows.append(_row(tr("Workspace"), str(self.workspace.root)))
            rows.append(
                _row(
                    tr("Protocols"),
                    f"smop {protocols.constitution.version} · L1 {protocols.l1.version} · "
                    f"L2 {protocols.l2.version} · {tr('error taxonomy')} {protocols.taxonomy.version}",
                )
            )
        intro = escape(
            tr(
                "The expert's workbench for PRISM, the executable benchmark of LLM-generated "
                "1C:Enterprise (BSL) code. Level 1 runs here in a sandbox; experts grade on the "
                "0·2·4·6·8·10 scale."
            )
        )
        self.text.setText(
            f"<h3>PRISM Desktop {escape(__version__)}</h3><p>{intro}</p><table>{''.join(rows)}</table>"
        )


def open_log_folder() -> bool:
    """Show the log folder in the desktop's file manager (created first if need be)."""
    folder = log_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))
