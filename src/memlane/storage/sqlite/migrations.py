"""SQLite schema migrations. They only grow: never edit a released step, append a new one.

Numbers are shared with the PostgreSQL backend so both stores report the same schema version.
"""

from __future__ import annotations

MIGRATIONS: list[tuple[int, str, str]] = [
    (
        1,
        "memories, vectors, entity keys, full-text index, audit log",
        """
CREATE TABLE memories (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    workspace TEXT NOT NULL,
    owner TEXT NOT NULL,
    visibility TEXT NOT NULL CHECK (visibility IN ('personal', 'shared')),
    space TEXT NOT NULL DEFAULT '',
    content TEXT NOT NULL,
    content_hash TEXT NOT NULL,
    type TEXT NOT NULL,
    subject_id TEXT,
    subject_name TEXT,
    related_user TEXT,
    data TEXT,
    importance REAL NOT NULL DEFAULT 0.5,
    confidence REAL NOT NULL DEFAULT 1.0,
    valid_from TEXT,
    valid_to TEXT,
    observed_at TEXT NOT NULL,
    source TEXT NOT NULL,
    provenance TEXT,
    state TEXT NOT NULL CHECK (state IN ('new', 'indexed', 'archived')),
    chain_id TEXT NOT NULL,
    replaces TEXT,
    superseded_by TEXT,
    superseded_at TEXT,
    access_count INTEGER NOT NULL DEFAULT 0,
    last_accessed_at TEXT,
    expires_at TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX memories_current_content
    ON memories (workspace, owner, visibility, space, content_hash) WHERE superseded_by IS NULL;
CREATE INDEX memories_scope_recent ON memories (workspace, owner, created_at);
CREATE INDEX memories_chain ON memories (chain_id);
CREATE INDEX memories_subject ON memories (workspace, subject_id);

CREATE TABLE memory_vectors (
    memory_seq INTEGER PRIMARY KEY REFERENCES memories (seq) ON DELETE CASCADE,
    model TEXT NOT NULL,
    dim INTEGER NOT NULL,
    vector BLOB NOT NULL
);

CREATE TABLE memory_entities (
    key TEXT NOT NULL,
    memory_seq INTEGER NOT NULL REFERENCES memories (seq) ON DELETE CASCADE,
    PRIMARY KEY (key, memory_seq)
) WITHOUT ROWID;
CREATE INDEX memory_entities_by_memory ON memory_entities (memory_seq);

CREATE VIRTUAL TABLE memories_fts USING fts5(
    content, subject, tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE VIRTUAL TABLE memories_fts_vocab USING fts5vocab(memories_fts, 'row');

CREATE TABLE meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
INSERT INTO meta (key, value) VALUES ('vector_generation', 0);

CREATE TABLE audit_log (
    seq INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    workspace TEXT NOT NULL,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    memory_id TEXT,
    detail TEXT
);
""",
    ),
]

LATEST = MIGRATIONS[-1][0]
