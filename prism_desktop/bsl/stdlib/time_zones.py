"""Time zones, deterministic: ЧасовойПояс, ЧасовойПоясСеанса, ПолучитьЧасовойПоясИнформационнойБазы,
МестноеВремя, УниверсальноеВремя, СмещениеСтандартногоВремени, ПредставлениеЧасовогоПояса,
ПолучитьДопустимыеЧасовыеПояса; and ТекущаяУниверсальнаяДатаВМиллисекундах.

The engine's own zone is UTC wherever it runs (in the Docker sandbox, the local fallback or in process),
so ТекущаяДата() and ТекущаяУниверсальнаяДата() agree and a program's output does not depend on the
machine. Other zones are named as "GMT+03:00" (also "GMT+3", "GMT-05:30") or by an IANA name from the
table below; as in OneScript (PRISM's category-A runner), a zone is its standard offset from UTC:
no daylight saving time is applied. The table is ours (the zones' current standard offsets) rather
than the machine's tz database, which a bare python3 container may lack.
"""

from __future__ import annotations

import datetime as _dt
import re
from typing import Any

from prism_desktop.bsl.stdlib.collections.array import BslArray
from prism_desktop.bsl.stdlib.globals import arg_str, builtin, invalid_argument
from prism_desktop.bsl.values.base import BslRuntimeError

ENGINE_TIME_ZONE = "UTC"

# Standard offsets in minutes east of UTC.
# fmt: off
STANDARD_OFFSETS: dict[str, int] = {
    "UTC": 0, "Etc/UTC": 0, "GMT": 0, "Etc/GMT": 0, "Europe/London": 0, "Europe/Dublin": 0,
    "Europe/Lisbon": 0, "Africa/Casablanca": 60, "Atlantic/Reykjavik": 0,
    "Europe/Berlin": 60, "Europe/Paris": 60, "Europe/Madrid": 60, "Europe/Rome": 60,
    "Europe/Amsterdam": 60, "Europe/Brussels": 60, "Europe/Vienna": 60, "Europe/Warsaw": 60,
    "Europe/Prague": 60, "Europe/Budapest": 60, "Europe/Belgrade": 60, "Europe/Zurich": 60,
    "Europe/Stockholm": 60, "Europe/Oslo": 60, "Europe/Copenhagen": 60,
    "Europe/Kaliningrad": 120, "Europe/Kiev": 120, "Europe/Kyiv": 120, "Europe/Riga": 120,
    "Europe/Vilnius": 120, "Europe/Tallinn": 120, "Europe/Helsinki": 120, "Europe/Athens": 120,
    "Europe/Bucharest": 120, "Europe/Sofia": 120, "Europe/Chisinau": 120, "Africa/Cairo": 120,
    "Asia/Jerusalem": 120,
    "Europe/Moscow": 180, "Europe/Minsk": 180, "Europe/Simferopol": 180, "Europe/Volgograd": 180,
    "Europe/Kirov": 180, "Europe/Istanbul": 180, "Asia/Riyadh": 180, "Asia/Baghdad": 180,
    "Asia/Tehran": 210,
    "Europe/Samara": 240, "Europe/Ulyanovsk": 240, "Europe/Astrakhan": 240, "Europe/Saratov": 240,
    "Asia/Dubai": 240, "Asia/Baku": 240, "Asia/Tbilisi": 240, "Asia/Yerevan": 240,
    "Asia/Kabul": 270,
    "Asia/Yekaterinburg": 300, "Asia/Tashkent": 300, "Asia/Samarkand": 300, "Asia/Almaty": 300,
    "Asia/Qyzylorda": 300, "Asia/Aqtobe": 300, "Asia/Aqtau": 300, "Asia/Atyrau": 300,
    "Asia/Oral": 300, "Asia/Dushanbe": 300, "Asia/Ashgabat": 300, "Asia/Karachi": 300,
    "Asia/Kolkata": 330, "Asia/Kathmandu": 345,
    "Asia/Omsk": 360, "Asia/Bishkek": 360, "Asia/Dhaka": 360,
    "Asia/Novosibirsk": 420, "Asia/Barnaul": 420, "Asia/Tomsk": 420, "Asia/Novokuznetsk": 420,
    "Asia/Krasnoyarsk": 420, "Asia/Bangkok": 420, "Asia/Jakarta": 420, "Asia/Ho_Chi_Minh": 420,
    "Asia/Irkutsk": 480, "Asia/Shanghai": 480, "Asia/Hong_Kong": 480, "Asia/Singapore": 480,
    "Asia/Ulaanbaatar": 480,
    "Asia/Chita": 540, "Asia/Yakutsk": 540, "Asia/Khandyga": 540, "Asia/Tokyo": 540, "Asia/Seoul": 540,
    "Asia/Vladivostok": 600, "Asia/Ust-Nera": 600, "Australia/Sydney": 600,
    "Asia/Magadan": 660, "Asia/Sakhalin": 660, "Asia/Srednekolymsk": 660,
    "Asia/Kamchatka": 720, "Asia/Anadyr": 720, "Pacific/Auckland": 720,
    "America/Sao_Paulo": -180, "America/Argentina/Buenos_Aires": -180, "America/Halifax": -240,
    "America/New_York": -300, "America/Toronto": -300, "America/Chicago": -360,
    "America/Mexico_City": -360, "America/Denver": -420, "America/Phoenix": -420,
    "America/Los_Angeles": -480, "America/Anchorage": -540, "Pacific/Honolulu": -600,
}
# fmt: on
_BY_KEY = {name.lower(): offset for name, offset in STANDARD_OFFSETS.items()}
_GMT = re.compile(r"GMT\s*([+-])\s*(\d{1,2})(?::(\d{2}))?", re.IGNORECASE)


def zone_offset(zone: Any, param_no: int) -> _dt.timedelta:
    """The standard offset of a zone named by the program (omitted: the engine's zone, UTC)."""
    if zone is None:
        return _dt.timedelta(0)
    name = arg_str(zone).strip()
    if name.lower() in _BY_KEY:
        return _dt.timedelta(minutes=_BY_KEY[name.lower()])
    match = _GMT.fullmatch(name)
    if match is None or int(match[2]) > 23 or int(match[3] or 0) > 59:
        raise invalid_argument(param_no)
    minutes = int(match[2]) * 60 + int(match[3] or 0)
    return _dt.timedelta(minutes=-minutes if match[1] == "-" else minutes)


def _date_arg(value: Any) -> _dt.datetime:
    if not isinstance(value, _dt.datetime):
        raise BslRuntimeError("Несоответствие типов (параметр номер '1')")
    return value


def _shifted(value: _dt.datetime, offset: _dt.timedelta) -> _dt.datetime:
    try:
        return value + offset
    except OverflowError:
        raise invalid_argument(1) from None


@builtin("ЧасовойПояс", "TimeZone")
def time_zone() -> str:
    return ENGINE_TIME_ZONE


@builtin("ЧасовойПоясСеанса", "SessionTimeZone")
def session_time_zone() -> str:
    return ENGINE_TIME_ZONE


@builtin("ПолучитьЧасовойПоясИнформационнойБазы", "GetInfoBaseTimeZone")
def infobase_time_zone() -> str:
    return ENGINE_TIME_ZONE


@builtin("ТекущаяУниверсальнаяДатаВМиллисекундах", "CurrentUniversalDateInMilliseconds")
def current_universal_milliseconds() -> int:
    """Milliseconds since 01.01.0001 00:00:00 UTC (what programs time their work with)."""
    elapsed = _dt.datetime.now(_dt.UTC).replace(tzinfo=None) - _dt.datetime(1, 1, 1)
    return elapsed // _dt.timedelta(milliseconds=1)


@builtin("МестноеВремя", "ToLocalTime")
def to_local_time(universal: Any, zone: Any = None) -> _dt.datetime:
    return _shifted(_date_arg(universal), zone_offset(zone, 2))


@builtin("УниверсальноеВремя", "ToUniversalTime")
def to_universal_time(local: Any, zone: Any = None) -> _dt.datetime:
    return _shifted(_date_arg(local), -zone_offset(zone, 2))


@builtin("СмещениеСтандартногоВремени", "StandardTimeOffset")
def standard_time_offset(zone: Any = None, _universal: Any = None) -> int:
    return int(zone_offset(zone, 1).total_seconds())


@builtin("ПредставлениеЧасовогоПояса", "TimeZonePresentation")
def time_zone_presentation(zone: Any) -> str:
    minutes = int(zone_offset(zone, 1).total_seconds()) // 60
    sign = "-" if minutes < 0 else "+"
    hours, rest = divmod(abs(minutes), 60)
    return f"GMT{sign}{hours:02d}:{rest:02d}"


@builtin("ПолучитьДопустимыеЧасовыеПояса", "GetAvailableTimeZones")
def available_time_zones() -> BslArray:
    return BslArray(sorted(STANDARD_OFFSETS))
