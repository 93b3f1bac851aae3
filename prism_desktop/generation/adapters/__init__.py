"""Model adapters: a small registry from `access.adapter` (models.yaml) to a factory. Keys come only
from the environment. `openai_compat` speaks OpenAI's Chat Completions to `access.endpoint`;
`openrouter` is the same protocol at OpenRouter's address with its attribution headers; `yandex`
(Yandex Cloud AI Studio) is the same protocol with its own authorization, folder and model URIs;
`yandexgpt` (Foundation Models' native completion) and `yandex_responses` (the Responses API) are
PRISM's two Yandex adapters, each with its own wire format and tool format; `gigachat` (Sber) adds an
OAuth token before the same protocol, and may trust an extra CA. Any adapter may go through a proxy
(credentials.proxy_for); any endpoint may be overridden (plan.override_endpoints). Another
provider is one more `register_adapter` call, without touching the runner. Every HTTP failure goes
through `post`, so the retry policy sees the same ModelCallErrors from every provider."""

from .connection import display_url
from .gigachat import GigaChatAdapter, load_ca_bundle
from .openai_compatible import OpenAICompatAdapter, is_local_endpoint, parse_reply, retry_after_seconds
from .registry import Adapter, AdapterFactory, adapter_names, build_adapter, register_adapter
from .yandex import YandexAdapter, yandex_model_uri
from .yandex_native import YandexNativeAdapter
from .yandex_responses import YandexResponsesAdapter

__all__ = [
    "Adapter",
    "AdapterFactory",
    "GigaChatAdapter",
    "OpenAICompatAdapter",
    "YandexAdapter",
    "YandexNativeAdapter",
    "YandexResponsesAdapter",
    "adapter_names",
    "build_adapter",
    "display_url",
    "is_local_endpoint",
    "load_ca_bundle",
    "parse_reply",
    "register_adapter",
    "retry_after_seconds",
    "yandex_model_uri",
]
