"""People named by "@handle" in a stored memory's free text ("@priyar approved the PR", "assigned to
@mkeller"): the text analysis' handles become person mentions, which linking resolves as a typed handle
is (session 25; before, only a subject or a record's field was read as one). With the traps that are no
person: an e-mail address's "@", "@home", "@ 5pm", "@here", an organisation's "@Acme", code."""

from __future__ import annotations

import pytest

from memlane import Memlane
from memlane.graph.linking import memory_mentions, person_handles
from memlane.text import extract_entities


def _handles(text: str) -> list[str]:
    return person_handles(text, extract_entities(text))


@pytest.mark.parametrize(
    ("text", "handles"),
    [
        ("@priyar approved the release", ["@priyar"]),
        ("Assigned to @mkeller, cc @olubakare.", ["@mkeller", "@olubakare"]),
        ("@amara-eze reviewed the compaction PR", ["@amara-eze"]),
        ("@moussa_rides posts the winter rides", ["@moussa_rides"]),
        ("@priyar\ncan you review?", ["@priyar"]),
        ("thanks @chidi.okafor!", ["@chidi.okafor"]),
    ],
)
def test_a_handle_in_text_is_a_person_mention(text: str, handles: list[str]) -> None:
    assert _handles(text) == handles
    mentions = {
        n.mention.name: n.mention.type for n in memory_mentions(text, None, None, extract_entities(text))
    }
    assert all(mentions[h] == "person" for h in handles)


@pytest.mark.parametrize(
    "text",
    [
        "Mail priya.raman@example.com about the release",  # an e-mail address's "@"
        "I work @home on Fridays",
        "Let's meet @ 5pm, or @5pm at the latest",
        "@here the deploy is done, @channel too",
        "cc @release-team",  # a team, in words
        "Follow @Acme for the launch news",  # an organisation's account
        "Use `@dataclass` for the config",
        "@dataclass\nclass Config:\n    retries: int",
        "@app.route('/health')\ndef health(): ...",
        "```\n@pytest.fixture\ndef store(): ...\n```",
        "@param(name) is documented",
        "see https://medium.com/@priyar/notes",  # a URL's path
    ],
)
def test_what_is_no_person_handle(text: str) -> None:
    assert _handles(text) == []
    names = [n.mention.name or "" for n in memory_mentions(text, None, None, extract_entities(text))]
    assert not any(name.startswith("@") for name in names)


def _people(mem: Memlane) -> dict[str, object]:
    return {e.name: e for e in mem.entities.list(limit=1000) if e.type == "person"}


def test_a_handle_in_a_stored_memory_links_the_known_person(mem: Memlane) -> None:
    known = mem.store("Priya Raman leads the release team.")
    mailed = mem.store("priya.raman@example.com sent the release notes")
    approved = mem.store("@priyar approved the release")
    merged = mem.store("Ping @priyar: the hotfix is merged")
    people = _people(mem)
    assert set(people) == {"Priya Raman"}
    priya = people["Priya Raman"]
    linked = {m.id for m in mem.entities.memories(priya.id)}  # type: ignore[attr-defined]
    assert linked == {known.id, mailed.id, approved.id, merged.id}
    assert approved.id in {h.id for h in mem.recall("release", about="Priya Raman")}


def test_traps_in_a_stored_memory_make_no_person(mem: Memlane) -> None:
    mem.store("Priya Raman leads the release team.")
    mem.store("I work @home on Fridays, ping me @ 5pm")
    mem.store("@here the release is out")
    mem.store("Follow @Acme for the launch news")
    mem.store("The config is a @dataclass:\n```\n@dataclass\nclass Config:\n    retries: int\n```")
    mem.store("Write to ops@example.com about the outage")
    assert set(_people(mem)) == {"Priya Raman"}


def test_an_unknown_handle_is_a_new_person_as_an_unknown_name_is(mem: Memlane) -> None:
    first = mem.store("@zorblax fixed the flaky upload test")
    second = mem.store("@zorblax opened a follow-up issue")
    zorblax = _people(mem)["@zorblax"]
    linked = {m.id for m in mem.entities.memories(zorblax.id)}  # type: ignore[attr-defined]
    assert linked == {first.id, second.id}
