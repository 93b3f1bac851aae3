"""The row over the review's panes: which run this is (task, model — hidden under the blind rule —,
run, category, experiment), which of the model's samples of the task it is, and the session's
badge; and the expert's identity line of the grading panel."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel

from prism_desktop.gui.colour_scheme import scheme
from prism_desktop.gui.plain_text import escape
from prism_desktop.services.grading import RunReview
from prism_desktop.services.model_comparison import Sibling
from prism_desktop.services.sessions import SessionSummary
from prism_desktop.workspace.tasks import Task

TR_CONTEXT = "ReviewView"  # these texts were the review view's and keep their translations


def tr(text: str) -> str:
    return QCoreApplication.translate(TR_CONTEXT, text)


def identity_text(expert_name: str | None, session: SessionSummary | None) -> str:
    """Who grades, and where: "Expert: Иванов · session «calibration 1»"."""
    who = expert_name or tr("nobody — identify yourself to grade")
    where = tr("session «%1»").replace("%1", session.name) if session else tr("standalone grading")
    return tr("Expert: %1 · %2").replace("%1", who).replace("%2", where)


class ReviewHeader:
    """The labels of the row and `row`, the layout the review puts over its panes (a layout, not a
    widget of its own: the review's layout spaces and sizes it as one of its rows)."""

    def __init__(self) -> None:
        self.header = QLabel()
        self.header.setObjectName("reviewHeader")
        self.header.setTextFormat(Qt.TextFormat.RichText)
        self.header.setWordWrap(True)  # a long task title wraps rather than widening the window
        self.badge = QLabel()
        self.badge.setTextFormat(Qt.TextFormat.RichText)
        self.siblings = QLabel()  # "sample 3 of 10" and, when the machine may be seen, how each sample scored
        self.siblings.setObjectName("reviewSiblings")
        self.siblings.setTextFormat(Qt.TextFormat.PlainText)
        self.model_shown = True  # whether the header names the model (the blind rule may reveal it)
        self.row = top = QHBoxLayout()
        top.setContentsMargins(4, 2, 4, 2)
        top.addWidget(self.header, 1)
        top.addWidget(self.siblings)
        # "sample 2 of 10" apart from BLIND
        top.addSpacing(self.header.fontMetrics().horizontalAdvance("0") * 3)
        top.addWidget(self.badge)

    def show_nothing(self) -> None:
        self.header.setText(tr("Choose a run to review."))

    def show_run(self, review: RunReview, task: Task | None, *, model_shown: bool) -> None:
        # Names come from the experiment file and the model: escaped inside our own markup.
        name = escape(review.task_name or (task.name if task else ""))
        self.model_shown = model_shown
        model = escape(review.model_name or review.model_id) if model_shown else tr("hidden")
        where = f"{escape(review.experiment)} · #{review.run_id}"
        self.header.setText(
            f"<b>{escape(review.task_id)}</b> · {name} &nbsp;|&nbsp; "
            + tr("model <b>%1</b>, run %2, category %3")
            .replace("%1", model)
            .replace("%2", str(review.run_index))
            .replace("%3", escape(review.category))
            + f" &nbsp;|&nbsp; <span style='color:{scheme().muted}'>{where}</span>"
        )

    def show_session(self, session: SessionSummary | None) -> None:
        if session is None:
            self.badge.setText("")
        elif session.blind:
            self.badge.setText(
                f"<span style='background:{scheme().badge_background};color:{scheme().badge_text};"
                "padding:2px 6px;border-radius:3px'>" + tr("BLIND") + "</span>"
            )
        else:
            self.badge.setText(tr("open session"))

    def show_siblings(self, run_id: int, siblings: list[Sibling], *, machine_shown: bool) -> None:
        """Which of the n samples of this task and model this run is; the others' verdicts (✓ correct,
        ✗ not, · not measured) only when the machine's scores may be seen."""
        if len(siblings) < 2:
            self.siblings.clear()
            self.siblings.setToolTip("")
            return
        position = next(i for i, s in enumerate(siblings) if s.run_id == run_id) + 1
        text = tr("sample %1 of %2").replace("%1", str(position)).replace("%2", str(len(siblings)))
        tip = tr("The model answered this task %1 times in this experiment.").replace(
            "%1", str(len(siblings))
        )
        if machine_shown:
            marks = "".join("·" if s.correct is None else "✓" if s.correct else "✗" for s in siblings)
            correct = sum(bool(s.correct) for s in siblings)
            text += f"  {marks}"
            tip += " " + tr("%1 of them pass every test; this one is mark %2.").replace(
                "%1", str(correct)
            ).replace("%2", str(position))
        self.siblings.setText(text)
        self.siblings.setToolTip(tip)
