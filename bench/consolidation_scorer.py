"""A learned pair scorer for consolidation's paraphrase mode, measured leave-one-set-out (issue 15, req. 4).

    python bench/consolidation_scorer.py tests/data/consolidation/*.jsonl [--workdir DIR] [--json OUT]
    python bench/consolidation_scorer.py --pairs DIR/pairs.pkl [--floor 0.5] [--lexical]

Not shipped: the twenty-second session's experiment (docs/benchmarks.md, "Consolidation: a learned pair
scorer"). Three steps:

1. **Where the rules lose each labelled pair** (``diagnose``): every file stored through the SDK with the
   local embedder, one dry run in each mode; of each pair of one cluster that neither run merged, the stage
   that stopped it: in the paraphrase mode another block (``paraphrases.anchors`` differ), a cosine below
   ``paraphrases.THRESHOLD``, refused (``verdict`` -1; by ``guarded``, and which of its guards, or by
   another refusal) or left undecided (``verdict`` 0); in the default mode signatures more than one word
   apart, one apart and refused / undecided (``confirmation._judged``), or one signature split.
2. **Features** (``features``) of the pairs a scorer may act on without overriding a veto: one block,
   ``verdict`` 0 (which implies ``guarded``), a cosine of at least ``--floor``. They name no set's
   strings: cosine, content-word Jaccard and overlap, words left unaccounted and their best contextual
   matches, edit spans, persons and kin words among the words left, a greedy word-vector F1 (BERTScore).
   ``--lexical`` drops those that need an embedder.
3. **Leave-one-set-out** (``loso``): for each file a logistic regression (scikit-learn, here only) fitted
   on the other files' pairs, its threshold chosen inside those files by an inner leave-one-set-out (the
   lowest threshold with pooled precision >= 0.98 of the rules' merges and the scorer's additions, and with
   ``--per-set`` every training file >= 0.97 too), applied to the file left out. Pair-level: the
   scorer's additions are counted as pairs, without the clusters they would join.
"""

from __future__ import annotations

import argparse
import collections
import itertools
import json
import os
import pickle
import sys
import tempfile
from collections.abc import Callable, Sequence
from difflib import SequenceMatcher
from pathlib import Path
from typing import Any

import numpy as np

FEATURES = (
    "cosine", "jaccard", "overlap", "left", "left_share", "only_share", "length_ratio", "aligned_mean",
    "aligned_min", "aligned_share", "verbs_shared", "words", "left_both", "trades", "edits", "one_replace",
    "replaced", "persons_left", "someone_else", "nouns_both", "kin_near", "kin_far", "bert_f1", "bert_min",
)  # fmt: skip
#: the features that need the embedder (sentence or contextual word vectors)
EMBEDDED = frozenset(
    {"cosine", "aligned_mean", "aligned_min", "aligned_share", "trades", "bert_f1", "bert_min"}
)


def features(a: str, b: str, cosine: float, words: Callable[[str], Any] | None) -> list[float]:
    """``FEATURES`` of two statements as the paraphrase mode reads them (``paraphrases._in_one_way``),
    with their sentence cosine and the contextual word vectors (``alignment.WordVectors``)."""
    from memlane.consolidation import paraphrases as p

    ra, rb = p._reading(a), p._reading(b)
    keys_a, keys_b = {k for k, _ in ra.units}, {k for k, _ in rb.units}
    shared, union = len(keys_a & keys_b), len(keys_a | keys_b) or 1
    smaller, total = min(len(keys_a), len(keys_b)) or 1, max(1, len(keys_a) + len(keys_b))
    only_a, only_b, left = p._unaccounted(
        a, b, p.lexicon.SENSES, p.HYPERNYMS, negations=False, troponyms=True
    )
    best: list[float] = []
    matched: list[dict[str, str]] = [{}, {}]
    greedy: list[float] = []  # every content word's best contextual match in the other (BERTScore)
    if words is not None:
        for side, (mine, other, reading) in enumerate(((a, b, ra), (b, a, rb))):
            for word in left[side]:
                found = p._match(word, mine, other, words)
                best.append(found[0] if found is not None else 0.0)
                if found is not None:
                    matched[side][word] = found[1]
            scores = [found[0] for _, w in reading.units if (found := p._match(w, mine, other, words))]
            greedy += [float(np.mean(scores)) if scores else 0.0, min(scores) if scores else 0.0]
    # a word put for another in one slot: each the other's best match ("engineer" / "analyst")
    trades = sum(1 for w, o in matched[0].items() if matched[1].get(o) == w)
    edits = _edits(_tokens(a), _tokens(b))
    n_left = len(left[0]) + len(left[1])
    return [
        cosine,
        shared / union,
        shared / smaller,
        float(n_left),
        n_left / total,
        (len(only_a) + len(only_b)) / total,
        min(len(keys_a), len(keys_b)) / max(1, len(keys_a), len(keys_b)),
        float(np.mean(best)) if best else 1.0,
        min(best) if best else 1.0,
        sum(x >= p.ALIGN for x in best) / len(best) if best else 1.0,
        float(bool(p._verbs(a) & p._verbs(b))),
        float(len(keys_a) + len(keys_b)),
        float(bool(left[0]) and bool(left[1])),
        float(trades),
        float(len(edits)),
        float(len(edits) == 1 and edits[0][0] == "replace"),
        float(sum(max(i2 - i1, j2 - j1) for _, i1, i2, j1, j2 in edits)),
        float(sum(p.lexicon.is_person(w) for w in left[0] + left[1])),
        float(any(p._someone_else(w, said) for side, said in ((0, a), (1, b)) for w in left[side])),
        float(all(any(p.lexicon.part_of_speech(w) == "n" for w in side) for side in left)),
        float(sum(p.lexicon.kin(x, y, 2) for x in left[0] for y in left[1])),
        float(sum(p.lexicon.kin(x, y, 4) for x in left[0] for y in left[1])),
        2 * greedy[0] * greedy[2] / (greedy[0] + greedy[2]) if greedy and greedy[0] + greedy[2] else 0.0,
        min(greedy[1], greedy[3]) if greedy else 0.0,
    ]


def _tokens(content: str) -> list[str]:
    from memlane.consolidation import paraphrases as p

    return p._TOKEN_RE.findall(p._folded(p._compared(content).lower()))


def _edits(a: Sequence[str], b: Sequence[str]) -> list[tuple[str, int, int, int, int]]:
    """The spans where two statements' words differ (one short replacement: a word put for another)."""
    return [op for op in SequenceMatcher(None, a, b, autojunk=False).get_opcodes() if op[0] != "equal"]


def build(paths: list[Path], workdir: Path) -> list[dict[str, Any]]:
    """One record per pair of statements of one scope: its label, whether each mode merged it, and what
    each stage of the rules said; ``f`` (``features``) for the pairs a scorer may act on."""
    from memlane import Memlane
    from memlane.consolidation import paraphrases as p
    from memlane.consolidation.confirmation import _judged, one_apart
    from memlane.consolidation.duplicates import compared, statement_signature

    out: list[dict[str, Any]] = []
    for path in paths:
        rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        db = workdir / f"scorer-{path.stem}.db"
        db.unlink(missing_ok=True)
        environ = {**os.environ, "MEMLANE_CONSOLIDATE_PARAPHRASES": "1"}
        m = Memlane(db, user="bench", embedder="local", environ=environ)
        ids = [m.store(r["text"], user=r["scope"], auto_supersede=False).id for r in rows]
        service = m.service.consolidation
        para = {old: n for n, c in enumerate(m.consolidate(dry_run=True).clusters) for old in c.merged}
        service.paraphrases = False
        plain = {old: n for n, c in enumerate(m.consolidate(dry_run=True).clusters) for old in c.merged}
        memories = {x.id: x for x in m.service.storage.iter_all()}
        words = service._word_vectors()
        texts = [r["text"] for r in rows]
        vectors = np.asarray(service._embed(texts), dtype=np.float32)
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        ways = [p._in_one_way(t) for t in texts]
        blocks = [p._unnamed_anchors(p.anchors(w)) - {"not"} for w in ways]
        sigs = [statement_signature(memories[i]) if i in memories else None for i in ids]
        said = [compared(memories[i]) if i in memories else t for i, t in zip(ids, texts, strict=True)]
        if words is not None:
            words.prepare([p.plain(t) for t in texts])
        for i, j in itertools.combinations(range(len(rows)), 2):
            if rows[i]["scope"] != rows[j]["scope"]:
                continue
            same = ids[i] == ids[j]
            rec: dict[str, Any] = {
                "set": path.stem, "a": texts[i], "b": texts[j], "label": rows[i]["cluster"] == rows[j]["cluster"],
                "mp": same or para.get(ids[i], -1) == para.get(ids[j], -2),
                "md": same or plain.get(ids[i], -1) == plain.get(ids[j], -2),
                "cos": float(vectors[i] @ vectors[j]), "same_block": blocks[i] == blocks[j],
                "sig_eq": sigs[i] is not None and sigs[i] == sigs[j],
                "one_apart": sigs[i] is not None and sigs[j] is not None and one_apart(sigs[i], sigs[j]),
            }  # fmt: skip
            if rec["same_block"] and (rec["label"] or rec["cos"] >= 0.4):
                rec["verdict"] = p.verdict(ways[i], ways[j], words=words, kinds=True)
                rec["guarded"] = p.guarded(ways[i], ways[j])
                if not rec["guarded"]:
                    rec["guard"] = _which_guard(ways[i], ways[j])
                if rec["verdict"] == 0 and rec["cos"] >= 0.4:
                    rec["f"] = features(ways[i], ways[j], rec["cos"], words)
            if rec["sig_eq"] or rec["one_apart"]:
                rec["judged"] = _judged(said[i], said[j])
            out.append(rec)
        m.close()
        print(f"{path.stem}: {len(rows)} statements", file=sys.stderr, flush=True)
    return out


def _which_guard(a: str, b: str) -> str:
    """The first of ``paraphrases.guarded``'s guards that keeps ``a`` and ``b`` apart."""
    from memlane.consolidation import paraphrases as p
    from memlane.consolidation.attitudes import attitude_apart
    from memlane.consolidation.guards import kept_apart
    from memlane.consolidation.same_statement import statement_apart
    from memlane.consolidation.vetoes import structure_apart

    checks: list[tuple[str, Callable[[], bool]]] = [
        ("no content words", lambda: p.signature(a) is None or p.signature(b) is None),
        ("opposites", lambda: p._opposed(p._lemmas(a), p._lemmas(b))),
        ("names or anchors", lambda: not p.anchors_agree(a, b)),
        ("agent or preference reversed",
         lambda: p._agent_reversed(a, b) or p._agent_reversed(b, a) or p._preference_reversed(a, b)),
        ("units", lambda: p._units_apart(a, b)),
        ("statement_apart (rule 8)", lambda: statement_apart(a, b)),
        ("structure_apart", lambda: structure_apart(a, b)),
        ("attitude_apart", lambda: attitude_apart(a, b)),
        ("roles swapped", lambda: p._roles_swapped(p._unnamed(a), p._unnamed(b))),
        ("kept_apart (times, direction, frequency, degree)", lambda: kept_apart(a, b)),
    ]  # fmt: skip
    return next((name for name, check in checks if check()), "?")


def diagnose(pairs: list[dict[str, Any]]) -> dict[str, Any]:
    """Counts of the labelled pairs each mode missed, by the stage that stopped them (module docstring)."""
    from memlane.consolidation.paraphrases import THRESHOLD

    def paraphrase_stage(r: dict[str, Any]) -> str:
        if not r["same_block"]:
            return "not proposed: another block (anchors differ)"
        verdict = r.get("verdict")
        low = f"not proposed: cosine < {THRESHOLD}, " if r["cos"] < THRESHOLD else ""
        if verdict == -1:
            return low + (f"refused by guarded: {r['guard']}" if not r["guarded"] else "refused (verdict -1)")
        if verdict == 0:
            return low + "undecided (verdict 0)"
        return low + "confirmed, not joined (linkage)"

    def default_stage(r: dict[str, Any]) -> str:
        if r["sig_eq"]:
            return f"one signature, split (judged {r.get('judged')})"
        if r["one_apart"]:
            return f"signatures one apart, judged {r.get('judged')}"
        return "not proposed: signatures further apart"

    labelled = [r for r in pairs if r["label"]]
    return {
        "labelled": len(labelled),
        "paraphrase": {"merged": sum(r["mp"] for r in labelled), "wrong": sum(r["mp"] and not r["label"] for r in pairs),
                       "missed": collections.Counter(paraphrase_stage(r) for r in labelled if not r["mp"]).most_common()},
        "default": {"merged": sum(r["md"] for r in labelled), "wrong": sum(r["md"] and not r["label"] for r in pairs),
                    "missed": collections.Counter(default_stage(r) for r in labelled if not r["md"]).most_common()},
    }  # fmt: skip


def loso(pairs: list[dict[str, Any]], floor: float, per_set: bool, lexical: bool) -> dict[str, Any]:
    """The scorer's leave-one-set-out figures (module docstring, step 3), per file and pooled."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import roc_auc_score
    from sklearn.preprocessing import StandardScaler

    columns = [n for n, name in enumerate(FEATURES) if not (lexical and name in EMBEDDED)]
    rules = collections.Counter(r["set"] for r in pairs if r["label"] and r["mp"])
    labelled = collections.Counter(r["set"] for r in pairs if r["label"])
    candidates = [r for r in pairs if "f" in r and r["cos"] >= floor]
    names = sorted(labelled)

    def fit(rows: list[dict[str, Any]]) -> Callable[[list[dict[str, Any]]], np.ndarray]:
        x = np.array([[r["f"][c] for c in columns] for r in rows])
        scaler = StandardScaler().fit(x)
        model = LogisticRegression(max_iter=1000).fit(scaler.transform(x), [r["label"] for r in rows])
        return lambda rs: (
            model.predict_proba(scaler.transform(np.array([[r["f"][c] for c in columns] for r in rs])))[:, 1]
            if rs else np.zeros(0)
        )  # fmt: skip

    def scored(rows: list[dict[str, Any]], sets: list[str]) -> dict[str, list[tuple[float, bool]]]:
        """Each file's pairs the rules did not merge, scored by the model fitted on the other files."""
        out = {}
        for s in sets:
            left_out = [r for r in rows if r["set"] == s and not r["mp"]]
            model = fit([r for r in rows if r["set"] != s])
            out[s] = list(zip(model(left_out).tolist(), [r["label"] for r in left_out], strict=True))
        return out

    def holds(t: float, by_set: dict[str, list[tuple[float, bool]]]) -> bool:
        tp = fp = 0
        for s, rows in by_set.items():
            good, bad = sum(1 for q, y in rows if q >= t and y), sum(1 for q, y in rows if q >= t and not y)
            if per_set and (rules[s] + good) / max(1, rules[s] + good + bad) < 0.97:
                return False
            tp, fp = tp + rules[s] + good, fp + bad
        return tp / max(1, tp + fp) >= 0.98

    out: dict[str, Any] = {"floor": floor, "per_set": per_set, "lexical": lexical, "sets": {}}
    outer = scored(candidates, names)
    added = [0, 0]
    for s in names:
        others = [n for n in names if n != s]
        inner = scored([r for r in candidates if r["set"] != s], others)
        grid = sorted({q for rows in inner.values() for q, _ in rows} | {1.01})
        t = next(q for q in grid if holds(q, inner))
        good = sum(1 for q, y in outer[s] if q >= t and y)
        bad = sum(1 for q, y in outer[s] if q >= t and not y)
        added[0], added[1] = added[0] + good, added[1] + bad
        out["sets"][s] = {
            "threshold": t, "added_right": good, "added_wrong": bad,
            "precision": (rules[s] + good) / max(1, rules[s] + good + bad),
            "recall_before": rules[s] / labelled[s], "recall_after": (rules[s] + good) / labelled[s],
        }  # fmt: skip
    pooled = [(q, y) for rows in outer.values() for q, y in rows]
    before, total = sum(rules.values()), sum(labelled.values())
    out["pooled"] = {
        "candidates": len(pooled), "candidates_right": sum(y for _, y in pooled),
        "auc": roc_auc_score([y for _, y in pooled], [q for q, _ in pooled]),
        "added_right": added[0], "added_wrong": added[1],
        "precision": (before + added[0]) / (before + added[0] + added[1]),
        "recall_before": before / total, "recall_after": (before + added[0]) / total,
    }  # fmt: skip
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("files", type=Path, nargs="*", help="labelled JSON Lines files")
    parser.add_argument("--pairs", type=Path, help="the pairs a run before wrote (WORKDIR/pairs.pkl)")
    parser.add_argument("--floor", type=float, default=0.5, help="the lowest cosine of a pair scored")
    parser.add_argument("--lexical", action="store_true", help="only the features that need no embedder")
    parser.add_argument("--workdir", type=Path)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="memlane-scorer-"))
    workdir.mkdir(parents=True, exist_ok=True)
    if args.pairs:
        pairs = pickle.loads(args.pairs.read_bytes())
    else:
        pairs = build(args.files, workdir)
        (workdir / "pairs.pkl").write_bytes(pickle.dumps(pairs))
    report: dict[str, Any] = {"diagnosis": diagnose(pairs), "load_average": os.getloadavg()}
    report["loso"] = [loso(pairs, args.floor, per_set, args.lexical) for per_set in (True, False)]
    print(json.dumps(report["diagnosis"], indent=1))
    for run in report["loso"]:
        print(f"per-set >= 0.97 in training: {run['per_set']}; pooled {json.dumps(run['pooled'])}")
        for s, f in run["sets"].items():
            print(f"  {s}: threshold {f['threshold']:.3f} +{f['added_right']} right +{f['added_wrong']} wrong,"
                  f" P {f['precision']:.3f}, R {f['recall_before']:.3f} -> {f['recall_after']:.3f}")  # fmt: skip
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
