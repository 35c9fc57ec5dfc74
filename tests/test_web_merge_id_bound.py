"""The dashboard's entity merge form takes an id of up to ``ids.MAX_ID_CHARS`` (200) characters, as every
other surface: it capped it at 100, so an id of 101-200 characters got "this form could not be read"
where the REST API and the SDKs answer the service's own words."""

from __future__ import annotations

import re

import httpx

from memlane.ids import MAX_ID_CHARS
from servers import Stack, running
from test_web_sessions import _signin_cookies


def test_the_merge_form_takes_an_id_as_long_as_every_other_surface(stack: Stack) -> None:
    one = stack.mem.anchor({"kind": "contact", "system": "hubspot", "id": "1", "name": "Ana Lima"})
    with running(stack.app()) as url:
        cookie = _signin_cookies(url, stack.admin_key, {})["memlane_session"].split(";")[0]
        form = httpx.get(f"{url}/entities/{one.id}", headers={"Cookie": cookie}, timeout=120)
        token = re.search(r'name="csrf_token" value="([^"]+)"', form.text)
        assert token is not None, form.text
        said = {}
        for length in (150, MAX_ID_CHARS, MAX_ID_CHARS + 1):
            r = httpx.post(f"{url}/entities/{one.id}/merge", headers={"Cookie": cookie}, timeout=120,
                           data={"csrf_token": token.group(1), "merged": "e" * length})  # fmt: skip
            said[length] = (r.status_code, "could not be read" in r.text)
    # up to the bound: the service looks it up (no such entity); past it: the form's own refusal
    assert said == {150: (404, False), MAX_ID_CHARS: (404, False), MAX_ID_CHARS + 1: (422, True)}
