"""What a module is — a form's, an object's, a manager's, a common module, … — told by its path in
a configuration dump (the designer's layout or EDT's), and what follows from that: the contexts the
platform compiles it in, which methods each context compiles, and its owner's methods.

Designer layout: `Catalogs/X/Ext/ObjectModule.bsl`, `…/Ext/ManagerModule.bsl`,
`…/Forms/F/Ext/Form/Module.bsl`, `CommonModules/M/Ext/Module.bsl`, `…/Commands/C/Ext/CommandModule.bsl`,
`…/Ext/RecordSetModule.bsl`, `…/Ext/ValueManagerModule.bsl`, `Ext/ManagedApplicationModule.bsl`,
`Ext/SessionModule.bsl`, … EDT layout: `src/Catalogs/X/ObjectModule.bsl`, `…/Forms/F/Module.bsl`,
`src/CommonModules/M/Module.bsl`, `src/Configuration/ManagedApplicationModule.bsl`, …

The contexts of each kind follow the Developer Guide ("Контекст выполнения модулей") and what the
Standard Subsystems Library's code shows the platform compiles: object, record-set and value-manager
modules on the server, in the external connection and in both thick clients (SSL's guard
`#Если Сервер Или ТолстыйКлиентОбычноеПриложение Или ВнешнееСоединение Тогда … #Иначе
ВызватьИсключение` exists for the managed thick client); manager modules on every client too (their
presentation handlers run there); forms on the server and the clients; common modules by their
flags (from the metadata, else from the name's suffix, SSL's naming standard).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from prism_desktop.bsl import compile_contexts as cc
from prism_desktop.bsl import owner_members as om
from prism_desktop.bsl.compile_contexts import CompileContext
from prism_desktop.bsl.global_context import GlobalName

OBJECT = "object"
MANAGER = "manager"
RECORD_SET = "recordset"
VALUE_MANAGER = "valuemanager"
FORM = "form"
ORDINARY_FORM = "ordinaryform"
COMMAND = "command"
COMMON_MODULE = "common"
MANAGED_APPLICATION = "managedapplication"
ORDINARY_APPLICATION = "ordinaryapplication"
SESSION = "session"
EXTERNAL_CONNECTION = "externalconnection"
SERVICE = "service"
UNKNOWN = "unknown"
MODULE_KINDS = (
    OBJECT, MANAGER, RECORD_SET, VALUE_MANAGER, FORM, ORDINARY_FORM, COMMAND, COMMON_MODULE,
    MANAGED_APPLICATION, ORDINARY_APPLICATION, SESSION, EXTERNAL_CONNECTION, SERVICE, UNKNOWN,
)

# Common module flags (the metadata's property names in lower case).
SERVER_FLAG = "server"
SERVER_CALL_FLAG = "servercall"
CLIENT_MANAGED_FLAG = "clientmanagedapplication"
CLIENT_ORDINARY_FLAG = "clientordinaryapplication"
EXTERNAL_CONNECTION_FLAG = "externalconnection"
GLOBAL_FLAG = "global"
COMMON_MODULE_FLAGS = (
    SERVER_FLAG, SERVER_CALL_FLAG, CLIENT_MANAGED_FLAG, CLIENT_ORDINARY_FLAG, EXTERNAL_CONNECTION_FLAG,
    GLOBAL_FLAG,
)

_FILE_KINDS = {
    "objectmodule.bsl": OBJECT,
    "managermodule.bsl": MANAGER,
    "recordsetmodule.bsl": RECORD_SET,
    "valuemanagermodule.bsl": VALUE_MANAGER,
    "commandmodule.bsl": COMMAND,
    "managedapplicationmodule.bsl": MANAGED_APPLICATION,
    "ordinaryapplicationmodule.bsl": ORDINARY_APPLICATION,
    "sessionmodule.bsl": SESSION,
    "externalconnectionmodule.bsl": EXTERNAL_CONNECTION,
}
# metadata folders whose objects have object and manager modules; any other folder above
# `Ext/ObjectModule.bsl` is an external data processor's or report's own dump
_METADATA_FOLDERS = frozenset((
    "catalogs", "documents", "documentjournals", "enums", "reports", "dataprocessors",
    "chartsofcharacteristictypes", "chartsofaccounts", "chartsofcalculationtypes", "informationregisters",
    "accumulationregisters", "accountingregisters", "calculationregisters", "businessprocesses", "tasks",
    "exchangeplans", "constants", "sequences", "filtercriteria", "settingsstorages",
))
_SERVICE_FOLDERS = frozenset(("webservices", "httpservices", "integrationservices", "bots"))
_FORM_FOLDERS = frozenset(("forms", "commonforms"))
EXTERNAL_PROCESSOR = "externaldataprocessors"  # owner type of an external data processor or report


@dataclass(frozen=True)
class ModuleInfo:
    kind: str = UNKNOWN
    owner_type: str = ""  # metadata folder in lower case: catalogs, documents, commonmodules, …
    owner_name: str = ""
    # a common module's flags (COMMON_MODULE_FLAGS); None: not known from metadata
    flags: frozenset[str] | None = None
    config_root: Path | None = None  # the dump's root (holds Configuration.xml or Configuration/)
    # names the configuration makes callable without a qualifier (global common modules' exports)
    known_methods: tuple[str, ...] = field(default=())


def module_info(path: Path) -> ModuleInfo:
    """The kind of the module at `path`, from the dump layout; UNKNOWN for a file outside one."""
    parts = [p.lower() for p in path.parts]
    name = parts[-1] if parts else ""
    parent = parts[-2] if len(parts) > 1 else ""
    if name in _FILE_KINDS:
        kind = _FILE_KINDS[name]
        if kind not in (OBJECT, MANAGER, RECORD_SET, VALUE_MANAGER, COMMAND):
            return ModuleInfo(kind)  # an application's module: its owner is the configuration
        owner = -4 if parent == "ext" else -3  # designer: Type/Name/Ext/File; EDT: Type/Name/File
        owner_type = parts[owner] if len(parts) >= -owner else ""
        owner_name = path.parts[owner + 1] if len(parts) >= -owner else ""
        if kind == COMMAND and len(parts) >= -owner and parts[owner] == "commands":
            owner_type, owner_name = _at(parts, owner - 2), _at(list(path.parts), owner - 1)
        elif kind == OBJECT and owner_type not in _METADATA_FOLDERS:
            owner_type = EXTERNAL_PROCESSOR
        return ModuleInfo(kind, owner_type, owner_name)
    if name != "module.bsl":
        return ModuleInfo()
    if parent == "form" and _at(parts, -3) == "ext" and _at(parts, -5) in _FORM_FOLDERS:
        return _form(path, folder=-5)  # designer: …/Forms/F/Ext/Form/Module.bsl
    if _at(parts, -3) in _FORM_FOLDERS:
        return _form(path, folder=-3)  # EDT: …/Forms/F/Module.bsl
    folder = -4 if parent == "ext" else -3
    if _at(parts, folder) == "commonmodules":
        return ModuleInfo(COMMON_MODULE, "commonmodules", path.parts[folder + 1])
    if _at(parts, folder) in _SERVICE_FOLDERS:
        return ModuleInfo(SERVICE, parts[folder], path.parts[folder + 1])
    return ModuleInfo()


def _at(items: Sequence[str], index: int) -> str:
    return items[index] if len(items) >= -index else ""


def _form(path: Path, folder: int) -> ModuleInfo:
    parts = path.parts
    form_name = parts[folder + 1]
    owner_type = _at([p.lower() for p in parts], folder - 2) if parts[folder].lower() == "forms" else ""
    description = Path(*parts[: folder + 1]) / f"{form_name}.xml"  # designer: Forms/F.xml
    ordinary = False
    if description.is_file():
        head = description.read_text(encoding="utf-8-sig", errors="replace")[:4000]
        ordinary = "<FormType>Ordinary</FormType>" in head
    return ModuleInfo(ORDINARY_FORM if ordinary else FORM, owner_type, form_name)


# SSL's naming standard for common modules (1C's development standard 469): the suffix tells the
# flags when no metadata is at hand.
_NAME_SUFFIX_FLAGS = (
    (
        ("клиентсервер", "clientserver"),
        frozenset((SERVER_FLAG, CLIENT_MANAGED_FLAG, EXTERNAL_CONNECTION_FLAG)),
    ),
    (("вызовсервера", "servercall"), frozenset((SERVER_FLAG, SERVER_CALL_FLAG))),
    (("глобальный", "global"), frozenset((CLIENT_MANAGED_FLAG, GLOBAL_FLAG))),
    (("клиент", "client"), frozenset((CLIENT_MANAGED_FLAG,))),
)
_NAME_NOISE = re.compile(r"(повтисп|cached|переопределяемый|overridable)$")


def flags_from_name(name: str) -> frozenset[str]:
    """A common module's flags guessed from its name (a server module when nothing says otherwise)."""
    key = name.lower()
    while _NAME_NOISE.search(key):
        key = _NAME_NOISE.sub("", key)
    for suffixes, flags in _NAME_SUFFIX_FLAGS:
        if key.endswith(suffixes):
            return flags
    return frozenset((SERVER_FLAG,))


def contexts_of(info: ModuleInfo, text: str = "") -> tuple[CompileContext, ...]:
    """The contexts the platform compiles a module of this kind in (with the mobile client when a
    client module's directives speak of it)."""
    found = _contexts_of_kind(info, text)
    if cc.THIN_CLIENT in found and _mentions(text, "МобильныйКлиент", "MobileClient"):
        found = (*found, cc.MOBILE_CLIENT)
    if cc.SERVER_CONTEXT in found and _mentions(text, "МобильныйАвтономныйСервер", "MobileStandaloneServer"):
        found = (*found, cc.MOBILE_STANDALONE_SERVER)
    return found


def _mentions(text: str, *symbols: str) -> bool:
    """Whether an `#Если`/`#ИначеЕсли` condition of the module names one of the symbols."""
    pattern = rf"^\s*#\s*(Если|ИначеЕсли|If|ElsIf)\b[^\n]*({'|'.join(symbols)})"
    return re.search(pattern, text, re.IGNORECASE | re.MULTILINE) is not None


def _contexts_of_kind(info: ModuleInfo, text: str) -> tuple[CompileContext, ...]:
    kind = info.kind
    server_side = (cc.SERVER_CONTEXT, cc.EXTERNAL_CONNECTION_CONTEXT, cc.THICK_CLIENT_ORDINARY)
    if kind == MANAGER:  # presentation handlers (ОбработкаПолученияПредставления) run on every client
        return (*server_side, *cc.MANAGED_CLIENTS)
    if kind in (OBJECT, RECORD_SET, VALUE_MANAGER):  # objects exist where the object model does
        return (*server_side, cc.THICK_CLIENT_MANAGED)
    if kind == FORM:
        return (cc.SERVER_CONTEXT, *cc.MANAGED_CLIENTS)
    if kind in (ORDINARY_FORM, ORDINARY_APPLICATION):
        return (cc.THICK_CLIENT_ORDINARY,)
    if kind == COMMAND:  # ОбработкаКоманды runs on the client; a method without a directive, on the server
        return (*cc.MANAGED_CLIENTS, cc.THICK_CLIENT_ORDINARY, cc.SERVER_CONTEXT)
    if kind == MANAGED_APPLICATION:
        return cc.MANAGED_CLIENTS
    if kind in (SESSION, SERVICE):
        return (cc.SERVER_CONTEXT,)
    if kind == EXTERNAL_CONNECTION:
        return (cc.EXTERNAL_CONNECTION_CONTEXT,)
    if kind == COMMON_MODULE:
        flags = info.flags if info.flags is not None else flags_from_name(info.owner_name)
        found: list[CompileContext] = []
        if SERVER_FLAG in flags:  # ServerCall means something only next to Server
            found.append(cc.SERVER_CONTEXT)
        if flags & {CLIENT_MANAGED_FLAG, GLOBAL_FLAG}:
            found.extend(cc.MANAGED_CLIENTS)
        if CLIENT_ORDINARY_FLAG in flags:
            found.append(cc.THICK_CLIENT_ORDINARY)
        if EXTERNAL_CONNECTION_FLAG in flags:
            found.append(cc.EXTERNAL_CONNECTION_CONTEXT)
        return tuple(found) or (cc.SERVER_CONTEXT,)
    # unknown: the server, and a client too when the module's own directives speak of one
    client = cc.MANAGED_CLIENTS if _CLIENT_MENTION.search(text) else ()
    return (cc.SERVER_CONTEXT, *client)


_CLIENT_MENTION = re.compile(
    r"^\s*(&\s*(НаКлиенте|AtClient)|#\s*(Если|ИначеЕсли|If|ElsIf)\b[^\n]*(Клиент|Client))",
    re.IGNORECASE | re.MULTILINE,
)


def default_side(info: ModuleInfo) -> frozenset[str] | None:
    """The sides a method without a compilation directive is compiled for; None: directives do not
    select methods in this kind of module (every method is compiled in every context)."""
    if info.kind in (FORM, COMMAND):
        return frozenset((cc.SERVER_SIDE,))
    if info.kind == UNKNOWN:
        return frozenset((cc.CLIENT_SIDE, cc.SERVER_SIDE))
    return None


def owner_methods(info: ModuleInfo) -> tuple[GlobalName, ...]:
    """The owner's methods callable without a qualifier in a module of this kind."""
    kind = info.kind
    if kind == FORM:
        return om.form_members(ordinary=False)
    if kind == ORDINARY_FORM:
        return om.form_members(ordinary=True)
    if kind == OBJECT:
        return om.object_members(info.owner_type)
    if kind == MANAGER:
        return om.manager_members(info.owner_type)
    if kind == RECORD_SET:
        return om.record_set_members()
    if kind == VALUE_MANAGER:
        return om.value_manager_members()
    return ()
