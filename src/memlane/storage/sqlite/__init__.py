"""The embedded backend: one SQLite file (through apsw), FTS5 for keywords, an in-memory exact vector
index over vectors kept as BLOBs."""

from .store import SqliteStore

__all__ = ["SqliteStore"]
