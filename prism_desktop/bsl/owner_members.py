"""Methods and properties of a module's owner, callable and readable without a qualifier inside the
module: a form's (Закрыть, РеквизитФормыВЗначение), an object's (Записать, ЭтоНовый), a manager's
(СоздатьНаборЗаписей, ПолучитьМакет), a record set's (Количество, Выгрузить), …

Source (facts): the platform's syntax assistant (8.3.24) — "ФормаКлиентскогоПриложения" (managed
form) and its report-form extension, "Форма" (ordinary form), and for each metadata type the
`<Тип>Объект.<Имя>`, `<Тип>Менеджер.<Имя>` and `<Тип>НаборЗаписей.<Имя>` types: their Russian and
English names and the side they are available on. The table has the format of global_context
(C: client side, S: server side, X: external connection; no letters: everywhere).
"""

from __future__ import annotations

from prism_desktop.bsl.global_context import GlobalName, parse_table

_MANAGED_FORM = """
Активизировать Activate C
Записать Write
Прочитать Read
Закрыть Close C
ЗначениеВРеквизитФормы ValueToFormAttribute S
ИзменитьРеквизиты ChangeAttributes S
ОбновитьОтображениеДанных RefreshDataRepresentation C
Открыта IsOpen C
Открыть Open C
ОповеститьОВыборе NotifyChoice C
ОповеститьОЗаписиНового NotifyWritingNew C
ОткрытьСправкуФормы OpenFormHelp C
ОтключитьОтметкуНезаполненного ClearMarkIncomplete
ПолучитьРеквизиты GetAttributes
ПоказатьВыборИзМеню ShowChooseFromMenu C
ПоказатьВыборИзСписка ShowChooseFromList C
ВыбратьИзМенюАсинх ChooseFromMenuAsync C
ВыбратьИзСпискаАсинх ChooseFromListAsync C
ВводДоступен IsInputAvailable C
НачатьРедактированиеЭлемента BeginEditingItem C
ПроверитьЗаполнение CheckFilling
РеквизитФормыВЗначение FormAttributeToValue S
УстановитьПараметрыФункциональныхОпцийФормы SetFormFunctionalOptionParameters
ПолучитьПараметрыФункциональныхОпцийФормы GetFormFunctionalOptionParameters
ПолучитьФункциональнуюОпциюФормы GetFormFunctionalOption
ЗаблокироватьДанныеФормыДляРедактирования LockFormDataForEdit
РазблокироватьДанныеФормыДляРедактирования UnlockFormDataForEdit
[Расширение формы отчета]
УстановитьТекущийВариант SetCurrentVariant
УстановитьТекущиеПользовательскиеНастройки SetCurrentUserSettings
"""

_MANAGED_FORM_PROPERTIES = """
ЭтаФорма ThisForm
ЭтотОбъект ThisObject
Элементы Items
Команды Commands
Параметры Parameters
Заголовок Title
ТекущийЭлемент CurrentItem
ВладелецФормы FormOwner
Модифицированность Modified
ТолькоПросмотр ReadOnly
КлючУникальности UniqueKey
ЗакрыватьПриВыборе CloseOnChoice
ЗакрыватьПриЗакрытииВладельца CloseOnOwnerClose
РежимОткрытияОкна WindowOpeningMode
ОписаниеОповещенияОЗакрытии OnCloseNotifyDescription
ИмяФормы FormName
Окно Window
"""

_ORDINARY_FORM = """
Закрыть Close
Открыть Open
Открыта IsOpen
Активизировать Activate
ОповеститьОВыборе NotifyChoice
ОткрытьМодально DoModal
ПроверитьЗаполнение CheckFilling
ОбновитьОтображениеДанных RefreshDataRepresentation
ВводДоступен IsInputAvailable
ПолучитьФорму GetForm
ПолучитьМакет GetTemplate
Метаданные Metadata
"""

# Methods of a reference-type object (catalog, document, chart, business process, task, exchange
# plan node): the common part; each type adds its own below.
_REFERENCE_OBJECT = """
Записать Write
Прочитать Read
Удалить Delete
Заблокировать Lock
Разблокировать Unlock
Заблокирован IsLocked
ПроверитьЗаполнение CheckFilling
ЭтоНовый IsNew
Метаданные Metadata
Скопировать Copy
Заполнить Fill
УстановитьПометкуУдаления SetDeletionMark
ПолучитьСсылкуНового GetNewObjectRef
УстановитьСсылкуНового SetNewObjectRef
ПолучитьФорму GetForm
"""

_OBJECT_BY_TYPE = {
    "catalogs": "УстановитьНовыйКод SetNewCode",
    "chartsofcharacteristictypes": "УстановитьНовыйКод SetNewCode",
    "chartsofaccounts": "УстановитьНовыйКод SetNewCode",
    "chartsofcalculationtypes": "УстановитьНовыйКод SetNewCode",
    "exchangeplans": "УстановитьНовыйКод SetNewCode",
    "documents": "УстановитьНовыйНомер SetNewNumber\nУстановитьВремя SetTime\nПолучитьВремя GetTime",
    "businessprocesses": "УстановитьНовыйНомер SetNewNumber\nСтарт Start\nУстановитьВремя SetTime",
    "tasks": "УстановитьНовыйНомер SetNewNumber\nВыполнитьЗадачу ExecuteTask\nУстановитьВремя SetTime",
}

# The object of a data processor or report (and of an external one).
_PROCESSOR_OBJECT = """
ПолучитьФорму GetForm
ПолучитьМакет GetTemplate
ПроверитьЗаполнение CheckFilling
Метаданные Metadata
СкомпоноватьРезультат ComposeResult
"""

_RECORD_SET = """
Записать Write
Прочитать Read
Количество Count
Выгрузить Unload
Загрузить Load
ВыгрузитьКолонку UnloadColumn
ЗагрузитьКолонку LoadColumn
Очистить Clear
Добавить Add
Вставить Insert
Удалить Delete
Получить Get
Индекс IndexOf
Сдвинуть Move
ПроверитьЗаполнение CheckFilling
Метаданные Metadata
Модифицированность Modified
УстановитьАктивность SetActive
ПолучитьДополнение GetAddition
"""

_VALUE_MANAGER = """
Записать Write
Прочитать Read
ПроверитьЗаполнение CheckFilling
Метаданные Metadata
Модифицированность Modified
"""

# A manager of any metadata type; each type adds its constructors and queries below.
_MANAGER = """
ПолучитьФорму GetForm
ПолучитьМакет GetTemplate
ПустаяСсылка EmptyRef
ПолучитьСсылку GetRef
Выбрать Select
НайтиПоРеквизиту FindByAttribute
ПолучитьФормуВыбора GetChoiceForm
ПолучитьФормуСписка GetListForm
ПолучитьФормуНовогоОбъекта GetNewObjectForm
ПолучитьДанныеВыбора GetChoiceData
ПолучитьИменаПредопределенных GetPredefinedItemNames
ПолучитьИмяПредопределенного GetPredefinedItemName
"""

_MANAGER_BY_TYPE = {
    "catalogs": "СоздатьЭлемент CreateItem\nСоздатьГруппу CreateFolder\n"
    "ВыбратьИерархически SelectHierarchically\nНайтиПоКоду FindByCode\nНайтиПоНаименованию FindByDescription",
    "chartsofcharacteristictypes": "СоздатьЭлемент CreateItem\nСоздатьГруппу CreateFolder\n"
    "ВыбратьИерархически SelectHierarchically\nНайтиПоКоду FindByCode\nНайтиПоНаименованию FindByDescription",
    "chartsofaccounts": "СоздатьСчет CreateAccount\nВыбратьИерархически SelectHierarchically\n"
    "НайтиПоКоду FindByCode\nНайтиПоНаименованию FindByDescription",
    "chartsofcalculationtypes": "СоздатьВидРасчета CreateCalculationType\nНайтиПоКоду FindByCode\n"
    "НайтиПоНаименованию FindByDescription",
    "exchangeplans": "СоздатьУзел CreateNode\nЭтотУзел ThisNode\nНайтиПоКоду FindByCode\n"
    "НайтиПоНаименованию FindByDescription",
    "documents": "СоздатьДокумент CreateDocument\nНайтиПоНомеру FindByNumber",
    "businessprocesses": "СоздатьБизнесПроцесс CreateBusinessProcess\nНайтиПоНомеру FindByNumber",
    "tasks": "СоздатьЗадачу CreateTask\nНайтиПоНомеру FindByNumber",
    "dataprocessors": "Создать Create",
    "reports": "Создать Create",
    "informationregisters": "СоздатьНаборЗаписей CreateRecordSet\nСоздатьМенеджерЗаписи CreateRecordManager\n"
    "СоздатьКлючЗаписи CreateRecordKey\nПолучитьПоследнее GetLast\nПолучитьПервое GetFirst\n"
    "СрезПоследних SliceLast\nСрезПервых SliceFirst\nПолучить Get",
    "accumulationregisters": "СоздатьНаборЗаписей CreateRecordSet\nСоздатьКлючЗаписи CreateRecordKey\n"
    "Остатки Balance\nОбороты Turnovers\nПересчитатьИтоги RecalcTotals",
    "accountingregisters": "СоздатьНаборЗаписей CreateRecordSet\nСоздатьКлючЗаписи CreateRecordKey\n"
    "Остатки Balance\nОбороты Turnovers\nОстаткиИОбороты BalanceAndTurnovers\nПересчитатьИтоги RecalcTotals",
    "calculationregisters": "СоздатьНаборЗаписей CreateRecordSet\nСоздатьКлючЗаписи CreateRecordKey",
    "documentjournals": "",
    "enums": "",
    "constants": "СоздатьМенеджерЗначения CreateValueManager\nПолучить Get\nУстановить Set",
    "sequences": "СоздатьНаборЗаписей CreateRecordSet\nВосстановить Restore\nПолучитьГраницу GetBound",
}


def _members(*tables: str) -> tuple[GlobalName, ...]:
    return tuple(name for table in tables for name in parse_table(table, "Владелец"))


def form_members(ordinary: bool) -> tuple[GlobalName, ...]:
    """Methods of a form module's owner, the form."""
    return _members(_ORDINARY_FORM) if ordinary else _members(_MANAGED_FORM)


FORM_PROPERTIES: tuple[GlobalName, ...] = _members(_MANAGED_FORM_PROPERTIES)


def object_members(owner_type: str) -> tuple[GlobalName, ...]:
    """Methods of an object module's owner; `owner_type` is the metadata folder name in lower case
    (catalogs, documents, dataprocessors, …; an external data processor or report counts as one)."""
    if owner_type in ("dataprocessors", "reports", "externaldataprocessors", "externalreports"):
        return _members(_PROCESSOR_OBJECT)
    return _members(_REFERENCE_OBJECT, _OBJECT_BY_TYPE.get(owner_type, ""))


def manager_members(owner_type: str) -> tuple[GlobalName, ...]:
    """Methods of a manager module's owner, the manager of its metadata type."""
    return _members(_MANAGER, _MANAGER_BY_TYPE.get(owner_type, ""))


def record_set_members() -> tuple[GlobalName, ...]:
    return _members(_RECORD_SET)


def value_manager_members() -> tuple[GlobalName, ...]:
    return _members(_VALUE_MANAGER)
