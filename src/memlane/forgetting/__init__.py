"""Forget by query: which memories a request to forget means (``MemoryService.forget(query=...)``).

``requests`` reads the request (a statement to forget, or a topic to forget everything about);
``matching`` holds the rules a memory must meet to be deleted. :func:`stating` is the statement rule
alone, over given candidates: what the memory manager deletes for "forget that …" in a conversation. The service asks :func:`targets` and
then deletes, in its transaction, the chains the actor may delete: a dry run lists exactly those.
"""

from __future__ import annotations

from datetime import datetime

from ..models import Actor
from ..storage.base import Store
from .matching import COVERAGE, RELATED_SIMILARITY, Recall, Similar, chosen, stating
from .requests import ForgetRequest, asked_to_forget, read_request

__all__ = [
    "COVERAGE",
    "RELATED_SIMILARITY",
    "ForgetRequest",
    "Recall",
    "Similar",
    "asked_to_forget",
    "read_request",
    "stating",
    "targets",
]


def targets(
    query: str, *, store: Store, actor: Actor, recall: Recall, now: datetime, similar: Similar | None = None
) -> list[str]:
    """The ids of the memories (any version) that ``query`` asks to forget, among what ``recall``
    finds for ``actor``: ``recall(text, about=None)``, the caller's recall over every version;
    ``similar(text, others)``: the embedder's cosine of each of ``others`` to ``text`` (None: no embedder)."""
    return chosen(read_request(query), store=store, actor=actor, recall=recall, now=now, similar=similar)
