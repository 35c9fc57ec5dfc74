"""Workspace, team and agent names are one name whatever their Unicode normalisation, as user names
(``auth.name_form``, migration 33), on both backends: "Café" with a composed é (NFC) and with e + U+0301
(NFD) names one workspace, one team, one agent, through the SDK, the access service, a key and REST;
stored names of an older store are normalised, and two stored names that become one are refused with
nothing changed.

Before: the two spellings were two teams (a member of one was no member of the other: 403 on the
team's items), two workspaces (``Memlane(workspace=…)`` read nothing of the other spelling's) and two
agents (an agent key's items owned by ``agent:<NFD>``, refused to a request naming the agent in NFC)."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import httpx
import pytest

from backends import is_postgres, rows
from memlane import Memlane
from memlane.errors import StorageError
from servers import make_stack, running

NFC = unicodedata.normalize("NFC", "Café")
NFD = unicodedata.normalize("NFD", "Café")


def test_one_team_one_workspace_one_agent_whichever_spelling(db_path: Path | str) -> None:
    with Memlane(db_path, user="ana", embedder="none", workspace=NFD) as m:
        access = m.service.access
        access.create_team(NFD, NFD)
        access.add_member(NFC, NFC, "ana")  # the same team, spelled the other way
        shared = m.store("the espresso machine is descaled on Mondays", owner=f"team:{NFD}",
                         visibility="shared").id  # fmt: skip
        mine = m.store("my mug is the blue one").id
        assert m.get(shared).owner == f"team:{NFC}" and m.get(shared).workspace == NFC
        assert [t.name for t in access.list_teams(NFD)] == [NFC]
        assert access.get_team(NFD, NFD).members == ("ana",)
        agent_key = access.create_key(NFD, agent=NFD).key
        assert access.authenticate(agent_key).agent == NFC and access.authenticate(agent_key).workspace == NFC
        profile = m.profiles.create("crew", scope="team", teams=[NFD])
        assert profile.teams == (NFC,)
    with Memlane(db_path, user="ana", embedder="none", workspace=NFC) as m:
        assert {x.id for x in m.list_recent(limit=10)} == {shared, mine}
        assert m.service.access.remove_member(NFD, NFD, "ana").members == ()
    stored = {r[0] for r in rows(db_path, "SELECT DISTINCT workspace FROM memories")}
    assert stored == {NFC}


def test_an_agents_items_over_rest_whichever_spelling(tmp_path: Path) -> None:
    stack = make_stack(tmp_path / "agents.db")
    agent_key = stack.key(agent=NFD, user="ana")
    with running(stack.app(mcp=False)) as url, httpx.Client(base_url=url, timeout=60) as http:
        headers = {"Authorization": f"Bearer {agent_key}"}
        made = http.post("/v1/memories", headers=headers, json={"content": "the agent's own note",
                         "owner": f"agent:{NFC}", "visibility": "shared"})  # fmt: skip
        assert made.status_code == 200, made.text
        got = http.get(f"/v1/memories/{made.json()['id']}", headers=headers).json()
        assert got["owner"] == f"agent:{NFC}"
        said = http.post("/v1/conversations/c-1/messages", headers=headers,
                         json={"messages": [{"role": "assistant", "text": "noted", "agent": NFD}]})  # fmt: skip
        assert said.status_code == 200, said.text
        assert said.json()["messages"][0]["agent"] == NFC


def _as_before_migration_33(db_path: Path | str, statements: list[str]) -> None:
    for sql in statements:
        rows(db_path, sql + (" RETURNING 1" if is_postgres(db_path) and not sql.startswith("DELETE") else ""))
    rows(db_path, "DELETE FROM schema_migrations WHERE version >= 33")  # (and the steps after it)


def test_an_older_stores_names_are_normalised(db_path: Path | str) -> None:
    """A store written before normalisation holds decomposed spellings (a workspace in every table, a
    team, its membership and items, an agent, its key and items, a profile's teams): opened, one each."""
    with Memlane(db_path, user="ana", embedder="none", workspace="w") as m:
        access = m.service.access
        access.create_team("w", "t")
        access.add_member("w", "t", "ana")
        key = access.create_key("w", agent="a", user="ana").key
        team_item = m.store("the crew van is blue", owner="team:t", visibility="shared").id
        mine = m.store("my desk is by the window").id
        m.recall("desk window")
        m.profiles.create("crew", scope="team", teams=["t"])
    d = f"'{NFD}'"
    # (the buckets first, and a memory's workspace and owner at once: SQLite's triggers on memories make a
    # bucket for a memory's new workspace and owner)
    memory_tables = ["stat_buckets", "memories", "audit_log", "entities", "entity_blocking_keys", "profiles"]
    _as_before_migration_33(
        db_path,
        [
            f"INSERT INTO workspaces (name, created_at) SELECT {d}, created_at FROM workspaces WHERE name = 'w'",
            f"INSERT INTO users (workspace, name, opted_out, created_at, updated_at) SELECT {d}, name,"
            " opted_out, created_at, updated_at FROM users WHERE workspace = 'w'",
            f"INSERT INTO teams (workspace, name, created_at) SELECT {d}, {d}, created_at FROM teams WHERE workspace = 'w'",
            f"INSERT INTO agents (workspace, name, created_at) SELECT {d}, {d}, created_at FROM agents WHERE workspace = 'w'",
            f"UPDATE team_members SET workspace = {d}, team = {d} WHERE workspace = 'w'",
            f"UPDATE api_keys SET workspace = {d}, agent_name = {d} WHERE workspace = 'w'",
            *(
                f"UPDATE {t} SET workspace = {d}, owner = CASE owner WHEN 'team:t' THEN 'team:' || {d} ELSE owner"
                " END WHERE workspace = 'w'"
                for t in ("stat_buckets", "memories")
            ),
            *(f"UPDATE {t} SET workspace = {d} WHERE workspace = 'w'" for t in memory_tables[2:]),
            f"UPDATE profiles SET config = replace(config, '[\"t\"]', '[\"' || {d} || '\"]')"
            if not is_postgres(db_path)
            else f"UPDATE profiles SET config = jsonb_set(config, '{{teams}}', jsonb_build_array({d}))",
            "DELETE FROM users WHERE workspace = 'w'",
            "DELETE FROM teams WHERE workspace = 'w'",
            "DELETE FROM agents WHERE workspace = 'w'",
            "DELETE FROM workspaces WHERE name = 'w'",
        ],
    )
    assert rows(db_path, f"SELECT count(*) FROM memories WHERE workspace = {d}") == [(2,)]
    with Memlane(db_path, user="ana", embedder="none", workspace=NFC) as m:
        assert m.service.storage.schema_version() >= 33
        assert m.get(team_item).owner == f"team:{NFC}" and m.get(team_item).content == "the crew van is blue"
        assert [h.id for h in m.recall("desk window")] == [mine]  # the keyword statistics followed too
        access = m.service.access
        assert access.get_team(NFC, NFC).members == ("ana",)
        assert (access.authenticate(key).workspace, access.authenticate(key).agent) == (NFC, NFC)
        assert m.profiles.show("crew").teams == (NFC,)
    for table in ("workspaces", "users", "teams", "agents", "team_members", "api_keys", *memory_tables):
        found = rows(db_path, f"SELECT * FROM {table}")
        assert not any(NFD in json.dumps(r, default=str, ensure_ascii=False) for r in found), table


def test_two_stored_teams_that_become_one_are_refused_and_nothing_changes(db_path: Path | str) -> None:
    with Memlane(db_path, user="ana", embedder="none") as m:
        m.service.access.create_team("default", NFC)
        m.service.access.add_member("default", NFC, "ana")
        kept = m.store("the crew van is blue", owner=f"team:{NFC}", visibility="shared", user="ana")
    _as_before_migration_33(
        db_path,
        [f"INSERT INTO teams (workspace, name, created_at) SELECT workspace, '{NFD}', created_at FROM teams"],
    )
    before = sorted(rows(db_path, "SELECT name FROM teams"))
    with pytest.raises(StorageError) as refused:
        Memlane(db_path, user="ana", embedder="none")
    message = str(refused.value)
    assert "migration 33" in message and "U+0301" in message and "U+00E9" in message and "teams" in message
    assert sorted(rows(db_path, "SELECT name FROM teams")) == before  # nothing changed
    assert rows(db_path, "SELECT max(version) FROM schema_migrations") == [(32,)]
    assert rows(db_path, f"SELECT owner FROM memories WHERE id = '{kept.id}'") == [(f"team:{NFC}",)]
