"""The ``memlane`` command line: a thin layer over the SDK. Every command takes ``--json``.

Errors print one line to stderr (``error: …``) and exit 1; usage errors exit 2.
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from typing import Any

import click
from pydantic import BaseModel

from .errors import MemlaneError

__all__ = ["main"]


def _dump(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, list | tuple):
        return [_dump(v) for v in value]
    return value


def _emit(ctx: click.Context, value: Any, human: Callable[[Any], str]) -> None:
    if ctx.obj.get("json"):
        click.echo(json.dumps(_dump(value), ensure_ascii=False, indent=2))
    else:
        out = human(value)
        if out:
            click.echo(out)


def _common(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Options every command takes, also accepted after the subcommand name."""

    @click.option("--json", "as_json", is_flag=True, help="Print JSON (SPEC field names, snake_case).")
    @click.option(
        "--db", help="SQLite file or database URL (default: $MEMLANE_DATABASE_URL or ~/.memlane/memlane.db)."
    )
    @click.option("--user", help="Act as this user (default: $MEMLANE_USER or the login name).")
    @click.option("--space", help="Read and write this space (a separate bucket); '*' reads every space.")
    @click.option(
        "--embedder", help="local | local-onnx | local-onnx-int8 | local-torch | openai:<model> | none."
    )
    @click.option("--server", help="Talk to a memlane server at this URL instead of a local database.")
    @click.option("--api-key", help="API key for --server (default: $MEMLANE_API_KEY).")
    @click.pass_context
    @functools.wraps(fn)
    def wrapper(ctx: click.Context, as_json: bool, db: str | None, user: str | None, space: str | None,
                embedder: str | None, server: str | None, api_key: str | None, **kwargs: Any) -> Any:  # fmt: skip
        obj = ctx.find_root().obj
        obj["json"] = obj.get("json") or as_json
        for key, value in (("db", db), ("user", user), ("space", space), ("embedder", embedder),
                           ("server", server), ("api_key", api_key)):  # fmt: skip
            if value is not None:
                obj[key] = value
        ctx.obj = obj
        return run_reporting_errors(ctx, fn, **kwargs)

    return wrapper


def run_reporting_errors(ctx: click.Context, fn: Callable[..., Any], **kwargs: Any) -> Any:
    """Run a command; a memlane error becomes one ``error: …`` line on stderr and exit status 1."""
    try:
        return fn(ctx, **kwargs)
    except MemlaneError as exc:
        click.echo(f"error: {exc}", err=True)
        ctx.exit(1)


def _client(ctx: click.Context) -> Any:
    from .sdk import Memlane

    obj = ctx.obj
    if "client" not in obj and obj.get("server"):  # the same commands, over HTTP (memlane serve)
        obj["client"] = Memlane.connect(obj["server"], api_key=obj.get("api_key"), user=obj.get("user"),
                                        space=obj.get("space"))  # fmt: skip
        ctx.call_on_close(obj["client"].close)
    if "client" not in obj:
        obj["client"] = Memlane(obj.get("db"), user=obj.get("user"), space=obj.get("space"),
                                embedder=obj.get("embedder"))  # fmt: skip
        ctx.call_on_close(obj["client"].close)
    return obj["client"]


def _hits_text(hits: list[Any]) -> str:
    if not hits:
        return "no matches"
    lines = []
    for h in hits:
        flag = "" if h.superseded_by is None else "  (superseded)"
        lines.append(f"{h.score:.2f}  {h.id}  [{','.join(h.matched_by)}]  {h.content}{flag}")
    return "\n".join(lines)


def _memories_text(items: list[Any]) -> str:
    if not items:
        return "nothing stored"
    return "\n".join(
        f"{m.id}  {m.created_at:%Y-%m-%d %H:%M}  {m.type}  {m.content}"
        + ("" if m.superseded_by is None else f"  (superseded by {m.superseded_by})")
        for m in items
    )


@click.group()
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option("--db", help="SQLite file or database URL.")
@click.option("--user", help="Act as this user.")
@click.option("--space", help="Space (bucket) to read and write.")
@click.option("--embedder", help="Embedding provider.")
@click.option("--server", envvar="MEMLANE_SERVER", help="A memlane server URL: memory commands go over HTTP.")
@click.option("--api-key", envvar="MEMLANE_API_KEY", help="API key for --server.")
@click.version_option(package_name="memlane")
@click.pass_context
def main(ctx: click.Context, as_json: bool, db: str | None, user: str | None, space: str | None,
         embedder: str | None, server: str | None, api_key: str | None) -> None:  # fmt: skip
    """memlane: long-term memory for AI assistants and agents."""
    ctx.ensure_object(dict)
    ctx.obj.update({k: v for k, v in {"db": db, "user": user, "space": space, "embedder": embedder,
                                      "server": server, "api_key": api_key}.items() if v})  # fmt: skip
    ctx.obj["json"] = as_json


@main.group()
def memory() -> None:
    """Store, recall and manage memories."""


@memory.command("store")
@click.argument("content")
@click.option("--source", default="cli", show_default=True, help="Where the memory came from.")
@click.option("--type", "type_", default="fact", show_default=True,
              type=click.Choice(["fact", "preference", "procedure", "episode", "decision", "relationship",
                                 "observation", "generic"]))  # fmt: skip
@click.option("--replaces", help="Id of the memory this one supersedes.")
@click.option("--subject", help="Who or what the memory is about.")
@click.option("--related-user", help="The person the memory is about or belongs to.")
@click.option("--importance", type=float, help="0..1")
@click.option("--confidence", type=float, help="0..1")
@click.option("--observed-at", help="When it was said or happened (ISO-8601 or a written date).")
@click.option("--valid-from")
@click.option("--valid-to")
@click.option("--expires-at")
@click.option("--data", help="Structured JSON data.")
@click.option(
    "--visibility", type=click.Choice(["personal", "shared"]), default="personal", show_default=True
)
@click.option("--no-auto-supersede", is_flag=True, help="Never supersede a similar memory automatically.")
@_common
def store_cmd(ctx: click.Context, content: str, type_: str, data: str | None, no_auto_supersede: bool,
              **options: Any) -> None:  # fmt: skip
    """Store CONTENT as a memory."""
    fields = {k: v for k, v in options.items() if v is not None}
    if data is not None:
        try:
            fields["data"] = json.loads(data)
        except json.JSONDecodeError as exc:
            raise click.BadParameter(f"not JSON: {exc}", param_hint="--data") from None
    result = _client(ctx).store(content, type=type_, auto_supersede=not no_auto_supersede, **fields)

    def human(r: Any) -> str:
        head = f"{r.status} {r.id}" + ("" if r.embedded else " (not embedded)")
        return "\n".join([head, *(f"superseded {s.id}: {s.content}" for s in r.superseded)])

    _emit(ctx, result, human)


def _recall_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    for option in reversed([
        click.option("--limit", default=10, show_default=True, type=int),
        click.option("--include-history", is_flag=True, help="Also return superseded versions."),
        click.option("--min-score", type=float, default=0.0, show_default=True),
        click.option("--type", "types", multiple=True, help="Only these types (repeatable)."),
        click.option("--subject"),
        click.option("--related-user"),
        click.option("--source", "sources", multiple=True, help="Only these sources (repeatable)."),
        click.option("--state", "states", multiple=True, help="new | indexed | archived (repeatable)."),
        click.option("--after", "observed_after", help="Observed at or after this time."),
        click.option("--before", "observed_before", help="Observed before this time."),
    ]):  # fmt: skip
        fn = option(fn)
    return fn


@memory.command("recall")
@click.argument("query")
@_recall_options
@_common
def recall_cmd(ctx: click.Context, query: str, types: tuple[str, ...], sources: tuple[str, ...],
               states: tuple[str, ...], **options: Any) -> None:  # fmt: skip
    """Recall the memories that best match QUERY."""
    opts = {k: v for k, v in options.items() if v is not None}
    hits = _client(ctx).recall(query, types=types, sources=sources, states=states, **opts)
    _emit(ctx, hits, _hits_text)


@memory.command("search")
@click.argument("query")
@_recall_options
@_common
def search_cmd(ctx: click.Context, query: str, types: tuple[str, ...], sources: tuple[str, ...],
               states: tuple[str, ...], **options: Any) -> None:  # fmt: skip
    """Search memories with filters and a minimum score."""
    opts = {k: v for k, v in options.items() if v is not None}
    hits = _client(ctx).recall(query, types=types, sources=sources, states=states, **opts)
    _emit(ctx, hits, _hits_text)


@memory.command("list")
@click.option("--limit", default=20, show_default=True, type=int)
@click.option("--offset", default=0, show_default=True, type=int)
@click.option("--type", "types", multiple=True)
@click.option("--source", "sources", multiple=True)
@click.option("--state", "states", multiple=True)
@click.option("--include-history", is_flag=True)
@_common
def list_cmd(ctx: click.Context, limit: int, offset: int, types: tuple[str, ...], sources: tuple[str, ...],
             states: tuple[str, ...], include_history: bool) -> None:  # fmt: skip
    """List the newest current memories."""
    items = _client(ctx).list_recent(limit, offset=offset, types=types, sources=sources, states=states,
                                     include_history=include_history)  # fmt: skip
    _emit(ctx, items, _memories_text)


@memory.command("forget")
@click.argument("memory_id", required=False)
@click.option("--query", help="Forget every strong match of this query instead of one id.")
@click.option("--dry-run", is_flag=True, help="Only list what would be deleted.")
@click.option("--min-score", type=float, help="Score a match needs to be deleted by query (default 0.6).")
@_common
def forget_cmd(ctx: click.Context, memory_id: str | None, query: str | None, dry_run: bool,
               min_score: float | None) -> None:  # fmt: skip
    """Delete a memory and every version of it (or every strong match of --query)."""
    if (memory_id is None) == (query is None):
        raise click.UsageError("give a MEMORY_ID or --query, not both")
    result = _client(ctx).forget(memory_id, query=query, dry_run=dry_run, min_score=min_score)
    verb = "would delete" if result.dry_run else "deleted"
    _emit(ctx, result, lambda r: f"{verb} {len(r.deleted)}" + "".join(f"\n{i}" for i in r.deleted))


@memory.command("history")
@click.argument("memory_id")
@_common
def history_cmd(ctx: click.Context, memory_id: str) -> None:
    """Every version of a memory, oldest to newest."""
    _emit(ctx, _client(ctx).history(memory_id), _memories_text)


@memory.command("get")
@click.argument("memory_id")
@_common
def get_cmd(ctx: click.Context, memory_id: str) -> None:
    """One memory with all its fields."""
    _emit(ctx, _client(ctx).get(memory_id), lambda m: json.dumps(m.model_dump(mode="json"), indent=2))


@memory.command("archive")
@click.argument("memory_id")
@_common
def archive_cmd(ctx: click.Context, memory_id: str) -> None:
    """Keep a memory but take it out of recall."""
    _emit(ctx, _client(ctx).archive(memory_id), lambda m: f"archived {m.id}")


@memory.command("restore")
@click.argument("memory_id")
@_common
def restore_cmd(ctx: click.Context, memory_id: str) -> None:
    """Bring an archived memory back into recall."""
    _emit(ctx, _client(ctx).restore(memory_id), lambda m: f"restored {m.id} ({m.state})")


@memory.command("reindex")
@click.option("--keys", is_flag=True, help="Also rebuild the full-text and entity indexes.")
@_common
def reindex_cmd(ctx: click.Context, keys: bool) -> None:
    """Embed every memory that has no vector of the current embedding model."""
    _emit(ctx, _client(ctx).reindex(keys=keys),
          lambda r: f"embedded {r.embedded}, rebuilt keys of {r.keys_rebuilt} ({r.embedding_model})")  # fmt: skip


@main.command("init")
@_common
def init_cmd(ctx: click.Context) -> None:
    """Create the store, prepare the embedding model and check that store and recall work."""
    client = _client(ctx)
    service = client.service
    embedder = service.embedder
    report = {
        "database": client.settings.database_url,
        "schema_version": service.storage.schema_version(),
        "embedder": embedder.identity if embedder else None,
        "user": client.settings.user,
    }
    if embedder is not None:
        embedder.embed(["warm-up"])
    _emit(ctx, report, lambda r: "\n".join(f"{k}: {v}" for k, v in r.items()) + "\nready")


from .cli_serve import keys, mcp_cmd, serve_cmd, teams, users  # noqa: E402 - registered below

main.add_command(serve_cmd)
main.add_command(mcp_cmd)
main.add_command(keys)
main.add_command(users)
main.add_command(teams)

from .cli_db import db  # noqa: E402 - registered below

main.add_command(db)


def run() -> None:  # pragma: no cover - console entry for python -m
    main(obj={})


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(obj={}))
