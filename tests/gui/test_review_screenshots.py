"""The review view and the grading panel render in Russian and English. With
PRISM_DESKTOP_SCREENSHOTS=<folder> set, the renders are also written there (that is how
docs/screenshots/review_*.png and grading_*.png are made)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "services"))
from grading_data import Seeded, seed_store

from prism_desktop.gui.i18n import Translations
from prism_desktop.gui.review_view import ReviewView
from prism_desktop.services.grading import ensure_expert, save_grade
from prism_desktop.services.sessions import create_session

pytestmark = pytest.mark.gui
OUT = os.environ.get("PRISM_DESKTOP_SCREENSHOTS")


@pytest.fixture
def seeded(tmp_path: Path) -> Iterator[Seeded]:
    data = seed_store(tmp_path / "prism.db")
    yield data
    data.store.close()


@pytest.fixture(params=["ru", "en"])
def language(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    translations = Translations(qapp)
    assert translations.apply(request.param), f"no compiled catalogue for {request.param}"
    yield request.param
    translations.apply("en")


def save(image: QImage, name: str, tmp_path: Path) -> Path:
    folder = Path(OUT) if OUT else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    assert image.save(str(path))
    return path


def distinct_colours(image: QImage) -> int:
    step = max(image.width() // 60, 1)
    return len(
        {image.pixel(x, y) for x in range(0, image.width(), step) for y in range(0, image.height(), step)}
    )


def review(qtbot: QtBot, seeded: Seeded, session: int | None = None) -> ReviewView:
    view = ReviewView(seeded.store, seeded.workspace, "Иванов", session)
    qtbot.addWidget(view)
    view.resize(1500, 920)
    view.show()
    qtbot.waitExposed(view)
    return view


def test_review_view_renders(qtbot: QtBot, seeded: Seeded, language: str, tmp_path: Path) -> None:
    run = seeded.run("vendor/alpha", "any_match")
    petrov = ensure_expert(seeded.store, "Петров")
    for axis, step in (("S", 10), ("M", 6), ("O", 8)):
        save_grade(seeded.store, expert_id=petrov, run_id=run, axis=axis, step=step)
    view = review(qtbot, seeded)
    view.show_run(run)
    view.grade_current(8)
    view.grade_current(6)
    view.logs.setCurrentIndex(view.logs.tab_index("tests"))
    qtbot.wait(50)
    expected = {"ru": ("Тесты", "Ваши оценки (уровень 2)"), "en": ("Tests", "Your grades (Level 2)")}[
        language
    ]
    assert (view.logs.tabText(view.logs.tab_index("tests")), view.grading.heading.text()) == expected
    image = view.grab().toImage()
    assert (image.width(), image.height()) == (1500, 920) and distinct_colours(image) > 20
    save(image, f"review_{language}.png", tmp_path)
    view.logs.setCurrentIndex(view.logs.tab_index("perf"))
    view.show_run(seeded.run("vendor/alpha", "linear"))
    view.logs.setCurrentIndex(view.logs.tab_index("perf"))
    qtbot.wait(50)
    save(view.grab().toImage(), f"review_perf_{language}.png", tmp_path)
    view.show_help()
    qtbot.wait(50)
    save(view.grab().toImage(), f"review_help_{language}.png", tmp_path)


def test_blind_review_and_grading_panel_render(
    qtbot: QtBot, seeded: Seeded, language: str, tmp_path: Path
) -> None:
    session = create_session(seeded.store, name="Калибровка 1", size=8, seed=3)
    view = review(qtbot, seeded, session)
    view.show_run(seeded.run("vendor/beta", "any_match"))
    view.grade_current(10)
    qtbot.wait(50)
    assert view.scores.hidden and view.code.candidate.markers() == {}
    save(view.grab().toImage(), f"review_blind_{language}.png", tmp_path)
    view.show_run(seeded.b_runs[0])  # category B: four axes, P included
    view.grade_current(10)
    qtbot.wait(50)
    assert list(view.grading.boxes) == ["S", "M", "O", "P"]
    panel = view.right.widget()
    image = panel.grab(QRect(0, 0, panel.width(), view.scores.geometry().bottom() + 6)).toImage()
    assert distinct_colours(image) > 10
    save(image, f"grading_{language}.png", tmp_path)
