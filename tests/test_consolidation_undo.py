"""Undoing a whole consolidation run in one call (issue 15 req. 4, follow-up): its merged memories and
its entity folds, in one transaction, all or nothing; on the embedded SDK (both backends), REST and the
remote SDK with the permission rule, and the CLI."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest

from cli_runner import invoke
from memlane import Memlane
from memlane.errors import InvalidInput, NotFound
from memlane.models import Entity, Visibility
from memlane.storage.entity_names import alias_pairs, name_keys
from servers import Stack, bearer, running


@pytest.fixture
def mem(db_path: Path | str) -> Iterator[Memlane]:
    m = Memlane(db_path, user="ana", embedder="none")
    yield m
    m.close()


def _twin(mem: Memlane) -> tuple[Entity, Entity]:
    """Dr. Okafor's entity and a duplicate node of it (as a race or an old import would leave one)."""
    mem.store("Dr. Okafor confirmed the appointment", auto_supersede=False)
    (okafor,) = mem.entities.search("Okafor")
    now = datetime.now(UTC)
    twin = Entity(id="twin-okafor", workspace=okafor.workspace, owner=okafor.owner, visibility=Visibility.PERSONAL,
                  type=okafor.type, name="OKAFOR", aliases=("Doc Okafor",), created_at=now, updated_at=now)  # fmt: skip
    names = [twin.name, *twin.aliases]
    with mem.service.storage.write() as txn:
        txn.insert_entity(twin, alias_pairs(names, twin.type), name_keys(names, twin.type))
    return okafor, twin


def test_one_call_undoes_a_run_memories_and_entity_folds(mem: Memlane) -> None:
    okafor, twin = _twin(mem)
    first = mem.store("The lab results were sent to the clinic", auto_supersede=False).id
    second = mem.store("Lab results were sent to the clinic", auto_supersede=False).id
    walks = [mem.store(t, auto_supersede=False).id for t in ("Ana likes long walks by the river", 
                                                             "Ana enjoys long walks by the river")]  # fmt: skip
    mem.entities.link(second, twin.id)
    assert mem.consolidate(dry_run=True).run is None  # a dry run changes nothing: no run to undo
    report = mem.consolidate()
    assert report.run is not None and len(report.clusters) == 2 and len(report.entities) == 1
    (fold,) = report.entities

    undone = mem.undo_consolidation_run(report.run)
    assert undone.run == report.run and sorted(undone.restored) == sorted([first, second, *walks])
    assert undone.unmerged == (fold.merge_id,)
    current = {m.id for m in mem.list_recent(limit=20)}
    assert {first, second, *walks} <= current and not current & {c.id for c in report.clusters}
    assert mem.entities.get(twin.id).name == "OKAFOR", "the folded entity is back"
    assert "OKAFOR" not in mem.entities.get(okafor.id).aliases
    assert {m.id for m in mem.entities.memories(twin.id)} == {second}
    with pytest.raises(InvalidInput, match="undone already"):
        mem.undo_consolidation_run(report.run)
    with pytest.raises(NotFound, match="no consolidation run"):
        mem.undo_consolidation_run("no-such-run")


def test_a_run_undo_is_all_or_nothing_and_skips_what_was_undone_alone(mem: Memlane) -> None:
    okafor, twin = _twin(mem)
    mem.store("Dr. Mensah reviewed the file", auto_supersede=False)
    (mensah,) = mem.entities.search("Mensah")
    lab = [mem.store(t, auto_supersede=False).id for t in ("The lab results were sent to the clinic",
                                                           "Lab results were sent to the clinic")]  # fmt: skip
    walks = [mem.store(t, auto_supersede=False).id for t in ("Ana likes long walks by the river", 
                                                             "Ana enjoys long walks by the river")]  # fmt: skip
    report = mem.consolidate()
    assert report.run is not None and len(report.clusters) == 2
    (fold,) = report.entities
    assert fold.into == okafor.id and fold.merge_id is not None
    # the entity folded into was merged further since: its fold cannot be undone, so nothing is, not
    # even the memories the undo had restored before it came to the fold
    further = mem.entities.merge(mensah.id, okafor.id)
    with pytest.raises(InvalidInput, match="merged into another entity since"):
        mem.undo_consolidation_run(report.run)
    for cluster in report.clusters:
        assert cluster.id is not None and mem.get(cluster.id).superseded_by is None, "still merged"
    assert not {*lab, *walks} & {m.id for m in mem.list_recent(limit=20)}
    mem.entities.unmerge(further.id)
    # one cluster and the fold undone by themselves since: the run's undo does the rest
    lab_cluster = next(c.id for c in report.clusters if lab[0] in c.merged)
    assert lab_cluster is not None
    mem.undo_consolidation(lab_cluster)
    mem.entities.unmerge(fold.merge_id)
    undone = mem.undo_consolidation_run(report.run)
    assert sorted(undone.restored) == sorted(walks) and undone.unmerged == ()
    assert mem.entities.get(twin.id).name == "OKAFOR"
    assert {m.id for m in mem.list_recent(limit=20)} >= {*lab, *walks}


def test_rest_and_the_remote_sdk_undo_a_run_with_the_permission_rule(stack: Stack) -> None:
    with running(stack.app()) as url:
        bob_key = stack.access.create_key("default", user="bob").key
        member = httpx.Client(base_url=url, headers=bearer(bob_key), timeout=60)
        admin = httpx.Client(base_url=url, headers=bearer(stack.admin_key), timeout=60)
        for text in ("Bob enjoys green tea", "Bob likes green tea"):
            body = {"content": text, "auto_supersede": False, "visibility": "personal"}
            assert member.post("/v1/memories", json=body).status_code == 200
        done = member.post("/v1/consolidate", json={}).json()
        run = done["run"]
        assert run and done["merged_memories"] == 2
        # the admin key acting as alice cannot see bob's personal memories: the run is not hers
        refused = admin.post(f"/v1/consolidate/runs/{run}/undo")
        assert refused.status_code == 404 and refused.json()["error"]["code"] == "not_found"
        assert member.get(f"/v1/memories/{done['clusters'][0]['id']}").status_code == 200, "nothing undone"
        with Memlane.connect(url, api_key=bob_key) as remote:
            undone = remote.undo_consolidation_run(run)
            assert sorted(undone.restored) == sorted(done["clusters"][0]["merged"]) and undone.unmerged == ()
            with pytest.raises(InvalidInput, match="undone already"):
                remote.undo_consolidation_run(run)
        member.close()
        admin.close()


def test_the_cli_undoes_a_run(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    m = Memlane(db, user="ana", embedder="none")
    ids = [m.store(t, auto_supersede=False).id for t in ("Ana enjoys green tea", "Ana likes green tea")]
    m.close()
    cli = ["--db", str(db), "--embedder", "none"]  # the CLI in this process (tests/cli_runner.py)
    done = invoke([*cli, "consolidate"])
    assert done.returncode == 0, done.stderr
    (run,) = re.findall(r"^run (\S+):", done.stdout, re.MULTILINE)
    assert f"memlane consolidate --undo-run {run}" in done.stdout
    merged = invoke([*cli, "memory", "list", "--user", "ana", "--json"])
    # an undo has no dry run: --dry-run with --undo or --undo-run is refused, and nothing is undone
    for undo_option in (["--undo-run", run], ["--undo", json.loads(merged.stdout)[0]["id"]]):
        refused = invoke([*cli, "consolidate", "--dry-run", *undo_option])
        assert refused.returncode == 2 and "--dry-run" in refused.stderr, refused.stderr
        assert invoke([*cli, "memory", "list", "--user", "ana", "--json"]).stdout == merged.stdout
    undo = invoke([*cli, "consolidate", "--undo-run", run, "--json"])
    assert undo.returncode == 0, undo.stderr
    assert sorted(json.loads(undo.stdout)["restored"]) == sorted(ids)
    again = invoke([*cli, "consolidate", "--undo-run", run])
    assert again.returncode != 0 and "undone already" in again.stderr
