"""Automatic supersession by claims: the same subject and attribute with a new value supersedes; additive
wording, another subject or another attribute never does, and near-matches come back in ``similar``.

The sentences here are written for these tests (not taken from any benchmark set)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memlane import Memlane
from memlane.text.claims import analyse, claim_keys
from memlane.text.updates import compare


def updates(old: str, new: str) -> bool:
    return compare(analyse(old), analyse(new))[0]


# -- the analysis ---------------------------------------------------------------------------------------


def test_a_statement_is_read_as_subject_predicate_and_value() -> None:
    (claim,) = analyse("Rosa's cello lessons are on Wednesdays at 17:00").claims
    assert claim.subject == {"rosa", "cello", "lesson"}
    assert claim.possessor == {"rosa"}
    assert claim.verb == "be" and not claim.passive and not claim.negated
    assert claim.adjuncts == {"wednesday", "t1700"}
    assert {"weekday", "time"} <= claim.kinds

    (claim,) = analyse("The Vienna warehouse is managed by Oskar").claims[:1]
    assert claim.subject == {"vienna", "warehous"} and claim.verb == "manage" and claim.passive
    # the passive is also read as its active ("Oskar manages the Vienna warehouse")
    assert any(c.subject == {"oskar"} and c.obj == {"vienna", "warehous"} for c in analyse(
        "The Vienna warehouse is managed by Oskar").claims)  # fmt: skip


def test_wording_marks_additions_and_changes() -> None:
    assert analyse("Piet collects stamps as well").additive
    assert analyse("Piet also collects coins").additive
    assert analyse("Piet has another bicycle").additive
    assert analyse("Piet no longer collects stamps").change
    assert analyse("From now on Piet cycles to work").change
    assert not analyse("Piet collects stamps").additive and not analyse("Piet collects stamps").change


def test_only_a_single_statement_makes_claims() -> None:
    assert analyse("The weekly retro is at 16:00").claims
    # several sentences (a chat turn, a note): no claim stands for the whole text
    assert not analyse("Thanks, Rosa. The weekly retro is at 16:00. See you there.").claims
    assert not analyse("Is the weekly retro at 16:00?").claims
    # a pronoun whose referent is elsewhere says nothing checkable about what it is about
    assert not analyse("It is at 16:00").claims
    assert not analyse("She moved to Bruges").claims
    assert not updates("She lives in Ghent", "She moved to Bruges")


def test_an_abbreviation_ends_no_sentence() -> None:
    assert updates("Dr. Okafor prescribed the red inhaler", "Dr. Okafor prescribed the blue inhaler")
    assert updates("Mrs. Patel lives in Leeds.", "Mrs. Patel moved to York.")


def test_a_speaker_prefix_names_who_i_is() -> None:
    (claim,) = analyse("Rosa: I live in Ghent").claims
    assert claim.subject == {"rosa"}
    assert updates("Rosa: I live in Ghent", "Rosa: I moved to Bruges")
    assert not updates("Rosa: I live in Ghent", "Piet: I moved to Bruges")
    assert not analyse("Rosa: you live in Ghent").claims  # "you" is the other speaker


def test_claim_keys_find_statements_about_the_same_subject() -> None:
    old = claim_keys(analyse("The weekly retro is at 16:00"))
    new = claim_keys(analyse("The weekly retro is at 15:30"))
    assert old & new  # no name, date or number in common: the subject alone pairs them
    assert not claim_keys(analyse("The quarterly retro is at 16:00")) & new - {"about:"}
    # a named thing acting on an object is also found through the object ("who owns the X")
    assert claim_keys(analyse("Greta owns the invoicing service")) & claim_keys(
        analyse("Bilal now owns the invoicing service")
    )


# -- the decision on clear cases ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Piet collects stamps", "Piet collects coins too"),
        ("Piet collects stamps", "Piet also collects coins"),
        ("Piet collects stamps", "Piet collects coins as well"),
        ("Piet has a bicycle", "Piet has another bicycle"),
        ("The weekly retro is at 16:00", "The weekly retro is also at 17:00"),
        ("Rosa speaks Dutch", "Rosa speaks Italian in addition"),
    ],
)
def test_additive_wording_never_supersedes(old: str, new: str) -> None:
    assert not updates(old, new)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Rosa's cello lessons are on Wednesdays", "Rosa's chess lessons are on Wednesdays"),
        ("Rosa's cello lessons are on Wednesdays", "Marta's cello lessons are on Wednesdays"),
        ("The Vienna warehouse opens at 6:00", "The Graz warehouse opens at 6:00"),
        ("Order 7781 ships on 2 May", "Order 7790 ships on 2 May"),
        ("Greta lives in Ghent", "Greta's brother lives in Ghent"),
        ("The printer lease renews on 1 July", "The cleaning contract renews on 1 July"),
        ("Bilal reports to Greta", "Oskar reports to Greta"),
        # a verb of change or ending whose object only shares a word with the old statement
        ("Piet prefers coffee after lunch", "Piet moved the coffee break to 15:00"),
        ("Piet prefers coffee after lunch", "Piet sold the coffee grinder"),
    ],
)
def test_another_subject_never_supersedes(old: str, new: str) -> None:
    assert not updates(old, new)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Rosa's cello lessons are on Wednesdays", "Rosa's cello lessons are on Fridays"),
        ("The weekly retro is at 16:00", "The weekly retro is at 15:30"),
        ("The Vienna warehouse opens at 6:00", "The Vienna warehouse opens at 5:30"),
        ("Order 7781 ships on 2 May", "Order 7781 ships on 9 May"),
        ("Greta's team lead is Oskar", "Greta's team lead is Bilal"),
        ("The staging cluster runs Kubernetes 1.29", "The staging cluster runs Kubernetes 1.31"),
        ("Greta lives in Ghent", "Greta moved to Bruges"),
        ("The offsite is on 3 June", "The offsite was postponed to 17 June"),
        ("The shared drive is called team-docs", "The shared drive was renamed to team-handbook"),
        ("Greta owns the invoicing service", "Bilal now owns the invoicing service"),
        ("Piet collects stamps", "Piet no longer collects stamps"),
        ("Piet drinks black tea", "Piet switched to green tea"),
    ],
)
def test_a_new_value_of_the_same_attribute_supersedes(old: str, new: str) -> None:
    assert updates(old, new)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Piet collects stamps", "Piet collects coins"),  # many values: an added one
        ("Rosa speaks Dutch", "Rosa speaks Italian"),
        ("Rosa takes cello lessons", "Rosa takes chess lessons"),
        ("The team has 6 designers", "The team has 6 open positions"),  # another attribute, same number
        ("Greta is the treasurer of the rowing club", "Greta is the treasurer of the chess club"),
    ],
)
def test_a_second_value_of_a_many_valued_attribute_does_not_supersede(old: str, new: str) -> None:
    assert not updates(old, new)


def test_change_wording_makes_a_second_value_an_update() -> None:
    assert not updates("Piet collects stamps", "Piet collects coins")
    assert updates("Piet collects stamps", "Piet collects coins now")
    assert updates("Piet collects stamps", "Piet collects coins instead")


# -- through the store, on both backends --------------------------------------------------------------------


def test_a_changed_value_supersedes_without_a_shared_name_date_or_number(mem: Memlane) -> None:
    old = mem.store("The weekly retro is at 16:00")
    new = mem.store("The weekly retro is at 15:30")
    assert [s.id for s in new.superseded] == [old.id]
    assert [m.id for m in mem.history(new.id)] == [old.id, new.id]
    assert [h.id for h in mem.recall("weekly retro")] == [new.id]


def test_an_added_fact_stays_current_and_is_offered_as_similar(mem: Memlane) -> None:
    old = mem.store("Piet collects stamps")
    new = mem.store("Piet also collects coins")
    assert new.superseded == ()
    assert [s.id for s in new.similar] == [old.id]
    assert new.similar[0].content == "Piet collects stamps" and 0 < new.similar[0].score <= 1
    assert {h.id for h in mem.recall("what does Piet collect")} == {old.id, new.id}


def test_another_subject_stays_current(mem: Memlane) -> None:
    cello = mem.store("Rosa's cello lessons are on Wednesdays")
    chess = mem.store("Rosa's chess lessons are on Wednesdays")
    assert chess.superseded == ()
    assert mem.get(cello.id).superseded_by is None
    assert {h.id for h in mem.recall("Rosa lessons Wednesdays")} == {cello.id, chess.id}


def test_unsure_cases_are_returned_as_similar_and_replaces_resolves_them(mem: Memlane) -> None:
    stamps = mem.store("Piet collects stamps")
    coins = mem.store("Piet collects coins")  # added or changed? not supersession's call
    assert coins.superseded == () and [s.id for s in coins.similar] == [stamps.id]
    again = mem.store("Piet collects coins and shells", replaces=stamps.id)  # the caller decides
    assert [s.id for s in again.superseded] == [stamps.id]


def test_store_many_follows_the_same_rule(mem: Memlane) -> None:
    results = mem.store_many(
        [
            "The Vienna warehouse opens at 6:00",
            "The Graz warehouse opens at 6:00",
            "Rosa speaks Dutch",
            "Rosa speaks Italian as well",
            "The Vienna warehouse opens at 5:30",
        ]
    )
    vienna, graz, dutch, italian, later = results
    assert graz.superseded == () and italian.superseded == ()
    assert [s.id for s in italian.similar] == [dutch.id]
    assert [s.id for s in later.superseded] == [vienna.id]
    assert {m.content for m in mem.list_recent()} == {
        "The Graz warehouse opens at 6:00",
        "Rosa speaks Dutch",
        "Rosa speaks Italian as well",
        "The Vienna warehouse opens at 5:30",
    }


def test_two_equally_good_targets_are_left_to_the_caller(mem: Memlane) -> None:
    home = mem.store("Greta lives in Ghent")
    work = mem.store("Greta works at Initech")
    moved = mem.store("Greta moved to Bruges")  # her home or her office? not a guess to make silently
    assert moved.superseded == ()
    assert {s.id for s in moved.similar} == {home.id, work.id}
    retro = mem.store("The weekly retro is at 16:00")
    assert [s.id for s in mem.store("The weekly retro is at 15:30").superseded] == [retro.id]


def test_a_back_dated_update_is_offered_not_applied(mem: Memlane) -> None:
    current = mem.store("The weekly retro is at 16:00")
    older = mem.store("The weekly retro is at 15:30", observed_at=datetime(2020, 1, 1, tzinfo=UTC))
    assert older.superseded == ()
    assert [s.id for s in older.similar] == [current.id]
    assert mem.get(current.id).superseded_by is None


def test_reindex_keys_keeps_the_about_keys(mem: Memlane) -> None:
    """``reindex(keys=True)`` rebuilds the ``about:`` keys too (items stored by an earlier version get them)."""
    old = mem.store("The weekly retro is at 16:00")
    mem.reindex(keys=True)
    assert [s.id for s in mem.store("The weekly retro is now at 15:00").superseded] == [old.id]


# -- the same place said with less (5 Dec: "I moved to Wiesbaden in 2021" hid the address in Wiesbaden) ------


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("I live at Wilhelmstraße 14 in Wiesbaden", "I moved to Wiesbaden in 2021"),
        ("Tomasz lives at Długa 7 in Gdańsk", "Tomasz moved to Gdańsk"),
        ("I live in Kreuzberg, Berlin", "I live in Berlin"),
        ("Ana works at the Lyon office on Rue Garibaldi", "Ana relocated to Lyon last spring"),
    ],
)
def test_the_same_place_said_with_less_does_not_supersede(old: str, new: str) -> None:
    assert not updates(old, new)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("I live in Berlin", "I moved to Kreuzberg, Berlin"),  # more precise: the new one says both
        ("I live at Wilhelmstraße 14 in Wiesbaden", "I moved to Mainz"),
        ("I live at Wilhelmstraße 14 in Wiesbaden", "I moved to Rheinstraße 3 in Wiesbaden"),
        ("I live in Wiesbaden", "I moved to Mainz in 2021"),
    ],
)
def test_another_or_a_more_precise_place_still_supersedes(old: str, new: str) -> None:
    assert updates(old, new)


def test_a_move_to_the_city_of_the_address_keeps_the_address_current(mem: Memlane) -> None:
    address = mem.store("I live at Wilhelmstraße 14 in Wiesbaden")
    moved = mem.store("I moved to Wiesbaden in 2021")
    assert moved.superseded == () and address.id in [s.id for s in moved.similar]
    assert mem.get(address.id).superseded_by is None
