"""A 1C Code Bench workspace seen as a Workspace, so `generate`, `import`, the store and the review
treat it like the other kinds: each task becomes a `Task` of its level with the prompt a model gets
(the template «Задача» and the configuration's context), the reference function as its canonical
solution and level, context and area as tags; its protocols say which axes apply (S and M for the
machine, S, M, O and P for experts: it is 1C code)."""

from __future__ import annotations

import hashlib
from functools import partial
from pathlib import Path

from prism_desktop.generation.metadata_tools import NOT_FOUND_MARK, MetadataTools
from prism_desktop.services.onec_level1 import PROTOCOL_VERSION, reference_code
from prism_desktop.vocabulary import GRADE_STEPS
from prism_desktop.workspace.errors import Problem, ProblemCollector
from prism_desktop.workspace.onec_bench import (
    CONTEXTS,
    LEVELS,
    OneCBenchWorkspace,
    OneCTask,
)
from prism_desktop.workspace.protocol import (
    AXES,
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
from prism_desktop.workspace.results import Experiment
from prism_desktop.workspace.results_loader import load_experiment, load_score_file
from prism_desktop.workspace.tasks import TagDimension, TagVocabulary, Task
from prism_desktop.workspace.workspace import Workspace

L2_VERSION = "1c-code-bench-l2/1"
RUNNER = "prism-platform (1C Code Bench)"
CONTEXT_HEADING = "Контекст конфигурации (объекты метаданных, нужные для задачи):"
AXIS_NAMES = {
    "S": ("Компиляция", "Compilation"),
    "M": ("Правильность", "Correctness"),
    "O": ("Качество кода", "Code quality"),
    "P": ("Платформа 1С", "1C platform"),
}
CRITERIA: dict[str, dict[int, str]] = {
    "S": {
        10: "Модуль обработки с этой функцией компилируется",
        8: "Не компилируется из-за одной мелочи (опечатка, пропущенная точка с запятой)",
        6: "Чтобы модуль скомпилировался, нужно исправить два-три места",
        4: "Много ошибок компиляции, но устройство решения понятно",
        2: "Код почти не компилируется; замысел угадывается с трудом",
        0: "Нет функции с заданным именем или код не на встроенном языке 1С",
    },
    "M": {
        10: "Задача решена полностью: все условия текста задачи и граничные случаи",
        8: "Главное верно, упущен один второстепенный случай",
        6: "Главное верно, упущены два-три условия",
        4: "Сделана лишь часть нужной логики, больше половины",
        2: "Сделано меньше половины нужной логики",
        0: "Код не решает задачу",
    },
    "O": {
        10: "Ясный код в стиле стандартов 1С",
        8: "Мелкие отступления от стандартов, на работу не влияющие",
        6: "Работает, но очевидно может быть проще",
        4: "Лишние проходы и вычисления",
        2: "Много лишнего; на больших данных будет медленно",
        0: "Грубые просчёты в устройстве решения",
    },
    "P": {
        10: "Объектная модель и язык запросов использованы как задумано платформой",
        8: "Одно мелкое отступление (лишнее обращение к ссылке)",
        6: "Запрос или обращение к базе в цикле там, где хватило бы одного",
        4: "Несколько обращений к базе в цикле",
        2: "Обход данных вместо запроса, чтение объектов ради одного поля",
        0: "Грубое нарушение модели платформы (контекст клиента/сервера, запись не тех объектов)",
    },
}


def onec_protocols() -> Protocols:
    axes = AXES
    constitution = Constitution(
        version=L2_VERSION,
        valid_scores=GRADE_STEPS,
        axes={a: AxisDefinition(a, AXIS_NAMES[a][0], AXIS_NAMES[a][1], LEVELS) for a in axes},
    )
    steps = ScoringTable("higher_is_better", tuple(TableRow(step, float(step)) for step in GRADE_STEPS))
    l1 = L1Protocol(
        version=PROTOCOL_VERSION,
        constitution=L2_VERSION,
        axes={a: AxisRules(a, LEVELS, {"*": RUNNER}, steps) for a in AXES if a in ("S", "M")},
    )
    l2 = L2Protocol(
        version=L2_VERSION,
        axes={a: L2Axis(a, CRITERIA[a], LEVELS) for a in axes},
        rules=(
            "S — компилируется ли модуль внешней обработки, в который подставлена функция.",
            "M — решает ли функция задачу из макета «Задача» на всех случаях, а не только на проверке.",
            "O и P — качество кода и верное использование платформы (запросы, контекст клиент/сервер).",
            "Не смотрите на результат ЗадачаРешена() до того, как поставите свои баллы.",
        ),
    )
    return Protocols(constitution, l1, l2, ErrorTaxonomy(L2_VERSION, (), {}))


def task_prompt(task: OneCTask, tools: MetadataTools) -> str:
    """What the model gets: the template «Задача», the structure of the configuration objects the task
    names (task.yaml `objects`) and how to answer."""
    parts = [task.text.rstrip()]
    described = [tools.get_object_structure(str(name)) for name in task.extra.get("objects") or ()]
    described = [_as_list(text) for text in described if NOT_FOUND_MARK not in text]
    if described:
        parts.append(CONTEXT_HEADING + "\n\n" + "\n\n".join(described))
    parts.append(
        f"Ответ: функция {task.entry} на встроенном языке 1С в блоке ```bsl; она заменит эталонную функцию "
        "в модуле объекта внешней обработки. Вспомогательные функции можно написать рядом с ней."
    )
    return "\n\n".join(parts) + "\n"


def _as_list(structure: str) -> str:
    """An object's structure with its detail lines as a list: the object's name, then "- реквизиты: …"
    (one line each for a model, and kept apart where the review renders the prompt as Markdown)."""
    head, *details = structure.split("\n")
    return "\n".join([head, *(f"- {line.strip()}" for line in details if line.strip())])


def _as_task(bench: OneCBenchWorkspace, task: OneCTask, tools: MetadataTools) -> Task:
    return Task(
        id=task.id,
        name=task.name,
        category=task.level,
        difficulty=task.level,
        prompt=task_prompt(task, tools),
        directory=task.directory,
        tags={"level": (task.level,), "context": (task.context,), "area": (task.area,)},
        entry_point_patterns=(task.entry,),
        canonical=reference_code(task),
        config_spec=bench.config_spec,
        fixtures=bench.fixtures,
        tests_bsl=task.object_module,
        extra={
            "kind": "1c-code-bench",
            "context": task.context,
            "area": task.area,
            "entry": task.entry,
            "reference_file": "ObjectModule.bsl",
        },
    )


def _version(bench: OneCBenchWorkspace, task: OneCTask) -> str:
    """sha256 over every file of the task's folder and the infobase's two files."""
    digest = hashlib.sha256()
    files = sorted(p for p in task.directory.rglob("*") if p.is_file())
    files += [bench.root / "config_spec.yaml", bench.root / "fixtures.yaml"]
    for path in files:
        if path.is_file():
            digest.update(f"\0{path.name}\0".encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


class OneCBenchView(Workspace):
    """`OneCBenchView.open(path)`: the 1C Code Bench workspace at `path`, read whole."""

    kind = "1c-code-bench"
    spans_categories = True

    def __init__(self, bench: OneCBenchWorkspace):
        tools = MetadataTools(bench.config_spec)
        areas = tuple(sorted({task.area for task in bench.tasks}))
        vocabulary = TagVocabulary(
            L2_VERSION,
            {
                "level": TagDimension("level", False, LEVELS),
                "context": TagDimension("context", False, CONTEXTS),
                "area": TagDimension("area", False, areas),
            },
        )
        tasks = tuple(_as_task(bench, task, tools) for task in bench.tasks)
        super().__init__(bench.root, onec_protocols(), vocabulary, tasks)
        self.bench = bench

    @classmethod
    def open(cls, path: Path | str) -> OneCBenchView:
        return cls(OneCBenchWorkspace.open(path))

    @property
    def categories(self) -> tuple[str, ...]:
        return LEVELS

    def run_category(self, experiment_category: str, task_id: str) -> str:
        """A run takes its task's level (an experiment over every level says "")."""
        task = self._by_id.get(task_id)
        return task.category if task is not None else experiment_category

    def task_versions(self) -> dict[str, str]:
        return {task.id: _version(self.bench, task) for task in self.bench.tasks}

    def compat_hash(self) -> str:
        lines = [f"protocol={PROTOCOL_VERSION}"] + [
            f"{k}|{v}" for k, v in sorted(self.task_versions().items())
        ]
        return hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()

    def experiment(self, path: Path) -> Experiment:
        return self._cached(Path(path), partial(load_experiment, categories=LEVELS))

    def validate(self) -> list[Problem]:
        collector = ProblemCollector()
        collector.attempt(partial(OneCBenchWorkspace.open, self.root))
        for path in self.experiment_paths():
            collector.attempt(partial(load_experiment, path, LEVELS))
        for path in self.score_paths():
            collector.attempt(partial(load_score_file, path))
        return collector.problems

