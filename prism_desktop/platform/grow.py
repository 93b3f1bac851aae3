"""perf.yaml `grow` (PRISM_FORMAT.md §1.10): the fixtures of a category-B task grown by n synthetic
units. Unit i = 1..n has the ref `<name_prefix><i>` and the description `<name_prefix> <i>`; the string
`$unit` in `record`/`attrs` templates becomes the unit's ref (`$регистратор` keeps its fixture
meaning). The result is the original fixtures with the units appended; the input is not changed."""

from __future__ import annotations

import copy
from typing import Any, Final

from prism_desktop.platform.fixtures import FixtureError

UNIT_MARK: Final = "$unit"
DEFAULT_PREFIX: Final = "Перф"
GROW_KEYS: Final = ("name_prefix", "catalog", "accumulation", "information", "accounting")


def _substitute(value: Any, unit: str) -> Any:
    if value == UNIT_MARK:
        return unit
    if isinstance(value, dict):
        return {(unit if k == UNIT_MARK else k): _substitute(v, unit) for k, v in value.items()}
    if isinstance(value, list):
        return [_substitute(v, unit) for v in value]
    return value


def _spec(
    grow: dict[str, Any], key: str, required: tuple[str, ...], allowed: tuple[str, ...], source: str
) -> dict[str, Any] | None:
    spec = grow.get(key)
    if spec is None:
        return None
    if not isinstance(spec, dict):
        raise FixtureError(f"grow.{key}", spec, "a mapping", source)
    for name in spec:
        if name not in allowed:
            raise FixtureError(f"grow.{key}.{name}", spec[name], "one of " + ", ".join(allowed), source)
    for name in required:
        if name not in spec:
            raise FixtureError(f"grow.{key}.{name}", None, f"the key {name}", source)
    return spec


def grow_fixtures(
    fixtures: dict[str, Any] | None, grow: Any, units: int, source: str = "perf.yaml"
) -> dict[str, Any]:
    """The fixtures with `units` synthetic units appended as `grow` says."""
    if not isinstance(grow, dict):
        raise FixtureError("grow", grow, "a mapping with " + ", ".join(GROW_KEYS), source)
    for key in grow:
        if key not in GROW_KEYS:
            raise FixtureError(f"grow.{key}", grow[key], "one of " + ", ".join(GROW_KEYS), source)
    if isinstance(units, bool) or not isinstance(units, int) or units < 0:
        raise FixtureError("sizes", units, "a non-negative number of units", source)
    prefix = grow.get("name_prefix", DEFAULT_PREFIX)
    if not isinstance(prefix, str) or not prefix:
        raise FixtureError("grow.name_prefix", prefix, "a non-empty identifier prefix", source)
    result = copy.deepcopy(fixtures) if fixtures else {}
    catalog = _spec(grow, "catalog", ("name",), ("name", "parent", "owner", "attrs"), source)
    accumulation = _spec(
        grow, "accumulation", ("register", "registrar", "record"), ("register", "registrar", "record"), source
    )
    information = _spec(grow, "information", ("register", "record"), ("register", "record"), source)
    accounting = _spec(
        grow, "accounting", ("register", "registrar", "record"), ("register", "registrar", "record"), source
    )
    for i in range(1, units + 1):
        unit = f"{prefix}{i}"
        if catalog is not None:
            item: dict[str, Any] = {"ref": unit, "Наименование": f"{prefix} {i}"}
            for key in ("parent", "owner"):
                if key in catalog:
                    item[key] = catalog[key]
            attrs = catalog.get("attrs") or {}
            if not isinstance(attrs, dict):
                raise FixtureError("grow.catalog.attrs", attrs, "a mapping of attribute -> value", source)
            item.update(_substitute(attrs, unit))
            result.setdefault("catalogs", {}).setdefault(catalog["name"], []).append(item)
        for key, block, spec in (
            ("accumulation", "register_records", accumulation),
            ("accounting", "accounting_records", accounting),
        ):
            if spec is not None:
                target = result.setdefault(block, {}).setdefault(
                    spec["register"], {"registrar": spec["registrar"], "records": []}
                )
                if target.get("registrar") != spec["registrar"]:
                    raise FixtureError(
                        f"grow.{key}.registrar",
                        spec["registrar"],
                        f"the registrar the fixtures use for {spec['register']}: {target.get('registrar')}",
                        source,
                    )
                target.setdefault("records", []).append(_substitute(spec["record"], unit))
        if information is not None:
            result.setdefault("info_records", {}).setdefault(information["register"], []).append(
                _substitute(information["record"], unit)
            )
    return result
