"""``memlane conversations append|show|list|delete`` and ``memlane extract`` from the command line.

A thin layer over the SDK's ``Memlane.conversations``, like every other command. ``cli.py`` builds the
group with its own helpers (``build``): this module cannot import ``cli`` (run as ``python -m
memlane.cli`` that would load the command line twice)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

import click

from .cli_words import counted
from .errors import ConfigError, InvalidInput
from .limits import MAX_LIMIT, MAX_MESSAGES
from .timeutil import iso_z

__all__ = ["build", "read_json_file"]


def read_json_file(path: str, what: str) -> Any:
    """The JSON in ``path`` ('-': stdin), or a clear InvalidInput naming the file and the problem."""
    try:
        raw = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()  # noqa: SIM115
    except OSError as exc:
        raise InvalidInput(f"cannot read {path}: {exc.strerror or exc}") from None
    source = "stdin" if path == "-" else path
    try:
        return json.loads(raw)
    except ValueError as exc:
        raise InvalidInput(f"{source} is not JSON ({exc}); {what}") from None
    except RecursionError:  # deeper than Python's parser goes: the service's words for too deep
        from .requests import too_deep

        raise InvalidInput(too_deep(source)) from None


def build(
    _client: Callable[..., Any],
    _common: Callable[..., Any],
    _emit: Callable[..., None],
    _examples: Callable[..., str],
    _table: Callable[[list[str], list[list[str]]], str],
) -> tuple[click.Group, click.Command]:
    """The ``conversations`` group and the ``extract`` command, made with the command line's helpers."""

    def _log(ctx: click.Context) -> Any:
        client = _client(ctx)
        if not hasattr(client, "conversations"):  # pragma: no cover - every client has them now
            raise ConfigError("conversations are not available over --server: use the REST API directly")
        return client.conversations

    @click.group()
    def conversations() -> None:
        """The conversation log that extraction reads (append-only)."""

    @conversations.command("append", epilog=_examples(
        "memlane conversations append chat-42 exchange.json",
        """echo '[{"role": "user", "text": "I moved to Lyon"}]' | memlane conversations append chat-42 -""",
    ))  # fmt: skip
    @click.argument("conversation_id")
    @click.argument("file")
    @click.option(
        "--visibility", type=click.Choice(["personal", "shared"]), default="personal", show_default=True
    )
    @click.option("--owner", help="'team:<name>', 'agent:<name>' or 'workspace' (a shared conversation).")
    @_common
    def append_cmd(
        ctx: click.Context, conversation_id: str, file: str, visibility: str, owner: str | None
    ) -> None:
        """Append the messages in FILE ('-': stdin) to a conversation.

        All are appended, or none.

        FILE holds a JSON list of messages: {"role": "user"|"assistant"|"tool", "text": ..., "tool": ...,
        "result": {...}, "user": ..., "agent": ..., "at": "2025-03-14T09:00:00Z"}.
        """
        messages = read_json_file(file, "expected a JSON list of messages")
        if isinstance(messages, dict):
            messages = [messages]
        added = _log(ctx).append(conversation_id, messages, visibility=visibility, owner=owner)
        _emit(ctx, added, lambda rows: f"appended {counted(len(rows), 'message')} to {conversation_id}")

    @conversations.command("show", epilog=_examples("memlane conversations show chat-42 --json"))
    @click.argument("conversation_id")
    @click.option("--limit", type=click.IntRange(1, MAX_MESSAGES), default=1000, show_default=True)
    @_common
    def show_cmd(ctx: click.Context, conversation_id: str, limit: int) -> None:
        """The messages of CONVERSATION_ID, oldest first."""
        messages = _log(ctx).show(conversation_id, limit=limit)

        def human(rows: list[Any]) -> str:
            return _table(["at", "role", "text"], [
                [iso_z(m.at, "seconds"), m.role + (f" ({m.tool})" if m.tool else ""),
                 m.text or json.dumps(m.result, ensure_ascii=False)]
                for m in rows
            ])  # fmt: skip

        _emit(ctx, messages, human)

    @conversations.command("list", epilog=_examples("memlane conversations list --limit 10"))
    @click.option("--limit", type=click.IntRange(1, MAX_LIMIT), default=50, show_default=True)
    @_common
    def list_cmd(ctx: click.Context, limit: int) -> None:
        """Conversations, most recently appended to first."""
        rows = _log(ctx).list(limit=limit)
        _emit(ctx, rows, lambda cs: _table(["last", "messages", "scope", "conversation"], [
            [iso_z(c.last_at, "seconds"), str(c.messages), f"{c.visibility} {c.owner}", c.conversation_id]
            for c in cs
        ]) if cs else "no conversations")  # fmt: skip

    @conversations.command("delete", epilog=_examples("memlane conversations delete chat-42"))
    @click.argument("conversation_id")
    @_common
    def delete_cmd(ctx: click.Context, conversation_id: str) -> None:
        """Delete CONVERSATION_ID and all its messages."""
        deleted = _log(ctx).delete(conversation_id)
        _emit(ctx, {"conversation_id": conversation_id, "deleted": deleted},
              lambda r: f"deleted {counted(r['deleted'], 'message')} of {conversation_id}")  # fmt: skip

    @click.command("extract", epilog=_examples(
        "memlane extract exchange.json --json",
        "memlane extract --conversation chat-42 --ceiling shared",
        "cat exchange.json | memlane extract - --mode agent",
    ))  # fmt: skip
    @click.argument("file", required=False)
    @click.option("--conversation", help="Extract from this logged conversation instead of FILE.")
    @click.option("--mode", type=click.Choice(["chat", "agent"]), default="chat", show_default=True)
    @click.option("--ceiling", type=click.Choice(["personal", "shared"]), default="personal", show_default=True,
                  help="personal: nothing is stored as shared.")  # fmt: skip
    @click.option("--instructions", help="Extra strict rules, e.g. 'only store decisions'.")
    @click.option("--source", default="cli", show_default=True, help="Where the memories came from.")
    @_common
    def extract_cmd(ctx: click.Context, file: str | None, conversation: str | None, **options: Any) -> None:
        """Learn from an exchange (FILE, or '-' for stdin).

        FILE holds a JSON list of messages.

        Lists what was added, updated (superseded), deleted and skipped, each with a reason. The same
        exchange is extracted once.
        """
        if (file is None) == (conversation is None):
            raise InvalidInput("give FILE (or '-') or --conversation ID, not both and not neither")
        client = _client(ctx)
        if not hasattr(client, "extract"):  # pragma: no cover - every client has it now
            raise ConfigError("extract is not available over --server: use POST /v1/extract")
        what = conversation if file is None else read_json_file(file, "expected a JSON list of messages")
        report = client.extract(what, space=ctx.obj.get("space"), **options)

        def human(r: Any) -> str:
            lines = [f"{'extracted' if r.extracted else 'not extracted'}: {r.reason}"]
            lines += [f"added    {i.id}  {i.content}  ({i.reason})" for i in r.added]
            lines += [f"updated  {i.id}  {i.content}  (was: {i.previous})" for i in r.updated]
            lines += [f"deleted  {i.id}  {i.content}  ({i.reason})" for i in r.deleted]
            lines += [f"skipped  {i.text}  ({i.reason})" for i in r.skipped]
            lines += [f"anchored {a.entity_id}  {a.kind} {a.system}:{a.record_id}" for a in r.anchored]
            return "\n".join(lines)

        _emit(ctx, report, human)

    return conversations, extract_cmd
