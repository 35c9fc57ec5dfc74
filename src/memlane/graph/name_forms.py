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

#: What romanisation conventions disagree on, and its one form (see the module docstring); one pass,
#: the first alternative that fits at a position wins ("ye" at the start before "y").
_FOLDS = {
    "ye": "e",
    "ck": "k",
    "kh": "h",
    "ph": "f",
    "th": "t",
    "ks": "x",
    "cs": "x",
    "w": "v",
    "j": "i",
    "y": "i",
}
_FOLD = re.compile(r"^ye|ck|kh|ph|th|ks|cs|w|(?<=[aeiou])j|y")
_DOUBLED = re.compile(r"(\w)\1+")


def generation(word: str) -> str | None:
    """The generation a folded word names as a name's suffix ("jr", "sr", "ii"...), else None."""
    return GENERATIONS.get(word.strip("."))


@lru_cache(maxsize=16384)
def romanisation_key(word: str) -> str:
    """The form of a folded word with the spellings romanisation conventions differ on folded
    ("dmitriy" -> "dmitri", "yekaterina" -> "ekaterina", "mohammed" -> "mohamed")."""
    return _DOUBLED.sub(r"\1", _FOLD.sub(lambda m: _FOLDS[m.group()], word))
