"""Yandex Cloud AI Studio (YandexGPT, Alice and the other models it serves): its authorization
(`Api-Key …` or an IAM token), its folder and its `gpt://` model URIs, shared by three adapters:
`yandex` (its OpenAI-compatible Chat Completions), `yandexgpt` (Foundation Models' native completion,
yandex_native.py) and `yandex_responses` (the Responses API, yandex_responses.py). Each reads PRISM's
variables (YANDEX_API_KEY, YANDEX_FOLDER_ID) or ours (YC_API_KEY, YC_IAM_TOKEN, YC_FOLDER_ID)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..chat import ChatRequest
from ..config import ModelEntry
from ..credentials import YANDEX_FOLDER, YANDEX_IAM_TOKEN, YANDEX_KEY, first_set, names_text
from ..errors import AdapterConfigError
from .openai_compatible import OpenAICompatAdapter
from .registry import Adapter, register_adapter

YANDEX_BASE = "https://llm.api.cloud.yandex.net/v1"


def yandex_model_uri(model_id: str, folder_id: str) -> str:
    """`yandexgpt-5-lite` -> `gpt://<folder>/yandexgpt-5-lite/latest`; a name with its version or
    branch (`yandexgpt-5-lite/rc`) keeps it; a full URI (`gpt://…`, a fine-tuned `ds://…`) is left
    as it is."""
    if "://" in model_id:
        return model_id
    name = model_id.strip("/")
    if "/" not in name:
        name += "/latest"
    return f"gpt://{folder_id}/{name}"


@dataclass
class YandexAdapter(OpenAICompatAdapter):
    """AI Studio's OpenAI-compatible Chat Completions: an API key (`Api-Key …`) or an IAM token
    (`Bearer …`), the folder as `OpenAI-Project`, and the model as a `gpt://` URI in that folder.
    The request's model (and so the cache key and the experiment's model_id) stays the catalogue id."""

    name: str = "yandex"
    folder_id: str = ""
    iam_token: str | None = field(default=None, repr=False)

    def headers(self) -> dict[str, str]:
        headers = {"Content-Type": "application/json", "OpenAI-Project": self.folder_id, **self.extra_headers}
        if self.api_key:
            headers["Authorization"] = f"Api-Key {self.api_key}"
        elif self.iam_token:
            headers["Authorization"] = f"Bearer {self.iam_token}"
        return headers

    def body(self, request: ChatRequest) -> dict[str, Any]:
        body = super().body(request)
        body["model"] = yandex_model_uri(request.model, self.folder_id)
        return body


YandexKind = TypeVar("YandexKind", bound=YandexAdapter)


def build_yandex(kind: type[YandexKind], entry: ModelEntry, env: Mapping[str, str], base: str) -> YandexKind:
    """An adapter of `kind` for `entry`: the key (or IAM token) and the folder from the environment
    (the folder may also come from access.folder_id or a full `gpt://<folder>/…` id)."""
    name = kind.name
    key = first_set(env, YANDEX_KEY)
    iam = first_set(env, YANDEX_IAM_TOKEN)
    folder = first_set(env, YANDEX_FOLDER) or entry.folder_id or _uri_folder(entry.id)
    missing: list[str] = []
    wanted: list[str] = []
    if key is None and iam is None:
        missing.append(YANDEX_KEY[0])
        wanted.append(f"{names_text(YANDEX_KEY)} or {YANDEX_IAM_TOKEN[0]}")
    if not folder:
        missing.append(YANDEX_FOLDER[0])
        wanted.append(f"{names_text(YANDEX_FOLDER)} (or access.folder_id in models.yaml)")
    if missing:
        raise AdapterConfigError(
            f"model {entry.key}: adapter {name} needs {' and '.join(wanted)} in the environment or the "
            "workspace's .env",
            model=entry.key,
            env_vars=tuple(missing),
        )
    return kind(
        endpoint=entry.endpoint or base,
        api_key=key,
        iam_token=None if key else iam,
        folder_id=folder,
        reasoning_effort=entry.reasoning_effort,
    )


@register_adapter("yandex")
def _yandex(entry: ModelEntry, env: Mapping[str, str]) -> Adapter:
    return build_yandex(YandexAdapter, entry, env, YANDEX_BASE)


def _uri_folder(model_id: str) -> str:
    """The folder of a full `gpt://<folder>/…` model URI ("" otherwise)."""
    scheme, _, rest = model_id.partition("://")
    return rest.split("/", 1)[0] if scheme and rest else ""
