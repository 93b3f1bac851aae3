"""Category B: the synthetic 1C infobase — metadata from config_spec, SQLite storage, fixtures, data-access
accounting. Pure Python + sqlite3; the BSL-facing objects live in prism_desktop.bsl.platform_bridge.

    config = load_configuration(spec_dict)            # ConfigError names the key path
    infobase = Infobase(config)                        # a fresh in-memory database
    infobase.techlog.counts("КодКандидата")            # sdbl / reg_reads / rows
"""

from prism_desktop.platform.infobase import Infobase, ObjectData, Row
from prism_desktop.platform.infobase_errors import PlatformError
from prism_desktop.platform.metadata import Configuration, Field, MetaObject
from prism_desktop.platform.metadata_errors import ConfigError
from prism_desktop.platform.metadata_spec import load_configuration
from prism_desktop.platform.refs import RefKey
from prism_desktop.platform.techlog import Counts, Techlog, TechlogEvent
from prism_desktop.platform.types import SimpleType, SystemEnumValue, TypeDescription

__all__ = [
    "ConfigError",
    "Configuration",
    "Counts",
    "Field",
    "Infobase",
    "MetaObject",
    "ObjectData",
    "PlatformError",
    "RefKey",
    "Row",
    "SimpleType",
    "SystemEnumValue",
    "Techlog",
    "TechlogEvent",
    "TypeDescription",
    "fixtures",
    "grow",
    "infobase",
    "infobase_errors",
    "load_configuration",
    "metadata",
    "metadata_errors",
    "query",
    "refs",
    "techlog",
    "types",
]
