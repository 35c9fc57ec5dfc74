"""memlane's own export and its restore (docs/import.md, "memlane's export format").

``export_lines`` writes every memory the caller can read (current, superseded and archived versions,
every field) as JSON Lines after a versioned header, then the entity graph (``transfer_graph``).
``restore`` puts an export back: the same times, version links, states and counters, one transaction,
under the same rules as every store (the secrets scan, validation, and owners the caller may write for).
Chains that are already there (an id in the scope the chain is restored in, or a current version there
with the same statement) are counted as duplicates, so restoring twice, or into a store that holds some
of it, adds nothing. Ids are looked up only in that scope, and every chain that is not there is restored
under ids of that scope (``ids.scoped_id``, listed in ``remapped``), whether its own ids are free or held
elsewhere (another user's, another workspace's): what is restored, where, and the answer never depend on
what the caller may not see.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from datetime import datetime
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from . import text
from .errors import Forbidden, InvalidInput
from .ids import new_id, scoped_id
from .importers import Batch
from .importers.memlane_format import FORMAT, VERSION
from .messages import problems
from .models import Actor, ImportResult, Memory, State
from .permissions import restored_author
from .requests import check_storable, space_form, validate_store
from .secrets import scan_fields
from .storage.base import NewMemory
from .timeutil import now_utc, parse_time
from .transfer_graph import graph_lines, restore_graph

if TYPE_CHECKING:
    from .service import MemoryService

__all__ = ["export_lines", "restore"]

_PAGE = 500


def export_lines(
    service: MemoryService, actor: Actor, *, exported_at: datetime | None = None
) -> Iterator[str]:
    """The export, one JSON line at a time (the header first); pages through the store, newest first."""
    memories: list[Memory] = []
    cursor = None
    while True:
        page, cursor = service.list_page(actor=actor, limit=_PAGE, cursor=cursor, space="*",
                                         include_history=True, states=list(State))  # fmt: skip
        memories.extend(page)
        if cursor is None:
            break
    graph = list(graph_lines(service, actor))
    header = {"format": FORMAT, "version": VERSION, "exported_at": (exported_at or now_utc()).isoformat(),
              "workspace": actor.workspace, "user": actor.user, "count": len(memories),
              "graph_count": len(graph)}  # fmt: skip
    yield json.dumps(header, ensure_ascii=False)
    for memory in reversed(memories):  # oldest first
        yield json.dumps({"memory": memory.model_dump(mode="json")}, ensure_ascii=False)
    yield from graph


def _check(record: dict[str, Any], number: int, actor: Actor) -> tuple[Memory | None, dict[str, Any] | None]:
    where = {"line": number, "id": record.get("id")}
    finding = scan_fields(record)
    if finding is not None:
        return None, {**where, "reason": finding.message()}
    try:
        memory = Memory.model_validate({**record, "workspace": actor.workspace})
    except ValidationError as exc:
        return None, {**where, "reason": problems(exc)}
    try:
        # every field a store checks, checked the same way (text both backends store, times within the
        # range memlane stores, lengths); the rest of the record's text and times as well
        validate_store({"content": memory.content, "subject": memory.subject, "space": memory.space,
                        "source": memory.source, "related_user": memory.related_user, "data": memory.data,
                        "provenance": memory.provenance, "valid_from": memory.valid_from,
                        "valid_to": memory.valid_to, "observed_at": memory.observed_at})  # fmt: skip
        for name, value in record.items():
            check_storable(value, name)
        for name in _TIMES:
            parse_time(getattr(memory, name), name)
        for name in _IDS:
            value = getattr(memory, name)
            if value is not None and not 0 < len(value) <= _MAX_ID_CHARS:
                raise InvalidInput(f"{name}: 1 to {_MAX_ID_CHARS} characters")
        from .service import _owner_of

        req = validate_store(
            {"content": memory.content, "owner": memory.owner, "visibility": str(memory.visibility)}
        )
        if _owner_of(req, actor) != (memory.owner, memory.visibility):
            raise Forbidden(f"{actor.user} cannot write a {memory.visibility} memory owned by {memory.owner}")
        # (an older memlane's export may hold a space not in NFC: restored in the form memlane keeps it)
        memory = memory.model_copy(
            update={"author": restored_author(actor, memory), "space": space_form(memory.space)}
        )
    except (InvalidInput, Forbidden) as exc:
        return None, {**where, "reason": str(exc)}
    return memory, None


#: a memory's times and ids that its store request does not carry (``_check``)
_TIMES = ("superseded_at", "last_accessed_at", "expires_at", "created_at", "updated_at")
_IDS = ("id", "replaces", "superseded_by", "profile_id", "author", "embedding_model")
#: as an entity's id in the export (``transfer_graph``); memlane's own ids are 36 characters
_MAX_ID_CHARS = 200


def _chains(memories: list[Memory]) -> list[list[Memory]]:
    by_id = {m.id: m for m in memories}
    roots = [m for m in memories if m.replaces is None or m.replaces not in by_id]
    successor = {m.replaces: m for m in memories if m.replaces in by_id}
    chains, seen = [], set()
    for root in roots:
        chain: list[Memory] = []
        node: Memory | None = root
        while node is not None and node.id not in seen:
            seen.add(node.id)
            chain.append(node)
            node = successor.get(node.id)
        chains.append(chain)
    chains += [[m] for m in memories if m.id not in seen]  # links in a cycle: each on its own
    return chains


def _one_scope(
    chains: list[list[Memory]], lines: dict[int, int], invalid: list[dict[str, Any]]
) -> list[list[Memory]]:
    """The chains whose versions share one owner and visibility, as every chain a store makes does (a new
    version keeps them: ``MemoryService._replaces_target``); each version of any other chain is reported
    invalid. A file linking a shared version to a personal one would otherwise let whoever reads the
    shared one supersede, and be answered with, the chain's current version, which they cannot read."""
    kept = []
    for chain in chains:
        scopes = sorted({f"{m.visibility} owned by {m.owner}" for m in chain})
        if len(scopes) == 1:
            kept.append(chain)
            continue
        reason = (f"its version chain mixes owners or visibilities ({'; '.join(scopes)}): every version of a"
                  " chain keeps one owner and visibility")  # fmt: skip
        invalid += [{"line": lines[id(m)], "id": m.id, "reason": reason} for m in chain]
    return kept


def restore(
    service: MemoryService,
    batch: Batch,
    actor: Actor,
    progress: Callable[[str, int, int], None] | None = None,
) -> ImportResult:
    """Restore a memlane export as it was; ``progress("storing", memories done, in all)`` per chain."""
    invalid: list[dict[str, Any]] = []
    checked: list[tuple[int, Memory]] = []
    for number, record in enumerate(batch.records, start=2):
        memory, problem = _check(record, number, actor)
        if problem is not None:
            invalid.append(problem)
        elif memory is not None:
            checked.append((number, memory))
    chains = _one_scope(_chains([m for _, m in checked]), {id(m): n for n, m in checked}, invalid)
    memories = [m for chain in chains for m in chain]
    embedder = service.embedder
    vectors = service._embed([m.content for m in memories]) if embedder is not None else None
    vector_of = {m.id: vectors[i] for i, m in enumerate(memories)} if vectors is not None else {}
    imported = duplicates = 0
    same: dict[str, str] = {}  # an exported memory id -> the id of the same memory already in the store
    remapped: dict[str, str] = {}  # an exported memory id -> the new id it is restored under
    done = 0
    with service.storage.write() as txn:
        for chain in chains:
            if progress is not None:
                progress("storing", done, len(memories))
            done += len(chain)
            current = next((m for m in chain if m.superseded_by is None), None)
            digest = text.content_hash(current.content) if current else ""
            held = (
                None
                if current is None
                else txn.find_current_by_hash(
                    actor.workspace,
                    current.owner,
                    str(current.visibility),
                    current.space or "",
                    digest,
                    now_utc(),
                    profile_id=current.profile_id,
                )
            )
            # The chain is here already when one of its ids is in the scope it is restored in (restored
            # before under its own id, or under the id this restore gives it), or its statement is.
            scoped = {m.id: scoped_id(m.id, _scope(m, actor)) for m in chain}
            here = {
                m.id: new
                for m in chain
                for new in (m.id, scoped[m.id])
                if txn.held_by("memory", new) == _scope(m, actor)
            }
            if held is not None or here:
                if held is not None and current is not None:
                    same[current.id] = held.id
                same.update({old: new for old, new in here.items() if old != new})
                duplicates += len(chain)
                continue
            # Every other chain is restored whole under ids of its scope (``scoped_id``), whether or not
            # its own ids are free: an id held by another user's or another workspace's memory must not
            # change where, or whether, anything is restored, nor the answer (docs/import.md). A scoped
            # id held outside the scope is a hash collision: practically never.
            fresh = {
                old: new if txn.held_by("memory", new) is None else new_id() for old, new in scoped.items()
            }
            remapped.update(fresh)
            same.update(fresh)
            for m in (_renamed(m, fresh) for m in chain):
                vector = vector_of.get(m.id)
                update: dict[str, Any] = {
                    "embedding_model": embedder.identity if vector is not None and embedder else None
                }
                if m.state is not State.ARCHIVED:
                    update["state"] = State.INDEXED if vector is not None else State.NEW
                row_memory = m.model_copy(update=update)
                keys, fts = _index(m)
                seq = txn.insert(NewMemory(memory=row_memory, chain_id=fresh.get(chain[0].id, chain[0].id), content_hash=text.content_hash(m.content),
                                           entity_keys=keys, vector=vector, fts_subject=m.subject.name if m.subject else "",
                                           fts_content=fts))  # fmt: skip
                # the export holds its exporter's own access counts: they come back as the caller's own
                if seq is not None:
                    txn.add_access(actor.user, [(seq, m.access_count, m.last_accessed_at)])
                txn.audit(actor, "import", m.id, {"source": m.source, "from": "memlane-export"})
                imported += 1
        if progress is not None:
            progress("storing", done, len(memories))
        graph = restore_graph(txn, actor, batch.graph, same, invalid) if batch.graph else None
    return ImportResult(
        vendor="memlane", imported=imported, skipped_duplicates=duplicates, skipped_invalid=tuple(invalid),
        graph=graph, remapped=remapped, warnings=_shortfalls(batch),
    )  # fmt: skip


def _shortfalls(batch: Batch) -> tuple[dict[str, Any], ...]:
    """Where the file holds fewer memory or graph lines than its header announces: an export cut short
    at a line's end (a copy or download that stopped) reads as a valid file, and is restored as it is,
    so the answer says so. A file edited by hand to leave lines out is short as well, and is told the same."""
    held = {"memories": len(batch.records), "graph": len(batch.graph)}
    named = {"memories": "memories", "graph": "entity graph lines"}
    found = []
    for kind, read in held.items():
        expected = batch.announced.get(kind)
        if expected is not None and read < expected:
            reason = (f"the file holds {read:,} of the {expected:,} {named[kind]} its header announces (cut"
                      f" short, or edited): the {expected - read:,} missing were not restored")  # fmt: skip
            found.append({"kind": kind, "expected": expected, "read": read, "reason": reason})
    return tuple(found)


def _scope(m: Memory, actor: Actor) -> tuple[str, str, str]:
    """Where ``m`` is restored: an id held there is ``m`` restored before (a memory the caller can read)."""
    return (actor.workspace, m.owner, str(m.visibility))


def _renamed(m: Memory, fresh: dict[str, str]) -> Memory:
    """``m`` under its new id, its version links following the chain's new ids."""
    links = {key: fresh.get(value, value) for key in ("id", "replaces", "superseded_by")
             if (value := getattr(m, key)) is not None}  # fmt: skip
    return m.model_copy(update=links)


def _index(m: Memory) -> tuple[frozenset[str], str | None]:
    from .indexing import index_fields

    return index_fields(m.content, m.subject, m.observed_at)
