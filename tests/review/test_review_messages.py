"""Every sentence review/ writes is one of its templates, and reads back into that template and its
fields — what the application needs to show it in the user's language."""

from __future__ import annotations

import re

import pytest

from prism_desktop.review import messages
from prism_desktop.review.messages import TEMPLATES, parse


def sample(template: str) -> tuple[str, dict[str, str]]:
    fields = {name: f"<{name} {i}>" for i, name in enumerate(re.findall(r"\{(\w+)\}", template))}
    return template.format(**fields), fields


@pytest.mark.parametrize("template", TEMPLATES)
def test_every_sentence_reads_back(template: str) -> None:
    text, fields = sample(template)
    assert parse(text) == (template, fields)


def test_realistic_sentences_and_a_nested_note() -> None:
    unanimous = messages.RUN_NO_UNANIMITY.format(axes="M, O", min_experts=2)
    assert parse(unanimous) == (messages.RUN_NO_UNANIMITY, {"axes": "M, O", "min_experts": "2"})
    plain = messages.RUN_NO_CONSENSUS.format(axes="S", min_experts=3)
    assert parse(plain) == (messages.RUN_NO_CONSENSUS, {"axes": "S", "min_experts": "3"})
    undefined = messages.FIGURE_UNDEFINED.format(figure="kappa_quadratic", note=messages.NO_PAIRS)
    template, fields = parse(undefined) or ("", {})
    assert template == messages.FIGURE_UNDEFINED
    assert parse(fields[messages.NESTED_FIELD]) == (messages.NO_PAIRS, {})


def test_other_text_is_not_a_sentence_of_ours() -> None:
    assert parse("something the store said") is None
    assert parse("") is None
