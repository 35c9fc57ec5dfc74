"""A profile's sweep reads each transcript as its speaker may read it *now* (SPEC §5, §8: team items are
read only by current members, checked at read time; an opted-out user gets no writes), on both
backends. A sweep runs for minutes (an LLM extractor, many batches), and what changes meanwhile must
count from the next transcript on, as it would from a request's next call.

Before the fix the sweep read a speaker's teams once per batch and the profile's opt-outs once per
sweep: bob, removed from team eng while the sweep ran, still had the eng room's tool result (a CRM
contact: her e-mail address and HubSpot id) anchored in his own personal graph, and his decision
written as his memory, from a room he could no longer read; alice, who opted out of the profile while
it ran, still had memories written by it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import timedelta
from typing import Any

from memlane import Memlane
from memlane.extraction import Message, RuleExtractor
from memlane.extraction.models import ExtractionResult
from memlane.models import Actor

CONTACT = {"kind": "contact", "system": "hubspot", "id": "881", "name": "Greta Varnholt",
           "email": "greta@varnholt.de", "company": "Varnholt Metals"}  # fmt: skip


class _Meanwhile:
    """The rule-based extractor, which does ``then`` once, while extracting the sweep's first transcript
    (a change made by someone else while the sweep runs)."""

    def __init__(self, then: Callable[[], None]) -> None:
        self._rules, self._then, self.calls = RuleExtractor(), then, 0

    def extract(self, messages: Sequence[Message], **how: Any) -> ExtractionResult:
        self.calls += 1
        if self.calls == 1:
            self._then()
        return self._rules.extract(messages, **how)


def _sweep_with(mem: Memlane, name: str, extractor: _Meanwhile) -> Any:
    mem.service.profiles.settle = timedelta(0)
    mem.service.profiles.extractor_of = lambda profile: extractor  # type: ignore[method-assign]
    return mem.profiles.run(name)


def test_a_member_removed_while_the_sweep_runs_learns_nothing_from_the_room(mem: Memlane) -> None:
    access, s = mem.service.access, mem.service
    access.create_team("default", "eng")
    for user in ("alice", "bob"):
        access.add_member("default", "eng", user)
    # (conversations are swept in the order of their ids: bob's own first, then the room)
    s.conversations.append("a-bob", [{"role": "user", "text": "I always take the 7:40 train to Ghent."}],
                           actor=Actor(user="bob"))  # fmt: skip
    s.conversations.append("b-eng-room", [
        {"role": "user", "text": "We decided to move the billing service to the Quorvex cluster."},
        {"role": "tool", "tool": "hubspot", "text": "", "result": CONTACT},
    ], actor=Actor(user="bob", teams=("eng",)), visibility="shared", owner="team:eng")  # fmt: skip
    mem.profiles.create("notes", scope="user")

    meanwhile = _Meanwhile(lambda: access.remove_member("default", "eng", "bob"))
    report = _sweep_with(mem, "notes", meanwhile)
    assert report.status == "succeeded" and meanwhile.calls >= 1

    bob = Actor(user="bob")  # as every request now reads him: in no team
    assert not any("Quorvex" in m.content for m in s.list_recent(actor=bob, limit=50))
    assert "Greta Varnholt" not in [e.name for e in s.entities.list_entities(bob, limit=50)]
    for name in ("Greta Varnholt", "greta@varnholt.de", "hubspot:881"):
        assert s.entities.lookup(bob, name).found is None
    assert any("Ghent" in m.content for m in s.list_recent(actor=bob, limit=50))  # (his own: kept)


def test_a_user_who_opts_out_of_the_profile_while_it_runs_gets_no_more_memories(mem: Memlane) -> None:
    s = mem.service
    for cid, text in (("a-1", "I always take the 7:40 train to Ghent."),
                      ("a-2", "I prefer aisle seats on long flights.")):  # fmt: skip
        s.conversations.append(cid, [{"role": "user", "text": text}], actor=Actor(user="alice"))
    mem.profiles.create("notes", scope="user")

    meanwhile = _Meanwhile(lambda: mem.profiles.opt_out("notes", user="alice"))
    report = _sweep_with(mem, "notes", meanwhile)
    assert report.status == "succeeded" and meanwhile.calls == 1  # (the second transcript: skipped)
    written = [m.content for m in s.list_recent(actor=Actor(user="alice"), limit=50)]
    assert not any("aisle" in c for c in written)
    assert report.skipped_users == 1
