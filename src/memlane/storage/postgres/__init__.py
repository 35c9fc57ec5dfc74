"""The server backend: PostgreSQL with pgvector (HNSW) for vectors and a tsvector + GIN index for
keywords, through a psycopg 3 connection pool. Same contract and semantics as ``storage.sqlite``."""

from .store import PostgresStore

__all__ = ["PostgresStore"]
