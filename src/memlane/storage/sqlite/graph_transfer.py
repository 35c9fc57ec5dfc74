"""SQLite: the entity graph read for memlane's export and written back by its restore
(``storage.graph_transfer`` form). Mirrors ``storage/postgres/graph_transfer.py``."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ...models import Actor
from ..base import HeldKind, LinkRole
from ..graph_transfer import GraphRows, snapshot_in, snapshot_out, time_text
from ..memory_rows import cut_deep
from .entities import moved_memories
from .rows import _ALL, _scope, _visible

__all__ = ["GraphExportOps", "GraphRestoreOps"]

#: a memory (``m``) of the entity's (``e``) workspace, owner and visibility: a restore links, sources and
#: snapshots only those, whatever ids the export names (another user's memory is never tied to the graph)
_SAME_SCOPE = "m.workspace = e.workspace AND m.owner = e.owner AND m.visibility = e.visibility"

#: the scope an id is held in, per kind (``EntityWrites.held_by``): an edge's is its source entity's, a
#: merge's the entity it merged into
_HELD_BY = {
    "memory": "SELECT workspace, owner, visibility FROM memories WHERE id = ?",
    "entity": "SELECT workspace, owner, visibility FROM entities WHERE id = ?",
    "edge": "SELECT e.workspace, e.owner, e.visibility FROM entity_edges g JOIN entities e ON e.id = g.src"
    " WHERE g.id = ?",
    "merge": "SELECT r.workspace, coalesce(e.owner, ''), coalesce(e.visibility, '') FROM entity_merges r"
    " LEFT JOIN entities e ON e.id = r.into_id WHERE r.id = ?",
}


class GraphExportOps:
    """``EntityReads.export_graph`` for ``SqliteStore``."""

    def export_graph(self, actor: Actor) -> GraphRows:
        run = self._db.rows  # type: ignore[attr-defined]
        visible, params = _visible(actor, "e")
        entities = [
            {"id": r[0], "owner": r[1], "visibility": r[2], "type": r[3], "name": r[4],
             "attributes": cut_deep(json.loads(r[5]), "an entity's attributes") if r[5] else None, "merged_into": r[6],
             "created_at": time_text(r[7]), "updated_at": time_text(r[8]), "aliases": json.loads(r[9]),
             "external_ids": json.loads(r[10]), "keys": json.loads(r[11])}  # fmt: skip
            for r in run(
                "SELECT e.id, e.owner, e.visibility, e.type, e.name, e.attributes, e.merged_into, e.created_at,"
                " e.updated_at,"
                " (SELECT json_group_array(json_array(x.alias, x.normalised) ORDER BY x.rowid) FROM entity_aliases x"
                "  WHERE x.entity_id = e.id),"
                " (SELECT json_group_array(x.external_id ORDER BY x.external_id) FROM entity_external_ids x"
                "  WHERE x.entity_id = e.id),"
                " (SELECT json_group_array(x.key ORDER BY x.key) FROM entity_blocking_keys x WHERE x.entity_id = e.id)"
                f" FROM entities e WHERE {visible} ORDER BY e.seq",
                params,
            )
        ]  # fmt: skip
        edges = [
            {"id": r[0], "src": r[1], "relation": r[2], "dst": r[3],
             "provenance": cut_deep(json.loads(r[4]), "an edge's provenance") if r[4] else None, "valid_from": time_text(r[5]),
             "valid_to": time_text(r[6]), "created_at": time_text(r[7]), "sources": json.loads(r[8])}  # fmt: skip
            for r in run(
                "SELECT g.id, g.src, g.relation, g.dst, g.provenance, g.valid_from, g.valid_to, g.created_at,"
                " (SELECT json_group_array(s.memory_id ORDER BY s.stated_at, s.memory_id)"
                " FROM entity_edge_sources s WHERE s.edge_id = g.id)"
                f" FROM entity_edges g JOIN entities e ON e.id = g.src WHERE {visible} ORDER BY g.created_at, g.id",
                params,
            )
        ]  # fmt: skip
        where, mparams = _scope(actor, _ALL, None)
        links = [
            {"memory": r[0], "entity": r[1], "role": r[2]}
            for r in run(
                "SELECT m.id, l.entity_id, l.role FROM memory_entity_links l JOIN entities e ON e.id = l.entity_id"
                f" JOIN memories m ON m.seq = l.memory_seq WHERE {visible} AND {where} ORDER BY m.seq, l.entity_id,"
                " l.role",
                (*params, *mparams),
            )
        ]
        merges = []
        for r in run(
            "SELECT r.id, r.into_id, r.merged_id, r.actor, r.merged_at, r.unmerged_at, r.snapshot FROM entity_merges r"
            f" JOIN entities e ON e.id = r.merged_id WHERE {visible} ORDER BY r.merged_at, r.id",
            params,
        ):
            snapshot = json.loads(r[6])
            seqs = [int(s) for k in ("links", "added_links") for s, _ in snapshot.get(k, [])]
            ids = moved_memories(run, r[2], r[4], seqs)  # (what the merge moved, not what holds its seq now)
            merges.append({"id": r[0], "into": r[1], "merged": r[2], "actor": r[3], "merged_at": time_text(r[4]),
                           "unmerged_at": time_text(r[5]), "snapshot": snapshot_out(snapshot, ids.get)})  # fmt: skip
        return {"entities": entities, "edges": edges, "links": links, "merges": merges}


class GraphRestoreOps:
    """``EntityWrites.restore_*`` for the SQLite ``_Txn`` (``self.cur``)."""

    cur: Any

    def _forget_all(self) -> None: ...  # (``EntityWriteOps``, beside which ``_Txn`` inherits this)

    def _exec(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return list(self.cur.execute(sql, params))

    def restore_entity(self, workspace: str, row: dict[str, Any]) -> bool:
        inserted = self._exec(
            "INSERT INTO entities (id, workspace, owner, visibility, type, name, attributes, merged_into,"
            " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id",
            (row["id"], workspace, row["owner"], row["visibility"], row["type"], row["name"],
             json.dumps(row["attributes"]) if row.get("attributes") else None, row.get("merged_into"),
             time_text(row["created_at"]), time_text(row["updated_at"])),
        )  # fmt: skip
        if not inserted:
            return False
        self._forget_all()  # the entity cache (``storage/entity_cache.py``) starts again; the generation moves
        scope = (workspace, row["owner"], row["visibility"])
        for alias, normalised in row.get("aliases", []):
            self._exec(
                "INSERT INTO entity_aliases (entity_id, normalised, alias) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                (row["id"], normalised, alias),
            )
        for value in row.get("external_ids", []):
            self._exec(
                "INSERT INTO entity_external_ids (workspace, owner, visibility, external_id, entity_id)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (*scope, value, row["id"]),
            )
        for key in row.get("keys", []):
            self._exec(
                "INSERT INTO entity_blocking_keys (workspace, owner, visibility, key, entity_id)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (*scope, key, row["id"]),
            )
        return True

    def entity_scope(self, entity_id: str) -> tuple[str, str, str] | None:
        found = self._exec("SELECT workspace, owner, visibility FROM entities WHERE id = ?", (entity_id,))
        return (str(found[0][0]), str(found[0][1]), str(found[0][2])) if found else None

    def held_by(self, kind: HeldKind, item_id: str) -> tuple[str, str, str] | None:
        found = self._exec(_HELD_BY[kind], (item_id,))
        return (str(found[0][0]), str(found[0][1]), str(found[0][2])) if found else None

    def restore_edge(self, row: dict[str, Any]) -> bool:
        restored = bool(
            self._exec(
                "INSERT INTO entity_edges (id, src, relation, dst, provenance, valid_from, valid_to, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id",
                (
                    row["id"],
                    row["src"],
                    row["relation"],
                    row["dst"],
                    json.dumps(row["provenance"]) if row.get("provenance") else None,
                    time_text(row.get("valid_from")),
                    time_text(row.get("valid_to")),
                    time_text(row["created_at"]),
                ),
            )  # fmt: skip
        )
        for memory_id in row.get("sources") or () if restored else ():  # (their sources with them)
            self._exec(
                "INSERT INTO entity_edge_sources (edge_id, memory_id, stated_at) SELECT ?, m.id, ? FROM memories m"
                f" JOIN entities e ON e.id = ? WHERE m.id = ? AND {_SAME_SCOPE} ON CONFLICT DO NOTHING",
                (row["id"], time_text(row["created_at"]), row["src"], memory_id),
            )
        return restored

    def restore_link(self, memory_id: str, entity_id: str, role: LinkRole) -> bool:
        return bool(
            self._exec(
                "INSERT INTO memory_entity_links (entity_id, memory_seq, role) SELECT e.id, m.seq, ? FROM memories m"
                f" JOIN entities e ON e.id = ? WHERE m.id = ? AND {_SAME_SCOPE} ON CONFLICT DO NOTHING RETURNING role",
                (role, entity_id, memory_id),
            )
        )

    def restore_merge(self, workspace: str, row: dict[str, Any]) -> bool:
        def seq(memory_id: str) -> int | None:
            found = self._exec(
                f"SELECT m.seq FROM memories m JOIN entities e ON e.id = ? WHERE m.id = ? AND {_SAME_SCOPE}",
                (row["merged"], memory_id),
            )
            return int(found[0][0]) if found else None

        return bool(
            self._exec(
                "INSERT INTO entity_merges (id, workspace, into_id, merged_id, snapshot, actor, merged_at,"
                " unmerged_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id",
                (
                    row["id"],
                    workspace,
                    row["into"],
                    row["merged"],
                    json.dumps(snapshot_in(row["snapshot"], seq)),
                    row["actor"],
                    time_text(row["merged_at"]),
                    time_text(row.get("unmerged_at")),
                ),
            )  # fmt: skip
        )
