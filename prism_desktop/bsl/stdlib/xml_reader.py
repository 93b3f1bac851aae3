"""ЧтениеXML over a string: УстановитьСтроку, then node by node with Прочитать() / ТипУзла / Имя /
Значение and the attribute methods; ПараметрыЧтенияXML and the system enumeration ТипУзлаXML.

The whole text is parsed at once by Python's expat (no file, no network: a DOCTYPE is refused, so no
external or internal entity is ever expanded) into a list of nodes; Прочитать() walks that list and
raises the parse error only when it reaches the place where the text stops being well-formed, as a
streaming reader does. What the walk shows follows OneScript (PRISM's category-A runner), which wraps
.NET's XmlReader: the XML declaration is a node (ОбъявлениеXML) that ПерейтиКСодержимому skips;
whitespace-only text is skipped; an empty element `<a/>` is read as НачалоЭлемента then КонецЭлемента,
and that end node still answers for the element's attributes; without ПараметрыЧтенияXML comments are
skipped and CDATA sections read as Текст (a ПараметрыЧтенияXML built by the program keeps comments and
CDATA unless told otherwise, as in OneScript).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from prism_desktop.bsl.stdlib.globals import arg_bool, arg_int, arg_str, global_property
from prism_desktop.bsl.stdlib.json_text import FILES_REFUSED
from prism_desktop.bsl.stdlib.types import register_constructor
from prism_desktop.bsl.values.base import BslObject, BslRuntimeError, is_number, method, prop
from prism_desktop.bsl.values.enums import EnumValue, make_enum

NODE_TYPES, NODE = make_enum(
    "ТипУзлаXML",
    [
        ("Атрибут", "Attribute"),
        ("ИнструкцияОбработки", "ProcessingInstruction"),
        ("Комментарий", "Comment"),
        ("КонецСущности", "EndEntity"),
        ("КонецЭлемента", "EndElement"),
        ("НачалоЭлемента", "StartElement"),
        ("Ничего", "None"),
        ("Нотация", "Notation"),
        ("ОбъявлениеXML", "XMLDeclaration"),
        ("ОпределениеТипаДокумента", "DocumentTypeDefinition"),
        ("ПробельныеСимволы", "Whitespace"),
        ("СекцияCDATA", "CDATASection"),
        ("СсылкаНаСущность", "EntityReference"),
        ("Сущность", "Entity"),
        ("Текст", "Text"),
    ],
)
global_property("ТипУзлаXML", "XMLNodeType", NODE_TYPES)

XMLNS_URI = "http://www.w3.org/2000/xmlns/"
XML_URI = "http://www.w3.org/XML/1998/namespace"
# Node kinds that ИмеетЗначение answers Истина for (.NET XmlReader.HasValue).
_VALUED = frozenset(
    ("Атрибут", "Текст", "СекцияCDATA", "Комментарий", "ИнструкцияОбработки", "ОбъявлениеXML")
)
# What ПерейтиКСодержимому skips (.NET MoveToContent).
_NOT_CONTENT = frozenset(("ОбъявлениеXML", "ИнструкцияОбработки", "Комментарий", "ПробельныеСимволы"))


@dataclass
class XmlName:
    qualified: str
    uri: str = ""

    @property
    def prefix(self) -> str:
        return self.qualified.split(":", 1)[0] if ":" in self.qualified else ""

    @property
    def local(self) -> str:
        return self.qualified.split(":", 1)[-1]


@dataclass
class XmlNode:
    kind: str  # a ТипУзлаXML value name
    name: XmlName = field(default_factory=lambda: XmlName(""))
    value: str = ""
    attributes: list[tuple[XmlName, str]] = field(default_factory=list)
    depth: int = 0  # elements open around the node (an element's own start and end nodes: its parents)


class XmlReaderSettings(BslObject):
    """ПараметрыЧтенияXML(Версия, Язык, ПробельныеСимволы, ТипПроверкиПравильности,
    ИгнорироватьОбъявлениеXML, ИгнорироватьТипДокумента, ИгнорироватьИнструкцииОбработки,
    ИгнорироватьКомментарии, ИгнорироватьПробельныеСимволы, СекцииCDATAКакТекст, …)."""

    TYPE_RU = "ПараметрыЧтенияXML"
    TYPE_EN = "XMLReaderSettings"
    __slots__ = ("cdata_as_text", "ignore_comments", "ignore_pi", "ignore_whitespace", "version")

    def __init__(self, args: list[Any], *, reader_default: bool = False) -> None:
        args = [*args, *([None] * (11 - len(args)))]

        def flag(index: int, default: bool) -> bool:
            return default if args[index] is None else arg_bool(args[index], index + 1)

        self.version = "1.0" if args[0] is None else arg_str(args[0])
        self.ignore_pi = flag(6, False)
        # A reader without settings skips comments and reads CDATA as text; a constructed one does
        # not, unless told (OneScript: the two defaults differ).
        self.ignore_comments = flag(7, reader_default)
        self.ignore_whitespace = flag(8, True)
        self.cdata_as_text = flag(9, reader_default)

    @prop("Версия", "Version")
    def get_version(self) -> str:
        return self.version

    @prop("ИгнорироватьКомментарии", "IgnoreComments")
    def get_ignore_comments(self) -> bool:
        return self.ignore_comments

    @prop("ИгнорироватьПробельныеСимволы", "IgnoreWhitespace")
    def get_ignore_whitespace(self) -> bool:
        return self.ignore_whitespace

    @prop("ИгнорироватьИнструкцииОбработки", "IgnoreProcessingInstructions")
    def get_ignore_pi(self) -> bool:
        return self.ignore_pi

    @prop("СекцииCDATAКакТекст", "CDATASectionAsText")
    def get_cdata_as_text(self) -> bool:
        return self.cdata_as_text


class _TreeBuilder:
    """expat callbacks → the list of nodes the reader walks."""

    def __init__(self, data: bytes, settings: XmlReaderSettings) -> None:
        self.data = data
        self.settings = settings
        self.nodes: list[XmlNode] = []
        self.scopes: list[dict[str, str]] = [{"xml": XML_URI, "xmlns": XMLNS_URI}]
        self.open: list[tuple[XmlNode, int]] = []  # start nodes and their byte offsets
        self.text: list[str] = []
        self.in_cdata = False

    def parse(self) -> BslRuntimeError | None:
        import xml.parsers.expat as expat  # on first use: start-up does not load pyexpat

        parser = expat.ParserCreate(encoding="UTF-8")  # the text is already decoded: ignore the declared one
        parser.ordered_attributes = True
        parser.XmlDeclHandler = self.declaration
        parser.StartElementHandler = lambda name, attrs: self.start(parser, name, attrs)
        parser.EndElementHandler = lambda name: self.end(parser, name)
        parser.CharacterDataHandler = self.text.append
        parser.CommentHandler = self.comment
        parser.ProcessingInstructionHandler = self.instruction
        parser.StartCdataSectionHandler = self.cdata_start
        parser.EndCdataSectionHandler = self.cdata_end
        parser.StartDoctypeDeclHandler = self.doctype
        try:
            parser.Parse(self.data, True)
        except expat.ExpatError as error:
            self.flush_text()
            reason = expat.ErrorString(error.code)
            return BslRuntimeError(
                f"Ошибка разбора XML: {reason} (строка {error.lineno}, позиция {error.offset + 1})"
            )
        except BslRuntimeError as error:
            return error
        return None

    def add(self, node: XmlNode) -> XmlNode:
        node.depth = len(self.open)
        self.nodes.append(node)
        return node

    def flush_text(self) -> None:
        if not self.text:
            return
        value = "".join(self.text)
        self.text.clear()  # in place: expat holds the list's append
        if self.in_cdata:
            self.add(XmlNode("Текст" if self.settings.cdata_as_text else "СекцияCDATA", value=value))
        elif value.strip(" \t\r\n") or not self.settings.ignore_whitespace:
            self.add(XmlNode("Текст", value=value))

    def declaration(self, version: str, encoding: str | None, standalone: int) -> None:
        value = f'version="{version}"'
        if encoding:
            value += f' encoding="{encoding}"'
        if standalone != -1:
            value += f' standalone="{"yes" if standalone else "no"}"'
        self.add(XmlNode("ОбъявлениеXML", XmlName("xml"), value))

    def start(self, parser: Any, name: str, flat: list[str]) -> None:
        self.flush_text()
        pairs = list(zip(flat[::2], flat[1::2], strict=True))
        scope = dict(self.scopes[-1])
        for attr, value in pairs:
            if attr == "xmlns":
                scope[""] = value
            elif attr.startswith("xmlns:"):
                scope[attr[6:]] = value
        self.scopes.append(scope)
        element = XmlName(name)
        element.uri = scope.get(element.prefix, "")
        attributes = []
        for attr, value in pairs:
            attr_name = XmlName(attr)
            if attr == "xmlns" or attr_name.prefix:
                attr_name.uri = XMLNS_URI if attr == "xmlns" else scope.get(attr_name.prefix, "")
            attributes.append((attr_name, value))
        node = self.add(XmlNode("НачалоЭлемента", element, attributes=attributes))
        self.open.append((node, parser.CurrentByteIndex))

    def end(self, parser: Any, _name: str) -> None:
        self.flush_text()
        start, offset = self.open.pop()
        self.scopes.pop()
        here = parser.CurrentByteIndex
        # `<a/>`: the end comes right after its own start, and the bytes read end with "/>"; that end
        # node keeps the attributes (OneScript reads them again there).
        empty = self.nodes[-1] is start and self.data[offset:here].endswith(b"/>")
        self.add(XmlNode("КонецЭлемента", start.name, attributes=start.attributes if empty else []))

    def comment(self, text: str) -> None:
        self.flush_text()
        if not self.settings.ignore_comments:
            self.add(XmlNode("Комментарий", value=text))

    def instruction(self, target: str, data: str) -> None:
        self.flush_text()
        if not self.settings.ignore_pi:
            self.add(XmlNode("ИнструкцияОбработки", XmlName(target), data))

    def cdata_start(self) -> None:
        self.flush_text()
        self.in_cdata = True

    def cdata_end(self) -> None:
        if not self.text:  # an empty CDATA section is still a node
            self.text.append("")
        self.flush_text()
        self.in_cdata = False

    def doctype(self, *_args: Any) -> None:
        raise BslRuntimeError(
            "Ошибка разбора XML: определение типа документа (DOCTYPE) не поддерживается "
            "исполнителем PRISM Desktop"
        )


_NO_NODE = XmlNode("Ничего")


class XmlReader(BslObject):
    """ЧтениеXML over a string."""

    TYPE_RU = "ЧтениеXML"
    TYPE_EN = "XMLReader"
    __slots__ = ("attribute", "error", "nodes", "position", "settings")

    def __init__(self) -> None:
        self.nodes: list[XmlNode] = []
        self.error: BslRuntimeError | None = None
        self.position = -1  # the current node; -1 before the first Прочитать()
        self.attribute = -1  # the attribute the reader stands on; -1: on the node itself
        self.settings = XmlReaderSettings([], reader_default=True)

    # --- opening ------------------------------------------------------------------------------
    @method("УстановитьСтроку", "SetString")
    def set_string(self, text: Any, settings: Any = None) -> None:
        if settings is not None and not isinstance(settings, XmlReaderSettings):
            raise BslRuntimeError("Несоответствие типов (параметр номер '2')")
        self.settings = settings or XmlReaderSettings([], reader_default=True)
        builder = _TreeBuilder(arg_str(text).encode("utf-8", "surrogatepass"), self.settings)
        self.error = builder.parse()
        self.nodes, self.position, self.attribute = builder.nodes, -1, -1

    @method("ОткрытьФайл", "OpenFile")
    def open_file(self, *_args: Any) -> None:
        raise BslRuntimeError(FILES_REFUSED.format("ЧтениеXML.ОткрытьФайл"))

    @method("ОткрытьПоток", "OpenStream")
    def open_stream(self, *_args: Any) -> None:
        raise BslRuntimeError(FILES_REFUSED.format("ЧтениеXML.ОткрытьПоток"))

    @method("Закрыть", "Close")
    def close(self) -> None:
        self.nodes, self.error, self.position, self.attribute = [], None, -1, -1

    # --- moving -------------------------------------------------------------------------------
    @method("Прочитать", "Read")
    def read(self) -> bool:
        self.attribute = -1
        if self.position < len(self.nodes):
            self.position += 1
        if self.position < len(self.nodes):
            return True
        if self.error is not None:
            error, self.error = self.error, None
            raise error
        return False

    @method("Пропустить", "Skip")
    def skip(self) -> None:
        """On a start element: to its end element; elsewhere: one node on."""
        node = self._node()
        if node.kind != "НачалоЭлемента":
            self.read()
            return
        while self.read():
            current = self.nodes[self.position]
            if current.kind == "КонецЭлемента" and current.depth == node.depth:
                return

    @method("ПерейтиКСодержимому", "MoveToContent")
    def move_to_content(self) -> EnumValue:
        self.attribute = -1
        if self.position < 0:
            self.read()
        while self.position < len(self.nodes) and self._node().kind in _NOT_CONTENT:
            self.read()
        return self.node_type()

    # --- the current node ---------------------------------------------------------------------
    def _node(self) -> XmlNode:
        return self.nodes[self.position] if 0 <= self.position < len(self.nodes) else _NO_NODE

    def _current_name(self) -> XmlName:
        node = self._node()
        return node.attributes[self.attribute][0] if self.attribute >= 0 else node.name

    @prop("ТипУзла", "NodeType")
    def node_type(self) -> EnumValue:
        return NODE["Атрибут"] if self.attribute >= 0 else NODE[self._node().kind]

    @prop("Имя", "Name")
    def name(self) -> str:
        return self._current_name().qualified

    @prop("ЛокальноеИмя", "LocalName")
    def local_name(self) -> str:
        return self._current_name().local

    @prop("Префикс", "Prefix")
    def prefix(self) -> str:
        return self._current_name().prefix

    @prop("URIПространстваИмен", "NamespaceURI")
    def namespace_uri(self) -> str:
        return self._current_name().uri

    @prop("ИмеетИмя", "HasName")
    def has_name(self) -> bool:
        return self._current_name().local != ""

    @prop("ИмеетЗначение", "HasValue")
    def has_value(self) -> bool:
        return self.node_type().name in _VALUED

    @prop("Значение", "Value")
    def value(self) -> str:
        node = self._node()
        return node.attributes[self.attribute][1] if self.attribute >= 0 else node.value

    @prop("ЭтоСимвольныеДанные", "IsCharacters")
    def is_characters(self) -> bool:
        return self.attribute < 0 and self._node().kind in ("Текст", "СекцияCDATA")

    @prop("ЭтоПробельныеСимволы", "IsWhitespace")
    def is_whitespace(self) -> bool:
        return self.is_characters() and not self._node().value.strip(" \t\r\n")

    # --- attributes ---------------------------------------------------------------------------
    def _attributes(self) -> list[tuple[XmlName, str]]:
        return self._node().attributes

    def _attribute_at(self, index: Any) -> tuple[XmlName, str] | None:
        position = arg_int(index)
        attributes = self._attributes()
        return attributes[position] if 0 <= position < len(attributes) else None

    @method("КоличествоАтрибутов", "AttributeCount")
    def attribute_count(self) -> int:
        return len(self._attributes())

    @method("ЗначениеАтрибута", "AttributeValue")
    def attribute_value(self, index_or_name: Any, uri: Any = None) -> str | None:
        """By position (from 0) or by name (and namespace URI); Неопределено when there is none."""
        if is_number(index_or_name):
            found = self._attribute_at(index_or_name)
            return None if found is None else found[1]
        if not isinstance(index_or_name, str):
            raise BslRuntimeError("Несоответствие типов (параметр номер '1')")
        for attr_name, attr_value in self._attributes():
            if uri is None and attr_name.qualified == index_or_name:
                return attr_value
            if uri is not None and attr_name.local == index_or_name and attr_name.uri == arg_str(uri):
                return attr_value
        return None

    @method("ПолучитьАтрибут", "GetAttribute")
    def get_attribute(self, index_or_name: Any, uri: Any = None) -> str | None:
        return self.attribute_value(index_or_name, uri)

    def _attribute_name(self, index: Any) -> XmlName:
        found = self._attribute_at(index)
        return XmlName("") if found is None else found[0]

    @method("ИмяАтрибута", "AttributeName")
    def attribute_name(self, index: Any) -> str:
        return self._attribute_name(index).qualified

    @method("ЛокальноеИмяАтрибута", "AttributeLocalName")
    def attribute_local_name(self, index: Any) -> str:
        return self._attribute_name(index).local

    @method("ПрефиксАтрибута", "AttributePrefix")
    def attribute_prefix(self, index: Any) -> str:
        return self._attribute_name(index).prefix

    @method("URIПространстваИменАтрибута", "AttributeNamespaceURI")
    def attribute_namespace_uri(self, index: Any) -> str:
        return self._attribute_name(index).uri

    @method("ПервыйАтрибут", "FirstAttribute")
    def first_attribute(self) -> bool:
        if not self._attributes():
            return False
        self.attribute = 0
        return True

    @method("ПрочитатьАтрибут", "ReadAttribute")
    def read_attribute(self) -> bool:
        """The next attribute of the current element (the first when on the element itself); Ложь
        after the last one, which stays current."""
        if self.attribute + 1 >= len(self._attributes()):
            return False
        self.attribute += 1
        return True

    @method("СледующийАтрибут", "NextAttribute")
    def next_attribute(self) -> bool:
        return self.read_attribute()

    @method("ПерейтиКЭлементу", "MoveToElement")
    def move_to_element(self) -> bool:
        was_on_attribute = self.attribute >= 0
        self.attribute = -1
        return was_on_attribute


register_constructor(("ЧтениеXML", "XMLReader"), lambda _args: XmlReader())
register_constructor(("ПараметрыЧтенияXML", "XMLReaderSettings"), XmlReaderSettings)
