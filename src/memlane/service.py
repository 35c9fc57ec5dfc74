"""MemoryService: the only API the surfaces call. Every method takes the acting ``Actor``."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Protocol

import numpy as np
import numpy.typing as npt

from . import collector, supersession, text
from .conversations import ConversationService
from .errors import (
    EmbedderError,
    InvalidInput,
    OptedOut,
    StorageError,
    UnknownMemory,
    VersionConflict,
    shown_error,
    typed,
)
from .graph import places
from .graph.anchoring import AnchorRecord
from .graph.linking import (
    LinkBatch,
    Named,
    entity_scope,
    forget_stored_texts,
    link_memory,
    memory_mentions,
    prefetch,
)
from .graph.query import recall_about
from .graph.resolution import Candidate, Mention, resolve
from .graph.service import EntityService
from .graph.text_links import relate_text, settle_organisations, with_text_facts
from .ids import check_unicode, new_id, not_made
from .indexing import index_fields
from .models import (
    ALL_SPACES,
    Actor,
    Entity,
    ExtractReport,
    Filters,
    ForgetResult,
    ForgottenMemory,
    Hit,
    ImportResult,
    Memory,
    MemoryType,
    ReindexResult,
    Scope,
    SimilarRef,
    State,
    StoreResult,
    Subject,
    SupersededRef,
    Visibility,
    constructed,
)
from .pagination import decode_cursor, encode_cursor
from .permissions import Change, check_change, refusal, resolve_owner
from .providers.base import Embedder
from .requests import (
    MAX_LIMIT,
    MAX_QUERY_CHARS,
    StoreRequest,
    check_defaults,
    check_flag,
    check_id,
    check_integer,
    check_made_id,
    check_number,
    filter_text,
    item_place,
    related_user_form,
    validate_store,
    write_space,
)
from .retrieval.config import RetrievalConfig
from .retrieval.engine import RetrievalEngine
from .retrieval.lanes import Query
from .secrets import check_fields
from .storage.base import NewMemory, Store, StoreHealth, WriteTxn
from .text.words import normalize_content
from .timeutil import iso_z, now_utc, parse_time

if TYPE_CHECKING:  # imported when first used: a store or a recall needs none of them
    from .consolidation import ConsolidationReport, ConsolidationService, ConsolidationUndo
    from .extraction import Extractor, Message
    from .import_runs import ImportRuns
    from .importers import Batch
    from .jobs.service import JobService
    from .profiles.service import ProfileService
    from .providers.llm.base import LLM

__all__ = ["AccessPolicy", "MemoryService", "ReindexProgress"]

#: ``progress(phase, done, total)`` of a reindex: phase "embedding" or "keys"
ReindexProgress = Callable[[str, int, int], None]
#: ``progress(phase, done, total)`` of storing many: phase "embedding" or "storing" (items)
StoreProgress = Callable[[str, int, int], None]
#: texts embedded per call when progress is reported
_EMBED_CHUNK = 256
#: what ``MemoryService.warm_up`` analyses and recalls: people, a company with a legal form, a place, a
#: date, a relative, a job and verbs in the past and present, so every table and pattern is reached
_WARM_UP_STATEMENT = (
    "Anna Berger from Acme GmbH moved to Vienna on 3 March 2025 with her brother Tom, and she now works"
    " there as a nurse; she no longer lives in Graz."
)
_WARM_UP_QUESTION = "What did Anna Berger do at Acme GmbH in Vienna last week, and where does Tom live?"

log = logging.getLogger(__name__)

#: calibrated score below which forget-by-query deletes nothing (the request's rules choose: ``memlane.forgetting``)
FORGET_MIN_SCORE = 0.0


class AccessPolicy(Protocol):
    """What the service asks of identity (``memlane.auth.AccessService``): checked on every call, on
    every surface, so no surface can forget it."""

    def opted_out(self, workspace: str, user: str) -> bool: ...


class MemoryService:
    def __init__(
        self,
        store: Store,
        embedder: Embedder | Callable[[], Embedder | None] | None,
        retrieval: RetrievalConfig | None = None,
        *,
        access: AccessPolicy | None = None,
        home: Path | None = None,
        extractor: Extractor | Callable[[], Extractor] | None = None,
    ) -> None:
        self.storage = store
        self.access = access
        self._embedder_factory = (
            embedder if callable(embedder) and not isinstance(embedder, Embedder) else None
        )
        self._embedder: Embedder | None = None if self._embedder_factory else embedder  # type: ignore[assignment]
        self._embedder_ready = self._embedder_factory is None
        self._embedder_lock = threading.Lock()
        self._pool: ThreadPoolExecutor | None = None
        if self._embedder_ready:
            self.storage.vector_model = self._embedder.identity if self._embedder else None
        self.retrieval = RetrievalEngine(store, retrieval or RetrievalConfig(), cache_dir=home)
        #: the conversation log (append, show, list, delete), under the same scope and opt-out rules
        self.conversations = ConversationService(store, self._opted_out)
        #: the entity graph: get, list, search, merge, unmerge, link (``memlane.graph.service``)
        self.entities = EntityService(store, self._refuse_opted_out, self._opted_out)
        self._home = home
        #: whether this service checked that the store's entities are keyed with this process's name rules
        #: (``graph.rekey.keep_keys_current``, before its first store links names)
        self._keys_current = False
        # an instance, or a factory called on first use (an LLM client is built only when extracting)
        self._extractor = extractor
        #: consolidation's options, applied when it is built: merge the paraphrases the embedder proposes,
        #: and the LLM judge of the merges (``ConsolidationService.paraphrases`` and ``.judge``)
        self.consolidate_paraphrases = False
        self.consolidation_judge: Callable[[], LLM | None] | None = None
        # consolidation, profiles, jobs and imports: built (and their modules imported) on first use
        self._parts_lock = threading.RLock()
        self._consolidation: ConsolidationService | None = None
        self._profiles: ProfileService | None = None
        self._jobs: JobService | None = None
        self._imports: ImportRuns | None = None

    @property
    def consolidation(self) -> ConsolidationService:
        """Near-duplicate memories merged, duplicate entities folded (``memlane.consolidation``)."""
        with self._parts_lock:
            if self._consolidation is None:
                from .consolidation import ConsolidationService

                self._consolidation = ConsolidationService(
                    self.storage, self.entities, self._embed,
                    lambda: self.embedder.identity if self.embedder else None, self._home,
                )  # fmt: skip
                self._consolidation.paraphrases = self.consolidate_paraphrases
                if self.consolidation_judge is not None:
                    self._consolidation.judge = self.consolidation_judge
            return self._consolidation

    @property
    def profiles(self) -> ProfileService:
        """Profiles (memory sets), their sweeps and expiry (``memlane.profiles.service``)."""
        with self._parts_lock:
            if self._profiles is None:
                from .profiles.service import ProfileService

                self._profiles = ProfileService(self)
            return self._profiles

    @property
    def jobs(self) -> JobService:
        """The schedule, past runs, run a job now (``memlane.jobs.service``)."""
        with self._parts_lock:
            if self._jobs is None:
                from .jobs.service import JobService

                self._jobs = JobService(self)
            return self._jobs

    @property
    def imports(self) -> ImportRuns:
        """Imports run in the background, their progress and results (``memlane.import_runs``)."""
        with self._parts_lock:
            if self._imports is None:
                from .import_runs import ImportRuns

                self._imports = ImportRuns(self)
            return self._imports

    # -- embedder -------------------------------------------------------------------------------------

    @property
    def embedder(self) -> Embedder | None:
        """The embedder, built on first use (loading a model is slow and most commands need none)."""
        if not self._embedder_ready:
            with self._embedder_lock:
                if not self._embedder_ready:
                    assert self._embedder_factory is not None
                    self._embedder = self._embedder_factory()
                    self.storage.vector_model = self._embedder.identity if self._embedder else None
                    self._embedder_ready = True
        return self._embedder

    def _embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32] | None:
        embedder = self.embedder
        if embedder is None or not texts:
            return None
        try:
            return embedder.embed(list(texts))
        except EmbedderError as exc:
            # Nothing is lost: the items are stored 'new' and embedded later by reindex.
            log.warning("embedding failed, storing without vectors (run reindex later): %s", exc)
            return None

    def _similar(self, text_: str, others: Sequence[str]) -> list[float] | None:
        """The cosine of each of ``others`` to ``text_`` by the embedder (None: none, or it failed)."""
        vectors = self._embed([text_, *others])
        if vectors is None:
            return None
        norms = np.linalg.norm(vectors, axis=1)
        norms[norms == 0] = 1.0
        unit = vectors / norms[:, None]
        return [float(c) for c in unit[1:] @ unit[0]]

    def _embed_pool(self) -> ThreadPoolExecutor:
        with self._embedder_lock:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="memlane-embed")
            return self._pool

    def _embed_query(self, query: str) -> npt.NDArray[np.float32]:
        vectors = self._embed([query])
        if vectors is None:
            raise EmbedderError("the embedder failed for the query")
        return vectors[0]

    # -- opt-out --------------------------------------------------------------------------------------

    def _opted_out(self, actor: Actor) -> bool:
        """A user who opted out of memory gets no reads (empty results) and no writes."""
        return self.access is not None and self.access.opted_out(actor.workspace, actor.user)

    def _refuse_opted_out(self, actor: Actor) -> None:
        if self._opted_out(actor):
            raise OptedOut(f"{actor.user} has opted out of memory: nothing is stored or changed")

    # -- store ----------------------------------------------------------------------------------------

    def anchor(self, record: Any, *, actor: Actor) -> Entity:
        """Anchor a structured record (a CRM contact, a support ticket, an issue or pull request) to the
        entity graph, deterministically (``memlane.graph.anchoring``); returns the record's entity.
        Scoped like a stored memory by the record's ``owner`` and ``visibility``."""
        return self.entities.anchor(actor, record, _owner_of)

    def store(
        self, content: str, *, actor: Actor, expect_current: bool = False, **fields: Any
    ) -> StoreResult:
        """``expect_current``: ``replaces`` must name the current version, checked in the storing
        transaction with its chain locked: when another was saved meanwhile (or an older version was
        named) nothing is written and ``VersionConflict`` names the current one. Without it, the new
        version supersedes the chain's current head, whichever that is."""
        request = self._validate({"content": content, **fields}, "")
        if not expect_current or request.replaces is None:
            return self._store_all([request], actor)[0]
        replaces = request.replaces

        def still_current(txn: WriteTxn) -> None:
            target = txn.get_for_update(actor, replaces)
            if target is None or target.superseded_by is None:
                return  # (an unknown one is refused as ever, by ``_replaces_target``)
            head = self._head_of(txn, target)
            raise VersionConflict(
                f"replaces: {replaces} is no longer the current version ({head.id} is): nothing was written",
                current=head.id,
            )

        return self._store_all([request], actor, in_txn=still_current)[0]

    def store_many(
        self, items: Iterable[Mapping[str, Any] | StoreRequest], *, actor: Actor,
        progress: StoreProgress | None = None, **defaults: Any,
    ) -> list[StoreResult]:  # fmt: skip
        """Store several items in one transaction: all are stored (or found duplicate), or none is.

        ``defaults`` apply to every item that does not set the field itself (e.g. ``source``)."""
        check_fields(defaults, prefix="defaults")
        check_defaults(defaults)  # (named as themselves, as over REST: not as item 0's)
        given = list(items)
        requests = [
            self._validate(item if isinstance(item, StoreRequest) else {**defaults, **item}, item_place(i))
            for i, item in enumerate(given)
        ]
        # where each item's ``replaces`` came from, for what the transaction finds wrong with it (an
        # unknown or invisible memory): ``defaults.replaces: …`` as every bad default is named, ``item 3:
        # replaces: …`` as every bad item field is (both said ``replaces: …``)
        places = [
            "defaults." if isinstance(item, Mapping) and "replaces" not in item else item_place(i)
            for i, item in enumerate(given)
        ]
        return self._store_all(requests, actor, progress=progress, places=places)

    def import_batch(
        self, batch: Batch, *, actor: Actor, space: str | None = None, progress: StoreProgress | None = None
    ) -> ImportResult:
        """Store an import's facts (``importers.read_export``) in one ``store_many`` transaction: all or
        none. Facts with a secret or an invalid field are reported in ``skipped_invalid``, not stored."""
        from . import importing

        self._refuse_opted_out(actor)
        space = write_space(space)
        if batch.vendor == "memlane":  # a memlane export: restored as it was (ids, times, version chains)
            from .transfer_export import restore

            return restore(self, batch, actor, progress)
        items, invalid = importing.prepare(batch, space)
        return importing.result(batch, self.store_many(items, actor=actor, progress=progress), invalid)

    def import_file(
        self, source: str | Path | bytes | IO[bytes], format: str = "auto", *, actor: Actor,  # noqa: A002
        space: str | None = None, name: str | None = None, conversations: bool = False,
        progress: Callable[[int, int], None] | None = None,
        conversation_progress: Callable[[Any, int, int], None] | None = None,
    ) -> ImportResult:  # fmt: skip
        """Import an export (a path, its bytes or a binary file): see ``importing.import_file``."""
        from . import importing

        return importing.import_file(self, source, format, actor=actor, space=write_space(space), name=name,
                                     conversations=conversations, progress=progress,
                                     conversation_progress=conversation_progress)  # fmt: skip

    def export(self, *, actor: Actor) -> Iterator[str]:
        """memlane's export of every memory ``actor`` can read, as JSON Lines (docs/import.md)."""
        from .transfer_export import export_lines

        return export_lines(self, actor)

    @staticmethod
    def _validate(fields: Mapping[str, Any] | StoreRequest, where: str) -> StoreRequest:
        # Secrets first, in every field: validation messages quote values, and none may quote a secret.
        if isinstance(fields, StoreRequest):
            check_fields(fields.model_dump(exclude_none=True), where=where)
            return fields
        check_fields(fields, where=where)
        return validate_store(dict(fields), where=where)

    def _store_all(
        self, requests: list[StoreRequest], actor: Actor, in_txn: Callable[[WriteTxn], None] | None = None,
        profile_id: str | None = None, progress: StoreProgress | None = None, lock_first: Sequence[str] = (),
        places: Sequence[str] = (),
    ) -> list[StoreResult]:  # fmt: skip
        """``in_txn`` runs inside the storing transaction, before the items (extraction claims the
        exchange, retires what was retracted and anchors tool records there, so the items link to those
        records' entities: all or nothing). ``profile_id``: the profile whose sweep writes them.
        ``progress``: told how many texts are embedded, then how many items are stored. ``lock_first``:
        items ``in_txn`` changes, their chains locked with the batch's (one canonical order). ``places``:
        where each request's ``replaces`` was given (``defaults.``, ``item 3: ``), to name it when it is
        refused; none: ``replaces`` alone.

        The cyclic garbage collector is held back while it runs (``collector.paused``: the same objects
        freed, fewer collections)."""
        with collector.paused():
            return self._store_paused(requests, actor, in_txn, profile_id, progress, lock_first, places)

    def _store_paused(
        self, requests: list[StoreRequest], actor: Actor, in_txn: Callable[[WriteTxn], None] | None,
        profile_id: str | None, progress: StoreProgress | None, lock_first: Sequence[str], places: Sequence[str],
    ) -> list[StoreResult]:  # fmt: skip
        if not requests:
            if in_txn is not None:
                with self.storage.write() as txn:
                    in_txn(txn)
            return []
        self._refuse_opted_out(actor)
        now = now_utc()
        prepared = [self._prepare(req, actor, now, profile_id) for req in requests]
        # Embed outside the transaction (slow), skipping what is already stored verbatim, and analyse
        # the texts (entity keys) on this thread meanwhile: ONNX Runtime releases the GIL while it runs.
        todo = list(range(len(prepared)))
        pending = None
        if self.embedder is not None:
            with self.storage.write() as txn:
                todo = [i for i in todo if self._duplicate_of(txn, prepared[i], now) is None]
            if todo:
                texts = [prepared[i].memory.content for i in todo]
                embed = self._embed if progress is None else self._embedding_reporter(progress)
                pending = self._embed_pool().submit(embed, texts)
        mentions = self._analyse(requests, prepared)
        vectors = pending.result() if pending is not None else None
        model = self.embedder.identity if (vectors is not None and self.embedder) else None
        if vectors is not None:
            for j, i in enumerate(todo):
                prepared[i].vector = vectors[j]
        results: list[StoreResult] = []
        if not self._keys_current:
            from .graph.rekey import keep_keys_current

            keep_keys_current(self.storage)
            self._keys_current = True
        with self.storage.write() as txn:
            picks = supersession.BatchPicks(txn, [
                (row.memory, row.entity_keys, req.observed_at is not None)
                if req.auto_supersede and not req.replaces and self._duplicate_of(txn, row, now) is None
                else None
                for req, row in zip(requests, prepared, strict=True)
            ])  # fmt: skip
            picks.gone(lock_first)
            replaced = [r.replaces for r in requests if r.replaces]
            txn.lock_chains_of([*replaced, *lock_first, *picks.targets()])  # (in the canonical order)
            if in_txn is not None:
                in_txn(txn)
            # (names resolved before, still valid; what earlier memories the writer reads said of people)
            batch = LinkBatch(txn.resolution_memo()).reading_said(txn, actor, now)
            scopes = [entity_scope(row.memory) for row in prepared]
            prefetch(txn, list(zip(scopes, mentions, strict=True)), batch.settled, batch.said)  # (one read)
            if in_txn is None and not any(r.auto_supersede or r.replaces for r in requests):
                # (a plain batch: every row written first, then every memory linked, in the same order;
                # nothing linking reads sees an unlinked memory row, so the graph is the one the
                # interleaved loop makes, and SQLite's statements and linking's rules each run together:
                # a statement costs up to twice as much after linking's work swept the CPU's caches)
                written = [self._write(txn, actor, row, model, now, check=True) for row in prepared]
                for row, named, (result, seq) in zip(prepared, mentions, written, strict=True):
                    if seq is not None:
                        self._link(txn, row.memory, seq, named, now, batch, None)
                    results.append(result)
                    if progress is not None:
                        progress("storing", len(results), len(requests))
            else:
                for i, (req, row, named) in enumerate(zip(requests, prepared, mentions, strict=True)):
                    field = f"{places[i] if places else ''}replaces"
                    results.append(
                        self._store_one(txn, actor, req, row, named, model, now, batch, (picks, i), field)
                    )
                    if progress is not None:
                        progress("storing", len(results), len(requests))
            batch.flush(txn)
        forget_stored_texts()  # (the texts' own answers: asked again by no later store)
        return results

    def _embedding_reporter(self, progress: StoreProgress) -> Callable[[Sequence[str]], Any]:
        """``_embed`` in chunks, telling ``progress`` after each (the same vectors, one array)."""

        def embed(texts: Sequence[str]) -> npt.NDArray[np.float32] | None:
            parts = []
            for start in range(0, len(texts), _EMBED_CHUNK):
                part = self._embed(texts[start : start + _EMBED_CHUNK])
                if part is None:
                    return None
                parts.append(part)
                progress("embedding", min(len(texts), start + _EMBED_CHUNK), len(texts))
            return np.concatenate(parts) if parts else None

        return embed

    def _prepare(
        self, req: StoreRequest, actor: Actor, now: datetime, profile_id: str | None = None
    ) -> NewMemory:
        observed = req.observed_at or now
        owner, visibility = _owner_of(req, actor)
        # (what ``Memory.model_construct`` of these values gives, ``constructed``: a fifth of its cost)
        values = {
            "id": new_id(), "content": req.content, "type": req.type, "subject": req.subject,
            "related_user": req.related_user or actor.user, "related_user_entity_id": None,
            "related_user_entity_name": None, "data": req.data, "importance": req.importance,
            "confidence": req.confidence, "valid_from": req.valid_from, "valid_to": req.valid_to,
            "observed_at": observed, "workspace": actor.workspace, "owner": owner, "visibility": visibility,
            "space": req.space, "source": req.source or "unknown", "provenance": req.provenance,
            "state": State.NEW, "replaces": None, "superseded_by": None, "superseded_at": None,
            "access_count": 0, "last_accessed_at": None, "expires_at": req.expires_at, "created_at": now,
            "updated_at": now, "embedding_model": None, "author": actor.user, "profile_id": profile_id,
        }  # fmt: skip
        memory = constructed(Memory, values, set(values) - _REFS_READ)
        return NewMemory(
            memory=memory,
            chain_id=memory.id,
            content_hash=text.content_hash(req.content),
            entity_keys=frozenset(),  # filled by _analyse (overlapped with embedding)
            fts_subject=req.subject.name if req.subject else "",
        )

    @staticmethod
    def _analyse(requests: Sequence[StoreRequest], rows: Sequence[NewMemory]) -> list[list[Named]]:
        """Fill each row's index fields; returns each memory's mentions, linked to entities on insert.
        One step at a time over every item (their entity keys, their index fields, their mentions, what
        their texts state): each step's tables and patterns stay in the CPU's caches for the whole
        batch instead of being swept by the next step's after every item (~8% of a bulk store's CPU).
        The steps are pure functions of each item: the same answers in any order."""
        pairs = list(zip(requests, rows, strict=True))
        keys = [text.extract_entities(req.content, now=row.memory.observed_at) for req, row in pairs]
        for (req, row), found in zip(pairs, keys, strict=True):
            row.entity_keys, row.fts_content = index_fields(
                req.content, req.subject, row.memory.observed_at, content_keys=found
            )
        named = [
            memory_mentions(req.content, req.subject, req.related_user, found)
            for (req, _), found in zip(pairs, keys, strict=True)
        ]
        return [with_text_facts(req.content, n) for (req, _), n in zip(pairs, named, strict=True)]

    @staticmethod
    def _duplicate_of(txn: WriteTxn, row: NewMemory, now: datetime) -> Memory | None:
        m = row.memory
        return txn.find_current_by_hash(m.workspace, m.owner, str(m.visibility), m.space or "", row.content_hash,
                                        now, profile_id=m.profile_id)  # fmt: skip

    def _store_one(
        self,
        txn: WriteTxn,
        actor: Actor,
        req: StoreRequest,
        row: NewMemory,
        mentions: list[Named],
        model: str | None,
        now: datetime,
        batch: LinkBatch,
        pick: tuple[supersession.BatchPicks, int],
        field: str = "replaces",
    ) -> StoreResult:
        """``field``: how a refusal names the request's ``replaces`` (``defaults.replaces``, ``item 3:
        replaces``)."""
        m = row.memory
        # ``replaces`` is checked before anything else: a duplicate must not make a wrong one pass
        target = self._replaces_target(txn, actor, req.replaces, m, field) if req.replaces else None
        duplicate = self._duplicate_of(txn, row, now)
        if duplicate is not None:
            return StoreResult(
                id=duplicate.id, status="duplicate", embedded=duplicate.embedding_model is not None
            )
        old: Memory | None = None
        similar: tuple[SimilarRef, ...] = ()
        if target is not None:
            # Two writers replacing the same item: the later one supersedes the current head, so the
            # chain stays linear and ends with one current version.
            old = target if target.superseded_by is None else self._head_of(txn, target, field)
        elif req.auto_supersede:
            picks, index = pick
            old, similar = picks.choose(txn, index, m, row.entity_keys, backdated=req.observed_at is not None)
            if old is not None and refusal(actor, old, Change.SUPERSEDE) is not None:
                old = None  # (candidates share the new item's owner, which the actor may write for)
        result, seq = self._write(txn, actor, row, model, now, old=old, similar=similar)
        if seq is None:
            return result
        pick[0].stored(row.entity_keys, old.id if old else None)
        self._link(txn, row.memory, seq, mentions, now, batch, old)
        return result

    def _write(
        self, txn: WriteTxn, actor: Actor, row: NewMemory, model: str | None, now: datetime, *,
        old: Memory | None = None, similar: tuple[SimilarRef, ...] = (), check: bool = False,
    ) -> tuple[StoreResult, int | None]:  # fmt: skip
        """Write a new memory's row (a new version of ``old``) and its audit entry: its result, and its
        seq when it was written (None: a duplicate). ``check``: look for a current duplicate first
        (``_store_one`` looked already)."""
        if check:
            duplicate = self._duplicate_of(txn, row, now)
            if duplicate is not None:
                return StoreResult(
                    id=duplicate.id, status="duplicate", embedded=duplicate.embedding_model is not None
                ), None  # fmt: skip
        m = row.memory
        updates: dict[str, Any] = {}
        if row.vector is not None and model:
            updates.update(state=State.INDEXED, embedding_model=model)
        if old is not None:
            updates.update(replaces=old.id)
            row.chain_id = txn.chain_id_of(old.id) or old.id
        if updates:
            row.memory = m = m.model_copy(update=updates)
        seq = txn.insert(row)
        if seq is None:
            # Another writer committed the same statement after our duplicate check (PostgreSQL, where
            # writers run concurrently): that item is this one.
            winner = self._duplicate_of(txn, row, now_utc())
            if winner is None:
                raise StorageError(
                    "a concurrent writer changed this item while it was being stored; retry", kind="busy"
                )
            return StoreResult(
                id=winner.id, status="duplicate", embedded=winner.embedding_model is not None
            ), None  # fmt: skip
        if old is not None:
            txn.mark_superseded(old.id, m.id, now)
        txn.audit(actor, "store", m.id, {"replaces": old.id if old else None, "source": m.source})
        superseded = (SupersededRef(id=old.id, content=old.content),) if old else ()
        return StoreResult(
            id=m.id, status="stored", embedded=m.embedding_model is not None, superseded=superseded,
            similar=similar,
        ), seq  # fmt: skip

    @staticmethod
    def _link(
        txn: WriteTxn, memory: Memory, seq: int, mentions: list[Named], now: datetime, batch: LinkBatch,
        old: Memory | None,
    ) -> None:  # fmt: skip
        """Link a written memory's mentions and write the relations its text states."""
        settle_organisations(txn, memory, mentions, now, batch)
        scope = entity_scope(memory)
        link_memory(txn, scope, seq, mentions, now, batch.settled, batch.pending, batch.views, batch.said)
        relate_text(txn, memory, mentions, now, batch, replaced=old.id if old else None)

    @staticmethod
    def _replaces_target(
        txn: WriteTxn, actor: Actor, replaces: str, new: Memory, field: str = "replaces"
    ) -> Memory:
        """The item ``replaces`` names, once the actor may supersede it with ``new`` (``field``: the
        name a refusal gives it)."""
        target = txn.get_for_update(actor, replaces)
        if target is None:
            raise UnknownMemory(f"{field}: no memory {replaces!r} visible to {actor.user}")
        check_change(actor, [target], Change.SUPERSEDE)
        if target.owner != new.owner or target.visibility != new.visibility:
            raise InvalidInput(
                f"{field}: {replaces} is {target.visibility} and owned by {target.owner}; a new version"
                " must keep the owner and visibility"
            )
        return target

    @staticmethod
    def _head_of(txn: WriteTxn, target: Memory, field: str = "replaces") -> Memory:
        """The current version of a superseded item's chain. A chain without one (links broken outside
        memlane) is an error: storing the new version as a chain of its own would silently drop
        ``replaces`` (``field``: the name a refusal gives it)."""
        chain_id = txn.chain_id_of(target.id)
        head = txn.current_of_chain(chain_id) if chain_id is not None else None
        if head is None:
            raise StorageError(
                f"{field}: the version chain of {target.id} has no current version; nothing was written"
            )
        if _expired(head):  # (gone for writes as for reads: the chain ended when it expired)
            raise UnknownMemory(f"{field}: the current version of {target.id} has expired")
        scope = (target.workspace, target.owner, target.visibility)
        if (head.workspace, head.owner, head.visibility) != scope:
            # a chain of two scopes (restored before restores refused them): its current version is not
            # the caller's to read, nor to supersede, because she reads an older one
            raise UnknownMemory(f"{field}: the current version of {target.id} is not in its scope")
        return head

    # -- reading --------------------------------------------------------------------------------------

    def recall(
        self,
        query: str,
        *,
        actor: Actor,
        limit: int = 10,
        min_score: float = 0.0,
        space: str | None = None,
        include_history: bool = False,
        types: Sequence[MemoryType | str] = (),
        subject: str | None = None,
        related_user: str | None = None,
        sources: Sequence[str] = (),
        states: Sequence[State | str] = (),
        observed_after: datetime | str | None = None,
        observed_before: datetime | str | None = None,
        now: datetime | None = None,
        scopes: Sequence[Scope | str] = (),
        about: str | None = None,
        count_access: bool = True,
        profile: str | None = None,
    ) -> list[Hit]:
        """``about``: only memories about that entity (a name, alias or external id; ``memlane.graph.query``);
        a "what do you know about X" query is read the same way when X names an entity.
        ``count_access=False``: memlane's own lookups (the memory manager's neighbour search) do not
        count as accesses, which boost ranking; only reads made for a caller do. ``profile``: only the
        memories that profile (its id) wrote, inside every lane's query (a profile's sweep)."""
        if not isinstance(query, str) or not query.strip():
            raise InvalidInput("query is empty")
        if len(query) > MAX_QUERY_CHARS:
            raise InvalidInput(f"query: at most {MAX_QUERY_CHARS:,} characters")
        check_unicode(query, "query")
        limit = check_integer(limit, "limit", 1, MAX_LIMIT)
        min_score = check_number(min_score, "min_score", 0.0, 1.0)
        filters = self._filters(
            space=space, include_history=include_history, types=types, subject=subject,
            related_user=related_user, sources=sources, states=states,
            observed_after=observed_after, observed_before=observed_before, scopes=scopes,
        )  # fmt: skip
        if self._opted_out(actor):
            return []
        entities = recall_about(self.storage, actor, query, about)
        if entities is None:
            return []  # about an entity the caller cannot see, or none: nothing is about it
        filters = replace(filters, entities=entities, profile=profile)
        embedder = self.embedder
        q = Query(
            text=query.strip(),
            actor=actor,
            filters=filters,
            now=parse_time(now, "now") or now_utc(),
            limit=limit,
            embed=self._embed_query if embedder is not None else None,
            embedder=embedder,
            about=entities,
        )
        ranked = self.retrieval.recall(q, min_score=min_score)
        if ranked and count_access:
            self.storage.touch(actor.user, [seq for seq, _ in ranked], now_utc())
        return [hit for _, hit in ranked]  # (their subject entities read with them: memory_refs)

    search = recall

    @staticmethod
    def _filters(
        *,
        space: str | None,
        include_history: bool = False,
        types: Sequence[MemoryType | str] = (),
        subject: str | None = None,
        related_user: str | None = None,
        sources: Sequence[str] = (),
        states: Sequence[State | str] = (),
        observed_after: datetime | str | None = None,
        observed_before: datetime | str | None = None,
        scopes: Sequence[Scope | str] = (),
    ) -> Filters:
        # None is no filter, as an empty list (it failed with a TypeError)
        types, sources, states, scopes = (() if v is None else v for v in (types, sources, states, scopes))
        if any(isinstance(v, str) for v in (types, sources, states, scopes)):
            raise InvalidInput("types, sources, states and scopes take lists")
        space, subject = filter_text(space, "space"), filter_text(subject, "subject")
        related_user = filter_text(related_user, "related_user")
        for i, source in enumerate(sources):
            if filter_text(source, f"sources[{i}]", "sources") is None:
                raise InvalidInput(f"sources[{i}]: must be a string")

        def one_of(
            kind: type[MemoryType] | type[State] | type[Scope], name: str, given: Sequence[Any]
        ) -> tuple[Any, ...]:
            try:
                return tuple(kind(v) for v in given)
            except ValueError:  # (not Python's "'x' is not a valid MemoryType")
                bad = next(v for v in given if not isinstance(v, str) or v not in {k.value for k in kind})
                choices = ", ".join(k.value for k in kind)
                shown = repr(bad[:40]) if isinstance(bad, str) else repr(bad)[:40]  # (5, not '5')
                raise InvalidInput(f"{name}: {shown} is not one of {choices}") from None

        type_values = one_of(MemoryType, "types", types)
        state_values = one_of(State, "states", states)
        scope_values = one_of(Scope, "scopes", scopes)
        after = parse_time(observed_after, "observed_after")
        before = parse_time(observed_before, "observed_before")
        if after is not None and before is not None and after >= before:
            # at or after ``after`` and before ``before``: no time is both, so a swapped pair would
            # answer "nothing matched" about memories that exist
            raise InvalidInput(
                f"observed_after ({iso_z(after)}) must be earlier than observed_before ({iso_z(before)}):"
                " no time is at or after the one and before the other"
            )
        return Filters(
            space=space or None,
            include_history=check_flag(include_history, "include_history"),
            types=type_values,
            subject=" ".join(subject.casefold().split()) if subject else None,
            related_user=related_user_form(related_user) if related_user is not None else None,
            sources=tuple(sources),
            states=state_values,
            observed_after=after,
            observed_before=before,
            scopes=scope_values,
        )

    def list_recent(
        self, *, actor: Actor, limit: int = 20, offset: int = 0, space: str | None = None, **filters: Any
    ) -> list[Memory]:
        return self.list_page(actor=actor, limit=limit, offset=offset, space=space, **filters)[0]

    def list_page(
        self,
        *,
        actor: Actor,
        limit: int = 20,
        offset: int | None = None,
        cursor: str | None = None,
        space: str | None = None,
        **filters: Any,
    ) -> tuple[list[Memory], str | None]:
        """Newest current items first, and the cursor of the next page (None on the last one). A cursor
        continues right after the previous page's last item (see ``pagination``)."""
        limit = check_integer(limit, "limit", 1, MAX_LIMIT)
        if offset is not None:
            offset = check_integer(offset, "offset", 0, 2**63 - 1)
        if cursor is not None and offset is not None:
            raise InvalidInput("give offset or cursor, not both")
        position = decode_cursor(cursor) if cursor is not None else offset or 0
        if self._opted_out(actor):
            return [], None
        before = None if isinstance(position, int) else position
        start = position if isinstance(position, int) else 0
        rows = self.storage.list_recent(
            actor, self._filters(space=space, **filters), now_utc(), limit + 1, start, before
        )
        page = rows[:limit]
        more = len(rows) > limit
        items = [m for _, m in page]
        return items, encode_cursor((page[-1][1].created_at, page[-1][1].id)) if more else None

    def get(self, memory_id: str, *, actor: Actor) -> Memory:
        check_id(memory_id, "memory_id")
        memory = None if self._opted_out(actor) else self.storage.get(actor, memory_id)
        if memory is None or _expired(memory):
            raise _no_memory(memory_id, actor)
        return memory

    def history(self, memory_id: str, *, actor: Actor) -> list[Memory]:
        """The whole chain of any id in it, oldest to newest (following the links, not the clock)."""
        check_id(memory_id, "memory_id")
        versions = [] if self._opted_out(actor) else self.storage.chain(actor, memory_id)
        versions = [m for m in versions if not _expired(m)]
        if not versions or memory_id not in {m.id for m in versions}:
            raise _no_memory(memory_id, actor)
        by_id = {m.id: m for m in versions}
        roots = [m for m in versions if m.replaces is None or m.replaces not in by_id]
        ordered: list[Memory] = []
        node: Memory | None = roots[0] if roots else versions[0]
        while node is not None and node.id not in {o.id for o in ordered}:
            ordered.append(node)
            node = by_id.get(node.superseded_by) if node.superseded_by else None
        ordered += [m for m in versions if m not in ordered]  # never hide a version, even if links broke
        return ordered

    # -- changing -------------------------------------------------------------------------------------

    def forget(
        self,
        memory_id: str | None = None,
        *,
        actor: Actor,
        query: str | None = None,
        dry_run: bool = False,
        space: str | None = None,
        min_score: float = FORGET_MIN_SCORE,
    ) -> ForgetResult:
        """Delete whole chains: every version, vector, full-text entry and entity key."""
        if (memory_id is None) == (query is None):
            raise InvalidInput("forget takes a memory id or a query, not both and not neither")
        if query is not None and (not isinstance(query, str) or not normalize_content(query)):
            # (recall refuses it too): "deleted nothing" read as "nothing matched", e.g. an empty $TOPIC
            raise InvalidInput("query is empty: say what to forget (a statement, or a topic such as 'Dana')")
        dry_run = check_flag(dry_run, "dry_run")
        min_score = check_number(min_score, "min_score", 0.0, 1.0)
        named: Memory | None = None
        if memory_id is not None:
            check_id(memory_id, "memory_id")
            # Not self.get: forgetting by id stays possible after opting out (erasure is never refused).
            named = self.storage.get(actor, memory_id)
            if named is None:
                raise _no_memory(memory_id, actor)
            targets = [memory_id]
        else:
            assert query is not None

            def recall(text: str, about: str | None = None) -> list[Hit]:
                # finding what to delete is no access: a dry run must not boost what it matches
                return self.recall(text, actor=actor, limit=1000, min_score=min_score, space=space or ALL_SPACES,
                                   include_history=True, count_access=False, about=about)  # fmt: skip

            # which memories the request means: memlane.forgetting (a statement, or a topic)
            from . import forgetting

            targets = forgetting.targets(query, store=self.storage, actor=actor, recall=recall, now=now_utc(),
                                         similar=self._similar)  # fmt: skip
        with self.storage.write() as txn:
            chains = txn.chains(actor, targets)
            if memory_id is not None:
                chain = chains.get(memory_id, [])
                if (
                    named is not None
                    and _expired(named)
                    and any(refusal(actor, v, Change.DELETE) for v in chain)
                ):
                    # gone for every read: one the caller may not erase is answered as one that never was
                    # (a refusal would tell that it is still there, and who wrote it)
                    raise _no_memory(memory_id, actor)
                check_change(actor, chain, Change.DELETE)
            else:  # by query: only what this actor may delete (a chain whole, or not at all)
                targets = [
                    t
                    for t in targets
                    if all(refusal(actor, v, Change.DELETE) is None for v in chains.get(t, []))
                ]
                # and only a chain the request states in every version (storing may have chained
                # another fact: forgetting.whole_chains)
                targets = forgetting.whole_chains(targets, chains)
            if dry_run:
                ids = txn.chain_ids(actor, targets)
                return ForgetResult(deleted=tuple(ids), dry_run=True, memories=_forgotten(ids, chains))
            deleted = txn.delete_chains(actor, targets)
            if deleted:
                txn.audit(
                    actor,
                    "forget",
                    None,
                    {"count": len(deleted), "ids": deleted, "by_query": query is not None},
                )
        return ForgetResult(deleted=tuple(deleted), memories=_forgotten(deleted, chains))

    def archive(self, memory_id: str, *, actor: Actor) -> Memory:
        return self._set_state(memory_id, actor, State.ARCHIVED.value)

    def restore(self, memory_id: str, *, actor: Actor) -> Memory:
        return self._set_state(memory_id, actor, "restore")

    def _set_state(self, memory_id: str, actor: Actor, state: str) -> Memory:
        check_id(memory_id, "memory_id")
        self._refuse_opted_out(actor)
        if state == "restore":
            _ = self.embedder  # the store must know the current model to tell 'indexed' from 'new'
        with self.storage.write() as txn:
            target = txn.get_for_update(actor, memory_id)
            if target is None:
                raise _no_memory(memory_id, actor)
            check_change(actor, [target], Change.ARCHIVE if state == State.ARCHIVED.value else Change.RESTORE)
            memory = txn.set_state(actor, memory_id, state, now_utc())
            if memory is None:
                raise _no_memory(memory_id, actor)
            txn.audit(actor, "archive" if state == State.ARCHIVED.value else "restore", memory_id, {})
        return memory

    def consolidate(self, *, actor: Actor | None = None, dry_run: bool = False) -> ConsolidationReport:
        """Merge near-duplicate current memories into one (the others become its history) and fold
        duplicate entities: of what ``actor`` may supersede in its workspace, or with no actor (the
        operator, the nightly job) of the whole store. See ``memlane.consolidation``."""
        check_flag(dry_run, "dry_run")
        if actor is not None:
            self._refuse_opted_out(actor)
        report = self.consolidation.consolidate(actor, dry_run=dry_run)
        judge = report.judge
        if judge is None or judge.error is None or actor is None or actor.operator:
            return report
        shown = judge.model_copy(update={"error": shown_error(judge.error, False)})  # (the detail: the log)
        return report.model_copy(update={"judge": shown})

    def undo_consolidation(self, memory_id: str, *, actor: Actor | None = None) -> list[str]:
        """Undo the consolidation that wrote ``memory_id``: the ids of the memories current again."""
        check_made_id(memory_id, "memory_id")
        if actor is not None:
            self._refuse_opted_out(actor)
        return self.consolidation.undo(memory_id, actor)

    def undo_consolidation_run(self, run_id: str, *, actor: Actor | None = None) -> ConsolidationUndo:
        """Undo a whole consolidation run (``ConsolidationReport.run``): its memories and entity folds."""
        check_made_id(run_id, "run_id")
        if actor is not None:
            self._refuse_opted_out(actor)
        return self.consolidation.undo_run(run_id, actor)

    def reindex(
        self,
        *,
        keys: bool = False,
        workspace: str | None = None,
        batch: int = 256,
        progress: ReindexProgress | None = None,
    ) -> ReindexResult:
        """Embed every item without a vector of the current model; with ``keys``, rebuild the full-text
        and entity indexes too (after an upgrade of the text analysis). ``progress(phase, done, total)``
        is called before the first batch and after each ("embedding", then "keys"). Over one
        ``workspace`` (what a workspace's admin key may run, and all its counts cover), or over the whole
        store (None: only the store's operator, i.e. whoever opens the database itself)."""
        embedded = rebuilt = 0
        embedder = self.embedder
        if embedder is not None:
            total = self.storage.count_needing_embedding(embedder.identity, workspace) if progress else 0
            if progress:
                progress("embedding", 0, total)
            after = 0
            while todo := self.storage.needing_embedding(embedder.identity, after, batch, workspace):
                vectors = embedder.embed([c for _, c in todo])
                with self.storage.write() as txn:
                    txn.set_vectors([(seq, embedder.identity, vectors[i]) for i, (seq, _) in enumerate(todo)])
                embedded += len(todo)
                after = todo[-1][0]
                if progress:
                    progress("embedding", embedded, max(total, embedded))
        if keys:
            total = self.storage.count_items(workspace) if progress else 0
            if progress:
                progress("keys", 0, total)
            after = 0
            while rows := self.storage.all_for_keys(after, batch, workspace):
                with self.storage.write() as txn:
                    for seq, content, subject_id, subject_name, observed in rows:
                        # a subject stored without its name keeps its id as the name (not a failed reindex)
                        subject = (
                            Subject(id=subject_id, name=subject_name or subject_id) if subject_id else None
                        )
                        item_keys, fts_content = index_fields(content, subject, observed)
                        txn.replace_keys(
                            seq,
                            content if fts_content is None else fts_content,
                            subject_name or "",
                            item_keys,
                        )
                rebuilt += len(rows)
                after = rows[-1][0]
                if progress:
                    progress("keys", rebuilt, max(total, rebuilt))
            # the statistics follow each item above; counting them again also heals any drift
            with self.storage.write() as txn:
                txn.rebuild_stats(workspace)
        return ReindexResult(embedded=embedded, keys_rebuilt=rebuilt,
                             embedding_model=embedder.identity if embedder else None)  # fmt: skip

    # -- extraction -----------------------------------------------------------------------------------

    def extract(
        self,
        messages: Sequence[Mapping[str, Any] | Message] | None = None,
        *,
        actor: Actor,
        conversation_id: str | None = None,
        mode: str = "chat",
        ceiling: str = "personal",
        instructions: str | None = None,
        space: str | None = None,
        source: str | None = None,
        extractor: Extractor | None = None,
    ) -> ExtractReport:
        """Learn from an exchange (``messages``, or a logged conversation): see ``extracting``.
        ``extractor`` overrides the configured one (a profile's, in the scheduled sweep)."""
        from .extracting import extract

        return extract(
            self, extractor or self.extractor, messages, actor=actor, conversation_id=conversation_id, mode=mode,
            ceiling=ceiling, instructions=instructions, space=write_space(space), source=source,
        )  # fmt: skip

    @property
    def extractor(self) -> Extractor:
        """The extractor (the rule-based one unless one, or a factory of one, was given)."""
        from .extraction import Extractor

        if self._extractor is None:
            from .extraction import RuleExtractor

            self._extractor = RuleExtractor()
        elif not isinstance(self._extractor, Extractor):
            with self._embedder_lock:  # one extractor (one LLM client) however many threads ask
                if not isinstance(self._extractor, Extractor):
                    self._extractor = self._extractor()
        return self._extractor

    def health(self) -> StoreHealth:
        """The state of the database: whether it can be read now and whether writes last failed."""
        return self.storage.health()

    def warm_up(self) -> None:
        """Do now what a process's first store and first recall would otherwise do on their way: load
        the embedding model, read the text analysis's tables (given names, places, lemmas; see
        ``text.table_cache``) and compile the patterns it compiles on first use (every
        ``text.pattern_hints.LazyPattern`` too). A sample statement is analysed as a store analyses it
        and embedded, its names resolved against made-up entities, and a sample question is recalled in a workspace nobody has (through every lane, with nothing to
        find): nothing is written, nothing is read that belongs to anyone. ``memlane serve`` calls it
        before it announces its URL."""
        places.load_tables()  # every place table: which ones a sample statement reaches depends on the cache
        from .graph.occupations import load_table

        load_table()  # the occupations resolution compares ("Julia our accountant" / "... is a patient")
        from .graph.rekey import key_rules

        key_rules()  # the marker of the key rules the first store compares with the store's (read only)
        now = now_utc()
        actor = Actor(user="memlane-warm-up", workspace=f"memlane-warm-up-{new_id()}", operator=True)
        request = validate_store({"content": _WARM_UP_STATEMENT})
        self._analyse([request], [self._prepare(request, actor, now)])
        self._embed([_WARM_UP_STATEMENT])
        # a name against known ones, as linking resolves it (no entity is read: these are made up here)
        known = [
            Candidate("p", "person", "Ana Berger", affiliations=("Acme Corp",)),
            Candidate("c", "company", "Acme Corp"),
            Candidate("v", "place", "Vienna"),
        ]
        for mention in (
            Mention("Anna Berger", "person", context=_WARM_UP_STATEMENT),
            Mention("ACME GmbH", "company", context=_WARM_UP_STATEMENT),
            Mention("Tom", None, context=_WARM_UP_STATEMENT),
            Mention("Wien", "place", context=_WARM_UP_STATEMENT),  # a place by another language's name
            # an address and an organisation (free mail providers' domains)
            Mention(
                "Anna Berger",
                "person",
                external_ids=("email:anna.berger@gmail.com",),
                affiliations=("Initech",),
            ),
        ):
            resolve(mention, known)
        self.recall(_WARM_UP_QUESTION, actor=actor, count_access=False)
        from .text.pattern_hints import compile_patterns

        compile_patterns()  # the patterns compiled on first use the sample reached none of

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True)
        self.retrieval.close()
        self.storage.close()


def _no_memory(memory_id: str, actor: Actor) -> InvalidInput | UnknownMemory:
    """What a lookup of ``memory_id`` that found nothing the actor may see raises: an id memlane never
    gives is refused as such (``ids.not_made``), any other is unknown to this reader."""
    return not_made(memory_id, "memory_id") or UnknownMemory(
        f"no {typed('memory', memory_id)} visible to {actor.user}"
    )


def _forgotten(ids: list[str], chains: dict[str, list[Memory]]) -> tuple[ForgottenMemory, ...]:
    """The deleted ``ids`` with what they said, from the chains read in the same transaction (the same
    visible versions ``chain_ids`` lists: nothing the caller may not read)."""
    read = {m.id: m for chain in chains.values() for m in chain}
    return tuple(
        ForgottenMemory(id=i, content=read[i].content, type=read[i].type, subject=read[i].subject)
        for i in ids
        if i in read
    )


def _expired(memory: Memory) -> bool:
    """Past its ``expires_at``: gone for every read, before the expiry cleanup deletes it."""
    return memory.expires_at is not None and memory.expires_at <= now_utc()


#: the fields of a new memory that its links give when it is read (``_prepare`` leaves them unset)
_REFS_READ = frozenset({"related_user_entity_id", "related_user_entity_name"})


def _owner_of(req: StoreRequest | AnchorRecord, actor: Actor) -> tuple[str, Visibility]:
    return resolve_owner(actor, req.owner, req.visibility, explicit="visibility" in req.model_fields_set)
