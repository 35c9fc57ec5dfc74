"""``memlane db copy`` of a store that has been used: conversations logged and extracted, profiles with
their opt-outs, log and sweep state, job and consolidation runs. Before, such a store could not be
moved at all ("does not know how to copy conversation_messages, extracted_exchanges, job_runs…")."""

from __future__ import annotations

import uuid
from pathlib import Path

from click.testing import CliRunner

from backends import rows
from memlane import Memlane
from memlane.auth import OPERATOR_KEY_ID, Principal
from memlane.cli import main
from memlane.models import Visibility
from memlane.web.sessions import SessionStore
from pg import url_with_search_path

LOCAL = Principal(OPERATOR_KEY_ID, "default", "alice", None, True, Visibility.SHARED)

#: every table a used store fills, with the columns that must come across as they were
TABLES = {
    "conversation_messages": "seq, id, owner, conversation_id, role, text, tool, speaker, author",
    "extracted_exchanges": "workspace, digest",
    "profiles": "id, name, enabled, last_sync_seq, run_upto, last_error",
    "profile_opt_outs": "profile_id, user_name",
    "profile_log": "seq, profile_id, action, count",
    "job_runs": "seq, id, job, status, error, worker",
    "consolidation_runs": "id, workspace, actor",
    "web_sessions": "token_hash, workspace, key_id, operator, acting_user",
    "signin_links": "token_hash, workspace, key_id, operator",
}


def _state(db: str) -> dict[str, list[tuple[object, ...]]]:
    return {t: sorted(rows(db, f"SELECT {cols} FROM {t}"), key=repr) for t, cols in TABLES.items()}


def test_a_used_store_is_copied_to_postgres_and_back_with_its_log_profiles_and_runs(
    tmp_path: Path, pg_database: str
) -> None:
    source, back = tmp_path / "a.db", tmp_path / "b.db"
    with Memlane(source, user="alice", embedder="none") as m:
        m.conversations.append("c-1", [{"role": "user", "text": "I prefer oolong tea at work"},
                                       {"role": "tool", "tool": "crm.lookup", "result": {"id": 7, "ok": True}}])  # fmt: skip
        m.profiles.create("prefs", types=["preference"], refresh="1d")
        m.profiles.opt_out("prefs", user="bob")
        m.profiles.run("prefs")
        m.store("Mira owns a bakery in Ghent")
        m.store("FYI, Mira owns a bakery in Ghent", auto_supersede=False)
        m.consolidate()
        sessions = SessionStore(m.service.access)  # the dashboard's: a session and a one-time link
        sessions.create(principal=LOCAL, user=None)
        sessions.one_time_link(LOCAL)
    before = _state(str(source))
    assert [
        t for t, got in before.items() if not got
    ] == []  # (every table is filled: the copy is tested on each)
    schema = f"copy_{uuid.uuid4().hex[:8]}"
    rows(pg_database, f'CREATE SCHEMA "{schema}"')
    pg = url_with_search_path(pg_database, schema)
    runner = CliRunner()
    there = runner.invoke(main, ["db", "copy", "--from", str(source), "--to", pg], obj={})
    assert there.exit_code == 0, there.output
    assert _state(pg) == before
    home = runner.invoke(main, ["db", "copy", "--from", pg, "--to", str(back)], obj={})
    assert home.exit_code == 0, home.output
    assert _state(str(back)) == before
    with Memlane(pg, user="alice", embedder="none") as m:  # the copies work, and go on from where they were
        assert [x.text for x in m.conversations.show("c-1")][0] == "I prefer oolong tea at work"
        m.conversations.append("c-1", [{"role": "user", "text": "and green tea at home"}])
        assert len(m.conversations.show("c-1")) == 3
        assert m.profiles.show("prefs").name == "prefs"
        assert m.profiles.run("prefs").status != "failed"
