"""Re-keying entities: file every current entity under the lookup keys the current name rules give its
name and aliases (``storage.entity_names.name_keys`` for its type), adding the keys it lacks and dropping
those the rules no longer give.

Keys are computed when an entity or alias is written, so rules added later (initials, "Thomas James
Walker" under TJW; registered company names, "Robert Bosch GmbH" under Bosch; generations kept apart)
find only entities written after them. ``rekey`` brings older ones up to date: idempotent (a second run
changes nothing), in batches of one transaction each (a crash leaves every entity either re-keyed or as
it was, and the next run finishes), on the whole store: it is the operator's maintenance
(``memlane entities rekey [--dry-run]``), like ``reindex``."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from ..storage.base import Store
from ..storage.entity_names import name_keys

__all__ = ["RekeyReport", "rekey"]


class RekeyReport(BaseModel):
    """What ``rekey`` did (or would do, in a dry run)."""

    model_config = ConfigDict(frozen=True)

    dry_run: bool
    #: current entities looked at
    examined: int
    #: entities whose keys changed (or would)
    rekeyed: int
    keys_added: int
    keys_removed: int


def rekey(store: Store, *, dry_run: bool = False, batch: int = 500) -> RekeyReport:
    after, examined, rekeyed, added, removed = 0, 0, 0, 0, 0
    while True:
        with store.write() as txn:
            rows = txn.entities_after(after, batch)
            for _, entity, keys in rows:
                wanted = name_keys([entity.name, *entity.aliases], entity.type)
                add, drop = sorted(wanted - keys), sorted(keys - wanted)
                if not add and not drop:
                    continue
                rekeyed, added, removed = rekeyed + 1, added + len(add), removed + len(drop)
                if not dry_run:
                    txn.replace_entity_keys(entity, add, drop)
        examined += len(rows)
        if len(rows) < batch:
            break
        after = rows[-1][0]
    return RekeyReport(
        dry_run=dry_run, examined=examined, rekeyed=rekeyed, keys_added=added, keys_removed=removed
    )
