"""The retrieval engine: run the configured lanes, fuse, weight, score, filter."""

from __future__ import annotations

import functools
import logging
import math
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

import numpy as np

from .. import text
from ..errors import ConfigError, EmbedderError
from ..models import Hit, Memory, constructed
from .calibration import SemanticScale, measure, scale_for
from .config import LaneSpec, RetrievalConfig
from .fusion import best_first, rrf
from .lanes import LANES, LaneResult, Query
from .lanes.keyword import term_frequencies
from .ranking import calibrated_score, monotone, multiplier
from .signals import is_question_item, observed_keys, subject_keys, time_keys

if TYPE_CHECKING:
    from pathlib import Path

    from ..storage.base import Store

__all__ = ["RetrievalEngine"]

log = logging.getLogger(__name__)


class RetrievalEngine:
    def __init__(self, store: Store, config: RetrievalConfig, *, cache_dir: Path | None = None) -> None:
        unknown = [spec.name for spec in config.lanes if spec.name not in LANES]
        if unknown:
            raise ConfigError(f"unknown retrieval lane(s) {unknown}; known: {sorted(LANES)}")
        self.store = store
        self.config = config
        self.cache_dir = cache_dir  # where embedder calibrations are kept (memlane's home)
        self._pool: ThreadPoolExecutor | None = None
        self._pool_lock = threading.Lock()
        self._running = 0  # recalls in their lanes now (on a store without concurrent reads)

    def run_lanes(self, query: Query) -> dict[str, LaneResult]:
        """Every lane's candidates (semantic ones below the embedder's floor left out)."""
        return self._run(query)[0]

    def _run(self, query: Query) -> tuple[dict[str, LaneResult], SemanticScale | None, dict[int, float]]:
        """Every lane's candidates, the embedder's similarity scale and the fused scores (RRF). The
        lanes that read the others' candidates (``after_others``: the graph lane) run last, with the
        others' fused scores in ``Query.others``; theirs are added to those."""
        specs = self.config.lanes
        first = tuple(spec for spec in specs if not LANES[spec.name].after_others)
        results = self._run_specs(query, first)
        scale = None
        if "semantic" in results and results["semantic"].ranked:
            # below the floor a cosine is no evidence: such items neither rank nor return by similarity
            # (and without a scale, similarity is no evidence at all)
            scale = self._scale(query)
            floor = scale.floor if scale is not None else math.inf
            results["semantic"].ranked = [(s, c) for s, c in results["semantic"].ranked if c > floor]
        weights = {spec.name: spec.weight for spec in specs}
        fused = rrf({name: r.ranked for name, r in results.items()}, weights, self.config.rrf_k)
        later = tuple(spec for spec in specs if LANES[spec.name].after_others)
        if later:
            query.others = dict(fused)
            added = self._run_specs(query, later)
            results.update(added)
            for item, score in rrf(
                {n: r.ranked for n, r in added.items()}, weights, self.config.rrf_k
            ).items():
                fused[item] = fused.get(item, 0.0) + score
        return {spec.name: results[spec.name] for spec in specs}, scale, fused

    def _run_specs(self, query: Query, specs: tuple[LaneSpec, ...]) -> dict[str, LaneResult]:
        """A store that serves concurrent reads (PostgreSQL: a connection pool, the work done by
        separate server processes) runs the lanes at once, so a recall waits for its slowest lane (the
        query's embedding included, inside the semantic lane) instead of their sum. Otherwise the lanes
        run in turn while the query is embedded."""
        if len(specs) < 2:
            return {spec.name: LANES[spec.name].run(query, self.store, spec, self.config) for spec in specs}
        if not getattr(self.store, "concurrent_reads", False):
            # One connection: the lanes search in turn, but when no other recall is running the query's
            # embedding (ONNX Runtime releases the GIL) is computed meanwhile on an idle core, and the
            # lanes that need it search last. Under concurrent recalls every core is busy already: the
            # hand-off would only cost throughput (measured: 52 -> 46 recalls/s served at saturation).
            with self._pool_lock:
                self._running += 1
                alone = self._running == 1
            try:
                if alone and any(LANES[spec.name].needs_vector for spec in specs):
                    query.prefetch_vector(self._lane_pool())
                ordered = sorted(specs, key=lambda spec: LANES[spec.name].needs_vector)
                return {
                    spec.name: LANES[spec.name].run(query, self.store, spec, self.config) for spec in ordered
                }
            finally:
                with self._pool_lock:
                    self._running -= 1
        pool = self._lane_pool()
        futures = [
            (spec.name, pool.submit(LANES[spec.name].run, query, self.store, spec, self.config))
            for spec in specs
        ]
        return {name: future.result() for name, future in futures}

    def _lane_pool(self) -> ThreadPoolExecutor:
        with self._pool_lock:
            if self._pool is None:
                workers = 4 * len(self.config.lanes)  # a few recalls at once; more wait their turn
                self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="memlane-lane")
            return self._pool

    def close(self) -> None:
        with self._pool_lock:
            if self._pool is not None:
                self._pool.shutdown(wait=True)
                self._pool = None

    def recall(self, query: Query, *, min_score: float = 0.0) -> list[tuple[int, Hit]]:
        """(storage seq, hit) pairs, best first. Only items with evidence of their own (a matched word or
        entity, or semantic similarity above the embedder's floor) or the conversation neighbours of such
        items are returned: fewer than ``limit``, or none, when nothing is relevant."""
        config = self.config
        results, scale, fused = self._run(query)
        if not fused:
            return []
        pool = best_first(fused, max(query.limit * 4, 40))
        memories = self.store.fetch(query.actor, query.filters, pool, query.now)
        seqs = [s for s in pool if s in memories]
        keys_of = self.store.entity_keys_of(seqs)
        final = {s: fused[s] * self._multiplier(query, memories[s], keys_of.get(s, set())) for s in seqs}
        context = self._context(query, final, memories, keys_of)
        seqs = list(final)
        evidence = self._evidence(query, results, seqs, memories, keys_of, scale)
        for s, parent_relevance in context.items():
            evidence[s]["context"] = parent_relevance
        ranked = best_first(final)  # (seqs is list(final))
        raw = {s: calibrated_score(evidence[s], config.lanes) for s in ranked}
        ranked = [s for s in ranked if raw[s] > 0]
        if query.filters.include_history:
            ranked = _current_first(ranked, raw, memories, config.history_tie)
        scores = monotone([raw[s] for s in ranked])
        found_by = {name: {s for s, _ in r.ranked} for name, r in results.items()}
        hits: list[tuple[int, Hit]] = []
        for seq, score in zip(ranked, scores, strict=True):
            if score < min_score or len(hits) >= query.limit:
                break
            lanes = tuple(name for name, members in found_by.items() if seq in members)
            if seq in context and not lanes:
                lanes = ("context",)
            hits.append((seq, _hit(memories[seq], score, lanes)))
        return hits

    def _scale(self, query: Query) -> SemanticScale | None:
        """The embedder's calibrated similarity scale (measured once per embedder identity); None when the
        embedder fails to embed the calibration set (a remote endpoint down): tried again next recall."""
        quantile = self.config.semantic_floor_quantile
        try:
            if query.embedder is not None:
                return scale_for(query.embedder.identity, query.embedder.embed, quantile, self.cache_dir)
            embed = query.embed
            assert embed is not None  # the semantic lane found something, so there is an embedding
            return measure(lambda texts: np.stack([embed(t) for t in texts]), quantile)
        except EmbedderError as exc:
            log.warning("could not calibrate the embedder; semantic similarity ignored this time: %s", exc)
            return None

    def _multiplier(self, query: Query, memory: Memory, keys: set[str]) -> float:
        config = self.config
        m = multiplier(
            config,
            observed_at=memory.observed_at,
            now=query.now,
            importance=memory.importance,
            access_count=memory.access_count,
            past_question=query.past_question,
        )
        subject = memory.subject
        if config.subject_boost and subject and subject_keys(subject.id, subject.name) & query.entity_keys:
            m *= 1.0 + config.subject_boost
        if config.question_item_penalty and is_question_item(memory.content):
            m *= 1.0 - config.question_item_penalty
        if config.time_boost and query.time_keys and query.time_keys & observed_keys(memory.observed_at):
            m *= 1.0 + config.time_boost
        if config.when_boost and query.asks_when and time_keys(keys):
            m *= 1.0 + config.when_boost
        return m

    def _context(
        self, query: Query, final: dict[int, float], memories: dict[int, Memory], keys_of: dict[int, set[str]]
    ) -> dict[int, float]:
        """Give the conversation neighbours of the strongest candidates a share of their score (mutates
        ``final``, ``memories`` and ``keys_of``); returns {neighbour: share} for the score's context
        evidence. Conversations are explicit (``provenance.conversation_id``), never guessed."""
        config = self.config
        if config.context_weight <= 0 or config.context_window <= 0:
            return {}
        top = best_first(final, config.context_depth)
        neighbours = self.store.neighbours(top, config.context_window)
        missing = sorted({n for s in top for n in neighbours.get(s, ()) if n not in memories})
        if missing:
            memories.update(self.store.fetch(query.actor, query.filters, missing, query.now))
            keys_of.update(self.store.entity_keys_of(missing))
        bonus: dict[int, tuple[float, float]] = {}  # neighbour: (bonus, weight it came with)
        for s in top:
            reply = _reply_to(s, neighbours.get(s, ()), memories)
            for n in neighbours.get(s, ()):
                if n in memories:
                    weight, parent = config.context_weight, final[s]
                    if n == reply:  # the answer takes the question's place, without its question penalty
                        weight = config.reply_weight
                        if is_question_item(memories[s].content) and config.question_item_penalty < 1:
                            parent /= 1.0 - config.question_item_penalty
                    if weight * parent > bonus.get(n, (0.0, 0.0))[0]:
                        bonus[n] = (weight * parent, weight)
        top_score = final[top[0]] if top else 1.0
        share: dict[int, float] = {}
        for n, (b, weight) in bonus.items():
            base = final.get(n)
            final[n] = (base if base is not None else 0.0) + b
            share[n] = min(weight, b / top_score)
        return share

    def _evidence(
        self,
        query: Query,
        results: dict[str, LaneResult],
        seqs: list[int],
        memories: dict[int, Memory],
        keys_of: dict[int, set[str]],
        scale: SemanticScale | None,
    ) -> dict[int, dict[str, float]]:
        out: dict[int, dict[str, float]] = {s: {} for s in seqs}
        semantic = dict(results["semantic"].ranked) if "semantic" in results else {}
        if scale is not None:
            for s in seqs:
                if s in semantic:
                    out[s]["semantic"] = scale.evidence(semantic[s])
        if "keyword" in results and query.terms:
            weights = self._term_weights(query)
            total = sum(weights.values())
            if total > 0:
                for s in seqs:
                    stems = _evidence_stems(memories[s].content)
                    got = sum(w for term, w in weights.items() if term in stems)
                    out[s]["keyword"] = got / total
        if "time" in results:  # observed in the period the query names
            for s, _ in results["time"].ranked:
                if s in out:
                    out[s]["time"] = 1.0
        for name, result in results.items():  # lanes that measure their own evidence (the graph lane)
            for s, e in result.evidence.items():
                if s in out:
                    out[s][name] = e
        known = query.known_entity_weights
        if "entity" in results and known:
            total = sum(known.values())
            for s in seqs:
                got = sum(w for k, w in known.items() if k in keys_of.get(s, ()))
                out[s]["entity"] = got / total
        return out

    def _term_weights(self, query: Query) -> dict[str, float]:
        """IDF weight per query stem (stems as ``text.tokenize`` makes them)."""
        total, df = term_frequencies(query, self.store)
        n = max(total, 1)
        weights: dict[str, float] = {}
        for term in query.terms:
            stems = text.tokenize(term)
            if stems:
                f = df.get(term, 0)
                weights[stems[0]] = math.log(1 + (n - f + 0.5) / (f + 0.5))
        return weights


@functools.lru_cache(maxsize=10_000)
def _evidence_stems(content: str) -> frozenset[str]:
    """``text.evidence_stems`` of an item's content, kept: the same items come back question after
    question (a pure function of the text; its answer is immutable)."""
    return text.evidence_stems(content)


def _reply_to(seq: int, neighbours: Sequence[int], memories: dict[int, Memory]) -> int | None:
    """The item that answers ``seq`` when ``seq`` asks something: the next item of the conversation,
    said by someone else (when both name their subject)."""
    if seq not in memories or "?" not in memories[seq].content:
        return None
    after = [n for n in neighbours if n > seq and n in memories]
    if not after:
        return None
    reply = min(after)
    asker, replier = memories[seq].subject, memories[reply].subject
    if asker is not None and replier is not None and asker.id == replier.id:
        return None
    return reply


def _current_first(
    ranked: list[int], score: dict[int, float], memories: dict[int, Memory], tie: float
) -> list[int]:
    """With history: a version ranks above a version it superseded unless that one's score is higher by
    more than ``tie`` (at equal relevance the current word comes first)."""
    order = list(ranked)
    position = {memories[s].id: i for i, s in enumerate(order)}
    moved = True
    while moved:
        moved = False
        for i, s in enumerate(order):
            newer = memories[s].superseded_by
            j = position.get(newer) if newer else None
            if j is not None and j > i and score[order[j]] >= score[s] - tie:
                order.insert(i, order.pop(j))
                position = {memories[x].id: k for k, x in enumerate(order)}
                moved = True
                break
    return order


def _hit(memory: Memory, score: float, lanes: tuple[str, ...]) -> Hit:
    # (``Hit.model_construct(**memory.__dict__, score=..., matched_by=...)``: every field, in order)
    return constructed(Hit, {**memory.__dict__, "score": score, "matched_by": lanes})
