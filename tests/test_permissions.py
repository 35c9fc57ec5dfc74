"""Who may change which memory (docs/api.md, "Who may change what"; ``memlane.permissions``): every
mutating action × every kind of caller × every kind of item, over the REST API, MCP (streamable HTTP,
official client) and the SDK (remote and embedded), on both backends. Expected outcomes are one table
(``EXPECTED``); each test compares the whole row it observed with it, and checks that what was refused
or not found is unchanged. Opting back in is tested over REST and on the access service."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import anyio
import httpx
import pytest

from backends import rows
from memlane import Forbidden, Memlane, MemlaneError
from memlane.models import Actor, Memory, State
from servers import Stack, bearer, make_stack, running
from test_mcp import http_session

ACTIONS = ("delete", "forget_query", "archive", "restore", "replaces", "auto")
ITEMS = ("own_personal", "own_shared", "others_shared", "team", "agent")
ACTORS = ("personal_key", "member_key", "unbound_key", "agent_key", "admin_key")

OK, FORBIDDEN, UNKNOWN, KEPT = "ok", "forbidden", "unknown_memory", "kept"
ALL_OK = dict.fromkeys(ACTIONS, OK)
#: a shared item someone else wrote: it may be superseded (a new version, history kept), not removed
EDIT_ONLY = {"delete": FORBIDDEN, "forget_query": KEPT, "archive": FORBIDDEN, "restore": FORBIDDEN,
             "replaces": OK, "auto": OK}  # fmt: skip
#: a personal-only key and a shared item: nothing at all (auto: storing a shared item is refused)
NOTHING = {"delete": FORBIDDEN, "forget_query": KEPT, "archive": FORBIDDEN, "restore": FORBIDDEN,
           "replaces": FORBIDDEN, "auto": FORBIDDEN}  # fmt: skip
#: an agent's item, to a request not made through that agent: it does not exist for it (and a new
#: version naming the agent as owner is refused before anything is looked up)
INVISIBLE = {"delete": UNKNOWN, "forget_query": KEPT, "archive": UNKNOWN, "restore": UNKNOWN,
             "replaces": FORBIDDEN, "auto": FORBIDDEN}  # fmt: skip

#: (actor, item) -> action -> outcome. Every actor acts as alice; bob wrote the shared items of others.
EXPECTED: dict[tuple[str, str], dict[str, str]] = {
    ("personal_key", "own_personal"): ALL_OK,
    ("personal_key", "own_shared"): NOTHING,
    ("personal_key", "others_shared"): NOTHING,
    ("personal_key", "team"): NOTHING,
    ("personal_key", "agent"): INVISIBLE,
    ("member_key", "own_personal"): ALL_OK,
    ("member_key", "own_shared"): ALL_OK,
    ("member_key", "others_shared"): EDIT_ONLY,
    ("member_key", "team"): EDIT_ONLY,
    ("member_key", "agent"): INVISIBLE,
    # a platform's key bound to nobody, acting as alice: the same as her own key (only opting back in differs)
    ("unbound_key", "own_personal"): ALL_OK,
    ("unbound_key", "own_shared"): ALL_OK,
    ("unbound_key", "others_shared"): EDIT_ONLY,
    ("unbound_key", "team"): EDIT_ONLY,
    ("unbound_key", "agent"): INVISIBLE,
    ("agent_key", "own_personal"): ALL_OK,
    ("agent_key", "own_shared"): ALL_OK,
    ("agent_key", "others_shared"): EDIT_ONLY,
    ("agent_key", "team"): EDIT_ONLY,
    ("agent_key", "agent"): EDIT_ONLY,
    ("admin_key", "own_personal"): ALL_OK,
    ("admin_key", "own_shared"): ALL_OK,
    ("admin_key", "others_shared"): ALL_OK,
    ("admin_key", "team"): ALL_OK,
    ("admin_key", "agent"): INVISIBLE,
}
#: MCP has no archive or restore tool
MCP_ACTIONS = ("delete", "forget_query", "replaces", "auto")

_names = ("".join(p) for p in itertools.product("bcdfghklmnprstvz", "aeiou", "bdgklmnprstvz", "aeiou", "rn"))
_numbers = itertools.count(101)


@dataclass
class World:
    stack: Stack
    keys: dict[str, str]

    @property
    def service(self) -> Any:
        return self.stack.mem.service

    def author(self, item: str) -> Actor:
        """Who writes each kind of item (straight through the service: setting up is not under test)."""
        access = self.stack.access
        if item in ("own_personal", "own_shared"):
            return access.local_actor("alice")
        if item == "agent":
            return access.local_actor("bob", agent="helpdesk")
        return access.local_actor("bob")


def _world(db: Any) -> World:
    stack = make_stack(db)  # its admin key is bound to alice
    access = stack.access
    access.create_team("default", "eng")
    access.add_member("default", "eng", "alice")
    access.add_member("default", "eng", "bob")
    keys = {
        "personal_key": stack.key(user="alice", max_visibility="personal"),
        "member_key": stack.key(user="alice"),
        "unbound_key": stack.key(),
        "agent_key": stack.key(agent="helpdesk"),
        "admin_key": stack.admin_key,
    }
    return World(stack, keys)


@pytest.fixture
def world(db_path: Any) -> Any:
    w = _world(db_path)
    yield w
    w.stack.mem.close()


@dataclass
class Case:
    """One item made for one action: its statement, a near-duplicate update and a query naming it."""

    item: str
    memory: Memory
    update: str
    query: str
    owner_fields: dict[str, Any]


def make_cases(world: World, wanted: list[tuple[str, bool]]) -> list[Case]:
    """One case per (item, archived), all stored before any action (setting up is not under test): one
    ``store_many`` per author, not a store apiece (~30 per matrix, once per surface, actor and backend)."""
    owner_fields: dict[str, dict[str, Any]] = {
        "own_personal": {},
        "own_shared": {"visibility": "shared"},
        "others_shared": {"visibility": "shared"},
        "team": {"owner": "team:eng"},
        "agent": {"owner": "agent:helpdesk"},
    }
    made: list[tuple[str, str, str]] = []
    batches: dict[tuple[str, str | None], tuple[Actor, list[int]]] = {}
    for i, (item, _) in enumerate(wanted):
        # words, names and numbers of its own: no case's update can match another case's item
        name, word, place = next(_names).capitalize(), next(_names), next(_names).capitalize()
        number = next(_numbers)
        content = f"{name} keeps the {word} pallets at dock {number} near {place}"
        update = f"{name} keeps the {word} pallets at dock {number + 5000} near {place}"
        made.append((content, update, f"{name} {word} pallets near {place}"))
        author = world.author(item)
        batches.setdefault((author.user, author.agent), (author, []))[1].append(i)
    ids: dict[int, str] = {}
    for author, indexes in batches.values():
        items = [{"content": made[i][0], **owner_fields[wanted[i][0]]} for i in indexes]
        stored = world.service.store_many(items, actor=author, auto_supersede=False)
        ids.update(zip(indexes, (r.id for r in stored), strict=True))
    cases = []
    for i, (item, archived) in enumerate(wanted):
        author = world.author(item)
        if archived:
            world.service.archive(ids[i], actor=author)
        memory = world.service.get(ids[i], actor=author)
        assert memory.content == made[i][0]
        cases.append(Case(item, memory, made[i][1], made[i][2], owner_fields[item]))
    return cases


def check_unchanged(world: World, case: Case) -> None:
    """What was refused, not found or not matched is exactly as it was."""
    now = world.service.get(case.memory.id, actor=world.author(case.item))
    assert (now.state, now.superseded_by, now.content) == (
        case.memory.state, case.memory.superseded_by, case.memory.content,
    )  # fmt: skip


# -- the surfaces: each performs one action and says what happened --------------------------------------


Do = Callable[[str, Case], str]


def rest_actions(url: str, key: str) -> tuple[Do, Callable[[], None]]:
    http = httpx.Client(base_url=url, headers=bearer(key, "alice"), timeout=30)

    def do(action: str, case: Case) -> str:
        mid = case.memory.id
        if action == "delete":
            r = http.delete(f"/v1/memories/{mid}")
            return _rest(r, lambda body: mid in body["deleted"])
        if action == "forget_query":
            r = http.post("/v1/forget", json={"query": case.query})
            return _rest(r, lambda body: mid in body["deleted"])
        if action in ("archive", "restore"):
            r = http.post(f"/v1/memories/{mid}/{action}")
            want = State.ARCHIVED if action == "archive" else State.NEW
            return _rest(r, lambda body: body["state"] == want)
        extra = {"replaces": mid} if action == "replaces" else {}
        r = http.post("/v1/memories", json={"content": case.update, **case.owner_fields, **extra})
        return _rest(r, lambda body: [s["id"] for s in body["superseded"]] == [mid])

    return do, http.close


def _rest(response: httpx.Response, happened: Callable[[Any], bool]) -> str:
    body = response.json()
    if response.status_code != 200:
        return str(body["error"]["code"])
    return OK if happened(body) else KEPT


def sdk_do(client: Any) -> Do:
    """The SDK's methods (``Memlane`` embedded or ``RemoteMemlane``): the same calls, the same errors."""

    def do(action: str, case: Case) -> str:
        mid = case.memory.id
        try:
            if action == "delete":
                return OK if mid in client.forget(mid).deleted else KEPT
            if action == "forget_query":
                return OK if mid in client.forget(query=case.query).deleted else KEPT
            if action == "archive":
                return OK if client.archive(mid).state is State.ARCHIVED else KEPT
            if action == "restore":
                return OK if client.restore(mid).state is State.NEW else KEPT
            extra = {"replaces": mid} if action == "replaces" else {}
            result = client.store(case.update, **case.owner_fields, **extra)
            return OK if [s.id for s in result.superseded] == [mid] else KEPT
        except MemlaneError as exc:
            return exc.code

    return do


def run_matrix(world: World, actor: str, do: Do, actions: tuple[str, ...] = ACTIONS) -> None:
    observed: dict[str, dict[str, str]] = {}
    plan = [(item, action) for item in ITEMS for action in actions]
    cases = make_cases(world, [(item, action == "restore") for item, action in plan])
    for (item, action), case in zip(plan, cases, strict=True):
        outcome = do(action, case)
        observed.setdefault(item, {})[action] = outcome
        if outcome != OK:
            check_unchanged(world, case)
    assert_matrix(actor, observed, actions)


def assert_matrix(actor: str, observed: dict[str, dict[str, str]], actions: tuple[str, ...]) -> None:
    """The whole observed row equals the table; a failure names each (item, action): (got, expected)."""
    expected = {item: {a: EXPECTED[actor, item][a] for a in actions} for item in ITEMS}
    wrong = {(i, a): (observed[i][a], expected[i][a]) for i in ITEMS for a in actions
             if observed[i][a] != expected[i][a]}  # fmt: skip
    assert wrong == {}
    assert observed == expected


@pytest.mark.parametrize("actor", ACTORS)
def test_rest(world: World, actor: str) -> None:
    with running(world.stack.app()) as url:
        do, close = rest_actions(url, world.keys[actor])
        try:
            run_matrix(world, actor, do)
        finally:
            close()


@pytest.mark.parametrize("actor", ACTORS)
def test_remote_sdk(world: World, actor: str) -> None:
    with (
        running(world.stack.app()) as url,
        Memlane.connect(url, api_key=world.keys[actor], user="alice") as m,
    ):
        run_matrix(world, actor, sdk_do(m))


def test_embedded_sdk_acts_as_a_member(world: World) -> None:
    """The embedded SDK acts as its local user with that user's teams: a member, not an admin."""
    run_matrix(world, "member_key", sdk_do(world.stack.mem))


@pytest.mark.parametrize("actor", ACTORS)
def test_mcp(world: World, actor: str) -> None:
    async def main(url: str) -> None:
        async with http_session(url, world.keys[actor], user="alice") as session:
            pending: list[tuple[str, Case]] = []

            async def call(action: str, case: Case) -> str:
                mid = case.memory.id
                if action == "delete":
                    args: dict[str, Any] = {"memory_id": mid}
                elif action == "forget_query":
                    args = {"query": case.query}
                else:
                    args = {"content": case.update, **case.owner_fields}
                    if action == "replaces":
                        args["replaces"] = mid
                tool = "memory_forget" if action in ("delete", "forget_query") else "memory_store"
                result = await session.call_tool(tool, args)
                if result.is_error:  # "Error executing tool …: <code>: <message>"
                    text = "".join(getattr(c, "text", "") for c in result.content)
                    return text.removeprefix(f"Error executing tool {tool}: ").split(":", 1)[0]
                body = result.structured_content or {}
                if tool == "memory_forget":
                    return OK if mid in body["deleted"] else KEPT
                return OK if [s["id"] for s in body["superseded"]] == [mid] else KEPT

            observed: dict[str, dict[str, str]] = {}
            plan = [(item, action) for item in ITEMS for action in MCP_ACTIONS]
            cases = make_cases(world, [(item, False) for item, _ in plan])
            for (item, action), case in zip(plan, cases, strict=True):
                outcome = await call(action, case)
                observed.setdefault(item, {})[action] = outcome
                pending.append((outcome, case))
            for outcome, case in pending:
                if outcome != OK:
                    check_unchanged(world, case)
            assert_matrix(actor, observed, MCP_ACTIONS)

    with running(world.stack.app()) as url:
        anyio.run(main, url)


# -- whole chains and opting back in ---------------------------------------------------------------------


def test_a_chain_several_people_wrote_is_deleted_by_an_admin_only(world: World) -> None:
    service, access = world.service, world.stack.access
    alice, bob = access.local_actor("alice"), access.local_actor("bob")
    v1 = service.store("The Falcon launch moved to March 14", actor=alice, visibility="shared")
    v2 = service.store("The Falcon launch moved to March 21", actor=bob, visibility="shared", replaces=v1.id)
    assert [m.author for m in service.history(v1.id, actor=alice)] == ["alice", "bob"]
    for who in (alice, bob):
        with pytest.raises(Forbidden, match="only its author or an admin"):
            service.forget(v1.id, actor=who)
        assert service.forget(query="Falcon launch March", actor=who).deleted == ()
    admin = access.actor(access.authenticate(world.keys["admin_key"]), "bob")
    assert set(service.forget(v2.id, actor=admin).deleted) == {v1.id, v2.id}


def test_migration_4_finds_the_authors_of_existing_items(world: World, db_path: Any) -> None:
    """Upgrading a schema-3 database: personal items are their owner's, shared ones the user the audit
    log names for their 'store'; with no such record only an admin may remove them."""
    service, access = world.service, world.stack.access
    alice, bob = access.local_actor("alice"), access.local_actor("bob")
    personal = service.store("Alice keeps her bike at Dock 7", actor=alice)
    shared = service.store("The Vantor office opens at 9", actor=bob, visibility="shared")
    orphan = service.store("The Kestrel room seats 12", actor=bob, visibility="shared")
    world.stack.mem.close()
    rows(db_path, f"DELETE FROM audit_log WHERE memory_id = '{orphan.id}'")
    rows(db_path, "ALTER TABLE memories DROP COLUMN author")  # back to schema 3
    rows(db_path, "DELETE FROM schema_migrations WHERE version = 4")
    world.stack = make_stack_again(db_path)
    service, access = world.service, world.stack.access
    authors = {m.id: m.author for m in service.list_recent(actor=alice, limit=10)}
    assert authors == {personal.id: "alice", shared.id: "bob", orphan.id: None}
    with pytest.raises(Forbidden, match="unknown author"):
        service.archive(orphan.id, actor=bob)
    assert service.archive(shared.id, actor=bob).state is State.ARCHIVED
    admin = access.actor(access.authenticate(world.keys["admin_key"]), "bob")
    assert service.forget(orphan.id, actor=admin).deleted == (orphan.id,)


def make_stack_again(db: Any) -> Stack:
    mem = Memlane(db, user="alice", embedder="none")
    return Stack(mem, mem.service.access, "")


@pytest.mark.parametrize(
    ("key", "user", "may_opt_in"),
    [
        ("member_key", "alice", True),  # the user herself
        ("personal_key", "alice", True),  # still her own key
        ("agent_key", "alice", False),  # an agent acting for her cannot undo her choice
        ("unbound_key", "alice", False),  # nor a platform's key acting for her
        ("admin_key", "alice", True),
        ("admin_key", "bob", True),  # an admin acting as another user
    ],
)
def test_opting_back_in(world: World, key: str, user: str, may_opt_in: bool) -> None:
    with running(world.stack.app()) as url, httpx.Client(base_url=url, timeout=30) as http:
        headers = bearer(world.keys[key], user)
        out = http.post("/v1/me/opt-out", headers=headers)
        assert (out.status_code, out.json()["opted_out"]) == (200, True)  # opting out: always
        back = http.post("/v1/me/opt-in", headers=headers)
        if may_opt_in:
            assert (back.status_code, back.json()["opted_out"]) == (200, False)
        else:
            assert (back.status_code, back.json()["error"]["code"]) == (403, "forbidden")
            assert world.stack.access.opted_out("default", user)  # still out
            # she opts back in herself, or an admin does
            assert (
                http.post("/v1/users/alice/opt-in", headers=bearer(world.stack.admin_key)).status_code == 200
            )
        assert not world.stack.access.opted_out("default", user)


def test_opt_in_rule_on_the_access_service(world: World) -> None:
    access = world.stack.access
    agent = access.actor(access.authenticate(world.keys["agent_key"]), "alice")
    bob = access.local_actor("bob")
    access.set_opted_out("default", "alice", True, by=agent)
    with pytest.raises(Forbidden, match="back in"):
        access.set_opted_out("default", "alice", False, by=agent)
    with pytest.raises(Forbidden):
        access.set_opted_out("default", "alice", True, by=bob)  # not acting as alice, not an admin
    access.set_opted_out("default", "alice", False, by=access.local_actor("alice"))
    assert not access.opted_out("default", "alice")
