"""The query texts of a module: string literals, or `+` concatenations of literals (and of variables
holding them), that are assigned to `<Запрос>.Текст` or passed to `Новый Запрос(...)`, directly or
through a variable. Texts with a part we cannot know statically (a function result, a parameter)
are skipped: guessing them would only produce false reports."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Final

from prism_desktop.bsl import ast as A
from prism_desktop.bsl.antipatterns.literal_positions import LiteralIndex, ModulePosition
from prism_desktop.bsl.antipatterns.query_objects import TEXT_PROPERTIES, is_new_query_object, path_of
from prism_desktop.bsl.compiler_analysis import statement_expressions, walk_expression, walk_statements
from prism_desktop.bsl.names import canonical

_TEXT_KEY: Final = "текст"
# Символы.ПС and its kin: whitespace to the query lexer, common in texts built line by line.
_SYMBOLS_OWNERS: Final = frozenset({"символы", "chars"})
_WHITESPACE_SYMBOLS: Final = {
    "пс": "\n", "lf": "\n", "вк": "\r", "cr": "\r", "таб": "\t", "tab": "\t",
    "нпп": "\u00a0", "nbsp": "\u00a0",
}


@dataclass(frozen=True, slots=True)
class Piece:
    """A known part of a text and the module position of each of its characters."""

    text: str
    positions: tuple[ModulePosition, ...]


Pieces = tuple[Piece, ...]


@dataclass(frozen=True)
class QueryText:
    text: str
    positions: tuple[ModulePosition, ...]  # one per character of text

    @cached_property
    def _line_starts(self) -> list[int]:
        starts = [0]
        starts.extend(i + 1 for i, ch in enumerate(self.text) if ch == "\n")
        return starts

    def module_position(self, line: int, column: int) -> ModulePosition:
        """The module position of a 1-based line:column of the query text."""
        starts = self._line_starts
        offset = starts[min(max(line, 1), len(starts)) - 1] + max(column, 1) - 1
        return self.positions[min(offset, len(self.positions) - 1)]


def query_texts(module: A.Module, literals: LiteralIndex) -> list[QueryText]:
    """Every distinct query text of the module, in source order of where it is used."""
    texts: dict[QueryText, None] = {}
    for body in (*(method.body for method in module.methods), module.body):
        for pieces in _ScopeTexts(literals).collect(body):
            text = QueryText("".join(p.text for p in pieces), tuple(x for p in pieces for x in p.positions))
            if text.text.strip():
                texts.setdefault(text, None)
    return list(texts)


class _ScopeTexts:
    """Follows string values through the assignments of one method (or the module body) in source
    order; the last assignment seen wins, which is one real execution path through the branches."""

    def __init__(self, literals: LiteralIndex):
        self.literals = literals
        self.env: dict[str, Pieces | None] = {}  # variable path -> its string value, None = unknown
        self.sinks: list[tuple[str, Pieces]] = []  # (the query's text path, the text)

    def collect(self, body: A.Body) -> list[Pieces]:
        for stmt in walk_statements(body):
            assigned_value = stmt.value if isinstance(stmt, A.Assign) else None
            for expr in statement_expressions(stmt):
                for node in walk_expression(expr):
                    if node is not assigned_value and isinstance(node, A.New) and is_new_query_object(node):
                        self.sink(f"@{node.line}:{node.col}", self.constructor_text(node))
            if isinstance(stmt, A.Assign):
                self.assign(stmt.target, stmt.value)
            elif isinstance(stmt, A.ForRange | A.ForEach):
                self.forget(canonical(stmt.var))
        return [pieces for _, pieces in self.sinks]

    def assign(self, target: A.Expr, value: A.Expr) -> None:
        key = path_of(target)
        if isinstance(target, A.Member) and canonical(target.name) in TEXT_PROPERTIES:
            owner = path_of(target.obj)
            key = None if owner is None else f"{owner}.{_TEXT_KEY}"
        if isinstance(value, A.New) and is_new_query_object(value):
            text = self.constructor_text(value)
            if key is not None:
                self.forget(key)
            text_key = f"{key}.{_TEXT_KEY}" if key is not None else f"@{value.line}:{value.col}"
            self.env[text_key] = text
            self.sink(text_key, text)
            return
        resolved = self.resolve(value)  # before forgetting: `Т = Т + "…"` reads the old value
        if key is None:
            return
        self.forget(key)
        self.env[key] = resolved
        if key.endswith(f".{_TEXT_KEY}"):
            self.sink(key, resolved)

    def forget(self, key: str) -> None:
        """A variable gets a new value: what we knew about it and its properties is stale."""
        self.env[key] = None
        prefix = key + "."
        for stale in [k for k in self.env if k.startswith(prefix)]:
            del self.env[stale]

    def constructor_text(self, new: A.New) -> Pieces | None:
        """`Новый Запрос` starts with an empty text, `Новый Запрос(Текст)` with that text."""
        if not new.args:
            return ()
        first = new.args[0]
        return None if first is None else self.resolve(first)

    def sink(self, key: str, pieces: Pieces | None) -> None:
        """Record a text given to a query. `Запрос.Текст = Запрос.Текст + "…"` extends the text
        the query had: the shorter one is never executed, so it is replaced, not kept."""
        if not pieces:
            return
        for i, (known_key, known) in enumerate(self.sinks):
            if known_key == key and pieces[: len(known)] == known:
                self.sinks[i] = (key, pieces)
                return
        self.sinks.append((key, pieces))

    def resolve(self, expr: A.Expr) -> Pieces | None:
        if isinstance(expr, A.Const):
            if expr.kind != "string":
                return None
            return (Piece(str(expr.value), self.literals.positions(expr)),)
        if isinstance(expr, A.Binary) and expr.op == "+":
            left = self.resolve(expr.left)
            right = self.resolve(expr.right) if left is not None else None
            return None if left is None or right is None else left + right
        if (
            isinstance(expr, A.Member)
            and isinstance(expr.obj, A.Name)
            and canonical(expr.obj.name) in _SYMBOLS_OWNERS
            and canonical(expr.name) in _WHITESPACE_SYMBOLS
        ):
            return (Piece(_WHITESPACE_SYMBOLS[canonical(expr.name)], ((expr.line, expr.col),)),)
        path = path_of(expr)
        return self.env.get(path) if path is not None else None
