"""The checker on real configuration code: how many modules of a folder it passes, and how many
injected errors it still catches.

Usage:
  .venv/bin/python bench/real_code.py FOLDER… [--inject N] [--seed S] [--top K] [--json OUT]

Every `*.bsl` under the folders is checked as `prism-desktop bsl check` does (its kind from the
path, every context it is compiled in, the dump's metadata when the path is inside one). Printed:
modules, the share with any error, syntax errors, errors by message, modules per second. With
--inject N, N modules the checker passes get each injected error in turn — a deleted `КонецЕсли`,
a misspelled keyword, a call of an undefined procedure, and a global of one side only (НачатьТранзакцию,
ПоказатьПредупреждение) in a method some context of the other side compiles — and the share caught is
printed (an error counts as caught when the changed module gets any error). Code for it: fetch e.g.
github:1c-syntax/ssl_3_1 and extract its tree (`git --git-dir=… archive HEAD | tar -x`); the code is
not bundled.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from prism_desktop.bsl import module_kinds as mk
from prism_desktop.bsl.checker import check_in_contexts, compiled_in
from prism_desktop.bsl.configuration_dump import describe
from prism_desktop.bsl.diagnostics import ERROR, PARSE_ERROR, Diagnostic
from prism_desktop.bsl.global_context import CLIENT, EXTERNAL_CONNECTION, SERVER
from prism_desktop.bsl.lexer import tokenize
from prism_desktop.bsl.module_kinds import ModuleInfo
from prism_desktop.bsl.parser import parse_module_variants
from prism_desktop.bsl.tokens import KEYWORD, Token

UNDEFINED_NAME = "НеОпределённаяПроцедураИнъекции"
MISSPELLED_KEYWORDS = ("тогда", "цикл", "конеццикла", "конецесли", "конецпроцедуры", "конецфункции", "если")
_METHOD_HEADER = re.compile(r"^[ \t]*(?:Асинх\s+)?(?:Процедура|Функция|Procedure|Function)\s+\w+\s*\(.*\)"
                            r"\s*(?:Экспорт|Export)?\s*$", re.IGNORECASE | re.MULTILINE)


@dataclass
class Report:
    modules: int = 0
    with_errors: int = 0
    syntax_errors: int = 0
    seconds: float = 0.0
    by_message: Counter[str] = field(default_factory=Counter)
    by_code: Counter[str] = field(default_factory=Counter)
    examples: dict[str, str] = field(default_factory=dict)
    unreadable: list[str] = field(default_factory=list)
    injected: Counter[str] = field(default_factory=Counter)
    caught: Counter[str] = field(default_factory=Counter)
    missed: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, object]:
        return {
            "modules": self.modules,
            "modules_with_errors": self.with_errors,
            "share_with_errors": self.with_errors / self.modules if self.modules else None,
            "syntax_errors": self.syntax_errors,
            "modules_per_second": self.modules / self.seconds if self.seconds else None,
            "errors_by_code": dict(self.by_code),
            "errors_by_message": dict(self.by_message.most_common()),
            "injected": dict(self.injected),
            "caught": dict(self.caught),
            "missed_examples": self.missed[:20],
            "unreadable": self.unreadable,
        }


def errors_of(text: str, path: Path, info: ModuleInfo) -> list[Diagnostic]:
    return [d for d in check_in_contexts(text, str(path), info) if d.severity == ERROR]


def read(path: Path) -> str | None:
    """The module's text with the lexer's newlines (\\r\\n and \\r read as \\n), so the injections'
    line and column arithmetic matches the tokens'."""
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError:
        return None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def check_folder(folders: Sequence[Path], report: Report) -> list[tuple[Path, str, ModuleInfo]]:
    """Check every module; returns the clean ones (candidates for injection)."""
    clean: list[tuple[Path, str, ModuleInfo]] = []
    started = time.perf_counter()
    for folder in folders:
        for path in sorted(folder.rglob("*.bsl")):
            text = read(path)
            if text is None:
                report.unreadable.append(str(path))
                continue
            info = describe(path)
            found = errors_of(text, path, info)
            report.modules += 1
            if not found:
                clean.append((path, text, info))
                continue
            report.with_errors += 1
            for d in found:
                report.by_code[d.code] += 1
                report.by_message[d.message] += 1
                report.examples.setdefault(d.message, f"{path}:{d.line}:{d.column} [{', '.join(d.contexts)}]")
                if d.code == PARSE_ERROR:
                    report.syntax_errors += 1
    report.seconds = time.perf_counter() - started
    return clean


# --- injected errors -------------------------------------------------------------------------------
def _offsets(text: str) -> list[int]:
    starts = [0]
    starts.extend(m.end() for m in re.finditer("\n", text))
    return starts


def _span(text: str, tok: Token) -> tuple[int, int]:
    starts = _offsets(text)
    start = starts[tok.line - 1] + tok.col - 1
    return start, start + len(tok.text)


def delete_endif(text: str, rng: random.Random) -> str | None:
    tokens = [t for t in tokenize(text).tokens if t.kind == KEYWORD and t.key == "конецесли"]
    if not tokens:
        return None
    start, end = _span(text, rng.choice(tokens))
    return text[:start] + text[end:]


def misspell_keyword(text: str, rng: random.Random) -> str | None:
    tokens = [t for t in tokenize(text).tokens if t.kind == KEYWORD and t.key in MISSPELLED_KEYWORDS]
    if not tokens:
        return None
    tok = rng.choice(tokens)
    start, end = _span(text, tok)
    word = tok.text
    at = rng.randrange(len(word) - 1)  # swap two neighbouring letters: Тогда -> Тодга
    swapped = word[:at] + word[at + 1] + word[at] + word[at + 2 :]
    if swapped.lower() == word.lower():
        swapped = word[:-1] + "ъ"
    return text[:start] + swapped + text[end:]


def call_undefined(text: str, rng: random.Random, info: ModuleInfo) -> str | None:
    headers = list(_METHOD_HEADER.finditer(text))
    if not headers:
        return None
    header = rng.choice(headers)
    return text[: header.end()] + f"\n\t{UNDEFINED_NAME}();" + text[header.end() :]


# A global of one side only, called where some context compiling the method lacks it.
SIDE_ONLY_CALLS = {SERVER: "НачатьТранзакцию();", CLIENT: "ПоказатьПредупреждение(, \"x\");"}


def call_unavailable(text: str, rng: random.Random, info: ModuleInfo) -> str | None:
    """A server-only global in a method some client context compiles, or a client-only one in a
    method some server context compiles (directives and `#Если` decide, as the checker's)."""
    contexts = mk.contexts_of(info, text)
    parses = parse_module_variants(text, "<inject>", [c.defines for c in contexts])
    sides = mk.default_side(info)
    lacking: dict[int, set[str]] = {}  # method header line -> sides some compiling context lacks
    for context, parsed in zip(contexts, parses, strict=True):
        for method in parsed.module.methods:
            if compiled_in(method, context, sides):
                missing = lacking.setdefault(method.name_line, set())
                if CLIENT not in context.availability:
                    missing.add(CLIENT)
                if not context.availability & {SERVER, EXTERNAL_CONNECTION}:  # the server's globals
                    missing.add(SERVER)
    candidates = [
        (header, side)
        for header in _METHOD_HEADER.finditer(text)
        for side in sorted(lacking.get(text.count("\n", 0, header.start()) + 1, ()))
    ]
    if not candidates:
        return None
    header, side = rng.choice(candidates)
    return text[: header.end()] + f"\n\t{SIDE_ONLY_CALLS[side]}" + text[header.end() :]


INJECTIONS: dict[str, Callable[[str, random.Random, ModuleInfo], str | None]] = {
    "deleted КонецЕсли": lambda text, rng, _info: delete_endif(text, rng),
    "misspelled keyword": lambda text, rng, _info: misspell_keyword(text, rng),
    "call of an undefined procedure": call_undefined,
    "global unavailable in a context compiling the method": call_unavailable,
}


def inject(clean: list[tuple[Path, str, ModuleInfo]], count: int, seed: int, report: Report) -> None:
    rng = random.Random(seed)
    sample = rng.sample(clean, min(count, len(clean)))
    for path, text, info in sample:
        for kind, change in INJECTIONS.items():
            changed = change(text, rng, info)
            if changed is None:
                continue
            report.injected[kind] += 1
            if errors_of(changed, path, info):
                report.caught[kind] += 1
            else:
                report.missed.append(f"{kind}: {path}")


# --- output ----------------------------------------------------------------------------------------
def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.2f}%" if whole else "N/A"


def print_report(report: Report, top: int) -> None:
    rate = f"{report.modules / report.seconds:.1f}" if report.seconds else "N/A"
    print(f"modules: {report.modules}")
    print(f"modules with any error: {report.with_errors} ({_share(report.with_errors, report.modules)})")
    print(f"syntax errors: {report.syntax_errors}")
    print(f"modules per second: {rate}")
    if report.unreadable:
        print(f"not UTF-8 (skipped): {len(report.unreadable)}")
    if report.by_code:
        print("errors by code: " + ", ".join(f"{code} {n}" for code, n in report.by_code.most_common()))
    for message, n in report.by_message.most_common(top):
        print(f"  {n:6d}  {message}   e.g. {report.examples[message]}")
    if report.injected:
        total, caught = sum(report.injected.values()), sum(report.caught.values())
        print(f"injected errors caught: {caught} of {total} ({_share(caught, total)})")
        for kind, n in report.injected.items():
            print(f"  {kind}: {report.caught[kind]} of {n}")
        for line in report.missed[:10]:
            print(f"  missed: {line}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("folders", nargs="+", type=Path, metavar="FOLDER")
    parser.add_argument("--inject", type=int, default=0, metavar="N", help="modules to inject errors into")
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--top", type=int, default=30, help="messages to list")
    parser.add_argument("--json", type=Path, metavar="OUT", help="write the figures as JSON")
    args = parser.parse_args(argv)
    missing = [str(f) for f in args.folders if not f.is_dir()]
    if missing:
        print(f"not a folder: {', '.join(missing)}", file=sys.stderr)
        return 2
    report = Report()
    clean = check_folder(args.folders, report)
    if args.inject:
        inject(clean, args.inject, args.seed, report)
    print_report(report, args.top)
    if args.json:
        args.json.write_text(json.dumps(report.as_dict(), ensure_ascii=False, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
