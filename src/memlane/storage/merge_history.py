"""What undoing one merge must leave on the entity merged into, because another merge still in force
brought it too (the same rule for both backends' ``unmerge_entities``).

A merge records what it added to ``into`` (``added_*`` in its snapshot): what ``into`` already had was
not added. When two merges fold entities with a common alias, key, memory link or edge into one entity,
only the first adds it. Merges are undone in any order (the dashboard's merge history), so undoing the
first must not take away what the second merged entity holds too: it stays, and the second merge
becomes the one that added it (its snapshot is rewritten), so that undoing the second takes it away.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["UnmergePlan", "plan_unmerge"]

Triple = tuple[str, str, str]


@dataclass
class UnmergePlan:
    """What of the merge's ``added_*`` to remove from ``into`` (the rest stays), and the other merges'
    snapshots rewritten to own what stays (merge id -> snapshot)."""

    aliases: list[str] = field(default_factory=list)
    keys: list[str] = field(default_factory=list)
    links: list[tuple[int, str]] = field(default_factory=list)
    edges: list[str] = field(default_factory=list)
    handed_over: dict[str, dict[str, Any]] = field(default_factory=dict)


def plan_unmerge(
    into: str,
    snap: Mapping[str, Any],
    others: Sequence[tuple[str, str, dict[str, Any]]],
    added_edges: Mapping[str, Triple],
) -> UnmergePlan:
    """``others``: (merge id, merged entity id, snapshot) of the other merges into ``into`` still in
    force, oldest first; ``added_edges``: the (src, relation, dst) of this merge's added edges that
    still exist, by id."""
    plan = UnmergePlan()

    def heir(holds: Any) -> str | None:
        for merge_id, merged, other in others:
            if holds(merged, other):
                plan.handed_over.setdefault(merge_id, other)
                return merge_id
        return None

    for normalised in snap["added_aliases"]:
        taker = heir(lambda _m, o, n=normalised: any(a[1] == n for a in o["aliases"]))
        if taker is None:
            plan.aliases.append(normalised)
        else:
            plan.handed_over[taker]["added_aliases"].append(normalised)
    for key in snap["added_keys"]:
        taker = heir(lambda _m, o, k=key: k in o["keys"])
        if taker is None:
            plan.keys.append(key)
        else:
            plan.handed_over[taker]["added_keys"].append(key)
    for seq, role in snap["added_links"]:
        taker = heir(lambda _m, o, li=(seq, role): any((s, r) == li for s, r in o["links"]))
        if taker is None:
            plan.links.append((seq, role))
        else:
            plan.handed_over[taker]["added_links"].append([seq, role])
    for edge_id in snap["added_edges"]:
        triple = added_edges.get(edge_id)
        if triple is None:
            continue  # gone already (removed with an entity or a memory)

        def holds(merged: str, other: dict[str, Any], t: Triple = triple) -> bool:
            return any(
                (into if e[1] == merged else e[1], e[2], into if e[3] == merged else e[3]) == t
                for e in other["edges"]
            )

        taker = heir(holds)
        if taker is None:
            plan.edges.append(edge_id)
        else:
            plan.handed_over[taker]["added_edges"].append(edge_id)
    return plan
