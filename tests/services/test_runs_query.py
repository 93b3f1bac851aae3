"""services/runs_query: the runs table's filtering, sorting, paging and counts, answered in SQL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from prism_desktop.services.runs_query import (
    Band,
    Column,
    NaKind,
    RunsFilter,
    RunsQuery,
    RunState,
    RunStatus,
    Sort,
    na_reasons,
)
from prism_desktop.store import Store, open_store
from prism_desktop.store.models import (
    SOURCE_AUTO_FILE,
    SOURCE_SCORED_HERE,
    Experiment,
    Expert,
    Grade,
    Level1Result,
    ReviewSession,
    Run,
    SessionItem,
)

# (task, category, model, run index, response, auto scores or None, scored-here scores or None)
RUNS = [
    ("A1", "A", "vendor/alpha", 0, "Функция Сумма() КонецФункции", (10, 10.0, 8, None, 9.33, 10), None),
    ("A1", "A", "vendor/beta", 0, "Процедура П() КонецПроцедуры", (6, 0.0, None, None, 3.0, 0), None),
    ("A2", "A", "vendor/alpha", 0, "Запрос = Новый Запрос;", (10, 5.0, 6, None, 7.0, 6),
     (10, 10.0, 10, None, 10.0, 10)),
    ("A2", "A", "vendor/beta", 1, "ТаблицаЗначений", None, None),
    ("B1", "B", "vendor/alpha", 0, "Справочники.Номенклатура", (None, None, None, None, None, None), None),
]


def _result(run_id: int, source: str, scores: tuple) -> Level1Result:
    s, m, o, p, q, band_m = scores
    detail = {} if q is not None else {"M": {"reason": "инфраструктура недоступна"}}
    return Level1Result(
        run_id=run_id, source=source, evaluator="auto_l1", score_s=s, score_m=m, score_o=o, score_p=p,
        score_q=q, band_m=band_m, band_p=None, detail=detail, instruments={},
    )


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = open_store(f"sqlite:///{tmp_path / 'prism.db'}")
    yield opened
    opened.close()


@pytest.fixture
def ids(store: Store) -> dict[str, int]:
    """The runs above; an expert "ivanova" who fully graded A1/alpha (agreeing) and A1/beta (M
    differs) and graded only M of A2/beta; "petrov" who fully graded A2/alpha; a session holding the
    two A2 runs."""
    keys: dict[str, int] = {}
    with store.session() as session:
        experiment = Experiment(name="experiment_A_20250101_000000", category="A")
        session.add(experiment)
        session.flush()
        for task, category, model, index, response, auto, here in RUNS:
            run = Run(experiment_id=experiment.id, task_id=task, task_name=f"Задача {task}",
                      category=category, model_id=model, model_name=model.split("/")[1].title(),
                      run_index=index, response=response, response_hash="", success=True)
            session.add(run)
            session.flush()
            keys[f"{task}/{model.split('/')[1]}"] = run.id
            if auto is not None:
                session.add(_result(run.id, SOURCE_AUTO_FILE, auto))
            if here is not None:
                session.add(_result(run.id, SOURCE_SCORED_HERE, here))
        failed = Run(experiment_id=experiment.id, task_id="A3", task_name="Задача A3", category="A",
                     model_id="vendor/gamma", model_name="Gamma", run_index=0, response="", response_hash="",
                     success=False, error="HTTP 500")
        ivanova, petrov = Expert(name="ivanova"), Expert(name="petrov")
        session.add_all([failed, ivanova, petrov])
        session.flush()
        keys["A3/gamma"] = failed.id
        full = [
            (ivanova, "A1/alpha", {"S": 10, "M": 10, "O": 8}),
            (ivanova, "A1/beta", {"S": 6, "M": 4, "O": 8}),
            (petrov, "A2/alpha", {"S": 10, "M": 10, "O": 10}),
            (ivanova, "A2/beta", {"M": 6}),  # partly graded: still open
        ]
        session.add_all([
            Grade(expert_id=expert.id, run_id=keys[key], axis=axis, step=step)
            for expert, key, steps in full for axis, step in steps.items()
        ])
        review = ReviewSession(name="calibration 1", kind="calibration")
        session.add(review)
        session.flush()
        keys["session"] = review.id
        session.add_all([
            SessionItem(session_id=review.id, run_id=keys["A2/beta"], position=0),
            SessionItem(session_id=review.id, run_id=keys["A2/alpha"], position=1),
        ])
    return keys


def _ids(query: RunsQuery, run_filter: RunsFilter, sort: Sort | None = None) -> list[int]:
    return [row.run_id for row in query.page(run_filter, sort or Sort(), 0, 100)]


def test_count_and_page_agree_for_every_filter(store: Store, ids: dict[str, int]) -> None:
    query = RunsQuery(store)
    filters = [
        RunsFilter(),
        RunsFilter(task_id="A1"),
        RunsFilter(category="B"),
        RunsFilter(model_id="vendor/beta"),
        RunsFilter(band=Band("M", 8, None)),
        RunsFilter(state=RunState.UNGRADED, expert="ivanova"),
        RunsFilter(search="запрос"),
        RunsFilter(session_id=ids["session"]),
    ]
    counts = [query.count(f) for f in filters]
    assert counts == [len(_ids(query, f)) for f in filters]
    assert counts == [6, 2, 1, 2, 2, 4, 1, 2]


def test_filters_select_the_right_runs(store: Store, ids: dict[str, int]) -> None:
    query = RunsQuery(store)
    assert set(_ids(query, RunsFilter(task_id="A1"))) == {ids["A1/alpha"], ids["A1/beta"]}
    assert _ids(query, RunsFilter(category="B")) == [ids["B1/alpha"]]
    assert set(_ids(query, RunsFilter(model_id="vendor/beta"))) == {ids["A1/beta"], ids["A2/beta"]}
    # The scored-here result wins over the auto file: A2/alpha has M band 10 here, 6 in the file.
    assert set(_ids(query, RunsFilter(band=Band("M", 8, None)))) == {ids["A1/alpha"], ids["A2/alpha"]}
    assert _ids(query, RunsFilter(band=Band("O", missing=True), category="A", model_id="vendor/beta")) == [
        ids["A1/beta"], ids["A2/beta"]]
    assert _ids(query, RunsFilter(band=Band("Q", 2, 4))) == [ids["A1/beta"]]


def test_graded_ungraded_and_disagreeing_follow_the_current_expert(store: Store, ids: dict[str, int]) -> None:
    query = RunsQuery(store)
    graded = set(_ids(query, RunsFilter(state=RunState.GRADED, expert="ivanova")))
    assert graded == {ids["A1/alpha"], ids["A1/beta"]}
    assert set(_ids(query, RunsFilter(state=RunState.GRADED))) == graded | {ids["A2/alpha"]}
    ungraded = set(_ids(query, RunsFilter(state=RunState.UNGRADED, expert="petrov")))
    assert ids["A2/alpha"] not in ungraded and len(ungraded) == 5
    # ivanova's M=4 differs from the machine's band 0 on A1/beta; her A1/alpha grades agree; A2/beta
    # has no machine result, so her M there disagrees with nothing.
    assert _ids(query, RunsFilter(state=RunState.DISAGREEING, expert="ivanova")) == [ids["A1/beta"]]
    assert ids["A2/beta"] in _ids(query, RunsFilter(state=RunState.UNGRADED, expert="ivanova"))
    rows = query.rows_by_id([ids["A2/beta"], ids["A1/alpha"]], RunsFilter(expert="ivanova"))
    assert rows[ids["A2/beta"]].my_axes == {"M"} and not rows[ids["A2/beta"]].fully_graded_by_me
    assert rows[ids["A1/alpha"]].fully_graded_by_me and rows[ids["A1/alpha"]].needed_axes == ("S", "M", "O")
    # petrov's M=10 agrees with the scored-here band (10), not with the auto file's 6.
    assert _ids(query, RunsFilter(state=RunState.DISAGREEING, expert="petrov")) == []


def test_status_and_na_reasons(store: Store, ids: dict[str, int]) -> None:
    query = RunsQuery(store)
    rows = query.rows_by_id(ids.values())
    assert rows[ids["A1/alpha"]].status is RunStatus.SCORED
    assert rows[ids["A2/beta"]].status is RunStatus.NOT_SCORED
    assert rows[ids["B1/alpha"]].status is RunStatus.NOT_MEASURED
    assert rows[ids["A3/gamma"]].status is RunStatus.NO_ANSWER
    alpha = rows[ids["A1/alpha"]]
    assert alpha.scores["P"] is None and alpha.reasons["P"].kind is NaKind.NOT_APPLICABLE
    assert "S" not in alpha.reasons and alpha.steps == {"S": 10, "M": 10, "O": 8, "P": None}
    stated = rows[ids["B1/alpha"]].reasons["M"]
    assert stated.kind is NaKind.STATED and stated.text == "инфраструктура недоступна"
    assert rows[ids["A2/beta"]].reasons["S"].kind is NaKind.NOT_SCORED
    assert rows[ids["A3/gamma"]].reasons["Q"] == rows[ids["A3/gamma"]].reasons["S"]
    assert rows[ids["A3/gamma"]].reasons["S"].text == "HTTP 500"
    assert rows[ids["A2/alpha"]].source == SOURCE_SCORED_HERE and rows[ids["A2/alpha"]].scores["M"] == 10.0
    assert rows[ids["A1/alpha"]].graders == ("ivanova",)
    assert rows[ids["A1/alpha"]].my_axes == frozenset()  # no current expert given
    assert alpha.verified is None  # no Verified rules given
    assert set(_ids(query, RunsFilter(state=RunState.NOT_SCORED))) == {ids["A2/beta"]}
    assert query.count(RunsFilter(state=RunState.VERIFIED)) == 0


def test_search_ignores_case_in_cyrillic_and_needs_all_words(store: Store, ids: dict[str, int]) -> None:
    query = RunsQuery(store)
    assert _ids(query, RunsFilter(search="ЗАПРОС")) == [ids["A2/alpha"]]
    assert set(_ids(query, RunsFilter(search="beta"))) == {ids["A1/beta"], ids["A2/beta"]}
    assert _ids(query, RunsFilter(search="beta таблицазначений")) == [ids["A2/beta"]]
    assert _ids(query, RunsFilter(search="задача a3")) == [ids["A3/gamma"]]
    assert _ids(query, RunsFilter(search="100%_")) == []  # LIKE wildcards are taken literally


@pytest.mark.parametrize("column", list(Column))
def test_sorting_by_any_column_keeps_na_last(store: Store, ids: dict[str, int], column: Column) -> None:
    query = RunsQuery(store)
    for descending in (False, True):
        rows = query.page(RunsFilter(), Sort(column, descending), 0, 100)
        assert len(rows) == 6
        if column.value in ("S", "M", "O", "Q"):
            values = [row.scores[column.value] for row in rows]
            measured = [v for v in values if v is not None]
            assert values == measured + [None] * (len(values) - len(measured))
            assert measured == sorted(measured, reverse=descending)


def test_sort_by_task_and_model(store: Store, ids: dict[str, int]) -> None:
    query = RunsQuery(store)
    tasks = [row.task_id for row in query.page(RunsFilter(), Sort(Column.TASK, True), 0, 100)]
    assert tasks == ["B1", "A3", "A2", "A2", "A1", "A1"]
    models = [row.model_name for row in query.page(RunsFilter(), Sort(Column.MODEL), 0, 100)]
    assert models == sorted(models)
    status = [row.status.value for row in query.page(RunsFilter(), Sort(Column.STATUS), 0, 100)]
    assert status == sorted(status)


def test_paging_is_stable_and_complete(store: Store, ids: dict[str, int]) -> None:
    query = RunsQuery(store)
    sort = Sort(Column.Q, descending=True)
    pages = [row.run_id for offset in range(0, 6, 2) for row in query.page(RunsFilter(), sort, offset, 2)]
    assert pages == _ids(query, RunsFilter(), sort)
    assert sorted(pages) == sorted(v for k, v in ids.items() if k != "session")


def test_row_of_and_next_ungraded(store: Store, ids: dict[str, int]) -> None:
    query = RunsQuery(store)
    sort = Sort(Column.Q, descending=True)
    order = _ids(query, RunsFilter(), sort)
    for row, run_id in enumerate(order):
        assert query.row_of(RunsFilter(), sort, run_id) == row
    assert query.row_of(RunsFilter(task_id="A1"), sort, ids["B1/alpha"]) is None
    mine = RunsFilter(expert="ivanova")
    done = (ids["A1/alpha"], ids["A1/beta"])
    open_rows = [n for n, run_id in enumerate(order) if run_id not in done]
    assert query.next_ungraded_row(mine, sort, -1) == open_rows[0]
    assert query.next_ungraded_row(mine, sort, open_rows[0]) == open_rows[1]
    assert query.next_ungraded_row(mine, sort, open_rows[-1]) == open_rows[0]  # wraps around


def test_session_filter_keeps_session_order(store: Store, ids: dict[str, int]) -> None:
    query = RunsQuery(store)
    assert _ids(query, RunsFilter(session_id=ids["session"])) == [ids["A2/beta"], ids["A2/alpha"]]


def test_counts_and_choices(store: Store, ids: dict[str, int]) -> None:
    query = RunsQuery(store)
    counts = query.counts(RunsFilter(category="A", expert="ivanova"))
    assert (counts.shown, counts.total, counts.scored, counts.graded) == (5, 6, 3, 2)
    choices = query.choices()
    assert [t for t, _ in choices.tasks] == ["A1", "A2", "A3", "B1"]
    assert choices.categories == ["A", "B"]
    assert ("vendor/gamma", "Gamma") in choices.models


def test_verified_marks_come_from_the_given_rules(store: Store, ids: dict[str, int]) -> None:
    query = RunsQuery(store, verified=frozenset({ids["A1/alpha"]}))
    assert _ids(query, RunsFilter(state=RunState.VERIFIED)) == [ids["A1/alpha"]]
    rows = query.rows_by_id([ids["A1/alpha"], ids["A1/beta"]])
    assert rows[ids["A1/alpha"]].verified is True and rows[ids["A1/beta"]].verified is False
    first = query.page(RunsFilter(), Sort(Column.VERIFIED, descending=True), 0, 1)
    assert first[0].run_id == ids["A1/alpha"]


def test_band_rejects_unknown_axis() -> None:
    with pytest.raises(ValueError, match="band axis 'X'"):
        Band("X")


def test_flagged_runs_of_anyone_and_of_the_session(store: Store, ids: dict[str, int]) -> None:
    """The "flagged" state: runs some expert marked unsure / needs a senior look, whoever the
    current expert is; inside a session, only that session's flags."""
    from prism_desktop.services.annotations import set_flag, toggle_flag

    query = RunsQuery(store)
    assert _ids(query, RunsFilter(state=RunState.FLAGGED)) == []
    with store.session() as session:
        experts = {e.name: e.id for e in session.query(Expert)}
    assert toggle_flag(store, expert_id=experts["petrov"], run_id=ids["A1/beta"])  # standalone
    session_id = ids["session"]
    set_flag(store, expert_id=experts["ivanova"], run_id=ids["A2/beta"], session_id=session_id, flagged=True)
    both = {ids["A1/beta"], ids["A2/beta"]}
    assert set(_ids(query, RunsFilter(state=RunState.FLAGGED))) == both
    assert set(_ids(query, RunsFilter(state=RunState.FLAGGED, expert="ivanova"))) == both  # anyone's flag
    assert _ids(query, RunsFilter(state=RunState.FLAGGED, session_id=ids["session"])) == [ids["A2/beta"]]
    assert query.count(RunsFilter(state=RunState.FLAGGED, model_id="vendor/beta")) == 2
    # Taken back: gone from the filter.
    assert not toggle_flag(store, expert_id=experts["petrov"], run_id=ids["A1/beta"])
    assert _ids(query, RunsFilter(state=RunState.FLAGGED)) == [ids["A2/beta"]]


def test_a_blind_filter_drops_what_it_may_not_use() -> None:
    """RunsFilter.concealed: under a visibility that hides the machine and the model, the band, the
    model, the machine's states and a search over model names narrow nothing; one's own state does."""
    from prism_desktop.services.runs_query import Band, RunsFilter, RunState
    from prism_desktop.services.visibility import session_visibility

    hidden = session_visibility(blind=True, runs_left=["1"])
    run_filter = RunsFilter(
        model_id="m", band=Band("Q", 8, None), state=RunState.SCORED, search="alpha", visibility=hidden
    )
    concealed = run_filter.concealed()
    assert (concealed.model_id, concealed.band, concealed.state) == (None, None, RunState.ALL)
    assert RunsFilter(state=RunState.UNGRADED, visibility=hidden).concealed().state is RunState.UNGRADED
    assert RunsFilter(model_id="m").concealed().model_id == "m"  # outside a blind session: as chosen


def test_p_is_not_applicable_where_the_rule_says_and_a_stated_reason_wins() -> None:
    scores = {"S": 10.0, "M": 10.0, "O": 8.0, "P": None, "Q": 9.0}
    assert na_reasons(scores, {}, "A", RunStatus.SCORED, None)["P"].kind is NaKind.NOT_APPLICABLE
    assert na_reasons(scores, {}, "B", RunStatus.SCORED, None)["P"].kind is NaKind.UNSTATED
    # A coding bench run states why P is N/A; the reason it gives is shown, not a generic one.
    reason = "не относится к задачам на Python"
    stated = na_reasons(scores, {"P": {"reason": reason}}, "python", RunStatus.SCORED, None)
    assert (stated["P"].kind, stated["P"].text) == (NaKind.STATED, reason)
    assert na_reasons(scores, {}, "python", RunStatus.SCORED, None)["P"].kind is NaKind.NOT_APPLICABLE
