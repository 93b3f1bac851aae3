"""The antipattern codes PRISM's O-auto counts (the keys of smop_l1_auto.yaml axes.O.white_list) and
the Russian messages we attach to them."""

from __future__ import annotations

from typing import Final

CREATE_QUERY_IN_CYCLE: Final = "CreateQueryInCycle"
VIRTUAL_TABLE_CALL_WITHOUT_PARAMETERS: Final = "VirtualTableCallWithoutParameters"
JOIN_WITH_VIRTUAL_TABLE: Final = "JoinWithVirtualTable"
JOIN_WITH_SUB_QUERY: Final = "JoinWithSubQuery"
QUERY_NESTED_FIELDS_BY_DOT: Final = "QueryNestedFieldsByDot"
DEPRECATED_CURRENT_DATE: Final = "DeprecatedCurrentDate"
SELECT_TOP_WITHOUT_ORDER_BY: Final = "SelectTopWithoutOrderBy"
LOGICAL_OR_IN_WHERE: Final = "LogicalOrInTheWhereSectionOfQuery"
REF_OVERUSE: Final = "RefOveruse"

ALL_CODES: Final = (
    CREATE_QUERY_IN_CYCLE,
    VIRTUAL_TABLE_CALL_WITHOUT_PARAMETERS,
    JOIN_WITH_VIRTUAL_TABLE,
    JOIN_WITH_SUB_QUERY,
    QUERY_NESTED_FIELDS_BY_DOT,
    DEPRECATED_CURRENT_DATE,
    SELECT_TOP_WITHOUT_ORDER_BY,
    LOGICAL_OR_IN_WHERE,
    REF_OVERUSE,
)


def query_in_cycle() -> str:
    return (
        "Запрос выполняется внутри цикла: обращение к базе данных на каждой итерации. "
        "Получите все данные одним запросом до цикла (например, с отбором В (&Список))"
    )


def query_method_in_cycle(method: str) -> str:
    return (
        f"Внутри цикла вызывается метод «{method}», который выполняет запрос: обращение к базе данных "
        "на каждой итерации. Получите все данные одним запросом до цикла"
    )


def virtual_table_without_parameters(table: str) -> str:
    return (
        f"Виртуальная таблица «{table}» используется без параметров: она рассчитывается целиком, "
        "а отбор в ГДЕ применяется уже к результату. Передайте период и условия в параметры "
        "виртуальной таблицы"
    )


def join_with_virtual_table(table: str) -> str:
    return (
        f"Соединение с виртуальной таблицей «{table}»: СУБД может выбрать неоптимальный план. "
        "Получите данные виртуальной таблицы во временную таблицу (с отбором в параметрах) "
        "и соединяйтесь с ней"
    )


def join_with_sub_query() -> str:
    return (
        "Соединение с вложенным запросом: СУБД может выбрать неоптимальный план. Поместите результат "
        "вложенного запроса во временную таблицу и соединяйтесь с ней"
    )


def nested_field_by_dot(path: str) -> str:
    return (
        f"Разыменование ссылочного поля через точку «{path}»: каждое обращение через точку добавляет "
        "неявное соединение с таблицей. Получите нужные реквизиты явным соединением"
    )


def deprecated_current_date() -> str:
    return (
        "Функция ТекущаяДата() устарела: она возвращает время компьютера сервера, а не часового "
        "пояса сеанса. Используйте ТекущаяДатаСеанса()"
    )


def top_without_order_by(count: int) -> str:
    return (
        f"ВЫБРАТЬ ПЕРВЫЕ {count} без УПОРЯДОЧИТЬ ПО: какие строки попадут в результат, не определено"
    )


def top_in_union(count: int) -> str:
    return (
        f"ВЫБРАТЬ ПЕРВЫЕ {count} в части запроса с ОБЪЕДИНИТЬ: ограничение применяется к части "
        "до упорядочивания общего результата, какие строки попадут в него, не определено"
    )


def logical_or_in_where() -> str:
    return (
        "Логическое ИЛИ в условии ГДЕ по разным полям мешает СУБД использовать индексы. "
        "Разбейте запрос на части с ОБЪЕДИНИТЬ ВСЕ или замените условие на В (...)"
    )


def ref_overuse(path: str) -> str:
    return (
        f"Избыточное обращение к «Ссылка» в «{path}»: поле и так является ссылкой, а лишнее "
        "«.Ссылка» добавляет неявное соединение с таблицей"
    )
