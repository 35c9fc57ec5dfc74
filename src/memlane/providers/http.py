"""What every HTTP provider shares (LLMs and embedders): one JSON POST with timeouts, retries and backoff.

Retried: timeouts, connection failures, 408 / 409 / 425 / 429 and 5xx (Anthropic's 529 "overloaded"
too), with exponential backoff and jitter, or exactly the server's ``Retry-After`` (seconds) when it
sends one, up to ``max_retry_after``. Not retried: other 4xx (a bad key, a bad request), which fail at
once with the API's own message. The API key never appears in an error. The errors raised are the
caller's (``error`` / ``reply_error``: ``LLMError`` for an LLM, ``EmbedderError`` for an embedder), so
each provider keeps its place in the one exception tree.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from memlane.errors import ConfigError, MemlaneError

if TYPE_CHECKING:  # pragma: no cover - typing only
    import httpx

__all__ = ["JsonPoster", "parse_retry_after"]

_RETRY_STATUSES = frozenset({408, 409, 425, 429})


class JsonPoster:
    """POST JSON to one URL and return the parsed JSON answer, retrying what is worth retrying.

    ``what`` names the request in errors ("the LLM request", "embedding request"); ``error`` is raised
    when it fails, ``reply_error`` when the server answers 2xx with something that is not JSON."""

    def __init__(
        self,
        url: str,
        headers: Mapping[str, str],
        *,
        secret: str | None,
        key_hint: str,
        error: type[MemlaneError],
        reply_error: type[MemlaneError] | None = None,
        what: str = "the request",
        timeout: float = 60.0,
        max_attempts: int = 4,
        backoff: float = 1.0,
        max_backoff: float = 30.0,
        max_retry_after: float = 120.0,
        sleep: Callable[[float], None] = time.sleep,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        import httpx

        if timeout <= 0 or not math.isfinite(timeout):
            raise ConfigError(f"the timeout of {what} must be a positive number of seconds, not {timeout!r}")
        if max_attempts < 1:
            raise ConfigError("max_attempts must be at least 1")
        self.url = url
        self.max_attempts = max_attempts
        self.backoff = backoff
        self.max_backoff = max_backoff
        self.max_retry_after = max_retry_after
        self._what = what
        self._error = error
        self._reply_error = reply_error or error
        self._secret = secret
        self._key_hint = key_hint
        self._sleep = sleep
        self._client = httpx.Client(
            headers={"Content-Type": "application/json", "User-Agent": "memlane", **headers},
            timeout=httpx.Timeout(timeout, connect=min(timeout, 10.0)),
            transport=transport,
        )

    def close(self) -> None:
        self._client.close()

    def _scrub(self, text: str) -> str:
        return text.replace(self._secret, "***") if self._secret else text

    def post(self, payload: dict[str, Any]) -> Any:
        import httpx

        last = ""
        for attempt in range(1, self.max_attempts + 1):
            retry_after: float | None = None
            try:
                response = self._client.post(self.url, json=payload)
            except httpx.TimeoutException as exc:
                last = f"timed out ({type(exc).__name__})"
            except httpx.TransportError as exc:
                last = f"connection failed ({type(exc).__name__}: {self._scrub(str(exc))[:200]})"
            else:
                status = response.status_code
                if status < 300:
                    try:
                        return response.json()
                    except ValueError as exc:
                        raise self._reply_error(
                            f"{self._what} to {self.url} returned HTTP {status} with invalid JSON"
                        ) from exc
                last = f"HTTP {status}: {self._reason(response)}"
                if status not in _RETRY_STATUSES and status < 500:
                    hint = f" (check {self._key_hint})" if status in (401, 403) else ""
                    raise self._error(f"{self._what} to {self.url} failed: {last}{hint}")
                retry_after = parse_retry_after(response.headers.get("Retry-After"))
            if attempt < self.max_attempts:
                if retry_after is not None:
                    delay = min(retry_after, self.max_retry_after)
                else:
                    delay = min(
                        self.backoff * (2 ** (attempt - 1)) * (1 + 0.25 * random.random()), self.max_backoff
                    )
                self._sleep(delay)
        raise self._error(f"{self._what} to {self.url} failed after {self.max_attempts} attempts: {last}")

    def _reason(self, response: httpx.Response) -> str:
        """Short, key-free reason: the API's ``error.message`` (OpenAI and Anthropic both send one), or
        ``detail`` (FastAPI-based servers such as TEI), or the start of the body."""
        reason = ""
        try:
            data = response.json()
            error = data.get("error") if isinstance(data, dict) else None
            if isinstance(error, dict):
                reason = str(error.get("message") or error.get("type") or "")
            elif isinstance(error, str):
                reason = error
            elif isinstance(data, dict) and "detail" in data:
                reason = str(data["detail"])
        except ValueError:
            reason = response.text
        reason = " ".join(reason.split()) or response.reason_phrase or "no reason given"
        return self._scrub(reason)[:200]


def parse_retry_after(value: str | None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header (the seconds form; the rare date form is ignored)."""
    if not value:
        return None
    try:
        seconds = float(value)
    except ValueError:
        return None
    return seconds if math.isfinite(seconds) and seconds >= 0 else None
