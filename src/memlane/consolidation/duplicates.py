"""Which current memories say the same thing: the word rule's clusters. Pure functions, no I/O.

Two memories are near-duplicates when they are in the same **group** — workspace, owner, visibility,
space, profile, subject and related user, so that nothing ever merges across what the access rule, a
profile or a person keeps apart — and their **signatures** are equal (``signature``: the statement's
normalised content words, the owner's name read as the speaker, ``statement``).

Within one signature, ``same_statement`` then asks whether the bag is one statement: names, numbers,
negations and stance words (may, must, some, all, probably, if, a question…) in one order, the same
words after each role word ("into the tea" / "into the milk"), one verb not past in one and present in
the other, reporting verbs kept, only synonyms that hold in every common sense, a noun compound kept a
compound (``compounds.modifier_moved``: "a child psychologist" is not "a psychologist with children";
docs/consolidation.md, rule 8), no two words in exchanged roles (``roles.role_swap``) and none of the
guards both modes share (``guards.kept_apart``: times, direction, frequency, degree of liking, a role
placed in time). ``same_statement.statement_apart`` is that check for the paraphrase mode's pairs,
across other words. So inflection, articles, punctuation, the synonyms and the reorderings it allows (an
opening phrase moved to the end, a passive with "by", a copula's sides) do not keep two statements
apart, while any other word does: another number, date, person, place, object or a negation changes
the signature. The rule errs on the side of keeping apart (a merge hides statements behind one, so a
wrong merge costs more than a missed one); measured in docs/consolidation.md. Equality is transitive,
so clusters never chain (A like B, B like C, A unlike C cannot happen).

The modules: ``signature`` (the bag of words), ``strict_reading`` (the second check's reading),
``verb_forms`` (times of verbs), ``roles`` (who does what), ``compounds``, ``guards`` and
``same_statement``.
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from ..models import Memory
from .guards import kept_apart
from .roles import role_swap
from .same_statement import reworded, same_statement
from .signature import signature

__all__ = [
    "compared",
    "compatible_parts",
    "group_key",
    "near_duplicate_clusters",
    "statement",
    "statement_signature",
]

#: an owner whose id is a first name ("user:priya"): the scope says who the speaker is
_OWNER_NAME_RE = re.compile(r"user:([a-z]{2,})")


def statement_signature(memory: Memory) -> frozenset[str] | None:
    """The ``signature`` of ``compared(memory)``."""
    return signature(compared(memory))


def compared(memory: Memory) -> str:
    """The text the rule compares of ``memory``, for its signature and its second check alike:
    ``statement(memory)``, or the content as written when reading the owner's name as the speaker
    leaves too few words ("Priya is vegetarian": "I is vegetarian"; then "priya is a vegetarian",
    whose name no capital marks, is compared with "Priya is vegetarian", not with "I is…")."""
    plain = statement(memory)
    return memory.content if plain != memory.content and signature(plain) is None else plain


def statement(memory: Memory) -> str:
    """What the rule compares of ``memory``: its content, with the owner's name read as the speaker
    when the owner's id is a name ("user:priya": "Priya's manager is Rahul" is "The user's manager is
    Rahul", which ``restatement.plain_forms`` reads as "my manager"; "Priya lives in Pune" is "I live
    in Pune"), since an extracted memory says "the user" where another says the owner's name. Other
    ids ("user:u-1042") say no name."""
    owner = _OWNER_NAME_RE.fullmatch(memory.owner or "")
    return memory.content if owner is None else _as_speaker(memory.content, owner.group(1))


@lru_cache(maxsize=65536)
def _as_speaker(content: str, name: str) -> str:
    if name not in _folded(content):
        return content
    # the name as written, accents and a hyphen aside ("user:thao" is "Thảo", "user:minho" "Min-ho")
    return _NAME_WORD_RE.sub(
        lambda m: ("the user's" if m.group(2) else "the user") if _folded(m.group(1)) == name else m.group(),
        content,
    )


#: a capitalised word, hyphenated parts included, and its possessive ("Min-ho's")
_NAME_WORD_RE = re.compile(r"(?<![\w'’-])([^\W\d_a-z][\w-]*?)(['’]s)?(?![\w'’-])")


def _folded(text_: str) -> str:
    """``text_`` in lower case without accents or hyphens ("Thảo" -> "thao", "Min-ho" -> "minho")."""
    decomposed = unicodedata.normalize("NFKD", text_.lower()).replace("-", "")
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def group_key(memory: Memory) -> tuple[Any, ...]:
    """What two memories must share to be merged: the access rule's unit (workspace, owner,
    visibility), the space, the profile, and who the statement is about."""
    subject = memory.subject.id if memory.subject is not None else None
    return (
        memory.workspace,
        memory.owner,
        str(memory.visibility),
        memory.space or "",
        getattr(memory, "profile_id", None),
        subject,
        memory.related_user,
    )


def near_duplicate_clusters(
    memories: Iterable[Memory], signatures: Mapping[str, frozenset[str] | None] | None = None
) -> list[list[Memory]]:
    """Clusters of two or more near-duplicates among ``memories`` (current ones), oldest first within
    a cluster; clusters in the order of their oldest member. One pass: a dictionary keyed by group and
    signature (100k memories in seconds). ``signatures``: each memory's ``statement_signature`` by id,
    when the caller has read them."""
    by_key: dict[tuple[Any, ...], list[Memory]] = defaultdict(list)
    for memory in memories:
        words = statement_signature(memory) if signatures is None else signatures[memory.id]
        if words is not None:
            by_key[(group_key(memory), words)].append(memory)
    clusters = [
        part
        for members in by_key.values()
        if len(members) > 1
        for part in compatible_parts(sorted(members, key=lambda m: (m.observed_at, m.created_at, m.id)))
        if len(part) > 1
    ]
    clusters.sort(key=lambda c: (c[0].observed_at, c[0].id))
    return clusters


def compatible_parts(members: list[Memory]) -> list[list[Memory]]:
    """``members`` (one signature) split so that no two in a part swap roles (``role_swap``) or are
    kept apart by the shared guards (``kept_apart``: times, direction, frequency): each joins the first part all of whose members it agrees with."""
    parts: list[list[Memory]] = []
    for m in members:
        a = compared(m)
        for part in parts:
            if all(
                same_statement(a, b) and not _swapped(a, b) and not kept_apart(a, b)
                for b in (compared(o) for o in part)
            ):
                part.append(m)
                break
        else:
            parts.append([m])
    return parts


def _swapped(a: str, b: str) -> bool:
    """``role_swap`` of the statements as written and as ``reworded`` ("Green tea is something Ana
    likes" puts the thing first, "Ana likes green tea" last: no swap once reworded)."""
    return role_swap(a, b) and role_swap(reworded(a), reworded(b))
