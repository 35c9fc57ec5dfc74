"""One relation said from either side: "Priya reports to Rahul" says what "Rahul is Priya's manager" and
"Priya's manager is Rahul" say, and "the CEO of Acme" is "Acme's CEO".

``relation_forms`` writes the forms below as the possessive one; the word rule then compares them as it
compares any two statements (the copula's sides may change places whole: ``roles.inverted_copula``):

- "X reports (directly) to Y" / "Y manages X" (also "heads" / "leads" X: "X's head" / "X's lead"; Y
  may have a title, "Dr. Wiebke Janssen heads the soil lab"; twenty-eighth session) (a statement of that clause alone, both sides a name or a
  personal pronoun, or what Y manages a group with "the": "Olamide manages the checkout team" is "the
  checkout team's manager is Olamide") -> "X's manager is Y" ("reported" / "managed": "was");
- "X was born in P" (the clause alone, P a name) -> "X's birthplace is P" ("Valencia is Rhea's
  birthplace");
- "X has a R called / named Y" and "X's R is called / named Y" -> "X's R is Y" ("Kai's sister is
  called Ayla" / "Ayla is Kai's sister", "Otto has a daughter called Mila" / "Otto's daughter is
  named Mila"), also of a number ("Olu has two cats named Pepper and Salt" / "Pepper and Salt are
  Olu's two cats");
- "Y is the name of X's R" -> "X's R is Y" ("Pistachio is the name of Nina's cat" / "Nina's cat is called
  Pistachio");
- X may be "the user", the owner read as the speaker (``duplicates.statement``: "Liesel has a
  dachshund called Ferdl" / "Ferdl is Liesel's dachshund" with the owner ``user:liesel``);
- "X was born on D", a day and its month with no year -> "X's birthday is on D";
- "the R of X" beside a copula, R one to three lower-case words or acronyms and X a name -> "X's R"
  ("The mother of Tom is Ana" / "Tom's mother is Ana", "Ana is the CEO of Acme" / "Ana is Acme's
  CEO"); elsewhere "of" may be an apposition ("born in the city of Cusco").

General English, no names or data of any user. Pure, no I/O.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["relation_forms"]

#: a name: capitalised words ("Rahul", "Rahul Mehta", "Acme Labs")
_NAME = r"[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*"
#: a name with a title before it ("Dr. Wiebke Janssen", "Ms Varga")
_TITLED = rf"(?:(?:Dr|Mr|Mrs|Ms|Mx|Prof)\.?\s+)?{_NAME}"
#: a role's word: lower case, or an acronym ("CEO", "CTO")
_ROLE = r"(?:[a-z][a-z-]*|[A-Z]{2,5})"
#: a person: a name, a personal pronoun, or "the user" (the owner read as the speaker: ``duplicates.statement``)
_PERSON = rf"(?:{_NAME}|I|he|she|they|we|He|She|They|We|[Tt]he user)"
#: the possessive of a personal pronoun ("I report to Rahul": "my manager is Rahul")
_POSSESSIVE = {"i": "my", "he": "his", "she": "her", "they": "their", "we": "our"}
_REPORTS_RE = re.compile(
    rf"^\s*(?P<x>{_PERSON})\s+(?P<verb>reports|report|reported)\s+(?:directly\s+)?to\s+(?P<y>{_NAME})\s*[.!]?\s*$"
)
#: what one manages: a person, or a group named with "the" ("Olamide manages the checkout team")
_MANAGED = rf"(?:{_PERSON}|[Tt]he(?:\s+[a-z][a-z-]*){{1,3}})"
#: the manager's verb: "manages", and "heads" / "leads", which the signature reads as it (``SYNONYMS``)
_MANAGES_RE = re.compile(
    rf"^\s*(?P<y>{_TITLED})\s+(?P<verb>manages|managed|heads|headed|leads|led)\s+(?P<x>{_MANAGED})\s*[.!]?\s*$"
)
#: the role each verb of ``_MANAGES_RE`` names ("heads the lab": "the lab's head"); "manager" otherwise
_ROLE_OF = {"heads": "head", "headed": "head", "leads": "lead", "led": "lead"}
#: "X was born in P" (the clause alone, P a name): "X's birthplace is P" ("Valencia is Rhea's birthplace")
_BORN_RE = re.compile(rf"^\s*(?P<x>{_PERSON})\s+(?:was|were)\s+born\s+in\s+(?P<p>{_NAME})\s*[.!]?\s*$")
#: "X has a R called / named Y": "X's R is Y" ("Otto has a daughter called Mila"), also of a number
_HAS_CALLED_RE = re.compile(
    rf"^\s*(?P<x>{_PERSON})\s+(?P<have>has|have|had)\s+(?P<n>an?|\d+|two|three|four|five|six)\s+"
    rf"(?P<r>[a-z][\w-]*(?:\s+[a-z][\w-]*){{0,2}})\s+(?:called|named)\s+(?P<y>{_NAME}(?:\s+and\s+{_NAME})?)\s*[.!]?\s*$"
)
#: a name given with "called" / "named" after a possessive: "Kai's sister is called Ayla"
_CALLED_RE = re.compile(
    rf"^(?P<s>\s*(?:(?:\S+\s+)*?\S+['’]s|[Mm]y|[Hh]is|[Hh]er|[Tt]heir|[Oo]ur|[Yy]our)(?:\s+[a-z0-9][\w-]*){{1,3}})"
    rf"\s+(?P<be>is|was|are|were)\s+(?:called|named)\s+(?P<y>{_NAME}(?:\s+and\s+{_NAME})?)\s*[.!]?\s*$"
)
#: a name given as "the name of" a possessive: "Pistachio is the name of Nina's cat" ("Nina's cat is
#: Pistachio"), "Pepper and Salt are the names of Olu's cats"
_NAME_OF_RE = re.compile(
    rf"^\s*(?P<y>{_NAME}(?:\s+and\s+{_NAME})?)\s+(?P<be>is|was|are|were)\s+the\s+names?\s+of\s+"
    rf"(?P<s>(?:[Tt]he\s+user['’]s|\S+['’]s|[Mm]y|[Hh]is|[Hh]er|[Tt]heir|[Oo]ur|[Yy]our)(?:\s+[a-z0-9][\w-]*){{1,3}})\s*[.!]?\s*$"
)
#: "X was born on D", D a day and its month with no year: "X's birthday is on D" (with a year it is
#: a date of birth, which a birthday does not say)
_BORN_ON_RE = re.compile(
    rf"^\s*(?P<x>{_PERSON})\s+(?:was|were)\s+born\s+on\s+(?P<d>(?:\d{{1,2}}(?:st|nd|rd|th)?\s+[A-Z][a-z]+|"
    rf"[A-Z][a-z]+\s+\d{{1,2}}(?:st|nd|rd|th)?))\s*[.!]?\s*$"
)
#: "the R of X" beside a copula (one word may stand between: "is really", "was not"), the relation
#: stated: "Ana is the CEO of Acme", "The CEO of Acme is Ana"
#: (elsewhere "of" may be an apposition: "born in the city of Cusco")
_OF_RE = re.compile(
    rf"(?:^(?P<start>\s*)|\b(?P<be>(?:is|was|are|were)(?:\s+[a-z]+)?)\s+)[Tt]he\s+(?P<r>{_ROLE}(?:\s+{_ROLE}){{0,2}})\s+of\s+"
    rf"(?P<x>{_NAME})\b(?!['’])(?(start)(?=\s+(?:is|was|are|were)\b))"
)
#: words that are no role ("the rest of May", "the one of Ana's", "the most of Oslo")
_NO_ROLE = frozenset(["one", "ones", "rest", "most", "some", "all", "both", "each", "none", "many", "few"])


@lru_cache(maxsize=65536)
def relation_forms(content: str) -> str:
    """``content`` with a relation said the other way round written as its possessive (module
    docstring); any other statement unchanged."""
    if (match := _REPORTS_RE.match(content) or _MANAGES_RE.match(content)) is not None:
        past = match.group("verb") in ("reported", "managed", "headed", "led")
        role = _ROLE_OF.get(match.group("verb"), "manager")
        x = match.group("x")  # ("The checkout team" when a passive was read active: ``paraphrases._active``)
        x = f"t{x[1:]}" if x.startswith("The ") else x
        return f"{_possessive(x)} {role} {'was' if past else 'is'} {match.group('y')}"
    if (match := _BORN_RE.match(content)) is not None:
        return f"{_possessive(match.group('x'))} birthplace is {match.group('p')}"
    if (match := _BORN_ON_RE.match(content)) is not None:
        return f"{_possessive(match.group('x'))} birthday is on {match.group('d')}"
    if (match := _HAS_CALLED_RE.match(content)) is not None:
        many = match.group("n") not in ("a", "an")
        be = ("were" if many else "was") if match.group("have") == "had" else ("are" if many else "is")
        count = f"{match.group('n')} " if many else ""
        return f"{_possessive(match.group('x'))} {count}{match.group('r')} {be} {match.group('y')}"
    if (match := _CALLED_RE.match(content) or _NAME_OF_RE.match(content)) is not None:
        content = f"{match.group('s')} {match.group('be')} {match.group('y')}"
    return _OF_RE.sub(_of, content) if " of " in content else content


def _of(match: re.Match[str]) -> str:
    role = match.group("r")
    if set(role.split()) & _NO_ROLE:
        return match.group()
    before = match.group("start") if match.group("be") is None else f"{match.group('be')} "
    return f"{before}{match.group('x')}'s {role}"


def _possessive(person: str) -> str:
    return _POSSESSIVE.get(person.lower()) or f"{person}'s"
