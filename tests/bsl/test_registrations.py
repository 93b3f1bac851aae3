"""Where a lower module needs what a higher one builds, the higher one registers it on import instead of
being imported back (docs/architecture.md, "Package surfaces and cycles"). Each check runs in a fresh
interpreter that imports only the lower module, so the registration must come from the package's
own imports, not from whatever an earlier test happened to load."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

PROGRAMS = {
    "Новый Массив (collections register with stdlib.types)": (
        "from prism_desktop.bsl.stdlib.types import new_object\n"
        "array = new_object('Массив', [])\n"
        "print(type(array).__name__)\n",
        "BslArray",
    ),
    "ДвоичныеДанные.ОткрытьПотокДляЧтения (binary_buffers gives the stream)": (
        "from prism_desktop.bsl.stdlib.binary_data import BinaryData\n"
        "stream = BinaryData(b'abc').bsl_call('ОткрытьПотокДляЧтения', [])\n"
        "print(type(stream).TYPE_RU, stream.bsl_call('Размер', []), stream.bsl_get('ДоступнаЗапись'))\n",
        "ПотокВПамяти 3 False",
    ),
    "to_bsl of a RefKey (refs gives values its factory)": (
        "from prism_desktop.bsl.platform_bridge.values import to_bsl\n"
        "from prism_desktop.platform.refs import CATALOG, RefKey\n"
        "print(to_bsl(RefKey(CATALOG, 'Товары', 0)).TYPE_RU)\n",
        "СправочникСсылка.Товары",
    ),
}


@pytest.mark.parametrize("program", sorted(PROGRAMS))
def test_a_lower_module_alone_finds_what_a_higher_one_registers(program: str) -> None:
    source, expected = PROGRAMS[program]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [sys.executable, "-c", source], capture_output=True, text=True, env=env, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == expected
