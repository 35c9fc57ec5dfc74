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
from collections.abc import Callable, Hashable, Iterable
from datetime import datetime
from functools import lru_cache

from .. import text
from ..errors import InvalidInput
from ..models import Actor, Entity
from ..storage.base import Store
from ..storage.entity_names import name_keys
from .linking import candidate_of, resolve_untyped
from .lookups import EntityLookups, lookups
from .resolution import Mention, Resolution, mention_ids, normalise_external_id

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
    r"|what\s+(?:you|we)\s+(?:know|remember|have)\s+(?:about|on)"
    r"|(?:show\s+me\s+)?(?:everything|all|anything|whatever)\s+(?:(?:that\s+)?(?:you|we|i)\s+"
    r"(?:know|have|remember|stored?|saved|kept|keep|noted|told\s+you|said|mentioned|shared)\s+)?"
    r"(?:about|on|regarding|concerning|related\s+to|to\s+do\s+with)"
    r"|(?:all|any|every)\s+(?:of\s+)?(?:the\s+|your\s+|my\s+)?(?:memories|notes|facts|info|information|"
    r"details|things|data|entries|records)\s+(?:(?:that\s+)?(?:you|we|i)\s+(?:know|have|keep|stored?|saved|"
    r"noted|told\s+you|said|mentioned|shared)\s+)?(?:about|on|regarding|concerning|mentioning|involving|"
    r"related\s+to|to\s+do\s+with))"
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


@lru_cache(maxsize=4096)
def account_id(user: str) -> str:
    """The external id of a memlane account's entity. (Kept: every recall asks for its caller's.)"""
    return normalise_external_id(f"user:{user}")


def _lookup(
    cache: EntityLookups,
    store: Store,
    actor: Actor,
    keys: Iterable[str],
    ids: Iterable[str],
    pool: dict[str, list[Entity]],
) -> None:
    """Add the visible entities filed under ``keys`` or holding ``ids`` to ``pool`` (per key; ``id:<external
    id>`` for ids): from the read-side cache (``memlane.graph.lookups``), the rest in one query."""
    keys = sorted(set(keys) - pool.keys())
    ids = sorted({i for i in ids if f"id:{i}" not in pool})
    if keys or ids:
        pool.update(cache.read(store, actor, keys, ids, MAX_CANDIDATES))


@lru_cache(maxsize=8192)
def _blocking_keys(name: str, type: str | None) -> frozenset[str]:
    """``name_keys`` of one name, kept: a recall looks up the same names several times, and queries
    repeat names."""
    return frozenset(name_keys([name], type))


def _keys(mention: Mention, exact: bool, fuzzy: bool = True) -> frozenset[str]:
    """The keys ``mention`` is looked up by: its exact normalised names (``n:``) and ids, or every
    blocking key (partial names, nicknames and, with ``fuzzy``, the prefix misspellings are found by)."""
    return _keys_of(mention.name, mention.type, mention.external_ids, exact, fuzzy)


@lru_cache(maxsize=16384)
def _keys_of(
    name: str | None, type: str | None, external_ids: tuple[str, ...], exact: bool, fuzzy: bool
) -> frozenset[str]:
    keys = set(_blocking_keys(name, type)) if name else set()
    if exact:
        keys = {k for k in keys if k.startswith("n:")}
    elif not fuzzy:
        keys = {k for k in keys if not k.startswith("f:")}
    return frozenset(keys | {f"id:{i}" for i in mention_ids(Mention(name, type, external_ids))})


def _resolutions(
    mention: Mention, pool: dict[str, list[Entity]], cache: EntityLookups, exact: bool, fuzzy: bool = True
) -> list[Resolution]:
    """What ``mention`` resolves to in each scope, among the entities of ``pool`` under its keys (a
    pure function of the mention and those entities: kept in ``cache`` for its generation)."""
    by_scope: dict[tuple[str, str, str], dict[str, Entity]] = defaultdict(dict)
    for key in _keys(mention, exact, fuzzy):
        for entity in pool.get(key, ()):
            by_scope[(entity.workspace, entity.owner, str(entity.visibility))][entity.id] = entity
    if not by_scope:
        return []
    memo = (mention, exact, fuzzy, frozenset(i for found in by_scope.values() for i in found))
    results = cache.resolved.get(memo)
    if results is None:
        results = cache.resolved[memo] = [
            resolve_untyped(mention, [candidate_of(e) for e in found.values()]) for found in by_scope.values()
        ]
    return results


def _settled(results: list[Resolution]) -> bool:
    """Resolved by a name or id match that no wider candidate can beat."""
    return any(r.how in ("exact", "external_id") for r in results)


def _weights(results: list[Resolution]) -> dict[str, float]:
    """Entity id -> weight: the match of each scope (1), or, where the name is ambiguous among a few, a
    share to each."""
    weights: dict[str, float] = {}
    for result in results:
        if result.entity_id is not None:
            weights[result.entity_id] = 1.0
        elif result.how == "ambiguous" and 0 < len(result.candidates) <= MAX_AMBIGUOUS:
            for entity_id in result.candidates:
                weights[entity_id] = max(weights.get(entity_id, 0.0), 1.0 / len(result.candidates))
    return weights


def _resolved(
    cache: EntityLookups,
    actor: Actor,
    mention: Mention,
    pool: dict[str, list[Entity]],
    exact: bool,
    fuzzy: bool = True,
    used: list[tuple[Actor, Hashable]] | None = None,
) -> list[Resolution]:
    """``_resolutions`` for ``actor``, kept per reader once every key it was looked up by is kept (the
    same entities under the same keys give the same answer until the generation moves). ``used`` gets
    the memo's key."""
    memo = (actor, (mention, exact, fuzzy))
    if used is not None:
        used.append(memo)
    results = cache.by_reader.get(memo)
    if results is None:
        results = _resolutions(mention, pool, cache, exact, fuzzy)
        if cache.kept(actor, _keys(mention, exact, fuzzy)):
            cache.by_reader[memo] = results
    return results


def _resolve_all(
    cache: EntityLookups,
    store: Store,
    actor: Actor,
    mentions: list[Mention],
    ids: Iterable[str] = (),
    fuzzy: Callable[[Mention], bool] = lambda _: True,
    pool: dict[str, list[Entity]] | None = None,
    used: list[tuple[Actor, Hashable]] | None = None,
) -> dict[Mention, list[Resolution]]:
    """Resolve ``mentions`` in two lookups, as linking does: a name of several words (or an id) that
    matches a known name exactly is settled among its exact namesakes; the others, and every lone word
    (which may be ambiguous with a partial match of another type), among all their candidates (near
    spellings only for the mentions ``fuzzy`` allows). A run of words that holds a settled name ("Ana
    Lopez discuss"), nor is a lone word of it. A mention this reader resolved before (``cache``) is
    not looked up again. ``pool`` keeps what was read (``ids`` among it); ``used`` gets the key of each
    resolution's memo (``_resolved``)."""
    pool = {} if pool is None else pool
    known = cache.by_reader
    firm = [m for m in mentions if m.external_ids or (m.name and len(m.name.split()) > 1)]
    new = [m for m in firm if (actor, (m, True, True)) not in known]
    _lookup(cache, store, actor, {k for m in new for k in _keys(m, True)}, ids, pool)
    out: dict[Mention, list[Resolution]] = {}
    for mention in firm:
        results = _resolved(cache, actor, mention, pool, exact=True, used=used)
        if _settled(results):
            out[mention] = results
    settled = {w for m in out for w in (m.name or "").split()}
    rest = [m for m in mentions if m not in out and not (settled & set((m.name or "").split()))]
    # (a lone word of a settled name is left out above; of a name settled below, by the caller)
    new = [m for m in rest if (actor, (m, False, fuzzy(m))) not in known]
    _lookup(cache, store, actor, {k for m in new for k in _keys(m, False, fuzzy(m))}, [], pool)
    for mention in rest:
        out[mention] = _resolved(cache, actor, mention, pool, exact=False, fuzzy=fuzzy(mention), used=used)
    return out


def _names(query: str, now: datetime) -> list[str]:
    """Candidate names of a query, longest first (a query is often typed in lower case: every word run
    is a candidate; most resolve to nothing)."""
    keys = text.query_entity_candidates(query, now=now)
    names = {k[5:] for k in keys if k.startswith("name:")} | {k[6:] for k in keys if k.startswith("email:")}
    return sorted(names, key=lambda n: (-len(n.split()), n))


def _named_weights(
    cache: EntityLookups,
    store: Store,
    actor: Actor,
    names: list[str],
    own: str | None,
    proper: frozenset[str],
    used: list[tuple[Actor, Hashable]],
) -> dict[str, float]:
    """``entities_named``'s answer, resolved (``own``: the caller's account id, for a first-person
    query)."""

    def fuzzy(mention: Mention) -> bool:
        return mention.name in proper

    pool: dict[str, list[Entity]] = {}
    resolved = _resolve_all(
        cache, store, actor, [Mention(n) for n in names], [own] if own else [], fuzzy, pool, used
    )
    weights: dict[str, float] = {}
    fitting = {m.name or "": _weights(results) for m, results in resolved.items()}
    covered = {w for name, fits in fitting.items() if fits and " " in name for w in name.split()}
    for name, fits in fitting.items():
        if " " in name or name not in covered:
            for entity_id, w in fits.items():
                weights[entity_id] = max(weights.get(entity_id, 0.0), w)
    if own:
        for entity in pool.get(f"id:{own}", ()):
            weights[entity.id] = 1.0
    return weights


def entities_named(
    store: Store,
    actor: Actor,
    query: str,
    now: datetime,
    found: dict[str, Entity] | None = None,
    keys: frozenset[str] | None = None,
) -> dict[str, float]:
    """The entities ``query`` names that ``actor`` may see, with a weight each (1; a share when a name
    is ambiguous). A word of a longer name that resolved is not looked up on its own ("Ana" of "Ana
    Lopez" is not also the other Ana). Near spellings are tried for the names the text analysis finds
    (capitalised, as stored memories' names are found), not for every lower-case word run. ``found``
    gets each of them (id -> entity). ``keys``: ``text.extract_entities(query, now=now)``, when the
    caller has it."""
    names = _names(query, now)
    first_person = _FIRST_PERSON.search(query) is not None
    own = account_id(actor.user)
    if not names and not first_person:
        return {}
    if keys is None:
        keys = text.extract_entities(query, now=now)
    # (near spellings are tried for the names found capitalised: part of what the answer depends on)
    proper = frozenset(k[5:] for k in keys if k.startswith("name:")).intersection(names)
    cache = lookups(store)
    asked = (actor, tuple(names), first_person, proper)
    weights = cache.by_query.get(asked)
    if weights is None:
        used: list[tuple[Actor, Hashable]] = []
        weights = _named_weights(cache, store, actor, names, own if first_person else None, proper, used)
        # kept when every resolution it read is (the same answer until the generation moves)
        if all(memo in cache.by_reader for memo in used) and (
            not first_person or cache.kept(actor, [f"id:{own}"])
        ):
            cache.keep_query(asked, weights)
    weights = dict(weights)
    if found is not None:
        # rows of the entities this reader's look-ups found (now or, for a name resolved before, then)
        found.update(cache.entities(weights))
        missing = sorted(weights.keys() - found.keys())
        if missing:  # (the cache started again meanwhile)
            found.update({e.id: e for e in store.entities_by_ids(missing)})
    return weights


def entities_about(store: Store, actor: Actor, name: str, *, ambiguous: bool = True) -> tuple[str, ...]:
    """The entities ``name`` (a name, an alias, an e-mail address or an external id such as
    ``hubspot:123``) refers to among those ``actor`` may see: its match in each scope, or every fit
    where it is ambiguous (none with ``ambiguous=False``: forgetting deletes no namesake's memories)."""
    name = name.strip()
    ids: tuple[str, ...] = ()
    if ":" in name and " " not in name and "@" not in name:
        try:
            ids = (normalise_external_id(name),)
        except ValueError:
            ids = ()
    mention = Mention(None if ids else name, None, ids)
    found: set[str] = set()
    for result in _resolve_all(lookups(store), store, actor, [mention], mention_ids(mention))[mention]:
        if result.entity_id is not None:
            found.add(result.entity_id)
        elif result.how == "ambiguous" and ambiguous:
            found.update(result.candidates)
    return tuple(sorted(found))


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
