"""A coding-bench workspace seen as a Workspace, so import, the store and the review treat it like a
PRISM one: its tasks (dataset/<category>/<task_id>.json with the reference beside it, and the
library tasks) become `Task`s of their dataset category, with the language as a tag, and its
protocols say which axes apply — S, M and O for experts, S and M for the machine, P never (it is
about the 1C platform). Result files are PRISM's shapes; an experiment's category may be empty or
one of the dataset's categories."""

from __future__ import annotations

import hashlib
from functools import partial
from pathlib import Path

from prism_desktop.vocabulary import AXES, GRADE_STEPS

from .coding import CodingWorkspace, load_coding_bank
from .coding_task import LANGUAGES, CodingTask, data_bytes
from .errors import Problem, ProblemCollector
from .protocol import (
    AxisDefinition,
    AxisRules,
    Constitution,
    ErrorTaxonomy,
    L1Protocol,
    L2Axis,
    L2Protocol,
    Protocols,
    ScoringTable,
    TableRow,
)
from .results import Experiment
from .results_loader import load_experiment, load_score_file
from .tasks import TagDimension, TagVocabulary, Task
from .workspace import Workspace

PROTOCOL_VERSION = "coding-l1/1"  # the S/M rules of scoring/code_level1.py (services.code_level1 writes it)
L2_VERSION = "coding-l2/1"
LIBRARY_CATEGORY = "library"
RUNNER = "prism-code-runner"
TITLE_CHARS = 80

# What an expert's step means on each axis of a code task: our wording, in the protocol's language.
CRITERIA: dict[str, dict[int, str]] = {
    "S": {
        10: "Код компилируется (собирается) без ошибок и предупреждений",
        8: "Собирается с предупреждениями или не собирается из-за одной мелочи (опечатка, импорт)",
        6: "Чтобы код собрался, нужно исправить два-три места",
        4: "Много ошибок компиляции или типов, но устройство решения понятно",
        2: "Код почти не собирается; замысел угадывается с трудом",
        0: "Кода нет, он оборван, написан на другом языке или патч не применяется",
    },
    "M": {
        10: "Задание выполнено полностью, все требования и граничные случаи учтены",
        8: "Главное сделано верно, упущен один второстепенный случай",
        6: "Главное сделано верно, но упущены два-три требования или граничных случая",
        4: "Сделана лишь часть нужной логики, больше половины",
        2: "Сделано меньше половины нужной логики",
        0: "Код не решает поставленную задачу",
    },
    "O": {
        10: "Идиоматичный, ясный код с подходящей сложностью алгоритма",
        8: "Мелкие отступления от стиля языка, на работу не влияющие",
        6: "Работает, но очевидно может быть проще или экономнее",
        4: "Неэффективные приёмы: лишние проходы, квадратичная сложность без нужды",
        2: "Много лишнего и дорогого; на больших данных будет недопустимо медленно",
        0: "Грубые просчёты в устройстве решения",
    },
}
AXIS_NAMES = {
    "S": ("Сборка", "Build"),
    "M": ("Правильность", "Correctness"),
    "O": ("Качество кода", "Code quality"),
    "P": ("Платформа 1С", "1C platform"),
}


def coding_protocols(categories: tuple[str, ...]) -> Protocols:
    """The protocols of a coding workspace whose runs have these categories."""
    applies = {"S": categories, "M": categories, "O": categories, "P": ()}
    constitution = Constitution(
        version=L2_VERSION,
        valid_scores=GRADE_STEPS,
        axes={
            axis: AxisDefinition(axis, AXIS_NAMES[axis][0], AXIS_NAMES[axis][1], applies[axis])
            for axis in AXES
        },
    )
    steps = ScoringTable("higher_is_better", tuple(TableRow(step, float(step)) for step in GRADE_STEPS))
    l1 = L1Protocol(
        version=PROTOCOL_VERSION,
        constitution=L2_VERSION,
        axes={axis: AxisRules(axis, categories, {"*": RUNNER}, steps) for axis in ("S", "M")},
    )
    l2 = L2Protocol(
        version=L2_VERSION,
        axes={axis: L2Axis(axis, CRITERIA.get(axis, {}), applies[axis]) for axis in AXES},
        rules=(
            "S — только сборка: компилятор, проверка типов, go vet.",
            "M — делает ли код то, что просит задание, на всех случаях, а не только на тестах.",
            "O — качество кода: ясность, идиоматичность, сложность алгоритма.",
            "Ось P (платформа 1С) к этим задачам не относится.",
            "Не смотрите на результаты тестов до того, как поставите свои баллы.",
        ),
    )
    return Protocols(constitution, l1, l2, ErrorTaxonomy(L2_VERSION, (), {}))


def _title(task: CodingTask) -> str:
    first = task.prompt.strip().splitlines()[0] if task.prompt.strip() else task.id
    return first if len(first) <= TITLE_CHARS else first[: TITLE_CHARS - 1] + "…"


def _as_task(task: CodingTask) -> Task:
    return Task(
        id=task.id,
        name=_title(task),
        category=task.category,
        difficulty=task.difficulty,
        prompt=task.prompt,
        directory=task.path.parent,
        tags={"language": (task.language,), "tags": task.tags},
        entry_point_patterns=(),
        canonical=task.task_kind.reference_text(task),
        extra={"language": task.language, "kind": task.kind, **task.task_kind.generation_extra(task)},
    )


def _version(task: CodingTask) -> str:
    """sha256 over everything that decides the task: its file, reference, tests (and stub)."""
    digest = hashlib.sha256(task.path.read_bytes())
    parts: dict[str, str] = {f"tests/{k}": v for k, v in task.tests.items()}
    parts["reference"] = task.reference or ""
    for key in ("stub", "reference_files"):
        parts.update({f"{key}/{k}": v for k, v in dict(task.extra.get(key) or {}).items()})
    for name in sorted(parts):
        digest.update(data_bytes(f"\0{name}\0{parts[name]}"))  # a library's test data: any bytes
    return digest.hexdigest()


class CodingBenchWorkspace(Workspace):
    """`CodingBenchWorkspace.open(path)`: the coding workspace at `path`, read whole."""

    kind = "coding"
    spans_categories = True

    def __init__(self, coding: CodingWorkspace):
        categories = coding.categories
        tags = sorted({tag for task in coding.tasks for tag in task.tags})
        vocabulary = TagVocabulary(
            L2_VERSION,
            {
                "language": TagDimension("language", False, LANGUAGES),
                "tags": TagDimension("tags", True, tuple(tags)),
            },
        )
        super().__init__(
            coding.root, coding_protocols(categories), vocabulary, tuple(map(_as_task, coding.tasks))
        )
        self.coding = coding
        self._categories = categories

    @classmethod
    def open(cls, path: Path | str) -> CodingBenchWorkspace:
        return cls(CodingWorkspace.open(path))

    @property
    def categories(self) -> tuple[str, ...]:
        return self._categories

    def code_task(self, task_id: str) -> CodingTask | None:
        try:
            return self.coding.task(task_id)
        except KeyError:
            return None

    def run_category(self, experiment_category: str, task_id: str) -> str:
        """A run takes its task's dataset category (experiments of this kind usually say "")."""
        task = self.code_task(task_id)
        return task.category if task is not None else experiment_category

    def task_languages(self) -> dict[str, str]:
        return {task.id: task.language for task in self.coding.tasks}

    def task_versions(self) -> dict[str, str]:
        return {task.id: _version(task) for task in self.coding.tasks}

    def compat_hash(self) -> str:
        lines = [f"protocol={PROTOCOL_VERSION}"] + [
            f"{k}|{v}" for k, v in sorted(self.task_versions().items())
        ]
        return hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()

    def experiment(self, path: Path) -> Experiment:
        return self._cached(Path(path), partial(load_experiment, categories=self._categories))

    def validate(self) -> list[Problem]:
        collector = ProblemCollector()
        collector.attempt(partial(load_coding_bank, self.root))
        for path in self.experiment_paths():
            collector.attempt(partial(load_experiment, path, self._categories))
        for path in self.score_paths():
            collector.attempt(partial(load_score_file, path))
        return collector.problems

