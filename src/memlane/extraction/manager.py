"""The memory manager's decision (issue 13): what one candidate does to what is already stored.

Pure: given a candidate statement and the (at most 5) most similar current items in the same scope —
found by the service with recall, so every lane and the scope rule apply — decide:

* **NOOP** — an item already says it: the same normalised content, or the same content words;
* **UPDATE** — an item is the same statement about the same thing, changed: the same type and
  subject, and the claim analysis that automatic supersession uses (:func:`memlane.text.updates.compare`)
  reads the candidate as a new value of it (the best such item when one stands out; with two equally
  good, none). When either statement makes no claim (several sentences, a pronoun for a subject), the
  word rule instead: the same holder (the named things in the subject of each, see
  :func:`memlane.text.updates.different_holders`: "The user's colleague Bruno moved to Porto" is not
  a new value of "The user's colleague Ana moved to Porto"), at least ``UPDATE_OVERLAP`` of their
  content words in common (Jaccard), and sharing a name, date or number when both have one — except
  for statements about the speaker alone ("The user lives in Paris" updates "The user lives in Lyon":
  a person's attributes change, the person does not); the candidate supersedes it (``replaces``,
  history kept);
* **ADD** — otherwise.

A retraction ("forget that I live in Lyon") becomes **DELETE** of the items that state what it
retracts, by the statement rule of a forget request (:func:`memlane.forgetting.stating`: three in four
content words, names as written, the same subject, owner and negation, linked to the entities it names),
the same rule ``forget(query=...)`` applies, passed in as ``stating`` (it reads the caller's graph); with
none, nothing is deleted.

The word-rule threshold is the store's automatic-supersession overlap (0.5), not fitted to any data
set; documented in docs/concepts.md.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol, runtime_checkable

from .. import text
from ..models import Memory
from ..text import claims, updates

__all__ = [
    "UPDATE_OVERLAP",
    "Decider",
    "Decision",
    "RuleDecider",
    "Stating",
    "decide",
    "decide_retraction",
    "decider_of",
]

UPDATE_OVERLAP = 0.5

#: ``stating(statement, items)``: the ids of ``items`` that state ``statement`` (the forget rule,
#: :func:`memlane.forgetting.stating`, bound to the caller's store)
Stating = Callable[[str, Sequence[Memory]], Sequence[str]]


@dataclass(frozen=True, slots=True)
class Decision:
    action: Literal["add", "update", "delete", "noop"]
    #: the stored item it concerns (update: the one superseded; delete: the one forgotten; noop: the match)
    target: Memory | None
    reason: str
    #: delete: the other items that state what was retracted (restatements), forgotten with ``target``
    also: tuple[Memory, ...] = ()


def _specific_keys(content: str) -> frozenset[str]:
    # Derived date keys (month, month-day, ISO week) would pair statements that merely share a season.
    return frozenset(
        k for k in text.extract_entities(content) if not k.startswith(("month:", "md:", "week:"))
    )


def _same_subject(a: str | None, b: Memory) -> bool:
    other = b.subject.name if b.subject else None
    return (a or "").casefold().strip() == (other or "").casefold().strip()


def decide(content: str, type_: str, neighbours: Sequence[Memory], subject: str | None = None) -> Decision:
    """ADD, UPDATE or NOOP for a candidate ``content`` of type ``type_`` about ``subject`` (None: the
    speaker, or nothing named) against its neighbours."""
    digest = text.content_hash(content)
    words = text.content_words(content)
    for item in neighbours:
        if text.content_hash(item.content) == digest or (words and text.content_words(item.content) == words):
            return Decision("noop", item, "already known")
    keys = _specific_keys(content)
    statement = claims.analyse(content)
    # about the speaker alone: "The user's colleague Ana …" is about Ana
    about_speaker = subject is None and content.startswith("The user") and not updates.holders(statement)
    best: Memory | None = None
    best_overlap = UPDATE_OVERLAP
    read: list[tuple[float, Memory]] = []  # updates by the claim analysis: (word overlap, item)
    for item in neighbours:
        if str(item.type) != type_ or not _same_subject(subject, item):
            continue
        old = claims.analyse(item.content)
        is_update, overlap = updates.compare(old, statement)
        if is_update:
            read.append((overlap, item))
            continue
        if old.claims and statement.claims:
            continue  # both read as claims, and not an update: another fact
        if updates.different_holders(old, statement):
            continue  # another person's or thing's statement, however many words it shares
        item_keys = _specific_keys(item.content)
        if keys and item_keys and not (keys & item_keys) and not about_speaker:
            continue  # names, dates or numbers, and none shared: about something else
        overlap = text.word_overlap(words, text.content_words(item.content))
        if overlap >= best_overlap:
            best, best_overlap = item, overlap
    read.sort(key=lambda found: -found[0])
    if read and (len(read) == 1 or read[0][0] > read[1][0]):
        return Decision("update", read[0][1], f"updates a stored {type_} (the same claim, a new value)")
    if best is not None and not read:
        return Decision("update", best, f"updates a stored {type_} ({best_overlap:.2f} of words shared)")
    return Decision("add", None, "new")


def decide_retraction(retracts: str, neighbours: Sequence[Memory], stating: Stating) -> Decision:
    """DELETE the stored items that state what a retraction takes back (most similar first), or NOOP
    when none does. ``stating``: the forget rule (see the module docstring)."""
    said = set(stating(retracts, neighbours))
    matched = [item for item in neighbours if item.id in said]
    if not matched:
        return Decision("noop", None, "nothing stored states what was retracted")
    return Decision(
        "delete", matched[0], "retracted by the user (it states what was retracted)", tuple(matched[1:])
    )


@runtime_checkable
class Decider(Protocol):
    """Who makes the memory manager's decision: these rules (:class:`RuleDecider`), or an LLM
    (``extraction.llm.LLMExtractor`` is both an extractor and a decider)."""

    def decide(
        self, content: str, type_: str, neighbours: Sequence[Memory], subject: str | None = None
    ) -> Decision: ...

    def decide_retraction(self, retracts: str, neighbours: Sequence[Memory]) -> Decision: ...


class RuleDecider:
    """The rule-based decision above, as a :class:`Decider`; ``stating``: the forget rule, bound to the
    caller's store (retractions)."""

    def __init__(self, stating: Stating) -> None:
        self._stating = stating

    def decide(
        self, content: str, type_: str, neighbours: Sequence[Memory], subject: str | None = None
    ) -> Decision:
        return decide(content, type_, neighbours, subject)

    def decide_retraction(self, retracts: str, neighbours: Sequence[Memory]) -> Decision:
        return decide_retraction(retracts, neighbours, self._stating)


def decider_of(extractor: object, stating: Stating) -> Decider:
    """The extractor itself when it also decides (the LLM extractor), else the rules (with ``stating``,
    the forget rule bound to the caller's store)."""
    return extractor if isinstance(extractor, Decider) else RuleDecider(stating)
