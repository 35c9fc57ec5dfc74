"""Each profile keeps its own memory set (issue 15: "every memory written by a profile belongs to it"):
a statement one profile already holds does not stop another profile from keeping it too, so deleting
or expiring one profile's memories never takes what another extracted. Within one set, a restatement
is still a duplicate. Both backends (the store's duplicate check and extraction's "already known")."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from backends import rows
from memlane import Memlane
from memlane.storage.sqlite.migrations import LATEST  # (the same numbers on both backends)
from memlane.text import content_hash
from memlane.timeutil import now_utc

TEA = [{"role": "user", "text": "I always drink green tea in the morning."}]


def _by_profile(mem: Memlane) -> dict[str | None, list[str]]:
    out: dict[str | None, list[str]] = {}
    for m in mem.list_recent(20):
        out.setdefault(m.profile_id, []).append(m.content)
    return out


def test_two_profiles_each_keep_the_same_statement(mem: Memlane) -> None:
    mem.service.profiles.settle = timedelta(0)
    mem.conversations.append("c1", TEA)
    prefs = mem.profiles.create("prefs", types=["preference"])
    everything = mem.profiles.create("everything")
    assert mem.profiles.run("prefs").added == 1
    # before: skipped as "already known" (the prefs profile's memory), and so lost with that profile
    assert mem.profiles.run("everything").added == 1
    tea = "The user always drinks green tea in the morning"
    assert _by_profile(mem) == {prefs.id: [tea], everything.id: [tea]}

    storage, digest = mem.service.storage, content_hash(tea)
    owner = mem.list_recent(1)[0].owner
    found = {
        p: storage.current_by_hash("default", owner, "personal", "", digest, now_utc(), profile_id=p)
        for p in (prefs.id, everything.id, None)
    }
    assert found[prefs.id] != found[everything.id] and None not in (found[prefs.id], found[everything.id])
    assert found[None] is None, "no memory of this content was stored by hand"

    # within one profile's set a restatement is still known
    mem.conversations.append("c2", TEA)
    assert mem.profiles.run("everything").added == 0
    assert len(_by_profile(mem)[everything.id]) == 1
    # deleting one profile leaves the other's memory
    mem.profiles.delete("prefs", confirm=True)
    assert _by_profile(mem) == {everything.id: [tea]}


def test_a_store_by_hand_is_a_set_of_its_own(mem: Memlane) -> None:
    mem.service.profiles.settle = timedelta(0)
    mem.conversations.append("c1", TEA)
    prefs = mem.profiles.create("prefs", types=["preference"])
    mem.profiles.run("prefs")
    tea = "The user always drinks green tea in the morning"
    mine = mem.store(tea)
    assert mine.status == "stored", "the profile's copy goes when the profile goes; this one stays"
    assert mem.store(tea).id == mine.id, "stored by hand twice: a duplicate"
    mem.profiles.delete("prefs", confirm=True)
    assert [(m.id, m.profile_id) for m in mem.list_recent(10)] == [(mine.id, None)]
    assert prefs.id not in _by_profile(mem)


def test_a_store_of_the_previous_schema_gets_the_profile_aware_index(db_path: Path | str) -> None:
    """Migration 14 from 13: the old index (one current memory per content, whatever the profile) goes,
    the data stays, and two profiles can then hold the same statement."""
    with Memlane(db_path, user="alice", embedder="none") as m:
        kept = m.store("Ana owns a bakery in the morning market")
        a, b = m.profiles.create("a"), m.profiles.create("b")
    rows(db_path, "DROP INDEX memories_current_content")
    rows(db_path, "CREATE UNIQUE INDEX memories_current_content ON memories (workspace, owner, visibility, space,"
                  " content_hash) WHERE superseded_by IS NULL")  # fmt: skip
    rows(db_path, "DELETE FROM schema_migrations WHERE version >= 14")  # (later steps: applied again)
    with Memlane(db_path, user="alice", embedder="none") as m:
        assert m.service.storage.schema_version() == LATEST and m.get(kept.id).content.endswith("market")
        m.service.profiles.settle = timedelta(0)
        m.conversations.append("c1", TEA)
        assert [m.profiles.run(p.name).added for p in (a, b)] == [1, 1]
        assert {p: len(c) for p, c in _by_profile(m).items()} == {None: 1, a.id: 1, b.id: 1}
