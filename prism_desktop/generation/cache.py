"""The response cache: a reply stored on disk under the hash of everything that shapes it (endpoint,
model, messages, temperature, max_tokens, seed, tools and the sample's run_index), so running the same
generation again sends no request and costs nothing. The run_index is in the key so that N samples
of one prompt stay N independent answers."""

from __future__ import annotations

import contextlib
import hashlib
import json
from pathlib import Path

import platformdirs

from prism_desktop.workspace.atomic import write_json_atomic

from .chat import ChatReply, ChatRequest
from .errors import ModelCallError

APP_NAME = "prism-desktop"
CACHE_VERSION = 1  # bump when the key or the stored shape changes


def default_cache_dir() -> Path:
    return Path(platformdirs.user_cache_dir(APP_NAME)) / "responses"


def cache_key(endpoint: str, request: ChatRequest, run_index: int | str) -> str:
    material = {
        "v": CACHE_VERSION,
        "endpoint": endpoint.rstrip("/"),
        "model": request.model,
        "messages": request.messages,
        "temperature": request.temperature,
        "max_tokens": request.max_tokens,
        "seed": request.seed,
        "tools": request.tools,
        "run_index": run_index,
    }
    text = json.dumps(material, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class ResponseCache:
    def __init__(self, directory: Path | None = None):
        self.directory = directory or default_cache_dir()

    def _path(self, key: str) -> Path:
        return self.directory / key[:2] / f"{key}.json"

    def get(self, key: str) -> ChatReply | None:
        """The stored reply, or None (absent, or unreadable: a damaged entry is a miss)."""
        try:
            data = json.loads(self._path(key).read_text(encoding="utf-8"))
            return ChatReply.from_json(data, cached=True) if isinstance(data, dict) else None
        except (OSError, ValueError, RecursionError, ModelCallError):
            return None

    def put(self, key: str, reply: ChatReply) -> None:
        # A cache that cannot be written only costs a repeated request later.
        with contextlib.suppress(OSError):
            write_json_atomic(self._path(key), reply.to_json())
