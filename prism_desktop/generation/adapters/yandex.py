"""Yandex Cloud AI Studio (YandexGPT and the other models it serves) through its OpenAI-compatible API:
its own authorization (Api-Key or an IAM token), the folder header and `gpt://` model URIs."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..chat import ChatRequest
from ..config import ModelEntry
from ..errors import AdapterConfigError
from .openai_compatible import OpenAICompatAdapter
from .registry import Adapter, register_adapter

YANDEX_BASE = "https://llm.api.cloud.yandex.net/v1"
YANDEX_API_KEY = "YC_API_KEY"
YANDEX_IAM_TOKEN = "YC_IAM_TOKEN"
YANDEX_FOLDER = "YC_FOLDER_ID"


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


@register_adapter("yandex")
def _yandex(entry: ModelEntry, env: Mapping[str, str]) -> Adapter:
    key = env.get(YANDEX_API_KEY) or None
    iam = env.get(YANDEX_IAM_TOKEN) or None
    if key is None and iam is None:
        raise AdapterConfigError(
            f"model {entry.key}: adapter yandex needs {YANDEX_API_KEY} (or {YANDEX_IAM_TOKEN}) in the "
            "environment",
            model=entry.key,
            env_var=YANDEX_API_KEY,
        )
    folder = env.get(YANDEX_FOLDER) or entry.folder_id or _uri_folder(entry.id)
    if not folder:
        raise AdapterConfigError(
            f"model {entry.key}: adapter yandex needs the folder id: {YANDEX_FOLDER} in the environment "
            "or access.folder_id in models.yaml",
            model=entry.key,
            env_var=YANDEX_FOLDER,
        )
    return YandexAdapter(
        endpoint=entry.endpoint or YANDEX_BASE,
        api_key=key,
        iam_token=None if key else iam,
        folder_id=folder,
        reasoning_effort=entry.reasoning_effort,
    )


def _uri_folder(model_id: str) -> str:
    """The folder of a full `gpt://<folder>/…` model URI ("" otherwise)."""
    scheme, _, rest = model_id.partition("://")
    return rest.split("/", 1)[0] if scheme and rest else ""
