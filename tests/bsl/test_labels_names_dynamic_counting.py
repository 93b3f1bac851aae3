"""Issue 20 items 2, 4 and 11 in the engine: labels and Перейти (allowed for category B only), names
that Python would fold or reject, and code run through Выполнить/Вычислить counted under codestat."""

from __future__ import annotations

import pytest

from prism_desktop.bsl.engine import Engine, ModuleLoadError
from prism_desktop.bsl.limits import RunLimits
from prism_desktop.bsl.values.base import ExecutionLimit

LABELS = """
Функция Сумма(н)
    с = 0; i = 0;
~Начало:
    i = i + 1;
    Если i > н Тогда
        Перейти ~Конец;
    КонецЕсли;
    Для j = 1 По 3 Цикл
        Если j = 2 Тогда Продолжить; КонецЕсли;
        Попытка
            Если j = 3 Тогда Перейти ~Начало; КонецЕсли;
        Исключение
            Сообщить("Попытка поймала Перейти");
        КонецПопытки;
        с = с + j;
    КонецЦикла;
~Конец:
    Возврат с;
КонецФункции

Процедура ВЦикле()
    Для к = 1 По 5 Цикл
        ~Метка:
        Если к = 3 Тогда Прервать; КонецЕсли;
        Сообщить(к);
    КонецЦикла;
    Сообщить("после");
КонецПроцедуры

Процедура Бесконечно()
~А:
    Перейти ~А;
КонецПроцедуры
"""


def test_labels_and_goto_run_when_allowed() -> None:
    engine = Engine(goto=True)
    module = engine.load(LABELS, "М")
    assert engine.call(module, "Сумма", [4]) == 4  # each pass adds 1, then j = 3 jumps back
    engine.call(module, "ВЦикле", [])
    assert engine.output == ["1", "2", "после"]  # Прервать inside a labelled body leaves the loop


def test_a_backward_goto_loop_still_meets_the_deadline() -> None:
    engine = Engine(goto=True, limits=RunLimits(timeout_s=0.5))
    module = engine.load(LABELS, "М")
    with pytest.raises(ExecutionLimit) as raised:
        engine.call(module, "Бесконечно", [])
    assert raised.value.kind == "timeout"


def test_labels_are_rejected_as_by_onescript_by_default() -> None:
    with pytest.raises(ModuleLoadError, match="Метки не поддерживаются"):
        Engine().load(LABELS, "М")


def test_goto_to_a_label_outside_the_enclosing_blocks_is_a_compile_error() -> None:
    source = (
        "Процедура П()\n    Перейти ~Внутри;\n    Если Истина Тогда\n~Внутри:\n    КонецЕсли;\n"
        "КонецПроцедуры\n"
    )
    with pytest.raises(ModuleLoadError, match="Метка не определена"):
        Engine(goto=True).load(source, "М")


def test_full_width_letters_are_other_names_than_ascii() -> None:
    engine = Engine()
    module = engine.load("Функция Ф()\n    ａ = 1;\n    a = 2;\n    Возврат ａ;\nКонецФункции\n", "М")
    assert engine.call(module, "Ф", []) == 1


def test_case_and_yo_still_fold_as_before() -> None:
    engine = Engine()
    module = engine.load(
        "Функция Ф()\n    Ёлка = 1;\n    ЕЛКА = ЕЛКА + 1;\n    Возврат ёлка;\nКонецФункции\n", "М"
    )
    assert engine.call(module, "Ф", []) == 2


def test_a_superscript_in_a_name_is_a_compile_error_not_an_internal_one() -> None:
    with pytest.raises(ModuleLoadError) as raised:
        Engine().load("Ответ² = 5;\n", "М")
    assert "Недопустимый символ" in raised.value.message
    assert "Внутренняя" not in raised.value.message


DYNAMIC = """
Функция Ф(н)
    с = 0;
    Выполнить("Для i = 1 По н Цикл Для j = 1 По н Цикл с = с + 1; КонецЦикла; КонецЦикла;");
    Возврат с + Вычислить("0");
КонецФункции
"""


@pytest.mark.parametrize("size", [10, 20])
def test_code_run_through_execute_is_counted_on_the_calling_line(size: int) -> None:
    engine = Engine(counting="codestat")
    module = engine.load(DYNAMIC + f"\nх = Ф({size});\n", "М")
    engine.run_body(module)
    counts = module.line_counts()
    assert counts[4] >= size * size  # the quadratic work inside the string is on line 4
    assert module.ops(6) >= size * size
