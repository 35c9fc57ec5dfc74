"""Paraphrases with other words, proposed by the embedder and confirmed by rules: pure functions.

``duplicates`` merges statements whose content words agree after normalisation. Statements that say
the same with other words ("Greta earns 70,000 euros a year" / "Greta's annual salary is 70,000
euros") need a sense of meaning, which a sentence embedder has; but an embedder scores near-misses
("the red Volvo" / "the blue Volvo", "quit smoking" / "started smoking") as high as paraphrases,
because the words they share dominate. So the embedder only **proposes** a pair (cosine similarity of
at least ``THRESHOLD``) and rules **confirm** it, each erring on the side of keeping apart:

1. **Same group** (``duplicates.group_key``): never across workspaces, owners, visibilities, spaces,
   profiles, subjects or related users.
2. **Same anchors** (``anchors``): the names, numbers, amounts, dates, times, weekdays and months, a
   negation, and the function words that change a fact (``duplicates.MARKERS``). Another person, number
   or date, or a negation, is another fact however close the vectors are.
3. **No role swap** (``duplicates.role_swap``): "Otto reports to Hanna" is not "Hanna reports to Otto".
4. **Reworded, not substituted**: after dropping light verbs (``LIGHT_VERBS``), each statement has
   content words the other lacks (one that only adds a word adds a detail: kept apart, as in
   ``duplicates``), and not as many: k words swapped for k words in an otherwise equal sentence
   ("learning" / "teaching Japanese", "red" / "blue Volvo") is the shape of a near-miss, a rewording
   changes the number of words. A difference of light verbs only is a rewording ("goes swimming" /
   "swims"). A synonym swap of the substitution shape is caught by the synonym table of ``duplicates``,
   or not at all.
5. **No opposites** (``OPPOSITES``, general English antonyms): "bought" / "sold", "likes" / "hates".

``THRESHOLD`` is 0.75, the default of sentence-transformers' ``community_detection`` ("close" for its
sentence embedders), not fitted to memlane's labelled sets. Clusters are complete-linkage: a statement
joins a cluster only when it is confirmed with every member, so clusters never chain.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import text
from ..models import Memory
from .duplicates import group_key, markers, normalise, role_swap, signature

__all__ = ["LIGHT_VERBS", "MAX_BLOCK", "OPPOSITES", "THRESHOLD", "anchors", "confirmed", "join_paraphrases"]

#: cosine similarity from which the embedder proposes a pair (sentence-transformers' default for
#: ``community_detection``; see the module docstring)
THRESHOLD = 0.75

#: the most statements of one group and one set of anchors compared pairwise; a larger block is left
#: to the word rule (its pairs would cost more than the rest of the run)
MAX_BLOCK = 2000


def _w(words: str) -> frozenset[str]:
    return frozenset(words.split())


_TIME_WORDS = _w(
    "am pm monday tuesday wednesday thursday friday saturday sunday january february march april may "
    "june july august september october november december today tomorrow yesterday tonight weekend "
    "morning afternoon evening night minute hour day week month year daily weekly monthly yearly "
    "annual annually nightly hourly quarter fortnight decade"
)
#: words that make a time word a date relative to now: "last year", "next week", "this Monday"
_RELATIVE = _w("last next this previous coming past")
_UNIT_OF = {"daily": "day", "weekly": "week", "monthly": "month", "yearly": "year", "annual": "year",
            "annually": "year", "nightly": "night", "hourly": "hour"}  # fmt: skip

#: opposite poles of one axis (general English): a statement with a word of one pole and another with
#: a word of the other say different things however close their vectors ("bought" / "sold")
OPPOSITES: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (("like", "love", "enjoy", "prefer", "adore", "want"), ("dislike", "hate", "detest", "loathe", "avoid")),
    (("start", "begin", "commence", "join", "take up"), ("stop", "quit", "finish", "end", "leave", "cease")),
    (("buy", "purchase", "acquire"), ("sell",)),
    (("open",), ("close", "shut")),
    (("marry", "wed"), ("divorce",)),
    (("win",), ("lose",)),
    (("accept", "approve"), ("reject", "decline", "deny")),
    (("add", "include"), ("remove", "exclude", "delete")),
    (("hire",), ("fire", "dismiss", "lay off")),
    (("enable",), ("disable",)),
    (("increase", "raise", "rise", "grow"), ("decrease", "lower", "fall", "drop", "cut", "reduce")),
    (("allow", "permit"), ("forbid", "ban", "prohibit")),
    (("remember",), ("forget",)),
    (("teach",), ("learn", "study")),
    (("lend",), ("borrow",)),
    (("send", "give"), ("receive", "get")),
    (("arrive",), ("depart",)),
    (("pass",), ("fail",)),
    (("early",), ("late",)),
    (("first",), ("last",)),
    (("long",), ("short",)),
    (("big", "large"), ("small", "little")),
    (("old",), ("new", "young")),
    (("high",), ("low",)),
    (("hot", "warm"), ("cold", "cool")),
    (("cheap",), ("expensive",)),
    (("fast", "quick"), ("slow",)),
    (("good", "best"), ("bad", "worst")),
)
#: verbs that carry little content of their own ("goes swimming", "takes place", "got married"): not
#: counted when telling a rewording from a substitution
LIGHT_VERBS = _w("go get take make do give put keep come have")
_WORD_RE = re.compile(r"[a-z]+")

Embed = Callable[[Sequence[str]], npt.NDArray[np.float32] | None]


def anchors(content: str) -> frozenset[str]:
    """What must be equal in two statements of one fact: entity keys (names, numbers, dates, e-mail
    addresses…), numerals, time words, a negation and the meaning-bearing function words."""
    normalised = normalise(content)
    words = text.content_words(normalised)
    keys = set(text.extract_entities(normalised))
    keys.update(w for w in words if w[0].isdigit() or w == "not")
    previous = ""
    for word in _WORD_RE.findall(normalised.lower()):
        if word not in _TIME_WORDS and word[:-1] in _TIME_WORDS and word.endswith("s"):
            word = word[:-1]  # "Mondays", "mornings"
        if word in _TIME_WORDS:
            unit = _UNIT_OF.get(word, word)
            keys.add(unit)
            if previous in _RELATIVE:  # "last year" is not "this year"
                keys.add(f"{previous} {unit}")
        previous = word
    return frozenset(keys) | markers(content)


def confirmed(a: str, b: str) -> bool:
    """Rules 3 and 4 of the module docstring for two statements of one group with equal anchors."""
    sig_a, sig_b = signature(a), signature(b)
    if sig_a is None or sig_b is None:
        return False
    light = _light_stems()
    if (sig_a <= sig_b and sig_b - sig_a <= light) or (sig_b <= sig_a and sig_a - sig_b <= light):
        return not role_swap(a, b)  # a light verb more ("goes swimming" / "swims")
    only_a, only_b = sig_a - sig_b - light, sig_b - sig_a - light
    if not only_a or not only_b or len(only_a) == len(only_b):
        return False
    if _opposed(_lemmas(a), _lemmas(b)):
        return False
    return not role_swap(a, b)


def _lemmas(content: str) -> frozenset[str]:
    """The words of ``content`` and their lemmas (any part of speech), lower-cased."""
    import lemminflect

    out: set[str] = set()
    for word in _WORD_RE.findall(content.lower()):
        out.add(word)
        for lemmas in lemminflect.getAllLemmas(word).values():
            out.update(lemmas)
    return frozenset(out)


def _opposed(a: frozenset[str], b: frozenset[str]) -> bool:
    """Whether one statement has a word of one pole of an ``OPPOSITES`` axis and the other of the
    other pole (and not both poles each)."""
    for plus, minus in OPPOSITES:
        pa, ma = bool(a & set(plus)), bool(a & set(minus))
        pb, mb = bool(b & set(plus)), bool(b & set(minus))
        if (pa and mb and not (ma or pb)) or (ma and pb and not (pa or mb)):
            return True
    return False


@lru_cache(maxsize=1)
def _light_stems() -> frozenset[str]:
    """Signature words of the ``LIGHT_VERBS`` in their inflections."""
    import lemminflect

    forms = {
        f for v in LIGHT_VERBS for fs in lemminflect.getAllInflections(v, upos="VERB").values() for f in fs
    }
    return frozenset(w for f in forms | LIGHT_VERBS for w in (signature(f"x {f}") or ()) if w != "x")


def join_paraphrases(
    memories: Sequence[Memory], clusters: list[list[Memory]], embed: Embed, threshold: float = THRESHOLD
) -> list[list[Memory]]:
    """``clusters`` (from ``duplicates.near_duplicate_clusters`` over ``memories``) joined with each
    other and with single memories where the embedder proposes and the rules confirm a paraphrase.
    Only statements that share a group and anchors with another are embedded."""
    clustered = {m.id for c in clusters for m in c}
    units: list[list[Memory]] = [list(c) for c in clusters]
    units += [[m] for m in memories if m.id not in clustered and signature(m.content) is not None]
    blocks: dict[tuple[Any, ...], list[int]] = defaultdict(list)
    for i, unit in enumerate(units):
        blocks[(group_key(unit[0]), anchors(_head(unit).content))].append(i)
    todo = [b for b in blocks.values() if 1 < len(b) <= MAX_BLOCK]
    if not todo:
        return clusters
    flat = [i for b in todo for i in b]
    vectors = embed([_head(units[i]).content for i in flat])
    if vectors is None:
        return clusters
    vectors = np.asarray(vectors, dtype=np.float32)
    vectors /= np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)
    row = {i: n for n, i in enumerate(flat)}
    joined: list[list[Memory]] = []
    for block in todo:
        joined.extend(_join_block([units[i] for i in block], vectors[[row[i] for i in block]], threshold))
    done = set(flat)
    out = [units[i] for i in range(len(clusters)) if i not in done]  # alone in their block
    out += [c for c in joined if len(c) > 1]
    out = [sorted(c, key=lambda m: (m.observed_at, m.created_at, m.id)) for c in out]
    out.sort(key=lambda c: (c[0].observed_at, c[0].id))
    return out


def _join_block(
    units: list[list[Memory]], vectors: npt.NDArray[np.float32], threshold: float
) -> list[list[Memory]]:
    """Complete linkage over one block: pairs by falling similarity; two groups of units join when
    every unit of one is confirmed with every unit of the other."""
    sims = vectors @ vectors.T
    n = len(units)
    heads = [_head(u).content for u in units]
    ok: dict[tuple[int, int], bool] = {}

    def good(i: int, j: int) -> bool:
        key = (min(i, j), max(i, j))
        if key not in ok:
            ok[key] = bool(sims[i, j] >= threshold) and confirmed(heads[i], heads[j])
        return ok[key]

    pairs = sorted(
        ((float(sims[i, j]), i, j) for i in range(n) for j in range(i + 1, n) if sims[i, j] >= threshold),
        reverse=True,
    )
    group = list(range(n))
    members: dict[int, list[int]] = {i: [i] for i in range(n)}
    for _, i, j in pairs:
        gi, gj = group[i], group[j]
        if gi == gj or not all(good(x, y) for x in members[gi] for y in members[gj]):
            continue
        for x in members[gj]:
            group[x] = gi
        members[gi] += members.pop(gj)
    return [[m for i in idx for m in units[i]] for idx in members.values()]


def _head(unit: list[Memory]) -> Memory:
    return max(unit, key=lambda m: (len(m.content), m.observed_at, m.id))
