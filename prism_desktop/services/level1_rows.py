"""How a PRISM auto-file run object maps onto the score columns of a Level1Result row: one
mapping for imported auto files and for runs scored here."""

from __future__ import annotations

from typing import Any


def level1_columns(auto_run: dict[str, Any]) -> dict[str, Any]:
    """The score columns of a Level1Result row from an auto-file run object (None stays None)."""
    scores, bands = auto_run.get("scores", {}), auto_run.get("bands", {})

    def number(axis: str) -> float | None:
        value = scores.get(axis)
        return None if value is None else float(value)

    return {
        "score_s": number("S"),
        "score_m": number("M"),
        "score_o": number("O"),
        "score_p": number("P"),
        "score_q": number("Q"),
        "band_m": bands.get("M"),
        "band_p": bands.get("P"),
        "detail": auto_run.get("detail", {}),
    }
