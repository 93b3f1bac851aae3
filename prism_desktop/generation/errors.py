"""Failures of model calls and how PRISM treats them: transient ones (429, 5xx, timeouts, dropped
connections, "rate limit", "overloaded") are retried, permanent ones (401, 403, an invalid key, an
exhausted quota or credit) never are. Like PRISM, the decision reads the error's text, so a 429 whose
body says the quota is exhausted is permanent. Failures PRISM Desktop itself decides (a deadline, a
reply too large, an invalid reply) carry their cause, so the server's text cannot relabel them. Every
message is scrubbed of keys and tokens when the error is made (scrub.py)."""

from __future__ import annotations

from prism_desktop.errors import GenerationError

from .scrub import scrub

# Causes of failures decided here rather than read from a server's text.
TIMEOUT = "timeout"
REPLY_TOO_LARGE = "reply too large"
INVALID_REPLY = "invalid reply"

# Lower-case fragments of an error text; permanent ones are checked first.
_PERMANENT = (
    "401",
    "403",
    "invalid api key",
    "invalid_api_key",
    "insufficient",
    "quota",
    "unauthorized",
    "forbidden",
)
_TRANSIENT = (
    "429",
    "500",
    "502",
    "503",
    "504",
    "timeout",
    "timed out",
    "connection",
    "temporar",
    "overload",
    "rate limit",
    "unavailable",
    "reset",
)


class AdapterConfigError(GenerationError):
    """A model cannot be called at all (no key in the environment, no endpoint, unknown adapter).
    Raised before any request is sent. `model` and `env_vars` (the variables to set, when missing
    ones are the reason) let an interface say it in its own words; `problems` holds one error per
    model."""

    def __init__(
        self,
        message: str,
        *,
        model: str = "",
        env_var: str | None = None,
        env_vars: tuple[str, ...] = (),
        problems: list[AdapterConfigError] | None = None,
    ):
        super().__init__(message)
        self.model = model
        self.env_vars = env_vars or ((env_var,) if env_var else ())
        self.problems = problems if problems is not None else [self]

    @property
    def env_var(self) -> str | None:
        """The first variable to set (None when a missing variable is not the reason)."""
        return self.env_vars[0] if self.env_vars else None


class ModelCallError(GenerationError):
    """One failed call: the text PRISM would store in `error` (scrubbed of keys and tokens), the HTTP
    status when there was one, and the server's Retry-After in seconds when it sent one. `permanent`
    marks a failure that is never worth repeating whatever its text says (a TLS certificate that is
    not trusted, an invalid reply); `cause`, when given, is its summary label whatever the text.
    `where` (the URL tried, secrets scrubbed, and any proxy) is appended to the message but kept out
    of the classification: a port such as :40123 must not read as a 401."""

    def __init__(
        self,
        message: str,
        *,
        status: int | None = None,
        retry_after: float | None = None,
        permanent: bool = False,
        where: str = "",
        cause: str | None = None,
    ):
        message = scrub(message)
        where = scrub(where)
        full = f"{message} ({where})" if where else message
        super().__init__(full)
        self.reason = message
        self.where = where
        self.message = full
        self.status = status
        self.retry_after = retry_after
        self.permanent = permanent
        self.own_cause = cause

    @property
    def transient(self) -> bool:
        return not self.permanent and is_transient(self.reason)

    @property
    def cause(self) -> str:
        return self.own_cause or failure_cause(self.reason, self.status)


def invalid_reply(detail: str) -> ModelCallError:
    """A reply that is not what the protocol promises: permanent (asking again buys the same)."""
    return ModelCallError(f"{INVALID_REPLY}: {detail}", permanent=True, cause=INVALID_REPLY)


def is_transient(error: str | None) -> bool:
    """Whether a call that failed with this text is worth repeating."""
    text = (error or "").lower()
    if any(marker in text for marker in _PERMANENT):
        return False
    return any(marker in text for marker in _TRANSIENT)


def failure_cause(error: str | None, status: int | None = None) -> str:
    """A short label grouping failures in summaries ("rate limit (429)", "timeout", …)."""
    text = (error or "").lower()
    if status in (401, 403) or "unauthorized" in text or "invalid api key" in text:
        return f"unauthorized ({status or 401})"
    if "certificate" in text:
        return "TLS certificate not trusted"
    if "quota" in text or "insufficient" in text:
        return "quota or credit exhausted"
    if status == 429 or "rate limit" in text:
        return "rate limit (429)"
    if status is not None and status >= 500:
        return f"server error ({status})"
    if "timeout" in text or "timed out" in text:
        return "timeout"
    if "connection" in text:
        return "connection"
    if status is not None:
        return f"HTTP {status}"
    return "invalid reply" if "reply" in text else "error"
