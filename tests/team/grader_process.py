"""One grader process of the concurrency tests: `python grader_process.py URL WORKER START_AT`.
Waits until START_AT (a wall-clock time) so that every process writes at once, then
  1. grades every run on every axis as its own expert `worker-N` (shuffled order),
  2. as the shared expert `team`, appends ROUNDS lines to one comment by read → edit → save with the
     version it read, re-reading after each EditConflict (a lost update would drop a line),
  3. as `team`, sets the M grade of the first run ROUNDS times without a version check (an upsert
     that must never create a second row).
Prints one JSON line: how many of its saves changed something, how many conflicts it met."""

from __future__ import annotations

import json
import random
import sys
import time

from prism_desktop.services.annotations import comments_for_run, save_comment
from prism_desktop.services.grading import ensure_expert, save_grade
from prism_desktop.store import EditConflict, open_store
from prism_desktop.store.models import Run
from prism_desktop.vocabulary import GRADE_STEPS

ROUNDS = 6


def main(url: str, worker: int, start_at: float) -> None:
    store = open_store(url)
    with store.session() as session:
        runs = [(r.id, r.category) for r in session.query(Run).order_by(Run.id)]
    own = ensure_expert(store, f"worker-{worker}")
    team = ensure_expert(store, "team")
    rng = random.Random(worker)
    time.sleep(max(0.0, start_at - time.time()))
    for run_id, category in rng.sample(runs, len(runs)):
        for axis in ("S", "M", "O", "P") if category == "B" else ("S", "M", "O"):
            save_grade(store, expert_id=own, run_id=run_id, axis=axis, step=rng.choice(GRADE_STEPS))
    conflicts = 0
    first = runs[0][0]
    for line in range(ROUNDS):
        while True:
            found = comments_for_run(store, first, expert_id=team)
            version = found[0].version if found else 0
            text = (found[0].text + "\n" if found else "") + f"worker {worker} line {line}"
            try:
                save_comment(
                    store, expert_id=team, run_id=first, axis="*", text=text, expected_version=version
                )
                break
            except EditConflict:
                conflicts += 1
    changed = 0
    for _ in range(ROUNDS):
        changed += save_grade(store, expert_id=team, run_id=first, axis="M", step=rng.choice(GRADE_STEPS))
    store.close()
    print(json.dumps({"worker": worker, "conflicts": conflicts, "grade_changes": changed}))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), float(sys.argv[3]))
