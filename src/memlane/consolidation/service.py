"""Consolidation: near-duplicate current memories become one, and duplicate entities one node.

``consolidate`` is the one entry point (``MemoryService.consolidate`` for the surfaces, the nightly job
for the whole store). For each cluster found by ``duplicates.near_duplicate_clusters`` it writes (in one
transaction per batch of clusters, ``BATCH_MEMBERS``: a crash leaves every cluster merged or untouched,
never half merged):

- a **new memory** with the wording of the member that says the most without fillers, its leading
  "FYI," / "Actually," dropped (``wording.kept_wording``; on a tie the fewest fillers, then the newest), the
  group's owner, visibility, space and subject, the highest importance and confidence, the newest
  observation time, ``source`` ``consolidation`` and in ``provenance.consolidated`` every member's id,
  content, source, observation time, provenance and version chain;
- every member becomes **history** of it: superseded by the new memory, its version chain moved into
  the new memory's chain (``history`` of the new memory lists them all). Nothing is deleted.

``undo`` reverses one consolidated memory: the members' chains and current state come back and the
consolidated memory is deleted (refused once it has been superseded itself). Entities of one scope and
type whose normalised names are equal are folded together with the entity graph's own merge, which
keeps every alias and is undone with ``entities.unmerge``.

Who may consolidate what: with an actor, the memories that actor may *supersede* (``permissions``) in
its workspace — its own, and for an admin the workspace's shared ones too; without one (the operator's
nightly run, the embedded ``memlane consolidate``) every memory of the store or of one workspace.
"""

from __future__ import annotations

import time
from array import array
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import text
from ..errors import MemlaneError
from ..graph.service import EntityService
from ..ids import new_id
from ..indexing import index_fields
from ..models import Actor, Entity, Memory, State
from ..permissions import Change, check_entity_change, refusal
from ..providers.llm.base import LLM
from ..storage.base import ConsolidationRun, Merge, NewMemory, Store
from ..storage.entity_names import alias_pairs
from ..timeutil import now_utc
from .alignment import WordVectors, for_embedder
from .confirmation import MAX_BLOCK, join_confirmed, near_keys
from .duplicates import group_key, near_duplicate_clusters, statement_signature
from .judge import join_judged
from .lexicon import SENSES
from .paraphrases import ALIGN, HYPERNYMS, KIN, THRESHOLD, join_paraphrases
from .report import ConsolidationReport, ConsolidationUndo, EntityFold, JudgeOutcome, MergedCluster
from .undo import SOURCE, undo_cluster, undo_run
from .undo import readable as _readable
from .undo import reader_of as _reader_of
from .wording import kept_wording

__all__ = ["SOURCE", "ConsolidationService"]

#: members per write transaction: many clusters share its fixed number of statements (round trips on
#: PostgreSQL), and each holds a chain lock until COMMIT (PostgreSQL's shared lock table holds 6,400 by
#: default: ``max_locks_per_transaction`` 64 x 100 connections)
BATCH_MEMBERS = 500


class ConsolidationService:
    def __init__(
        self,
        store: Store,
        entities: EntityService,
        embed: Callable[[Sequence[str]], npt.NDArray[np.float32] | None],
        model: Callable[[], str | None],
        home: Path | None = None,
    ):
        self.storage = store
        self._entities = entities
        self._embed = embed
        self._model = model
        #: also merge paraphrases the embedder proposes (``paraphrases``; ``MEMLANE_CONSOLIDATE_PARAPHRASES``)
        self.paraphrases = False
        #: members merged per write transaction (``BATCH_MEMBERS``)
        self.batch_members = BATCH_MEMBERS
        #: the paraphrase rule's constants (``paraphrases.THRESHOLD``, ``HYPERNYMS``, ``lexicon.SENSES``); set by the
        #: benchmark's leave-one-set-out calibration only
        self.paraphrase_threshold = THRESHOLD
        self.paraphrase_senses = SENSES
        self.paraphrase_hypernyms = HYPERNYMS
        #: contextual word alignment (``alignment``; ``paraphrases.ALIGN``, ``KIN``): None aligns nothing
        self.paraphrase_align: float | None = ALIGN
        self.paraphrase_kin = KIN
        #: the paraphrase mode reads each statement's vector stored with its memory when it is of the
        #: configured embedder's model (``Store.vectors_of``), and embeds only the others; False embeds
        #: them all again (the benchmark's before / after)
        self.stored_vectors = True
        self._home = home
        self._words: WordVectors | None = None
        self._words_of: str | None = None
        #: the LLM that confirms paraphrase candidates (``judge``; ``MEMLANE_CONSOLIDATE_JUDGE=llm``),
        #: built on first use; None: the offline rule confirms them
        self.judge: Callable[[], LLM | None] | None = None
        self._judge_llm: LLM | None = None

    def consolidate(
        self, actor: Actor | None = None, *, workspace: str | None = None, dry_run: bool = False
    ) -> ConsolidationReport:
        """Merge near-duplicate current memories and fold duplicate entities (module docstring): of
        what ``actor`` may supersede in its workspace, or, with no actor, of the whole store (or of
        ``workspace``). ``dry_run``: report the clusters, change nothing."""
        started = time.perf_counter()
        now = now_utc()
        if actor is not None:
            workspace = actor.workspace

        def eligible(m: Memory) -> bool:
            return _eligible(m, actor, workspace, now)

        judged: JudgeOutcome | None = None
        if self.paraphrases and self._model() is not None:  # paraphrases with other words too
            candidates = [m for m in self.storage.iter_all(actor=actor) if eligible(m)]
            examined, owners = len(candidates), {(m.workspace, m.owner) for m in candidates}
            words = self._word_vectors() if self.paraphrase_align is not None else None
            rules = (self.paraphrase_threshold, self.paraphrase_senses, self.paraphrase_hypernyms, words,
                     self.paraphrase_align or ALIGN, self.paraphrase_kin)  # fmt: skip
            llm = self._llm()
            embed = self._stored_or_embedded(candidates)
            if llm is not None:
                clusters, judged = join_judged(
                    candidates, near_duplicate_clusters(candidates), embed, llm, *rules
                )
            else:
                clusters = join_paraphrases(candidates, near_duplicate_clusters(candidates), embed, *rules)
        else:
            candidates, examined, owners, read = self._sharing_a_signature(eligible, actor)
            clusters = word_rule(candidates, read)
            del read
        del candidates
        merged = [self._plan(c) for c in clusters] if dry_run else self._merge_all(clusters, actor, now)
        readers = (
            [(actor, actor)]
            if actor is not None
            else [(r, r) for r in (_reader_of(ws, owner) for ws, owner in sorted(owners))]
        )
        scopes: dict[str, tuple[str, str]] = {}  # merge id: the (workspace, owner) it was folded in
        folds = self._fold_entities(readers, dry_run, per_owner=actor is None, scopes=scopes)
        done = tuple(c for c in merged if c is not None)
        run = None
        if not dry_run and (done or folds):  # recorded, so that one call undoes it (``undo_run``)
            run = new_id()
            with self.storage.write() as txn:
                txn.save_consolidation_run(
                    ConsolidationRun(
                        id=run, workspace=workspace, actor=actor.user if actor else None, at=now,
                        clusters=tuple(c.id for c in done if c.id is not None),
                        folds=tuple((f.merge_id, *scopes[f.merge_id]) for f in folds if f.merge_id),
                    )
                )  # fmt: skip
        return ConsolidationReport(
            dry_run=dry_run,
            run=run,
            examined=examined,
            clusters=done,
            entities=tuple(folds),
            seconds=time.perf_counter() - started,
            judge=judged,
        )

    def _llm(self) -> LLM | None:
        if self.judge is not None and self._judge_llm is None:
            self._judge_llm = self.judge()
        return self._judge_llm

    def _stored_or_embedded(
        self, memories: Sequence[Memory]
    ) -> Callable[[Sequence[str]], npt.NDArray[np.float32] | None]:
        """The embedder for the paraphrase mode's texts: a text that is the content of one of
        ``memories`` whose stored vector is of the configured model is read from the store
        (``Store.vectors_of``: what storing it computed), any other text (a pronoun read as the
        person's name, a memory stored without a vector or with another model's) is embedded. Also the
        merged memory's vector: its wording is a member's."""
        model = self._model()
        if not self.stored_vectors or model is None:
            return self._embed
        holder: dict[str, str] = {}  # content: the id of a memory of it that has a vector of the model
        for m in memories:
            if m.embedding_model == model:
                holder.setdefault(m.content, m.id)

        def embed(texts: Sequence[str]) -> npt.NDArray[np.float32] | None:
            if not texts:
                return self._embed(texts)
            wanted = {t: holder[t] for t in dict.fromkeys(texts) if t in holder}
            stored = self.storage.vectors_of(list(wanted.values()), model) if wanted else {}
            known = {t: stored[i] for t, i in wanted.items() if i in stored}
            missing = [t for t in dict.fromkeys(texts) if t not in known]
            if missing:
                fresh = self._embed(missing)
                if fresh is None:
                    return None
                known.update(zip(missing, np.asarray(fresh, dtype=np.float32), strict=True))
            if len({len(v) for v in known.values()}) != 1:  # (a model whose size changed: embed all)
                return self._embed(texts)
            return np.stack([known[t] for t in texts])

        return embed

    def _word_vectors(self) -> WordVectors | None:
        """The contextual word vectors of the configured embedder's model, kept for the next run."""
        identity = self._model()
        if self._words is None or self._words_of != identity:
            self._words, self._words_of = for_embedder(identity, self._home), identity
        return self._words

    def _sharing_a_signature(
        self, eligible: Callable[[Memory], bool], actor: Actor | None
    ) -> tuple[list[Memory], int, set[tuple[str, str]], dict[str, frozenset[str] | None]]:
        """The eligible memories whose group and signature another eligible one shares, or whose group
        and signature less up to two words (``confirmation.near_keys``) another shares in a block
        ``join_confirmed`` reads (at most ``confirmation.MAX_BLOCK`` memories): the only ones that can be
        in a cluster; how many were eligible, and their (workspace, owner) pairs. Two streamed reads, so
        that only those are held in memory, not the whole store (110k memories held took ~0.8 GB): the
        first pass over the store keeps a hash of each one's keys, then the memories one of whose hashes
        another shares are read again by id (a hash collision only reads one more: ``word_rule``
        compares the signatures themselves). A memory stored between the two reads is the next run's;
        one changed between them is checked again. Last, the signatures the first pass read of those
        memories, by id (``word_rule`` reads them once, not twice: a signature costs ~0.6 ms)."""
        ids: list[str] = []
        # per memory: a hash of its content and owner, its signature
        read: list[tuple[int, frozenset[str]]] = []
        exact = array("q")  # per memory: a hash of its group and signature
        near, near_of = array("q"), array("q")  # per key: a hash of group and key, the memory's row
        owners: set[tuple[str, str]] = set()
        examined = 0
        for m in self.storage.iter_all(actor=actor):  # (a key's: what it may read, in the query)
            if eligible(m):
                examined += 1
                owners.add((m.workspace, m.owner))
                words = statement_signature(m)
                if words is not None:
                    group = group_key(m)
                    exact.append(hash((group, words)))
                    for k in near_keys(words):
                        near.append(hash((group, k)))
                        near_of.append(len(ids))
                    ids.append(m.id)
                    read.append((hash((m.content, m.owner)), words))
        if not ids:
            return [], examined, owners, {}
        _, row, counts = np.unique(
            np.frombuffer(exact, dtype=np.int64), return_inverse=True, return_counts=True
        )
        keep = counts[row] > 1
        if near:
            _, row, counts = np.unique(
                np.frombuffer(near, dtype=np.int64), return_inverse=True, return_counts=True
            )
            shared = (counts[row] > 1) & (counts[row] <= MAX_BLOCK)
            keep[np.frombuffer(near_of, dtype=np.int64)[shared]] = True
        rows = np.flatnonzero(keep)
        kept = [ids[i] for i in rows]
        if not kept:
            return [], examined, owners, {}
        first = {ids[i]: read[i] for i in rows}
        del read
        memories = [m for m in self.storage.iter_all(kept, actor=actor) if eligible(m)]
        # a memory changed between the two reads has its signature read again (``word_rule``)
        signatures: dict[str, frozenset[str] | None] = {
            m.id: words
            for m in memories
            for written, words in (first[m.id],)
            if hash((m.content, m.owner)) == written
        }
        return memories, examined, owners, signatures

    def undo(self, memory_id: str, actor: Actor | None = None) -> list[str]:
        """Reverse the consolidation that wrote ``memory_id``: its members are current again (ids
        returned) and it is deleted."""
        with self.storage.write() as txn:
            return undo_cluster(txn, memory_id, actor, now_utc())

    def undo_run(self, run_id: str, actor: Actor | None = None) -> ConsolidationUndo:
        """Reverse a whole run in one call and one transaction (``undo.undo_run``): every memory it
        wrote and every entity it folded."""
        return undo_run(self.storage, run_id, actor)

    # -- memories -------------------------------------------------------------------------------------

    @staticmethod
    def _plan(cluster: list[Memory], new: str | None = None) -> MergedCluster:
        head = _representative(cluster)
        return MergedCluster(
            id=new,
            content=head.content,
            merged=tuple(m.id for m in cluster),
            workspace=head.workspace,
            owner=head.owner,
            visibility=str(head.visibility),
            space=head.space,
        )

    def _merge_all(
        self, clusters: list[list[Memory]], actor: Actor | None, now: datetime
    ) -> list[MergedCluster | None]:
        heads = [_representative(c) for c in clusters]  # its vector is the kept wording's, stored or not
        vectors = self._stored_or_embedded(heads)([h.content for h in heads]) if clusters else None
        model = self._model() if vectors is not None else None
        out: list[MergedCluster | None] = [None] * len(clusters)
        for batch in _batches(clusters, self.batch_members):
            items = [(i, clusters[i], vectors[i] if vectors is not None else None) for i in batch]
            try:
                done = self._merge_batch(items, actor, now, model)
            except _Retry:  # a concurrent writer stored one's text: each alone, that one left for next run
                done = {}
                for item in items:
                    try:
                        done.update(self._merge_batch([item], actor, now, model))
                    except _Retry:
                        continue
            for i, merged in done.items():
                out[i] = merged
        return out

    def _merge_batch(
        self,
        items: list[tuple[int, list[Memory], npt.NDArray[np.float32] | None]],
        actor: Actor | None,
        now: datetime,
        model: str | None,
    ) -> dict[int, MergedCluster]:
        """Merge clusters in one transaction, all of them or none (a crash leaves no cluster half
        merged): one read of every member's chain (locked on PostgreSQL until commit), then one write
        of them all. A cluster whose member changed since it was read is left for the next run."""
        with self.storage.write() as txn:
            ids: dict[Actor, list[str]] = defaultdict(list)
            for _, cluster, _ in items:
                ids[_reader(_representative(cluster))].extend(m.id for m in cluster)
            found: dict[str, tuple[str, list[Memory]]] = {}
            for reader, member_ids in ids.items():
                found.update(txn.chains_of(reader, member_ids))
            merges: list[Merge] = []
            done: dict[int, MergedCluster] = {}
            for i, cluster, vector in items:
                if not all(_current(found.get(m.id), m.id) for m in cluster):
                    continue  # changed since it was read: left for the next run
                merge = _merge(cluster, found, now, vector, model)
                merges.append(merge)
                done[i] = self._plan(cluster, merge.row.memory.id)
                txn.audit(
                    actor or _reader(_representative(cluster)),
                    "consolidate",
                    merge.row.memory.id,
                    {"merged": list(merge.members)},
                )
            if any(seq is None for seq in txn.write_merges(merges, now)):
                raise _Retry  # a concurrent writer stored one's text meanwhile (PostgreSQL)
        return done

    # -- entities -------------------------------------------------------------------------------------

    def _fold_entities(
        self,
        readers: list[tuple[Actor, Actor]],
        dry_run: bool,
        *,
        per_owner: bool,
        scopes: dict[str, tuple[str, str]] | None = None,
    ) -> list[EntityFold]:
        """Entities of one scope and type whose normalised names are equal: each later one is folded
        into the oldest (the entity graph's merge), as far as the changing actor may. ``per_owner``:
        each reader stands for one owner and folds that owner's entities only. ``scopes`` gets each
        merge's (workspace, owner), whose reader undoes it for the operator."""
        folds: list[EntityFold] = []
        for reader, changer in readers:
            groups: dict[tuple[Any, ...], list[Entity]] = defaultdict(list)
            for entity in _all_entities(self._entities, reader):
                if not per_owner or entity.owner == reader.owner or _owner_reader(entity, reader):
                    groups[_entity_key(entity)].append(entity)
            for group in groups.values():
                group.sort(key=lambda e: (e.created_at, e.id))
                for other in group[1:]:
                    if _different_ids(group[0], other):  # one name, two records: two things
                        continue
                    try:
                        check_entity_change(changer, group[0])
                        check_entity_change(changer, other)
                        merge_id = (
                            None if dry_run else self._entities.merge(changer, group[0].id, other.id).id
                        )
                    except MemlaneError:  # not this actor's to change: left as it is
                        continue
                    folds.append(
                        EntityFold(into=group[0].id, merged=other.id, name=other.name, merge_id=merge_id)
                    )
                    if merge_id is not None and scopes is not None:
                        scopes[merge_id] = (group[0].workspace, group[0].owner)
        return folds


class _Retry(Exception):
    """A concurrent writer got there first: the cluster's transaction is rolled back."""


def word_rule(
    memories: Sequence[Memory], read: Mapping[str, frozenset[str] | None] | None = None
) -> list[list[Memory]]:
    """The word rule's clusters of ``memories``: near-duplicates (``duplicates.near_duplicate_clusters``)
    joined where statements one word apart are confirmed as one (``confirmation.join_confirmed``).
    ``read``: signatures (``duplicates.statement_signature``) already read, by id."""
    read = read or {}
    signatures = {m.id: read[m.id] if m.id in read else statement_signature(m) for m in memories}
    return join_confirmed(memories, near_duplicate_clusters(memories, signatures), signatures)


def _eligible(m: Memory, actor: Actor | None, workspace: str | None, now: datetime) -> bool:
    if m.superseded_by is not None or m.state is State.ARCHIVED:
        return False
    if m.expires_at is not None and m.expires_at <= now:
        return False
    if workspace is not None and m.workspace != workspace:
        return False
    return actor is None or (_readable(actor, m) and refusal(actor, m, Change.SUPERSEDE) is None)


def _owner_reader(entity: Entity, reader: Actor) -> bool:
    """Whether ``reader`` is the actor ``_reader_of`` makes for the entity's owner."""
    return _reader_of(entity.workspace, entity.owner) == reader


def _reader(m: Memory) -> Actor:
    return _reader_of(m.workspace, m.owner)


def _representative(cluster: list[Memory]) -> Memory:
    """The member whose wording the merged memory keeps, without a leading filler (``wording``)."""
    return kept_wording(cluster)


def _batches(clusters: list[list[Memory]], members: int) -> list[list[int]]:
    """Indexes of ``clusters`` in runs of about ``members`` members (a larger cluster alone)."""
    out: list[list[int]] = []
    size = members
    for i, cluster in enumerate(clusters):
        if size + len(cluster) > members:
            out.append([])
            size = 0
        out[-1].append(i)
        size += len(cluster)
    return out


def _current(chain: tuple[str, list[Memory]] | None, memory_id: str) -> bool:
    """Whether the member ``memory_id`` is still in ``chain`` and current."""
    return chain is not None and any(v.id == memory_id and v.superseded_by is None for v in chain[1])


def _merge(
    cluster: list[Memory],
    found: dict[str, tuple[str, list[Memory]]],
    now: datetime,
    vector: npt.NDArray[np.float32] | None,
    model: str | None,
) -> Merge:
    """The new memory of ``cluster`` (``found``: each member's chain id and versions) and the moves of
    every member's versions into its chain, the members becoming its history."""
    row = _new_row(cluster, _representative(cluster), now, vector, model)
    new = row.memory
    provenance = dict(new.provenance or {})
    provenance["consolidated"] = [
        _member_record(m, found[m.id][0], [v.id for v in found[m.id][1]]) for m in cluster
    ]
    row.memory = new.model_copy(update={"provenance": provenance})
    links: list[tuple[str, str, str | None, datetime | None]] = []
    for m in cluster:  # every version moves into the new chain; the heads become its history
        for old in found[m.id][1]:
            by, at = (new.id, now) if old.id == m.id else (old.superseded_by, old.superseded_at)
            links.append((old.id, new.id, by, at))
    return Merge(row=row, members=tuple(m.id for m in cluster), links=tuple(links))


def _member_record(m: Memory, chain_id: str, versions: list[str]) -> dict[str, Any]:
    return {
        "id": m.id,
        "content": m.content,
        "source": m.source,
        "observed_at": m.observed_at.isoformat(),
        "provenance": m.provenance,
        "chain_id": chain_id,
        "versions": versions,
    }


def _new_row(
    cluster: list[Memory],
    head: Memory,
    now: datetime,
    vector: npt.NDArray[np.float32] | None,
    model: str | None,
) -> NewMemory:
    expiries = [m.expires_at for m in cluster]
    memory = head.model_copy(
        update={
            "id": new_id(),
            "importance": max(m.importance for m in cluster),
            "confidence": max(m.confidence for m in cluster),
            "observed_at": max(m.observed_at for m in cluster),
            "source": SOURCE,
            "provenance": {},
            "state": State.INDEXED if vector is not None and model else State.NEW,
            "replaces": head.id,
            "superseded_by": None,
            "superseded_at": None,
            # (each reader's own access counts of the members move in storage: ``write_merges``)
            "access_count": 0,
            "last_accessed_at": None,
            "expires_at": None if any(e is None for e in expiries) else max(e for e in expiries if e),
            "created_at": now,
            "updated_at": now,
            "embedding_model": model if vector is not None else None,
        }
    )
    keys = text.extract_entities(memory.content, now=memory.observed_at)
    entity_keys, fts_content = index_fields(
        memory.content, memory.subject, memory.observed_at, content_keys=keys
    )
    return NewMemory(
        memory=memory,
        chain_id=memory.id,
        content_hash=text.content_hash(memory.content),
        entity_keys=entity_keys,
        vector=vector,
        fts_subject=memory.subject.name if memory.subject else "",
        fts_content=fts_content,
    )


def _all_entities(entities: EntityService, actor: Actor) -> list[Entity]:
    out: list[Entity] = []
    cursor: str | None = None
    while True:
        page, cursor = entities.page(actor, limit=1000, cursor=cursor)
        out.extend(page)
        if cursor is None:
            return out


def _different_ids(a: Entity, b: Entity) -> bool:
    """Whether ``a`` and ``b`` hold different ids of one system (two CRM contacts named alike)."""
    ids_a = dict(i.split(":", 1) for i in a.external_ids if ":" in i)
    return any(
        ids_a.get(system, value) != value
        for system, value in (i.split(":", 1) for i in b.external_ids if ":" in i)
    )


def _entity_key(entity: Entity) -> tuple[Any, ...]:
    normalised = alias_pairs([entity.name], entity.type)[0][1]
    return (entity.workspace, entity.owner, str(entity.visibility), entity.type, normalised)
