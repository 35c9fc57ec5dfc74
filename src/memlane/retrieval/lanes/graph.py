"""Graph lane: the memories about the entities a query names, and about their one-hop neighbours.

The query's names are resolved to entities as a stored memory's are (``memlane.graph.query``: name or
alias, normalised, nickname, partial and fuzzy matches; per scope; a first-person query names the
caller's own account). Their memories score 1 per entity they are linked to (a share for an ambiguous
name); the memories of their neighbours — entities one edge away, or named together with one of them
in a memory the caller may read — score ``graph_hop_weight`` more. So "where does Ana's manager work?"
finds "Ana's manager is Boris" (about Ana) and then "Boris works at Initech" (about Boris, Ana's
neighbour), which the other lanes rank among every "works at".

Like the entity lane's keys, an entity linked to more than ``entity_max_share`` of the items the
caller may read (a chat log's speaker) cannot tell items apart: it is neither followed nor expanded,
unless the recall is ``about`` it. A neighbour is followed only when all its memories fit in the lane's
list (``depth``): a hub named together with everyone (a company, a city) would add only its newest
items, in no useful order. Every count and every neighbour comes from what the caller may read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...graph.query import entities_named
from .base import LaneResult, Query

if TYPE_CHECKING:
    from ...storage.base import Store
    from ..config import LaneSpec, RetrievalConfig

#: a store this small is not judged by shares (as in the entity lane)
_SMALL = 20


class GraphLane:
    name = "graph"
    needs_vector = False

    def run(self, query: Query, store: Store, spec: LaneSpec, config: RetrievalConfig) -> LaneResult:
        named = entities_named(store, query.actor, query.text, query.now)
        for entity_id in query.about:
            named[entity_id] = 1.0
        if not named:
            return LaneResult()
        actor, filters, now = query.actor, query.filters, query.now
        total, _ = store.key_frequencies(actor, [])
        cap = max(1, int(config.entity_max_share * total)) if total >= _SMALL else total
        # each named entity's readable memories, one more than the cap: more than that, and it is too
        # common to tell items apart (unless the recall is about it)
        links = _by_entity(store.graph_links(actor, filters, sorted(named), now, cap + 1))
        seeds = {e: w for e, w in named.items() if e in query.about or len(links.get(e, ())) <= cap}
        if not seeds:
            return LaneResult()
        depth = max(spec.depth, query.limit * 3)
        score: dict[int, float] = {}
        for entity_id, w in seeds.items():
            for seq in links.get(entity_id, ()):
                score[seq] = score.get(seq, 0.0) + w
        if config.graph_hop_weight > 0 and config.graph_neighbours > 0:
            near = store.graph_neighbours(actor, filters, sorted(seeds), now, config.graph_neighbours)
            # a neighbour is followed when all its memories fit in the lane's list: a hub (a company
            # named with everyone) would only add its newest items, unranked
            hop = _by_entity(store.graph_links(actor, filters, [e for e, _ in near], now, depth + 1))
            reached = {seq for seqs in hop.values() if len(seqs) <= min(depth, cap) for seq in seqs}
            for seq in reached:
                score[seq] = score.get(seq, 0.0) + config.graph_hop_weight
        ranked = sorted(score.items(), key=lambda item: (-item[1], -item[0]))[:depth]
        return LaneResult(ranked, {seq: min(1.0, s) for seq, s in ranked})


def _by_entity(rows: list[tuple[int, str]]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for seq, entity_id in rows:
        out.setdefault(entity_id, []).append(seq)
    return out
