"""A pronoun for the person a memory is about, read as that person's name: pure functions, no I/O.

A person's memories name them in some statements and say "he" or "she" in others: "Kaito works night
shifts at the port" / "He works nights at the port", "Wanjiru's daughter is seven" / "Her daughter is
seven". The paraphrase mode compares names as anchors (``paraphrases.anchors_agree``), so a name in one
statement and a pronoun in the other kept such pairs apart. Within one group (``duplicates.group_key``:
one owner, visibility, space, profile, subject and related user) a pronoun with nothing before it in its
statement that it could stand for can only mean the person the group's memories are about: the
memories' **subject** when they have one (its name, as the caller gave it), otherwise the **owner**
when the owner's id is a name ("user:kaito", the same reading as ``duplicates.statement``), spelled as
the group's statements spell it. ``read_pronouns`` writes such a pronoun as that name ("He works…" ->
"Kaito works…", "Her daughter…" -> "Wanjiru's daughter…"), so that the anchors compare the person, not
the word.

What keeps this from reading a pronoun as the wrong person:

- only a pronoun before any capitalised word of the statement that may name someone ("Tunde says he
  supports Chelsea": "he" may be Tunde, and stays; a weekday, a month or a capitalised first word
  WordNet knows as a common word names no one);
- only in a group whose pronouns of that kind are all of one gender: a group with an unattached "he" and
  an unattached "she" speaks of two people, and none of its pronouns is read;
- not when a statement that names the person refers back to them with the other pronoun ("Anya gave
  her brother a drone for his birthday" and an unattached "he" elsewhere: the "he" is someone else);
- only a name the group spells: with no statement of the group naming the person (a store of first-
  person statements: "I work nights" / "He works nights"), nothing is read, and a statement naming the
  person is compared with the name read in, never with "I".

The statement read this way is what the paraphrase mode compares (blocks, embeddings, rules), and what
the word rule's confirmation judges (``confirmation.join_confirmed``; its candidates are found by
signature, which reads neither the pronoun nor the owner's name); the stored
memories are not changed, and the merged memory keeps a member's own wording.
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from ..models import Memory
from ..text.words import STOPWORDS
from . import lexicon
from .duplicates import group_key

__all__ = ["read_pronouns", "referent", "unattached_genders", "with_own_subject"]

#: an owner whose id is a first name ("user:priya"), as ``duplicates``
_OWNER_NAME_RE = re.compile(r"user:([a-z]{2,})")


def _words(words: str) -> frozenset[str]:
    return frozenset(words.split())


#: the third-person singular pronouns and their gender
_GENDER = {"he": "m", "him": "m", "his": "m", "she": "f", "her": "f", "hers": "f"}

#: a word, with a contraction of "is" / "has" ("he's")
_TOKEN_RE = re.compile(r"[^\W\d_][\w-]*(?:['’]s)?|\d[\w.,:]*|[^\w\s]")

#: words after which "her" is an object, not a possessive ("gave her the keys" is rare in memories;
#: "follows her to the beach", "with her", "her." are the common ones): prepositions, particles,
#: conjunctions and articles, general English
_NOT_POSSESSED = _words(
    "a an the to in on at for with from by of about into onto over under near and or but if when while "
    "because so than as up out off back down away around every each this that these those"
)

#: words of time that are capitalised and name no one
_TIMES = _words(
    "monday tuesday wednesday thursday friday saturday sunday january february march april may june july "
    "august september october november december mondays tuesdays wednesdays thursdays fridays saturdays "
    "sundays"
)


def _folded(text: str) -> str:
    """``text`` in lower case without accents or hyphens ("Thảo" -> "thao"), as ``duplicates``."""
    decomposed = unicodedata.normalize("NFKD", text.lower()).replace("-", "")
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@lru_cache(maxsize=65536)
def _unattached(content: str) -> tuple[tuple[int, str, str], ...]:
    """The pronouns of ``content`` said before any capitalised word that may name someone, the first
    only unless it is the subject ("He …", "When she …": the statement is about that person, and its
    later pronouns too; after "His son …" a "he" may be the son): (token index, the pronoun in lower
    case, its contraction "s" or "")."""
    tokens = _TOKEN_RE.findall(content)
    out: list[tuple[int, str, str]] = []
    for n, token in enumerate(tokens):
        word = token.rstrip("s").rstrip("'’") if re.search(r"['’]s$", token) else token
        lower = word.lower()
        if lower in _GENDER:
            if out and out[0][1] not in ("he", "she"):
                break  # "His son says he is tired": "he" may be the son
            out.append((n, lower, "s" if word != token else ""))
            continue
        if not token[:1].isupper() or token == "I" or lower in _TIMES or any(c.isdigit() for c in token):
            continue
        if n == 0 and (lower in STOPWORDS or lexicon.is_common(lower)):  # "Every February he…",
            continue  # "When she…": the sentence's capital
        break  # a capitalised word that may name someone: a pronoun after it may mean them
    return tuple(out)


def unattached_genders(content: str) -> frozenset[str]:
    """The genders ("m", "f") of ``content``'s pronouns said before any word that may name someone."""
    return frozenset(_GENDER[p] for _, p, _ in _unattached(content))


@lru_cache(maxsize=65536)
def read_pronouns(content: str, name: str) -> str:
    """``content`` with each pronoun said before any word that may name someone (``_unattached``) written
    as ``name``: "he", "she", "him" and an object "her" as the name, "his", "hers" and a possessive
    "her" as its possessive, "he's" as "NAME is" ("NAME has" before "got" or "been")."""
    found = _unattached(content)
    if not found:
        return content
    tokens = list(_TOKEN_RE.finditer(content))
    at = {n: (p, s) for n, p, s in found}
    out, last = [], 0
    for n, m in enumerate(tokens):
        if n not in at:
            continue
        pronoun, contracted = at[n]
        following = tokens[n + 1].group().lower() if n + 1 < len(tokens) else ""
        if contracted:
            said = f"{name} has" if following in ("got", "been") else f"{name} is"
        elif pronoun in ("his", "hers") or (
            pronoun == "her" and following[:1].isalpha() and following not in _NOT_POSSESSED
        ):
            said = f"{name}'s"
        else:
            said = name
        out.append(content[last : m.start()])
        out.append(said)
        last = m.end()
    out.append(content[last:])
    return "".join(out)


def referent(memory: Memory, spelled: Mapping[str, str]) -> str | None:
    """Who ``memory`` is about, as its group spells the name: its subject's name when the group's
    statements say each of its words, or the owner's name when the owner's id is a name ("user:kaito")
    and a statement of the group says it (``spelled``: folded word -> the group's spelling); None
    otherwise."""
    if memory.subject is not None:
        name = memory.subject.name or memory.subject.id
        words = name.split()
        if not words or not all(_folded(w) in spelled for w in words):
            return None
        return " ".join(spelled[_folded(w)] for w in words)
    owner = _OWNER_NAME_RE.fullmatch(memory.owner or "")
    return None if owner is None else spelled.get(owner.group(1))


#: a capitalised word and its possessive ("Min-ho's")
_NAME_WORD_RE = re.compile(r"(?<![\w'’-])([^\W\d_a-z][\w-]*?)(?:['’]s)?(?![\w'’-])")


def _names(content: str, name: str) -> bool:
    """Whether ``content`` says each word of ``name`` as a capitalised word."""
    said = {_folded(m.group(1)) for m in _NAME_WORD_RE.finditer(content)}
    return all(_folded(w) in said for w in name.split())


def with_own_subject(units: Sequence[Sequence[Memory]], texts: Sequence[str]) -> list[str]:
    """``texts`` (one per unit of ``units``: a cluster or one memory, whose statement is that text) with
    their unattached pronouns read as the person their group is about (module docstring), where the
    group's pronouns of that kind are of one gender, a statement of the group spells the person's
    name, and no statement naming the person refers back to them with the other gender."""
    groups: dict[tuple[Any, ...], list[int]] = defaultdict(list)
    for i, unit in enumerate(units):
        groups[group_key(unit[0])].append(i)
    out = list(texts)
    for members in groups.values():
        genders = frozenset().union(*(unattached_genders(texts[i]) for i in members))
        if len(genders) != 1:
            continue  # none, or a "he" and a "she" with nothing they stand for: two people
        spelled: dict[str, str] = {}
        told: dict[str, frozenset[str]] = {}
        for i in members:
            for m in _NAME_WORD_RE.finditer(texts[i]):
                spelled.setdefault(_folded(m.group(1)), m.group(1))
        for i in members:
            if not _unattached(texts[i]):
                continue
            name = referent(units[i][0], spelled)
            # a statement that names the person reads its pronouns as they are ("With her parents Mei
            # talks…": the name is said, and "her" is Mei's either way)
            if name is None or _names(texts[i], name):
                continue
            if name not in told:  # what the group's statements that name the person call them after
                told[name] = frozenset().union(*(_referred_back(texts[j], name) for j in members))
            if told[name] <= genders:  # "Anya gave her brother…" and an unattached "he": not Anya
                out[i] = read_pronouns(texts[i], name)
    return out


@lru_cache(maxsize=65536)
def _referred_back(content: str, name: str) -> frozenset[str]:
    """The gender of the first pronoun after ``name`` in ``content`` with no capitalised word that may
    name someone between them ("Anya gave her brother a drone": "f"); empty when there is none."""
    words = name.split()
    tokens = _TOKEN_RE.findall(content)
    for n in range(len(tokens) - len(words) + 1):
        said = [re.sub(r"['’]s$", "", t) for t in tokens[n : n + len(words)]]
        if [_folded(w) for w in said] != [_folded(w) for w in words]:
            continue
        for token in tokens[n + len(words) :]:
            lower = token.lower()
            if lower in _GENDER:
                return frozenset({_GENDER[lower]})
            if token[:1].isupper() and lower not in _TIMES and not any(c.isdigit() for c in token):
                break
        break
    return frozenset()
