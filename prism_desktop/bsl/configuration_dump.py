"""A configuration's metadata read from its dump folder (the designer's XML files or EDT's .mdo
files), as far as the checker needs it: the flags of each common module (which contexts compile
it) and the exported methods of the global common modules (callable without a qualifier anywhere).
"""

from __future__ import annotations

import dataclasses
import functools
import re
from pathlib import Path

from prism_desktop.bsl import module_kinds as mk
from prism_desktop.bsl.module_kinds import ModuleInfo
from prism_desktop.bsl.parser import parse_module

_FLAG_TAG = re.compile(
    r"<(global|clientmanagedapplication|server|externalconnection|clientordinaryapplication|servercall)>"
    r"\s*true\s*<",
    re.IGNORECASE,
)


def describe(path: Path) -> ModuleInfo:
    """The module's kind from its path, completed with what its configuration's metadata says."""
    info = mk.module_info(path)
    root = config_root(path.resolve().parent)
    if root is None:
        return info
    flags = common_module_flags(root, info.owner_name) if info.kind == mk.COMMON_MODULE else None
    return dataclasses.replace(info, flags=flags, config_root=root, known_methods=global_methods(root))


@functools.lru_cache(maxsize=256)
def config_root(folder: Path) -> Path | None:
    """The nearest folder at or above `folder` holding Configuration.xml (designer) or
    Configuration/Configuration.mdo (EDT)."""
    for candidate in (folder, *folder.parents):
        if (candidate / "Configuration.xml").is_file():
            return candidate
        if (candidate / "Configuration" / "Configuration.mdo").is_file():
            return candidate
    return None


def _description(root: Path, folder: str, name: str) -> Path | None:
    for candidate in (root / folder / f"{name}.xml", root / folder / name / f"{name}.mdo"):
        if candidate.is_file():
            return candidate
    return None


def _module_file(root: Path, name: str) -> Path | None:
    for candidate in (root / "CommonModules" / name / "Ext" / "Module.bsl",
                      root / "CommonModules" / name / "Module.bsl"):
        if candidate.is_file():
            return candidate
    return None


@functools.lru_cache(maxsize=4096)
def common_module_flags(root: Path, name: str) -> frozenset[str] | None:
    """The common module's flags (module_kinds.COMMON_MODULE_FLAGS) from its description; None
    when the configuration does not describe it."""
    description = _description(root, "CommonModules", name)
    if description is None:
        return None
    text = description.read_text(encoding="utf-8-sig", errors="replace")
    return frozenset(m.group(1).lower() for m in _FLAG_TAG.finditer(text))


@functools.lru_cache(maxsize=16)
def global_methods(root: Path) -> tuple[str, ...]:
    """Exported methods of the configuration's global common modules."""
    folder = root / "CommonModules"
    if not folder.is_dir():
        return ()
    names: list[str] = []
    for entry in sorted(folder.iterdir()):
        name = entry.stem if entry.suffix == ".xml" else entry.name
        if entry.suffix not in ("", ".xml") or mk.GLOBAL_FLAG not in (common_module_flags(root, name) or ()):
            continue
        module = _module_file(root, name)
        if module is None:
            continue
        text = module.read_text(encoding="utf-8-sig", errors="replace")
        parsed = parse_module(text, str(module))
        names.extend(sorted({m.name for m in parsed.module.methods if m.export and m.name}))
    return tuple(dict.fromkeys(names))
