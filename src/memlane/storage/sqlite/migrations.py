"""SQLite schema migrations. They only grow: never edit a released step, append a new one.

Numbers are shared with the PostgreSQL backend so both stores report the same schema version.
"""

from __future__ import annotations

from ...text.words import WORD_MARKS
from ..related_users import STEP
from ..space_names import STEP as SPACE_NAMES_STEP
from ..user_entities import STEP as USER_ENTITIES_STEP


def _pad_years(columns: tuple[str, ...]) -> str:
    """Migration 3's SQL for these columns of ``memories``."""
    return "".join(
        f"UPDATE memories SET {col} = substr('000', 1, 5 - instr({col}, '-')) || {col}"
        f" WHERE instr({col}, '-') BETWEEN 2 AND 4"
        f" AND NOT substr({col}, 1, instr({col}, '-') - 1) GLOB '*[^0-9]*';\n"
        for col in columns
    )


_TIME_COLUMNS = (
    "valid_from", "valid_to", "observed_at", "superseded_at", "last_accessed_at", "expires_at", "created_at",
    "updated_at",
)  # fmt: skip

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
    (
        2,
        "workspaces, users (opt-out), teams and members, agents, API keys",
        # IF NOT EXISTS: re-running the step over its own tables (a half-recorded upgrade) is harmless.
        """
CREATE TABLE IF NOT EXISTS workspaces (
    name TEXT PRIMARY KEY,
    created_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS users (
    workspace TEXT NOT NULL REFERENCES workspaces (name),
    name TEXT NOT NULL,
    opted_out INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (workspace, name)
);

CREATE TABLE IF NOT EXISTS teams (
    workspace TEXT NOT NULL REFERENCES workspaces (name),
    name TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (workspace, name)
);

CREATE TABLE IF NOT EXISTS team_members (
    workspace TEXT NOT NULL,
    team TEXT NOT NULL,
    user_name TEXT NOT NULL,
    added_at TEXT NOT NULL,
    PRIMARY KEY (workspace, user_name, team),
    FOREIGN KEY (workspace, team) REFERENCES teams (workspace, name) ON DELETE CASCADE,
    FOREIGN KEY (workspace, user_name) REFERENCES users (workspace, name) ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS team_members_by_team ON team_members (workspace, team);

CREATE TABLE IF NOT EXISTS agents (
    workspace TEXT NOT NULL REFERENCES workspaces (name),
    name TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (workspace, name)
);

CREATE TABLE IF NOT EXISTS api_keys (
    id TEXT PRIMARY KEY,
    key_hash TEXT NOT NULL UNIQUE,
    prefix TEXT NOT NULL,
    workspace TEXT NOT NULL REFERENCES workspaces (name),
    name TEXT NOT NULL DEFAULT '',
    user_name TEXT,
    agent_name TEXT,
    admin INTEGER NOT NULL DEFAULT 0,
    max_visibility TEXT NOT NULL DEFAULT 'shared' CHECK (max_visibility IN ('personal', 'shared')),
    created_at TEXT NOT NULL,
    last_used_at TEXT,
    revoked_at TEXT
);
CREATE INDEX IF NOT EXISTS api_keys_by_workspace ON api_keys (workspace, created_at);
""",
    ),
    (
        3,
        "zero-pad the years 1-999 of stored times ('999-06-01T...' becomes '0999-06-01T...')",
        # Earlier versions wrote times with strftime("%Y"), which glibc does not pad: such a row could
        # not be read back, and its text sorted after later years. Padding makes it the fixed-width text
        # every other row has. Any string before the first '-' of 1-3 digits is a year; nothing else
        # matches (four-digit years have their '-' at position 5).
        _pad_years(_TIME_COLUMNS),
    ),
    (
        4,
        "memories.author: the user who stored each version (who may change a shared item depends on it)",
        # Existing rows: a personal item's author is its owner; a shared one's is the user the audit log
        # names for its 'store'; the rest stay NULL (only an admin changes those).
        """
ALTER TABLE memories ADD COLUMN author TEXT;
UPDATE memories SET author = substr(owner, 6) WHERE owner LIKE 'user:%';
UPDATE memories SET author = s.author
FROM (SELECT memory_id, substr(min(actor), 6) AS author FROM audit_log
      WHERE action = 'store' AND actor LIKE 'user:%' AND memory_id IS NOT NULL GROUP BY memory_id) AS s
WHERE memories.id = s.memory_id AND memories.author IS NULL;
""",
    ),
    (
        5,
        "statistics per reader: items, tokens, terms and entity keys per (workspace, owner, visibility)",
        # See storage/stats.py. doc_len: the item's FTS5 tokens (content and subject), for BM25 length
        # normalisation. The backfill reads the existing full-text index (fts5vocab 'instance': one row
        # per token occurrence) and entity keys.
        """
ALTER TABLE memories ADD COLUMN doc_len INTEGER NOT NULL DEFAULT 0;
CREATE VIRTUAL TABLE memories_fts_inst USING fts5vocab(memories_fts, 'instance');

CREATE TABLE stat_buckets (
    id INTEGER PRIMARY KEY,
    workspace TEXT NOT NULL,
    owner TEXT NOT NULL,
    visibility TEXT NOT NULL,
    items INTEGER NOT NULL DEFAULT 0,
    tokens INTEGER NOT NULL DEFAULT 0,
    UNIQUE (workspace, owner, visibility)
);
CREATE TABLE stat_terms (
    bucket INTEGER NOT NULL,
    term TEXT NOT NULL,
    df INTEGER NOT NULL,
    PRIMARY KEY (bucket, term)
) WITHOUT ROWID;
CREATE TABLE stat_keys (
    bucket INTEGER NOT NULL,
    key TEXT NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (bucket, key)
) WITHOUT ROWID;

UPDATE memories SET doc_len = d.n
    FROM (SELECT doc, count(*) AS n FROM memories_fts_inst GROUP BY doc) AS d WHERE memories.seq = d.doc;
INSERT INTO stat_buckets (workspace, owner, visibility, items, tokens)
    SELECT workspace, owner, visibility, count(*), sum(doc_len) FROM memories GROUP BY workspace, owner, visibility;
INSERT INTO stat_terms (bucket, term, df)
    SELECT b.id, t.term, count(*) FROM (SELECT DISTINCT term, doc FROM memories_fts_inst) AS t
    JOIN memories m ON m.seq = t.doc
    JOIN stat_buckets b ON b.workspace = m.workspace AND b.owner = m.owner AND b.visibility = m.visibility
    GROUP BY b.id, t.term;
INSERT INTO stat_keys (bucket, key, n)
    SELECT b.id, e.key, count(*) FROM memory_entities e JOIN memories m ON m.seq = e.memory_seq
    JOIN stat_buckets b ON b.workspace = m.workspace AND b.owner = m.owner AND b.visibility = m.visibility
    GROUP BY b.id, e.key;
""",
    ),
    (
        6,
        "conversation log (append-only messages, scoped like memories) and extracted-exchange hashes",
        """
CREATE TABLE IF NOT EXISTS conversation_messages (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    workspace TEXT NOT NULL,
    owner TEXT NOT NULL,
    visibility TEXT NOT NULL CHECK (visibility IN ('personal', 'shared')),
    conversation_id TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('user', 'assistant', 'tool')),
    text TEXT NOT NULL,
    tool TEXT,
    result TEXT,
    speaker TEXT,
    agent TEXT,
    author TEXT,
    at TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS conversation_messages_by_id
    ON conversation_messages (workspace, conversation_id, seq);
CREATE INDEX IF NOT EXISTS conversation_messages_by_owner ON conversation_messages (workspace, owner, seq);

CREATE TABLE IF NOT EXISTS extracted_exchanges (
    workspace TEXT NOT NULL,
    digest TEXT NOT NULL,
    extracted_at TEXT NOT NULL,
    PRIMARY KEY (workspace, digest)
);
""",
    ),
]

ENTITY_TABLES = """
CREATE TABLE IF NOT EXISTS entities (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    workspace TEXT NOT NULL,
    owner TEXT NOT NULL,
    visibility TEXT NOT NULL CHECK (visibility IN ('personal', 'shared')),
    type TEXT NOT NULL,
    name TEXT NOT NULL,
    attributes TEXT,
    merged_into TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS entities_scope ON entities (workspace, owner, visibility, seq);

CREATE TABLE IF NOT EXISTS entity_aliases (
    entity_id TEXT NOT NULL REFERENCES entities (id) ON DELETE CASCADE,
    normalised TEXT NOT NULL,
    alias TEXT NOT NULL,
    PRIMARY KEY (entity_id, normalised)
);

CREATE TABLE IF NOT EXISTS entity_external_ids (
    workspace TEXT NOT NULL,
    owner TEXT NOT NULL,
    visibility TEXT NOT NULL,
    external_id TEXT NOT NULL,
    entity_id TEXT NOT NULL REFERENCES entities (id) ON DELETE CASCADE,
    PRIMARY KEY (workspace, owner, visibility, external_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS entity_external_ids_by_entity ON entity_external_ids (entity_id);

CREATE TABLE IF NOT EXISTS entity_blocking_keys (
    workspace TEXT NOT NULL,
    owner TEXT NOT NULL,
    visibility TEXT NOT NULL,
    key TEXT NOT NULL,
    entity_id TEXT NOT NULL REFERENCES entities (id) ON DELETE CASCADE,
    PRIMARY KEY (workspace, owner, visibility, key, entity_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS entity_blocking_keys_by_entity ON entity_blocking_keys (entity_id);

CREATE TABLE IF NOT EXISTS entity_edges (
    id TEXT PRIMARY KEY,
    src TEXT NOT NULL REFERENCES entities (id) ON DELETE CASCADE,
    relation TEXT NOT NULL,
    dst TEXT NOT NULL REFERENCES entities (id) ON DELETE CASCADE,
    provenance TEXT,
    valid_from TEXT,
    valid_to TEXT,
    created_at TEXT NOT NULL,
    UNIQUE (src, relation, dst)
);
CREATE INDEX IF NOT EXISTS entity_edges_by_dst ON entity_edges (dst);

CREATE TABLE IF NOT EXISTS memory_entity_links (
    entity_id TEXT NOT NULL REFERENCES entities (id) ON DELETE CASCADE,
    memory_seq INTEGER NOT NULL REFERENCES memories (seq) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (role IN ('subject', 'related_user', 'mention')),
    PRIMARY KEY (entity_id, memory_seq, role)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS memory_entity_links_by_memory ON memory_entity_links (memory_seq);

CREATE TABLE IF NOT EXISTS entity_merges (
    id TEXT PRIMARY KEY,
    workspace TEXT NOT NULL,
    into_id TEXT NOT NULL,
    merged_id TEXT NOT NULL,
    snapshot TEXT NOT NULL,
    actor TEXT NOT NULL,
    merged_at TEXT NOT NULL,
    unmerged_at TEXT
);
"""

MIGRATIONS.append(
    (
        7,
        "the entity graph: entities, aliases, external ids, blocking keys, edges, memory links, merges;"
        " the subjects of existing memories become entities (see SUBJECT_BACKFILL)",
        ENTITY_TABLES,
    )
)
#: migration steps that also need Python after their SQL (same transaction): version -> what to run
SUBJECT_BACKFILL = 7

MIGRATIONS.append(
    (
        8,
        "profiles (memory sets): profile of each memory, profiles, per-profile opt-outs, profile log,"
        " job runs; conversation log by workspace and seq (the sweep reads what changed since)",
        """
ALTER TABLE memories ADD COLUMN profile_id TEXT;
CREATE INDEX IF NOT EXISTS memories_by_profile ON memories (profile_id) WHERE profile_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS memories_expiring ON memories (expires_at) WHERE expires_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS conversation_messages_by_seq ON conversation_messages (workspace, seq);

CREATE TABLE IF NOT EXISTS profiles (
    id TEXT PRIMARY KEY,
    workspace TEXT NOT NULL,
    name TEXT NOT NULL,
    config TEXT NOT NULL,
    enabled INTEGER NOT NULL DEFAULT 0,
    last_sync_seq INTEGER NOT NULL DEFAULT 0,
    last_sync_at TEXT,
    run_token TEXT,
    run_started_at TEXT,
    run_heartbeat_at TEXT,
    run_upto INTEGER,
    last_error TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (workspace, name)
);

CREATE TABLE IF NOT EXISTS profile_opt_outs (
    profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    user_name TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (profile_id, user_name)
);

CREATE TABLE IF NOT EXISTS profile_log (
    seq INTEGER PRIMARY KEY,
    workspace TEXT NOT NULL,
    profile_id TEXT NOT NULL,
    profile_name TEXT NOT NULL,
    at TEXT NOT NULL,
    action TEXT NOT NULL,
    count INTEGER NOT NULL,
    detail TEXT
);
CREATE INDEX IF NOT EXISTS profile_log_by_profile ON profile_log (workspace, profile_id, seq);

CREATE TABLE IF NOT EXISTS job_runs (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    job TEXT NOT NULL,
    started_at TEXT NOT NULL,
    finished_at TEXT,
    status TEXT NOT NULL CHECK (status IN ('running', 'succeeded', 'failed')),
    error TEXT,
    detail TEXT,
    worker TEXT
);
CREATE INDEX IF NOT EXISTS job_runs_by_job ON job_runs (job, seq);
""",
    )
)

MIGRATIONS.append(
    (
        9,
        "keyword statistics per item: each memory's statistics bucket and BM25 length in a narrow table"
        " (stat_docs), kept by triggers, for the keyword lane's per-reader BM25",
        # See storage/sqlite/lanes.py (keyword_search). Triggers keep it in step with every write path
        # (store, forget, reindex, db copy, bulk loads) in the writing transaction; the bucket row is
        # created first when it is new (its counts follow before COMMIT, storage/stats.py).
        """
CREATE TABLE IF NOT EXISTS stat_docs (
    seq INTEGER PRIMARY KEY,
    bucket INTEGER NOT NULL,
    doc_len INTEGER NOT NULL
);
INSERT OR IGNORE INTO stat_buckets (workspace, owner, visibility)
    SELECT DISTINCT workspace, owner, visibility FROM memories;
INSERT OR REPLACE INTO stat_docs (seq, bucket, doc_len)
    SELECT m.seq, b.id, m.doc_len FROM memories m
    JOIN stat_buckets b ON b.workspace = m.workspace AND b.owner = m.owner AND b.visibility = m.visibility;
CREATE TRIGGER IF NOT EXISTS stat_docs_insert AFTER INSERT ON memories BEGIN
    INSERT OR IGNORE INTO stat_buckets (workspace, owner, visibility)
        VALUES (new.workspace, new.owner, new.visibility);
    INSERT OR REPLACE INTO stat_docs (seq, bucket, doc_len) VALUES (new.seq, (SELECT id FROM stat_buckets
        WHERE workspace = new.workspace AND owner = new.owner AND visibility = new.visibility), new.doc_len);
END;
CREATE TRIGGER IF NOT EXISTS stat_docs_update AFTER UPDATE OF workspace, owner, visibility, doc_len
    ON memories BEGIN
    INSERT OR IGNORE INTO stat_buckets (workspace, owner, visibility)
        VALUES (new.workspace, new.owner, new.visibility);
    INSERT OR REPLACE INTO stat_docs (seq, bucket, doc_len) VALUES (new.seq, (SELECT id FROM stat_buckets
        WHERE workspace = new.workspace AND owner = new.owner AND visibility = new.visibility), new.doc_len);
END;
CREATE TRIGGER IF NOT EXISTS stat_docs_delete AFTER DELETE ON memories BEGIN
    DELETE FROM stat_docs WHERE seq = old.seq;
END;
""",
    )
)

MIGRATIONS.append(
    (
        10,
        "dashboard sessions in the store (hash of the token only, expiry, revocation, tied to the API key);"
        " the merge history's lookups by entity",
        """
CREATE TABLE IF NOT EXISTS web_sessions (
    token_hash TEXT PRIMARY KEY,
    workspace TEXT NOT NULL,
    key_id TEXT REFERENCES api_keys (id) ON DELETE CASCADE,
    operator TEXT,
    acting_user TEXT,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    revoked_at TEXT,
    CHECK ((key_id IS NULL) <> (operator IS NULL))
);
CREATE INDEX IF NOT EXISTS web_sessions_by_key ON web_sessions (key_id);
CREATE INDEX IF NOT EXISTS web_sessions_by_expiry ON web_sessions (expires_at);
CREATE INDEX IF NOT EXISTS entity_merges_by_into ON entity_merges (into_id);
CREATE INDEX IF NOT EXISTS entity_merges_by_merged ON entity_merges (merged_id);
""",
    )
)

MIGRATIONS.append(
    (
        11,
        "consolidation runs: what each run merged and folded, so that one call undoes it",
        """
CREATE TABLE IF NOT EXISTS consolidation_runs (
    id TEXT PRIMARY KEY,
    workspace TEXT,
    actor TEXT,
    at TEXT NOT NULL,
    detail TEXT NOT NULL,
    undone_at TEXT
);
""",
    )
)

MIGRATIONS.append(
    (
        12,
        "the entity generation (PostgreSQL only: its counter; SQLite's is the meta row"
        " 'entity_generation', made by the first transaction that changes an entity)",
        "SELECT 1;",
    )
)

MIGRATIONS.append(
    (
        13,
        "entity versions per scope (PostgreSQL only: SQLite has one writer at a time and stamps its entity"
        " cache with the entity_generation counter in meta)",
        "SELECT 1;",
    )
)

MIGRATIONS.append(
    (
        14,
        "one current memory per content in each profile's memory set: the duplicate check's unique index"
        " also keys on the profile (none: ''), so a statement one profile wrote does not stop another"
        " profile (or a store by hand) from keeping its own",
        """
DROP INDEX IF EXISTS memories_current_content;
CREATE UNIQUE INDEX memories_current_content ON memories
    (workspace, owner, visibility, space, (COALESCE(profile_id, '')), content_hash) WHERE superseded_by IS NULL;
""",
    )
)

MIGRATIONS.append(
    (
        15,
        "import runs: each background import's state and result, so that a restart does not lose them",
        """
CREATE TABLE IF NOT EXISTS import_runs (
    id TEXT PRIMARY KEY,
    workspace TEXT NOT NULL,
    user_name TEXT NOT NULL,
    started_at TEXT NOT NULL,
    instance TEXT NOT NULL,
    run TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS import_runs_by_user ON import_runs (workspace, user_name, started_at);
""",
    )
)

MIGRATIONS.append(
    (
        16,
        "the entity generation from the scopes' versions (PostgreSQL only: SQLite's is still the meta row"
        " 'entity_generation', its one mark of changed entities)",
        "SELECT 1;",
    )
)

MIGRATIONS.append(
    (
        17,
        "the related users of memories stored before migration 7 point at account entities"
        " (see RELATED_USER_BACKFILL)",
        "SELECT 1;",
    )
)
#: the related users of existing memories become account entities (``graph.backfill``), after the SQL
RELATED_USER_BACKFILL = 17

MIGRATIONS.append(
    (
        18,
        "one-time sign-in links of the dashboard in the store (hash of the token only, expiry, taken once),"
        " so that a restart keeps them and every server on the database honours them",
        """
CREATE TABLE IF NOT EXISTS signin_links (
    token_hash TEXT PRIMARY KEY,
    workspace TEXT NOT NULL,
    key_id TEXT REFERENCES api_keys (id) ON DELETE CASCADE,
    operator TEXT,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    CHECK ((key_id IS NULL) <> (operator IS NULL))
);
CREATE INDEX IF NOT EXISTS signin_links_by_expiry ON signin_links (expires_at);
""",
    )
)

MIGRATIONS.append(
    (
        19,
        "edges by the memory whose text stated them (provenance.memory): they end with a new version of it"
        " and go when it is forgotten",
        """
CREATE INDEX IF NOT EXISTS entity_edges_by_memory ON entity_edges (json_extract(provenance, '$.memory'));
""",
    )
)

#: the columns of ``memories`` whose change moves the memory generation: all but the access counts,
#: which recall itself writes (``tests/test_memory_reads.py`` fails when a new column is missing here)
MEMORY_GENERATION_COLUMNS = (
    "seq, id, workspace, owner, visibility, space, content, content_hash, type, subject_id, subject_name,"
    " related_user, data, importance, confidence, valid_from, valid_to, observed_at, source, provenance,"
    " state, chain_id, replaces, superseded_by, superseded_at, expires_at, created_at, updated_at, author,"
    " doc_len, profile_id"
)
_BUMP_MEMORY_GENERATION = (
    "INSERT INTO meta (key, value) VALUES ('memory_generation', 1)"
    " ON CONFLICT (key) DO UPDATE SET value = value + 1;"
)

MIGRATIONS.append(
    (
        20,
        "the memory generation: a counter in meta that every committed change to a memory (but its access"
        " counts) or to a memory's entity links moves, made by triggers so that every writer"
        " moves it; recall's read-side cache of the graph lane's memory reads follows it",
        f"""
CREATE TRIGGER IF NOT EXISTS memory_generation_insert AFTER INSERT ON memories
    BEGIN {_BUMP_MEMORY_GENERATION} END;
CREATE TRIGGER IF NOT EXISTS memory_generation_update AFTER UPDATE OF {MEMORY_GENERATION_COLUMNS}
    ON memories BEGIN {_BUMP_MEMORY_GENERATION} END;
CREATE TRIGGER IF NOT EXISTS memory_generation_delete AFTER DELETE ON memories
    BEGIN {_BUMP_MEMORY_GENERATION} END;
CREATE TRIGGER IF NOT EXISTS memory_generation_link_insert AFTER INSERT ON memory_entity_links
    BEGIN {_BUMP_MEMORY_GENERATION} END;
CREATE TRIGGER IF NOT EXISTS memory_generation_link_update AFTER UPDATE ON memory_entity_links
    BEGIN {_BUMP_MEMORY_GENERATION} END;
CREATE TRIGGER IF NOT EXISTS memory_generation_link_delete AFTER DELETE ON memory_entity_links
    BEGIN {_BUMP_MEMORY_GENERATION} END;
INSERT OR IGNORE INTO meta (key, value) VALUES ('memory_generation', 1);
""",
    )
)

MIGRATIONS.append(
    (
        21,
        "the memory generation's trigger on memories without a list of columns (PostgreSQL only: SQLite's"
        " lists them, and a column it lists can still be dropped)",
        "SELECT 1;",
    )
)

MIGRATIONS.append(
    (
        22,
        "the memories that state each edge read from text (entity_edge_sources: one row per edge and"
        " memory), so that forgetting one of two memories stating a relation keeps the edge, and"
        " archiving a memory ends the edges only it states (restoring it opens them again)",
        """
CREATE TABLE IF NOT EXISTS entity_edge_sources (
    edge_id TEXT NOT NULL,
    memory_id TEXT NOT NULL,
    stated_at TEXT NOT NULL,
    ended_at TEXT,
    PRIMARY KEY (edge_id, memory_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS entity_edge_sources_by_memory ON entity_edge_sources (memory_id);
INSERT OR IGNORE INTO entity_edge_sources (edge_id, memory_id, stated_at)
    SELECT id, json_extract(provenance, '$.memory'), created_at FROM entity_edges
    WHERE json_extract(provenance, '$.memory') IS NOT NULL;
""",
    )
)

MIGRATIONS.append(
    (
        23,
        "listings page by (created_at, id), newest first, no longer by the store-wide sequence number"
        " (a cursor carried it, and so told how many items others had stored): an index in that order"
        " for memories and for entities",
        """
CREATE INDEX IF NOT EXISTS memories_recent ON memories (created_at, id);
CREATE INDEX IF NOT EXISTS entities_recent ON entities (created_at, id);
""",
    )
)

MIGRATIONS.append(
    (
        24,
        "the full-text index splits words as SQLite's does (PostgreSQL only: FTS5's unicode61 tokenizer"
        " already splits on every character that is not a letter or digit)",
        "SELECT 1;",
    )
)

MIGRATIONS.append(
    (
        25,
        "the full-text index folds accents as SQLite's does (PostgreSQL only: FTS5's remove_diacritics"
        " already folds them, and FTS5 indexes a word of any length)",
        "SELECT 1;",
    )
)

MIGRATIONS.append(
    (
        26,
        "forgetting erases the words from the full-text index (FTS5 secure-delete: a deleted row's"
        " entries are removed from the index, not shadowed by delete markers that left the words of"
        " forgotten memories readable in the file); the write connection also zeroes deleted content"
        " (PRAGMA secure_delete, set on every open)",
        "INSERT INTO memories_fts (memories_fts, rank) VALUES ('secure-delete', 1);",
    )
)

#: migration 27's table (also what a re-run of step 27 makes after migration 31: see STEP_AFTER_DROP)
_READER_COUNTS = """
CREATE TABLE IF NOT EXISTS memory_access (
    memory_seq INTEGER NOT NULL REFERENCES memories (seq) ON DELETE CASCADE,
    reader TEXT NOT NULL,
    access_count INTEGER NOT NULL DEFAULT 0,
    last_accessed_at TEXT,
    PRIMARY KEY (memory_seq, reader)
) WITHOUT ROWID;"""

MIGRATIONS.append(
    (
        27,
        "access counts are each reader's own (memory_access: one row per memory and reader): another"
        " user's recalls of a shared memory no longer show in what a caller reads, nor move her ranking;"
        " the counts so far go to the memory's owning user (or, for a memory owned by a team, an agent or"
        " the workspace, to its author) and the memories' own columns are no longer used",
        _READER_COUNTS
        + """
INSERT OR IGNORE INTO memory_access (memory_seq, reader, access_count, last_accessed_at)
    SELECT seq, CASE WHEN owner LIKE 'user:%' THEN substr(owner, 6) ELSE author END, access_count,
        last_accessed_at
    FROM memories
    WHERE (access_count > 0 OR last_accessed_at IS NOT NULL)
        AND CASE WHEN owner LIKE 'user:%' THEN substr(owner, 6) ELSE author END IS NOT NULL;
UPDATE memories SET access_count = 0, last_accessed_at = NULL
    WHERE access_count != 0 OR last_accessed_at IS NOT NULL;
""",
    )
)

MIGRATIONS.append(
    (
        28,
        "the keyword index stems the words of inflected scripts (Cyrillic, Greek, Armenian, Arabic:"
        " 'Яндекс' finds 'Яндексе'): the full-text rows holding such words again, then the lengths and"
        " statistics (see KEYWORD_RESTEM)",
        "SELECT 1;",
    )
)
#: the full-text rows of existing items again, in Python (``writes.restem_keyword_index``), after the SQL
KEYWORD_RESTEM = 28

MIGRATIONS.append(
    (
        29,
        "the keyword index folds compatibility forms as queries do (NFKC: 'ﬁle' and full-width 'ｆｉｌｅ'"
        " are indexed as 'file', and found by either spelling): the keyword text of the rows holding"
        " such forms again, then the lengths and statistics (see KEYWORD_REFILLS)",
        "SELECT 1;",
    )
)
#: the steps after which the keyword text of existing rows is written again, in Python
#: (``writes.restem_keyword_index``: every row whose keyword text differs from what a store now writes)
KEYWORD_REFILLS = (KEYWORD_RESTEM, 29, 30)

MIGRATIONS.append(
    (
        30,
        "the full-text index keeps words of Indic scripts whole (Devanagari, Tamil, …: 'दिल्ली' was split"
        " at its vowel signs into 'द', 'ल', 'ल'): the index is built again with their combining marks as"
        " token characters (text.WORD_MARKS), then the lengths and statistics (see KEYWORD_REFILLS)",
        f"""
CREATE VIRTUAL TABLE memories_fts_next USING fts5(
    content, subject, tokenize = 'porter unicode61 remove_diacritics 2 tokenchars {WORD_MARKS}'
);
INSERT INTO memories_fts_next (rowid, content, subject) SELECT rowid, content, subject FROM memories_fts;
DROP TABLE IF EXISTS memories_fts_inst;
DROP TABLE IF EXISTS memories_fts_vocab;
DROP TABLE memories_fts;
ALTER TABLE memories_fts_next RENAME TO memories_fts;
CREATE VIRTUAL TABLE memories_fts_vocab USING fts5vocab(memories_fts, 'row');
CREATE VIRTUAL TABLE memories_fts_inst USING fts5vocab(memories_fts, 'instance');
INSERT INTO memories_fts (memories_fts, rank) VALUES ('secure-delete', 1);
""",
    )
)

MIGRATIONS.append(
    (
        31,
        "the memories' own access_count and last_accessed_at are dropped: zeroed and unused since access"
        " counts became each reader's own (migration 27, memory_access); exports still carry the"
        " caller's own counts, and old exports import as before",
        """
ALTER TABLE memories DROP COLUMN access_count;
ALTER TABLE memories DROP COLUMN last_accessed_at;
""",
    )
)

MIGRATIONS.append(
    (
        32,
        "user names in Unicode NFC: 'José' with a composed é and with e + a combining accent are one user;"
        " the stored names are normalised in every column that holds one (see USER_NAMES_NFC), and two"
        " stored users that become one name are refused (nothing is merged)",
        "SELECT 1;",
    )
)
#: every stored user name in NFC, in Python (``identity.normalise_user_names``), after the SQL
USER_NAMES_NFC = 32

MIGRATIONS.append(
    (
        33,
        "workspace, team and agent names in Unicode NFC, as user names (32): 'Café' with a composed é and"
        " with e + a combining accent are one name; the stored names are normalised in every column that"
        " holds one (see GROUP_NAMES_NFC), and two stored names that become one are refused",
        "SELECT 1;",
    )
)
#: every stored workspace, team and agent name in NFC, in Python (``identity.normalise_group_names``)
GROUP_NAMES_NFC = 33

MIGRATIONS.append(
    (
        34,
        "the fingerprint of the name rules the entities are keyed with (graph.rekey.key_rules): a process"
        " with other rules re-keys the store before its first store links names",
        """
CREATE TABLE IF NOT EXISTS entity_key_rules (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    fingerprint BIGINT NOT NULL
);
""",
    )
)

MIGRATIONS.append(
    (
        35,
        "an e-mail address an entity has only from memories' text is that text's (from_text, and"
        " entity_external_id_sources: the memories whose text names it): it goes when they are all"
        " forgotten or expired, while an id a record, an account or an explicit id gave stays; existing"
        " addresses a linked memory's text names are marked so, unless a record gave the entity an id,"
        " attributes or an edge",
        """
ALTER TABLE entity_external_ids ADD COLUMN from_text INTEGER NOT NULL DEFAULT 0;
CREATE TABLE IF NOT EXISTS entity_external_id_sources (
    memory_seq INTEGER NOT NULL REFERENCES memories (seq) ON DELETE CASCADE,
    external_id TEXT NOT NULL,
    PRIMARY KEY (memory_seq, external_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS entity_external_id_sources_by_id ON entity_external_id_sources (external_id);
INSERT OR IGNORE INTO entity_external_id_sources (memory_seq, external_id)
    SELECT l.memory_seq, x.external_id FROM entity_external_ids x
    JOIN memory_entity_links l ON l.entity_id = x.entity_id
    JOIN memories m ON m.seq = l.memory_seq AND m.workspace = x.workspace AND m.owner = x.owner
        AND m.visibility = x.visibility
    WHERE x.external_id LIKE 'email:%' AND instr(lower(m.content), substr(x.external_id, 7)) > 0;
UPDATE entity_external_ids SET from_text = 1
    WHERE external_id LIKE 'email:%'
    AND EXISTS (SELECT 1 FROM entity_external_id_sources s JOIN memories m ON m.seq = s.memory_seq
        WHERE s.external_id = entity_external_ids.external_id AND m.workspace = entity_external_ids.workspace
        AND m.owner = entity_external_ids.owner AND m.visibility = entity_external_ids.visibility)
    AND NOT EXISTS (SELECT 1 FROM entity_external_ids o WHERE o.entity_id = entity_external_ids.entity_id
        AND o.external_id NOT LIKE 'email:%' AND o.external_id NOT LIKE 'user:%')
    AND NOT EXISTS (SELECT 1 FROM entities e WHERE e.id = entity_external_ids.entity_id
        AND e.attributes IS NOT NULL AND json_remove(e.attributes, '$.senses') <> '{}')
    AND NOT EXISTS (SELECT 1 FROM entity_edges g WHERE (g.src = entity_external_ids.entity_id
        OR g.dst = entity_external_ids.entity_id) AND json_extract(g.provenance, '$.system') IS NOT NULL);
DELETE FROM entity_external_id_sources WHERE NOT EXISTS (SELECT 1 FROM entity_external_ids x
    WHERE x.external_id = entity_external_id_sources.external_id AND x.from_text = 1);
""",
    )
)

MIGRATIONS.append(
    (
        36,
        "a relative's lookup key a memory's sentence gave an entity ('k:father' from 'my father Tomasz is a"
        " carpenter': graph.linking.kin_keys) is that text's (entity_key_sources: the memories whose text"
        " gives it): it goes when every memory linked to the entity that gives it is deleted; the keys"
        " existing memories give are filled in by the next re-keying (graph.rekey, KEY_RULES_VERSION 10)",
        """
CREATE TABLE IF NOT EXISTS entity_key_sources (
    memory_seq INTEGER NOT NULL REFERENCES memories (seq) ON DELETE CASCADE,
    key TEXT NOT NULL,
    PRIMARY KEY (memory_seq, key)
) WITHOUT ROWID;
""",
    )
)

MIGRATIONS.append(
    (
        37,
        "what a caller writes as a JSON object reads back as given (PostgreSQL only: SQLite keeps the text"
        " as written; PostgreSQL's jsonb sorted the keys and gave -0.0 back as 0.0, its columns become json)",
        # The same step number as PostgreSQL's, so both backends report the same schema version.
        "SELECT 1;",
    )
)

#: migration 38: every stored related_user in ``related_user_form``, in Python (``storage/related_users.py``)
MIGRATIONS.append(STEP)

#: migration 39: a user's account entities keyed twice folded into one, in Python (``storage/user_entities.py``)
MIGRATIONS.append(USER_ENTITIES_STEP)

#: migration 40: spaces and profile names in NFC, in Python (``storage/space_names.py``)
MIGRATIONS.append(SPACE_NAMES_STEP)

#: steps that read columns a later step dropped, and what they run instead when the column is gone: a
#: re-run over a newer schema (a store whose record of later steps was removed) has nothing left to move
#: (version -> (table, column, SQL))
STEP_AFTER_DROP = {
    3: (
        "memories",
        "last_accessed_at",
        _pad_years(tuple(c for c in _TIME_COLUMNS if c != "last_accessed_at")),
    ),
    27: ("memories", "access_count", _READER_COUNTS),
}

LATEST = MIGRATIONS[-1][0]
