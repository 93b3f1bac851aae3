"""Renders the application icon (prism_desktop/gui/icons/prism-desktop.svg, the one source) into the
hicolor sizes a Linux desktop looks for, and an .ico for Windows. Run after changing the SVG:

    QT_QPA_PLATFORM=offscreen .venv/bin/python packaging/linux/render_icons.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

ROOT = Path(__file__).resolve().parents[2]
SVG = ROOT / "prism_desktop" / "gui" / "icons" / "prism-desktop.svg"
APP_ID = "io.github.prismdesktop.PrismDesktop"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
OUT = Path(__file__).resolve().parent / "icons"


def render(renderer: QSvgRenderer, size: int) -> QImage:
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    renderer.render(painter)
    painter.end()
    return image


def main() -> int:
    _app = QGuiApplication(sys.argv)
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        print(f"{SVG}: not a valid SVG", file=sys.stderr)
        return 1
    for size in SIZES:
        target = OUT / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        if not render(renderer, size).save(str(target)):
            print(f"{target}: not written", file=sys.stderr)
            return 1
    scalable = OUT / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"
    scalable.parent.mkdir(parents=True, exist_ok=True)
    scalable.write_bytes(SVG.read_bytes())
    render(renderer, 256).save(str(OUT / "prism-desktop.ico"))  # Windows; needs Qt's ico plugin
    return 0


if __name__ == "__main__":
    sys.exit(main())
