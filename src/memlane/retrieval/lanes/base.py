"""What every lane gets and gives."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from typing import TYPE_CHECKING, Protocol

import numpy as np
import numpy.typing as npt

from ... import text
from ...models import Actor, Filters

if TYPE_CHECKING:
    from ...providers.base import Embedder
    from ...storage.base import Store
    from ..config import LaneSpec, RetrievalConfig


@dataclass
class Query:
    """One recall request, with its analyses computed once and shared by the lanes."""

    text: str
    actor: Actor
    filters: Filters
    now: datetime
    limit: int
    embed: Callable[[str], npt.NDArray[np.float32]] | None = None
    #: the embedder behind ``embed``: its identity and batch embedding calibrate the semantic evidence
    embedder: Embedder | None = None
    #: filled by the entity lane: the query's keys that items carry, with their rarity weights
    known_entity_weights: dict[str, float] = field(default_factory=dict)
    #: filled by the keyword lane: (items the caller may read, how many contain each query term)
    term_df: tuple[int, dict[str, int]] | None = None
    #: the entities the recall is about (``about=``, or its question form): the graph lane follows them
    #: however common they are (the recall's filters keep to their memories)
    about: tuple[str, ...] = ()
    #: filled by the engine for the lanes that run after the others (the graph lane): every candidate
    #: of the other lanes with their fused score (semantic matches below the embedder's floor left out)
    others: dict[int, float] = field(default_factory=dict)

    #: what ``key_counts`` read: (items the caller may read, keys asked, their counts)
    _key_counts: tuple[int, set[str], dict[str, int]] | None = field(default=None, repr=False)

    #: the query's embedding being computed on another thread (see ``prefetch_vector``)
    pending_vector: Future[npt.NDArray[np.float32]] | None = field(default=None, repr=False)

    def prefetch_vector(self, pool: Executor) -> None:
        """Start embedding the query on ``pool``, so that it runs while other lanes search."""
        if self.embed is not None and self.pending_vector is None and "vector" not in self.__dict__:
            self.pending_vector = pool.submit(self.embed, self.text)

    def key_counts(self, store: Store, keys: Iterable[str]) -> tuple[int, dict[str, int]]:
        """``store.key_frequencies`` for the caller, read once per recall: (items the caller may read,
        items per entity key of ``keys``) — the entity and graph lanes share the statistics."""
        wanted = set(keys)
        if self._key_counts is None:
            total, counts = store.key_frequencies(self.actor, sorted(wanted))
            self._key_counts = (total, wanted, dict(counts))
        else:
            total, asked, counts = self._key_counts
            missing = wanted - asked
            if missing:
                counts.update(store.key_frequencies(self.actor, sorted(missing))[1])
                asked |= missing
        total, _, counts = self._key_counts
        return total, {k: counts[k] for k in wanted if k in counts}

    @cached_property
    def vector(self) -> npt.NDArray[np.float32] | None:
        if self.pending_vector is not None:
            return self.pending_vector.result()
        return None if self.embed is None else self.embed(self.text)

    @cached_property
    def terms(self) -> list[str]:
        return text.tsquery_terms(self.text)

    @cached_property
    def stems(self) -> frozenset[str]:
        return frozenset(text.tokenize(self.text))

    @cached_property
    def past_question(self) -> bool:
        return text.is_past_question(self.text)

    @cached_property
    def asks_when(self) -> bool:
        from ..signals import asks_when

        return asks_when(self.text)

    @cached_property
    def extracted(self) -> frozenset[str]:
        """The entity keys the text analysis finds in the query (as in a stored memory)."""
        return text.extract_entities(self.text, now=self.now)

    @cached_property
    def time_keys(self) -> frozenset[str]:
        from ..signals import time_keys

        return time_keys(self.extracted)

    @cached_property
    def entity_keys(self) -> frozenset[str]:
        return self.extracted | text.query_entity_candidates(self.text)


@dataclass
class LaneResult:
    #: candidates best first, as (seq, raw lane score)
    ranked: list[tuple[int, float]] = field(default_factory=list)
    #: the lane's own 0-1 evidence per candidate, for lanes whose evidence is not recomputed from the
    #: items (the graph lane: how directly an item is about the entities the query names)
    evidence: dict[int, float] = field(default_factory=dict)


class Lane(Protocol):
    name: str
    #: the lane searches with the query's embedding (the engine starts computing it early)
    needs_vector: bool
    #: the lane reads the other lanes' candidates (``Query.others``): the engine runs it after them
    after_others: bool

    def run(self, query: Query, store: Store, spec: LaneSpec, config: RetrievalConfig) -> LaneResult: ...
