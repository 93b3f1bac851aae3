"""The BSL and query lexers are real Pygments plugins and tokenise 1C code sensibly."""

from __future__ import annotations

from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import Comment, Error, Keyword, Name, Number, String

from prism_desktop.highlight.bsl_lexer import BslLexer
from prism_desktop.highlight.query_lexer import QueryLexer

MODULE = """#Область ПрограммныйИнтерфейс
&НаСервере
Функция Итог(Знач Таблица, Колонка = "Сумма") Экспорт
    // сумма по колонке
    Результат = 0;
    Для Каждого Строка Из Таблица Цикл
        Результат = Результат + Строка[Колонка] * 1.5;
    КонецЦикла;
    Текст = "ВЫБРАТЬ
    |   Т.Ссылка КАК ""Ссылка""
    |ИЗ Справочник.Товары КАК Т";
    Если Результат > 0 И НЕ ЗначениеЗаполнено(Текст) Тогда
        ВызватьИсключение "нет";
    КонецЕсли;
    Возврат ?(Результат = Неопределено, '20240131', Результат);
КонецФункции
#КонецОбласти
"""


def tokens(lexer, text):
    return [(t, v) for t, v in lexer.get_tokens(text) if v.strip()]


def test_plugins_are_registered_through_entry_points():
    assert isinstance(get_lexer_by_name("bsl"), BslLexer)
    assert isinstance(get_lexer_by_name("1c"), BslLexer)
    assert isinstance(get_lexer_for_filename("Модуль.bsl"), BslLexer)
    assert isinstance(get_lexer_by_name("sdbl"), QueryLexer)


def test_bsl_module_tokenises_without_errors_and_round_trips():
    lexer = BslLexer()
    toks = list(lexer.get_tokens(MODULE))
    assert "".join(v for _, v in toks) == MODULE
    assert not [v for t, v in toks if t in Error]
    kinds = dict((v, t) for t, v in tokens(lexer, MODULE))
    assert kinds["Функция"] in Keyword
    assert kinds["КонецФункции"] in Keyword
    assert kinds["Неопределено"] in Keyword.Constant
    assert kinds["// сумма по колонке"] in Comment
    assert kinds["#Область ПрограммныйИнтерфейс"] in Comment.Preproc
    assert kinds["ЗначениеЗаполнено"] in Name.Builtin
    assert kinds["1.5"] in Number
    assert kinds["'20240131'"] in String


def test_multiline_string_with_doubled_quotes_stays_one_string():
    lexer = BslLexer()
    toks = tokens(lexer, 'А = "ВЫБРАТЬ\n|   ""x""\n|ИЗ Т"; Б = 1;')
    string_text = "".join(v for t, v in toks if t in String)
    assert string_text.startswith('"ВЫБРАТЬ') and string_text.endswith('ИЗ Т"')
    assert ("Б" in [v for t, v in toks if t in Name.Variable])


def test_keywords_are_case_insensitive_and_english_too():
    lexer = BslLexer()
    kinds = {v: t for t, v in tokens(lexer, "если А тогда Возврат; EndIf; For Each x In y Do EndDo;")}
    assert kinds["если"] in Keyword and kinds["тогда"] in Keyword and kinds["EndIf"] in Keyword
    assert kinds["Each"] in Keyword


def test_member_named_like_a_keyword_is_an_attribute():
    kinds = [(t, v) for t, v in tokens(BslLexer(), "Объект.Новый = 1;")]
    assert (Name.Attribute, "Новый") in kinds


def test_query_lexer():
    text = "ВЫБРАТЬ ПЕРВЫЕ 10 СУММА(Т.Количество) КАК Кол ИЗ РегистрНакопления.Остатки.Остатки(&Дата) КАК Т"
    kinds = {v: t for t, v in tokens(QueryLexer(), text)}
    assert kinds["ВЫБРАТЬ"] in Keyword and kinds["ПЕРВЫЕ"] in Keyword
    assert kinds["СУММА"] in Name.Builtin
    assert kinds["&Дата"] in Name.Variable
    assert kinds["10"] in Number
