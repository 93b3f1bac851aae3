"""Property test: whatever program is generated, the engine answers with a value, a BSL runtime error,
a load error or a limit — never a Python exception, and never an internal error."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from prism_desktop.bsl.engine import Engine, EngineInternalError, ModuleLoadError
from prism_desktop.bsl.limits import RunLimits
from prism_desktop.bsl.values.base import BslRuntimeError, ExecutionLimit

VARIABLES = ["А", "Б", "В", "М", "С"]
LITERALS = st.sampled_from([
    "0", "1", "-3", "2.5", "0.1", "1000000", '""', '"абв"', '"12"', '" x "', "Истина", "Ложь",
    "Неопределено", "NULL", "'20240131'", "'00010101'", "Дата(2024, 2, 29)",
])
FUNCTIONS_1 = ["СтрДлина", "ВРег", "СокрЛП", "Цел", "Окр", "Строка", "Число", "ТипЗнч", "ЗначениеЗаполнено",
               "Год", "НачалоМесяца", "XMLСтрока", "Булево", "Sqrt", "ТРег", "ПустаяСтрока"]
FUNCTIONS_2 = ["Лев", "Прав", "Найти", "СтрНайти", "Макс", "Мин", "Формат", "СтрЧислоВхождений",
               "ДобавитьМесяц", "Pow", "СтрРазделить", "СтрПолучитьСтроку"]
METHODS = ["Количество()", "Добавить({})", "Найти({})", "Вставить(0, {})", "Удалить({})", "Получить({})",
           "Очистить()", "ВГраница()"]
BINARY = ["+", "-", "*", "/", "%", "=", "<>", "<", ">", "<=", ">=", "И", "ИЛИ"]


def expressions() -> st.SearchStrategy[str]:
    leaves = st.one_of(LITERALS, st.sampled_from(VARIABLES))

    def extend(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        return st.one_of(
            st.tuples(inner, st.sampled_from(BINARY), inner).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
            inner.map(lambda e: f"(-{e})"),
            inner.map(lambda e: f"(НЕ {e})"),
            st.tuples(inner, inner, inner).map(lambda t: f"?({t[0]}, {t[1]}, {t[2]})"),
            st.tuples(st.sampled_from(FUNCTIONS_1), inner).map(lambda t: f"{t[0]}({t[1]})"),
            st.tuples(st.sampled_from(FUNCTIONS_2), inner, inner).map(lambda t: f"{t[0]}({t[1]}, {t[2]})"),
            st.tuples(st.sampled_from(VARIABLES), st.sampled_from(METHODS), inner).map(
                lambda t: f"{t[0]}.{t[1].format(t[2])}"),
            st.tuples(st.sampled_from(VARIABLES), inner).map(lambda t: f"{t[0]}[{t[1]}]"),
            st.just("Новый Массив"), st.just('Новый Структура("Поле", 1)'),
        )

    return st.recursive(leaves, extend, max_leaves=8)


def statements() -> st.SearchStrategy[str]:
    simple = st.one_of(
        st.tuples(st.sampled_from(VARIABLES), expressions()).map(lambda t: f"{t[0]} = {t[1]};"),
        expressions().map(lambda e: f"Сообщить({e});"),
        st.tuples(st.sampled_from(VARIABLES), st.sampled_from(METHODS), expressions()).map(
            lambda t: f"{t[0]}.{t[1].format(t[2])};"),
        expressions().map(lambda e: f"ВызватьИсключение {e};"),
        st.tuples(st.sampled_from(VARIABLES), expressions()).map(lambda t: f"Изменить({t[0]}, {t[1]});"),
    )

    def extend(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        block = st.lists(inner, min_size=0, max_size=3).map("\n".join)
        return st.one_of(
            st.tuples(expressions(), block, block).map(
                lambda t: f"Если {t[0]} Тогда\n{t[1]}\nИначе\n{t[2]}\nКонецЕсли;"),
            st.tuples(expressions(), block).map(lambda t: f"Для Инд = 1 По {t[0]} Цикл\n{t[1]}\nКонецЦикла;"),
            st.tuples(expressions(), block).map(
                lambda t: f"Для Каждого Эл Из {t[0]} Цикл\n{t[1]}\nКонецЦикла;"),
            st.tuples(expressions(), block).map(
                lambda t: f"Пока {t[0]} Цикл\n{t[1]}\nПрервать;\nКонецЦикла;"),
            st.tuples(block, block).map(
                lambda t: f"Попытка\n{t[0]}\nИсключение\n{t[1]}\nСообщить(ОписаниеОшибки());\nКонецПопытки;"),
        )

    return st.recursive(simple, extend, max_leaves=6)


PRELUDE = """
Перем А, Б, В, М, С;

Процедура Изменить(Цель, Значение)
    Цель = Значение;
КонецПроцедуры

А = 1; Б = "текст"; В = 2.5; М = Новый Массив; М.Добавить(1); С = Новый Структура("Поле", 1);
"""


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(statements(), min_size=1, max_size=6))
def test_generated_programs_never_leak_python_exceptions(body: list[str]) -> None:
    source = PRELUDE + "\n".join(body) + "\n"
    engine = Engine(limits=RunLimits(timeout_s=2, max_steps=20_000, max_collection_items=10_000,
                                     max_string_chars=100_000, max_output_chars=100_000))
    try:
        module = engine.load(source, "Свойство")
    except ModuleLoadError:
        return
    try:
        engine.run_body(module)
    except EngineInternalError as exc:
        raise AssertionError(f"internal error for:\n{source}\n{exc.message}") from None
    except (BslRuntimeError, ExecutionLimit):
        pass
