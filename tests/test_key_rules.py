"""The key rules' version (``graph.rekey.KEY_RULES_VERSION``). A store re-keys its entities when the
marker it recorded is not this process's (another version; a fingerprint of the key modules' source,
recorded by a memlane before versions), once, and not when it is, on both backends. The version is held
to the keys: the keys of a committed corpus of names (tests/data/key-names.txt) must be those of the
snapshot taken at this version (tests/data/key-rules-snapshot.jsonl, taken by tests/key_rules_snapshot.py),
so a change to the key rules that forgets the bump fails here instead of leaving users' stores keyed
with the old rules."""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

import key_rules_snapshot as snapshots
from backends import rows
from memlane import Memlane
from memlane.graph import rekey as rekeying
from memlane.graph.rekey import KEY_RULES_VERSION, key_rules, rules_marker, rules_version
from memlane.graph.resolution import normalise_name
from memlane.models import Entity, Visibility
from memlane.storage import entity_names
from memlane.storage.entity_names import alias_pairs, name_keys

# ----------------------------------------------------------------------------------------------
# The snapshot: a change of the keys any corpus name gets needs a new version


@pytest.fixture(scope="module")
def snapshot() -> snapshots.Snapshot:
    return snapshots.load()


def _check(
    snapshot: snapshots.Snapshot, keys: list[list[str]], old_keys: list[list[str]], label: str
) -> None:
    corpus = snapshots.read_corpus()
    changed = snapshots.differences(snapshot.corpus, old_keys, corpus, keys, label=label)
    why = snapshots.verdict(snapshot, KEY_RULES_VERSION, corpus, changed)
    if why and changed and snapshots.packages() != snapshot.packages:
        # (the table packages' versions are part of the stores' marker: keys they change re-key by themselves)
        pytest.skip(
            f"the table packages are not the snapshot's ({snapshot.packages}): the keys cannot be compared"
        )
    assert why is None, why


def test_the_keys_are_the_snapshots_of_this_version(snapshot: snapshots.Snapshot) -> None:
    assert snapshots.has_names_extra(), "the names extra is installed for the tests (memlane[dev])"
    keys = snapshots.keys_with_table(snapshots.read_corpus())
    _check(snapshot, keys, snapshot.with_table, "")


def test_the_keys_without_the_names_extra_are_the_snapshots_of_this_version(
    snapshot: snapshots.Snapshot,
) -> None:
    keys = snapshots.keys_without_table(snapshots.read_corpus())
    assert keys != snapshot.with_table  # (the process did key without the table: some names differ)
    _check(snapshot, keys, snapshot.without_table, " (without the names extra)")


def test_a_changed_key_rule_under_the_same_version_fails(
    snapshot: snapshots.Snapshot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the tests above say when a key rule changed and the version did not (standing in for one:
    misspellings looked up by the first four letters, not three), and that the same keys under a new
    version want the snapshot taken again."""
    corpus = snapshots.read_corpus()
    monkeypatch.setattr(entity_names, "fuzzy_prefix", lambda name, kind=None: normalise_name(name, kind)[:4])
    entity_names._keys_of.cache_clear()
    try:
        keys = snapshots.keys_with_table(corpus)
    finally:
        monkeypatch.undo()
        entity_names._keys_of.cache_clear()
    changed = snapshots.differences(snapshot.corpus, snapshot.with_table, corpus, keys)
    assert "company | Robert Bosch GmbH: added ['f:robe'], removed ['f:rob']" in changed
    why = snapshots.verdict(snapshot, KEY_RULES_VERSION, corpus, changed)
    assert why is not None and "bump KEY_RULES_VERSION" in why and snapshots.COMMAND in why
    # bumped: the snapshot of the old version is taken again (the command refuses to without the bump)
    moved = snapshots.verdict(snapshot, KEY_RULES_VERSION + 1, corpus, changed)
    assert moved is not None and "take the snapshot again" in moved and "bump" not in moved
    assert snapshots.verdict(snapshot, KEY_RULES_VERSION, corpus, []) is None


# ----------------------------------------------------------------------------------------------
# The marker a store records


def test_the_marker_names_its_version_and_an_old_fingerprint_none() -> None:
    assert rules_version(key_rules()) == KEY_RULES_VERSION
    assert rules_version(rules_marker(KEY_RULES_VERSION + 1)) == KEY_RULES_VERSION + 1
    assert rules_marker(KEY_RULES_VERSION + 1) != key_rules() < 2**63
    old = int(hashlib.sha256(b"the source of the key modules").hexdigest()[:15], 16)  # (how they were made)
    assert rules_version(old) is None and rules_version(None) is None and rules_version(-1) is None


def test_an_installed_or_removed_names_extra_moves_the_marker(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keys differ with and without the extra's table (the snapshot's second column), so the marker does."""
    installed = key_rules()
    rekeying._tables.cache_clear()
    monkeypatch.setitem(sys.modules, "gender_guesser", None)
    try:
        assert key_rules() != installed and rules_version(key_rules()) == KEY_RULES_VERSION
    finally:
        monkeypatch.undo()
        rekeying._tables.cache_clear()
    assert key_rules() == installed


def _stale(m: Memlane, id_: str, name: str, type_: str) -> Entity:
    """An entity filed under a key today's rules do not give, as another version's rules filed it."""
    now = datetime.now(UTC)
    entity = Entity(id=id_, workspace="default", owner="user:alice", visibility=Visibility.PERSONAL, type=type_,
                    name=name, created_at=now, updated_at=now)  # fmt: skip
    with m.service.storage.write() as txn:
        txn.insert_entity(entity, alias_pairs([name], type_), frozenset({"n:an older rule's key"}))
    return entity


def _keys(db: Path | str, entity_id: str) -> set[str]:
    return {
        str(r[0]) for r in rows(db, f"SELECT key FROM entity_blocking_keys WHERE entity_id = '{entity_id}'")
    }


@pytest.fixture
def rekeys(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The entities each re-key of the store examined (``rekey`` as ``keep_keys_current`` calls it)."""
    runs: list[int] = []
    rekey = rekeying.rekey

    def counted(store: object, **kwargs: object) -> rekeying.RekeyReport:
        report = rekey(store, **kwargs)  # type: ignore[arg-type]
        runs.append(report.examined)
        return report

    monkeypatch.setattr(rekeying, "rekey", counted)
    yield runs


def _recorded(m: Memlane) -> int | None:
    with m.service.storage.write() as txn:
        return txn.entity_key_rules()


def _store_marked(db_path: Path | str, marker: int, stale: str = "stale-bosch") -> None:
    """A store with an entity filed under a stale key (``stale``) whose marker is ``marker``."""
    m = Memlane(db_path, user="alice", embedder="none")
    try:
        m.store("Ada Lovelace wrote the first program.")  # (records this process's marker)
        assert _recorded(m) == key_rules()
        _stale(m, stale, "Robert Bosch GmbH", "company")
        with m.service.storage.write() as txn:
            txn.set_entity_key_rules(marker)
    finally:
        m.close()


def _next_store(db_path: Path | str) -> int | None:
    """A new process's first store (and a second one); the marker recorded after them."""
    m = Memlane(db_path, user="alice", embedder="none")
    try:
        m.store("Robert Bosch shipped the spare parts on Monday.")
        m.store("Nothing else happened on Monday.")
        return _recorded(m)
    finally:
        m.close()


def test_a_store_keyed_with_another_version_rekeys_on_its_next_store(
    db_path: Path | str, rekeys: list[int]
) -> None:
    for other in (KEY_RULES_VERSION - 1, KEY_RULES_VERSION + 1):  # (a newer one too: a memlane downgraded)
        _store_marked(db_path, rules_marker(other), stale=f"stale-{other}")
        assert rekeys == []
        assert _next_store(db_path) == key_rules()
        assert len(rekeys) == 1 and rekeys[0] >= 2, rekeys  # once, every entity examined
        assert _keys(db_path, f"stale-{other}") == set(name_keys(["Robert Bosch GmbH"], "company"))
        rekeys.clear()


def test_a_store_at_this_version_is_not_rekeyed(db_path: Path | str, rekeys: list[int]) -> None:
    _store_marked(db_path, key_rules())
    assert _next_store(db_path) == key_rules()
    assert rekeys == []
    assert _keys(db_path, "stale-bosch") == {"n:an older rule's key"}  # (nothing looked at it)


def test_a_store_keyed_under_a_source_fingerprint_rekeys_once(db_path: Path | str, rekeys: list[int]) -> None:
    """The upgrade from a memlane that recorded a fingerprint of its key modules' source (60 bits): the
    first store re-keys and records the version's marker, the next process's does not re-key."""
    _store_marked(db_path, int(hashlib.sha256(b"resolution.py of an older memlane").hexdigest()[:15], 16))
    assert _next_store(db_path) == key_rules()
    assert len(rekeys) == 1 and _keys(db_path, "stale-bosch") == set(
        name_keys(["Robert Bosch GmbH"], "company")
    )
    assert _next_store(db_path) == key_rules()
    assert len(rekeys) == 1
