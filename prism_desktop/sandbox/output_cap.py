"""Output kept up to a byte budget: what a candidate prints in a loop must not fill the host's memory
or disk. Pure standard library (the worker uses it inside the container)."""

from __future__ import annotations

import io
import re
from collections.abc import Iterable

_NOTE = "\n[output truncated: {} more bytes]\n"
_NOTE_AT_END = re.compile(r"\n\[output truncated: (\d+) more bytes\]\n\Z")


class CappedBuffer:
    """Keeps the first `limit` bytes written, counts the rest."""

    def __init__(self, limit: int):
        self.limit = max(0, limit)
        self._chunks: list[bytes] = []
        self._kept = 0
        self.dropped = 0

    def add(self, data: bytes) -> None:
        room = self.limit - self._kept
        if room > 0:
            piece = data[:room]
            self._chunks.append(piece)
            self._kept += len(piece)
        self.dropped += max(0, len(data) - max(room, 0))

    def add_text(self, text: str) -> None:
        """Add text that may itself be capped output: its truncation note is folded into the count,
        so joining capped pieces keeps one note with the true number of bytes dropped."""
        note = _NOTE_AT_END.search(text)
        if note is not None:
            text = text[: note.start()]
        self.add(text.encode("utf-8", errors="replace"))
        if note is not None:
            self.dropped += int(note.group(1))

    def text(self) -> str:
        body = b"".join(self._chunks).decode("utf-8", errors="replace")
        if self.dropped:
            body += _NOTE.format(self.dropped)
        return body


class CappedTextIO(io.TextIOBase):
    """A text stream (for sys.stdout) backed by a CappedBuffer."""

    def __init__(self, limit: int):
        super().__init__()
        self.buffer_ = CappedBuffer(limit)

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self.buffer_.add(text.encode("utf-8", errors="replace"))
        return len(text)

    def getvalue(self) -> str:
        return self.buffer_.text()


def join_capped(texts: Iterable[str], limit: int) -> str:
    """The texts one after another, cut to `limit` UTF-8 bytes, with one note saying how much was
    dropped in all."""
    buffer = CappedBuffer(limit)
    for text in texts:
        buffer.add_text(text)
    return buffer.text()


def cap_text(text: str, limit: int) -> str:
    return join_capped([text], limit)
