"""Assembles the bundled demo experiments, one per category (PRISM_FORMAT §4.1):
results/experiment_A_20261129_120000.json and results/experiment_B_20261129_120000.json, from the
raw answers under answers/<task_id>/<model_key>__run<k>.md, the model catalogue and experiment
settings in models.yaml, the runs that did not end normally in generation_events.yaml and, for
category B, the metadata objects each model looked up before answering in context.yaml.

The output is deterministic: tasks in bank order, models in catalogue order, a fixed timestamp,
token counts estimated from text lengths and times jittered by a hash of the run's key.

    .venv/bin/python resources/demo/build_demo.py [--category A|B] [--root WORKSPACE] [--out FILE]
                                                  [--demo-dir DIR]
"""

from __future__ import annotations

import argparse
import hashlib
import math
import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from prism_desktop.platform.metadata import KINDS
from prism_desktop.scoring.hashing import response_hash
from prism_desktop.workspace.atomic import write_json_atomic
from prism_desktop.workspace.errors import Problem, WorkspaceError
from prism_desktop.workspace.schema import (
    BOOL,
    INT,
    MAPPING,
    MISSING,
    NUMBER,
    TEXT,
    FileCheck,
    describe,
    one_of,
)
from prism_desktop.workspace.tasks import Task
from prism_desktop.workspace.workspace import Workspace
from prism_desktop.workspace.yamlio import load_yaml

DEMO_DIR = Path(__file__).resolve().parent
REPO_ROOT = DEMO_DIR.parents[1]
CATEGORIES = ("A", "B")
ANSWER_NAME = re.compile(r"(?P<model>[a-z][a-z0-9_]*)__run(?P<run>\d+)\.md")
RunKey = tuple[str, str, int]  # (task_id, model_key, run_index)
# PRISM_FORMAT §7: how the collected structures follow the B system prompt, how they are joined,
# and how many objects the research loop collects at most.
CONTEXT_HEADING = "# Метаданные конфигурации:"
CONTEXT_SEPARATOR = "\n\n---\n\n"
MAX_CONTEXT_OBJECTS = 5
SPEC_SECTION = {info.kind: info.spec_section for info in KINDS}  # Справочник -> catalogs
# How get_object_structure words the config_spec keys (a key not listed is shown as is).
STRUCTURE_LABELS = {
    "hierarchical": "Иерархический",
    "owners": "Владельцы",
    "predefined": "Предопределенные",
    "attributes": "Реквизиты",
    "registers": "Движения по регистрам накопления",
    "info_registers": "Движения по регистрам сведений",
    "accounting_registers": "Движения по регистрам бухгалтерии",
    "register_type": "Вид регистра",
    "periodicity": "Периодичность",
    "write_mode": "Режим записи",
    "dimensions": "Измерения",
    "resources": "Ресурсы",
    "chart_of_accounts": "План счетов",
    "correspondence": "Корреспонденция",
    "ext_dimension_types": "Виды субконто",
    "max_ext_dimension_count": "Максимальное количество субконто",
    "value_types": "Типы значений",
}


@dataclass(frozen=True)
class DemoModel:
    key: str
    id: str
    name: str
    price_input: float  # USD per million tokens
    price_output: float
    chars_per_token: float
    latency: float  # seconds to the first token
    tokens_per_second: float
    max_output_tokens: int
    supports_tools: bool  # category B: the model calls the metadata tools before answering


@dataclass(frozen=True)
class Settings:
    name: str
    category: str
    timestamp: str
    temperature: float
    system_prompt: str
    chat_overhead_tokens: int
    models: tuple[DemoModel, ...]


@dataclass(frozen=True)
class Failure:
    error: str
    elapsed_time: float  # the calls and the back-off pauses before the provider gave up


@dataclass(frozen=True)
class Events:
    failed: dict[RunKey, Failure]
    truncated: frozenset[RunKey]


@dataclass(frozen=True)
class Research:
    """The category-B research loop that precedes generation (PRISM_FORMAT §7); only lengths matter."""

    system_prompt: str
    request: str  # appended to the task text in the loop's user message
    tool_call_tokens: int  # output tokens of one tool call (name, JSON arguments, markers)


@dataclass(frozen=True)
class ContextPlan:
    research: Research
    lookups: dict[tuple[str, str], tuple[str, ...]]  # (task_id, model_key) -> Тип.Имя looked up


def load_settings(path: Path, category: str) -> Settings:
    """The model catalogue with the settings of the category's experiment."""
    document = load_yaml(path)
    check = FileCheck(path, document)
    root = check.mapping(document.data, ())
    experiments = root.get("experiments", MISSING)
    key = ("experiments", category)
    experiment: dict[str, Any] = {}
    if check.check(experiments, ("experiments",), MAPPING):
        experiment = check.mapping(experiments.get(category, MISSING), key)
        for name in experiments:
            if name not in CATEGORIES:
                check.add(("experiments", name), found=describe(name), expected=one_of(CATEGORIES))
    settings = {
        "name": check.get(experiment, (*key, "name"), TEXT),
        "timestamp": check.get(experiment, (*key, "timestamp"), TEXT),
        "temperature": check.get(experiment, (*key, "temperature"), NUMBER),
        "system_prompt": check.get(experiment, (*key, "system_prompt"), TEXT),
        "chat_overhead_tokens": check.get(experiment, (*key, "chat_overhead_tokens"), INT),
    }
    models = []
    for index, item in enumerate(check.items(root.get("models", MISSING), ("models",))):
        model_key = ("models", index)
        item = check.mapping(item, model_key)
        fields = {name: check.get(item, (*model_key, name), TEXT) for name in ("key", "id", "name")}
        numbers = {
            name: check.get(item, (*model_key, name), NUMBER)
            for name in ("price_input", "price_output", "chars_per_token", "latency", "tokens_per_second")
        }
        cap = check.get(item, (*model_key, "max_output_tokens"), INT)
        tools = check.get(item, (*model_key, "supports_tools"), BOOL)
        for name in ("chars_per_token", "tokens_per_second"):
            if numbers[name] is not None and numbers[name] <= 0:
                check.add((*model_key, name), found=describe(numbers[name]), expected="a positive number")
        if check.ok:
            models.append(DemoModel(**fields, **numbers, max_output_tokens=cap, supports_tools=tools))
    keys = [m.key for m in models]
    for index, model in enumerate(models):
        if keys.index(model.key) != index:
            check.add(("models", index, "key"), found=describe(model.key), expected="a key not used before")
    if not models and check.ok:
        check.add(("models",), found="an empty list", expected="at least one model")
    check.raise_if_problems()
    return Settings(**settings, category=category, models=tuple(models))


def load_events(path: Path, settings: Settings) -> Events:
    """The failed and cut-off runs of every category (their task ids tell the categories apart)."""
    document = load_yaml(path)
    check = FileCheck(path, document)
    root = check.mapping(document.data, ())
    model_keys = {m.key for m in settings.models}
    failed: dict[RunKey, Failure] = {}
    truncated: set[RunKey] = set()
    for section in ("failed", "truncated"):
        for index, item in enumerate(check.items(root.get(section, []), (section,))):
            key = (section, index)
            item = check.mapping(item, key)
            task_id = check.get(item, (*key, "task"), TEXT)
            model = check.get(item, (*key, "model"), TEXT)
            run = check.get(item, (*key, "run"), INT)
            if model is not None and model not in model_keys:
                check.add((*key, "model"), found=describe(model), expected=one_of(sorted(model_keys)))
            run_key = (task_id, model, run)
            if run_key in failed or run_key in truncated:
                check.add(key, found=f"{run_key} again", expected="each run listed once")
            if section == "truncated":
                truncated.add(run_key)
                continue
            error = check.get(item, (*key, "error"), TEXT)
            elapsed = check.get(item, (*key, "elapsed_time"), NUMBER)
            failed[run_key] = Failure(error, elapsed)
    check.raise_if_problems()
    return Events(failed, frozenset(truncated))


def load_context(path: Path, settings: Settings, tasks: tuple[Task, ...]) -> ContextPlan:
    """context.yaml: per task, the objects each tool-using model looked up. Every such model has a
    list for every task (an empty one: it found nothing); each name is `Тип.Имя` of the task's
    configuration, at most MAX_CONTEXT_OBJECTS of them."""
    document = load_yaml(path)
    check = FileCheck(path, document)
    root = check.mapping(document.data, ())
    research_map = check.mapping(root.get("research", MISSING), ("research",))
    research = Research(
        system_prompt=check.get(research_map, ("research", "system_prompt"), TEXT),
        request=check.get(research_map, ("research", "request"), TEXT),
        tool_call_tokens=check.get(research_map, ("research", "tool_call_tokens"), INT),
    )
    lookups_map = check.mapping(root.get("lookups", MISSING), ("lookups",))
    by_id = {t.id: t for t in tasks}
    with_tools = [m.key for m in settings.models if m.supports_tools]
    lookups: dict[tuple[str, str], tuple[str, ...]] = {}
    for task_id in lookups_map:
        if task_id not in by_id:
            check.add(
                ("lookups", task_id), found=describe(task_id), expected="a category-B task id of the bank"
            )
    for task in tasks:
        per_model = lookups_map.get(task.id, MISSING)
        if not check.check(per_model, ("lookups", task.id), MAPPING):
            continue
        for model_key in per_model:
            if model_key not in with_tools:
                check.add(
                    ("lookups", task.id, model_key),
                    found=describe(model_key),
                    expected=f"a model with supports_tools: true ({one_of(with_tools)})",
                )
        for model_key in with_tools:
            key = ("lookups", task.id, model_key)
            names = check.strings(per_model.get(model_key, MISSING), key)
            for index, name in enumerate(names):
                if _spec_object(task.config_spec or {}, name) is None:
                    check.add(
                        (*key, index),
                        found=describe(name),
                        expected="Тип.Имя of an object in config_spec.yaml",
                    )
                elif names.index(name) != index:
                    check.add((*key, index), found=f"{name} again", expected="each object looked up once")
            if len(names) > MAX_CONTEXT_OBJECTS:
                check.add(key, found=describe(list(names)), expected=f"at most {MAX_CONTEXT_OBJECTS} objects")
            lookups[task.id, model_key] = names
    check.raise_if_problems()
    return ContextPlan(research, lookups)


def _spec_object(spec: dict[str, Any], full_name: str) -> Any:
    """The config_spec body of `Тип.Имя`, or None when the configuration has no such object."""
    kind, _, name = full_name.partition(".")
    section = spec.get(SPEC_SECTION.get(kind, ""))
    if not name or not isinstance(section, dict) or name not in section:
        return None
    return section[name] if section[name] is not None else {}


def _type_text(spec: Any) -> str:
    """`Число 15.3`, `Строка 25` or the type name; a composite type joins its parts."""
    if isinstance(spec, list):
        return ", ".join(_type_text(item) for item in spec)
    if not isinstance(spec, dict):
        return str(spec)
    name = spec.get("type", "Число")
    if name == "Число":
        return f"Число {spec.get('length', 15)}.{spec.get('precision', 0)}"
    if name == "Строка":
        return f"Строка {spec.get('length', 100)}"
    return str(name)


def structure_text(spec: dict[str, Any], full_name: str) -> str:
    """What get_object_structure would have shown the model: the object, then each config_spec key
    (a section of typed fields, a list, a tabular section's columns or a flag)."""
    body = _spec_object(spec, full_name)
    lines = [full_name]
    if isinstance(body, list):  # an enum's values
        return "\n".join([*lines, "Значения: " + ", ".join(map(str, body))])
    if "type" in body:  # a constant
        return "\n".join([*lines, "Тип: " + _type_text(body)])
    for key, value in body.items():
        label = STRUCTURE_LABELS.get(key, key)
        if key == "tabular_sections" and isinstance(value, dict):
            for section, columns in value.items():
                lines.append(f"Табличная часть {section}:")
                fields = (columns or {}).get("attributes", {})
                lines.extend(f"  {field}: {_type_text(kind)}" for field, kind in fields.items())
        elif isinstance(value, dict):
            lines.append(f"{label}:")
            lines.extend(f"  {field}: {_type_text(kind)}" for field, kind in value.items())
        elif isinstance(value, list):
            lines.append(f"{label}: " + ", ".join(map(str, value)))
        elif isinstance(value, bool):
            lines.append(f"{label}: {'да' if value else 'нет'}")
        else:
            lines.append(f"{label}: {value}")
    return "\n".join(lines)


def object_list(spec: dict[str, Any]) -> str:
    """list_objects: every object of the configuration as `Тип.Имя`, one a line."""
    return "\n".join(
        f"{kind}.{name}" for kind, section in SPEC_SECTION.items() for name in (spec.get(section) or {})
    )


def read_answers(
    answers_dir: Path, bank: tuple[Task, ...], category: str, settings: Settings
) -> dict[RunKey, str]:
    """Every answer file of the category's tasks, its text exactly as stored (it is the raw
    response), keyed by run. Folders of other categories' tasks are skipped; any other entry is
    reported."""
    problems: list[Problem] = []
    categories = {t.id: t.category for t in bank}
    model_keys = {m.key for m in settings.models}
    answers: dict[RunKey, str] = {}
    if not answers_dir.is_dir():
        raise WorkspaceError(Problem(answers_dir, message="folder not found"))
    for folder in sorted(p for p in answers_dir.iterdir() if not p.name.startswith(".")):
        if not folder.is_dir() or folder.name not in categories:
            problems.append(
                Problem(folder, found="an unexpected entry", expected="a folder named after a task id")
            )
            continue
        if categories[folder.name] != category:
            continue
        for path in sorted(folder.iterdir()):
            match = ANSWER_NAME.fullmatch(path.name)
            if match is None or match["model"] not in model_keys:
                problems.append(
                    Problem(
                        path,
                        found=f"the name {path.name!r}",
                        expected="<model key>__run<k>.md, e.g. north__run0.md",
                    )
                )
                continue
            with open(path, encoding="utf-8", newline="") as handle:
                answers[folder.name, match["model"], int(match["run"])] = handle.read()
    if problems:
        raise WorkspaceError(problems)
    return answers


def _jitter(*parts: object) -> float:
    """A factor in [0.85, 1.15) fixed by the run's key, so times vary like real ones but rebuild alike."""
    digest = hashlib.sha256("|".join(map(str, parts)).encode("utf-8")).digest()
    return 0.85 + 0.3 * int.from_bytes(digest[:8], "big") / 2**64


def _tokens(text: str, model: DemoModel) -> int:
    return math.ceil(len(text) / model.chars_per_token)


def _cost(tokens: int, price: float) -> float:
    return round(tokens / 1_000_000 * price, 8)


def _context(
    task: Task, model: DemoModel, settings: Settings, plan: ContextPlan
) -> tuple[dict[str, Any], str]:
    """The group's B context fields and the system message the model then answered under.

    The research loop makes one call per tool use: list_objects, get_object_structure for each
    object, finish_research. Every call resends the conversation so far, so input grows with each
    structure received."""
    if not model.supports_tools:
        fields = {"context_loaded": False, "context_objects": [], "context_analysis_cost": 0.0}
        return fields, settings.system_prompt
    spec = task.config_spec or {}
    objects = plan.lookups[task.id, model.key]
    structures = [structure_text(spec, name) for name in objects]
    conversation = plan.research.system_prompt + task.prompt + plan.research.request
    tokens_input = tokens_output = 0
    for tool_output in (object_list(spec), *structures, ""):
        tokens_input += settings.chat_overhead_tokens + _tokens(conversation, model)
        tokens_output += plan.research.tool_call_tokens
        conversation += tool_output
    fields = {
        "context_loaded": bool(objects),
        "context_objects": list(objects),
        "context_analysis_cost": round(
            _cost(tokens_input, model.price_input) + _cost(tokens_output, model.price_output), 8
        ),
    }
    if not objects:
        return fields, settings.system_prompt
    context = CONTEXT_SEPARATOR.join(structures)
    return fields, f"{settings.system_prompt}\n\n{CONTEXT_HEADING}\n{context}"


def _run(
    task: Task,
    model: DemoModel,
    index: int,
    settings: Settings,
    system_message: str,
    answers: dict[RunKey, str],
    events: Events,
) -> dict[str, Any]:
    key = (task.id, model.key, index)
    failure = events.failed.get(key)
    if failure is not None:
        # A rejected call: the provider processed and billed nothing, so these zeros are measured.
        tokens_input = tokens_output = 0
        response, elapsed = "", failure.elapsed_time
    else:
        response = answers[key]
        tokens_input = settings.chat_overhead_tokens + _tokens(system_message + task.prompt, model)
        tokens_output = _tokens(response, model)
        if key in events.truncated:
            tokens_output = model.max_output_tokens  # cut off exactly at the cap
        decoding = tokens_output / model.tokens_per_second * _jitter(*key, "decode")
        elapsed = round(model.latency * _jitter(*key, "latency") + decoding, 3)
    cost_input, cost_output = _cost(tokens_input, model.price_input), _cost(tokens_output, model.price_output)
    return {
        "run_index": index,
        "seed": None,
        "temperature": settings.temperature,
        "response": response,
        "response_hash": response_hash(response, success=failure is None),
        "tokens_input": tokens_input,
        "tokens_output": tokens_output,
        "tokens_total": tokens_input + tokens_output,
        "elapsed_time": elapsed,
        "cost_input": cost_input,
        "cost_output": cost_output,
        "cost_total": round(cost_input + cost_output, 8),
        "success": failure is None,
        "error": failure.error if failure is not None else None,
    }


def determinism(runs: list[dict[str, Any]]) -> dict[str, Any] | None:
    """PRISM_FORMAT §4.1: agreement of the hashes of the runs that produced a response."""
    hashes = [run["response_hash"] for run in runs if run["response_hash"]]
    if not hashes:
        return None
    most_common_hash, most_common_count = Counter(hashes).most_common(1)[0]
    return {
        "total_runs": len(hashes),
        "unique_responses": len(set(hashes)),
        "match_rate": round(most_common_count / len(hashes), 4),
        "most_common_hash": most_common_hash,
        "most_common_count": most_common_count,
        "hashes": hashes,
    }


def _run_indexes(
    task: Task, model: DemoModel, answers: dict[RunKey, str], events: Events, answers_dir: Path
) -> list[int]:
    """The group's run indexes, checked to be 0..n-1 with at least one real answer."""
    found = sorted(
        {k[2] for k in answers if k[:2] == (task.id, model.key)}
        | {k[2] for k in events.failed if k[:2] == (task.id, model.key)}
    )
    where = answers_dir / task.id
    if found != list(range(len(found))):
        raise WorkspaceError(
            Problem(
                where, key=model.key, found=f"runs {found}", expected="runs numbered 0, 1, … without gaps"
            )
        )
    if not any((task.id, model.key, i) in answers for i in found):
        raise WorkspaceError(
            Problem(where, key=model.key, found="no answer", expected=f"at least one {model.key}__run<k>.md")
        )
    return found


def _check_runs(
    bank: tuple[Task, ...], settings: Settings, answers: dict[RunKey, str], events: Events, demo_dir: Path
) -> None:
    """Events name runs of bank tasks; truncated answers are long enough to have hit the cap, and no
    other answer reaches it."""
    models = {m.key: m for m in settings.models}
    task_ids = {t.id for t in bank}
    problems = []
    for task_id, model_key, index in sorted({*events.failed, *events.truncated}):
        if task_id not in task_ids:
            problems.append(
                Problem(
                    demo_dir / "generation_events.yaml",
                    found=f"task {task_id!r}",
                    expected="a task of the bank",
                )
            )
        elif (task_id, model_key, index) in events.truncated and (task_id, model_key, index) not in answers:
            if next(t for t in bank if t.id == task_id).category != settings.category:
                continue  # the other experiment's run: checked when that file is built
            problems.append(
                Problem(
                    demo_dir / "answers" / task_id,
                    found=f"no {model_key}__run{index}.md",
                    expected="the cut-off answer listed as truncated",
                )
            )
    for (task_id, model_key, index), text in sorted(answers.items()):
        model = models[model_key]
        estimate = _tokens(text, model)
        path = demo_dir / "answers" / task_id / f"{model_key}__run{index}.md"
        if (task_id, model_key, index) in events.failed:
            problems.append(
                Problem(path, found="an answer file", expected="none: the run is listed as failed")
            )
        elif (task_id, model_key, index) in events.truncated:
            if estimate < 0.8 * model.max_output_tokens:
                problems.append(
                    Problem(
                        path,
                        found=f"about {estimate} tokens",
                        expected=f"close to the cap of {model.max_output_tokens} for a cut-off answer",
                    )
                )
        elif estimate >= model.max_output_tokens:
            problems.append(
                Problem(
                    path,
                    found=f"about {estimate} tokens",
                    expected=f"fewer than the cap {model.max_output_tokens}, or a 'truncated' event",
                )
            )
    if problems:
        raise WorkspaceError(problems)


def build_experiment(category: str, root: Path = REPO_ROOT, demo_dir: Path = DEMO_DIR) -> dict[str, Any]:
    """The category's experiment file as a JSON value (PRISM_FORMAT §4.1). Raises WorkspaceError on
    bad input."""
    settings = load_settings(demo_dir / "models.yaml", category)
    events = load_events(demo_dir / "generation_events.yaml", settings)
    bank = Workspace.open(root).tasks
    tasks = tuple(t for t in bank if t.category == category)
    plan = load_context(demo_dir / "context.yaml", settings, tasks) if category == "B" else None
    answers = read_answers(demo_dir / "answers", bank, category, settings)
    _check_runs(bank, settings, answers, events, demo_dir)
    groups = []
    for task in tasks:
        for model in settings.models:
            group: dict[str, Any] = {
                "task_id": task.id,
                "task_name": task.name,
                "model_id": model.id,
                "model_name": model.name,
            }
            system_message = settings.system_prompt
            if plan is not None:
                context_fields, system_message = _context(task, model, settings, plan)
                group.update(context_fields)
            indexes = _run_indexes(task, model, answers, events, demo_dir / "answers")
            runs = [_run(task, model, i, settings, system_message, answers, events) for i in indexes]
            times = [run["elapsed_time"] for run in runs if run["success"]]
            run_cost = sum(run["cost_total"] for run in runs)
            group.update(
                {
                    "runs": runs,
                    "determinism": determinism(runs),
                    "total_tokens": sum(run["tokens_total"] for run in runs),
                    # PRISM_FORMAT §4.1: the context tokens are billed but not counted in total_tokens.
                    "total_cost": round(run_cost + group.get("context_analysis_cost", 0.0), 8),
                    "avg_time": round(sum(times) / len(times), 3),
                }
            )
            groups.append(group)
    return {
        "experiment_name": settings.name,
        "category": category,
        "timestamp": settings.timestamp,
        "models_used": [m.name for m in settings.models],
        "tasks_count": len(tasks),
        "runs_per_task": max(len(g["runs"]) for g in groups),
        "task_results": groups,
        "total_tokens": sum(g["total_tokens"] for g in groups),
        "total_cost": round(sum(g["total_cost"] for g in groups), 8),
        "total_time": 0.0,  # PRISM never fills it
    }


def default_output(category: str, root: Path = REPO_ROOT, demo_dir: Path = DEMO_DIR) -> Path:
    return root / "results" / f"{load_settings(demo_dir / 'models.yaml', category).name}.json"


def write_demo(
    category: str, out: Path | None = None, root: Path = REPO_ROOT, demo_dir: Path = DEMO_DIR
) -> Path:
    """Build and write one category's experiment file atomically; returns its path."""
    path = out if out is not None else default_output(category, root, demo_dir)
    write_json_atomic(path, build_experiment(category, root, demo_dir))
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the bundled demo experiment files.")
    parser.add_argument(
        "--category", choices=CATEGORIES, default=None, help="build only this category's file (default: all)"
    )
    parser.add_argument("--root", type=Path, default=REPO_ROOT, help="the workspace with tasks/ and metrics/")
    parser.add_argument(
        "--out", type=Path, default=None, help="with --category; default: results/<experiment name>.json"
    )
    parser.add_argument("--demo-dir", type=Path, default=DEMO_DIR, help="models.yaml, events and answers/")
    args = parser.parse_args(argv)
    if args.out is not None and args.category is None:
        parser.error("--out names one file: give --category too")
    categories = (args.category,) if args.category else CATEGORIES
    try:
        # Both files are built before either is written, so bad input leaves neither half-updated.
        built = [(c, build_experiment(c, args.root, args.demo_dir)) for c in categories]
        paths = []
        for category, data in built:
            path = args.out if args.out is not None else default_output(category, args.root, args.demo_dir)
            write_json_atomic(path, data)
            paths.append(path)
    except WorkspaceError as exc:
        print(f"build_demo: cannot build the demo experiments:\n{exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"build_demo: {exc.filename}: {exc.strerror}", file=sys.stderr)
        return 1
    for path in paths:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
