"""Resolution without the optional ``names`` extra (gender-guesser, GPLv3, is not a core dependency):
the 50-country given-name table is empty, ``nicknames`` and the other rules still separate the hard
cases, and no case merges that the table kept apart. Absence is simulated at the import the loader does
(``gender_guesser`` made unimportable), not skipped."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from memlane.graph import entity_types, given_names, resolution
from memlane.graph.given_names import (
    given_name_forms,
    given_name_gender,
    has_name_dictionary,
    is_given_name,
)
from memlane.graph.resolution import Candidate, Mention, Registry, resolve

ROOT = Path(__file__).resolve().parents[1]


def _clear_caches() -> None:
    """Every memoised function that depends on the name table, so each mode reads it afresh."""
    for module in (given_names, resolution, entity_types):
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()


@pytest.fixture(params=["with table", "without table"])
def names_table(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[bool]:
    _clear_caches()
    if request.param == "without table":
        monkeypatch.setitem(sys.modules, "gender_guesser", None)  # `import gender_guesser` fails
    yield request.param == "with table"
    monkeypatch.undo()
    _clear_caches()


@pytest.fixture
def without_table(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    _clear_caches()
    monkeypatch.setitem(sys.modules, "gender_guesser", None)
    yield
    monkeypatch.undo()
    _clear_caches()


def _learn(*mentions: Mention) -> list[str | None]:
    registry = Registry()
    return [registry.resolve_and_learn(m)[1] for m in mentions]


def test_the_tables_are_empty_and_nicknames_remain(without_table: None) -> None:
    assert not has_name_dictionary()
    assert given_name_gender("daniel") is None and given_name_gender("daniela") is None
    assert given_name_forms("dima") == frozenset({"dima"})  # the table's equivalents are gone
    assert {"robert", "bobby"} <= given_name_forms("bob")  # the English nicknames are not
    assert is_given_name("robert") and not is_given_name("tech")


def test_the_table_is_read_when_installed(names_table: bool) -> None:
    assert has_name_dictionary() is names_table
    assert ("dmitry" in given_name_forms("dima")) is names_table


def test_the_issues_hard_cases_without_the_table(without_table: None) -> None:
    # Bob / Robert / bob@acme.com are one person
    ids = _learn(
        Mention("Robert Smith", "person", ("email:robert.smith@acme.com",), ("Acme",)),
        Mention("Bob Smith", "person"),
        Mention("bob@acme.com", "person"),
    )
    assert ids == [ids[0]] * 3
    # two different people called Ana
    anas = [
        Candidate("p1", "person", "Ana Lopez", external_ids=("hubspot:1001",)),
        Candidate("p2", "person", "Ana Petrova", external_ids=("hubspot:1002",)),
    ]
    assert resolve(Mention("Ana", "person"), anas).how == "ambiguous"
    assert resolve(Mention("Ana Lopez", "person", ("hubspot:2055",)), anas).how == "new"
    assert resolve(Mention("Ana Petrova", "person"), anas).entity_id == "p2"
    # a company and a person of one name
    jordan = [Candidate("c1", "company", "Jordan"), Candidate("p1", "person", "Michael Jordan")]
    assert resolve(Mention("Jordan", None), jordan).how == "ambiguous"
    assert resolve(Mention("Jordan Inc", "company"), jordan).entity_id == "c1"
    # Acme / Acme Corp / ACME Inc. are one company, Acme Bank Ltd another
    ids = _learn(
        Mention("Acme", "company"),
        Mention("Acme Corp", "company"),
        Mention("ACME Inc.", "company"),
        Mention("Acme Bank Ltd", "company"),
    )
    assert ids[:3] == [ids[0]] * 3 and ids[3] != ids[0]
    # titles still state genders
    assert (
        resolve(Mention("Mrs Thompson", "person"), [Candidate("p1", "person", "Mr. Thompson")]).how == "new"
    )


@pytest.mark.parametrize(
    ("woman", "man", "nickname"),
    [
        ("Daniela Kim", "Daniel Kim", "Danny Kim"),
        ("Samantha Lee", "Samuel Lee", "Sam Lee"),
        ("Alexandra Ross", "Alexander Ross", "Alex Ross"),
        ("Christina Hall", "Christopher Hall", "Chris Hall"),
    ],
)
def test_two_given_names_that_share_a_nickname_stay_apart(
    names_table: bool, woman: str, man: str, nickname: str
) -> None:
    """With the table the genders keep them apart; without it (no genders), that the woman's name is
    not the man's fullest given name nor a form of it, though both have the nickname."""
    known = [Candidate("p1", "person", man, aliases=(nickname,))]
    assert resolve(Mention(woman, "person"), known).how == "new"
    # the nickname and the man's own name still find him
    assert resolve(Mention(nickname, "person"), [Candidate("p1", "person", man)]).entity_id == "p1"
    assert resolve(Mention(man, "person"), known).entity_id == "p1"


def test_labelled_sets_without_the_table(without_table: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Precision does not drop without the table (measured: docs/benchmarks.md, the same as with it on
    all three sets); recall loses the table's equivalents (Dima, Katya, Sasha)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_resolution_nt", ROOT / "bench" / "resolution.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, bench)  # (its dataclasses look their module up)
    spec.loader.exec_module(bench)
    floors = {"resolution.txt": (0.98, 0.92), "resolution-holdout.txt": (0.95, 0.85)}
    floors["resolution-heldout2.txt"] = (0.93, 0.55)
    for name, (precision, recall) in floors.items():
        score, errors = bench.evaluate(bench.load(ROOT / "tests" / "data" / name))
        assert score.precision >= precision and score.recall >= recall, (name, errors)
