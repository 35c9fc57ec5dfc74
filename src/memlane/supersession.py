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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .models import Memory, SimilarRef
from .storage.base import WriteTxn
from .text import claims, updates

__all__ = ["CANDIDATES", "SIMILAR_LIMIT", "SIMILAR_MIN", "BatchPicks", "choose"]

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
    pick = _pick(txn, memory, keys, backdated)
    return pick.target, pick.similar


@dataclass(frozen=True, slots=True)
class _Pick:
    target: Memory | None
    similar: tuple[SimilarRef, ...]
    keys: frozenset[str]  # the specific keys the candidates were found by
    candidates: frozenset[str]  # the ids compared


def _pick(txn: WriteTxn, memory: Memory, keys: frozenset[str], backdated: bool) -> _Pick:
    new = claims.analyse(memory.content)
    specific = frozenset(k for k in keys if not k.startswith(_DERIVED))
    updated: list[tuple[float, str, str]] = []
    near: list[tuple[float, str, str]] = []
    seen: set[str] = set()
    for candidate_id, content, observed_at in txn.supersession_candidates(memory, specific, CANDIDATES):
        seen.add(candidate_id)
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
    return _Pick(target, similar[:SIMILAR_LIMIT], specific, frozenset(seen))


class BatchPicks:
    """Automatic supersession for a batch of stores in one transaction, picked before any item is written.

    Every target is picked up front so that the batch can lock their chains together with the chains it
    replaces explicitly, in the one canonical order every writer locks several chains in
    (``WriteTxn.lock_chains_of``); picked one by one as the items are stored, they were locked in the
    batch's order, and two overlapping writers could deadlock (PostgreSQL). An item's pick stands when
    nothing stored before it in the batch could change it: no earlier item shares one of its keys, and
    none of its candidates was superseded or retracted since. Otherwise it is picked again when stored
    (a chain then found that was not locked up front is locked as it is picked, as before).

    Where the transaction locks no chain (``WriteTxn.locks_chains`` False: SQLite, one writer at a
    time), nothing is picked up front: each item is picked once, as it is stored (the same pick: one up
    front is used only when it equals that one). In a batch whose items share names, most picks up front
    were picked again, reading every item's candidates twice."""

    def __init__(self, txn: WriteTxn, items: Sequence[tuple[Memory, frozenset[str], bool] | None]) -> None:
        """``items``: per request, (the new item, its index keys, backdated), or None (no automatic
        supersession for it)."""
        ahead = txn.locks_chains
        self._ahead = [_pick(txn, *item) if item is not None and ahead else None for item in items]
        self._touched: set[str] = set()
        self._gone: set[str] = set()

    def targets(self) -> list[str]:
        """The ids picked up front (their chains to lock first)."""
        return [p.target.id for p in self._ahead if p is not None and p.target is not None]

    def choose(
        self, txn: WriteTxn, index: int, memory: Memory, keys: frozenset[str], *, backdated: bool
    ) -> tuple[Memory | None, tuple[SimilarRef, ...]]:
        """``choose`` for the batch's ``index``-th item, from its pick up front while that still stands."""
        ahead = self._ahead[index]
        if ahead is not None and not (ahead.keys & self._touched) and not (ahead.candidates & self._gone):
            return ahead.target, ahead.similar
        return choose(txn, memory, keys, backdated=backdated)

    def stored(self, keys: frozenset[str], superseded: str | None) -> None:
        """An item of the batch was written (with these keys), superseding ``superseded``."""
        self._touched.update(k for k in keys if not k.startswith(_DERIVED))
        if superseded is not None:
            self._gone.add(superseded)

    def gone(self, ids: Iterable[str]) -> None:
        """Items changed in the transaction before the batch's items (retracted)."""
        self._gone.update(ids)
