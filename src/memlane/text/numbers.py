"""Numbers: ``num:`` entity keys for amounts, percentages, ordinals and spelled-out numbers.

Amounts are keyed by value ("1,200" and "1200" -> ``num:1200``; "$5m" -> ``num:5000000``; "3.50" ->
``num:3.5``). The scan runs after dates, clock times, versions and phone numbers have been masked
(see ``entities``), so digits they consumed never yield ``num:`` keys. Internal to ``memlane.text``.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from .words import _mask

#: Spelled-out numbers: ``num:`` keys here, counts in relative dates ("three days ago"), never names.
_NUMBER_WORDS: dict[str, int] = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
    "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
    "hundred": 100, "dozen": 12, "couple": 2,
}  # fmt: skip

_NUM_RE = re.compile(
    r"(?<![\w.,])(?P<cur>[$€£¥₹])?\s?(?P<n>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"(?:(?P<ord>st|nd|rd|th)\b|\s?(?P<mult>k|thousand|million|billion|mn|bn|m|b)\b|\s?(?P<pct>%|percent\b))?",
    re.I,
)
_NUMBER_WORD_RE = re.compile(
    r"\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen"
    r"|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|dozen)"
    r"(?:-(one|two|three|four|five|six|seven|eight|nine))?\b",
    re.I,
)

_ONE_RE = re.compile(r"(one)", re.I)

_MULTIPLIERS = {
    "k": 1000, "thousand": 1000, "million": 10**6, "mn": 10**6, "m": 10**6, "billion": 10**9,
    "bn": 10**9, "b": 10**9,
}  # fmt: skip


def _canonical_number(value: Decimal) -> str:
    text = format(value, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text or "0"


def _scan_numbers(work: list[str], text: str, keys: set[str]) -> None:
    for m in _NUM_RE.finditer(text):
        raw = m.group("n")
        try:
            value = Decimal(raw.replace(",", ""))
        except InvalidOperation:  # pragma: no cover - the regex admits only digits
            continue
        mult = m.group("mult")
        if mult:
            low = mult.lower()
            # "5m"/"2b" only scale money ("$5m"); without a currency they are metres, bytes...
            if low in ("k", "thousand", "million", "billion") or m.group("cur"):
                value *= _MULTIPLIERS[low]
        if len(raw) > 30:
            continue
        keys.add(f"num:{_canonical_number(value)}")
        _mask(work, m.start(), m.end())


def spelled_value(word: str) -> int | None:
    """The value of one spelled-out number word ("three" -> 3, "twenty-five" -> 25, "dozen" -> 12), else
    None. "a", "an" and "couple" are no number here: they are read as numbers only where the caller
    knows they count (relative dates, ``num:`` keys)."""
    m = _NUMBER_WORD_RE.fullmatch(word) or (_ONE_RE.fullmatch(word))
    if m is None:
        return None
    value = _NUMBER_WORDS[m.group(1).lower()]
    if m.lastindex and m.lastindex >= 2 and m.group(2):
        value += _NUMBER_WORDS[m.group(2).lower()]
    return value


def _scan_number_words(text: str, keys: set[str]) -> None:
    """Add a ``num:`` key for every spelled-out number ("twelve", "twenty-five")."""
    for m in _NUMBER_WORD_RE.finditer(text):
        value = _NUMBER_WORDS[m.group(1).lower()]
        if m.group(2):
            value += _NUMBER_WORDS[m.group(2).lower()]
        keys.add(f"num:{value}")
