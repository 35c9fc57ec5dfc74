"""Account entities one user had twice (migration 39, both backends).

A memory's ``related_user`` is linked to the person entity with the external id ``user:<name>`` in the
memory's scope (``graph.linking``). Before user names were kept in NFC (migration 32) and related users
in one form (``requests.related_user_form``, migration 38), an older memlane could key that entity
``user:Zoë`` decomposed (or with spaces kept); the store of today looks ``user:Zoë`` up composed, finds
no such id and makes a second "Zoë" entity, so her memories are split between two nodes. Migration 38
rewrote the memories' column, not the entities.

This step folds, in each scope, the entities whose ``user:`` ids are one name in that form into one:
the entity already holding the id in its form (else the oldest), by the entity merge every surface
uses (every alias, key, external id, memory link and edge kept; recorded, so it shows in the merge
history and can be undone, by ``migration:39``). The ids not in the form are then rewritten into it
(or dropped where the entity holds it already): a look-up in the form finds the entity. All in the
migration's transaction; running it again changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["FOLD_ACTOR", "STEP", "USER_ENTITIES", "USER_ENTITY_FOLD", "UserEntityFolds", "user_entity_folds"]

#: the step's number: both backends run ``user_entity_folds``' plan in Python after it
USER_ENTITY_FOLD = 39

#: the step as both backends' migration lists hold it (the SQL is nothing; the work is in Python)
STEP = (
    USER_ENTITY_FOLD,
    "the entities a user's account was keyed by twice (user:<name> decomposed, or with spaces) folded"
    " into one, by the recorded entity merge; their ids in related_user_form (storage/user_entities.py)",
    "SELECT 1;",
)

#: who the merge history says made the step's merges (no user did)
FOLD_ACTOR = "migration:39"

#: the rows the step reads: (workspace, owner, visibility, external id, entity id), oldest entity first
USER_ENTITIES = (
    "SELECT x.workspace, x.owner, x.visibility, x.external_id, x.entity_id FROM entity_external_ids x"
    " JOIN entities e ON e.id = x.entity_id WHERE x.external_id LIKE 'user:%' AND e.merged_into IS NULL"
    " ORDER BY e.seq, x.external_id"
)

Scope = tuple[str, str, str]


@dataclass
class UserEntityFolds:
    """What the step does, in this order: ``merges`` (scope, into, merged); then ``renamed`` (scope, old
    id, new id) and ``dropped`` (scope, id) external ids."""

    merges: list[tuple[Scope, str, str]] = field(default_factory=list)
    renamed: list[tuple[Scope, str, str]] = field(default_factory=list)
    dropped: list[tuple[Scope, str]] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.merges or self.renamed or self.dropped)


def user_entity_folds(rows: Iterable[Sequence[Any]]) -> UserEntityFolds:
    """The plan for ``USER_ENTITIES``' rows."""
    from ..requests import related_user_form

    groups: dict[tuple[Scope, str], list[tuple[str, str]]] = {}
    for workspace, owner, visibility, external_id, entity_id in rows:
        if not str(external_id).startswith("user:"):  # (LIKE ignores case in SQLite)
            continue
        name = related_user_form(str(external_id)[5:])
        if name is None:
            continue
        scope = (str(workspace), str(owner), str(visibility))
        groups.setdefault((scope, f"user:{name}"), []).append((str(external_id), str(entity_id)))
    plan = UserEntityFolds()
    for (scope, form), held in groups.items():
        entities = list(dict.fromkeys(e for _, e in held))
        keeper = next((e for x, e in held if x == form), entities[0])
        plan.merges += [(scope, keeper, e) for e in entities if e != keeper]
        others = [x for x, _ in held if x != form]
        if not others:
            continue
        if len(others) == len(held):  # (none in the form: the first becomes it)
            plan.renamed.append((scope, others[0], form))
            others = others[1:]
        plan.dropped += [(scope, x) for x in others]
    return plan
