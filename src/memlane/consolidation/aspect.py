"""One time said in two aspects, written one way before the paraphrase mode compares: pure functions.

Two statements may say one time with other verb forms the word rule's time guards read as two
(``guards.tense``, ``same_statement.statement_apart``):

- **the perfect progressive is the perfect** ("Kazuo has been growing bonsai for 30 years" / "Kazuo has
  grown bonsai for thirty years"): both say a state that began and still holds; ``aspect`` writes
  "has / have / had been <verb>-ing" as "has / have / had <participle>";
- **an end said by a verb is "no longer"** ("Arjun stopped eating sugar" / "Arjun no longer eats
  sugar"): "stopped", "quit", "ceased" or "gave up" before a verb's -ing form say the deed is not
  done now. ``aspect`` writes "stopped <verb>-ing X" as "no longer <verb>s X", and with the time it
  ended ("in 2021", "in March") as "has not <participle> X since <time>" ("Haruto quit smoking in
  2021" / "Haruto has not smoked since 2021");
- **a beginning with its time is "has … since"** ("Oskar started playing the piano in 2010" / "Oskar
  has played the piano since 2010", "Anya went vegan in 2021" / "Anya has been vegan since 2021"): a
  state begun then that holds. A time said first ("In March 2025 Kemal stopped smoking") is read at
  the end.

Verb forms from lemminflect (already a dependency of the rules). ``paraphrases`` compares the
statements as ``aspect`` writes them (the paraphrase mode only: the default rule keeps its own reading).
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..text.dates import MONTH_NAMES
from .word_order import opening_moved

__all__ = ["aspect"]

_PERFECT_PROGRESSIVE_RE = re.compile(r"\b(has|have|had)\s+been\s+([a-z]+ing)\b", re.IGNORECASE)
#: the times a change is said to happen in: a year or a month
_TIME = rf"\d{{4}}|{MONTH_NAMES}"
#: an end said by a verb before an -ing form, with what follows up to a time it ended ("in 2021")
_CESSATION_RE = re.compile(
    r"\b(?:(?:has|have|had)\s+)?(?:stopped|quit|ceased|gave\s+up|given\s+up)\s+(?P<verb>[a-z]+ing)\b"
    rf"(?P<rest>(?:\s+(?!in\s+(?:{_TIME})\b)[\w'’-]+)*?)"
    rf"(?:\s+in\s+(?P<time>{_TIME})\b(?P<after>.*))?$",
    re.IGNORECASE,
)


#: a time said first: "In March 2025 Kemal stopped smoking" (read with the time at the end)
_LEADING_TIME_RE = re.compile(
    rf"^\s*in\s+(?P<time>(?:{_TIME})(?:\s+\d{{4}})?)\s*,?\s+(?P<rest>.+)$", re.IGNORECASE
)
#: the verbs of an end or a beginning whose time is read at the end (``_LEADING_TIME_RE``)
_CHANGE_RE = re.compile(
    r"\b(?:stopped|quit|ceased|gave|given|started|began|begun|went|became|turned)\b", re.I
)
#: a beginning said by a verb, with the time it began: "started playing the piano in 2010", "went
#: vegan in 2021", "became a member in 2019"
_INCEPTION_RE = re.compile(
    r"\b(?:started|began|(?:has|have|had)\s+(?:started|begun))\s+(?P<verb>[a-z]+ing)\b"
    rf"(?P<rest>(?:\s+(?!in\s+(?:{_TIME})\b)[\w'’-]+)*?)\s+in\s+(?P<time>(?:{_TIME})(?:\s+\d{{4}})?)$",
    re.IGNORECASE,
)
_BECAME_RE = re.compile(
    r"\b(?:went|became|turned)\s+(?P<what>(?:a\s+|an\s+)?[a-z]+)\s+in\s+"
    rf"(?P<time>(?:{_TIME})(?:\s+\d{{4}})?)$",
    re.IGNORECASE,
)


@lru_cache(maxsize=65536)
def aspect(content: str) -> str:
    """``content`` with a perfect progressive written as the perfect, an end said by a verb as "no
    longer" and a beginning with its time as "has … since" (module docstring); unchanged when it says
    none of them."""
    perfect = _PERFECT_PROGRESSIVE_RE.sub(lambda m: f"{m.group(1)} {_form(m.group(2), 'VBN')}", content)
    out = perfect.rstrip(" .")
    leading = _LEADING_TIME_RE.match(out)
    if leading is not None and _CHANGE_RE.search(leading.group("rest")):
        out = opening_moved(("in", leading.group("time")), leading.group("rest"))
    began = _began(out)
    if began is not None:
        return began
    found = _CESSATION_RE.search(out)
    if found is None or _form(found.group("verb"), "VB") is None:
        return perfect
    verb, rest = found.group("verb"), found.group("rest") or ""
    if found.group("time"):
        said = f"has not {_form(verb, 'VBN')}{rest} since {found.group('time')}{found.group('after') or ''}"
    else:
        said = f"no longer {_form(verb, 'VBZ')}{rest}"
    return out[: found.start()] + said


def _began(content: str) -> str | None:
    """``content`` with a beginning and its time written "has … since" ("started playing the piano in
    2010" -> "has played the piano since 2010", "went vegan in 2021" -> "has been vegan since 2021"),
    None when it says none."""
    found = _INCEPTION_RE.search(content)
    if found is not None and _form(found.group("verb"), "VB") is not None:
        said = (
            f"has {_form(found.group('verb'), 'VBN')}{found.group('rest') or ''} since {found.group('time')}"
        )
        return content[: found.start()] + said
    found = _BECAME_RE.search(content)
    if found is not None:
        return content[: found.start()] + f"has been {found.group('what')} since {found.group('time')}"
    return None


@lru_cache(maxsize=65536)
def _form(word: str, tag: str) -> str | None:
    """``word`` (a verb's -ing form) in the form of the Penn tag ``tag`` ("growing", "VBN" -> "grown");
    the word itself for the perfect when lemminflect knows no verb of it."""
    import lemminflect

    lemmas = lemminflect.getLemma(word.lower(), upos="VERB")
    if not lemmas:
        return word if tag == "VBN" else None
    forms = lemminflect.getInflection(lemmas[0], tag=tag)
    return forms[0] if forms else (word if tag == "VBN" else None)
