"""Restoring memlane's export never writes into a graph its caller may not write: an export is the caller's
text, so any id in it may be another user's entity, edge or memory (both backends).

Before the fix an entity line carrying the id of bob's personal entity was taken as "restored before",
and the edges, links and merge snapshot of the export were then written onto bob's entity: alice added
a relation to bob's private graph, linked her memory to his entity and his memory to hers, and a crafted
merge record's unmerge deleted bob's own edge.
"""

from __future__ import annotations

import json
import uuid
from pathlib import Path

from backends import rows
from memlane import Memlane


def _graph_of(m: Memlane, entity_id: str) -> tuple[list[tuple[str, str, str]], list[str]]:
    edges = sorted((e.src, e.relation, e.dst) for e in m.entities.edges(entity_id))
    return edges, sorted(x.id for x in m.entities.memories(entity_id))


def test_a_restore_naming_another_users_ids_leaves_their_graph_alone(db_path: Path | str) -> None:
    with (
        Memlane(db_path, user="bob", embedder="none") as bob,
        Memlane(db_path, user="alice", embedder="none") as alice,
    ):
        secret = bob.store("Zanzibar Quokka is my therapist", subject="Zanzibar Quokka")
        contact = bob.anchor({"kind": "contact", "system": "hubspot", "id": "9", "name": "Zanzibar Quokka",
                              "company": "Nightjar Corp"})  # fmt: skip
        (bobs_edge,) = bob.entities.edges(contact.id)
        before = _graph_of(bob, contact.id)
        assert before[1] == [secret.id]

        mine = alice.store("Alice met Olga Brightwater and Piotr Lindqvist")
        lines = list(alice.export())
        entities = {
            json.loads(x)["entity"]["name"]: json.loads(x)["entity"]
            for x in lines
            if x.startswith('{"entity"')
        }
        olga, piotr = entities["Olga Brightwater"], entities["Piotr Lindqvist"]
        claimed = olga | {"id": contact.id, "name": "Totally Mine", "aliases": [], "external_ids": [],
                          "keys": ["n:totally mine"]}  # fmt: skip
        at = "2025-01-01T00:00:00.000000Z"
        merge_id = str(uuid.uuid4())
        snapshot = {"aliases": [], "keys": [], "external_ids": [], "links": [[secret.id, "mention"]],
                    "edges": [[str(uuid.uuid4()), contact.id, "knows", piotr["id"], None, None, None, at]],
                    "added_aliases": [], "added_keys": [], "added_links": [], "added_edges": [bobs_edge.id]}  # fmt: skip
        crafted = [
            lines[0],
            json.dumps({"entity": claimed}),
            json.dumps({"entity": olga}),
            json.dumps({"entity": piotr}),
            json.dumps(
                {
                    "edge": {
                        "id": str(uuid.uuid4()),
                        "src": contact.id,
                        "relation": "reports_to",
                        "dst": olga["id"],
                        "created_at": at,
                        "sources": [secret.id],
                    }
                }
            ),  # fmt: skip
            json.dumps({"link": {"memory": mine.id, "entity": contact.id, "role": "mention"}}),
            json.dumps({"link": {"memory": secret.id, "entity": olga["id"], "role": "mention"}}),
            json.dumps(
                {
                    "merge": {
                        "id": merge_id,
                        "into": olga["id"],
                        "merged": piotr["id"],
                        "actor": "alice",
                        "merged_at": at,
                        "snapshot": snapshot,
                    }
                }
            ),  # fmt: skip
        ]
        result = alice.import_file("\n".join(crafted).encode(), "memlane")
        assert result.graph is not None
        alice.entities.unmerge(result.graph.remapped[merge_id])  # restored under an id of alice's scope

        assert _graph_of(bob, contact.id) == before  # no edge added or deleted, no memory of alice's
        assert bob.entities.get(contact.id).name == "Zanzibar Quokka"
        # alice's own graph names none of bob's ids, and her entities hold none of his memories
        alice_ids = {e.id for e in alice.entities.list(limit=100)}
        assert contact.id not in alice_ids
        for entity_id in alice_ids:
            edges, memories = _graph_of(alice, entity_id)
            assert all({src, dst} <= alice_ids for src, _, dst in edges)
            assert secret.id not in memories
        # the export's entity is kept, under an id of its own, with its relation to Olga
        (kept,) = [e for e in alice.entities.list(limit=100) if e.name == "Totally Mine"]
        assert kept.id != contact.id
        assert (kept.id, "reports_to", olga["id"]) in _graph_of(alice, olga["id"])[0]
        # nothing in the store ties two owners together: no link, no edge, no edge source
        assert rows(db_path, CROSSING_LINKS) == [(0,)]
        assert rows(db_path, CROSSING_EDGES) == [(0,)]
        assert rows(db_path, CROSSING_SOURCES) == [(0,)]


_SCOPE = "{a}.workspace <> {b}.workspace OR {a}.owner <> {b}.owner OR {a}.visibility <> {b}.visibility"
CROSSING_LINKS = (
    "SELECT COUNT(*) FROM memory_entity_links l JOIN memories m ON m.seq = l.memory_seq"
    f" JOIN entities e ON e.id = l.entity_id WHERE {_SCOPE.format(a='m', b='e')}"
)
CROSSING_EDGES = (
    "SELECT COUNT(*) FROM entity_edges g JOIN entities s ON s.id = g.src JOIN entities d ON d.id = g.dst"
    f" WHERE {_SCOPE.format(a='s', b='d')}"
)
CROSSING_SOURCES = (
    "SELECT COUNT(*) FROM entity_edge_sources x JOIN entity_edges g ON g.id = x.edge_id"
    f" JOIN entities s ON s.id = g.src JOIN memories m ON m.id = x.memory_id WHERE {_SCOPE.format(a='m', b='s')}"
)
