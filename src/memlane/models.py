"""Domain types: what the service takes and returns on every surface.

Results are frozen pydantic models so that every surface renders them the same way
(``model_dump(mode="json")`` gives the snake_case field names of SPEC §2).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "Actor",
    "AnchoredRecord",
    "ConversationImportReport",
    "ConversationMessage",
    "ConversationSummary",
    "Edge",
    "Entity",
    "EntityDetail",
    "EntityLookup",
    "EntityMerge",
    "ExtractReport",
    "ExtractedItem",
    "Filters",
    "ForgetResult",
    "ForgottenMemory",
    "GraphRestoreReport",
    "Hit",
    "ImportResult",
    "JobRun",
    "KeyInfo",
    "LinkedMemory",
    "Memory",
    "MemoryType",
    "NewKey",
    "PastMerge",
    "Profile",
    "ProfileLogEntry",
    "ReindexResult",
    "Scope",
    "SimilarRef",
    "SkippedStatement",
    "State",
    "StoreResult",
    "Subject",
    "SupersededRef",
    "TeamInfo",
    "UserInfo",
    "Visibility",
    "constructed",
]


class MemoryType(StrEnum):
    FACT = "fact"
    PREFERENCE = "preference"
    PROCEDURE = "procedure"
    EPISODE = "episode"
    DECISION = "decision"
    RELATIONSHIP = "relationship"
    OBSERVATION = "observation"
    GENERIC = "generic"


class State(StrEnum):
    NEW = "new"  # stored, not yet embedded
    INDEXED = "indexed"  # has a vector of the configured embedder
    ARCHIVED = "archived"  # kept, out of recall


class Visibility(StrEnum):
    PERSONAL = "personal"
    SHARED = "shared"


class Scope(StrEnum):
    """Whose an item is, as people see it: the owner's kind (``user:`` → personal, ``team:``, ``agent:``,
    ``workspace``). A user's own shared item counts as personal: only its owner reads it."""

    PERSONAL = "personal"
    TEAM = "team"
    AGENT = "agent"
    WORKSPACE = "workspace"

    @classmethod
    def of(cls, owner: str) -> Scope:
        kind = owner.partition(":")[0]
        return {"team": cls.TEAM, "agent": cls.AGENT, "workspace": cls.WORKSPACE}.get(kind, cls.PERSONAL)

    def owner_pattern(self) -> str:
        """The owners of this scope, as a SQL LIKE pattern (the same on both backends)."""
        return {"personal": "user:%", "team": "team:%", "agent": "agent:%"}.get(self.value, "workspace")


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


_F = TypeVar("_F", bound=_Frozen)

_set_attribute = object.__setattr__


def constructed(cls: type[_F], values: dict[str, Any], fields_set: set[str] | None = None) -> _F:
    """What ``cls.model_construct(**values)`` gives (``fields_set``: its ``model_fields_set``, by default
    every key of ``values``), for ``values`` that name every field of ``cls`` in the order the class
    declares them, validated already (read from the store). A fifth of the cost: ``model_construct``
    walks every field's aliases and defaults, ~19 µs a memory, which a recall paid for ~40 rows.
    Only for the frozen models here (no ``extra``, no private attributes, no ``model_post_init``);
    ``tests/test_models_constructed.py`` checks it gives what ``model_construct`` gives."""
    made = cls.__new__(cls)
    _set_attribute(made, "__dict__", values)
    _set_attribute(made, "__pydantic_fields_set__", set(values) if fields_set is None else fields_set)
    _set_attribute(made, "__pydantic_extra__", None)
    _set_attribute(made, "__pydantic_private__", None)
    return made


class Subject(_Frozen):
    """Who or what a memory is about: ``id`` and ``name`` as the caller gave them, and the entity the
    memory's subject link points at (``memlane.graph.memory_refs``), read through the link when the
    memory is read, so it follows merges and unmerges; None when there is none the reader may see."""

    id: str
    name: str
    entity_id: str | None = None
    entity_name: str | None = None


class Memory(_Frozen):
    id: str
    content: str
    type: MemoryType
    subject: Subject | None = None
    related_user: str | None = None
    #: the account entity ``related_user`` points at (``user:<name>``), as ``Subject.entity_id``
    related_user_entity_id: str | None = None
    related_user_entity_name: str | None = None
    data: dict[str, Any] | None = None
    importance: float = 0.5
    confidence: float = 1.0
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    observed_at: datetime
    workspace: str
    owner: str
    visibility: Visibility
    space: str | None = None
    source: str
    provenance: dict[str, Any] | None = None
    state: State
    replaces: str | None = None
    superseded_by: str | None = None
    superseded_at: datetime | None = None
    access_count: int = 0
    last_accessed_at: datetime | None = None
    expires_at: datetime | None = None
    created_at: datetime
    updated_at: datetime
    #: identity of the embedder whose vector this item has, or None
    embedding_model: str | None = None
    #: the user who stored this version (None: stored before memlane recorded authors, and not in the
    #: audit log); who may archive, restore or delete a shared item depends on it (docs/api.md)
    author: str | None = None
    #: the profile whose sweep wrote this item (``memlane.profiles``), or None
    profile_id: str | None = None


class Hit(Memory):
    """A recalled memory: the item plus how well and by which lanes it matched."""

    score: float
    matched_by: tuple[str, ...]


class Entity(_Frozen):
    """A person, company, ticket… that memories and records are about (``memlane.graph``).

    Scoped like a memory: ``workspace``, ``owner`` and ``visibility`` decide who may read it, by the same
    rule. ``type`` ``other`` also means "not typed yet" (found in text): a typed record or mention that
    matches it gives it its type."""

    id: str
    workspace: str
    owner: str
    visibility: Visibility
    type: str
    name: str
    aliases: tuple[str, ...] = ()
    #: normalised ``system:value`` ids (``hubspot:123``, ``email:ana@x.com``)
    external_ids: tuple[str, ...] = ()
    attributes: dict[str, Any] | None = None
    created_at: datetime
    updated_at: datetime


class Edge(_Frozen):
    """A relation between two entities of the same scope: ``src`` ``relation`` ``dst``
    (``ana works_at acme``)."""

    id: str
    src: str
    relation: str
    dst: str
    provenance: dict[str, Any] | None = None
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    created_at: datetime


class EntityMerge(_Frozen):
    """A recorded merge: ``merged`` was folded into ``into``; ``unmerged_at`` once undone."""

    id: str
    into: str
    merged: str
    merged_at: datetime
    unmerged_at: datetime | None = None


class PastMerge(_Frozen):
    """A merge in the history (``EntityService.merges``): the record, the two entities' names, the scope
    they share, who merged them (an owner, ``user:ana``), whether ``into`` is still a current entity, and
    whether the asking actor may undo it now (``undoable``: not undone, and she may change both)."""

    merge: EntityMerge
    into_name: str
    merged_name: str
    workspace: str
    owner: str
    visibility: Visibility
    by: str
    into_current: bool
    undoable: bool = False


class LinkedMemory(_Frozen):
    """A memory linked to an entity: ``distance`` 0 (linked to the entity itself) or 1 (to an entity one
    edge away)."""

    distance: int
    memory: Memory


class EntityDetail(_Frozen):
    """What is known about an entity, as far as the caller may read: the entity (with its aliases and
    external ids), its edges (current ones first, at most 100), the entities at their other ends
    (``related``), and the memories linked to it and to those neighbours, nearest first, then newest."""

    entity: Entity
    edges: tuple[Edge, ...] = ()
    related: tuple[Entity, ...] = ()
    memories: tuple[LinkedMemory, ...] = ()
    #: the same name's entity in each other scope the caller may read (a looked-up name that resolves
    #: to one entity per scope: alice's personal Ana and the team's Ana); their edges, neighbours and
    #: memories are part of this detail, as the graph lane in recall counts them
    same_as: tuple[Entity, ...] = ()


class EntityLookup(_Frozen):
    """What do you know about X: the entity ``query`` resolves to (``found``, with its detail), or, when
    the name fits several, each of them (``candidates``) and no detail."""

    query: str
    found: EntityDetail | None = None
    candidates: tuple[Entity, ...] = ()


class SupersededRef(_Frozen):
    id: str
    content: str


class SimilarRef(_Frozen):
    """A current item close to a new one that was not superseded (the caller may pass ``replaces``)."""

    id: str
    content: str
    score: float


class StoreResult(_Frozen):
    id: str
    status: str  # "stored" | "duplicate"
    embedded: bool
    superseded: tuple[SupersededRef, ...] = ()
    #: near-matches that automatic supersession left alone (unsure, or another fact): best first
    similar: tuple[SimilarRef, ...] = ()


class ConversationImportReport(_Frozen):
    """What ``import --conversations`` did with the export's conversations (visible branch only): messages
    appended to the conversation log, exchanges extracted, memories the extraction added or updated.
    ``*_already_*`` counts what an earlier (perhaps interrupted) run of the same import had done."""

    conversations: int = 0
    messages_appended: int = 0
    messages_already_there: int = 0
    exchanges_extracted: int = 0
    exchanges_already_extracted: int = 0
    #: exchanges with nothing durable in them (the extraction gate), nothing stored
    exchanges_without_memory: int = 0
    memories_added: int = 0
    memories_updated: int = 0
    skipped_invalid: tuple[dict[str, Any], ...] = ()


class GraphRestoreReport(_Frozen):
    """What restoring a memlane export did with its entity graph: rows restored, and rows the store held
    already (an entity with the same id, or the same name and type in the same scope)."""

    entities: int = 0
    edges: int = 0
    links: int = 0
    merges: int = 0
    skipped_duplicates: int = 0
    #: the entities, edges and merges restored, under ids of their scope (exported id -> new id)
    remapped: dict[str, str] = Field(default_factory=dict)


class ImportResult(_Frozen):
    """What an import did: facts stored, facts already there (in the store or earlier in the file), and
    facts refused, each with its ``reason``; with ``--conversations``, what became of the conversations."""

    vendor: str
    imported: int
    skipped_duplicates: int
    skipped_invalid: tuple[dict[str, Any], ...] = ()
    conversations: ConversationImportReport | None = None
    #: restoring a memlane export that holds an entity graph: what became of it
    graph: GraphRestoreReport | None = None
    #: restoring a memlane export: the memories it restored, each under an id of the scope it is restored
    #: in (exported id -> new id), whoever holds its own (docs/import.md, "Ids")
    remapped: dict[str, str] = Field(default_factory=dict)
    #: restoring a memlane export that holds fewer memory or graph lines than its header announces (cut
    #: short, or edited by hand): one item each, ``kind`` (memories, graph), ``expected`` (the header's
    #: count), ``read`` (the lines the file holds) and ``reason``; what the file holds is restored
    warnings: tuple[dict[str, Any], ...] = ()


class ForgottenMemory(_Frozen):
    """A memory a forget deleted, or would delete in a dry run: what it said, so that a caller can show
    the user what goes without fetching each id (only versions the caller may read: forget selects no
    other)."""

    id: str
    content: str
    type: MemoryType
    subject: Subject | None = None

    def preview(self, limit: int = 80) -> str:
        """The content on one line, cut at a word to at most ``limit`` characters ("…" where cut): what
        the CLI and the MCP text show beside the id."""
        text = " ".join(self.content.split())
        if len(text) <= limit:
            return text
        cut = text[: limit - 1]
        space = cut.rfind(" ")
        return (cut[:space] if space > limit // 2 else cut).rstrip() + "…"


class ForgetResult(_Frozen):
    #: every id deleted (or, in a dry run, that would be), oldest first
    deleted: tuple[str, ...]
    dry_run: bool = False
    #: the same memories with their content, type and subject, in the same order
    memories: tuple[ForgottenMemory, ...] = ()


class ReindexResult(_Frozen):
    embedded: int
    keys_rebuilt: int
    embedding_model: str | None


# -- identity (memlane.auth): results of the admin operations -------------------------------------


class KeyInfo(_Frozen):
    """An API key as listed: never the key itself, nor its hash."""

    id: str
    prefix: str
    workspace: str
    name: str
    user: str | None
    agent: str | None
    admin: bool
    max_visibility: Visibility
    created_at: datetime
    last_used_at: datetime | None = None
    revoked_at: datetime | None = None


class NewKey(KeyInfo):
    """A key just created: the only time the secret itself is shown."""

    key: str


class UserInfo(_Frozen):
    """A user of a workspace: their opt-out and current teams."""

    workspace: str
    name: str
    opted_out: bool
    teams: tuple[str, ...] = ()
    created_at: datetime
    updated_at: datetime


class TeamInfo(_Frozen):
    """A team and its current members."""

    workspace: str
    name: str
    members: tuple[str, ...] = ()
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Actor:
    """Who is asking. Every storage query is filtered by what this actor may read.

    ``teams`` and ``agent`` widen what can be read to those owners' *shared* items; personal items are
    only ever readable by their owning user. ``ceiling`` is the request's memory setting: in a
    ``personal`` request nothing is written as shared, and nothing shared is changed. ``admin``: the
    request is made with an admin key of the workspace. ``delegated``: it acts for the user through a
    key not bound to her (a platform's unbound key, an agent's key), so it is not the user herself.
    ``operator``: the store's operator (the embedded SDK or CLI on the database itself), who may see
    figures of the whole store, such as the conversation log's positions (keys see one workspace).
    What each may change is decided in ``memlane.permissions``.
    """

    user: str
    workspace: str = "default"
    teams: tuple[str, ...] = ()
    agent: str | None = None
    ceiling: Visibility = Visibility.SHARED
    admin: bool = False
    delegated: bool = False
    operator: bool = False

    @property
    def owner(self) -> str:
        return f"user:{self.user}"

    def readable_shared_owners(self) -> tuple[str, ...]:
        owners = [f"team:{t}" for t in self.teams]
        if self.agent:
            owners.append(f"agent:{self.agent}")
        owners.append("workspace")
        return tuple(owners)


ALL_SPACES = "*"


@dataclass(frozen=True, slots=True)
class Filters:
    """Restrictions applied inside the storage query (never after it).

    ``space`` None is the default bucket; ``"*"`` reads every space.
    """

    space: str | None = None
    types: tuple[MemoryType, ...] = ()
    subject: str | None = None
    related_user: str | None = None
    sources: tuple[str, ...] = ()
    states: tuple[State, ...] = ()  # empty: new + indexed (archived never, unless asked for)
    scopes: tuple[Scope, ...] = ()  # empty: every scope the actor may read
    observed_after: datetime | None = None
    observed_before: datetime | None = None
    include_history: bool = False
    ids: tuple[str, ...] = field(default=())
    #: only items linked to one of these entities (``recall(about=...)``; ids the caller may read)
    entities: tuple[str, ...] = field(default=())
    #: only items written by this profile (its id): a profile's sweep compares with its own memories,
    #: and every lane (the graph lane's neighbours and hops included) keeps to them inside its query
    profile: str | None = None


# -- conversations (the log the host application writes; what extraction reads) -------------------


class ConversationMessage(_Frozen):
    """One logged message of a conversation, as stored (append-only).

    Scoped like a memory: ``owner`` and ``visibility`` decide who may read it (the same rule)."""

    id: str
    conversation_id: str
    role: Literal["user", "assistant", "tool"]
    text: str = ""
    #: the tool's name (``role="tool"``, or an assistant message that called one)
    tool: str | None = None
    #: a tool's structured result, when it returned one
    result: dict[str, Any] | None = None
    #: the speaking user, for ``role="user"``
    user: str | None = None
    agent: str | None = None
    #: when it was said (default: when it was appended)
    at: datetime
    workspace: str
    owner: str
    visibility: Visibility
    #: the user whose request appended it
    author: str | None = None
    created_at: datetime


class ConversationSummary(_Frozen):
    """A conversation as listed: its id, scope, size and time span."""

    conversation_id: str
    owner: str
    visibility: Visibility
    messages: int
    first_at: datetime
    last_at: datetime


# -- extraction (what ``extract`` did) ------------------------------------------------------------


class ExtractedItem(_Frozen):
    """A memory extraction added, updated (the new version) or deleted, and why."""

    id: str
    content: str
    type: MemoryType
    visibility: Visibility
    reason: str
    #: updated: the id of the version it superseded; deleted: None
    replaces: str | None = None
    #: updated: the superseded version's content
    previous: str | None = None


class SkippedStatement(_Frozen):
    """A statement extraction looked at and did not store, and why (including 'already known')."""

    text: str
    reason: str


class AnchoredRecord(_Frozen):
    """A tool result with a known record shape that extraction anchored in the entity graph."""

    kind: str
    system: str
    #: the record's own id in its system (``owner/repo#12`` for an issue or pull request)
    record_id: str
    #: the entity it is now (``m.entities.get``)
    entity_id: str
    #: the tool message it came from, when it had an id
    message_id: str | None = None


class ExtractReport(_Frozen):
    """The outcome of one ``extract``: what was added, updated, deleted and skipped, with reasons.

    ``extracted`` is False when nothing was looked at: the gate found nothing durable, or this exchange
    was already extracted (``reason`` says which)."""

    extracted: bool
    reason: str
    added: tuple[ExtractedItem, ...] = ()
    updated: tuple[ExtractedItem, ...] = ()
    deleted: tuple[ExtractedItem, ...] = ()
    skipped: tuple[SkippedStatement, ...] = ()
    #: tool results with a known record shape, anchored in the entity graph (no model call)
    anchored: tuple[AnchoredRecord, ...] = ()


# -- profiles and jobs (``memlane.profiles``, ``memlane.jobs``) ---------------------------------------


class Profile(_Frozen):
    """A memory set's profile: what its scheduled sweep extracts from the conversation log, for whom,
    how often, and how long what it wrote is kept. Every memory it writes carries its ``id``.

    ``expire_after`` is canonical text (``"30 days"``; None: kept until deleted); ``refresh_minutes``
    the sweep's period. ``last_sync_seq`` is the conversation log position its last successful sweep
    reached, shown to the store's operator only (None for every key: the log's positions are
    store-wide, so they would tell how many messages every workspace logged); ``running_since`` is set
    while a sweep holds it (the "in progress" mark)."""

    id: str
    workspace: str
    name: str
    types: tuple[MemoryType, ...]
    scope: Literal["user", "team", "agent"]
    teams: tuple[str, ...] = ()
    agent: str | None = None
    extractor: str = "rules"
    instructions: str | None = None
    embedding_model: str | None = None
    refresh_minutes: int
    expire_after: str | None = None
    enabled: bool = False
    last_sync_at: datetime | None = None
    last_sync_seq: int | None = 0
    running_since: datetime | None = None
    #: the running sweep's last sign of life (a batch done)
    heartbeat_at: datetime | None = None
    last_error: str | None = None
    created_at: datetime
    updated_at: datetime


class ProfileLogEntry(_Frozen):
    """What happened to a profile's memories: ``expired`` (the cleanup), ``deleted`` (with the profile),
    ``swept`` (a sweep's additions); how many and when."""

    profile_id: str
    profile: str
    at: datetime
    action: str
    count: int
    detail: dict[str, Any] | None = None


class JobRun(_Frozen):
    """One run of a scheduled job (``sweep:<profile id>``, ``expiry``, ``consolidate``)."""

    id: str
    job: str
    started_at: datetime
    finished_at: datetime | None = None
    status: Literal["running", "succeeded", "failed"]
    error: str | None = None
    detail: dict[str, Any] | None = None
    worker: str | None = None

    @property
    def duration_s(self) -> float | None:
        return (self.finished_at - self.started_at).total_seconds() if self.finished_at else None
