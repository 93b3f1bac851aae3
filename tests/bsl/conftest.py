"""The suite runs with --import-mode=importlib, under which test modules cannot import their
neighbours; shared helpers (antipattern_query_text.py) live beside this file, so this folder is put
on sys.path for them."""

from __future__ import annotations

import sys
from pathlib import Path

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)
