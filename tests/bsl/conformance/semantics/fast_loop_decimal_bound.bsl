// Для loops with a non-whole bound or start: the variable goes up by 1 while it is ≤ the bound
// (1C), and a non-whole index of a Массив is truncated to a whole number (OneScript's
// ArrayImpl converts the index number to an int). The compiled loop's fast copy is for whole
// numbers only: a non-whole variable must not reach Python's list indexing.
Функция Пары(Числа, Начало, Граница)
    Текст = "";
    Для Инд = Начало По Граница Цикл
        Текст = Текст + Числа[Инд] + ":" + (Инд + 1) + ";";
    КонецЦикла;
    Возврат Текст;
КонецФункции

Числа = Новый Массив;
Числа.Добавить("а");
Числа.Добавить("б");
Числа.Добавить("в");
Сообщить(Пары(Числа, 0, 1.5));
Сообщить(Пары(Числа, 0, 2));
Сообщить(Пары(Числа, 0.5, 2));

// ожидается:
// а:1;б:2;
// а:1;б:2;в:3;
// а:1,5;б:2,5;
