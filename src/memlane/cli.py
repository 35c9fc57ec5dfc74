"""The ``memlane`` command line: a thin layer over the SDK. Every command takes ``--json``.

Errors print one line to stderr (``error: …``) and exit 1; usage errors exit 2. Options are checked by
click's own types (ranges, choices, dates), so mistakes are named by their option (``--limit``), not by
an SDK argument. Commands that only read refuse a database that does not exist instead of creating it.
Slow steps show progress on stderr when it is a terminal (``cli_progress``).
"""

from __future__ import annotations

import functools
import json
import os
import re
import sys
from collections.abc import Callable
from typing import Any

import click

from . import cli_progress
from .errors import ConfigError, InvalidInput, MemlaneError
from .limits import MAX_LIMIT

__all__ = ["main"]


def _dump(value: Any) -> Any:
    from pydantic import BaseModel  # imported here: ``memlane --help`` needs no pydantic

    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, list | tuple):
        return [_dump(v) for v in value]
    if isinstance(value, dict):
        return {k: _dump(v) for k, v in value.items()}
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
    @click.option("--quiet", "-q", is_flag=True, help="No progress messages on stderr.")
    @click.pass_context
    @functools.wraps(fn)
    def wrapper(ctx: click.Context, as_json: bool, db: str | None, user: str | None, space: str | None,
                embedder: str | None, server: str | None, api_key: str | None, quiet: bool,
                **kwargs: Any) -> Any:  # fmt: skip
        obj = ctx.find_root().obj
        obj["json"] = obj.get("json") or as_json
        obj["quiet"] = obj.get("quiet") or quiet
        for key, value in (("db", db), ("user", user), ("space", space), ("embedder", embedder),
                           ("server", server), ("api_key", api_key)):  # fmt: skip
            if value is not None:
                obj[key] = value
        ctx.obj = obj
        with cli_progress.showing(ctx):
            return run_reporting_errors(ctx, fn, **kwargs)

    return wrapper


def run_reporting_errors(ctx: click.Context, fn: Callable[..., Any], **kwargs: Any) -> Any:
    """Run a command; a memlane error becomes one ``error: …`` line on stderr and exit status 1."""
    try:
        return fn(ctx, **kwargs)
    except MemlaneError as exc:
        click.echo(f"error: {in_options(ctx.command, str(exc))}", err=True)
        ctx.exit(1)


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def renamed_options(command: click.Command | None) -> dict[str, tuple[str, bool]]:
    """``command``'s options whose name differs from the SDK field they fill, by field: the option's
    long spelling and whether it may be given several times. Each option's parameter is the SDK argument
    of that name (``--after`` fills ``observed_after``, ``--expires-at`` ``expires_at``; ``type_`` is
    ``type``); an option of the field's own name (``--subject``) is left out."""
    renamed: dict[str, tuple[str, bool]] = {}
    for param in command.params if command is not None else ():
        spelled = max((o for o in param.opts if o.startswith("--")), key=len, default=None)
        if isinstance(param, click.Option) and param.name and spelled is not None:
            field = param.name.rstrip("_")
            if spelled.removeprefix("--") != field:
                renamed[field] = (spelled, param.multiple)
    return renamed


def in_options(command: click.Command | None, message: str) -> str:
    """A service refusal in the words of the command line: each field the message names that ``command``
    has as an option of another name is named by that option, at every occurrence (``observed_after`` ->
    ``--after``, ``expires_at`` -> ``--expires-at``, ``sources[1]`` -> ``--source (the 2nd)``). Whole
    names only: not ``observed_afterwards``, ``my_observed_after`` nor a nested ``data.observed_after``; a
    field that is a plain word (``teams``) only where it labels something (``teams: …``, ``teams[0]``),
    not in prose ("only a team profile names teams"). The REST API, MCP and the SDKs keep the field
    names (their callers send them); this is the CLI's one rendering of every refusal."""
    renamed = renamed_options(command)
    if not renamed:
        return message
    names = "|".join(re.escape(f) for f in sorted(renamed, key=len, reverse=True))
    pattern = re.compile(rf"(?<![\w.-])({names})(?:\[(\d+)\])?(?![\w-])")

    def named(m: re.Match[str]) -> str:
        field, index = m[1], m[2]
        if "_" not in field and index is None and not message.startswith(":", m.end()):
            return m[0]  # a plain word in prose, not the field
        spelled, multiple = renamed[field]
        if index is None:
            return spelled
        return f"{spelled} (the {_ordinal(int(index) + 1)})" if multiple else f"{spelled}[{index}]"

    return pattern.sub(named, message)


def _client(ctx: click.Context, *, existing: bool = False) -> Any:
    """The SDK client of this invocation. ``existing``: the command only reads (or changes items that
    must exist), so a database that does not exist is an error, not a new empty one (a typo in --db
    would otherwise "work" and find nothing)."""
    from .sdk import Memlane

    obj = ctx.obj
    if "client" not in obj and obj.get("server"):  # the same commands, over HTTP (memlane serve)
        if not (obj.get("api_key") or os.environ.get("MEMLANE_API_KEY")):
            raise ConfigError("--server needs an API key: give --api-key KEY or set MEMLANE_API_KEY")
        obj["client"] = Memlane.connect(obj["server"], api_key=obj.get("api_key"), user=obj.get("user"),
                                        space=obj.get("space"))  # fmt: skip
        ctx.call_on_close(obj["client"].close)
    if "client" not in obj and existing:
        from .config import load_settings, sqlite_path_from_url

        path = sqlite_path_from_url(load_settings(database_url=obj.get("db")).database_url)
        if path is not None and not path.exists():
            raise ConfigError(f"no memlane database at {path} (run memlane init, or store something first)")
    if "client" not in obj:
        from .graph.linking import own_process

        own_process()  # memlane's own process: linking may settle its heap (graph.linking.own_process)
        obj["client"] = Memlane(obj.get("db"), user=obj.get("user"), space=obj.get("space"),
                                embedder=obj.get("embedder"))  # fmt: skip
        ctx.call_on_close(obj["client"].close)
    return obj["client"]


def _table(header: list[str], rows: list[list[str]]) -> str:
    """Columns padded to their widest cell; the last (the content) runs on, never cut."""
    widths = [max(len(r[i]) for r in (header, *rows)) for i in range(len(header) - 1)]
    return "\n".join(
        "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=False)) + "  " + row[-1]
        for row in (header, *rows)
    )


def _hits_text(hits: list[Any]) -> str:
    if not hits:
        return "no matches"
    rows = [[f"{h.score:.2f}", h.id, str(h.type), h.source, h.observed_at.date().isoformat(),
             h.content + ("" if h.superseded_by is None else "  (superseded)")] for h in hits]  # fmt: skip
    return _table(["SCORE", "ID", "TYPE", "SOURCE", "OBSERVED", "CONTENT"], rows)


def _memories_text(items: list[Any]) -> str:
    if not items:
        return "nothing stored"
    rows = [[m.id, m.created_at.replace(tzinfo=None).isoformat(" ", "minutes"), str(m.type), m.source,
             m.content + ("" if m.superseded_by is None else f"  (superseded by {m.superseded_by})")]
            for m in items]  # fmt: skip
    return _table(["ID", "CREATED", "TYPE", "SOURCE", "CONTENT"], rows)


class _When(click.ParamType):
    """A date or time as memlane reads it (ISO-8601 or a written date), checked when the option is read."""

    name = "WHEN"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from .timeutil import parse_time

        if not isinstance(value, str):
            return value
        try:
            return parse_time(value, "")
        except InvalidInput as exc:  # parse_time's reason (not a date, or outside the range memlane stores)
            self.fail(f"{str(exc).removeprefix(': ')} (e.g. 2025-03-14, 2025-03-14T09:30:00Z or "
                      "'March 14, 2025')", param, ctx)  # fmt: skip


WHEN = _When()
TYPES = ("fact", "preference", "procedure", "episode", "decision", "relationship", "observation", "generic")
UNIT = click.FloatRange(0.0, 1.0)

_ENVIRONMENT = """\b
Environment:
  MEMLANE_HOME          the default database and model cache (~/.memlane)
  MEMLANE_DATABASE_URL  SQLite file or postgresql:// URL (--db)
  MEMLANE_USER          the user to act as (--user; default: login name)
  MEMLANE_EMBEDDER      local | local-onnx | local-onnx-int8 | local-torch
                        | openai:<model> | none (--embedder; default local)
  MEMLANE_LLM           extraction: none | openai:<model> | anthropic:<model>
                        (default none: rule-based; MEMLANE_LLM_URL, _API_KEY)
  MEMLANE_WORKSPACE     the workspace (default: default)
  MEMLANE_SERVER        a memlane server: memory, entity, profile, job commands
                        over HTTP (--server)
  MEMLANE_API_KEY       the API key for --server (--api-key)"""


def _examples(*lines: str) -> str:
    return "\b\nExamples:\n" + "\n".join(f"  {line}" for line in lines)


class _Main(click.Group):
    """The top-level group: a memory command typed without ``memory`` gets a suggestion."""

    def resolve_command(self, ctx: click.Context, args: list[str]) -> Any:
        name = args[0] if args else ""
        group = self.commands.get("memory")
        if name and name not in self.commands and isinstance(group, click.Group) and name in group.commands:
            raise click.UsageError(f"no command 'memlane {name}': did you mean 'memlane memory {name}'?", ctx)
        return super().resolve_command(ctx, args)


@click.group(cls=_Main, epilog=_examples(
    'memlane memory store "Ana prefers green tea" --type preference',
    'memlane memory recall "what does Ana drink?"',
    "memlane serve                 # REST + MCP on http://127.0.0.1:8420",
) + "\n\n" + _ENVIRONMENT)  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option("--db", help="SQLite file or database URL (default: $MEMLANE_DATABASE_URL).")
@click.option("--user", help="Act as this user (default: $MEMLANE_USER).")
@click.option("--space", help="Space (bucket) to read and write.")
@click.option("--embedder", help="Embedding provider (default: $MEMLANE_EMBEDDER or local).")
@click.option("--server", envvar="MEMLANE_SERVER", help="A memlane server URL: commands go over HTTP.")
@click.option("--api-key", envvar="MEMLANE_API_KEY", help="API key for --server.")
@click.option("--quiet", "-q", is_flag=True, help="No progress messages on stderr.")
@click.version_option(package_name="memlane")
@click.pass_context
def main(ctx: click.Context, as_json: bool, db: str | None, user: str | None, space: str | None,
         embedder: str | None, server: str | None, api_key: str | None, quiet: bool) -> None:  # fmt: skip
    """memlane: long-term memory for AI assistants and agents.

    Every command takes --json, and the options above before or after its name.
    """
    ctx.ensure_object(dict)
    ctx.obj.update({k: v for k, v in {"db": db, "user": user, "space": space, "embedder": embedder,
                                      "server": server, "api_key": api_key}.items() if v})  # fmt: skip
    ctx.obj["json"] = as_json
    ctx.obj["quiet"] = quiet


@main.group()
def memory() -> None:
    """Store, recall and manage memories."""


@memory.command("store", epilog=_examples(
    'memlane memory store "Ana prefers green tea" --type preference',
    'memlane memory store "Project Falcon ships on 2025-03-14" --subject Falcon --json',
    "memlane memory store - < meeting-notes.txt      # the content from stdin",
))  # fmt: skip
@click.argument("content")
@click.option("--source", default="cli", show_default=True, help="Where the memory came from.")
@click.option("--type", "type_", default="fact", show_default=True, type=click.Choice(TYPES))
@click.option("--replaces", help="Id of the memory this one supersedes.")
@click.option("--subject", help="Who or what the memory is about.")
@click.option("--related-user", help="The person the memory is about or belongs to.")
@click.option("--importance", type=UNIT, help="0..1 (default 0.5).")
@click.option("--confidence", type=UNIT, help="0..1 (default 1).")
@click.option("--observed-at", type=WHEN, help="When it was said or happened (ISO-8601 or a written date).")
@click.option("--valid-from", type=WHEN, help="When it became true.")
@click.option("--valid-to", type=WHEN, help="When it stopped being true.")
@click.option("--expires-at", type=WHEN, help="When memlane may delete it.")
@click.option("--data", help="Structured JSON data (an object).")
@click.option("--provenance", help="Where it came from in detail, as a JSON object (record id, URL...).")
@click.option(
    "--visibility", type=click.Choice(["personal", "shared"]), default="personal", show_default=True
)
@click.option(
    "--owner", help="team:NAME, agent:NAME or workspace (default: you, or the workspace if shared)."
)
@click.option("--no-auto-supersede", is_flag=True, help="Never supersede a similar memory automatically.")
@click.option("--expect-current", is_flag=True,
              help="With --replaces: refuse (nothing written) if that is no longer the current version.")  # fmt: skip
@_common
def store_cmd(ctx: click.Context, content: str, type_: str, data: str | None, provenance: str | None,
              no_auto_supersede: bool, expect_current: bool, **options: Any) -> None:  # fmt: skip
    """Store CONTENT as a memory ('-' reads it from stdin).

    CONTENT is one self-contained statement of at most 32,000 characters. A statement that updates an
    earlier one (sharing a name, date or number) supersedes it.
    """
    from .requests import MAX_CONTENT_CHARS

    if expect_current and options.get("replaces") is None:
        raise click.UsageError("--expect-current is only meaningful with --replaces")
    if content == "-":
        content = sys.stdin.read()
    if not content.strip():
        raise InvalidInput("CONTENT is empty" + (" (nothing came on stdin)" if content == "" else ""))
    if len(content.strip()) > MAX_CONTENT_CHARS:
        raise InvalidInput(f"CONTENT has {len(content.strip()):,} characters; a memory holds at most "
                           f"{MAX_CONTENT_CHARS:,} (store self-contained statements, one per memory)")  # fmt: skip
    fields = {k: v for k, v in options.items() if v is not None}
    for name, given in (("data", data), ("provenance", provenance)):
        if given is not None:  # its rules (an object, JSON values, storable text) are the SDK's
            try:
                fields[name] = json.loads(given)
            except json.JSONDecodeError as exc:
                raise click.BadParameter(f"not JSON: {exc}", param_hint=f"--{name}") from None
            except RecursionError:  # deeper than Python's parser goes: the service's words for too deep
                from .requests import too_deep

                raise InvalidInput(too_deep(name)) from None
    if expect_current:
        fields["expect_current"] = True
    result = _client(ctx).store(content, type=type_, auto_supersede=not no_auto_supersede, **fields)

    def human(r: Any) -> str:
        head = f"{r.status} {r.id}" + ("" if r.embedded else " (not embedded)")
        lines = [head, *(f"superseded {s.id}: {s.content}" for s in r.superseded)]
        lines += [f"similar {s.id} ({s.score:.2f}): {s.content}" for s in r.similar]
        return "\n".join(lines)

    _emit(ctx, result, human)


def _recall_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    for option in reversed([
        click.option("--limit", default=10, show_default=True, type=click.IntRange(1, MAX_LIMIT),
                     help="How many hits at most."),
        click.option("--include-history", is_flag=True, help="Also return superseded versions."),
        click.option("--min-score", type=UNIT, default=0.0, show_default=True,
                     help="Only hits scoring at least this (0..1)."),
        click.option("--type", "types", multiple=True, type=click.Choice(TYPES), help="Only these types (repeatable)."),
        click.option("--subject", help="Only memories about this subject."),
        click.option("--about", help="Only memories about this entity (name, alias or external id)."),
        click.option("--related-user", help="Only memories about or belonging to this person."),
        click.option("--source", "sources", multiple=True, help="Only these sources (repeatable)."),
        click.option("--state", "states", multiple=True, type=click.Choice(["new", "indexed", "archived"]),
                     help="Only these states (repeatable)."),
        click.option("--after", "observed_after", type=WHEN, help="Observed at or after this time."),
        click.option("--before", "observed_before", type=WHEN, help="Observed before this time."),
    ]):  # fmt: skip
        fn = option(fn)
    return fn


def _query(query: str) -> str:
    if not query.strip():
        raise InvalidInput("QUERY is empty: give a question or keywords")
    return query


@memory.command("recall", epilog=_examples(
    'memlane memory recall "what did Dr. Okafor prescribe"',
    'memlane memory recall "inhaler" --include-history --json',
    'memlane memory recall "appointments" --about Georgiev',
))  # fmt: skip
@click.argument("query")
@_recall_options
@_common
def recall_cmd(ctx: click.Context, query: str, types: tuple[str, ...], sources: tuple[str, ...],
               states: tuple[str, ...], **options: Any) -> None:  # fmt: skip
    """Recall the memories that best match QUERY.

    Best first, with a 0-1 score, the lanes that found each hit, its type, source and dates. Only current
    versions unless --include-history.
    """
    opts = {k: v for k, v in options.items() if v is not None}
    hits = _client(ctx, existing=True).recall(_query(query), types=types, sources=sources, states=states,
                                              **opts)  # fmt: skip
    _emit(ctx, hits, _hits_text)


@memory.command("search", epilog=_examples(
    'memlane memory search "tea" --type preference --min-score 0.3',
    'memlane memory search "Falcon" --source github --after 2025-01-01 --json',
))  # fmt: skip
@click.argument("query")
@_recall_options
@_common
def search_cmd(ctx: click.Context, query: str, types: tuple[str, ...], sources: tuple[str, ...],
               states: tuple[str, ...], **options: Any) -> None:  # fmt: skip
    """Search memories with filters and a minimum score.

    The same as recall, meant for filtering with --min-score, --type, --source, --state and the time range.
    """
    opts = {k: v for k, v in options.items() if v is not None}
    hits = _client(ctx, existing=True).recall(_query(query), types=types, sources=sources, states=states,
                                              **opts)  # fmt: skip
    _emit(ctx, hits, _hits_text)


@memory.command(
    "list", epilog=_examples("memlane memory list --limit 5", "memlane memory list --type preference --json")
)
@click.option(
    "--limit", default=20, show_default=True, type=click.IntRange(1, MAX_LIMIT), help="How many at most."
)
@click.option(
    "--offset", default=0, show_default=True, type=click.IntRange(min=0), help="Skip this many newest."
)
@click.option(
    "--type", "types", multiple=True, type=click.Choice(TYPES), help="Only these types (repeatable)."
)
@click.option("--source", "sources", multiple=True, help="Only these sources (repeatable).")
@click.option("--state", "states", multiple=True, type=click.Choice(["new", "indexed", "archived"]),
              help="Only these states (repeatable).")  # fmt: skip
@click.option("--include-history", is_flag=True, help="Also list superseded versions.")
@_common
def list_cmd(ctx: click.Context, limit: int, offset: int, types: tuple[str, ...], sources: tuple[str, ...],
             states: tuple[str, ...], include_history: bool) -> None:  # fmt: skip
    """List the newest current memories."""
    items = _client(ctx, existing=True).list_recent(limit, offset=offset, types=types, sources=sources,
                                                    states=states, include_history=include_history)  # fmt: skip
    if not items and (offset or types or sources or states):  # not "nothing stored": the filters found none
        _emit(ctx, items, lambda _: "no memory matches these options (--offset, --type, --source, --state)")
        return
    _emit(ctx, items, _memories_text)


@memory.command("forget", epilog=_examples(
    "memlane memory forget 0193c5d2-…                 # one memory and all its versions",
    'memlane memory forget --query "inhaler" --dry-run  # what would go',
    'memlane memory forget --query "inhaler"',
    'memlane memory forget --query "forget that I\'m allergic to penicillin"  # that statement only',
    'memlane memory forget --query "everything about Dana" --dry-run          # a topic',
))  # fmt: skip
@click.argument("memory_id", required=False)
@click.option(
    "--query",
    help="Forget what this request asks (a statement, or everything about a topic) instead of one id.",
)
@click.option("--dry-run", is_flag=True, help="Only list what would be deleted.")
@click.option(
    "--min-score",
    type=UNIT,
    help="Recall score a match also needs to be deleted by query (default 0: the request decides).",
)
@_common
def forget_cmd(ctx: click.Context, memory_id: str | None, query: str | None, dry_run: bool,
               min_score: float | None) -> None:  # fmt: skip
    """Delete a memory for good, or what --query asks to forget.

    Deletes MEMORY_ID and every version of its chain (vectors, full-text and entity entries too), or what
    --query asks to forget: a statement's memories, or everything about a topic. Try --dry-run first.
    """
    if memory_id is None and query is None:
        raise click.UsageError("say what to forget: a MEMORY_ID, or --query TEXT (try --dry-run first)")
    if memory_id is not None and query is not None:
        raise click.UsageError("give a MEMORY_ID or --query, not both")
    result = _client(ctx, existing=True).forget(memory_id, query=query, dry_run=dry_run, min_score=min_score)
    verb = "would delete" if result.dry_run else "deleted"
    _emit(
        ctx,
        result,
        lambda r: f"{verb} {len(r.deleted)}" + "".join(f"\n{line}" for line in _forgotten_lines(r)),
    )


def _forgotten_lines(result: Any) -> list[str]:
    """A line per memory forgotten: its id and its content on one line, shortened (only the id for
    one a server older than ``memories`` did not describe)."""
    said = {m.id: m.preview() for m in result.memories}
    return [f"{i}  {said[i]}" if i in said else i for i in result.deleted]


@memory.command("history", epilog=_examples("memlane memory history 0193c5d2-… --json"))
@click.argument("memory_id")
@_common
def history_cmd(ctx: click.Context, memory_id: str) -> None:
    """Every version of a memory, oldest to newest."""
    _emit(ctx, _client(ctx, existing=True).history(memory_id), _memories_text)


@memory.command("get", epilog=_examples("memlane memory get 0193c5d2-…"))
@click.argument("memory_id")
@_common
def get_cmd(ctx: click.Context, memory_id: str) -> None:
    """One memory with all its fields."""
    _emit(ctx, _client(ctx, existing=True).get(memory_id),
          lambda m: json.dumps(m.model_dump(mode="json"), indent=2))  # fmt: skip


@memory.command("archive", epilog=_examples("memlane memory archive 0193c5d2-…"))
@click.argument("memory_id")
@_common
def archive_cmd(ctx: click.Context, memory_id: str) -> None:
    """Keep a memory but take it out of recall."""
    _emit(ctx, _client(ctx, existing=True).archive(memory_id), lambda m: f"archived {m.id}")


@memory.command("restore", epilog=_examples("memlane memory restore 0193c5d2-…"))
@click.argument("memory_id")
@_common
def restore_cmd(ctx: click.Context, memory_id: str) -> None:
    """Bring an archived memory back into recall."""
    _emit(ctx, _client(ctx, existing=True).restore(memory_id), lambda m: f"restored {m.id} ({m.state})")


@memory.command("reindex", epilog=_examples(
    "memlane memory reindex                 # after storing with --embedder none",
    "memlane memory reindex --keys --quiet",
))  # fmt: skip
@click.option("--keys", is_flag=True, help="Also rebuild the full-text and entity indexes.")
@_common
def reindex_cmd(ctx: click.Context, keys: bool) -> None:
    """Embed every memory without a vector of the current model.

    Needed after storing with --embedder none, or after changing the model. Shows a progress bar on a
    terminal.
    """
    client = _client(ctx, existing=True)
    if ctx.obj.get("server"):  # the server does the work: no progress to show here
        result = client.reindex(keys=keys)
    else:
        bars = cli_progress.ReindexBars(cli_progress.wanted(ctx))
        try:
            result = client.reindex(keys=keys, progress=bars)
        finally:
            bars.close()
    _emit(ctx, result,
          lambda r: f"embedded {r.embedded}, rebuilt keys of {r.keys_rebuilt} ({r.embedding_model})")  # fmt: skip


@memory.command("import", epilog=_examples(
    "memlane memory import chatgpt-export.zip",
    "memlane memory import ./data-2026-05-03-batch-0000 --from claude",
    "pbpaste | memlane memory import - --from gemini      # Saved info, one per line",
    "memlane memory import backup.jsonl --from memlane",
    "memlane memory import chatgpt-export.zip --conversations   # again after a stop: it resumes",
))  # fmt: skip
@click.argument("source", type=click.Path(allow_dash=True, dir_okay=True, path_type=str))
@click.option("--from", "fmt", type=click.Choice(["chatgpt", "claude", "gemini", "text", "memlane"]),
              help="The export's kind (default: detected from its content).")  # fmt: skip
@click.option("--conversations", is_flag=True,
              help="Also log the export's chats and extract memories from them (resumable).")  # fmt: skip
@_common
def import_cmd(ctx: click.Context, source: str, fmt: str | None, conversations: bool) -> None:
    """Import memories from ChatGPT, Claude, Gemini, text or memlane.

    SOURCE is a zip, a folder, a JSON or text file, or - for stdin. Only what the assistant already
    distilled is imported (custom instructions, saved memories, Claude's memory, Gem instructions); all
    or nothing. --conversations also appends the chats (visible branch) to the conversation log and
    extracts memories from them; run it again after an interruption to continue. Shows a progress bar
    on a terminal.
    """
    import tempfile

    client = _client(ctx)
    with tempfile.SpooledTemporaryFile(max_size=16 * 1024 * 1024) as spool:
        if source == "-":
            stdin = sys.stdin.buffer
            while chunk := stdin.read(1024 * 1024):
                spool.write(chunk)
            spool.seek(0)
        target: Any = spool if source == "-" else source
        name = "stdin" if source == "-" else None
        if ctx.obj.get("server"):
            result = client.import_file(target, fmt or "auto", name=name, conversations=conversations)
        else:
            bar = cli_progress.ByteBar(cli_progress.wanted(ctx), "reading export")
            chats = cli_progress.ConversationBar(cli_progress.wanted(ctx))

            def chat(report: Any, done: int, total: int) -> None:
                bar.close()  # the facts are in: the conversations' bar takes over
                chats(report, done, total)

            try:
                result = client.import_file(target, fmt or "auto", name=name, progress=bar,
                                            conversations=conversations, conversation_progress=chat)  # fmt: skip
            finally:
                bar.close()
                chats.close()

    def human(r: Any) -> str:
        lines = [f"{r.vendor}: imported {r.imported}, already there {r.skipped_duplicates},"
                 f" skipped {len(r.skipped_invalid)}"]  # fmt: skip
        for item in r.warnings:
            lines.append(f"  warning: {item['reason']}")
        renamed = len(r.remapped) + (len(r.graph.remapped) if r.graph is not None else 0)
        if renamed:
            lines.append(
                f"  restored under ids of their scope: {renamed} (--json maps each exported id to its new one)"
            )
        for item in r.skipped_invalid:
            where = ", ".join(f"{k} {v}" for k, v in item.items() if k not in ("reason", "content"))
            lines.append(f"  skipped ({where}): {item['reason']}")
        c = r.conversations
        if c is not None:
            lines.append(f"conversations: {c.conversations}, messages logged {c.messages_appended} (already there"
                         f" {c.messages_already_there}), exchanges extracted {c.exchanges_extracted} (already"
                         f" {c.exchanges_already_extracted}, nothing durable {c.exchanges_without_memory}),"
                         f" memories added {c.memories_added}, updated {c.memories_updated}")  # fmt: skip
            for item in c.skipped_invalid:
                lines.append(
                    f"  skipped message {item['message_id']} of {item['conversation_id']}: {item['reason']}"
                )
        return "\n".join(lines)

    _emit(ctx, result, human)


@memory.command("export", epilog=_examples(
    "memlane memory export > memlane-backup.jsonl",
    "memlane memory import memlane-backup.jsonl --db ./new.db",
))  # fmt: skip
@click.option("--format", "fmt", type=click.Choice(["jsonl"]), default="jsonl", show_default=True,
              help="The export's format (docs/import.md).")  # fmt: skip
@_common
def export_cmd(ctx: click.Context, fmt: str) -> None:
    """Write every memory you can read, all versions, as JSON Lines.

    A versioned format (docs/import.md); memlane memory import restores it.
    """
    client = _client(ctx, existing=True)
    for line in client.export():
        click.echo(line)


@main.command("init", epilog=_examples("memlane init", "memlane init --db ./team.db --json"))
@_common
def init_cmd(ctx: click.Context) -> None:
    """Create the store and prepare the embedding model.

    Creates the database, prepares the local embedding model (once) and checks that they work; prints the
    database, schema version, embedder and user.
    """
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

from .cli_conversations import build as _build_conversations  # noqa: E402 - registered below

for _command in _build_conversations(_client, _common, _emit, _examples, _table):
    main.add_command(_command)

from .cli_entities import build as _build_entities  # noqa: E402 - registered below

main.add_command(_build_entities(_client, _common, _emit, _examples, _table))

from .cli_consolidate import build as _build_consolidate  # noqa: E402 - registered below

main.add_command(_build_consolidate(_client, _common, _emit, _examples))

from .cli_profiles import build as _build_profiles  # noqa: E402 - registered below

for _command in _build_profiles(_client, _common, _emit, _examples, _table):
    main.add_command(_command)


def run() -> None:  # pragma: no cover - console entry for python -m
    main(obj={})


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(obj={}))
