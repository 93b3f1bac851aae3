"""Names of the global context: what a module may call or read without a qualifier.

Data, not logic: built from the table of global_context (the platform) plus the globals OneScript adds;
the checker uses GLOBAL_METHODS and GLOBAL_METHOD_AVAILABILITY for UndefinedMethod; the executor may use both
tables to know which bare names are built in. Each entry is (Russian, English). The lists cover the
1C:Enterprise 8.3 global context (server, client and common) and the globals OneScript adds, because
PRISM runs category A code on OneScript: a name missing here would be a false UndefinedMethod.
"""

from __future__ import annotations

from prism_desktop.bsl import global_context
from prism_desktop.bsl.global_context import EVERYWHERE, GlobalName


def canonical(name: str) -> str:
    """Case-insensitive identity of a BSL name: lower case, ё read as е."""
    return name.lower().replace("ё", "е")


# Globals of OneScript (category A runs there); harmless elsewhere since only bare calls use them.
_ONESCRIPT_FUNCTIONS = (
    ("ЗагрузитьСценарий", "LoadScript"), ("ЗагрузитьСценарийИзСтроки", "LoadScriptFromString"),
    ("ПодключитьСценарий", "AttachScript"), ("ТекущийСценарий", "CurrentScript"),
    ("СтартовыйСценарий", "StartupScript"), ("Приостановить", "Sleep"),
    ("ОсвободитьОбъект", "FreeObject"), ("ВыполнитьСборкуМусора", "RunGarbageCollection"),
    ("ПолучитьПеременнуюСреды", "GetEnvironmentVariable"),
    ("УстановитьПеременнуюСреды", "SetEnvironmentVariable"),
    ("ПеременныеСреды", "EnvironmentVariables"), ("ЗавершитьРаботу", "Exit"),
    ("ТекущийКаталог", "CurrentDirectory"), ("УстановитьТекущийКаталог", "SetCurrentDirectory"),
    ("ОбъединитьПути", "CombinePath"), ("СоздатьПроцесс", "CreateProcess"),
    ("НайтиПроцессПоИдентификатору", "FindProcessById"),
    ("НайтиПроцессыПоИмени", "FindProcessesByName"), ("ИнформацияОСценарии", "ScriptInfo"),
    ("ПодключитьВнешнююБиблиотеку", "AttachExternalLibrary"),
)

# OneScript's own global properties, and the module's owner as a script sees itself.
_ONESCRIPT_PROPERTIES = (
    ("ЭтотОбъект", "ThisObject"), ("АргументыКоманднойСтроки", "CommandLineArguments"),
)


def _pairs(names: tuple[GlobalName, ...]) -> tuple[tuple[str, str], ...]:
    return tuple((n.russian, english) for n in names for english in n.english)


# (Russian, English) pairs of every global-context function and procedure (a Russian name with
# two English spellings gives two pairs).
GLOBAL_METHOD_PAIRS: tuple[tuple[str, str], ...] = _pairs(global_context.METHODS) + _ONESCRIPT_FUNCTIONS
# (Russian, English) pairs of the global-context properties.
GLOBAL_PROPERTY_PAIRS: tuple[tuple[str, str], ...] = (
    _pairs(global_context.PROPERTIES) + _ONESCRIPT_PROPERTIES
)

# canonical spelling (either language) -> the Russian display name
GLOBAL_METHODS: dict[str, str] = {
    canonical(spelling): ru for ru, en in GLOBAL_METHOD_PAIRS for spelling in (ru, en)
}
GLOBAL_PROPERTIES: dict[str, str] = {
    canonical(spelling): ru for ru, en in GLOBAL_PROPERTY_PAIRS for spelling in (ru, en)
}
# canonical spelling -> the contexts (global_context.CLIENT/SERVER/EXTERNAL_CONNECTION) a method is
# available in; OneScript's globals count as available everywhere (a script has one context)
GLOBAL_METHOD_AVAILABILITY: dict[str, frozenset[str]] = {
    **{canonical(spelling): EVERYWHERE for pair in _ONESCRIPT_FUNCTIONS for spelling in pair},
    **{
        canonical(spelling): name.availability
        for name in global_context.METHODS
        for spelling in (name.russian, *name.english)
    },
}
# canonical spelling -> Russian name of a system enumeration
SYSTEM_ENUMERATIONS: dict[str, str] = {
    canonical(spelling): name.russian
    for name in global_context.SYSTEM_ENUMERATIONS
    for spelling in (name.russian, *name.english)
}
