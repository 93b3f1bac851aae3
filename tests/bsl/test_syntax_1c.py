"""Syntax errors as 1C's compiler reports them for category B (`DESIGNER /CheckModules`): where it
stops reading, what it skips after an error. Each rule cites the run of PRISM's published B
experiment (experiment_B_20260617_031637, `compile_error_lines`) that shows it; the examples here are
our own code of the same shape."""

from __future__ import annotations

from prism_desktop.bsl.diagnostics import UNTERMINATED_STRING
from prism_desktop.bsl.parser import parse_module
from prism_desktop.bsl.syntax_1c import LOGICAL_END, UNRECOGNIZED_STATEMENT, check_syntax_1c
from prism_desktop.scoring.syntax import count_clusters


def lines(text: str) -> list[int]:
    return [d.line for d in check_syntax_1c(text).diagnostics]


def messages(text: str) -> list[tuple[int, str]]:
    return [(d.line, d.message) for d in check_syntax_1c(text).diagnostics]


def test_an_unclosed_markdown_fence_is_the_logical_end_of_the_module() -> None:
    """B19/gemini-2.5-flash-lite: the answer (cut inside its ```bsl fence, so PRISM compiles the fence
    line too) gets one error, `Обнаружено логическое завершение исходного текста модуля` at line 1;
    nothing after the backticks is compiled."""
    text = "```bsl\nФункция Ф()\n    А = ;\n    Возврат А\nКонец"
    result = check_syntax_1c(text)
    assert messages(text) == [(1, LOGICAL_END)]
    assert result.end == (1, 1)
    # the same character after a method: the method is complete, only the end is reported
    done = "Функция Ф()\n    Возврат 1;\nКонецФункции\n\n\n\n```"
    assert messages(done) == [(7, LOGICAL_END)]


def test_a_character_inside_a_name_is_no_logical_end() -> None:
    """A numeral that is no decimal digit inside a name (`Итог²`) is the name's bad character, not a
    character outside every token: the module is read to its end."""
    text = "Функция Ф()\n    Итог² = 1;\n    Возврат 1;\nКонецФункции\n"
    result = check_syntax_1c(text)
    assert [d.message for d in result.diagnostics] == ["Недопустимый символ '²'"]
    assert result.end is None


def test_after_an_error_in_a_statement_1c_skips_to_the_next_semicolon() -> None:
    """B2/aliceai-llm, B4/qwen3-235b: a query text written without `|` — `Пропущен символ '"'` on the
    opening line, the next two lines' errors, then nothing: the lines that start with a name inside
    the skipped text and the string the closing `";` opens are not reported, and the enclosing loop
    still closes at its КонецЦикла."""
    text = "\n".join(
        [
            "Процедура П(Т)",  # 1
            "    Для Каждого С Из Т Цикл",  # 2
            '        Запрос.Текст = "ВЫБРАТЬ',  # 3: unterminated
            "            Товары.Ссылка КАК Ссылка",  # 4: `Товары.Ссылка КАК` is no statement
            "            ИЗ",  # 5
            "                Справочник.Товары КАК Товары",  # 6
            "            ГДЕ ВЫБОР КОГДА Т.Цена > 0 ТОГДА 1 ИНАЧЕ 0 КОНЕЦ = 1",  # 7: ИНАЧЕ skipped too
            '        ";',  # 8: opens a string to the end of the line: skipped, not reported
            "        Запрос.УстановитьПараметр(1, 2);",  # 9: the skip ends at this `;`
            "        Р = Запрос.Выполнить();",  # 10
            "    КонецЦикла;",  # 11
            "КонецПроцедуры",  # 12
        ]
    )
    assert lines(text) == [3, 4]
    assert messages(text)[0] == (3, UNTERMINATED_STRING)
    # our default recovery (BSL LS's, category A) resumes at each line that starts with a name
    assert [d.line for d in parse_module(text).diagnostics] != [3, 4]


def test_the_skip_runs_past_an_if_onto_its_else() -> None:
    """B19/GigaChat-2-Max: an error in a query text left outside its string, an `Если` before the next
    `;` — the skip swallows the `Если … Тогда`, so its `Иначе` and `КонецЕсли` stand alone: a second
    cluster (S 6)."""
    text = "\n".join(
        [
            "Функция Ф(С)",  # 1
            '    Запрос.Текст = "ВЫБРАТЬ',  # 2
            "        СУММА(? * Т.Сумма) КАК Сальдо",  # 3: `?` without `(`
            '        ИЗ Т";',  # 4
            "    Если С = 1 Тогда",  # 5: skipped
            '        Запрос.УстановитьПараметр("К", -1);',  # 6: the skip ends here
            "    Иначе",  # 7: alone
            '        Запрос.УстановитьПараметр("К", 1);',  # 8
            "    КонецЕсли;",  # 9: alone
            "    Возврат 0;",  # 10
            "КонецФункции",  # 11
        ]
    )
    assert count_clusters(lines(text), 3) == 2
    assert {line for line in lines(text) if line > 4} == {7, 9}


def test_an_error_found_at_a_block_end_skips_nothing() -> None:
    """B20/GigaChat-2-Pro: a bare name on the line before `Исключение` — the error is found at
    `Исключение`, which still ends the Попытка's body, so the Если left open inside it is reported
    there and the module is read on (its `Возврат` compiles)."""
    text = "\n".join(
        [
            "Функция Ф(В)",  # 1
            "    Попытка",  # 2
            "        Если В.Следующий() Тогда",  # 3
            "            Р = 1;",  # 4
            "        Кц",  # 5: a bare name
            "    Исключение",  # 6: the error is found here; Если is unclosed
            "        Р = 0;",  # 7
            "    КонецПопытки;",  # 8
            "    Возврат Р;",  # 9
            "КонецФункции",  # 10
        ]
    )
    assert lines(text) == [6]
    assert check_syntax_1c(text).end is None


def test_query_lines_starting_with_a_bar_outside_a_string_end_no_module() -> None:
    """B20/GigaChat-2-Pro: `Запрос.Текст =` followed by `*|ВЫБРАТЬ` and `|`-lines without an opening
    quote — one error at the start, none for the `|` lines, and the module is read on: the later
    `?0?` is reported (three clusters in all there)."""
    text = "\n".join(
        [
            "Функция Ф()",  # 1
            "    Запрос.Текст =",  # 2
            "*|ВЫБРАТЬ",  # 3
            "| 1 КАК Поле",  # 4
            "|",  # 5
            "    ;",  # 6
            "",  # 7
            "",  # 8
            "",  # 9
            "    Р = ?0?;",  # 10
            "    Возврат Р;",  # 11
            "КонецФункции",  # 12
        ]
    )
    result = check_syntax_1c(text)
    assert result.end is None
    assert count_clusters(lines(text), 3) == 2
    assert 10 in lines(text)
    assert all("|" not in message for _, message in messages(text))


def test_a_statement_that_starts_with_a_keyword_ends_the_module_at_the_next_statement_keyword() -> None:
    """B12/qwen3-235b and B17/yandexgpt-5-pro: a query text whose second line starts with `ИЗ` —
    `Пропущен символ '"'`, `Неопознанный оператор` at `ИЗ`, and `Обнаружено логическое завершение
    исходного текста модуля` at the `Выполнить` of `Запрос.Выполнить()` lines later (two clusters,
    S 6); the lines in between are not compiled."""
    text = "\n".join(
        [
            "Функция Ф(ИНН)",  # 1
            "    Запрос = Новый Запрос;",  # 2
            '    Запрос.Текст = "ВЫБРАТЬ Т.Ссылка',  # 3
            "        ИЗ Справочник.Т КАК Т",  # 4: Неопознанный оператор
            "        ГДЕ Т.ИНН = &ИНН",  # 5
            '        И Т.Ссылка <> &Ссылка";',  # 6
            '    Запрос.УстановитьПараметр("ИНН", ИНН);',  # 7
            "",  # 8
            "    Результат = Запрос.Выполнить();",  # 9: the module ends here
            "    Возврат Не Результат.Пустой();",  # 10
            "КонецФункции",  # 11
        ]
    )
    assert messages(text) == [(3, UNTERMINATED_STRING), (4, UNRECOGNIZED_STATEMENT), (9, LOGICAL_END)]
    assert count_clusters(lines(text), 3) == 2
    assert check_syntax_1c(text).end is not None and check_syntax_1c(text).end[0] == 9


def test_a_keyword_statement_error_inside_a_block_ends_the_method_at_the_next_block_end() -> None:
    """B11/qwen3-235b: `ЕслиНеЗаполнено(Х) Тогда` — `Неопознанный оператор` at `Тогда`, then at the
    КонецЕсли two lines below `Ожидается ключевое слово 'КонецФункции'` and the logical end."""
    text = "\n".join(
        [
            "Функция Ф(В)",  # 1
            "    Если В.Следующий() Тогда",  # 2
            "        Х = В.Количество;",  # 3
            "    ЕслиНеЗаполнено(Х) Тогда",  # 4
            "        Х = 0;",  # 5
            "    КонецЕсли;",  # 6
            "    Возврат Х;",  # 7
            "КонецФункции",  # 8
        ]
    )
    found = messages(text)
    assert found[0] == (4, UNRECOGNIZED_STATEMENT)
    assert (6, "Ожидается ключевое слово 'КонецФункции' ('EndFunction')") in found
    assert (6, LOGICAL_END) in found
    assert {line for line, _ in found} == {4, 6}


def test_a_keyword_where_an_expression_belongs_starts_its_own_statement() -> None:
    """B19/gpt-oss-120b (four clusters, the fourth past the five errors PRISM keeps): in
    `Х = Если Условие Тогда 0 Иначе Х;` the error is found at `Если`, so nothing is skipped, a real
    Если opens, and the method's КонецФункции finds it unclosed."""
    text = "\n".join(
        [
            "Функция Ф(Х)",  # 1
            "    Х = Если Х = 0 Тогда 0 Иначе Х;",  # 2
            "    Возврат Х;",  # 3
            "",  # 4
            "",  # 5
            "",  # 6
            "КонецФункции",  # 7: Ожидается КонецЕсли
        ]
    )
    assert sorted({line for line in lines(text)}) == [2, 7]


def test_date_without_arguments_is_an_expected_expression() -> None:
    """B19/yandexgpt-5-lite: `НачалоПериода(Дата(), День)` inside a call's arguments — `Ожидается
    выражение` on that line, then nothing until the statement's `;` (two clusters there, S 6)."""
    text = "\n".join(
        [
            "Функция Ф()",  # 1
            "    П = Получить(",  # 2
            "        НачалоПериода(Дата(), День),",  # 3
            "        Истина,",  # 4
            "        Истина,",  # 5
            "        Истина",  # 6
            "    );",  # 7
            "    Возврат П;",  # 8
            "КонецФункции",  # 9
        ]
    )
    assert messages(text) == [(3, "Ожидается выражение")]
    assert check_syntax_1c("Функция Ф()\n    Возврат Дата(2024, 1, 1);\nКонецФункции").diagnostics == []


def test_a_valid_module_has_no_errors_and_no_end() -> None:
    text = (
        "Функция Ф(А) Экспорт\n"
        '    Запрос = Новый Запрос("ВЫБРАТЬ 1");\n'
        "    Возврат Запрос.Выполнить();\n"
        "КонецФункции\n"
    )
    result = check_syntax_1c(text)
    assert result.diagnostics == [] and result.end is None
