"""Who does what in a one-clause statement (the claim analysis, ``text.claims``): the words' roles
(``roles``), two words that traded roles (``role_swap``: "Otto reports to Hanna" / "Hanna reports to
Otto"), a copula's sides exchanged whole (``inverted_copula``: one identity), and a doer changed
(``subjects_apart``: "Anya gave her brother a drone" / "Anya's brother gave her a drone"). Pure
functions, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..text.claims import Claim, analyse
from . import lexicon
from .discourse import strip_discourse
from .relations import relation_forms
from .signature import normalise
from .strict_reading import strict_canonical
from .synonyms import stems_of as synonym_stems_of
from .verb_forms import SEQ_TOKEN_RE

__all__ = [
    "OPENERS",
    "fronted",
    "inverted_copula",
    "role_swap",
    "roles",
    "subjects_apart",
]


def roles(content: str) -> dict[str, str]:
    """Each word of a one-clause statement (the word rule's stems) with its role in the claim:
    ``subject``, ``object`` or ``adjunct``; empty for any other statement. A relation said from the
    other side is read as its possessive (``relations.relation_forms``: "Ana reports to Leo" as
    "Ana's manager is Leo")."""
    claims = analyse(relation_forms(content)).claims
    if len(claims) != 1:
        return {}
    claim = claims[0]
    roles: dict[str, str] = {}
    for role, words in (("adjunct", claim.adjuncts), ("object", claim.obj), ("subject", claim.subject)):
        roles.update(dict.fromkeys(words, role))
    return roles


def role_swap(a: str, b: str) -> bool:
    """Whether two statements put the same words in exchanged roles: "Otto reports to Hanna" /
    "Hanna reports to Otto", "tea over coffee" / "coffee over tea". Read with the claim analysis
    (``text.claims``: subject, object, adjuncts of a one-clause statement); a word that only moves
    ("In 2023 Luca ran…" / "Luca ran … in 2023") is no swap, two words trading places are."""
    if inverted_copula(a, b):  # "Joel's wife is Petra" / "Petra is Joel's wife": one identity
        return False
    roles_a, roles_b = roles(a), roles(b)
    shared = [w for w in roles_a if w in roles_b and roles_a[w] != roles_b[w]]
    return any(
        roles_a[x] == roles_b[y] and roles_a[y] == roles_b[x]
        for i, x in enumerate(shared)
        for y in shared[i + 1 :]
    )


def inverted_copula(a: str, b: str) -> bool:
    """Whether both are one clause with the copula whose subject and complement changed places whole:
    "X is Y" says what "Y is X" says, while "Otto is Hanna's manager" / "Hanna is Otto's manager"
    moves only the names (the word ``manager`` stays in the complement)."""
    ca, cb = analyse(relation_forms(a)).claims, analyse(relation_forms(b)).claims
    if len(ca) != 1 or len(cb) != 1 or ca[0].verb != "be" or cb[0].verb != "be":
        return False
    x, y = ca[0], cb[0]
    return (
        bool(x.subject) and bool(x.obj) and (x.subject, x.obj, x.adjuncts) == (y.obj, y.subject, y.adjuncts)
    )


#: words that open a phrase that may move from the front to the end ("In 2021 Ana moved to Oslo" /
#: "Ana moved to Oslo in 2021", "Every Monday Ana swims"): prepositions of time and place, time words
OPENERS = frozenset(
    re.findall(
        r"\w+",
        "in on at during since until after before by from for every each last next this these those "
        "yesterday today tomorrow tonight recently lately now then nowadays monday mondays tuesday tuesdays "
        "wednesday wednesdays thursday thursdays friday fridays saturday saturdays sunday sundays january "
        "february march april may june july august september october november december",
    )
)


def subjects_apart(a: str, b: str, within: frozenset[str] | None = None) -> bool:
    """Whether clause for clause the statements' subjects are other words, so that the doer changed:
    "Anya gave her brother a drone" / "Anya's brother gave her a drone", "Lumen pays invoices" / "We
    pay Lumen's invoices" (a possessive moved a name out of the subject or into it). Not compared: a
    statement that opens with a phrase that may move (its subject is read with it), a passive, a
    copula whose sides changed places whole ("Joel's wife is Petra" / "Petra is Joel's wife"),
    statements read as other verbs or another number of clauses. With ``within``, only those words
    are compared (statements of other words: "Aiko usually cycles" / "Aiko normally cycles" keep one
    doer)."""
    if fronted(a) or fronted(b):
        return False
    ca = analyse(normalise(strip_discourse(a)[0])).claims
    cb = analyse(normalise(strip_discourse(b)[0])).claims
    if not ca or len(ca) != len(cb):
        return False
    canon, fillers = strict_canonical()
    lexical = synonym_stems_of(a, b)  # "theatre" / "theater", "automobile" / "car": one word

    def words(stems: frozenset[str]) -> frozenset[str]:  # "favourite" / "favorite": one word
        # a filler read into the subject is none of it ("Teo actually rides…")
        # and the speaker's "I", which the claim analysis drops from "I and my parents live…"
        out = frozenset(canon.get(w, lexical.get(w, w)) for w in stems if w not in fillers and w != "i")
        return out if within is None else out & within

    for x, y in zip(ca, cb, strict=True):
        # one verb, or two of one meaning ("loaned" / "lent": who lent is the doer either way)
        if (
            (x.verb != y.verb and not lexicon.related(x.verb, y.verb))
            or x.passive
            or y.passive
            or not x.subject
            or not y.subject
        ):
            return False
    with_a, with_b = (bool(_WITH_RE.search(c)) for c in (a, b))
    return any(_doers_apart(x, y, words, with_a, with_b) for x, y in zip(ca, cb, strict=True))


_WITH_RE = re.compile(r"\bwith\b", re.IGNORECASE)


def _doers_apart(
    x: Claim, y: Claim, words: Callable[[frozenset[str]], frozenset[str]], with_x: bool, with_y: bool
) -> bool:
    """``subjects_apart`` for one clause. Allowed: "Arjun and his parents live together in Pune" /
    "Arjun lives in Pune with his parents" (the other doers in a "with" phrase); a copula's sides
    changed whole; a copula whose value has no name ("Amira is a cardiology resident" / "Amira's
    residency is in cardiology": an attribute, not who is whose)."""
    subject_x, subject_y = words(x.subject), words(y.subject)
    if subject_x == subject_y:
        return False
    if x.verb == "be":
        if subject_x == words(y.obj) and words(x.obj) == subject_y:
            return False
        return bool(x.value_names) and bool(y.value_names)
    if (x.possessor or y.possessor) and words(x.possessor) != words(y.possessor):
        return True  # "Rohan's parents" / "Rohan's wife's parents": someone else's, "with" or not
    if subject_x < subject_y:
        return not (with_x and subject_y - subject_x <= words(x.adjuncts | x.obj))
    if subject_y < subject_x:
        return not (with_y and subject_x - subject_y <= words(y.adjuncts | y.obj))
    return True


def fronted(content: str) -> bool:
    """Whether the statement opens with a phrase that may move to its end (``OPENERS``, a number)."""
    first = SEQ_TOKEN_RE.findall(strip_discourse(content)[0].lower())[:1]
    return bool(first) and (first[0] in OPENERS or first[0][0].isdigit())
