"""memlane as an MCP server (the official ``mcp`` SDK): its tools (``TOOLS``) over stdio (``memlane mcp``) or
streamable HTTP (mounted at ``/mcp`` by ``memlane serve``).

Each tool is parse → one service call → render, with the same result models as the SDK and REST API.
The tools are synchronous functions: the SDK runs them on worker threads, as the REST API does.

What a client sees: every tool has a title, annotations (read-only, destructive, idempotent), a
described parameter for every argument and a real ``outputSchema`` (the result models). Arguments are
checked strictly (no unknown arguments, no ``"5"`` or ``true`` for a number) and a bad one comes back as
``invalid_input: limit: must be an integer between 1 and 1,000``; an unknown tool is the JSON-RPC error
-32602. A result's full records are its ``structuredContent``; its text is one compact JSON line per
memory (id, content, type, score, source, date), so a model's context is not spent on empty fields.

Who a call acts as comes from ``resolve_actor(ctx)``: over HTTP, the request's API key
(``Authorization: Bearer …``) and ``X-Memlane-User``, checked on every call; over stdio, the local
user (a trusted process, like the CLI). With no explicit ``source``, a stored memory is stamped with the
calling client's name from its ``initialize`` handshake (e.g. ``claude-desktop``).
"""

from __future__ import annotations

import copy
import json
import logging
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from typing import Annotated, Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError, UnexpectedToolError
from mcp.server.mcpserver.tools import Tool
from mcp.server.mcpserver.utilities.func_metadata import ArgModelBase, FuncMetadata
from mcp.shared.exceptions import MCPError
from mcp.types import INVALID_PARAMS, CallToolResult, TextContent, ToolAnnotations
from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

from . import mcp_entities, mcp_profiles
from .auth import AccessService, header_user
from .conversations import MAX_MESSAGE_CHARS
from .errors import MemlaneError, Unauthorized
from .messages import expected, problem
from .models import (
    Actor,
    ExtractReport,
    ForgetResult,
    Hit,
    Memory,
    MemoryType,
    State,
    StoreResult,
    Visibility,
)
from .permissions import MAX_OWNER_CHARS
from .requests import MAX_CONTENT_CHARS, MAX_ID_CHARS, MAX_INSTRUCTIONS_CHARS, MAX_LIMIT, MAX_QUERY_CHARS
from .secrets import redact_name
from .service import MemoryService

__all__ = ["INSTRUCTIONS", "TOOLS", "build_mcp_server", "http_actor_resolver", "local_actor_resolver"]

log = logging.getLogger(__name__)

ActorResolver = Callable[[Context], Actor]

TOOLS = (
    "memory_store",
    "memory_recall",
    "memory_search",
    "memory_forget",
    "memory_list_recent",
    "memory_history",
    "memory_extract",
    *mcp_entities.ENTITY_TOOLS,
    *mcp_profiles.PROFILE_TOOLS,
)

INSTRUCTIONS = """\
memlane is the user's long-term memory. Recall before answering anything that may depend on what the \
user told you before (their preferences, people, projects, decisions). Store, without being asked, what \
is worth knowing next time: a stated preference ("I prefer…", "always…", "from now on…"), a durable fact \
about the user or their world (people, companies, projects, dates, numbers), a decision and its reason. \
Do not store transient task state, small talk, questions, guesses, or secrets (passwords, API keys, \
tokens, payment card numbers): secrets are refused."""

_STORE = """\
Store one durable piece of knowledge as a short, self-contained statement.

Store unprompted when the user states a preference ("I prefer tea", "always use metric units", "from \
now on reply in French"), tells a fact about themselves or their world (people, relationships, \
companies, projects, dates, amounts), or makes a decision worth keeping ("we chose PostgreSQL because…"). \
Write it so it makes sense on its own later ("Ana's daughter is allergic to peanuts", not "she is \
allergic").

Do not store: transient task state (current file, step 3 of 5), small talk, questions, speculation, \
anything the user asked you to forget, or secrets (passwords, API keys, tokens, payment card numbers — \
they are refused).

An update of the same subject and attribute ("the standup is now at 10:00") supersedes the older fact \
automatically; when unsure it does not, and lists the near-matches in `similar` [{id, content, score}]: \
if one of them is the old version of what you stored, store again with `replaces` set to its id. \
Returns {id, status: stored|duplicate, embedded, superseded, similar}."""

_RECALL = """\
Recall what is known that is relevant to `query` (a question or keywords), best first: one line per \
memory with its id, content, type, a 0-1 `score`, source and date (the full records, with the lanes that \
found each, `matched_by`, and every date, are the structured result). Use it before answering \
anything that may depend on the user's preferences, people, projects or earlier decisions. Only current \
facts unless `include_history`. Only hits with evidence come back: fewer than `limit`, or none when \
nothing relevant is stored."""

_SEARCH = """\
Search memories with filters: minimum score, types, subject, related user, sources, states, observed \
time range (ISO-8601), space. Like memory_recall, for precise lookups."""

_FORGET = """\
Delete a memory for good: by `memory_id` (its whole version history), or by `query`, the user's request \
as said: a statement ("forget that I'm allergic to penicillin") deletes the memories stating it and no \
other fact; a topic ("forget everything about Dana") every memory about that person or thing. \
Use when the user asks you to forget something or a memory is wrong. Try `dry_run` first with a query: \
it lists the ids that would be deleted (memory_history shows one) and deletes nothing. Returns the \
deleted ids."""

#: an id's bound, declared (``maxLength``) but not enforced here: the service's ``ids.check_id`` refuses a
#: longer one in the same words on every surface (a cap of this surface's own answered differently)
_ID: dict[str, Any] = {"maxLength": MAX_ID_CHARS}
_LIST = """List the most recently stored current memories, newest first (for review, not for answering)."""

_HISTORY = """\
The version history of a memory (any id in it), oldest to newest; the last one is current. Use to \
answer "what did we think before?"."""

#: an enum argument's choices, declared (``enum``) but not enforced here: the service refuses another value
#: (or one of no text) in its own words, as to the SDKs and over REST (``type: must be one of 'fact', …``;
#: this surface's own check said ``type: must be one of fact, …``)
_TYPE_NAMES: dict[str, Any] = {"type": "string", "enum": [t.value for t in MemoryType]}
_VISIBILITIES: dict[str, Any] = {"type": "string", "enum": [v.value for v in Visibility]}
_STATES: dict[str, Any] = {"type": "string", "enum": [s.value for s in State]}
MemoryTypeName = Annotated[Any, Field(json_schema_extra=_TYPE_NAMES)]
StateName = Annotated[Any, Field(json_schema_extra=_STATES)]
#: a question's bound, declared but not enforced here, as an id's: the service refuses a longer one
#: (``query: at most 10,000 characters``, on every surface)
_QUERY: dict[str, Any] = {"maxLength": MAX_QUERY_CHARS}
#: one message of an exchange, declared as ``POST /v1/extract`` takes it (not enforced here: the service
#: refuses another field in its words); it was ``{"type": "object"}``, and a model wrote the chat APIs'
#: ``content`` for ``text`` (``messages[0].content: is not a known field``)
_MESSAGE: dict[str, Any] = {
    "properties": {
        "role": {"type": "string", "enum": ["user", "assistant", "tool"]},
        "text": {"type": "string", "maxLength": MAX_MESSAGE_CHARS, "description": "What was said."},
        "tool": {"type": "string", "maxLength": 200, "description": "The tool's name (role 'tool')."},
        "result": {"type": "object", "description": "A tool's structured result."},
        "user": {"type": "string", "maxLength": 200, "description": "The speaking user (role 'user')."},
        "agent": {"type": "string", "maxLength": 200},
        "at": {"type": "string", "maxLength": 100, "description": "When it was said (ISO-8601)."},
        "id": {"type": "string", "maxLength": 200, "description": "The host application's message id."},
    },
    "required": ["role"],
    "additionalProperties": False,
}
#: a time as every memlane surface reads it (``timeutil.parse_time``), said the same by every tool
_WHEN = mcp_entities.WHEN


def client_name(ctx: Context) -> str | None:
    """The client's name from its ``initialize`` handshake (``clientInfo.name``), if it sent one."""
    try:
        params = ctx.session.client_params
    except (AttributeError, ValueError):
        return None
    info = getattr(params, "client_info", None)
    name = getattr(info, "name", None)
    if not isinstance(name, str):
        return None
    # a client's own name is not the caller's input: control and format characters (NUL, line breaks,
    # bidi overrides) are dropped rather than refused, or no call without a source could store anything
    kept = (" " if c.isspace() else c for c in name if c.isspace() or unicodedata.category(c)[0] != "C")
    return " ".join("".join(kept).split())[:200] or None


def http_actor_resolver(access: AccessService) -> ActorResolver:
    """Actors from each HTTP request's own headers: the key is checked, and the user's teams read, on
    every tool call (a session opened with one key cannot borrow another's rights)."""

    def resolve(ctx: Context) -> Actor:
        request = ctx.request_context.request
        headers = getattr(request, "headers", None) or {}
        scheme, _, token = str(headers.get("authorization", "")).partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise Unauthorized("an API key is required: send 'Authorization: Bearer ml_…'")
        principal = access.authenticate(token.strip())
        return access.actor(principal, header_user(headers.get("x-memlane-user")))

    return resolve


def local_actor_resolver(access: AccessService, user: str, workspace: str) -> ActorResolver:
    """The local user (stdio: the process was started by that user), with the user's current teams."""
    return lambda ctx: access.local_actor(user, workspace)


class HitsResult(BaseModel):
    """memory_recall and memory_search: the hits, best first."""

    hits: list[Hit]


class ItemsResult(BaseModel):
    """memory_list_recent: current memories, newest first."""

    items: list[Memory]


class VersionsResult(BaseModel):
    """memory_history: every version, oldest to newest; the last is current."""

    versions: list[Memory]


def _line(m: Memory) -> str:
    """One memory as a compact JSON line: what a model needs to use it, nothing empty."""
    entry: dict[str, Any] = {"id": m.id, "content": m.content, "type": str(m.type)}
    if isinstance(m, Hit):
        entry["score"] = round(m.score, 3)
    entry["source"] = m.source
    entry["date"] = m.observed_at.date().isoformat()
    if m.superseded_by is not None:
        entry["superseded_by"] = m.superseded_by
    return json.dumps(entry, ensure_ascii=False)


def _lines(memories: Sequence[Memory], none: str) -> str:
    return "\n".join(_line(m) for m in memories) or none


def _ok(result: BaseModel, text: str) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=text)],
                          structured_content=result.model_dump(mode="json"))  # fmt: skip


def _failed(exc: MemlaneError) -> CallToolResult:
    if exc.public != str(exc):  # a storage error: its client reads the kind, the server's log the rest
        log.error("MCP tool failed: %s", exc)
    return CallToolResult(content=[TextContent(type="text", text=f"{exc.code}: {exc.public}")], is_error=True)


def _forget_text(result: ForgetResult) -> str:
    """A forget's outcome in words: a preview says it deleted nothing (its JSON said ``"deleted": [...]``);
    each memory's id with its content, shortened (a model shows the user what goes, not bare ids)."""
    said = {m.id: m.preview(60) for m in result.memories}
    ids = ", ".join(
        f"{i} {json.dumps(said[i], ensure_ascii=False)}" if i in said else i for i in result.deleted
    )
    count = f"{len(result.deleted)} memor{'y' if len(result.deleted) == 1 else 'ies'}"
    if result.dry_run:
        return f"dry run, nothing deleted; would delete {count}: {ids}" if ids else (
            "dry run: nothing would be deleted (no memory matched)")  # fmt: skip
    return f"deleted {count}: {ids}" if ids else "nothing deleted (no memory matched)"


def _compact(result: BaseModel) -> str:
    return json.dumps(result.model_dump(mode="json", exclude_none=True), ensure_ascii=False)


class _StrictArguments(ArgModelBase):
    """Tool arguments as the published schema says: no unknown names, no coercion ("5", true → 5)."""

    model_config = ConfigDict(extra="forbid", strict=True, arbitrary_types_allowed=True)


class _AsSent(FuncMetadata):
    """The SDK parses JSON inside strings for non-string arguments (``"[1]"`` → a list); memlane takes
    the arguments as sent, so a value is valid exactly when the schema says so."""

    def pre_parse_json(self, data: dict[str, Any]) -> dict[str, Any]:
        return dict(data)


def _property_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """A parameter's schema as a model should read it: an optional value is its type (omit it for the
    default), not ``anyOf [type, null]``; no pydantic titles."""
    schema = {k: v for k, v in schema.items() if k != "title"}
    options = schema.get("anyOf")
    if isinstance(options, list) and len(options) == 2 and {"type": "null"} in options:
        (kept,) = [o for o in options if o != {"type": "null"}]
        schema = {**{k: v for k, v in schema.items() if k != "anyOf"}, **kept}
    if schema.get("default", 0) is None:  # "default: null" on a string (visibility): a value it refuses
        del schema["default"]
    return schema


#: tools already built, by what they are built from but the function object: a server's tools are closures
#: over its service, so each server has new function objects with the same code, signature and defaults,
#: and building a tool's argument model and schema (pydantic) costs ~0.3 s of CPU for the 15 tools
_BUILT: dict[tuple[Any, ...], Tool] = {}


def _tool(fn: Callable[..., Any], *, title: str, description: str, annotations: ToolAnnotations,
          exactly_one_of: tuple[str, str] | None = None) -> Tool:  # fmt: skip
    """A tool with strict arguments and the input schema a client should see (built once per kind of
    tool; each server's tool calls its own ``fn``)."""
    key = (fn.__code__, repr(fn.__defaults__), repr(fn.__kwdefaults__), title, description, repr(annotations),
           exactly_one_of)  # fmt: skip
    built = _BUILT.get(key)
    if built is None:
        built = _BUILT[key] = _build_tool(fn, title=title, description=description, annotations=annotations,
                                          exactly_one_of=exactly_one_of)  # fmt: skip
    return built.model_copy(update={"fn": fn, "parameters": copy.deepcopy(built.parameters)})


def _build_tool(fn: Callable[..., Any], *, title: str, description: str, annotations: ToolAnnotations,
                exactly_one_of: tuple[str, str] | None) -> Tool:  # fmt: skip
    tool = Tool.from_function(fn, title=title, description=description, annotations=annotations,
                              structured_output=True)  # fmt: skip
    loose = tool.fn_metadata
    strict = create_model(loose.arg_model.__name__, __base__=_StrictArguments,
                          **{n: (f.annotation, f) for n, f in loose.arg_model.model_fields.items()})  # type: ignore[call-overload]  # fmt: skip
    tool.fn_metadata = _AsSent(
        arg_model=strict, output_model=loose.output_model, wrap_output=loose.wrap_output
    )
    schema = strict.model_json_schema(by_alias=True)
    schema.pop("title", None)
    schema["properties"] = {n: _property_schema(p) for n, p in schema.get("properties", {}).items()}
    schema["additionalProperties"] = False
    if exactly_one_of:
        # "exactly one": neither both nor none. A root `not` (with the anyOf inside it): Claude's API and
        # others refuse tools whose input schema has oneOf/anyOf/allOf at the top level.
        a, b = exactly_one_of
        schema["not"] = {"anyOf": [{"required": [a, b]}, {"properties": {a: False, b: False}}]}
    tool.parameters = schema
    return tool


def argument_problems(exc: ValidationError, schema: Mapping[str, Any]) -> str:
    """``limit: must be an integer between 1 and 1,000`` for each argument that failed, from the schema the
    client was shown (one line per argument, whatever pydantic found)."""
    properties: Mapping[str, Any] = schema.get("properties", {})
    said: dict[str, str] = {}
    for error in exc.errors():
        loc = error.get("loc", ())
        name = redact_name(str(loc[0])) if loc else ""  # an unknown argument's name may be a token
        if name in said:
            continue
        if not name:
            said[name] = problem(error)
        elif error["type"] == "extra_forbidden":
            said[name] = f"{name}: not an argument of this tool (its arguments: {', '.join(properties)})"
        elif error["type"] == "missing":
            said[name] = f"{name}: required, {expected(properties.get(name, {}))}"
        elif error["type"] in _BOUNDS and len(loc) == 1:
            # a bound the REST API and the service check too: in their words (``content: must have at
            # most 32,000 characters``; this said ``must be a string of at most 32,000 characters``)
            said[name] = f"{name}: {problem(error)}"
        else:
            said[name] = f"{name}: must be {expected(properties.get(name, {}))}"
    return "; ".join(said.values())


#: pydantic's errors for a value of the right type out of its bounds (a string's or a list's length)
_BOUNDS = frozenset({"string_too_long", "string_too_short", "too_long", "too_short"})


class _MemlaneMCP(MCPServer):
    """The SDK's server, with protocol-correct errors for what a client sends: an unknown tool is the
    JSON-RPC error -32602 (not a tool result), and arguments that do not fit the schema come back as an
    ``invalid_input`` tool error in plain words (not a pydantic dump)."""

    def __init__(self, tools: list[Tool], **kwargs: Any) -> None:
        super().__init__(tools=tools, **kwargs)
        self._memlane_tools = {t.name: t for t in tools}

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> Any:
        tool = self._memlane_tools.get(name)
        if tool is None:
            raise MCPError(
                INVALID_PARAMS, f"unknown tool {name!r}; the tools are {', '.join(self._memlane_tools)}"
            )
        try:
            return await super().call_tool(name, arguments, context)
        except UnexpectedToolError:
            raise
        except ToolError as exc:
            if isinstance(exc.__cause__, ValidationError):  # the arguments, before the tool ran
                raise ToolError(
                    f"invalid_input: {argument_problems(exc.__cause__, tool.parameters)}"
                ) from None
            raise


_EXTRACT = (
    "Learn from the latest exchange: call after a reply with the user's and assistant's messages and the "
    "tool results they used. memlane keeps only durable knowledge the user stated (facts, decisions, "
    "preferences said to be permanent), updates what changed, forgets what the user retracted, and skips "
    "small talk, questions, one-off requests and secrets. The same exchange is never extracted twice. "
    "Answers with what was added, updated, deleted and skipped, each with a reason."
)

_OWNER = (
    "Who a shared memory belongs to: 'team:<name>' (readable by that team; you must be a member), "
    "'agent:<name>' (this agent's own knowledge) or 'workspace' (everyone). Default: this user for "
    "personal memories, the workspace for shared ones."
)
_SPACE_READ = "Only memories of this space (a separate bucket, e.g. one per repository); '*' for every space."
_AUTO_SUPERSEDE = "false: never let it supersede a similar memory by itself (raw logs); default true."
_HISTORY_FLAG = "Also return superseded (older) versions, marked with superseded_by. Default: current only."
_TYPES = "Only memories of these types."
_ABOUT = (
    "Only memories about this person, company, ticket or other entity: a name, an alias or an external id"
    " (e.g. 'Dr. Georgiev', 'hubspot:123'). 'What do you know about X?' as the query does the same."
)


def build_mcp_server(
    service: MemoryService, resolve_actor: ActorResolver, *, name: str = "memlane"
) -> MCPServer:
    """An MCP server whose tools call ``service`` as ``resolve_actor(ctx)``."""
    from . import __version__

    def run(
        ctx: Context, fn: Callable[[Actor], Any], render: Callable[[Any], CallToolResult]
    ) -> CallToolResult:
        try:
            return render(fn(resolve_actor(ctx)))
        except MemlaneError as exc:
            return _failed(exc)

    def hits(found: list[Hit]) -> CallToolResult:
        return _ok(HitsResult(hits=found), _lines(found, "no memories matched"))

    def memory_store(
        ctx: Context,
        content: Annotated[
            str,
            Field(
                max_length=MAX_CONTENT_CHARS,
                description="The statement to remember, short and self-contained (at most 32,000 characters).",
            ),
        ],  # fmt: skip
        type: Annotated[MemoryTypeName, Field(description="What kind of knowledge it is.")] = "fact",  # noqa: A002
        subject: Annotated[
            str | None,
            Field(json_schema_extra={"maxLength": 500}, description="Who or what it is about (a name)."),
        ] = None,
        source: Annotated[
            str | None, Field(max_length=200, description="Where it came from; default: this client's name.")
        ] = None,
        space: Annotated[
            str | None, Field(max_length=200, description="A separate bucket, e.g. one per repository.")
        ] = None,
        replaces: Annotated[
            str | None,
            Field(
                description="Id of the memory this one updates (from memory_recall).", json_schema_extra=_ID
            ),
        ] = None,
        importance: Annotated[float | None, Field(ge=0, le=1, description="0-1, default 0.5.")] = None,
        observed_at: Annotated[
            str | None,
            Field(max_length=100, description=f"When it was said or happened; default: now {_WHEN}"),
        ] = None,
        visibility: Annotated[
            Any,
            Field(
                description="personal (default: only this user) or shared (the workspace's knowledge).",
                json_schema_extra=_VISIBILITIES,
            ),
        ] = None,
        owner: Annotated[str | None, Field(max_length=MAX_OWNER_CHARS, description=_OWNER)] = None,
        related_user: Annotated[
            str | None,
            Field(max_length=200, description="The person it is about or belongs to; default: you."),
        ] = None,
        confidence: Annotated[float | None, Field(ge=0, le=1, description="0-1, default 1.")] = None,
        valid_from: Annotated[
            str | None, Field(max_length=100, description=f"When it became true {_WHEN}")
        ] = None,
        valid_to: Annotated[
            str | None, Field(max_length=100, description=f"When it stopped being true {_WHEN}")
        ] = None,
        expires_at: Annotated[
            str | None, Field(max_length=100, description=f"When memlane may delete it {_WHEN}")
        ] = None,
        data: Annotated[dict[str, Any] | None, Field(description="Structured data, a JSON object.")] = None,
        provenance: Annotated[
            dict[str, Any] | None,
            Field(description="Where it came from in detail (record id, URL, message ids), a JSON object."),
        ] = None,
        auto_supersede: Annotated[bool, Field(description=_AUTO_SUPERSEDE)] = True,
        expect_current: Annotated[
            bool,
            Field(
                description="Set with replaces to refuse if someone changed it meanwhile: nothing is stored"
                " and the error (version_conflict) names the current version; recall it and try again."
            ),
        ] = False,
    ) -> Annotated[CallToolResult, StoreResult]:
        fields = {
            "type": type, "subject": subject, "space": space, "replaces": replaces, "importance": importance,
            "observed_at": observed_at, "visibility": visibility, "owner": owner,
            "source": source or client_name(ctx), "related_user": related_user, "confidence": confidence,
            "valid_from": valid_from, "valid_to": valid_to, "expires_at": expires_at, "data": data,
            "provenance": provenance, "auto_supersede": auto_supersede,
        }  # fmt: skip
        given = {k: v for k, v in fields.items() if v is not None}
        return run(
            ctx, lambda actor: service.store(content, actor=actor, expect_current=expect_current, **given),
            lambda r: _ok(r, _compact(r)),
        )  # fmt: skip

    def memory_recall(
        ctx: Context,
        query: Annotated[
            str,
            Field(
                json_schema_extra=_QUERY, description="A question or keywords, e.g. 'what does Ana drink?'."
            ),
        ],
        limit: Annotated[int, Field(ge=1, le=MAX_LIMIT, description="How many hits at most.")] = 10,
        space: Annotated[str | None, Field(max_length=200, description=_SPACE_READ)] = None,
        include_history: Annotated[bool, Field(description=_HISTORY_FLAG)] = False,
        about: Annotated[str | None, Field(max_length=200, description=_ABOUT)] = None,
    ) -> Annotated[CallToolResult, HitsResult]:
        return run(ctx, lambda actor: service.recall(query, actor=actor, limit=limit, space=space,
                                                     include_history=include_history, about=about), hits)  # fmt: skip

    def memory_search(
        ctx: Context,
        query: Annotated[str, Field(json_schema_extra=_QUERY, description="A question or keywords.")],
        limit: Annotated[int, Field(ge=1, le=MAX_LIMIT, description="How many hits at most.")] = 10,
        min_score: Annotated[
            float,
            Field(ge=0, le=1, description="Only hits scoring at least this (0-1; 0.5 is a fair match)."),
        ] = 0.0,
        types: Annotated[list[MemoryTypeName] | None, Field(max_length=20, description=_TYPES)] = None,
        subject: Annotated[
            str | None, Field(max_length=500, description="Only memories about this subject (a name).")
        ] = None,
        related_user: Annotated[
            str | None, Field(max_length=200, description="Only memories about or belonging to this person.")
        ] = None,
        sources: Annotated[
            list[Annotated[str, Field(json_schema_extra={"maxLength": 200})]] | None,  # (the service says it)
            Field(max_length=50, description="Only memories from these sources, e.g. ['claude-desktop']."),
        ] = None,
        states: Annotated[
            list[StateName] | None,
            Field(
                max_length=3,
                description="Only these states: new (not embedded yet), indexed, archived (out of recall).",
            ),
        ] = None,
        observed_after: Annotated[
            str | None,
            Field(
                max_length=100, description=f"Only what was said or happened at or after this time {_WHEN}"
            ),
        ] = None,
        observed_before: Annotated[
            str | None,
            Field(max_length=100, description=f"Only what was said or happened before this time {_WHEN}"),
        ] = None,
        space: Annotated[str | None, Field(max_length=200, description=_SPACE_READ)] = None,
        include_history: Annotated[bool, Field(description=_HISTORY_FLAG)] = False,
        about: Annotated[str | None, Field(max_length=200, description=_ABOUT)] = None,
    ) -> Annotated[CallToolResult, HitsResult]:
        filters: dict[str, Any] = {
            "limit": limit, "min_score": min_score, "types": types or (), "subject": subject,
            "related_user": related_user, "sources": sources or (), "states": states or (),
            "observed_after": observed_after, "observed_before": observed_before, "space": space,
            "include_history": include_history, "about": about,
        }  # fmt: skip
        return run(ctx, lambda actor: service.search(query, actor=actor, **filters), hits)

    def memory_forget(
        ctx: Context,
        memory_id: Annotated[
            str | None,
            Field(
                json_schema_extra={**_ID, "minLength": 1},
                description="Id of the memory to delete, with its whole version history. "
                "Give exactly one of memory_id or query.",
            ),
        ] = None,  # fmt: skip
        query: Annotated[
            str | None,
            Field(
                json_schema_extra={**_QUERY, "minLength": 1},
                description="Delete what this request asks to forget instead (a statement, or everything about X). Give exactly "
                "one of memory_id or query; try dry_run first.",
            ),
        ] = None,  # fmt: skip
        dry_run: Annotated[
            bool, Field(description="Only list what would be deleted; delete nothing.")
        ] = False,
        space: Annotated[
            str | None,
            Field(
                max_length=200, description="With query: only memories of this space; default: every space."
            ),
        ] = None,
        min_score: Annotated[
            float | None,
            Field(ge=0, le=1, description="With query: the recall score a match also needs (default 0)."),
        ] = None,
    ) -> Annotated[CallToolResult, ForgetResult]:
        given: dict[str, Any] = {
            k: v for k, v in {"space": space, "min_score": min_score}.items() if v is not None
        }
        return run(ctx, lambda actor: service.forget(memory_id, actor=actor, query=query, dry_run=dry_run,
                                                     **given),
                   lambda r: _ok(r, _forget_text(r)))  # fmt: skip

    def memory_list_recent(
        ctx: Context,
        limit: Annotated[int, Field(ge=1, le=MAX_LIMIT, description="How many memories at most.")] = 20,
        offset: Annotated[int, Field(ge=0, description="Skip this many of the newest (for paging).")] = 0,
        types: Annotated[list[MemoryTypeName] | None, Field(max_length=20, description=_TYPES)] = None,
        space: Annotated[str | None, Field(max_length=200, description=_SPACE_READ)] = None,
    ) -> Annotated[CallToolResult, ItemsResult]:
        # not "nothing stored" when the arguments left nothing: a model would read the user's memory as empty
        filtered = offset or types or space
        none = "no memory matches these arguments (offset, types, space)" if filtered else "nothing stored"
        return run(ctx, lambda actor: service.list_recent(actor=actor, limit=limit, offset=offset,
                                                          types=types or (), space=space),
                   lambda items: _ok(ItemsResult(items=items), _lines(items, none)))  # fmt: skip

    def memory_history(
        ctx: Context,
        memory_id: Annotated[
            str,
            Field(description="Id of any version of the memory (from memory_recall).", json_schema_extra=_ID),
        ],
    ) -> Annotated[CallToolResult, VersionsResult]:
        return run(ctx, lambda actor: service.history(memory_id, actor=actor),
                   lambda versions: _ok(VersionsResult(versions=versions), _lines(versions, "")))  # fmt: skip

    def memory_extract(
        ctx: Context,
        messages: Annotated[
            list[Annotated[dict[str, Any], Field(json_schema_extra=_MESSAGE)]] | None,
            Field(
                description="The latest exchange, in order: [{role: user|assistant|tool, text, tool, result}]."
            ),
        ] = None,
        conversation_id: Annotated[
            str | None, Field(max_length=200, description="Or a conversation logged in memlane.")
        ] = None,
        mode: Annotated[
            Any,
            Field(
                description="chat (a person talking) or agent (an agent's work).",
                json_schema_extra={"type": "string", "enum": ["chat", "agent"]},
            ),
        ] = "chat",
        ceiling: Annotated[
            Any,
            Field(
                description="personal: nothing is stored as shared; shared: team knowledge may be.",
                json_schema_extra=_VISIBILITIES,
            ),
        ] = "personal",
        instructions: Annotated[
            str | None,
            Field(
                max_length=MAX_INSTRUCTIONS_CHARS, description="Extra strict rules, e.g. 'only decisions'."
            ),
        ] = None,
        space: Annotated[
            str | None, Field(max_length=200, description="A separate bucket, e.g. one per repository.")
        ] = None,
    ) -> Annotated[CallToolResult, ExtractReport]:
        return run(ctx, lambda actor: service.extract(
            messages, actor=actor, conversation_id=conversation_id, mode=mode, ceiling=ceiling,
            instructions=instructions, space=space, source=client_name(ctx),
        ), lambda r: _ok(r, _compact(r)))  # fmt: skip

    read_only = ToolAnnotations(read_only_hint=True, open_world_hint=False)
    tools = [
        _tool(memory_store, title="Store a memory", description=_STORE,
              annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=True,
                                          open_world_hint=False)),
        _tool(memory_recall, title="Recall memories", description=_RECALL, annotations=read_only),
        _tool(memory_search, title="Search memories", description=_SEARCH, annotations=read_only),
        _tool(memory_forget, title="Forget memories", description=_FORGET, exactly_one_of=("memory_id", "query"),
              annotations=ToolAnnotations(read_only_hint=False, destructive_hint=True, idempotent_hint=True,
                                          open_world_hint=False)),
        _tool(memory_list_recent, title="List recent memories", description=_LIST, annotations=read_only),
        _tool(memory_history, title="Memory history", description=_HISTORY, annotations=read_only),
        _tool(memory_extract, title="Learn from an exchange", description=_EXTRACT,
              exactly_one_of=("messages", "conversation_id"),
              annotations=ToolAnnotations(read_only_hint=False, destructive_hint=True, idempotent_hint=True,
                                          open_world_hint=False)),
    ]  # fmt: skip
    tools += mcp_entities.build(service, run, _tool)
    tools += mcp_profiles.build(service, run, _tool)
    return _MemlaneMCP(tools, name=name, instructions=INSTRUCTIONS, version=__version__, log_level="WARNING")


async def run_stdio(service: MemoryService, access: AccessService, *, user: str, workspace: str) -> None:
    """Serve the tools over stdin/stdout as the local user until the client closes the pipe."""
    server = build_mcp_server(service, local_actor_resolver(access, user, workspace))
    await server.run_stdio_async()
