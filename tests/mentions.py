"""A mention and a known entity's sentences as the resolution tests write them."""

from __future__ import annotations

from memlane.graph.resolution import Mention
from memlane.graph.said import said_of


def said(name: str, *sentences: str) -> tuple[str, ...]:
    """A candidate's first sentences, its name marked as ``said.said_of`` marks it (each must name it)."""
    found = tuple(said_of(name, s) for s in sentences)
    assert all(found)
    return found  # type: ignore[return-value]


def mention(name: str, kind: str, context: str) -> Mention:
    """A mention of ``name``, of kind ``kind``, in the sentence ``context``."""
    return Mention(name, kind, context=context)
