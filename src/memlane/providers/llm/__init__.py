"""Built-in LLMs: any OpenAI-compatible chat endpoint, and Anthropic's Messages API.

Choose one with :func:`build_llm`, configured like the embedder::

    "none"               no LLM (the default): extraction is rule-based and needs no model
    "openai:<model>"     ``POST {MEMLANE_LLM_URL}/chat/completions`` (OpenAI, Ollama, vLLM, llama.cpp's
                         server, LM Studio, LiteLLM...)
    "anthropic:<model>"  ``POST {MEMLANE_LLM_URL}/v1/messages`` (Anthropic's Messages API)

Environment (read only when called): ``MEMLANE_LLM_URL`` (default: the provider's public API),
``MEMLANE_LLM_API_KEY`` (or ``OPENAI_API_KEY`` / ``ANTHROPIC_API_KEY``), ``MEMLANE_LLM_TIMEOUT``
(seconds per request, default 60), ``MEMLANE_LLM_MAX_ATTEMPTS`` (default 4) and, for OpenAI-compatible
servers, ``MEMLANE_LLM_JSON`` (``schema`` | ``object`` | ``none``: how structured output is asked for).
httpx is imported only when a client is built.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping

from memlane.errors import ConfigError

from .anthropic_messages import DEFAULT_ANTHROPIC_URL, AnthropicMessages
from .base import LLM
from .openai_chat import DEFAULT_OPENAI_URL, OpenAIChat

__all__ = ["LLM", "VALID_LLM_SPECS", "AnthropicMessages", "OpenAIChat", "build_llm", "check_llm_spec"]

VALID_LLM_SPECS = ("none", "openai:<model>", "anthropic:<model>")


def check_llm_spec(spec: str | None) -> None:
    """Raise ConfigError unless ``spec`` names an LLM (or ``none``); builds nothing."""
    name = (spec or "none").strip()
    if name.lower() == "none":
        return
    provider, _, model = name.partition(":")
    if provider.lower() in ("openai", "anthropic") and model.strip():
        return
    raise ConfigError(f"unknown LLM {spec!r} (MEMLANE_LLM); valid values: {', '.join(VALID_LLM_SPECS)}")


def _number(env: Mapping[str, str], name: str, default: float) -> float:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a positive number, got {raw!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise ConfigError(f"{name} must be a positive number, got {raw!r}")
    return value


def build_llm(spec: str | None, *, environ: Mapping[str, str] | None = None) -> LLM | None:
    """The LLM named by ``spec`` (see the module docstring); ``"none"`` (or nothing) gives ``None``."""
    check_llm_spec(spec)
    env: Mapping[str, str] = os.environ if environ is None else environ
    name = (spec or "none").strip()
    if name.lower() == "none":
        return None
    provider, _, model = name.partition(":")
    provider = provider.lower()
    default_url = DEFAULT_OPENAI_URL if provider == "openai" else DEFAULT_ANTHROPIC_URL
    base_url = env.get("MEMLANE_LLM_URL", "").strip() or default_url
    if not base_url.startswith(("http://", "https://")):
        raise ConfigError(f"MEMLANE_LLM_URL must be an http(s) URL, got {base_url!r}")
    fallback = "OPENAI_API_KEY" if provider == "openai" else "ANTHROPIC_API_KEY"
    api_key = env.get("MEMLANE_LLM_API_KEY", "").strip() or env.get(fallback, "").strip()
    if not api_key and base_url.rstrip("/") == default_url:
        raise ConfigError(
            f"the {provider} LLM needs an API key: set MEMLANE_LLM_API_KEY or {fallback} "
            "(or MEMLANE_LLM_URL for a local server without authentication)"
        )
    timeout = _number(env, "MEMLANE_LLM_TIMEOUT", 60.0)
    attempts = _number(env, "MEMLANE_LLM_MAX_ATTEMPTS", 4)
    if attempts != int(attempts):
        raise ConfigError("MEMLANE_LLM_MAX_ATTEMPTS must be a whole number")
    if provider == "openai":
        json_mode = env.get("MEMLANE_LLM_JSON", "").strip().lower() or "schema"
        if json_mode not in ("schema", "object", "none"):
            raise ConfigError(f"MEMLANE_LLM_JSON: 'schema', 'object' or 'none', not {json_mode!r}")
        return OpenAIChat(
            model, api_key=api_key or None, base_url=base_url, json=json_mode,  # type: ignore[arg-type]
            timeout=timeout, max_attempts=int(attempts),
        )  # fmt: skip
    return AnthropicMessages(
        model, api_key=api_key or None, base_url=base_url, timeout=timeout, max_attempts=int(attempts)
    )
