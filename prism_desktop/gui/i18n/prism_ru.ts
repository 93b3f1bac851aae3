<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru">
    <context>
        <name>App</name>
        <message>
            <source>The results store cannot be opened</source>
            <translation>Не удаётся открыть хранилище результатов</translation>
        </message>
    </context>
    <context>
        <name>MainWindow</name>
        <message>
            <source>Opening workspace %1…</source>
            <translation>Открывается рабочая область %1…</translation>
        </message>
        <message>
            <source>Importing %1…</source>
            <translation>Импорт %1…</translation>
        </message>
        <message>
            <source>Workspace %1: %2 tasks; imported %3 new runs and %4 new results.</source>
            <translation>Рабочая область %1: задач — %2; импортировано новых прогонов — %3, новых результатов — %4.</translation>
        </message>
        <message>
            <source>Some result files could not be imported</source>
            <translation>Часть файлов результатов не импортирована</translation>
        </message>
        <message>
            <source>The workspace cannot be opened</source>
            <translation>Не удаётся открыть рабочую область</translation>
        </message>
        <message>
            <source>%1 problem(s); see the details.</source>
            <translation>Проблем: %1; подробности ниже.</translation>
        </message>
        <message>
            <source>Every shown run is graded.</source>
            <translation>Все показанные прогоны оценены.</translation>
        </message>
        <message>
            <source>Level 1 cancelled after %1 runs.</source>
            <translation>Level 1 отменён; успели оценить прогонов: %1.</translation>
        </message>
        <message>
            <source>Level 1 scored %1 runs.</source>
            <translation>Level 1 завершён; оценено прогонов: %1.</translation>
        </message>
        <message>
            <source>Level 1 could not run</source>
            <translation>Не удалось запустить Level 1</translation>
        </message>
        <message>
            <source>Sandbox: checking…</source>
            <translation>Песочница: проверка…</translation>
        </message>
        <message>
            <source>Sandbox: unavailable</source>
            <translation>Песочница: недоступна</translation>
        </message>
        <message>
            <source>Sandbox: %1</source>
            <translation>Песочница: %1</translation>
        </message>
        <message>
            <source>Who is grading?</source>
            <translation>Кто оценивает?</translation>
        </message>
        <message>
            <source>Your name or expert id. It is stored with every grade you give:</source>
            <translation>Ваше имя или код эксперта. Оно сохраняется с каждой вашей оценкой:</translation>
        </message>
        <message>
            <source>PRISM Desktop</source>
            <translation>PRISM Desktop</translation>
        </message>
        <message>
            <source>&amp;File</source>
            <translation>&amp;Файл</translation>
        </message>
        <message>
            <source>&amp;Level 1</source>
            <translation>&amp;Level 1</translation>
        </message>
        <message>
            <source>&amp;Review</source>
            <translation>&amp;Проверка</translation>
        </message>
        <message>
            <source>&amp;View</source>
            <translation>&amp;Вид</translation>
        </message>
        <message>
            <source>&amp;Help</source>
            <translation>&amp;Справка</translation>
        </message>
        <message>
            <source>&amp;Open workspace…</source>
            <translation>&amp;Открыть рабочую область…</translation>
        </message>
        <message>
            <source>&amp;Import results again</source>
            <translation>&amp;Импортировать результаты заново</translation>
        </message>
        <message>
            <source>&amp;Settings…</source>
            <translation>&amp;Настройки…</translation>
        </message>
        <message>
            <source>&amp;Quit</source>
            <translation>&amp;Выход</translation>
        </message>
        <message>
            <source>Score &amp;selected runs</source>
            <translation>Оценить &amp;выделенные прогоны</translation>
        </message>
        <message>
            <source>Score the current run's &amp;experiment</source>
            <translation>Оценить &amp;эксперимент текущего прогона</translation>
        </message>
        <message>
            <source>Score all &amp;shown runs</source>
            <translation>Оценить все &amp;показанные прогоны</translation>
        </message>
        <message>
            <source>Score shown runs &amp;not yet scored here</source>
            <translation>Оценить показанные прогоны, &amp;ещё не оценённые здесь</translation>
        </message>
        <message>
            <source>&amp;Cancel scoring</source>
            <translation>&amp;Отменить оценивание</translation>
        </message>
        <message>
            <source>Calibration &amp;sessions…</source>
            <translation>Калибровочные &amp;сессии…</translation>
        </message>
        <message>
            <source>&amp;Leave the session</source>
            <translation>&amp;Выйти из сессии</translation>
        </message>
        <message>
            <source>&amp;Identify as expert…</source>
            <translation>&amp;Представиться экспертом…</translation>
        </message>
        <message>
            <source>&amp;Next ungraded run</source>
            <translation>&amp;Следующий неоценённый прогон</translation>
        </message>
        <message>
            <source>&amp;Debug the current task</source>
            <translation>&amp;Отладка текущей задачи</translation>
        </message>
        <message>
            <source>&amp;Search runs</source>
            <translation>&amp;Поиск прогонов</translation>
        </message>
        <message>
            <source>Reset &amp;filters</source>
            <translation>Сбросить &amp;фильтры</translation>
        </message>
        <message>
            <source>&amp;About PRISM Desktop</source>
            <translation>&amp;О программе PRISM Desktop</translation>
        </message>
        <message>
            <source>Review</source>
            <translation>Проверка</translation>
        </message>
        <message>
            <source>Debug</source>
            <translation>Отладка</translation>
        </message>
        <message>
            <source>Expert: %1</source>
            <translation>Эксперт: %1</translation>
        </message>
        <message>
            <source>Expert: not identified</source>
            <translation>Эксперт: не указан</translation>
        </message>
        <message>
            <source>, blind</source>
            <translation>, слепая</translation>
        </message>
        <message>
            <source> · session “%1”%2</source>
            <translation> · сессия «%1»%2</translation>
        </message>
        <message>
            <source>Open a workspace (File → Open workspace…) to review its runs.</source>
            <translation>Откройте рабочую область (Файл → Открыть рабочую область…), чтобы проверять её прогоны.</translation>
        </message>
        <message>
            <source>N/A: Verified marks are computed for the runs of a calibration session; open one (Review → Calibration sessions…).</source>
            <translation>Н/Д: отметки Verified вычисляются для прогонов калибровочной сессии; откройте её (Проверка → Калибровочные сессии…).</translation>
        </message>
        <message>
            <source>Computing the Verified marks of this session…</source>
            <translation>Вычисляются отметки Verified этой сессии…</translation>
        </message>
        <message>
            <source>N/A: the Verified marks could not be computed: %1</source>
            <translation>Н/Д: не удалось вычислить отметки Verified: %1</translation>
        </message>
        <message>
            <source>&amp;Save and next</source>
            <translation>&amp;Сохранить и дальше</translation>
        </message>
        <message>
            <source>S&amp;kip this run</source>
            <translation>&amp;Пропустить прогон</translation>
        </message>
        <message>
            <source>&amp;Flag: unsure</source>
            <translation>&amp;Отметить: не уверен</translation>
        </message>
        <message>
            <source>&amp;Undo the last grade</source>
            <translation>&amp;Отменить последнюю оценку</translation>
        </message>
        <message>
            <source>Show the &amp;runs table</source>
            <translation>Показывать &amp;таблицу прогонов</translation>
        </message>
        <message>
            <source>&amp;Wrap long lines</source>
            <translation>&amp;Переносить длинные строки</translation>
        </message>
        <message>
            <source>&amp;Larger code</source>
            <translation>&amp;Крупнее код</translation>
        </message>
        <message>
            <source>S&amp;maller code</source>
            <translation>&amp;Мельче код</translation>
        </message>
        <message>
            <source>Code at &amp;normal size</source>
            <translation>Код &amp;обычного размера</translation>
        </message>
        <message>
            <source>&amp;Keyboard shortcuts</source>
            <translation>&amp;Клавиши</translation>
        </message>
        <message>
            <source> · %1 incomplete</source>
            <translation> · не закончено: %1</translation>
        </message>
        <message>
            <source>in session “%1”</source>
            <translation>в сессии «%1»</translation>
        </message>
        <message>
            <source>Runs you (%1) have graded on every axis %2; incomplete: graded on some axes only</source>
            <translation>Прогоны, которые вы (%1) оценили по всем осям %2; не закончено — оценены лишь некоторые оси</translation>
        </message>
        <message>
            <source>Score without isolation?</source>
            <translation>Оценивать без изоляции?</translation>
        </message>
        <message>
            <source>Docker is not available, so candidate code would run as a local process on this computer, NOT isolated. Build the sandbox image (prism-desktop sandbox build) to score in isolated containers.

Score locally for the rest of this session?</source>
            <translation>Docker недоступен, поэтому код кандидатов будет выполняться локальным процессом на этом компьютере, БЕЗ изоляции. Соберите образ песочницы (prism-desktop sandbox build), чтобы оценивать в изолированных контейнерах.

Оценивать локально до конца этого сеанса?</translation>
        </message>
        <message>
            <source>The log folder could not be opened: %1</source>
            <translation>Папку журнала открыть не удалось: %1</translation>
        </message>
        <message>
            <source>Log folder</source>
            <translation>Папка журнала</translation>
        </message>
        <message>
            <source>Open the &amp;log folder</source>
            <translation>Открыть папку &amp;журнала</translation>
        </message>
        <message>
            <source>Open a workspace (PRISM: tasks/ and metrics/; coding bench: dataset/)</source>
            <translation>Открыть рабочую папку (PRISM: tasks/ и metrics/; задачи на Python, TypeScript и Go: dataset/)</translation>
        </message>
        <message>
            <source>%1 grade(s) kept as stored: changed after their expert file was written.</source>
            <translation>Оценок оставлено как в хранилище: %1 — их изменили после того, как был записан файл эксперта.</translation>
        </message>
        <message>
            <source>Runs of &amp;every workspace in the store</source>
            <translation>Прогоны &amp;всех рабочих пространств хранилища</translation>
        </message>
        <message>
            <source>Off: the table shows the runs of the open workspace's tasks only</source>
            <translation>Выключено: в таблице только прогоны задач открытого рабочего пространства</translation>
        </message>
        <message>
            <source>Store: %1</source>
            <translation>Хранилище: %1</translation>
        </message>
        <message>
            <source>a PostgreSQL server</source>
            <translation>на сервере PostgreSQL</translation>
        </message>
        <message>
            <source>a SQLite file</source>
            <translation>в файле SQLite</translation>
        </message>
        <message>
            <source>Grades and results are kept in %1: %2 (File → Open store… to change)</source>
            <translation>Оценки и результаты хранятся %1: %2 (сменить: Файл → Открыть хранилище…)</translation>
        </message>
        <message>
            <source>Runs: %1 shown of %2</source>
            <translation>Прогоны: показано %1 из %2</translation>
        </message>
        <message>
            <source> · scored %1</source>
            <translation> · оценено %1</translation>
        </message>
        <message>
            <source> · %1 of other workspaces (View menu)</source>
            <translation> · ещё %1 в других рабочих пространствах (меню Вид)</translation>
        </message>
    </context>
    <context>
        <name>RunsTableModel</name>
        <message>
            <source>Not measured.</source>
            <translation>Не измерено.</translation>
        </message>
        <message>
            <source>Not measured: the model call failed, there is no answer to score.</source>
            <translation>Не измерено: вызов модели завершился ошибкой, оценивать нечего.</translation>
        </message>
        <message>
            <source>Not measured yet: Level 1 has not scored this run.</source>
            <translation>Ещё не измерено: Level 1 не оценивал этот прогон.</translation>
        </message>
        <message>
            <source>Not applicable: P (platform) is measured for category B only.</source>
            <translation>Неприменимо: P (платформа) измеряется только для категории B.</translation>
        </message>
        <message>
            <source>Not measured: %1</source>
            <translation>Не измерено: %1</translation>
        </message>
        <message>
            <source>No quality score: none of the applicable axes was measured.</source>
            <translation>Нет оценки качества: ни одна применимая ось не измерена.</translation>
        </message>
        <message>
            <source>Not measured (the Level-1 result gives no reason).</source>
            <translation>Не измерено (результат Level 1 не указывает причину).</translation>
        </message>
        <message>
            <source>scored</source>
            <translation>проверен L1</translation>
        </message>
        <message>
            <source>not scored</source>
            <translation>не проверен</translation>
        </message>
        <message>
            <source>not measured</source>
            <translation>не измерен</translation>
        </message>
        <message>
            <source>no answer</source>
            <translation>нет ответа</translation>
        </message>
        <message>
            <source>Task</source>
            <translation>Задача</translation>
        </message>
        <message>
            <source>Cat.</source>
            <translation>Кат.</translation>
        </message>
        <message>
            <source>Model</source>
            <translation>Модель</translation>
        </message>
        <message>
            <source>Status</source>
            <translation>Состояние</translation>
        </message>
        <message>
            <source>Graded by</source>
            <translation>Оценили</translation>
        </message>
        <message>
            <source>Verified</source>
            <translation>Verified</translation>
        </message>
        <message>
            <source>Task id and name</source>
            <translation>Код и название задачи</translation>
        </message>
        <message>
            <source>Task category: A (algorithms) or B (platform)</source>
            <translation>Категория задачи: A (алгоритмы) или B (платформа)</translation>
        </message>
        <message>
            <source>The model that wrote the answer</source>
            <translation>Модель, написавшая ответ</translation>
        </message>
        <message>
            <source>Run index of the answer (0-based, as in the result files)</source>
            <translation>Номер прогона (с нуля, как в файлах результатов)</translation>
        </message>
        <message>
            <source>S, syntax: step 0–10</source>
            <translation>S, синтаксис: шаг 0–10</translation>
        </message>
        <message>
            <source>M, meaning: share of hidden tests passed, 0–10</source>
            <translation>M, смысл: доля пройденных скрытых тестов, 0–10</translation>
        </message>
        <message>
            <source>O, optimality: step 0–10 from measured growth</source>
            <translation>O, оптимальность: шаг 0–10 по измеренному росту</translation>
        </message>
        <message>
            <source>P, platform: clean share, 0–10 (category B only)</source>
            <translation>P, платформа: доля чистых прогонов, 0–10 (только категория B)</translation>
        </message>
        <message>
            <source>Q, quality: mean of the applicable measured axes</source>
            <translation>Q, качество: среднее измеренных применимых осей</translation>
        </message>
        <message>
            <source>Level-1 state of the run</source>
            <translation>Состояние прогона в Level 1</translation>
        </message>
        <message>
            <source>Experts who graded the run</source>
            <translation>Эксперты, оценившие прогон</translation>
        </message>
        <message>
            <source>Verified: experts and machine agree under the verification rules</source>
            <translation>Verified: эксперты и машина согласны по правилам верификации</translation>
        </message>
        <message>
            <source>Hidden in this blind session until you have graded every axis of the run.</source>
            <translation>Скрыто в слепой сессии, пока вы не оцените все оси прогона.</translation>
        </message>
        <message>
            <source>%1 = %2, step %3</source>
            <translation>%1 = %2, шаг %3</translation>
        </message>
        <message>
            <source>Experiment:</source>
            <translation>Эксперимент:</translation>
        </message>
        <message>
            <source>No Level-1 result yet: score it from the Level 1 menu.</source>
            <translation>Результата Level 1 ещё нет: запустите оценивание из меню Level 1.</translation>
        </message>
        <message>
            <source>Scored here by PRISM Desktop.</source>
            <translation>Оценено здесь, в PRISM Desktop.</translation>
        </message>
        <message>
            <source>From the auto file %1</source>
            <translation>Из авто-файла %1</translation>
        </message>
        <message>
            <source>Not Verified</source>
            <translation>Не Verified</translation>
        </message>
        <message>
            <source>Mine</source>
            <translation>Мои</translation>
        </message>
        <message>
            <source>Your own grades of the run (✓ when every axis is graded)</source>
            <translation>Ваши оценки прогона (✓ — оценены все оси)</translation>
        </message>
        <message>
            <source>Not graded yet: %1</source>
            <translation>Ещё не оценено: %1</translation>
        </message>
        <message>
            <source>Not sortable in this blind session until you have graded every one of its runs.</source>
            <translation>В слепой сессии сортировка по этому столбцу недоступна, пока вы не оцените все её прогоны.</translation>
        </message>
    </context>
    <context>
        <name>FilterBar</name>
        <message>
            <source>All tasks</source>
            <translation>Все задачи</translation>
        </message>
        <message>
            <source>All categories</source>
            <translation>Все категории</translation>
        </message>
        <message>
            <source>All models</source>
            <translation>Все модели</translation>
        </message>
        <message>
            <source>Task</source>
            <translation>Задача</translation>
        </message>
        <message>
            <source>Task category</source>
            <translation>Категория задачи</translation>
        </message>
        <message>
            <source>Model</source>
            <translation>Модель</translation>
        </message>
        <message>
            <source>The axis the score band applies to</source>
            <translation>Ось, к которой относится диапазон оценок</translation>
        </message>
        <message>
            <source>Score band on the chosen axis (M and P by their steps)</source>
            <translation>Диапазон оценки по выбранной оси (M и P — по шагам)</translation>
        </message>
        <message>
            <source>Grading and scoring state (grades of the current expert)</source>
            <translation>Состояние оценивания (оценки текущего эксперта)</translation>
        </message>
        <message>
            <source>Any score</source>
            <translation>Любая оценка</translation>
        </message>
        <message>
            <source>N/A (not measured)</source>
            <translation>Н/Д (не измерено)</translation>
        </message>
        <message>
            <source>Low (&lt; 5)</source>
            <translation>Низкая (&lt; 5)</translation>
        </message>
        <message>
            <source>Acceptable (5–8)</source>
            <translation>Приемлемая (5–8)</translation>
        </message>
        <message>
            <source>High (≥ 8)</source>
            <translation>Высокая (≥ 8)</translation>
        </message>
        <message>
            <source>Step %1</source>
            <translation>Шаг %1</translation>
        </message>
        <message>
            <source>All runs</source>
            <translation>Все прогоны</translation>
        </message>
        <message>
            <source>Not graded by me</source>
            <translation>Не оценены мной</translation>
        </message>
        <message>
            <source>Graded by me</source>
            <translation>Оценены мной</translation>
        </message>
        <message>
            <source>Machine and expert disagree</source>
            <translation>Машина и эксперт расходятся</translation>
        </message>
        <message>
            <source>Verified</source>
            <translation>Verified</translation>
        </message>
        <message>
            <source>Scored</source>
            <translation>Оценены машиной</translation>
        </message>
        <message>
            <source>Not scored yet</source>
            <translation>Ещё не оценены</translation>
        </message>
        <message>
            <source>Not measured (N/A)</source>
            <translation>Не измерены (Н/Д)</translation>
        </message>
        <message>
            <source>Search task, model, answer text…</source>
            <translation>Поиск по задаче, модели, тексту ответа…</translation>
        </message>
        <message>
            <source>Reset</source>
            <translation>Сбросить</translation>
        </message>
        <message>
            <source>Show every run again</source>
            <translation>Снова показать все прогоны</translation>
        </message>
        <message>
            <source>Only %1 (%2 runs); Reset shows every run.</source>
            <translation>Только %1 (прогонов: %2); «Сбросить» покажет все.</translation>
        </message>
        <message>
            <source>Flagged unsure (by anyone)</source>
            <translation>Отмечены «не уверен» (кем угодно)</translation>
        </message>
        <message>
            <source>Not offered in this blind session until you have graded every one of its runs.</source>
            <translation>В слепой сессии недоступно, пока вы не оцените все её прогоны.</translation>
        </message>
        <message>
            <source>Search task, answer text…</source>
            <translation>Поиск по задаче и тексту ответа…</translation>
        </message>
    </context>
    <context>
        <name>ScoringPanel</name>
        <message>
            <source>Docker — isolated</source>
            <translation>Docker — изолировано</translation>
        </message>
        <message>
            <source>local — NOT isolated</source>
            <translation>локально — БЕЗ изоляции</translation>
        </message>
        <message>
            <source>Level 1: cancelling…</source>
            <translation>Level 1: отмена…</translation>
        </message>
        <message>
            <source>Level 1:</source>
            <translation>Level 1:</translation>
        </message>
        <message>
            <source>%v of %m runs</source>
            <translation>%v из %m прогонов</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Отменить</translation>
        </message>
        <message>
            <source>Stop scoring; runs already scored keep their results</source>
            <translation>Остановить оценивание; уже оценённые прогоны сохранят результаты</translation>
        </message>
    </context>
    <context>
        <name>DebugView</name>
        <message>
            <source>Running Level 1 on %1…</source>
            <translation>Level 1 выполняется для %1…</translation>
        </message>
        <message>
            <source>Scored without a sandbox run (nothing could be executed).</source>
            <translation>Оценено без запуска в песочнице (исполнять было нечего).</translation>
        </message>
        <message>
            <source>Sandbox: %1 · runner %2 · %3 s</source>
            <translation>Песочница: %1 · исполнитель %2 · %3 с</translation>
        </message>
        <message>
            <source>Level 1 failed: %1</source>
            <translation>Level 1 завершился ошибкой: %1</translation>
        </message>
        <message>
            <source>The task to debug</source>
            <translation>Задача для отладки</translation>
        </message>
        <message>
            <source>Put the task's reference solution (canonical.bsl) in the editor</source>
            <translation>Поместить эталонное решение задачи (canonical.bsl) в редактор</translation>
        </message>
        <message>
            <source>Put the task's slow baseline (perf_baseline.bsl) in the editor</source>
            <translation>Поместить медленное базовое решение (perf_baseline.bsl) в редактор</translation>
        </message>
        <message>
            <source>Run Level 1</source>
            <translation>Запустить Level 1</translation>
        </message>
        <message>
            <source>Score the editor's text (Ctrl+Enter or F5)</source>
            <translation>Оценить текст из редактора (Ctrl+Enter или F5)</translation>
        </message>
        <message>
            <source>Type or paste a candidate solution in BSL…</source>
            <translation>Введите или вставьте решение на BSL…</translation>
        </message>
        <message>
            <source>Load:</source>
            <translation>Загрузить:</translation>
        </message>
        <message>
            <source>Run:</source>
            <translation>Запустить:</translation>
        </message>
        <message>
            <source>Canonical</source>
            <translation>Эталон</translation>
        </message>
        <message>
            <source>Perf baseline</source>
            <translation>Медленный вариант</translation>
        </message>
        <message>
            <source>Load the canonical solution and run Level 1 on it</source>
            <translation>Загрузить эталонное решение и запустить на нём Level 1</translation>
        </message>
        <message>
            <source>Load the perf baseline and run Level 1 on it</source>
            <translation>Загрузить медленный вариант и запустить на нём Level 1</translation>
        </message>
        <message>
            <source>Level 1</source>
            <translation>Уровень 1</translation>
        </message>
        <message>
            <source>Query console</source>
            <translation>Консоль запросов</translation>
        </message>
        <message>
            <source>Try 1C queries against the task's infobase (category B)</source>
            <translation>Запросы 1С к информационной базе задачи (категория B)</translation>
        </message>
        <message>
            <source>Load the candidate of run #%1 (the one under review)</source>
            <translation>Загрузить кандидата прогона №%1 (того, что на проверке)</translation>
        </message>
        <message>
            <source>No run of this task is under review</source>
            <translation>Ни один прогон этой задачи не на проверке</translation>
        </message>
        <message>
            <source>This run's candidate</source>
            <translation>Кандидат прогона</translation>
        </message>
        <message>
            <source>Blind session: grade this run first (Level 1 here would show the machine's verdict)</source>
            <translation>Слепая сессия: сначала оцените этот прогон (Level 1 здесь показал бы вердикт машины)</translation>
        </message>
    </context>
    <context>
        <name>SettingsDialog</name>
        <message>
            <source>Settings</source>
            <translation>Настройки</translation>
        </message>
        <message>
            <source>Language:</source>
            <translation>Язык:</translation>
        </message>
        <message>
            <source>Level-1 sandbox:</source>
            <translation>Песочница Level 1:</translation>
        </message>
        <message>
            <source>Expert name:</source>
            <translation>Имя эксперта:</translation>
        </message>
        <message>
            <source>System default</source>
            <translation>Как в системе</translation>
        </message>
        <message>
            <source>Automatic: Docker when available, else local</source>
            <translation>Автоматически: Docker, если доступен, иначе локально</translation>
        </message>
        <message>
            <source>Docker only (isolated)</source>
            <translation>Только Docker (изолировано)</translation>
        </message>
        <message>
            <source>Local process (NOT isolated)</source>
            <translation>Локальный процесс (БЕЗ изоляции)</translation>
        </message>
        <message>
            <source>e.g. expert_01</source>
            <translation>например, expert_01</translation>
        </message>
        <message>
            <source>The language changes at once. The sandbox applies to the next Level-1 run. Your name is stored with every grade you give.</source>
            <translation>Язык меняется сразу. Песочница применяется к следующему запуску Level 1. Ваше имя сохраняется с каждой вашей оценкой.</translation>
        </message>
        <message>
            <source>Parallel runs:</source>
            <translation>Параллельных прогонов:</translation>
        </message>
        <message>
            <source>One per processor core</source>
            <translation>По одному на ядро процессора</translation>
        </message>
        <message>
            <source>Proxy of each model adapter (http://[user:password@]host:port)</source>
            <translation>Прокси для каждого адаптера моделей (http://[пользователь:пароль@]хост:порт)</translation>
        </message>
        <message>
            <source>as %1 says, else none</source>
            <translation>как в %1, иначе без прокси</translation>
        </message>
        <message>
            <source>none</source>
            <translation>без прокси</translation>
        </message>
    </context>
    <context>
        <name>ReviewView</name>
        <message>
            <source>Keyboard shortcuts</source>
            <translation>Клавиши</translation>
        </message>
        <message>
            <source>Every grade is saved the moment you give it. Any key closes this help.</source>
            <translation>Каждая оценка сохраняется сразу, как только поставлена. Любая клавиша закрывает справку.</translation>
        </message>
        <message>
            <source>nobody — identify yourself to grade</source>
            <translation>не указан — представьтесь, чтобы оценивать</translation>
        </message>
        <message>
            <source>session «%1»</source>
            <translation>сессия «%1»</translation>
        </message>
        <message>
            <source>standalone grading</source>
            <translation>оценка вне сессии</translation>
        </message>
        <message>
            <source>Expert: %1 · %2</source>
            <translation>Эксперт: %1 · %2</translation>
        </message>
        <message>
            <source>BLIND</source>
            <translation>ВСЛЕПУЮ</translation>
        </message>
        <message>
            <source>open session</source>
            <translation>открытая сессия</translation>
        </message>
        <message>
            <source>Choose a run to review.</source>
            <translation>Выберите прогон для проверки.</translation>
        </message>
        <message>
            <source>model &lt;b&gt;%1&lt;/b&gt;, run %2, category %3</source>
            <translation>модель &lt;b&gt;%1&lt;/b&gt;, прогон %2, категория %3</translation>
        </message>
        <message>
            <source>**Task %1 is not in the open workspace**; its statement and reference cannot be shown.</source>
            <translation>**Задачи %1 нет в открытой рабочей области**: условие и эталон показать нельзя.</translation>
        </message>
        <message>
            <source>The generation failed: %1</source>
            <translation>Генерация не удалась: %1</translation>
        </message>
        <message>
            <source>Identify yourself (expert name) before grading.</source>
            <translation>Прежде чем оценивать, представьтесь (имя эксперта).</translation>
        </message>
        <message>
            <source>Nothing to undo.</source>
            <translation>Отменять нечего.</translation>
        </message>
        <message>
            <source>Every run here is graded. Thank you!</source>
            <translation>Все прогоны здесь оценены. Спасибо!</translation>
        </message>
        <message>
            <source>Not graded yet: %1. Grade it, or press Space to skip this run for now.</source>
            <translation>Ещё не оценено: %1. Поставьте оценку или нажмите Пробел, чтобы пока пропустить прогон.</translation>
        </message>
        <message>
            <source>no reason given</source>
            <translation>причина не указана</translation>
        </message>
        <message>
            <source>The model's answer is empty.</source>
            <translation>Ответ модели пуст.</translation>
        </message>
        <message>
            <source>No code was found in the model's answer (see the Raw response tab).</source>
            <translation>В ответе модели не найден код (см. вкладку с исходным ответом).</translation>
        </message>
        <message>
            <source>NOT saved: %1 — %2.</source>
            <translation>НЕ сохранено: %1 — %2.</translation>
        </message>
        <message>
            <source>%1 = %2 on run #%3</source>
            <translation>%1 = %2 у прогона №%3</translation>
        </message>
        <message>
            <source>clearing %1 on run #%2</source>
            <translation>снятие %1 у прогона №%2</translation>
        </message>
        <message>
            <source>the comment and approach of run #%1</source>
            <translation>комментарий и подход прогона №%1</translation>
        </message>
        <message>
            <source>undoing your last change</source>
            <translation>отмена последнего изменения</translation>
        </message>
        <message>
            <source>hidden</source>
            <translation>скрыта</translation>
        </message>
        <message>
            <source>the unsure flag of run #%1</source>
            <translation>отметка «не уверен» прогона №%1</translation>
        </message>
        <message>
            <source>unflagging run #%1</source>
            <translation>снятие отметки с прогона №%1</translation>
        </message>
        <message>
            <source>sample %1 of %2</source>
            <translation>ответ %1 из %2</translation>
        </message>
        <message>
            <source>The model answered this task %1 times in this experiment.</source>
            <translation>Модель отвечала на эту задачу в этом эксперименте %1 раз(а).</translation>
        </message>
        <message>
            <source>%1 of them pass every test; this one is mark %2.</source>
            <translation>Из них все тесты проходят %1; этот ответ — отметка №%2.</translation>
        </message>
        <message>
            <source>someone</source>
            <translation>кто-то</translation>
        </message>
        <message>
            <source>you (in another window)</source>
            <translation>вы (в другом окне)</translation>
        </message>
        <message>
            <source>%1 removed this grade at %2</source>
            <translation>%1 удалил(а) эту оценку в %2</translation>
        </message>
        <message>
            <source>%1 changed this grade to %2 at %3</source>
            <translation>%1 изменил(а) эту оценку на %2 в %3</translation>
        </message>
        <message>
            <source>NOT saved: %1 — %2, after this window showed it. Their grade is kept and shown now; grade again if you still disagree.</source>
            <translation>НЕ сохранено: %1 — %2, уже после того, как это окно её показало. Их оценка сохранена и теперь показана; оцените заново, если по-прежнему не согласны.</translation>
        </message>
        <message>
            <source>No candidate: %1 (see the Raw response tab).</source>
            <translation>Кандидата нет: %1 (см. вкладку с исходным ответом).</translation>
        </message>
        <message>
            <source>library (Commit-0 style)</source>
            <translation>библиотека (в духе Commit-0)</translation>
        </message>
        <message>
            <source>Language: %1 · %2 tests · %3 s per test</source>
            <translation>Язык: %1 · тестов: %2 · %3 с на тест</translation>
        </message>
    </context>
    <context>
        <name>CodeCompare</name>
        <message>
            <source>Reference (canonical.bsl)</source>
            <translation>Эталон (canonical.bsl)</translation>
        </message>
        <message>
            <source>Candidate</source>
            <translation>Кандидат</translation>
        </message>
        <message>
            <source>Reference (%1)</source>
            <translation>Эталон (%1)</translation>
        </message>
        <message>
            <source>Candidate (%1)</source>
            <translation>Кандидат (%1)</translation>
        </message>
    </context>
    <context>
        <name>CodeEditor</name>
        <message>
            <source>error</source>
            <translation>ошибка</translation>
        </message>
        <message>
            <source>warning</source>
            <translation>предупреждение</translation>
        </message>
        <message>
            <source>information</source>
            <translation>информация</translation>
        </message>
        <message>
            <source>hint</source>
            <translation>подсказка</translation>
        </message>
    </context>
    <context>
        <name>LogsTabs</name>
        <message>
            <source>Syntax</source>
            <translation>Синтаксис</translation>
        </message>
        <message>
            <source>Tests</source>
            <translation>Тесты</translation>
        </message>
        <message>
            <source>Performance</source>
            <translation>Производительность</translation>
        </message>
        <message>
            <source>Raw response</source>
            <translation>Ответ модели</translation>
        </message>
        <message>
            <source>Output</source>
            <translation>Вывод</translation>
        </message>
        <message>
            <source>Line</source>
            <translation>Строка</translation>
        </message>
        <message>
            <source>Severity</source>
            <translation>Важность</translation>
        </message>
        <message>
            <source>Code</source>
            <translation>Код</translation>
        </message>
        <message>
            <source>Counts for S</source>
            <translation>Учтено в S</translation>
        </message>
        <message>
            <source>Message</source>
            <translation>Сообщение</translation>
        </message>
        <message>
            <source>#</source>
            <translation>№</translation>
        </message>
        <message>
            <source>Result</source>
            <translation>Итог</translation>
        </message>
        <message>
            <source>Arguments</source>
            <translation>Аргументы</translation>
        </message>
        <message>
            <source>Expected</source>
            <translation>Ожидается</translation>
        </message>
        <message>
            <source>Actual</source>
            <translation>Получено</translation>
        </message>
        <message>
            <source>Error</source>
            <translation>Ошибка</translation>
        </message>
        <message>
            <source>Size n</source>
            <translation>Размер n</translation>
        </message>
        <message>
            <source>Status</source>
            <translation>Статус</translation>
        </message>
        <message>
            <source>Work</source>
            <translation>Работа</translation>
        </message>
        <message>
            <source>Seconds</source>
            <translation>Секунды</translation>
        </message>
        <message>
            <source>Note</source>
            <translation>Примечание</translation>
        </message>
        <message>
            <source>stdout is empty</source>
            <translation>stdout пуст</translation>
        </message>
        <message>
            <source>stderr is empty</source>
            <translation>stderr пуст</translation>
        </message>
        <message>
            <source>No response text</source>
            <translation>Текста ответа нет</translation>
        </message>
        <message>
            <source>Not scored yet: run Level 1 on this run to see its logs.</source>
            <translation>Ещё не оценён: запустите уровень 1 для этого прогона, чтобы увидеть журналы.</translation>
        </message>
        <message>
            <source>Not measured: %1</source>
            <translation>Не измерено: %1</translation>
        </message>
        <message>
            <source>&lt;b&gt;Root causes: %1&lt;/b&gt;</source>
            <translation>&lt;b&gt;Первопричин: %1&lt;/b&gt;</translation>
        </message>
        <message>
            <source>parse-error clusters: %1, compile blockers: %2</source>
            <translation>кластеров ошибок разбора: %1, блокеров компиляции: %2</translation>
        </message>
        <message>
            <source>&lt;b&gt;Unbalanced blocks&lt;/b&gt; (opened/closed): %1 — S is 0 by the pre-check</source>
            <translation>&lt;b&gt;Несбалансированные блоки&lt;/b&gt; (открыто/закрыто): %1 — по предпроверке S = 0</translation>
        </message>
        <message>
            <source>Analyzer: %1</source>
            <translation>Анализатор: %1</translation>
        </message>
        <message>
            <source>yes</source>
            <translation>да</translation>
        </message>
        <message>
            <source>&lt;b&gt;Passed %1 of %2&lt;/b&gt;</source>
            <translation>&lt;b&gt;Пройдено %1 из %2&lt;/b&gt;</translation>
        </message>
        <message>
            <source>entry point: %1</source>
            <translation>точка входа: %1</translation>
        </message>
        <message>
            <source>1C run status: %1</source>
            <translation>статус прогона в 1С: %1</translation>
        </message>
        <message>
            <source>platform errors: %1</source>
            <translation>ошибки платформы: %1</translation>
        </message>
        <message>
            <source>Runner says: %1</source>
            <translation>Исполнитель сообщает: %1</translation>
        </message>
        <message>
            <source>fail</source>
            <translation>не пройден</translation>
        </message>
        <message>
            <source>log</source>
            <translation>журнал</translation>
        </message>
        <message>
            <source>pass</source>
            <translation>пройден</translation>
        </message>
        <message>
            <source>error</source>
            <translation>ошибка</translation>
        </message>
        <message>
            <source>Leg: %1</source>
            <translation>Ветка: %1</translation>
        </message>
        <message>
            <source>growth p = %1, optimal p_opt = %2</source>
            <translation>рост p = %1, оптимум p_opt = %2</translation>
        </message>
        <message>
            <source>Note: %1</source>
            <translation>Примечание: %1</translation>
        </message>
        <message>
            <source>operations</source>
            <translation>операции</translation>
        </message>
        <message>
            <source>queries (SDBL events)</source>
            <translation>запросы (события SDBL)</translation>
        </message>
        <message>
            <source>register reads</source>
            <translation>чтения регистров</translation>
        </message>
        <message>
            <source>Sandbox status: %1</source>
            <translation>Статус песочницы: %1</translation>
        </message>
        <message>
            <source>Engine: %1</source>
            <translation>Движок: %1</translation>
        </message>
        <message>
            <source>Timings: %1 (total %2 s)</source>
            <translation>Время: %1 (всего %2 с)</translation>
        </message>
        <message>
            <source>Infrastructure: %1</source>
            <translation>Инфраструктура: %1</translation>
        </message>
        <message>
            <source>isolated</source>
            <translation>изолированно</translation>
        </message>
        <message>
            <source>NOT isolated</source>
            <translation>БЕЗ изоляции</translation>
        </message>
        <message>
            <source>Runner: %1</source>
            <translation>Исполнитель: %1</translation>
        </message>
        <message>
            <source>No sandbox output was kept.</source>
            <translation>Вывод песочницы не сохранён.</translation>
        </message>
        <message>
            <source>Test</source>
            <translation>Тест</translation>
        </message>
        <message>
            <source>no</source>
            <translation>нет</translation>
        </message>
        <message>
            <source>Compiled: %1 · %2</source>
            <translation>Собирается: %1 · %2</translation>
        </message>
        <message>
            <source>Status: %1</source>
            <translation>Состояние: %1</translation>
        </message>
        <message>
            <source>Instrument: %1</source>
            <translation>Инструмент: %1</translation>
        </message>
        <message>
            <source>run status: %1</source>
            <translation>состояние прогона: %1</translation>
        </message>
        <message>
            <source>No test ran.</source>
            <translation>Ни один тест не выполнялся.</translation>
        </message>
        <message>
            <source>timeout</source>
            <translation>тайм-аут</translation>
        </message>
        <message>
            <source>skipped</source>
            <translation>пропущен</translation>
        </message>
        <message>
            <source>failed as expected (xfail)</source>
            <translation>ожидаемый отказ (xfail)</translation>
        </message>
        <message>
            <source>not run</source>
            <translation>не запускался</translation>
        </message>
        <message>
            <source>Gate %1: %2, findings: %3</source>
            <translation>Проверка %1: %2, замечаний: %3</translation>
        </message>
        <message>
            <source>&lt;b&gt;Suppressions the gate ignored&lt;/b&gt; (the answer tried to switch checks off):</source>
            <translation>&lt;b&gt;Подавления, которые проверка не учла&lt;/b&gt; (ответ пытался отключить проверки):</translation>
        </message>
        <message>
            <source>&lt;b&gt;Test files the answer added, not collected:&lt;/b&gt; %1</source>
            <translation>&lt;b&gt;Тестовые файлы, добавленные ответом, не собирались:&lt;/b&gt; %1</translation>
        </message>
    </context>
    <context>
        <name>PerfPlot</name>
        <message>
            <source>No measurements to plot</source>
            <translation>Нет замеров для графика</translation>
        </message>
        <message>
            <source>input size n (log scale)</source>
            <translation>размер входа n (логарифмическая шкала)</translation>
        </message>
        <message>
            <source>measured growth p = %1</source>
            <translation>измеренный рост p = %1</translation>
        </message>
        <message>
            <source>optimal p_opt = %1</source>
            <translation>оптимальный p_opt = %1</translation>
        </message>
    </context>
    <context>
        <name>GradingPanel</name>
        <message>
            <source>Your grades (Level 2)</source>
            <translation>Ваши оценки (уровень 2)</translation>
        </message>
        <message>
            <source>Approach:</source>
            <translation>Подход:</translation>
        </message>
        <message>
            <source>Comment:</source>
            <translation>Комментарий:</translation>
        </message>
        <message>
            <source>what the machine cannot see (C to type, Esc to leave)</source>
            <translation>то, чего не видит машина (C — писать, Esc — выйти)</translation>
        </message>
        <message>
            <source>Save and next  ⏎</source>
            <translation>Сохранить и дальше  ⏎</translation>
        </message>
        <message>
            <source>— not judged —</source>
            <translation>— не оценён —</translation>
        </message>
        <message>
            <source>idiomatic</source>
            <translation>идиоматично</translation>
        </message>
        <message>
            <source>acceptable</source>
            <translation>приемлемо</translation>
        </message>
        <message>
            <source>poor approach</source>
            <translation>неудачный подход</translation>
        </message>
        <message>
            <source>Syntax</source>
            <translation>Синтаксис</translation>
        </message>
        <message>
            <source>Meaning</source>
            <translation>Смысл</translation>
        </message>
        <message>
            <source>Optimality</source>
            <translation>Оптимальность</translation>
        </message>
        <message>
            <source>Platform</source>
            <translation>Платформа</translation>
        </message>
        <message>
            <source>not graded yet</source>
            <translation>ещё не оценено</translation>
        </message>
        <message>
            <source>Flag this run: you are not sure of your grades (F)</source>
            <translation>Отметить прогон: вы не уверены в своих оценках (F)</translation>
        </message>
        <message>
            <source>%1 of %2 axes graded</source>
            <translation>оценено осей: %1 из %2</translation>
        </message>
        <message>
            <source>saved</source>
            <translation>сохранено</translation>
        </message>
        <message>
            <source>saving…</source>
            <translation>сохраняется…</translation>
        </message>
        <message>
            <source>still saving: the store is busy (another program holds it); keep working</source>
            <translation>всё ещё сохраняется: хранилище занято другой программой; можно продолжать работу</translation>
        </message>
        <message>
            <source>%1 change(s) NOT saved — see Retry above</source>
            <translation>НЕ сохранено изменений: %1 — см. «Повторить» выше</translation>
        </message>
        <message>
            <source>Skip</source>
            <translation>Пропустить</translation>
        </message>
        <message>
            <source>Leave this run ungraded for now and go on (Space)</source>
            <translation>Пока оставить прогон без оценки и перейти дальше (Пробел)</translation>
        </message>
        <message>
            <source>Unsure</source>
            <translation>Не уверен</translation>
        </message>
        <message>
            <source>Why changed:</source>
            <translation>Почему изменено:</translation>
        </message>
        <message>
            <source>optional: why you change a grade you gave before</source>
            <translation>необязательно: почему вы меняете поставленную ранее оценку</translation>
        </message>
        <message>
            <source>Kept in the grade's history with the change (who, when, from → to, why)</source>
            <translation>Сохраняется в истории оценки вместе с изменением (кто, когда, с какой на какую, почему)</translation>
        </message>
    </context>
    <context>
        <name>SessionsDialog</name>
        <message>
            <source>Calibration sessions</source>
            <translation>Калибровочные сессии</translation>
        </message>
        <message>
            <source>You are (expert name):</source>
            <translation>Вы (имя эксперта):</translation>
        </message>
        <message>
            <source>the name your grades are stored under</source>
            <translation>имя, под которым хранятся ваши оценки</translation>
        </message>
        <message>
            <source>Session</source>
            <translation>Сессия</translation>
        </message>
        <message>
            <source>Created (UTC)</source>
            <translation>Создана (UTC)</translation>
        </message>
        <message>
            <source>Runs</source>
            <translation>Прогоны</translation>
        </message>
        <message>
            <source>Blind</source>
            <translation>Вслепую</translation>
        </message>
        <message>
            <source>Seed</source>
            <translation>Зерно</translation>
        </message>
        <message>
            <source>Tasks: calibration / validation</source>
            <translation>Задачи: калибровка / проверка</translation>
        </message>
        <message>
            <source>Your progress</source>
            <translation>Ваш прогресс</translation>
        </message>
        <message>
            <source>New session: stratified sample (task × model × machine score band)</source>
            <translation>Новая сессия: стратифицированная выборка (задача × модель × диапазон машинной оценки)</translation>
        </message>
        <message>
            <source>Name:</source>
            <translation>Название:</translation>
        </message>
        <message>
            <source>Runs to sample:</source>
            <translation>Прогонов в выборке:</translation>
        </message>
        <message>
            <source>Seed:</source>
            <translation>Зерно:</translation>
        </message>
        <message>
            <source>Validation share of tasks:</source>
            <translation>Доля задач для проверки:</translation>
        </message>
        <message>
            <source>Category:</source>
            <translation>Категория:</translation>
        </message>
        <message>
            <source>Blind:</source>
            <translation>Вслепую:</translation>
        </message>
        <message>
            <source>hide machine scores and other experts until I have graded a run</source>
            <translation>скрывать машинные баллы и оценки других экспертов, пока я не оценю прогон</translation>
        </message>
        <message>
            <source>all</source>
            <translation>все</translation>
        </message>
        <message>
            <source>Create session</source>
            <translation>Создать сессию</translation>
        </message>
        <message>
            <source>Open session</source>
            <translation>Открыть сессию</translation>
        </message>
        <message>
            <source>Grade without a session</source>
            <translation>Оценивать вне сессии</translation>
        </message>
        <message>
            <source>yes</source>
            <translation>да</translation>
        </message>
        <message>
            <source>no</source>
            <translation>нет</translation>
        </message>
        <message>
            <source>%1 runs available</source>
            <translation>доступно прогонов: %1</translation>
        </message>
        <message>
            <source>Say who you are first: grades are stored under your name.</source>
            <translation>Сначала представьтесь: оценки хранятся под вашим именем.</translation>
        </message>
        <message>
            <source>No run is scored at Level 1 (or all fall in one score band): the sample cannot be stratified by the machine's score band. Score the runs first for a balanced sample.</source>
            <translation>Ни один прогон не проверен на уровне 1 (или все попадают в одну полосу): выборку нельзя расслоить по полосе машинного балла. Для сбалансированной выборки сначала проверьте прогоны.</translation>
        </message>
        <message>
            <source>Every run is of one task: the sample cannot be stratified by task.</source>
            <translation>Все прогоны — одной задачи: выборку нельзя расслоить по задачам.</translation>
        </message>
        <message>
            <source>Every run is of one model: the sample cannot be stratified by model.</source>
            <translation>Все прогоны — одной модели: выборку нельзя расслоить по моделям.</translation>
        </message>
    </context>
    <context>
        <name>ScoresPanel</name>
        <message>
            <source>Machine scores (Level 1) and expert grades</source>
            <translation>Машинные баллы (уровень 1) и оценки экспертов</translation>
        </message>
        <message>
            <source>Blind mode: the machine's scores and other experts' grades are hidden until you have graded every axis of this run.</source>
            <translation>Режим вслепую: машинные баллы и оценки других экспертов скрыты, пока вы не оцените все оси этого прогона.</translation>
        </message>
        <message>
            <source>N/A for category %1</source>
            <translation>Н/П для категории %1</translation>
        </message>
        <message>
            <source>not scored yet</source>
            <translation>ещё не оценён</translation>
        </message>
        <message>
            <source>N/A: %1</source>
            <translation>Н/П: %1</translation>
        </message>
        <message>
            <source>no reason recorded</source>
            <translation>причина не записана</translation>
        </message>
        <message>
            <source>You</source>
            <translation>Вы</translation>
        </message>
        <message>
            <source>Axis</source>
            <translation>Ось</translation>
        </message>
        <message>
            <source>Score</source>
            <translation>Балл</translation>
        </message>
        <message>
            <source>Step</source>
            <translation>Ступень</translation>
        </message>
        <message>
            <source>Instrument / reason</source>
            <translation>Инструмент / причина</translation>
        </message>
        <message>
            <source>mean of the measured axes</source>
            <translation>среднее измеренных осей</translation>
        </message>
    </context>
    <context>
        <name>AgreementView</name>
        <message>
            <source>%1 (#%2, %3 runs)</source>
            <translation>%1 (№%2, прогонов: %3)</translation>
        </message>
        <message>
            <source>No review session yet: create one in Review → Calibration sessions…</source>
            <translation>Сессий рецензирования пока нет: создайте сессию (Проверка → Калибровочные сессии…)</translation>
        </message>
        <message>
            <source>Computing the agreement of “%1” (%2 bootstrap resamples)…</source>
            <translation>Вычисляется согласие по сессии «%1» (бутстреп-выборок: %2)…</translation>
        </message>
        <message>
            <source>The agreement could not be computed: %1</source>
            <translation>Согласие вычислить не удалось: %1</translation>
        </message>
        <message>
            <source>The agreement could not be computed</source>
            <translation>Согласие вычислить не удалось</translation>
        </message>
        <message>
            <source>Nothing to compute: %1</source>
            <translation>Вычислять нечего: %1</translation>
        </message>
        <message>
            <source>Computed with %1 bootstrap resamples, seed %2.</source>
            <translation>Вычислено: бутстреп-выборок — %1, зерно — %2.</translation>
        </message>
        <message>
            <source>Proposed bounds are fitted on the calibration tasks only; the validation column shows what they give on tasks they were not fitted on. A proposal is a suggestion for a reviewer, not a change to the protocol.</source>
            <translation>Предлагаемые границы подобраны только по калибровочным задачам; столбец «Валидация» показывает, что они дают на задачах, по которым не подбирались. Предложение — подсказка рецензенту, а не изменение протокола.</translation>
        </message>
        <message>
            <source>No threshold proposals: the workspace's Level-1 rules have no tables to tune.</source>
            <translation>Предложений по порогам нет: в правилах уровня 1 рабочей области нет таблиц для настройки.</translation>
        </message>
        <message>
            <source>none</source>
            <translation>нет</translation>
        </message>
        <message>
            <source>Session “%1”: %2 graded runs; experts (%3): %4.</source>
            <translation>Сессия «%1»: оценённых прогонов — %2; эксперты (%3): %4.</translation>
        </message>
        <message>
            <source>Tasks: validation %1, calibration %2 (never pooled; validation is the headline). Runs Verified: %3 of %4.</source>
            <translation>Задачи: валидационных — %1, калибровочных — %2 (не объединяются; главный результат — валидация). Прогонов Verified: %3 из %4.</translation>
        </message>
        <message>
            <source>%1 (version %2)</source>
            <translation>%1 (версия %2)</translation>
        </message>
        <message>
            <source>built-in defaults (the workspace has no metrics/verification.yaml)</source>
            <translation>встроенные значения по умолчанию (в рабочей области нет metrics/verification.yaml)</translation>
        </message>
        <message>
            <source>Rules: %1. A run is Verified when, on every applicable axis the machine measured, its step is within %2 step(s) of the consensus (%3 of at least %4 experts).</source>
            <translation>Правила: %1. Прогон получает отметку Verified, если на каждой применимой оси, измеренной машиной, её ступень отличается от консенсуса не более чем на %2 ступ. (%3, не менее %4 экспертов).</translation>
        </message>
        <message>
            <source>no data</source>
            <translation>нет данных</translation>
        </message>
        <message>
            <source>Export failed</source>
            <translation>Экспорт не выполнен</translation>
        </message>
        <message>
            <source>Export Verified runs</source>
            <translation>Экспорт прогонов Verified</translation>
        </message>
        <message>
            <source>JSON Lines (*.jsonl)</source>
            <translation>JSON Lines (*.jsonl)</translation>
        </message>
        <message>
            <source>CSV (*.csv)</source>
            <translation>CSV (*.csv)</translation>
        </message>
        <message>
            <source>%1 Verified run(s) written to %2</source>
            <translation>Прогонов Verified записано: %1 — в %2</translation>
        </message>
        <message>
            <source>Folder for the expert files</source>
            <translation>Папка для файлов экспертов</translation>
        </message>
        <message>
            <source>%1 expert file(s) written to %2</source>
            <translation>Файлов экспертов записано: %1 — в %2</translation>
        </message>
        <message>
            <source>Export the agreement report</source>
            <translation>Экспорт отчёта о согласии</translation>
        </message>
        <message>
            <source>JSON (*.json)</source>
            <translation>JSON (*.json)</translation>
        </message>
        <message>
            <source>HTML page (*.html)</source>
            <translation>HTML-страница (*.html)</translation>
        </message>
        <message>
            <source>Report written to %1</source>
            <translation>Отчёт записан в %1</translation>
        </message>
        <message>
            <source>Agreement and Verified marks</source>
            <translation>Согласие и отметки Verified</translation>
        </message>
        <message>
            <source>Session:</source>
            <translation>Сессия:</translation>
        </message>
        <message>
            <source>Bootstrap resamples:</source>
            <translation>Бутстреп-выборок:</translation>
        </message>
        <message>
            <source>Seed:</source>
            <translation>Зерно:</translation>
        </message>
        <message>
            <source>Compute</source>
            <translation>Вычислить</translation>
        </message>
        <message>
            <source>Category:</source>
            <translation>Категория:</translation>
        </message>
        <message>
            <source>all categories</source>
            <translation>все категории</translation>
        </message>
        <message>
            <source>A</source>
            <translation>A</translation>
        </message>
        <message>
            <source>B</source>
            <translation>B</translation>
        </message>
        <message>
            <source>Confusion: machine step (rows) × expert consensus (columns)</source>
            <translation>Матрицы ошибок: ступень машины (строки) × консенсус экспертов (столбцы)</translation>
        </message>
        <message>
            <source>Bold: the diagonal (agreement). Grey row labels: steps the machine cannot give.</source>
            <translation>Жирным — диагональ (совпадение). Серые подписи строк — ступени, которые машина поставить не может.</translation>
        </message>
        <message>
            <source>Agreement</source>
            <translation>Согласие</translation>
        </message>
        <message>
            <source>Verified</source>
            <translation>Verified</translation>
        </message>
        <message>
            <source>Threshold proposals</source>
            <translation>Предложения по порогам</translation>
        </message>
        <message>
            <source>Verified → JSONL…</source>
            <translation>Verified → JSONL…</translation>
        </message>
        <message>
            <source>Verified → CSV…</source>
            <translation>Verified → CSV…</translation>
        </message>
        <message>
            <source>Expert files…</source>
            <translation>Файлы экспертов…</translation>
        </message>
        <message>
            <source>Report → JSON…</source>
            <translation>Отчёт → JSON…</translation>
        </message>
        <message>
            <source>Report → HTML…</source>
            <translation>Отчёт → HTML…</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>Закрыть</translation>
        </message>
        <message>
            <source>&amp;Agreement…</source>
            <translation>&amp;Согласие…</translation>
        </message>
        <message>
            <source>Agreement of the machine with the experts, Verified marks, exports</source>
            <translation>Согласие машины с экспертами, отметки Verified, экспорт</translation>
        </message>
        <message>
            <source>poor</source>
            <translation>плохое</translation>
        </message>
        <message>
            <source>slight</source>
            <translation>незначительное</translation>
        </message>
        <message>
            <source>fair</source>
            <translation>удовлетворительное</translation>
        </message>
        <message>
            <source>moderate</source>
            <translation>умеренное</translation>
        </message>
        <message>
            <source>substantial</source>
            <translation>существенное</translation>
        </message>
        <message>
            <source>almost perfect</source>
            <translation>почти полное</translation>
        </message>
        <message>
            <source>validation</source>
            <translation>валидация</translation>
        </message>
        <message>
            <source>calibration</source>
            <translation>калибровка</translation>
        </message>
        <message>
            <source>κ</source>
            <translation>κ</translation>
        </message>
        <message>
            <source>κ linear</source>
            <translation>κ линейная</translation>
        </message>
        <message>
            <source>κ quadratic</source>
            <translation>κ квадратичная</translation>
        </message>
        <message>
            <source>%1 on the reachable steps</source>
            <translation>%1 на достижимых ступенях</translation>
        </message>
        <message>
            <source>Axis</source>
            <translation>Ось</translation>
        </message>
        <message>
            <source>Tasks</source>
            <translation>Задачи</translation>
        </message>
        <message>
            <source>n</source>
            <translation>n</translation>
        </message>
        <message>
            <source>κ (95% CI)</source>
            <translation>κ (95% ДИ)</translation>
        </message>
        <message>
            <source>Exact</source>
            <translation>Точно</translation>
        </message>
        <message>
            <source>Adjacent (±1)</source>
            <translation>Соседние (±1)</translation>
        </message>
        <message>
            <source>Fleiss κ (experts)</source>
            <translation>κ Флейса (эксперты)</translation>
        </message>
        <message>
            <source>Krippendorff α (experts)</source>
            <translation>α Криппендорфа (эксперты)</translation>
        </message>
        <message>
            <source>reachable steps: %1</source>
            <translation>на достижимых: %1</translation>
        </message>
        <message>
            <source>Fleiss κ</source>
            <translation>κ Флейса</translation>
        </message>
        <message>
            <source>Krippendorff α</source>
            <translation>α Криппендорфа</translation>
        </message>
        <message>
            <source>runs graded twice: %1</source>
            <translation>прогонов с двумя оценками: %1</translation>
        </message>
        <message>
            <source>the machine cannot give this step</source>
            <translation>машина не может поставить эту ступень</translation>
        </message>
        <message>
            <source>Category</source>
            <translation>Категория</translation>
        </message>
        <message>
            <source>Verdict</source>
            <translation>Вердикт</translation>
        </message>
        <message>
            <source>Figure</source>
            <translation>Показатель</translation>
        </message>
        <message>
            <source>Value (95% CI)</source>
            <translation>Значение (95% ДИ)</translation>
        </message>
        <message>
            <source>Rule</source>
            <translation>Правило</translation>
        </message>
        <message>
            <source>Note</source>
            <translation>Примечание</translation>
        </message>
        <message>
            <source>✓ Verified</source>
            <translation>✓ Verified</translation>
        </message>
        <message>
            <source>✗ not Verified</source>
            <translation>✗ не Verified</translation>
        </message>
        <message>
            <source>%1 ≥ %2 and its 95% CI lower end ≥ %3 on %4 tasks, over at least %5 runs</source>
            <translation>%1 ≥ %2 и нижняя граница 95% ДИ ≥ %3 на задачах: %4, не меньше чем на %5 прогонах</translation>
        </message>
        <message>
            <source>category %1: Verified</source>
            <translation>категория %1: Verified</translation>
        </message>
        <message>
            <source>category %1: not Verified</source>
            <translation>категория %1: не Verified</translation>
        </message>
        <message>
            <source>Only %1 expert(s) graded this session (%2). Agreement needs a consensus: at least %3 experts grading the same runs. What to do: let another expert grade this session's runs (Review → Calibration sessions…; a team: prism-desktop session create … --experts), or import their expert file; then press Compute. Until then the figures stay empty and nothing can be Verified.</source>
            <translation>Эту сессию оценили экспертов: %1 (%2). Для согласия нужен консенсус: не меньше %3 экспертов, оценивших одни и те же прогоны. Что сделать: дайте другому эксперту оценить прогоны этой сессии (Проверка → Калибровочные сессии…; для команды: prism-desktop session create … --experts) или импортируйте его файл эксперта; затем нажмите «Вычислить». До тех пор показатели пусты и ничего не может быть Verified.</translation>
        </message>
        <message>
            <source>else → %1</source>
            <translation>иначе → %1</translation>
        </message>
        <message>
            <source>Table (direction)</source>
            <translation>Таблица (направление)</translation>
        </message>
        <message>
            <source>Current bounds → score</source>
            <translation>Текущие границы → балл</translation>
        </message>
        <message>
            <source>Proposed bounds → score</source>
            <translation>Предлагаемые границы → балл</translation>
        </message>
        <message>
            <source>Calibration κ: now → proposed (runs)</source>
            <translation>κ на калибровке: сейчас → предложено (прогонов)</translation>
        </message>
        <message>
            <source>Validation κ: now → proposed (runs)</source>
            <translation>κ на валидации: сейчас → предложено (прогонов)</translation>
        </message>
        <message>
            <source>Blind session: the runs behind a cell are listed once you have graded every run of it.</source>
            <translation>Слепая сессия: прогоны ячейки покажутся, когда вы оцените все её прогоны.</translation>
        </message>
        <message>
            <source>the runs where the machine gave %1 = %2 and the experts %3 (%4)</source>
            <translation>прогоны, где машина дала %1 = %2, а эксперты %3 (%4)</translation>
        </message>
        <message>
            <source>Click a cell to list its runs in the main window</source>
            <translation>Щёлкните ячейку, чтобы показать её прогоны в главном окне</translation>
        </message>
    </context>
    <context>
        <name>review</name>
        <message>
            <source>no run was graded by both sides</source>
            <translation>ни один прогон не оценён обеими сторонами</translation>
        </message>
        <message>
            <source>no run was graded by every expert</source>
            <translation>ни один прогон не оценён всеми экспертами</translation>
        </message>
        <message>
            <source>needs 2 or more experts per run</source>
            <translation>нужно 2 или больше экспертов на прогон</translation>
        </message>
        <message>
            <source>no run was graded by two or more experts</source>
            <translation>ни один прогон не оценён двумя или более экспертами</translation>
        </message>
        <message>
            <source>no run has a consensus: it needs {min_experts} or more experts' steps per run (rule {rule})</source>
            <translation>ни у одного прогона нет консенсуса: нужны оценки {min_experts} или больше экспертов на прогон (правило {rule})</translation>
        </message>
        <message>
            <source>{figure} undefined: {note}</source>
            <translation>{figure} не определён: {note}</translation>
        </message>
        <message>
            <source>{figure} = {value} has no confidence interval</source>
            <translation>{figure} = {value}, доверительного интервала нет</translation>
        </message>
        <message>
            <source>{figure} = {value} (95% CI {low}–{high}, n = {n}) on {split} tasks; rule: ≥ {min_value}, CI low ≥ {min_ci_low}</source>
            <translation>{figure} = {value} (95% ДИ {low}–{high}, n = {n}) на задачах {split}; правило: ≥ {min_value}, нижняя граница ДИ ≥ {min_ci_low}</translation>
        </message>
        <message>
            <source>the machine measured no applicable axis</source>
            <translation>машина не измерила ни одной применимой оси</translation>
        </message>
        <message>
            <source>no consensus on {axes} (fewer than {min_experts} experts or they disagree)</source>
            <translation>нет консенсуса по {axes} (меньше {min_experts} экспертов, или они расходятся)</translation>
        </message>
        <message>
            <source>no consensus on {axes} (fewer than {min_experts} experts)</source>
            <translation>нет консенсуса по {axes} (меньше {min_experts} экспертов)</translation>
        </message>
        <message>
            <source>machine and consensus differ beyond {tolerance} step(s) on {axes}</source>
            <translation>машина и консенсус расходятся больше чем на {tolerance} ступ. по {axes}</translation>
        </message>
        <message>
            <source>axes not Verified for category {category}: {axes}</source>
            <translation>оси без отметки Verified в категории {category}: {axes}</translation>
        </message>
        <message>
            <source>machine within {tolerance} step(s) of the consensus on {axes}</source>
            <translation>машина в пределах {tolerance} ступ. от консенсуса по {axes}</translation>
        </message>
        <message>
            <source>no run of session “{session}” is graded yet</source>
            <translation>в сессии «{session}» ещё нет оценённых прогонов</translation>
        </message>
        <message>
            <source>every rating is one and the same step: chance agreement is 1, so agreement beyond chance cannot be measured (it needs runs graded at different steps)</source>
            <translation>все оценки — одна и та же ступень: случайное согласие равно 1, и согласие сверх случайного измерить нельзя (нужны прогоны, оценённые разными ступенями)</translation>
        </message>
        <message>
            <source>the machine scored none of the {runs} run(s) with a consensus: score them (Level 1) first</source>
            <translation>машина не оценила ни одного из прогонов с консенсусом ({runs}): сначала оцените их (уровень 1)</translation>
        </message>
        <message>
            <source>{figure} = {value} on only {n} run(s) with a consensus and a machine score on {split} tasks; Verified needs at least {min_runs}</source>
            <translation>{figure} = {value} всего на {n} прогонах с консенсусом и баллом машины (задачи {split}); для Verified нужно не меньше {min_runs}</translation>
        </message>
    </context>
    <context>
        <name>QueryConsole</name>
        <message>
            <source>Queries run against a fresh infobase of %1, filled by its fixtures.</source>
            <translation>Запросы выполняются к новой информационной базе задачи %1, заполненной её фикстурами.</translation>
        </message>
        <message>
            <source>The query console needs a category B task (a task with an infobase).</source>
            <translation>Консоли запросов нужна задача категории B (задача с информационной базой).</translation>
        </message>
        <message>
            <source>Parameters: %1</source>
            <translation>Параметры: %1</translation>
        </message>
        <message>
            <source>Running the query…</source>
            <translation>Запрос выполняется…</translation>
        </message>
        <message>
            <source>Statement %1</source>
            <translation>Запрос пакета %1</translation>
        </message>
        <message>
            <source>Line %1, column %2: %3</source>
            <translation>Строка %1, колонка %2: %3</translation>
        </message>
        <message>
            <source>%1 row(s) · %2 s · %3 data access(es)</source>
            <translation>строк: %1 · %2 с · обращений к данным: %3</translation>
        </message>
        <message>
            <source>Parameters:</source>
            <translation>Параметры:</translation>
        </message>
        <message>
            <source>Name = value; … (a number, 2024-03-01, true/false, text)</source>
            <translation>Имя = значение; … (число, 2024-03-01, истина/ложь, текст)</translation>
        </message>
        <message>
            <source>Execute query</source>
            <translation>Выполнить запрос</translation>
        </message>
        <message>
            <source>Run the query against the task's infobase (Ctrl+Shift+Enter)</source>
            <translation>Выполнить запрос к информационной базе задачи (Ctrl+Shift+Enter)</translation>
        </message>
        <message>
            <source>ВЫБРАТЬ … — a query, or a batch separated by ;</source>
            <translation>ВЫБРАТЬ … — запрос или пакет запросов через ;</translation>
        </message>
        <message>
            <source>The query was stopped: %1</source>
            <translation>Запрос остановлен: %1</translation>
        </message>
        <message>
            <source>Stop</source>
            <translation>Остановить</translation>
        </message>
        <message>
            <source>Stop the running query (it also stops by itself after 30 s)</source>
            <translation>Остановить выполняющийся запрос (через 30 с он останавливается сам)</translation>
        </message>
    </context>
    <context>
        <name>GenerateDialog</name>
        <message>
            <source>generation/ cannot be read:</source>
            <translation>Не удаётся прочитать generation/:</translation>
        </message>
        <message>
            <source>Choose at least one model and one task.</source>
            <translation>Выберите хотя бы одну модель и одну задачу.</translation>
        </message>
        <message>
            <source>%1 pairs, up to %2 requests (%3 answers already cached): at most %4 USD (prices as of %5).</source>
            <translation>Пар: %1, запросов не больше %2 (ответов уже в кэше: %3): не больше %4 USD (цены на %5).</translation>
        </message>
        <message>
            <source>No price for %1: counted as free.</source>
            <translation>Нет цены для %1: считается бесплатной.</translation>
        </message>
        <message>
            <source>Experiment %1</source>
            <translation>Эксперимент %1</translation>
        </message>
        <message>
            <source>done</source>
            <translation>готово</translation>
        </message>
        <message>
            <source>failed</source>
            <translation>сбой</translation>
        </message>
        <message>
            <source>retry</source>
            <translation>повтор</translation>
        </message>
        <message>
            <source>note</source>
            <translation>заметка</translation>
        </message>
        <message>
            <source>%v of %m pairs · %1 USD</source>
            <translation>%v из %m пар · %1 USD</translation>
        </message>
        <message>
            <source>Cancelling…</source>
            <translation>Отмена…</translation>
        </message>
        <message>
            <source>%1 of %2 pairs written, %3 requests, %4 cached answers, %5 USD spent.</source>
            <translation>Записано пар: %1 из %2; запросов: %3; ответов из кэша: %4; потрачено %5 USD.</translation>
        </message>
        <message>
            <source>Cancelled.</source>
            <translation>Отменено.</translation>
        </message>
        <message>
            <source>%1 runs of this experiment are in the table.</source>
            <translation>Прогонов этого эксперимента в таблице: %1.</translation>
        </message>
        <message>
            <source>Generation stopped: %1</source>
            <translation>Генерация остановлена: %1</translation>
        </message>
        <message>
            <source>Generate answers</source>
            <translation>Генерация ответов</translation>
        </message>
        <message>
            <source>Models (generation/models.yaml)</source>
            <translation>Модели (generation/models.yaml)</translation>
        </message>
        <message>
            <source>Tasks</source>
            <translation>Задачи</translation>
        </message>
        <message>
            <source>All</source>
            <translation>Все</translation>
        </message>
        <message>
            <source>None</source>
            <translation>Ни одной</translation>
        </message>
        <message>
            <source>C&amp;ategory</source>
            <translation>&amp;Категория</translation>
        </message>
        <message>
            <source>Samples per &amp;model</source>
            <translation>Ответов на &amp;модель</translation>
        </message>
        <message>
            <source>&amp;Temperature</source>
            <translation>&amp;Температура</translation>
        </message>
        <message>
            <source>&amp;Requests at once</source>
            <translation>Одновременных &amp;запросов</translation>
        </message>
        <message>
            <source>Stop at cost (&amp;USD)</source>
            <translation>Остановиться на сумме (&amp;USD)</translation>
        </message>
        <message>
            <source>Answers</source>
            <translation>Ответы</translation>
        </message>
        <message>
            <source>as in params.yaml</source>
            <translation>как в params.yaml</translation>
        </message>
        <message>
            <source>no limit</source>
            <translation>без ограничения</translation>
        </message>
        <message>
            <source>reuse cached answers</source>
            <translation>брать ответы из кэша</translation>
        </message>
        <message>
            <source>&amp;Generate</source>
            <translation>С&amp;генерировать</translation>
        </message>
        <message>
            <source>&amp;Cancel</source>
            <translation>&amp;Отменить</translation>
        </message>
        <message>
            <source>&amp;Score the new runs</source>
            <translation>&amp;Оценить новые прогоны</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>Закрыть</translation>
        </message>
        <message>
            <source>&amp;Generate answers…</source>
            <translation>&amp;Сгенерировать ответы…</translation>
        </message>
        <message>
            <source>Cannot call %1: %2</source>
            <translation>Нельзя вызвать %1: %2</translation>
        </message>
        <message>
            <source>Generation settings: %1</source>
            <translation>Настройки генерации: %1</translation>
        </message>
        <message>
            <source>all tasks</source>
            <translation>все задачи</translation>
        </message>
        <message>
            <source>≤ %1 USD</source>
            <translation>≤ %1 USD</translation>
        </message>
        <message>
            <source>set %1</source>
            <translation>задайте %1</translation>
        </message>
        <message>
            <source>cannot be called</source>
            <translation>вызвать нельзя</translation>
        </message>
        <message>
            <source>Cannot call %1: set %2 in the environment or the workspace's .env.</source>
            <translation>Нельзя вызвать %1: задайте %2 в окружении или в .env рабочей области.</translation>
        </message>
        <message>
            <source>&amp;Endpoint</source>
            <translation>&amp;Адрес API</translation>
        </message>
        <message>
            <source>as in models.yaml</source>
            <translation>как в models.yaml</translation>
        </message>
        <message>
            <source>Send every chosen model's requests to this base URL instead (e.g. http://127.0.0.1:8000/v1)</source>
            <translation>Отправлять запросы всех выбранных моделей на этот базовый URL (например, http://127.0.0.1:8000/v1)</translation>
        </message>
        <message>
            <source>no price</source>
            <translation>нет цены</translation>
        </message>
    </context>
    <context>
        <name>Hotkeys</name>
        <message>
            <source>open a workspace</source>
            <translation>открыть рабочую область</translation>
        </message>
        <message>
            <source>import the workspace's results again</source>
            <translation>заново импортировать результаты рабочей области</translation>
        </message>
        <message>
            <source>settings</source>
            <translation>настройки</translation>
        </message>
        <message>
            <source>quit</source>
            <translation>выход</translation>
        </message>
        <message>
            <source>score the selected runs (Level 1)</source>
            <translation>оценить выделенные прогоны (Level 1)</translation>
        </message>
        <message>
            <source>next ungraded run</source>
            <translation>следующий неоценённый прогон</translation>
        </message>
        <message>
            <source>calibration sessions</source>
            <translation>сессии калибровки</translation>
        </message>
        <message>
            <source>the Review tab</source>
            <translation>вкладка «Проверка»</translation>
        </message>
        <message>
            <source>debug the current run's task</source>
            <translation>отладка задачи текущего прогона</translation>
        </message>
        <message>
            <source>search the runs</source>
            <translation>поиск прогонов</translation>
        </message>
        <message>
            <source>reset the filters</source>
            <translation>сбросить фильтры</translation>
        </message>
        <message>
            <source>show or hide the runs table</source>
            <translation>показать или скрыть таблицу прогонов</translation>
        </message>
        <message>
            <source>wrap long lines in the code panes</source>
            <translation>переносить длинные строки кода</translation>
        </message>
        <message>
            <source>larger code</source>
            <translation>код крупнее / мельче</translation>
        </message>
        <message>
            <source>code at its normal size</source>
            <translation>код обычного размера</translation>
        </message>
        <message>
            <source>show or hide this help</source>
            <translation>показать или скрыть эту справку</translation>
        </message>
        <message>
            <source>choose the axis (Ы Ь Щ З on the Russian layout)</source>
            <translation>выбрать ось (в русской раскладке — Ы Ь Щ З)</translation>
        </message>
        <message>
            <source>grade the current axis with that step</source>
            <translation>поставить текущей оси эту ступень</translation>
        </message>
        <message>
            <source>grade the current axis 10</source>
            <translation>поставить текущей оси 10</translation>
        </message>
        <message>
            <source>clear the current axis</source>
            <translation>снять оценку текущей оси</translation>
        </message>
        <message>
            <source>save and go to the next ungraded run; on an incomplete run, show the missing axis</source>
            <translation>сохранить и перейти к следующему неоценённому прогону; если оценены не все оси — показать недостающую</translation>
        </message>
        <message>
            <source>skip this run for now (it stays ungraded)</source>
            <translation>пропустить прогон (он останется неоценённым)</translation>
        </message>
        <message>
            <source>flag the run: unsure (again to unflag)</source>
            <translation>отметить прогон: не уверен (повторно — снять)</translation>
        </message>
        <message>
            <source>undo your last change (also on an earlier run)</source>
            <translation>отменить последнее изменение (и на предыдущем прогоне)</translation>
        </message>
        <message>
            <source>approach: idiomatic / acceptable / poor</source>
            <translation>подход: идиоматично / приемлемо / неудачный</translation>
        </message>
        <message>
            <source>clear the approach judgement</source>
            <translation>снять оценку подхода</translation>
        </message>
        <message>
            <source>type a comment; Esc leaves the field</source>
            <translation>написать комментарий; Esc — выйти из поля</translation>
        </message>
        <message>
            <source>run Level 1 on the edited candidate</source>
            <translation>запустить Level 1 на редактируемом кандидате</translation>
        </message>
        <message>
            <source>run the query of the console</source>
            <translation>выполнить запрос консоли</translation>
        </message>
    </context>
    <context>
        <name>SaveErrorBar</name>
        <message>
            <source>Retry</source>
            <translation>Повторить</translation>
        </message>
        <message>
            <source> (%1 changes are waiting)</source>
            <translation> (ждут сохранения: %1)</translation>
        </message>
    </context>
    <context>
        <name>AskModelPanel</name>
        <message>
            <source>Asking %1 about %2…</source>
            <translation>Спрашиваю %1 о задаче %2…</translation>
        </message>
        <message>
            <source>The model did not answer: %1</source>
            <translation>Модель не ответила: %1</translation>
        </message>
        <message>
            <source>Answered: %1 tokens in, %2 out, %3 USD%4.</source>
            <translation>Ответ получен: токенов на входе %1, на выходе %2, %3 USD%4.</translation>
        </message>
        <message>
            <source> (from the cache)</source>
            <translation> (из кэша)</translation>
        </message>
        <message>
            <source>Metadata looked up: %1.</source>
            <translation>Изучены метаданные: %1.</translation>
        </message>
        <message>
            <source>The question failed: %1</source>
            <translation>Вопрос не удался: %1</translation>
        </message>
        <message>
            <source>&amp;Ask</source>
            <translation>&amp;Спросить</translation>
        </message>
        <message>
            <source>Put the debugged task to this model, as a generation would</source>
            <translation>Задать отлаживаемую задачу этой модели так же, как это делает генерация</translation>
        </message>
        <message>
            <source>Reply to the editor</source>
            <translation>Ответ в редактор</translation>
        </message>
        <message>
            <source>Put the raw reply in the editor, to run Level 1 on it</source>
            <translation>Поместить ответ как есть в редактор, чтобы запустить на нём Level 1</translation>
        </message>
        <message>
            <source>Prompt sent (system, metadata context, task)</source>
            <translation>Отправленный промпт (системное сообщение, контекст метаданных, задача)</translation>
        </message>
        <message>
            <source>Raw reply</source>
            <translation>Ответ как есть</translation>
        </message>
        <message>
            <source>Ask a model</source>
            <translation>Спросить модель</translation>
        </message>
        <message>
            <source>Cannot call %1: set %2 in the environment or the workspace's .env.</source>
            <translation>Нельзя вызвать %1: задайте %2 в окружении или в .env рабочей области.</translation>
        </message>
        <message>
            <source>endpoint: as in models.yaml</source>
            <translation>адрес API: как в models.yaml</translation>
        </message>
        <message>
            <source>Send the question to this base URL instead (e.g. http://127.0.0.1:8000/v1)</source>
            <translation>Отправить вопрос на этот базовый URL (например, http://127.0.0.1:8000/v1)</translation>
        </message>
    </context>
    <context>
        <name>ModelsView</name>
        <message>
            <source>All experiments</source>
            <translation>Все эксперименты</translation>
        </message>
        <message>
            <source>Computing the figures of every model…</source>
            <translation>Вычисляются показатели всех моделей…</translation>
        </message>
        <message>
            <source>The figures could not be computed: %1</source>
            <translation>Показатели вычислить не удалось: %1</translation>
        </message>
        <message>
            <source>No scored runs yet: score an experiment (Level 1) or import its auto file.</source>
            <translation>Оценённых машиной прогонов пока нет: оцените эксперимент (Уровень 1) или импортируйте его auto-файл.</translation>
        </message>
        <message>
            <source>%1 models · %2 tasks · up to %3 samples per task. Intervals: 95% bootstrap over tasks.</source>
            <translation>Моделей: %1 · задач: %2 · до %3 ответов на задачу. Интервалы: 95% бутстреп по задачам.</translation>
        </message>
        <message>
            <source>k (samples drawn)</source>
            <translation>k (сколько ответов берём)</translation>
        </message>
        <message>
            <source>pass@k</source>
            <translation>pass@k</translation>
        </message>
        <message>
            <source>pass@1</source>
            <translation>pass@1</translation>
        </message>
        <message>
            <source>Stability</source>
            <translation>Стабильность</translation>
        </message>
        <message>
            <source>Model</source>
            <translation>Модель</translation>
        </message>
        <message>
            <source>Category</source>
            <translation>Категория</translation>
        </message>
        <message>
            <source>Tasks</source>
            <translation>Задачи</translation>
        </message>
        <message>
            <source>Samples per task</source>
            <translation>Ответов на задачу</translation>
        </message>
        <message>
            <source>Partial credit</source>
            <translation>Частичный балл</translation>
        </message>
        <message>
            <source>Compile rate</source>
            <translation>Доля компилируемых</translation>
        </message>
        <message>
            <source>Success rate</source>
            <translation>Доля решённых</translation>
        </message>
        <message>
            <source>%1 · %2: %3 of %4 samples correct; %5 runs. Double-click to list them.</source>
            <translation>%1 · %2: верных ответов %3 из %4; прогонов %5. Двойной щелчок — показать их.</translation>
        </message>
        <message>
            <source>Export the models table</source>
            <translation>Экспорт таблицы моделей</translation>
        </message>
        <message>
            <source>CSV files (*.csv)</source>
            <translation>Файлы CSV (*.csv)</translation>
        </message>
        <message>
            <source>Save the picture shown</source>
            <translation>Сохранить показанный рисунок</translation>
        </message>
        <message>
            <source>PNG images (*.png)</source>
            <translation>Изображения PNG (*.png)</translation>
        </message>
        <message>
            <source>the picture could not be written</source>
            <translation>рисунок не удалось записать</translation>
        </message>
        <message>
            <source>Export failed</source>
            <translation>Экспорт не удался</translation>
        </message>
        <message>
            <source>Models — multi-sample figures</source>
            <translation>Модели — показатели по нескольким ответам</translation>
        </message>
        <message>
            <source>Experiment:</source>
            <translation>Эксперимент:</translation>
        </message>
        <message>
            <source>Export CSV…</source>
            <translation>Экспорт CSV…</translation>
        </message>
        <message>
            <source>Save picture…</source>
            <translation>Сохранить рисунок…</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>Закрыть</translation>
        </message>
        <message>
            <source>Models</source>
            <translation>Модели</translation>
        </message>
        <message>
            <source>pass@k curve</source>
            <translation>Кривая pass@k</translation>
        </message>
        <message>
            <source>Stability vs pass@1</source>
            <translation>Стабильность и pass@1</translation>
        </message>
        <message>
            <source>Tasks × models</source>
            <translation>Задачи × модели</translation>
        </message>
        <message>
            <source>&amp;Models…</source>
            <translation>&amp;Модели…</translation>
        </message>
        <message>
            <source>pass@k, stability and success of every model, per task</source>
            <translation>pass@k, стабильность и успешность каждой модели по задачам</translation>
        </message>
    </context>
    <context>
        <name>TeamPanel</name>
        <message>
            <source>The store cannot be read: %1</source>
            <translation>Хранилище не читается: %1</translation>
        </message>
        <message>
            <source>Open a calibration session (Review → Calibration sessions…) to see its team.</source>
            <translation>Откройте сессию калибровки (Проверка → Сессии калибровки…), чтобы увидеть её команду.</translation>
        </message>
        <message>
            <source>%1 experts per run</source>
            <translation>%1 эксперта на прогон</translation>
        </message>
        <message>
            <source>not dealt to a team: everyone grades every run</source>
            <translation>не распределена: каждый оценивает все прогоны</translation>
        </message>
        <message>
            <source>Session %1 — %2 runs, %3</source>
            <translation>Сессия %1 — прогонов: %2, %3</translation>
        </message>
        <message>
            <source>All</source>
            <translation>Все</translation>
        </message>
        <message>
            <source>Runs graded by all their experts: %1 of %2 · adjudicated axes: %3</source>
            <translation>Прогонов, оценённых всеми своими экспертами: %1 из %2 · осей с решением арбитра: %3</translation>
        </message>
        <message>
            <source>Team progress</source>
            <translation>Прогресс команды</translation>
        </message>
        <message>
            <source>Expert</source>
            <translation>Эксперт</translation>
        </message>
        <message>
            <source>Assigned</source>
            <translation>Назначено</translation>
        </message>
        <message>
            <source>Graded</source>
            <translation>Оценено</translation>
        </message>
        <message>
            <source>Remaining</source>
            <translation>Осталось</translation>
        </message>
        <message>
            <source>Incomplete</source>
            <translation>Не до конца</translation>
        </message>
        <message>
            <source>Flagged</source>
            <translation>С флажком</translation>
        </message>
        <message>
            <source>&amp;Team progress</source>
            <translation>&amp;Прогресс команды</translation>
        </message>
    </context>
    <context>
        <name>Adjudication</name>
        <message>
            <source>%1 run axes apart by more than %2 step(s)</source>
            <translation>Осей прогонов с расхождением больше %2 шаг(а): %1</translation>
        </message>
        <message>
            <source>Run %1, axis %2</source>
            <translation>Прогон %1, ось %2</translation>
        </message>
        <message>
            <source>no comment</source>
            <translation>без комментария</translation>
        </message>
        <message>
            <source>Consensus</source>
            <translation>Консенсус</translation>
        </message>
        <message>
            <source>Write the rationale: why this step is the consensus.</source>
            <translation>Напишите обоснование: почему консенсус — именно этот шаг.</translation>
        </message>
        <message>
            <source>Not saved: %1</source>
            <translation>Не сохранено: %1</translation>
        </message>
        <message>
            <source>Consensus %1 saved for run %2, axis %3.</source>
            <translation>Консенсус %1 сохранён для прогона %2, ось %3.</translation>
        </message>
        <message>
            <source>Adjudication</source>
            <translation>Арбитраж</translation>
        </message>
        <message>
            <source>Grades apart by more than (scale steps):</source>
            <translation>Оценки расходятся больше чем на (шагов шкалы):</translation>
        </message>
        <message>
            <source>Show settled ones</source>
            <translation>Показывать решённые</translation>
        </message>
        <message>
            <source>Run</source>
            <translation>Прогон</translation>
        </message>
        <message>
            <source>Task</source>
            <translation>Задача</translation>
        </message>
        <message>
            <source>Model</source>
            <translation>Модель</translation>
        </message>
        <message>
            <source>Axis</source>
            <translation>Ось</translation>
        </message>
        <message>
            <source>Experts' grades</source>
            <translation>Оценки экспертов</translation>
        </message>
        <message>
            <source>Consensus step:</source>
            <translation>Шаг консенсуса:</translation>
        </message>
        <message>
            <source>Rationale:</source>
            <translation>Обоснование:</translation>
        </message>
        <message>
            <source>Save consensus</source>
            <translation>Сохранить консенсус</translation>
        </message>
        <message>
            <source>No logs: the run has not been scored here.</source>
            <translation>Журналов нет: прогон здесь не оценивался.</translation>
        </message>
        <message>
            <source>A&amp;djudication…</source>
            <translation>А&amp;рбитраж…</translation>
        </message>
        <message>
            <source>Runs where the experts disagree: settle the consensus step with a rationale</source>
            <translation>Прогоны, где эксперты расходятся: решите шаг консенсуса с обоснованием</translation>
        </message>
        <message>
            <source>Open a calibration session first (Review → Calibration sessions…).</source>
            <translation>Сначала откройте сессию калибровки (Проверка → Сессии калибровки…).</translation>
        </message>
        <message>
            <source>Say who you are first (File → Settings…).</source>
            <translation>Сначала укажите, кто вы (Файл → Настройки…).</translation>
        </message>
        <message>
            <source>lower the distance above, or let a second expert grade this session's runs</source>
            <translation>уменьшите расстояние выше или дайте второму эксперту оценить прогоны этой сессии</translation>
        </message>
        <message>
            <source>let a second expert grade this session's runs</source>
            <translation>дайте второму эксперту оценить прогоны этой сессии</translation>
        </message>
        <message>
            <source>Nothing to settle: no run of this session has grades more than %1 step(s) apart. Adjudication needs the same run graded by two or more experts who disagree. What to do: %2 (a team: prism-desktop session create … --experts); their disagreements appear here.</source>
            <translation>Разбирать нечего: ни в одном прогоне этой сессии оценки не расходятся больше чем на %1 ступ. Для арбитража нужен прогон, который оценили два или больше эксперта и разошлись. Что сделать: %2 (для команды: prism-desktop session create … --experts); их расхождения появятся здесь.</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>Закрыть</translation>
        </message>
    </context>
    <context>
        <name>StoreDialog</name>
        <message>
            <source>Password of the team store</source>
            <translation>Пароль хранилища команды</translation>
        </message>
        <message>
            <source>Password for %1:</source>
            <translation>Пароль для %1:</translation>
        </message>
        <message>
            <source>SQLite store</source>
            <translation>Хранилище SQLite</translation>
        </message>
        <message>
            <source>SQLite databases (*.db *.sqlite)</source>
            <translation>Базы SQLite (*.db *.sqlite)</translation>
        </message>
        <message>
            <source>Open store</source>
            <translation>Открыть хранилище</translation>
        </message>
        <message>
            <source>A SQLite file (one expert)</source>
            <translation>Файл SQLite (один эксперт)</translation>
        </message>
        <message>
            <source>A PostgreSQL server (the team's shared store)</source>
            <translation>Сервер PostgreSQL (общее хранилище команды)</translation>
        </message>
        <message>
            <source>Browse…</source>
            <translation>Обзор…</translation>
        </message>
        <message>
            <source>Host:</source>
            <translation>Сервер:</translation>
        </message>
        <message>
            <source>Port:</source>
            <translation>Порт:</translation>
        </message>
        <message>
            <source>Database:</source>
            <translation>База:</translation>
        </message>
        <message>
            <source>User:</source>
            <translation>Пользователь:</translation>
        </message>
        <message>
            <source>Password:</source>
            <translation>Пароль:</translation>
        </message>
        <message>
            <source>Remember the password in the system keyring</source>
            <translation>Запомнить пароль в системном хранилище паролей</translation>
        </message>
        <message>
            <source>The store is remembered for the next start; its password never goes into the settings file.</source>
            <translation>Хранилище запомнится до следующего запуска; пароль никогда не попадает в файл настроек.</translation>
        </message>
        <message>
            <source>No system keyring here: the password will be asked at each start, never written to disk.</source>
            <translation>Системного хранилища паролей нет: пароль будет спрашиваться при каждом запуске и не запишется на диск.</translation>
        </message>
        <message>
            <source>Store: %1</source>
            <translation>Хранилище: %1</translation>
        </message>
        <message>
            <source>Open &amp;store…</source>
            <translation>Открыть &amp;хранилище…</translation>
        </message>
        <message>
            <source>The store cannot be opened</source>
            <translation>Хранилище не открывается</translation>
        </message>
        <message>
            <source>Opening the store…</source>
            <translation>Открываю хранилище…</translation>
        </message>
    </context>
    <context>
        <name>About</name>
        <message>
            <source>asking the Docker engine…</source>
            <translation>опрашивается Docker…</translation>
        </message>
        <message>
            <source>not reachable: %1</source>
            <translation>недоступен: %1</translation>
        </message>
        <message>
            <source>%1 present (%2)</source>
            <translation>%1 есть (%2)</translation>
        </message>
        <message>
            <source>%1 not built yet (prism-desktop sandbox build)</source>
            <translation>%1 ещё не собран (prism-desktop sandbox build)</translation>
        </message>
        <message>
            <source>About PRISM Desktop</source>
            <translation>О программе PRISM Desktop</translation>
        </message>
        <message>
            <source>Version</source>
            <translation>Версия</translation>
        </message>
        <message>
            <source>Instruments</source>
            <translation>Инструменты</translation>
        </message>
        <message>
            <source>category B</source>
            <translation>категория B</translation>
        </message>
        <message>
            <source>Sandbox</source>
            <translation>Песочница</translation>
        </message>
        <message>
            <source>Log file</source>
            <translation>Файл журнала</translation>
        </message>
        <message>
            <source>Workspace</source>
            <translation>Рабочая папка</translation>
        </message>
        <message>
            <source>Protocols</source>
            <translation>Протоколы</translation>
        </message>
        <message>
            <source>error taxonomy</source>
            <translation>таксономия ошибок</translation>
        </message>
        <message>
            <source>The expert's workbench for PRISM, the executable benchmark of LLM-generated 1C:Enterprise (BSL) code. Level 1 runs here in a sandbox; experts grade on the 0·2·4·6·8·10 scale.</source>
            <translation>Рабочее место эксперта PRISM — исполняемого бенчмарка кода 1С:Предприятия (BSL), написанного языковыми моделями. Уровень 1 выполняется здесь в песочнице; эксперты ставят оценки по шкале 0·2·4·6·8·10.</translation>
        </message>
    </context>
    <context>
        <name>Crash</name>
        <message>
            <source>PRISM Desktop ran into an error</source>
            <translation>В PRISM Desktop произошла ошибка</translation>
        </message>
        <message>
            <source>Something went wrong: %1. What you saved is kept; you can go on working, or restart the app.</source>
            <translation>Что-то пошло не так: %1. Всё сохранённое цело; можно продолжать работу или перезапустить программу.</translation>
        </message>
        <message>
            <source>The details are in the log: %1</source>
            <translation>Подробности — в журнале: %1</translation>
        </message>
    </context>
    <context>
        <name>GradeHistory</name>
        <message>
            <source>History of this run</source>
            <translation>История этого прогона</translation>
        </message>
        <message>
            <source>No grade of this run has changed yet (or the blind rule hides it).</source>
            <translation>Оценки этого прогона ещё не менялись (или их скрывает слепой режим).</translation>
        </message>
        <message>
            <source>given</source>
            <translation>поставлена</translation>
        </message>
        <message>
            <source>changed</source>
            <translation>изменена</translation>
        </message>
        <message>
            <source>cleared</source>
            <translation>снята</translation>
        </message>
        <message>
            <source>imported</source>
            <translation>импортирована</translation>
        </message>
        <message>
            <source>undone</source>
            <translation>отменено</translation>
        </message>
        <message>
            <source>%1 (by %2)</source>
            <translation>%1 (изменил(а) %2)</translation>
        </message>
        <message>
            <source>… and %1 older changes</source>
            <translation>… и более ранних изменений: %1</translation>
        </message>
    </context>
    <context>
        <name>reasons</name>
        <message>
            <source>axis {axis} is not scored on Python, TypeScript and Go tasks (S and M only)</source>
            <translation>ось {axis} не оценивается для задач на Python, TypeScript и Go (только S и M)</translation>
        </message>
        <message>
            <source>axis {axis} is not scored in category A</source>
            <translation>ось {axis} не оценивается для категории A</translation>
        </message>
        <message>
            <source>the model call failed: {error}</source>
            <translation>генерация не удалась: {error}</translation>
        </message>
        <message>
            <source>not measured: the candidate was not run in the sandbox</source>
            <translation>не измерено: кандидат не запускался в песочнице</translation>
        </message>
        <message>
            <source>not measured: the sandbox ended with status {status} before compiling</source>
            <translation>не измерено: песочница завершилась со статусом {status} до компиляции</translation>
        </message>
        <message>
            <source>not measured: the sandbox ended with status {status}: {detail}</source>
            <translation>не измерено: песочница завершилась со статусом {status}: {detail}</translation>
        </message>
        <message>
            <source>not measured: the sandbox ended with status {status}</source>
            <translation>не измерено: песочница завершилась со статусом {status}</translation>
        </message>
        <message>
            <source>no hidden tests: axis M cannot be run</source>
            <translation>нет скрытых тестов — ось M не исполнима</translation>
        </message>
        <message>
            <source>no execution kit: axis P cannot be run</source>
            <translation>нет комплекта исполнения — ось P не исполнима</translation>
        </message>
        <message>
            <source>the run did not take place ({status}): {detail}</source>
            <translation>исполнение не состоялось ({status}): {detail}</translation>
        </message>
        <message>
            <source>the run did not take place ({status})</source>
            <translation>исполнение не состоялось ({status})</translation>
        </message>
        <message>
            <source>the tests did not run, and there are no platform markers</source>
            <translation>тесты не исполнились, платформенных маркеров нет</translation>
        </message>
        <message>
            <source>O-auto is scored only after a successful run in 1C (status {status})</source>
            <translation>O-авто оценивается только после успешного прогона в 1С (статус {status})</translation>
        </message>
        <message>
            <source>no function was found in the candidate's code</source>
            <translation>в коде кандидата не найдено ни одной функции</translation>
        </message>
        <message>
            <source>no fenced block in {language} (or untagged) in the answer</source>
            <translation>в ответе нет блока кода на {language} (или без метки языка)</translation>
        </message>
        <message>
            <source>the answer could not be applied to the stub: {error}</source>
            <translation>ответ не удалось применить к заготовке: {error}</translation>
        </message>
        <message>
            <source>not measured: no syntax measurement</source>
            <translation>не измерено: нет замера синтаксиса</translation>
        </message>
        <message>
            <source>not measured: no test measurement</source>
            <translation>не измерено: нет замера тестов</translation>
        </message>
        <message>
            <source>not measured: no performance measurement</source>
            <translation>не измерено: нет замера производительности</translation>
        </message>
        <message>
            <source>not measured: no 1C run measurement</source>
            <translation>не измерено: нет замера прогона в 1С</translation>
        </message>
        <message>
            <source>axis {axis} is not scored on 1C Code Bench tasks (S and M only)</source>
            <translation>ось {axis} не оценивается для задач 1C Code Bench (только S и M)</translation>
        </message>
        <message>
            <source>not measured: the sandbox stopped the run before its result was written ({stop})</source>
            <translation>не измерено: песочница остановила прогон до записи результата ({stop})</translation>
        </message>
        <message>
            <source>not measured: the task or the emulator could not set the run up: {detail}</source>
            <translation>не измерено: задача или эмулятор не подготовили запуск: {detail}</translation>
        </message>
    </context>
    <context>
        <name>QuitGuard</name>
        <message>
            <source>Not saved yet: %1.</source>
            <translation>Ещё не сохранено: %1.</translation>
        </message>
        <message>
            <source>Level 1 is still scoring runs; the runs not finished yet are not scored.</source>
            <translation>Уровень 1 ещё оценивает прогоны; незавершённые останутся неоценёнными.</translation>
        </message>
        <message>
            <source>Quit PRISM Desktop?</source>
            <translation>Выйти из PRISM Desktop?</translation>
        </message>
        <message>
            <source>Quitting now would lose work:</source>
            <translation>Если выйти сейчас, работа будет потеряна:</translation>
        </message>
        <message>
            <source>Quit anyway</source>
            <translation>Всё равно выйти</translation>
        </message>
        <message>
            <source>Stay</source>
            <translation>Остаться</translation>
        </message>
    </context>
</TS>
