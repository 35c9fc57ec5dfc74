"""Which entities a recall is about: the names a query mentions, ``about=`` and its question form.

Deterministic and offline, with the same resolution as linking on store
(:func:`memlane.graph.resolution.resolve`): a query's name is looked up among the entities the caller
may see (by blocking key, so "Georgiev" finds "Dr. Georgiev", "Bob" finds "Robert Smith", "Okafur"
finds "Okafor" when nothing else is close) and resolved **per scope** — entities are kept per owner and
visibility, so one person can be an entity of alice's personal graph and of the shared graph: both are
the person the query names. A name that fits several entities of one scope is ambiguous: the graph
lane gives each of them a share, ``about`` keeps them all.

A first-person query ("what do I prefer", "my manager") names the caller too: the entities that stand
for the caller's account (external id ``user:<name>``, made when a memory names a ``related_user``), so
a preference an agent stored about Kalina comes back when Kalina asks — within what she may read.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from datetime import datetime

from .. import text
from ..errors import InvalidInput
from ..models import Actor, Entity
from ..storage.base import Store
from ..storage.entity_names import name_keys
from .linking import candidate_of, resolve_untyped
from .resolution import Mention, mention_ids, normalise_external_id

__all__ = ["about_question", "account_id", "entities_about", "entities_named", "recall_about"]

#: most entities one lookup reads (a query of common given names in a large graph)
MAX_CANDIDATES = 400
#: a name that fits more entities than this in one scope says too little to follow
MAX_AMBIGUOUS = 3

_ABOUT = re.compile(
    r"^\s*(?:(?:so\s*,?\s*)?what\s+(?:else\s+)?(?:do|does|did|can)\s+(?:you|we|i|memlane)\s+"
    r"(?:know|remember|recall|have)\s+(?:about|on)"
    r"|tell\s+me\s+(?:everything\s+|all\s+|more\s+)?(?:(?:you|we)\s+know\s+)?about"
    r"|what(?:'s|\s+is)\s+(?:known|stored|remembered)\s+about"
    r"|(?:show\s+me\s+)?everything\s+(?:(?:you|we)\s+know\s+)?about)"
    r"\s+(?P<name>.+?)\s*[?.!]*\s*$",
    re.IGNORECASE,
)
_FIRST_PERSON = re.compile(r"\b(?:i|me|my|mine|myself|i'm|i've|i'd)\b", re.IGNORECASE)


def about_question(query: str) -> str | None:
    """The name a "what do you know about X" question asks about ("tell me about X", "everything about
    X" too), else None."""
    found = _ABOUT.match(query)
    if found is None:
        return None
    name = found.group("name").strip().strip("\"'“”")
    return name or None


def account_id(user: str) -> str:
    """The external id of a memlane account's entity."""
    return normalise_external_id(f"user:{user}")


def _lookup(store: Store, actor: Actor, names: Iterable[str], ids: Iterable[str]) -> dict[str, list[Entity]]:
    """Visible entities per blocking key (``id:<external id>`` for ids), in one query."""
    keys = sorted(name_keys(names, None))
    rows = store.entities_by_keys(actor, keys, sorted(set(ids)), MAX_CANDIDATES)
    found: dict[str, list[Entity]] = defaultdict(list)
    for key, entity in rows:
        found[key].append(entity)
    return found


def _fits(mention: Mention, pool: dict[str, list[Entity]]) -> dict[str, float]:
    """Entity id -> weight: what ``mention`` resolves to in each scope (1 each), or, where it is
    ambiguous among a few, a share to each."""
    keys = name_keys([mention.name], mention.type) if mention.name else frozenset()
    keys |= {f"id:{i}" for i in mention_ids(mention)}
    by_scope: dict[tuple[str, str, str], dict[str, Entity]] = defaultdict(dict)
    for key in keys:
        for entity in pool.get(key, ()):
            by_scope[(entity.workspace, entity.owner, str(entity.visibility))][entity.id] = entity
    weights: dict[str, float] = {}
    for entities in by_scope.values():
        result = resolve_untyped(mention, [candidate_of(e) for e in entities.values()])
        if result.entity_id is not None:
            weights[result.entity_id] = 1.0
        elif result.how == "ambiguous" and 0 < len(result.candidates) <= MAX_AMBIGUOUS:
            for entity_id in result.candidates:
                weights[entity_id] = max(weights.get(entity_id, 0.0), 1.0 / len(result.candidates))
    return weights


def _names(query: str, now: datetime) -> list[str]:
    """Candidate names of a query, longest first (a query is often typed in lower case: every word run
    is a candidate; most resolve to nothing)."""
    keys = text.query_entity_candidates(query, now=now)
    names = {k[5:] for k in keys if k.startswith("name:")} | {k[6:] for k in keys if k.startswith("email:")}
    return sorted(names, key=lambda n: (-len(n.split()), n))


def entities_named(store: Store, actor: Actor, query: str, now: datetime) -> dict[str, float]:
    """The entities ``query`` names that ``actor`` may see, with a weight each (1; a share when a name
    is ambiguous). A word of a longer name that resolved is not looked up on its own ("Ana" of "Ana
    Lopez" is not also the other Ana)."""
    names = _names(query, now)
    first_person = _FIRST_PERSON.search(query) is not None
    own = account_id(actor.user)
    if not names and not first_person:
        return {}
    pool = _lookup(store, actor, names, [own] if first_person else [])
    weights: dict[str, float] = {}
    covered: set[str] = set()
    for name in names:
        words = name.split()
        if len(words) == 1 and name in covered:
            continue
        fits = _fits(Mention(name), pool)
        if fits and len(words) > 1 and max(fits.values()) >= 1.0:
            covered.update(words)
        for entity_id, w in fits.items():
            weights[entity_id] = max(weights.get(entity_id, 0.0), w)
    if first_person:
        for entity in pool.get(f"id:{own}", ()):
            weights[entity.id] = 1.0
    return weights


def entities_about(store: Store, actor: Actor, name: str) -> tuple[str, ...]:
    """The entities ``name`` (a name, an alias, an e-mail address or an external id such as
    ``hubspot:123``) refers to among those ``actor`` may see: its match in each scope, or every fit
    where it is ambiguous."""
    name = name.strip()
    ids: tuple[str, ...] = ()
    if ":" in name and " " not in name and "@" not in name:
        try:
            ids = (normalise_external_id(name),)
        except ValueError:
            ids = ()
    mention = Mention(None if ids else name, None, ids)
    pool = _lookup(store, actor, [name] if mention.name else [], mention_ids(mention))
    keys = (name_keys([name], None) if mention.name else frozenset()) | {
        f"id:{i}" for i in mention_ids(mention)
    }
    by_scope: dict[tuple[str, str, str], dict[str, Entity]] = defaultdict(dict)
    for key in keys:
        for entity in pool.get(key, ()):
            by_scope[(entity.workspace, entity.owner, str(entity.visibility))][entity.id] = entity
    found: list[str] = []
    for entities in by_scope.values():
        result = resolve_untyped(mention, [candidate_of(e) for e in entities.values()])
        if result.entity_id is not None:
            found.append(result.entity_id)
        elif result.how == "ambiguous":
            found.extend(result.candidates)
    return tuple(sorted(set(found)))


def recall_about(store: Store, actor: Actor, query: str, about: str | None) -> tuple[str, ...] | None:
    """The entities a recall keeps to: those ``about`` names (an explicit ``about`` that names nothing
    the caller may see: None, the recall finds nothing), else those its question form names ("what do
    you know about X"; a name that resolves to nothing leaves the question an ordinary recall); ``()``
    when the recall is not about an entity."""
    if about is not None:
        if not isinstance(about, str) or not about.strip() or len(about) > 200:
            raise InvalidInput("about: must be a name, alias or external id of at most 200 characters")
        return entities_about(store, actor, about) or None
    asked = about_question(query)
    return entities_about(store, actor, asked) if asked else ()
