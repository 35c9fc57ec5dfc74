"""Migration 17: the related users of memories stored before the entity graph (migration 7 made their
subjects entities, not their related users) point at account entities, as a store today links them.

Pure planning; each backend's ``backfill_related_users`` reads the rows and writes the plan in the
migration's transaction. On store, ``related_user: kalina`` is the person entity with the external id
``user:kalina`` in the memory's scope (``graph.linking.memory_mentions``); here the same: the entity
already known by that id, else a new person entity named ``kalina`` with that id. A store fills in the
storing user as ``related_user`` when none is given and links only one that was given; a row cannot say
which it was, so a related user who is the memory's author (or the owner of a personal memory) is
taken as filled in and left unlinked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from ..ids import new_id
from ..models import Entity, Visibility
from ..storage.entity_names import name_keys
from .resolution import Mention, mention_ids

__all__ = ["related_user_entities"]

Scope = tuple[str, str, str]


def related_user_entities(
    rows: Sequence[tuple[str, str, str, int, str]], known: Mapping[tuple[Scope, str], str], at: datetime
) -> tuple[list[tuple[Entity, frozenset[str]]], list[tuple[int, str]]]:
    """``rows``: (workspace, owner, visibility, seq, related user) of memories without a related_user
    link; ``known``: ((scope), external id) -> entity id of the accounts already known. Returns the new
    entities (with their keys) and the (seq, entity id) related_user links."""
    accounts = dict(known)
    entities: list[tuple[Entity, frozenset[str]]] = []
    links: list[tuple[int, str]] = []
    for workspace, owner, visibility, seq, user in rows:
        name = user.strip()
        try:
            ids = mention_ids(Mention(name, "person", (f"user:{name}",)))
        except ValueError:  # (a name no store accepts today: left unlinked, as a store would refuse it)
            continue
        scope = (workspace, owner, visibility)
        entity_id = accounts.get((scope, ids[0]))
        if entity_id is None:
            entity = Entity(
                id=new_id(), workspace=workspace, owner=owner, visibility=Visibility(visibility),
                type="person", name=name, external_ids=ids, created_at=at, updated_at=at,
            )  # fmt: skip
            entities.append((entity, name_keys([name], "person")))
            entity_id = accounts[(scope, ids[0])] = entity.id
        links.append((seq, entity_id))
    return entities, links
