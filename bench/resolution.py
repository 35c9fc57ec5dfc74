"""Entity resolution on a labelled set of mentions: precision and recall of matching.

    python bench/resolution.py [FILE ...] [--embedder none|local] [--errors] [--cpu-rounds N]

FILE (default: tests/data/resolution.txt) holds scenarios of mentions in the order a store would see
them, each labelled with the entity it refers to (format in the file's header). Each scenario starts
from an empty set of entities; every mention is resolved against what came before (and then learnt:
a match adds the spelling as an alias and the ids, a new name becomes an entity, an ambiguous one is
left unlinked).

Scoring, per mention: a match to an entity first seen with the same label is a true positive; a match
to another entity is a false positive (a wrong merge: the worst error); no match (new or ambiguous)
when the label was already seen is a false negative; no match for a label not seen yet is right.
Precision = TP / (TP + FP); recall = TP / (TP + FN). With ``--embedder local`` each mention's context
sentence is embedded, which lets resolution confirm misspellings and tell same-named entities apart.

``--text``: instead of resolving, how many labelled mentions the text analysis finds whole in their own
context sentence (the names linking on store would resolve: ``text.extract_entities`` then
``graph.linking.memory_mentions``), of those whose name is written in it, all and organisations
(``company``/``customer``); ``--errors`` lists the ones it misses.

``--without-said``: entities keep none of the sentences that named them (``Candidate.said``), as the
stores' linking did before it read them from the memories (``graph/said_reads.py``): what a sentence
says against a known person's relations or descriptions is then not read (a denial by name still is).

``--store sqlite|postgresql``: the same mentions through a real store instead of the registry: each
mention is stored as a memory (its context as the content; a scenario is one user's personal memories,
so each starts from no entities) whose only mention is the labelled one (its name, type, ids and
organisation as the set gives them, not what the text analysis finds), linked by the store's own
linking (``graph.linking``: candidates by blocking keys from the store's tables, what earlier memories
said of them and the organisations the store knows them by, the memo of settled names). A known
person's organisation is what the store has of it: its open affiliation edges (none here: only the
labelled mention is linked, so no sentence's organisation becomes an entity) and what the text
analysis reads in the memories that named it ("Wei Zhang from Hongda ..."), not the set's column. Scored as above by the entity the memory was linked to. No
embedder (the stores keep no context vectors). ``postgresql`` runs a throwaway server (pgserver).

``--cpu-rounds N``: the resolver's CPU time (``time.process_time``) per mention, median and p95 over N
rounds of resolving every set again from empty registries with its caches cleared, after one warm-up
round that pays the one-off loads (name tables, gazetteer), which is reported on its own.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from memlane.graph.resolution import EntityType, Mention, Registry  # noqa: E402

_TYPES = frozenset(t.value for t in EntityType)

DEFAULT_SET = Path(__file__).resolve().parents[1] / "tests" / "data" / "resolution.txt"


@dataclass(frozen=True)
class Labelled:
    scenario: str
    gold: str
    mention: Mention
    context: str


@dataclass
class Score:
    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0


def load(path: Path) -> list[list[Labelled]]:
    scenarios: list[list[Labelled]] = []
    title = ""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("## "):
            title = line[3:].strip()
            scenarios.append([])
            continue
        if not line.strip() or line.startswith("#"):
            continue
        fields = [f.strip() for f in line.split("|")]
        if len(fields) != 6 or not scenarios:
            raise ValueError(f"{path}:{number}: expected 6 fields after a '## scenario' line")
        gold, type_, name, ids, affiliation, context = fields
        if type_ and type_ not in _TYPES:
            # a type memlane has no entities of ("product"): what a caller would store it as
            print(
                f"{path.name}:{number}: type {type_!r} is not an entity type; read as 'other'",
                file=sys.stderr,
            )
            type_ = "other"
        mention = Mention(
            name=name,
            type=type_ or None,
            external_ids=tuple(i.strip() for i in ids.split(",") if i.strip()),
            affiliations=(affiliation,) if affiliation else (),
            context=context,
        )
        scenarios[-1].append(Labelled(title, gold, mention, context))
    return scenarios


def evaluate(
    scenarios: Sequence[Sequence[Labelled]],
    embed: Callable[[list[str]], np.ndarray] | None = None,
    keep_said: bool = True,
) -> tuple[Score, list[str]]:
    """Score every mention; the errors are returned as readable lines."""
    score, errors = Score(), []
    for scenario in scenarios:
        vectors = embed([m.context for m in scenario]) if embed else None
        registry = Registry(keep_said=keep_said)
        label_of: dict[str, str] = {}  # entity id -> the label of the mention that created it
        seen: set[str] = set()
        for i, item in enumerate(scenario):
            mention = item.mention
            if vectors is not None:
                mention = replace(mention, vector=vectors[i])
            result, entity = registry.resolve_and_learn(mention)
            where = f"[{item.scenario}] {item.mention.name!r} ({item.gold})"
            if result.entity_id is not None:
                if label_of[result.entity_id] == item.gold:
                    score.tp += 1
                else:
                    score.fp += 1
                    errors.append(f"FP {where} merged into {label_of[result.entity_id]} by {result.how}")
            elif item.gold in seen:
                score.fn += 1
                errors.append(f"FN {where} not linked: {result.how}")
            else:
                score.tn += 1
            if entity is not None and entity not in label_of:
                label_of[entity] = item.gold
            seen.add(item.gold)
    return score, errors


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("files", nargs="*", type=Path, default=[DEFAULT_SET])
    parser.add_argument("--embedder", choices=("none", "local"), default="none")
    parser.add_argument("--errors", action="store_true", help="list every error")
    parser.add_argument("--cpu-rounds", type=int, default=0, help="measure CPU per mention (no embedder)")
    parser.add_argument("--text", action="store_true", help="mentions the text analysis finds whole")
    parser.add_argument(
        "--without-names-table",
        action="store_true",
        help="resolve as an install without the optional `names` extra (gender-guesser's table empty)",
    )
    parser.add_argument(
        "--store",
        choices=("sqlite", "postgresql"),
        help="resolve through a real store's linking instead of the registry (no embedder)",
    )
    parser.add_argument(
        "--without-said",
        action="store_true",
        help="entities keep no sentences that named them (Candidate.said), as linking on store once did",
    )
    args = parser.parse_args()
    if args.without_names_table:
        # (the package hidden, as the tests do: the built table is read from the table cache on disk,
        # ``text/table_cache.py``, under a key that says whether ``gender_guesser`` can be imported; a
        # patched loader alone was never called, so the flag measured the table on)
        sys.modules["gender_guesser"] = None  # type: ignore[assignment]
        from memlane.graph import given_names

        given_names._dictionary.cache_clear()
        assert not given_names.has_name_dictionary()
    if args.cpu_rounds:
        cpu_per_mention([load(f) for f in args.files], args.cpu_rounds)
        return
    if args.text:
        found_in_text(args.files, errors=args.errors)
        return
    if args.store:
        through_store(args.files, args.store, errors=args.errors)
        return
    embed = None
    if args.embedder == "local":
        from memlane.config import load_settings
        from memlane.providers.embedders import build_embedder

        settings = load_settings()
        embedder = build_embedder("local", home=settings.home, environ={})
        assert embedder is not None
        embed = embedder.embed
    for file in args.files:
        scenarios = load(file)
        score, errors = evaluate(scenarios, embed, keep_said=not args.without_said)
        mentions = sum(len(s) for s in scenarios)
        print(
            f"{file.name}: {mentions} mentions in {len(scenarios)} scenarios, embedder {args.embedder}, "
            f"names table {'off' if args.without_names_table else 'on'}: "
            f"precision {score.precision:.3f}, recall {score.recall:.3f} "
            f"(TP {score.tp}, FP {score.fp}, FN {score.fn}, correctly new {score.tn})"
        )
        if args.errors:
            print("\n".join(errors))


def through_store(files: Sequence[Path], backend: str, *, errors: bool) -> Score:
    """Per file: every scenario's mentions stored, in order, as one user's memories of a fresh store
    (``--store``), each linked by the store's linking with the labelled mention as its only one. Returns
    the score of all files together."""
    import tempfile

    import memlane.service as service
    from memlane import Memlane
    from memlane.graph.linking import Named

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from engine import Databases  # (fresh SQLite files, or databases of a throwaway PostgreSQL server)

    total = Score()
    with tempfile.TemporaryDirectory() as tmp:
        dbs = Databases(Path(tmp), backend == "postgresql")
        current: list[Mention] = []
        linked: list[list[tuple[str, str]]] = []
        analyse, link = service.MemoryService._analyse, service.link_memory
        saved = service.MemoryService.__dict__["_analyse"]  # (the staticmethod itself, put back as it was)

        def labelled(requests, rows):  # type: ignore[no-untyped-def]
            analyse(requests, rows)  # (the rows' index fields; a single store is a batch of one)
            return [[Named(current[0], "mention")] for _ in rows]

        def linking(*args, **kwargs):  # type: ignore[no-untyped-def]
            made = link(*args, **kwargs)
            linked.append(made)
            return made

        service.MemoryService._analyse = staticmethod(labelled)  # type: ignore[method-assign]
        service.link_memory = linking  # type: ignore[assignment]
        try:
            for number, file in enumerate(files):
                m = Memlane(dbs.fresh(f"r{number}"), user="bench", embedder="none")
                scenarios = load(file)
                score, lines = Score(), []
                for s, scenario in enumerate(scenarios):
                    label_of: dict[str, str] = {}
                    seen: set[str] = set()
                    contexts: dict[str, int] = {}
                    for item in scenario:
                        current[:] = [replace(item.mention, vector=None)]
                        linked.clear()
                        # (a context stored before is a duplicate, not linked again: its own space)
                        again = contexts.get(item.context, 0)
                        contexts[item.context] = again + 1
                        m.store(
                            item.context, user=f"s{s}", space=f"again{again}" if again else None,
                            source="bench", auto_supersede=False,
                        )  # fmt: skip
                        entity = next(
                            (e for role, e in (linked[0] if linked else []) if role == "mention"), None
                        )
                        where = f"[{item.scenario}] {item.mention.name!r} ({item.gold})"
                        if entity is not None and entity in label_of:
                            if label_of[entity] == item.gold:
                                score.tp += 1
                            else:
                                score.fp += 1
                                lines.append(f"FP {where} merged into {label_of[entity]}")
                        elif item.gold in seen:
                            score.fn += 1
                            lines.append(f"FN {where} not linked: {'new' if entity else 'ambiguous'}")
                        else:
                            score.tn += 1
                        if entity is not None and entity not in label_of:
                            label_of[entity] = item.gold
                        seen.add(item.gold)
                m.close()
                mentions = sum(len(s) for s in scenarios)
                print(
                    f"{file.name}: {mentions} mentions in {len(scenarios)} scenarios, through a {backend} store: "
                    f"precision {score.precision:.3f}, recall {score.recall:.3f} "
                    f"(TP {score.tp}, FP {score.fp}, FN {score.fn}, correctly new {score.tn})"
                )
                if errors:
                    print("\n".join(lines))
                total.tp, total.fp, total.fn = total.tp + score.tp, total.fp + score.fp, total.fn + score.fn
                total.tn += score.tn
        finally:
            service.MemoryService._analyse, service.link_memory = saved, link  # type: ignore[method-assign]
            dbs.close()
    return total


def found_in_text(files: Sequence[Path], *, errors: bool) -> None:
    """Per file and in total: the labelled mentions whose name the text analysis finds whole in their
    own context sentence, of those whose context holds the name as written (case aside)."""
    from memlane.graph.linking import memory_mentions
    from memlane.text import extract_entities

    totals = [0, 0, 0, 0]  # found, of, organisations found, of
    for file in files:
        counts = [0, 0, 0, 0]
        for scenario in load(file):
            for labelled in scenario:
                name, context = labelled.mention.name, labelled.context
                if not context or name.casefold() not in context.casefold():
                    continue
                named = memory_mentions(context, None, None, extract_entities(context))
                found = name.casefold() in {n.mention.name.casefold() for n in named}
                org = labelled.mention.type in ("company", "customer")
                counts[0] += found
                counts[1] += 1
                counts[2] += found and org
                counts[3] += org
                if errors and not found:
                    print(f"  missed {name!r} in {context!r}: {sorted(n.mention.name for n in named)}")
        print(f"{file.name}: found whole {counts[0]}/{counts[1]}, organisations {counts[2]}/{counts[3]}")
        totals = [t + c for t, c in zip(totals, counts, strict=True)]
    print(f"total: found whole {totals[0]}/{totals[1]}, organisations {totals[2]}/{totals[3]}")


def _clear_caches() -> None:
    """Empty the resolver's per-name caches (not the tables loaded once): each round resolves the
    names as if seen for the first time."""
    import importlib

    for name in ("resolution", "given_names", "name_forms", "places", "company_names", "org_forms", "said"):
        try:
            module = importlib.import_module(f"memlane.graph.{name}")
        except ImportError:  # (an older resolver, measured with this script for a before/after)
            continue
        for value in vars(module).values():
            clear = getattr(value, "cache_clear", None)
            if clear is not None and value.__name__ not in _LOADED_ONCE:
                clear()


#: caches that hold a table read once, not per-name work
_LOADED_ONCE = frozenset(
    {
        "_gazetteer",
        "_cities",
        "_native_cities",
        "_us_states",
        "_territories",
        "_free_mail",
        "_distances",
        "_dictionary",
        "_nicknamer",
    }
)


def cpu_per_mention(sets: Sequence[Sequence[Sequence[Labelled]]], rounds: int) -> None:
    mentions = sum(len(s) for scenarios in sets for s in scenarios)
    start = time.process_time()
    for scenarios in sets:
        evaluate(scenarios)
    warm_up = time.process_time() - start
    per_mention = []
    for _ in range(rounds):
        _clear_caches()
        start = time.process_time()
        for scenarios in sets:
            evaluate(scenarios)
        per_mention.append((time.process_time() - start) / mentions * 1e6)
    per_mention.sort()
    p95 = per_mention[min(len(per_mention) - 1, round(0.95 * (len(per_mention) - 1)))]
    print(
        f"{mentions} mentions, {rounds} rounds: CPU per mention median {statistics.median(per_mention):.0f} µs,"
        f" p95 {p95:.0f} µs; first round (one-off loads included) {warm_up:.2f} s"
    )


if __name__ == "__main__":
    main()
