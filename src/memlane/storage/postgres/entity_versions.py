"""PostgreSQL: one entity cache per store that outlives a transaction, exact through a version per scope.

Linking answers candidate look-ups from an ``EntityCache`` (``storage/entity_cache.py``). On PostgreSQL
many processes and connections write at once, so a cache kept across transactions must learn of every
change another one made to the entities it holds. Each scope (workspace, owner, visibility) has a row in
``entity_versions`` (migration 13):

- **the row is the scope's lock.** Every transaction that resolves names in a scope or changes its
  entities (linking, anchoring, merge, unmerge, restore, ``entity_for_update``) first locks the row
  (``SELECT … FOR UPDATE``), and holds it to its end; the statement returns the version as the last
  writer committed it (under READ COMMITTED a row lock that waited reads the newest version);
- **every transaction that changed a scope's entities gives the row a new version** before COMMIT
  (a random 63-bit number, not a counter: a database restored from a backup, or dropped and created
  again, can never show a cache a version it saw with other entities);
- the store's cache remembers the version of each scope it holds data of; a transaction that locks a
  scope and reads another version starts the cache again, and after COMMIT the cache takes the versions
  this transaction wrote (its own changes were applied to it as they were made). A transaction that
  does not commit empties it.

One transaction at a time uses the store's cache; a transaction that finds it in use (another thread of
the same process, writing at the same moment) uses a cache of its own for its length, as before.
"""

from __future__ import annotations

import threading

from ..base import EntityScope
from ..entity_cache import EntityCache

__all__ = ["BUMP", "CREATE", "LOCK", "SharedEntityCache"]

#: a new version (random: see the module docstring)
_NEW = "floor(random() * 9.2e18)::bigint"
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
    f"UPDATE entity_versions v SET version = {_NEW} FROM unnest(%s::text[], %s::text[], %s::text[])"
    " AS s(workspace, owner, visibility) WHERE v.workspace = s.workspace AND v.owner = s.owner"
    " AND v.visibility = s.visibility RETURNING v.workspace, v.owner, v.visibility, v.version"
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

    def give_back(self, versions: dict[EntityScope, int] | None) -> None:
        """The transaction ended: committed with ``versions`` (of the scopes it locked, the new ones of
        those it changed), or failed (None: what it put in the cache may not exist)."""
        if versions is None:
            self.cache.reset()
            self._versions.clear()
        else:
            self._versions.update(versions)
        self._busy.release()
