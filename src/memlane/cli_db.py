"""``memlane db …``: schema upgrades and copies between SQLite and PostgreSQL.

Registered on the main ``memlane`` group in ``cli.py``. The commands are thin: opening a store applies
its migrations (``storage/*/migrations.py``), and the copy is ``storage.transfer.copy_database``.
"""

from __future__ import annotations

import json
from typing import Any

import click

from .errors import MemlaneError

__all__ = ["db"]


def _root(ctx: click.Context) -> dict[str, Any]:
    obj = ctx.find_root().obj
    return obj if isinstance(obj, dict) else {}


def _out(ctx: click.Context, as_json: bool, value: dict[str, Any], text: str) -> None:
    if as_json or _root(ctx).get("json"):
        click.echo(json.dumps(value, indent=2))
    else:
        click.echo(text)


def _fail(ctx: click.Context, exc: MemlaneError) -> None:
    click.echo(f"error: {exc}", err=True)
    ctx.exit(1)


@click.group("db")
def db() -> None:
    """Database maintenance: upgrades and copies.

    Schema upgrades, and copies between SQLite and PostgreSQL.
    """


@db.command("upgrade")
@click.option("--db", "database", help="SQLite file or postgresql:// URL (default: $MEMLANE_DATABASE_URL).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_context
def upgrade_cmd(ctx: click.Context, database: str | None, as_json: bool) -> None:
    """Apply pending schema migrations.

    Prints the schema version afterwards.

    \b
    Examples:
      memlane db upgrade
      memlane db upgrade --db "postgresql://memlane@db.internal/memlane" --json
    """
    from .app import open_store
    from .config import load_settings, redact_url

    url = database or _root(ctx).get("db") or load_settings().database_url
    try:
        store = open_store(url)  # opening migrates, under a lock, once
        try:
            version = store.schema_version()
        finally:
            store.close()
    except MemlaneError as exc:
        _fail(ctx, exc)
        return
    where = redact_url(url)
    _out(ctx, as_json, {"database": where, "backend": store.backend, "schema_version": version},
         f"{where}: schema version {version} ({store.backend})")  # fmt: skip


@db.command("copy")
@click.option("--from", "source", required=True, help="The database to copy (SQLite file or URL).")
@click.option("--to", "target", required=True, help="An empty database to copy into (SQLite file or URL).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_context
def copy_cmd(ctx: click.Context, source: str, target: str, as_json: bool) -> None:
    """Copy a whole database (SQLite and PostgreSQL).

    Every memory, version, vector, entity key, audit entry and API key, into an empty database.

    \b
    Examples:
      memlane db copy --from ~/.memlane/memlane.db --to postgresql://memlane@db.internal/memlane
    """
    from .app import open_store
    from .config import redact_url
    from .storage.transfer import copy_database

    if source == target:
        raise click.UsageError("--from and --to name the same database")
    try:
        src = open_store(source)
        try:
            dst = open_store(target)
            try:
                report = copy_database(
                    src, dst, source_name=redact_url(source), target_name=redact_url(target)
                )
            finally:
                dst.close()
        finally:
            src.close()
    except MemlaneError as exc:
        _fail(ctx, exc)
        return
    summary = ", ".join(f"{n} {name}" for name, n in report.rows.items())
    _out(ctx, as_json, {"from": report.source, "to": report.target, "schema_version": report.schema_version,
                        "rows": report.rows},
         f"copied {report.source} -> {report.target}: {summary}")  # fmt: skip
