"""``memlane entities …`` as a user runs it (in this process, tests/cli_runner.py; test_cli.py runs real
ones) on a real SQLite file, and with ``--server`` against a real server on loopback; human output as
tables, ``--json`` as the SDK's models."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from cli_runner import invoke
from memlane import Memlane
from servers import make_stack, running
from test_cli import js, run


def seed(db: Path | str, user: str = "cli-user") -> dict[str, str]:
    with Memlane(db, user=user, embedder="none") as mem:
        bob = mem.anchor({"kind": "contact", "system": "hubspot", "id": "7", "name": "Robert Smith",
                          "email": "bob@acme.com", "company": "Acme Corp"})  # fmt: skip
        bobby = mem.anchor({"kind": "contact", "system": "crm", "id": "2", "name": "Dana Whitfield"})
        q3 = mem.store("Bob Smith asked for the Q3 numbers")
        renewal = mem.store("Acme Corp signed the renewal")
        return {"bob": bob.id, "bobby": bobby.id, "q3": q3.id, "renewal": renewal.id}


def test_every_entities_command_end_to_end(tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    ids = seed(db)
    listed = js(db, "entities", "list")
    assert [e["name"] for e in listed["items"]] == ["Dana Whitfield", "Robert Smith", "Acme Corp"]
    assert listed["next_cursor"] is None
    first = js(db, "entities", "list", "--limit", "1")
    assert [e["name"] for e in first["items"]] == ["Dana Whitfield"] and first["next_cursor"]
    rest = js(db, "entities", "list", "--limit", "5", "--cursor", first["next_cursor"])
    assert [e["name"] for e in rest["items"]] == ["Robert Smith", "Acme Corp"]
    assert [e["name"] for e in js(db, "entities", "list", "--type", "company")["items"]] == ["Acme Corp"]

    table = run(db, "entities", "list").stdout.splitlines()
    assert table[0].split() == ["ID", "TYPE", "SCOPE", "NAME"]
    assert table[2].split()[:4] == [ids["bob"], "person", "personal", "Robert"]
    paged = run(db, "entities", "list", "--limit", "2").stdout.splitlines()
    assert (
        paged[-1]
        == f"more: memlane entities list --cursor {first['next_cursor'][:0]}" + paged[-1].split()[-1]
    )
    assert paged[-1].startswith("more: memlane entities list --cursor ")

    assert [e["id"] for e in js(db, "entities", "search", "bob@acme.com")] == [ids["bob"]]
    assert [e["id"] for e in js(db, "entities", "search", "robert smith", "--type", "person")] == [ids["bob"]]
    assert run(db, "entities", "search", "Nobody Known").stdout == "no entity matches 'Nobody Known'\n"

    shown = js(db, "entities", "show", ids["bob"])
    assert shown["entity"]["id"] == ids["bob"]
    assert [(m["distance"], m["memory"]["id"]) for m in shown["memories"]] == [
        (0, ids["q3"]),
        (1, ids["renewal"]),
    ]
    human = run(db, "entities", "show", ids["bob"]).stdout
    assert human.startswith(f"Robert Smith  (person, personal)\nid: {ids['bob']}\naliases: Bob Smith\n")
    assert "external ids: email:bob@acme.com, hubspot:7" in human
    relation = next(line for line in human.splitlines() if "works_at" in line)
    assert relation.split() == ["Robert", "Smith", "works_at", "Acme", "Corp"]
    assert any(line.split()[:2] == ["1", ids["renewal"]] for line in human.splitlines())
    assert [m["memory"]["id"] for m in js(db, "entities", "show", ids["bob"], "--hops", "0")["memories"]] == [
        ids["q3"]
    ]

    looked = js(db, "entities", "lookup", "bob@acme.com")
    assert looked["candidates"] == [] and looked["found"] == shown
    assert run(db, "entities", "lookup", "Robert Smith").stdout == human
    assert run(db, "entities", "lookup", "Nobody Known").stdout == "nothing known about 'Nobody Known'\n"
    with Memlane(db, user="cli-user", embedder="none") as mem:
        twin = mem.anchor({"kind": "contact", "system": "hubspot", "id": "8", "name": "Robert Smith"})
    both = run(db, "entities", "lookup", "Robert Smith").stdout.splitlines()
    assert both[0] == "'Robert Smith' may mean any of these; run show with one id:"
    assert {line.split()[0] for line in both[2:]} == {ids["bob"], twin.id}
    assert {e["id"] for e in js(db, "entities", "lookup", "Robert Smith")["candidates"]} == {
        ids["bob"],
        twin.id,
    }

    names = run(db, "entities", "aliases", ids["bob"]).stdout.splitlines()
    assert [line.split(None, 1) for line in names] == [
        ["KIND", "VALUE"], ["name", "Robert Smith"], ["alias", "Bob Smith"],
        ["external", "id  email:bob@acme.com"], ["external", "id  hubspot:7"],
    ]  # fmt: skip
    assert js(db, "entities", "aliases", ids["bob"])["external_ids"] == ["email:bob@acme.com", "hubspot:7"]

    merged = run(db, "entities", "merge", ids["bob"], ids["bobby"]).stdout.splitlines()
    assert merged[0] == f"merged {ids['bobby']} into {ids['bob']}"
    merge_id = merged[1].removeprefix("undo: memlane entities unmerge ")
    assert "Dana Whitfield" in js(db, "entities", "aliases", ids["bob"])["aliases"]
    assert run(db, "entities", "show", ids["bobby"], check=False).returncode == 1
    assert run(db, "entities", "unmerge", merge_id).stdout == f"unmerged {ids['bobby']} from {ids['bob']}\n"
    assert js(db, "entities", "show", ids["bobby"])["entity"]["name"] == "Dana Whitfield"


def test_mistakes_are_one_clear_line(tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    ids = seed(db)
    missing = run(db, "entities", "show", "no-such-entity", check=False)
    assert (missing.returncode, missing.stdout) == (1, "")
    assert missing.stderr == "error: no entity 'no-such-entity' visible to cli-user\n"
    itself = run(db, "entities", "merge", ids["bob"], ids["bob"], check=False)
    assert (
        itself.returncode == 1 and itself.stderr == "error: merge: an entity cannot be merged into itself\n"
    )
    bad_type = run(db, "entities", "list", "--type", "alien", check=False)
    assert bad_type.returncode == 2 and "'alien' is not one of" in bad_type.stderr
    no_db = run(tmp_path / "nothing.db", "entities", "list", check=False)
    assert no_db.returncode == 1 and "no memlane database" in no_db.stderr
    assert not (tmp_path / "nothing.db").exists()
    other = run(db, "entities", "show", ids["bob"], "--user", "someone-else", check=False)
    assert other.returncode == 1 and "no entity" in other.stderr  # another user's personal entity


def test_entities_over_a_server(tmp_path: Path) -> None:
    stack = make_stack(tmp_path / "server.db")
    ids = seed(stack.mem.settings.database_url, user="alice")
    key = stack.key(user="alice")
    env = {**os.environ, "MEMLANE_DATABASE_URL": str(tmp_path / "unused.db"), "MEMLANE_EMBEDDER": "none"}
    env.pop("MEMLANE_API_KEY", None)
    with running(stack.app()) as url:

        def cli(*args: str) -> subprocess.CompletedProcess[str]:
            return invoke([*args, "--server", url, "--api-key", key], environ=env)

        found = cli("entities", "search", "Bob Smith", "--json")
        assert found.returncode == 0, found.stderr
        assert [e["id"] for e in json.loads(found.stdout)] == [ids["bob"]]
        shown = json.loads(cli("entities", "show", ids["bob"], "--json").stdout)
        assert [m["memory"]["id"] for m in shown["memories"]] == [ids["q3"], ids["renewal"]]
        merged = cli("entities", "merge", ids["bob"], ids["bobby"], "--json")
        assert merged.returncode == 0, merged.stderr
        assert cli("entities", "unmerge", json.loads(merged.stdout)["id"]).returncode == 0
        assert json.loads(cli("entities", "list", "--json").stdout)["items"][0]["id"] == ids["bobby"]
    stack.mem.close()
    assert not (tmp_path / "unused.db").exists()


def test_relate_records_and_ends_a_relation(tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    ids = seed(db)
    made = js(db, "entities", "relate", ids["bobby"], "reports_to", ids["bob"], "--from", "2025-01-06")
    assert (made["src"], made["relation"], made["dst"], made["valid_to"]) == (
        ids["bobby"],
        "reports_to",
        ids["bob"],
        None,
    )
    assert made["valid_from"].startswith("2025-01-06")
    ended = run(db, "entities", "relate", ids["bobby"], "reports_to", ids["bob"], "--until", "2026-01-01")
    assert ended.stdout == f"{ids['bobby']} reports_to {ids['bob']} (until 2026-01-01T00:00:00Z)\n"
    shown = js(db, "entities", "show", ids["bobby"])
    assert [(e["relation"], e["valid_to"] is not None) for e in shown["edges"]] == [("reports_to", True)]
    bad = run(db, "entities", "relate", ids["bobby"], "reports to", ids["bob"], check=False)
    assert bad.returncode == 1 and bad.stderr.startswith("error: relation: a snake_case name")


@pytest.mark.parametrize("sub", ["list", "show", "lookup", "search", "merge", "unmerge", "aliases", "relate"])
def test_help_has_examples_and_fits_80_columns(sub: str) -> None:
    proc = invoke(["entities", sub, "--help"], {"COLUMNS": "80"})
    assert proc.returncode == 0, proc.stderr
    assert f"Examples:\n    memlane entities {sub}" in proc.stdout
    assert all(len(line) <= 80 for line in proc.stdout.splitlines()), proc.stdout
    assert "..." not in proc.stdout and "…" not in proc.stdout
