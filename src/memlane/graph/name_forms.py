"""Forms of a person's name that are not in the given-name tables: generational suffixes, honorific
suffixes and the spelling conventions of romanisation.

* **Generation** — "Jr.", "Sr.", "II", "III", "IV": "Tom Baker Jr." is Tom Baker's son, not another
  spelling of his name, so resolution keeps the suffix as part of who the person is.
* **Honorific suffixes** — Japanese and Korean honorifics written after a name with a hyphen
  ("Tanaka-san", "Kim-ssi"): like a title before a name ("Dr."), they are not part of it.
* **Romanisation key** — one name romanised by different conventions ("Dmitry" / "Dmitriy", "Yekaterina"
  / "Ekaterina", "Mohammed" / "Mohamed", "Nowak" / "Nowack", "Mikhail" / "Mihail"). The key folds the
  spellings that transliteration systems disagree on — a doubled letter, ``y`` / ``i``, a ``j`` after a
  vowel, ``ye`` at the start, ``kh`` / ``h``, ``ph`` / ``f``, ``w`` / ``v``, ``ks`` / ``x``, ``ck`` / ``k``,
  ``th`` / ``t`` — and nothing else: vowels are kept ("Carl" is not "Carol", "Daniel" not "Daniela",
  "Martin" not "Morton"). Resolution uses it only on one part of a full name whose other parts are the
  same, so the rest of the name corroborates it.

Pure functions on folded (lower-case ASCII) words; nothing is read at import time.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["GENERATIONS", "HONORIFIC_SUFFIXES", "generation", "romanisation_key"]

#: Generational suffixes and the generation each names ("jnr" is "jr").
GENERATIONS = {"jr": "jr", "jnr": "jr", "sr": "sr", "snr": "sr", "ii": "ii", "iii": "iii", "iv": "iv"}
#: Honorifics written after a name with a hyphen (Japanese, Korean).
HONORIFIC_SUFFIXES = frozenset(["san", "sama", "kun", "chan", "sensei", "senpai", "sempai", "ssi", "nim"])

#: (pattern, replacement), applied in order; see the module docstring.
_FOLDS = [
    (re.compile(r"^ye"), "e"),
    (re.compile(r"ck"), "k"),
    (re.compile(r"kh"), "h"),
    (re.compile(r"ph"), "f"),
    (re.compile(r"th"), "t"),
    (re.compile(r"ks|cs"), "x"),
    (re.compile(r"w"), "v"),
    (re.compile(r"(?<=[aeiou])j"), "i"),
    (re.compile(r"y"), "i"),
    (re.compile(r"(\w)\1+"), r"\1"),
]


def generation(word: str) -> str | None:
    """The generation a folded word names as a name's suffix ("jr", "sr", "ii"...), else None."""
    return GENERATIONS.get(word.strip("."))


@lru_cache(maxsize=16384)
def romanisation_key(word: str) -> str:
    """The form of a folded word with the spellings romanisation conventions differ on folded
    ("dmitriy" -> "dmitri", "yekaterina" -> "ekaterina", "mohammed" -> "mohamed")."""
    for pattern, replacement in _FOLDS:
        word = pattern.sub(replacement, word)
    return word
