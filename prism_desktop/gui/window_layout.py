"""How the main window shares its width: the runs table | the review, and in the review the code
(reference and candidate side by side) | the grading column. The code is what an expert reads, so
it gets what the other two do not need; the expert's own arrangement (saved on close) wins over
these defaults."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QSplitter, QWidget

from prism_desktop.gui.settings import AppSettings

RUNS_SHARE, RUNS_MIN, RUNS_MAX = 0.31, 380, 580  # the runs table: task, model and the scores up to Q
GRADING_WIDTH = 390  # the grading column: six step buttons with their criteria, readable


def main_sizes(width: int) -> list[int]:
    """[runs table, review] for a window `width` pixels wide."""
    runs = max(RUNS_MIN, min(RUNS_MAX, round(width * RUNS_SHARE)))
    return [runs, max(width - runs, 0)]


def review_sizes(width: int) -> list[int]:
    """[code, grading column] for a review `width` pixels wide."""
    return [max(width - GRADING_WIDTH, 0), GRADING_WIDTH]


Sizes = Callable[[int], list[int]]


class _FirstLayout(QObject):
    """Sets a splitter's default sizes once it is shown at its real width (not before: a widget's
    width is a guess until its window is laid out)."""

    def __init__(self, splitter: QSplitter, default: Sizes):
        super().__init__(splitter)
        self.default = default
        splitter.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if isinstance(watched, QSplitter) and event.type() == QEvent.Type.Resize and watched.isVisible():
            watched.removeEventFilter(self)
            watched.setSizes(self.default(watched.width()))
            self.deleteLater()
        return False


def restore(settings: AppSettings, splitters: Mapping[str, tuple[QSplitter, Sizes | None]]) -> None:
    """Each splitter as the expert left it, else its default for the width it is first shown at
    (settings key -> the splitter and its default sizes by width; None: keep its own)."""
    for key, (splitter, default) in splitters.items():
        state = settings.window_state(key)
        if state is not None:
            splitter.restoreState(state)
        elif default is not None:
            _FirstLayout(splitter, default)


def save(settings: AppSettings, splitters: Mapping[str, QSplitter]) -> None:
    for key, splitter in splitters.items():
        settings.set_window_state(key, splitter.saveState())


def restore_window(window: QWidget, settings: AppSettings, splitter: QSplitter) -> None:
    """The window's saved geometry (else nearly the screen, up to 1600×960) and the runs | review split."""
    geometry = settings.window_state("geometry")
    if geometry is not None:
        window.restoreGeometry(geometry)
    else:
        screen = QApplication.primaryScreen()
        available = screen.availableGeometry() if screen else None
        width = min(1600, available.width() - 40) if available else 1400
        height = min(960, available.height() - 40) if available else 900
        window.resize(width, height)
    restore(settings, {"splitter": (splitter, main_sizes)})


def restore_review(settings: AppSettings, splitter: QSplitter, left_splitter: QSplitter) -> None:
    """A new review's code | grading split, as the expert left it (else the default)."""
    restore(
        settings, {"review_splitter": (splitter, review_sizes), "review_left_splitter": (left_splitter, None)}
    )


def save_window(window: QWidget, settings: AppSettings, splitters: Mapping[str, QSplitter]) -> None:
    """On close: the geometry and every splitter's sizes, for the next start."""
    settings.set_window_state("geometry", window.saveGeometry())
    save(settings, splitters)
