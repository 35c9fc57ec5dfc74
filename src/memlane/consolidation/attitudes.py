"""The attitude a statement says its subject has towards what it names: a want, a liking, a hope, a
plan, a fan's devotion (``attitudes``), and the paraphrase mode's veto when two statements say two
(``attitude_apart``). Pure functions, no I/O; WordNet through ``lexicon``.

"Nadia wants slides in the Inter font" and "Nadia likes to use the Inter font" name one thing with
one attitude each: a wish is not a taste, and neither is a plan ("wants to visit Japan" / "hopes to" /
"plans to") or a fan's devotion ("is a big fan of spicy food" / "really likes spicy food"). WordNet
relates such verbs through their rarer senses (like.v.02 is "want to have"), so the word accounting
of ``paraphrases.verdict`` reads them as synonyms. An attitude is read by grammar and WordNet's
lexicographer files, not from a list of pairs:

- a verb whose most frequent sense is a verb of emotion (WordNet's verb.emotion: want, like, love,
  enjoy, prefer, hope, wish, hate, care…); "would like" / "would love" is a want;
- a verb of cognition (verb.cognition: plan, intend, decide, expect) that governs a "to" infinitive
  ("plans to visit");
- a noun of devotion after "a" / "an" and up to two modifiers, before "of" or after a name ("a (big) fan
  of", "a jazz lover"): ``DEVOTION``, the nouns WordNet's fan.n.02 (a devotee) names, and "enthusiast".

A degree of liking is compared as ``guards.degrees`` reads it ("enjoys" and "is fond of" are
"likes", "would rather" and "likes … more than" prefer), any other attitude as its most frequent sense. Two statements are apart when each says an attitude and
the two sets differ. One that says none is left to the other rules ("Ana likes jazz" / "Ana listens to
jazz" is refused or confirmed there); the degree of liking ("loves" / "likes") is ``guards``'.
"""

from __future__ import annotations

import re
from functools import lru_cache

from . import lexicon

__all__ = ["DEVOTION", "attitude_apart", "attitudes"]

#: WordNet's lexicographer files of verbs read as attitudes: 37 verb.emotion always, 31 verb.cognition
#: only before a "to" infinitive ("plans to", not "learns Spanish")
_EMOTION = 37
_COGNITION = 31
#: nouns of a person's devotion to something (WordNet's fan.n.02: fan, buff, devotee, lover; and
#: enthusiast, its hyponym's head)
DEVOTION = frozenset(["fan", "buff", "devotee", "lover", "enthusiast"])

_WORD_RE = re.compile(r"[a-z]+(?:'[a-z]+)?|\d\S*|[^\w\s]")
#: "would like" / "'d love" is a wish ("wants code reviews" / "would like code reviews done"), not a taste
_WOULD_LIKE_RE = re.compile(r"\b(?:would|'d)\s+(?:like|love)\b")
_DEVOTION_RE = re.compile(
    r"\b(?:an?|the)\s+(?:[\w-]+\s+){0,2}?(?P<n>fan|buff|devotee|lover|enthusiast)s?\b", re.IGNORECASE
)


def attitude_apart(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` each say an attitude (``attitudes``) and not the same ones."""
    ka, kb = attitudes(a), attitudes(b)
    return bool(ka) and bool(kb) and ka != kb


@lru_cache(maxsize=65536)
def attitudes(content: str) -> frozenset[str]:
    """The attitudes ``content`` says (module docstring), each as a key: its degree of liking
    (``guards.degrees``), another verb's most frequent sense, "devotion" for a noun of devotion."""
    import lemminflect

    from .guards import degree_of, degrees

    if not lexicon.available():
        return frozenset()
    low = _WOULD_LIKE_RE.sub("want", content.lower().replace("’", "'"))
    out: set[str] = set(degrees(low))
    if _DEVOTION_RE.search(low):
        out.add("devotion")
    words = _WORD_RE.findall(low)
    for i, word in enumerate(words):
        lemmas = lemminflect.getAllLemmas(word).get("VERB", ())
        if not lemmas or lemmas[0] in ("be", "have", "do"):
            continue
        lemma = lemmas[0]
        if degree_of(word) is not None:
            continue  # a degree of liking, read above
        first = lexicon.first_senses(lemma).get("v")
        if first is None:
            continue
        kind = lexicon.lex_file(first)
        before_to = i + 1 < len(words) and words[i + 1] == "to"
        if kind == _EMOTION or (kind == _COGNITION and before_to):
            out.add("/".join(map(str, first)))
    return frozenset(out)
