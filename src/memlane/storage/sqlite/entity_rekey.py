"""SQLite's side of re-keying entities (``EntityRekeyWrites``): read current entities with their lookup
keys in seq order, and replace an entity's keys. Mirrors ``storage/postgres/entity_rekey.py``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...models import Entity
from .entities import _ENTITY, _entities, _marks


class EntityRekeyOps:
    """``EntityRekeyWrites`` for the SQLite write transaction (``EntityWriteOps`` gives ``_run`` and
    ``_forget_all``, which empties the entity cache and increments the entity generation)."""

    cur: Any

    def entities_after(self, after_seq: int, limit: int) -> list[tuple[int, Entity, frozenset[str]]]:
        run = self._run  # type: ignore[attr-defined]
        rows = run(
            f"SELECT {_ENTITY}, e.seq FROM entities e WHERE e.seq > ? AND e.merged_into IS NULL"
            " ORDER BY e.seq LIMIT ?",
            (after_seq, limit),
        )
        entities = _entities(run, rows)
        keys: dict[str, set[str]] = {e.id: set() for e in entities}
        if entities:
            for entity_id, key in run(
                f"SELECT entity_id, key FROM entity_blocking_keys WHERE entity_id IN ({_marks(list(keys))})",
                list(keys),
            ):
                keys[str(entity_id)].add(str(key))
        return [(int(r[11]), e, frozenset(keys[e.id])) for r, e in zip(rows, entities, strict=True)]

    def entity_memories(self, entity_ids: Sequence[str]) -> list[tuple[str, int, str]]:
        if not entity_ids:
            return []
        run = self._run  # type: ignore[attr-defined]
        rows = run(
            "SELECT l.entity_id, m.seq, m.content FROM memory_entity_links l CROSS JOIN memories m"
            f" ON m.seq = l.memory_seq WHERE l.entity_id IN ({_marks(list(entity_ids))}) AND l.role = 'mention'"
            " ORDER BY m.seq, l.entity_id",
            list(entity_ids),
        )
        return [(str(r[0]), int(r[1]), str(r[2])) for r in rows]

    def replace_entity_keys(self, entity: Entity, add: Sequence[str], remove: Sequence[str]) -> None:
        run = self._run  # type: ignore[attr-defined]
        for key in remove:
            run("DELETE FROM entity_blocking_keys WHERE entity_id = ? AND key = ?", (entity.id, key))
        self.cur.executemany(
            "INSERT INTO entity_blocking_keys (workspace, owner, visibility, key, entity_id)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            [(entity.workspace, entity.owner, str(entity.visibility), key, entity.id) for key in add],
        )
        self._forget_all()  # type: ignore[attr-defined]

    def entity_key_rules(self) -> int | None:
        rows = self._run("SELECT fingerprint FROM entity_key_rules WHERE id = 1")  # type: ignore[attr-defined]
        return int(rows[0][0]) if rows else None

    def set_entity_key_rules(self, fingerprint: int) -> None:
        self._run(  # type: ignore[attr-defined]
            "INSERT INTO entity_key_rules (id, fingerprint) VALUES (1, ?)"
            " ON CONFLICT (id) DO UPDATE SET fingerprint = excluded.fingerprint",
            (fingerprint,),
        )
