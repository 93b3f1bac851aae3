// DOCTYPE не читается: .NET XmlReader (основа ЧтениеXML в OneScript) по умолчанию запрещает DTD
// (DtdProcessing.Prohibit), и сущности из DTD никогда не раскрываются.
Ч = Новый ЧтениеXML;
Ч.УстановитьСтроку("<!DOCTYPE a [<!ENTITY x ""xxxxxxxx"">]><a>&x;</a>");
Ч.Прочитать();

// ошибка: DOCTYPE
