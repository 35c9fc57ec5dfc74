"""memlane as an MCP server (the official ``mcp`` SDK): six tools over stdio (``memlane mcp``) or
streamable HTTP (mounted at ``/mcp`` by ``memlane serve``).

Each tool is parse → one service call → render, with the same result models as the SDK and REST API.
The tools are synchronous functions: the SDK runs them on worker threads, as the REST API does.

Who a call acts as comes from ``resolve_actor(ctx)``: over HTTP, the request's API key
(``Authorization: Bearer …``) and ``X-Memlane-User``, checked on every call; over stdio, the local
user (a trusted process, like the CLI). With no explicit ``source``, a stored memory is stamped with the
calling client's name from its ``initialize`` handshake (e.g. ``claude-desktop``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import BaseModel, Field

from .auth import AccessService
from .errors import MemlaneError, Unauthorized
from .models import Actor
from .service import MemoryService

__all__ = ["INSTRUCTIONS", "TOOLS", "build_mcp_server", "http_actor_resolver", "local_actor_resolver"]

ActorResolver = Callable[[Context], Actor]

TOOLS = (
    "memory_store",
    "memory_recall",
    "memory_search",
    "memory_forget",
    "memory_list_recent",
    "memory_history",
)

INSTRUCTIONS = """\
memlane is the user's long-term memory. Recall before answering anything that may depend on what the \
user told you before (their preferences, people, projects, decisions). Store, without being asked, what \
is worth knowing next time: a stated preference ("I prefer…", "always…", "from now on…"), a durable fact \
about the user or their world (people, companies, projects, dates, numbers), a decision and its reason. \
Do not store transient task state, small talk, questions, guesses, or secrets (passwords, API keys, \
tokens): secrets are refused."""

_STORE = """\
Store one durable piece of knowledge as a short, self-contained statement.

Store unprompted when the user states a preference ("I prefer tea", "always use metric units", "from \
now on reply in French"), tells a fact about themselves or their world (people, relationships, \
companies, projects, dates, amounts), or makes a decision worth keeping ("we chose PostgreSQL because…"). \
Write it so it makes sense on its own later ("Ana's daughter is allergic to peanuts", not "she is \
allergic").

Do not store: transient task state (current file, step 3 of 5), small talk, questions, speculation, \
anything the user asked you to forget, or secrets (passwords, API keys, tokens — they are refused).

An updated fact supersedes the older one automatically when they share a name, date or number; pass \
`replaces` with an id from recall to supersede explicitly. Returns {id, status: stored|duplicate, \
embedded, superseded}."""

_RECALL = """\
Recall what is known that is relevant to `query` (a question or keywords), best first, each with a 0-1 \
`score`, the lanes that found it (`matched_by`), its type, source and dates. Use it before answering \
anything that may depend on the user's preferences, people, projects or earlier decisions. Only current \
facts unless `include_history`."""

_SEARCH = """\
Search memories with filters: minimum score, types, subject, related user, sources, states, observed \
time range (ISO-8601), space. Like memory_recall, for precise lookups."""

_FORGET = """\
Delete a memory for good: by `memory_id` (its whole version history), or every strong match of `query`. \
Use when the user asks you to forget something or a memory is wrong. Try `dry_run` first with a query: \
it lists what would be deleted. Returns the deleted ids."""

_LIST = """List the most recently stored current memories, newest first (for review, not for answering)."""

_HISTORY = """\
The version history of a memory (any id in it), oldest to newest; the last one is current. Use to \
answer "what did we think before?"."""

MemoryTypeName = Literal[
    "fact", "preference", "procedure", "episode", "decision", "relationship", "observation", "generic"
]


def _dump(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, list | tuple):
        return [_dump(v) for v in value]
    return value


def client_name(ctx: Context) -> str | None:
    """The client's name from its ``initialize`` handshake (``clientInfo.name``), if it sent one."""
    try:
        params = ctx.session.client_params
    except (AttributeError, ValueError):
        return None
    info = getattr(params, "client_info", None)
    name = getattr(info, "name", None)
    if not isinstance(name, str) or not name.strip():
        return None
    return name.strip()[:200]


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
        return access.actor(principal, headers.get("x-memlane-user"))

    return resolve


def local_actor_resolver(access: AccessService, user: str, workspace: str) -> ActorResolver:
    """The local user (stdio: the process was started by that user), with the user's current teams."""
    return lambda ctx: access.local_actor(user, workspace)


def build_mcp_server(
    service: MemoryService, resolve_actor: ActorResolver, *, name: str = "memlane"
) -> MCPServer:
    """An MCP server whose six tools call ``service`` as ``resolve_actor(ctx)``."""
    from . import __version__

    server: MCPServer = MCPServer(name, instructions=INSTRUCTIONS, version=__version__, log_level="WARNING")

    def call(ctx: Context, fn: Callable[[Actor], Any]) -> Any:
        try:
            return fn(resolve_actor(ctx))
        except MemlaneError as exc:
            raise ToolError(f"{exc.code}: {exc}") from exc

    @server.tool(description=_STORE)
    def memory_store(
        ctx: Context,
        content: Annotated[str, Field(description="The statement to remember, self-contained.")],
        type: Annotated[MemoryTypeName, Field(description="What kind of knowledge it is.")] = "fact",  # noqa: A002
        subject: Annotated[str | None, Field(description="Who or what it is about (a name).")] = None,
        source: Annotated[
            str | None, Field(description="Where it came from; default: this client's name.")
        ] = None,
        space: Annotated[str | None, Field(description="A separate bucket, e.g. one per repository.")] = None,
        replaces: Annotated[str | None, Field(description="Id of the memory this one updates.")] = None,
        importance: Annotated[float | None, Field(ge=0, le=1, description="0-1, default 0.5.")] = None,
        observed_at: Annotated[
            str | None, Field(description="When it was said or happened (ISO-8601).")
        ] = None,
        visibility: Annotated[
            Literal["personal", "shared"] | None,
            Field(description="personal (default: only this user) or shared (the workspace's knowledge)."),
        ] = None,
        owner: Annotated[
            str | None,
            Field(
                max_length=210,
                description="Who a shared memory belongs to: 'team:<name>' (readable by that team; you must"
                " be a member), 'agent:<name>' (this agent's own knowledge) or 'workspace' (everyone)."
                " Default: this user for personal memories, the workspace for shared ones.",
            ),
        ] = None,
    ) -> dict[str, Any]:
        fields = {
            "type": type, "subject": subject, "space": space, "replaces": replaces, "importance": importance,
            "observed_at": observed_at, "visibility": visibility, "owner": owner,
            "source": source or client_name(ctx),
        }  # fmt: skip
        given = {k: v for k, v in fields.items() if v is not None}
        return _dump(call(ctx, lambda actor: service.store(content, actor=actor, **given)))

    @server.tool(description=_RECALL)
    def memory_recall(
        ctx: Context,
        query: Annotated[str, Field(description="A question or keywords.")],
        limit: Annotated[int, Field(ge=1, le=100)] = 10,
        space: Annotated[str | None, Field(description="Only this space; '*' for every space.")] = None,
        include_history: Annotated[bool, Field(description="Also superseded versions.")] = False,
    ) -> dict[str, Any]:
        hits = call(ctx, lambda actor: service.recall(query, actor=actor, limit=limit, space=space,
                                                      include_history=include_history))  # fmt: skip
        return {"hits": _dump(hits)}

    @server.tool(description=_SEARCH)
    def memory_search(
        ctx: Context,
        query: str,
        limit: Annotated[int, Field(ge=1, le=100)] = 10,
        min_score: Annotated[float, Field(ge=0, le=1)] = 0.0,
        types: list[MemoryTypeName] | None = None,
        subject: str | None = None,
        related_user: str | None = None,
        sources: list[str] | None = None,
        states: list[Literal["new", "indexed", "archived"]] | None = None,
        observed_after: str | None = None,
        observed_before: str | None = None,
        space: str | None = None,
        include_history: bool = False,
    ) -> dict[str, Any]:
        filters: dict[str, Any] = {
            "limit": limit, "min_score": min_score, "types": types or (), "subject": subject,
            "related_user": related_user, "sources": sources or (), "states": states or (),
            "observed_after": observed_after, "observed_before": observed_before, "space": space,
            "include_history": include_history,
        }  # fmt: skip
        hits = call(ctx, lambda actor: service.search(query, actor=actor, **filters))
        return {"hits": _dump(hits)}

    @server.tool(description=_FORGET)
    def memory_forget(
        ctx: Context,
        memory_id: str | None = None,
        query: str | None = None,
        dry_run: bool = False,
    ) -> dict[str, Any]:
        return _dump(call(ctx, lambda actor: service.forget(memory_id, actor=actor, query=query,
                                                            dry_run=dry_run)))  # fmt: skip

    @server.tool(description=_LIST)
    def memory_list_recent(
        ctx: Context,
        limit: Annotated[int, Field(ge=1, le=200)] = 20,
        offset: Annotated[int, Field(ge=0)] = 0,
        types: list[MemoryTypeName] | None = None,
        space: str | None = None,
    ) -> dict[str, Any]:
        items = call(ctx, lambda actor: service.list_recent(actor=actor, limit=limit, offset=offset,
                                                            types=types or (), space=space))  # fmt: skip
        return {"items": _dump(items)}

    @server.tool(description=_HISTORY)
    def memory_history(ctx: Context, memory_id: str) -> dict[str, Any]:
        return {"versions": _dump(call(ctx, lambda actor: service.history(memory_id, actor=actor)))}

    return server


async def run_stdio(service: MemoryService, access: AccessService, *, user: str, workspace: str) -> None:
    """Serve the tools over stdin/stdout as the local user until the client closes the pipe."""
    server = build_mcp_server(service, local_actor_resolver(access, user, workspace))
    await server.run_stdio_async()
