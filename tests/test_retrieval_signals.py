"""Each retrieval mechanism on its own: it changes the ranking when on, and the test fails when off."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest

from memlane import Memlane, RetrievalConfig
from memlane.retrieval.fusion import best_first, rrf
from memlane.retrieval.ranking import calibrated_score, monotone, multiplier
from memlane.retrieval.signals import asks_when, is_question_item, observed_keys, subject_keys

BASE = RetrievalConfig()


def open_store(db_path, **changes) -> Memlane:
    return Memlane(db_path, user="alice", embedder="none", retrieval=replace(BASE, **changes))


def first(m: Memlane, query: str) -> str:
    return m.recall(query, limit=5)[0].content


@pytest.mark.parametrize("boost", [BASE.subject_boost, 0.0])
def test_subject_named_in_the_query_wins_a_tie(db_path, boost: float) -> None:
    # the entity and graph lanes also know subjects (names are entity keys; subjects are entities):
    # isolate the signal
    with open_store(db_path, subject_boost=boost, lanes=BASE.without("entity", "graph").lanes) as m:
        m.store("enjoys hiking in the alps on sundays", subject="Bruno")
        m.store("enjoys hiking in the alps on mondays", subject="Ana")  # newer: wins the tie otherwise
        expected = "enjoys hiking in the alps on sundays" if boost else "enjoys hiking in the alps on mondays"
        assert first(m, "what hiking does Bruno enjoy") == expected


@pytest.mark.parametrize("penalty", [BASE.question_item_penalty, 0.0])
def test_items_that_are_questions_rank_below_statements(db_path, penalty: float) -> None:
    with open_store(db_path, question_item_penalty=penalty, context_weight=0) as m:
        m.store("We adopted a cat named Bailey and a pet turtle", observed_at="2023-01-01")
        m.store("Which pet do you have?", observed_at="2023-01-01")
        expected = "We adopted a cat named Bailey and a pet turtle" if penalty else "Which pet do you have?"
        assert first(m, "which pet does she have") == expected


@pytest.mark.parametrize("boost", [BASE.time_boost, 0.0])
def test_items_observed_when_the_query_says(db_path, boost: float) -> None:
    with open_store(db_path, time_boost=boost, recency_boost=0) as m:
        m.store("went to the lake with the kids", observed_at="2023-06-20", auto_supersede=False)
        m.store("went to the lake with the dogs", observed_at="2023-10-02", auto_supersede=False)  # wins ties
        expected = "went to the lake with the kids" if boost else "went to the lake with the dogs"
        assert first(m, "the lake trip in June") == expected


@pytest.mark.parametrize("boost", [BASE.when_boost, 0.0])
def test_when_questions_prefer_items_that_say_when(db_path, boost: float) -> None:
    with open_store(db_path, when_boost=boost, recency_boost=0) as m:
        m.store("Ana moved to Porto last week", observed_at="2023-05-08")
        m.store("Ana moved to Porto with Ruth", observed_at="2023-05-08", auto_supersede=False)  # wins ties
        expected = "Ana moved to Porto last week" if boost else "Ana moved to Porto with Ruth"
        assert first(m, "When did Ana move to Porto?") == expected


@pytest.mark.parametrize("weight", [BASE.context_weight, 0.0])
def test_context_brings_the_reply_next_to_a_strong_match(db_path, weight: float) -> None:
    with open_store(db_path, context_weight=weight) as m:
        m.store_many(
            ["Caroline: Wow, what a lovely wedding photo! How long have you been married?",
             "Melanie: 5 years already! Time flies.",
             "Caroline: I'm off to the library to study."],
            source="chat", observed_at="2023-05-08", auto_supersede=False, provenance={"conversation_id": "s1"},
        )  # fmt: skip
        m.store("Melanie: the car needs new tyres", source="chat", provenance={"conversation_id": "s2"})
        hits = m.recall("how long have they been married", limit=5)
        contents = [h.content for h in hits]
        if weight:
            reply = contents.index("Melanie: 5 years already! Time flies.")
            assert reply < 2 and hits[reply].matched_by == ("context",) and hits[reply].score > 0
        else:
            assert "Melanie: 5 years already! Time flies." not in contents


def test_context_never_crosses_conversations_or_owners(db_path) -> None:
    chat = {"conversation_id": "chat-1"}
    with open_store(db_path) as m:
        m.store("How long have you been married?", provenance=chat, observed_at="2023-05-08")
        m.store("5 years already", provenance=chat, observed_at="2023-05-08", user="bob")  # another owner
        m.store("12 years already", provenance={"conversation_id": "chat-2"})  # another conversation
        m.store("30 years already", source="chat", observed_at="2023-05-08")  # no conversation named
        assert [h.content for h in m.recall("how long married")] == ["How long have you been married?"]


def test_pure_helpers() -> None:
    assert rrf(
        {"a": [(1, 0.9), (2, 0.5)], "b": [(2, 3.0), (3, 1.0)]}, {"a": 1.0, "b": 0.5}, k=10
    ) == pytest.approx({1: 1 / 11, 2: 1 / 12 + 0.5 / 11, 3: 0.5 / 12})
    # ties share the mean of the ranks they occupy: what random tie-breaking gives on average
    assert rrf({"a": [(1, 0.5), (2, 0.5), (3, 0.1)]}, {}, k=10) == pytest.approx(
        {1: (1 / 11 + 1 / 12) / 2, 2: (1 / 11 + 1 / 12) / 2, 3: 1 / 13}
    )
    assert rrf({"a": [(2, 0.5), (1, 0.5), (3, 0.1)]}, {}, k=10) == rrf(
        {"a": [(1, 0.5), (2, 0.5), (3, 0.1)]}, {}, k=10
    )
    assert monotone([0.9, 0.5, 0.7, 0.2]) == [0.9, 0.5, 0.5, 0.2]
    lanes = BASE.lanes
    assert calibrated_score({}, lanes) == 0.0
    assert calibrated_score({"keyword": 1.0}, lanes) == pytest.approx(0.85)
    assert calibrated_score({"keyword": 1.0, "semantic": 1.0}, lanes) > 0.95
    now = datetime(2024, 1, 1, tzinfo=UTC)
    fresh = multiplier(BASE, observed_at=now, now=now, importance=0.5, access_count=0, past_question=False)
    old = multiplier(BASE, observed_at=datetime(2020, 1, 1, tzinfo=UTC), now=now, importance=0.5,
                     access_count=0, past_question=False)  # fmt: skip
    past = multiplier(BASE, observed_at=now, now=now, importance=0.5, access_count=0, past_question=True)
    assert fresh == pytest.approx(1 + BASE.recency_boost) and old == pytest.approx(1.0) and past == 1.0
    assert is_question_item("Caroline: what pet do you have? ") and not is_question_item("We have a cat.")
    assert (
        asks_when("When did Ana move?") and asks_when("what year did it open") and not asks_when("who is Ana")
    )
    assert {"date:2023-06-20", "month:06", "md:06-20", "date:2023-06", "week:2023-W25"} <= observed_keys(
        datetime(2023, 6, 20, 9, tzinfo=UTC)
    )
    assert "name:okafor" in subject_keys("dr. okafor", "Dr. Okafor")


def test_common_words_rank_but_do_not_find_keyword_candidates(db_path) -> None:
    with open_store(db_path) as m:
        m.store_many([f"weekly project status note number {i}" for i in range(2100)], auto_supersede=False)
        target = m.store("project kickoff with the Zanzibar team", auto_supersede=False)
        store = m.service.storage
        seen: list[list[str]] = []
        real = store.keyword_search

        def spy(actor, filters, terms, now, limit):  # type: ignore[no-untyped-def]
            seen.append(list(terms))
            return real(actor, filters, terms, now, limit)

        store.keyword_search = spy
        hits = m.recall("project status zanzibar kickoff")
        assert hits[0].id == target.id
        # "project" and "status" are in >10% of items and not among the two rarest: they find nothing
        assert sorted(seen[0]) == ["kickoff", "zanzibar"]


def test_common_words_still_order_the_candidates(db_path) -> None:
    with open_store(db_path, lanes=BASE.without("semantic", "entity").lanes, context_weight=0) as m:
        m.store_many([f"weekly project status note number {i}" for i in range(2100)], auto_supersede=False)
        plain = m.store("zanzibar office move", auto_supersede=False)
        with_status = m.store("zanzibar status report", auto_supersede=False)
        ids = [h.id for h in m.recall("zanzibar status")]
        # only "zanzibar" finds candidates; "status" (in >10% of items) still puts the report first
        assert ids[:2] == [with_status.id, plain.id]


@pytest.mark.parametrize("reply_weight", [BASE.reply_weight, BASE.context_weight])
def test_the_reply_to_a_matching_question_stands_in_for_it(db_path, reply_weight: float) -> None:
    with open_store(db_path, reply_weight=reply_weight) as m:
        chat = {"conversation_id": "day-1"}
        m.store(
            "Bea: the new puppy chewed my shoes again", subject="Bea", provenance={"conversation_id": "day-0"}
        )
        m.store("Bea: what did you name the puppy?", subject="Bea", provenance=chat)
        m.store("Carl: We called him Biscuit, after his colour.", subject="Carl", provenance=chat)
        contents = [h.content for h in m.recall("what is the puppy's name")]
        reply = contents.index("Carl: We called him Biscuit, after his colour.")
        chewed = contents.index("Bea: the new puppy chewed my shoes again")
        assert (reply < chewed) == (reply_weight > BASE.context_weight)


def test_a_question_answered_by_the_same_speaker_is_not_a_reply(db_path) -> None:
    with open_store(db_path) as m:
        chat = {"conversation_id": "day-1"}
        m.store(
            "Bea: the new puppy chewed my shoes again", subject="Bea", provenance={"conversation_id": "day-0"}
        )
        m.store("Bea: what did you name the puppy?", subject="Bea", provenance=chat)
        m.store("Bea: I am off to work now.", subject="Bea", provenance=chat)
        contents = [h.content for h in m.recall("what is the puppy's name")]
        assert contents.index("Bea: I am off to work now.") > contents.index(
            "Bea: the new puppy chewed my shoes again"
        )


@pytest.mark.parametrize("with_time_lane", [True, False])
def test_the_time_lane_searches_the_period_the_query_names(db_path, with_time_lane: bool) -> None:
    lanes = BASE.lanes if with_time_lane else BASE.without("time").lanes
    with open_store(db_path, lanes=lanes, recency_boost=0, time_boost=0) as m:
        for day in ("2023-06-02", "2023-06-09", "2023-06-23", "2023-06-30"):
            m.store(f"Ana shared big exciting news about the new job offer ({day})", observed_at=day,
                    auto_supersede=False)  # fmt: skip
        target = m.store("Ana: I passed my driving test today!", observed_at="2023-06-16")
        hits = m.recall("What exciting news did Ana share on 16 June, 2023?")
        ids = [h.id for h in hits]
        if with_time_lane:
            assert ids[0] == target.id and "time" in hits[0].matched_by
        else:
            assert target.id not in ids[:1]
        # a period the store has nothing in changes nothing
        assert m.recall("What exciting news did Ana share on 16 June, 2021?")[0].id != target.id


def test_fusion_and_ranking_do_not_depend_on_the_order_things_were_gathered_in() -> None:
    # a float sum depends on its order in the last bits ((0.1 + 0.2) + 0.3 != (0.3 + 0.2) + 0.1): the
    # lanes' shares are added in one order, whatever order the lanes answered in
    lists = {"a": [(7, 1.0)], "b": [(7, 1.0)], "c": [(7, 1.0)]}
    weights = {"a": 0.1 * 11, "b": 0.2 * 11, "c": 0.3 * 11}
    forwards = rrf(lists, weights, k=10)
    backwards = rrf(dict(reversed(lists.items())), weights, k=10)
    assert forwards[7] == backwards[7]
    # equal scores rank newest first, never in the order they were gathered (which can follow a set of
    # strings, salted per process): the same recall cuts its pool at the same items in every process
    scores = {3: 0.5, 9: 0.5, 4: 0.7, 1: 0.5}
    assert best_first(scores) == [4, 9, 3, 1]
    assert best_first(dict(reversed(scores.items()))) == [4, 9, 3, 1]
    assert best_first(scores, 2) == [4, 9]
