"""Entity resolution on a labelled set of mentions: precision and recall of matching.

    python bench/resolution.py [FILE] [--embedder none|local] [--errors]

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
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from memlane.graph.resolution import Mention, Registry  # noqa: E402

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
        mention = Mention(
            name=name,
            type=type_ or None,
            external_ids=tuple(i.strip() for i in ids.split(",") if i.strip()),
            affiliations=(affiliation,) if affiliation else (),
        )
        scenarios[-1].append(Labelled(title, gold, mention, context))
    return scenarios


def evaluate(
    scenarios: Sequence[Sequence[Labelled]],
    embed: Callable[[list[str]], np.ndarray] | None = None,
) -> tuple[Score, list[str]]:
    """Score every mention; the errors are returned as readable lines."""
    score, errors = Score(), []
    for scenario in scenarios:
        vectors = embed([m.context for m in scenario]) if embed else None
        registry = Registry()
        label_of: dict[str, str] = {}  # entity id -> the label of the mention that created it
        seen: set[str] = set()
        for i, item in enumerate(scenario):
            mention = item.mention
            if vectors is not None:
                mention = Mention(
                    mention.name, mention.type, mention.external_ids, mention.affiliations, vectors[i]
                )
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
    parser.add_argument("file", nargs="?", type=Path, default=DEFAULT_SET)
    parser.add_argument("--embedder", choices=("none", "local"), default="none")
    parser.add_argument("--errors", action="store_true", help="list every error")
    parser.add_argument(
        "--without-names-table",
        action="store_true",
        help="resolve as an install without the optional `names` extra (gender-guesser's table empty)",
    )
    args = parser.parse_args()
    if args.without_names_table:
        from memlane.graph import given_names

        given_names._read_name_dictionary = lambda: None  # what the loader returns when absent
        given_names._dictionary.cache_clear()
    scenarios = load(args.file)
    embed = None
    if args.embedder == "local":
        from memlane.config import load_settings
        from memlane.providers.embedders import build_embedder

        settings = load_settings()
        embedder = build_embedder("local", home=settings.home, environ={})
        assert embedder is not None
        embed = embedder.embed
    score, errors = evaluate(scenarios, embed)
    mentions = sum(len(s) for s in scenarios)
    print(
        f"{mentions} mentions in {len(scenarios)} scenarios, embedder {args.embedder}, "
        f"names table {'off' if args.without_names_table else 'on'}: "
        f"precision {score.precision:.3f}, recall {score.recall:.3f} "
        f"(TP {score.tp}, FP {score.fp}, FN {score.fn}, correctly new {score.tn})"
    )
    if args.errors:
        print("\n".join(errors))


if __name__ == "__main__":
    main()
