"""ЧтениеXML / ЗаписьXML in memory: no text makes the reader raise anything but a BSL error, what the
writer writes reads back as the same tree, and a DOCTYPE (external or expanding entities) is refused
before anything is expanded or opened."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from prism_desktop.bsl.engine import Engine
from prism_desktop.bsl.stdlib.time_zones import zone_offset
from prism_desktop.bsl.stdlib.xml_reader import XmlReader, XmlReaderSettings
from prism_desktop.bsl.stdlib.xml_writer import XmlWriter, XmlWriterSettings
from prism_desktop.bsl.values.base import BslRuntimeError

FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

_PIECES = [
    "<a>",
    "</a>",
    "<b x='1'>",
    "</b>",
    "<c/>",
    '<d y="&amp;&lt;"/>',
    "text",
    " ",
    "\n",
    "&amp;",
    "&bad;",
    "&#65;",
    "&#1;",
    "<![CDATA[x]]>",
    "<!--c-->",
    "<?pi data?>",
    '<?xml version="1.0"?>',
    "<",
    ">",
    "&",
    '"',
    "'",
    "<p:e xmlns:p='u'>",
    "</p:e>",
    "<!DOCTYPE a>",
    "]]>",
    "\ufeff",
    "\x00",
    "Ж",
]


@FUZZ
@given(st.lists(st.sampled_from(_PIECES), max_size=40).map("".join))
def test_any_text_walks_or_fails_with_a_bsl_error(text: str) -> None:
    reader = XmlReader()
    reader.set_string(text)
    try:
        while reader.read():
            reader.node_type(), reader.name(), reader.local_name(), reader.value(), reader.has_value()
            for index in range(reader.attribute_count()):
                reader.attribute_name(index), reader.attribute_value(index)
            while reader.read_attribute():
                reader.name(), reader.value(), reader.namespace_uri()
    except BslRuntimeError as error:
        assert error.message.startswith("Ошибка разбора XML")


_NAMES = st.sampled_from(["a", "Товар", "x-y", "_z", "item.1"])
# Characters XML 1.0 allows (no other control characters) and no lone CR (parsers turn it into LF).
_TEXT = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\ufffe\uffff", min_codepoint=0x20)
    | st.sampled_from(["\t", "\n", "<", "&", ">", '"', "]"]),
    min_size=1,
    max_size=12,
)


@st.composite
def trees(draw: Any, depth: int = 0) -> tuple[str, list[tuple[str, str]], list[Any]]:
    """An element as (name, attributes, children: texts and elements)."""
    name = draw(_NAMES)
    attributes = draw(st.dictionaries(_NAMES, _TEXT | st.just("\r"), max_size=3))
    children: list[Any] = []
    for child in draw(st.lists(_TEXT | (trees(depth + 1) if depth < 3 else _TEXT), max_size=4)):
        if isinstance(child, str) and children and isinstance(children[-1], str):
            children[-1] += child  # adjacent texts read back as one node
        else:
            children.append(child)
    return name, sorted(attributes.items()), children


def _write(writer: XmlWriter, tree: tuple[str, list[tuple[str, str]], list[Any]]) -> None:
    name, attributes, children = tree
    writer.start_element(name)
    for attr, value in attributes:
        writer.write_attribute(attr, value)
    for child in children:
        if isinstance(child, str):
            writer.write_text(child)
        else:
            _write(writer, child)
    writer.end_element()


def _read(reader: XmlReader) -> tuple[str, list[tuple[str, str]], list[Any]]:
    assert reader.node_type().name == "НачалоЭлемента"
    name = reader.name()
    attributes = sorted(
        (reader.attribute_name(i), reader.attribute_value(i) or "") for i in range(reader.attribute_count())
    )
    children: list[Any] = []
    while reader.read():
        kind = reader.node_type().name
        if kind == "КонецЭлемента":
            return name, attributes, children
        children.append(reader.value() if kind == "Текст" else _read(reader))
    raise AssertionError("the element was not closed")


def _as_read(tree: tuple[str, list[tuple[str, str]], list[Any]], indent: bool) -> Any:
    """The tree a reader gives back: a tab in an attribute is written as it is (as .NET does) and read
    as a space (XML 1.0, 3.3.3); with indentation, blank texts are skipped with the layout's."""
    name, attributes, children = tree
    kept = [
        _as_read(child, indent) if isinstance(child, tuple) else child
        for child in children
        if not (indent and isinstance(child, str) and not child.strip(" \t\n"))
    ]
    return name, [(attr, value.replace("\t", " ")) for attr, value in attributes], kept


@FUZZ
@given(trees(), st.booleans())
def test_what_the_writer_writes_reads_back(tree: Any, indent: bool) -> None:
    writer = XmlWriter()
    writer.set_string(XmlWriterSettings(["UTF-8", None, indent]))
    writer.write_declaration()
    _write(writer, tree)
    text = writer.close()
    reader = XmlReader()
    # Without indentation every text node reads back, blank ones too; with it the reader skips blank
    # text (the indentation among them).
    spaces = XmlReaderSettings([None, None, None, None, None, None, None, True, indent, True])
    reader.set_string(text, spaces)
    assert reader.move_to_content().name == "НачалоЭлемента"
    assert _read(reader) == _as_read(tree, indent)
    assert not reader.read()


@pytest.mark.parametrize(
    "doctype",
    [
        '<!DOCTYPE a SYSTEM "file:///etc/passwd"><a/>',
        '<!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
        '<!DOCTYPE a [<!ENTITY l "lol"><!ENTITY l2 "&l;&l;&l;&l;&l;&l;&l;&l;&l;&l;">]><a>&l2;</a>',
    ],
)
def test_a_doctype_is_refused_before_anything_is_expanded(doctype: str) -> None:
    reader = XmlReader()
    reader.set_string(doctype)
    with pytest.raises(BslRuntimeError, match="DOCTYPE"):
        reader.read()


def test_deep_nesting_is_read_without_recursion() -> None:
    depth = 50_000
    reader = XmlReader()
    reader.set_string("<a>" * depth + "</a>" * depth)
    count = 0
    while reader.read():
        count += 1
    assert count == 2 * depth


def test_closed_writer_and_unknown_encoding_are_bsl_errors() -> None:
    engine = Engine()
    module = engine.load('З = Новый ЗаписьXML;\nЗ.УстановитьСтроку("нет-такой-кодировки");', "М")
    with pytest.raises(BslRuntimeError, match="Неверная кодировка"):
        engine.run_body(module)
    with pytest.raises(BslRuntimeError, match="не открыт"):
        XmlWriter().write_text("x")


@pytest.mark.parametrize(
    ("zone", "minutes"),
    [("GMT+3", 180), ("gmt-05:30", -330), ("GMT+00:00", 0), ("europe/moscow", 180), (None, 0), ("UTC", 0)],
)
def test_zone_names(zone: str | None, minutes: int) -> None:
    assert zone_offset(zone, 1).total_seconds() == minutes * 60


@pytest.mark.parametrize("zone", ["GMT+24", "GMT+03:60", "MSK", "", "Europe/Nowhere"])
def test_unknown_zones_are_invalid_arguments(zone: str) -> None:
    with pytest.raises(BslRuntimeError, match="Недопустимое значение параметра"):
        zone_offset(zone, 2)
