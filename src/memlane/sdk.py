"""The Python SDK: ``Memlane`` (embedded) and ``AsyncMemlane`` (the same, awaitable).

from memlane import Memlane
m = Memlane("memories.db")               # a file (or a URL); Memlane() uses ~/.memlane/memlane.db
r = m.store("the wombat likes tea", source="my-agent")
hits = m.recall("wombat", limit=5)
"""

from __future__ import annotations

import asyncio
import builtins
import dataclasses
import functools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from .app import build_service
from .config import load_settings
from .models import (
    Actor,
    ConversationMessage,
    ConversationSummary,
    Edge,
    Entity,
    EntityDetail,
    EntityLookup,
    EntityMerge,
    ExtractReport,
    ForgetResult,
    Hit,
    ImportResult,
    JobRun,
    Memory,
    PastMerge,
    Profile,
    ProfileLogEntry,
    ReindexResult,
    StoreResult,
)
from .providers.base import Embedder
from .requests import store_items
from .retrieval.config import RetrievalConfig
from .service import MemoryService, ReindexProgress

if TYPE_CHECKING:  # imported where they are made: a store or a recall needs none of them
    from .consolidation import ConsolidationReport, ConsolidationUndo
    from .extraction.models import Message
    from .graph.rekey import RekeyReport
    from .importers.archive import ReadProgress
    from .importing import ConversationProgress
    from .jobs.models import JobInfo
    from .profiles.models import ProfileDeletion, SweepReport
    from .remote import AsyncRemoteMemlane, RemoteMemlane

__all__ = [
    "AsyncEntities",
    "AsyncJobs",
    "AsyncMemlane",
    "AsyncProfiles",
    "Conversations",
    "Entities",
    "Jobs",
    "Memlane",
    "Profiles",
]


class Entities:
    """``Memlane.entities``: the entity graph as the acting user may see it."""

    def __init__(self, owner: Memlane) -> None:
        self._m = owner

    def get(self, entity_id: str, *, user: str | None = None) -> Entity:
        return self._m.service.entities.get(self._m._actor(user), entity_id)

    def list(
        self, *, type: str | None = None, limit: int = 50, offset: int = 0, user: str | None = None
    ) -> builtins.list[Entity]:
        """Newest first; ``type`` one of person, company, team, customer, project, system, deal, ticket,
        document, repository, place, event, other."""
        return self._m.service.entities.list_entities(
            self._m._actor(user), type=type, limit=limit, offset=offset
        )

    def page(
        self, *, type: str | None = None, limit: int = 50, cursor: str | None = None, user: str | None = None
    ) -> tuple[builtins.list[Entity], str | None]:
        """A page of ``list`` and the cursor of the next one (None on the last): pass it back as
        ``cursor`` and the next page starts right after this one, whatever was added meanwhile."""
        return self._m.service.entities.page(self._m._actor(user), type=type, limit=limit, cursor=cursor)

    def search(
        self, query: str, *, type: str | None = None, limit: int = 10, user: str | None = None
    ) -> builtins.list[Entity]:
        """The entity a name, alias, e-mail address or external id (``hubspot:123``) refers to; every
        entity that fits when the name is ambiguous; none when nothing known fits."""
        return self._m.service.entities.search(self._m._actor(user), query, type=type, limit=limit)

    def edges(self, entity_id: str, *, user: str | None = None) -> builtins.list[Edge]:
        return self._m.service.entities.edges(self._m._actor(user), entity_id)

    def memories(
        self, entity_id: str, *, hops: int = 0, limit: int = 20, user: str | None = None
    ) -> builtins.list[Memory]:
        """Memories linked to the entity, and with ``hops=1`` those of its neighbours after them."""
        found = self._m.service.entities.memories(self._m._actor(user), entity_id, hops=hops, limit=limit)
        return [memory for memory, _ in found]

    def about(
        self, entity_id: str, *, hops: int = 1, limit: int = 20, user: str | None = None
    ) -> EntityDetail:
        """The entity, its edges, the entities at their other ends and the memories linked to it (with
        ``hops=1`` also to those neighbours, ``distance`` 1), as far as the user may read."""
        return self._m.service.entities.about(self._m._actor(user), entity_id, hops=hops, limit=limit)

    def lookup(
        self, query: str, *, type: str | None = None, hops: int = 1, limit: int = 20, user: str | None = None
    ) -> EntityLookup:
        """What do you know about X: ``about`` the entity a name, alias, e-mail address or external id
        resolves to (``found``), or the entities an ambiguous name fits (``candidates``)."""
        return self._m.service.entities.lookup(self._m._actor(user), query, type=type, hops=hops, limit=limit)

    def merge(self, into: str, merged: str, *, user: str | None = None) -> EntityMerge:
        """Fold entity ``merged`` into ``into``: every alias, external id, edge and memory link is kept."""
        return self._m.service.entities.merge(self._m._actor(user), into, merged)

    def unmerge(self, merge_id: str, *, user: str | None = None) -> EntityMerge:
        return self._m.service.entities.unmerge(self._m._actor(user), merge_id)

    def rekey(self, *, dry_run: bool = False) -> RekeyReport:
        """File every entity of the store under the lookup keys the current name rules give it (entities
        stored before a rule was added are found by it after this); idempotent. The store's operator's
        maintenance: the embedded SDK and ``memlane entities rekey`` on the database itself."""
        return self._m.service.entities.rekey(dry_run=dry_run)

    def merges(
        self,
        *,
        entity: str | None = None,
        limit: int = 50,
        cursor: str | None = None,
        user: str | None = None,
    ) -> tuple[builtins.list[PastMerge], str | None]:
        """A page of the merge history (newest first, undone merges too; only merges into or of
        ``entity`` with it) and the cursor of the next page (None on the last one)."""
        return self._m.service.entities.merge_history(
            self._m._actor(user), entity_id=entity, limit=limit, cursor=cursor
        )

    def link(self, memory_id: str, entity_id: str, *, role: str = "mention", user: str | None = None) -> None:
        """Link a memory to an entity of the same owner and visibility (role: subject, related_user,
        mention)."""
        self._m.service.entities.link(self._m._actor(user), memory_id, entity_id, role)

    def relate(
        self, src: str, relation: str, dst: str, *, valid_from: Any = None, valid_to: Any = None,
        provenance: Mapping[str, Any] | None = None, single: bool = False, user: str | None = None,
    ) -> Edge:  # fmt: skip
        """Record ``src`` ``relation`` ``dst`` (``reports_to``, ``member_of``, ``customer_of``…), true from
        ``valid_from`` until ``valid_to``; the same triple again updates it (``valid_to`` ends it).
        ``single``: end ``src``'s other open edges of this relation (one manager at a time)."""
        return self._m.service.entities.relate(
            self._m._actor(user), src, relation, dst, valid_from=valid_from, valid_to=valid_to,
            provenance=provenance, single=single,
        )  # fmt: skip


class Memlane:
    """An embedded memory store. Every method acts as ``user`` (default: the local user) and reads or
    writes ``space`` (default: the default bucket; ``"*"`` reads every space)."""

    def __init__(
        self,
        database: str | Path | None = None,
        *,
        user: str | None = None,
        workspace: str | None = None,
        space: str | None = None,
        embedder: Embedder | str | None = None,
        home: str | Path | None = None,
        retrieval: RetrievalConfig | None = None,
        environ: Mapping[str, str] | None = None,
    ) -> None:
        self.settings = load_settings(
            environ, database_url=str(database) if database is not None else None, home=home, user=user,
            workspace=workspace,
        )  # fmt: skip
        self._service = build_service(self.settings, embedder=embedder, retrieval=retrieval)
        self.space = space
        #: the conversation log: ``append``, ``show``, ``list``, ``delete``
        self.conversations = Conversations(self)
        #: the entity graph (get, list, search, edges, memories, merge, unmerge, link)
        self.entities = Entities(self)
        #: profiles (memory sets): create, list, show, update, enable, disable, delete, run, log, opt-out
        self.profiles = Profiles(self)
        #: scheduled jobs: list, show, run
        self.jobs = Jobs(self)

    @property
    def service(self) -> MemoryService:
        return self._service

    @classmethod
    def connect(
        cls, url: str, *, api_key: str | None = None, user: str | None = None, space: str | None = None,
        timeout: float = 30.0, environ: Mapping[str, str] | None = None,
    ) -> RemoteMemlane:  # fmt: skip
        """A client of a memlane server (``memlane serve``) with the same methods and result types.
        ``api_key`` defaults to ``$MEMLANE_API_KEY``; ``user`` is sent as the acting user (for keys that
        are not bound to one)."""
        from .remote import RemoteMemlane

        return RemoteMemlane(url, api_key=api_key, user=user, space=space, timeout=timeout, environ=environ)

    def _actor(self, user: str | None) -> Actor:
        name = user or self.settings.user
        access = getattr(self._service, "access", None)
        if access is None:
            return Actor(user=name, workspace=self.settings.workspace)
        return access.local_actor(name, self.settings.workspace)  # with the user's current teams

    def _space(self, space: str | None) -> str | None:
        return space if space is not None else self.space

    def store(
        self, content: str, *, user: str | None = None, space: str | None = None, source: str | None = None,
        expect_current: bool = False, **fields: Any,
    ) -> StoreResult:  # fmt: skip
        """Store one memory. Fields: replaces, type, subject, related_user, importance, confidence,
        valid_from, valid_to, observed_at, expires_at, data, provenance, visibility, auto_supersede.

        ``expect_current`` (with ``replaces``): store only if ``replaces`` still names the current version,
        checked in the storing transaction; otherwise nothing is written and ``VersionConflict`` is raised
        (``.current``: the current version's id). Single store only (not ``store_many``)."""
        return self._service.store(
            content, actor=self._actor(user), space=self._space(space), source=source,
            expect_current=expect_current, **fields,
        )  # fmt: skip

    def store_many(
        self, items: Iterable[Mapping[str, Any] | str], *, user: str | None = None, space: str | None = None,
        source: str | None = None, **defaults: Any,
    ) -> list[StoreResult]:  # fmt: skip
        """Store many memories in one transaction (all or nothing). Items are strings or dicts of store
        fields; ``defaults`` apply to every item that does not set the field."""
        normalised = store_items(items)
        return self._service.store_many(
            normalised, actor=self._actor(user), space=self._space(space), source=source, **defaults
        )

    def export(self, *, user: str | None = None) -> Iterator[str]:
        """memlane's export (JSON Lines, docs/import.md) of every memory the user can read: current,
        superseded and archived versions with every field. ``import_file(…, format="memlane")`` restores it."""
        return self._service.export(actor=self._actor(user))

    def _export_list(self, *, user: str | None = None) -> list[str]:
        return list(self.export(user=user))

    def import_file(
        self, source: str | Path | bytes | IO[bytes], format: str = "auto", *, user: str | None = None,  # noqa: A002
        space: str | None = None, name: str | None = None, progress: ReadProgress | None = None,
        conversations: bool = False, conversation_progress: ConversationProgress | None = None,
    ) -> ImportResult:  # fmt: skip
        """Import the memories of an export: a path to a zip, folder or file, or its bytes. ``format``:
        auto (detected from the content), chatgpt, claude, gemini, text or memlane (docs/import.md).
        ``progress(done_bytes, total_bytes)`` is called while the export is read.

        ``conversations``: also append the export's conversations (visible branch) to the conversation
        log and extract memories from them, resumably (a re-run continues where a killed one stopped);
        ``conversation_progress(report_so_far, done_bytes, total_bytes)`` is called after each
        conversation."""
        return self._service.import_file(
            source, format, actor=self._actor(user), space=self._space(space), name=name,
            conversations=conversations, progress=progress, conversation_progress=conversation_progress,
        )  # fmt: skip

    def recall(
        self, query: str, *, limit: int = 10, user: str | None = None, space: str | None = None,
        include_history: bool = False, about: str | None = None, **filters: Any,
    ) -> list[Hit]:  # fmt: skip
        """Best hits first. ``about``: only memories about that entity (a name, alias or external id;
        "what do you know about X?" as the query does the same). Filters: min_score, types, subject,
        related_user, sources, states, observed_after, observed_before."""
        return self._service.recall(
            query, actor=self._actor(user), limit=limit, space=self._space(space),
            include_history=include_history, about=about, **filters,
        )  # fmt: skip

    def search(
        self, query: str, *, limit: int = 10, min_score: float = 0.0, user: str | None = None,
        space: str | None = None, about: str | None = None, **filters: Any,
    ) -> list[Hit]:  # fmt: skip
        """Recall with ``min_score`` and the richer filters."""
        return self._service.search(
            query,
            actor=self._actor(user),
            limit=limit,
            min_score=min_score,
            space=self._space(space),
            about=about,
            **filters,
        )

    def forget(
        self, memory_id: str | None = None, *, query: str | None = None, dry_run: bool = False,
        user: str | None = None, space: str | None = None, min_score: float | None = None,
    ) -> ForgetResult:  # fmt: skip
        """Delete a memory's whole chain, or what ``query`` asks to forget: a statement's memories, or every memory
        about a topic ("everything about Dana"; docs/concepts.md). Try ``dry_run=True``."""
        extra = {} if min_score is None else {"min_score": min_score}
        return self._service.forget(
            memory_id,
            actor=self._actor(user),
            query=query,
            dry_run=dry_run,
            space=self._space(space),
            **extra,
        )

    def list_recent(
        self, limit: int = 20, *, offset: int = 0, user: str | None = None, space: str | None = None,
        types: Iterable[str] = (), sources: Iterable[str] = (), states: Iterable[str] = (),
        scopes: Iterable[str] = (), include_history: bool = False, subject: str | None = None,
        related_user: str | None = None, observed_after: Any = None, observed_before: Any = None,
    ) -> list[Memory]:  # fmt: skip
        """Newest current memories first; the filters as ``search``'s (``scopes``: personal, team,
        agent, workspace). ``RemoteMemlane.list_recent`` takes the same arguments."""
        return self._service.list_recent(
            actor=self._actor(user), limit=limit, offset=offset, space=self._space(space), types=types,
            sources=sources, states=states, scopes=scopes, include_history=include_history, subject=subject,
            related_user=related_user, observed_after=observed_after, observed_before=observed_before,
        )  # fmt: skip

    def anchor(self, record: Mapping[str, Any], *, user: str | None = None) -> Entity:
        """Anchor a structured record to the entity graph, with no model call: ``{"kind": "contact",
        "system": "hubspot", "id": "123", "name": ..., "email": ..., "company": ...}``, a ``ticket``
        (``id``, ``title``, ``customer``, ``assignee``) or an ``issue`` / ``pull_request``
        (``repository``, ``number``, ``title``, ``author``). Re-anchoring the same record updates it."""
        # a non-mapping goes on as it is, for the service to refuse as invalid input (not a TypeError here)
        given = dict(record) if isinstance(record, Mapping) else record
        return self._service.anchor(given, actor=self._actor(user))

    def history(self, memory_id: str, *, user: str | None = None) -> list[Memory]:
        return self._service.history(memory_id, actor=self._actor(user))

    def get(self, memory_id: str, *, user: str | None = None) -> Memory:
        return self._service.get(memory_id, actor=self._actor(user))

    def archive(self, memory_id: str, *, user: str | None = None) -> Memory:
        return self._service.archive(memory_id, actor=self._actor(user))

    def restore(self, memory_id: str, *, user: str | None = None) -> Memory:
        return self._service.restore(memory_id, actor=self._actor(user))

    def extract(
        self, messages: Sequence[Mapping[str, Any] | Message] | str, *, mode: str = "chat",
        ceiling: str = "personal", instructions: str | None = None, user: str | None = None,
        space: str | None = None, source: str | None = None,
    ) -> ExtractReport:  # fmt: skip
        """Learn from an exchange: a list of messages, or a logged conversation's id. Returns what was
        added, updated (superseded), deleted and skipped, each with a reason."""
        given = {"conversation_id": messages} if isinstance(messages, str) else {"messages": messages}
        return self._service.extract(
            **given, actor=self._actor(user), mode=mode, ceiling=ceiling, instructions=instructions,
            space=self._space(space), source=source,
        )  # fmt: skip

    def consolidate(self, *, dry_run: bool = False, user: str | None = None) -> ConsolidationReport:
        """Merge near-duplicate current memories into one statement (the others become its history) and
        fold duplicate entities; ``dry_run`` only reports. Embedded, this is the store's operator: every
        memory of the file, unless ``user`` limits it to what that user may supersede."""
        actor = self._actor(user) if user is not None else None
        return self._service.consolidate(actor=actor, dry_run=dry_run)

    def undo_consolidation(self, memory_id: str, *, user: str | None = None) -> list[str]:
        """Undo the consolidation that wrote ``memory_id``; the ids of the memories current again."""
        actor = self._actor(user) if user is not None else None
        return self._service.undo_consolidation(memory_id, actor=actor)

    def undo_consolidation_run(self, run_id: str, *, user: str | None = None) -> ConsolidationUndo:
        """Undo a whole consolidation run (``ConsolidationReport.run``) in one call: every memory it merged
        is current again and every entity it folded is unmerged (all or nothing)."""
        actor = self._actor(user) if user is not None else None
        return self._service.undo_consolidation_run(run_id, actor=actor)

    def reindex(self, *, keys: bool = False, progress: ReindexProgress | None = None) -> ReindexResult:
        """Embed what has no vector of the current model (and with ``keys`` rebuild the text indexes);
        ``progress(phase, done, total)`` is told after each batch."""
        return self._service.reindex(keys=keys, progress=progress)

    def close(self) -> None:
        self._service.close()

    def __enter__(self) -> Memlane:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class Conversations:
    """``Memlane.conversations``: the log of what the host application's conversations said."""

    def __init__(self, memlane: Memlane) -> None:
        self._m = memlane

    def append(
        self, conversation_id: str, messages: Sequence[Mapping[str, Any] | Message], *,
        user: str | None = None, visibility: str = "personal", owner: str | None = None,
    ) -> list[ConversationMessage]:  # fmt: skip
        """Append messages (``{"role": "user"|"assistant"|"tool", "text": ..., "tool": ..., "result": {...},
        "user": ..., "agent": ..., "at": ...}``) to a conversation, all or none; the stored messages."""
        return self._m.service.conversations.append(
            conversation_id, messages, actor=self._m._actor(user), visibility=visibility, owner=owner
        )

    def show(
        self, conversation_id: str, *, user: str | None = None, limit: int = 1000
    ) -> list[ConversationMessage]:
        """The conversation's messages, oldest first."""
        return self._m.service.conversations.show(conversation_id, actor=self._m._actor(user), limit=limit)

    def list(self, *, user: str | None = None, limit: int = 50) -> list[ConversationSummary]:
        """Conversations, most recently appended to first."""
        return self._m.service.conversations.list(actor=self._m._actor(user), limit=limit)

    def delete(self, conversation_id: str, *, user: str | None = None) -> int:
        """Delete a conversation and all its messages; how many messages were deleted."""
        return self._m.service.conversations.delete(conversation_id, actor=self._m._actor(user))


class Profiles:
    """``Memlane.profiles``: profiles (memory sets) and their sweeps. The embedded SDK opens the database
    itself, so it acts as the store's operator: an admin of its workspace (docs/api.md)."""

    def __init__(self, memlane: Memlane) -> None:
        self._m = memlane

    def _admin(self, user: str | None = None) -> Actor:
        return dataclasses.replace(self._m._actor(user), admin=True, operator=True)

    def create(self, name: str, /, **settings: Any) -> Profile:
        """A new profile. Settings: ``types`` (types or groups: semantic, episodic, procedural; default
        all), ``scope`` (user, team, agent), ``teams``, ``agent``, ``extractor`` (rules, llm),
        ``instructions``, ``embedding_model``, ``refresh`` ("15m", "1h", "1d"), ``expire_after``
        ("90 days", "6 months"; default none), ``enabled``."""
        return self._m.service.profiles.create(self._admin(), name, **settings)

    def list(self) -> builtins.list[Profile]:
        return self._m.service.profiles.list(self._admin())

    def show(self, name: str) -> Profile:
        return self._m.service.profiles.get(self._admin(), name)

    def update(self, name: str, /, **changes: Any) -> Profile:
        return self._m.service.profiles.update(self._admin(), name, **changes)

    def enable(self, name: str) -> Profile:
        """Schedule the profile's sweep at its refresh frequency."""
        return self._m.service.profiles.enable(self._admin(), name)

    def disable(self, name: str) -> Profile:
        """Cancel the profile's schedule."""
        return self._m.service.profiles.disable(self._admin(), name)

    def delete(self, name: str, *, confirm: bool = False) -> ProfileDeletion:
        """The plan of deleting the profile (nothing deleted: ``dry_run``); ``confirm=True`` deletes it
        and every memory it wrote."""
        return self._m.service.profiles.delete(self._admin(), name, confirm=confirm)

    def run(self, name: str, *, batch: int = 100) -> SweepReport:
        """Sweep the profile now."""
        return self._m.service.profiles.run(self._admin(), name, batch=batch)

    def log(self, name: str, *, limit: int = 50) -> builtins.list[ProfileLogEntry]:
        """What happened to the profile's memories (expired, deleted, swept): how many and when."""
        return self._m.service.profiles.log(self._admin(), name, limit=limit)

    def opt_out(self, name: str, *, user: str | None = None) -> Profile:
        """The user (default: the SDK's) is skipped by this profile's sweeps."""
        return self._m.service.profiles.opt_out(self._admin(user), name, user)

    def opt_in(self, name: str, *, user: str | None = None) -> Profile:
        return self._m.service.profiles.opt_in(self._admin(user), name, user)


class Jobs:
    """``Memlane.jobs``: the schedule (sweeps of enabled profiles, expiry, consolidation), past runs, and
    running a job now in this process."""

    def __init__(self, memlane: Memlane) -> None:
        self._m = memlane

    def list(self) -> builtins.list[JobInfo]:
        return self._m.service.jobs.list()

    def show(self, name: str, *, limit: int = 20) -> tuple[JobInfo, builtins.list[JobRun]]:
        return self._m.service.jobs.show(name, limit=limit)

    def run(self, name: str, *, batch: int = 100) -> JobRun:
        return self._m.service.jobs.run(name, batch=batch)


class AsyncMemlane:
    """``Memlane`` for asyncio code: the same methods, awaited. The engine is synchronous (SQLite and
    CPU-bound embedding); calls run on one worker thread so the event loop never blocks."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """The arguments of ``Memlane``."""
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="memlane")
        self._sync = self._executor.submit(Memlane, *args, **kwargs).result()
        #: the entity graph: ``Memlane.entities``' methods, awaited
        self.entities = AsyncEntities(self)
        #: the conversation log: ``Memlane.conversations``' methods, awaited
        self.conversations = AsyncConversations(self)
        #: profiles and jobs: ``Memlane.profiles`` and ``Memlane.jobs``' methods, awaited
        self.profiles = AsyncProfiles(self)
        self.jobs = AsyncJobs(self)

    @classmethod
    def connect(
        cls, url: str, *, api_key: str | None = None, user: str | None = None, space: str | None = None,
        timeout: float = 30.0, environ: Mapping[str, str] | None = None,
    ) -> AsyncRemoteMemlane:  # fmt: skip
        """A client of a memlane server with these methods, over httpx's async client (nothing runs on a
        thread). The arguments of ``Memlane.connect``."""
        from .remote import AsyncRemoteMemlane

        return AsyncRemoteMemlane(url, api_key=api_key, user=user, space=space, timeout=timeout,
                                  environ=environ)  # fmt: skip

    async def _call(self, name: str, *args: Any, **kwargs: Any) -> Any:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self._executor, functools.partial(getattr(self._sync, name), *args, **kwargs)
        )

    async def store(self, content: str, **kwargs: Any) -> StoreResult:
        return await self._call("store", content, **kwargs)

    async def store_many(self, items: Iterable[Mapping[str, Any] | str], **kwargs: Any) -> list[StoreResult]:
        return await self._call("store_many", list(items), **kwargs)

    async def export(self, **kwargs: Any) -> list[str]:
        return await self._call("_export_list", **kwargs)  # type: ignore[no-any-return]

    async def import_file(self, source: Any, format: str = "auto", **kwargs: Any) -> ImportResult:  # noqa: A002
        return await self._call("import_file", source, format, **kwargs)  # type: ignore[no-any-return]

    async def recall(self, query: str, **kwargs: Any) -> list[Hit]:
        return await self._call("recall", query, **kwargs)

    async def search(self, query: str, **kwargs: Any) -> list[Hit]:
        return await self._call("search", query, **kwargs)

    async def forget(self, memory_id: str | None = None, **kwargs: Any) -> ForgetResult:
        return await self._call("forget", memory_id, **kwargs)

    async def list_recent(self, limit: int = 20, **kwargs: Any) -> list[Memory]:
        return await self._call("list_recent", limit, **kwargs)

    async def history(self, memory_id: str, **kwargs: Any) -> list[Memory]:
        return await self._call("history", memory_id, **kwargs)

    async def get(self, memory_id: str, **kwargs: Any) -> Memory:
        return await self._call("get", memory_id, **kwargs)

    async def archive(self, memory_id: str, **kwargs: Any) -> Memory:
        return await self._call("archive", memory_id, **kwargs)

    async def restore(self, memory_id: str, **kwargs: Any) -> Memory:
        return await self._call("restore", memory_id, **kwargs)

    async def extract(self, messages: Any, **kwargs: Any) -> ExtractReport:
        return await self._call("extract", messages, **kwargs)

    async def anchor(self, record: Mapping[str, Any], **kwargs: Any) -> Entity:
        return await self._call("anchor", record, **kwargs)  # type: ignore[no-any-return]

    async def reindex(self, **kwargs: Any) -> ReindexResult:
        return await self._call("reindex", **kwargs)

    async def consolidate(self, **kwargs: Any) -> ConsolidationReport:
        return await self._call("consolidate", **kwargs)

    async def undo_consolidation(self, memory_id: str, **kwargs: Any) -> list[str]:
        return await self._call("undo_consolidation", memory_id, **kwargs)

    async def undo_consolidation_run(self, run_id: str, **kwargs: Any) -> ConsolidationUndo:
        return await self._call("undo_consolidation_run", run_id, **kwargs)

    async def close(self) -> None:
        await self._call("close")
        self._executor.shutdown(wait=False)

    async def __aenter__(self) -> AsyncMemlane:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()


class AsyncEntities:
    """``AsyncMemlane.entities``: ``Memlane.entities``' methods, awaited (run on the client's thread)."""

    def __init__(self, owner: AsyncMemlane) -> None:
        self._m = owner

    async def _call(self, name: str, *args: Any, **kwargs: Any) -> Any:
        loop = asyncio.get_running_loop()
        fn = getattr(self._m._sync.entities, name)
        return await loop.run_in_executor(self._m._executor, functools.partial(fn, *args, **kwargs))

    async def get(self, entity_id: str, **kwargs: Any) -> Entity:
        return await self._call("get", entity_id, **kwargs)  # type: ignore[no-any-return]

    async def list(self, **kwargs: Any) -> builtins.list[Entity]:
        return await self._call("list", **kwargs)  # type: ignore[no-any-return]

    async def page(self, **kwargs: Any) -> tuple[builtins.list[Entity], str | None]:
        return await self._call("page", **kwargs)  # type: ignore[no-any-return]

    async def search(self, query: str, **kwargs: Any) -> builtins.list[Entity]:
        return await self._call("search", query, **kwargs)  # type: ignore[no-any-return]

    async def edges(self, entity_id: str, **kwargs: Any) -> builtins.list[Edge]:
        return await self._call("edges", entity_id, **kwargs)  # type: ignore[no-any-return]

    async def memories(self, entity_id: str, **kwargs: Any) -> builtins.list[Memory]:
        return await self._call("memories", entity_id, **kwargs)  # type: ignore[no-any-return]

    async def about(self, entity_id: str, **kwargs: Any) -> EntityDetail:
        return await self._call("about", entity_id, **kwargs)  # type: ignore[no-any-return]

    async def lookup(self, query: str, **kwargs: Any) -> EntityLookup:
        return await self._call("lookup", query, **kwargs)  # type: ignore[no-any-return]

    async def merge(self, into: str, merged: str, **kwargs: Any) -> EntityMerge:
        return await self._call("merge", into, merged, **kwargs)  # type: ignore[no-any-return]

    async def unmerge(self, merge_id: str, **kwargs: Any) -> EntityMerge:
        return await self._call("unmerge", merge_id, **kwargs)  # type: ignore[no-any-return]

    async def merges(self, **kwargs: Any) -> tuple[builtins.list[PastMerge], str | None]:
        return await self._call("merges", **kwargs)  # type: ignore[no-any-return]

    async def rekey(self, **kwargs: Any) -> RekeyReport:
        return await self._call("rekey", **kwargs)  # type: ignore[no-any-return]

    async def link(self, memory_id: str, entity_id: str, **kwargs: Any) -> None:
        await self._call("link", memory_id, entity_id, **kwargs)

    async def relate(self, src: str, relation: str, dst: str, **kwargs: Any) -> Edge:
        return await self._call("relate", src, relation, dst, **kwargs)  # type: ignore[no-any-return]


class AsyncConversations:
    """``AsyncMemlane.conversations``: ``Memlane.conversations``, awaited (on the SDK's worker thread)."""

    def __init__(self, memlane: AsyncMemlane) -> None:
        self._m = memlane

    async def _call(self, name: str, *args: Any, **kwargs: Any) -> Any:
        loop = asyncio.get_running_loop()
        method = getattr(self._m._sync.conversations, name)
        return await loop.run_in_executor(self._m._executor, functools.partial(method, *args, **kwargs))

    async def append(
        self, conversation_id: str, messages: Sequence[Mapping[str, Any] | Message], **kwargs: Any
    ) -> list[ConversationMessage]:
        return await self._call("append", conversation_id, list(messages), **kwargs)  # type: ignore[no-any-return]

    async def show(self, conversation_id: str, **kwargs: Any) -> list[ConversationMessage]:
        return await self._call("show", conversation_id, **kwargs)  # type: ignore[no-any-return]

    async def list(self, **kwargs: Any) -> list[ConversationSummary]:
        return await self._call("list", **kwargs)  # type: ignore[no-any-return]

    async def delete(self, conversation_id: str, **kwargs: Any) -> int:
        return await self._call("delete", conversation_id, **kwargs)  # type: ignore[no-any-return]


class _AsyncPart:
    """Awaits one part of the embedded SDK (``profiles``, ``jobs``) on the client's worker thread."""

    _part = ""

    def __init__(self, memlane: AsyncMemlane) -> None:
        self._m = memlane

    async def _call(self, name: str, *args: Any, **kwargs: Any) -> Any:
        loop = asyncio.get_running_loop()
        method = getattr(getattr(self._m._sync, self._part), name)
        return await loop.run_in_executor(self._m._executor, functools.partial(method, *args, **kwargs))


class AsyncProfiles(_AsyncPart):
    """``AsyncMemlane.profiles``: ``Memlane.profiles``, awaited."""

    _part = "profiles"

    async def create(self, name: str, /, **settings: Any) -> Profile:
        return await self._call("create", name, **settings)  # type: ignore[no-any-return]

    async def list(self) -> builtins.list[Profile]:
        return await self._call("list")  # type: ignore[no-any-return]

    async def show(self, name: str) -> Profile:
        return await self._call("show", name)  # type: ignore[no-any-return]

    async def update(self, name: str, /, **changes: Any) -> Profile:
        return await self._call("update", name, **changes)  # type: ignore[no-any-return]

    async def enable(self, name: str) -> Profile:
        return await self._call("enable", name)  # type: ignore[no-any-return]

    async def disable(self, name: str) -> Profile:
        return await self._call("disable", name)  # type: ignore[no-any-return]

    async def delete(self, name: str, **kwargs: Any) -> ProfileDeletion:
        return await self._call("delete", name, **kwargs)  # type: ignore[no-any-return]

    async def run(self, name: str, **kwargs: Any) -> SweepReport:
        return await self._call("run", name, **kwargs)  # type: ignore[no-any-return]

    async def log(self, name: str, **kwargs: Any) -> builtins.list[ProfileLogEntry]:
        return await self._call("log", name, **kwargs)  # type: ignore[no-any-return]

    async def opt_out(self, name: str, **kwargs: Any) -> Profile:
        return await self._call("opt_out", name, **kwargs)  # type: ignore[no-any-return]

    async def opt_in(self, name: str, **kwargs: Any) -> Profile:
        return await self._call("opt_in", name, **kwargs)  # type: ignore[no-any-return]


class AsyncJobs(_AsyncPart):
    """``AsyncMemlane.jobs``: ``Memlane.jobs``, awaited."""

    _part = "jobs"

    async def list(self) -> builtins.list[JobInfo]:
        return await self._call("list")  # type: ignore[no-any-return]

    async def show(self, name: str, **kwargs: Any) -> tuple[JobInfo, builtins.list[JobRun]]:
        return await self._call("show", name, **kwargs)  # type: ignore[no-any-return]

    async def run(self, name: str, **kwargs: Any) -> JobRun:
        return await self._call("run", name, **kwargs)  # type: ignore[no-any-return]
