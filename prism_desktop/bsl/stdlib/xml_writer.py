"""ЗаписьXML over a string: УстановитьСтроку([Кодировка | ПараметрыЗаписиXML]), the Записать… methods,
Закрыть() returning the text; ПараметрыЗаписиXML.

The layout is what OneScript (PRISM's category-A runner, over .NET's XmlTextWriter) writes: with Отступ
(the default) every element and comment starts on its own line, indented once per open element — four
spaces after УстановитьСтроку() or УстановитьСтроку("кодировка"), ПараметрыЗаписиXML.СимволыОтступа (a
tab unless given) otherwise; inside an element that received text or raw data everything stays on one
line; an element without content is written `<a/>`; the declaration names the encoding as .NET does
(`utf-8`, `windows-1251`). Text escapes `&`, `<`, `>`; attribute values also `"` and line breaks (a tab
stays as it is, so a reader sees a space); other control characters become character references.
Закрыть() closes the elements still open, as .NET's writer does. The file form (ОткрытьФайл) is
refused: the engine is a sandbox layer.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass, field
from typing import Any

from prism_desktop.bsl.stdlib.globals import arg_bool, arg_str
from prism_desktop.bsl.stdlib.json_text import FILES_REFUSED
from prism_desktop.bsl.stdlib.types import register_constructor
from prism_desktop.bsl.stdlib.xml_reader import XmlReader
from prism_desktop.bsl.values.base import BslObject, BslRuntimeError, method, prop

STRING_INDENT = "    "  # УстановитьСтроку without ПараметрыЗаписиXML (OneScript)
SETTINGS_INDENT = "\t"  # ПараметрыЗаписиXML's default СимволыОтступа
WRONG_ORDER = "Ошибочный порядок записи XML"
_WEB_NAMES = {
    "UTF-8": "utf-8",
    "UTF-16": "utf-16",
    "UTF-16LE": "utf-16",
    "UTF-16BE": "utf-16BE",
    "UTF-32": "utf-32",
    "UTF-32LE": "utf-32",
    "UTF-32BE": "utf-32BE",
}


def encoding_web_name(name: str) -> str:
    """The encoding as the declaration names it (.NET's Encoding.WebName)."""
    key = name.strip().upper()
    if not key:
        return "utf-8"
    if key in _WEB_NAMES:
        return _WEB_NAMES[key]
    try:
        codecs.lookup(name.strip())
    except LookupError:
        raise BslRuntimeError(f"Неверная кодировка: «{name}»") from None
    return name.strip().lower()


def escape_text(text: str, *, attribute: bool = False) -> str:
    out: list[str] = []
    for char in text:
        code = ord(char)
        if char == "&":
            out.append("&amp;")
        elif char == "<":
            out.append("&lt;")
        elif char == ">":
            out.append("&gt;")
        elif char == '"' and attribute:
            out.append("&quot;")
        elif char in "\r\n":
            out.append(f"&#x{code:X};" if attribute else char)
        elif (code < 0x20 and char != "\t") or code in (0xFFFE, 0xFFFF):
            out.append(f"&#x{code:X};")
        else:
            out.append(char)
    return "".join(out)


class XmlWriterSettings(BslObject):
    """ПараметрыЗаписиXML(Кодировка, Версия, Отступ, ОтступАтрибутов, СимволыОтступа)."""

    TYPE_RU = "ПараметрыЗаписиXML"
    TYPE_EN = "XMLWriterSettings"
    __slots__ = ("encoding", "indent", "indent_attributes", "indent_chars", "version")

    def __init__(self, args: list[Any]) -> None:
        args = [*args, *([None] * (5 - len(args)))]
        self.encoding = "UTF-8" if args[0] is None else arg_str(args[0])
        encoding_web_name(self.encoding)  # an unknown encoding is refused here, as the platform does
        self.version = "1.0" if args[1] is None else arg_str(args[1])
        self.indent = True if args[2] is None else arg_bool(args[2], 3)
        self.indent_attributes = False if args[3] is None else arg_bool(args[3], 4)
        self.indent_chars = SETTINGS_INDENT if args[4] is None else arg_str(args[4])

    @prop("Кодировка", "Encoding")
    def get_encoding(self) -> str:
        return self.encoding

    @prop("Версия", "Version")
    def get_version(self) -> str:
        return self.version

    @prop("Отступ", "Indent")
    def get_indent(self) -> bool:
        return self.indent

    @prop("ОтступАтрибутов", "IndentAttributes")
    def get_indent_attributes(self) -> bool:
        return self.indent_attributes

    @prop("СимволыОтступа", "IndentChars")
    def get_indent_chars(self) -> str:
        return self.indent_chars


@dataclass
class _Element:
    name: str
    scope: dict[str, str]  # prefix -> namespace URI in force inside the element ("" the default one)
    mixed: bool = False  # it (or an ancestor) received text: markup inside stays on the line
    attributes: list[tuple[str, str]] = field(default_factory=list)  # while the start tag is open
    # Namespaces the writer declared itself (made-up attribute prefixes, a new default namespace):
    # .NET writes them at the end of the start tag.
    implied: list[tuple[str, str]] = field(default_factory=list)
    generated: int = 0  # prefixes made up for attribute namespaces (d1p1, d1p2 …)


class XmlWriter(BslObject):
    """ЗаписьXML over a string."""

    TYPE_RU = "ЗаписьXML"
    TYPE_EN = "XMLWriter"
    __slots__ = ("encoding", "indent", "indent_chars", "indent_flag", "parts", "stack", "started", "tag_open")

    def __init__(self) -> None:
        self.parts: list[str] | None = None
        self.stack: list[_Element] = [_Element("", {})]  # [0] stands for the document itself
        self.tag_open = False  # a start tag waits for attributes
        self.started = False  # something was written (the first element gets no line break)
        self.indent_flag = True  # the Отступ property, used by УстановитьСтроку("кодировка")
        self.indent = True
        self.indent_chars = STRING_INDENT
        self.encoding = "utf-8"

    @prop("Отступ", "Indent", settable=True)
    def indent_property(self) -> bool:
        return self.indent_flag

    def set_indent_property(self, value: Any) -> None:
        self.indent_flag = arg_bool(value)

    @method("УстановитьСтроку", "SetString")
    def set_string(self, encoding_or_settings: Any = None) -> None:
        if isinstance(encoding_or_settings, XmlWriterSettings):
            settings = encoding_or_settings
            self.indent, self.indent_chars = settings.indent, settings.indent_chars
            self.encoding = encoding_web_name(settings.encoding)
        elif encoding_or_settings is None or isinstance(encoding_or_settings, str):
            self.indent, self.indent_chars = self.indent_flag, STRING_INDENT
            self.encoding = encoding_web_name(encoding_or_settings or "")
        else:
            raise BslRuntimeError("Несоответствие типов (параметр номер '1')")
        self.parts, self.stack, self.tag_open, self.started = [], [_Element("", {})], False, False

    @method("ОткрытьФайл", "OpenFile")
    def open_file(self, *_args: Any) -> None:
        raise BslRuntimeError(FILES_REFUSED.format("ЗаписьXML.ОткрытьФайл"))

    @method("ОткрытьПоток", "OpenStream")
    def open_stream(self, *_args: Any) -> None:
        raise BslRuntimeError(FILES_REFUSED.format("ЗаписьXML.ОткрытьПоток"))

    @method("Закрыть", "Close")
    def close(self) -> str:
        if self.parts is None:
            return ""
        while len(self.stack) > 1:
            self.end_element()
        text = "".join(self.parts)
        self.parts = None
        return text

    # --- layout -------------------------------------------------------------------------------
    def _out(self) -> list[str]:
        if self.parts is None:
            raise BslRuntimeError("Приемник данных XML не открыт")
        return self.parts

    def _close_start_tag(self, empty: bool = False) -> None:
        if not self.tag_open:
            return
        element = self.stack[-1]
        declared = [*element.attributes, *reversed(element.implied)]
        attributes = "".join(f' {name}="{escape_text(value, attribute=True)}"' for name, value in declared)
        self._out().append(f"<{element.name}{attributes}{'/>' if empty else '>'}")
        element.attributes, element.implied = [], []
        self.tag_open = False

    def _new_line(self, before_end: bool = False) -> None:
        """A line break and indentation before markup, unless the enclosing element holds text."""
        if not self.indent:
            return
        depth = len(self.stack) - 1  # open elements
        if depth == 0:
            self._out().append("\n")
        elif not self.stack[-1].mixed:
            self._out().append("\n" + self.indent_chars * (depth - 1 if before_end else depth))

    def _before_markup(self) -> None:
        """Before an element, a comment or an instruction."""
        self._out()
        self._close_start_tag()
        if self.started:
            self._new_line()
        self.started = True

    def _before_content(self) -> None:
        self._out()
        self._close_start_tag()
        self.started = True
        self.stack[-1].mixed = True

    # --- elements and attributes ----------------------------------------------------------------
    def _scope(self) -> dict[str, str]:
        return self.stack[-1].scope

    @method("ЗаписатьОбъявлениеXML", "WriteXMLDeclaration")
    def write_declaration(self) -> None:
        out = self._out()
        if self.started:
            raise BslRuntimeError(f"{WRONG_ORDER}: объявление XML пишется первым")
        out.append(f'<?xml version="1.0" encoding="{self.encoding}"?>')
        self.started = True

    @method("ЗаписатьНачалоЭлемента", "WriteStartElement")
    def start_element(self, name: Any, uri: Any = None) -> None:
        local = arg_str(name)
        if not local:
            raise BslRuntimeError("Недопустимое значение параметра (параметр номер '1')")
        self._before_markup()
        parent = self.stack[-1]
        element = _Element(local, dict(parent.scope), parent.mixed)
        if uri is not None:
            namespace = arg_str(uri)
            prefix = _prefix_of(element.scope, namespace, explicit_only=True)
            if prefix:
                element.name = f"{prefix}:{local}"
            elif element.scope.get("", "") != namespace:  # a new default namespace
                element.scope[""] = namespace
                element.implied.append(("xmlns", namespace))
        self.stack.append(element)
        self.tag_open = True

    @method("ЗаписатьКонецЭлемента", "WriteEndElement")
    def end_element(self) -> None:
        self._out()
        if len(self.stack) == 1:
            raise BslRuntimeError(f"{WRONG_ORDER}: нет открытого элемента")
        if self.tag_open:
            self._close_start_tag(empty=True)
        else:
            self._new_line(before_end=True)
            self._out().append(f"</{self.stack[-1].name}>")
        self.stack.pop()

    def _attribute_target(self) -> _Element:
        self._out()
        if not self.tag_open:
            raise BslRuntimeError(f"{WRONG_ORDER}: атрибут пишется сразу после начала элемента")
        return self.stack[-1]

    @method("ЗаписатьАтрибут", "WriteAttribute")
    def write_attribute(self, name: Any, uri_or_value: Any, value: Any = None) -> None:
        element = self._attribute_target()
        qualified = arg_str(name)
        if value is None:
            text = arg_str(uri_or_value)
        else:
            text = arg_str(value)
            namespace = arg_str(uri_or_value)
            if namespace:
                prefix = _prefix_of(element.scope, namespace, explicit_only=True)
                if not prefix:  # attributes have no default namespace: make a prefix up, as .NET does
                    element.generated += 1
                    prefix = f"d{len(self.stack) - 1}p{element.generated}"
                    element.scope[prefix] = namespace
                    element.implied.append((f"xmlns:{prefix}", namespace))
                qualified = f"{prefix}:{qualified}"
        if any(existing == qualified for existing, _value in element.attributes):
            raise BslRuntimeError(f"Ошибка записи XML: атрибут «{qualified}» уже записан")
        element.attributes.append((qualified, text))

    @method("ЗаписатьСоответствиеПространстваИмен", "WriteNamespaceMapping")
    def write_namespace_mapping(self, prefix: Any, uri: Any) -> None:
        element = self._attribute_target()
        prefix_text, namespace = arg_str(prefix), arg_str(uri)
        element.scope[prefix_text] = namespace
        element.attributes.append((f"xmlns:{prefix_text}" if prefix_text else "xmlns", namespace))

    @method("НайтиПрефикс", "LookupPrefix")
    def lookup_prefix(self, uri: Any) -> str | None:
        self._out()
        return _prefix_of(self._scope(), arg_str(uri))

    # --- content --------------------------------------------------------------------------------
    @method("ЗаписатьТекст", "WriteText")
    def write_text(self, text: Any) -> None:
        self._before_content()
        self._out().append(escape_text(arg_str(text)))

    @method("ЗаписатьБезОбработки", "WriteRaw")
    def write_raw(self, text: Any) -> None:
        self._before_content()
        self._out().append(arg_str(text))

    @method("ЗаписатьСекциюCDATA", "WriteCDATASection")
    def write_cdata(self, text: Any) -> None:
        data = arg_str(text)
        if "]]>" in data:
            raise BslRuntimeError("Ошибка записи XML: секция CDATA не может содержать «]]>»")
        self._before_content()
        self._out().append(f"<![CDATA[{data}]]>")

    @method("ЗаписатьКомментарий", "WriteComment")
    def write_comment(self, text: Any) -> None:
        data = arg_str(text)
        if "--" in data or data.endswith("-"):
            raise BslRuntimeError("Ошибка записи XML: комментарий не может содержать «--» и кончаться на «-»")
        self._before_markup()
        self._out().append(f"<!--{data}-->")

    @method("ЗаписатьИнструкциюОбработки", "WriteProcessingInstruction")
    def write_instruction(self, name: Any, text: Any) -> None:
        self._before_markup()
        self._out().append(f"<?{arg_str(name)} {arg_str(text)}?>")

    @method("ЗаписатьТекущий", "WriteCurrent")
    def write_current(self, reader: Any) -> None:
        """Copy the node a ЧтениеXML stands on (an element with its attributes)."""
        if not isinstance(reader, XmlReader):
            raise BslRuntimeError("Несоответствие типов (параметр номер '1')")
        kind = reader.node_type().name
        if kind == "НачалоЭлемента":
            self.start_element(reader.name())
            for index in range(reader.attribute_count()):
                attr_name, attr_value = reader.attribute_name(index), reader.attribute_value(index) or ""
                if attr_name == "xmlns" or attr_name.startswith("xmlns:"):
                    self.write_namespace_mapping(attr_name[6:], attr_value)
                else:
                    self.write_attribute(attr_name, attr_value)
        elif kind == "КонецЭлемента":
            self.end_element()
        elif kind == "Текст":
            self.write_text(reader.value())
        elif kind == "СекцияCDATA":
            self.write_cdata(reader.value())
        elif kind == "Комментарий":
            self.write_comment(reader.value())
        elif kind == "ИнструкцияОбработки":
            self.write_instruction(reader.name(), reader.value())
        elif kind == "ОбъявлениеXML":
            self.write_declaration()
        elif kind == "Атрибут":
            self.write_attribute(reader.name(), reader.value())


def _prefix_of(scope: dict[str, str], uri: str, *, explicit_only: bool = False) -> str | None:
    """The prefix bound to a namespace URI (the latest binding); "" when it is only the default
    namespace (unless explicit_only); None when it is not in scope."""
    for prefix, bound in reversed(list(scope.items())):
        if bound == uri and prefix:
            return prefix
    if not explicit_only and scope.get("") == uri:
        return ""
    return None


register_constructor(("ЗаписьXML", "XMLWriter"), lambda _args: XmlWriter())
register_constructor(("ПараметрыЗаписиXML", "XMLWriterSettings"), XmlWriterSettings)
