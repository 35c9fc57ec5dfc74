"""A learned scorer for what the resolution rules leave unlinked (issue 12, twenty-second session).

The rules (:mod:`memlane.graph.resolution`) link a mention when a kind of name match singles out one
entity; a mention they leave *new* or *ambiguous* may still be a known one ("Ste-Foy" / Sainte-Foy,
"Ruth Nakato" / Sr. Nakato Ruth). Here a logistic regression, fitted on the labelled resolution sets
(``bench/resolution_learn.py``, scikit-learn, evaluated leave-one-set-out), scores each remaining
candidate from features that name no set's strings: string similarities of the normalised names
(rapidfuzz), name-part agreements (surname, given name and its nicknames, initials), type, whether a
rule's kind of name match fits, how many candidates there are, and the contexts' content words in
common. Measured only (bench/, not the runtime): it did not earn a place in ``resolution.resolve``
(docs/benchmarks.md, "Resolution: a learned scorer for what the rules leave new"); ``use_weights``
puts it behind ``resolve`` for a run.

It only adds links, and only where no rule set the candidate apart: the vetoes (types and senses,
different ids in one system, organisations in conflict, what the sentence says against the candidate,
namesakes, regions, legal registrations, introductions of someone new) stay hard. The top candidate
is linked when its probability reaches the fitted threshold and the second one's is at least
``MARGIN`` below it. Candidates are those that share a blocking key (or the fuzzy prefix) with the
mention, which is what a store looks up (``storage/entity_names.py``), so the registry and the stores
decide alike.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from memlane.graph import resolution as r
from memlane.graph.company_names import is_common_word, is_trade_word
from memlane.graph.entity_type import EntityType
from memlane.graph.given_names import given_name_frequency, is_given_name
from memlane.graph.initialisms import is_initialism_of
from memlane.text.words import content_words

__all__ = [
    "FEATURES",
    "MARGIN",
    "candidate_features",
    "eligible",
    "learned_link",
    "pool_of",
    "read_weights",
    "scored",
    "use_weights",
]

#: the second candidate's probability must be this far below the top one's
MARGIN = 0.3

#: the features, in the order of the coefficients
FEATURES = (
    "ratio",
    "token_sort",
    "token_set",
    "partial",
    "jaro_winkler",
    "tokens_shared",
    "mention_tokens_all_shared",
    "last_token_shared",
    "given_exact",
    "given_nickname",
    "given_initial",
    "mention_one_token",
    "candidate_longer",
    "initialism",
    "types_both_known",
    "kind_person",
    "kind_organisation",
    "kind_place",
    "kind_other",
    "kind_unknown",
    "rule_fit_strong",
    "rule_fit_partial",
    "rule_fit_weak",
    "was_ambiguous",
    "log_pool",
    "others_sharing_tokens",
    "context_overlap",
    "given_frequency",
    "introduced",
    "log_length",
    "organisation_in_common",
    "digits_differ",
    "prefix",
    "ratio_gap",
    "first_ratio",
    "last_ratio",
    "given_conflict",
    "generation_conflict",
    "context_other",
    "context_kin",
    "address_word",
)

#: words by which a sentence sets a name apart from another ("another company", "not my paralegal",
#: "a new admin", "is also our horse")
_OTHER = re.compile(
    r"\b(?:not|another|different|new|also|unrelated|other|no relation|same (?:sur)?name)\b", re.I
)
#: words of a relation between two people ("Zé Tó's nephew", "the brothers' father")
_KIN = re.compile(
    r"\b(?:son|daughter|father|mother|nephew|niece|wife|husband|brother|sister|cousin|uncle|aunt|"
    r"grandson|granddaughter|grandfather|grandmother|parent|child|children|brothers|sisters|twin)s?\b",
    re.I,
)

_STRONG = frozenset({"exact", "nickname", "shortened", "grown", "spelt"})
_PARTIAL = frozenset({"partial", "form", "clipped", "run"})
_WEAK = frozenset({"derived", "affiliated", "completed"})


#: the coefficients in use (``use_weights``); none: the rules alone
_override: list[dict[str, Any]] = []
_rules = r.resolve


def use_weights(weights: dict[str, Any] | None) -> None:
    """Resolve with the rules and, for what they leave unlinked, the scorer with ``weights`` (a dict as
    the training script writes it), everywhere ``resolution.resolve`` is called (the registry, a
    store's linking); ``None``: the rules alone again."""
    from memlane.graph import linking

    _override[:] = [] if weights is None else [read_weights(weights)]
    r.resolve = linking.resolve = _rules if weights is None else _with_scorer  # type: ignore[assignment]


def _with_scorer(mention: r.Mention, candidates: Sequence[r.Candidate], **kwargs: Any) -> r.Resolution:
    """``resolution.resolve``, then the scorer on what it left unlinked."""
    result = _rules(mention, candidates, **kwargs)
    if result.entity_id is None and mention.name and candidates:
        return learned_link(mention, candidates, result) or result
    return result


def _weights() -> dict[str, Any] | None:
    return _override[0] if _override else None


def read_weights(data: dict[str, Any]) -> dict[str, Any]:
    """Coefficients as the training script keeps them (lists), ready to score with (arrays)."""
    data = dict(data)
    if tuple(data["features"]) != FEATURES:
        raise ValueError("coefficients fitted on other features")
    data["coef"] = np.asarray(data["coef"], dtype=np.float64)
    data["mean"] = np.asarray(data["mean"], dtype=np.float64)
    data["scale"] = np.asarray(data["scale"], dtype=np.float64)
    return data


@lru_cache(maxsize=65536)
def _keys(name: str, kind: str | None) -> frozenset[str]:
    prefix = r.fuzzy_prefix(name, kind)
    return r.blocking_keys(name, kind) | ({"f:" + prefix} if prefix else frozenset())


def _kind_value(value: Any) -> str | None:
    kind = r._type(value)
    return None if kind is None or kind is EntityType.OTHER else kind.value


def blocked(mention: r.Mention, candidate: r.Candidate) -> bool:
    """Whether the candidate shares a blocking key or the fuzzy prefix with the mention: what a store
    would have looked up."""
    mine = _keys(mention.name or "", _kind_value(mention.type))
    theirs = _kind_value(candidate.type)
    return any(mine & _keys(n, theirs) for n in (candidate.name, *candidate.aliases) if n)


def pool_of(
    mention: r.Mention, kind: EntityType | None, candidates: Sequence[r.Candidate], result: r.Resolution
) -> list[r.Candidate]:
    """The candidates scored: the eligible ones (:func:`eligible`) a store would look up
    (:func:`blocked`) and, when the rules found the mention ambiguous, every eligible one they named
    (the top one must stand clear of each)."""
    named = set(result.candidates)
    return eligible(mention, kind, [c for c in candidates if c.id in named or blocked(mention, c)])


def eligible(
    mention: r.Mention, kind: EntityType | None, candidates: Sequence[r.Candidate]
) -> list[r.Candidate]:
    """The candidates no rule sets apart from the mention (see the module docstring)."""
    if not mention.name or r._says_unsure(mention) or r._said_namesake(mention) or r._said_another(mention):
        return []
    ids = r.mention_ids(mention)
    records = r._record_systems(ids)
    common = _common_words_only(mention.name, kind)
    out = []
    for c in r._agreeing(mention, kind, candidates):
        ckind = kind or r._type(c.type)
        if common and ckind in r._ORGANISATIONS:
            continue  # "Business Services" of Orange Business Services SA: no name of its own
        if r._match_kind(mention, kind, c) in _WEAK:
            continue  # a fit the rules take only with evidence (an organisation in common), not found
        if ckind is EntityType.PERSON and _given_names_differ(mention.name, c):
            continue  # "Mari" / Mario Rossi, "José García" / María José García: two given names
        if ids and r._conflicting_ids(ids, c.external_ids):
            continue
        if records and r._record_systems(c.external_ids):
            continue  # two records of two systems meet by the same name only (the rules' step 2)
        person = (kind or r._type(c.type)) is EntityType.PERSON
        if person and (r._organisations_conflict(mention, c) or r._genders_apart(mention, c)):
            continue
        if (
            r._denied(mention, kind, c)
            or r._someone_else(mention, kind, c)
            or r._another_than(mention, c)
            or r._regions_said_apart(mention, kind, c)
            or r._registered_apart(mention, kind, c)
            or r._seat_apart(mention, kind, c)
            or r._group_apart(mention, kind, c)
            or r._related_apart(mention, kind, c)
            or r._kunya_apart(mention, kind, c)
            or r._introduced_alone(mention, kind, c)
            or r._new_alone(mention, kind, c)
            or r._short_form_introduced(mention, kind, c)
            or r._works_elsewhere(mention, kind, c)
            or r._described_otherwise(mention, kind, c)
        ):
            continue
        if (kind or r._type(c.type)) in r._ORGANISATIONS and all(
            r._countries_apart(mention.name, known) for known in r._names_of(c)
        ):
            continue
        out.append(c)
    return out


def _common_words_only(name: str, kind: EntityType | None) -> bool:
    """An organisation's name (without its legal form) made of common words only."""
    if kind is not None and kind not in r._ORGANISATIONS:
        return False
    words = r._organisation_base(name).split()
    return bool(words) and all(is_common_word(w) or is_trade_word(w) for w in words)


def _given_names_differ(name: str, candidate: r.Candidate) -> bool:
    """The mention's first name part is a listed given name, and so is each of the candidate's names'
    first part, none of them the same name or a form of it (the tables' nicknames, an initial)."""
    mine = r._person_tokens(name)
    if not mine or not is_given_name(mine[0]):
        return False
    firsts = [t[0] for n in r._names_of(candidate) if (t := r._person_tokens(n))]
    return bool(firsts) and all(is_given_name(f) and r._given_names_agree(mine[0], f) is None for f in firsts)


@lru_cache(maxsize=65536)
def _forms(name: str, kind: str | None) -> tuple[str, tuple[str, ...]]:
    plain = r.normalise_name(name, kind)
    return plain, tuple(plain.split())


def _digits(text: str) -> frozenset[str]:
    out, run = set(), ""
    for ch in text + " ":
        if ch.isdigit():
            run += ch
        elif run:
            out.add(run)
            run = ""
    return frozenset(out)


def _pair(mention: r.Mention, kind: EntityType | None, candidate: r.Candidate) -> list[float]:
    from rapidfuzz import fuzz
    from rapidfuzz.distance import JaroWinkler

    ckind = kind or r._type(candidate.type)
    k = None if ckind is None or ckind is EntityType.OTHER else ckind.value
    mine, my_tokens = _forms(mention.name or "", k)
    names = [n for n in (candidate.name, *candidate.aliases) if n]
    best = [0.0] * 5
    shared = 0
    all_shared = last = given_exact = given_nick = given_initial = longer = initialism = prefix = 0.0
    digits_differ = first_ratio = last_ratio = given_conflict = 0.0
    for n in names:
        theirs, their_tokens = _forms(n, k)
        if not theirs or not mine:
            continue
        sims = (
            fuzz.ratio(mine, theirs),
            fuzz.token_sort_ratio(mine, theirs),
            fuzz.token_set_ratio(mine, theirs),
            fuzz.partial_ratio(mine, theirs),
            JaroWinkler.normalized_similarity(mine, theirs) * 100,
        )
        best = [max(a, b) for a, b in zip(best, sims, strict=True)]
        common = set(my_tokens) & set(their_tokens)
        shared = max(shared, len(common))
        if my_tokens and set(my_tokens) <= set(their_tokens):
            all_shared = 1.0
        if my_tokens and their_tokens and (my_tokens[-1] in their_tokens or their_tokens[-1] in my_tokens):
            last = 1.0
        if len(their_tokens) > len(my_tokens):
            longer = 1.0
        if my_tokens and their_tokens:
            agree = r._given_names_agree(my_tokens[0], their_tokens[0])
            given_exact = max(given_exact, float(agree == "exact"))
            given_nick = max(given_nick, float(agree == "nickname"))
            given_initial = max(given_initial, float(agree == "initial"))
        if is_initialism_of(mention.name or "", n) or is_initialism_of(n, mention.name or ""):
            initialism = 1.0
        if theirs.startswith(mine + " ") or mine.startswith(theirs + " "):
            prefix = 1.0
        d1, d2 = _digits(mine), _digits(theirs)
        if d1 and d2 and d1 != d2:
            digits_differ = 1.0
        if my_tokens and their_tokens:
            first_ratio = max(first_ratio, fuzz.ratio(my_tokens[0], their_tokens[0]) / 100)
            last_ratio = max(last_ratio, fuzz.ratio(my_tokens[-1], their_tokens[-1]) / 100)
    if ckind is EntityType.PERSON and len(my_tokens) >= 2:
        # two full names whose given names are two names (none agrees with any of the candidate's)
        theirs_full = [_forms(n, k)[1] for n in names]
        theirs_full = [t for t in theirs_full if len(t) >= 2]
        if theirs_full and all(
            t[0] != my_tokens[0] and r._given_names_agree(my_tokens[0], t[0]) is None for t in theirs_full
        ):
            given_conflict = 1.0
    generations = {r._generation(n) for n in names} - {None}
    mine_generation = r._generation(mention.name or "")
    how = r._match_kind(mention, kind, candidate) if mention.name else None
    said = " ".join(candidate.said)
    overlap = 0.0
    if mention.context and said:
        a, b = content_words(mention.context), content_words(said)
        a -= set(my_tokens)
        b -= set(my_tokens)
        overlap = len(a & b) / math.sqrt(len(a) * len(b)) if a and b else 0.0
    return [
        *(s / 100 for s in best),
        float(shared),
        all_shared,
        last,
        given_exact,
        given_nick,
        given_initial,
        float(len(my_tokens) == 1),
        longer,
        initialism,
        float(kind is not None and r._type(candidate.type) is not None),
        float(ckind is EntityType.PERSON),
        float(ckind in r._ORGANISATIONS),
        float(ckind is EntityType.PLACE),
        float(
            ckind is not None
            and ckind not in r._ORGANISATIONS
            and ckind not in (EntityType.PERSON, EntityType.PLACE)
        ),
        float(ckind is None),
        float(how in _STRONG),
        float(how in _PARTIAL),
        float(how in _WEAK),
        0.0,  # was_ambiguous, filled in by candidate_features
        0.0,  # log_pool
        0.0,  # others_sharing_tokens
        overlap,
        given_name_frequency(my_tokens[0]) / 13 if my_tokens and ckind is EntityType.PERSON else 0.0,
        float(r.introduces(mention.name or "", mention.context)),
        math.log1p(len(mine)),
        float(r._organisation_in_common(mention, candidate)),
        digits_differ,
        prefix,
        0.0,  # ratio_gap
        first_ratio,
        last_ratio,
        given_conflict,
        float(bool(generations) and mine_generation is not None and mine_generation not in generations),
        float(bool(mention.context and _OTHER.search(mention.context))),
        float(bool(mention.context and _KIN.search(mention.context))),
        float(r._address_and_rest(mention.name or "") is not None),
    ]


def candidate_features(
    mention: r.Mention, result: r.Resolution, pool: Sequence[r.Candidate]
) -> npt.NDArray[np.float64]:
    """One row of :data:`FEATURES` per candidate of ``pool`` (the eligible ones, :func:`eligible`)."""
    kind = r._type(mention.type)
    rows = [_pair(mention, kind, c) for c in pool]
    if not rows:
        return np.zeros((0, len(FEATURES)))
    x = np.asarray(rows, dtype=np.float64)
    i_amb, i_pool, i_others, i_gap = (
        FEATURES.index(f) for f in ("was_ambiguous", "log_pool", "others_sharing_tokens", "ratio_gap")
    )
    i_shared, i_ratio = FEATURES.index("tokens_shared"), FEATURES.index("token_set")
    x[:, i_amb] = float(result.how == "ambiguous")
    x[:, i_pool] = math.log1p(len(pool))
    sharing = (x[:, i_shared] > 0).astype(np.float64)
    x[:, i_others] = sharing.sum() - sharing
    best = x[:, i_ratio]
    for i in range(len(rows)):
        others = np.delete(best, i)
        x[i, i_gap] = best[i] - (others.max() if others.size else 0.0)
    return x


def scored(
    mention: r.Mention, candidates: Sequence[r.Candidate], result: r.Resolution, weights: dict[str, Any]
) -> list[tuple[float, r.Candidate]]:
    """The eligible, blocked candidates with their probabilities, highest first."""
    kind = r._type(mention.type)
    pool = pool_of(mention, kind, candidates, result)
    if not pool:
        return []
    x = candidate_features(mention, result, pool)
    z = ((x - weights["mean"]) / weights["scale"]) @ weights["coef"] + weights["intercept"]
    p = 1 / (1 + np.exp(-z))
    return sorted(zip(p.tolist(), pool, strict=True), key=lambda pc: -pc[0])


def learned_link(
    mention: r.Mention,
    candidates: Sequence[r.Candidate],
    result: r.Resolution,
    weights: dict[str, Any] | None = None,
) -> r.Resolution | None:
    """The link the scorer adds to a mention the rules left new or ambiguous, or None."""
    weights = weights if weights is not None else _weights()
    if weights is None or not mention.name or result.entity_id is not None or not candidates:
        return None
    ranked = scored(mention, candidates, result, weights)
    if not ranked:
        return None
    top_p, top = ranked[0]
    second = ranked[1][0] if len(ranked) > 1 else 0.0
    if top_p < weights["threshold"] or second > top_p - weights.get("margin", MARGIN):
        return None
    return r.Resolution(top.id, "learned", new_alias=r._alias(mention, top), score=top_p / 4)
