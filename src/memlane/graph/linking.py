"""Linking: which entities a memory names, and resolving a mention to an entity inside a write.

Deterministic and offline. A stored memory's named things are its ``subject``, an explicit
``related_user`` (a memlane account: the external id ``user:<name>``) and the names and e-mail
addresses the text analysis finds (the entity lane's ``name:`` and ``email:`` keys; a name that is only
a part of a longer name found in the same text, "smith" of "bob smith", is not a mention of its own), and
its "@handles" written as a person's user name is (``handle:`` keys; :func:`person_handles`).
Each is resolved with :func:`memlane.graph.resolution.resolve` against the entities of the memory's own
scope (owner and visibility) that share a blocking key: a match is linked (a new spelling becomes an
alias), an ambiguous mention is linked to nothing, anything else becomes a new entity.
"""

from __future__ import annotations

import gc
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..ids import new_id
from ..models import Actor, Entity, Memory, Subject, Visibility
from ..storage.base import EntityScope, EntityWrites, LinkRole
from ..storage.entity_cache import Settled, id_key
from ..storage.entity_names import alias_pairs, matching_type, name_keys
from ..text import STOPWORDS, key_fold
from ..text.entities import HANDLE_RE as _HANDLE_RE
from .company_names import is_common_word
from .entity_types import guess_type
from .given_names import given_name_frequency, has_name_dictionary, is_english_given_name, is_given_name
from .name_forms import DIMINUTIVE_ENDINGS
from .places import city_of
from .resolution import (
    _PARTICLES,
    COMMON_GIVEN_NAME,
    KIN_KEY,
    Candidate,
    EntityType,
    Mention,
    Resolution,
    context_evidence,
    mention_ids,
    normalise_external_id,
    normalise_name,
    person_fits_kept,
    resolve,
    said_may_complete,
    said_may_undo,
)
from .said import relations, said_of
from .said_names import names_said_for
from .senses import SENSES_KEY, THING, TYPE_CLASSES, sense_of, senses_conflict

if TYPE_CHECKING:
    from .said_reads import SaidReads

__all__ = [
    "LinkBatch",
    "Named",
    "affiliated",
    "candidate_of",
    "entity_scope",
    "kin_keys",
    "link_memory",
    "memory_mentions",
    "prefetch",
    "resolve_into",
    "resolve_untyped",
    "said_kin_keys",
    "subject_entities",
    "text_ids",
]

#: at most this many names of one memory are linked (a long text names many things; the first are kept)
MAX_MENTIONS = 24


@dataclass(frozen=True, slots=True)
class Named:
    """A mention and how the memory refers to it."""

    mention: Mention
    role: LinkRole


def _spelling(words: str, content: str) -> str:
    """The text's own spelling of a lower-case ``name:`` key ("bob smith" -> "Bob Smith"), else the key
    in title case (the key's accents were stripped, or its words were split differently)."""
    if content.isascii() and words.isascii():
        spelt = _ascii_spelling(words.split(), content)
        return spelt if spelt is not None else words.title()
    pattern = _spelling_pattern(words)
    found = pattern.search(content)
    if found:
        return found.group(0)
    spelt = _folded_spelling(pattern, content)
    return spelt if spelt is not None else words.title()


def _folded_spelling(pattern: re.Pattern[str], content: str) -> str | None:
    """The text's own spelling of a key whose accents were stripped ("jose nunez" -> "José Núñez"):
    the pattern searched in the text folded as keys are (typographic quotes, accents), the match
    mapped back to the original characters. Without it a new entity took the folded key in title case,
    "Jose Nunez", losing the spelling the user wrote."""
    folded: list[str] = []
    origin: list[int] = []  # the index in ``content`` of each character of the folded text
    for at, char in enumerate(content):
        for piece in key_fold(char):
            folded.append(piece)
            origin.append(at)
    found = pattern.search("".join(folded))
    if found is None or found.end() == found.start():
        return None
    start, end = origin[found.start()], origin[found.end() - 1] + 1
    while end < len(content) and not key_fold(content[end]):  # its trailing accent marks
        end += 1
    return content[start:end]


def _ascii_spelling(parts: list[str], content: str) -> str | None:
    """``_spelling_pattern``'s first match in ASCII text, without compiling a pattern per name (that
    cost ~0.1 ms for each name seen for the first time): the first place the words follow each other,
    in any case, separated by spaces, dots or commas ("Acme, Inc."), not inside a longer word."""
    low = content.lower()  # (ASCII: the same length, and what IGNORECASE compares)
    first, end = parts[0], len(low)
    start = low.find(first)
    while start != -1:
        if start == 0 or not _is_word(low[start - 1]):
            at = start + len(first)
            for part in parts[1:]:
                gap = at
                while gap < end and (low[gap].isspace() or low[gap] in ".,"):
                    gap += 1
                if gap == at or not low.startswith(part, gap):
                    break
                at = gap + len(part)
            else:
                if at == end or not _is_word(low[at]):
                    return content[start:at]
        start = low.find(first, start + 1)
    return None


def _is_word(char: str) -> bool:
    """``\\w`` for an ASCII character."""
    return char.isalnum() or char == "_"


@lru_cache(maxsize=16384)
def _spelling_pattern(words: str) -> re.Pattern[str]:
    pattern = r"(?<!\w)" + r"[\s.,]+".join(re.escape(w) for w in words.split()) + r"(?!\w)"
    return re.compile(pattern, re.IGNORECASE)


def memory_mentions(
    content: str, subject: Subject | None, related_user: str | None, keys: frozenset[str]
) -> list[Named]:
    """The mentions of a memory, from its fields and its entity keys (``text.extract_entities``)."""
    found: list[Named] = []
    if subject is not None:
        ids: tuple[str, ...] = ()
        if ":" in subject.id and subject.id != " ".join(subject.name.casefold().split()):
            try:
                ids = (normalise_external_id(subject.id),)
            except ValueError:
                ids = ()
        found.append(Named(Mention(subject.name, external_ids=ids), "subject"))
    if related_user:
        found.append(Named(Mention(related_user, "person", (f"user:{related_user}",)), "related_user"))
    names: list[str] = []
    emails: list[str] = []
    for key in keys:
        if key[:5] == "name:":
            names.append(key[5:])
        elif key[:6] == "email:":
            emails.append(key[6:])
    names = sorted(name for name in names if not _two_people(name))
    # (the words of the longer names: a lone word among them is a part of one; so is each name an "&"
    # joins, "mckenzie llp" of "baker & mckenzie llp", and a web address's name, "booking" of "booking.com")
    parts = {word for name in names if " " in name for word in name.split()}
    parts |= {side for name in names if " & " in name for side in name.split(" & ")}
    parts |= {word.partition(".")[0] for name in names if "." in name for word in name.split() if "." in word}
    for name in names:
        if name in parts:
            continue
        spelt = _as_named(_spelling(name, content), content)
        if spelt is None:
            continue
        found.append(Named(Mention(spelt, context=content, sense=sense_of(spelt, content)), "mention"))
        if len(found) >= MAX_MENTIONS:
            return found
    for email in sorted(emails):
        found.append(Named(Mention(email), "mention"))
    if len(found) < MAX_MENTIONS and any(key[:7] == "handle:" for key in keys):
        for handle in person_handles(content, keys):
            found.append(Named(Mention(handle, "person", context=content), "mention"))
    return found[:MAX_MENTIONS]


#: a handle written as a person's user name is: lower case, a letter first, words joined by "." "_" or "-"
_PERSON_HANDLE = re.compile(r"[a-z][a-z0-9]*(?:[._-][a-z0-9]+)*")
#: the rest of a handle with hyphens, which the text analysis' handles end before
_HYPHENATED = re.compile(r"(?:-[a-z0-9]+)+(?![\w@-])")
#: code in a memory's text: a fenced block (to its end if unclosed) or a span between backticks
_CODE_SPAN = re.compile(r"```.*?(?:```|\Z)|`[^`\n]+`", re.DOTALL)
#: what follows a decorator written alone on its line ("@dataclass", "@app.get('/')"): more decorators,
#: then the definition it decorates
_DECORATED = re.compile(r"(?:\([^\n]*\))?[ \t]*\n(?:[ \t]*@[^\n]*\n)*[ \t]*(?:async[ \t]+def|def|class)\b")
#: chat's broadcast mentions, no person ("@here", "@channel", "@everyone", "@all")
_BROADCASTS = frozenset(["here", "channel", "everyone", "all", "room"])


def person_handles(content: str, keys: frozenset[str]) -> list[str]:
    """The "@handles" ``content`` names people by ("@priyar approved the PR", "assigned to @mkeller"), as
    written, in order: the text analysis' ``handle:`` keys (an e-mail address's "@" is none, nor "@ 5pm")
    spelt as a person's user name is (lower case, a letter first: "@Acme" is an organisation's account,
    "@5pm" a time), not a word ("@home", "@work", "@release-team") nor a broadcast ("@here"), and not
    code: between backticks (and anywhere in a text whose code writes it), a call ("@param(") or a
    decorator on its own line before a ``def`` or ``class`` ("@dataclass"). A bare lower-case word ("mkeller") is not read as a handle: only a typed
    mention (a subject, a record's field) is."""
    found: list[str] = []
    if "@" not in content:
        return found
    code = [m.span() for m in _CODE_SPAN.finditer(content)] if "`" in content else []
    # (a handle the text's code writes is code wherever the text names it: "a @dataclass: ```@dataclass")
    in_code = {f.group(1) for start, end in code for f in _HANDLE_RE.finditer(content, start, end)}
    for m in _HANDLE_RE.finditer(content):
        body, end = m.group(1), m.end()
        if (joined := _HYPHENATED.match(content, end)) is not None:  # "@amara-eze" (a code host's)
            body, end = body + joined.group(), joined.end()
        if (
            f"@{body}" in found
            or len(body) < 3
            or f"handle:{m.group(1).lower()}" not in keys
            or not _PERSON_HANDLE.fullmatch(body)
            or content.startswith("(", end)
            or m.group(1) in in_code
            or any(start <= m.start() < end for start, end in code)
        ):
            continue
        words = [w for w in re.split(r"[._-]+", body) if w.isalpha()]
        if words and all(w in _BROADCASTS or w in STOPWORDS or is_common_word(w) for w in words):
            continue
        line_start = content.rfind("\n", 0, m.start()) + 1
        if not content[line_start : m.start()].strip() and _DECORATED.match(content, end):
            continue
        found.append(f"@{body}")
    return found


def _two_people(name: str) -> bool:
    """Two given names the text analysis joined by "&", one of them an English given name ("tom &
    anna", "tom & priya"): two people, each a name of its own. A firm is named after surnames, which
    the larger table of given names often lists too ("marks & spencer", "hollis & grant"), or words
    ("procter & gamble", "johnson & johnson", "smith & partners")."""
    if " & " not in name:
        return False
    sides = name.split(" & ")
    return (
        len(sides) == 2
        and sides[0] != sides[1]
        and all(" " not in side and is_given_name(side) for side in sides)
        and any(is_english_given_name(side) for side in sides)
    )


#: the first words of a role phrase the text analysis reads as a name ("CFO of Zephyr Corp", "Head of
#: Sales"): a role is no entity, what follows its "of" may be one
_ROLE_HEADS = frozenset(
    ["ceo", "cto", "cfo", "coo", "cio", "cpo", "cmo", "ciso", "vp", "svp", "evp", "head", "director"]
    + ["president", "chairman", "chairwoman", "chair", "founder", "cofounder", "co-founder", "chief"]
    + ["manager", "secretary", "minister", "mayor", "governor", "dean", "rector", "principal"]
)
#: roles written as capitals before a person's name, which the text analysis reads with it ("CFO Priya
#: Raman"): no part of the name
_ROLE_ABBREVIATIONS = frozenset(["ceo", "cto", "cfo", "coo", "cio", "cpo", "cmo", "ciso", "vp", "svp", "evp"])
#: a saint's title before a given name: the name is a part of a place's or a church's ("St. Peter's
#: Basilica", "San Francisco"), not a person's
_SAINTS = frozenset(["st", "ste", "saint", "sainte", "san", "santa", "santo", "sao"])
#: how far before a name ``_as_named`` looks for a saint's title or the name's first words
_BEFORE = 80
#: an edition after a product's name ("Route Planner v2"): the text analysis keys it apart ("id:v2")
_EDITION = re.compile(r"^\s+v\d+(?:\.\d+)*\b")
#: a possessive and a capitalised word after a name: the name may open a shop's ("Haddad's Grocery")
_OWNERS = re.compile(r"['’]s\s+([A-Z][\w-]*)")


def _as_named(spelt: str, content: str) -> str | None:
    """The name a mention found in ``content`` stands for, or None when it is not one: a role phrase is
    its organisation ("CFO of Zephyr Corp" -> "Zephyr Corp"; "Head of Sales" -> None), a given name after
    a saint's title is no person ("Peter" of "St. Peter's Basilica"), a common word after capitalised
    words is the end of their name ("Horizons" of "Bright Horizons", which the text analysis cut because
    the name starts a sentence with a common word), a product's name keeps its edition ("Route Planner
    v2")."""
    words = spelt.split()
    if len(words) >= 3 and _key(words[0]) in _ROLE_HEADS and "of" in (w.casefold() for w in words[1:-1]):
        at = [w.casefold() for w in words].index("of")
        rest = words[at + 1 :]
        if rest and rest[0].casefold() == "the":
            rest = rest[1:]
        if not rest or (len(rest) == 1 and is_common_word(_key(rest[0]))):
            return None
        return " ".join(rest)
    if len(words) == 1 and spelt.isupper() and _key(spelt) in _ROLE_ABBREVIATIONS:
        return None  # "CISO" of "Shira is the CISO at TLV": a role, no entity
    if len(words) >= 2 and words[0].isupper() and _key(words[0]) in _ROLE_ABBREVIATIONS:
        person = " ".join(words[1:])
        if guess_type(person) == EntityType.PERSON:
            return person  # "CFO Priya Raman" of "Globex's CFO Priya Raman": the person, not the role
    where = _find(spelt, content)
    if where is None:
        return spelt
    start, end = where
    # (the words right before the name only: a search of the whole text before it tried every place)
    before = content[max(0, start - _BEFORE) : start]
    if len(words) == 1 and before[-1:].isspace():
        leading = _capitalised_before(before)
        if leading and _key(leading[-1]) in _SAINTS:
            return None
        # (not the words that start a sentence anyway: "My Mercury card" is Mercury's)
        while leading and _key(leading[0]) in STOPWORDS:
            leading = leading[1:]
        if leading and is_common_word(_key(spelt)):
            return " ".join([*leading, spelt])
    if (
        len(words) == 1 and content[end : end + 1] in "'’" and (shop := _OWNERS.match(content, end))
        and is_common_word(_key(shop.group(1))) and not is_given_name(spelt)
    ):  # fmt: skip
        return None  # "Haddad" of "Haddad's Grocery": a shop named after a surname, no mention of it
    if content[end : end + 2].startswith((" v", " V")) and (edition := _EDITION.match(content[end:])):
        return content[start : end + edition.end()]
    return spelt


def _capitalised_before(before: str) -> list[str]:
    """The capitalised words (a title's dot allowed) right before a name, in their order: "Bright" of
    "Bright Horizons", "St." of "St. Peter"; none after a sentence's end or a comma."""
    words: list[str] = []
    for word in reversed(before.split()):
        if not word[:1].isupper() or (
            word[-1] in ".,;:!?" and not (word[-1] == "." and _key(word) in _SAINTS)
        ):
            break
        words.append(word)
    return words[::-1]


def _key(word: str) -> str:
    return key_fold(word).casefold().strip(".")


def _find(spelt: str, content: str) -> tuple[int, int] | None:
    """Where ``spelt`` first stands in ``content`` as whole words (start, end), else None."""
    at = content.find(spelt)
    while at != -1:
        end = at + len(spelt)
        if (at == 0 or not _is_word(content[at - 1])) and (end == len(content) or not _is_word(content[end])):
            return at, end
        at = content.find(spelt, at + 1)
    return None


def entity_scope(memory: Memory) -> EntityScope:
    """The scope a memory's names are resolved in: its own owner and visibility."""
    return EntityScope(memory.workspace, memory.owner, str(memory.visibility))


def candidate_of(entity: Entity, affiliations: tuple[str, ...] = ()) -> Candidate:
    return Candidate(
        entity.id, matching_type(entity.type) or "", entity.name, entity.aliases, entity.external_ids,
        affiliations, senses=entity_senses(entity),
    )  # fmt: skip


def entity_senses(entity: Entity) -> tuple[str, ...]:
    """The kinds of thing the texts that named ``entity`` said it is (kept in its attributes under
    ``senses``, see ``resolve_into``)."""
    found = entity.attributes.get(SENSES_KEY) if entity.attributes else None
    return tuple(s for s in found if isinstance(s, str)) if isinstance(found, list) else ()


#: ``candidate_of`` of entity objects by their identity, kept by a batch: the store's cache hands out
#: the same (immutable) objects each time, and the names of a batch share most of their candidates
Views = dict[int, tuple[Entity, Candidate]]


def _view(entity: Entity, views: Views | None) -> Candidate:
    if views is None:
        return candidate_of(entity)
    found = views.get(id(entity))
    if found is not None and found[0] is entity:  # (the entry keeps the object: its id is not reused)
        return found[1]
    candidate = candidate_of(entity)
    views[id(entity)] = (entity, candidate)
    return candidate


def _candidates(
    txn: EntityWrites,
    entities: dict[str, Entity],
    mention: Mention,
    views: Views | None = None,
    said: SaidReads | None = None,
) -> list[Candidate]:
    """The entities as resolution sees them; for a mention whose resolution compares what the store
    knows of known people (``said``: what earlier memories said of them, for an e-mail address or a
    name with its organisation also the organisations they belong to: "bob@acme.com" is the Robert
    Smith of Acme; "Zhang Wei from Lumen Optics" is not the Zhang Wei of Hongda), with it. Without
    ``said`` (no writer to read as) nothing of it is compared."""
    found = [_view(e, views) for e in entities.values()]
    if said is not None and found and said.needs(mention):
        return said.with_said(mention, found)
    return found


def resolve_into(
    txn: EntityWrites,
    scope: EntityScope,
    mention: Mention,
    at: datetime,
    *,
    attributes: dict[str, Any] | None = None,
    authoritative: bool = False,
    settled: Settled | None = None,
    views: Views | None = None,
    said: SaidReads | None = None,
) -> str | None:
    """The id of the entity of ``scope`` that ``mention`` refers to, learning from it (a new spelling
    becomes an alias, new external ids are kept, an untyped entity takes the mention's type, given
    attributes are merged in); a new entity when nothing fits; None when ambiguous, unless the mention
    is ``authoritative`` (a record keyed by its external ids: then a new entity with those ids).

    ``settled``: mentions already resolved to an entity they name exactly (or that they created), by
    spelling, with the keys their resolution read (``txn.resolution_memo()``): the same spelling
    resolves the same way again as long as no entity is filed under one of those keys since (nothing new
    to learn; the store drops a mention when an entity write touches its keys). ``views``: the
    candidates made so far in this batch (``LinkBatch.views``). ``said``: what earlier memories said of
    the candidates, read when the mention's sentence is compared with it (``graph.said_reads``); such a
    mention is never settled (that changes as memories are linked, expire or are forgotten).

    Its comparisons of the name with a person's names are each made once (``person_fits_kept``: it
    resolves the mention against the same candidates up to four times)."""
    with person_fits_kept():
        return _resolve_into(
            txn, scope, mention, at, attributes=attributes, authoritative=authoritative, settled=settled,
            views=views, said=said,
        )  # fmt: skip


def _resolve_into(
    txn: EntityWrites,
    scope: EntityScope,
    mention: Mention,
    at: datetime,
    *,
    attributes: dict[str, Any] | None,
    authoritative: bool,
    settled: Settled | None,
    views: Views | None,
    said: SaidReads | None,
) -> str | None:
    if said is not None and said.needs(mention):
        settled = None
    memo = _memo_key(scope, mention)
    if settled is not None and attributes is None:
        found = settled.get(memo)
        if found is not None:
            return found or None  # (``Settled.NOTHING``: ambiguous)
    ids, name, narrow, lookup, exact_first = _lookups(mention)
    entities: dict[str, Entity] = {}
    first: dict[str, Entity] = {}  # the exact-first look-up's entities
    result, looked = Resolution(None, "new"), False
    read: list[str] = []  # the keys the resolution read
    if exact_first:
        # First the entities with this very name (or ids): a name seen before is settled by an exact
        # match among them, with no need for the wider pool of partial, nickname and fuzzy candidates
        # (a stronger kind of match always wins; only a lone word of unknown type can be ambiguous
        # with a partial match of another type, so it always takes the wide path).
        read = list(narrow)
        entities = first = {e.id: e for e in txn.entity_candidates(scope, narrow, ids)}
        result, looked = _resolve_among(txn, entities, mention, views, said)
    if result.how not in ("exact", "external_id"):
        read = sorted(lookup)
        entities = {e.id: e for e in txn.entity_candidates(scope, read, ids)}
        result, looked = _resolve_among(txn, entities, mention, views, said)
    if looked:
        settled = None  # (decided with what was said of the candidates, which memories change)
    read += [id_key(i) for i in ids]
    if result.entity_id is not None:
        entity = entities[result.entity_id]
        kind = mention.type if (mention.type and matching_type(entity.type) is None) else None
        if kind is None and mention.type is None and matching_type(entity.type) is None:
            kind = guess_type(entity.name)  # an untyped entity of an older store: "Kalina Ivanova"
        names = [result.new_alias] if result.new_alias else []
        if names and entity.aliases:
            # (not a spelling whose normalised form an alias has: the store keeps one alias per form, so
            # it would be filed under keys of a name it does not keep, which ``graph.rekey`` drops)
            taken = {form for _, form in alias_pairs(entity.aliases, kind or entity.type)}
            names = [n for n, form in alias_pairs(names, kind or entity.type) if form not in taken]
        merged = {**(entity.attributes or {}), **attributes} if attributes else None
        # (what this text says it is, when no text said so before: "Mercury is the smallest planet")
        known = entity_senses(entity)
        if mention.sense and mention.sense not in known:
            merged = {**(merged if merged is not None else entity.attributes or {})}
            merged[SENSES_KEY] = [*known, mention.sense]
        new_ids = [i for i in ids if i not in entity.external_ids]
        said_ids = () if authoritative else text_ids(mention, ids)
        kin = kin_keys(mention) if matching_type(kind or entity.type) in (None, "person") else frozenset()
        keys, stale = name_keys(names, kind or entity.type), frozenset[str]()
        if kind:
            # (a newly typed entity is filed under its names' keys of that type, and no longer under
            # those only its old type gave: the keys ``graph.rekey`` would give it)
            had = [entity.name, *entity.aliases]
            keys = name_keys([*had, *names], kind)
            stale = name_keys(had, entity.type) - keys - kin
        if kind or names or new_ids or kin or (merged is not None and merged != entity.attributes):
            txn.update_entity(
                entity.id, at, type=str(kind) if kind else None, attributes=merged,
                aliases=alias_pairs(names, kind or entity.type), external_ids=new_ids,
                keys=keys | kin, from_text=[i for i in new_ids if i in said_ids], drop_keys=sorted(stale),
            )  # fmt: skip
        # (an address it may have from text only, given now: a record's, an explicit id)
        given = [i for i in ids if i[:6] == "email:" and i not in said_ids and i in entity.external_ids]
        if given:
            txn.confirm_external_ids(entity.id, given)
        if (
            settled is not None
            and not names
            and kind is None
            and not kin
            and (merged is None or merged == entity.attributes)
        ):
            exact = result.how in ("exact", "external_id")
            settled.put(memo, read, entity.id, entities, exact=exact, affiliated=affiliated(mention))
        return entity.id
    if result.how == "ambiguous" and not (authoritative and ids):
        if settled is not None:  # (as ambiguous again until one of its keys or candidates changes)
            settled.put(memo, read, Settled.NOTHING, entities, exact=False, affiliated=affiliated(mention))
        return None
    if not (name or ids):
        return None
    # (an untyped name that reads as a person's, "Kalina Ivanova", is a person's)
    kind = mention.type or (guess_type(name) if name else None)
    # (built without validation: every field is made here, of the model's types)
    entity = Entity.model_construct(
        id=new_id(), workspace=scope.workspace, owner=scope.owner, visibility=Visibility(scope.visibility),
        type=str(kind) if kind else "other", name=name or ids[0].partition(":")[2], aliases=(),
        external_ids=ids, attributes=_with_sense(attributes, _sense(mention)), created_at=at, updated_at=at,
    )  # fmt: skip
    # (an entity known only by an e-mail address is filed under the address's name parts: a later
    # "Bob Smith" finds it as a candidate)
    said_ids = () if authoritative else text_ids(mention, ids)
    kin = kin_keys(mention) if matching_type(entity.type) in (None, "person") else frozenset()
    txn.insert_entity(entity, (), name_keys([entity.name], kind) | kin, from_text=said_ids)
    if settled is not None:
        narrow_pool = ([*narrow, *(id_key(i) for i in ids)], first) if exact_first else None
        _settle_new(txn, settled, (memo, mention, entity), (read, entities), narrow_pool, views)
    return entity.id


def text_ids(mention: Mention, ids: Sequence[str]) -> tuple[str, ...]:
    """Of ``ids``, the mention's normalised external ids (``mention_ids``), those read from its name (an
    e-mail address a memory's text names) and not given with it (``Mention.external_ids``: a record's,
    a subject's id): a memory's text is their only source, so they go with the memories naming them
    (``EntityWrites.add_external_id_sources``)."""
    if not ids or not mention.name or "@" not in mention.name:
        return ()
    try:
        given = {normalise_external_id(v) for v in mention.external_ids}
    except ValueError:
        return ()
    return tuple(i for i in ids if i not in given)


def _sense(mention: Mention) -> str | None:
    """What a new entity's first mention says it is: its text's sense, or a thing when the caller typed
    it ``other`` (an entity of that type is kept untyped: ``senses.THING``)."""
    return mention.sense or (THING if mention.type in (EntityType.OTHER, "other") else None)


def _with_sense(attributes: dict[str, Any] | None, sense: str | None) -> dict[str, Any] | None:
    """A new entity's attributes, with the kind of thing its first text said it is."""
    if sense is None:
        return attributes or None
    return {**(attributes or {}), SENSES_KEY: [sense]}


def _settle_new(
    txn: EntityWrites,
    settled: Settled,
    made: tuple[tuple[Any, ...], Mention, Entity],
    wide: tuple[list[str], dict[str, Entity]],
    first: tuple[list[str], dict[str, Entity]] | None,
    views: Views | None,
) -> None:
    """Remember that ``mention`` made ``entity``, with what resolving it again would read and compare.
    Again, the exact-first look-up (``first``: its keys and what it found) finds the entity too; when
    that settles it (an exact match among them: a full name, an e-mail address), only an entity filed
    under those keys since can change the answer. Otherwise (a lone given name is at most a partial
    match of itself: "Ana" typed a person's by its text) it reads the wider pool again, and anything
    filed under any of its keys since can make it ambiguous; so it is settled with them all. Either way
    only when resolving it again among those candidates gives this entity (what a fresh resolution
    would answer)."""
    memo, mention, entity = made
    compared = affiliated(mention)
    if first is not None:
        keys, found = first
        pool = {**found, entity.id: entity}
        again, _ = _resolve_among(txn, pool, mention, views)
        if again.entity_id == entity.id and again.how in ("exact", "external_id") and not again.new_alias:
            settled.put(memo, keys, entity.id, pool, affiliated=compared)
            return
    read, entities = wide
    pool = {**entities, entity.id: entity}
    again, _ = _resolve_among(txn, pool, mention, views)
    if again.entity_id == entity.id and not again.new_alias:
        exact = again.how in ("exact", "external_id")
        settled.put(memo, read, entity.id, pool, exact=exact, affiliated=compared)


def affiliated(mention: Mention) -> bool:
    """Whether resolving ``mention`` compares the candidates' organisations: it names its own (a CRM
    contact's company, "Kasia Nowak from Tarkon"), or it is an e-mail address (an address at the domain
    of a person's organisation is theirs)."""
    return bool(mention.affiliations or (mention.name and "@" in mention.name))


#: what resolving against no candidates gives (``resolve`` has nothing to compare; a new name)
_NOTHING = Resolution(None, "new")


def _resolve_among(
    txn: EntityWrites,
    entities: dict[str, Entity],
    mention: Mention,
    views: Views | None,
    said: SaidReads | None = None,
) -> tuple[Resolution, bool]:
    """``resolve_untyped`` against ``entities``; with none, "new" without resolving (a name that
    nothing is filed under: the exact-first look-up of every name seen for the first time). And
    whether it was decided with what earlier memories said of the candidates although the mention's
    own sentence did not ask for it (``SaidReads.needs``): a match that it may undo
    (``resolution.said_may_undo``: another candidate the name fits as well, first said to be another
    one or a group; a sentence of the candidate that denies what the mention's says), or no match that
    it may make one (``resolution.said_may_complete``: a full name of one known by the given name
    alone, said to be the writer's skipper), resolved again with it, as the registry, which keeps every
    entity's sentences, resolves it."""
    if not entities and not mention.external_ids:  # (invalid external ids raise in resolve)
        return _NOTHING, False
    candidates = _candidates(txn, entities, mention, views, said)
    result = resolve_untyped(mention, candidates)
    if (
        said is not None
        and not said.needs(mention)
        and (said_may_undo(mention, result, candidates) or said_may_complete(mention, result, candidates))
    ):
        return resolve_untyped(mention, said.with_said(mention, candidates, every=True)), True
    return result, False


def _memo_key(scope: EntityScope, mention: Mention) -> tuple[Any, ...]:
    # (the scope first: PostgreSQL's memo locks a mention's scope before it answers)
    # (and its organisations: "Kasia Nowak" of Tarkon may be another Kasia Nowak than an unaffiliated one;
    # and what its text says of it: "Farah is my yoga friend" is not Dr. Farah Haddad, "Théodore Marchand
    # is Théo's father" not Théo Marchand)
    evidence = _evidence(mention.name, mention.context) if mention.name else None
    return (
        scope, mention.name, mention.type, mention.external_ids, mention.affiliations, evidence, mention.sense
    )  # fmt: skip


#: ``context_evidence``, kept: a store asks for each mention's memo key two or three times (``prefetch``,
#: ``link_memory``, ``resolve_into``), and the evidence reads the mention's sentence each time
_evidence = lru_cache(maxsize=16384)(context_evidence)


Lookups = tuple[tuple[str, ...], str, tuple[str, ...], frozenset[str], bool]


def _lookups(mention: Mention) -> Lookups:
    """What resolving ``mention`` reads: its normalised external ids, its name, the keys of the
    exact-first look-up, all its keys, and whether the exact-first look-up comes first (see
    ``resolve_into``)."""
    ids, name, narrow, lookup, exact_first = _lookups_of(mention.name, mention.type, mention.external_ids)
    # (and the keys of the other names its sentence gives it: "Toshko, our driver Todor")
    if (
        name
        and mention.context
        and (others := names_said_for(name, mention.context, mention.type in (None, "person")))
    ):
        lookup = lookup | name_keys(list(others), mention.type)
    # (and the relative of the writer its sentence says it is: "Walter Jensen is my father" is the one
    # known as "Dad", or said to be the father before)
    if kin := kin_keys(mention):
        lookup = lookup | kin
    # (and the names a rare short form of two letters and a diminutive ending may shorten: "Ify" is
    # Ifeoma Nwankwo, "Leko" Levan Tsiklauri, as the registry finds them)
    if name and mention.type in (None, "person") and (short := _short_form_keys(name)):
        lookup = lookup | short
    # (and the keys of the name's own words where the key rules join a particle to the next word: "la
    # Giuliana" is Giuliana Pigini, "der Meister" Meister Ulrich Kaltenbrunn, and "Mr. Hai" is Tran Van
    # Hai, filed under "vanhai": the registry's resolution reads the words apart, ``_readings``)
    if name and mention.type in (None, "person") and (apart := _particle_keys(name, mention.type)):
        lookup = lookup | apart
    return ids, name, narrow, lookup, exact_first


#: no keys: the one empty set the cached key functions below answer with (an equal answer; one object
#: instead of one per name kept in their caches, each of which the garbage collector would scan)
_NO_KEYS: frozenset[str] = frozenset()


#: "van", a particle the key rules join to the word after it (as every one of ``_PARTICLES``: "la
#: Giuliana" -> "lagiuliana"), is also the Vietnamese middle name Văn ("Tran Van Hai" -> "tran vanhai")
_VAN = "van"


@lru_cache(maxsize=16384)
def _particle_keys(name: str, kind: str | None) -> frozenset[str]:
    """Look-up keys of a person's name (or an untyped one) that its own keys miss because the key rules
    join a particle to the word after it: for a name led by a particle in lower case ("la Giuliana",
    "der Meister"), the keys of the words after it; for a name of one word once its title is read
    ("Mr. Hai", "Cậu Minh"), the partial key of that word after Vietnamese "Van", a middle name the
    key rules join as the Dutch particle ("Tran Van Hai" is filed under "p:vanhai", not "p:hai"). Only
    more candidates: resolution decides among them as the registry does among every entity."""
    words = name.split()
    if len(words) >= 2 and words[0].islower() and key_fold(words[0]).casefold() in _PARTICLES:
        return name_keys([" ".join(words[1:])], kind)
    core = normalise_name(name, EntityType.PERSON)
    if core and core.isalpha() and core != _VAN:
        return frozenset({f"p:{_VAN}{core}"})
    return _NO_KEYS


#: the letters a fuzzy prefix's third may be (``resolution.fuzzy_prefix`` folds accents)
_LETTERS = "abcdefghijklmnopqrstuvwxyz"


@lru_cache(maxsize=16384)
def _short_form_keys(name: str) -> frozenset[str]:
    """The fuzzy-prefix keys (``f:``) of the given names a lone name may be a short form of by its
    two-letter stem and a diminutive ending ("if" + "y", "le" + "ko", "ed" + "inho":
    ``name_forms.is_short_form``), which share no other key with them: the names that start with the
    stem. Only for a short form few people are given as a name of its own (resolution links a lone
    common one to a longer name only with an organisation in common, which the wider look-ups of the
    organisation find); a stem of three letters or more is the name's own fuzzy prefix already."""
    if " " in name.strip():
        return _NO_KEYS
    word = key_fold(name.strip()).casefold()
    if len(word) < 3 or not word.isalpha():
        return _NO_KEYS
    if not any(word.endswith(e) and len(word) - len(e) == 2 for e in DIMINUTIVE_ENDINGS):
        return _NO_KEYS
    if has_name_dictionary() and given_name_frequency(word) >= COMMON_GIVEN_NAME:
        return _NO_KEYS
    return frozenset(f"f:{word[:2]}{letter}" for letter in _LETTERS)


def kin_keys(mention: Mention) -> frozenset[str]:
    """The keys (``resolution.KIN_KEY``) of the writer's relatives a person's (or an untyped) mention's
    own sentence says it is ("Walter Jensen is my father", "Aya-chan, my wife"): looked up with its
    name's, and filed under for the entity it is linked to, so that a later kinship word alone ("Dad",
    "Mẹ") finds it among its candidates (resolution's ``_by_kin`` decides, with what its memories said).
    Such a key is no name rule but its memory's: ``link_memory`` records the memory as its source
    (``EntityWrites.add_key_sources``), deleting the last memory linked to the entity that gives it
    deletes it, and ``graph.rekey`` gives entities the keys their memories give (:func:`said_kin_keys`)."""
    if not mention.name or not mention.context or mention.type not in (None, "person"):
        return _NO_KEYS
    return _kin_keys(mention.name.strip(), mention.context)


def said_kin_keys(names: Sequence[str], content: str) -> frozenset[str]:
    """The relatives' keys (:func:`kin_keys`) a stored memory's text gives an entity of these names
    (its name and aliases), each as the memory's mention of it would be spelt (``memory_mentions``):
    what ``graph.rekey`` files an existing entity under, from the memories linked to it."""
    found: set[str] = set()
    for name in names:
        spelt = _spelling(" ".join(name.casefold().split()), content) if name.strip() else ""
        if not spelt or _find(spelt, content) is None:  # (not in this text)
            continue
        if named := _as_named(spelt, content):
            found |= kin_keys(Mention(named, context=content))
    return frozenset(found)


@lru_cache(maxsize=16384)
def _kin_keys(name: str, context: str) -> frozenset[str]:
    said = said_of(name, context)
    return (frozenset(KIN_KEY + r.kin for r in relations(said) if r.kin) or _NO_KEYS) if said else _NO_KEYS


@lru_cache(maxsize=65536)
def _lookups_of(name: str | None, kind: str | None, external_ids: tuple[str, ...]) -> Lookups:
    try:
        ids = mention_ids(Mention(name, kind, external_ids))
    except ValueError:
        ids = ()
    name = name.strip() if name else ""
    lookup = name_keys([name], kind) if name else _NO_KEYS
    narrow = tuple(sorted(k for k in lookup if k.startswith("n:")))
    exact_first = bool(ids or (name and (kind is not None or len(name.split()) > 1)))
    return ids, name, narrow, lookup, exact_first


def prefetch(
    txn: EntityWrites,
    batch: Sequence[tuple[EntityScope, Sequence[Named]]],
    settled: Settled,
    said: SaidReads | None = None,
) -> None:
    """Before a batch of memories is linked: read the candidates of all their names that are not
    settled yet in two statements per scope instead of one or two per name (``prefetch_candidates``;
    the answers do not change). First every name's exact-first keys (and the wider keys of lone
    words, which always read them); then the wider keys of the names nothing was filed under exactly
    (they will be new, or match partially). With ``said``: then what earlier memories said of the
    people those candidates are, for the names whose sentence is compared with it, in one statement."""
    todo: dict[
        tuple[Any, ...], tuple[EntityScope, tuple[str, ...], tuple[str, ...], frozenset[str], bool]
    ] = {}
    # (scopes in one order: PostgreSQL locks a scope before it answers from what it remembers of it, and
    # two batches of the same scopes must not take them in opposite orders)
    for scope, mentions in sorted(batch, key=lambda b: (b[0].workspace, b[0].owner, b[0].visibility)):
        for named in mentions:
            memo = _memo_key(scope, named.mention)
            if memo not in todo and settled.get(memo) is None:
                ids, _, narrow, lookup, exact_first = _lookups(named.mention)
                todo[memo] = (scope, ids, narrow, lookup, exact_first)
    for wide in (False, True) if todo else ():  # (none: every name settled, a store of names seen before)
        wanted: dict[EntityScope, tuple[set[str], set[str]]] = {}
        for scope, ids, narrow, lookup, exact_first in todo.values():
            if not wide:
                keys: Iterable[str] = narrow if exact_first else lookup
            elif exact_first and not txn.entity_candidates(scope, narrow, ids):
                keys = lookup
            else:
                continue
            found = wanted.setdefault(scope, (set(), set()))
            found[0].update(keys)
            found[1].update(ids)
        # (scopes in one order: PostgreSQL locks each scope it reads, and two batches of the same
        # scopes must not take them in opposite orders)
        for scope in sorted(wanted, key=lambda s: (s.workspace, s.owner, s.visibility)):
            all_keys, all_ids = wanted[scope]
            txn.prefetch_candidates(scope, sorted(all_keys), sorted(all_ids))
    if said is not None:
        _prefetch_said(txn, batch, said)


def _prefetch_said(
    txn: EntityWrites, batch: Sequence[tuple[EntityScope, Sequence[Named]]], said: SaidReads
) -> None:
    """What earlier memories said of every person a name of the batch whose sentence is compared with
    it may be resolved to (its candidates, read by ``prefetch`` just before), in one statement."""
    people: list[str] = []
    for scope, mentions in sorted(batch, key=lambda b: (b[0].workspace, b[0].owner, b[0].visibility)):
        for named in mentions:
            if said.needs(named.mention):
                # (what ``resolve_into`` reads: the exact-first look-up, else the wider one)
                ids, _, narrow, lookup, exact_first = _lookups(named.mention)
                found = txn.entity_candidates(scope, narrow, ids) if exact_first else []
                if not found:
                    found = txn.entity_candidates(scope, sorted(lookup), ids)
                people += [e.id for e in found if said.compared(named.mention, e.type)]
    said.read(people)


@dataclass
class LinkBatch:
    """What the memories stored in one transaction share while they are linked: the names resolved
    so far (``txn.resolution_memo()``) and the link rows not written yet (``flush`` writes them in one
    statement; nothing between reads them)."""

    settled: Settled
    pending: list[tuple[int, str, LinkRole]] = field(default_factory=list)
    #: the candidates made for resolution in this batch (``resolve_into``'s ``views``)
    views: Views = field(default_factory=dict)
    #: what earlier memories said of candidates (``reading_said``; ``resolve_into``'s ``said``)
    said: SaidReads | None = None

    def reading_said(self, txn: EntityWrites, actor: Actor, at: datetime) -> LinkBatch:
        """Resolve with what earlier memories ``actor`` (the writer) may read said of known people."""
        from .said_reads import SaidReads

        def pending() -> list[str]:
            return [entity_id for _, entity_id, _ in self.pending]

        self.said = SaidReads(txn, actor, at, pending, lambda: self.flush(txn))
        return self

    def flush(self, txn: EntityWrites) -> None:
        if self.said is not None:  # (what they said is read again: these memories say more)
            self.said.linked(entity_id for _, entity_id, _ in self.pending)
        txn.link_entities(self.pending)
        self.pending.clear()
        _settle_heap()


#: whether ``_settle_heap`` may freeze this process's heap (``own_process``) and whether it ran
_heap_is_ours = False
_settled_heap = False


def own_process() -> None:
    """Say that this process is memlane's own (the ``memlane`` command: serve, worker, imports), so
    linking may settle its heap (``_settle_heap``). A program that embeds the library never has its heap
    frozen by it: ``gc.freeze`` acts on the whole process, and what the host keeps alive at that moment
    would never be collected if it later became garbage in a cycle."""
    global _heap_is_ours
    _heap_is_ours = True


def _settle_heap() -> None:
    """Once per process, after its first linked batch, in memlane's own processes (``own_process``): what
    is alive then (modules, classes, the name tables, nickname and gender dictionaries and gazetteer that
    resolution loads on first use) is moved out of the cyclic garbage collector's sight (``gc.freeze``,
    after one collection so that no garbage is kept). It lives as long as the process anyway; scanning it
    again in every full collection cost ~0.02 ms per item of a bulk load with linking (its caches make
    full collections more frequent), ~5% of a store. Objects alive then that later become garbage in a
    reference cycle are not reclaimed: a one-time, bounded amount (reference counting still frees the
    rest)."""
    global _settled_heap
    if _heap_is_ours and not _settled_heap:
        _settled_heap = True
        gc.collect()
        gc.freeze()


def forget_stored_texts() -> None:
    """After a store: empty the caches of what linking works out from a stored memory's own text (a
    name's sentence: its evidence, sense, relatives' keys, the other names it says, whether what was said
    is compared, what the text states). A store asks each several times for one memory, while it reads
    and links it, and never again after (another memory has other sentences), so these answers only
    grew the heap: the full collections of the garbage collector scan every cached entry (a bulk load of
    3,000 items kept ~40,000 of them, and paid three full collections instead of two). The functions
    are pure: emptying a cache changes no answer, only what is worked out again."""
    from .relations_text import _read
    from .resolution import context_evidence
    from .said_reads import _needs

    for cached in (_evidence, _kin_keys, context_evidence, _needs, sense_of, names_said_for, _read):
        cached.cache_clear()


def resolve_untyped(mention: Mention, candidates: list[Candidate]) -> Resolution:
    """``resolve``, and for a name of unknown type (found in text) that fits nothing as it is, its
    readings as a person's and as an organisation's name ("Robert Smith" is the "Bob Smith" seen
    before; "ACME Inc." is "Acme Corp"): taken when exactly one entity fits and no reading is
    ambiguous."""
    result = resolve(mention, candidates)
    if mention.type is not None or result.how != "new" or not mention.name or not candidates:
        return result
    if all(matching_type(c.type) for c in candidates):
        # Every candidate has a type: read as a person's or an organisation's name, the mention meets
        # only the candidates of that type, compared as that type, exactly as the untyped reading
        # compared them (``resolve`` compares as the mention's type, else the candidate's). Nothing
        # fitted them then, so no reading can fit now (tests/test_linking_readings.py checks it).
        return result
    # (not as a kind its text says it is not: "the Amazon river" is read as no company's name)
    said = frozenset({mention.sense}) if mention.sense else frozenset()
    readings = [
        resolve(replace(mention, type=kind), candidates)
        for kind in _READINGS
        if not senses_conflict(said, frozenset({TYPE_CLASSES[kind]}))
    ]
    # (a city's name alone is not an untyped thing named after the city: "Oxford" of "applying to Oxford"
    # is no "Oxford Half", "Canterbury" no "Canterbury West")
    readings = [r for r in readings if not _place_opens(mention, r, candidates)]
    found = {r.entity_id for r in readings if r.entity_id is not None}
    if len(found) == 1 and not any(r.how == "ambiguous" for r in readings):
        return next(r for r in readings if r.entity_id is not None)
    if found or any(r.how == "ambiguous" for r in readings):
        # (every entity some reading fits: the graph lane gives each a share)
        fits = found | {c for r in readings if r.how == "ambiguous" for c in r.candidates}
        return Resolution(None, "ambiguous", tuple(sorted(i for i in fits if i)))
    return result


#: the kinds an untyped name is also read as
_READINGS = (EntityType.PERSON, EntityType.COMPANY)


def _place_opens(mention: Mention, reading: Resolution, candidates: list[Candidate]) -> bool:
    """``reading`` (a person's or an organisation's reading of an untyped one-word ``mention``) matched
    an untyped entity only by a part of its name, a longer name the mention opens, and the mention is a
    city's name said in no person's or organisation's sense: a place alone is no race, station or event
    named after it ("Oxford" / "Oxford Half"), unless that name is a city's too ("Frankfurt am Main")."""
    name = mention.name
    if reading.how != "partial" or reading.entity_id is None or not name or " " in name.strip():
        return False
    if mention.sense in (TYPE_CLASSES[EntityType.PERSON], TYPE_CLASSES[EntityType.COMPANY]):
        return False
    entity = next((c for c in candidates if c.id == reading.entity_id), None)
    if entity is None or matching_type(entity.type):
        return False
    word = name.strip().casefold()
    names = [entity.name, *entity.aliases]
    if any(other.strip().casefold() == word for other in names):
        return False
    opens = any(len(w := other.casefold().split()) > 1 and w[0] == word for other in names)
    # (not when the longer name is a city's own, "Frankfurt am Main")
    return opens and city_of(name.strip()) is not None and not any(city_of(other) for other in names)


def link_memory(
    txn: EntityWrites,
    scope: EntityScope,
    memory_seq: int,
    mentions: Sequence[Named],
    at: datetime,
    settled: Settled | None = None,
    pending: list[tuple[int, str, LinkRole]] | None = None,
    views: Views | None = None,
    said: SaidReads | None = None,
) -> list[tuple[LinkRole, str]]:
    """Resolve and link every mention of a stored memory; returns the (role, entity id) links made.
    ``settled``: shared by the memories of one transaction (see ``resolve_into``). ``pending``: the
    link rows are added to it, for the caller to write with the rest of its batch
    (``txn.link_entities``, in the same transaction) instead of now. ``views``, ``said``: see
    ``resolve_into``."""
    links: list[tuple[LinkRole, str]] = []
    for named in mentions:
        # (most names of a batch were resolved before: answered here without the call)
        entity_id = None
        if settled is not None and not (said is not None and said.needs(named.mention)):
            entity_id = settled.get(_memo_key(scope, named.mention))
        if entity_id is None:
            entity_id = resolve_into(txn, scope, named.mention, at, settled=settled, views=views, said=said)
        if entity_id:  # (not None, nor ``Settled.NOTHING``: ambiguous)
            links.append((named.role, entity_id))
            if named.mention.name and "@" in named.mention.name:
                # (an address the text names: it lives while a memory naming it does)
                said_ids = text_ids(named.mention, _lookups(named.mention)[0])
                if said_ids:
                    txn.add_external_id_sources(memory_seq, said_ids)
            # (a relative's key its sentence gives, "my father Tomasz": it lives while a memory gives it)
            if kin := kin_keys(named.mention):
                txn.add_key_sources(memory_seq, sorted(kin))
    rows = [(memory_seq, entity_id, role) for role, entity_id in links]
    if pending is None:
        txn.link_entities(rows)
    else:
        pending.extend(rows)
    return links


def subject_entities(
    rows: Sequence[tuple[str, str, str, int, str]], at: datetime
) -> tuple[list[tuple[Entity, list[tuple[str, str]], frozenset[str]]], list[tuple[int, str]]]:
    """Migration 7: the subjects of existing memories become entities. ``rows`` are (workspace, owner,
    visibility, seq, subject name), oldest first; names are resolved per scope as on store ("Dr.
    Georgiev" and "Georgiev" are one entity; an ambiguous name stays unlinked). Returns the entities
    (with their alias pairs and keys) and the (seq, entity id) subject links."""
    known: dict[tuple[str, str, str], dict[str, Candidate]] = {}
    links: list[tuple[int, str]] = []
    for workspace, owner, visibility, seq, name in rows:
        scope = known.setdefault((workspace, owner, visibility), {})
        result = resolve_untyped(Mention(name), list(scope.values()))
        if result.entity_id is not None:
            old = scope[result.entity_id]
            if result.new_alias:
                scope[old.id] = replace(old, aliases=(*old.aliases, result.new_alias))
            links.append((seq, old.id))
        elif result.how != "ambiguous":
            entity_id = new_id()
            scope[entity_id] = Candidate(entity_id, "", name.strip())
            links.append((seq, entity_id))
    entities = []
    for (workspace, owner, visibility), candidates in known.items():
        for c in candidates.values():
            entity = Entity(
                id=c.id, workspace=workspace, owner=owner, visibility=Visibility(visibility), type="other",
                name=c.name, aliases=c.aliases, created_at=at, updated_at=at,
            )  # fmt: skip
            entities.append((entity, alias_pairs(c.aliases, None), name_keys([c.name, *c.aliases], None)))
    return entities, links
