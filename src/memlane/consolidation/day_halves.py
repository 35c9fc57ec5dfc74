"""A time of day whose half one statement does not say, read as the half the other says: pure functions,
no I/O.

"School pickup is at 3:15" and "School pickup is 15:15" (or "3:15 pm") give one time, the half of the
day said by one of them only: a 12-hour clock without "am" / "pm" is read by the anchors as the
morning's ("3:15" is 03:15, ``paraphrases._clock``), so the two were kept apart. ``halves`` writes such
a time in ``a`` (an hour from 1 to 11, with its minutes, or a bare hour after "at") as the afternoon's
when ``b`` says that hour and minute in the afternoon and never says it in the morning; ``a`` itself
otherwise. A time that says its half ("3:15 am", "at 3 in the morning", "03:15") is never changed, and
nothing is changed when ``b`` says the morning's time too. Read pairwise only, as a confirmation
(``confirmation._judged``): every other check of the two statements still holds, so "Ana's alarm is at
6:30" / "Ana's yoga class is at 18:30" stay apart by their other words.

A range whose end says its half and whose start does not is read with the end's half on the start
too (``anchors.anchor_forms``: "from 4 to 11 pm", "4-11pm", "between 4 and 11 pm" are 16:00 to 23:00;
"from 9 to 11 am" 09:00 to 11:00), when the start's hour is below the end's, and only after "from" or
"between" or with a dash ("10 to 2 pm", with no "from", may be 13:50).
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["halves"]

#: a 12-hour time that does not say its half: "3:15", or a bare hour after "at",
#: not followed by am / pm, "o'clock" with a part of the day, or more digits
_UNMARKED_RE = re.compile(
    r"(?<![\d:.])(?P<h>[1-9]|1[01]):(?P<m>[0-5]\d)"
    r"(?!\s*(?:a\.?m\b|p\.?m\b|am|pm|in\s+the|at\s+night|[:.]?\d))"
    r"|(?<=\bat\s)(?P<bare>[1-9]|1[01])\b(?![:.]\d)(?!\s*(?:a\.?m\b|p\.?m\b|am|pm|in\s+the|at\s+night|%|o'clock\s+in))",
    re.IGNORECASE,
)


@lru_cache(maxsize=65536)
def _clock_tokens(content: str) -> frozenset[str]:
    """The times of day ``content`` says, as the anchors read them ("1515", "0800")."""
    from .paraphrases import _compared  # the anchors' reading (paraphrases reads this module's caller)

    return frozenset(re.findall(r"\b(?:[01]\d|2[0-3])[0-5]\d\b", _compared(content)))


def halves(a: str, b: str) -> str:
    """``a`` with each time of day whose half it does not say written as the afternoon's, where ``b``
    says that time in the afternoon only (module docstring); ``a`` itself when there is none."""
    if not any(c.isdigit() for c in a) or not any(c.isdigit() for c in b):
        return a
    theirs, mine = _clock_tokens(b), _clock_tokens(a)
    if not theirs:
        return a

    def afternoon(m: re.Match[str]) -> str:
        hour = int(m.group("h") or m.group("bare"))
        minute = m.group("m") or "00"
        pm = f"{hour + 12:02d}{minute}"
        if pm in theirs and pm not in mine and f"{hour:02d}{minute}" not in theirs:
            return f"{m.group()} pm"
        return m.group()

    return _UNMARKED_RE.sub(afternoon, a)
