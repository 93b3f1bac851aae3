"""What one generation covers: the category, the models (catalogue order), the tasks (bank order),
the samples per model (runs, temperature, seeds, with the command line's overrides) and where the
experiment goes. Everything is checked here, before any request: an unknown category, model key or
task id is an error naming what exists, and so is a coding task whose system prompt prompts.yaml lacks.

A PRISM workspace generates one category, A or B. A coding bench generates one of its categories
(algorithms, …, library) or, with the category "", every task; its experiment is named
`experiment_<category>_<time>`, `experiment_coding_<time>` for every task."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from urllib.parse import urlsplit

from prism_desktop.errors import GenerationError as GenerationError  # the family base, raised as is
from prism_desktop.workspace.tasks import Task
from prism_desktop.workspace.workspace import Workspace

from .config import GenerationConfig, ModelEntry, load_generation_config
from .prompts import is_code_task, system_key

ALL_TASKS = ""  # the category of a coding generation of every task
EVERY_MODEL = ""  # the key of an endpoint override for every model
ENDPOINT_SCHEMES = ("http", "https")
ALL_TASKS_NAME = "coding"  # what the experiment's name says instead


@dataclass(frozen=True)
class GenerationRequest:
    category: str  # A | B; a coding bench's category, or "" (ALL_TASKS) for every task
    models: tuple[str, ...] = ()  # catalogue keys; empty: every model of params.yaml, else every model
    tasks: tuple[str, ...] = ()  # task ids; empty: every task of the category
    runs: int | None = None  # overrides params.yaml's runs for every model
    temperature: float | None = None  # overrides params.yaml's temperature for every model
    concurrency: int | None = None  # requests in flight; params.yaml's concurrency when None
    max_cost: float | None = None  # USD: no new pair once the money spent reaches it
    resume: str | None = None  # experiment name whose complete parts are kept
    out: Path | None = None  # the experiment file; results/<name>.json when None
    use_cache: bool = True
    # Endpoint overrides: model key -> URL, or EVERY_MODEL -> URL for every model without its own.
    endpoints: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Sample:
    run_index: int
    seed: int | None
    temperature: float


@dataclass(frozen=True)
class GenerationPlan:
    category: str
    tasks: tuple[Task, ...]
    models: tuple[ModelEntry, ...]
    samples: dict[str, tuple[Sample, ...]]  # model key -> its samples
    experiment_name: str
    experiment_path: Path
    results_dir: Path  # where <experiment>.parts/ is: beside the experiment file
    timestamp: str

    @property
    def pairs(self) -> list[tuple[Task, ModelEntry]]:
        """Bank order of tasks, then catalogue order of models (the experiment's order)."""
        return [(task, model) for task in self.tasks for model in self.models]

    @property
    def runs_per_task(self) -> int:
        return max((len(s) for s in self.samples.values()), default=0)


def make_plan(
    workspace: Workspace, config: GenerationConfig, request: GenerationRequest, now: datetime | None = None
) -> GenerationPlan:
    _check_category(workspace, request.category)
    if request.runs is not None and request.runs < 1:
        raise GenerationError(f"--runs must be at least 1, not {request.runs}")
    if request.temperature is not None and not 0.0 <= request.temperature <= 2.0:
        raise GenerationError(f"--temperature must be between 0 and 2, not {request.temperature}")
    if request.concurrency is not None and request.concurrency < 1:
        raise GenerationError(f"--concurrency must be at least 1, not {request.concurrency}")
    if request.max_cost is not None and request.max_cost < 0:
        raise GenerationError(f"--max-cost must not be negative, not {request.max_cost}")
    models = override_endpoints(config, _models(config, request.models), request.endpoints)
    tasks = _tasks(workspace, request.category, request.tasks)
    _check_prompts(config, request.category, tasks)
    moment = now or datetime.now()
    label = request.category or ALL_TASKS_NAME
    name = request.resume or f"experiment_{label}_{moment:%Y%m%d_%H%M%S}"
    if not name or "/" in name or "\\" in name or name.startswith("."):
        raise GenerationError(
            f"--resume takes an experiment name (e.g. experiment_A_20260101_120000), not {name!r}"
        )
    samples = {}
    for model in models:
        params = config.params(model.key)
        temperature = request.temperature if request.temperature is not None else params.temperature
        seeds = config.seeds(model.key, request.runs)
        samples[model.key] = tuple(Sample(i, seed, temperature) for i, seed in enumerate(seeds))
    # The .parts folder goes beside the experiment file: with --out, not into the workspace's results/.
    results_dir = Path(request.out).parent if request.out else workspace.results_dir
    return GenerationPlan(
        category=request.category,
        tasks=tasks,
        models=models,
        samples=samples,
        experiment_name=name,
        experiment_path=Path(request.out) if request.out else results_dir / f"{name}.json",
        results_dir=results_dir,
        timestamp=moment.isoformat(),
    )


def override_endpoints(
    config: GenerationConfig, models: tuple[ModelEntry, ...], endpoints: Mapping[str, str]
) -> tuple[ModelEntry, ...]:
    """`models` with their endpoints overridden: a model's own override first, then the one for
    every model. Each adapter reads the endpoint as its base URL (docs/generation.md)."""
    unknown = [key for key in endpoints if key != EVERY_MODEL and key not in config.models]
    if unknown:
        raise GenerationError(
            f"--endpoint names no model of {config.root / 'models.yaml'}: {', '.join(unknown)} "
            f"(models: {', '.join(config.models)})"
        )
    for key, url in endpoints.items():
        parts = urlsplit(url)
        if parts.scheme not in ENDPOINT_SCHEMES or not parts.hostname:
            which = f" for {key}" if key else ""
            raise GenerationError(
                f"--endpoint{which} must be an http(s) URL such as http://127.0.0.1:8000/v1, not {url!r}"
            )
    overridden = []
    for model in models:
        chosen = endpoints.get(model.key) or endpoints.get(EVERY_MODEL)
        overridden.append(replace(model, endpoint=chosen.rstrip("/")) if chosen else model)
    return tuple(overridden)


def parse_endpoint(text: str) -> tuple[str, str]:
    """`KEY=URL` (one model) or `URL` (every model) -> (key or EVERY_MODEL, URL)."""
    key, equals, url = text.partition("=")
    if equals and key and not any(mark in key for mark in ":/?"):
        return key.strip(), url.strip()
    return EVERY_MODEL, text.strip()


def workspace_config(workspace: Workspace) -> GenerationConfig:
    """The generation settings of `workspace` (a coding bench without generation/ uses the app's)."""
    return load_generation_config(workspace.root, coding=workspace.spans_categories)


def _check_category(workspace: Workspace, category: str) -> None:
    choices = ", ".join(workspace.categories)
    if workspace.spans_categories:
        if category != ALL_TASKS and category not in workspace.categories:
            raise GenerationError(
                f"--category on a coding workspace is one of {choices}, or none for every task; "
                f"not {category!r}"
            )
    elif category not in workspace.categories:
        found = f"not {category!r}" if category else "it is required"
        raise GenerationError(f"--category on a PRISM workspace is one of {choices}: {found}")


def _check_prompts(config: GenerationConfig, category: str, tasks: tuple[Task, ...]) -> None:
    """Every coding task needs its system prompt (a 1C category's may be empty, as in PRISM)."""
    keys = sorted({system_key(category, task) for task in tasks if is_code_task(task)})
    missing = [key for key in keys if key not in config.system_prompts]
    if missing:
        raise GenerationError(
            f"{config.root / 'prompts.yaml'}: no system prompt for "
            + ", ".join(f"system.{key}" for key in missing)
        )


def _models(config: GenerationConfig, keys: tuple[str, ...]) -> tuple[ModelEntry, ...]:
    unknown = [key for key in keys if key not in config.models]
    if unknown:
        raise GenerationError(
            f"no model {', '.join(unknown)} in {config.root / 'models.yaml'} "
            f"(models: {', '.join(config.models)})"
        )
    if keys:
        return tuple(config.models[key] for key in config.models if key in keys)
    # No selection: the models params.yaml tunes (PRISM's run set), or the whole catalogue.
    tuned = [key for key in config.models if key in config.model_params]
    return tuple(config.models[key] for key in (tuned or config.models))


def _tasks(workspace: Workspace, category: str, ids: tuple[str, ...]) -> tuple[Task, ...]:
    in_category = [task for task in workspace.tasks if category in (ALL_TASKS, task.category)]
    which = f"category-{category} " if category else ""
    where = workspace.root if workspace.spans_categories else workspace.root / "tasks"
    if not ids:
        if not in_category:
            raise GenerationError(f"the workspace has no {which}tasks")
        return tuple(in_category)
    known = {task.id for task in in_category}
    unknown = [task_id for task_id in ids if task_id not in known]
    if unknown:
        raise GenerationError(
            f"no {which}task {', '.join(unknown)} in {where} (tasks: {', '.join(t.id for t in in_category)})"
        )
    return tuple(task for task in in_category if task.id in ids)
