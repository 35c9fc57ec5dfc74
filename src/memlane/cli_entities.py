"""``memlane entities list|show|lookup|search|merge|unmerge|aliases`` from the command line.

A thin layer over the SDK's ``Memlane.entities`` (or, with ``--server``, the remote client's), like every
other command. ``cli.py`` builds the group with its own helpers (``build``): this module cannot import
``cli`` (run as ``python -m memlane.cli`` that would load the command line twice)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import click

from .cli_words import counted
from .graph.entity_type import EntityType
from .limits import MAX_LIMIT
from .timeutil import iso_z

__all__ = ["ENTITY_TYPES", "build"]

ENTITY_TYPES = tuple(t.value for t in EntityType)


_TYPE_HELP = f"Only entities of this type: {', '.join(ENTITY_TYPES[:-1])} or {ENTITY_TYPES[-1]}."


def _scope(e: Any) -> str:
    return str(e.visibility) if e.owner in ("workspace",) or str(e.visibility) == "personal" else e.owner


def _entities_table(table: Callable[[list[str], list[list[str]]], str], items: list[Any], none: str) -> str:
    if not items:
        return none
    rows = [[e.id, e.type, _scope(e), e.name + (f"  (aka {', '.join(e.aliases)})" if e.aliases else "")]
            for e in items]  # fmt: skip
    return table(["ID", "TYPE", "SCOPE", "NAME"], rows)


def build(
    _client: Callable[..., Any],
    _common: Callable[..., Any],
    _emit: Callable[..., None],
    _examples: Callable[..., str],
    _table: Callable[[list[str], list[list[str]]], str],
) -> click.Group:
    """The ``entities`` group, made with the command line's helpers."""

    def _graph(ctx: click.Context) -> Any:
        return _client(ctx, existing=True).entities

    @click.group()
    def entities() -> None:
        """The entity graph: people, companies, tickets."""

    @entities.command("list", epilog=_examples(
        "memlane entities list",
        "memlane entities list --type person --limit 20",
        "memlane entities list --cursor NEXT_CURSOR --json",
    ))  # fmt: skip
    @click.option("--type", "type_", type=click.Choice(ENTITY_TYPES), metavar="TYPE", help=_TYPE_HELP)
    @click.option(
        "--limit", type=click.IntRange(1, MAX_LIMIT), default=50, show_default=True, help="How many at most."
    )
    @click.option("--cursor", help="Continue after the previous page (the cursor it printed).")
    @_common
    def list_cmd(ctx: click.Context, type_: str | None, limit: int, cursor: str | None) -> None:
        """List entities, newest first.

        A longer list is paged: the last line names the --cursor of the next page, which starts right
        after this one whatever is added meanwhile. With --json: an object with the "items" and the "next_cursor" (null on the last page).
        """
        items, next_cursor = _graph(ctx).page(type=type_, limit=limit, cursor=cursor)

        def human(page: dict[str, Any]) -> str:
            text = _entities_table(_table, page["items"], "no entities")
            more = (
                f"\nmore: memlane entities list --cursor {page['next_cursor']}" if page["next_cursor"] else ""
            )
            return text + more

        _emit(ctx, {"items": items, "next_cursor": next_cursor}, human)

    @entities.command("search", epilog=_examples(
        'memlane entities search "Dr. Georgiev"',
        "memlane entities search bob@acme.com --json",
        "memlane entities search hubspot:123",
        "memlane entities search Jordan --type company",
    ))  # fmt: skip
    @click.argument("query")
    @click.option("--type", "type_", type=click.Choice(ENTITY_TYPES), metavar="TYPE", help=_TYPE_HELP)
    @click.option(
        "--limit", type=click.IntRange(1, MAX_LIMIT), default=10, show_default=True, help="How many at most."
    )
    @_common
    def search_cmd(ctx: click.Context, query: str, type_: str | None, limit: int) -> None:
        """Find the entity a name, alias or id means.

        QUERY is a name or alias (spelled any way: case, accents, titles such as "Dr." do not matter), an
        e-mail address or an external id (system:id). Lists the entity it resolves to, or every entity an
        ambiguous name fits (two people called Ana), or nothing.
        """
        found = _graph(ctx).search(query, type=type_, limit=limit)
        _emit(ctx, found, lambda items: _entities_table(_table, items, f"no entity matches {query!r}"))

    @entities.command("show", epilog=_examples(
        "memlane entities show ENTITY_ID",
        "memlane entities show ENTITY_ID --hops 0 --limit 5",
        "memlane entities show ENTITY_ID --json",
    ))  # fmt: skip
    @click.argument("entity_id")
    @click.option("--hops", type=click.IntRange(0, 1), default=1, show_default=True,
                  help="1: also memories about related entities.")  # fmt: skip
    @click.option("--limit", type=click.IntRange(1, MAX_LIMIT), default=20, show_default=True,
                  help="How many memories at most.")  # fmt: skip
    @_common
    def show_cmd(ctx: click.Context, entity_id: str, hops: int, limit: int) -> None:
        """Show an entity, its relations and its memories.

        Its names and external ids, its relations (works_at, assigned_to and so on) with the entities at their
        other ends, and the memories about it (and, with --hops 1, about those entities: distance 1).
        """
        detail = _graph(ctx).about(entity_id, hops=hops, limit=limit)
        _emit(ctx, detail, lambda d: _detail_text(d, _table))

    @entities.command("lookup", epilog=_examples(
        "memlane entities lookup Georgiev",
        'memlane entities lookup "bob@acme.com" --hops 0',
        "memlane entities lookup Ana --type person --json",
    ))  # fmt: skip
    @click.argument("query")
    @click.option("--type", "type_", type=click.Choice(ENTITY_TYPES), metavar="TYPE", help=_TYPE_HELP)
    @click.option("--hops", type=click.IntRange(0, 1), default=1, show_default=True,
                  help="1: also memories about related entities.")  # fmt: skip
    @click.option("--limit", type=click.IntRange(1, MAX_LIMIT), default=20, show_default=True,
                  help="How many memories at most.")  # fmt: skip
    @_common
    def lookup_cmd(ctx: click.Context, query: str, type_: str | None, hops: int, limit: int) -> None:
        """What do you know about QUERY (a name or id).

        Shows the entity QUERY resolves to as show does; when the name fits several entities, lists them
        (pick one and run show with its id). --json prints {"query", "found", "candidates"}.
        """
        result = _graph(ctx).lookup(query, type=type_, hops=hops, limit=limit)

        def human(r: Any) -> str:
            if r.found is not None:
                return _detail_text(r.found, _table)
            if r.candidates:
                return f"{query!r} may mean any of these; run show with one id:\n" + _entities_table(
                    _table, list(r.candidates), ""
                )
            return f"nothing known about {query!r}"

        _emit(ctx, result, human)

    @entities.command("aliases", epilog=_examples(
        "memlane entities aliases ENTITY_ID",
        "memlane entities aliases ENTITY_ID --json",
    ))  # fmt: skip
    @click.argument("entity_id")
    @_common
    def aliases_cmd(ctx: click.Context, entity_id: str) -> None:
        """List the names and ids an entity is known by.

        Its name, every alias (spellings met in memories and records, and those of entities merged into
        it) and its external ids (hubspot:123, email:ana@acme.com).
        """
        e = _graph(ctx).get(entity_id)
        names = {"id": e.id, "name": e.name, "aliases": list(e.aliases), "external_ids": list(e.external_ids)}
        _emit(ctx, names, lambda n: _table(["KIND", "VALUE"], [
            ["name", n["name"]], *(["alias", a] for a in n["aliases"]),
            *(["external id", x] for x in n["external_ids"]),
        ]))  # fmt: skip

    @entities.command("merge", epilog=_examples(
        "memlane entities merge KEEP_ID DUPLICATE_ID",
        "memlane entities merge KEEP_ID DUPLICATE_ID --json",
    ))  # fmt: skip
    @click.argument("into")
    @click.argument("merged")
    @_common
    def merge_cmd(ctx: click.Context, into: str, merged: str) -> None:
        """Fold entity MERGED into INTO (undo: unmerge).

        INTO keeps every alias, external id, relation and memory link of MERGED, whose name becomes an
        alias. Both must have the same owner and visibility. Prints the merge id, which unmerge takes.
        """
        record = _graph(ctx).merge(into, merged)
        _emit(ctx, record, lambda r: f"merged {r.merged} into {r.into}\n"
                                     f"undo: memlane entities unmerge {r.id}")  # fmt: skip

    @entities.command("unmerge", epilog=_examples("memlane entities unmerge MERGE_ID"))
    @click.argument("merge_id")
    @_common
    def unmerge_cmd(ctx: click.Context, merge_id: str) -> None:
        """Undo a merge (MERGE_ID, printed by merge).

        The merged entity comes back with its own aliases, external ids, relations and memory links.
        """
        record = _graph(ctx).unmerge(merge_id)
        _emit(ctx, record, lambda r: f"unmerged {r.merged} from {r.into}")

    @entities.command("relate", epilog=_examples(
        "memlane entities relate ANA_ID reports_to BORIS_ID --single",
        "memlane entities relate ANA_ID member_of TEAM_ID --from 2025-01-01",
        "memlane entities relate ANA_ID member_of TEAM_ID --until 2025-06-30 --json",
    ))  # fmt: skip
    @click.argument("src")
    @click.argument("relation")
    @click.argument("dst")
    @click.option("--from", "valid_from", metavar="WHEN", help="True since (ISO-8601 date or time).")
    @click.option("--until", "valid_to", metavar="WHEN", help="True until: ends the relation.")
    @click.option("--single", is_flag=True, help="End SRC's other open RELATION edges (one manager).")
    @_common
    def relate_cmd(
        ctx: click.Context, src: str, relation: str, dst: str, valid_from: str | None, valid_to: str | None,
        single: bool,
    ) -> None:  # fmt: skip
        """Record SRC RELATION DST, e.g. reports_to or member_of.

        The same relation again updates its dates, never duplicates it. Both entities must have the
        same owner and visibility.
        """
        edge = _graph(ctx).relate(src, relation, dst, valid_from=valid_from, valid_to=valid_to, single=single)
        _emit(ctx, edge, lambda e: f"{e.src} {e.relation} {e.dst}"
                                   + (f" (until {iso_z(e.valid_to)})" if e.valid_to else ""))  # fmt: skip

    @entities.command("merges", epilog=_examples(
        "memlane entities merges",
        "memlane entities merges --entity ENTITY_ID --json",
        "memlane entities merges --cursor NEXT_CURSOR",
    ))  # fmt: skip
    @click.option("--entity", "entity_id", metavar="ID", help="Only merges into or of this entity.")
    @click.option(
        "--limit", type=click.IntRange(1, MAX_LIMIT), default=50, show_default=True, help="How many at most."
    )
    @click.option("--cursor", help="Continue after the previous page (the cursor it printed).")
    @_common
    def merges_cmd(ctx: click.Context, entity_id: str | None, limit: int, cursor: str | None) -> None:
        """The merge history, newest first (undone merges too).

        Only merges of entities you may read. A longer history is paged: the last line names the --cursor
        of the next page. With --json: an object with the "items" and the "next_cursor" (null on the last
        page).
        """
        items, next_cursor = _graph(ctx).merges(entity=entity_id, limit=limit, cursor=cursor)

        def human(page: dict[str, Any]) -> str:
            rows = [
                [p.merge.id, p.merge.merged_at.strftime("%Y-%m-%d %H:%M"), f"{p.merged_name} -> {p.into_name}",
                 p.by, "undone" if p.merge.unmerged_at else "in force"]
                for p in page["items"]
            ]  # fmt: skip
            text = _table(["MERGE", "WHEN", "MERGED -> INTO", "BY", "STATE"], rows) if rows else "no merges"
            more = (
                f"\nmore: memlane entities merges --cursor {page['next_cursor']}"
                if page["next_cursor"]
                else ""
            )
            return text + more

        _emit(ctx, {"items": items, "next_cursor": next_cursor}, human)

    @entities.command(
        "rekey", epilog=_examples("memlane entities rekey --dry-run", "memlane entities rekey --json")
    )
    @click.option("--dry-run", is_flag=True, help="Only count what would change.")
    @_common
    def rekey_cmd(ctx: click.Context, dry_run: bool) -> None:
        """Re-key entities with the current name rules.

        Entities stored before a rule was added (initials, registered company names) are found by it
        only after this. Safe to run again (the second run changes nothing). Works on the database
        itself (every workspace), not over --server.
        """
        if ctx.obj.get("server"):
            raise click.UsageError("entities rekey runs on the database itself (--db), not over --server")
        report = _client(ctx, existing=True).entities.rekey(dry_run=dry_run)
        verb = "would re-key" if report.dry_run else "re-keyed"
        _emit(ctx, report, lambda r: f"{counted(r.examined, 'entity', 'entities')} examined;"
                                     f" {verb} {r.rekeyed} (+{counted(r.keys_added, 'key')},"
                                     f" -{counted(r.keys_removed, 'key')})")  # fmt: skip

    return entities


def _detail_text(d: Any, table: Callable[[list[str], list[list[str]]], str]) -> str:
    e = d.entity
    lines = [f"{e.name}  ({e.type}, {_scope(e)})", f"id: {e.id}"]
    if e.aliases:
        lines.append(f"aliases: {', '.join(e.aliases)}")
    if e.external_ids:
        lines.append(f"external ids: {', '.join(e.external_ids)}")
    if e.attributes:
        lines.append(f"attributes: {json.dumps(e.attributes, ensure_ascii=False)}")
    names = {r.id: r.name for r in d.related} | {e.id: e.name}
    if d.edges:
        rows = [[names.get(g.src, g.src), g.relation,
                 names.get(g.dst, g.dst) + (f"  (until {g.valid_to.date().isoformat()})" if g.valid_to else "")]
                for g in d.edges]  # fmt: skip
        lines += ["", table(["FROM", "RELATION", "TO"], rows)]
    if d.memories:
        rows = [[str(x.distance), x.memory.id, x.memory.observed_at.date().isoformat(), x.memory.content]
                for x in d.memories]  # fmt: skip
        lines += ["", table(["HOP", "ID", "OBSERVED", "CONTENT"], rows)]
    else:
        lines += ["", "no memories about it"]
    return "\n".join(lines)
