"""What a demanding new user met in the dashboard's first hour (the "webwalk" session), over real HTTP on
loopback with a signed-in session, both backends: merging and undoing a merge land on the merge's own
page, by name (post, redirect, get: a reload sent the merge again, and the page named both entities by
id only), a right-to-left name isolated from the text around it; a filter the list cannot take (a "from" after the "to", a date that is not one) shows the form
again with the reason in its own words; an error page keeps the header; an older version links to the
current one; the import page does not say its runs are lost on a restart; an import that added nothing
offers no link to "the imported memories"; an edit the service refuses keeps what was typed; a reload
after undoing a consolidation shows the consolidation page."""

from __future__ import annotations

import html
import re
from contextlib import closing

from memlane.models import Actor
from servers import Stack, running
from test_import_runs import wait_for
from test_web_second_user import _csrf, _signed_in

ALICE = Actor(user="alice")


def test_merging_and_undoing_land_on_the_merges_own_page(stack: Stack) -> None:
    into = stack.mem.anchor({"kind": "contact", "system": "hubspot", "id": "1", "name": "Bruno Costa"})
    merged = stack.mem.anchor({"kind": "contact", "system": "hubspot", "id": "2", "name": "שרה כהן"})
    bob_key = stack.key(user="bob")
    with running(stack.app()) as url, closing(_signed_in(url, stack.admin_key)) as alice:
        csrf = _csrf(alice)
        done = alice.post(f"/entities/{into.id}/merge", data={"csrf_token": csrf, "merged": merged.id})
        assert done.status_code == 303, done.status_code  # a reload shows the merge, never sends it again
        where = done.headers["location"]
        assert re.fullmatch(r"/entities/merges/[^/]+", where), where
        shown = alice.get(where)
        text = html.unescape(shown.text)
        assert shown.status_code == 200 and "is now part of" in text
        # a right-to-left name is isolated: its neighbour (the id "01a2…") kept its digits on its own side
        assert "<bdi>שרה כהן</bdi> <code" in text
        assert "Bruno Costa" in text and "Undo this merge" in text
        undone = alice.post(f"{where}/unmerge", data={"csrf_token": csrf})
        assert undone.status_code == 303 and undone.headers["location"] == where
        shown = alice.get(where)
        assert "Merge undone" in shown.text and f'href="/entities/{merged.id}"' in shown.text
        assert "Undo this merge" not in shown.text
        with closing(_signed_in(url, bob_key)) as bob:  # someone else's merge: as an id nothing has
            theirs, nobodys = bob.get(where), bob.get("/entities/merges/nothing-has-this-id")
            assert theirs.status_code == nobodys.status_code == 404
            assert "שרה כהן" not in theirs.text and "Bruno Costa" not in theirs.text


def test_a_filter_the_list_cannot_take_keeps_the_form_and_says_why(stack: Stack) -> None:
    stack.mem.service.store("Ana prefers green tea in the morning", actor=ALICE)
    with running(stack.app()) as url, closing(_signed_in(url, stack.admin_key)) as alice:
        swapped = alice.get("/", params={"q": "tea", "after": "2027-01-01", "before": "2026-01-01"})
        text = html.unescape(swapped.text)
        assert swapped.status_code == 422
        assert "Observed from (2027-01-01) is later than Observed to (2026-01-01)" in text, text
        assert "observed_after" not in text and 'value="tea"' in text and 'value="2027-01-01"' in text
        assert "Sign out" in text  # the page, with its header and form, not a bare error
        bad = alice.get("/", params={"after": "2026-13-45"})
        assert bad.status_code == 422 and "Observed from: '2026-13-45' is not a date" in html.unescape(
            bad.text
        )
        for after, before in (("2026-12-05", "2026-12-05"), ("0001-01-01", "9999-12-31"), ("", "9999-12-31")):
            found = alice.get("/", params={"after": after, "before": before}, follow_redirects=True)
            assert found.status_code == 200 and "Ana prefers green tea" in found.text, (after, before)


def test_an_error_page_keeps_the_header(stack: Stack) -> None:
    with running(stack.app()) as url, closing(_signed_in(url, stack.admin_key)) as alice:
        missing = alice.get("/memories/no-such-memory")
        assert missing.status_code == 404 and "no memory" in missing.text
        assert (
            "Sign out" in missing.text
            and 'href="/entities"' in missing.text
            and 'href="/import"' in missing.text
        )


def test_an_older_version_links_to_the_current_one(stack: Stack) -> None:
    old = stack.mem.service.store("Ana prefers green tea", actor=ALICE).id
    with running(stack.app()) as url, closing(_signed_in(url, stack.admin_key)) as alice:
        saved = alice.post(f"/memories/{old}/edit", data={"csrf_token": _csrf(alice), "content": "Ana prefers jasmine tea",
                                                          "type": "preference"})  # fmt: skip
        assert saved.status_code == 303
        new = saved.headers["location"].split("?")[0].rsplit("/", 1)[1]
        shown = alice.get(f"/memories/{old}").text
        assert "An older version" in shown and f'<a href="/memories/{new}">The current version</a>' in shown
        assert "An older version" not in alice.get(f"/memories/{new}").text


def _finished(stack: Stack, text: bytes) -> str:
    run = stack.mem.service.imports.start(text, "text", actor=ALICE)
    assert wait_for(stack.mem, run.id, ALICE, "done").phase == "done"
    return run.id


def test_the_import_pages_say_what_is_kept_and_what_was_imported(stack: Stack) -> None:
    with running(stack.app()) as url, closing(_signed_in(url, stack.admin_key)) as alice:
        empty = alice.get("/import").text
        assert "until the server restarts" not in empty and "kept in the database" in empty  # (migration 15)
        first = _finished(stack, b"- Ana keeps the spare key in the blue pot\n")
        again = _finished(stack, b"- Ana keeps the spare key in the blue pot\n")
        assert "See the imported memories" in alice.get(f"/import/runs/{first}").text
        nothing = alice.get(f"/import/runs/{again}").text  # all duplicates: nothing to see
        assert "1</strong> duplicate skipped" in nothing and "See the imported memories" not in nothing


def test_a_reload_after_undoing_a_consolidation_shows_the_consolidation_page(stack: Stack) -> None:
    with running(stack.app()) as url, closing(_signed_in(url, stack.admin_key)) as alice:
        for path in ("/consolidate/undo", "/consolidate/runs/some-run/undo"):
            again = alice.get(path)  # what a reload asks for once the browser shows the undo's result
            assert again.status_code == 303 and again.headers["location"] == "/consolidate", path


def test_an_edit_the_service_refuses_keeps_what_was_typed(stack: Stack) -> None:
    old = stack.mem.service.store("Ana prefers green tea", actor=ALICE).id
    with running(stack.app()) as url, closing(_signed_in(url, stack.admin_key)) as alice:
        csrf = _csrf(alice)
        form = alice.get(f"/memories/{old}/edit").text
        assert 'maxlength="32000"' in form  # the browser stops at the service's bound
        typed = "Ana's notes from the Falcon retro: " + "word " * 7000
        refused = alice.post(
            f"/memories/{old}/edit", data={"csrf_token": csrf, "content": typed, "type": "decision"}
        )
        shown = html.unescape(refused.text)
        assert refused.status_code == 422 and "content: must have at most 32,000 characters" in shown
        assert (
            typed.rstrip() in shown and '<option value="decision" selected>' in shown
        )  # nothing typed is lost
        blank = alice.post(
            f"/memories/{old}/edit", data={"csrf_token": csrf, "content": "   ", "type": "fact"}
        )
        assert (
            blank.status_code == 422
            and "must not be blank" in blank.text
            and "Save new version" in blank.text
        )
    assert stack.mem.service.get(old, actor=ALICE).superseded_by is None  # nothing was stored


def test_a_refused_profile_setting_is_named_by_its_label(stack: Stack) -> None:
    """The edit form says "Expire after"; its refusal said ``expire_after: '0001-01-01' is not a duration``."""
    stack.mem.profiles.create("notes")
    form = {"scope": "user", "extractor": "rules", "refresh": "1h", "expire_after": "0001-01-01"}
    with running(stack.app()) as url, closing(_signed_in(url, stack.admin_key)) as alice:
        refused = alice.post("/profiles/notes/edit", data={"csrf_token": _csrf(alice), **form})
        shown = html.unescape(refused.text)
        assert refused.status_code == 422 and "Expire after: '0001-01-01' is not a duration" in shown, shown
        assert "expire_after:" not in shown and 'value="0001-01-01"' in shown
