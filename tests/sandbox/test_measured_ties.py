"""A result the task leaves open is not a wrong one (measured_result.same_b_result): where rows tie on
the task's order, the query's row order decides which of them gets a label (B15: of goods with equal
turnover, which are in class A), so a table is judged column by column, each column's values as a
multiset. A table whose columns hold other values stays wrong."""

from __future__ import annotations

import copy
import dataclasses

from prism_desktop.runs.onec import PerfMeasurement
from prism_desktop.sandbox.harness_b import run_legs
from tests.sandbox.test_harness_b_perf import PERF, perf_spec

# Every grown unit holds 2, the fixture's Стол 5: the least balance is a tie of all the grown units,
# and the first of them in the query's order is labelled "первый".
REFERENCE = """
Функция ОстатокТоваров(Товары) Экспорт
    Запрос = Новый Запрос;
    Запрос.Текст = "ВЫБРАТЬ О.Товар КАК Товар
    |ИЗ РегистрНакопления.Остатки.Остатки КАК О
    |УПОРЯДОЧИТЬ ПО О.КоличествоОстаток";
    Таблица = Запрос.Выполнить().Выгрузить();
    Таблица.Колонки.Добавить("Метка");
    Для Каждого Строка Из Таблица Цикл
        Строка.Метка = ?(Таблица.Индекс(Строка) = 0, "первый", "прочий");
    КонецЦикла;
    Возврат Таблица;
КонецФункции
"""
# The last of the tied rows labelled instead: another pairing, the same values in each column.
LAST_OF_THE_TIED = """
Функция ОстатокТоваров(Товары) Экспорт
    Запрос = Новый Запрос;
    Запрос.Текст = "ВЫБРАТЬ О.Товар КАК Товар, О.КоличествоОстаток КАК Количество
    |ИЗ РегистрНакопления.Остатки.Остатки КАК О";
    Таблица = Запрос.Выполнить().Выгрузить();
    Таблица.Колонки.Добавить("Метка");
    Наименьший = Неопределено;
    Для Каждого Строка Из Таблица Цикл
        Строка.Метка = "прочий";
        Если Наименьший = Неопределено Или Строка.Количество <= Наименьший.Количество Тогда
            Наименьший = Строка;
        КонецЕсли;
    КонецЦикла;
    Наименьший.Метка = "первый";
    Возврат Таблица;
КонецФункции
"""
# Every row labelled "прочий": the label column holds other values than the reference's.
NONE_FIRST = LAST_OF_THE_TIED.replace('Наименьший.Метка = "первый";', "")


def measured(code: str) -> PerfMeasurement:
    spec = perf_spec(code, copy.deepcopy(PERF))
    spec.task = dataclasses.replace(spec.task, reference=REFERENCE)
    result = run_legs(spec)
    assert result.perf is not None
    return result.perf


def test_another_of_the_tied_rows_labelled_is_not_a_wrong_value() -> None:
    perf = measured(LAST_OF_THE_TIED)
    assert [s.status for s in perf.sizes] == ["ok", "ok"], [(s.status, s.note) for s in perf.sizes]


def test_a_column_holding_other_values_is_wrong() -> None:
    perf = measured(NONE_FIRST)
    assert perf.sizes[0].status == "wrong", [(s.status, s.note) for s in perf.sizes]
