// A Для loop in a function reading a Массив parameter: a negative index is an error, never Python's
// element counted from the end (the compiled loop's fast copy checks the index against -1).
Функция Сумма(Числа)
    Итог = 0;
    Для Инд = 0 По 2 Цикл
        Итог = Итог + Числа[Инд - 1];
    КонецЦикла;
    Возврат Итог;
КонецФункции

Числа = Новый Массив;
Числа.Добавить(1);
Числа.Добавить(2);
Числа.Добавить(3);
Сообщить("до");
Сообщить(Сумма(Числа));

// ожидается:
// до
// ошибка: Индекс находится за границами диапазона
