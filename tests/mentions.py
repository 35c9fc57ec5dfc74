"""A mention and a known entity's sentences as the resolution tests write them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from memlane.graph.resolution import Candidate, Mention, Registry
from memlane.graph.said import said_of


def said(name: str, *sentences: str) -> tuple[str, ...]:
    """A candidate's first sentences, its name marked as ``said.said_of`` marks it (each must name it)."""
    found = tuple(said_of(name, s) for s in sentences)
    assert all(found)
    return found  # type: ignore[return-value]


def mention(name: str, kind: str, context: str) -> Mention:
    """A mention of ``name``, of kind ``kind``, in the sentence ``context``."""
    return Mention(name, kind, context=context)


def person(name: str, context: str | None = None) -> Mention:
    """A mention of a person ``name`` in the sentence ``context`` (if any)."""
    return Mention(name, "person", context=context)


def known_person(id_: str, name: str, *aliases: str, **fields: Any) -> Candidate:
    """A known person ``name`` with ``aliases`` and any other of ``Candidate``'s fields."""
    return Candidate(id_, "person", name, aliases, **fields)


def resolved_in_order(mentions: Sequence[Mention]) -> list[str | None]:
    """The entity each mention ends up on through one ``Registry`` that learns them in order, as a store
    sees them (None: left unlinked as ambiguous)."""
    registry = Registry()
    return [registry.resolve_and_learn(x)[1] for x in mentions]
