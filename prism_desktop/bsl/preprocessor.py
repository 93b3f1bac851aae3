"""Resolves preprocessor lines before parsing: keeps the tokens of active `#Если` branches and of
`#Вставка` blocks, drops inactive branches and `#Удаление` blocks, and treats `#Область` as
transparent. Unbalanced or unknown directives become ParseError diagnostics.

The module is compiled for one context at a time, like the platform does; by default that is the
server (symbols Сервер and НаСервере are true, every other symbol is false).

OneScript's scripts (`.os`) add `#native` (compile natively: nothing to do for us) and
`#Использовать` (a library import); the libraries a module imports are listed in the result, so a
caller can refuse them (the sandbox has none). `#native` elsewhere is an unknown directive, as on
the platform.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from prism_desktop.bsl import diagnostics as diag
from prism_desktop.bsl.diagnostics import Diagnostic
from prism_desktop.bsl.names import canonical
from prism_desktop.bsl.tokens import DIRECTIVE, Token

# English spelling -> Russian canonical symbol
_SYMBOL_SYNONYMS = {
    canonical(en): canonical(ru)
    for ru, en in (
        ("Клиент", "Client"), ("НаКлиенте", "AtClient"), ("НаСервере", "AtServer"),
        ("Сервер", "Server"), ("ТолстыйКлиентОбычноеПриложение", "ThickClientOrdinaryApplication"),
        ("ТолстыйКлиентУправляемоеПриложение", "ThickClientManagedApplication"),
        ("ВнешнееСоединение", "ExternalConnection"), ("ТонкийКлиент", "ThinClient"),
        ("ВебКлиент", "WebClient"), ("МобильныйКлиент", "MobileClient"),
        ("МобильноеПриложениеКлиент", "MobileAppClient"),
        ("МобильноеПриложениеСервер", "MobileAppServer"),
        ("МобильныйАвтономныйСервер", "MobileStandaloneServer"),
    )
}
DEFAULT_DEFINES: frozenset[str] = frozenset({"сервер", "насервере"})

# directive word (either language) -> canonical Russian directive
_DIRECTIVES = {
    canonical(spelling): canonical(ru)
    for ru, en in (
        ("Если", "If"), ("ИначеЕсли", "ElsIf"), ("Иначе", "Else"), ("КонецЕсли", "EndIf"),
        ("Область", "Region"), ("КонецОбласти", "EndRegion"), ("Вставка", "Insert"),
        ("КонецВставки", "EndInsert"), ("Удаление", "Delete"), ("КонецУдаления", "EndDelete"),
        ("Использовать", "Use"),
    )
    for spelling in (ru, en)
}
# opening directive -> its closing directive (display form for messages)
_CLOSERS = {"если": "КонецЕсли", "область": "КонецОбласти", "вставка": "КонецВставки",
            "удаление": "КонецУдаления"}
_OPENER_OF = {canonical(closer): opener for opener, closer in _CLOSERS.items()}
_DIRECTIVE_WORD = re.compile(r"([^\W\d]\w*)")
_COND_TOKEN = re.compile(r"\s*(?:(\()|(\))|([^\W\d]\w*)|(\S))")


class _Frame:
    # a plain class, not a dataclass: made at import, a dataclass costs start-up time (≈1 ms each)
    __slots__ = ("active", "kind", "parent_active", "seen_else", "taken", "token")

    def __init__(self, kind: str, token: Token, parent_active: bool, active: bool) -> None:
        self.kind = kind  # canonical opening directive
        self.token = token
        self.parent_active = parent_active
        self.active = active
        self.taken = False  # an #Если branch was already chosen
        self.seen_else = False


class PreprocessResult:
    __slots__ = ("diagnostics", "tokens", "uses")

    def __init__(
        self, tokens: list[Token], diagnostics: list[Diagnostic], uses: tuple[Token, ...] = ()
    ) -> None:
        self.tokens = tokens
        self.diagnostics = diagnostics
        self.uses = uses  # the `#Использовать` directives of active code


def normalize_defines(defines: Iterable[str] | None) -> frozenset[str]:
    if defines is None:
        return DEFAULT_DEFINES
    return frozenset(_SYMBOL_SYNONYMS.get(canonical(d), canonical(d)) for d in defines)


def preprocess(
    tokens: list[Token], defines: frozenset[str] = DEFAULT_DEFINES, *, onescript: bool = False
) -> PreprocessResult:
    """Filter a token list (ending with EOF) according to its preprocessor directives; `onescript`
    accepts OneScript's `#native`."""
    if not any(t.kind == DIRECTIVE for t in tokens):
        return PreprocessResult(tokens, [])
    out: list[Token] = []
    uses: list[Token] = []
    diagnostics: list[Diagnostic] = []
    stack: list[_Frame] = []
    active = True
    for tok in tokens:
        if tok.kind != DIRECTIVE:
            if active:
                out.append(tok)
            continue
        text = str(tok.value).split("//", 1)[0].strip()
        if tok.line == 1 and tok.col == 1 and text.startswith("!"):
            continue  # a shebang line of a OneScript script
        head = _DIRECTIVE_WORD.match(text)
        word, rest = (head.group(1), text[head.end():]) if head else (text, "")
        kind = _DIRECTIVES.get(canonical(word.strip()))
        if kind is None and onescript and canonical(word.strip()) == "native":
            continue  # OneScript's native compilation: the same code for us
        if kind is None:
            diagnostics.append(_error(diag.bad_directive(text), tok))
        elif kind == "использовать":
            if active:
                uses.append(tok)  # OneScript library import: nothing to compile
        elif kind in _CLOSERS:
            frame = _Frame(kind, tok, active, active)
            if kind == "если":
                chosen = _condition(rest, text, tok, defines, diagnostics)
                frame.taken = frame.active = active and chosen
            elif kind == "удаление":
                frame.active = False
            stack.append(frame)
        elif kind in ("иначеесли", "иначе"):
            top = stack[-1] if stack else None
            if top is None or top.kind != "если" or top.seen_else:
                diagnostics.append(_error(diag.unmatched_directive(word), tok))
                continue
            if kind == "иначе":
                top.seen_else = True
                top.active = top.parent_active and not top.taken
            else:
                chosen = _condition(rest, text, tok, defines, diagnostics)
                top.active = top.parent_active and not top.taken and chosen
            top.taken = top.taken or top.active
        else:
            opener = _OPENER_OF[kind]
            if not any(f.kind == opener for f in stack):
                diagnostics.append(_error(diag.unmatched_directive(word), tok))
                continue
            while stack[-1].kind != opener:
                unclosed = stack.pop()
                diagnostics.append(_error(diag.unclosed_directive(_CLOSERS[unclosed.kind]), tok))
            stack.pop()
        active = stack[-1].active if stack else True
    for frame in stack:
        diagnostics.append(_error(diag.unclosed_directive(_CLOSERS[frame.kind]), frame.token))
    if not out or out[-1] is not tokens[-1]:
        out.append(tokens[-1])  # EOF always survives
    return PreprocessResult(out, diagnostics, tuple(uses))


def _error(message: str, tok: Token) -> Diagnostic:
    return diag.error(message, tok.line, tok.col, tok.end_line, tok.end_col)


def _condition(
    text: str, directive: str, tok: Token, defines: frozenset[str], diagnostics: list[Diagnostic]
) -> bool:
    """Evaluate `Сервер И НЕ (Клиент ИЛИ ВебКлиент) Тогда`; a malformed condition is false."""
    parts: list[str] = []
    pos = 0
    stripped = text.rstrip()
    while pos < len(stripped):
        m = _COND_TOKEN.match(stripped, pos)
        if m is None:
            break
        parts.append(canonical(m.group().strip()))
        pos = m.end()
    if not parts or parts[-1] not in ("тогда", "then"):
        diagnostics.append(_error(diag.bad_directive_condition(directive), tok))
        return False
    evaluator = _ConditionEvaluator(parts[:-1], defines)
    value = evaluator.parse_or()
    if evaluator.failed or evaluator.pos != len(evaluator.parts):
        diagnostics.append(_error(diag.bad_directive_condition(directive), tok))
        return False
    return value


class _ConditionEvaluator:
    """Recursive descent over `ИЛИ` < `И` < `НЕ` < symbol | ( … )."""

    def __init__(self, parts: list[str], defines: frozenset[str]):
        self.parts = parts
        self.defines = defines
        self.pos = 0
        self.failed = False

    def _peek(self) -> str | None:
        return self.parts[self.pos] if self.pos < len(self.parts) else None

    def parse_or(self) -> bool:
        value = self.parse_and()
        while self._peek() in ("или", "or"):
            self.pos += 1
            value = self.parse_and() or value
        return value

    def parse_and(self) -> bool:
        value = self.parse_not()
        while self._peek() in ("и", "and"):
            self.pos += 1
            value = self.parse_not() and value
        return value

    def parse_not(self) -> bool:
        if self._peek() in ("не", "not"):
            self.pos += 1
            return not self.parse_not()
        return self.parse_primary()

    def parse_primary(self) -> bool:
        word = self._peek()
        if word is None:
            self.failed = True
            return False
        self.pos += 1
        if word == "(":
            value = self.parse_or()
            if self._peek() != ")":
                self.failed = True
            else:
                self.pos += 1
            return value
        if not (word[0].isalpha() or word[0] == "_"):
            self.failed = True
            return False
        return _SYMBOL_SYNONYMS.get(word, word) in self.defines
