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
  pronoun, ending the sentence, or set off by a second comma before the sentence goes on in lower case
  ("Ru, Rutendo from my line, covered my shift", "Guadalupe Ortiz, Lupita, booked the truck"); a list of
  names ("Ana, Bea and Carla", "Ana, Bea, Carla", "Ana, Bea, and Carla") or a name and a verb ("Ana, Bea
  said, ...") is not one.
* **What people call the person** — "..., as everyone calls María José", "..., as Ruaridh signs his
  texts", "... is what we call grandma Ani", "... is how Wiremu signs".
* **A name's other form** — "... is Raju's full name", "... is Kenny's Chinese name", "... is the name
  Wiremu uses", "... is the English name Zhou Haoran uses", "..., meaning Antonio Stradivari", "... (Todor)",
  "..., also known as Todor", "..., real name Todor", "... is the Yoruba name of Tunde", "..., when
  they mean Todor", "..., formerly Todor", "..., which is Todor", "... is the English form of Todor's
  name", "..., Ørsted's old name, ..." (in apposition).
* **A role, then the name** — "Kiala the technician, Adão Kiala, fixed the box", "Bubba, the sound man,
  Earl Vance, needs monitors": set off by a comma before the sentence goes on in lower case.
* **The same one named twice** — "... is Teddy, she runs the stall", "... is Coach Petrov" (a name
  ending the clause after a bare "is": not "is Ana's sister", not "is Head of Sales"), "... was renamed
  Fjord Bank", "... is now Lisa Brandt", "... is my aunt, everyone calls her Nessie", and what people
  call the person in other words: "... is what Zuzana asks us to call her", "..., as Giuseppe is
  known", "..., as Vostok Trading calls itself", "... is how Khaled Nasser introduced himself", "... is
  what Beacon Tools used to be called", "..., as finance abbreviates Globex".
* **The other name before the name** — "Tariq Haddad, who signs as Abu Samir", "Johanna, whom everyone
  at the depot calls Jojo", "Lisa Meier married and is now Lisa Brandt", "Nordbank was renamed Fjord
  Bank", "the traders call Margilan the Silk City", "calls Luxor by its old name Waset"; not two
  names side by side after "call" ("called Acme Bob"), nor before a possessive ("Acme is now Globex's
  customer").

The same is read for an organisation, a place or a thing ("Frunze, the Soviet name of Bishkek", "Cape
Dorset is the old name of Kinngait", "Whaka, as everyone calls Whakarewarewa", "Havn when they mean
Tórshavn"), where an apposition with a role must end at the other name and say no relation between two
organisations.

The function only reads the sentence; resolution decides whether the other name fits one known person.
Pure functions; nothing is read at import time.
"""

from __future__ import annotations

import re
from bisect import bisect_left
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
#: the name, a comma, a determiner or a possessive, lower-case words, another name (not the word before
#: "name" in "Chih-wei's English name": ``_NAME_OF_APPOSITION``)
_ROLE_APPOSITION = re.compile(
    r",\s+(?:(?:our|my|the|his|her|their|your)\s+|[A-Z][\w.-]*['’]s\s+)(?P<words>(?:[a-z][\w-]*(?:['’]s)?\s+){0,3})"
    + _NAME
    + _NOT_POSSESSIVE
    + r"(?!\s+(?:nick)?name\b|\s+spelling\b)"
)
#: the name, a comma, another name, then a preposition or a relative pronoun, the sentence's end, or a
#: comma and the sentence going on in lower case ("Guadalupe Ortiz, Lupita, booked the truck"; not a
#: list: "Ana, Bea, and Carla")
_NAME_APPOSITION = re.compile(
    r",\s+"
    + _NAME
    + _NOT_POSSESSIVE
    + r"(?P<next>\s+(?:from|at|of|in|with|on|who|whom|whose)\s|\s*[;.]?\s*$"
    + r"|,\s+(?!(?:and|or|but|nor|then|too|also|etc)\b)[a-z])"
)
#: what closes an apposition before the sentence goes on: a comma, then a word in lower case that does
#: not go on a list (as ``_NAME_APPOSITION``'s)
_CLOSES = r",\s+(?!(?:and|or|but|nor|then|too|also|etc)\b)[a-z]"
#: the name, the role in apposition, then the person's name in apposition too, closed by a comma:
#: "Kiala the technician, Adão Kiala, fixed the box", "Bubba, the sound man, Earl Vance, needs monitors"
_ROLE_THEN_NAME = re.compile(
    r"(?:,\s+|\s+)the\s+(?P<words>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}),\s+"
    + _NAME
    + _NOT_POSSESSIVE
    + r"(?="
    + _CLOSES
    + r")"
)
#: "DONG Energy, Ørsted's old name, is ...", "Jason Chang, Chih-wei's English name, will ...": the name
#: said, in apposition, to be another's name
_NAME_OF_APPOSITION = re.compile(
    r",\s+(?:that\s+is\s+|that['’]s\s+)?"
    + _NAME
    + r"['’]s?\s+(?:[\w-]+\s+){0,2}?(?:(?:nick)?name|spelling)\s*(?:[,;.)]|$)"
)
#: what follows "as" and "is what/how" alike: "<someone> calls <name>" or "<name> signs", "<someone>
#: abbreviates <name>", "<name> asks us to call her", "<name> is known", "<name> calls itself", "<name>
#: introduced himself", "<name> used to be called"
_CALLED_BY = (
    r"(?:(?:[\w'’]+\s+){1,4}?(?:calls?|called|know|knows|address|addresses|abbreviates?|abbreviated)\s+"
    r"(?:[a-z]+\s+){0,2}?"
    + _NAME
    + r"|"
    + _NAME.replace("other", "signer")
    + r"\s+(?:signs|writes|spells)"
    + r"|"
    + _NAME.replace("other", "asker")
    + r"\s+(?:asks|asked|wants|wanted|likes|tells|told)\s+(?:[a-z]+\s+){0,2}?to\s+call\s+(?:her|him|them|it)\b"
    + r"|"
    + _NAME.replace("other", "known")
    + r"\s+(?:is|was|are|were)\s+(?:known|called)\b"
    + r"|"
    + _NAME.replace("other", "self")
    + r"\s+(?:calls|called|introduced|introduces)\s+(?:itself|himself|herself|themselves)\b"
    + r"|"
    + _NAME.replace("other", "former")
    + r"\s+(?:used\s+to\s+be|was)\s+called\b)"
)
#: "..., as everyone calls X", "..., as X signs his texts"
_AS_CALLED = re.compile(r",?\s+as\s+" + _CALLED_BY)
#: "... is what we call grandma Ani", "... is how Wiremu signs"
_WHAT_CALLED = re.compile(r"\s+is\s+(?:what|how)\s+" + _CALLED_BY)
#: "... is Raju's full name", "... is Kenny's Chinese name", "... is the name Wiremu uses"
_NAME_OF = re.compile(
    r"\s+is\s+(?:"
    + _NAME
    + r"['’]s?\s+(?:[\w-]+\s+){0,2}?(?:name|nickname|spelling)\b|the\s+(?:[\w-]+\s+){0,2}?(?:name|nickname)\s+"
    + _NAME.replace("other", "user")
    + r"\s+(?:uses|used|goes\s+by|signs|writes))"
)
#: "... is the old name of Kinngait", "... was the old name of ING", "..., the Soviet name of Bishkek", "... is the Spanish name the
#: tourists use for Donostia", "... when they mean Tórshavn"
_NAME_FOR = re.compile(
    r"(?:,\s+|\s+(?:is|was)\s+)(?:the|its|their|our|an?)\s+(?:[\w'’-]+\s+){0,2}?(?:nick)?name\s+"
    r"(?:(?:[\w'’-]+\s+){1,4}?(?:uses?|used|gives?|gave)\s+)?(?:of|for)\s+(?:the\s+|our\s+|my\s+)?"
    + _NAME
    + r"|(?:\s+[a-z]+){0,3}\s+when\s+(?:[a-z]+\s+){1,2}?mean\s+(?:the\s+)?"
    + _NAME.replace("other", "meant")
)
#: what a role in apposition says of an organisation or a place that makes it another one ("Hongda, our
#: supplier Lumen, ...", "YouTube, the Google subsidiary")
_OTHER_THING_WORDS = frozenset(
    [
        "parent",
        "subsidiary",
        "owner",
        "partner",
        "client",
        "customer",
        "supplier",
        "competitor",
        "rival",
        "sister",
        "division",
        "branch",
        "unit",
        "affiliate",
        "acquirer",
        "buyer",
        "seller",
        "distributor",
        "reseller",
        "vendor",
        "neighbour",
        "neighbor",
    ]
)
#: after the other name in an apposition of an organisation or a place: the apposition ends
_APPOSITION_ENDS = re.compile(r"\s*(?:[,;.)]|$)")
#: "..., meaning Antonio Stradivari", "... (Todor)", "..., also known as Todor", "..., real name Todor",
#: "Ctrip, now Trip.com, ..."
_OTHERWISE = re.compile(
    r"(?:(?:\s+[a-z]+){0,2},?\s+meaning(?:\s+(?:our|my|the))?"
    r"|,?\s+(?:also\s+known\s+as|aka|a\.k\.a\.|real\s+name|born|n[ée]e?|formerly|previously)"
    r"|,\s+which\s+is|,\s+now|\s+\(|,\s+(?:that\s+is|that['’]s|i\.e\.)|,\s+(?:also\s+)?called"
    r"|(?:\s+[a-z]+){0,2},\s+(?:he|she|they)(?:['’]s|['’]re|\s+is|\s+are|\s+was)\s+the\s+same)\s*"
    + _NAME
    + r"(?=\s*[),.;]|\s+[a-z]|\s*$)"
    + _NOT_POSSESSIVE
)
_POSSESSIVE_AFTER = re.compile(r"['’]s?\b|['’](?:\s|$)")
#: "Guadalupe Torres is Lupita, ...", "Diego Alvarez is Coach Alvarez": the name, "is" and another name
#: that ends the clause (not "is Ana's sister", not "is Head of Sales")
_IS_NAME = re.compile(r"\s+is\s+" + _NAME + _NOT_POSSESSIVE + r"(?=\s*(?:[,;.]|$))")
#: "... was renamed Peak XV", "... is now Lumenfield"; "... is the English form of Manwel's name"
_RENAMED = re.compile(
    r"\s+(?:(?:was|has\s+been|got)\s+renamed(?:\s+to|\s+as)?|is\s+now(?:\s+called)?)\s+"
    + _NAME
    + _NOT_POSSESSIVE
    + r"|\s+is\s+the\s+(?:[\w-]+\s+){0,2}?(?:form|spelling|version)\s+of\s+"
    + _NAME.replace("other", "owner")
    + r"(?:['’]s?\s+(?:[\w-]+\s+){0,2}?name\b|(?=\s*(?:[,;.]|$)))"
)
#: "Hedwig Fischer is my grandmother, everyone calls her Hedi": the name, "is" and what the person is,
#: then what people call her
_CALLS_PRONOUN = re.compile(
    r"\s+is\s+(?:[^,.;]{1,40},\s+(?:[\w'’]+\s+){1,3}?(?:calls?|called)\s+(?:her|him|them|it)"
    r"|(?:the|our|my)\s+(?:[a-z][\w-]*\s+){1,4}?(?:calls?|called))\s+"
    + _NAME
    + _NOT_POSSESSIVE
    + r"(?=\s*(?:[,;.]|$))"
)
#: the other name before the name: "Mohammed Al-Rashid, who signs as <name>", "Abdulrahman, whom
#: everyone calls <name>", "the buyers call Jaipur the <name>", "calls Luxor by its ancient name
#: <name>", "Maria Weber married and is now <name>", "Wise was renamed <name>" (not "call Acme <name>":
#: two names side by side; not before a possessive: "Acme is now <name>'s customer")
_BEFORE = re.compile(
    r"(?:" + _NAME + r"(?:,\s+who\s+(?:signs|goes\s+by|writes)(?:\s+as)?"
    r"|,\s+(?:whom|who)\s+(?:[\w'’]+\s+){1,4}?(?:calls?|called|knows?)"
    r"|(?:\s+[a-z]+){0,3}\s+is\s+now(?:\s+called)?"
    r"|\s+(?:is|was)\s+also\s+(?:called|known\s+as)"
    r"|\s+(?:was|has\s+been)\s+renamed(?:\s+to)?"
    r"|,?\s+(?:also\s+known\s+as|aka|a\.k\.a\.))"
    r"|\bcall(?:s|ed)?\s+"
    + _NAME.replace("other", "called")
    + r"(?:\s+the|\s+by\s+(?:its|his|her|their)\s+(?:[\w-]+\s+){0,2}?name)"
    r")\s+$"
)
#: the most runs of white space one match of ``_BEFORE`` holds: 6 in a name of four words with particles,
#: 6 in the longest words after it ("..., whom everyone at the depot calls") or around the name after
#: "call" (with "by its old name"), 1 before the name. tests/test_said_names_linear.py counts them from
#: the pattern itself.
_BEFORE_SPACES = 13
_SPACE = re.compile(r"\s")
_SPACES = re.compile(r"\s+")
#: a run of the characters a word of ``_NAME`` takes, and the first letter of a name
_NAME_RUN = re.compile(r"[\w.\u00c0-\u024f-]+")
_NAME_FIRST = re.compile(r"[A-Z\u00c0-\u024f]")


@lru_cache(maxsize=4096)
def names_said_for(name: str, context: str | None, person: bool = True) -> tuple[str, ...]:
    """The other names ``context`` gives the person it names ``name`` (see the module docstring), in
    the order written; none when the sentence does not write the name. Not ``person``: of an
    organisation, a place or a thing, where an apposition with a role ends at the other name ("Te Kooti
    Whenua Māori, the Māori Land Court, ..."; not "YouTube, the Google subsidiary") and says no
    relation between two organisations ("our supplier"), and a name alone after a comma is not one."""
    name = name.strip()
    if not context or not name:
        return ()
    found: list[str] = []
    spaces: tuple[list[int], list[int]] | None = None
    at = context.find(name)
    while at != -1:
        if at == 0 or not context[at - 1].isalnum():
            end = at + len(name)
            if end == len(context) or not context[end].isalnum():
                found += _said_after(context, end, name, person)
                # a match of _BEFORE ends in white space just before the name
                if not _POSSESSIVE_AFTER.match(context, end) and at and _SPACE.match(context, at - 1):
                    if spaces is None:
                        runs = list(_SPACES.finditer(context))
                        spaces = ([r.start() for r in runs], [r.end() for r in runs])
                    if m := _before_search(context, _before_from(spaces, at), at):
                        found += [g.strip() for g in m.groups() if g and g.strip() != name]
        at = context.find(name, at + 1)
    return tuple(dict.fromkeys(found))


def _before_from(spaces: tuple[list[int], list[int]], at: int) -> int:
    """Where a match of ``_BEFORE`` ending at ``at`` starts at the earliest: at the end of the
    ``_BEFORE_SPACES + 1``-th run of white space before ``at`` (a match spans at most
    ``_BEFORE_SPACES`` runs, and no pattern in it but ``\\s`` takes white space). So each occurrence of a
    name costs the few words before it, not the whole text before it (quadratic in a long text: 2,400
    searches and 3.4 s CPU for one store of 27,000 characters). ``spaces``: where each run of white
    space in the text starts, and where it ends."""
    starts, ends = spaces
    earliest = bisect_left(starts, at) - _BEFORE_SPACES - 1
    return ends[earliest] if earliest >= 0 else 0


def _before_search(context: str, pos: int, endpos: int) -> re.Match[str] | None:
    """``_BEFORE.search(context, pos, endpos)``, tried only where a match can start: at a ``call``, or at
    the first capital of each run of the characters a word of ``_NAME`` takes. A match starting at a
    later capital of the same run is the same as one starting at the first but for where the name
    begins: the name's first word takes the whole run (what follows it in the pattern starts with a
    comma or white space, neither of which the word takes), and the rest of the match starts where the
    run ends. So when the match at the run's first capital fails, every later one in the run fails too,
    and the search is the same; it only no longer scans the run again from each capital (a 9,000-char
    capitalised word before a name: ~3,000 starts, each scanning the rest of the word and backtracking
    through it, 9.5 s CPU per store)."""
    starts = []
    for run in _NAME_RUN.finditer(context, pos, endpos):
        if first := _NAME_FIRST.search(context, run.start(), run.end()):
            starts.append(first.start())
    at = context.find("call", pos, endpos)
    while at != -1:
        starts.append(at)
        at = context.find("call", at + 1, endpos)
    for start in sorted(starts):
        if m := _BEFORE.match(context, start, endpos):
            return m
    return None


def _said_after(context: str, end: int, name: str, person: bool) -> list[str]:
    found = []
    m = _ROLE_APPOSITION.match(context, end)
    words = set(m.group("words").split()) if m else set()
    if (
        m
        and not _PREPOSITIONS & words
        and (person or (_APPOSITION_ENDS.match(context, m.end()) and not _OTHER_THING_WORDS & words))
    ):
        found.append(m.group("other"))
    if person and (m := _NAME_APPOSITION.match(context, end)):
        found.append(m.group("other"))
    if person and (m := _ROLE_THEN_NAME.match(context, end)) and not _PREPOSITIONS & set(m["words"].split()):
        found.append(m.group("other"))
    if m := _NAME_OF_APPOSITION.match(context, end):
        found.append(m.group("other"))
    for pattern in (_AS_CALLED, _WHAT_CALLED, _NAME_OF, _NAME_FOR, _IS_NAME, _RENAMED, _CALLS_PRONOUN):
        if m := pattern.match(context, end):
            found += [g for g in m.groups() if g]
    if m := _OTHERWISE.match(context, end):
        found.append(m.group("other"))
    return [f.strip() for f in found if f.strip() and f.strip() != name]
