"""Names typed and relations read from plain text, against a labelled set.

    python bench/graph_text.py tests/data/graph-text/dev.jsonl [more.jsonl ...] [--json FILE] [--errors]

Each line of a set (format: tests/data/graph-text/README.md) is a text with its labelled entities
(``{name, type}``) and relations (``{source, relation, target, state}``; ``state`` ``current`` or
``ended``). Two readings are measured:

* **store**: the text is stored in a fresh SQLite store (no embedder) through the SDK, as any memory;
  an entity's type is the type of the stored entity bearing the name (as its name or an alias; none:
  ``other``); a relation is an edge between the entities bearing the two names, current or ended. This
  is what a user gets. A relation to the keeper itself ("a customer of ours") has no entity: it is never
  an edge.
* **reading**: ``graph.relations_text.read_text`` on the names the text analysis finds (no store):
  the rules alone.

Relations to the keeper ("a customer of ours": target ``us``) are neither labelled nor counted.

Reports typing accuracy (all labelled entities; per type), relation precision and recall (a relation is
right when source, relation, target and state match; names compared case-insensitively without a
leading "the"), the same ignoring the state, and precision over the relations between named things only
(a relation to "the billing repo" is not labelled in sets that list named things only).
Typing accuracy is also given with ``customer`` counted as ``company`` (resolution treats them as one
kind).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

Rel = tuple[str, str, str, bool]


def _norm(name: str) -> str:
    words = name.casefold().replace("’", "'").split()
    if words and words[0] in ("the", "a", "an", "our"):
        words = words[1:]
    return " ".join(words)


def _ended(state: str | None) -> bool:
    return str(state or "current").casefold() in ("ended", "past", "former", "closed", "ended_at", "end")


def _gold(row: dict[str, Any]) -> set[Rel]:
    # (relations to the keeper, "a customer of ours", are not labelled: tests/data/graph-text/README.md)
    return {
        (_norm(r["source"]), r["relation"], _norm(r["target"]), _ended(r.get("state")))
        for r in row["relations"]
        if _norm(r["target"]) != "us"
    }


def _common_noun(name: str, text: str) -> bool:
    """A relation's end the text writes in lower case ("the billing repo", "the onboarding doc"): the
    labelled sets list named things only, so such relations are counted apart (``named_only``)."""
    found = text.casefold().find(name)
    return found >= 0 and text[found : found + len(name)].islower()


def _score(gold: set[Rel], got: set[Rel]) -> tuple[int, int, int]:
    return len(gold & got), len(got), len(gold)


def _reading(text: str) -> tuple[dict[str, str], set[Rel]]:
    from memlane.graph.linking import memory_mentions
    from memlane.graph.text_links import text_facts, with_text_facts
    from memlane.text import extract_entities

    mentions = with_text_facts(text, memory_mentions(text, None, None, extract_entities(text)))
    facts = text_facts(text, mentions)
    types = {
        _norm(n.mention.name or ""): str(facts.types.get(n.mention.name or "", "other")) for n in mentions
    }
    return types, {
        (_norm(r.source), r.relation, _norm(r.target), r.ended) for r in facts.relations if r.target != "us"
    }


def _stored(text: str, tmp: Path, i: int) -> tuple[dict[str, str], set[Rel]]:
    from memlane import Memlane

    with Memlane(tmp / f"t{i}.db", user="bench", embedder="none") as m:
        m.store(text, auto_supersede=False, source="bench")
        entities = m.entities.list(limit=1000)
        names = {e.id: [_norm(n) for n in (e.name, *e.aliases)] for e in entities}
        types: dict[str, str] = {}
        for e in entities:
            for n in names[e.id]:
                types.setdefault(n, e.type)
        edges: set[Rel] = set()
        for e in entities:
            for g in m.entities.edges(e.id):
                if g.src != e.id:
                    continue
                for s in names[g.src]:
                    for d in names.get(g.dst, ()):
                        edges.add((s, g.relation, d, g.valid_to is not None))
    return types, edges


def evaluate(path: Path, errors: bool = False) -> dict[str, Any]:
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    report: dict[str, Any] = {"texts": len(rows)}
    with tempfile.TemporaryDirectory() as tmp:
        modes = ["store"]
        try:
            import memlane.graph.text_links  # noqa: F401  (absent before relations were read from text)

            modes.append("reading")
        except ImportError:
            pass
        for mode in modes:
            typed = Counter[str]()
            per_type: dict[str, Counter[str]] = {}
            tp = n_got = n_gold = 0
            tp_any = n_got_any = n_gold_any = 0
            common_tp = common_got = 0
            for i, row in enumerate(rows):
                text = row["text"]
                types, got = _stored(text, Path(tmp), i) if mode == "store" else _reading(text)
                for entity in row.get("entities", []):
                    want = entity["type"]
                    have = types.get(_norm(entity["name"]), "other")
                    typed["n"] += 1
                    typed["right"] += have == want
                    typed["right_kind"] += have == want or {have, want} == {"company", "customer"}
                    c = per_type.setdefault(want, Counter())
                    c["n"] += 1
                    c["right"] += have == want
                    if errors and have != want:
                        print(f"[{mode}] type {entity['name']!r}: {have} (labelled {want}) | {text}")
                gold = _gold(row)
                gold_edges = gold
                commons = {g for g in got if _common_noun(g[0], text) or _common_noun(g[2], text)}
                common_tp += len(commons & gold_edges)
                common_got += len(commons)
                a, b, c_ = _score(gold_edges, got)
                tp, n_got, n_gold = tp + a, n_got + b, n_gold + c_
                strip = {(s, r, t) for s, r, t, _ in gold_edges}
                found = {(s, r, t) for s, r, t, _ in got}
                tp_any += len(strip & found)
                n_got_any += len(found)
                n_gold_any += len(strip)
                if errors and gold_edges != got:
                    print(
                        f"[{mode}] missed {sorted(gold_edges - got)} extra {sorted(got - gold_edges)} | {text}"
                    )
            report[mode] = {
                "typing_accuracy": round(typed["right"] / max(1, typed["n"]), 3),
                "typing_accuracy_customer_as_company": round(typed["right_kind"] / max(1, typed["n"]), 3),
                "entities": typed["n"],
                "per_type": {k: f"{v['right']}/{v['n']}" for k, v in sorted(per_type.items())},
                "relation_precision": round(tp / n_got, 3) if n_got else None,
                "relation_recall": round(tp / n_gold, 3) if n_gold else None,
                "relations_labelled": n_gold,
                "relations_found": n_got,
                "precision_ignoring_state": round(tp_any / n_got_any, 3) if n_got_any else None,
                # precision over relations between named things only (no lower-case end: not labelled)
                "relations_with_a_common_noun_end": common_got,
                "precision_named_only": round((tp - common_tp) / (n_got - common_got), 3)
                if n_got - common_got
                else None,
                "recall_ignoring_state": round(tp_any / n_gold_any, 3) if n_gold_any else None,
            }
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("sets", nargs="+", type=Path)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--errors", action="store_true", help="print every mistyped name and wrong relation")
    args = parser.parse_args(argv)
    results = {str(p): evaluate(p, args.errors) for p in args.sets}
    for name, result in results.items():
        print(name, json.dumps(result, indent=1))
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
