"""Graph lane: the memories about the entities a query names, and about their one-hop neighbours.

The query's names are resolved to entities as a stored memory's are (``memlane.graph.query``: name or
alias, normalised, nickname, partial and fuzzy matches; per scope; a first-person query names the
caller's own account). Their memories score 1 per entity they are linked to (a share for an ambiguous
name); the memories of their neighbours — entities one edge away, or named together with one of them
in a memory the caller may read — score ``graph_hop_weight`` more. So "where does Ana's manager work?"
finds "Ana's manager is Boris" (about Ana) and then "Boris works at Initech" (about Boris, Ana's
neighbour), which the other lanes rank among every "works at".

How specific a name is decides what the lane does with it. An entity whose readable memories all fit
in the lane's list (``depth``) is *specific*: its memories are listed, and its neighbours followed. An
entity with more memories (a person named in hundreds of items, a company, a project) is *broad*:
listing its newest memories would put arbitrary items, all with the same score, at the top of the
fusion, so the lane lists only the candidates the other lanes found that are about it (they run first:
``after_others``) — "Robert Smith prefers tea" for "what does Bob prefer?" — and follows none of its
neighbours (a broad entity is named together with everyone). Like the entity lane's keys, an entity
linked to more than ``entity_max_share`` of the items the caller may read (a chat log's speaker) cannot
tell items apart and is left out; for a broad entity, whose memories are not all counted, the share is
that of the items carrying its name or an alias (the entity lane's statistics, per reader). A recall
``about`` an entity lists its memories however many.

Items the lane scores equally are ordered by what the other lanes found (``Query.others``), so that
among the memories of one entity those the question's words or meaning also point at rank first,
then the newest. Every count and every neighbour comes from what the caller may read.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ... import text
from ...graph.memory_reads import memory_reads
from ...graph.query import entities_named
from .base import LaneResult, Query

if TYPE_CHECKING:
    from ...models import Entity
    from ...storage.base import Store
    from ..config import LaneSpec, RetrievalConfig

#: a store this small is not judged by shares (as in the entity lane)
_SMALL = 20
#: how much the other lanes' fused score moves an item within the lane's score (only ties: fused
#: scores are below 10)
_TIE = 1e-4


class GraphLane:
    name = "graph"
    needs_vector = False
    after_others = True

    def run(self, query: Query, store: Store, spec: LaneSpec, config: RetrievalConfig) -> LaneResult:
        entities: dict[str, Entity] = {}
        named = entities_named(store, query.actor, query.text, query.now, entities, query.extracted)
        for entity_id in query.about:
            named[entity_id] = 1.0
        if not named:
            return LaneResult()
        actor, filters, now, others = query.actor, query.filters, query.now, query.others
        depth = max(spec.depth, query.limit * 3)
        # each named entity's newest readable memories, one more than the list holds (kept across
        # recalls until a memory or link changes: ``memlane.graph.memory_reads``)
        reads = memory_reads(store, now)
        links = reads.links(store, actor, filters, sorted(named), now, depth + 1)
        large = {e: _name_keys(entities[e]) for e in named if len(links.get(e, ())) > depth and e in entities}
        # items the caller may read, and how many carry each large entity's names (its share, without
        # counting all its memories): read with the entity lane's statistics
        total, freq = query.key_counts(store, {k for keys in large.values() for k in keys})
        share = config.entity_max_share if total >= _SMALL else 1.0
        cap = max(1, int(share * total))
        specific: dict[str, float] = {}
        broad: dict[str, float] = {}
        for entity_id, w in named.items():
            n = len(links.get(entity_id, ()))
            if entity_id in query.about:
                specific[entity_id] = w  # listed, however many: the recall keeps to its memories
            elif n <= depth:
                if n <= cap:
                    specific[entity_id] = w
            elif entity_id in large and max((freq.get(k, 0) for k in large[entity_id]), default=0) <= cap:
                broad[entity_id] = w
        score: dict[int, float] = {}
        for entity_id, w in specific.items():
            for seq in links.get(entity_id, ())[:depth]:
                score[seq] = score.get(seq, 0.0) + w
        if broad and others:
            for seq, entity_id in reads.links_among(store, sorted(broad), sorted(others)):
                score[seq] = score.get(seq, 0.0) + broad[entity_id]
        # the neighbours of the specific entities (a broad one is named together with everyone)
        followed = [e for e in specific if len(links.get(e, ())) <= depth]
        if followed and config.graph_hop_weight > 0 and config.graph_neighbours > 0:
            near = store.graph_neighbours(actor, filters, sorted(followed), now, config.graph_neighbours)
            # a neighbour is followed when all its memories fit in the lane's list: a hub (a company
            # named with everyone) would only add its newest items, unranked
            hop = reads.links(store, actor, filters, [e for e, _ in near], now, depth + 1)
            reached = {seq for seqs in hop.values() if len(seqs) <= min(depth, cap) for seq in seqs}
            for seq in reached:
                score[seq] = score.get(seq, 0.0) + config.graph_hop_weight
        if not score:
            return LaneResult()
        ranked = sorted(score.items(), key=lambda item: (-item[1], -others.get(item[0], 0.0), -item[0]))[
            :depth
        ]
        return LaneResult(
            [(seq, s + _TIE * others.get(seq, 0.0)) for seq, s in ranked],
            {seq: min(1.0, s) for seq, s in ranked},
        )


def _name_keys(entity: Entity) -> frozenset[str]:
    """The entity keys (``memlane.text``) of an entity's name and aliases, as a memory naming it carries
    them: the longest name key of each."""
    return _keys_of_names((entity.name, *entity.aliases))


@lru_cache(maxsize=4096)
def _keys_of_names(names: tuple[str, ...]) -> frozenset[str]:
    """(Kept: the broad entities of a store, a company or a project, are named in question after
    question, and reading a name's keys is the text analysis of a memory.)"""
    keys: set[str] = set()
    for name in names:
        found = [k for k in text.extract_entities(name) if k.startswith("name:")]
        if found:
            keys.add(max(found, key=lambda k: (len(k.split()), k)))
    return frozenset(keys)
