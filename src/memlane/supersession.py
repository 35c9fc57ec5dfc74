"""Automatic supersession: which current item a new statement updates, and which ones merely resemble it.

Candidates are the current items of the same owner, visibility and space that share an index key with
the new one: a name, id, date or number, or an ``about:`` key of its claims (the subject, the possessor,
the object a named thing acts on; see :mod:`memlane.text.claims`). Each candidate is compared claim by
claim; the most similar one the new statement *updates* (same subject and attribute, changed value) is
superseded. Every other candidate about the same subject, or sharing enough words, comes back in
``StoreResult.similar`` so the calling model can decide and pass ``replaces`` itself: a wrong automatic
supersession hides a true fact from recall, a missed one costs the caller one look.
"""

from __future__ import annotations

from .models import Memory, SimilarRef
from .storage.base import WriteTxn
from .text import claims, updates

__all__ = ["CANDIDATES", "SIMILAR_LIMIT", "SIMILAR_MIN", "choose"]

#: current items sharing a key that are compared with a new one (the newest per key, most keys first)
CANDIDATES = 12
#: near-matches returned in ``StoreResult.similar``
SIMILAR_LIMIT = 3
#: word overlap (Jaccard of content words) that makes an item about another subject similar enough
SIMILAR_MIN = 0.3

#: derived date keys (month, month-day, ISO week) would pair items that merely share a season
_DERIVED = ("month:", "md:", "week:")


def choose(
    txn: WriteTxn, memory: Memory, keys: frozenset[str], *, backdated: bool
) -> tuple[Memory | None, tuple[SimilarRef, ...]]:
    """The current item ``memory`` supersedes (or None) and the near-matches it leaves alone.

    Only an explicitly dated (``observed_at``) statement is held back by a newer one: an undated one is
    the latest word by definition, whatever the clocks of concurrent writers say."""
    new = claims.analyse(memory.content)
    specific = frozenset(k for k in keys if not k.startswith(_DERIVED))
    best: tuple[float, str, str] | None = None
    near: list[tuple[float, str, str]] = []
    for candidate_id, content, observed_at in txn.supersession_candidates(memory, specific, CANDIDATES):
        old = claims.analyse(content)
        is_update, score = updates.compare(old, new)
        found = (score, candidate_id, content)
        if is_update and not (backdated and observed_at > memory.observed_at):
            if best is None or score > best[0]:
                if best is not None:
                    near.append(best)
                best = found
            else:
                near.append(found)
        elif is_update or score >= SIMILAR_MIN or updates.same_subject(old, new):
            near.append(found)
    near.sort(key=lambda item: -item[0])
    similar = tuple(
        SimilarRef(id=cid, content=content, score=round(score, 3)) for score, cid, content in near
    )
    return (txn.find_by_id(best[1]) if best is not None else None), similar[:SIMILAR_LIMIT]
