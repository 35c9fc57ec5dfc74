"""Linking a batch gives the graph linking its memories one by one gives (issue 12, requirement 9).

``store_many`` links a batch's memories in one transaction with what the batch shares (the candidates
read for all its names at once, the resolution memo, the candidates' views, what earlier memories
said, link rows written together); a store per memory does each on its own. The same memories, in the
same order, must give the same entities (type, name, attributes), aliases, external ids (and whether
a text gave them, with the memories naming them), memory links and edges (with their sources), on
both backends. Texts: the labelled resolution sets' sentences (personal and work memories with
namesakes, nicknames, organisations, e-mail addresses, sentences that say who someone is) and a few
with a subject, a related user and relations.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from backends import rows
from memlane import Memlane

DATA = Path(__file__).parent / "data"

EXTRA = [
    {"content": "Bob Smith from Acme Corp called about the renewal; his address is bob@acme.com."},
    {"content": "Robert Smith works at Acme Corp since 2021.", "subject": "Robert Smith"},
    {"content": "Kalina prefers window seats on long flights.", "related_user": "kalina"},
    {"content": "Ana Lopez is the buyer at Globex; she reports to Priya Raman."},
    {"content": "Ana Lopez, a different Ana Lopez, runs the bakery on Elm Street."},
    {"content": "Priya Raman left Globex last year and joined Initech as CFO."},
    {"content": "ACME Inc. sent the signed contract to ana.lopez@globex.com."},
    {"content": "Bob Smith from Acme Corp called about the renewal; his address is bob@acme.com."},
]


def _texts(limit: int) -> list[dict[str, Any]]:
    """The first ``limit`` different context sentences of two labelled sets, in their order."""
    texts: list[str] = []
    for name in ("resolution.txt", "resolution-heldout4.txt"):
        for line in (DATA / name).read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#") and line.count("|") == 5:
                texts.append(line.rsplit("|", 1)[1].strip())
    found = list(dict.fromkeys(t for t in texts if t))[:limit]
    return (
        [{"content": t} for t in found[: limit // 2]] + EXTRA + [{"content": t} for t in found[limit // 2 :]]
    )


def _graph(db: Path | str) -> dict[str, list[tuple[Any, ...]]]:
    """Everything linking wrote, with entities named by what they are (ids are random): each entity's
    type, name, attributes, aliases and external ids; links and edges by those descriptions."""
    entity: dict[str, tuple[Any, ...]] = {}
    aliases: dict[str, list[str]] = {}
    for entity_id, alias in rows(db, "SELECT entity_id, alias FROM entity_aliases"):
        aliases.setdefault(entity_id, []).append(alias)
    ids: dict[str, list[tuple[str, bool]]] = {}
    for entity_id, value, said in rows(
        db, "SELECT entity_id, external_id, from_text FROM entity_external_ids"
    ):
        ids.setdefault(entity_id, []).append((value, bool(said)))
    for entity_id, kind, name, attributes, owner, visibility, merged in rows(
        db, "SELECT id, type, name, attributes, owner, visibility, merged_into FROM entities"
    ):
        if isinstance(attributes, str):  # (SQLite: text; PostgreSQL: jsonb, read as a dict)
            attributes = json.loads(attributes)
        attributes = json.dumps(attributes, sort_keys=True) if attributes is not None else ""
        entity[entity_id] = (
            kind, name, attributes, owner, visibility, merged is not None,
            tuple(sorted(aliases.get(entity_id, []))), tuple(sorted(ids.get(entity_id, []))),
        )  # fmt: skip
    keys: dict[str, list[str]] = {}
    for entity_id, key in rows(db, "SELECT entity_id, key FROM entity_blocking_keys"):
        keys.setdefault(entity_id, []).append(key)
    links = rows(
        db,
        "SELECT m.content, m.seq, l.role, l.entity_id FROM memory_entity_links l"
        " JOIN memories m ON m.seq = l.memory_seq",
    )
    edges = rows(
        db,
        "SELECT g.id, g.src, g.relation, g.dst, g.valid_from IS NULL, g.valid_to IS NULL FROM entity_edges g",
    )
    edge_of = {e[0]: e for e in edges}
    sources = rows(
        db,
        "SELECT s.edge_id, m.content, s.ended_at IS NULL FROM entity_edge_sources s"
        " JOIN memories m ON m.id = s.memory_id",
    )
    id_sources = rows(
        db,
        "SELECT m.content, s.external_id FROM entity_external_id_sources s JOIN memories m ON m.seq = s.memory_seq",
    )
    memories = rows(db, "SELECT content, seq FROM memories ORDER BY seq")

    def described(entity_id: str) -> tuple[Any, ...]:
        return (*entity[entity_id], tuple(sorted(keys.get(entity_id, []))))

    def edge(edge_id: str) -> tuple[Any, ...]:
        _, src, relation, dst, no_start, open_ = edge_of[edge_id]
        return (described(src), relation, described(dst), no_start, open_)

    return {
        "memories": [(content,) for content, _ in memories],
        "entities": sorted(described(e) for e in entity),
        "links": sorted((content, role, described(e)) for content, _, role, e in links),
        "edges": sorted(edge(e[0]) for e in edges),
        "edge sources": sorted((edge(e), content, open_) for e, content, open_ in sources),
        "id sources": sorted(id_sources),
    }


@pytest.mark.parametrize("batch", [50, 500])
def test_a_batch_links_as_its_memories_one_by_one(
    db_path: Path | str, other_db: Path | str, batch: int
) -> None:
    items = _texts(240)
    with Memlane(db_path, user="alice", embedder="none") as m:
        for start in range(0, len(items), batch):
            m.store_many(items[start : start + batch], auto_supersede=False)
    with Memlane(other_db, user="alice", embedder="none") as m:
        for item in items:
            m.store(**item, auto_supersede=False)
    together, apart = _graph(db_path), _graph(other_db)
    assert len(together["entities"]) > 100 and len(together["links"]) > 200 and together["edges"]
    assert any(e[7] for e in together["entities"])  # (some external ids)
    assert any(e[6] for e in together["entities"])  # (some aliases)
    for part in together:
        assert together[part] == apart[part], part
