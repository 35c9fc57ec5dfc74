"""The dashboard's second walk (webwalk2): an edit saved over a version that is no longer current (someone
saved another meanwhile, or an older version was edited) writes nothing and shows a conflict (the current
text, what was typed kept, a way to save over the current version); search addresses carry no empty
filters; the merge history of an unknown entity links back to the list; a refused Claude import is told in
the dashboard's words."""

from __future__ import annotations

import html
import json
from contextlib import closing

import pytest

from memlane.errors import NoMemoryFound, VersionConflict
from memlane.models import Actor
from servers import Stack, running
from test_import_runs import wait_for
from test_web_second_user import _csrf, _signed_in

ALICE = Actor(user="alice")


def test_a_stale_edit_is_a_conflict_not_a_silent_overwrite(stack: Stack) -> None:
    service = stack.mem.service
    old = service.store("Ana prefers green tea", actor=ALICE).id
    with running(stack.app()) as url, closing(_signed_in(url, stack.admin_key)) as alice:
        csrf = _csrf(alice)
        assert alice.get(f"/memories/{old}/edit").status_code == 200  # the form, opened on `old`
        between = service.store("Ana prefers black tea", actor=ALICE, replaces=old).id  # someone else
        typed = "Ana prefers jasmine tea"
        stale = alice.post(
            f"/memories/{old}/edit", data={"csrf_token": csrf, "content": typed, "type": "fact"}
        )
        shown = html.unescape(stale.text)
        assert stale.status_code == 409, stale.status_code
        assert "Not saved: the version you edited is no longer the current one" in shown
        assert "Ana prefers black tea</blockquote>" in shown and f">{typed}</textarea>" in shown
        assert (
            f'action="/memories/{between}/edit"' in shown and "Save anyway over the current version" in shown
        )
        assert service.get(between, actor=ALICE).superseded_by is None  # nothing was written
        anyway = alice.post(
            f"/memories/{between}/edit", data={"csrf_token": csrf, "content": typed, "type": "fact"}
        )
        assert anyway.status_code == 303
        assert service.get(between, actor=ALICE).superseded_by is not None
    with pytest.raises(VersionConflict) as conflict:  # the one check, in the service's transaction
        service.store("Ana prefers oolong", actor=ALICE, replaces=old, expect_current=True)
    assert conflict.value.current == anyway.headers["location"].split("?")[0].rsplit("/", 1)[1]


def test_search_addresses_carry_no_empty_filters(stack: Stack) -> None:
    stack.mem.service.store("Ana prefers green tea", actor=ALICE)
    with running(stack.app()) as url, closing(_signed_in(url, stack.admin_key)) as alice:
        sent = alice.get("/?q=tea&type=&source=&subject=+&type=fact&after=")  # what the form sends
        assert sent.status_code == 303 and sent.headers["location"] == "/?q=tea&type=fact"
        assert alice.get("/?q=tea&type=fact").status_code == 200  # a clean one is the page itself
        assert alice.get("/?q=&type=").headers["location"] == "/"
        assert alice.get("/entities?q=Ana&type=").headers["location"] == "/entities?q=Ana"


def test_the_merge_history_of_an_unknown_entity_links_back_to_the_list(stack: Stack) -> None:
    known = stack.mem.anchor({"kind": "contact", "system": "hubspot", "id": "1", "name": "Bruno Costa"})
    with running(stack.app()) as url, closing(_signed_in(url, stack.admin_key)) as alice:
        unknown = alice.get("/entities/merges", params={"entity": "no-such-entity"}).text
        assert '<a href="/entities">← Entities</a>' in unknown and "/entities/no-such-entity" not in unknown
        own = alice.get("/entities/merges", params={"entity": known.id}).text
        assert f'<a href="/entities/{known.id}">← The entity</a>' in own


def _failed(stack: Stack, data: bytes, fmt: str, name: str) -> str:
    run = stack.mem.service.imports.start(data, fmt, actor=ALICE, name=name)
    assert wait_for(stack.mem, run.id, ALICE, "failed").phase == "failed"
    return run.id


def test_an_export_without_memory_is_told_in_the_dashboards_words(stack: Stack) -> None:
    claude = _failed(stack, b'{"account": "x"}', "claude", "memories.json")
    chatgpt = _failed(
        stack, json.dumps([{"title": "t", "mapping": {}}]).encode(), "chatgpt", "conversations.json"
    )
    with running(stack.app()) as url, closing(_signed_in(url, stack.admin_key)) as alice:
        shown = html.unescape(alice.get(f"/import/runs/{claude}").text)
        assert "no Claude memory found" in shown and "--from" not in shown, shown
        assert "Or paste 'View and edit your memory' into “Or paste memories” on" in shown
        assert "with Format “claude”." in shown
        shown = html.unescape(alice.get(f"/import/runs/{chatgpt}").text)
        assert "--from" not in shown and "--conversations" not in shown, shown
        assert "with Format “text”. The conversations themselves are imported by the command line" in shown
    with pytest.raises(NoMemoryFound, match="import it with --from claude$"):  # the CLI's words, as before
        stack.mem.import_file(b'{"account": "x"}', format="claude")


def test_a_memory_is_added_from_the_dashboard(stack: Stack) -> None:
    with running(stack.app()) as url, closing(_signed_in(url, stack.admin_key)) as alice:
        csrf = _csrf(alice)
        assert 'href="/memories/new"' in alice.get("/").text
        form = {
            "csrf_token": csrf,
            "content": "Ana prefers green tea",
            "type": "preference",
            "subject": "Ana",
        }
        done = alice.post("/memories/new", data=form)
        assert done.status_code == 303 and done.headers["location"].endswith("?notice=stored")
        new = done.headers["location"].split("?")[0].rsplit("/", 1)[1]
        stored = stack.mem.service.get(new, actor=ALICE)
        assert (stored.content, stored.type, stored.source) == (
            "Ana prefers green tea",
            "preference",
            "dashboard",
        )
        assert stored.subject is not None and stored.subject.name == "Ana"
        again = alice.post("/memories/new", data=form)
        assert again.headers["location"] == f"/memories/{new}?notice=unchanged"
        typed = "word " * 7000
        refused = alice.post("/memories/new", data={**form, "content": typed})
        shown = html.unescape(refused.text)
        assert refused.status_code == 422 and "must have at most 32,000 characters" in shown
        assert typed.rstrip() in shown and 'value="Ana"' in shown  # nothing typed is lost
