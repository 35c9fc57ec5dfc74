"""The web dashboard as a second user of the same workspace, over real HTTP on loopback (plain requests
with a signed-in session), both backends: bob's pages show nothing of alice's personal memories,
conversations and imports, and every page that takes an id of hers (a memory, its delete and edit
pages, archive, a conversation, an import run) answers exactly as for an id nothing has; re-indexing
is for admin keys."""

from __future__ import annotations

import re
import time
from contextlib import closing

import httpx

from memlane.ids import new_id
from memlane.models import Actor
from servers import Stack, running

SECRET = "My therapist appointment with Dr. Okonkwo-Lindqvist is on Tuesday at 5pm"


def _signed_in(url: str, key: str) -> httpx.Client:
    client = httpx.Client(base_url=url, timeout=60)
    form = client.get("/signin")
    token = re.search(r'name="csrf_token" value="([^"]+)"', form.text)
    assert token is not None
    done = client.post("/signin", data={"key": key, "csrf_token": token.group(1)})
    assert done.status_code == 303, done.text
    return client


def _csrf(client: httpx.Client) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/").text)
    assert found is not None
    return found.group(1)


def test_the_dashboard_as_a_second_user(stack: Stack) -> None:
    s = stack.mem.service
    alice = Actor(user="alice")
    private = s.store(SECRET, actor=alice).id
    s.conversations.append("alice-chat", [{"role": "user", "text": "Okonkwo-Lindqvist moved me to Wednesday"}],
                           actor=alice)  # fmt: skip
    run = s.imports.start(b"- I keep a spare key under the Okonkwo-Lindqvist planter\n", "text", actor=alice)
    for _ in range(600):
        if not s.imports.get(run.id, actor=alice).running:
            break
        time.sleep(0.05)
    assert s.imports.get(run.id, actor=alice).phase == "done"
    bob_key = stack.key(user="bob")

    with running(stack.app()) as url, closing(_signed_in(url, bob_key)) as bob:
        for page in ("/", "/?q=therapist+appointment", "/?q=Okonkwo-Lindqvist", "/entities",
                     "/entities?q=Okonkwo-Lindqvist", "/import"):  # fmt: skip
            shown = bob.get(page)
            assert shown.status_code == 200 and private not in shown.text, page
            assert not any(w in shown.text for w in ("5pm", "spare key", "Wednesday", "Dr. Okonkwo")), page

        nothing = new_id()
        csrf = _csrf(bob)
        for path, method in (("/memories/{}", "GET"), ("/memories/{}/delete", "GET"), ("/memories/{}/edit", "GET"),
                             ("/memories/{}/archive", "POST"), ("/memories/{}/delete", "POST"),
                             ("/import/runs/{}", "GET")):  # fmt: skip
            target = run.id if path.startswith("/import") else private
            theirs = bob.request(
                method, path.format(target), data={"csrf_token": csrf} if method == "POST" else None
            )
            nobodys = bob.request(
                method, path.format(nothing), data={"csrf_token": csrf} if method == "POST" else None
            )
            assert theirs.status_code == nobodys.status_code == 404, (path, method, theirs.status_code)
            assert theirs.text.replace(target, "<id>") == nobodys.text.replace(nothing, "<id>"), (
                path,
                method,
            )
        theirs, nobodys = bob.get("/conversations/alice-chat"), bob.get("/conversations/nobody-has-this")
        assert theirs.status_code == nobodys.status_code == 404
        assert theirs.text.replace("alice-chat", "<id>") == nobodys.text.replace("nobody-has-this", "<id>")
        assert bob.get("/reindex").status_code == 403

    assert s.get(private, actor=alice).state != "archived"
