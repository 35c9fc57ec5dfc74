"""What the store knows of a candidate, read while a memory's names are linked: what earlier memories
said of it, and the organisations it belongs to.

Resolution weighs what the first sentences that named a known person said of it (``Candidate.said``:
"Sophie Clarke is my daughter's form teacher" keeps "Sophie my sister" apart; "Gary ... is our rep,
not the superintendent" is not the Gary said to be the superintendent) and the organisations it belongs
to (``Candidate.affiliations``: "Zhang Wei from Lumen Optics" is not the Zhang Wei of Hongda; an address
at acme.com is the Bob Smith of Acme's). The registry keeps both with each entity; a store keeps neither
as such: the sentences are its memories, and its organisations are its ``works_at`` / ``member_of`` /
``customer_of`` edges and what those memories say ("Wei Zhang from Hongda sent the price list"). Both
are read here in one statement (``EntityWrites.entity_evidence``: the first ``said.KEPT`` memories whose
text names it and its open affiliation edges, under the one read rule, as the writer may read them now).
The sentences are marked as ``said.said_of`` marks a mention's own; the organisations a memory's text
gives its person are read by the text analysis a stored memory's own mentions get (``text_links``:
an affiliation, "Kasia Nowak from Tarkon", or an affiliation relation, "Maria works for Siemens").
Resolution then decides with them as it decides with the registry's (``graph.resolution``).

Read only when it can matter (``needs``): the mention's own sentence says who its person is to the
writer or whom it is not by a description, and then only of the candidates resolution may compare as
people; or it says its name is a namesake or another one ("a different Fiona"), or a place's sentence
gives its country ("Paris, Texas"; ``resolution.said_apart``: then of every candidate); or the
mention names its organisation or is an e-mail address (then of the candidates compared as people).
One statement reads them for all such mentions of a store batch (``read``, from ``linking.prefetch``);
an entity that a memory of the batch is linked to later is read again when next asked for (its
batch's link rows written first, so that the statement sees them). What resolution decided with
them is never kept in the resolution memo (``linking.resolve_into``): it changes as memories and
edges come and go.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from datetime import datetime
from functools import lru_cache

from ..models import Actor
from ..storage.base import AFFILIATIONS, EntityWrites
from ..storage.entity_names import matching_type
from ..text import extract_entities, key_fold
from .linking import _spelling, affiliated, memory_mentions
from .name_forms import kin_alone
from .occupations import occupations
from .resolution import (
    Candidate,
    EntityType,
    Mention,
    bare_role,
    normalise_name,
    said_apart,
    says_private,
    title_gender,
    where_said_from,
)
from .said import (
    KEPT,
    denials,
    description,
    kin_of_another,
    relations,
    roles,
    said_not_self,
    said_of,
    said_self,
    workplace,
)

__all__ = ["SaidReads", "organisations_said", "sentences"]

_PERSON = str(EntityType.PERSON)


class SaidReads:
    """The sentences of earlier memories about candidates and their organisations, for one store batch's
    linking (``actor``: the writer, whose read rule applies; ``at``: the batch's time, for what has
    expired). ``pending``, ``flush``: the entities of the batch's link rows not written yet, and what
    writes them (none outside a store batch: an anchored record's)."""

    def __init__(
        self, txn: EntityWrites, actor: Actor, at: datetime,
        pending: Callable[[], Sequence[str]] = tuple, flush: Callable[[], None] = lambda: None,
    ) -> None:  # fmt: skip
        self._txn, self._actor, self._at = txn, actor, at
        self._pending, self._flush = pending, flush
        #: each entity's texts read so far (oldest first), until a link of this batch adds one
        self._texts: dict[str, tuple[str, ...]] = {}
        #: each entity's organisations by its open affiliation edges, read with its texts
        self._edges: dict[str, tuple[str, ...]] = {}
        #: the transaction's ``memories_retired`` when this began: while it stays so, what is kept of an
        #: entity's first ``KEPT`` texts is what reading them again would give (see ``read``)
        self._retired = txn.memories_retired

    @staticmethod
    def needs(mention: Mention) -> bool:
        """Whether resolving ``mention`` compares its sentence with what was said of known entities: its
        sentence says who its person is to the writer ("Sophie my sister") or whom it is not by a
        description ("..., not the superintendent"), for a person's name (or an untyped one); or that
        its name is a namesake of a known one or another one ("a different Fiona": any kind of thing),
        or, a place's, the country it is in ("Paris, Texas": ``resolution.said_apart``); or it is a
        kinship word alone ("Mẹ": the relative a candidate's sentences said it is); or it names the
        organisation its person belongs to ("Zhang Wei from Lumen Optics", a CRM contact's company) or
        is an e-mail address (resolution compares the candidates' organisations); or its sentence describes
        its person ("Gabriel the striker") or its title states a gender ("Mr Kapanadze"): of people the
        name fits equally, resolution takes the one so described, or the one not said to be of the
        other gender; or it gives its person an occupation ("our accountant Julia") or makes it
        someone's relative ("@ is his son"), or says it is the writer ("@ is me"), which resolution
        compares with the candidates'."""
        # (kept by what it reads: linking asks it of each mention of a batch several times)
        return _needs(mention.name, mention.type, mention.affiliations, mention.context)

    @staticmethod
    def compared(mention: Mention, candidate_type: str | None) -> bool:
        """Whether resolving ``mention`` (one that ``needs`` what was said) compares a candidate of this
        type with it: as a person (typed so, or untyped), or any candidate of a mention ``said_apart``."""
        return matching_type(candidate_type) in (None, _PERSON) or said_apart(mention)

    def read(self, entity_ids: Iterable[str]) -> None:
        """Read the texts and organisation edges of the entities not read yet, or that a memory of the
        batch was linked to since (its edges may have changed: the relations its text states), in one
        statement."""
        ids = list(dict.fromkeys(entity_ids))
        if not ids:
            return
        pending = set(self._pending())
        if pending and any(i in pending for i in ids):
            self._flush()  # (the batch's links first: the statement reads the link table; ``linked``)
        wanted = [i for i in ids if i not in self._texts or i not in self._edges]
        if wanted and self._txn.memories_retired == self._retired:
            # Of an entity whose first ``KEPT`` texts were read, only the edges are read again (a memory
            # of the batch was linked to it: ``linked``), by the statement ``entity_evidence`` reads them
            # with: its texts are those, since the memories linked in this transaction come after them
            # (their ``seq`` is larger) and none was superseded or deleted since (``memories_retired``):
            # the "Reminder from Bruno Moreau: ..." of 1 in 8 items, whose entity's texts were read
            # again after every flush of the batch's links.
            again = [i for i in wanted if i not in self._edges and len(self._texts.get(i, ())) >= KEPT]
            if again:
                found_edges = self._txn.entity_affiliations(self._actor, again, self._at)
                self._edges.update((i, found_edges.get(i, ())) for i in again)
                wanted = [i for i in wanted if i not in self._edges]
        if not wanted:
            return
        found: dict[str, list[str]] = {i: [] for i in wanted}
        edges: dict[str, list[str]] = {i: [] for i in wanted}
        for entity_id, kind, value in self._txn.entity_evidence(self._actor, wanted, KEPT, self._at):
            (found if kind == "text" else edges)[entity_id].append(value)
        self._texts.update((i, tuple(texts)) for i, texts in found.items())
        self._edges.update((i, tuple(names)) for i, names in edges.items())

    def organisation_edges(self, entity_id: str) -> tuple[str, ...]:
        """The organisations of ``entity_id``'s open affiliation edges the writer may see, read now
        (``EntityWrites.entity_affiliations``)."""
        return self._txn.entity_affiliations(self._actor, [entity_id], self._at).get(entity_id, ())

    def linked(self, entity_ids: Iterable[str]) -> None:
        """Memories of the batch were linked to these entities: read their edges again when next asked
        for (those memories' relations are written with them), and their texts unless they have
        ``said.KEPT`` already (later memories are not among their first)."""
        for entity_id in entity_ids:
            self._edges.pop(entity_id, None)
            if len(self._texts.get(entity_id, ())) < KEPT:
                self._texts.pop(entity_id, None)

    def with_said(
        self, mention: Mention, candidates: Sequence[Candidate], every: bool = False
    ) -> list[Candidate]:
        """``candidates`` with their ``said`` and, for a mention that is ``affiliated``, their
        ``affiliations`` (those ``compared`` with ``mention``, or ``every`` one; and for a mention
        ``resolution.says_private``): the organisations of
        their open edges, then those their texts give them (``organisations_said``)."""
        people = [c for c in candidates if every or self.compared(mention, str(c.type) if c.type else None)]
        self.read(c.id for c in people)
        # (and for a mention said to be the writer's relative or housemate: whether the candidate is
        # known by its work, ``resolution._kin_against_occupation``)
        organisations = affiliated(mention) or says_private(mention)
        out: list[Candidate] = []
        ids = {c.id for c in people}
        for c in candidates:
            if c.id in ids:
                names, texts = (c.name, *c.aliases), self._texts.get(c.id, ())
                said = sentences(names, texts)
                found = (
                    _union(self._edges.get(c.id, ()), organisations_said(names, texts))
                    if organisations
                    else ()
                )
                if said or found:
                    c = replace(c, said=said or c.said, affiliations=found or c.affiliations)
            out.append(c)
        return out


def _union(*groups: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(name for group in groups for name in group))


@lru_cache(maxsize=8192)
def _needs(
    name: str | None, kind: EntityType | str | None, affiliations: tuple[str, ...], context: str | None
) -> bool:
    """``SaidReads.needs`` of a mention of these fields (all it reads)."""
    mention = Mention(name, kind, affiliations=affiliations, context=context)
    if kind in (None, _PERSON) and affiliated(mention):
        return True
    if not name or not context:
        return False
    if said_apart(mention):
        return True
    if kind not in (None, _PERSON):
        return False
    if kin_alone(name):
        return True  # a kinship word alone ("Mẹ"): the relative the candidates' sentences said (``_by_kin``)
    said = said_of(name, context)  # (cached, as what follows: read for the memo key)
    if said is None:
        return False
    denied = denials(said)
    # (a description of the person, "Gabriel the striker", or a title's gender, "Mr Kapanadze": which
    # of two people a name fits equally the sentences that named them tell)
    # (an occupation said before the name, "our accountant Julia", or a relative of someone, "@ is his
    # son": resolution compares them with what was said of the candidates; or the writer, "@ is me",
    # who is none of the relatives and colleagues the candidates were said to be; or where the person is
    # from, "Botha from Johannesburg": the one of two a sentence that named them put there; or the part
    # of an organisation, "Hana from HR": ``_works_elsewhere`` reads where the candidates were said from)
    return bool(
        relations(said)
        or denied.words
        or denied.kin
        or description(said)
        or bare_role(said)
        or title_gender(name, context)
        or kin_of_another(said)
        or any(occupations(r) for r, _ in roles(said))
        or said_self(said)
        or said_not_self(said)
        or where_said_from(said)
        or bool(workplace(said))
    )


def organisations_said(names: Sequence[str], texts: Iterable[str]) -> tuple[str, ...]:
    """The organisations ``texts`` say the entity known by ``names`` belongs to: what the text analysis
    of a stored memory reads of each of its names (``_organisations_in``), for the names that are the
    entity's (compared as a person's: "Dr. Amara Nwosu" is Amara Nwosu's)."""
    own = {normalise_name(n, EntityType.PERSON) for n in names} - {""}
    return _union(*((o for n, o in _organisations_in(text) if n in own) for text in texts))


@lru_cache(maxsize=4096)
def _organisations_in(text: str) -> tuple[tuple[str, str], ...]:
    """(a name found in ``text``, compared as a person's; an organisation the text gives it) as a stored
    memory's own mentions get them: the text analysis's names (``text.extract_entities``, then
    ``linking.memory_mentions`` and ``text_links.with_text_facts``), an affiliation ("Kasia Nowak from
    Tarkon") or a current ``AFFILIATIONS`` relation ("Maria Schmidt works for Siemens")."""
    from .text_links import text_facts, with_text_facts

    mentions = with_text_facts(text, memory_mentions(text, None, None, extract_entities(text)))
    facts = text_facts(text, mentions)
    pairs = [*facts.affiliations.items()]
    pairs += [(r.source, r.target) for r in facts.relations if r.relation in AFFILIATIONS and not r.ended]
    return tuple(dict.fromkeys((normalise_name(n, EntityType.PERSON), o) for n, o in pairs))


def sentences(names: Sequence[str], texts: Iterable[str]) -> tuple[str, ...]:
    """The sentence of each text that names one of ``names``, the name marked (``said.said_of``; the
    first ``said.KEPT`` different ones), as the text writes the name (its case or accents aside)."""
    found: list[str] = []
    for text in texts:
        sentence = _sentence(names, text)
        if sentence is not None and sentence not in found:
            found.append(sentence)
            if len(found) >= KEPT:
                break
    return tuple(found)


def _sentence(names: Sequence[str], text: str) -> str | None:
    ordered = sorted(names, key=len, reverse=True)  # (the longest name the text holds: "Sophie Clarke")
    for name in ordered:
        found = said_of(name, text)
        if found is not None:
            return found
    for name in ordered:  # (the name written otherwise, in case or accents: the text's own spelling)
        words = " ".join(key_fold(name).casefold().split())
        if words:
            found = said_of(_spelling(words, text), text)
            if found is not None:
                return found
    return None
