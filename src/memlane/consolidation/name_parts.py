"""A name of several words said by its last words in another statement: pure functions, no I/O.

Two statements of one person often name one thing once in full and once by its head: "drives a white
Toyota Corolla" / "Gustavo's car is a white Corolla", "skis at Sapporo Teine" / "skis at Teine", "400
Scottish Blackface ewes" / "400 Blackface ewes". The anchors (``paraphrases.anchors_agree``) read the
full name's first words as another name and keep the two apart. ``shortened`` cuts such a name to the
last words the other statement says, so that the word rule's confirmation (``confirmation``) compares
the rest of the two statements. An English name ends in its head; the words before it say whose or
where (a maker, a place, an origin), and a restatement may leave them out. Words after a name make
another name ("Dune" / "Dune Messiah", "Greenwood Primary" / "Greenwood Primary School"), so only first
words are cut, never last ones. The part must be a whole name of the other statement (a run of
capitalised words of its own, not inside a longer one); a name WordNet knows as one ("New York",
"South Korea", "Saint Petersburg") is not cut ("York" is another city); a name that opens a statement
loses its first word before it is read (its capital may be the sentence's). Every other check of the
confirmation still holds: "drives a Mazda Miata" / "sold his Miata", "'s brother's car is a Miata",
"a red Miata" stay apart.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["shortened"]

#: a run of capitalised words ("Toyota Corolla", "Queen's Medical Center", "Greenwood Primary School")
_RUN_RE = re.compile(r"(?<![\w'’.-])[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*")


@lru_cache(maxsize=65536)
def _runs(content: str) -> tuple[str, ...]:
    """The capitalised runs of ``content``; the opening word of a run that opens the statement is left
    out (a capital the sentence may give: "Saltmarsh Bakery opens…" names "Bakery" at most)."""
    out = []
    for m in _RUN_RE.finditer(content):
        words = m.group().split()
        if m.start() == len(content) - len(content.lstrip()):
            words = words[1:]
        if words:
            out.append(" ".join(words))
    return tuple(out)


def shortened(a: str, b: str) -> str:
    """``a`` with each name of several words that ``b`` says only by its last words (a whole name of
    ``b``) cut to them; ``a`` itself when there is none (module docstring)."""
    said = set(_runs(b))
    out = a
    for name in _runs(a):
        words = name.split()
        if len(words) < 2 or name in said or _one_word(name):
            continue
        part = next((" ".join(words[k:]) for k in range(1, len(words)) if " ".join(words[k:]) in said), None)
        if part is not None:
            out = re.sub(rf"(?<![\w'’-]){re.escape(name)}(?![\w'’-])", part, out, count=1)
    return out


def _one_word(name: str) -> bool:
    """Whether WordNet knows ``name`` as one lemma ("New York", "South Korea", "Saint Petersburg"):
    then its first words are part of the name, not words before it."""
    from . import lexicon

    return bool(lexicon.first_senses(name.lower().replace(" ", "_")))
