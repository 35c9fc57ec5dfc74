"""An acronym one statement says for words the other says in full: pure functions, no I/O.

Two statements of one person name one thing once by its initials and once in words: "lives in LA" /
"lives in Los Angeles", "a QA engineer" / "works in quality assurance", "works in the ED" / "in the
emergency department", "is the CTO" / "the chief technology officer". The anchors
(``paraphrases.anchors_agree``) read the acronym as a name the other statement does not say and keep
the two apart. ``expanded`` writes such an acronym as the other statement's words, so that the rules
compare the rest of the two statements.

An acronym here is a word of two to five capital letters (not "I", not a word with a digit) that the
other statement does not say itself; its expansion is the one run of consecutive words of the other
statement whose first letters spell it, in order, the first and last of them no function word ("in
the", "of a" spell nothing), a connecting word inside the run ("of", "the", "and", "for", ``_SKIPPED``)
counted or left out ("UFS" / "the University of the Free State", "DOT" / "the Department of
Transportation"; round 28) and the run not inside a longer capitalised name, nor ending in the word the acronym's statement says
right after it, nor starting with the word it says right before ("DB backups" / "Database backups":
"DB" is not "Database backups"). No run, or more than
one, and the acronym stays as written. Nothing is looked up: the other statement is the only source,
so an acronym is read only against what the other says, and every other check still holds ("lives in
LA" / "lives in Los Angeles" join; "works for the UN" / "works for a Unilever network" is read as
"works for the Unilever network" only to find "a" / "the" and the rest of the words compared as
before).
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..text.words import STOPWORDS

__all__ = ["expanded"]

#: an acronym: two to five capital letters, a word of its own
_ACRONYM_RE = re.compile(r"(?<![\w'’.-])([A-Z]{2,5})(?![\w'’-])")
#: a word of the other statement (a hyphen splits: "North-West" is two words)
_WORD_RE = re.compile(r"[^\W\d_]+")


@lru_cache(maxsize=65536)
def expanded(a: str, b: str) -> str:
    """``a`` with each acronym that ``b`` says in full written as ``b``'s words (module docstring);
    ``a`` itself when there is none."""
    found = _ACRONYM_RE.findall(a)
    if not found:
        return a
    words = list(_WORD_RE.finditer(b))
    said = {w.group() for w in words}
    out = a
    for acronym in dict.fromkeys(found):
        if acronym in said:
            continue
        beside = _beside(a, acronym)
        runs = {
            (i, end)
            for i in range(len(words))
            for end in _spelled(acronym, words, i)
            if words[i].group().lower() not in STOPWORDS
            and words[end - 1].group().lower() not in STOPWORDS
            and not _inside_a_name(b, words, i, end - i)
            # "DB backups" / "Database backups": the run's last word is the word after the acronym,
            # so the acronym is not the run ("DB" is "database")
            and not {words[i].group().lower(), words[end - 1].group().lower()} & beside
        }
        if len(runs) != 1:
            continue
        start, end = next(iter(runs))
        said_in_full = b[words[start].start() : words[end - 1].end()]
        out = re.sub(rf"(?<![\w'’.-]){acronym}(?![\w'’-])", said_in_full.replace("\\", r"\\"), out)
    return out


#: words a name's acronym may leave out between its initials ("University of the Free State" is "UFS",
#: "Bank of America" "BA"; also counted: "DOT", the Department of Transportation)
_SKIPPED = frozenset({"of", "the", "and", "for", "de", "du", "des", "la", "le", "del", "van", "von", "&"})


def _spelled(acronym: str, words: list[re.Match[str]], i: int) -> list[int]:
    """The ends (exclusive) of the runs of ``words`` from ``i`` whose first letters spell ``acronym``,
    each word of ``_SKIPPED`` inside the run counted or left out."""
    ends: list[int] = []
    n = len(acronym)

    def walk(j: int, k: int) -> None:
        if k == n:
            ends.append(j)
            return
        if j >= len(words):
            return
        word = words[j].group()
        if word[0].lower() == acronym[k].lower():
            walk(j + 1, k + 1)
        if k > 0 and word.lower() in _SKIPPED:
            walk(j + 1, k)

    walk(i, 0)
    return ends


def _beside(a: str, acronym: str) -> set[str]:
    """The words of ``a`` just before and just after ``acronym``, lower case."""
    out: set[str] = set()
    for m in re.finditer(rf"(?<![\w'’.-]){acronym}(?![\w'’-])", a):
        before = _WORD_RE.findall(a[: m.start()])
        after = _WORD_RE.findall(a[m.end() :])
        out.update(w.lower() for w in before[-1:] + after[:1])
    return out


def _inside_a_name(b: str, words: list[re.Match[str]], i: int, n: int) -> bool:
    """Whether the run ``words[i : i + n]`` of ``b`` is part of a longer run of capitalised words (then
    its initials are not the name's: "the Los Angeles Times" is no "LA")."""
    if not words[i].group()[:1].isupper():
        return False
    before = words[i - 1] if i else None
    after = words[i + n] if i + n < len(words) else None

    def joined(x: re.Match[str], y: re.Match[str]) -> bool:
        return b[x.end() : y.start()].strip() in ("", "-")

    return bool(
        (
            before is not None
            and before.group()[:1].isupper()
            and joined(before, words[i])
            and before.start() > 0
        )
        or (after is not None and after.group()[:1].isupper() and joined(words[i + n - 1], after))
    )
