"""Forget by query: which memories a request to forget means (``MemoryService.forget(query=...)``).

``requests`` reads the request (a statement to forget, or a topic to forget everything about);
``matching`` holds the rules a memory must meet to be deleted. :func:`stating` is the statement rule
alone, over given candidates: what the memory manager deletes for "forget that …" in a conversation. The service asks :func:`targets` and
then deletes, in its transaction, the chains the actor may delete and the request states whole
(:func:`whole_chains`): a dry run lists exactly those.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime

from ..models import Actor, Memory
from ..storage.base import Store
from .matching import COVERAGE, RELATED_SIMILARITY, Recall, Similar, chosen, stating
from .requests import ForgetRequest, asked_to_forget, read_request

__all__ = [
    "COVERAGE",
    "PART_OF_CHAIN",
    "RELATED_SIMILARITY",
    "ForgetRequest",
    "Recall",
    "Similar",
    "asked_to_forget",
    "read_request",
    "stated_chains",
    "stating",
    "targets",
    "whole_chains",
]


def targets(
    query: str, *, store: Store, actor: Actor, recall: Recall, now: datetime, similar: Similar | None = None
) -> list[str]:
    """The ids of the memories (any version) that ``query`` asks to forget, among what ``recall``
    finds for ``actor``: ``recall(text, about=None)``, the caller's recall over every version;
    ``similar(text, others)``: the embedder's cosine of each of ``others`` to ``text`` (None: no embedder)."""
    return chosen(
        read_request(query), store=store, actor=actor, recall=_once(recall), now=now, similar=similar
    )


def _once(recall: Recall) -> Recall:
    """``recall`` asked each question once for one request: the rules ask the same ones again (a
    topic's ``recall(name)`` and ``recall(name, about=name)`` by each of its steps), and nothing is
    written while a request is read."""
    answers: dict[tuple[str, str | None], tuple[Memory, ...]] = {}

    def asked(text: str, about: str | None = None) -> tuple[Memory, ...]:
        if (text, about) not in answers:
            answers[text, about] = tuple(recall(text, about=about))
        return answers[text, about]

    return asked


def whole_chains(targets: Sequence[str], chains: Mapping[str, Sequence[Memory]]) -> list[str]:
    """Of ``targets`` (what a request means, any version), those whose chain (``chains``: every version
    of each target's chain) the request means in every version. Forget deletes whole chains, and storing
    may have put another fact in one ("I go to the gym three times a week" superseded by "I weigh 82 kg",
    "Ewa is our best React developer" by "Ewa is moving to Gdańsk"): a request that states one version
    and not another deletes neither (a deletion cannot be undone; the memory can still be forgotten by
    id). A chain the request states whole ("I'm vegetarian", "I have been vegetarian since 2015") goes."""
    asked = set(targets)
    return [t for t in targets if all(v.id in asked for v in chains.get(t, ()))]


#: why a retraction deleted nothing of a chain it states only in part
PART_OF_CHAIN = (
    "it states one version of a chain that holds another fact: kept whole (a deletion cannot be undone; "
    "forget it by id)"
)


def stated_chains(
    said: str,
    targets: Sequence[Memory],
    chains: Mapping[str, Sequence[Memory]],
    stating: Callable[[str, Sequence[Memory]], Sequence[str]],
) -> list[str]:
    """Of ``targets`` (the memories that state ``said``, as the memory manager found them for "forget
    that …" in a conversation), the ids of those whose chain (``chains``) states it in every version, by
    the statement rule (``stating(said, versions)``: :func:`stating` bound to the caller's store): the
    decision :func:`whole_chains` makes for ``forget(query=...)``, so that both delete the same."""
    ids = {t.id for t in targets}
    others = [v for t in targets for v in chains.get(t.id, ()) if v.id not in ids]
    stated = ids | set(stating(said, others) if others else ())
    whole = set(whole_chains(sorted(stated), chains))
    return [t.id for t in targets if t.id in whole]
