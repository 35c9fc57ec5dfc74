"""Undo the disguises that hide a credential from a pattern while leaving it usable to a person.

A token pasted with a zero-width space inside, a keyword typed in fullwidth letters (``ｐａｓｓｗｏｒｄ``)
or with a Cyrillic ``р`` in ``ghр_…`` reads the same to a human and to most copy-paste targets, so
the scanner looks at a folded copy of the text (the stored text is never changed):

1. NFKC: compatibility forms (fullwidth, mathematical alphanumerics, ligatures) become plain letters;
2. invisible characters are removed: every format character (Unicode category ``Cf``: zero-width
   space and joiners, soft hyphen, bidi marks, word joiner, BOM, tag characters), combining marks
   left after NFKC (``Mn``: variation selectors, combining grapheme joiner) and the few letters that
   render blank (Hangul fillers, braille blank);
3. confusables: inside a word that mixes ASCII letters or digits with other letters, each character
   that Unicode's confusables table (via the ``confusable_homoglyphs`` package) lists as a look-alike
   of an ASCII letter or digit becomes that letter. Words wholly in another script are left alone,
   so Russian or Greek prose is not turned into Latin gibberish that a pattern might misread.

ASCII text takes none of these steps (NFKC is the identity on ASCII), so the common case costs one
``str.isascii`` call.
"""

from __future__ import annotations

import functools
import json
import re
import string
import threading
import unicodedata
from importlib import resources

__all__ = ["normalise"]

#: letters that are not format characters but render as nothing
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
#: a word with at least one non-ASCII character (only those can need folding)
_MIXED_WORD_RE = re.compile(r"[^\s\x80-\U0010ffff]*[^\x00-\x7f]\S*")

_lock = threading.Lock()
_confusables: dict[int, str] | None = None


def normalise(text: str) -> str:
    """The text a person would read: NFKC, no invisible characters, confusables in mixed words folded."""
    if text.isascii():
        return text
    text = unicodedata.normalize("NFKC", text)
    others = [c for c in set(text) if not c.isascii()]  # distinct characters: few, even in long texts
    hidden = {ord(c): None for c in others if _invisible(c)}
    if hidden:
        text = text.translate(hidden)
    table = _confusable_table()
    if not any(ord(c) in table for c in others):
        return text
    return _MIXED_WORD_RE.sub(lambda m: _fold_word(m.group(), table), text)


@functools.lru_cache(maxsize=4096)
def _invisible(c: str) -> bool:
    return unicodedata.category(c) in ("Cf", "Mn", "Me") or c in _BLANK_LETTERS


def _fold_word(word: str, table: dict[int, str]) -> str:
    if word.isascii() or not any(c.isascii() and c.isalnum() for c in word):
        return word
    return word.translate(table)


def _confusable_table() -> dict[int, str]:
    """Non-ASCII character -> the ASCII letter or digit it is confusable with (built once, ~40 ms)."""
    global _confusables
    if _confusables is None:
        with _lock:
            if _confusables is None:
                _confusables = _build_table()
    return _confusables


def _build_table() -> dict[int, str]:
    data = json.loads(
        resources.files("confusable_homoglyphs").joinpath("confusables.json").read_text("utf-8")
    )
    candidates: dict[str, list[str]] = {}
    for target in string.ascii_letters + string.digits:
        for entry in data.get(target, ()):
            c = entry["c"]
            if len(c) == 1 and not c.isascii() and c.isalpha():
                candidates.setdefault(c, []).append(target)
    table: dict[int, str] = {}
    for c, targets in candidates.items():
        # Prefer a target of the same case, a letter over a digit. Unicode's skeleton of "I" is "l",
        # so capital look-alikes of I (Cyrillic "І", Greek "Ι") are listed under "l": give them "I".
        same_case = [t for t in targets if t.isalpha() and t.isupper() == c.isupper()]
        target = (same_case or targets)[0]
        table[ord(c)] = "I" if target == "l" and c.isupper() else target
    return table
