"""The pieces without a server: PRISM's failure classes, the metadata tools' answer forms, the
generation/ folder's error messages, seeds, and the dry-run estimate's arithmetic."""

from __future__ import annotations

from pathlib import Path

import pytest

from prism_desktop.generation.config import load_generation_config
from prism_desktop.generation.errors import failure_cause, is_transient
from prism_desktop.generation.metadata_tools import MetadataTools, format_type
from prism_desktop.workspace.errors import WorkspaceError

SPEC = {
    "catalogs": {
        "Номенклатура": {"hierarchical": True, "attributes": {"Артикул": {"type": "Строка", "length": 25}}},
        "Договоры": {"owners": ["Контрагенты"]},
        "Контрагенты": {},
    },
    "documents": {
        "Реализация": {
            "registers": ["Остатки"],
            "attributes": {"Сумма": {"length": 15, "precision": 2}},
            "tabular_sections": {
                "Товары": {"attributes": {"Номенклатура": {"type": "СправочникСсылка.Номенклатура"}}}
            },
        }
    },
    "accumulation_registers": {
        "Остатки": {
            "dimensions": {"Номенклатура": {"type": "СправочникСсылка.Номенклатура"}},
            "resources": {"Количество": {"type": "Число", "length": 15, "precision": 3}},
        }
    },
    "information_registers": {"Цены": {"periodicity": "Month"}},
    "constants": {"ОсновнаяВалюта": {"type": "Строка", "length": 3}},
    "enums": {"Статусы": ["Новый", "Закрыт"]},
}


@pytest.mark.parametrize(
    ("text", "transient"),
    [
        ("HTTP 429: Too Many Requests", True),
        ("HTTP 503: Service Unavailable", True),
        ("openai_compat: timeout after 120.0 s", True),
        ("openai_compat: connection error: [Errno 111] Connection refused", True),
        ("provider overloaded, rate limit reached", True),
        ("HTTP 401: Unauthorized", False),
        ("HTTP 403: Forbidden", False),
        ('HTTP 429: {"error": {"code": "insufficient_quota"}}', False),  # permanent wins
        ("Invalid API key provided", False),
        ("HTTP 400: bad request", False),
    ],
)
def test_prisms_failure_classes(text: str, transient: bool) -> None:
    assert is_transient(text) is transient


def test_failure_causes_group_summaries() -> None:
    assert failure_cause("HTTP 500: boom", 500) == "server error (500)"
    assert failure_cause("HTTP 429: slow down", 429) == "rate limit (429)"
    assert failure_cause("x: timeout after 3 s") == "timeout"
    assert failure_cause("HTTP 403: no", 403) == "unauthorized (403)"
    assert failure_cause("HTTP 404: missing", 404) == "HTTP 404"


def test_metadata_tools_answer_in_prisms_forms() -> None:
    tools = MetadataTools(SPEC)
    assert tools.list_objects().splitlines() == [
        "Справочник.Номенклатура",
        "Справочник.Договоры",
        "Справочник.Контрагенты",
        "Документ.Реализация",
        "РегистрНакопления.Остатки",
        "РегистрСведений.Цены",
        "Константа.ОсновнаяВалюта",
        "Перечисление.Статусы",
    ]
    assert tools.list_objects("РегистрНакопления") == "РегистрНакопления.Остатки"
    assert tools.search_objects("ДОГ") == "Справочник.Договоры"
    assert tools.search_objects("о").splitlines() == sorted(tools.search_objects("о").splitlines())
    document = tools.get_object_structure("Документ.Реализация")
    assert document.splitlines()[0] == "Документ.Реализация"
    assert "Сумма (Число 15.2)" in document and "Номенклатура (СправочникСсылка.Номенклатура)" in document
    assert "Остатки" in document.splitlines()[-1]
    register = tools.get_object_structure("Остатки")  # the bare name works too
    assert "Количество (Число 15.3)" in register
    assert "Month" in tools.get_object_structure("Цены")
    assert "Строка 3" in tools.get_object_structure("ОсновнаяВалюта")
    assert "Новый, Закрыт" in tools.get_object_structure("Перечисление.Статусы")
    assert "Контрагенты" in tools.get_object_structure("Справочник.Договоры")
    assert tools.get_object_structure("Регистр.Нет") == "объект «Регистр.Нет» не найден в конфигурации"
    assert tools.call("drop_tables", {}).startswith("нет такого инструмента")
    assert format_type({"type": "Строка"}) == "Строка 100" and format_type({}) == "Число 15.0"
    assert format_type(["СправочникСсылка.А", {"type": "Дата"}]) == "СправочникСсылка.А, Дата"


def test_bad_generation_files_name_file_key_and_line(tmp_path: Path) -> None:
    folder = tmp_path / "generation"
    folder.mkdir()
    (folder / "models.yaml").write_text(
        "models:\n  m:\n    id: x\n    access: {}\n    capabilities:\n      supports_seed: maybe\n",
        encoding="utf-8",
    )
    (folder / "params.yaml").write_text("defaults:\n  max_tokens: -5\n", encoding="utf-8")
    with pytest.raises(WorkspaceError) as caught:
        load_generation_config(tmp_path)
    text = str(caught.value)
    assert "models.yaml:4: models.m.access.adapter: missing key, expected a non-empty string" in text
    assert (
        "models.yaml:6: models.m.capabilities.supports_seed: found the string 'maybe', expected true or false"
        in text
    )
    assert "params.yaml:2: defaults.max_tokens: found the integer -5, expected a positive integer" in text


def test_no_models_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(WorkspaceError, match=r"generation/models.yaml: file not found"):
        load_generation_config(tmp_path)


def test_seeds_only_where_supported(tmp_path: Path) -> None:
    folder = tmp_path / "generation"
    folder.mkdir()
    (folder / "models.yaml").write_text(
        "models:\n"
        "  s: {id: a, name: A, access: {adapter: openai_compat, endpoint: 'http://127.0.0.1:1/v1'},"
        " capabilities: {supports_seed: true}}\n"
        "  n: {id: b, name: B, access: {adapter: openai_compat, endpoint: 'http://127.0.0.1:1/v1'}}\n",
        encoding="utf-8",
    )
    (folder / "params.yaml").write_text(
        "defaults:\n  model_params:\n    s: {seeds: [5, 9]}\n    n: {seeds: [5, 9], runs: 3}\n",
        encoding="utf-8",
    )
    config = load_generation_config(tmp_path)
    assert config.seeds("s") == [5, 9] and config.seeds("s", runs=4) == [5, 9, 10, 11]
    assert config.seeds("n") == [None, None, None] and config.seeds("n", runs=1) == [None]
    assert config.params("s").temperature == 0.0  # PRISM's default when params.yaml names none
