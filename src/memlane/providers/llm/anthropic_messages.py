"""Anthropic's Messages API (``POST {base}/v1/messages``).

Structured output through a forced tool call: the schema is the ``input_schema`` of one tool and
``tool_choice`` names it, so the model answers with a ``tool_use`` block whose ``input`` is the object.
A reply with a JSON text block instead (proxies and compatible servers that ignore tools) is read too;
anything else is a :class:`~memlane.errors.LLMReplyError`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from memlane.errors import ConfigError, LLMError, LLMReplyError

from ..http import JsonPoster
from .http import parse_json_object

if TYPE_CHECKING:  # pragma: no cover - typing only
    import httpx

__all__ = ["ANTHROPIC_VERSION", "AnthropicMessages", "DEFAULT_ANTHROPIC_URL"]

DEFAULT_ANTHROPIC_URL = "https://api.anthropic.com"
ANTHROPIC_VERSION = "2023-06-01"


class AnthropicMessages:
    """An :class:`~memlane.providers.llm.base.LLM` over the Messages API (see the module doc)."""

    def __init__(
        self,
        model: str,
        *,
        api_key: str | None = None,
        base_url: str = DEFAULT_ANTHROPIC_URL,
        max_tokens: int = 4096,
        timeout: float = 60.0,
        max_attempts: int = 4,
        backoff: float = 1.0,
        sleep: Callable[[float], None] | None = None,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        model = model.strip()
        if not model:
            raise ConfigError("the Anthropic LLM needs a model name, e.g. anthropic:claude-3-5-haiku-latest")
        self.model = model
        self.identity = f"anthropic/{model}"
        self.max_tokens = max_tokens
        base = base_url.rstrip("/")
        self.url = f"{base}/messages" if base.endswith("/v1") else f"{base}/v1/messages"
        headers = {"anthropic-version": ANTHROPIC_VERSION, **({"x-api-key": api_key} if api_key else {})}
        self._http = JsonPoster(
            self.url, headers, secret=api_key, key_hint="MEMLANE_LLM_API_KEY", error=LLMError,
            reply_error=LLMReplyError, what="the LLM request", timeout=timeout,
            max_attempts=max_attempts, backoff=backoff, transport=transport, sleep=sleep or time.sleep,
        )  # fmt: skip

    def __repr__(self) -> str:  # never show the key
        return f"AnthropicMessages(identity={self.identity!r}, url={self.url!r})"

    def close(self) -> None:
        self._http.close()

    def complete_json(self, *, system: str, prompt: str, schema: dict[str, Any], name: str) -> dict[str, Any]:
        payload = {
            "model": self.model,
            "max_tokens": self.max_tokens,
            "temperature": 0,
            "system": system,
            "messages": [{"role": "user", "content": prompt}],
            "tools": [{"name": name, "description": "Record the answer.", "input_schema": schema}],
            "tool_choice": {"type": "tool", "name": name},
        }
        body = self._http.post(payload)
        where = f"the LLM at {self.url}"
        blocks = body.get("content") if isinstance(body, dict) else None
        if not isinstance(blocks, list):
            raise LLMReplyError(f"{where} answered without a content list")
        if body.get("stop_reason") == "max_tokens":
            raise LLMReplyError(f"{where} stopped at max_tokens ({self.max_tokens}): the reply is cut off")
        for block in blocks:
            if isinstance(block, dict) and block.get("type") == "tool_use" and block.get("name") == name:
                value = block.get("input")
                if not isinstance(value, dict):
                    raise LLMReplyError(f"{where} called {name} without an input object")
                return value
        texts = [b.get("text", "") for b in blocks if isinstance(b, dict) and b.get("type") == "text"]
        text = "".join(t for t in texts if isinstance(t, str))
        if not text.strip():
            raise LLMReplyError(f"{where} answered with neither a {name} tool call nor JSON text")
        return parse_json_object(text, where)
