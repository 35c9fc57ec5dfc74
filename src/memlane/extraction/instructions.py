"""A caller's instructions, read as strict extra rules: they only ever narrow what is kept.

Supported forms, one per sentence (case-insensitive; items separated by commas, "and", "or", "/"):

* ``only store|keep|remember|save|extract|record ITEMS`` — keep only what matches one of the items;
* ``never|don't|do not store … ITEMS``, ``store|keep nothing about ITEMS``, ``ignore ITEMS`` — drop
  what matches any item.

An item is a memory type (``facts``, ``preferences``, ``procedures``, ``episodes``/``events``,
``decisions``, ``relationships``/``people``, ``observations``/``tool results``), a class
(``personal`` or ``shared``), or otherwise a keyword: "anything about health" → ``health``, matched as
a word prefix of the candidate's content ("health" matches "healthy", not "unhealthy"). Sentences of
any other shape are not understood; they are listed in :attr:`Rules.unsupported` and change nothing
(the rule-based extractor cannot follow free-form guidance; the LLM extractor can).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..models import MemoryType
from .models import CandidateFact

__all__ = ["Rules", "parse_instructions"]

_VERB = r"(?:store|keep|remember|save|extract|record|memori[sz]e)"
_ONLY_RE = re.compile(rf"^\W*(?:please\s+)?only\s+{_VERB}\s+(?P<items>.+)$", re.I)
_NEVER_RE = re.compile(
    rf"^\W*(?:please\s+)?(?:(?:never|don't|do\s+not|dont)\s+{_VERB}\s+(?:anything\s+)?|{_VERB}\s+nothing\s+|"
    r"ignore\s+)(?P<items>.+)$",
    re.I,
)
_SPLIT_RE = re.compile(r"\s*(?:,|/|\band\b|\bor\b|;)\s*", re.I)
_FILLER_RE = re.compile(
    r"^(?:anything|things|stuff|items|memories|facts|info(?:rmation)?|details|mentions)?\s*"
    r"(?:about|on|of|regarding|related\s+to|concerning|that\s+mention)?\s*(?:the|my|our|any)?\s*",
    re.I,
)
_TYPES = {
    "fact": MemoryType.FACT,
    "preference": MemoryType.PREFERENCE,
    "procedure": MemoryType.PROCEDURE,
    "episode": MemoryType.EPISODE,
    "event": MemoryType.EPISODE,
    "decision": MemoryType.DECISION,
    "relationship": MemoryType.RELATIONSHIP,
    "people": MemoryType.RELATIONSHIP,
    "observation": MemoryType.OBSERVATION,
    "tool result": MemoryType.OBSERVATION,
}
_CLASSES = {"personal": "personal", "shared": "shared"}


@dataclass(frozen=True)
class _Items:
    types: frozenset[MemoryType] = frozenset()
    classes: frozenset[str] = frozenset()
    keywords: tuple[str, ...] = ()

    def matches(self, fact: CandidateFact) -> bool:
        if fact.type in self.types or fact.visibility.value in self.classes:
            return True
        content = fact.content.lower()
        return any(re.search(rf"\b{re.escape(word)}", content) for word in self.keywords)

    def empty(self) -> bool:
        return not (self.types or self.classes or self.keywords)


@dataclass(frozen=True)
class Rules:
    """The parsed instructions; :meth:`excludes` says why a candidate is dropped, or ``""``."""

    only: tuple[_Items, ...] = ()
    never: tuple[_Items, ...] = ()
    unsupported: tuple[str, ...] = field(default=())

    def excludes(self, fact: CandidateFact) -> str:
        for items in self.never:
            if items.matches(fact):
                return "excluded by instructions"
        for items in self.only:
            if not items.matches(fact):
                return "not asked for by instructions"
        return ""


def _items(text: str) -> _Items:
    types: set[MemoryType] = set()
    classes: set[str] = set()
    keywords: list[str] = []
    for raw in _SPLIT_RE.split(text.strip().rstrip(".!")):
        item = raw.strip().lower()
        bare = _FILLER_RE.sub("", item).strip() or item
        singular = re.sub(r"(?<=[a-z])s$", "", bare)
        if bare in _TYPES or singular in _TYPES:
            types.add(_TYPES.get(bare) or _TYPES[singular])
        elif bare in _CLASSES or re.sub(r"\s+(?:ones|memories|items|facts)$", "", bare) in _CLASSES:
            classes.add(_CLASSES.get(bare) or _CLASSES[re.sub(r"\s+\w+$", "", bare)])
        elif bare:
            keywords.append(bare)
    return _Items(frozenset(types), frozenset(classes), tuple(keywords))


def parse_instructions(instructions: str | None) -> Rules:
    """Read ``instructions`` (see the module docstring); ``None`` or empty gives no extra rules."""
    if not instructions or not instructions.strip():
        return Rules()
    only: list[_Items] = []
    never: list[_Items] = []
    unsupported: list[str] = []
    for sentence in re.split(r"(?<=[.!;])\s+|\n+", instructions.strip()):
        sentence = sentence.strip()
        if not sentence:
            continue
        if match := _ONLY_RE.match(sentence):
            target = only
        elif match := _NEVER_RE.match(sentence):
            target = never
        else:
            unsupported.append(sentence)
            continue
        items = _items(match.group("items"))
        if items.empty():
            unsupported.append(sentence)
        else:
            target.append(items)
    return Rules(tuple(only), tuple(never), tuple(unsupported))
