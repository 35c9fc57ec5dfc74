"""The wording a consolidated memory keeps (``consolidation/wording.py``): the member that says the most
without fillers, its leading discourse phrase dropped; on a tie the fewest fillers, then the newest.
Every member's own words stay in the provenance, and the merge is undone as before. Both backends."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from memlane import Memlane
from memlane.consolidation.wording import kept_wording, strip_discourse
from memlane.models import Memory


@pytest.fixture
def mem(db_path: Path | str) -> Iterator[Memlane]:
    m = Memlane(db_path, user="ana", embedder="none")
    yield m
    m.close()


def _store(m: Memlane, texts: list[str]) -> list[str]:
    return [m.store(t, auto_supersede=False).id for t in texts]


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("Really, Mira owns a bakery in Ghent", "Mira owns a bakery in Ghent"),
        ("FYI Mira owns a bakery", "Mira owns a bakery"),
        ("Just so you know, btw, the sync moved to Friday", "The sync moved to Friday"),
        ("As I said before, Jonas lives in Oslo", "Jonas lives in Oslo"),
        ("Okay, so, Ana likes tea", "Ana likes tea"),
        # words that open a statement with meaning stay
        ("So far the launch went well", "So far the launch went well"),
        ("Really good bread is sold at Lu's", "Really good bread is sold at Lu's"),
        ("Well water is safe here", "Well water is safe here"),
        ("FYI", "FYI"),
    ],
)
def test_leading_discourse_phrases_are_dropped(said: str, kept: str) -> None:
    assert strip_discourse(said)[0] == kept


def test_a_filler_never_wins_over_the_plain_statement(mem: Memlane) -> None:
    """The newer, longer member only adds a filler: the plain wording is kept (the longest rule kept
    "Really, ..."), and the merge still keeps both members and undoes."""
    ids = _store(mem, ["Mira owns a bakery in Ghent", "Really, Mira owns a bakery in Ghent"])
    (cluster,) = mem.consolidate().clusters
    assert cluster.id is not None and cluster.content == "Mira owns a bakery in Ghent"
    merged = mem.get(cluster.id)
    assert merged.content == "Mira owns a bakery in Ghent"
    kept = merged.provenance["consolidated"]  # type: ignore[index]
    assert {k["id"]: k["content"] for k in kept} == {
        ids[0]: "Mira owns a bakery in Ghent",
        ids[1]: "Really, Mira owns a bakery in Ghent",
    }
    assert {h.id for h in mem.history(cluster.id)} == {*ids, cluster.id}
    assert sorted(mem.undo_consolidation(cluster.id)) == sorted(ids)
    assert {m.content for m in mem.list_recent(limit=10)} == {
        "Mira owns a bakery in Ghent",
        "Really, Mira owns a bakery in Ghent",
    }


def test_fillers_inside_lose_the_tie_then_the_newest_wins(mem: Memlane) -> None:
    jonas = ["As I said, Jonas lives in Oslo", "Jonas lives in Oslo", "Jonas really lives in Oslo"]
    tea = ["Ana enjoys green tea", "Ana likes green tea", "Ana really enjoys green tea"]
    _store(mem, jonas + tea)
    contents = sorted(c.content for c in mem.consolidate().clusters)
    # "Ana likes green tea": as informative as "enjoys", no filler, and newer
    assert contents == ["Ana likes green tea", "Jonas lives in Oslo"]


def test_when_every_member_opens_with_a_filler_the_newest_is_kept_without_it(mem: Memlane) -> None:
    _store(mem, ["Actually, Bruno moved to Lisbon", "As I said, Bruno relocated to Lisbon"])
    (cluster,) = mem.consolidate().clusters
    assert cluster.id is not None and mem.get(cluster.id).content == "Bruno relocated to Lisbon"


def _member(id: str, content: str, minute: int) -> Memory:
    at = datetime(2026, 5, 1, 9, minute, tzinfo=UTC)
    return Memory.model_construct(id=id, content=content, observed_at=at, created_at=at)


def test_the_member_that_says_more_wins_over_a_newer_plain_one() -> None:
    """(Clusters of paraphrases, joined by the embedder, may differ in what they say.)"""
    cluster = [
        _member("a", "FYI, Bruno moved to Lisbon with his sister in 2019", 0),
        _member("b", "Bruno moved to Lisbon", 1),
    ]
    head = kept_wording(cluster)
    assert (head.id, head.content) == ("a", "Bruno moved to Lisbon with his sister in 2019")
    assert cluster[0].content.startswith("FYI"), "the member itself is left as it was"


def test_a_statement_opened_by_a_discourse_phrase_is_a_duplicate_of_the_plain_one(mem: Memlane) -> None:
    """Detection reads statements without their leading discourse phrase, as the wording does: "FYI",
    "Just so you know", "For the record" are not words of the fact (they are not fillers inside a
    statement, so the signature kept them before). A phrase that opens with meaning stays ("So far")."""
    _store(
        mem,
        [
            "Mira owns a bakery in Ghent",
            "FYI, Mira owns a bakery in Ghent",
            "Felix pays 950 euros rent per month",
            "Just so you know, Felix pays 950 euros rent per month",
            "For the record: Felix pays 950 euros rent per month",
            "The launch went well",
            "So far the launch went well",
        ],
    )
    contents = sorted(c.content for c in mem.consolidate().clusters)
    assert contents == ["Felix pays 950 euros rent per month", "Mira owns a bakery in Ghent"]
    assert {m.content for m in mem.list_recent(limit=10)} == {
        "Felix pays 950 euros rent per month",
        "Mira owns a bakery in Ghent",
        "The launch went well",
        "So far the launch went well",
    }
