"""Verb forms and the times they place a fact at, for the word rule's second check: a verb's past
form against its present ("lived" / "lives": ``verb_times``, ``lemma_times``), the times of the
auxiliaries and forms of *be* / *have* / *do* ("is" / "was": ``tenses_apart``, ``aux_set``), and the
word classes the reading needs (``verb_form``, ``base_form``, ``plural_subject``). lemminflect's word
lists, no tagger. Pure functions, no I/O.
"""

from __future__ import annotations

import re
from collections import defaultdict
from functools import lru_cache

from .discourse import strip_discourse
from .relations import relation_forms
from .restatement import plain_forms

__all__ = [
    "BE",
    "NOT_RE",
    "SEQ_TOKEN_RE",
    "aux_set",
    "base_form",
    "lemma_times",
    "plural_subject",
    "tenses_apart",
    "verb_form",
    "verb_times",
]


BE = frozenset(["is", "are", "was", "were", "be", "been", "being", "am", "s", "re", "m"])


SEQ_TOKEN_RE = re.compile(r"\d[\d,.:]*\d|\d|[^\W\d_]+|[?,;]")


NOT_RE = re.compile(r"(\w)n't\b", re.IGNORECASE)


@lru_cache(maxsize=65536)
def verb_form(surface: str) -> str:
    """``past`` for a verb form that is only a past form ("lived", "smoked", "wrote"), ``present`` for
    a third-person present ("lives", "smokes"), ``ongoing`` for an -ing form, else ``""`` (a base form, a participle in -ing, a form
    of several tenses such as "put", or no verb)."""
    import lemminflect

    low = surface.lower()
    lemmas = lemminflect.getAllLemmas(low).get("VERB", ())
    forms = {tag: {f for lemma in lemmas for f in lemminflect.getInflection(lemma, tag=tag)}
             for tag in ("VB", "VBD", "VBN", "VBZ", "VBG")}  # fmt: skip
    if low in forms["VBG"]:
        return "ongoing"  # counted only after a form of *be* (``reading``)
    if low in forms["VB"]:
        return ""
    if low in forms["VBD"] or low in forms["VBN"]:
        return "present" if low in forms["VBZ"] else "past"
    return "present" if low in forms["VBZ"] else ""


@lru_cache(maxsize=65536)
def base_form(low: str) -> bool:
    """Whether ``low`` is a verb's base form with a past form of its own ("go" / "went", "live" /
    "lived"; not "put", whose past is "put")."""
    import lemminflect

    lemmas = lemminflect.getAllLemmas(low).get("VERB", ())
    return low in lemmas and any(low not in lemminflect.getInflection(low, tag=tag) for tag in ("VBD",))


def verb_times(
    tokens_a: tuple[tuple[str, str, str], ...], tokens_b: tuple[tuple[str, str, str], ...]
) -> bool:
    """Whether one verb is in the past in one statement and in the present in the other ("Ana lived in
    Porto" / "Ana lives in Porto", "Tom smoked" / "Tom smokes"): a former fact is not a current one.
    Only the same verb's two forms are compared, so "was moved to 10 am" / "takes place at 10 am" are
    not, and a participle after *be* or *get* is a passive or an adjective of no time ("is written",
    "is employed")."""
    forms_a: dict[str, set[str]] = defaultdict(set)
    for _, word, form in tokens_a:
        forms_a[word].add(form)
    return any(form and len(({form} | forms_a.get(word, set())) - {""}) > 1 for _, word, form in tokens_b)


#: auxiliaries and forms of *be* / *have* / *do* by time ("is" / "was", "has" / "had", "does" / "did");
#: the signature drops them as stopwords, so "Dagny is the CEO" and "Dagny was the CEO" share one
_AUX_TIME = {
    **dict.fromkeys(["is", "are", "am", "re", "m", "has", "have", "do", "does"], "present"),
    **dict.fromkeys(["was", "were", "had", "did"], "past"),
}


#: plural subjects that do not end in "s"
_PLURALS = frozenset(["i", "you", "we", "they", "children", "people", "men", "women", "kids", "both"])


def plural_subject(previous: str, before: str) -> bool:
    """Whether a word before a verb's base form reads as a plural subject, so that the base form is a
    present tense ("The invitations go", "we pay", "Ana and Ben visit"), not an infinitive, an
    imperative or a noun ("Sanne's renovation budget")."""
    low = previous.lower()
    if low in _PLURALS:
        return True
    if previous[:1].isupper():
        return before.lower() == "and"
    return len(low) > 3 and low.endswith("s") and not low.endswith("ss") and low not in _AUX_TIME


@lru_cache(maxsize=65536)
def _aux_times(content: str) -> tuple[str, ...]:
    """The time of each auxiliary or form of *be* / *have* / *do*, in order; "has" / "have" before a
    past participle or "been" is a perfect, a past ("has moved" / "had moved"), but before "been" and
    an -ing form a thing under way ("has been studying" is "is studying")."""
    return tuple(time for time, _ in _aux_readings(content))


@lru_cache(maxsize=65536)
def _aux_readings(content: str) -> tuple[tuple[str, bool], ...]:
    """``_aux_times`` with, for each, whether it is a form of *be* before a participle (a passive: "was
    born", "was picked"); "am" after a number is a time of day ("10 am"), no verb."""
    plain = relation_forms(plain_forms(strip_discourse(content)[0]))  # "reports to": "manager is"
    surfaces = [w.lower() for w in SEQ_TOKEN_RE.findall(NOT_RE.sub(r"\1 not", plain))]
    out: list[tuple[str, bool]] = []
    for i, low in enumerate(surfaces):
        time = _AUX_TIME.get(low)
        if time is None or (low == "am" and i and surfaces[i - 1][:1].isdigit()):
            continue
        rest = [w for w in surfaces[i + 1 : i + 4] if w not in ("not", "never", "already", "just")]
        following = rest[:1]
        if (
            low in ("has", "have")
            and following
            and following[0] != "got"
            and (following[0] == "been" or verb_form(following[0]) == "past")
        ):
            ongoing = following[0] == "been" and len(rest) > 1 and verb_form(rest[1]) == "ongoing"
            time = "present" if ongoing and low in ("has", "have") else "past"
        passive = low in BE and bool(following) and _participle(following[0])
        out.append((time, passive))
    return tuple(out)


@lru_cache(maxsize=65536)
def _participle(low: str) -> bool:
    """Whether ``low`` is a verb's past participle ("born", "picked", "run")."""
    import lemminflect

    lemmas = lemminflect.getAllLemmas(low).get("VERB", ())
    return any(low in lemminflect.getInflection(lemma, tag="VBN") for lemma in lemmas)


def tenses_apart(a: str, b: str) -> bool:
    """Whether the statements' auxiliaries and forms of *be* / *have* / *do* are in other times ("Dagny
    is the CEO" / "Dagny was the CEO", "Kai does not drive" / "Kai did not drive"): a current fact is
    not a former one. Only when both have them ("has moved" / "moved" is one fact)."""
    times_a, times_b = _aux_times(a), _aux_times(b)
    return bool(times_a) and bool(times_b) and times_a != times_b


def aux_set(content: str) -> frozenset[str]:
    """The times of a statement's auxiliaries and forms of *be* / *have* / *do*, as a set, a passive's
    *be* aside ("Rhea was born in Valencia" / "Valencia is Rhea's birthplace": the event's time, the
    fact's still)."""
    return frozenset(time for time, passive in _aux_readings(content) if not passive)


def lemma_times(
    tokens_a: tuple[tuple[str, str, str], ...], tokens_b: tuple[tuple[str, str, str], ...]
) -> bool:
    """``verb_times`` with verbs read as their lemmas (lemminflect), not their stems: "goes" and
    "went" are one verb whose stems differ ("goe" / "go")."""
    import lemminflect

    def forms(tokens: tuple[tuple[str, str, str], ...]) -> dict[str, set[str]]:
        out: dict[str, set[str]] = defaultdict(set)
        for surface, _, form in tokens:
            for lemma in lemminflect.getAllLemmas(surface.lower()).get("VERB", ()):
                out[lemma].add(form)
        return out

    forms_a, forms_b = forms(tokens_a), forms(tokens_b)
    return any(len((forms_a[v] | forms_b[v]) - {""}) > 1 for v in forms_a.keys() & forms_b.keys())
