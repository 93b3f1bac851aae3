"""CreateQueryInCycle: direct executions in loops, executions through local methods, and what is not
reported (a single query before the loop, lookups by code, objects that are not queries)."""

from __future__ import annotations

import pytest

from prism_desktop.bsl.antipatterns import find_antipatterns

CODE = "CreateQueryInCycle"


def lines(module: str) -> list[int]:
    return [d.line for d in find_antipatterns(module) if d.code == CODE]


_QUERY = '"ВЫБРАТЬ Т.Цена ИЗ Справочник.Товары КАК Т ГДЕ Т.Ссылка = &Товар"'


@pytest.mark.parametrize(
    ("module", "expected"),
    [
        (
            f"""Функция Сумма(Товары)
    Запрос = Новый Запрос({_QUERY});
    Итог = 0;
    Для Каждого Товар Из Товары Цикл
        Запрос.УстановитьПараметр("Товар", Товар);
        Выборка = Запрос.Выполнить().Выбрать();
        Итог = Итог + ?(Выборка.Следующий(), Выборка.Цена, 0);
    КонецЦикла;
    Возврат Итог;
КонецФункции""",
            [6],
        ),
        (  # created inside the loop; a Для loop
            f"""Процедура П(Товары)
    Для Индекс = 0 По Товары.ВГраница() Цикл
        Запрос = Новый Запрос;
        Запрос.Текст = {_QUERY};
        Результат = Запрос.Выполнить();
    КонецЦикла;
КонецПроцедуры""",
            [5],
        ),
        (  # Пока: its condition is evaluated on every iteration as well
            """Процедура П(Запрос)
    Запрос = Новый Запрос;
    Пока НЕ Запрос.Выполнить().Пустой() Цикл
        Пакет = Запрос.ВыполнитьПакет();
    КонецЦикла;
КонецПроцедуры""",
            [3, 4],
        ),
        (  # a query built and run inline; a copy of a query variable
            f"""Процедура П(Товары)
    Основной = Новый Запрос({_QUERY});
    Копия = Основной;
    Для Каждого Товар Из Товары Цикл
        Т = Новый Запрос({_QUERY}).Выполнить().Выгрузить();
        Копия.Выполнить();
    КонецЦикла;
КонецПроцедуры""",
            [5, 6],
        ),
        (  # the collection of an inner loop is evaluated on every iteration of the outer one
            f"""Процедура П(Группы)
    Запрос = Новый Запрос({_QUERY});
    Для Каждого Группа Из Группы Цикл
        Для Каждого Строка Из Запрос.Выполнить().Выгрузить() Цикл
        КонецЦикла;
    КонецЦикла;
КонецПроцедуры""",
            [4],
        ),
        (
            """Procedure P(Goods)
    Query = New Query("SELECT T.Ref FROM Catalog.Goods AS T");
    For Each Item In Goods Do
        Result = Query.Execute();
    EndDo;
EndProcedure""",
            [4],
        ),
    ],
)
def test_query_executed_in_loop(module: str, expected: list[int]) -> None:
    assert lines(module) == expected


@pytest.mark.parametrize(
    ("module", "expected"),
    [
        (  # a function of the module that runs a query, called in a loop (in an expression)
            f"""Функция Цена(Товар)
    Запрос = Новый Запрос({_QUERY});
    Запрос.УстановитьПараметр("Товар", Товар);
    Выборка = Запрос.Выполнить().Выбрать();
    Возврат ?(Выборка.Следующий(), Выборка.Цена, 0);
КонецФункции

Функция Сумма(Товары)
    Итог = 0;
    Для Каждого Товар Из Товары Цикл
        Итог = Итог + Цена(Товар);
    КонецЦикла;
    Возврат Итог;
КонецФункции""",
            [11],
        ),
        (  # through two calls; a procedure call statement
            f"""Процедура Записать(Товар)
    Обновить(Товар);
КонецПроцедуры

Процедура Обновить(Товар)
    Запрос = Новый Запрос({_QUERY});
    Запрос.Выполнить();
КонецПроцедуры

Процедура Обработать(Товары)
    Для Каждого Товар Из Товары Цикл
        Записать(Товар);
    КонецЦикла;
КонецПроцедуры""",
            [12],
        ),
        (  # mutual recursion: followed to a fixed point without looping forever
            f"""Процедура А(Н)
    Если Н > 0 Тогда
        Б(Н - 1);
    КонецЕсли;
КонецПроцедуры

Процедура Б(Н)
    Запрос = Новый Запрос({_QUERY});
    Запрос.Выполнить();
    А(Н);
КонецПроцедуры

Пока Истина Цикл
    А(3);
    Прервать;
КонецЦикла;""",
            [14],
        ),
    ],
)
def test_method_running_a_query_called_in_loop(module: str, expected: list[int]) -> None:
    assert lines(module) == expected


@pytest.mark.parametrize(
    "module",
    [
        # one query with a list parameter before the loop; the loop walks its result
        """Функция Сумма(Товары)
    Запрос = Новый Запрос("ВЫБРАТЬ СУММА(Т.Цена) КАК Цена ИЗ Справочник.Товары КАК Т
    |ГДЕ Т.Ссылка В (&Товары)");
    Запрос.УстановитьПараметр("Товары", Товары);
    Итог = 0;
    Для Каждого Строка Из Запрос.Выполнить().Выгрузить() Цикл
        Итог = Итог + Строка.Цена;
    КонецЦикла;
    Возврат Итог;
КонецФункции""",
        # a query in a method that is called outside any loop
        f"""Функция Цены()
    Возврат Новый Запрос({_QUERY}).Выполнить().Выгрузить();
КонецФункции

Процедура П(Товары)
    Таблица = Цены();
    Для Каждого Товар Из Товары Цикл
        Строка = Таблица.Найти(Товар, "Товар");
    КонецЦикла;
КонецПроцедуры""",
        # a method without queries called in a loop; recursion without queries
        """Функция Удвоить(Х)
    Возврат ?(Х > 100, Х, Удвоить(Х * 2));
КонецФункции

Для Сч = 1 По 10 Цикл
    Значение = Удвоить(Сч);
КонецЦикла;""",
        # Выполнить of an object that is not a query; a query object received as a parameter
        """Процедура П(Обработки, ВнешнийЗапрос)
    Для Каждого Обработка Из Обработки Цикл
        Обработка.Выполнить();
        ВнешнийЗапрос.Выполнить();
    КонецЦикла;
КонецПроцедуры""",
        # lookups by code and ПолучитьОбъект: BSL LS's rule does not count them
        """Процедура П(Коды)
    Для Каждого Код Из Коды Цикл
        Товар = Справочники.Товары.НайтиПоКоду(Код);
        Объект = Товар.ПолучитьОбъект();
    КонецЦикла;
КонецПроцедуры""",
    ],
)
def test_no_query_in_loop(module: str) -> None:
    assert lines(module) == []
