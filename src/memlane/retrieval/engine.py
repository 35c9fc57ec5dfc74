"""The retrieval engine: run the configured lanes, fuse, weight, score, filter."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING

from .. import text
from ..errors import ConfigError
from ..models import Hit, Memory
from .config import RetrievalConfig
from .fusion import rrf
from .lanes import LANES, LaneResult, Query
from .ranking import calibrated_score, monotone, multiplier, semantic_evidence

if TYPE_CHECKING:
    from ..storage.base import Store

__all__ = ["RetrievalEngine"]


@lru_cache(maxsize=1)
def _porter():  # type: ignore[no-untyped-def]
    import Stemmer

    return Stemmer.Stemmer("porter")


class RetrievalEngine:
    def __init__(self, store: Store, config: RetrievalConfig) -> None:
        unknown = [spec.name for spec in config.lanes if spec.name not in LANES]
        if unknown:
            raise ConfigError(f"unknown retrieval lane(s) {unknown}; known: {sorted(LANES)}")
        self.store = store
        self.config = config

    def run_lanes(self, query: Query) -> dict[str, LaneResult]:
        return {spec.name: LANES[spec.name].run(query, self.store, spec, self.config) for spec in self.config.lanes}

    def recall(self, query: Query, *, min_score: float = 0.0) -> list[Hit]:
        config = self.config
        results = self.run_lanes(query)
        fused = rrf(
            {name: [seq for seq, _ in r.ranked] for name, r in results.items()},
            {spec.name: spec.weight for spec in config.lanes},
            config.rrf_k,
        )
        if not fused:
            return []
        pool = sorted(fused, key=fused.__getitem__, reverse=True)[: max(query.limit * 4, 40)]
        memories = self.store.fetch(query.actor, query.filters, pool, query.now)
        seqs = [s for s in pool if s in memories]
        evidence = self._evidence(query, results, seqs, memories)
        past = text.is_past_question(query.text)
        final = {
            seq: fused[seq]
            * multiplier(
                config,
                observed_at=memories[seq].observed_at,
                now=query.now,
                importance=memories[seq].importance,
                access_count=memories[seq].access_count,
                past_question=past,
            )
            for seq in seqs
        }
        ranked = sorted(seqs, key=lambda s: (-final[s], -s))
        scores = monotone([calibrated_score(evidence[s], config.lanes) for s in ranked])
        hits: list[Hit] = []
        for seq, score in zip(ranked, scores, strict=True):
            if score < min_score or len(hits) >= query.limit:
                break
            lanes = tuple(name for name, r in results.items() if any(s == seq for s, _ in r.ranked))
            hits.append(_hit(memories[seq], score, lanes))
        return hits

    def _evidence(
        self,
        query: Query,
        results: dict[str, LaneResult],
        seqs: list[int],
        memories: dict[int, Memory],
    ) -> dict[int, dict[str, float]]:
        out: dict[int, dict[str, float]] = {s: {} for s in seqs}
        semantic = dict(results["semantic"].ranked) if "semantic" in results else {}
        for s in seqs:
            if s in semantic:
                out[s]["semantic"] = semantic_evidence(semantic[s], self.config)
        if "keyword" in results and query.terms:
            weights = self._term_weights(query.terms)
            total = sum(weights.values())
            if total > 0:
                for s in seqs:
                    stems = set(text.tokenize(memories[s].content))
                    got = sum(w for term, w in weights.items() if term in stems)
                    out[s]["keyword"] = got / total
        known = query.known_entity_weights
        if "entity" in results and known:
            total = sum(known.values())
            keys_of = self.store.entity_keys_of(seqs)
            for s in seqs:
                got = sum(w for k, w in known.items() if k in keys_of.get(s, ()))
                out[s]["entity"] = got / total
        return out

    def _term_weights(self, terms: list[str]) -> dict[str, float]:
        """IDF weight per query stem (stems as ``text.tokenize`` makes them), from the store's statistics."""
        porter = _porter()
        stem_of: dict[str, str] = {}
        for term in terms:
            stems = text.tokenize(term)
            if stems:
                stem_of[stems[0]] = porter.stemWord(term.lower())
        total, df = self.store.term_stats(sorted(set(stem_of.values())))
        n = max(total, 1)
        return {
            stem: math.log(1 + (n - df.get(p, 0) + 0.5) / (df.get(p, 0) + 0.5)) for stem, p in stem_of.items()
        }


def _hit(memory: Memory, score: float, lanes: tuple[str, ...]) -> Hit:
    data = dict(memory.__dict__)
    return Hit.model_construct(**data, score=score, matched_by=lanes)
