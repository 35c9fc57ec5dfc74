"""Fit the learned scorer for what the resolution rules leave unlinked (``graph/learned_links.py``).

    python bench/resolution_learn.py [FILE ...] [--loso [--store sqlite]] [--in-sample] [--wide] [--precision 0.99]

Pairs: every labelled set (default: tests/data/resolution*.txt) is resolved by the rules alone, as
bench/resolution.py does; for each mention they leave new or ambiguous, every candidate no rule sets
apart (``learned_links.eligible``) that shares a blocking key with it is a pair, labelled 1 when the
candidate was made by a mention of the same gold label. A logistic regression (scikit-learn, here only)
is fitted on the pairs; its threshold is chosen inside the training sets (out-of-fold probabilities, the
folds grouped by set) as the lowest at which the links it adds are right at least ``--precision`` of the
time (a link is right when the top candidate has the mention's label; with no candidate of it, or a
label not seen yet, it is a wrong merge).

``--loso``: for each set, fit on the others, choose the threshold on them, and resolve the left-out set
with the rules and that scorer (the links it adds change what later mentions meet); pooled and per set,
against the rules alone; with ``--store sqlite`` through a store's linking (bench/resolution.py
``--store``). ``--in-sample``: fit on all sets and resolve them (the scorer: ``bench/learned_links.py``).
``--wide``: also count, per set, what the scorer could add with every eligible candidate of the
scenario instead of those sharing a blocking key (what wider candidate generation would buy).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import learned_links as ll  # noqa: E402
from resolution import Score, evaluate, load, through_store  # noqa: E402

from memlane.graph import resolution as r  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def pairs(path: Path, *, wide: bool = False) -> list[tuple[np.ndarray, np.ndarray, str, list[str]]]:
    """Per unlinked mention with at least one eligible candidate: (features, labels, gold, candidate
    labels); the rules alone decide (the scorer is off)."""
    ll.use_weights(None)
    out = []
    try:
        for scenario in load(path):
            registry = r.Registry()
            label_of: dict[str, str] = {}
            for item in scenario:
                m = item.mention
                candidates = list(registry.entities.values())
                result, entity = registry.resolve_and_learn(m)
                if result.entity_id is None and m.name and candidates:
                    kind = r._type(m.type)
                    pool = (
                        ll.eligible(m, kind, candidates) if wide else ll.pool_of(m, kind, candidates, result)
                    )
                    if pool:
                        x = ll.candidate_features(m, result, pool)
                        labels = [label_of[c.id] for c in pool]
                        y = np.array([lab == item.gold for lab in labels], dtype=np.int8)
                        out.append((x, y, item.gold, labels))
                if entity is not None and entity not in label_of:
                    label_of[entity] = item.gold
    finally:
        pass
    return out


def fit(data: list[list[tuple[np.ndarray, np.ndarray, str, list[str]]]]) -> dict:
    from sklearn.linear_model import LogisticRegression

    x = np.vstack([row[0] for rows in data for row in rows])
    y = np.concatenate([row[1] for rows in data for row in rows])
    mean, scale = x.mean(axis=0), x.std(axis=0)
    scale[scale == 0] = 1.0
    model = LogisticRegression(C=1.0, max_iter=3000, class_weight="balanced")
    model.fit((x - mean) / scale, y)
    return {
        "features": list(ll.FEATURES),
        "coef": model.coef_[0].tolist(),
        "intercept": float(model.intercept_[0]),
        "mean": mean.tolist(),
        "scale": scale.tolist(),
        "margin": ll.MARGIN,
        "threshold": 1.0,
    }


def decisions(weights: dict, rows) -> list[tuple[float, float, bool]]:
    """(top probability, second, right) per unlinked mention."""
    w = ll.read_weights(weights)
    out = []
    for x, y, _, _ in rows:
        z = ((x - w["mean"]) / w["scale"]) @ w["coef"] + w["intercept"]
        p = 1 / (1 + np.exp(-z))
        order = np.argsort(-p)
        top = p[order[0]]
        second = p[order[1]] if len(order) > 1 else 0.0
        out.append((float(top), float(second), bool(y[order[0]])))
    return out


def choose_threshold(data, precision: float, folds: int = 5) -> float:
    """The lowest threshold at which the out-of-fold links are right ``precision`` of the time (folds
    grouped by set)."""
    groups = np.arange(len(data)) % folds
    made: list[tuple[float, float, bool]] = []
    for k in range(folds):
        train = [d for d, g in zip(data, groups, strict=True) if g != k]
        test = [row for d, g in zip(data, groups, strict=True) if g == k for row in d]
        if test:
            made += decisions(fit(train), test)
    best = 1.0
    for t in np.arange(0.99, 0.40, -0.01):
        links = [right for top, second, right in made if top >= t and second <= top - ll.MARGIN]
        if len(links) >= 5 and sum(links) / len(links) >= precision:
            best = float(t)
        elif len(links) >= 5:
            break
    return round(best, 2)


def run(files: list[Path], weights: dict | None, store: str | None = None) -> Score:
    ll.use_weights(weights)
    try:
        total = Score()
        for f in files:
            s = through_store([f], store, errors=False) if store else evaluate(load(f))[0]
            total.tp, total.fp, total.fn, total.tn = (
                total.tp + s.tp,
                total.fp + s.fp,
                total.fn + s.fn,
                total.tn + s.tn,
            )
        return total
    finally:
        ll.use_weights(None)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--loso", action="store_true")
    parser.add_argument("--in-sample", action="store_true")
    parser.add_argument("--store", choices=("sqlite",), help="--loso through a store's linking")
    parser.add_argument("--wide", action="store_true")
    parser.add_argument("--precision", type=float, default=0.99)
    args = parser.parse_args()
    files = args.files or sorted((ROOT / "tests" / "data").glob("resolution*.txt"))
    start = time.process_time()
    data = [pairs(f) for f in files]
    print(
        f"{len(files)} sets: {sum(len(d) for d in data)} unlinked mentions with candidates, "
        f"{sum(len(row[1]) for d in data for row in d)} pairs, "
        f"{sum(int(row[1].any()) for d in data for row in d)} with the right one among them "
        f"(CPU {time.process_time() - start:.0f} s)"
    )
    if args.wide:
        wide = [pairs(f, wide=True) for f in files]
        print(
            f"wide: {sum(len(d) for d in wide)} unlinked mentions with candidates, "
            f"{sum(int(row[1].any()) for d in wide for row in d)} with the right one among them"
        )
    if args.loso:
        rules, learned = Score(), Score()
        for i, f in enumerate(files):
            train = data[:i] + data[i + 1 :]
            weights = fit(train)
            weights["threshold"] = choose_threshold(train, args.precision)
            a, b = run([f], None, args.store), run([f], weights, args.store)
            for total, s in ((rules, a), (learned, b)):
                total.tp, total.fp, total.fn, total.tn = (
                    total.tp + s.tp,
                    total.fp + s.fp,
                    total.fn + s.fn,
                    total.tn + s.tn,
                )
            print(
                f"{f.name}: threshold {weights['threshold']:.2f}; rules P {a.precision:.3f} R {a.recall:.3f} "
                f"(FP {a.fp}, FN {a.fn}); with the scorer P {b.precision:.3f} R {b.recall:.3f} "
                f"(FP {b.fp}, FN {b.fn})",
                flush=True,
            )
        print(
            f"pooled LOSO: rules P {rules.precision:.4f} R {rules.recall:.4f} (TP {rules.tp} FP {rules.fp} "
            f"FN {rules.fn}); with the scorer P {learned.precision:.4f} R {learned.recall:.4f} "
            f"(TP {learned.tp} FP {learned.fp} FN {learned.fn})"
        )
    if args.in_sample:
        weights = fit(data)
        weights["threshold"] = choose_threshold(data, args.precision)
        a, b = run(files, None), run(files, weights)
        print(
            f"in-sample (fitted on all): threshold {weights['threshold']}; rules P {a.precision:.4f} "
            f"R {a.recall:.4f} (FP {a.fp} FN {a.fn}); with the scorer P {b.precision:.4f} R {b.recall:.4f} "
            f"(FP {b.fp} FN {b.fn})"
        )
        for name, c in sorted(zip(ll.FEATURES, weights["coef"], strict=True), key=lambda t: -abs(t[1])):
            print(f"  {name:28} {c:+.2f}")


if __name__ == "__main__":
    main()
