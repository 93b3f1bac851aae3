"""`prism-desktop session`: team calibration sessions in a shared store (usually one PostgreSQL URL):
name the experts, create a session and deal its runs to them with overlap, follow progress, list
disagreements and record adjudicated consensus steps. The work is in services/team_sessions.py."""

from __future__ import annotations

import argparse
import json
from typing import Any

from prism_desktop.cli.common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    EXIT_USAGE,
    CliError,
    add_command,
    format_table,
    open_store_from_args,
    open_workspace,
    positive_int,
)
from prism_desktop.services import sessions, team_sessions
from prism_desktop.services.annotations import flagged_runs
from prism_desktop.store import Store
from prism_desktop.store.models import OVERLAPS
from prism_desktop.vocabulary import AXES, GRADE_STEPS
from prism_desktop.workspace.protocol import L2Protocol


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "session",
        help="team calibration sessions: experts, assignment with overlap, progress, adjudication",
        description="Team calibration in one shared store (--db postgresql+psycopg://… for a team).",
    )
    commands = parser.add_subparsers(title="session commands", metavar="COMMAND", required=True)

    expert = add_command(
        commands, "expert", _expert, help="name an expert once per store (id + display name)"
    )
    expert.add_argument("name", help="the expert's stable id, e.g. olga.s (written into expert files)")
    expert.add_argument("--display-name", help="what the team reads, e.g. 'Ольга Смирнова'")

    add_command(commands, "experts", _experts, help="list the experts of the store")

    create = add_command(commands, "create", _create, help="sample a session and deal it to a team")
    create.add_argument("name", help="the session's name")
    create.add_argument("--size", type=positive_int, required=True, help="runs to sample")
    create.add_argument("--seed", type=int, default=1, help="sampling and dealing seed (default 1)")
    create.add_argument("--experts", help="comma-separated expert ids to deal the runs to")
    create.add_argument(
        "--overlap", type=int, default=2, choices=OVERLAPS, help="experts per run (default 2)"
    )
    create.add_argument("--owner", help="the expert who owns the session (default: none)")
    create.add_argument(
        "--open", action="store_true", help="not blind: machine scores visible from the start"
    )
    create.add_argument("--category", choices=("A", "B"), help="only runs of this task category")

    add_command(commands, "list", _list, help="every session of the store")

    status = add_command(commands, "status", _status, help="progress per expert and overall")
    status.add_argument("session", type=positive_int, metavar="SESSION", help="the session id")
    status.add_argument("--json", action="store_true", help="print JSON instead of a table")

    queue = add_command(commands, "queue", _queue, help="an expert's runs in the session, in order")
    queue.add_argument("session", type=positive_int, metavar="SESSION")
    queue.add_argument("--expert", required=True, help="the expert's id")

    apart = add_command(commands, "disagreements", _disagreements, help="run axes where the experts disagree")
    apart.add_argument("session", type=positive_int, metavar="SESSION")
    apart.add_argument(
        "--distance",
        type=int,
        default=1,
        help="show axes whose grades lie MORE than this many scale steps apart (default 1; 0: any)",
    )
    apart.add_argument("--open-only", action="store_true", help="leave out the adjudicated ones")

    settle = add_command(commands, "adjudicate", _adjudicate, help="record the consensus step of a run axis")
    settle.add_argument("session", type=positive_int, metavar="SESSION")
    settle.add_argument("--run", type=positive_int, required=True, help="the run id")
    settle.add_argument("--axis", required=True, choices=AXES)
    settle.add_argument("--step", type=int, required=True, choices=GRADE_STEPS)
    settle.add_argument("--rationale", required=True, help="why this step is the consensus")
    settle.add_argument("--as", dest="adjudicator", required=True, help="the adjudicator's expert id")


def _expert(args: argparse.Namespace) -> int:
    with open_store_from_args(args) as store:
        expert_id = _team(lambda: team_sessions.name_expert(store, args.name, args.display_name))
        print(f"expert {args.name} (id {expert_id})")
    return EXIT_OK


def _experts(args: argparse.Namespace) -> int:
    with open_store_from_args(args) as store:
        rows = [(e.id, e.name, e.display_name) for e in team_sessions.list_experts(store)]
    print(format_table(("id", "expert", "display name"), rows, (">", "<", "<")))
    return EXIT_OK


def _team(call: Any) -> Any:
    try:
        return call()
    except (team_sessions.TeamError, sessions.SessionError) as exc:
        raise CliError(str(exc), EXIT_PROBLEMS) from exc
    except KeyError as exc:
        raise CliError(str(exc.args[0]), EXIT_USAGE) from exc


def _create(args: argparse.Namespace) -> int:
    experts = [e.strip() for e in (args.experts or "").split(",") if e.strip()]
    with open_store_from_args(args) as store:
        owner_id = None
        if args.owner:
            owner_id = _expert_id(store, args.owner)
        session_id = _team(
            lambda: sessions.create_session(
                store,
                name=args.name,
                size=args.size,
                seed=args.seed,
                blind=not args.open,
                category=args.category,
            )
        )
        if owner_id is not None:
            team_sessions.set_owner(store, session_id, owner_id)
        print(f"session {session_id}: {args.name}, {args.size} runs, {'open' if args.open else 'blind'}")
        if experts:
            queues = _team(
                lambda: team_sessions.assign_runs(store, session_id, experts, args.overlap, args.seed)
            )
            rows = [(name, len(queue)) for name, queue in queues.items()]
            print(f"dealt to {len(experts)} experts, {args.overlap} per run:")
            print(format_table(("expert", "runs"), rows, ("<", ">")))
    return EXIT_OK


def _expert_id(store: Store, name: str) -> int:
    found = {e.name: e.id for e in team_sessions.list_experts(store)}
    if name not in found:
        known = ", ".join(sorted(found)) or "none yet"
        raise CliError(f"no expert {name!r} in the store (known: {known}); add one with `session expert`")
    return found[name]


def _list(args: argparse.Namespace) -> int:
    with open_store_from_args(args) as store:
        rows = [
            (s.id, s.name, s.runs, "blind" if s.blind else "open", s.seed, f"{s.created_at:%Y-%m-%d %H:%M}")
            for s in sessions.list_sessions(store)
        ]
    print(format_table(("id", "session", "runs", "mode", "seed", "created (UTC)"), rows))
    return EXIT_OK


def _expert_protocol(args: argparse.Namespace) -> L2Protocol | None:
    """The expert protocol of the workspace named with --workspace, which says what a fully graded
    run is (a 1C Code Bench grades P on every level); without --workspace, the constitution's rule,
    which is what the bundled PRISM protocol says."""
    if getattr(args, "workspace", None) is None:
        return None
    return open_workspace(args).protocols.l2


def _status(args: argparse.Namespace) -> int:
    l2 = _expert_protocol(args)
    with open_store_from_args(args) as store:
        progress = _team(lambda: team_sessions.team_progress(store, args.session, l2))
    if args.json:
        print(json.dumps(_progress_json(progress), ensure_ascii=False, indent=2))
        return EXIT_OK
    overlap = f"{progress.overlap} experts per run" if progress.overlap else "not dealt: everyone grades all"
    print(f"session {progress.session_id}: {progress.name} — {progress.runs} runs, {overlap}")
    rows: list[tuple[object, ...]] = [
        (e.name, e.label, e.assigned, e.graded, e.remaining, e.incomplete, e.flagged)
        for e in progress.experts
    ]
    rows.append(
        (
            "all",
            "",
            sum(e.assigned for e in progress.experts),
            progress.graded,
            progress.remaining,
            progress.incomplete,
            progress.flagged_runs,
        )
    )
    print(
        format_table(
            ("expert", "name", "assigned", "graded", "remaining", "incomplete", "flagged"),
            rows,
            ("<", "<", ">", ">", ">", ">", ">"),
        )
    )
    print(
        f"runs graded by all their experts: {progress.complete_runs} of {progress.runs}; "
        f"adjudicated axes: {progress.adjudicated_axes}"
    )
    return EXIT_OK


def _progress_json(progress: team_sessions.TeamProgress) -> dict[str, Any]:
    return {
        "session": progress.session_id,
        "name": progress.name,
        "overlap": progress.overlap,
        "runs": progress.runs,
        "experts": [
            {
                "expert": e.name,
                "name": e.label,
                "assigned": e.assigned,
                "graded": e.graded,
                "remaining": e.remaining,
                "incomplete": e.incomplete,
                "flagged": e.flagged,
            }
            for e in progress.experts
        ],
        "overall": {
            "graded": progress.graded,
            "remaining": progress.remaining,
            "incomplete": progress.incomplete,
            "flagged_runs": progress.flagged_runs,
            "complete_runs": progress.complete_runs,
            "adjudicated_axes": progress.adjudicated_axes,
        },
    }


def _queue(args: argparse.Namespace) -> int:
    with open_store_from_args(args) as store:
        expert_id = _expert_id(store, args.expert)
        for run_id in team_sessions.expert_queue(store, args.session, expert_id):
            print(run_id)
    return EXIT_OK


def _disagreements(args: argparse.Namespace) -> int:
    if args.distance < 0:
        raise CliError(f"--distance: found {args.distance}, expected 0 or more scale steps", EXIT_USAGE)
    with open_store_from_args(args) as store:
        found = team_sessions.disagreements(
            store, args.session, args.distance, include_settled=not args.open_only
        )
        flags = flagged_runs(store, args.session)
    rows = [
        (
            d.run_id,
            d.task_id,
            d.model_id,
            d.axis,
            "  ".join(f"{e.name}={e.step}" for e in d.experts),
            d.adjudication.step if d.adjudication else None,
            "yes" if d.run_id in flags else "",
        )
        for d in found
    ]
    print(format_table(("run", "task", "model", "axis", "grades", "consensus", "flagged"), rows))
    print(f"{len(found)} run axes apart by more than {args.distance} step(s)")
    return EXIT_OK


def _adjudicate(args: argparse.Namespace) -> int:
    l2 = _expert_protocol(args)
    with open_store_from_args(args) as store:
        adjudicator = _expert_id(store, args.adjudicator)
        record = _team(
            lambda: team_sessions.adjudicate(
                store,
                session_id=args.session,
                run_id=args.run,
                axis=args.axis,
                step=args.step,
                rationale=args.rationale,
                adjudicator_id=adjudicator,
                l2=l2,
            )
        )
    print(f"run {args.run} axis {args.axis}: consensus {record.step} by {record.adjudicator}")
    return EXIT_OK
