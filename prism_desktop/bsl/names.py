"""Names of the global context: what a module may call or read without a qualifier.

Data, not logic: the checker uses GLOBAL_METHODS for UndefinedMethod; the executor may use both
tables to know which bare names are built in. Each entry is (Russian, English). The lists cover the
1C:Enterprise 8.3 global context (server, client and common) and the globals OneScript adds, because
PRISM runs category A code on OneScript: a name missing here would be a false UndefinedMethod.
"""

from __future__ import annotations


def canonical(name: str) -> str:
    """Case-insensitive identity of a BSL name: lower case, ё read as е."""
    return name.lower().replace("ё", "е")


_STRING_FUNCTIONS = (
    ("СтрДлина", "StrLen"), ("СокрЛ", "TrimL"), ("СокрП", "TrimR"), ("СокрЛП", "TrimAll"),
    ("Лев", "Left"), ("Прав", "Right"), ("Сред", "Mid"), ("СтрНайти", "StrFind"), ("Найти", "Find"),
    ("ВРег", "Upper"), ("НРег", "Lower"), ("ТРег", "Title"), ("Символ", "Char"),
    ("КодСимвола", "CharCode"), ("ПустаяСтрока", "IsBlankString"), ("СтрЗаменить", "StrReplace"),
    ("СтрЧислоСтрок", "StrLineCount"), ("СтрПолучитьСтроку", "StrGetLine"),
    ("СтрЧислоВхождений", "StrOccurrenceCount"), ("СтрСравнить", "StrCompare"),
    ("СтрНачинаетсяС", "StrStartsWith"), ("СтрЗаканчиваетсяНа", "StrEndsWith"),
    ("СтрРазделить", "StrSplit"), ("СтрСоединить", "StrConcat"), ("СтрШаблон", "StrTemplate"),
    ("НСтр", "NStr"), ("Формат", "Format"), ("ЧислоПрописью", "NumberInWords"),
    ("ПредставлениеПериода", "PeriodPresentation"),
    ("НайтиНедопустимыеСимволыXML", "FindDisallowedXMLCharacters"),
    ("СтрокаСПереводомСтрок", "StringWithLineBreaks"),
    ("КодироватьСтроку", "EncodeString"), ("РаскодироватьСтроку", "DecodeString"),
)

_NUMBER_FUNCTIONS = (
    ("Цел", "Int"), ("Окр", "Round"), ("ACos", "ACos"), ("ASin", "ASin"), ("ATan", "ATan"),
    ("Cos", "Cos"), ("Exp", "Exp"), ("Log", "Log"), ("Log10", "Log10"), ("Pow", "Pow"),
    ("Sin", "Sin"), ("Sqrt", "Sqrt"), ("Tan", "Tan"), ("Мин", "Min"), ("Макс", "Max"),
    ("ЧислоИзШестнадцатеричнойСтроки", "NumberFromHexString"),
    ("ЧислоИзДвоичнойСтроки", "NumberFromBinaryString"),
    ("ПобитовоеИ", "BitAnd"), ("ПобитовоеИли", "BitOr"), ("ПобитовоеНе", "BitNot"),
    ("ПобитовоеИНе", "BitAndNot"), ("ПобитовоеИсключительноеИли", "BitXor"),
    ("ПобитовыйСдвигВлево", "BitwiseShiftLeft"), ("ПобитовыйСдвигВправо", "BitwiseShiftRight"),
    ("ПроверитьБит", "CheckBit"), ("УстановитьБит", "SetBit"),
    ("ПроверитьПоБитовойМаске", "CheckByBitMask"),
)

_DATE_FUNCTIONS = (
    ("Год", "Year"), ("Месяц", "Month"), ("День", "Day"), ("Час", "Hour"), ("Минута", "Minute"),
    ("Секунда", "Second"), ("НачалоГода", "BegOfYear"), ("НачалоКвартала", "BegOfQuarter"),
    ("НачалоМесяца", "BegOfMonth"), ("НачалоНедели", "BegOfWeek"), ("НачалоДня", "BegOfDay"),
    ("НачалоЧаса", "BegOfHour"), ("НачалоМинуты", "BegOfMinute"), ("КонецГода", "EndOfYear"),
    ("КонецКвартала", "EndOfQuarter"), ("КонецМесяца", "EndOfMonth"), ("КонецНедели", "EndOfWeek"),
    ("КонецДня", "EndOfDay"), ("КонецЧаса", "EndOfHour"), ("КонецМинуты", "EndOfMinute"),
    ("НеделяГода", "WeekOfYear"), ("ДеньГода", "DayOfYear"), ("ДеньНедели", "WeekDay"),
    ("ДобавитьМесяц", "AddMonth"), ("ТекущаяДата", "CurrentDate"),
    ("ТекущаяДатаСеанса", "CurrentSessionDate"), ("ТекущаяУниверсальнаяДата", "CurrentUniversalDate"),
    ("ТекущаяУниверсальнаяДатаВМиллисекундах", "CurrentUniversalDateInMilliseconds"),
    ("МестноеВремя", "ToLocalTime"), ("УниверсальноеВремя", "ToUniversalTime"),
    ("ЧасовойПояс", "TimeZone"), ("ЧасовойПоясСеанса", "SessionTimeZone"),
    ("УстановитьЧасовойПоясСеанса", "SetSessionTimeZone"),
    ("СмещениеСтандартногоВремени", "StandardTimeOffset"),
    ("СмещениеЛетнегоВремени", "DaylightTimeOffset"),
    ("ПредставлениеЧасовогоПояса", "TimeZonePresentation"),
    ("ПолучитьДопустимыеЧасовыеПояса", "GetAvailableTimeZones"),
    ("ПолучитьЧасовойПоясИнформационнойБазы", "GetInfoBaseTimeZone"),
    ("УстановитьЧасовойПоясИнформационнойБазы", "SetInfoBaseTimeZone"),
)

_TYPE_AND_VALUE_FUNCTIONS = (
    ("Булево", "Boolean"), ("Число", "Number"), ("Строка", "String"), ("Дата", "Date"),
    ("Тип", "Type"), ("ТипЗнч", "TypeOf"), ("ЗначениеЗаполнено", "ValueIsFilled"),
    ("ЗаполнитьЗначенияСвойств", "FillPropertyValues"),
    ("ПредопределенноеЗначение", "PredefinedValue"),
    ("ПолучитьПолноеИмяПредопределенногоЗначения", "GetPredefinedValueFullName"),
    ("ЗначениеВСтрокуВнутр", "ValueToStringInternal"),
    ("ЗначениеИзСтрокиВнутр", "ValueFromStringInternal"),
    ("ЗначениеВФайл", "ValueToFile"), ("ЗначениеИзФайла", "ValueFromFile"),
    ("ЗначениеВДанныеФормы", "ValueToFormData"), ("ДанныеФормыВЗначение", "FormDataToValue"),
    ("КопироватьДанныеФормы", "CopyFormData"), ("Вычислить", "Eval"),
    ("XMLСтрока", "XMLString"), ("XMLЗначение", "XMLValue"), ("XMLТип", "XMLType"),
    ("XMLТипЗнч", "XMLTypeOf"), ("ИзXMLТипа", "FromXMLType"), ("ПолучитьXMLТип", "GetXMLType"),
    ("ПрочитатьXML", "ReadXML"), ("ЗаписатьXML", "WriteXML"), ("ВозможностьЧтенияXML", "CanReadXML"),
    ("ПрочитатьJSON", "ReadJSON"), ("ЗаписатьJSON", "WriteJSON"),
    ("ПрочитатьДатуJSON", "ReadJSONDate"), ("ЗаписатьДатуJSON", "WriteJSONDate"),
    ("Base64Строка", "Base64String"), ("Base64Значение", "Base64Value"),
    ("ПолучитьСтрокуИзДвоичныхДанных", "GetStringFromBinaryData"),
    ("ПолучитьДвоичныеДанныеИзСтроки", "GetBinaryDataFromString"),
    ("ПолучитьBase64СтрокуИзДвоичныхДанных", "GetBase64StringFromBinaryData"),
    ("ПолучитьДвоичныеДанныеИзBase64Строки", "GetBinaryDataFromBase64String"),
    ("ПолучитьHexСтрокуИзДвоичныхДанных", "GetHexStringFromBinaryData"),
    ("ПолучитьДвоичныеДанныеИзHexСтроки", "GetBinaryDataFromHexString"),
    ("ПолучитьСтрокуИзБуфераДвоичныхДанных", "GetStringFromBinaryDataBuffer"),
    ("ПолучитьБуферДвоичныхДанныхИзСтроки", "GetBinaryDataBufferFromString"),
    ("ПолучитьBase64СтрокуИзБуфераДвоичныхДанных", "GetBase64StringFromBinaryDataBuffer"),
    ("ПолучитьБуферДвоичныхДанныхИзBase64Строки", "GetBinaryDataBufferFromBase64String"),
    ("ПолучитьHexСтрокуИзБуфераДвоичныхДанных", "GetHexStringFromBinaryDataBuffer"),
    ("ПолучитьБуферДвоичныхДанныхИзHexСтроки", "GetBinaryDataBufferFromHexString"),
    ("ПолучитьДвоичныеДанныеИзБуфераДвоичныхДанных", "GetBinaryDataFromBinaryDataBuffer"),
    ("ПолучитьБуферДвоичныхДанныхИзДвоичныхДанных", "GetBinaryDataBufferFromBinaryData"),
    ("СоединитьДвоичныеДанные", "ConcatBinaryData"), ("РазделитьДвоичныеДанные", "SplitBinaryData"),
    ("СоединитьБуферыДвоичныхДанных", "ConcatBinaryDataBuffers"),
)

_ERROR_AND_MESSAGE_FUNCTIONS = (
    ("Сообщить", "Message"), ("ОписаниеОшибки", "ErrorDescription"),
    ("ИнформацияОбОшибке", "ErrorInfo"), ("КраткоеПредставлениеОшибки", "BriefErrorDescription"),
    ("ПодробноеПредставлениеОшибки", "DetailErrorDescription"),
    ("ПоказатьИнформациюОбОшибке", "ShowErrorInfo"), ("ОчиститьСообщения", "ClearMessages"),
    ("ПолучитьСообщенияПользователю", "GetUserMessages"), ("Состояние", "Status"),
    ("Предупреждение", "DoMessageBox"), ("Вопрос", "DoQueryBox"), ("Сигнал", "Beep"),
    ("ПоказатьПредупреждение", "ShowMessageBox"), ("ПоказатьВопрос", "ShowQueryBox"),
    ("ПоказатьОповещениеПользователя", "ShowUserNotification"),
    ("ОбработкаПрерыванияПользователя", "UserInterruptProcessing"),
    ("ЗаписьЖурналаРегистрации", "WriteLogEvent"), ("ВыгрузитьЖурналРегистрации", "UnloadEventLog"),
    ("ПолучитьИспользованиеЖурналаРегистрации", "GetEventLogUsing"),
    ("УстановитьИспользованиеЖурналаРегистрации", "SetEventLogUsing"),
    ("ПредставлениеСобытияЖурналаРегистрации", "EventLogEventPresentation"),
    ("ПолучитьЗначенияОтбораЖурналаРегистрации", "GetEventLogFilterValues"),
)

_INTERACTIVE_FUNCTIONS = (
    ("ВвестиЗначение", "InputValue"), ("ВвестиЧисло", "InputNumber"), ("ВвестиСтроку", "InputString"),
    ("ВвестиДату", "InputDate"), ("ПоказатьВводЗначения", "ShowInputValue"),
    ("ПоказатьВводЧисла", "ShowInputNumber"), ("ПоказатьВводСтроки", "ShowInputString"),
    ("ПоказатьВводДаты", "ShowInputDate"), ("ОткрытьЗначение", "OpenValue"),
    ("ПоказатьЗначение", "ShowValue"), ("ОткрытьФорму", "OpenForm"),
    ("ОткрытьФормуМодально", "OpenFormModal"), ("ПолучитьФорму", "GetForm"),
    ("Оповестить", "Notify"), ("ВыполнитьОбработкуОповещения", "ExecuteNotifyProcessing"),
    ("ПодключитьОбработчикОжидания", "AttachIdleHandler"),
    ("ОтключитьОбработчикОжидания", "DetachIdleHandler"),
    ("ОткрытьСправку", "OpenHelp"), ("ОткрытьСодержаниеСправки", "OpenHelpContent"),
    ("ОткрытьИндексСправки", "OpenHelpIndex"), ("ЗакрытьСправку", "CloseHelp"),
    ("ОбновитьИнтерфейс", "RefreshInterface"), ("ПолучитьОкна", "GetWindows"),
    ("АктивноеОкно", "ActiveWindow"), ("НайтиОкноПоНавигационнойСсылке", "FindWindowByURL"),
    ("ПолучитьНавигационнуюСсылку", "GetURL"), ("ПерейтиПоНавигационнойСсылке", "GotoURL"),
    ("ПолучитьНавигационнуюСсылкуИнформационнойБазы", "GetInfoBaseURL"),
    ("ЗаблокироватьРаботуПользователя", "LockApplication"),
    ("ЗавершитьРаботуСистемы", "Exit"), ("ПрекратитьРаботуСистемы", "Terminate"),
    ("ПолучитьИнформациюЭкрановКлиента", "GetClientDisplaysInformation"),
    ("ПолучитьСкоростьКлиентскогоСоединения", "GetClientConnectionSpeed"),
)

_FILE_AND_SYSTEM_FUNCTIONS = (
    ("КомандаСистемы", "System"), ("ЗапуститьПриложение", "RunApp"),
    ("НачатьЗапускПриложения", "BeginRunningApplication"), ("ЗапуститьСистему", "RunSystem"),
    ("НайтиФайлы", "FindFiles"), ("КопироватьФайл", "FileCopy"), ("ПереместитьФайл", "MoveFile"),
    ("УдалитьФайлы", "DeleteFiles"), ("СоздатьКаталог", "CreateDirectory"),
    ("КаталогВременныхФайлов", "TempFilesDir"), ("ПолучитьИмяВременногоФайла", "GetTempFileName"),
    ("КаталогПрограммы", "BinDir"), ("КаталогДокументов", "DocumentsDir"),
    ("РабочийКаталогДанныхПользователя", "UserDataWorkDir"),
    ("ПоместитьВоВременноеХранилище", "PutToTempStorage"),
    ("ПолучитьИзВременногоХранилища", "GetFromTempStorage"),
    ("УдалитьИзВременногоХранилища", "DeleteFromTempStorage"),
    ("ЭтоАдресВременногоХранилища", "IsTempStorageURL"),
    ("ПоместитьФайл", "PutFile"), ("ПолучитьФайл", "GetFile"), ("ПоместитьФайлы", "PutFiles"),
    ("ПолучитьФайлы", "GetFiles"), ("НачатьПомещениеФайла", "BeginPutFile"),
    ("НачатьПомещениеФайлов", "BeginPutFiles"), ("НачатьПолучениеФайлов", "BeginGettingFiles"),
    ("ПодключитьРасширениеРаботыСФайлами", "AttachFileSystemExtension"),
    ("УстановитьРасширениеРаботыСФайлами", "InstallFileSystemExtension"),
    ("НачатьПодключениеРасширенияРаботыСФайлами", "BeginAttachingFileSystemExtension"),
    ("ПодключитьВнешнююКомпоненту", "AttachAddIn"), ("ЗагрузитьВнешнююКомпоненту", "LoadAddIn"),
    ("УстановитьВнешнююКомпоненту", "InstallAddIn"),
    ("НачатьУстановкуВнешнейКомпоненты", "BeginInstallAddIn"),
    ("НачатьПодключениеВнешнейКомпоненты", "BeginAttachingAddIn"),
    ("ИмяКомпьютера", "ComputerName"),
)

_INFOBASE_FUNCTIONS = (
    ("ИмяПользователя", "UserName"), ("ПолноеИмяПользователя", "UserFullName"),
    ("ПравоДоступа", "AccessRight"), ("РольДоступна", "IsInRole"),
    ("ПараметрыДоступа", "AccessParameters"), ("ВыполнитьПроверкуПравДоступа", "VerifyAccessRights"),
    ("ПредставлениеПрава", "RightPresentation"), ("ПривилегированныйРежим", "PrivilegedMode"),
    ("УстановитьПривилегированныйРежим", "SetPrivilegedMode"), ("БезопасныйРежим", "SafeMode"),
    ("УстановитьБезопасныйРежим", "SetSafeMode"),
    ("БезопасныйРежимРазделенияДанных", "DataSeparationSafeMode"),
    ("УстановитьБезопасныйРежимРазделенияДанных", "SetDataSeparationSafeMode"),
    ("ТекущийЯзык", "CurrentLanguage"), ("ТекущийКодЛокализации", "CurrentLocaleCode"),
    ("ТекущийЯзыкСистемы", "CurrentSystemLanguage"), ("ТекущийРежимЗапуска", "CurrentRunMode"),
    ("КодЛокализацииИнформационнойБазы", "InfoBaseLocaleCode"),
    ("ПолучитьДопустимыеКодыЛокализации", "GetAvailableLocaleCodes"),
    ("ПредставлениеКодаЛокализации", "LocaleCodePresentation"),
    ("ПредставлениеПриложения", "ApplicationPresentation"),
    ("СтрокаСоединенияИнформационнойБазы", "InfoBaseConnectionString"),
    ("НачатьТранзакцию", "BeginTransaction"), ("ЗафиксироватьТранзакцию", "CommitTransaction"),
    ("ОтменитьТранзакцию", "RollbackTransaction"), ("ТранзакцияАктивна", "TransactionActive"),
    ("ПолучитьСоединенияИнформационнойБазы", "GetInfoBaseConnections"),
    ("НомерСоединенияИнформационнойБазы", "InfoBaseConnectionNumber"),
    ("НомерСеансаИнформационнойБазы", "InfoBaseSessionNumber"),
    ("ПолучитьСеансыИнформационнойБазы", "GetInfoBaseSessions"),
    ("ПолучитьТекущийСеансИнформационнойБазы", "GetCurrentInfoBaseSession"),
    ("УстановитьМонопольныйРежим", "SetExclusiveMode"), ("МонопольныйРежим", "ExclusiveMode"),
    ("ПолучитьОперативнуюОтметкуВремени", "GetRealTimeTimestamp"),
    ("ОбновитьНумерациюОбъектов", "RefreshObjectsNumbering"),
    ("ОбновитьПовторноИспользуемыеЗначения", "RefreshReusableValues"),
    ("ЗаблокироватьДанныеДляРедактирования", "LockDataForEdit"),
    ("РазблокироватьДанныеДляРедактирования", "UnlockDataForEdit"),
    ("НайтиПомеченныеНаУдаление", "FindMarkedForDeletion"), ("УдалитьОбъекты", "DeleteObjects"),
    ("НайтиПоСсылкам", "FindByRef"), ("ПолучитьОбщийМакет", "GetCommonTemplate"),
    ("ПолучитьОбщуюФорму", "GetCommonForm"), ("ПолучитьФункциональнуюОпцию", "GetFunctionalOption"),
    ("ПолучитьФункциональнуюОпциюИнтерфейса", "GetInterfaceFunctionalOption"),
    ("УстановитьПараметрыФункциональныхОпцийИнтерфейса", "SetInterfaceFunctionalOptionParameters"),
    ("ПолучитьПараметрыФункциональныхОпцийИнтерфейса", "GetInterfaceFunctionalOptionParameters"),
    ("ИнициализироватьПредопределенныеДанные", "InitializePredefinedData"),
    ("УстановитьВремяОжиданияБлокировкиДанных", "SetLockWaitTime"),
    ("ПолучитьВремяОжиданияБлокировкиДанных", "GetLockWaitTime"),
    ("ПолучитьСтруктуруХраненияБазыДанных", "GetDBStorageStructureInfo"),
    ("УстановитьОтключениеБезопасногоРежима", "SetSafeModeDisabled"),
    ("ПолучитьОтключениеБезопасногоРежима", "GetSafeModeDisabled"),
)

# Globals of OneScript (category A runs there); harmless elsewhere since only bare calls use them.
_ONESCRIPT_FUNCTIONS = (
    ("ЗагрузитьСценарий", "LoadScript"), ("ЗагрузитьСценарийИзСтроки", "LoadScriptFromString"),
    ("ПодключитьСценарий", "AttachScript"), ("ТекущийСценарий", "CurrentScript"),
    ("СтартовыйСценарий", "StartupScript"), ("Приостановить", "Sleep"),
    ("ОсвободитьОбъект", "FreeObject"), ("ВыполнитьСборкуМусора", "RunGarbageCollection"),
    ("ПолучитьПеременнуюСреды", "GetEnvironmentVariable"),
    ("УстановитьПеременнуюСреды", "SetEnvironmentVariable"),
    ("ПеременныеСреды", "EnvironmentVariables"), ("ЗавершитьРаботу", "Exit"),
    ("ТекущийКаталог", "CurrentDirectory"), ("УстановитьТекущийКаталог", "SetCurrentDirectory"),
    ("ОбъединитьПути", "CombinePath"), ("СоздатьПроцесс", "CreateProcess"),
    ("НайтиПроцессПоИдентификатору", "FindProcessById"),
    ("НайтиПроцессыПоИмени", "FindProcessesByName"), ("ИнформацияОСценарии", "ScriptInfo"),
    ("ПодключитьВнешнююБиблиотеку", "AttachExternalLibrary"),
)

_GLOBAL_PROPERTIES = (
    ("Символы", "Chars"), ("Метаданные", "Metadata"), ("Справочники", "Catalogs"),
    ("Документы", "Documents"), ("РегистрыНакопления", "AccumulationRegisters"),
    ("РегистрыСведений", "InformationRegisters"), ("РегистрыБухгалтерии", "AccountingRegisters"),
    ("РегистрыРасчета", "CalculationRegisters"), ("Перечисления", "Enums"),
    ("Константы", "Constants"), ("ПланыВидовХарактеристик", "ChartsOfCharacteristicTypes"),
    ("ПланыСчетов", "ChartsOfAccounts"), ("ПланыВидовРасчета", "ChartsOfCalculationTypes"),
    ("БизнесПроцессы", "BusinessProcesses"), ("Задачи", "Tasks"), ("ПланыОбмена", "ExchangePlans"),
    ("Отчеты", "Reports"), ("Обработки", "DataProcessors"), ("ЖурналыДокументов", "DocumentJournals"),
    ("Последовательности", "Sequences"), ("КритерииОтбора", "FilterCriteria"),
    ("ПараметрыСеанса", "SessionParameters"), ("ХранилищаНастроек", "SettingsStorages"),
    ("ВнешниеОбработки", "ExternalDataProcessors"), ("ВнешниеОтчеты", "ExternalReports"),
    ("ВнешниеИсточникиДанных", "ExternalDataSources"), ("РегламентныеЗадания", "ScheduledJobs"),
    ("ФоновыеЗадания", "BackgroundJobs"), ("БиблиотекаКартинок", "PictureLib"),
    ("БиблиотекаСтилей", "StyleLib"), ("ПользователиИнформационнойБазы", "InfoBaseUsers"),
    ("ХранилищеОбщихНастроек", "CommonSettingsStorage"),
    ("ХранилищеСистемныхНастроек", "SystemSettingsStorage"),
    ("ХранилищеВариантовОтчетов", "ReportsVariantsStorage"),
    ("ХранилищеНастроекДанныхФорм", "FormDataSettingsStorage"),
    ("ХранилищеПользовательскихНастроекОтчетов", "ReportsUserSettingsStorage"),
    ("WSСсылки", "WSReferences"), ("ГлавныйИнтерфейс", "MainInterface"), ("ГлавныйСтиль", "MainStyle"),
    ("ПараметрЗапуска", "LaunchParameter"), ("ПараметрыПриложения", "ApplicationParameters"),
    ("РабочаяДата", "WorkingDate"), ("ОбработкаОшибок", "ErrorProcessing"),
    ("ПолнотекстовыйПоиск", "FullTextSearch"), ("ИсторияРаботыПользователя", "UserWorkHistory"),
    ("ЭтотОбъект", "ThisObject"),
    # OneScript
    ("АргументыКоманднойСтроки", "CommandLineArguments"),
)

_METHOD_GROUPS = (
    _STRING_FUNCTIONS, _NUMBER_FUNCTIONS, _DATE_FUNCTIONS, _TYPE_AND_VALUE_FUNCTIONS,
    _ERROR_AND_MESSAGE_FUNCTIONS, _INTERACTIVE_FUNCTIONS, _FILE_AND_SYSTEM_FUNCTIONS,
    _INFOBASE_FUNCTIONS, _ONESCRIPT_FUNCTIONS,
)

# (Russian, English) pairs of every global-context function and procedure.
GLOBAL_METHOD_PAIRS: tuple[tuple[str, str], ...] = tuple(pair for group in _METHOD_GROUPS for pair in group)
# (Russian, English) pairs of the global-context properties.
GLOBAL_PROPERTY_PAIRS: tuple[tuple[str, str], ...] = _GLOBAL_PROPERTIES

# canonical spelling (either language) -> the Russian display name
GLOBAL_METHODS: dict[str, str] = {
    canonical(spelling): ru for ru, en in GLOBAL_METHOD_PAIRS for spelling in (ru, en)
}
GLOBAL_PROPERTIES: dict[str, str] = {
    canonical(spelling): ru for ru, en in GLOBAL_PROPERTY_PAIRS for spelling in (ru, en)
}
