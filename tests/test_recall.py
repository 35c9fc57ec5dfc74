from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from backends import expire
from memlane import InvalidInput, Memlane
from memlane.models import Actor, Filters
from memlane.storage import entity_keys
from memlane.timeutil import now_utc


def ids(hits) -> list[str]:
    return [h.id for h in hits]


def test_recall_returns_only_current_versions(mem: Memlane) -> None:
    red = mem.store("Dr. Okafor prescribed the red inhaler")
    blue = mem.store("Dr. Okafor prescribed the blue inhaler")
    assert ids(mem.recall("what did Dr. Okafor prescribe")) == [blue.id]
    assert set(ids(mem.recall("inhaler", include_history=True))) == {red.id, blue.id}


def test_hit_fields(mem: Memlane) -> None:
    r = mem.store("The wombat likes tea", source="my-agent", subject="Wombat", type="preference")
    (hit,) = mem.recall("wombat tea")
    assert hit.id == r.id
    assert 0.0 < hit.score <= 1.0
    assert set(hit.matched_by) <= {"semantic", "keyword", "entity", "graph"}
    assert "keyword" in hit.matched_by
    assert hit.source == "my-agent"
    assert hit.type == "preference"
    assert hit.subject is not None and hit.subject.name == "Wombat"
    assert hit.created_at is not None and hit.observed_at is not None
    dumped = hit.model_dump(mode="json")
    for key in ("id", "content", "score", "matched_by", "source", "type", "subject", "created_at",
                "observed_at", "superseded_by"):  # fmt: skip
        assert key in dumped


def test_entity_lane_matches_names_dates_and_numbers(mem: Memlane) -> None:
    okafor = mem.store("Appointment with Dr. Okafor about the asthma plan")
    mem.store("Appointment with the dentist about a filling")
    march = mem.store("The offsite is on 14 March 2024 in Porto")
    mem.store("The retro is on 2 April 2024 in Lisbon")
    invoice = mem.store("Invoice 4471 was paid late")
    assert "entity" in mem.recall("okafor")[0].matched_by
    assert mem.recall("okafor")[0].id == okafor.id
    (first, *_) = mem.recall("what happens on March 14?")
    assert first.id == march.id and "entity" in first.matched_by
    assert mem.recall("invoice 4471")[0].id == invoice.id


def test_scores_are_calibrated_and_min_score_filters(mem: Memlane) -> None:
    mem.store("The blue heron nests by the lake")
    mem.store("Quarterly budget review moved to Friday")
    strong = mem.recall("blue heron nests lake")
    weak = mem.recall("heron budget")
    assert strong[0].score > 0.7
    assert all(0.0 <= h.score <= 1.0 for h in strong + weak)
    scores = [h.score for h in weak]
    assert scores == sorted(scores, reverse=True)
    assert mem.recall("heron budget", min_score=0.99) == []
    assert mem.search("blue heron nests lake", min_score=0.5)[0].content == "The blue heron nests by the lake"


def test_filters(mem: Memlane) -> None:
    a = mem.store("Ana prefers tea in the morning", type="preference", subject="Ana", source="chat",
                  observed_at="2023-01-10")  # fmt: skip
    b = mem.store("Ana moved the tea meeting to Monday", type="episode", subject="Ana", source="calendar",
                  observed_at="2024-06-01")  # fmt: skip
    c = mem.store("Bruno drinks tea only at night", type="preference", subject="Bruno", source="chat",
                  observed_at="2024-02-01")  # fmt: skip
    assert set(ids(mem.recall("tea", types=["preference"]))) == {a.id, c.id}
    assert set(ids(mem.recall("tea", subject="ana"))) == {a.id, b.id}
    assert set(ids(mem.recall("tea", sources=["calendar"]))) == {b.id}
    assert set(ids(mem.recall("tea", observed_after="2024-01-01"))) == {b.id, c.id}
    assert set(ids(mem.recall("tea", observed_before="2024-01-01"))) == {a.id}
    mem.archive(c.id)
    assert set(ids(mem.recall("tea", states=["archived"]))) == {c.id}
    with pytest.raises(InvalidInput):
        mem.recall("tea", types=["gossip"])


def test_spaces_keep_buckets_apart(mem: Memlane) -> None:
    a = mem.store("deploys go through the staging cluster", space="repo-a")
    b = mem.store("deploys go straight to production", space="repo-b")
    assert ids(mem.recall("deploys", space="repo-a")) == [a.id]
    assert ids(mem.recall("deploys", space="repo-b")) == [b.id]
    assert mem.recall("deploys") == []  # the default bucket is a bucket too
    assert set(ids(mem.recall("deploys", space="*"))) == {a.id, b.id}


def test_owners_never_read_each_other(mem: Memlane) -> None:
    mine = mem.store("my locker code is kept at reception")
    theirs = mem.store("Bob's locker is number 12", user="bob")
    assert ids(mem.recall("locker")) == [mine.id]
    assert ids(mem.recall("locker", user="bob")) == [theirs.id]
    for call in (mem.get, mem.history, mem.archive):
        with pytest.raises(Exception, match="no memory"):
            call(theirs.id)
    with pytest.raises(Exception, match="no memory"):
        mem.forget(theirs.id)
    assert mem.get(theirs.id, user="bob").id == theirs.id


def test_expired_items_never_come_back(mem: Memlane, db_path) -> None:
    soon = mem.store("the door code is changing soon", expires_at=datetime.now(UTC) + timedelta(days=1))
    expire(db_path, soon.id)  # expired since it was stored (a store refuses an expiry already past)
    live = mem.store("the door is painted green", expires_at=datetime.now(UTC) + timedelta(days=1))
    assert ids(mem.recall("door")) == [live.id]
    assert ids(mem.list_recent()) == [live.id]


def test_recall_counts_access(mem: Memlane) -> None:
    r = mem.store("the kettle is descaled monthly")
    assert mem.get(r.id).access_count == 0
    mem.recall("kettle")
    mem.recall("kettle descaled")
    got = mem.get(r.id)
    assert got.access_count == 2
    assert got.last_accessed_at is not None


def test_recency_prefers_fresh_items_but_not_for_past_questions(mem: Memlane) -> None:
    now = datetime.now(UTC)
    old = mem.store("Team standup happens in room Atlas", observed_at=now - timedelta(days=400),
                    auto_supersede=False)  # fmt: skip
    new = mem.store("Team standup happens in room Borealis", observed_at=now - timedelta(days=1),
                    auto_supersede=False)  # fmt: skip
    assert ids(mem.recall("team standup room"))[0] == new.id
    # the same question about the past: no preference for the fresh one; ties fall back to the older id
    past = mem.recall("where did the team standup happen originally")
    assert {h.id for h in past} == {old.id, new.id}
    assert past[0].score == pytest.approx(past[1].score, abs=0.05)


def test_a_strong_old_match_beats_a_weak_recent_one(mem: Memlane) -> None:
    now = datetime.now(UTC)
    strong = mem.store("Lena's favourite climbing gym is Boulderhaus in Leipzig",
                       observed_at=now - timedelta(days=3 * 365))  # fmt: skip
    mem.store("went climbing yesterday", observed_at=now)
    assert mem.recall("Lena favourite climbing gym Leipzig")[0].id == strong.id


def test_list_recent_newest_first_current_only(mem: Memlane) -> None:
    a = mem.store("first note about kiwis")
    b = mem.store("second note about mangos")
    c = mem.store("Dr. Okafor prescribed the red inhaler")
    d = mem.store("Dr. Okafor prescribed the blue inhaler")
    assert ids(mem.list_recent()) == [d.id, b.id, a.id]
    assert ids(mem.list_recent(limit=1)) == [d.id]
    assert ids(mem.list_recent(limit=2, offset=1)) == [b.id, a.id]
    assert c.id in ids(mem.list_recent(include_history=True))


def test_queries_are_never_query_syntax(mem: Memlane) -> None:
    mem.store("AND OR NOT near the quote")
    for q in ['"', "AND OR NOT", "NEAR(a b)", "content:foo", "* ^ ( ) :", "x' OR '1'='1"]:
        mem.recall(q)  # must not raise
    assert mem.recall('quote"')[0].content == "AND OR NOT near the quote"
    with pytest.raises(InvalidInput):
        mem.recall("   ")


def test_semantic_lane_finds_paraphrases(smem: Memlane) -> None:
    target = smem.store("My daughter is allergic to peanuts")
    smem.store("The quarterly report is due on Friday")
    smem.store("I parked the car on level three")
    hits = smem.recall("does my kid have any food allergy?")
    assert hits[0].id == target.id
    assert "semantic" in hits[0].matched_by
    assert smem.get(target.id).state == "indexed"
    assert smem.get(target.id).embedding_model == "local/all-MiniLM-L6-v2"


def test_store_without_embedder_then_reindex(db_path, local_embedder) -> None:
    with Memlane(db_path, user="alice", embedder="none") as m:
        r = m.store("My daughter is allergic to peanuts")
        assert r.embedded is False
    with Memlane(db_path, user="alice", embedder=local_embedder) as m:
        assert all("semantic" not in h.matched_by for h in m.recall("food allergy in the family"))
        result = m.reindex()
        assert result.embedded == 1
        assert m.get(r.id).state == "indexed"
        assert "semantic" in m.recall("food allergy in the family")[0].matched_by
        assert m.reindex().embedded == 0  # nothing left to do


def test_pages_follow_the_last_item_not_an_offset(mem: Memlane) -> None:
    service, actor = mem._service, mem._actor(None)
    ids = [r.id for r in mem.store_many([f"widget note {i}" for i in range(7)], auto_supersede=False)]
    first, cursor = service.list_page(actor=actor, limit=3)
    first_cursor = cursor
    assert [m.id for m in first] == ids[:-4:-1] and cursor
    # between two pages: two new items arrive and the page's last item is forgotten (an offset would
    # now repeat an item of the first page)
    mem.store_many(["a brand new gadget note", "another fresh gizmo note"], auto_supersede=False)
    mem.forget(first[-1].id)
    second, cursor = service.list_page(actor=actor, limit=3, cursor=cursor)
    assert [m.id for m in second] == ids[3::-1][:3]  # no repeat, no skip
    third, cursor = service.list_page(actor=actor, limit=3, cursor=cursor)
    assert [m.id for m in third] == [ids[0]] and cursor is None
    with pytest.raises(InvalidInput):
        service.list_page(actor=actor, limit=3, cursor="not-a-cursor")
    with pytest.raises(InvalidInput):
        service.list_page(actor=actor, limit=3, offset=2, cursor=cursor or "x")
    with pytest.raises(InvalidInput):  # an explicit offset of 0 is an offset too
        service.list_page(actor=actor, limit=3, offset=0, cursor=first_cursor)


def test_a_common_key_adds_its_weight_to_what_rarer_keys_find(
    mem: Memlane, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = [r.id for r in mem.store_many(
        ["Acme and Borealis signed the old deal", "Borealis renewed the support contract",
         *[f"Acme shipped release {i} to customers" for i in range(8)]],
        auto_supersede=False,
    )]  # fmt: skip
    old_both, borealis_only, acme = ids[0], ids[1], ids[2:]
    monkeypatch.setattr(entity_keys, "COMMON_KEY_MIN", 4)  # "acme" (9 items) is common, "borealis" not
    store = mem._service.storage
    actor = Actor(user="alice")
    keys = ["name:acme", "name:borealis"]
    total, counts = store.key_frequencies(actor, keys)
    assert (total, counts) == (10, {"name:acme": 9, "name:borealis": 2})
    common = entity_keys.common_keys(keys, counts, total)  # what the entity lane passes
    assert common == ["name:acme"]

    got = store.entity_search(
        actor, Filters(), keys, now_utc(), 3, {"name:acme": 1.0, "name:borealis": 5.0}, common
    )
    by_id = {
        memory.id: seq
        for seq, memory in store.fetch(actor, Filters(), [s for s, _ in got], now_utc()).items()
    }
    ranked = [(next(i for i, s in by_id.items() if s == seq), w) for seq, w in got]
    # the old item holding both keys keeps both weights although "acme" alone finds only its newest
    assert ranked == [(old_both, 6.0), (borealis_only, 5.0), (acme[-1], 1.0)]
    # the entity lane counts the keys once and names the common ones to the store
    seen: list[object] = []
    search = store.entity_search

    def spy(*args: object, **kwargs: object) -> object:
        seen.append(args[6] if len(args) > 6 else kwargs.get("common"))
        return search(*args, **kwargs)

    monkeypatch.setattr(store, "entity_search", spy)
    assert old_both in {h.id for h in mem.recall("Acme and Borealis", limit=3)}
    assert seen == [["name:acme"]]


def test_extraction_lookups_do_not_count_as_access(mem: Memlane) -> None:
    """The memory manager's neighbour search during extraction is memlane's own lookup, not an access:
    it must not raise the access counts that boost ranking. A user's recall still counts."""
    known = mem.store("The user drinks green tea every morning")
    found: list[list[str]] = []
    real = mem.service.recall

    def recording(query: str, **kw: Any) -> list[Any]:
        hits = real(query, **kw)
        found.append([h.id for h in hits])
        return hits

    mem.service.recall = recording  # type: ignore[method-assign]
    mem.extract([{"role": "user", "text": "I always drink green tea in the morning."}])
    mem.service.recall = real  # type: ignore[method-assign]
    assert any(known.id in ids for ids in found)  # the manager looked it up as a neighbour
    assert mem.get(known.id).access_count == 0
    assert known.id in ids(mem.recall("green tea", include_history=True))
    assert mem.get(known.id).access_count == 1


def test_forget_by_query_dry_run_does_not_count_as_access(mem: Memlane) -> None:
    """Finding what a forget-by-query would delete reads for memlane, not for the caller: a dry run
    leaves the matches' access counts (which boost ranking) as they were."""
    kept = mem.store("The user drinks green tea every morning")
    preview = mem.forget(query="green tea", dry_run=True)
    assert kept.id in preview.deleted
    assert mem.get(kept.id).access_count == 0
    assert kept.id in ids(mem.recall("green tea"))
    assert mem.get(kept.id).access_count == 1
