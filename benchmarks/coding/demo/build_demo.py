"""Builds the demo experiment of the bundled coding workspace:
results/experiment_coding_20261201_120000.json — four fictional models, five runs of each per task.

The answers are made from each task's reference solution, deterministically: a model draws, per run,
one of a few kinds of answer with its own odds (models.json), the draw seeded by a hash of
(task, model, run). The kinds:

    correct   the reference solution
    mutant    the reference with one comparison or arithmetic operator changed (a plausible slip that
              still compiles and fails some tests); the reference when no operator can be changed
    broken    the reference made not to compile (a missing colon or closing brace)
    offlang   code in another language only (nothing to extract for this task)
    failed    the generation itself failed (an API error; scored N/A, never 0)

Library tasks answer with a unified diff against the stub (correct), the reference files headed by
their paths (correct, other runs), only the first module implemented (mutant), a diff whose context
does not match the stub (broken: fails to apply) or prose without code (offlang).

    python benchmarks/coding/demo/build_demo.py [--out FILE]
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import json
import re
import sys
from pathlib import Path

DEMO_DIR = Path(__file__).resolve().parent
WORKSPACE = DEMO_DIR.parent
REPO = WORKSPACE.parents[1]
sys.path.insert(0, str(REPO))

from prism_desktop.scoring.hashing import response_hash  # noqa: E402
from prism_desktop.workspace.atomic import write_json_atomic  # noqa: E402
from prism_desktop.workspace.coding import CodingTask, CodingWorkspace  # noqa: E402

EXPERIMENT = "experiment_coding_20261201_120000"
TIMESTAMP = "2026-12-01T12:00:00"
RUNS = 5
TEMPERATURE = 0.6
MUTATIONS = [("<=", "<"), (">=", ">"), (" < ", " <= "), (" > ", " >= "), ("+ 1", "+ 2"), ("- 1", ""), ("!==", "==="), ("==", "!=")]
OTHER_LANGUAGE = {
    "python": ("javascript", "function solve(input) {\n  return input;\n}\n"),
    "typescript": ("javascript", "module.exports = function solve(input) {\n  return input;\n};\n"),
    "go": ("python", "def solve(data):\n    return data\n"),
}
OPENINGS = [
    "Вот решение задачи:",
    "Решение:",
    "Ниже — реализация, удовлетворяющая условию.",
    "Готово. Код:",
    "",
]
CLOSINGS = ["", "", "Сложность решения соответствует условию.", "Функция не изменяет входные данные.", ""]


def draw(*key: object) -> float:
    """A number in [0, 1) from the key alone: the same demo on every machine."""
    digest = hashlib.sha256("|".join(map(str, key)).encode("utf-8")).hexdigest()
    return int(digest[:12], 16) / float(1 << 48)


def pick(weights: dict[str, float], *key: object) -> str:
    point, total = draw(*key) * sum(weights.values()), 0.0
    for kind, weight in weights.items():
        total += weight
        if point < total:
            return kind
    return next(iter(weights))


def mutate(code: str, seed: str) -> str:
    """One operator changed in a line of the body (never in comments or the first line)."""
    lines = code.split("\n")
    spots = [
        (number, old, new)
        for number, line in enumerate(lines)
        if number > 0 and not line.lstrip().startswith(("#", "//", "import", "from"))
        for old, new in MUTATIONS
        if old in line
    ]
    if not spots:
        return code
    number, old, new = spots[int(draw(seed, "mutation") * len(spots))]
    lines[number] = lines[number].replace(old, new, 1)
    return "\n".join(lines)


def break_code(code: str, language: str) -> str:
    if language == "python":
        return re.sub(r"^(\s*def [^\n]*\)[^\n]*):", r"\1", code, count=1, flags=re.MULTILINE)
    return code[: code.rstrip().rfind("}")]


def wrap(code: str, tag: str, seed: str) -> str:
    opening = OPENINGS[int(draw(seed, "open") * len(OPENINGS))]
    closing = CLOSINGS[int(draw(seed, "close") * len(CLOSINGS))]
    parts = [opening, f"```{tag}\n{code.rstrip()}\n```", closing]
    return "\n\n".join(p for p in parts if p) + "\n"


def code_answer(task: CodingTask, kind: str, seed: str) -> str:
    reference = task.reference or ""
    tag = {"python": "python", "typescript": "typescript", "go": "go"}[task.language]
    if kind == "offlang":
        other, code = OTHER_LANGUAGE[task.language]
        return wrap(code, other, seed)
    code = {"correct": reference, "mutant": mutate(reference, seed), "broken": break_code(reference, task.language)}[kind]
    return wrap(code, tag, seed)


def library_answer(task: CodingTask, kind: str, seed: str, run_index: int) -> str:
    stub, reference = task.extra["stub"], task.extra["reference_files"]
    headed = "\n".join(f"`{path}`\n```python\n{text.rstrip()}\n```\n" for path, text in sorted(reference.items()))
    if kind == "offlang":
        return "Для реализации нужно заполнить тела функций по их docstring; начните с разбора версий.\n"
    if kind == "mutant":
        first = sorted(path for path in reference if not path.endswith("__init__.py"))[0]
        return f"Реализовал основной модуль:\n\n`{first}`\n```python\n{reference[first].rstrip()}\n```\n"
    diff = "".join(
        "".join(
            difflib.unified_diff(
                stub[path].splitlines(keepends=True),
                reference[path].splitlines(keepends=True),
                f"a/{path}",
                f"b/{path}",
            )
        )
        for path in sorted(reference)
        if stub.get(path) != reference[path]
    )
    if kind == "broken":
        diff = diff.replace("raise NotImplementedError", "raise NotImplemented", 1)
    if kind == "correct" and run_index % 2 == 1:
        return "Ниже — файлы библиотеки целиком.\n\n" + headed
    return f"Патч относительно заготовки:\n\n```diff\n{diff}```\n"


def build(out: Path) -> dict:
    workspace = CodingWorkspace.open(WORKSPACE)
    models = json.loads((DEMO_DIR / "models.json").read_text(encoding="utf-8"))["models"]
    groups, total_tokens, total_cost = [], 0, 0.0
    for task in workspace.tasks:
        for model in models:
            runs = []
            for run_index in range(RUNS):
                seed = f"{task.id}|{model['id']}|{run_index}"
                kind = pick(model["weights"], seed)
                if kind == "failed":
                    runs.append(
                        {"run_index": run_index, "seed": None, "temperature": TEMPERATURE, "response": "",
                         "response_hash": "", "success": False, "error": "HTTP 429: rate limit exceeded",
                         "tokens_input": 0, "tokens_output": 0, "elapsed_time": 0.4, "cost_total": 0.0}
                    )  # fmt: skip
                    continue
                if task.kind == "library":
                    response = library_answer(task, kind, seed, run_index)
                else:
                    response = code_answer(task, kind, seed)
                tokens_in = 60 + len(task.prompt) // 3
                tokens_out = max(20, len(response) // 3)
                cost = round((tokens_in + tokens_out) * model["usd_per_1k_tokens"] / 1000, 8)
                total_tokens += tokens_in + tokens_out
                total_cost += cost
                runs.append(
                    {"run_index": run_index, "seed": None, "temperature": TEMPERATURE, "response": response,
                     "response_hash": response_hash(response), "success": True, "tokens_input": tokens_in,
                     "tokens_output": tokens_out, "elapsed_time": round(1.5 + tokens_out / model["tokens_per_s"]
                     + draw(seed, "time"), 3), "cost_total": cost}
                )  # fmt: skip
            groups.append(
                {"task_id": task.id, "task_name": task.prompt.split("\n")[0][:80], "model_id": model["id"],
                 "model_name": model["name"], "runs": runs}
            )  # fmt: skip
    document = {
        "experiment_name": EXPERIMENT,
        "category": "",
        "timestamp": TIMESTAMP,
        "models_used": [m["name"] for m in models],
        "tasks_count": len(workspace.tasks),
        "runs_per_task": RUNS,
        "total_tokens": total_tokens,
        "total_cost": round(total_cost, 8),
        "total_time": 0.0,
        "task_results": groups,
    }
    write_json_atomic(out, document)
    return document


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=WORKSPACE / "results" / f"{EXPERIMENT}.json")
    args = parser.parse_args()
    document = build(args.out)
    runs = sum(len(g["runs"]) for g in document["task_results"])
    print(f"{args.out}: {len(document['task_results'])} groups, {runs} runs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
