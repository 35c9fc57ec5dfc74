"""Profiles (issue 15): settings and their validation, the sweep over the conversation log, per-profile
opt-out, team scope, a failed sweep rerun, expiry from every index, deleting a profile with its
memories; on both backends, and over REST with the permission rules."""

from __future__ import annotations

import dataclasses
from datetime import timedelta

import httpx
import pytest

from backends import count_rows, fulltext_count, rows
from memlane import Memlane
from memlane.errors import Forbidden, InvalidInput, NotFound, StorageError, UnknownMemory
from memlane.models import Actor
from memlane.text import content_hash
from memlane.timeutil import now_utc
from servers import bearer, make_stack, running

ALICE = [
    {"role": "user", "text": "I always drink green tea in the morning."},
    {"role": "assistant", "text": "Noted."},
    {"role": "user", "text": "We decided to move the billing service to PostgreSQL."},
]
BOB = [{"role": "user", "text": "From now on, always reply to me in French."}]


@pytest.fixture(autouse=True)
def _no_settle(mem: Memlane) -> None:
    """Sweep what was just appended: the PostgreSQL settle delay (``ProfileService.settle``) has its own
    test."""
    mem.service.profiles.settle = timedelta(0)


def _ids(mem: Memlane, user: str) -> dict[str, str | None]:
    return {m.content: m.profile_id for m in mem.list_recent(100, user=user)}


def test_settings_are_validated_with_clear_errors(mem: Memlane) -> None:
    p = mem.profiles.create("prefs", types=["semantic", "procedure"], refresh="2h", expire_after="6 months")
    assert p.refresh_minutes == 120 and p.expire_after == "6 months" and not p.enabled
    assert [str(t) for t in p.types] == ["fact", "preference", "relationship", "observation", "decision",
                                         "procedure"]  # fmt: skip
    assert mem.profiles.create("all").types == mem.profiles.show("all").types and len(p.types) == 6
    assert len(mem.profiles.show("all").types) == 7
    bad = [
        ({"refresh": "1s"}, "refresh"), ({"refresh": "1m"}, "refresh: between"), ({"types": ["facts"]}, "types"),
        ({"scope": "team"}, "teams: a team profile needs"), ({"scope": "agent"}, "agent:"),
        ({"teams": ["x"]}, "teams: only a team profile"), ({"expire_after": "soon"}, "expire_after"),
        ({"extractor": "gpt"}, "extractor"), ({"types": ["generic"]}, "types"),
    ]  # fmt: skip
    for settings, message in bad:
        with pytest.raises(InvalidInput, match=message):
            mem.profiles.create("bad", **settings)
    with pytest.raises(InvalidInput, match="already has a profile named 'prefs'"):
        mem.profiles.create("prefs")
    with pytest.raises(InvalidInput, match="is not a known field"):
        mem.profiles.update("prefs", colour="red")
    assert [p.name for p in mem.profiles.list()] == ["all", "prefs"]
    assert mem.profiles.update("prefs", expire_after="off").expire_after is None
    with pytest.raises(NotFound):
        mem.profiles.show("nope")


def test_a_team_profile_names_teams_that_exist(mem: Memlane) -> None:
    """A team profile sweeps its teams' members: a misspelt team would sweep nobody, silently."""
    mem.service.access.create_team("default", "support")
    with pytest.raises(InvalidInput, match="teams: workspace 'default' has no team 'suport'"):
        mem.profiles.create("team", scope="team", teams=["support", "suport"])
    assert mem.profiles.list() == []  # nothing written
    made = mem.profiles.create("team", scope="team", teams=["support"])
    with pytest.raises(InvalidInput, match="has no team 'sales'"):
        mem.profiles.update("team", teams=["sales"])
    mem.profiles.create("other", scope="user")
    with pytest.raises(InvalidInput, match="has no team 'sales'"):
        mem.profiles.update("other", scope="team", teams=["sales"])
    assert mem.profiles.show("team").teams == made.teams == ("support",)
    assert mem.profiles.show("other").scope == "user"


def test_sweep_extracts_what_is_new_once(mem: Memlane, db_path) -> None:
    mem.conversations.append("c-alice", ALICE)
    mem.conversations.append("c-bob", BOB, user="bob")
    prefs = mem.profiles.create("prefs", types=["preference"], instructions=None)
    report = mem.profiles.run("prefs")
    assert report.status == "succeeded" and report.conversations == 2 and report.transcripts == 2
    assert _ids(mem, "alice") == {"The user always drinks green tea in the morning": prefs.id}  # no decision
    assert set(_ids(mem, "bob").values()) == {prefs.id} and len(_ids(mem, "bob")) == 1
    shown = mem.profiles.show("prefs")
    assert shown.last_sync_seq == count_rows(db_path, "conversation_messages") and shown.last_sync_at
    assert shown.running_since is None

    again = mem.profiles.run("prefs")
    assert again.status == "succeeded" and again.conversations == 0 and again.added == 0
    mem.conversations.append("c-alice", [{"role": "user", "text": "I prefer window seats on flights."}])
    third = mem.profiles.run("prefs")
    assert third.conversations == 1 and third.messages == 1 and third.added == 1
    assert len(_ids(mem, "alice")) == 2
    # a second profile extracts the same log for itself
    decisions = mem.profiles.create("decisions", types=["decision"])
    mem.profiles.run("decisions")
    assert decisions.id in _ids(mem, "alice").values()
    log = mem.profiles.log("prefs")
    assert [e.action for e in log] == ["swept", "swept"] and [e.count for e in log] == [1, 2]


def test_opted_out_users_and_non_members_are_skipped(mem: Memlane) -> None:
    access = mem.service.access
    access.create_team("default", "support")
    access.add_member("default", "support", "alice")
    # logged shared: a team profile learns the team's knowledge only from what was said in a shared
    # request (a personal conversation stays personal: tests/test_profile_ceiling.py)
    mem.conversations.append("c-alice", ALICE, visibility="shared", owner="team:support")
    mem.conversations.append("c-bob", BOB, user="bob")
    mem.conversations.append(
        "c-carol", [{"role": "user", "text": "I always take the 8am train."}], user="carol"
    )
    mem.profiles.create("team", scope="team", teams=["support"])
    mem.profiles.create("everyone")
    mem.profiles.opt_out("everyone", user="bob")
    access.set_opted_out("default", "carol", True, by=Actor(user="carol"))

    assert mem.profiles.run("team").skipped_users == 2  # bob and carol are not members
    report = mem.profiles.run("everyone")
    assert report.skipped_users == 2  # bob opted out of this profile, carol of memory
    assert mem.list_recent(user="bob") == []
    team = mem.profiles.show("team")
    owners = {m.owner for m in mem.list_recent(100, user="alice") if m.profile_id == team.id}
    assert "team:support" in owners  # the team's shared knowledge is owned by the team
    mem.profiles.opt_in("everyone", user="bob")
    mem.conversations.append(
        "c-bob", [{"role": "user", "text": "I prefer short answers, always."}], user="bob"
    )
    assert mem.profiles.run("everyone").added >= 1 and mem.list_recent(user="bob")


def test_failed_sweep_advances_nothing_and_the_rerun_extracts_nothing_twice(mem: Memlane) -> None:
    said = ["I always drink green tea in the morning.", "I prefer window seats on flights.",
            "From now on, always reply to me in French.", "I always take the 8am train to work."]  # fmt: skip
    for i, text in enumerate(said):
        mem.conversations.append(f"c-{i}", [{"role": "user", "text": text}])
    mem.profiles.create("prefs")

    def fail_after_first_batch(line: str) -> None:
        raise StorageError("disk full (simulated in the progress callback)")

    failed = mem.service.profiles.sweep(mem.profiles.show("prefs"), batch=2, progress=fail_after_first_batch)
    assert failed.status == "failed" and "disk full" in (failed.error or "") and failed.added == 2
    shown = mem.profiles.show("prefs")
    assert shown.last_sync_seq == 0 and shown.last_error and shown.running_since is None
    # the log gains a message meanwhile: the rerun keeps the failed run's window, so it rebuilds the
    # same transcripts (their exchange hashes match) and the new message waits for the next sweep
    mem.conversations.append("c-0", [{"role": "user", "text": "I always cycle to the office on Mondays."}])
    rerun = mem.profiles.run("prefs", batch=2)
    assert rerun.status == "succeeded" and rerun.added == 2 and rerun.extracted == 2
    contents = [m.content for m in mem.list_recent(100)]
    assert len(contents) == len(set(contents)) == 4
    assert mem.profiles.run("prefs").added == 1


def test_a_running_profile_is_not_swept_twice(mem: Memlane) -> None:
    mem.conversations.append("c", ALICE)
    profile = mem.profiles.create("prefs")
    store = mem.service.storage.profiles
    assert store.claim(profile.id, "other-run", now_utc(), now_utc() - timedelta(minutes=5))
    assert mem.profiles.run("prefs").status == "busy"
    assert mem.profiles.show("prefs").running_since is not None
    # a claim whose heartbeat stopped (a killed worker) is taken over
    mem.service.profiles.stale_after = timedelta(seconds=0)
    assert mem.profiles.run("prefs").status == "succeeded"


def test_expiry_deletes_from_every_index_and_logs(mem: Memlane, db_path) -> None:
    mem.conversations.append(
        "c", [{"role": "user", "text": "I always book Lisbon hotels through Acme Travel."}]
    )
    keep = mem.store("Acme Travel has a Lisbon office", source="test")
    mem.profiles.create("short", expire_after="2 days")
    mem.profiles.run("short")
    swept = [m for m in mem.list_recent(100) if m.profile_id]
    assert len(swept) == 1 and swept[0].expires_at is not None
    assert timedelta(days=1.9) < swept[0].expires_at - swept[0].created_at < timedelta(days=2.1)
    links = "SELECT COUNT(*) FROM memory_entity_links l JOIN memories m ON m.seq = l.memory_seq"
    before = (
        count_rows(db_path, "memory_entities"),
        int(rows(db_path, links)[0][0]),
        fulltext_count(db_path, "lisbon"),
    )

    report = mem.service.profiles.expire(now=now_utc() + timedelta(days=3))
    assert report.deleted == 1 and list(report.per_profile.values()) == [1]
    assert [m.id for m in mem.list_recent(100)] == [keep.id]
    after = (
        count_rows(db_path, "memory_entities"),
        int(rows(db_path, links)[0][0]),
        fulltext_count(db_path, "lisbon"),
    )
    assert all(a < b for a, b in zip(after, before, strict=True)) and after[2] == 1
    assert count_rows(db_path, "memories") == 1
    [entry] = mem.profiles.log("short", limit=1)
    assert entry.action == "expired" and entry.count == 1


def test_expiry_deletes_the_vectors_too(smem: Memlane, db_path) -> None:
    """'From every index' with an embedder: the expired memory's vector goes with its row."""
    smem.service.profiles.settle = timedelta(0)
    smem.conversations.append(
        "c", [{"role": "user", "text": "I always book Lisbon hotels through Acme Travel."}]
    )
    keep = smem.store("Acme Travel has a Lisbon office", source="test")
    smem.profiles.create("short", expire_after="2 days")
    assert smem.profiles.run("short").added == 1
    vectors = "SELECT COUNT(*) FROM memory_vectors"
    assert int(rows(db_path, vectors)[0][0]) == 2 and all(m.state == "indexed" for m in smem.list_recent(10))
    assert smem.service.profiles.expire(now=now_utc() + timedelta(days=3)).deleted == 1
    assert int(rows(db_path, vectors)[0][0]) == 1
    assert [h.id for h in smem.recall("Where do I book hotels in Lisbon?")] == [keep.id]


def test_expired_items_are_gone_for_get_and_history(mem: Memlane) -> None:
    old = mem.store("the office wifi is called Falcon", source="test")
    new = mem.store("the office wifi is called Osprey", replaces=old.id, source="test")
    mem.profiles.create("p", expire_after="1 day")
    # expiry set after the fact: a profile's new expire_after applies to what it wrote already
    profile = mem.profiles.show("p")
    with mem.service.storage.write() as txn:  # adopt the first version into the profile (test set-up)
        txn.cur.execute("UPDATE memories SET profile_id = ? WHERE id = ?", (profile.id, old.id)) if hasattr(
            txn, "cur") else txn.conn.execute("UPDATE memories SET profile_id = %s WHERE id = %s", (profile.id, old.id))  # fmt: skip
    mem.profiles.update("p", expire_after="1 minutes")
    assert mem.get(old.id).expires_at is not None
    with mem.service.storage.write() as txn:
        txn.set_profile_expiry("default", profile.id, lambda created: created - timedelta(seconds=1))
    with pytest.raises(UnknownMemory):
        mem.get(old.id)
    assert [m.id for m in mem.history(new.id)] == [new.id]
    with pytest.raises(UnknownMemory):
        mem.history(old.id)


def test_deleting_a_profile_deletes_its_memories_dry_run_first(mem: Memlane, db_path) -> None:
    mem.conversations.append("c", ALICE)
    other = mem.store("the staging database is called Mole", source="test")
    mem.profiles.create("prefs", enabled=True)
    mem.profiles.run("prefs")
    made = len([m for m in mem.list_recent(100) if m.profile_id])
    assert made >= 1
    mem.profiles.opt_out("prefs", user="bob")
    dry = mem.profiles.delete("prefs")  # no confirmation: the plan, nothing deleted
    assert (dry.dry_run, dry.memories, dry.schedules, dry.opt_outs) == (True, made, 1, 1)
    assert count_rows(db_path, "memories") == made + 1 and mem.profiles.show("prefs").enabled
    assert mem.profiles.delete("prefs", confirm=False) == dry
    done = mem.profiles.delete("prefs", confirm=True)
    assert (done.memories, done.dry_run, done.schedules, done.opt_outs) == (made, False, 1, 1)
    assert [m.id for m in mem.list_recent(100)] == [other.id]
    assert count_rows(db_path, "memories") == 1 and mem.profiles.list() == []
    assert [j.kind for j in mem.jobs.list()] == ["expiry", "consolidate"]  # its schedule went with it


def test_only_admins_manage_profiles(mem: Memlane) -> None:
    service = mem.service.profiles
    alice = Actor(user="alice")
    with pytest.raises(Forbidden):
        service.create(alice, "mine")
    admin = dataclasses.replace(alice, admin=True)
    service.create(admin, "shared")
    assert [p.name for p in service.list(alice)] == ["shared"]  # reading settings is for every key
    for call in (service.enable, service.disable, service.run, service.log, service.opted_out):
        with pytest.raises(Forbidden):
            call(alice, "shared")
    with pytest.raises(Forbidden):
        service.delete(alice, "shared")
    with pytest.raises(Forbidden):
        service.opt_out(alice, "shared", "bob")  # only bob (or an admin) opts bob out
    service.opt_out(alice, "shared")
    assert service.opted_out(admin, "shared") == ["alice"]


def test_an_optional_settle_delay_holds_back_fresh_messages(mem: Memlane, backend: str) -> None:
    mem.service.profiles.settle = timedelta(seconds=60)
    mem.conversations.append("c", ALICE)
    report = mem.profiles.run(mem.profiles.create("p").name)
    assert report.status == "succeeded" and report.messages == 0  # appended under a minute ago
    mem.service.profiles.settle = timedelta(0)
    assert mem.profiles.run("p").messages == 3


def test_profiles_over_rest(tmp_path) -> None:
    stack = make_stack(tmp_path / "rest.db")
    user_key = stack.key(user="bob")
    stack.mem.conversations.append("c", BOB, user="bob")
    with running(stack.app()) as url, httpx.Client(base_url=url) as client:
        admin = bearer(stack.admin_key)
        r = client.post("/v1/profiles", json={"name": "prefs", "types": ["preference"], "refresh": "30m",
                                              "expire_after": "90 days"}, headers=admin)  # fmt: skip
        assert r.status_code == 201, r.text
        assert r.json()["refresh_minutes"] == 30 and r.json()["expire_after"] == "90 days"
        assert client.post("/v1/profiles", json={"name": "x", "refresh": "often"}, headers=admin).json()[
            "error"]["message"].startswith("refresh:")  # fmt: skip
        assert client.post("/v1/profiles", json={"name": "y"}, headers=bearer(user_key)).status_code == 403
        assert client.get("/v1/profiles", headers=bearer(user_key)).json()["profiles"][0]["name"] == "prefs"
        assert client.patch("/v1/profiles/prefs", json={"refresh": "2h"}, headers=admin).json()[
            "refresh_minutes"] == 120  # fmt: skip
        assert client.post("/v1/profiles/prefs/enable", headers=admin).json()["enabled"] is True
        run = client.post("/v1/profiles/prefs/run", headers=admin).json()
        assert run["status"] == "succeeded" and run["added"] == 1
        assert client.get("/v1/profiles/prefs/log", headers=admin).json()["entries"][0]["count"] == 1
        assert client.get("/v1/profiles/prefs/log", headers=bearer(user_key)).status_code == 403
        jobs = client.get("/v1/jobs", headers=admin).json()["jobs"]
        assert [j["profile"] for j in jobs] == ["prefs"]  # the workspace's sweeps only
        assert client.get("/v1/jobs/expiry", headers=admin).status_code == 403
        assert client.post("/v1/profiles/prefs/opt-out", headers=bearer(user_key)).status_code == 200
        dry = client.delete("/v1/profiles/prefs", headers=admin).json()  # the dry run comes first
        assert dry == {**dry, "memories": 1, "dry_run": True, "schedules": 1, "opt_outs": 1}
        assert client.delete("/v1/profiles/prefs", params={"dry_run": False}, headers=admin).json() == dry
        assert client.get("/v1/profiles/prefs/log", headers=admin).json()["entries"][0]["action"] == "swept"
        done = client.delete("/v1/profiles/prefs", params={"confirm": True}, headers=admin).json()
        assert (done["memories"], done["dry_run"]) == (1, False)
        assert client.get("/v1/profiles/prefs", headers=admin).status_code == 404
    stack.mem.close()


def test_embedding_model_must_be_the_stores_own(smem: Memlane, db_path) -> None:
    """A store has one vector space: a profile's embedding_model is the store's embedder or refused (never
    recorded and ignored); a profile whose model is no longer the store's (the embedder was changed) is not
    swept, with an error saying what to do."""
    local = smem.profiles.create("a", embedding_model="local")
    assert local.embedding_model == "local/all-MiniLM-L6-v2"  # recorded as the vectors' identity
    assert smem.profiles.create("b", embedding_model="local-torch").embedding_model == local.embedding_model
    assert smem.profiles.create("c").embedding_model is None  # not given: the store's embedder
    for other in ("openai:text-embedding-3-small", "local-onnx-int8", "none", "openai/other-model"):
        with pytest.raises(InvalidInput, match=r"embedding_model: this store embeds every memory with "
                                               r"'local/all-MiniLM-L6-v2'.*Leave embedding_model out"):  # fmt: skip
            smem.profiles.create("d", embedding_model=other)
        with pytest.raises(InvalidInput, match="embedding_model: this store embeds"):
            smem.profiles.update("c", embedding_model=other)
    with pytest.raises(InvalidInput, match="embedding_model: unknown embedder 'bert'"):
        smem.profiles.create("d", embedding_model="bert")
    assert [p.name for p in smem.profiles.list()] == ["a", "b", "c"]  # nothing refused was written
    assert smem.profiles.show("c").embedding_model is None
    smem.conversations.append("c1", BOB, user="bob")

    with Memlane(db_path, user="alice", embedder="none") as plain:  # the store's embedder changed
        plain.service.profiles.settle = timedelta(0)
        assert plain.profiles.update("a", refresh="2h").embedding_model == local.embedding_model
        failed = plain.profiles.run("a")
        assert failed.status == "failed" and failed.messages == 0
        assert "has no embedder" in (failed.error or "") and "update its embedding_model" in (
            failed.error or ""
        )
        assert plain.profiles.show("a").last_sync_seq == 0  # nothing advanced
        assert plain.jobs.show("sweep:a")[1][0].error == failed.error
        assert plain.profiles.update("a", embedding_model=None).embedding_model is None
        assert plain.profiles.run("a").status == "succeeded"
        assert plain.profiles.create("n", embedding_model="none").embedding_model == "none"


def test_a_restatement_is_already_known_without_a_recall(mem: Memlane) -> None:
    """A statement the speaker already has word for word is skipped by the content-hash index
    (``Store.current_by_hash``), before the memory manager's recall; only the current version counts."""
    said = {"role": "user", "text": "I always drink green tea in the morning."}
    (added,) = mem.extract([said]).added
    stored = mem.get(added.id)
    storage = mem.service.storage
    digest = content_hash(stored.content)
    assert (
        storage.current_by_hash("default", stored.owner, "personal", "", digest, now_utc(), profile_id=None)
        == stored.id
    )
    assert (
        storage.current_by_hash("default", "user:bob", "personal", "", digest, now_utc(), profile_id=None)
        is None
    )
    assert (
        storage.current_by_hash("other", stored.owner, "personal", "", digest, now_utc(), profile_id=None)
        is None
    )
    recalls: list[str] = []
    real = mem.service.recall
    mem.service.recall = lambda query, **kw: recalls.append(query) or real(query, **kw)  # type: ignore[method-assign]
    again = mem.extract([said, {"role": "assistant", "text": "Noted, green tea it is."}])  # another exchange
    assert again.extracted and again.added == ()
    assert [s.reason for s in again.skipped] == [f"already known ({stored.id})"]
    assert recalls == []  # no neighbour search for it
    newer = mem.store("The user always drinks black coffee in the morning", replaces=stored.id)
    assert (
        storage.current_by_hash("default", stored.owner, "personal", "", digest, now_utc(), profile_id=None)
        is None
    )  # superseded
    assert mem.get(newer.id).replaces == stored.id


def test_an_expired_twin_deleted_by_a_restatement_is_in_the_expiry_log(mem: Memlane, db_path) -> None:
    """Storing a statement again deletes its expired twin (it holds the current-content index); that
    deletion is an expiry like the cleanup job's, so the profile's log records it, once."""
    mem.conversations.append("c", [{"role": "user", "text": "I live in Berlin."}])
    profile = mem.profiles.create("short", expire_after="2 days")
    mem.profiles.run("short")
    [old] = [m for m in mem.list_recent(10) if m.profile_id == profile.id]
    with mem.service.storage.write() as txn:
        txn.set_profile_expiry("default", profile.id, lambda created: created - timedelta(seconds=1))
    # said again, and swept by the profile (its own memory set: a store by hand is a set of its own)
    mem.conversations.append("c2", [{"role": "user", "text": "I live in Berlin!"}])
    assert mem.profiles.run("short").added == 1
    [new] = [m for m in mem.list_recent(10) if m.profile_id == profile.id]
    assert new.id != old.id and new.content == old.content
    assert rows(db_path, f"SELECT COUNT(*) FROM memories WHERE id = '{old.id}'") == [(0,)]
    entry = next(e for e in mem.profiles.log("short") if e.action == "expired")
    assert (entry.action, entry.count, entry.detail, entry.profile) == (
        "expired", 1, {"by": "restatement"}, "short"
    )  # fmt: skip
    assert mem.service.profiles.expire(now=now_utc() + timedelta(days=1)).deleted == 0  # nothing left
    assert [e.action for e in mem.profiles.log("short")] == ["swept", "expired", "swept"]
    # a twin no profile wrote is in no log
    plain = mem.store("the staging database is called Mole", source="test")
    rows(db_path, f"UPDATE memories SET expires_at = created_at WHERE id = '{plain.id}'")
    assert mem.store("the staging database is called Mole", source="test").id != plain.id
    assert len(mem.profiles.log("short")) == 3


def test_rest_opt_out_takes_the_user_from_the_body_too(tmp_path) -> None:
    """``user`` of the opt-out/opt-in endpoints in a JSON body is read, not ignored (the admin then opted
    itself out): an admin acts for any user, a user only for themselves (docs/api.md). ``/v1/me`` refuses
    a body naming someone else."""
    stack = make_stack(tmp_path / "optout.db")
    bob_key = stack.key(user="bob")
    stack.mem.profiles.create("prefs")
    admin_actor = Actor(user="alice", admin=True)
    opted = lambda: stack.mem.service.profiles.opted_out(admin_actor, "prefs")  # noqa: E731
    with running(stack.app()) as url, httpx.Client(base_url=url) as client:
        admin, bob = bearer(stack.admin_key), bearer(bob_key)
        r = client.post("/v1/profiles/prefs/opt-out", json={"user": "bob"}, headers=admin)
        assert r.status_code == 200, r.text
        assert opted() == ["bob"]  # not alice, the admin acting
        r = client.post("/v1/profiles/prefs/opt-out", json={"user": "carol"}, headers=bob)
        assert r.status_code == 403 and opted() == ["bob"]  # bob only for himself
        r = client.post(
            "/v1/profiles/prefs/opt-out", params={"user": "bob"}, json={"user": "carol"}, headers=admin
        )
        assert r.status_code == 422 and "name one user" in r.json()["error"]["message"]
        assert client.post("/v1/profiles/prefs/opt-in", json={"user": "bob"}, headers=bob).status_code == 200
        assert opted() == []
        r = client.post("/v1/profiles/prefs/opt-out", json={"user": 7}, headers=admin)
        assert r.status_code == 422 and opted() == []
        r = client.post("/v1/me/opt-out", json={"user": "carol"}, headers=bob)
        assert r.status_code == 422 and "X-Memlane-User" in r.json()["error"]["message"]
        assert client.get("/v1/me", headers=bob).json()["opted_out"] is False
        assert client.post("/v1/me/opt-out", json={"user": "bob"}, headers=bob).json()["opted_out"] is True
        assert client.post("/v1/me/opt-in", headers=bob).json()["opted_out"] is False
    stack.mem.close()
