"""Running a generation plan: for every (task, model) pair, the category-B metadata context when the
model has tools, then its samples one after another; each pair is written as a part the moment it is
done (when at least one run succeeded), and the experiment file is assembled from every part at the
end. Pairs run concurrently up to the concurrency (so at most that many requests are in flight), with
`provider_concurrency` bounding each adapter; transient failures are retried on PRISM's schedule;
answers come from the response cache when they are there. `cancel()` may be called from any thread:
requests in flight are abandoned, finished parts stay, and the experiment holds what was done."""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from prism_desktop.workspace.atomic import write_json_atomic
from prism_desktop.workspace.tasks import Task

from .adapters import Adapter, build_adapter
from .cache import ResponseCache, cache_key
from .chat import ChatRequest, Message
from .code_prompt import code_prompt
from .config import GenerationConfig, ModelEntry
from .errors import AdapterConfigError, ModelCallError
from .estimate import CostEstimate, estimate_cost
from .limits import DEFAULT_TIMEOUT, RequestLimits
from .plan import GenerationPlan, GenerationRequest
from .records import (
    RunOutcome,
    experiment_record,
    pair_record,
    part_path,
    read_complete_part,
    write_part,
)
from .retry import RetryPolicy, Sleep
from .scrub import scrub
from .sender import RequestSender, Tally

CANCELLED = "cancelled"
STOP_POLL_SECONDS = 0.1
OVER_BUDGET = "over the --max-cost budget"


@dataclass(frozen=True)
class GenerationEvent:
    """Progress, reported from the generation's own thread."""

    kind: str  # "pair_done", "pair_failed", "run_done", "retry", "warning"
    task_id: str = ""
    model_key: str = ""
    message: str = ""
    done: int = 0  # pairs finished (written, failed or skipped) so far, resumed pairs included
    total: int = 0
    spent: float = 0.0  # USD actually spent (cache hits cost nothing)


@dataclass(frozen=True)
class PairFailure:
    task_id: str
    model_key: str
    cause: str
    message: str


@dataclass
class GenerationResult:
    experiment_name: str
    experiment_path: Path | None  # None when no pair could be written
    total_pairs: int
    written: list[tuple[str, str]] = field(default_factory=list)  # (task id, model key), this run
    resumed: list[tuple[str, str]] = field(default_factory=list)
    failures: list[PairFailure] = field(default_factory=list)
    cancelled: bool = False
    spent: float = 0.0
    requests: int = 0
    cache_hits: int = 0

    @property
    def complete(self) -> bool:
        return not self.failures and not self.cancelled

    def failures_by_cause(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for failure in self.failures:
            counts[failure.cause] = counts.get(failure.cause, 0) + 1
        return counts


def access_problems(models: Iterable[ModelEntry], env: Mapping[str, str]) -> dict[str, AdapterConfigError]:
    """Model key -> why it cannot be called (no key, an unknown adapter…), for the models that cannot."""
    problems: dict[str, AdapterConfigError] = {}
    for model in models:
        try:
            build_adapter(model, env)
        except AdapterConfigError as exc:
            problems[model.key] = exc
    return problems


def check_access(plan: GenerationPlan, env: Mapping[str, str]) -> dict[str, Adapter]:
    """An adapter for every model; AdapterConfigError listing every model that cannot be called."""
    problems = list(access_problems(plan.models, env).values())
    if problems:
        raise AdapterConfigError("; ".join(str(p) for p in problems), problems=problems)
    return {model.key: build_adapter(model, env) for model in plan.models}


class Generator:
    def __init__(
        self,
        config: GenerationConfig,
        plan: GenerationPlan,
        request: GenerationRequest,
        *,
        env: Mapping[str, str] | None = None,
        cache: ResponseCache | None = None,
        policy: RetryPolicy | None = None,
        sleep: Sleep = asyncio.sleep,
        timeout: float = DEFAULT_TIMEOUT,
        max_reply_bytes: int | None = None,
        on_event: Callable[[GenerationEvent], None] | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
    ):
        """`timeout`: seconds for each whole request; `max_reply_bytes`: the reply's size cap
        (params.yaml's max_reply_mb when None)."""
        self.config = config
        self.plan = plan
        self.request = request
        self.env = dict(os.environ if env is None else env)
        self.cache = (cache or ResponseCache()) if request.use_cache else None
        self.policy = policy or RetryPolicy()
        self.sleep = sleep
        self.timeout = timeout
        self.limits = RequestLimits(timeout, max_reply_bytes or config.max_reply_bytes)
        self.on_event = on_event
        self.transport = transport
        self.concurrency = request.concurrency or config.concurrency
        self._cancelled = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tasks: list[asyncio.Task[Any]] = []
        self.tally = Tally()
        self._done = 0

    # -- before running ------------------------------------------------------------------------------

    def complete_part(self, task_id: str, model_key: str) -> dict[str, Any] | None:
        if not self.request.resume:
            return None
        return read_complete_part(
            part_path(self.plan.results_dir, self.plan.experiment_name, task_id, model_key)
        )

    def estimate(self) -> CostEstimate:
        """The dry run: an upper bound of the cost, no network."""

        def run_cached(
            model: ModelEntry, messages: list[Any], run_index: int, seed: int | None, temperature: float
        ) -> bool:
            if self.cache is None:
                return False
            try:
                adapter = build_adapter(model, self.env)
            except AdapterConfigError:
                return False
            request = self._code_request(model, messages, seed, temperature)
            return self.cache.get(cache_key(adapter.endpoint, request, run_index)) is not None

        return estimate_cost(
            self.config,
            self.plan,
            pair_done=lambda t, k: self.complete_part(t, k) is not None,
            run_cached=run_cached,
        )

    # -- running ---------------------------------------------------------------------------------------

    def cancel(self) -> None:
        """Stop as soon as possible; safe from any thread."""
        self._cancelled.set()
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._cancel_tasks)

    def _cancel_tasks(self) -> None:
        for task in self._tasks:
            task.cancel()

    def run(self, stop: threading.Event | None = None) -> GenerationResult:
        """Generate (AdapterConfigError before any request when a model cannot be called). Setting
        `stop` (a background worker's cancel event, say) has the effect of `cancel()`."""
        adapters = check_access(self.plan, self.env)
        return asyncio.run(self._run(adapters, stop))

    async def _watch(self, stop: threading.Event) -> None:
        while not stop.is_set():
            await asyncio.sleep(STOP_POLL_SECONDS)
        self._cancelled.set()
        self._cancel_tasks()

    async def _run(
        self, adapters: dict[str, Adapter], stop: threading.Event | None = None
    ) -> GenerationResult:
        self._loop = asyncio.get_running_loop()
        plan = self.plan
        result = GenerationResult(plan.experiment_name, None, len(plan.pairs))
        finished: dict[tuple[str, str], dict[str, Any]] = {}
        pending: list[tuple[Task, ModelEntry]] = []
        for task, model in plan.pairs:
            part = self.complete_part(task.id, model.key)
            if part is not None:
                finished[(task.id, model.key)] = part
                result.resumed.append((task.id, model.key))
                # A resumed pair's cost counts against --max-cost, as in PRISM.
                self.tally.add_spent(float(part.get("total_cost") or 0.0))
                self._done += 1
            else:
                pending.append((task, model))
        pair_slots = asyncio.Semaphore(self.concurrency)
        adapter_slots = {
            name: asyncio.Semaphore(limit) for name, limit in self.config.provider_concurrency.items()
        }
        timeout = httpx.Timeout(self.timeout, connect=min(self.timeout, 30.0))
        async with httpx.AsyncClient(timeout=timeout, transport=self.transport) as client:

            async def one(task: Task, model: ModelEntry) -> None:
                async with pair_slots:
                    if self._cancelled.is_set():
                        raise asyncio.CancelledError
                    budget = self.request.max_cost
                    if budget is not None and self.tally.spent >= budget:
                        self._fail(
                            result, task, model, OVER_BUDGET, f"{self.tally.spent:.4f} USD spent of {budget}"
                        )
                        return
                    sender = self._sender(
                        client, adapters[model.key], adapter_slots.get(model.adapter), task, model
                    )
                    pair = await self._pair(task, model, sender)
                if pair is None:
                    self._fail(result, task, model, sender.last_cause, sender.last_error)
                    return
                finished[(task.id, model.key)] = pair
                result.written.append((task.id, model.key))
                self._done += 1
                self._emit("pair_done", task, model, "")

            self._tasks = [asyncio.ensure_future(one(task, model)) for task, model in pending]
            if self._cancelled.is_set():
                self._cancel_tasks()
            watcher = asyncio.ensure_future(self._watch(stop)) if stop is not None else None
            outcomes = await asyncio.gather(*self._tasks, return_exceptions=True)
            if watcher is not None:
                watcher.cancel()
        for (task, model), outcome in zip(pending, outcomes, strict=True):
            if isinstance(outcome, asyncio.CancelledError):
                result.cancelled = True
                result.failures.append(
                    PairFailure(task.id, model.key, CANCELLED, "cancelled before it finished")
                )
            elif isinstance(outcome, BaseException):
                raise outcome
        result.spent, result.requests, result.cache_hits = (
            self.tally.spent,
            self.tally.requests,
            self.tally.cache_hits,
        )
        pairs = [finished[(t.id, m.key)] for t, m in plan.pairs if (t.id, m.key) in finished]
        if pairs:
            record = experiment_record(
                plan.experiment_name,
                plan.category,
                plan.timestamp,
                [m.name for m in plan.models],
                len(plan.tasks),
                plan.runs_per_task,
                pairs,
            )
            write_json_atomic(plan.experiment_path, record)
            result.experiment_path = plan.experiment_path
        return result

    def _sender(
        self,
        client: httpx.AsyncClient,
        adapter: Adapter,
        slots: asyncio.Semaphore | None,
        task: Task,
        model: ModelEntry,
    ) -> RequestSender:
        def on_retry(attempt: int, error: ModelCallError, delay: float) -> None:
            self._emit("retry", task, model, f"retry {attempt} in {delay:.1f} s after: {error.message}")

        return RequestSender(
            adapter,
            client,
            self.config.pricing,
            model.id,
            cache=self.cache,
            policy=self.policy,
            sleep=self.sleep,
            slots=slots,
            tally=self.tally,
            on_retry=on_retry,
            limits=self.limits,
        )

    async def _pair(self, task: Task, model: ModelEntry, sender: RequestSender) -> dict[str, Any] | None:
        prompt = await code_prompt(
            self.config, self.plan.category, task, model, lambda request: sender.send(request, "context")
        )
        if prompt.context.error:
            self._emit("warning", task, model, f"metadata context not collected: {prompt.context.error}")
        messages = prompt.messages
        runs = []
        for sample in self.plan.samples[model.key]:
            request = self._code_request(model, messages, sample.seed, sample.temperature)
            try:
                reply = await sender.send(request, sample.run_index)
            except ModelCallError as error:
                runs.append(
                    RunOutcome(sample.run_index, sample.seed, sample.temperature, error=error.message)
                )
                self._emit("run_done", task, model, f"run {sample.run_index} failed: {error.message}")
                continue
            runs.append(
                RunOutcome(
                    sample.run_index,
                    sample.seed,
                    sample.temperature,
                    response=reply.content,
                    tokens_input=reply.tokens_input,
                    tokens_output=reply.tokens_output,
                    tokens_total=reply.tokens_total,
                    elapsed_time=round(reply.elapsed, 3),
                    cost=self.config.pricing.cost(model.id, reply.tokens_input, reply.tokens_output),
                )
            )
            self._emit("run_done", task, model, f"run {sample.run_index}")
        if not any(run.success for run in runs):
            return None  # every run failed: no part, so --resume tries the pair again
        pair = pair_record(
            task.id,
            task.name,
            model.id,
            model.name,
            runs,
            context_objects=prompt.objects,
            context_cost=prompt.context_cost,
        )
        write_part(part_path(self.plan.results_dir, self.plan.experiment_name, task.id, model.key), pair)
        return pair

    def _code_request(
        self, model: ModelEntry, messages: list[Message], seed: int | None, temperature: float
    ) -> ChatRequest:
        return ChatRequest(
            model=model.id,
            messages=messages,
            temperature=temperature,
            max_tokens=self.config.max_tokens,
            seed=seed if model.supports_seed else None,
        )

    # -- bookkeeping -----------------------------------------------------------------------------------

    def _fail(
        self, result: GenerationResult, task: Task, model: ModelEntry, cause: str, message: str
    ) -> None:
        result.failures.append(PairFailure(task.id, model.key, cause, message))
        self._done += 1
        self._emit("pair_failed", task, model, f"{cause}: {message}")

    def _emit(self, kind: str, task: Task, model: ModelEntry, message: str) -> None:
        if self.on_event is not None:
            self.on_event(
                GenerationEvent(
                    kind,
                    task.id,
                    model.key,
                    scrub(message),
                    self._done,
                    len(self.plan.pairs),
                    self.tally.spent,
                )
            )
