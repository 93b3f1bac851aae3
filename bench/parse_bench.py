"""Parse speed of the BSL front end on a generated, realistic 10,000-line module.

Usage: .venv/bin/python bench/parse_bench.py [--lines N] [--repeat K]
Reports the best of K runs for each stage (lexing, the full parse, parse + compile checks), the
lines per second, and the share of lexing in the full parse (a ratio measured in this one run).
Target: the full parse of 10,000 lines well under one second.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from prism_desktop.bsl.checker import check_module
from prism_desktop.bsl.lexer import tokenize
from prism_desktop.bsl.parser import parse_module

_METHOD = """\
// Обрабатывает строки документа {n}: группирует по номенклатуре и считает суммы.
&НаСервере
Функция ОбработатьДокумент{n}(Знач Документ, Отбор = Неопределено, Знач Порог = -1) Экспорт
    Перем Результат, Итого;
    Результат = Новый ТаблицаЗначений;
    Результат.Колонки.Добавить("Номенклатура");
    Результат.Колонки.Добавить("Количество", Новый ОписаниеТипов("Число"));
    Итого = 0;
    Запрос = Новый Запрос;
    Запрос.Текст = "ВЫБРАТЬ
    |   Товары.Номенклатура КАК Номенклатура,
    |   СУММА(Товары.Количество) КАК Количество
    |ИЗ
    |   Документ.Реализация.Товары КАК Товары
    // отбор по ссылке
    |ГДЕ
    |   Товары.Ссылка = &Ссылка
    |СГРУППИРОВАТЬ ПО
    |   Товары.Номенклатура";
    Запрос.УстановитьПараметр("Ссылка", Документ);
    Выборка = Запрос.Выполнить().Выбрать();
    Пока Выборка.Следующий() Цикл
        Строка = Результат.Добавить();
        ЗаполнитьЗначенияСвойств(Строка, Выборка);
        Если Выборка.Количество > Порог И НЕ Отбор = Неопределено Тогда
            Итого = Итого + Выборка.Количество * 2 - 1;
        ИначеЕсли Выборка.Количество = 0 Тогда
            Продолжить;
        Иначе
            Итого = Итого + ?(Выборка.Количество < 10, 1, 0);
        КонецЕсли;
    КонецЦикла;
    Для Индекс = 0 По Результат.Количество() - 1 Цикл
        Для Каждого Колонка Из Результат.Колонки Цикл
            Значение = Результат[Индекс][Колонка.Имя];
            Если Не ЗначениеЗаполнено(Значение) Тогда
                Прервать;
            КонецЕсли;
        КонецЦикла;
    КонецЦикла;
    Попытка
        Данные = Новый Структура("Итого, Дата", Итого, '20240131235959');
        Сообщить(СтрШаблон(НСтр("ru = 'Итого: %1'"), Формат(Данные.Итого, "ЧДЦ=2")));
    Исключение
        ВызватьИсключение ОписаниеОшибки();
    КонецПопытки;
    Возврат Результат;
КонецФункции

"""


def generate_module(lines: int) -> str:
    """A module of about `lines` lines: regions of realistic methods, then a module body."""
    parts = ["Перем КэшНастроек Экспорт;\n\n#Область ПрограммныйИнтерфейс\n\n"]
    count = 0
    n = 0
    per_method = _METHOD.count("\n")
    while count < lines - 4:
        parts.append(_METHOD.format(n=n))
        count += per_method
        n += 1
    parts.append("#КонецОбласти\n\nКэшНастроек = Новый Соответствие;\n")
    return "".join(parts)


def best_of(repeat: int, action: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--lines", type=int, default=10_000)
    options.add_argument("--repeat", type=int, default=5)
    args = options.parse_args()
    text = generate_module(args.lines)
    line_count = text.count("\n") + 1
    result = parse_module(text)
    if result.diagnostics:
        raise SystemExit(f"the generated module has diagnostics: {result.diagnostics[:3]}")
    lex = best_of(args.repeat, lambda: tokenize(text))
    parse = best_of(args.repeat, lambda: parse_module(text))
    check = best_of(args.repeat, lambda: check_module(text))
    tokens = len(tokenize(text).tokens)
    print(f"module: {line_count} lines, {len(text)} characters, {tokens} tokens, "
          f"{len(result.module.methods)} methods")
    print(f"best of {args.repeat}:")
    print(f"  lex            {lex * 1000:8.1f} ms  ({line_count / lex:,.0f} lines/s)")
    print(f"  parse          {parse * 1000:8.1f} ms  ({line_count / parse:,.0f} lines/s)")
    print(f"  parse + check  {check * 1000:8.1f} ms  ({line_count / check:,.0f} lines/s)")
    print(f"lexing share of the parse: {lex / parse:.2f}; target parse < 1 s: "
          f"{'met' if parse < 1.0 else 'NOT met'}")


if __name__ == "__main__":
    main()
