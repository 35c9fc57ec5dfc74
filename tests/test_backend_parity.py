"""The same data in SQLite and in PostgreSQL gives the same hits, in the same order, with the same scores.

Tolerance: the order and the lanes of every hit must be identical; scores (rounded to 4 decimals) may
differ by at most ``SCORE_TOLERANCE`` = 0.001. Measured on this data: every score is equal. What could
move them: cosines differ in the 6th-7th decimal (numpy float32 in SQLite, pgvector in PostgreSQL); the
semantic lane is exact in SQLite and HNSW in PostgreSQL (identical on a store this small); keyword rank
is FTS5's bm25() in SQLite and the same formula over the english tsvector in PostgreSQL (same numbers
wherever the porter and english stemmers agree; see ``PostgresStore.keyword_search``).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

from memlane import Memlane, RetrievalConfig

SCORE_TOLERANCE = 0.001
#: access counts feed the ranking; SQLite buffers them for up to 2 s while PostgreSQL writes them at once,
#: so a run of queries would see different counts mid-way: the signal is off here, its own tests cover it
CONFIG = replace(RetrievalConfig(), access_weight=0.0)
NOW = datetime(2024, 6, 30, 12, 0, tzinfo=UTC)

ITEMS: list[dict] = [
    {"content": "Dr. Okafor prescribed the blue inhaler for the asthma", "observed_at": "2024-05-02",
     "subject": "Dr. Okafor"},
    {"content": "Ana prefers green tea in the morning", "type": "preference", "observed_at": "2023-01-10",
     "subject": "Ana"},
    {"content": "Ana moved the tea meeting to Monday", "type": "episode", "observed_at": "2024-06-01",
     "subject": "Ana"},
    {"content": "Bruno drinks tea only at night", "type": "preference", "observed_at": "2024-02-01",
     "subject": "Bruno"},
    {"content": "Invoice 4471 from Globex was paid late", "observed_at": "2024-03-14"},
    {"content": "Invoice 5120 from Initech is due on 2024-07-15", "observed_at": "2024-06-20"},
    {"content": "The offsite is on 14 March 2024 in Porto", "observed_at": "2024-01-05"},
    {"content": "The retro is on 2 April 2024 in Lisbon", "observed_at": "2024-01-06"},
    {"content": "My daughter is allergic to peanuts", "observed_at": "2023-11-11"},
    {"content": "The quarterly report is due on Friday", "observed_at": "2024-06-25"},
    {"content": "I parked the car on level three of the garage", "observed_at": "2024-06-29"},
    {"content": "Deploys go through the staging cluster before production", "observed_at": "2024-04-04"},
    {"content": "The build server is buildkite, migrated from jenkins-01", "observed_at": "2024-05-20"},
    {"content": "Lena's favourite climbing gym is Boulderhaus in Leipzig", "observed_at": "2021-06-01"},
    {"content": "went climbing yesterday with the kids", "observed_at": "2024-06-28"},
    {"content": "The blue heron nests by the lake every spring", "observed_at": "2023-04-01"},
    {"content": "Quarterly budget review moved to Friday afternoon", "observed_at": "2024-06-24"},
    {"content": "Team standup happens in room Borealis at 9:30", "observed_at": "2024-06-15"},
    {"content": "The wifi password rotates every 90 days", "observed_at": "2024-02-02"},
    {"content": "Project Falcon ships in May, not March", "observed_at": "2024-02-20", "subject": "Falcon"},
    {"content": "Caroline: Wow, what a lovely wedding photo! How long have you been married?",
     "observed_at": "2023-05-08T10:00:00", "source": "chat"},
    {"content": "Melanie: 5 years already! Time flies.", "observed_at": "2023-05-08T10:01:00", "source": "chat"},
    {"content": "Caroline: I'm off to the library to study.", "observed_at": "2023-05-08T10:02:00",
     "source": "chat"},
    {"content": "Melanie: the car needs new tyres before the trip", "observed_at": "2023-09-01",
     "source": "chat"},
    {"content": "We adopted a cat named Bailey and a pet turtle", "observed_at": "2023-01-01"},
    {"content": "Which pet do you have?", "observed_at": "2023-01-01"},
    {"content": "The e-mail from O'Brien about the 1,200 euro refund arrived", "observed_at": "2024-06-10"},
    {"content": "Kettle descaling happens monthly, with citric acid", "observed_at": "2024-01-15"},
    {"content": "The garden hose leaks near the tap by the shed", "observed_at": "2024-05-05"},
    {"content": "Acme's contract renews on 2025-03-01 for 3 years", "observed_at": "2024-03-01",
     "visibility": "shared"},
]  # fmt: skip

QUERIES = [
    "what did Dr. Okafor prescribe",
    "tea",
    "who drinks tea at night",
    "invoice 4471",
    "what happens on March 14?",
    "does my kid have any food allergy?",
    "where did I park",
    "how do deploys work",
    "which CI server do we use",
    "Lena favourite climbing gym Leipzig",
    "how long have they been married",
    "which pet does she have",
    "refund from O'Brien",
    "when does the Acme contract renew",
    "quarterly report friday",
    "heron lake",
    "room for the standup",
    "jenkins",
]


def _load(database: Path | str, embedder) -> Memlane:
    m = Memlane(database, user="alice", embedder=embedder, retrieval=CONFIG)
    results = m.store_many(ITEMS, auto_supersede=False)
    assert [r.status for r in results] == ["stored"] * len(ITEMS)
    return m


def _run(m: Memlane) -> list[list[tuple[str, float, tuple[str, ...]]]]:
    return [
        [(h.content, h.score, h.matched_by) for h in m.recall(query, limit=8, now=NOW)] for query in QUERIES
    ]


@pytest.mark.parametrize("semantic", [True, False], ids=["all-lanes", "no-embedder"])
def test_same_data_same_hits_same_order(tmp_path: Path, pg_url: str, local_embedder, semantic: bool) -> None:
    embedder = local_embedder if semantic else "none"
    sqlite = _load(tmp_path / "parity.db", embedder)
    postgres = _load(pg_url, embedder)
    try:
        got_sqlite, got_postgres = _run(sqlite), _run(postgres)
    finally:
        sqlite.close()
        postgres.close()
    for query, a, b in zip(QUERIES, got_sqlite, got_postgres, strict=True):
        assert a, query
        assert [c for c, _, _ in a] == [c for c, _, _ in b], query
        assert [lanes for _, _, lanes in a] == [lanes for _, _, lanes in b], query
        for (content, score_a, _), (_, score_b, _) in zip(a, b, strict=True):
            assert score_a == pytest.approx(score_b, abs=SCORE_TOLERANCE), (query, content)
