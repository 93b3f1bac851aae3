"""What every BSL harness (categories A and B, the 1C Code Bench, B's performance leg) shares: the
engine built from a run's limits, and the candidate's output clipped to the byte limit."""

from __future__ import annotations

from prism_desktop.bsl.engine import Engine
from prism_desktop.bsl.limits import RunLimits
from prism_desktop.runs.onec import Limits


def engine_for(
    limits: Limits, timeout_s: float, counting: str, output: list[str], *, goto: bool = False
) -> Engine:
    """An engine under the run's limits whose Сообщить lines go into `output`."""
    run_limits = RunLimits(
        timeout_s=timeout_s,
        recursion_depth=limits.recursion_depth,
        max_collection_items=limits.max_collection_items,
        max_string_chars=limits.max_string_chars,
        max_output_chars=limits.output_bytes,
    )
    return Engine(limits=run_limits, counting=counting, output=output.append, goto=goto)


def clip_utf8(text: str, limit: int) -> str:
    """`text` cut to at most `limit` bytes of UTF-8, never inside a character."""
    data = text.encode("utf-8")
    if len(data) <= limit:
        return text
    return data[:limit].decode("utf-8", errors="ignore")
