"""Automatic supersession: which current item a new statement updates, and which ones merely resemble it.

Candidates are the current items of the same owner, visibility and space that share an index key with
the new one: a name, id, date or number, or an ``about:`` key of its claims (the subject, the possessor,
the object a named thing acts on; see :mod:`memlane.text.claims`). Each candidate is compared claim by
claim; the one the new statement *updates* (same subject and attribute, changed value) is superseded,
if it is the only one or the most similar of them (a tie is left to the caller). Every other candidate about the same subject, or sharing enough words, comes back in
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
    updated: list[tuple[float, str, str]] = []
    near: list[tuple[float, str, str]] = []
    for candidate_id, content, observed_at in txn.supersession_candidates(memory, specific, CANDIDATES):
        old = claims.analyse(content)
        is_update, score = updates.compare(old, new)
        found = (score, candidate_id, content)
        if is_update and not (backdated and observed_at > memory.observed_at):
            updated.append(found)
        elif is_update or score >= SIMILAR_MIN or updates.same_subject(old, new):
            near.append(found)
    updated.sort(key=lambda item: -item[0])
    target = None
    if updated and (len(updated) == 1 or updated[0][0] > updated[1][0]):
        target = txn.find_by_id(updated.pop(0)[1])
    # Two items the new one would update equally well ("Greta moved to Bruges": where she lives, or where
    # she works?): not ours to choose, the caller sees both.
    near = sorted(updated + near, key=lambda item: -item[0])
    similar = tuple(
        SimilarRef(id=cid, content=content, score=round(score, 3)) for score, cid, content in near
    )
    return target, similar[:SIMILAR_LIMIT]
