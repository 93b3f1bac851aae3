"""`prism-desktop report AUTO_FILE…`: per model and category, the mean S/M/O/P/Q with the 95% CI
of per-task Q, the failure funnel and the multi-sample figures (pass@k, Stability, Partial Credit,
Compile and Success Rate), as terminal tables and, with --json, as JSON (plus rows per tag);
--metrics-json writes the coding benchmark's metrics.json objects, one per model. The numbers come
from scoring/report.py and scoring/samples.py; this module only reads the files and lays them out."""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import Any

from prism_desktop.cli.common import (
    EXIT_OK,
    EXIT_USAGE,
    CliError,
    add_command,
    existing_files,
    format_table,
    open_workspace,
    workspace_root,
    write_json_atomic,
)
from prism_desktop.cli.workspace_kinds import run_for_kind
from prism_desktop.scoring.funnel import BUCKETS
from prism_desktop.scoring.report import (
    MIN_TASKS_FOR_INTERVAL,
    SUMMARY_AXES,
    category_of,
    summarise,
    summarise_tags,
)
from prism_desktop.scoring.samples import DEFAULT_KS, collect_samples, summarise_samples
from prism_desktop.workspace.results import ScoreFile
from prism_desktop.workspace.workspace import Workspace

STDOUT = "-"


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = add_command(
        subparsers,
        "report",
        run,
        help="summarise auto_l1 files per model and category: means, 95%% CI, failure funnel",
    )
    parser.add_argument(
        "auto_files", nargs="+", metavar="AUTO_FILE", help="results/auto/*_auto_l1.json files"
    )
    parser.add_argument(
        "--json",
        metavar="OUT",
        dest="json_out",
        help=f"also write the rows as JSON to OUT ('{STDOUT}': JSON to stdout instead of the table)",
    )
    parser.add_argument(
        "--lang",
        choices=tuple(WORDS),
        default="en",
        help="the language of the printed tables, every word of them (default: en)",
    )
    parser.add_argument(
        "--metrics-json",
        metavar="OUT",
        help="write one metrics.json object per model (pass@1/5/10, stability, partial credit, "
        "by category) as a JSON list to OUT",
    )


def run(args: argparse.Namespace) -> int:
    handled = run_for_kind("report", workspace_root(args), args)
    if handled is not None:
        return handled
    workspace = open_workspace(args)
    score_files = [_auto_file(workspace, path) for path in existing_files(args.auto_files)]
    categories = {task.id: task.category for task in workspace.tasks}
    task_tags = {task.id: [v for values in task.tags.values() for v in values] for task in workspace.tasks}
    documents = [f.to_json() for f in score_files]
    try:
        rows = summarise(documents, categories, workspace.protocols.taxonomy)
        tag_rows = summarise_tags(documents, categories, task_tags)
        if args.metrics_json:
            write_json_atomic(
                Path(args.metrics_json), metrics_documents(documents, categories, rows, score_files)
            )
    except ValueError as exc:  # a task of unknown category, or a taxonomy without a default
        raise CliError(str(exc)) from exc
    document = {"files": [str(f.path) for f in score_files], "rows": rows, "tag_rows": tag_rows}
    if args.json_out == STDOUT:
        print(json.dumps(document, ensure_ascii=False, indent=2))
        return EXIT_OK
    print(render_report(rows, args.lang))
    if args.metrics_json:
        print(f"\nmetrics.json objects written to {args.metrics_json}")
    if args.json_out:
        write_json_atomic(Path(args.json_out), document)
        print(f"\nJSON written to {args.json_out}")
    return EXIT_OK


def _auto_file(workspace: Workspace, path: Path) -> ScoreFile:
    if file_kind(path) == "experiment":
        raise CliError(
            f"{path}: this is an experiment file (the models' answers, `task_results`); report expects an "
            "auto file of Level-1 scores (results/auto/*_auto_l1.json), which "
            f"`prism-desktop score --experiment {path.name} --out OUT` writes",
            EXIT_USAGE,
        )
    score_file = workspace.score_file(path)
    if score_file.is_expert:
        raise CliError(
            f"{path}: evaluator_id: found {score_file.evaluator_id!r}, expected 'auto_l1' "
            "(report summarises machine scores; expert files are compared with `agreement`)",
            EXIT_USAGE,
        )
    return score_file


def file_kind(path: Path) -> str | None:
    """ "experiment" or "scores" by the file's top-level keys; None when it cannot be told (the
    loader then says precisely what is wrong with it)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8-sig"))
    except (OSError, ValueError):
        return None
    if isinstance(data, dict) and "task_results" in data and "tasks" not in data:
        return "experiment"
    if isinstance(data, dict) and "tasks" in data:
        return "scores"
    return None


def _run_date(score_files: Sequence[ScoreFile]) -> str:
    """The experiment's date from PRISM's name (experiment_<CAT>_<YYYYmmdd>_<HHMMSS>), else today."""
    for score_file in score_files:
        match = re.search(r"_(\d{4})(\d{2})(\d{2})_\d{6}", str(score_file.to_json().get("experiment_id", "")))
        if match:
            return "-".join(match.groups())
    return date.today().isoformat()


def metrics_documents(
    documents: Sequence[dict[str, Any]],
    categories: dict[str, str],
    rows: Sequence[dict[str, Any]],
    score_files: Sequence[ScoreFile],
) -> list[dict[str, Any]]:
    """The coding benchmark's metrics.json shape, one object per model: figures over all its tasks
    and pass@1 (with the other figures) per category."""
    per_model = collect_samples(
        (group for document in documents for group in document.get("tasks", [])),
        lambda task_id: category_of(task_id, categories),
    )
    run_date = _run_date(score_files)
    objects = []
    for model, tasks in per_model.items():
        overall = summarise_samples(tasks)
        if overall is None:
            continue
        by_category = {
            row["category"]: _metrics_figures(row["samples"])
            for row in rows
            if row["model"] == model and row["samples"] is not None
        }
        objects.append(
            {
                "model": model,
                "run_date": run_date,
                "total_tasks": overall["tasks"],
                **_metrics_figures(overall),
                "by_category": by_category,
            }
        )
    return objects


def _metrics_figures(samples: dict[str, Any]) -> dict[str, Any]:
    return {
        **{key: _figure(samples, key) for _, key in SAMPLE_COLUMNS},
        "ci95": samples["ci95"],
    }


def _percent(share: float | None) -> str | None:
    return None if share is None else f"{share * 100:.0f}%"


def _interval(row: dict[str, Any], words: dict[str, str]) -> str | None:
    """The cut 95% interval of Q, "too few tasks" below the minimum, "—" with no task measured."""
    interval = row.get("interval")
    if interval is not None:
        return f"{interval[0]:.2f}–{interval[1]:.2f}"
    return words["few"] if row["tasks"] else None


# Every word of the printed report, in one language at a time (the JSON keeps the data's own values).
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "model": "model",
        "runs": "runs",
        "N/A": "N/A",
        "tasks": "tasks",
        "ci": "Q 95% CI",
        "few": "too few tasks",
        "solved": "solved %",
        "top failure": "top failure",
        "category": "Category",
        "none": "no runs in these files",
        "решено": "solved",
        "неверный ответ": "wrong answer",
        "ошибка выполнения": "run error",
        "не компилируется": "not compiled",
        "samples": "samples per task (95% bootstrap CI over tasks)",
        "stability": "stability",
        "partial": "partial",
        "compile": "compile",
        "success": "success",
        "legend": "N/A: runs without a measured Q (not counted); S M O P Q: means over the measured runs\n"
        f"Q 95% CI: of the mean per-task Q, kept inside the 0–10 scale, given from {MIN_TASKS_FOR_INTERVAL} "
        "tasks\nsolved %: share of runs solved; solved … not compiled: how many runs ended so",
    },
    "ru": {
        "model": "модель",
        "runs": "прогонов",
        "N/A": "н/д",
        "tasks": "задач",
        "ci": "Q 95% ДИ",
        "few": "мало задач",
        "solved": "решено, %",
        "top failure": "частая причина",
        "category": "Категория",
        "none": "в этих файлах нет прогонов",
        "решено": "решено",
        "неверный ответ": "неверный ответ",
        "ошибка выполнения": "ошибка выполнения",
        "не компилируется": "не компилируется",
        "samples": "выборки по задаче (95% бутстреп-ДИ по задачам)",
        "stability": "стабильность",
        "partial": "частично",
        "compile": "компиляция",
        "success": "успех",
        "legend": "н/д: прогоны без измеренного Q (не учтены); S M O P Q: средние по измеренным прогонам\n"
        f"Q 95% ДИ: среднего Q по задачам, в пределах шкалы 0–10, от {MIN_TASKS_FOR_INTERVAL} задач\n"
        "решено, %: доля решённых прогонов; решено … не компилируется: сколько прогонов так закончилось",
    },
}


def _cause(funnel: dict[str, Any], lang: str) -> str | None:
    """The most common failure: the taxonomy's own (Russian) label, or its code in English."""
    cause = funnel.get("cause")
    if not cause:
        return None
    name = cause[0] if lang == "ru" else (funnel.get("cause_code") or cause[0])
    return f"{name} ({cause[1]})"


def render_report(rows: Sequence[dict[str, Any]], lang: str = "en") -> str:
    """One aligned table per category; "—" where nothing was measured."""
    words = WORDS[lang]
    if not rows:
        return words["none"]
    headers = (
        words["model"],
        words["runs"],
        words["N/A"],
        words["tasks"],
        *SUMMARY_AXES,
        words["ci"],
        words["solved"],
        *(words[bucket] for bucket in BUCKETS),
        words["top failure"],
    )
    align: list[Any] = [">"] * len(headers)
    align[0] = align[-1] = "<"
    blocks = []
    for category in sorted({row["category"] for row in rows}):
        table_rows = []
        for row in (r for r in rows if r["category"] == category):
            funnel = row["funnel"] or {}
            buckets = funnel.get("buckets") or {}
            table_rows.append(
                (
                    row["model"],
                    row["runs"],
                    row.get("unmeasured") or None,
                    row["tasks"],
                    *(row["means"][axis] for axis in SUMMARY_AXES),
                    _interval(row, words),
                    _percent(row["solved"]),
                    *(buckets.get(bucket) for bucket in BUCKETS),
                    _cause(funnel, lang),
                )
            )
        table = format_table(headers, table_rows, align)
        blocks.append(f"{words['category']} {category}\n{table}\n{words['legend']}")
        blocks.append(_render_samples(category, [r for r in rows if r["category"] == category], lang))
    return "\n\n".join(blocks)


SAMPLE_COLUMNS = (
    *((f"pass@{k}", f"pass_at_{k}") for k in DEFAULT_KS),
    ("stability", "stability_score"),
    ("partial", "partial_credit_score"),
    ("compile", "compile_rate"),
    ("success", "success_rate"),
)


def _figure(samples: dict[str, Any], key: str) -> float | None:
    if key.startswith("pass_at_"):
        return samples["pass_at_k"][key.removeprefix("pass_at_")]
    return samples[key]


def _with_interval(samples: dict[str, Any], key: str) -> str | None:
    value = _figure(samples, key)
    if value is None:
        return None
    interval = samples["ci95"].get(key)
    return f"{value:.2f}" if interval is None else f"{value:.2f} [{interval[0]:.2f}–{interval[1]:.2f}]"


def _render_samples(category: str, rows: Sequence[dict[str, Any]], lang: str = "en") -> str:
    """Multi-sample figures with their 95% bootstrap intervals; "—" where one cannot be computed."""
    words = WORDS[lang]
    headers = (words["model"], "n", *(words.get(title, title) for title, _ in SAMPLE_COLUMNS))
    table_rows = []
    for row in rows:
        samples = row["samples"]
        if samples is None:
            continue
        n = (
            str(samples["n_min"])
            if samples["n_min"] == samples["n_max"]
            else f"{samples['n_min']}–{samples['n_max']}"
        )
        table_rows.append((row["model"], n, *(_with_interval(samples, key) for _, key in SAMPLE_COLUMNS)))
    align: list[Any] = ["<"] + [">"] * (len(headers) - 1)
    return f"{words['category']} {category}: {words['samples']}\n" + format_table(headers, table_rows, align)
