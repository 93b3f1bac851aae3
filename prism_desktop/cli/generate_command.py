"""`prism-desktop generate [--category CATEGORY] [--models KEY…] [--tasks ID…] [--runs N] [--temperature T]
[--concurrency N] [--resume NAME] [--max-cost USD] [--dry-run] [--no-cache] [--out FILE] [--retries N]
[--endpoint [KEY=]URL]… [--timeout S] [--max-reply-mb MB]`: candidate answers from the models of the
workspace's generation/ folder (a coding bench without one: the app's bundled folder), written as PRISM
writes them (parts as each pair finishes, then the experiment file). The category is A or B on a PRISM
workspace (required), one of a coding bench's categories or none (every task) on a coding bench. Keys
come from the environment and the workspace's .env, as in PRISM. Exit 0 when every pair was written,
1 otherwise."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from prism_desktop.cli.common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    CliError,
    add_command,
    format_table,
    open_workspace,
    positive_int,
    positive_number,
)
from prism_desktop.cli.progress import ProgressBar
from prism_desktop.generation.credentials import generation_env
from prism_desktop.generation.errors import AdapterConfigError
from prism_desktop.generation.estimate import CostEstimate
from prism_desktop.generation.limits import DEFAULT_TIMEOUT, MEGABYTE
from prism_desktop.generation.plan import (
    ALL_TASKS,
    GenerationError,
    GenerationPlan,
    GenerationRequest,
    make_plan,
    parse_endpoint,
    workspace_config,
)
from prism_desktop.generation.records import parts_dir
from prism_desktop.generation.retry import DEFAULT_RETRIES, RetryPolicy
from prism_desktop.generation.runner import (
    GenerationEvent,
    GenerationResult,
    Generator,
    access_problems,
)


def non_negative_int(text: str) -> int:
    """argparse type: an integer ≥ 0."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number ≥ 0, found {text!r}")
    return value


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = add_command(
        subparsers,
        "generate",
        run,
        help="generate candidate answers with the models of generation/ and write a PRISM experiment file",
    )
    parser.add_argument(
        "--category",
        default=ALL_TASKS,
        metavar="CATEGORY",
        help="the task category: A or B on a PRISM workspace (required); on a coding bench one of its "
        "categories (algorithms, …, library), or none for every task",
    )
    parser.add_argument(
        "--models", nargs="+", default=(), metavar="KEY", help="catalogue keys (default: all)"
    )
    parser.add_argument(
        "--tasks", nargs="+", default=(), metavar="ID", help="task ids (default: all of the category)"
    )
    parser.add_argument(
        "--runs", type=positive_int, metavar="N", help="samples per model (overrides params.yaml)"
    )
    parser.add_argument(
        "--temperature", type=float, metavar="T", help="sampling temperature (overrides params.yaml)"
    )
    parser.add_argument(
        "--concurrency",
        type=positive_int,
        metavar="N",
        help="requests in flight at once (default: params.yaml's concurrency)",
    )
    parser.add_argument(
        "--resume",
        metavar="NAME",
        help="continue the experiment NAME: complete pairs in results/NAME.parts/ are kept",
    )
    parser.add_argument(
        "--max-cost", type=float, metavar="USD", help="start no new pair once this much is spent"
    )
    parser.add_argument("--dry-run", action="store_true", help="print the cost estimate; send nothing")
    parser.add_argument(
        "--no-cache", action="store_true", help="ask the models even when an answer is cached"
    )
    parser.add_argument(
        "--out",
        metavar="FILE",
        help="the experiment file, its <name>.parts/ folder beside it (default: results/<name>.json)",
    )
    parser.add_argument(
        "--retries",
        type=non_negative_int,
        default=DEFAULT_RETRIES,
        metavar="N",
        help="retries of a transient failure (429, 5xx, timeout, dropped connection; "
        f"default {DEFAULT_RETRIES}, as in PRISM)",
    )
    parser.add_argument(
        "--endpoint",
        action="append",
        default=[],
        metavar="[KEY=]URL",
        help="send to URL instead of access.endpoint: KEY=URL for one model, URL alone for every model "
        "(repeatable; the adapter's base URL, e.g. http://127.0.0.1:8000/v1)",
    )
    parser.add_argument(
        "--timeout",
        type=positive_number,
        default=DEFAULT_TIMEOUT,
        metavar="S",
        help="seconds one whole request may take, its reply's last byte included "
        f"(default {DEFAULT_TIMEOUT:.0f})",
    )
    parser.add_argument(
        "--max-reply-mb",
        type=positive_number,
        metavar="MB",
        help="refuse a reply larger than this (default: params.yaml's max_reply_mb, else 10)",
    )


def run(args: argparse.Namespace) -> int:
    workspace = open_workspace(args)
    config = workspace_config(workspace)
    print(f"generation settings: {config.root}")
    env, dotenv_problems = generation_env(workspace.root)
    for problem in dotenv_problems:
        print(f"warning: {problem}", file=sys.stderr)
    request = GenerationRequest(
        category=args.category,
        models=tuple(args.models),
        tasks=tuple(args.tasks),
        runs=args.runs,
        temperature=args.temperature,
        concurrency=args.concurrency,
        max_cost=args.max_cost,
        resume=args.resume,
        out=Path(args.out).expanduser() if args.out else None,
        use_cache=not args.no_cache,
        endpoints=dict(parse_endpoint(text) for text in args.endpoint),
    )
    try:
        plan = make_plan(workspace, config, request)
    except GenerationError as exc:
        raise CliError(str(exc)) from exc
    progress = ProgressBar("pairs")

    def on_event(event: GenerationEvent) -> None:
        if event.kind == "retry" or event.kind == "warning":
            print(f"{event.task_id} × {event.model_key}: {event.message}", file=sys.stderr)
        elif event.kind in ("pair_done", "pair_failed"):
            progress.update(
                event.done, event.total, f"{event.task_id} × {event.model_key}  {event.spent:.4f} USD"
            )

    generator = Generator(
        config,
        plan,
        request,
        env=env,
        policy=RetryPolicy(retries=args.retries),
        timeout=args.timeout,
        max_reply_bytes=int(args.max_reply_mb * MEGABYTE) if args.max_reply_mb else None,
        on_event=on_event,
    )
    estimate = generator.estimate()
    if args.dry_run:
        problems = access_problems(plan.models, env)
        _print_estimate(plan, estimate, problems)
        if problems:
            print(f"a real run would send nothing: {len(problems)} model(s) cannot be called:")
            for reason in problems.values():
                print(f"  {reason}")
        return EXIT_OK
    try:
        result = generator.run()
    except AdapterConfigError as exc:
        raise CliError("nothing was sent; " + "; ".join(str(p) for p in exc.problems)) from exc
    return _report(plan, result)


def _print_estimate(
    plan: GenerationPlan, estimate: CostEstimate, problems: dict[str, AdapterConfigError]
) -> None:
    """One line per model: its adapter, its cost at most, and whether it can be called (the
    variables to set when it cannot)."""
    rows = []
    for model in plan.models:
        problem = problems.get(model.key)
        if problem is None:
            access = "ready"
        elif problem.env_vars:
            access = "set " + ", ".join(problem.env_vars)
        else:
            access = "cannot be called (below)"
        known = model.id not in estimate.unknown_price
        usd = f"{estimate.by_model.get(model.key, 0.0):.4f}" if known else "no price"
        rows.append((model.key, model.adapter, usd, access))
    print(format_table(("model", "adapter", "USD at most", "access"), rows, align=("<", "<", ">", "<")))
    print(
        f"{estimate.pairs} pairs ({estimate.complete_pairs} already complete), "
        f"up to {estimate.requests} requests "
        f"({estimate.cached_runs} answers cached): at most {estimate.total:.4f} USD "
        f"(prices as of {estimate.as_of or 'unknown'})"
    )
    if estimate.unknown_price:
        print(f"no price in pricing.yaml for {', '.join(estimate.unknown_price)}: counted as free")
    print(f"experiment: {plan.experiment_path}")


def _report(plan: GenerationPlan, result: GenerationResult) -> int:
    done = len(result.written) + len(result.resumed)
    print(
        f"{done}/{result.total_pairs} pairs written ({len(result.resumed)} resumed), "
        f"{result.requests} requests, {result.cache_hits} cached answers, {result.spent:.4f} USD spent"
    )
    if result.experiment_path is not None:
        print(f"experiment: {result.experiment_path}")
        print(f"parts: {parts_dir(plan.results_dir, plan.experiment_name)}")
    else:
        print("no pair succeeded: no experiment file written")
    if result.complete:
        return EXIT_OK
    print(f"{len(result.failures)} pair(s) not written, by cause:")
    for cause, count in sorted(result.failures_by_cause().items(), key=lambda item: -item[1]):
        print(f"  {cause}: {count}")
    for failure in result.failures[:10]:
        print(f"  {failure.task_id} × {failure.model_key}: {failure.message[:160]}")
    print(f"run again with --resume {plan.experiment_name} to retry them")
    return EXIT_PROBLEMS
