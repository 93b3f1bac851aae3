// Формат даты с L=de_DE: форматы культуры de-DE (.NET: "dd.MM.yyyy", "dddd, d. MMMM yyyy",
// "HH:mm:ss") и немецкие названия (OneScript ValueFormatter.FormatDate с CultureInfo("de-DE")).
Д = Дата(2020, 3, 2, 9, 4, 5);
Сообщить(Формат(Д, "L=de_DE"));
Сообщить(Формат(Д, "L=de_DE; DLF=DD"));
Сообщить(Формат(Д, "L=de; ДФ='д. МММ гггг'"));

// ожидается:
// 02.03.2020 09:04:05
// Montag, 2. März 2020
// 2. März 2020
