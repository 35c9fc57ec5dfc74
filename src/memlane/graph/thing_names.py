"""Names of things that are not people, organisations or places: tickets, documents, systems, teams,
projects. How people write one thing's name several ways:

* **Identifiers** — a ticket by its key or its number ("SUP-4411", "ticket 4411", "#4411"; an issue as
  "ledger#482" or "northwind-labs/ledger#482"), a document by the identifier its title starts with
  ("KB-204" / "KB-204 Webhook retries", "RFC 17" / "RFC-017 Ledger rewrite", "SOW-2026-07" /
  "statement of work 2026-07": the prefix may be the initials of the words). Two explicit prefixes that
  differ are two series ("OPS-1234" is not "FAL-1234"), and so are two repositories.
* **References** — a record's reference code with or without the words that say what record it is
  ("claim 77-4410-2" / "77-4410-2", "booking ref 6XKQ2P" / "6XKQ2P", "Purchase order NN-4471" / "PO
  NN-4471", "work order 558210" / "WO-558210", "lot 1 478 233" / "lot 1478233"): a code of four
  characters or more with a digit in it, not a year; the words of one, if any, are the other's, fewer of
  them, or their initials.
* **Word order** — a title's words in another order, small words aside ("runbook for DNS" / "DNS
  runbook", "board deck Q3" / "Q3 board deck").
* **Systems** — a version after the name ("Postgres 16" is the Postgres known without one; two versions
  stated, "PostgreSQL 15" and "PostgreSQL 16", are two installations; an edition written with a "v",
  "Route Planner v2", is another product than "Route Planner"), a short form that is the start of the name
  ("Postgres" / "PostgreSQL", "Mongo" / "MongoDB"), the maker's name before it ("Amazon Redshift" /
  "Redshift").
* **Vessels** — a ship by its name without the prefix that says what kind of ship it is ("MV Aegean
  Star" / "Aegean Star", "M/S Nordkyn" / "Nordkyn", "the Hatshepsut" / "MS Hatshepsut"): motor vessel,
  motor ship, motor tanker, steamship, research, fishing and yacht prefixes, and the navies' "HMS",
  "USS", written in capitals before a capitalised name.

Pure functions of normalised names (``resolution.normalise_name``: folded, punctuation as spaces).
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = [
    "without_vessel_prefix",
    "document_id",
    "document_ids_agree",
    "reference",
    "references_agree",
    "is_edition",
    "system_forms_agree",
    "ticket_id",
    "ticket_ids_agree",
    "version",
    "word_bag",
    "without_version",
]

#: words that say what kind of record a number is, not which series: "ticket 4411", "issue #12"
_GENERIC = frozenset({"ticket", "issue", "case", "bug", "incident", "pr", "request", "no", "number", "nr"})
_TICKET = re.compile(r"^(?:(?P<scope>[a-z][\w./-]*?)\s*(?:#|-|\s)\s*|#)?(?P<number>\d+)$")
_DOCUMENT = re.compile(r"^(?P<words>(?:[a-z]+\s+){0,4}?)(?P<number>\d+(?:[\s-]\d+)*)(?:\s+.*)?$")
#: small words a title's order moves around ("runbook for DNS")
_SMALL = frozenset({"for", "of", "the", "a", "an", "on", "about", "to", "in", "and"})
_VERSION = re.compile(r"\s+v?\d+(?:[.\s]\d+)*$")


@lru_cache(maxsize=65536)
def ticket_id(folded: str) -> tuple[str, int] | None:
    """(series, number) of a ticket's folded name: the letters or repository before its number, "" when
    none is written ("sup-4411" -> ("sup", 4411); "ticket 4411", "#4411" -> ("", 4411))."""
    words = folded.strip().split()
    while len(words) > 1 and words[0] in _GENERIC:
        words = words[1:]
    found = _TICKET.match(" ".join(words))
    if found is None:
        return None
    scope = (found["scope"] or "").strip("#-/. ")
    return ("" if scope in _GENERIC else scope), int(found["number"])


def ticket_ids_agree(a: tuple[str, int], b: tuple[str, int]) -> str | None:
    """ "exact" for one series and number; "partial" when one names no series, or names the repository
    the other names with its owner ("ledger" / "northwind-labs/ledger"); else None."""
    if a[1] != b[1]:
        return None
    if a[0] == b[0]:
        return "exact"
    if not a[0] or not b[0]:
        return "partial"
    short, long = (a[0], b[0]) if len(a[0]) < len(b[0]) else (b[0], a[0])
    return "partial" if "/" in long and "/" not in short and long.rpartition("/")[2] == short else None


#: words that say a code is a reference, not which record it is ("booking ref", "crime ref no.")
_REFERENCE_WORDS = frozenset({"ref", "reference", "no", "number", "nr", "num", "code", "id"})
#: a code: letters and digits, joined by "-", "/" or "." ("77-4410-2", "62/11903/25", "BFB-07")
_CODE = re.compile(r"^[a-z0-9]+(?:[-/.][a-z0-9]+)*$")
_YEAR = re.compile(r"^(?:19|20)\d\d$")


@lru_cache(maxsize=65536)
def reference(folded: str) -> tuple[tuple[str, ...], str] | None:
    """(the words before, the code) of a record's folded name whose last words are a reference code:
    a code of four letters or digits or more, with a digit, not a year ("claim 77-4410-2" -> (("claim",),
    "7744102"); "lot 1 478 233" -> (("lot",), "1478233"): numbers written in groups); the words are those
    before it, less the words that only say it is a reference ("booking ref"). None for another name."""
    words = folded.replace("#", " ").split()
    tail: list[str] = []
    while words and _CODE.match(words[-1]) and any(c.isdigit() for c in words[-1]):
        if tail and not (words[-1].isdigit() and all(t.isdigit() for t in tail)):
            break  # (only numbers written in groups are one code: "1 478 233")
        tail.insert(0, words.pop())
    code = "".join(c for c in "".join(tail) if c.isalnum())
    if len(code) < 4 or _YEAR.match(code) or len(words) > 3:
        return None
    if any(len(group) != 3 for group in tail[1:]):
        return None  # (groups of thousands only: "1 478 233", not "Line 2 4411")
    kept = tuple(w.strip(".:") for w in words if w.strip(".:") not in _REFERENCE_WORDS)
    if not all(w.isalpha() for w in kept):
        return None
    return kept, code


def references_agree(a: tuple[tuple[str, ...], str], b: tuple[tuple[str, ...], str]) -> bool:
    """One code, and words that do not say two kinds of record: none on one side, one side's words among
    the other's ("report OH-117" / "condition report OH-117"), or one side's one word the initials of the
    other's ("PO" / "purchase order"). A code's letters before its number may be those initials too
    ("WO-558210" / "work order 558210")."""
    (mine, code), (theirs, other) = a, b
    if code != other:
        for (words, lettered), (spelt, number) in (
            ((mine, code), (theirs, other)),
            ((theirs, other), (mine, code)),
        ):
            letters = "".join(w[0] for w in spelt)
            if not words and len(spelt) >= 2 and lettered == letters + number and number.isdigit():
                return True
        return False
    if not mine or not theirs or set(mine) <= set(theirs) or set(theirs) <= set(mine):
        return True
    for few, many in ((mine, theirs), (theirs, mine)):
        if len(few) == 1 and len(many) >= 2 and few[0] == "".join(w[0] for w in many):
            return True
    return False


@lru_cache(maxsize=65536)
def document_id(form: str) -> tuple[frozenset[str], tuple[int, ...]] | None:
    """(the prefixes a document's identifier may be written with, its numbers) when its normalised
    name starts with a few words and a number ("kb 204 webhook retries" -> ({"kb"}, (204,));
    "statement of work 2026 07" -> ({"statement of work", "sow", "sw"}, (2026, 7)))."""
    found = _DOCUMENT.match(form.strip())
    if found is None or not found["words"].strip():
        return None
    words = found["words"].split()
    prefixes = {" ".join(words)}
    if len(words) >= 2:
        prefixes.add("".join(w[0] for w in words))
        prefixes.add("".join(w[0] for w in words if w not in _SMALL))
    numbers = tuple(int(n) for n in re.split(r"[\s-]", found["number"]))
    return frozenset(prefixes), numbers


def document_ids_agree(
    a: tuple[frozenset[str], tuple[int, ...]], b: tuple[frozenset[str], tuple[int, ...]]
) -> bool:
    return a[1] == b[1] and bool(a[0] & b[0])


@lru_cache(maxsize=65536)
def word_bag(form: str) -> tuple[str, ...]:
    """A title's words in order of the alphabet, small words left out: what two orders of the same
    title share ("runbook for dns", "dns runbook" -> ("dns", "runbook"))."""
    return tuple(sorted(w for w in form.split() if w not in _SMALL))


def without_version(form: str) -> str:
    """A system's normalised name without a version after it ("postgres 16" -> "postgres")."""
    bare = _VERSION.sub("", form)
    return bare if bare else form


def version(form: str) -> str:
    """The version after a system's normalised name ("postgres 16" -> "16"), or ""."""
    return form[len(without_version(form)) :].strip()


def is_edition(number: str) -> bool:
    """A version written as a product's edition ("v2", "v3.1": ``version``'s value with a "v"): the
    maker's name for a new product of the same line ("Route Planner v2 is the rewrite"), not one
    installation's release of a known product ("Postgres 16" is Postgres): an edition is never the product
    known without one."""
    return number[:1] == "v"


#: a system's short form keeps this many letters, and drops at most this many ("postgres" / "sql")
_PREFIX_KEPT, _PREFIX_DROPPED = 5, 3


def system_forms_agree(a: str, b: str) -> bool:
    """Two normalised system names (versions removed) that are one system's: one is the other's start
    ("postgres" / "postgresql", "mongo" / "mongodb"; one word, five letters or more kept, three at most
    dropped), or the other with its maker's name before it ("amazon redshift" / "redshift")."""
    short, long = (a, b) if len(a) < len(b) else (b, a)
    if not short or short == long:
        return False
    if " " not in long and long.startswith(short):
        return len(short) >= _PREFIX_KEPT and len(long) - len(short) <= _PREFIX_DROPPED
    words = long.split()
    return len(words) == len(short.split()) + 1 and " ".join(words[1:]) == short and len(short) >= 4


#: The prefixes of ships' names (ITU and common usage: motor vessel, motor ship, motor tanker, steam ship,
#: research vessel, fishing vessel, motor and sailing yacht, Royal Mail ship, the Royal and US navies'),
#: as written in capitals, with a slash or without
VESSEL_PREFIXES = frozenset(
    ["MV", "M/V", "MS", "M/S", "MT", "M/T", "SS", "S/S", "RV", "R/V", "FV", "F/V", "MY", "M/Y", "SY"]
    + ["S/Y", "RMS", "HMS", "USS", "USNS"]
)


def without_vessel_prefix(name: str) -> str | None:
    """A ship's name without its prefix ("MV Aegean Star" -> "Aegean Star", "M/S Nordkyn" -> "Nordkyn"),
    or None when the name has none: the prefix in capitals (with its dots, "M.V."), then a name that
    starts with a capital."""
    words = name.split()
    if len(words) < 2 or not words[1][:1].isupper():
        return None
    if (
        words[0].replace(".", "/").strip("/") not in VESSEL_PREFIXES
        and words[0].replace(".", "") not in VESSEL_PREFIXES
    ):
        return None
    return " ".join(words[1:])
