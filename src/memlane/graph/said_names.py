"""The other name a sentence gives the person it names: "Toshko, our truck driver Todor, was late",
"Coté Fuentes, as everyone calls María José", "Rajendra Adhikari is Raju's full name", "Bill Te Kani is
the name Wiremu uses on his contracts", "Tatik is what we call grandma Ani".

A pet name no table lists ("Toshko" for Todor, "Robbo" for Shane Robertson), a name in another language
("Tan Kah Heng" for Kenny Tan) or a full name completing a given name known alone ("Rajendra Adhikari"
for Raju) is nothing resolution can read from the name's letters; a sentence that says in so many words
that the name is someone's other name is. These are the ways English sentences say it, each anchored at
the name as the sentence writes it:

* **Apposition with a role** — the name, a comma, a determiner or a possessive, up to three words in
  lower case, then a capitalised name: "Tino, Kasama's agent Tinashe, bid high", "Macca, the manager
  Brendan Mackay, flew the chopper". Not when a lower-case word is a preposition ("Ana, the daughter of
  Maria": Maria is someone else) and not before a possessive ("Kenny, my brother Tom's friend").
* **Apposition of a name** — the name, a comma and another name followed by a preposition or a relative
  pronoun, or ending the sentence ("Ru, Rutendo from my line, covered my shift"); a list of names ("Ana,
  Bea and Carla", "Ana, Bea, Carla") or a name and a verb ("Ana, Bea said, ...") is not one.
* **What people call the person** — "..., as everyone calls María José", "..., as Ruaridh signs his
  texts", "... is what we call grandma Ani", "... is how Wiremu signs".
* **A name's other form** — "... is Raju's full name", "... is Kenny's Chinese name", "... is the name
  Wiremu uses", "... is the English name Zhou Haoran uses", "..., meaning Antonio Stradivari", "... (Todor)",
  "..., also known as Todor", "..., real name Todor".

The function only reads the sentence; resolution decides whether the other name fits one known person.
Pure functions; nothing is read at import time.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["names_said_for"]

#: a capitalised name of one to four words (particles in lower case inside it: "Yeison De los Santos",
#: "Akossiwa da Silva")
_NAME = r"(?P<other>[A-Z\u00c0-\u024f][\w.\u00c0-\u024f-]*(?:\s+(?:(?:de|del|da|dos|das|van|von|der|den|le|la|los|al|bin|binti)\s+)?[A-Z\u00c0-\u024f][\w.\u00c0-\u024f-]*){0,3})"
#: after the other name: not a possessive ("Tom's friend")
_NOT_POSSESSIVE = r"(?![\w.-]|['’]s?\b)"
_PREPOSITIONS = frozenset(
    [
        "of",
        "from",
        "for",
        "with",
        "to",
        "at",
        "in",
        "by",
        "on",
        "about",
        "than",
        "like",
        "as",
        "and",
        "or",
        "but",
        "who",
        "whose",
        "whom",
        "which",
        "that",
    ]
)
#: the name, a comma, a determiner or a possessive, lower-case words, another name
_ROLE_APPOSITION = re.compile(
    r",\s+(?:(?:our|my|the|his|her|their|your)\s+|[A-Z][\w.-]*['’]s\s+)(?P<words>(?:[a-z][\w-]*(?:['’]s)?\s+){0,3})"
    + _NAME
    + _NOT_POSSESSIVE
)
#: the name, a comma, another name, then a preposition or a relative pronoun, or the sentence's end
_NAME_APPOSITION = re.compile(
    r",\s+"
    + _NAME
    + _NOT_POSSESSIVE
    + r"(?P<next>\s+(?:from|at|of|in|with|on|who|whom|whose)\s|\s*[;.]?\s*$)"
)
#: "..., as everyone calls X", "..., as X signs his texts"
_AS_CALLED = re.compile(
    r",?\s+as\s+(?:(?:[\w'’]+\s+){1,4}?(?:calls?|called|know|knows|address|addresses)\s+(?:[a-z]+\s+){0,2}?"
    + _NAME
    + r"|"
    + _NAME.replace("other", "signer")
    + r"\s+(?:signs|writes|spells))"
)
#: "... is what we call grandma Ani", "... is how Wiremu signs"
_WHAT_CALLED = re.compile(
    r"\s+is\s+(?:what|how)\s+(?:(?:[\w'’]+\s+){1,4}?(?:calls?|call|know|knows|address|addresses)\s+"
    r"(?:[a-z]+\s+){0,2}?" + _NAME + r"|" + _NAME.replace("other", "signer") + r"\s+(?:signs|writes|spells))"
)
#: "... is Raju's full name", "... is Kenny's Chinese name", "... is the name Wiremu uses"
_NAME_OF = re.compile(
    r"\s+is\s+(?:"
    + _NAME
    + r"['’]s?\s+(?:[\w-]+\s+){0,2}?(?:name|nickname|spelling)\b|the\s+(?:[\w-]+\s+){0,2}?(?:name|nickname)\s+"
    + _NAME.replace("other", "user")
    + r"\s+(?:uses|used|goes\s+by|signs|writes))"
)
#: "..., meaning Antonio Stradivari", "... (Todor)", "..., also known as Todor", "..., real name Todor"
_OTHERWISE = re.compile(
    r"(?:(?:\s+[a-z]+){0,2},?\s+meaning|,?\s+(?:also\s+known\s+as|aka|a\.k\.a\.|real\s+name|born|n[ée]e?)|\s+\()\s*"
    + _NAME
    + r"(?=\s*[),.;]|\s+[a-z]|\s*$)"
    + _NOT_POSSESSIVE
)


@lru_cache(maxsize=4096)
def names_said_for(name: str, context: str | None) -> tuple[str, ...]:
    """The other names ``context`` gives the person it names ``name`` (see the module docstring), in
    the order written; none when the sentence does not write the name."""
    name = name.strip()
    if not context or not name:
        return ()
    found: list[str] = []
    at = context.find(name)
    while at != -1:
        if at == 0 or not context[at - 1].isalnum():
            end = at + len(name)
            if end == len(context) or not context[end].isalnum():
                found += _said_after(context, end, name)
        at = context.find(name, at + 1)
    return tuple(dict.fromkeys(found))


def _said_after(context: str, end: int, name: str) -> list[str]:
    found = []
    if (m := _ROLE_APPOSITION.match(context, end)) and not _PREPOSITIONS & set(m.group("words").split()):
        found.append(m.group("other"))
    if m := _NAME_APPOSITION.match(context, end):
        found.append(m.group("other"))
    for pattern in (_AS_CALLED, _WHAT_CALLED, _NAME_OF):
        if m := pattern.match(context, end):
            found += [g for g in m.groups() if g]
    if m := _OTHERWISE.match(context, end):
        found.append(m.group("other"))
    return [f.strip() for f in found if f.strip() and f.strip() != name]
