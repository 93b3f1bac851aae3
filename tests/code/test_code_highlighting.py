"""Code of Python, TypeScript and Go tasks is highlighted by Pygments' lexers of those languages,
through the same line spans (and palette) as BSL."""

from __future__ import annotations

from prism_desktop.gui.highlighter import line_spans


def _words(text: str, language: str) -> dict[str, str]:
    spans, _ = line_spans(text, language=language)
    lines = text.split("\n")
    return {
        lines[n][s.start : s.start + s.length]: str(s.token) for n, line in enumerate(spans) for s in line
    }


def test_python_typescript_and_go_keywords_and_strings() -> None:
    python = _words('def merge(lists):\n    """Слить."""\n    return sorted(lists)\n', "python")
    assert "Keyword" in python["def"] and "Function" in python["merge"] and "String" in python['"""Слить."""']
    typescript = _words("export function chunk<T>(items: T[]): T[][] {\n  return [];\n}\n", "typescript")
    assert "Keyword" in typescript["export"] and "Keyword" in typescript["return"]
    go = _words("package solution\n\nfunc Search(xs []int) int {\n\treturn -1 // нет\n}\n", "go")
    assert "Keyword" in go["func"] and "Comment" in go["// нет"]


def test_multi_line_python_string_is_split_by_line() -> None:
    spans, _ = line_spans('x = """a\nb"""\ny = 1\n', language="python")
    assert any("String" in str(s.token) for s in spans[1]) and not any(
        "String" in str(s.token) for s in spans[2]
    )


def test_bsl_stays_the_default() -> None:
    words = _words("Функция Ф() Экспорт\nКонецФункции\n", "bsl")
    assert "Keyword" in words["Функция"]
