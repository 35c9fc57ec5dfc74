"""The dashboard's second walk (webwalk2): an edit saved over a version that is no longer current (someone
saved another meanwhile, or an older version was edited) writes nothing and shows a conflict (the current
text, what was typed kept, a way to save over the current version); search addresses carry no empty
filters; the merge history of an unknown entity links back to the list; a refused Claude import is told in
the dashboard's words."""

from __future__ import annotations

import html
from contextlib import closing

import pytest

from memlane.errors import VersionConflict
from memlane.models import Actor
from servers import Stack, running
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
        stale = alice.post(f"/memories/{old}/edit", data={"csrf_token": csrf, "content": typed, "type": "fact"})
        shown = html.unescape(stale.text)
        assert stale.status_code == 409, stale.status_code
        assert "Not saved: the version you edited is no longer the current one" in shown
        assert "Ana prefers black tea</blockquote>" in shown and f">{typed}</textarea>" in shown
        assert f'action="/memories/{between}/edit"' in shown and "Save anyway over the current version" in shown
        assert service.get(between, actor=ALICE).superseded_by is None  # nothing was written
        anyway = alice.post(f"/memories/{between}/edit", data={"csrf_token": csrf, "content": typed, "type": "fact"})
        assert anyway.status_code == 303
        assert service.get(between, actor=ALICE).superseded_by is not None
    with pytest.raises(VersionConflict) as conflict:  # the one check, in the service's transaction
        service.store("Ana prefers oolong", actor=ALICE, replaces=old, expect_current=True)
    assert conflict.value.current == anyway.headers["location"].split("?")[0].rsplit("/", 1)[1]
