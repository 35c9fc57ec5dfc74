"""The LLM interface: one method to implement, a JSON object in answer to a prompt and a schema.

Providers only speak their wire protocol and return the JSON object the model produced; they do not
know what it means. Whoever asked (the LLM extractor, ``memlane.extraction.llm``) validates it against
its pydantic model and turns a mismatch into :class:`~memlane.errors.LLMReplyError`.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

__all__ = ["LLM"]


@runtime_checkable
class LLM(Protocol):
    #: the provider and model, e.g. ``"openai/gpt-4o-mini"`` or ``"anthropic/claude-3-5-haiku-latest"``
    identity: str

    def complete_json(self, *, system: str, prompt: str, schema: dict[str, Any], name: str) -> dict[str, Any]:
        """Ask the model (``system`` instructions, ``prompt`` as the user turn) for one JSON object that
        follows ``schema`` (a JSON schema without ``$ref``; ``name`` names it for the API). Returns the
        object as parsed; raises ``LLMError`` when the provider fails after its retries and
        ``LLMReplyError`` when the reply is no JSON object (truncated, refused, prose)."""
        ...
