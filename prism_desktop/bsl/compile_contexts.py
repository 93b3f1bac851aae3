"""The contexts the platform compiles a module in: each sets the preprocessor symbols of `#Если`,
decides which methods are compiled (by their `&НаКлиенте`/`&НаСервере…` directives) and which
global-context names exist (global_context's availability letters).

Source: the platform's documentation, "Инструкции препроцессора" and "Директивы компиляции"
(1C:Enterprise 8.3 Developer Guide, chapter 4): the symbols Клиент/НаКлиенте are true in every
client, Сервер/НаСервере on the server, ВнешнееСоединение in an external connection, and
ТонкийКлиент, ВебКлиент, ТолстыйКлиентУправляемоеПриложение, ТолстыйКлиентОбычноеПриложение name
the client application. МобильныйКлиент (the mobile client) and МобильныйАвтономныйСервер (its
standalone server) are compiled only for configurations meant for mobile devices; the checker
compiles a client (server) module there when the module's own `#Если` speaks of it. The mobile
platform's own contexts (МобильноеПриложениеКлиент/Сервер) are not compiled here. A thick client
(managed or ordinary application) has the server's global methods
as well as the client's (the syntax assistant lists "толстый клиент" next to "сервер").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from prism_desktop.bsl.global_context import CLIENT, EVERYWHERE, EXTERNAL_CONNECTION, SERVER
from prism_desktop.bsl.preprocessor import normalize_defines

CLIENT_SIDE = "client"
SERVER_SIDE = "server"


class CompileContext(NamedTuple):
    name: str  # the platform's symbol, shown in diagnostics
    defines: frozenset[str]  # canonical preprocessor symbols that are true
    availability: frozenset[str]  # global_context letters whose names exist here
    side: str  # CLIENT_SIDE or SERVER_SIDE: which directives' methods are compiled


def _context(
    name: str, symbols: tuple[str, ...], availability: Iterable[str], side: str
) -> CompileContext:
    return CompileContext(name, normalize_defines(symbols), frozenset(availability), side)


SERVER_CONTEXT = _context("Сервер", ("Сервер", "НаСервере"), (SERVER,), SERVER_SIDE)
EXTERNAL_CONNECTION_CONTEXT = _context(
    "ВнешнееСоединение", ("ВнешнееСоединение",), (EXTERNAL_CONNECTION,), SERVER_SIDE
)
THIN_CLIENT = _context("ТонкийКлиент", ("Клиент", "НаКлиенте", "ТонкийКлиент"), (CLIENT,), CLIENT_SIDE)
WEB_CLIENT = _context("ВебКлиент", ("Клиент", "НаКлиенте", "ВебКлиент"), (CLIENT,), CLIENT_SIDE)
THICK_CLIENT_MANAGED = _context(
    "ТолстыйКлиентУправляемоеПриложение",
    ("Клиент", "НаКлиенте", "ТолстыйКлиентУправляемоеПриложение"),
    EVERYWHERE,
    CLIENT_SIDE,
)
THICK_CLIENT_ORDINARY = _context(
    "ТолстыйКлиентОбычноеПриложение",
    ("Клиент", "НаКлиенте", "ТолстыйКлиентОбычноеПриложение"),
    EVERYWHERE,
    CLIENT_SIDE,
)
MOBILE_CLIENT = _context(
    "МобильныйКлиент", ("Клиент", "НаКлиенте", "МобильныйКлиент"), (CLIENT,), CLIENT_SIDE
)
MOBILE_STANDALONE_SERVER = _context(
    "МобильныйАвтономныйСервер", ("Сервер", "НаСервере", "МобильныйАвтономныйСервер"), (SERVER,), SERVER_SIDE
)
MANAGED_CLIENTS = (THIN_CLIENT, WEB_CLIENT, THICK_CLIENT_MANAGED)
ALL_CONTEXTS = (
    SERVER_CONTEXT, *MANAGED_CLIENTS, MOBILE_CLIENT, MOBILE_STANDALONE_SERVER, THICK_CLIENT_ORDINARY,
    EXTERNAL_CONNECTION_CONTEXT,
)


def custom_context(defines: Iterable[str]) -> CompileContext:
    """The one context `--define` describes: its symbols, every global name (as before contexts
    were known), the side its symbols name (client when a client symbol is true)."""
    symbols = normalize_defines(defines)
    side = CLIENT_SIDE if symbols & {"клиент", "наклиенте"} else SERVER_SIDE
    return CompileContext("+".join(sorted(defines)) or "-", symbols, EVERYWHERE, side)


# Compilation directives (canonical, either language) -> the sides whose compile includes the method.
_BOTH = frozenset((CLIENT_SIDE, SERVER_SIDE))
DIRECTIVE_SIDES: dict[str, frozenset[str]] = {
    **dict.fromkeys(("наклиенте", "atclient"), frozenset((CLIENT_SIDE,))),
    **dict.fromkeys(
        ("насервере", "atserver", "насерверебезконтекста", "atservernocontext"), frozenset((SERVER_SIDE,))
    ),
    **dict.fromkeys(("наклиентенасерверебезконтекста", "atclientatservernocontext"), _BOTH),
    **dict.fromkeys(("наклиентенасервере", "atclientatserver"), _BOTH),
}
