"""A memlane export cut short at a line's end (a copy or download that stopped), or edited by hand to
leave lines out, holds fewer memory or graph lines than its header's ``count`` / ``graph_count``: what
it holds is restored, and the answer says it is short, with both numbers (``warnings``; a ``warning:``
line in the CLI's output; the REST answer carries it).

Before the fix such a file restored whatever lines were left, without the rest of the memories or any of
the entity graph, and said nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

import httpx

from cli_runner import invoke
from memlane import Memlane
from servers import Stack, bearer, running

STATEMENTS = ["Alice works at Nightjar Corp with Olga Brightwater", "Alice's bike is red",
              "Alice lives in Lyon", "Alice's sister Mira plays the cello"]  # fmt: skip


def _export(path: Path) -> list[str]:
    """An export of four memories and their entity graph: header, memory lines, graph lines."""
    with Memlane(path, user="alice", embedder="none") as m:
        for statement in STATEMENTS:
            m.store(statement)
        return list(m.export())


def _counts(lines: list[str]) -> tuple[int, int]:
    header = json.loads(lines[0])
    return header["count"], header["graph_count"]


def test_an_export_cut_after_some_memories_restores_them_and_says_it_is_short(tmp_path: Path) -> None:
    lines = _export(tmp_path / "a.db")
    count, graph_count = _counts(lines)
    assert count == 4 and graph_count > 0
    cut = "\n".join(lines[:3]) + "\n"  # the header and two memories: cut at the end of a line
    with Memlane(tmp_path / "b.db", user="alice", embedder="none") as target:
        result = target.import_file(cut.encode(), "memlane")
        assert (result.imported, result.skipped_duplicates, result.skipped_invalid) == (2, 0, ())
        assert sorted(m.content for m in target.list_recent(limit=10)) == sorted(STATEMENTS[:2])
        assert [(w["kind"], w["expected"], w["read"]) for w in result.warnings] == [
            ("memories", 4, 2),
            ("graph", graph_count, 0),
        ]
        assert "2 of the 4 memories" in result.warnings[0]["reason"]
        assert f"0 of the {graph_count} entity graph lines" in result.warnings[1]["reason"]


def test_the_cli_prints_the_shortfall_and_json_carries_it(tmp_path: Path) -> None:
    lines = _export(tmp_path / "a.db")
    _, graph_count = _counts(lines)
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(lines[:4]) + "\n", encoding="utf-8")  # three of the four memories
    db = str(tmp_path / "b.db")
    out = invoke(["memory", "import", str(cut), "--db", db, "--embedder", "none", "--user", "alice"])
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("memlane: imported 3, already there 0, skipped 0\n")
    assert "warning: the file holds 3 of the 4 memories its header announces" in out.stdout
    assert f"warning: the file holds 0 of the {graph_count} entity graph lines" in out.stdout
    again = invoke(
        ["memory", "import", str(cut), "--db", db, "--embedder", "none", "--user", "alice", "--json"]
    )
    assert again.returncode == 0, again.stderr
    report = json.loads(again.stdout)
    assert report["imported"] == 0 and report["skipped_duplicates"] == 3
    assert [(w["kind"], w["expected"], w["read"]) for w in report["warnings"]] == [
        ("memories", 4, 3),
        ("graph", graph_count, 0),
    ]


def test_a_whole_export_restores_without_a_warning(tmp_path: Path) -> None:
    lines = _export(tmp_path / "a.db")
    whole = tmp_path / "whole.jsonl"
    whole.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with Memlane(tmp_path / "b.db", user="alice", embedder="none") as target:
        result = target.import_file(whole)
        assert result.imported == 4 and result.warnings == ()
        assert result.graph is not None and result.graph.entities > 0
    out = invoke(["memory", "import", str(whole), "--db", str(tmp_path / "c.db"), "--embedder", "none",
                  "--user", "alice"])  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert "warning" not in out.stdout and "warning" not in out.stderr


def test_a_hand_edited_export_with_lines_removed_is_told_it_holds_fewer(tmp_path: Path) -> None:
    lines = _export(tmp_path / "a.db")
    count, graph_count = _counts(lines)
    memories = [x for x in lines[1:] if x.startswith('{"memory"')]
    graph = [x for x in lines[1:] if not x.startswith('{"memory"')]
    kept_graph = [x for x in graph if not x.startswith('{"link"')]  # every link line taken out
    assert len(memories) == count and 0 < len(kept_graph) < graph_count
    edited = "\n".join([lines[0], memories[0], *memories[2:], *kept_graph])  # the second memory taken out
    with Memlane(tmp_path / "b.db", user="alice", embedder="none") as target:
        result = target.import_file(edited.encode(), "memlane")
        assert result.imported == count - 1
        assert [(w["kind"], w["expected"], w["read"]) for w in result.warnings] == [
            ("memories", count, count - 1),
            ("graph", graph_count, len(kept_graph)),
        ]


def test_an_export_cut_right_after_its_header_names_the_count_it_announced(tmp_path: Path) -> None:
    lines = _export(tmp_path / "a.db")
    out = invoke(["memory", "import", "-", "--from", "memlane", "--db", str(tmp_path / "b.db"),
                  "--embedder", "none", "--user", "alice"], input=lines[0] + "\n")  # fmt: skip
    assert out.returncode == 1
    assert "no memories (its header announces 4: cut short, or edited); nothing was imported" in out.stderr


def test_rest_carries_the_shortfall(stack: Stack) -> None:
    with running(stack.app()) as url:
        stack.mem.store("Alice works at Nightjar Corp with Olga Brightwater")
        stack.mem.store("Alice's bike is red")
        lines = list(stack.mem.export())
        count, _ = _counts(lines)
        body = "\n".join(lines[:2]) + "\n"
        files = {"file": ("export.jsonl", body.encode(), "application/x-ndjson")}
        r = httpx.post(f"{url}/v1/memory/import", headers=bearer(stack.admin_key), files=files,
                       data={"format": "memlane"}, timeout=60)  # fmt: skip
        assert r.status_code == 200, r.text
        (memories, _graph) = r.json()["warnings"]
        assert (memories["kind"], memories["expected"], memories["read"]) == ("memories", count, 1)
