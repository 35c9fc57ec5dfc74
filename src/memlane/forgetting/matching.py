"""Which memories a forget request means: the rules a memory must meet to be deleted by query.

A deletion cannot be undone, so the rules ask for evidence that the memory *says what the request
says*, not that it ranks well: a fused recall score rewards sharing a name or a company with the
request, which is how "Oscar Brandt is the CFO of Zephyr Corp" used to delete "Dana Whitfield works at
Zephyr Corp" too. Recall only proposes candidates; these rules choose.

**A statement** ("forget that I'm allergic to penicillin") deletes the memories that state it, however
worded, and no other fact about the same people or things. A memory must

1. hold most of the statement's content words (``COVERAGE`` of them, as stems; a word that is no name
   may differ in its ending: "allergic" / "allergy");
2. be linked to every entity the statement names that resolves in the caller's graph (the same entity,
   or one of its name in another scope; or, when the graph linked the memory to none by that name, hold
   every word of the entity's name);
3. say it of the same subject: when both are sentences, the memory's subject is the statement's
   (first person for first person) or named in the statement ("Tom is allergic to penicillin" is not
   "I'm allergic to penicillin"), and negate it only if the statement does ("I don't eat meat" is not
   "I eat meat").

**A topic** ("forget everything about Dana") deletes every memory about the entity the topic names,
resolved as recall's ``about`` resolves it (a partial name, a nickname, a near spelling of *that*
entity; never another entity with a similar name: "Dan" is not "Dana"). A topic that names no entity
the caller can see ("everything about my flight to Lisbon") deletes the memories that hold every one of
its content words.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime

from .. import text
from ..graph.query import account_id, entities_about, entities_named
from ..models import Actor, Entity, Hit
from ..storage.base import Store
from ..text.claims import analyse
from .requests import ForgetRequest

__all__ = ["COVERAGE", "Recall", "chosen"]

#: share of a statement's content words a memory must hold (chosen a priori: three of four)
COVERAGE = 0.75
#: a word that is no name matches another with the same stem up to this many letters more
_ENDING = 2
#: stems of at least this many letters may differ in their ending
_MIN_STEM = 5
_FIRST_PERSON = frozenset({"i", "we", "me", "my", "our", "us"})
_CAPITALISED = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][\w'’-]*")

#: ``recall(text, about=name)``: the caller's candidates (every version, every space the forget covers)
Recall = Callable[..., list[Hit]]


def _names(text_: str) -> frozenset[str]:
    """Stems of the capitalised words of a text (not the first word of a sentence): names, which must
    match whole ("Daniel" is not "Danielle")."""
    return frozenset(s for w in _CAPITALISED.findall(text_.strip()) for s in text.tokenize(w))


def _same(word: str, stems: frozenset[str], names: frozenset[str]) -> bool:
    if word in stems:
        return True
    if word in names or len(word) < _MIN_STEM:
        return False
    return any(
        s not in names
        and len(s) >= _MIN_STEM
        and abs(len(s) - len(word)) <= _ENDING
        and (s.startswith(word) or word.startswith(s))
        for s in stems
    )


def _covered(wanted: Iterable[str], stems: frozenset[str], names: frozenset[str]) -> int:
    return sum(1 for w in wanted if _same(w, stems, names))


def _subject(sentence: str) -> frozenset[str] | None:
    """The stems of the first clause's subject (and possessor) of a sentence; None if it has no verb."""
    for claim in analyse(sentence).claims:
        if claim.verb:
            return claim.subject | claim.possessor
    return None


def _same_subject(asked: frozenset[str] | None, said: frozenset[str] | None, words: frozenset[str]) -> bool:
    if asked is None or said is None or not said:
        return True
    if said & _FIRST_PERSON:
        return bool(asked & _FIRST_PERSON) or not asked
    return bool(said & (words | asked))


def _entities_of(store: Store, actor: Actor, memory_id: str) -> list[Entity]:
    return [entity for _, entity in store.memory_entities(actor, memory_id)]


def _key(name: str) -> str:
    return " ".join(text.key_fold(name).lower().split())


def chosen(request: ForgetRequest, *, store: Store, actor: Actor, recall: Recall, now: datetime) -> list[str]:
    """The ids of the memories ``request`` means, among those ``recall`` finds for ``actor``."""
    if request.kind == "topic":
        return _topic(request.text, store=store, actor=actor, recall=recall, now=now)
    return _statement(request.text, store=store, actor=actor, recall=recall, now=now, coverage=COVERAGE)


def _topic(name: str, *, store: Store, actor: Actor, recall: Recall, now: datetime) -> list[str]:
    entities = set(entities_about(store, actor, name, ambiguous=False))
    if entities:
        # recall's ``about`` lists the memories linked to what the name resolves to, however many (and
        # to every namesake of an ambiguous name: those are left out)
        return [
            hit.id
            for hit in recall(name, about=name)
            if entities & {e.id for e in _entities_of(store, actor, hit.id)}
        ]
    return _statement(name, store=store, actor=actor, recall=recall, now=now, coverage=1.0, subject=False)


def _statement(
    said: str,
    *,
    store: Store,
    actor: Actor,
    recall: Recall,
    now: datetime,
    coverage: float,
    subject: bool = True,
) -> list[str]:
    wanted = frozenset(text.tokenize(said))
    if not wanted:
        return []
    need = max(1, math.ceil(coverage * len(wanted) - 1e-9))
    names = _names(said)
    asked = _subject(said) if subject else None
    negated = "not" in text.content_words(said)
    found: dict[str, Entity] = {}
    weights = entities_named(store, actor, said, now, found)
    own = account_id(actor.user)
    # the entities the statement names (an ambiguous name's candidates are left to the words)
    required = [
        found[e] for e, w in weights.items() if w >= 1.0 and e in found and own not in found[e].external_ids
    ]
    out: list[str] = []
    for hit in recall(said):
        stems = frozenset(text.tokenize(hit.content))
        hit_names = names | _names(hit.content)
        if _covered(wanted, stems, hit_names) < need:
            continue
        if subject and not _same_subject(asked, _subject(hit.content), wanted):
            continue
        if subject and negated != ("not" in text.content_words(hit.content)):
            continue  # "I don't eat meat" is no restatement of "I eat meat"
        if required and not _links_all(required, _entities_of(store, actor, hit.id), stems):
            continue
        out.append(hit.id)
    return out


def _links_all(required: Sequence[Entity], linked: Sequence[Entity], stems: frozenset[str]) -> bool:
    """Every required entity is linked (by id, or by name in another scope), or, where the memory is
    linked to nothing of that name, every word of its name is in the memory."""
    ids = {e.id for e in linked}
    keys = {_key(e.name) for e in linked}
    for entity in required:
        if entity.id in ids or _key(entity.name) in keys:
            continue
        words = text.tokenize(entity.name)
        if not words or not all(w in stems for w in words):
            return False
    return True
