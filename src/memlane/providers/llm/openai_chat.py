"""Chat completions from any OpenAI-compatible endpoint: OpenAI, Ollama, vLLM, llama.cpp's server,
LM Studio, LiteLLM... (``POST {base}/chat/completions``).

Structured output is asked for with ``response_format``: ``json_schema`` by default (OpenAI, vLLM,
llama.cpp, LM Studio and recent Ollama constrain the reply to the schema), ``json_object`` for servers
that only know JSON mode, or nothing (``json="none"``: the schema is in the prompt only). Whatever the
server does, the reply is parsed and validated by the caller, so a server that ignores the format
yields a clear :class:`~memlane.errors.LLMReplyError`, never a wrong memory.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal

from memlane.errors import ConfigError, LLMError, LLMReplyError

from ..http import JsonPoster
from .http import parse_json_object

if TYPE_CHECKING:  # pragma: no cover - typing only
    import httpx

__all__ = ["DEFAULT_OPENAI_URL", "JsonMode", "OpenAIChat"]

DEFAULT_OPENAI_URL = "https://api.openai.com/v1"
JsonMode = Literal["schema", "object", "none"]


class OpenAIChat:
    """An :class:`~memlane.providers.llm.base.LLM` over ``/chat/completions`` (see the module doc)."""

    def __init__(
        self,
        model: str,
        *,
        api_key: str | None = None,
        base_url: str = DEFAULT_OPENAI_URL,
        json: JsonMode = "schema",
        timeout: float = 60.0,
        max_attempts: int = 4,
        backoff: float = 1.0,
        sleep: Callable[[float], None] | None = None,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        model = model.strip()
        if not model:
            raise ConfigError("the OpenAI-compatible LLM needs a model name, e.g. openai:gpt-4o-mini")
        if json not in ("schema", "object", "none"):
            raise ConfigError(f"MEMLANE_LLM_JSON: 'schema', 'object' or 'none', not {json!r}")
        self.model = model
        self.identity = f"openai/{model}"
        self.json_mode: JsonMode = json
        self.url = f"{base_url.rstrip('/')}/chat/completions"
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._http = JsonPoster(
            self.url, headers, secret=api_key, key_hint="MEMLANE_LLM_API_KEY", error=LLMError,
            reply_error=LLMReplyError, what="the LLM request", timeout=timeout,
            max_attempts=max_attempts, backoff=backoff, transport=transport, sleep=sleep or time.sleep,
        )  # fmt: skip

    def __repr__(self) -> str:  # never show the key
        return f"OpenAIChat(identity={self.identity!r}, url={self.url!r})"

    def close(self) -> None:
        self._http.close()

    def complete_json(self, *, system: str, prompt: str, schema: dict[str, Any], name: str) -> dict[str, Any]:
        if self.json_mode == "none":
            system = f"{system}\n\nAnswer with one JSON object that follows this JSON schema:\n{json.dumps(schema)}"
        payload: dict[str, Any] = {
            "model": self.model,
            "messages": [{"role": "system", "content": system}, {"role": "user", "content": prompt}],
            "temperature": 0,
        }
        if self.json_mode == "schema":
            payload["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": name, "schema": schema},
            }
        elif self.json_mode == "object":
            payload["response_format"] = {"type": "json_object"}
        body = self._http.post(payload)
        where = f"the LLM at {self.url}"
        try:
            choice = body["choices"][0]
            message = choice["message"]
        except (KeyError, IndexError, TypeError):
            raise LLMReplyError(f"{where} answered without choices[0].message") from None
        if not isinstance(message, dict):
            raise LLMReplyError(f"{where} answered without choices[0].message")
        if message.get("refusal"):
            raise LLMReplyError(f"{where} refused: {str(message['refusal'])[:200]}")
        if choice.get("finish_reason") == "length":
            raise LLMReplyError(f"{where} stopped at its token limit: the reply is cut off")
        content = message.get("content")
        if not isinstance(content, str) or not content.strip():
            raise LLMReplyError(f"{where} answered with no text content")
        return parse_json_object(content, where)
