"""What earlier memories said of a candidate, read from the store while a memory's names are linked.

Resolution weighs what the first sentences that named a known person said of it (``Candidate.said``:
"Sophie Clarke is my daughter's form teacher" keeps "Sophie my sister" apart; "Gary ... is our rep,
not the superintendent" is not the Gary said to be the superintendent). A stored entity keeps no
sentences: they are its memories, read here (``EntityWrites.entity_texts``: the first ``said.KEPT``
memories whose text names it, under the one read rule, as the writer may read them now) and marked as
``said.said_of`` marks a mention's own sentence.

Read only when it can matter: the mention's own sentence says who its person is to the writer or whom
it is not by a description, and then only of the candidates resolution may compare as people; or it
says its name is a namesake ("a different Fiona": then of every candidate; ``needs``).
One statement reads them for all such mentions of a store batch (``read``, from ``linking.prefetch``);
an entity that a memory of the batch is linked to later is read again when next asked for (its
batch's link rows written first, so that the statement sees them). What resolution decided with
them is never kept in the resolution memo (``linking.resolve_into``): it changes as memories come
and go.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from datetime import datetime

from ..models import Actor
from ..storage.base import EntityWrites
from ..storage.entity_names import matching_type
from ..text import key_fold
from .linking import _spelling
from .resolution import Candidate, EntityType, Mention, _said_namesake
from .said import KEPT, denials, relations, said_of

__all__ = ["SaidReads"]

_PERSON = str(EntityType.PERSON)


class SaidReads:
    """The sentences of earlier memories about candidates, for one store batch's linking (``actor``: the
    writer, whose read rule applies; ``at``: the batch's time, for what has expired)."""

    def __init__(
        self, txn: EntityWrites, actor: Actor, at: datetime, pending: Callable[[], Sequence[str]],
        flush: Callable[[], None],
    ) -> None:  # fmt: skip
        self._txn, self._actor, self._at = txn, actor, at
        #: the entities of the batch's link rows not written yet, and what writes them
        self._pending, self._flush = pending, flush
        #: each entity's texts read so far (oldest first), until a link of this batch adds one
        self._texts: dict[str, tuple[str, ...]] = {}

    @staticmethod
    def needs(mention: Mention) -> bool:
        """Whether resolving ``mention`` compares its sentence with what was said of known entities: its
        sentence says who its person is to the writer ("Sophie my sister") or whom it is not by a
        description ("..., not the superintendent"), for a person's name (or an untyped one); or that
        its name is a namesake of a known one ("a different Fiona": any kind of thing)."""
        if not mention.name or not mention.context:
            return False
        if _said_namesake(mention):
            return True
        if mention.type not in (None, _PERSON):
            return False
        said = said_of(mention.name, mention.context)  # (cached, as what follows: read for the memo key)
        return said is not None and bool(relations(said) or denials(said).words)

    @staticmethod
    def compared(mention: Mention, candidate_type: str | None) -> bool:
        """Whether resolving ``mention`` (one that ``needs`` what was said) compares a candidate of this
        type with it: as a person (typed so, or untyped), or any candidate of a namesake."""
        return matching_type(candidate_type) in (None, _PERSON) or _said_namesake(mention)

    def read(self, entity_ids: Iterable[str]) -> None:
        """Read the texts of the entities not read yet, or that a memory of the batch was linked to
        since (with fewer than ``said.KEPT``), in one statement."""
        ids = list(dict.fromkeys(entity_ids))
        if not ids:
            return
        pending = set(self._pending())
        if pending and any(i in pending and len(self._texts.get(i, ())) < KEPT for i in ids):
            self._flush()  # (the batch's links first: the statement reads the link table; ``linked``)
        wanted = [i for i in ids if i not in self._texts]
        if not wanted:
            return
        found: dict[str, list[str]] = {i: [] for i in wanted}
        for entity_id, content in self._txn.entity_texts(self._actor, wanted, KEPT, self._at):
            found[entity_id].append(content)
        self._texts.update((i, tuple(texts)) for i, texts in found.items())

    def linked(self, entity_ids: Iterable[str]) -> None:
        """Memories of the batch were linked to these entities: read them again when next asked for
        (not those with ``said.KEPT`` already: later memories are not among their first)."""
        for entity_id in entity_ids:
            if len(self._texts.get(entity_id, ())) < KEPT:
                self._texts.pop(entity_id, None)

    def with_said(self, mention: Mention, candidates: Sequence[Candidate]) -> list[Candidate]:
        """``candidates`` with their ``said`` (those ``compared`` with ``mention``)."""
        people = [c for c in candidates if self.compared(mention, str(c.type) if c.type else None)]
        self.read(c.id for c in people)
        said = {c.id: sentences((c.name, *c.aliases), self._texts.get(c.id, ())) for c in people}
        return [replace(c, said=said[c.id]) if said.get(c.id) else c for c in candidates]


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
