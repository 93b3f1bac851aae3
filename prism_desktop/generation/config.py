"""The workspace's `generation/` folder in PRISM's shapes: models.yaml (the catalogue), params.yaml
(numeric knobs under `defaults:`), prompts.yaml (system prompts per category, and for coding benches
per language and `library`) and pricing.yaml (USD per million tokens by model id). A PRISM checkout's
folder reads as it is; every problem names the file, the key and the line. A coding bench without a
generation/ folder of its own uses the app's bundled one."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from prism_desktop.locations import shipped_path
from prism_desktop.workspace.errors import Problem, ProblemCollector, WorkspaceError
from prism_desktop.workspace.paths import COMPONENT_RULE, is_safe_component
from prism_desktop.workspace.schema import (
    BOOL,
    INT,
    MAPPING,
    NUMBER,
    OPT_STR,
    STR,
    TEXT,
    FileCheck,
    Kind,
)
from prism_desktop.workspace.yamlio import KeyPath, load_yaml

from .limits import DEFAULT_MAX_REPLY_MB, MEGABYTE

GENERATION_DIR = "generation"
DEFAULT_MAX_TOKENS = 4096  # PRISM's value when params.yaml names none
DEFAULT_CONCURRENCY = 4
DEFAULT_CONTEXT_BUDGET = 15000  # characters of metadata context when a model names no context_window
POSITIVE_INT = Kind("a positive integer", lambda v: INT.accepts(v) and v > 0)
NON_NEGATIVE = Kind("a finite number ≥ 0", lambda v: NUMBER.accepts(v) and 0 <= v < math.inf)
POSITIVE = Kind("a finite number > 0", lambda v: NUMBER.accepts(v) and 0 < v < math.inf)


@dataclass(frozen=True)
class ModelEntry:
    """One `models.<key>` record."""

    key: str
    id: str
    name: str
    adapter: str
    endpoint: str | None = None
    reasoning_effort: str | None = None
    context_window: int | None = None
    supports_seed: bool = False
    supports_tools: bool = False
    vendor: str | None = None
    # Provider settings of `access` that only some adapters read (yandex: folder_id; gigachat:
    # auth_endpoint, ca_bundle). Never keys: those come only from the environment.
    folder_id: str | None = None
    auth_endpoint: str | None = None
    ca_bundle: str | None = None

    @property
    def context_budget(self) -> int:
        return self.context_window or DEFAULT_CONTEXT_BUDGET


@dataclass(frozen=True)
class ModelParams:
    """`defaults.model_params.<key>`: sampling of one model."""

    temperature: float = 0.0
    runs: int = 1
    seeds: tuple[int, ...] = ()


@dataclass(frozen=True)
class Price:
    input: float
    output: float


@dataclass(frozen=True)
class Pricing:
    as_of: str = ""
    prices: dict[str, Price] = field(default_factory=dict)

    def known(self, model_id: str) -> bool:
        return model_id in self.prices

    def cost(self, model_id: str, tokens_input: int, tokens_output: int) -> tuple[float, float, float]:
        """(input, output, total) USD; zeros when the model has no price."""
        price = self.prices.get(model_id)
        if price is None:
            return 0.0, 0.0, 0.0
        cost_in = tokens_input / 1_000_000 * price.input
        cost_out = tokens_output / 1_000_000 * price.output
        return cost_in, cost_out, cost_in + cost_out


@dataclass(frozen=True)
class GenerationConfig:
    root: Path
    models: dict[str, ModelEntry]  # catalogue order
    system_prompts: dict[str, str]  # category (A, B) or language (python, …, library) -> system prompt
    pricing: Pricing
    max_tokens: int = DEFAULT_MAX_TOKENS
    concurrency: int = DEFAULT_CONCURRENCY
    provider_concurrency: dict[str, int] = field(default_factory=dict)
    model_params: dict[str, ModelParams] = field(default_factory=dict)
    max_reply_bytes: int = int(DEFAULT_MAX_REPLY_MB * MEGABYTE)  # params.yaml's max_reply_mb

    def params(self, key: str) -> ModelParams:
        return self.model_params.get(key, ModelParams())

    def seeds(self, key: str, runs: int | None = None) -> list[int | None]:
        """One entry per sample: the seeds of params.yaml when the model supports seeds (and no
        `runs` override asks for another count), otherwise `runs` samples with no seed."""
        params = self.params(key)
        if runs is None and params.seeds and self.models[key].supports_seed:
            return list(params.seeds)
        count = runs if runs is not None else (params.runs or len(params.seeds) or 1)
        if params.seeds and self.models[key].supports_seed:
            # More samples than listed seeds: the list is continued by counting on from its last seed.
            listed = list(params.seeds)
            return [listed[i] if i < len(listed) else listed[-1] + i - len(listed) + 1 for i in range(count)]
        return [None] * count


def generation_folder(workspace_root: Path, *, coding: bool = False) -> Path:
    """The generation/ folder a workspace uses: its own; a coding bench without one
    uses the app's bundled folder (the checkout's or the installed data folder's)."""
    own = Path(workspace_root) / GENERATION_DIR
    if coding and not own.is_dir():
        bundled = shipped_path(GENERATION_DIR)
        if bundled is not None:
            return bundled
    return own


def load_generation_config(workspace_root: Path, *, coding: bool = False) -> GenerationConfig:
    """Read the workspace's generation/ folder (generation_folder); WorkspaceError with every problem
    found. pricing.yaml and prompts.yaml may be absent (no prices, empty system prompts), models.yaml
    may not."""
    folder = generation_folder(workspace_root, coding=coding)
    if not (folder / "models.yaml").is_file():
        raise WorkspaceError(
            Problem(folder / "models.yaml", message="file not found", expected="the catalogue of models")
        )
    collector = ProblemCollector()
    models = collector.attempt(lambda: _models(folder / "models.yaml"))
    params = collector.attempt(lambda: _params(folder / "params.yaml", models or {}))
    prompts = collector.attempt(lambda: _prompts(folder / "prompts.yaml"))
    pricing = collector.attempt(lambda: _pricing(folder / "pricing.yaml"))
    collector.raise_if_any()
    assert models is not None and params is not None and prompts is not None and pricing is not None
    return GenerationConfig(root=folder, models=models, system_prompts=prompts, pricing=pricing, **params)


def _document(path: Path) -> tuple[FileCheck, dict[str, Any]]:
    document = load_yaml(path)
    check = FileCheck(path, document)
    data = document.data if document.data is not None else {}
    return check, check.mapping(data, ())


def _models(path: Path) -> dict[str, ModelEntry]:
    check, root = _document(path)
    entries: dict[str, ModelEntry] = {}
    for key, record in check.mapping(root.get("models"), ("models",)).items():
        where: KeyPath = ("models", key)
        if not is_safe_component(str(key)):  # it names the pair's part file
            check.add(where, message="a model key names files", found=repr(str(key)), expected=COMPONENT_RULE)
            continue
        record = check.mapping(record, where)
        access = check.mapping(record.get("access"), (*where, "access"))
        capabilities = check.get(record, (*where, "capabilities"), MAPPING, required=False, default={})
        caps: KeyPath = (*where, "capabilities")
        entries[str(key)] = ModelEntry(
            key=str(key),
            id=check.get(record, (*where, "id"), TEXT, default=""),
            name=check.get(record, (*where, "name"), TEXT, default=str(key)),
            vendor=check.get(record, (*where, "vendor"), OPT_STR, required=False),
            adapter=check.get(access, (*where, "access", "adapter"), TEXT, default=""),
            endpoint=check.get(access, (*where, "access", "endpoint"), OPT_STR, required=False),
            reasoning_effort=check.get(
                access, (*where, "access", "reasoning_effort"), OPT_STR, required=False
            ),
            folder_id=check.get(access, (*where, "access", "folder_id"), OPT_STR, required=False),
            auth_endpoint=check.get(access, (*where, "access", "auth_endpoint"), OPT_STR, required=False),
            ca_bundle=_beside(
                path, check.get(access, (*where, "access", "ca_bundle"), OPT_STR, required=False)
            ),
            context_window=check.get(capabilities, (*caps, "context_window"), POSITIVE_INT, required=False),
            supports_seed=check.get(
                capabilities, (*caps, "supports_seed"), BOOL, required=False, default=False
            ),
            supports_tools=check.get(
                capabilities, (*caps, "supports_tools"), BOOL, required=False, default=False
            ),
        )
    if not entries and check.ok:
        check.add(("models",), message="no models", expected="at least one model")
    check.raise_if_problems()
    return entries


def _beside(path: Path, name: str | None) -> str | None:
    """A file named in `path`: `~` expanded, a relative name read from the folder of `path`."""
    if not name:
        return None
    return str(path.parent / Path(name).expanduser())


def _params(path: Path, models: dict[str, ModelEntry]) -> dict[str, Any]:
    if not path.is_file():
        return {}
    check, root = _document(path)
    defaults = check.mapping(root.get("defaults", {}), ("defaults",))
    top: KeyPath = ("defaults",)
    result: dict[str, Any] = {
        "max_tokens": check.get(
            defaults, (*top, "max_tokens"), POSITIVE_INT, required=False, default=DEFAULT_MAX_TOKENS
        ),
        "concurrency": check.get(
            defaults, (*top, "concurrency"), POSITIVE_INT, required=False, default=DEFAULT_CONCURRENCY
        ),
    }
    reply_mb = check.get(
        defaults, (*top, "max_reply_mb"), POSITIVE, required=False, default=DEFAULT_MAX_REPLY_MB
    )
    result["max_reply_bytes"] = int(reply_mb * MEGABYTE)
    limits = check.get(defaults, (*top, "provider_concurrency"), MAPPING, required=False, default={})
    result["provider_concurrency"] = {
        str(name): check.get(limits, (*top, "provider_concurrency", name), POSITIVE_INT, default=1)
        for name in limits
    }
    per_model: dict[str, ModelParams] = {}
    table = check.get(defaults, (*top, "model_params"), MAPPING, required=False, default={})
    for key, record in table.items():
        where: KeyPath = (*top, "model_params", key)
        record = check.mapping(record, where)
        seeds = record.get("seeds")
        seed_list: tuple[int, ...] = ()
        if seeds is not None:
            items = check.items(seeds, (*where, "seeds"))
            seed_list = tuple(s for i, s in enumerate(items) if check.check(s, (*where, "seeds", i), INT))
        per_model[str(key)] = ModelParams(
            temperature=float(
                check.get(record, (*where, "temperature"), NON_NEGATIVE, required=False, default=0.0)
            ),
            runs=check.get(record, (*where, "runs"), POSITIVE_INT, required=False, default=1),
            seeds=seed_list,
        )
    result["model_params"] = per_model
    check.raise_if_problems()
    return result


def _prompts(path: Path) -> dict[str, str]:
    if not path.is_file():
        return {}
    check, root = _document(path)
    system = check.get(root, ("system",), MAPPING, required=False, default={})
    prompts = {str(k): check.get(system, ("system", k), STR, default="") for k in system}
    check.raise_if_problems()
    return prompts


def _pricing(path: Path) -> Pricing:
    if not path.is_file():
        return Pricing()
    check, root = _document(path)
    as_of = root.get("as_of", "")
    prices: dict[str, Price] = {}
    for model_id, record in check.get(root, ("prices",), MAPPING, required=False, default={}).items():
        where: KeyPath = ("prices", model_id)
        record = check.mapping(record, where)
        prices[str(model_id)] = Price(
            input=float(check.get(record, (*where, "input"), NON_NEGATIVE, required=False, default=0.0)),
            output=float(check.get(record, (*where, "output"), NON_NEGATIVE, required=False, default=0.0)),
        )
    check.raise_if_problems()
    return Pricing(as_of=str(as_of or ""), prices=prices)
