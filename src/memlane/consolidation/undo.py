"""Undoing consolidation: one merged cluster (``undo_cluster``), or a whole run in one call and one
transaction (``undo_run``): every memory it wrote gives its members back, and every entity it folded is
unmerged, the newest fold first. All or nothing: a refusal (a memory superseded since, an entity merged
further since, an item the caller may not change) rolls the whole undo back.

A run is recorded when it changes something (``storage.base.ConsolidationRun``). Items of the run that
were undone one by one since (``undo`` of a cluster, ``entities.unmerge`` of a fold) are skipped."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ..errors import InvalidInput, NotFound, UnknownMemory, typed
from ..graph.service import unmerge_in
from ..models import Actor, Memory, Visibility
from ..permissions import Change, check_change
from ..storage.base import Store, WriteTxn
from ..timeutil import iso_z, now_utc
from .report import ConsolidationUndo

__all__ = ["SOURCE", "reader_of", "undo_cluster", "undo_run"]

SOURCE = "consolidation"
_SYSTEM_USER = "memlane-consolidation"


def _seen_by(actor: Actor | None) -> str:
    """Whose reads an unknown id is answered for: the caller's (``visible to alice``, as every other
    unknown id is answered on every surface), or, for the store's operator (the embedded SDK and CLI
    without a user, who may undo any run), the whole store's. It said ``visible to memlane``, as if a
    user of that name had asked."""
    return f"visible to {actor.user}" if actor is not None else "in this store"


def undo_cluster(txn: WriteTxn, memory_id: str, actor: Actor | None, now: datetime) -> list[str]:
    """Reverse the consolidation that wrote ``memory_id`` inside ``txn``: its members are current again
    (ids returned) and it is deleted."""
    # (with an actor, read under the one read rule, which also leaves out an expired memory: one the
    # caller may not read must be answered as one that does not exist, never as "not a consolidation")
    merged = txn.find_by_id(memory_id) if actor is None else txn.get_for_update(actor, memory_id)
    if merged is None:
        raise UnknownMemory(f"no {typed('memory', memory_id)} {_seen_by(actor)}")
    members = (merged.provenance or {}).get("consolidated")
    if merged.source != SOURCE or not isinstance(members, list):
        raise InvalidInput(f"{memory_id} was not written by a consolidation: nothing to undo")
    if merged.superseded_by is not None:
        # the successor named only to who may read it (storage/version_links.py: a chain of two scopes)
        after = None if actor is None else txn.find_by_id(merged.superseded_by)
        by = f" by {merged.superseded_by}" if actor is None or (after and readable(actor, after)) else ""
        raise InvalidInput(f"{memory_id} has been superseded{by} since: undo that first")
    reader = reader_of(merged.workspace, merged.owner)
    if actor is not None:
        check_change(actor, [merged], Change.SUPERSEDE)
    # back into their own chains (still superseded, so the new item stays the only current one of its
    # text), then the new item goes, then they are current again
    moves = _moves(txn, merged, members)
    olds = {v: txn.find_by_id(v) for v, _ in moves}
    txn.relink(
        [
            (v, chain, old.superseded_by, old.superseded_at)
            for v, chain in moves
            if (old := olds[v]) is not None
        ],
        now,
    )
    txn.delete_chains(reader, [memory_id])
    heads = [str(m["id"]) for m in members if isinstance(m, dict) and olds.get(str(m.get("id"))) is not None]
    txn.relink([(h, dict(moves)[h], None, None) for h in heads], now)
    txn.audit(actor or reader, "consolidation_undo", memory_id, {"restored": heads})
    return heads


def _moves(txn: WriteTxn, merged: Memory, members: list[Any]) -> list[tuple[str, str]]:
    """(version, the chain it goes back to) of each member version ``merged``'s provenance names that
    the consolidation did move: a version in ``merged``'s own chain, of its workspace, owner and
    visibility, going back to a chain no other scope's memory roots. The provenance is text any store
    may carry (``source`` and ``provenance`` are a store's fields), so an id in it may be anyone's: one
    that is not such a version is left alone, as one forgotten since is (the same answer)."""
    chain = txn.chain_id_of(merged.id)
    scope = (merged.workspace, merged.owner, str(merged.visibility))
    moves: list[tuple[str, str]] = []
    for member in members:
        if not isinstance(member, dict) or not isinstance(member.get("chain_id"), str):
            continue
        target = str(member["chain_id"])
        if txn.held_by("memory", target) not in (None, scope):
            continue
        for version in member.get("versions", [member.get("id")]):
            old = txn.find_by_id(str(version)) if version != merged.id else None
            if old is not None and txn.chain_id_of(old.id) == chain and _scope(old) == scope:
                moves.append((old.id, target))
    return moves


def _scope(m: Memory) -> tuple[str, str, str]:
    return (m.workspace, m.owner, str(m.visibility))


def undo_run(store: Store, run_id: str, actor: Actor | None) -> ConsolidationUndo:
    """Reverse consolidation run ``run_id`` in one transaction: with an actor, only a run of its workspace
    whose every memory and entity it may change (as ``undo`` and ``unmerge`` ask); without one (the
    operator), any run."""
    now = now_utc()
    missing = NotFound(f"no {typed('consolidation run', run_id)} {_seen_by(actor)}")
    with store.write() as txn:
        run = txn.consolidation_run_for_update(run_id)
        if run is None or (actor is not None and run.workspace not in (None, actor.workspace)):
            raise missing
        if run.undone_at is not None:
            raise InvalidInput(f"consolidation run {run_id} was undone already ({iso_z(run.undone_at)})")
        restored: list[str] = []
        undone: list[str] = []
        seen = False  # whether anything of the run is the caller's to see (else the run is not either)
        for memory_id in run.clusters:
            found = txn.find_by_id(memory_id)
            if found is None or (found.expires_at is not None and found.expires_at <= now):
                continue  # undone by itself since (or forgotten, or expired): nothing of it to bring back
            try:
                restored.extend(undo_cluster(txn, memory_id, actor, now))
            except UnknownMemory:  # not the caller's to see: neither is the run (nor that memory's id)
                raise missing from None
            seen = True
        for merge_id, workspace, owner in reversed(run.folds):  # the newest fold first
            changer = actor if actor is not None else reader_of(workspace, owner)
            seen = True
            try:
                unmerge_in(txn, changer, merge_id, now)
            except NotFound:
                if not _unmerged_already(store, changer, merge_id):
                    raise missing from None
                continue
            undone.append(merge_id)
        if actor is not None and not seen and run.actor != actor.user:
            # nothing of it is left to tell whose it was (forgotten or expired since): a run of
            # another's is theirs, and answered as one that does not exist
            raise missing
        txn.mark_consolidation_run_undone(run_id, now)
        txn.audit(actor or Actor(user=_SYSTEM_USER), "consolidation_run_undo", None,
                  {"run": run_id, "restored": restored, "unmerged": undone})  # fmt: skip
    return ConsolidationUndo(run=run_id, restored=tuple(restored), unmerged=tuple(undone))


def _unmerged_already(store: Store, actor: Actor, merge_id: str) -> bool:
    """Whether the merge is one ``actor`` sees and was undone since (by ``entities.unmerge``)."""
    found = store.entity_merges(actor, merge_id=merge_id, limit=1)
    return bool(found) and found[0].merge.unmerged_at is not None


def readable(actor: Actor, m: Memory) -> bool:
    """The one read rule (``Actor.readable_shared_owners``), for an item already in hand."""
    if m.workspace != actor.workspace:
        return False
    if m.owner == actor.owner:
        return True
    return m.visibility is Visibility.SHARED and m.owner in actor.readable_shared_owners()


def reader_of(workspace: str, owner: str) -> Actor:
    """An actor that reads (and may supersede) what ``owner`` owns in ``workspace``."""
    kind, _, name = owner.partition(":")
    if kind == "user":
        return Actor(user=name, workspace=workspace)
    if kind == "team":
        return Actor(user=_SYSTEM_USER, workspace=workspace, teams=(name,))
    if kind == "agent":
        return Actor(user=_SYSTEM_USER, workspace=workspace, agent=name)
    return Actor(user=_SYSTEM_USER, workspace=workspace)
