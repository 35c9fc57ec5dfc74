"""PostgreSQL: one entity cache per store that outlives a transaction, exact through a version per scope.

Linking answers candidate look-ups from an ``EntityCache`` (``storage/entity_cache.py``). On PostgreSQL
many processes and connections write at once, so a cache kept across transactions must learn of every
change another one made to the entities it holds. Each scope (workspace, owner, visibility) has a row in
``entity_versions`` (migration 13):

- **the row is the scope's lock.** Every transaction that resolves names in a scope or changes its
  entities (linking, anchoring, merge, unmerge, restore, ``entity_for_update``) first locks the row
  (``SELECT … FOR UPDATE``), and holds it to its end; the statement returns the version as the last
  writer committed it (under READ COMMITTED a row lock that waited reads the newest version);
- **every transaction that changed a scope's entities gives the row a new version** before COMMIT: the
  old one plus a random step of 1 to 2^32 (a new row starts at a random number below 2^62). Random,
  not a counter: a database restored from a backup, or dropped and created again, shows a cache a
  version it saw with other entities only by a 1-in-2^32 chance; growing, so that the sum below grows;
- the store's cache remembers the version of each scope it holds data of; a transaction that locks a
  scope and reads another version starts the cache again, and after COMMIT the cache takes the versions
  this transaction wrote (its own changes were applied to it as they were made). A transaction that
  does not commit empties it.

**The store's entity generation is the sum of every scope's version** (``GENERATION``, one small read):
recall's read-side cache of look-ups (``memlane.graph.lookups``) needs one number that every committed
entity change moves, and every such change gives its scope's row a new, larger version (or makes the
row) in the same transaction. So a transaction that changes entities writes one marker, its scopes'
rows, which are also its locks: no second counter whose single row every entity-changing commit of
every scope would queue on. Under READ COMMITTED the sum counts committed versions only, so a reader
that sees a sum sees the entities committed with it.

One transaction at a time uses the store's cache; a transaction that finds it in use (another thread of
the same process, writing at the same moment) uses a cache of its own for its length, as before.
"""

from __future__ import annotations

import threading

from ..base import EntityScope
from ..entity_cache import EntityCache

__all__ = ["BUMP", "COPIED", "CREATE", "GENERATION", "LOCK", "SharedEntityCache"]

#: a new scope's first version (random: see the module docstring)
_NEW = "floor(random() * 4.6e18)::bigint"
#: the next version of a scope (growing by a random step; kept below 2^63 by starting again below 2^62)
_NEXT = "mod(v.version, 4611686018427387904) + 1 + floor(random() * 4294967296)::bigint"
#: lock a scope's row and read its version (params: workspace, owner, visibility)
LOCK = (
    "SELECT version FROM entity_versions WHERE workspace = %s AND owner = %s AND visibility = %s FOR UPDATE"
)
#: the first lock of a scope: create its row (or lock the one a concurrent writer just made)
CREATE = (
    "INSERT INTO entity_versions AS v (workspace, owner, visibility, version)"
    f" VALUES (%s, %s, %s, {_NEW}) ON CONFLICT (workspace, owner, visibility)"
    " DO UPDATE SET version = v.version RETURNING version"
)
#: new versions for the scopes a transaction changed (their rows locked by it; params: three arrays)
BUMP = (
    f"UPDATE entity_versions v SET version = {_NEXT} FROM unnest(%s::text[], %s::text[], %s::text[])"
    " AS s(workspace, owner, visibility) WHERE v.workspace = s.workspace AND v.owner = s.owner"
    " AND v.visibility = s.visibility RETURNING v.workspace, v.owner, v.visibility, v.version"
)

#: the store's entity generation (``Store.entity_generation``): the sum of the scopes' versions
GENERATION = "SELECT coalesce(sum(version), 0) FROM entity_versions"
#: after a copy into the store (once the rows it had are deleted): every scope of its entities gets a
#: row with a new version (a process with the store open reads its entities again)
COPIED = (
    "INSERT INTO entity_versions (workspace, owner, visibility, version) SELECT workspace, owner,"
    f" visibility, {_NEW} FROM (SELECT DISTINCT workspace, owner, visibility FROM entities) s"
)


class SharedEntityCache:
    """The store's ``EntityCache`` and the version of each scope it may hold data of."""

    def __init__(self) -> None:
        self.cache = EntityCache()
        self._versions: dict[EntityScope, int] = {}
        self._busy = threading.Lock()

    def take(self, locked: dict[EntityScope, int]) -> EntityCache | None:
        """The cache for one transaction (None: in use by another), checked against the versions of the
        scopes that transaction has locked so far."""
        if not self._busy.acquire(blocking=False):
            return None
        for scope, version in locked.items():
            self.check(scope, version)
        return self.cache

    def check(self, scope: EntityScope, version: int) -> None:
        """``scope`` is locked at ``version``: whatever the cache holds was read at another version of
        it, start again. (Only a scope whose version is known has data in the cache.)"""
        known = self._versions.get(scope)
        if known is not None and known != version:
            self.cache.reset()
            self._versions.clear()
        self._versions[scope] = version

    def all_checked(self, locked: dict[EntityScope, int]) -> bool:
        """Whether every scope the cache holds data of is among ``locked`` (checked by this transaction:
        then all it holds is valid for it, and stays so, as only a scope locked since can join)."""
        return all(scope in locked for scope in self._versions)

    def give_back(self, versions: dict[EntityScope, int] | None) -> None:
        """The transaction ended: committed with ``versions`` (of the scopes it locked, the new ones of
        those it changed), or failed (None: what it put in the cache may not exist)."""
        if versions is None:
            self.cache.reset()
            self._versions.clear()
        else:
            self._versions.update(versions)
        self._busy.release()
