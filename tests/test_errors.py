"""errors.py: one tree of PRISM Desktop's own errors. Each concrete error keeps its name and module
and sits under its family; the builtin bases callers may still catch are kept; a candidate's
failures (verdicts, not errors of ours) stay outside the tree."""

from __future__ import annotations

import pytest

from prism_desktop import errors
from prism_desktop.bsl.candidate_text import EntryPatternError
from prism_desktop.bsl.compiler import CompileError
from prism_desktop.bsl.values.base import BslRuntimeError
from prism_desktop.cli.common import CliError
from prism_desktop.errors import GenerationError, InputError, PrismError, SandboxError, StoreError
from prism_desktop.generation.errors import AdapterConfigError, ModelCallError
from prism_desktop.generation.plan import GenerationError as PlanGenerationError
from prism_desktop.platform.fixtures import FixtureError
from prism_desktop.platform.infobase_errors import PlatformError
from prism_desktop.platform.metadata_errors import ConfigError
from prism_desktop.sandbox.backend import SandboxUnavailable
from prism_desktop.sandbox.code.library_candidate import PatchError
from prism_desktop.sandbox.engine_files import EngineFilesError
from prism_desktop.sandbox.envelope import EnvelopeError
from prism_desktop.sandbox.harness_b_modules import TaskSetupError
from prism_desktop.sandbox.image import ImageBuildError
from prism_desktop.services.annotations import AnnotationError
from prism_desktop.services.code_test_ids import TestListError
from prism_desktop.services.grading import GradeConflict, GradingError
from prism_desktop.services.level1_store import ResultsNotSaved
from prism_desktop.services.query_console import ConsoleError, QueryStopped
from prism_desktop.services.sessions import SessionError
from prism_desktop.services.team_sessions import TeamError
from prism_desktop.store import StoreError as StoresStoreError
from prism_desktop.store.errors import EditConflict
from prism_desktop.store.retry import StoreBusy
from prism_desktop.workspace.commit0_repo import Commit0ImportError
from prism_desktop.workspace.errors import Problem, WorkspaceError

FAMILIES: dict[type[PrismError], tuple[type[Exception], ...]] = {
    InputError: (
        WorkspaceError,
        Commit0ImportError,
        ConfigError,
        FixtureError,
        EntryPatternError,
        TestListError,
        GradingError,
        SessionError,
        TeamError,
        AnnotationError,
        ConsoleError,
        QueryStopped,
    ),
    StoreError: (EditConflict, StoreBusy, ResultsNotSaved, GradeConflict),
    SandboxError: (SandboxUnavailable, ImageBuildError, EngineFilesError, EnvelopeError, TaskSetupError),
    GenerationError: (AdapterConfigError, ModelCallError),
}


@pytest.mark.parametrize("family", list(FAMILIES), ids=lambda f: f.__name__)
def test_each_error_sits_under_its_family_and_no_other(family: type[PrismError]) -> None:
    for error in FAMILIES[family]:
        assert issubclass(error, family), error
        others = [f for f in FAMILIES if f is not family and issubclass(error, f)]
        assert others == [], error


def test_the_families_meet_in_prism_error_and_the_named_bases_are_the_families() -> None:
    assert all(issubclass(family, PrismError) for family in FAMILIES)
    assert issubclass(CliError, PrismError)
    # The store's and the plan's names are the family bases themselves, raised as is.
    assert StoresStoreError is StoreError and PlanGenerationError is GenerationError
    assert not issubclass(InputError, (StoreError, SandboxError, GenerationError))


def test_builtin_bases_callers_catch_are_kept() -> None:
    value_errors = (GradingError, SessionError, TeamError, AnnotationError, Commit0ImportError)
    value_errors += (EntryPatternError,)
    for error in value_errors:
        assert issubclass(error, ValueError), error
    assert issubclass(EnvelopeError, ValueError)
    for error in (SandboxUnavailable, ImageBuildError, EngineFilesError):
        assert issubclass(error, RuntimeError), error


def test_a_candidates_failures_are_verdicts_not_prism_errors() -> None:
    for verdict in (CompileError, BslRuntimeError, PlatformError, PatchError):
        assert not issubclass(verdict, PrismError), verdict


def test_input_errors_carry_their_problems_one_line_each() -> None:
    problem = Problem("tasks/A1/task.yaml", key="entry", found="42", expected="a function name")
    error = WorkspaceError([problem, Problem("tasks/A2/tests.yaml", line=3, message="bad YAML")])
    assert [str(p) for p in error.problems] == [
        "tasks/A1/task.yaml: entry: found 42, expected a function name",
        "tasks/A2/tests.yaml:3: bad YAML",
    ]
    assert GradingError("grade step: found 3").problems == ()  # the message alone says it
    assert errors.__doc__ is not None and "PrismError" in errors.__doc__
