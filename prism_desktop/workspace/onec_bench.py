"""A 1C Code Bench workspace: tasks as external processings dumped to files by 1C's designer, run on
our synthetic infobase.

    config_spec.yaml, fixtures.yaml          the infobase every task runs on (category B's formats)
    tasks/<id>/task.yaml                     id, name, level, context, area, entry
    tasks/<id>/<Name>.xml                    the processing's metadata (ExternalDataProcessor)
    tasks/<id>/<Name>/Ext/ObjectModule.bsl   ЗапуститьРешение, ЗадачаРешена and the reference `entry`
    tasks/<id>/<Name>/Templates/Задача/Ext/Template.txt   the task text (the template «Задача»)
    tasks/<id>/variants/*.bsl                answers that must not pass (check tells them apart)
    results/                                 experiment_*.json, auto/*_auto_l1.json as in PRISM

Reading is all or nothing: every problem is collected and raised together (WorkspaceError)."""

from __future__ import annotations

import hashlib
import json
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from .errors import Problem, ProblemCollector, WorkspaceError
from .paths import links_leaving
from .yamlio import load_yaml, read_text

TASKS_DIR = "tasks"
TASK_FILE = "task.yaml"
CONFIG_FILE = "config_spec.yaml"
FIXTURES_FILE = "fixtures.yaml"
VARIANTS_DIR = "variants"
TEMPLATE_NAME = "Задача"
LEVELS = ("базовый", "средний", "сложный")
CONTEXTS = ("сервер", "клиент")
KEYS = ("id", "name", "level", "context", "area", "entry")
MAX_FILE_BYTES = 1024 * 1024
_MD = "{http://v8.1c.ru/8.3/MDClasses}"
_IDENT = re.compile(r"^[A-Za-zА-Яа-яЁё_][A-Za-zА-Яа-яЁё_0-9]*$")
_TASK_ID = re.compile(r"^[A-Za-z0-9_.-]+$")


@dataclass(frozen=True)
class OneCTask:
    id: str
    name: str  # the task's title (task.yaml `name`)
    level: str  # базовый | средний | сложный
    context: str  # сервер | клиент
    area: str
    entry: str  # the function the model writes
    processing: str  # the processing's name in the designer (<Name>.xml)
    text: str  # the template «Задача»
    object_module: str  # ObjectModule.bsl with the reference function
    variants: dict[str, str]  # file name -> code of an answer that must not pass
    directory: Path
    extra: dict[str, Any]

    @property
    def category(self) -> str:
        return self.level


def is_onec_bench_workspace(root: Path) -> bool:
    """The kind's one detection rule: tasks/<id>/task.yaml beside config_spec.yaml, no metrics/."""
    return (
        (root / CONFIG_FILE).is_file()
        and not (root / "metrics").is_dir()
        and any((root / TASKS_DIR).glob(f"*/{TASK_FILE}"))
    )


def _small_text(path: Path, problems: list[Problem]) -> str | None:
    if not path.is_file():
        problems.append(Problem(path, message="file missing"))
        return None
    if path.stat().st_size > MAX_FILE_BYTES:
        problems.append(Problem(path, message="file too large", expected=f"at most {MAX_FILE_BYTES} bytes"))
        return None
    try:
        return read_text(path)
    except WorkspaceError as exc:
        problems.extend(exc.problems)
        return None


def processing_name(xml_path: Path, problems: list[Problem]) -> str | None:
    """The Name of the ExternalDataProcessor in the designer's <Name>.xml; the file's name must match
    it and its child objects must list the template «Задача»."""
    text = _small_text(xml_path, problems)
    if text is None:
        return None
    if "<!DOCTYPE" in text.upper() or "<!ENTITY" in text.upper():
        problems.append(Problem(xml_path, message="a DOCTYPE or ENTITY declaration", expected="plain XML"))
        return None
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        line, column = exc.position
        problems.append(Problem(xml_path, line=line, column=column + 1, message=f"not XML: {exc}"))
        return None
    processor = root.find(f"{_MD}ExternalDataProcessor")
    name = processor.findtext(f"{_MD}Properties/{_MD}Name") if processor is not None else None
    if processor is None or not name:
        expected = (
            "MetaDataObject/ExternalDataProcessor/Properties/Name (a designer dump of an external processing)"
        )
        problems.append(Problem(xml_path, message="no processing name", expected=expected))
        return None
    if name != xml_path.stem:
        problems.append(
            Problem(xml_path, key="Name", found=repr(name), expected=f"the file's name, {xml_path.stem!r}")
        )
    templates = [t.text for t in processor.findall(f"{_MD}ChildObjects/{_MD}Template")]
    if TEMPLATE_NAME not in templates:
        problems.append(
            Problem(
                xml_path,
                key="ChildObjects",
                found=repr(templates),
                expected=f"the template {TEMPLATE_NAME!r}",
            )
        )
    return name


def _task_fields(path: Path, problems: list[Problem]) -> dict[str, Any]:
    document = load_yaml(path)
    data = document.data
    if not isinstance(data, dict):
        raise WorkspaceError(Problem(path, found=type(data).__name__, expected="a mapping of id, name, …"))
    for key in KEYS:
        value = data.get(key)
        if not isinstance(value, str) or not value.strip():
            found = repr(value)[:60] if key in data else "nothing"
            problems.append(
                Problem(path, line=document.line((key,)), key=key, found=found, expected="a text")
            )
    choices = {"level": LEVELS, "context": CONTEXTS}
    for key, allowed in choices.items():
        value = data.get(key)
        if isinstance(value, str) and value not in allowed:
            problems.append(
                Problem(
                    path, line=document.line((key,)), key=key, found=repr(value), expected=" | ".join(allowed)
                )
            )
    if isinstance(data.get("id"), str) and data["id"] != path.parent.name:
        problems.append(
            Problem(path, line=document.line(("id",)), key="id", found=repr(data["id"]),
                    expected=f"its folder's name, {path.parent.name!r}")
        )  # fmt: skip
    entry = data.get("entry")
    if isinstance(entry, str) and not _IDENT.match(entry):
        problems.append(Problem(path, line=document.line(("entry",)), key="entry", found=repr(entry),
                                expected="a 1C identifier (the function's name)"))  # fmt: skip
    return data


def load_task(directory: Path) -> OneCTask:
    problems: list[Problem] = []
    if not _TASK_ID.match(directory.name):
        problems.append(Problem(directory, message="folder name", expected="letters, digits, _ . -"))
    data = _task_fields(directory / TASK_FILE, problems)
    xml_files = sorted(p for p in directory.glob("*.xml") if p.is_file())
    if len(xml_files) != 1:
        found = ", ".join(p.name for p in xml_files) or "none"
        problems.append(
            Problem(directory, found=found, expected="one <Name>.xml (the processing dumped to files)")
        )
        raise WorkspaceError(problems)
    name = processing_name(xml_files[0], problems)
    if name is None:
        raise WorkspaceError(problems)
    module_path = directory / name / "Ext" / "ObjectModule.bsl"
    module = _small_text(module_path, problems)
    template = _small_text(directory / name / "Templates" / TEMPLATE_NAME / "Ext" / "Template.txt", problems)
    entry = data.get("entry")
    if module is not None and isinstance(entry, str):
        for function in ("ЗапуститьРешение", "ЗадачаРешена", entry):
            if not re.search(
                rf"^\s*Функция\s+{re.escape(function)}\s*\(", module, re.MULTILINE | re.IGNORECASE
            ):
                problems.append(Problem(module_path, message=f"no function {function}", expected="Функция "
                                        f"{function}(…) … КонецФункции"))  # fmt: skip
    variants: dict[str, str] = {}
    for path in sorted((directory / VARIANTS_DIR).glob("*.bsl")):
        text = _small_text(path, problems)
        if text is not None:
            variants[path.name] = text
    if problems:
        raise WorkspaceError(problems)
    assert module is not None and template is not None
    return OneCTask(
        id=data["id"], name=data["name"], level=data["level"], context=data["context"], area=data["area"],
        entry=data["entry"], processing=name, text=template, object_module=module, variants=variants,
        directory=directory, extra={k: v for k, v in data.items() if k not in KEYS},
    )  # fmt: skip


def _mapping(path: Path) -> dict[str, Any]:
    document = load_yaml(path)
    if not isinstance(document.data, dict):
        raise WorkspaceError(Problem(path, found=type(document.data).__name__, expected="a mapping"))
    return document.data


class OneCBenchWorkspace:
    """A 1C Code Bench workspace opened whole: `OneCBenchWorkspace.open(path)`."""

    def __init__(
        self, root: Path, tasks: tuple[OneCTask, ...], config_spec: dict[str, Any], fixtures: dict[str, Any]
    ):
        self.root = root
        self.tasks = tasks
        self.config_spec = config_spec
        self.fixtures = fixtures
        self._by_id = {task.id: task for task in tasks}

    @classmethod
    def open(cls, path: Path | str) -> OneCBenchWorkspace:
        root = Path(path).resolve()
        if not is_onec_bench_workspace(root):
            raise WorkspaceError(
                Problem(root, message="not a 1C Code Bench workspace",
                        expected=f"{CONFIG_FILE} and {TASKS_DIR}/<id>/{TASK_FILE}, no metrics/")
            )  # fmt: skip
        collector = ProblemCollector()
        collector.problems.extend(links_leaving(root, (TASKS_DIR, "results")))
        if collector.problems:  # nothing is read through a link that leaves the workspace
            collector.raise_if_any()
        config = collector.attempt(partial(_mapping, root / CONFIG_FILE))
        fixtures_path = root / FIXTURES_FILE
        fixtures = collector.attempt(partial(_mapping, fixtures_path)) if fixtures_path.is_file() else {}
        tasks = []
        for task_file in sorted((root / TASKS_DIR).glob(f"*/{TASK_FILE}")):
            task = collector.attempt(partial(load_task, task_file.parent))
            if task is not None:
                tasks.append(task)
        collector.raise_if_any()
        return cls(root, tuple(tasks), config or {}, fixtures or {})

    def task(self, task_id: str) -> OneCTask:
        try:
            return self._by_id[task_id]
        except KeyError:
            raise KeyError(f"no task {task_id!r} in {self.root / TASKS_DIR}") from None

    def fingerprint(self) -> str:
        """sha256 over what decides a run's outcome: the infobase and each task's module, entry and
        context (a resumed `score` rescores runs checkpointed under another fingerprint)."""
        digest = hashlib.sha256()
        for part in (self.config_spec, self.fixtures):
            digest.update(json.dumps(part, sort_keys=True, ensure_ascii=False, default=str).encode())
        for task in self.tasks:
            digest.update(f"\0{task.id}\0{task.entry}\0{task.context}\0{task.object_module}".encode())
        return digest.hexdigest()

    @property
    def categories(self) -> tuple[str, ...]:
        """What an experiment's `category` may name besides "": the levels."""
        return LEVELS

    @property
    def results_dir(self) -> Path:
        return self.root / "results"

    def experiment_paths(self) -> list[Path]:
        return sorted(p for p in self.results_dir.glob("experiment_*.json") if p.is_file())
