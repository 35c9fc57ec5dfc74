"""Do the words two statements do not share tell one fact from two? (issue 15, requirement 4)

    python bench/consolidation_residual.py tests/data/consolidation/*.jsonl [--design a,b,...] [--json OUT]

Not shipped: a measurement (docs/benchmarks.md, "Consolidation: the words left over", twenty-ninth
session). Of every pair of statements of one scope in the labelled files, the **pool** a rule on the
left-over words could act on is the pairs whose anchors agree (``paraphrases.anchors_agree`` with
negations: names, numbers, dates, times), every guard of ``paraphrases.guarded`` holds, no verb frames
the other and no reporting verb differs (``vetoes``), and the rules leave undecided (``verdict`` 0, no
framing word): after WordNet's synonyms, derivations and a verb's manner (``_unaccounted`` with
``troponyms``), each side still has a word the other does not account for. Each **relation** below is
asked of those words only: the pair counts as joined when every word left on each side has a match
among the words left on the other. The relations name no set's words:

- ``wordnet-any``: one synset, a derivation, attribute or pertainym, or a direct hypernym, among every
  sense of each word (``lexicon.related`` with 99 senses and hypernyms), not only the first four;
- ``synset-any``: one synset among every sense;
- ``gloss``: a lemma of one word in the first definition of one of the other's first four senses;
- ``word-cos>=t``: the two words' vectors from the local embedder (each word embedded alone);
- ``context-cos>=t``: the words' contextual vectors (``alignment.WordVectors``: the model's last hidden
  states in their own sentences, as the paraphrase mode's alignment reads them);
- ``…-nokin``: the same, refused when WordNet calls the two words kin within two steps, opposites, or
  one of them a person (the paraphrase mode's refusals of an alignment).

Figures: same-fact / two-fact pairs joined by each relation, on the **design** files (read while
choosing the relations) and on the others (``--design`` names the design files by stem; default the
sixteen oldest). Thresholds are chosen **leave-one-set-out**: for each file, the lowest threshold at
which the other files' pooled pairs are joined with precision >= 0.97 (none: no threshold), applied to
the file left out. No relation reaches 0.97 on the design files; see the docs for the figures.
"""

from __future__ import annotations

import argparse
import collections
import itertools
import json
import pickle
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

DESIGN = (
    "dev",
    "heldout",
    "mixed-heldout7",
    "mixed-heldout8",
    "mixed-heldout9",
    "mixed-heldout10",
    "mixed-heldout11",
    "mixed-heldout12",
    "mixed-heldout13",
    "mixed-heldout14",
    "nearmiss-dev",
    "paraphrase-dev",
    "paraphrase-heldout",
    "paraphrase-heldout2",
    "paraphrase-heldout3",
    "restatements-dev",
)
GRID = (0.3, 0.4, 0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95)
BAR = 0.97


def pool(paths: list[Path]) -> tuple[list[dict[str, Any]], dict[str, collections.Counter[str]]]:
    """The pool's pairs (module docstring) and, per label, how every pair of one scope was stopped."""
    from memlane.consolidation import lexicon
    from memlane.consolidation import paraphrases as p
    from memlane.consolidation.vetoes import frame_added, reported

    out: list[dict[str, Any]] = []
    stages: dict[str, collections.Counter[str]] = {
        "same": collections.Counter(),
        "two": collections.Counter(),
    }
    for path in paths:
        rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        ways = [p._in_one_way(r["text"]) for r in rows]
        for i, j in itertools.combinations(range(len(rows)), 2):
            if rows[i]["scope"] != rows[j]["scope"]:
                continue
            a, b = ways[i], ways[j]
            label = rows[i]["cluster"] == rows[j]["cluster"]
            if not p.anchors_agree(a, b, negation=True):
                stage = "anchors differ"
            elif not p.guarded(a, b):
                stage = "a guard refuses"
            elif frame_added(a, b) or frame_added(b, a) or reported(a) != reported(b):
                stage = "a frame or reporting verb"
            else:
                found = p.verdict(a, b, lexicon.SENSES, extra=0, kinds=True)
                stage = {1: "confirmed", -1: "refused"}.get(found, "undecided")
                if found == 0:
                    _, _, left = p._unaccounted(a, b, lexicon.SENSES, False, negations=False, troponyms=True)
                    stage = "undecided, words left on both sides" if left[0] and left[1] else stage
                    if left[0] and left[1]:
                        out.append({"set": path.stem, "a": a, "b": b, "label": label, "left": left})
            stages["same" if label else "two"][stage] += 1
        print(f"{path.stem}: {len(rows)} statements", file=sys.stderr, flush=True)
    return out, stages


def _gloss_hit(a: str, b: str) -> bool:
    from memlane.consolidation import lexicon

    for synset in lexicon.senses(a, 4):
        said = set(re.findall(r"[a-z]+", lexicon.gloss(synset).split(";")[0].lower()))
        if any(lemma in said for lemma in lexicon.lemmas(b)):
            return True
    return False


def _kin(a: str, b: str) -> bool:
    from memlane.consolidation import lexicon

    return lexicon.opposed(a, b, 8) or lexicon.kin(a, b, 2) or lexicon.is_person(a) or lexicon.is_person(b)


def scores(pairs: list[dict[str, Any]], embedder: bool) -> None:
    """Each pair's scores: the lexical relations (bool) and, with ``embedder``, the lowest best match of
    a word left (static and contextual cosines, with and without the kin refusal)."""
    from memlane.consolidation import lexicon
    from memlane.consolidation import paraphrases as p

    def every(pair: dict[str, Any], match: Callable[[str, str], bool]) -> bool:
        left = pair["left"]
        return all(any(match(w, o) for o in left[1 - s]) for s in (0, 1) for w in left[s])

    for pair in pairs:
        pair["wordnet-any"] = every(pair, lambda x, y: lexicon.related(x, y, 99, True))
        pair["synset-any"] = every(pair, lambda x, y: bool(lexicon.senses(x, 99) & lexicon.senses(y, 99)))
        pair["gloss"] = every(pair, lambda x, y: _gloss_hit(x, y) or _gloss_hit(y, x))
        pair["kin"] = any(_kin(w, o) for w in pair["left"][0] for o in pair["left"][1])
    if not embedder:
        return
    from memlane.consolidation.alignment import for_embedder
    from memlane.providers.embedders.local_model import LOCAL_IDENTITY
    from memlane.providers.embedders.local_onnx import LocalOnnxEmbedder

    home = Path.home() / ".memlane"
    words = sorted({w for pair in pairs for side in pair["left"] for w in side})
    vectors = np.asarray(
        LocalOnnxEmbedder(home).embed([w.replace("_", " ") for w in words]), dtype=np.float32
    )
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    alone = dict(zip(words, vectors, strict=True))
    context = for_embedder(LOCAL_IDENTITY, home)
    assert context is not None
    context.prepare(sorted({p.plain(t) for pair in pairs for t in (pair["a"], pair["b"])}))

    def in_context(word: str, text: str) -> Any:
        found = context(p.plain(text))  # type: ignore[misc]
        return p._mean([found[part] for part in word.split("_") if part in found])

    for pair in pairs:
        left, texts = pair["left"], (pair["a"], pair["b"])
        static, contextual = [], []
        for s in (0, 1):
            for w in left[s]:
                static.append(max(float(alone[w] @ alone[o]) for o in left[1 - s]))
                mine = in_context(w, texts[s])
                theirs = [v for o in left[1 - s] if (v := in_context(o, texts[1 - s])) is not None]
                contextual.append(
                    max((float(mine @ v) for v in theirs), default=0.0) if mine is not None else 0.0
                )
        pair["word-cos"], pair["context-cos"] = min(static), min(contextual)


def _joined(pair: dict[str, Any], relation: str, threshold: float | None) -> bool:
    name, nokin = relation.removesuffix("-nokin"), relation.endswith("-nokin")
    if nokin and pair["kin"]:
        return False
    value = pair.get(name)
    if threshold is None:
        return bool(value)
    return value is not None and value >= threshold


def report(pairs: list[dict[str, Any]], design: set[str], embedder: bool) -> dict[str, Any]:
    """Same / two-fact pairs each relation joins, design and other files; thresholds leave-one-set-out."""
    out: dict[str, Any] = {}
    lexical = ["wordnet-any", "synset-any", "gloss", "wordnet-any-nokin", "gloss-nokin"]
    graded = ["word-cos", "word-cos-nokin", "context-cos", "context-cos-nokin"] if embedder else []
    for relation in lexical + graded:
        for threshold in [None] if relation in lexical else list(GRID):
            counts: collections.Counter[str] = collections.Counter()
            for pair in pairs:
                if _joined(pair, relation, threshold):
                    side = "design" if pair["set"] in design else "other"
                    counts[f"{side} {'same' if pair['label'] else 'two'}"] += 1
            key = relation if threshold is None else f"{relation}>={threshold}"
            out[key] = dict(counts)
    sets = sorted({pair["set"] for pair in pairs})
    for relation in graded:
        added: collections.Counter[str] = collections.Counter()
        chosen: dict[str, float | None] = {}
        for held in sets:
            train = [pair for pair in pairs if pair["set"] != held]
            pick = None
            for threshold in GRID:
                hits = [pair["label"] for pair in train if _joined(pair, relation, threshold)]
                if hits and sum(hits) / len(hits) >= BAR:
                    pick = threshold
                    break
            chosen[held] = pick
            if pick is not None:
                for pair in pairs:
                    if pair["set"] == held and _joined(pair, relation, pick):
                        added["same" if pair["label"] else "two"] += 1
        out[f"loso {relation}"] = {"chosen": chosen, "added": dict(added)}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("files", type=Path, nargs="+", help="labelled JSON Lines files")
    parser.add_argument("--design", default=",".join(DESIGN), help="stems of the files read for the design")
    parser.add_argument("--no-embedder", action="store_true", help="the lexical relations only")
    parser.add_argument("--pairs", type=Path, help="keep the pool's pairs here (pickle)")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    pairs, stages = pool(args.files)
    scores(pairs, embedder=not args.no_embedder)
    result = {"stages": {k: dict(v) for k, v in stages.items()}, "pool": len(pairs)}
    result |= report(pairs, set(args.design.split(",")), embedder=not args.no_embedder)
    if args.pairs:
        args.pairs.write_bytes(pickle.dumps(pairs))
    text = json.dumps(result, indent=1)
    print(text)
    if args.json:
        args.json.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
