"""Consolidation writes many clusters per transaction (``BATCH_MEMBERS``): on both backends, a process
killed inside a batch's transaction leaves every cluster merged or untouched, never half merged, and the
next run merges the rest; a cluster whose member changed after the read is left alone while the others
of its batch are merged; clusters of several owners share a batch and never mix."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from memlane import Memlane
from memlane.consolidation import ConsolidationService
from memlane.models import Memory

#: ana's clusters (two statements each) and bob's copy of the first one
ANA = [
    ("Ana enjoys green tea", "Ana likes green tea"),
    ("The team standup is at 9:30 every Monday", "Team standup is every Monday at 9:30"),
    ("Bruno moved to Lisbon", "Bruno relocated to Lisbon"),
    ("Kai swims every morning before work", "Kai really swims every morning before work"),
    ("Lena paid the March invoice", "Lena paid the invoice for March"),
    ("Otto's favourite book is Dune", "Otto's favorite book is Dune"),
]
BOB = ("Ana enjoys green tea", "Ana likes green tea")
SINGLES = ["Ana prefers black tea", "Bruno moved to Porto"]


@pytest.fixture
def loaded(db_path: Path | str) -> Iterator[tuple[Path | str, dict[str, list[str]]]]:
    """The clusters stored (the first member of Bruno's cluster with an older version in its chain)."""
    ana = Memlane(db_path, user="ana", embedder="none")
    bob = Memlane(db_path, user="bob", embedder="none")
    ids: dict[str, list[str]] = {"singles": [ana.store(t, auto_supersede=False).id for t in SINGLES]}
    older = ana.store("Bruno lives in Lisbon", auto_supersede=False).id
    for first, second in ANA:
        kept = {"replaces": older} if first.startswith("Bruno") else {"auto_supersede": False}
        ids[first] = [ana.store(first, **kept).id, ana.store(second, auto_supersede=False).id]  # type: ignore[arg-type]
    ids["bob"] = [bob.store(t, auto_supersede=False).id for t in BOB]
    ids["older"] = [older]
    ana.close()
    bob.close()
    yield db_path, ids


def _everything(m: Memlane) -> dict[str, Memory]:
    return {x.id: x for x in m.service.storage.iter_all()}


def _check_whole(m: Memlane, originals: list[str]) -> list[Memory]:
    """Every original memory is current in its own chain or history of one consolidated memory that
    lists it, and every consolidated memory's members are all its history: the consolidated ones."""
    items = _everything(m)
    merged = [x for x in items.values() if x.source == "consolidation"]
    for c in merged:
        members = [k["id"] for k in (c.provenance or {})["consolidated"]]
        assert c.superseded_by is None and len(members) == 2
        assert all(items[i].superseded_by == c.id for i in members), "a cluster half merged"
        owners = {items[i].owner for i in members}
        assert owners == {c.owner}, "never across owners"
        history = {h.id for h in m.history(c.id, user=c.owner.partition(":")[2])}
        assert set(members) <= history
    listed = {k["id"] for c in merged for k in (c.provenance or {})["consolidated"]}
    for i in originals:
        x = items[i]
        if i in listed:
            continue
        assert x.superseded_by is None, f"{x.content!r} superseded but in no consolidated memory"
        history = m.history(i, user=x.owner.partition(":")[2])
        assert history[-1].id == i and all(h.source != "consolidation" for h in history)
    return merged


_CHILD = textwrap.dedent(
    """
    import sys, time
    from memlane import Memlane
    m = Memlane(sys.argv[1], user="ana", embedder="none")
    m.service.consolidation.batch_members = 4  # two clusters per batch
    with m.service.storage.write() as txn:
        cls = type(txn)
    write_merges = cls.write_merges
    calls = []

    def pausing(self, merges, at):  # the second batch written, before its COMMIT: say so, then wait
        seqs = write_merges(self, merges, at)
        calls.append(len(merges))
        if len(calls) == 2:
            print("inside", calls[0], flush=True)
            time.sleep(600)
        return seqs

    cls.write_merges = pausing
    m.consolidate()
    print("finished", flush=True)
    """
)


def test_a_process_killed_inside_a_batch_leaves_no_cluster_half_merged(
    loaded: tuple[Path | str, dict[str, list[str]]],
) -> None:
    db, ids = loaded
    originals = [i for k, v in ids.items() if k != "older" for i in v]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    proc = subprocess.Popen(
        [sys.executable, "-c", _CHILD, str(db)], stdout=subprocess.PIPE, text=True, env=env
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline().split()
        assert line[:1] == ["inside"], line
        os.kill(proc.pid, signal.SIGKILL)  # the second batch's statements ran; its COMMIT never comes
        proc.wait(30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == -signal.SIGKILL
    first_batch = int(line[1])
    assert first_batch == 2

    with Memlane(db, user="ana", embedder="none") as m:
        assert len(_check_whole(m, originals)) == first_batch, "the first batch only, whole"
        report = m.consolidate()  # the next run merges the rest
        assert len(report.clusters) == len(ANA) + 1 - first_batch
        merged = _check_whole(m, originals)
        assert len(merged) == len(ANA) + 1
        assert m.consolidate(dry_run=True).clusters == ()
        bruno = next(c for c in merged if c.content.startswith("Bruno"))
        assert {h.id for h in m.history(bruno.id)} == {*ids["Bruno moved to Lisbon"], *ids["older"], bruno.id}
        restored = m.undo_consolidation(bruno.id)
        first, _ = ids["Bruno moved to Lisbon"]
        assert sorted(restored) == sorted(ids["Bruno moved to Lisbon"])
        assert [h.id for h in m.history(first)] == [*ids["older"], first], "its own chain again"


def test_a_member_changed_after_the_read_leaves_its_cluster_alone(
    loaded: tuple[Path | str, dict[str, list[str]]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A concurrent writer supersedes one member between the read of the store and the batch's write:
    that cluster is skipped (the next run's), the others of the same batch are merged, each within its
    own owner (ana's and bob's equal statements stay two memories)."""
    db, ids = loaded
    changed = ids["Otto's favourite book is Dune"][1]
    merge_all = ConsolidationService._merge_all

    def after_a_concurrent_write(self: ConsolidationService, *args: object) -> object:
        with Memlane(db, user="ana", embedder="none") as other:
            other.store("Otto's favorite book is Dune Messiah", replaces=changed)
        return merge_all(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(ConsolidationService, "_merge_all", after_a_concurrent_write)
    with Memlane(db, user="ana", embedder="none") as m:
        report = m.consolidate()
        assert m.service.consolidation.batch_members >= 14, "one batch"
        done = {frozenset(c.merged) for c in report.clusters}
        expected = {frozenset(v) for k, v in ids.items() if k in dict(ANA) or k == "bob"}
        assert done == expected - {frozenset(ids["Otto's favourite book is Dune"])}
        tea = [c for c in report.clusters if "green tea" in c.content]
        assert sorted(c.owner for c in tea) == ["user:ana", "user:bob"]
        assert m.get(ids["Otto's favourite book is Dune"][0]).superseded_by is None
        monkeypatch.undo()
        assert [set(c.merged) for c in m.consolidate(dry_run=True).clusters] == [], "Dune is no duplicate now"


def test_iter_all_reads_the_given_ids_only(db_path: Path | str) -> None:
    """Consolidation's second read (``Store.iter_all(ids)``): those memories, any owner, nothing else."""
    ana = Memlane(db_path, user="ana", embedder="none")
    bob = Memlane(db_path, user="bob", embedder="none")
    try:
        a = [ana.store(t, auto_supersede=False).id for t in ("Ana likes tea", "Ana likes coffee")]
        b = bob.store("Bob likes tea", auto_supersede=False).id
        storage = ana.service.storage
        assert {m.id for m in storage.iter_all([a[1], b, "no-such-id"])} == {a[1], b}
        assert {m.id for m in storage.iter_all()} == {*a, b}
        assert list(storage.iter_all([])) == []
    finally:
        ana.close()
        bob.close()
