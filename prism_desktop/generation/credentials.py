"""Where the adapters' keys and proxies come from, read as PRISM reads them: the process environment
over the workspace's `.env` (the PRISM checkout's root; never written here, its values never shown),
PRISM's variable names first and ours as alternatives, and PRISM's proxy groups: `PRISM_PROXY_RU` for
the Russian providers (Yandex, GigaChat), `PRISM_PROXY_INTL` for OpenRouter. A proxy of one adapter
(`PRISM_DESKTOP_PROXY_<ADAPTER>`, or the app's Settings) wins over its group's."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from .errors import AdapterConfigError

DOTENV = ".env"
DOTENV_MAX_BYTES = 1_000_000  # a .env is a few lines; a bigger file is not one

# One name per role, PRISM's first (the one an error asks for), ours after it.
OPENAI_COMPAT_KEY = ("OPENAI_COMPAT_API_KEY",)
OPENROUTER_KEY = ("OPENROUTER_API_KEY",)
YANDEX_KEY = ("YANDEX_API_KEY", "YC_API_KEY")
YANDEX_IAM_TOKEN = ("YC_IAM_TOKEN",)
YANDEX_FOLDER = ("YANDEX_FOLDER_ID", "YC_FOLDER_ID")
GIGACHAT_KEY = ("GIGACHAT_AUTH_KEY", "GIGACHAT_CREDENTIALS")
GIGACHAT_SCOPE = ("GIGACHAT_SCOPE",)
GIGACHAT_CA_BUNDLE = ("GIGACHAT_CA_BUNDLE",)

PROXY_RU = "PRISM_PROXY_RU"
PROXY_INTL = "PRISM_PROXY_INTL"
PROXY_GROUP = {
    "yandexgpt": PROXY_RU,
    "yandex_responses": PROXY_RU,
    "yandex": PROXY_RU,
    "gigachat": PROXY_RU,
    "openrouter": PROXY_INTL,
}
PROXY_SCHEMES = ("http", "https")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*")


def first_set(env: Mapping[str, str], names: tuple[str, ...]) -> str | None:
    """The value of the first of `names` that is set and not blank."""
    for name in names:
        value = (env.get(name) or "").strip()
        if value:
            return value
    return None


def names_text(names: tuple[str, ...]) -> str:
    """`YANDEX_API_KEY (or YC_API_KEY)`: the name to set, and the alternatives we also read."""
    return names[0] + (f" (or {', '.join(names[1:])})" if len(names) > 1 else "")


def adapter_proxy_variable(adapter: str) -> str:
    return f"PRISM_DESKTOP_PROXY_{adapter.upper()}"


def proxy_for(adapter: str, env: Mapping[str, str], model: str = "") -> str | None:
    """The proxy this adapter's requests go through (None: straight); AdapterConfigError naming the
    variable when its value is not an http(s) proxy URL."""
    names = (adapter_proxy_variable(adapter),) + ((PROXY_GROUP[adapter],) if adapter in PROXY_GROUP else ())
    for name in names:
        value = (env.get(name) or "").strip()
        if not value:
            continue
        parts = urlsplit(value)
        try:
            parts.port  # noqa: B018 - raises on a port that is not a number
        except ValueError:
            parts = parts._replace(netloc="")
        if parts.scheme not in PROXY_SCHEMES or not parts.hostname:
            where = (
                name
                if name in PROXY_GROUP.values()
                else f"{name} (or {adapter}'s proxy in the app's Settings)"
            )
            raise AdapterConfigError(
                f"model {model}: {where} is not a proxy URL (expected http://[user:password@]host:port)",
                model=model,
            )
        return value
    return None


@dataclass
class DotEnv:
    """A `.env` file's variables (names in upper case, as PRISM matches them) and the lines that
    could not be read (their numbers and what was wrong, never their values)."""

    path: Path
    values: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


def read_dotenv(path: Path) -> DotEnv:
    """`NAME=value` lines as python-dotenv reads them: `export ` before the name is allowed, blank
    lines and `#` comments are skipped, a value may be quoted ('…' as it is, "…" with \\n, \\t, \\"
    and \\\\ escapes, either across lines) and an unquoted value ends at ` #`. No `${…}` expansion."""
    result = DotEnv(path)
    if not path.is_file():
        return result
    if path.stat().st_size > DOTENV_MAX_BYTES:
        result.problems.append(f"{path}: larger than {DOTENV_MAX_BYTES} bytes, not read")
        return result
    text = path.read_bytes().decode("utf-8", errors="replace").replace("\r\n", "\n")
    lines = text.split("\n")
    index = 0
    while index < len(lines):
        number, line = index + 1, lines[index].strip()
        index += 1
        if not line or line.startswith("#"):
            continue
        if line.startswith("export "):
            line = line[len("export ") :].lstrip()
        name, equals, rest = line.partition("=")
        name = name.strip()
        if not equals or not _NAME.fullmatch(name):
            result.problems.append(f"{path} line {number}: expected NAME=value")
            continue
        rest = rest.strip()
        if rest[:1] in ("'", '"'):
            quote, body = rest[0], rest[1:]
            while _closing_quote(body, quote) < 0 and index < len(lines):
                body += "\n" + lines[index]
                index += 1
            end = _closing_quote(body, quote)
            if end < 0:
                result.problems.append(f"{path} line {number}: {name}: the quote is not closed")
                continue
            value = body[:end]
            if quote == '"':
                value = _unescape(value)
        else:
            value = re.split(r"\s+#", rest, maxsplit=1)[0].strip()
        result.values[name.upper()] = value
    return result


def _closing_quote(text: str, quote: str) -> int:
    position = 0
    while (position := text.find(quote, position)) >= 0:
        if quote == "'" or _escaped_backslashes(text, position) % 2 == 0:
            return position
        position += 1
    return -1


def _escaped_backslashes(text: str, position: int) -> int:
    count = 0
    while position - count - 1 >= 0 and text[position - count - 1] == "\\":
        count += 1
    return count


def _unescape(value: str) -> str:
    table = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "'": "'"}
    return re.sub(r"\\(.)", lambda m: table.get(m.group(1), m.group(0)), value)


def generation_env(
    workspace_root: Path | None,
    environ: Mapping[str, str] | None = None,
    *,
    extra: Mapping[str, str] | None = None,
) -> tuple[dict[str, str], list[str]]:
    """The variables the adapters read: the workspace's `.env` under the process environment (a
    variable set in the environment wins, as in PRISM), then `extra` (the app's Settings) over
    both. Also the `.env` lines that could not be read."""
    dotenv = read_dotenv(Path(workspace_root) / DOTENV) if workspace_root is not None else None
    env = dict(dotenv.values) if dotenv else {}
    env.update(os.environ if environ is None else environ)
    env.update({name: value for name, value in (extra or {}).items() if value})
    return env, (dotenv.problems if dotenv else [])
