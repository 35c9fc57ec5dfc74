"""What every HTTP LLM provider shares: reading a model's JSON reply. The POST itself (timeouts, retries,
backoff) is ``providers/http.py``'s ``JsonPoster``, shared with the HTTP embedder.
"""

from __future__ import annotations

import json
from typing import Any

from memlane.errors import LLMReplyError

__all__ = ["parse_json_object"]


def parse_json_object(text: str, where: str) -> dict[str, Any]:
    """The JSON object in a model's text reply (a Markdown code fence around it is tolerated)."""
    body = text.strip()
    if body.startswith("```"):
        body = body.split("\n", 1)[1] if "\n" in body else ""
        body = body.rsplit("```", 1)[0]
    try:
        value = json.loads(body)
    except ValueError:
        raise LLMReplyError(f"{where} did not answer with JSON: {' '.join(text.split())[:120]!r}") from None
    if not isinstance(value, dict):
        raise LLMReplyError(f"{where} answered with JSON that is not an object: {type(value).__name__}")
    return value
