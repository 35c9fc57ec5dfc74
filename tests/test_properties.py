"""Random sequences of store / supersede / forget keep history chains consistent and never leak across
owners (hypothesis stateful testing on a real SQLite file)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from memlane import Memlane, UnknownMemory

USERS = ("alice", "bob")
NAMES = ("Okafor", "Lena", "Porto", "Falcon")
ITEMS = ("red inhaler", "blue inhaler", "green tent", "old bike", "new laptop", "grey cat")


class MemoryMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.dir = tempfile.TemporaryDirectory()
        self.m = Memlane(Path(self.dir.name) / "p.db", user="alice", embedder="none")
        self.owner_of: dict[str, str] = {}  # every live id -> its user

    def teardown(self) -> None:
        self.m.close()
        self.dir.cleanup()

    @rule(user=st.sampled_from(USERS), name=st.sampled_from(NAMES), item=st.sampled_from(ITEMS),
          auto=st.booleans())  # fmt: skip
    def store(self, user: str, name: str, item: str, auto: bool) -> None:
        r = self.m.store(f"{name} has the {item}", user=user, auto_supersede=auto)
        if r.status == "stored":
            self.owner_of[r.id] = user
        assert self.owner_of[r.id] == user
        for s in r.superseded:
            assert self.owner_of[s.id] == user  # supersession never crosses owners

    @precondition(lambda self: self.owner_of)
    @rule(data=st.data(), name=st.sampled_from(NAMES), item=st.sampled_from(ITEMS))
    def replace(self, data: st.DataObject, name: str, item: str) -> None:
        target = data.draw(st.sampled_from(sorted(self.owner_of)))
        user = self.owner_of[target]
        r = self.m.store(f"{name} now keeps the {item}", user=user, replaces=target)
        if r.status == "stored":
            self.owner_of[r.id] = user

    @precondition(lambda self: self.owner_of)
    @rule(data=st.data(), as_other=st.booleans())
    def forget(self, data: st.DataObject, as_other: bool) -> None:
        target = data.draw(st.sampled_from(sorted(self.owner_of)))
        owner = self.owner_of[target]
        user = owner if not as_other else next(u for u in USERS if u != owner)
        if as_other:
            try:
                self.m.forget(target, user=user)
            except UnknownMemory:
                return
            raise AssertionError("another user could forget an item")
        chain = {m.id for m in self.m.history(target, user=owner)}
        deleted = set(self.m.forget(target, user=owner).deleted)
        assert deleted == chain
        for i in deleted:
            del self.owner_of[i]

    @rule(user=st.sampled_from(USERS), word=st.sampled_from(NAMES + ("inhaler", "tent", "bike")))
    def recall(self, user: str, word: str) -> None:
        for hit in self.m.recall(word, user=user, include_history=True, limit=50):
            assert self.owner_of[hit.id] == user

    @invariant()
    def chains_are_consistent(self) -> None:
        seen: set[str] = set()
        for user in USERS:
            for item in self.m.list_recent(1000, user=user, include_history=True):
                assert self.owner_of[item.id] == user
                if item.id in seen:
                    continue
                chain = self.m.history(item.id, user=user)
                ids = [c.id for c in chain]
                seen.update(ids)
                assert len(set(ids)) == len(ids)
                assert [c.superseded_by for c in chain[:-1]] == ids[1:]  # oldest -> newest, linked
                assert chain[-1].superseded_by is None  # exactly one current version, last
                assert [c.replaces for c in chain[1:]] == ids[:-1]
                assert all(self.owner_of[i] == user for i in ids)
        assert seen == set(self.owner_of)


MemoryMachine.TestCase.settings = settings(
    max_examples=40, stateful_step_count=25, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
TestMemoryMachine = MemoryMachine.TestCase
