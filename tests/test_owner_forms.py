"""An owner is ``workspace`` or ``user:``/``team:``/``agent:`` and a name, whatever is written under it: a
memory, an anchored record, a logged conversation (``permissions.owner_form``, asked by
``resolve_owner``), both backends.

Before the fix only a stored memory's owner was checked. An anchored record with ``"owner": "bob"``
(or ``Team:eng``, ``workspace:x``) was written under that owner, which no one reads, and the request
then failed on an assertion (REST: 500 ``internal_error``; under ``python -O`` it returned the entity);
a conversation appended with such an owner was logged where no one, its writer included, could read it.
"""

from __future__ import annotations

import unicodedata

import httpx
import pytest

from backends import rows
from memlane import InvalidInput, Memlane
from memlane.models import Actor
from servers import Stack, bearer, running

BAD = ("bob", "Team:eng", "workspace:x", "team:", "agent: helpdesk", "user")
CONTACT = {"kind": "contact", "system": "crm", "id": "9", "name": "Wendy Marsh", "visibility": "shared"}


@pytest.mark.parametrize("owner", BAD)
def test_an_owner_of_no_known_form_is_refused_before_anything_is_written(
    mem: Memlane, db_path: object, owner: str
) -> None:
    s = mem.service
    alice = Actor(user="alice", teams=("eng",))
    with pytest.raises(InvalidInput, match="owner: expected"):
        s.anchor({**CONTACT, "owner": owner}, actor=alice)
    with pytest.raises(InvalidInput, match="owner: expected"):
        s.conversations.append("c1", [{"role": "user", "text": "Wendy Marsh joined Tyrell"}], actor=alice,
                               visibility="shared", owner=owner)  # fmt: skip
    with pytest.raises(InvalidInput, match="owner: expected"):
        s.store("Wendy Marsh joined Tyrell", actor=alice, owner=owner, visibility="shared")
    assert rows(db_path, "SELECT count(*) FROM entities") == [(0,)]
    assert rows(db_path, "SELECT count(*) FROM conversation_messages") == [(0,)]
    assert rows(db_path, "SELECT count(*) FROM memories") == [(0,)]


def test_a_teams_name_in_another_normal_form_is_the_team(mem: Memlane) -> None:
    access = mem.service.access
    access.create_team("default", "Équipe")  # kept in NFC
    access.add_member("default", "Équipe", "alice")
    alice = access.local_actor("alice", "default")
    decomposed = "team:" + unicodedata.normalize("NFD", "Équipe")
    entity = mem.service.anchor({**CONTACT, "owner": decomposed}, actor=alice)
    assert entity.owner == "team:Équipe" and entity.owner != decomposed
    mem.service.conversations.append("c1", [{"role": "user", "text": "Wendy Marsh joined Tyrell"}],
                                     actor=alice, visibility="shared", owner=decomposed)  # fmt: skip
    assert [c.owner for c in mem.service.conversations.list(actor=alice)] == ["team:Équipe"]


def test_rest_answers_a_bad_owner_with_422(stack: Stack) -> None:
    with running(stack.app()) as url:
        for owner in ("bob", "Team:eng"):
            r = httpx.post(
                f"{url}/v1/anchor", json={**CONTACT, "owner": owner}, headers=bearer(stack.admin_key)
            )
            assert r.status_code == 422 and r.json()["error"]["code"] == "invalid_input", r.text
