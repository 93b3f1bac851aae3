"""РегистрыБухгалтерии.X.Остатки / Обороты / ОборотыДтКт called from BSL against an infobase with a chart
of accounts and subconto (the configuration and fixtures of task B12, created by СоздатьФикстуры()).

Where the expectations come from:
- Signatures: 1C's Syntax Assistant for РегистрБухгалтерииМенеджер (mirrored on yellow-erp.com,
  help/sh/objects/catalog125/catalog462/object464/methods: Balance1185, Turnovers1640, DrCrTurnovers1641):
  Остатки(МоментВремени, ВидыСубконто, Отбор, Измерения, Ресурсы); Обороты(НачалоПериода, КонецПериода,
  ВидыСубконто, ВидыКорСубконто, Отбор, Измерения, Ресурсы); ОборотыДтКт(НачалоПериода, КонецПериода,
  ВидыСубконтоДт, ВидыСубконтоКт, Отбор, Измерения, Ресурсы). The subconto-kind parameters "do not exist"
  when the chart has no subconto; Отбор is a Структура keyed Счет, Субконто<N>, <Измерение>; Измерения and
  Ресурсы are comma-separated name lists, all of them when not given; the result is a ТаблицаЗначений.
  These three are the manager's totals methods: ОстаткиИОбороты and ДвиженияССубконто exist only as
  virtual tables of the query language, so calling them on the manager is "Метод объекта не обнаружен".
- Result columns carry the virtual tables' field names (<Ресурс>Остаток/ОстатокДт/ОстатокКт,
  <Ресурс>Оборот/ОборотДт/ОборотКт); a date as МоментВремени excludes that moment, a Граница with
  ВидГраницы.Включая includes it (as for the virtual tables).
- Figures: worked out by hand from tasks/category_b/B12_account_turnovers_subconto/fixtures.yaml. Its
  entries (Дт / Кт, Сумма; 51 active, 60 and 76 active-passive, 62.01 active, 62.02 and 90.01 passive):
    r1  15.01.24  62.01 Альфа      / 90.01 Станок   1000     r7  31.03.24  51           / 62.01 Бета   200
    r2  20.01.24  51               / 62.02 Альфа     300     r8  15.02.24  60 Альфа     / 51           400
    r3  10.02.24  51               / 62.01 Альфа     600     r9  20.02.24  76 Станок,Альфа / 51        100
    r4  12.02.24  62.02 Альфа      / 62.01 Альфа     300     r10 01.04.24  62.01 Альфа  / 90.01 Станок 700
    r5  01.01.24  62.01 Бета       / 90.01 Фреза      50     r11 31.12.23  62.01 Гамма  / 90.01 Фреза  250
    r6  05.03.24  62.01 Бета       / 90.01 Фреза     500
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from prism_desktop.bsl.platform_bridge import query_registration  # noqa: F401  (Новый Граница)
from prism_desktop.platform.techlog import QUERY

Run = Callable[..., Any]

TASK = Path(__file__).resolve().parents[2] / "tasks" / "category_b" / "B12_account_turnovers_subconto"
SPEC: dict[str, Any] = yaml.safe_load((TASK / "config_spec.yaml").read_text(encoding="utf-8"))
FIXTURES: dict[str, Any] = yaml.safe_load((TASK / "fixtures.yaml").read_text(encoding="utf-8"))

# Prints a value table: its column names, then one line per row (numbers without grouping; "-" for a
# subconto the account does not have: NULL or Неопределено, which this test leaves to the query layer).
SHOW = """
Функция Текст(З)
    Если З = NULL Или З = Неопределено Тогда
        Возврат "-";
    ИначеЕсли ТипЗнч(З) = Тип("Число") Тогда
        Возврат Формат(З, "ЧН=0; ЧГ=0");
    КонецЕсли;
    Возврат Строка(З);
КонецФункции

Процедура Показать(Т)
    Имена = Новый Массив;
    Для Каждого К Из Т.Колонки Цикл
        Имена.Добавить(К.Имя);
    КонецЦикла;
    Сообщить("#" + СтрСоединить(Имена, ";"));
    Для Каждого С Из Т Цикл
        Ячейки = Новый Массив;
        Для Каждого Имя Из Имена Цикл
            Ячейки.Добавить(Текст(С[Имя]));
        КонецЦикла;
        Сообщить(СтрСоединить(Ячейки, ";"));
    КонецЦикла;
КонецПроцедуры

Процедура Ошибка(Код)
    Попытка
        Выполнить(Код);
        Сообщить("!без ошибки");
    Исключение
        Сообщить("!" + ОписаниеОшибки());
    КонецПопытки;
КонецПроцедуры
"""

Q1 = "Дата(2024, 1, 1), КонецДня(Дата(2024, 3, 31))"


def parse(output: list[str]) -> list[tuple[str, list[str]]]:
    """Printed tables as (header, sorted rows) — the manager's rows come in no particular order, as in
    1C — and caught errors as (error text, [])."""
    result: list[tuple[str, list[str]]] = []
    for line in output:
        if line.startswith(("#", "!")):
            result.append((line[1:], []))
        else:
            result[-1][1].append(line)
    return [(head, sorted(rows)) for head, rows in result]


def tables(run_bsl: Run, body: str) -> list[tuple[str, list[str]]]:
    return parse(run_bsl(SPEC, SHOW + body, fixtures=FIXTURES, module="КодКандидата").output)


def test_balance_of_the_whole_register_has_every_grouping_column(run_bsl: Run) -> None:
    # all entries; 62.02 Альфа (300 Дт − 300 Кт) nets to zero and is left out, as 1C omits zero totals
    assert tables(run_bsl, "Показать(РегистрыБухгалтерии.Хозрасчетный.Остатки());") == [
        (
            "Счет;Субконто1;Субконто2;Субконто3;СуммаОстаток;СуммаОстатокДт;СуммаОстатокКт",
            sorted(
                [
                    "51;-;-;-;600;600;0",  # 300 + 600 + 200 − 400 − 100
                    "60;ООО Альфа;-;-;400;400;0",
                    "62.01;ООО Альфа;-;-;800;800;0",  # 1000 + 700 − 600 − 300
                    "62.01;ООО Бета;-;-;350;350;0",  # 50 + 500 − 200
                    "62.01;ООО Гамма;-;-;250;250;0",
                    "76;Станок токарный;ООО Альфа;-;100;100;0",
                    "90.01;Станок токарный;-;-;-1700;0;1700",  # passive: a credit balance
                    "90.01;Фреза концевая;-;-;-800;0;800",  # 50 + 500 + 250
                ]
            ),
        )
    ]


def test_balance_at_a_moment_with_filter_and_chosen_columns(run_bsl: Run) -> None:
    body = """
Отбор = Новый Структура("Счет", Счет6201);
Показать(РегистрыБухгалтерии.Хозрасчетный.Остатки(Дата(2024, 4, 1), , Отбор, "Субконто1", "Сумма"));
Отбор.Вставить("Субконто1", Спр("Контрагенты", "ООО Бета"));
Показать(РегистрыБухгалтерии.Хозрасчетный.Остатки(Дата(2024, 4, 1), , Отбор, "Счет"));
"""
    assert tables(run_bsl, body) == [
        # r10 (01.04.2024) is not yet in the balance at the start of 01.04.2024
        (
            "Субконто1;СуммаОстаток;СуммаОстатокДт;СуммаОстатокКт",
            ["ООО Альфа;100;100;0", "ООО Бета;350;350;0", "ООО Гамма;250;250;0"],
        ),
        ("Счет;СуммаОстаток;СуммаОстатокДт;СуммаОстатокКт", ["62.01;350;350;0"]),
    ]


def test_subconto_kinds_name_the_subconto_columns(run_bsl: Run) -> None:
    # account 76 has [Номенклатура, Контрагенты]: with the kinds given, Субконто1 is the kind listed first
    body = """
Отбор = Новый Структура("Счет", Счет76);
Показать(РегистрыБухгалтерии.Хозрасчетный.Остатки(, СубконтоКонтрагенты, Отбор, "Субконто1"));
Виды = Новый Массив;
Виды.Добавить(СубконтоКонтрагенты);
Виды.Добавить(СубконтоНоменклатура);
Показать(РегистрыБухгалтерии.Хозрасчетный.Остатки(, Новый ФиксированныйМассив(Виды), Отбор,
    "Субконто1, Субконто2"));
"""
    assert tables(run_bsl, body) == [
        ("Субконто1;СуммаОстаток;СуммаОстатокДт;СуммаОстатокКт", ["ООО Альфа;100;100;0"]),
        (
            "Субконто1;Субконто2;СуммаОстаток;СуммаОстатокДт;СуммаОстатокКт",
            ["ООО Альфа;Станок токарный;100;100;0"],
        ),
    ]


def test_subconto_kinds_keep_only_the_accounts_having_them(run_bsl: Run) -> None:
    # "остатки будут посчитаны только по счетам, имеющим заданные виды субконто": 76 and 90.01 only
    body = """
Показать(РегистрыБухгалтерии.Хозрасчетный.Остатки(Дата(2024, 4, 1), СубконтоНоменклатура, ,
    "Счет, Субконто1"));
"""
    assert tables(run_bsl, body) == [
        (
            "Счет;Субконто1;СуммаОстаток;СуммаОстатокДт;СуммаОстатокКт",
            sorted(
                [
                    "76;Станок токарный;100;100;0",
                    "90.01;Станок токарный;-1000;0;1000",
                    "90.01;Фреза концевая;-800;0;800",
                ]
            ),
        )
    ]


def test_a_boundary_including_the_moment(run_bsl: Run) -> None:
    # r7 (51 Дт 200) is dated 31.03.2024 0:00:00: excluded by the date, included by Граница … Включая
    body = """
Отбор = Новый Структура("Счет", Счет51);
Показать(РегистрыБухгалтерии.Хозрасчетный.Остатки(Дата(2024, 3, 31), , Отбор, "Счет"));
Граница = Новый Граница(Дата(2024, 3, 31), ВидГраницы.Включая);
Показать(РегистрыБухгалтерии.Хозрасчетный.Остатки(Граница, , Отбор, "Счет"));
"""
    header = "Счет;СуммаОстаток;СуммаОстатокДт;СуммаОстатокКт"
    assert tables(run_bsl, body) == [(header, ["51;400;400;0"]), (header, ["51;600;600;0"])]


def test_turnovers_of_a_quarter_by_subconto(run_bsl: Run) -> None:
    # 62.01 in Q1 2024: Альфа Дт r1 1000, Кт r3 600 + r4 300; Бета Дт r5 50 + r6 500, Кт r7 200 (r10, r11
    # are outside the quarter)
    body = f"""
Отбор = Новый Структура("Счет", Счет6201);
Показать(РегистрыБухгалтерии.Хозрасчетный.Обороты({Q1}, СубконтоКонтрагенты, , Отбор, "Субконто1"));
Отбор.Вставить("Субконто1", Спр("Контрагенты", "ООО Альфа"));
Показать(РегистрыБухгалтерии.Хозрасчетный.Обороты({Q1}, СубконтоКонтрагенты, , Отбор, "Счет"));
"""
    assert tables(run_bsl, body) == [
        (
            "Субконто1;СуммаОборот;СуммаОборотДт;СуммаОборотКт",
            ["ООО Альфа;100;1000;900", "ООО Бета;350;550;200"],
        ),
        ("Счет;СуммаОборот;СуммаОборотДт;СуммаОборотКт", ["62.01;100;1000;900"]),
    ]


def test_turnovers_by_correspondent_account(run_bsl: Run) -> None:
    # 51 in Q1: Дт from 62.02 (r2 300) and 62.01 (r3 600 + r7 200); Кт to 60 (r8 400) and 76 (r9 100)
    body = f"""
Отбор = Новый Структура("Счет", Счет51);
Показать(РегистрыБухгалтерии.Хозрасчетный.Обороты({Q1}, , , Отбор, "КорСчет"));
Показать(РегистрыБухгалтерии.Хозрасчетный.Обороты({Q1}, , , Новый Структура("КорСчет", Счет51)));
"""
    assert tables(run_bsl, body) == [
        (
            "КорСчет;СуммаОборот;СуммаОборотДт;СуммаОборотКт",
            ["60;-400;0;400", "62.01;800;800;0", "62.02;300;300;0", "76;-100;0;100"],
        ),
        # the other side of the same entries, by default without the correspondent columns
        (
            "Счет;Субконто1;Субконто2;Субконто3;СуммаОборот;СуммаОборотДт;СуммаОборотКт",
            sorted(
                [
                    "60;ООО Альфа;-;-;400;400;0",
                    "62.01;ООО Альфа;-;-;-600;0;600",
                    "62.01;ООО Бета;-;-;-200;0;200",
                    "62.02;ООО Альфа;-;-;-300;0;300",
                    "76;Станок токарный;ООО Альфа;-;100;100;0",
                ]
            ),
        ),
    ]


def test_drcr_turnovers(run_bsl: Run) -> None:
    # credit 90.01 in Q1: r1 62.01/Станок 1000, r5 + r6 62.01/Фреза 550
    body = f"""
Отбор = Новый Структура("СчетКт", Счет9001);
Показать(РегистрыБухгалтерии.Хозрасчетный.ОборотыДтКт({Q1}, , , Отбор, "СчетДт, СубконтоКт1"));
Отбор = Новый Структура("СчетДт, СчетКт", Счет60, Счет51);
Показать(РегистрыБухгалтерии.Хозрасчетный.ОборотыДтКт(, , , , Отбор));
"""
    assert tables(run_bsl, body) == [
        ("СчетДт;СубконтоКт1;СуммаОборот", ["62.01;Станок токарный;1000", "62.01;Фреза концевая;550"]),
        (
            "СчетДт;СубконтоДт1;СубконтоДт2;СубконтоДт3;СчетКт;СубконтоКт1;СубконтоКт2;СубконтоКт3;СуммаОборот",
            ["60;ООО Альфа;-;-;51;-;-;-;400"],
        ),
    ]


def test_each_call_is_one_query(run_bsl: Run) -> None:
    body = f"""
Процедура Итоги() Экспорт
    РегистрыБухгалтерии.Хозрасчетный.Остатки();
    РегистрыБухгалтерии.Хозрасчетный.Обороты({Q1}, , , Новый Структура("Счет", Счет51));
    РегистрыБухгалтерии.Хозрасчетный.ОборотыДтКт({Q1});
КонецПроцедуры
"""
    run = run_bsl(SPEC, SHOW + body, fixtures=FIXTURES, module="КодКандидата", body=False)
    log = run.infobase.techlog
    log.clear()
    run.call("Итоги")
    assert [event.kind for event in log.events] == [QUERY, QUERY, QUERY]
    assert log.counts("КодКандидата").reg_reads == 3


@pytest.mark.parametrize(
    ("call", "message"),
    [
        ('Остатки(, , , "Контрагент")', "Поле объекта не обнаружено (Контрагент)"),
        ('Остатки(, , , , "Количество")', "Поле объекта не обнаружено (Количество)"),
        ('Остатки(, , Новый Структура("Организация", 1))', "Поле объекта не обнаружено (Организация)"),
        ('Обороты(, , , , , "КорСчет, Субконто4")', "Поле объекта не обнаружено (Субконто4)"),
        ('ОборотыДтКт(, , , , , "Счет")', "Поле объекта не обнаружено (Счет)"),
        ('Остатки(, , "Счет = 1")', "Неверный тип параметра (параметр номер '3')"),
        ('Остатки(, , Новый Структура("Счет", Новый Массив))', "Неверный тип параметра (параметр номер '3')"),
        ('Остатки(, "Контрагенты")', "Неверный тип параметра (параметр номер '2')"),
        ("Остатки(, Счет51)", "Неверный тип параметра (параметр номер '2')"),
        ('Обороты(, , , "Номенклатура")', "Неверный тип параметра (параметр номер '4')"),
        ('Остатки("2024-01-01")', "Неверный тип параметра (параметр номер '1')"),
        ("Обороты(, 20240101)", "Неверный тип параметра (параметр номер '2')"),
        ("Остатки(, , , , , Истина)", "Слишком много фактических параметров"),
        ("ОстаткиИОбороты()", "Метод объекта не обнаружен (ОстаткиИОбороты)"),
        ("ДвиженияССубконто()", "Метод объекта не обнаружен (ДвиженияССубконто)"),
    ],
)
def test_wrong_arguments_give_the_platform_errors(run_bsl: Run, call: str, message: str) -> None:
    run = run_bsl(
        SPEC,
        SHOW + 'Ошибка("РегистрыБухгалтерии.Хозрасчетный.' + call.replace('"', '""') + '");',
        fixtures=FIXTURES,
        module="М",
    )
    [(error, rows)] = parse(run.output)
    assert message in error and not rows


# A register without correspondence on a chart without subconto: the subconto-kind parameters do not
# exist, so Отбор is the second parameter of Остатки and the third of Обороты.
SIMPLE_SPEC: dict[str, Any] = {
    "catalogs": {"Подразделения": {}},
    "charts_of_accounts": {"Упрощенный": {}},
    "documents": {"Операция": {"accounting_registers": ["Простой"]}},
    "accounting_registers": {
        "Простой": {
            "chart_of_accounts": "Упрощенный",
            "correspondence": False,
            "dimensions": {"Подразделение": "СправочникСсылка.Подразделения"},
        }
    },
}
SIMPLE_FIXTURES: dict[str, Any] = {
    "catalogs": {
        "Подразделения": [{"ref": "Цех", "Наименование": "Цех"}, {"ref": "Склад", "Наименование": "Склад"}]
    },
    "accounts": {
        "Упрощенный": [
            {"ref": "С20", "Код": "20", "Наименование": "Производство", "Вид": "Активный"},
            {"ref": "С70", "Код": "70", "Наименование": "Оплата труда", "Вид": "Пассивный"},
        ]
    },
    "accounting_records": {
        "Простой": {
            "registrar": "Операция",
            "records": [
                {
                    "Период": "2024-01-10",
                    "Счет": "С20",
                    "ВидДвижения": "Дебет",
                    "Подразделение": "Цех",
                    "Сумма": 500,
                },
                {
                    "Период": "2024-01-20",
                    "Счет": "С20",
                    "ВидДвижения": "Кредит",
                    "Подразделение": "Цех",
                    "Сумма": 200,
                },
                {
                    "Период": "2024-02-01",
                    "Счет": "С20",
                    "ВидДвижения": "Дебет",
                    "Подразделение": "Склад",
                    "Сумма": 300,
                },
                {
                    "Период": "2024-01-15",
                    "Счет": "С70",
                    "ВидДвижения": "Кредит",
                    "Подразделение": "Цех",
                    "Сумма": 900,
                },
            ],
        }
    },
}


def _simple_fixtures() -> dict[str, Any]:
    import datetime as _dt

    block = SIMPLE_FIXTURES["accounting_records"]["Простой"]
    records = [{**r, "Период": _dt.date.fromisoformat(r["Период"])} for r in block["records"]]
    return {**SIMPLE_FIXTURES, "accounting_records": {"Простой": {**block, "records": records}}}


def test_register_without_subconto_and_correspondence(run_bsl: Run) -> None:
    body = """
Отбор = Новый Структура("Подразделение", Цех);
Показать(РегистрыБухгалтерии.Простой.Остатки(Дата(2024, 2, 1), Отбор, "Счет"));
Показать(РегистрыБухгалтерии.Простой.Обороты(Дата(2024, 1, 1), Дата(2024, 1, 31), Отбор, "Счет"));
Показать(РегистрыБухгалтерии.Простой.Остатки(, , "Подразделение, Счет", "Сумма"));
Ошибка("РегистрыБухгалтерии.Простой.Остатки(, Цех)");
Ошибка("РегистрыБухгалтерии.Простой.Остатки(, , , , Истина)");
Ошибка("РегистрыБухгалтерии.Простой.Обороты(, , , ""КорСчет"")");
Ошибка("РегистрыБухгалтерии.Простой.ОборотыДтКт()");
"""
    run = run_bsl(SIMPLE_SPEC, SHOW + body, fixtures=_simple_fixtures(), module="КодКандидата")
    [balance, turnovers, by_unit, *errors] = parse(run.output)
    assert balance == ("Счет;СуммаОстаток;СуммаОстатокДт;СуммаОстатокКт", ["20;300;300;0", "70;-900;0;900"])
    # January, Цех: 20 Дт 500 Кт 200; 70 Кт 900
    assert turnovers == ("Счет;СуммаОборот;СуммаОборотДт;СуммаОборотКт", ["20;300;500;200", "70;-900;0;900"])
    assert by_unit == (
        "Подразделение;Счет;СуммаОстаток;СуммаОстатокДт;СуммаОстатокКт",
        ["Склад;20;300;300;0", "Цех;20;300;300;0", "Цех;70;-900;0;900"],
    )
    expected = [
        "Неверный тип параметра (параметр номер '2')",
        "Слишком много фактических параметров",
        "Поле объекта не обнаружено (КорСчет)",
        "Метод объекта не обнаружен (ОборотыДтКт)",
    ]
    assert len(errors) == len(expected)
    for (error, _), message in zip(errors, expected, strict=True):
        assert message in error


# The column-list and parameter rules are shared with РегистрыНакопления.X.Остатки / Обороты: an empty
# string means every dimension ("If you don't specify the parameter or set the empty string, remainders
# are created for all dimensions", Syntax Assistant), errors name the parameter's own number.
STOCK_SPEC: dict[str, Any] = {
    "catalogs": {"Склады": {}},
    "documents": {"Приход": {"registers": ["Запасы"]}},
    "accumulation_registers": {
        "Запасы": {"dimensions": {"Склад": "СправочникСсылка.Склады"}, "resources": {"Количество": {}}}
    },
}


def test_accumulation_registers_share_the_column_list_rules(run_bsl: Run) -> None:
    fixtures = {
        "catalogs": {"Склады": [{"ref": "Основной", "Наименование": "Основной"}]},
        "register_records": {
            "Запасы": {"registrar": "Приход", "records": [{"Склад": "Основной", "Количество": 7}]}
        },
    }
    body = """
Показать(РегистрыНакопления.Запасы.Остатки(, , "", ""));
Ошибка("РегистрыНакопления.Запасы.Обороты(, Истина)");
Ошибка("РегистрыНакопления.Запасы.Обороты(, , , , ""Цена"")");
"""
    result = parse(run_bsl(STOCK_SPEC, SHOW + body, fixtures=fixtures, module="КодКандидата").output)
    assert result[0] == ("Склад;Количество", ["Основной;7"])
    assert "Неверный тип параметра (параметр номер '2')" in result[1][0]
    assert "Поле объекта не обнаружено (Цена)" in result[2][0]
