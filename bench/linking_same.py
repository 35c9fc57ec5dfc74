"""Does linking on store still make the same graph? A canonical dump of what linking wrote, to compare
two versions of the code (run this script once with each, then compare the digests or the files).

    PYTHONPATH=src python bench/linking_same.py --out after.jsonl
    PYTHONPATH=<the other tree>/src python bench/linking_same.py --out before.jsonl
    cmp before.jsonl after.jsonl
    PYTHONPATH=src python bench/linking_same.py --postgres --out after-pg.jsonl   # the same on PostgreSQL

Stores the synthetic corpus (``--items``, in batches of 500 with and without automatic supersession,
and as single stores) plus hard cases (nicknames, e-mail addresses, two Anas, legal forms, "Jordan" the
company and the person, a title, an initial) into fresh SQLite files (with ``--postgres``, fresh
databases of a throwaway PostgreSQL server, as ``bench/engine.py --postgres``), then writes every entity (type,
name, aliases, external ids, blocking keys, merged or not), every memory's links, the edges (with
the memories that state them) and the memories an address or a relative's key comes from, with entities
numbered in the order they were created and memories by their content: the dump does not depend on
the random ids, so two runs of the same code give the same bytes. Not a test (it takes a minute or
two); a check to run when the linking code changes. Reads the SQLite file with apsw directly (the
PostgreSQL database with psycopg; the two backends' dumps are compared each with its own).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from synthetic import corpus  # noqa: E402

HARD_CASES = [
    "Robert Smith runs sales at Acme Corp",
    "Bob Smith called about the renewal",
    "bob@acme.com sent the signed order form",
    "Robert Smith and Bob Smith are the same person, says Ana",
    "Ana Lopez runs the Lisbon office",
    "Ana Lopez from Porto joined the support team",
    "Ana asked for the budget",
    "ACME Inc. renewed the contract",
    "Acme announced a new office in Berlin",
    "Jordan signed the lease for the new office",
    "Jordan Reyes presented the roadmap",
    "Jordan Ltd sent the invoice",
    "Dr. Georgiev prescribed rest",
    "Georgiev's clinic is closed on Fridays",
    "Kalina Ivanova met Dr. Georgiev",
    "K. Ivanova sent the slides",
    "Priya Raman reviewed the pull request",
    "Priya R. approved it",
    "Alexandra Ivanova and Alexander Ivanov met in Sofia",
    "Sam Lee moved to Oslo; Samantha Lee stayed in Lyon",
    "ana.lopez@example.com wrote to Ana Lopez",
    {"content": "Prefers window seats", "subject": "Dr. Georgiev"},
    {"content": "Likes short meetings", "subject": "Kalina Ivanova", "related_user": "kalina"},
    {"content": "Acme Corp is the customer of the year", "visibility": "shared"},
    {"content": "Bob Smith owns the Acme account", "visibility": "shared", "subject": "Acme"},
]


def _stores(m, texts: list, mode: str) -> None:
    if mode == "single":
        for text in texts:
            item = {"content": text} if isinstance(text, str) else text
            m.store(source="bench", **item)
        return
    for i in range(0, len(texts), 500):
        m.store_many(texts[i : i + 500], source="bench", auto_supersede=mode == "auto")


_SQLITE = {
    "placeholder": "?",
    "attributes": "attributes",
    "alias_order": "rowid",
    "links": "SELECT m.content, (SELECT json_group_array(json_array(l.entity_id, l.role))"
    " FROM memory_entity_links l WHERE l.memory_seq = m.seq) FROM memories m ORDER BY m.seq",
}
_POSTGRES = {
    "placeholder": "%s",
    "attributes": "attributes::text",
    "alias_order": "added, alias",
    "links": "SELECT m.content, ARRAY(SELECT ARRAY[l.entity_id, l.role] FROM memory_entity_links l"
    " WHERE l.memory_seq = m.seq) FROM memories m ORDER BY m.seq",
}


def _dump(q: Callable[[str, tuple], Iterable], dialect: dict[str, str], links_of: Callable) -> list[str]:
    """Canonical JSON lines of the entities and links read by ``q(sql, params)``; ``dialect`` gives the
    placeholder, the attributes as text, the order aliases were added in and each memory's links, which
    ``links_of`` decodes."""
    ph = dialect["placeholder"]
    number = {eid: n for n, (eid,) in enumerate(q("SELECT id FROM entities ORDER BY seq", ()))}

    def column(sql: str, eid: str, *, ordered: bool = False) -> list:
        values = [v for (v,) in q(sql.replace("?", ph), (eid,))]
        return values if ordered else sorted(values)

    lines = []
    for eid, scope, kind, name, attributes, merged in q(
        "SELECT id, workspace || '/' || owner || '/' || visibility, type, name,"
        f" {dialect['attributes']}, merged_into FROM entities ORDER BY seq",
        (),
    ):
        lines.append(json.dumps({
            "entity": number[eid], "scope": scope, "type": kind, "name": name,
            "attributes": attributes, "merged_into": number.get(merged),
            "aliases": column("SELECT alias FROM entity_aliases WHERE entity_id = ? ORDER BY "
                              + dialect["alias_order"], eid, ordered=True),
            "normalised": column("SELECT normalised FROM entity_aliases WHERE entity_id = ?", eid),
            "ids": column("SELECT external_id FROM entity_external_ids WHERE entity_id = ?", eid),
            "keys": column("SELECT key FROM entity_blocking_keys WHERE entity_id = ?", eid),
        }))  # fmt: skip
    for content, links in q(dialect["links"], ()):
        found = sorted((number[e], role) for e, role in links_of(links))
        lines.append(json.dumps({"memory": content, "links": found}))
    return lines + _graph(q, number)


def _graph(q: Callable[[str, tuple], Iterable], number: dict[str, int]) -> list[str]:
    """The edges (relation, ends, provenance with its memory by content, whether a validity window is
    open or closed: its times are the store's clock), the memories that state each edge, and the
    memories that give an entity an address or a relative's key (``entity_external_id_sources``,
    ``entity_key_sources``), sorted: what linking wrote besides the entities and links."""
    content = {mid: text for mid, text in q("SELECT id, content FROM memories", ())}
    by_seq = {seq: text for seq, text in q("SELECT seq, content FROM memories", ())}
    sources: dict[str, list] = {}
    for edge, memory, ended in q("SELECT edge_id, memory_id, ended_at FROM entity_edge_sources", ()):
        sources.setdefault(edge, []).append((content.get(memory, memory), ended is None))
    edges = []
    for eid, src, relation, dst, provenance, valid_from, valid_to in q(
        "SELECT id, src, relation, dst, provenance, valid_from, valid_to FROM entity_edges", ()
    ):
        made = json.loads(provenance) if isinstance(provenance, str) else (provenance or {})
        if "memory" in made:
            made["memory"] = content.get(made["memory"], made["memory"])
        edges.append({
            "edge": [number.get(src), relation, number.get(dst)], "provenance": made,
            "from": valid_from is not None, "to": valid_to is not None,
            "stated_by": sorted(sources.get(eid, [])),
        })  # fmt: skip
    lines = sorted(json.dumps(e, sort_keys=True) for e in edges)
    for table, column in (("entity_external_id_sources", "external_id"), ("entity_key_sources", "key")):
        rows = sorted(
            (by_seq[seq], value) for seq, value in q(f"SELECT memory_seq, {column} FROM {table}", ())
        )
        lines += [json.dumps({table: row}) for row in rows]
    return lines


def dump(path: Path) -> list[str]:
    """Canonical JSON lines of the entities and links of the SQLite file at ``path``."""
    import apsw

    con = apsw.Connection(str(path))
    try:
        return _dump(con.execute, _SQLITE, json.loads)
    finally:
        con.close()


def dump_postgres(url: str) -> list[str]:
    """``dump`` of a PostgreSQL database (aliases in the order they were added, as SQLite's rowid)."""
    import psycopg

    with psycopg.connect(url) as con:
        return _dump(lambda sql, params: con.execute(sql, params).fetchall(), _POSTGRES, lambda links: links)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--items", type=int, default=3000)
    parser.add_argument(
        "--single-items", type=int, default=600, help="how many of them also as single stores"
    )
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--postgres", action="store_true", help="on a throwaway PostgreSQL server")
    parser.add_argument(
        "--no-memo",
        action="store_true",
        help="resolve every mention afresh (the memo of settled names never answers): the reference"
        " a memo must agree with",
    )
    parser.add_argument(
        "--texts",
        choices=("synthetic", "labelled"),
        default="synthetic",
        help="the synthetic corpus, or the labelled resolution sets' sentences (bench/linking_cost.py's)",
    )
    args = parser.parse_args(argv)
    if args.no_memo:
        from memlane.storage.entity_cache import Settled

        Settled.get = lambda self, mention: None  # type: ignore[method-assign]
    from engine import Databases

    from memlane import Memlane

    texts = [s for s, _ in corpus(args.items)]
    if args.texts == "labelled":  # (the labelled sets' sentences: what earlier memories said is compared)
        from linking_cost import labelled_texts

        texts = labelled_texts()[: args.items]
    tmp = Path(tempfile.mkdtemp(prefix="memlane-linking-same-"))
    dbs = Databases(tmp, args.postgres)
    out: list[str] = []
    for mode in ("bulk", "auto", "single"):
        items = texts[: args.single_items] if mode == "single" else texts
        path = dbs.fresh(mode)
        m = Memlane(path, user="bench", embedder="none")
        # the hard cases first, then the corpus, then the hard cases again (names known by then)
        _stores(m, HARD_CASES, "single" if mode == "single" else "auto")
        _stores(m, items, mode)
        again = [
            f"Again: {t}" if isinstance(t, str) else {**t, "content": f"Again: {t['content']}"}
            for t in HARD_CASES
        ]
        _stores(m, again, mode)
        m.close()
        lines = dump_postgres(str(path)) if args.postgres else dump(Path(path))
        digest = hashlib.sha256("\n".join(lines).encode()).hexdigest()
        entities = sum(1 for line in lines if line.startswith('{"entity"'))
        print(f"{mode}: {entities} entities, {len(lines) - entities} memories, sha256 {digest}", flush=True)
        out += [json.dumps({"mode": mode}), *lines]
    dbs.close()
    args.out.write_text("\n".join(out) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
