"""Keys and tokens are never shown, logged or stored. Every secret in use is registered here the moment
it is used — the key variables an adapter reads from the environment (`build_adapter`), the
credentials of every authorization header and URL a request carries (`post`), a proxy's password —
and `scrub` replaces each of them with *** in any text: a ModelCallError's message (so retry lines,
runs[].error and summaries), an answer before it is cached or written, and what the GUI panels show.
Servers echo what they were sent (many gateways quote the request's headers in an error body), so
the server's text is scrubbed before it is cut: a cut never leaves the start of a key behind."""

from __future__ import annotations

import base64
import binascii
import json
import threading
from collections.abc import Iterable, Mapping
from urllib.parse import parse_qsl, quote, urlsplit

MASK = "***"
# Shorter values are not keys but placeholders local servers accept ("ollama", "EMPTY"): masking them
# would garble answers (and their hashes) wherever the word occurs.
MIN_SECRET_CHARS = 8
MIN_PREFIX_CHARS = 4  # the start of a key left at the end of a cut text, masked from this length on
MAX_SECRETS = 64  # a long GUI session refreshes tokens: the oldest are forgotten past this
# Environment variables and headers whose values are secrets, by a word of their name.
SECRET_NAME_WORDS = ("KEY", "TOKEN", "SECRET", "PASSWORD", "CREDENTIAL", "AUTH")


def is_secret_name(name: str) -> bool:
    upper = name.upper()
    return any(word in upper for word in SECRET_NAME_WORDS)


class SecretRegistry:
    """The secrets of this process and the forms they take in text (as sent, JSON-escaped,
    URL-encoded). Thread-safe: generation runs in a worker thread while the GUI shows its text."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._forms: dict[str, None] = {}  # insertion-ordered: the oldest go first past MAX_SECRETS

    def add(self, value: str | None) -> None:
        secret = (value or "").strip()
        if len(secret) < MIN_SECRET_CHARS:
            return
        forms = {secret, json.dumps(secret)[1:-1], quote(secret, safe="")}
        with self._lock:
            for form in forms:
                self._forms.pop(form, None)
                self._forms[form] = None
            while len(self._forms) > MAX_SECRETS:
                del self._forms[next(iter(self._forms))]

    def scrub(self, text: str) -> str:
        if not text:
            return text
        with self._lock:
            forms = sorted(self._forms, key=len, reverse=True)  # a longer form before its parts
        for form in forms:
            if form in text:
                text = text.replace(form, MASK)
        # A text cut by someone else may end with the start of a key (not of a header's "Bearer …":
        # its credential is registered on its own).
        for form in forms:
            if any(space in form for space in " %"):
                continue
            for length in range(min(len(form) - 1, len(text)), MIN_PREFIX_CHARS - 1, -1):
                if text.endswith(form[:length]):
                    return text[:-length] + MASK
        return text


SECRETS = SecretRegistry()


def scrub(text: str) -> str:
    """`text` with every secret in use replaced by ***."""
    return SECRETS.scrub(text)


def quote_scrubbed(text: str, limit: int) -> str:
    """At most `limit` characters of a server's text, scrubbed before it is cut."""
    return scrub(text)[:limit]


def register_secret(value: str | None) -> None:
    SECRETS.add(value)


def register_env_secrets(env: Mapping[str, str], names: Iterable[str]) -> None:
    """The values of the variables `names` (those an adapter read) that hold secrets: keys, tokens,
    credentials by their names, and the password of a proxy URL."""
    for name in names:
        value = env.get(name)
        if not value:
            continue
        if is_secret_name(name):
            register_secret(value)
        if "PROXY" in name.upper():
            register_url_secrets(value)


def register_header_secrets(headers: Mapping[str, str]) -> None:
    """The credentials of the headers a request carries: Authorization (the whole value and the part
    after its scheme; for Basic, the password it encodes too) and any header named like a key."""
    for name, value in headers.items():
        if not is_secret_name(name):
            continue
        register_secret(value)
        scheme, _, credential = value.strip().partition(" ")
        if credential:
            register_secret(credential)
            if scheme.lower() == "basic":
                _register_basic(credential)


def _register_basic(credential: str) -> None:
    try:
        decoded = base64.b64decode(credential, validate=True).decode("utf-8")
    except (binascii.Error, ValueError):
        return
    register_secret(decoded.partition(":")[2])


def register_url_secrets(url: str) -> None:
    """A URL's password and the values of query parameters named like keys."""
    try:
        parts = urlsplit(url)
        password = parts.password
    except ValueError:
        return
    register_secret(password)
    for name, value in parse_qsl(parts.query):
        if is_secret_name(name):
            register_secret(value)
