"""A progress line on stderr for long commands: a bar redrawn in place on a terminal, and a plain
line at every tenth of the way otherwise (logs, CI)."""

from __future__ import annotations

import sys
import time


class ProgressBar:
    def __init__(self, unit: str) -> None:
        self.unit = unit
        self.tty = sys.stderr.isatty()
        self.started = time.monotonic()
        self.last_decile = -1

    def update(self, done: int, total: int, detail: str = "") -> None:
        rate = done / max(time.monotonic() - self.started, 1e-6) * 60
        label = f"{done}/{total} {self.unit}  {rate:.0f}/min  {detail}".rstrip()
        if self.tty:
            width = 30
            filled = int(width * done / max(total, 1))
            sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {label[:80]:<80}")
            if done == total:
                sys.stderr.write("\n")
            sys.stderr.flush()
        elif (decile := done * 10 // max(total, 1)) != self.last_decile:
            self.last_decile = decile
            print(label, file=sys.stderr)
