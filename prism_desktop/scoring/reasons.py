"""Why an axis is N/A (or 0 for want of code), as the auto files store it and as people read it.

Auto files keep PRISM's shape and PRISM's language: the reason is stored as the Russian sentence
(`stored`), the same bytes as ever, so files written before and after compare equal. The interface shows
it in its own language: `parse` finds the sentence a stored reason was written from and its fields,
and the GUI renders the sentence's `english` form through Qt's translation (gui/reason_texts.py), whose
Russian catalogue holds the Russian wording. A stored text of no known sentence is shown as it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Final

from prism_desktop.sentences import read_back, template_pattern


@dataclass(frozen=True)
class Reason:
    key: str
    stored: str  # written into auto files, with {named} fields
    english: str  # the same sentence in English: the source text of the interface's translations

    def text(self, **fields: object) -> str:
        """The stored sentence with its fields filled in."""
        return self.stored.format(**fields)


CODE_AXIS_NOT_APPLICABLE: Final = Reason(
    "code_axis_not_applicable",
    "ось {axis} не оценивается для задач на Python, TypeScript и Go (только S и M)",
    "axis {axis} is not scored on Python, TypeScript and Go tasks (S and M only)",
)
ONEC_AXIS_NOT_APPLICABLE: Final = Reason(
    "onec_axis_not_applicable",
    "ось {axis} не оценивается для задач 1C Code Bench (только S и M)",
    "axis {axis} is not scored on 1C Code Bench tasks (S and M only)",
)
AXIS_NOT_IN_CATEGORY_A: Final = Reason(
    "axis_not_in_category_a",
    "ось {axis} не оценивается для категории A",
    "axis {axis} is not scored in category A",
)
GENERATION_FAILED: Final = Reason(
    "generation_failed", "генерация не удалась: {error}", "the model call failed: {error}"
)
NOT_RUN: Final = Reason(
    "not_run",
    "не измерено: кандидат не запускался в песочнице",
    "not measured: the candidate was not run in the sandbox",
)
SANDBOX_ENDED_BEFORE_COMPILING: Final = Reason(
    "sandbox_ended_before_compiling",
    "не измерено: песочница завершилась со статусом {status} до компиляции",
    "not measured: the sandbox ended with status {status} before compiling",
)
SANDBOX_ENDED_WITH_DETAIL: Final = Reason(
    "sandbox_ended_with_detail",
    "не измерено: песочница завершилась со статусом {status}: {detail}",
    "not measured: the sandbox ended with status {status}: {detail}",
)
SANDBOX_ENDED: Final = Reason(
    "sandbox_ended",
    "не измерено: песочница завершилась со статусом {status}",
    "not measured: the sandbox ended with status {status}",
)
SANDBOX_STOPPED_BEFORE_RESULT: Final = Reason(
    "sandbox_stopped_before_result",
    "не измерено: песочница остановила прогон до записи результата ({stop})",
    "not measured: the sandbox stopped the run before its result was written ({stop})",
)
TASK_SETUP_FAILED: Final = Reason(
    "task_setup_failed",
    "не измерено: задача или эмулятор не подготовили запуск: {detail}",
    "not measured: the task or the emulator could not set the run up: {detail}",
)
NO_MEASUREMENT: Final = tuple(
    Reason(
        f"no_{leg}_measurement",
        f"не измерено: нет замера {stored}",
        f"not measured: no {name} measurement",
    )
    for leg, stored, name in (
        ("syntax", "синтаксиса", "syntax"),
        ("tests", "тестов", "test"),
        ("perf", "производительности", "performance"),
        ("b_run", "прогона в 1С", "1C run"),
    )
)
NO_HIDDEN_TESTS: Final = Reason(
    "no_hidden_tests", "нет скрытых тестов — ось M не исполнима", "no hidden tests: axis M cannot be run"
)
NO_EXECUTION_KIT: Final = Reason(
    "no_execution_kit",
    "нет комплекта исполнения — ось P не исполнима",
    "no execution kit: axis P cannot be run",
)
RUN_DID_NOT_HAPPEN_WITH_DETAIL: Final = Reason(
    "run_did_not_happen_with_detail",
    "исполнение не состоялось ({status}): {detail}",
    "the run did not take place ({status}): {detail}",
)
RUN_DID_NOT_HAPPEN: Final = Reason(
    "run_did_not_happen", "исполнение не состоялось ({status})", "the run did not take place ({status})"
)
NO_PLATFORM_MARKERS: Final = Reason(
    "no_platform_markers",
    "тесты не исполнились, платформенных маркеров нет",
    "the tests did not run, and there are no platform markers",
)
O_AUTO_NEEDS_1C_RUN: Final = Reason(
    "o_auto_needs_1c_run",
    "O-авто оценивается только после успешного прогона в 1С (статус {status})",
    "O-auto is scored only after a successful run in 1C (status {status})",
)
NO_FUNCTION_FOUND: Final = Reason(
    "no_function_found",
    "в коде кандидата не найдено ни одной функции",
    "no function was found in the candidate's code",
)
# Why no candidate could be built from a code task's answer (services/code_level1): stored in English.
NO_BLOCK_IN_LANGUAGE: Final = Reason(
    "no_block_in_language",
    "no fenced block in {language} (or untagged) in the answer",
    "no fenced block in {language} (or untagged) in the answer",
)
PATCH_NOT_APPLIED: Final = Reason(
    "patch_not_applied",
    "the answer could not be applied to the stub: {error}",
    "the answer could not be applied to the stub: {error}",
)

# Tried in this order: a sentence that extends another comes first.
REASONS: Final = (
    CODE_AXIS_NOT_APPLICABLE,
    ONEC_AXIS_NOT_APPLICABLE,
    AXIS_NOT_IN_CATEGORY_A,
    GENERATION_FAILED,
    NOT_RUN,
    SANDBOX_ENDED_BEFORE_COMPILING,
    SANDBOX_ENDED_WITH_DETAIL,
    SANDBOX_ENDED,
    SANDBOX_STOPPED_BEFORE_RESULT,
    TASK_SETUP_FAILED,
    *NO_MEASUREMENT,
    NO_HIDDEN_TESTS,
    NO_EXECUTION_KIT,
    RUN_DID_NOT_HAPPEN_WITH_DETAIL,
    RUN_DID_NOT_HAPPEN,
    NO_PLATFORM_MARKERS,
    O_AUTO_NEEDS_1C_RUN,
    NO_FUNCTION_FOUND,
    NO_BLOCK_IN_LANGUAGE,
    PATCH_NOT_APPLIED,
)


@cache
def _patterns() -> tuple[tuple[Reason, re.Pattern[str]], ...]:
    return tuple((reason, template_pattern(reason.stored)) for reason in REASONS)


def parse(text: str) -> tuple[Reason, dict[str, str]] | None:
    """The sentence a stored reason was written from and its fields; None for any other text."""
    return read_back(text, _patterns())
