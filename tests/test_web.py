"""The web dashboard in a real browser: Playwright driving Debian's headless Chromium against
``memlane serve`` (a real process on loopback, a real SQLite file). Sign-in, search, filters, archive / restore / delete /
edit / history, import, merge / unmerge, re-index, CSRF refusals, a second user seeing nothing of the
first's, keyboard use, 375 px, and axe-core (vendored in tests/data/web, so it runs offline) on every page.

One server and one browser per module; each test opens its own browser context (its own cookies). The
browser is Debian's ``chromium-headless-shell`` (Chromium's headless build, as Playwright's own downloads
use for headless runs) when installed, else ``chromium``: the full browser in headless mode cost ~2.5x the
CPU on these pages (docs/benchmarks.md, "Eighteenth session").
Set ``MEMLANE_SCREENSHOTS=docs/images`` to write the screenshots of docs/dashboard.md.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright import sync_api

from servers import another_server, bearer
from test_serve import in_process, serve

CHROMIUM = (
    shutil.which("chromium-headless-shell") or shutil.which("chromium") or "/usr/bin/chromium-headless-shell"
)
AXE = Path(__file__).parent / "data" / "web" / "axe.min.js"
SCREENSHOTS = os.environ.get("MEMLANE_SCREENSHOTS")

# skipped on a developer's machine without chromium; .ci/run installs it and sets CI=1, so there a missing browser fails.
# One xdist group (conftest.py: --dist loadgroup under -n): the module's browser and server start on one worker only,
# and the group, the suite's longest unit, is handed out first.
pytestmark = [
    pytest.mark.skipif(
        not Path(CHROMIUM).exists() and not os.environ.get("CI"), reason="Debian's chromium is not installed"
    ),
    pytest.mark.xdist_group("browser"),
]


class Site:
    """The running server, its admin key (acting as 'owner'), bob's key and the seeded ids."""

    def __init__(self, url: str, banner: dict[str, Any]) -> None:
        self.url = url
        self.admin_key: str = banner["admin_key"]
        self.link: str = banner["dashboard_link"]
        self.ids: dict[str, str] = {}
        self.db: Path | None = None

    def rest(self, method: str, path: str, key: str | None = None, **kwargs: Any) -> Any:
        response = httpx.request(method, f"{self.url}{path}", headers=bearer(key or self.admin_key), timeout=30,
                                 **kwargs)  # fmt: skip
        assert response.status_code < 300, response.text
        return response.json()

    def store(self, content: str, key: str | None = None, **fields: Any) -> str:
        return str(self.rest("POST", "/v1/memories", key, json={"content": content, **fields})["id"])


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    db = tmp_path_factory.mktemp("web") / "web.db"
    with serve(db, "--open") as (url, banner):
        s = Site(url, banner)
        s.db = db
        s.bob_key = s.rest("POST", "/v1/keys", json={"user": "bob", "name": "bob"})["key"]
        s.rest("POST", "/v1/teams", json={"name": "ops"})
        s.rest("POST", "/v1/teams/ops/members", json={"user": "owner"})
        s.ids["tea"] = s.store("Owner prefers green tea in the morning", type="preference")
        s.ids["hermes"] = s.store("The build server is called Hermes", source="github")
        s.ids["deploy"] = s.store("The deploy window is Friday afternoon", visibility="shared")
        s.ids["oncall"] = s.store("The ops on-call rotation changes every Monday", owner="team:ops",
                                  visibility="shared")  # fmt: skip
        s.ids["kalina"] = s.store("Kalina Ivanova owns the roadmap")
        s.ids["lina"] = s.store("Lina Ivanova wrote the spec")
        filler = [{"content": f"Shelf label {i:02d} marks box {i * 7}"} for i in range(55)]
        s.rest("POST", "/v1/memories/batch", json={"items": filler})
        s.ids["bob"] = s.store("Bob keeps his bike in the basement", key=s.bob_key)
        yield s


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1100, "height": 900})
    # every wait is for a page or element to appear: a bound for a hung page, not a duration (at load 20
    # a page the server computes for can take more than 15 s)
    ctx.set_default_timeout(120_000)
    yield ctx
    ctx.close()


def sign_in(context: Any, site: Site, key: str, user: str | None = None) -> Any:
    page = context.new_page()
    page.goto(f"{site.url}/")
    assert "/signin" in page.url
    page.get_by_label("API key").fill(key)
    if user:
        page.get_by_label("Act as user").fill(user)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"{site.url}/")
    return page


def cards(page: Any) -> list[str]:
    return [t.strip() for t in page.locator("#memory-list li.card a.content").all_inner_texts()]


def search(page: Any, text: str) -> None:
    page.get_by_label("Search memories").fill(text)
    page.get_by_role("button", name="Search", exact=True).click()
    page.wait_for_selector("text=best first")


def test_sign_in_session_cookie_and_sign_out(site: Site, context: Any) -> None:
    page = context.new_page()
    page.goto(f"{site.url}/signin")
    page.get_by_label("API key").fill("ml_" + "x" * 43)
    page.get_by_role("button", name="Sign in").click()
    assert "unknown or revoked API key" in page.locator(".error").inner_text()
    page = sign_in(context, site, site.admin_key)
    assert page.locator("header .who").inner_text().startswith("owner")
    cookie = next(c for c in context.cookies() if c["name"] == "memlane_session")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Strict"
    assert site.admin_key not in cookie["value"] and site.admin_key not in page.url
    assert page.evaluate("document.cookie") == ""  # HttpOnly: the page's scripts cannot read it
    page.get_by_role("button", name="Sign out").click()
    page.wait_for_url(re.compile(r"/signin"))
    page.goto(f"{site.url}/memories/{site.ids['tea']}")
    assert "/signin" in page.url  # the old session is gone on the server
    # the one-time link of `memlane serve --open`: signs in once, as the local user, then never again
    page.goto(site.link)
    page.wait_for_url(f"{site.url}/")
    assert page.locator("header .who").inner_text().startswith("owner") and "token" not in page.url
    other = context.browser.new_context()
    try:
        again = other.new_page()
        again.goto(site.link)
        assert "used already or has expired" in again.content()
    finally:
        other.close()


def test_search_filters_and_keyset_pages(site: Site, context: Any) -> None:
    page = sign_in(context, site, site.admin_key)
    expected = [m["content"] for m in site.rest("GET", "/v1/memories?limit=1000&space=*")["items"]]
    assert len(expected) > 60 and "Bob keeps his bike in the basement" not in expected
    assert cards(page) == expected[:50]  # newest first, a page of 50
    while page.get_by_role("link", name="More memories").count():  # keyset pages, appended in place
        shown = len(cards(page))
        page.get_by_role("link", name="More memories").click()
        page.locator("#memory-list li.card").nth(shown).wait_for()
    assert cards(page) == expected  # every memory once, in order
    search(page, "green tea")
    top = page.locator("#memory-list li.card").first
    assert "Owner prefers green tea" in top.inner_text()
    assert re.search(r"score 0\.\d\d", top.inner_text()) and "via " in top.inner_text()
    page.goto(f"{site.url}/?type=preference")
    assert cards(page) == ["Owner prefers green tea in the morning"]
    page.goto(f"{site.url}/")
    page.locator("summary", has_text="Filters").click()
    page.get_by_role("group", name="Scope").get_by_label("team").check()
    page.get_by_role("button", name="Apply filters").click()
    page.wait_for_url(re.compile(r"scope=team"))
    assert cards(page) == ["The ops on-call rotation changes every Monday"]
    page.goto(f"{site.url}/?source=github")
    assert cards(page) == ["The build server is called Hermes"]
    page.goto(f"{site.url}/?q=deploy&scope=workspace")
    assert cards(page) == ["The deploy window is Friday afternoon"]
    page.goto(f"{site.url}/?after=2000-01-01&before=2000-12-31")
    assert cards(page) == [] and "Nothing matches" in page.content()
    # the calendar's last day as "to" (inclusive: up to its end) failed with 500, the day after it being
    # past the year 9999
    for window in ("before=9999-12-31", "after=0001-01-01&before=9999-12-31"):
        page.goto(f"{site.url}/?{window}")
        assert any(c.startswith("Shelf label") for c in cards(page)), window
    page.goto(f"{site.url}/?after=9999-12-31&before=9999-12-31")
    assert cards(page) == [] and "Nothing matches" in page.content()
    page.goto(f"{site.url}/?notice=Your+key+expired,+enter+it+at+evil.example")
    assert page.locator(".notice").count() == 0  # a link cannot put words in the page
    page.goto(f"{site.url}/?after=yesterday-ish")
    assert "is not a date" in page.locator(".error").inner_text()


def test_archive_restore_edit_history_and_delete(site: Site, context: Any) -> None:
    mid = site.store("The coffee machine is on the third floor")
    page = sign_in(context, site, site.admin_key)
    page.goto(f"{site.url}/memories/{mid}")
    page.get_by_role("button", name="Archive").click()
    page.wait_for_selector("text=Archived.")
    assert page.locator(".badge.state-archived").count() == 1
    assert site.rest("GET", f"/v1/memories/{mid}")["state"] == "archived"
    page.goto(f"{site.url}/?state=archived")
    assert "The coffee machine is on the third floor" in cards(page)
    page.goto(f"{site.url}/memories/{mid}")
    page.get_by_role("button", name="Restore").click()
    page.wait_for_selector("text=Restored.")
    assert site.rest("GET", f"/v1/memories/{mid}")["state"] != "archived"
    page.get_by_role("link", name="Edit").click()
    page.wait_for_url(re.compile(r"/edit$"))
    page.get_by_label("Content").fill("The coffee machine is on the fourth floor")
    page.get_by_role("button", name="Save new version").click()
    page.wait_for_selector("text=Saved as a new version.")
    new_id = page.url.split("/memories/")[1].split("?")[0]
    assert new_id != mid
    history = page.locator("ol.history li").all_inner_texts()
    assert len(history) == 2 and "third floor" in history[0] and "fourth floor" in history[1]
    assert "current" in history[1]
    versions = site.rest("GET", f"/v1/memories/{mid}/history")["versions"]
    assert [v["id"] for v in versions] == [mid, new_id] and versions[-1]["source"] == "dashboard"
    page.get_by_role("link", name="Delete…").click()
    page.wait_for_url(re.compile(r"/delete$"))
    assert "2 versions" in page.locator("main").inner_text()
    page.get_by_role("link", name="Cancel").click()  # cancelling keeps it
    page.wait_for_url(re.compile(r"/memories/[^/]+$"))
    assert httpx.get(f"{site.url}/v1/memories/{new_id}", headers=bearer(site.admin_key)).status_code == 200
    page.get_by_role("link", name="Delete…").click()
    page.wait_for_url(re.compile(r"/delete$"))
    page.get_by_role("button", name="Delete for good").click()
    page.wait_for_selector("text=Deleted 1 memory (2 versions).")
    for gone in (mid, new_id):
        assert httpx.get(f"{site.url}/v1/memories/{gone}", headers=bearer(site.admin_key)).status_code == 404


def test_import_pasted_lines_shows_the_result(site: Site, context: Any) -> None:
    page = sign_in(context, site, site.admin_key)
    page.get_by_role("link", name="Import").click()
    page.wait_for_url(re.compile(r"/import$"))
    lines = [
        "I like hiking in the Alps",
        "I like hiking in the Alps",
        "My AWS key is AKIAIOSFODNN7EXAMPLE",
        "I am learning Portuguese",
    ]
    page.get_by_label("Or paste memories").fill("\n".join(lines))
    page.get_by_role("button", name="Import").click()
    page.wait_for_url(re.compile(r"/import/runs/[^/]+$"))
    page.wait_for_selector("text=imported,")
    status = page.locator(".result [role=status]").inner_text()
    assert re.search(r"2 imported, 1 duplicate skipped, 1 invalid", status), status
    assert page.locator(".result table tbody tr").count() == 1
    page.get_by_role("link", name="See the imported memories").click()
    page.wait_for_url(re.compile(r"source=imported"))
    assert set(cards(page)) == {"I am learning Portuguese", "I like hiking in the Alps"}
    # an uploaded export: bob's own memlane export, imported again by bob, is all duplicates
    exported = httpx.get(f"{site.url}/v1/memory/export", headers=bearer(site.bob_key), timeout=30).content
    bob = context.browser.new_context()
    page = sign_in(bob, site, site.bob_key)
    page.goto(f"{site.url}/import")
    page.get_by_label("Export file").set_input_files(
        {"name": "bob.jsonl", "mimeType": "application/x-ndjson", "buffer": exported}
    )
    page.get_by_label("Format").select_option("memlane")
    page.get_by_role("button", name="Import").click()
    page.wait_for_selector("text=imported,")
    status = page.locator(".result [role=status]").inner_text()
    assert status.startswith("From memlane: 0 imported,") and " 0 invalid" in status, status
    bob.close()


@contextmanager
def writer_held(db: Path) -> Iterator[None]:
    """Hold memlane's writers' lock on the server's database, as another memlane process writing would:
    the server's import waits for it, so the page can be seen mid-way without any timing."""
    fd = os.open(f"{db}-memlane-lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def test_a_big_import_runs_on_the_server_with_its_progress_polled(
    site: Site, context: Any, browser: Any
) -> None:
    """The upload returns at once to the import's page; the page polls the server for its progress
    (also after a reload) and then shows the result, kept on the import page's list afterwards."""
    assert site.db is not None
    lines = [f"Pallet {i} holds {i * 11} boxes of screws" for i in range(2_000)]
    lines += [lines[5], "My AWS key is AKIAIOSFODNN7EXAMPLE"]
    page = sign_in(context, site, site.admin_key)
    page.goto(f"{site.url}/import")
    polls: list[str] = []
    page.on(
        "request", lambda r: polls.append(r.url) if r.headers.get("hx-target") == "import-status" else None
    )
    page.get_by_label("Export file").set_input_files(
        {"name": "pallets.txt", "mimeType": "text/plain", "buffer": "\n".join(lines).encode()}
    )
    with writer_held(site.db):
        page.get_by_role("button", name="Import").click()
        page.wait_for_url(re.compile(r"/import/runs/[^/]+$"))
        run_path = page.url.removeprefix(site.url)
        page.wait_for_selector("text=Storing: 0 of 2001 items.")
        assert "1 duplicate in the file" in page.locator("#import-status").inner_text()
        assert page.locator("progress[aria-label='Import progress']").get_attribute("value") == "0"
        page.reload()  # the progress is the server's: a reload finds it
        page.wait_for_selector("text=Storing: 0 of 2001 items.")
        listed = context.new_page()
        listed.goto(f"{site.url}/import")
        assert "running (storing)" in listed.locator("#import-runs").inner_text()
        assert _axe(page) == []
        page.set_viewport_size({"width": 375, "height": 800})
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        if SCREENSHOTS:
            page.screenshot(path=str(Path(SCREENSHOTS) / "dashboard-import-progress-375.png"))
            page.set_viewport_size({"width": 1100, "height": 900})
            page.screenshot(path=str(Path(SCREENSHOTS) / "dashboard-import-progress.png"))
        page.set_viewport_size({"width": 1100, "height": 900})
    # released: the polled fragment turns into the result, without a reload
    page.wait_for_selector("text=imported,", timeout=120_000)
    assert any(u.endswith(run_path) for u in polls)
    status = page.locator("#import-status [role=status]").inner_text()
    assert re.search(r"2000 imported, 1 duplicate skipped, 1 invalid", status), status
    assert "AWS" in page.locator("#import-status table").inner_text()
    page.goto(f"{site.url}/import")
    assert "2000 imported, 1 duplicate, 1 invalid" in page.locator("#import-runs").inner_text()
    page.get_by_role("link", name="pallets.txt").first.click()
    page.wait_for_url(f"{site.url}{run_path}")
    assert "2000 imported" in page.locator("#import-status").inner_text()
    # the run is its user's: bob neither reads it nor sees it listed
    bob = browser.new_context()
    try:
        as_bob = sign_in(bob, site, site.bob_key)
        assert as_bob.goto(f"{site.url}{run_path}").status == 404
        as_bob.goto(f"{site.url}/import")
        assert "pallets.txt" not in as_bob.locator("main").inner_text()
    finally:
        bob.close()


def test_entities_merge_and_unmerge(site: Site, context: Any) -> None:
    page = sign_in(context, site, site.admin_key)
    page.get_by_role("link", name="Entities").click()
    page.wait_for_url(re.compile(r"/entities$"))
    page.get_by_label("Search entities by name or external id").fill("Lina Ivanova")
    page.get_by_role("button", name="Search").click()
    page.wait_for_url(re.compile(r"q=Lina"))
    page.get_by_role("link", name="Lina Ivanova").click()
    page.wait_for_url(re.compile(r"/entities/[^/?]+$"))
    lina = page.url.rsplit("/", 1)[1]
    assert "Lina Ivanova wrote the spec" in page.locator("main").inner_text()
    page.goto(f"{site.url}/entities?q=Kalina+Ivanova")
    page.get_by_role("link", name="Kalina Ivanova").click()
    page.wait_for_url(re.compile(r"/entities/[^/?]+$"))
    kalina = page.url.rsplit("/", 1)[1]
    page.get_by_label("Id of the entity to merge into Kalina Ivanova").fill(lina)
    page.get_by_role("button", name="Merge", exact=True).click()
    page.wait_for_selector("text=is now part of")
    merged = context.new_page()
    merged.goto(f"{site.url}/entities/{kalina}")
    text = merged.locator("main").inner_text()
    assert "Lina Ivanova" in merged.locator("dl.fields").inner_text()  # an alias now
    assert "Kalina Ivanova owns the roadmap" in text and "Lina Ivanova wrote the spec" in text
    assert merged.goto(f"{site.url}/entities/{lina}").status == 404  # folded into Kalina
    page.get_by_role("button", name="Undo this merge").click()
    page.wait_for_selector("text=Merge undone")
    page.goto(f"{site.url}/entities/{lina}")
    assert page.locator("h1").inner_text() == "Lina Ivanova"


def test_merge_history_and_undoing_an_older_merge(site: Site, context: Any, browser: Any) -> None:
    """Two merges into one entity; the history lists both (overall and per entity); the older one is
    undone through its confirmation page (Cancel first keeps it), and the entity keeps the crane memory
    the second merged entity also holds. Another user's history shows none of it."""
    site.store("Hugo Marsh and Ivo Marsh repaired the crane")
    site.store("Gus Marsh runs the crane")
    ids = {n: site.rest("GET", "/v1/entities/search", params={"q": n})["items"][0]["id"]
           for n in ("Gus Marsh", "Hugo Marsh", "Ivo Marsh")}  # fmt: skip
    first = site.rest(
        "POST", "/v1/entities/merge", json={"into": ids["Gus Marsh"], "merged": ids["Hugo Marsh"]}
    )
    second = site.rest(
        "POST", "/v1/entities/merge", json={"into": ids["Gus Marsh"], "merged": ids["Ivo Marsh"]}
    )
    page = sign_in(context, site, site.admin_key)
    page.goto(f"{site.url}/entities")
    page.get_by_role("link", name="Merge history").click()
    page.wait_for_url(re.compile(r"/entities/merges$"))
    listed = page.locator("#merge-history li.card").all_inner_texts()
    mine = [t for t in listed if "Marsh" in t]
    assert len(mine) == 2 and "Ivo Marsh merged into Gus Marsh" in mine[0], mine  # newest first
    assert "Hugo Marsh merged into Gus Marsh" in mine[1] and "in force" in mine[1]
    page.goto(f"{site.url}/entities/{ids['Gus Marsh']}")
    page.get_by_role("link", name="Merge history of Gus Marsh").click()
    page.wait_for_url(re.compile(r"/entities/merges\?entity="))
    assert page.locator("#merge-history li.card").count() == 2
    undo = page.get_by_role("link", name="Undo the merge of Hugo Marsh into Gus Marsh…")
    undo.click()
    page.wait_for_url(re.compile(rf"/entities/merges/{first['id']}/unmerge$"))
    assert "Undo a merge?" in page.locator("h1").inner_text()
    for name, path in (("unmerge", page.url.removeprefix(site.url)), ("merges", "/entities/merges")):
        shot = context.new_page()
        shot.goto(f"{site.url}{path}")
        assert _axe(shot) == [], name
        _screenshot(shot, f"dashboard-{name}.png")
        shot.set_viewport_size({"width": 375, "height": 800})
        assert shot.evaluate("document.documentElement.scrollWidth") <= 375, name
        _screenshot(shot, f"dashboard-{name}-375.png")
        shot.close()
    page.get_by_role("link", name="Cancel").click()  # cancelling keeps it
    page.wait_for_url(re.compile(r"/entities/merges$"))
    assert (
        httpx.get(f"{site.url}/v1/entities/{ids['Hugo Marsh']}", headers=bearer(site.admin_key)).status_code
        == 404
    )
    page.goto(f"{site.url}/entities/merges/{first['id']}/unmerge")
    page.keyboard.press("Tab")  # keyboard: the button is reachable and pressed with Enter
    page.get_by_role("button", name="Undo this merge").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("text=Merge undone")
    assert site.rest("GET", f"/v1/entities/{ids['Hugo Marsh']}")["name"] == "Hugo Marsh"
    crane = site.rest("GET", f"/v1/entities/{ids['Gus Marsh']}/memories")["items"]
    assert "Hugo Marsh and Ivo Marsh repaired the crane" in [m["content"] for m in crane]  # Ivo holds it too
    page.goto(f"{site.url}/entities/merges?entity={ids['Gus Marsh']}")
    cards_now = page.locator("#merge-history li.card").all_inner_texts()
    assert "undone" in cards_now[1] and "Undo…" not in cards_now[1] and "Undo…" in cards_now[0]
    # a used confirmation page says it is done, with no button
    page.goto(f"{site.url}/entities/merges/{first['id']}/unmerge")
    assert "It was undone" in page.locator("main").inner_text()
    assert page.get_by_role("button", name="Undo this merge").count() == 0
    bob = browser.new_context()
    try:
        as_bob = sign_in(bob, site, site.bob_key)
        as_bob.goto(f"{site.url}/entities/merges")
        assert "Marsh" not in as_bob.locator("main").inner_text()
        token = as_bob.locator("input[name=csrf_token]").first.get_attribute("value")
        assert as_bob.goto(f"{site.url}/entities/merges/{second['id']}/unmerge").status == 404
        refused = bob.request.post(
            f"{site.url}/entities/merges/{second['id']}/unmerge", form={"csrf_token": token}
        )
        assert refused.status == 404
    finally:
        bob.close()
    assert (
        httpx.get(f"{site.url}/v1/entities/{ids['Ivo Marsh']}", headers=bearer(site.admin_key)).status_code
        == 404
    )


def test_merge_history_pages_past_its_first_page(site: Site, context: Any) -> None:
    """More merges than a page holds (50): "Older merges" continues right after the first page's last
    one (keyset paging), and no merge is shown twice."""
    person = {"kind": "contact", "system": "pagingcrm", "visibility": "personal"}
    keep = site.rest("POST", "/v1/anchor", json={**person, "id": "keep", "name": "Pat Keeper"})["id"]
    made = []
    for i in range(52):
        twin = site.rest("POST", "/v1/anchor", json={**person, "id": f"t{i}", "name": f"Pat Twin{i:02d}"})
        made.append(site.rest("POST", "/v1/entities/merge", json={"into": keep, "merged": twin["id"]})["id"])
    page = sign_in(context, site, site.admin_key)
    page.goto(f"{site.url}/entities/merges?entity={keep}")
    first = page.locator("#merge-history code.id").all_inner_texts()
    assert first == made[::-1][:50]
    page.get_by_role("link", name="Older merges").click()
    page.wait_for_url(re.compile(r"/entities/merges\?entity=.*&cursor="))
    assert page.locator("#merge-history code.id").all_inner_texts() == made[::-1][50:]
    assert page.get_by_role("link", name="Older merges").count() == 0


def test_entity_page_shows_external_ids_edges_and_search_by_id(site: Site, context: Any) -> None:
    contact = {"kind": "contact", "system": "hubspot", "id": "777", "name": "Rosa Diaz",
               "email": "rosa@initech.example", "company": "Initech"}  # fmt: skip
    rosa = site.rest("POST", "/v1/anchor", json=contact)
    page = sign_in(context, site, site.admin_key)
    page.goto(f"{site.url}/entities?q=hubspot:777")
    page.get_by_role("link", name="Rosa Diaz").click()
    page.wait_for_url(f"{site.url}/entities/{rosa['id']}")
    fields = page.locator("dl.fields").inner_text()
    assert "hubspot:777" in fields and "email:rosa@initech.example" in fields
    assert page.locator("ul.edges li").inner_text().split() == ["Rosa", "Diaz", "works_at", "Initech"]
    page.get_by_role("link", name="Initech").click()
    page.wait_for_url(re.compile(r"/entities/(?!" + rosa["id"] + ")"))
    assert page.locator("h1").inner_text() == "Initech"
    # the list pages by keyset, newest first: every entity once
    page.goto(f"{site.url}/entities?type=person")
    people = page.locator("ul.cards a.content").all_inner_texts()
    assert "Rosa Diaz" in people and len(people) == len(set(people))


def test_provenance_links_to_the_conversation(site: Site, context: Any) -> None:
    messages = [{"role": "user", "text": "I prefer window seats on long flights", "user": "owner"},
                {"role": "assistant", "text": "Noted, window seats from now on."}]  # fmt: skip
    site.rest("POST", "/v1/conversations/trip-42/messages", json={"messages": messages})
    report = site.rest("POST", "/v1/extract", json={"conversation_id": "trip-42"})
    (added,) = report["added"]
    page = sign_in(context, site, site.admin_key)
    page.goto(f"{site.url}/memories/{added['id']}")
    page.get_by_role("link", name="conversation trip-42").click()
    page.wait_for_url(f"{site.url}/conversations/trip-42")
    said = page.locator("ol.conversation").inner_text()
    assert "I prefer window seats on long flights" in said and "Noted, window seats" in said


def test_a_revoked_key_signs_its_sessions_out(site: Site, context: Any) -> None:
    carol = site.rest("POST", "/v1/keys", json={"user": "carol", "name": "carol"})
    page = sign_in(context, site, carol["key"])
    assert page.locator("header .who").inner_text().startswith("carol")
    site.rest("DELETE", f"/v1/keys/{carol['id']}")
    page.goto(f"{site.url}/")
    assert "/signin" in page.url
    page.goto(f"{site.url}/signin?next=https://evil.example/")  # never sent elsewhere after signing in
    page.get_by_label("API key").fill(site.bob_key)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"{site.url}/")


def test_sessions_survive_a_restart_and_two_servers_share_them(browser: Any, tmp_path: Path) -> None:
    """Sessions are in the database: a second server on it knows the browser, signing out on one ends
    the session on both, and a restarted server keeps the browser signed in (cookies do not depend on
    the port, so one browser talks to all three like to servers behind one load balancer). The first is
    a real ``memlane serve``; the second and the restarted one serve its app in this process, each on a
    service of its own (servers.another_server)."""
    db = tmp_path / "sessions.db"
    ctx = browser.new_context()
    try:
        with serve(db) as (first, banner):
            page = ctx.new_page()
            page.goto(f"{first}/signin")
            page.get_by_label("API key").fill(banner["admin_key"])
            page.get_by_role("button", name="Sign in").click()
            page.wait_for_url(f"{first}/")
            with another_server(db) as second:
                page.goto(f"{second}/import")
                assert page.url == f"{second}/import"  # signed in there too
                page.get_by_role("button", name="Sign out").click()
                page.wait_for_url(re.compile(r"/signin"))
            page.goto(f"{first}/")
            assert "/signin" in page.url  # signed out everywhere
            page.get_by_label("API key").fill(banner["admin_key"])
            page.get_by_role("button", name="Sign in").click()
            page.wait_for_url(f"{first}/")
        with another_server(db) as restarted:
            page.goto(f"{restarted}/import")
            assert page.url == f"{restarted}/import"  # the restart kept the session
            assert page.locator("header .who").count() == 1
    finally:
        ctx.close()


def test_csrf_refusals(site: Site, context: Any) -> None:
    page = sign_in(context, site, site.admin_key)
    mid = site.ids["hermes"]
    # a POST with the session cookie but no token (what a forged request has): refused, nothing changes
    refused = context.request.post(f"{site.url}/memories/{mid}/archive", form={"x": "1"})
    assert refused.status == 403 and "CSRF" in refused.text()
    refused = context.request.post(f"{site.url}/memories/{mid}/archive", form={"csrf_token": "forged"})
    assert refused.status == 403
    # a real form whose token was tampered with
    page.goto(f"{site.url}/memories/{mid}")
    page.evaluate("document.querySelectorAll('input[name=csrf_token]').forEach(i => i.value = 'stale')")
    page.evaluate("document.body.removeAttribute('hx-headers')")
    page.get_by_role("button", name="Archive").click()
    page.wait_for_selector("text=CSRF check failed")
    # a form on another site: SameSite=Strict keeps the session cookie home, so it is not signed in
    evil = context.new_page()
    evil.set_content(
        f'<form method="post" action="{site.url}/memories/{mid}/archive"><button>go</button></form>'
    )
    evil.click("button")
    evil.wait_for_load_state()
    assert "/signin" in evil.url
    assert site.rest("GET", f"/v1/memories/{mid}")["state"] != "archived"
    # what the pages cannot take is a page too, with the status the REST API would give
    missing = context.request.get(f"{site.url}/memories/{mid}/nothing-here")
    assert missing.status == 404 and "no such page" in missing.text() and "<html" in missing.text()
    page.goto(f"{site.url}/memories/{mid}/edit")
    token = page.locator("input[name=csrf_token]").first.get_attribute("value")
    unreadable = context.request.post(f"{site.url}/memories/{mid}/edit", form={"csrf_token": token})
    assert unreadable.status == 422 and "could not be read" in unreadable.text()


def test_a_second_user_sees_nothing_of_the_firsts(site: Site, context: Any) -> None:
    page = sign_in(context, site, site.bob_key)
    assert page.locator("header .who").inner_text().startswith("bob")
    mine = cards(page)
    assert "Bob keeps his bike in the basement" in mine
    assert not any("Owner" in c or "Hermes" in c or "Shelf label" in c or "on-call" in c for c in mine)
    page.goto(f"{site.url}/?q=green+tea")
    assert cards(page) == []
    response = page.goto(f"{site.url}/memories/{site.ids['tea']}")
    assert response.status == 404 and "Green tea" not in page.content()
    page.goto(f"{site.url}/entities?q=Kalina+Ivanova")
    assert "Kalina" not in page.locator("main ul").all_inner_texts().__str__()
    assert page.goto(f"{site.url}/reindex").status == 403  # not an admin key
    # an admin key may act as another user, and then sees what that user sees
    other = context.browser.new_context()
    try:
        as_bob = sign_in(other, site, site.admin_key, user="bob")
        assert "Bob keeps his bike in the basement" in cards(as_bob)
        assert "Owner prefers green tea in the morning" not in cards(as_bob)
    finally:
        other.close()


def test_reindex_shows_progress_to_the_end(site: Site, context: Any) -> None:
    page = sign_in(context, site, site.admin_key)
    page.get_by_role("link", name="Re-index").click()
    page.wait_for_url(re.compile(r"/reindex$"))
    page.get_by_label("Also rebuild the keyword and entity indexes").check()
    page.get_by_role("button", name="Re-index now").click()
    page.wait_for_selector("text=Done:", timeout=60_000)
    assert re.search(r"Done: 0 embedded, \d+ re-keyed", page.locator("#reindex-status").inner_text())


def test_profiles_and_jobs_page(site: Site, context: Any, browser: Any) -> None:
    """A profile made over REST: its settings, "Run now" (a recorded run and the log's count), enable and
    disable; what a non-admin key and another workspace's admin see; "Consolidate now" with its preview."""
    made = site.rest("POST", "/v1/profiles", json={"name": "travel", "types": ["preference"], "refresh": "1d",
                                                   "expire_after": "90 days"})  # fmt: skip
    said = [{"role": "user", "text": "I prefer aisle seats on night trains", "user": "owner"}]
    site.rest("POST", "/v1/conversations/rail-7/messages", json={"messages": said})
    page = sign_in(context, site, site.admin_key)
    page.get_by_role("link", name="Profiles and jobs").click()
    page.wait_for_url(re.compile(r"/profiles$"))
    card = page.locator("#profile-list li.card", has_text="travel")
    assert "disabled" in card.inner_text() and "every 1 day" in card.inner_text()
    card.get_by_role("link", name="travel").click()
    page.wait_for_url(f"{site.url}/profiles/{made['id']}")
    fields = page.locator("dl.fields").inner_text()
    assert "preference" in fields and "90 days" in fields and "never" in fields
    assert "No runs yet." in page.locator("main").inner_text()
    page.get_by_role("button", name="Run now").click()
    page.wait_for_selector("text=Ran now")
    runs = page.locator("#runs tbody tr").all_inner_texts()
    assert len(runs) == 1 and "succeeded" in runs[0] and "1 added" in runs[0], runs
    assert page.locator("#log tbody tr").first.inner_text().split("\t")[1:] == ["swept", "1"]
    (recorded,) = site.rest("GET", f"/v1/jobs/sweep:{made['id']}")["runs"]
    assert recorded["status"] == "succeeded" and recorded["detail"]["added"] == 1
    page.get_by_role("button", name="Enable").click()
    page.wait_for_selector("text=Enabled: its sweep runs on schedule.")
    assert page.locator("#profile-state").inner_text() == "enabled"
    assert site.rest("GET", "/v1/profiles/travel")["enabled"] is True
    page.get_by_role("button", name="Disable").click()
    page.wait_for_selector("text=Disabled: no new sweep starts.")
    assert page.locator("#profile-state").inner_text() == "disabled"
    assert site.rest("GET", "/v1/profiles/travel")["enabled"] is False
    # a key that is not an admin: the settings (docs/api.md), but no runs, no log, no buttons; refused
    bob = browser.new_context()
    try:
        as_bob = sign_in(bob, site, site.bob_key)
        as_bob.goto(f"{site.url}/profiles/{made['id']}")
        text = as_bob.locator("main").inner_text()
        assert "added" not in text and as_bob.locator("#runs, #log").count() == 0
        assert as_bob.get_by_role("button", name="Run now").count() == 0
        token = as_bob.locator("input[name=csrf_token]").first.get_attribute("value")
        for action in ("enable", "run"):
            refused = bob.request.post(
                f"{site.url}/profiles/{made['id']}/{action}", form={"csrf_token": token}
            )
            assert refused.status == 403 and "only an admin" in refused.text()
        assert site.rest("GET", "/v1/profiles/travel")["enabled"] is False
        assert len(site.rest("GET", f"/v1/jobs/sweep:{made['id']}")["runs"]) == 1
        # consolidation as bob: only what bob may change, so nothing of the owner's near-duplicates
        walks = [site.store("Owner likes long walks by the river"),
                 site.store("Owner enjoys long walks by the river")]  # fmt: skip
        as_bob.goto(f"{site.url}/consolidate")
        assert "would be merged into 0" in as_bob.locator("#consolidation-summary").inner_text()
        assert "long walks" not in as_bob.locator("main").inner_text()
    finally:
        bob.close()
    # an admin of another workspace sees none of this workspace's profiles
    assert site.db is not None
    other_key = json.loads(
        in_process(site.db, "keys", "create", "--admin", "--workspace", "elsewhere", "--json").stdout
    )
    other = browser.new_context()
    try:
        elsewhere = sign_in(other, site, other_key["key"], user="eve")
        elsewhere.goto(f"{site.url}/profiles")
        assert "No profiles in this workspace yet" in elsewhere.locator("main").inner_text()
        assert elsewhere.goto(f"{site.url}/profiles/{made['id']}").status == 404
    finally:
        other.close()
    # "Consolidate now": the preview first (nothing changes), then the merge, then undo
    page.goto(f"{site.url}/profiles")
    page.get_by_role("link", name="Consolidate now…").click()
    page.wait_for_url(re.compile(r"/consolidate$"))
    cluster = page.locator("#clusters li.card", has_text="long walks by the river")
    assert "would merge 2" in cluster.inner_text()
    assert all(site.rest("GET", f"/v1/memories/{m}")["superseded_by"] is None for m in walks)
    pages = {"profiles": "/profiles", "profile": f"/profiles/{made['id']}", "consolidate": "/consolidate"}
    for name, path in pages.items():  # axe, 375 px and the screenshots of docs/dashboard.md
        page.goto(f"{site.url}{path}")
        assert _axe(page) == [], name
        _screenshot(page, f"dashboard-{name}.png")
        page.set_viewport_size({"width": 375, "height": 800})
        assert page.evaluate("document.documentElement.scrollWidth") <= 375, name
        _screenshot(page, f"dashboard-{name}-375.png")
        page.set_viewport_size({"width": 1100, "height": 900})
    page.get_by_role("button", name="Consolidate now").click()
    page.wait_for_selector("text=Consolidated")
    merged = page.locator("#clusters li.card", has_text="long walks by the river")
    assert "merged 2" in merged.inner_text()
    merged.get_by_role("button", name="Undo").click()
    page.wait_for_selector("text=Consolidation undone")
    assert "2 memories are current again" in page.locator("#consolidation-summary").inner_text()
    assert all(site.rest("GET", f"/v1/memories/{m}")["superseded_by"] is None for m in walks)
    # a whole run in one step: consolidate again, then undo the run (its memories and entity folds)
    page.goto(f"{site.url}/consolidate")
    page.get_by_role("button", name="Consolidate now").click()
    page.wait_for_selector("text=Consolidated")
    assert all(site.rest("GET", f"/v1/memories/{m}")["superseded_by"] is not None for m in walks)
    page.get_by_role("button", name="Undo this whole run").click()
    page.wait_for_selector("text=Consolidation undone")
    assert "current again" in page.locator("#consolidation-summary").inner_text()
    assert all(site.rest("GET", f"/v1/memories/{m}")["superseded_by"] is None for m in walks)


def test_profile_edit_and_delete(site: Site, context: Any, browser: Any) -> None:
    """Edit a profile's settings (a refused value shows the form again with what was typed); delete it
    after its dry run says how many memories go with it (Cancel keeps it); a non-admin key is refused."""
    made = site.rest(
        "POST", "/v1/profiles", json={"name": "reading", "types": ["preference"], "refresh": "1d"}
    )
    said = [{"role": "user", "text": "I prefer paperbacks to e-books", "user": "owner"}]
    site.rest("POST", "/v1/conversations/books-1/messages", json={"messages": said})
    # what the travel profile also holds when its test ran first on this server (under -n 2 it may not
    # have): this profile keeps its own copy either way
    aisle = [{"role": "user", "text": "I prefer aisle seats on night trains", "user": "owner"}]
    site.rest("POST", "/v1/conversations/rail-8/messages", json={"messages": aisle})
    page = sign_in(context, site, site.admin_key)
    page.goto(f"{site.url}/profiles/{made['id']}")
    page.get_by_role("link", name="Edit settings").click()
    page.wait_for_url(re.compile(r"/edit$"))
    page.get_by_label("fact", exact=True).check()
    page.get_by_label("Refresh").fill("soon")
    page.get_by_role("button", name="Save settings").click()
    page.wait_for_selector("#form-error")
    assert "refresh" in page.locator("#form-error").inner_text()
    assert (
        page.get_by_label("Refresh").input_value() == "soon"
        and page.get_by_label("fact", exact=True).is_checked()
    )
    assert site.rest("GET", "/v1/profiles/reading")["refresh_minutes"] == 1440  # nothing saved
    page.get_by_label("Refresh").fill("2h")
    page.get_by_label("Expire after").fill("30 days")
    page.get_by_role("button", name="Save settings").click()
    page.wait_for_selector("text=Saved: the new settings apply")
    saved = site.rest("GET", "/v1/profiles/reading")
    assert saved["refresh_minutes"] == 120 and saved["expire_after"] == "30 days"
    assert set(saved["types"]) == {"fact", "preference"}
    assert "every 2 h" in page.locator("dl.fields").inner_text()
    site.rest("POST", f"/v1/jobs/sweep:{made['id']}/run")
    written = site.rest("GET", "/v1/memories", params={"q": "", "limit": 1000, "space": "*"})["items"]
    (paperbacks,) = [m for m in written if "paperbacks" in m["content"]]
    for name, path in (
        ("profile-edit", f"/profiles/{made['id']}/edit"),
        ("profile-delete", f"/profiles/{made['id']}/delete"),
    ):
        page.goto(f"{site.url}{path}")
        assert _axe(page) == [], name
        _screenshot(page, f"dashboard-{name}.png")
        page.set_viewport_size({"width": 375, "height": 800})
        assert page.evaluate("document.documentElement.scrollWidth") <= 375, name
        _screenshot(page, f"dashboard-{name}-375.png")
        page.set_viewport_size({"width": 1100, "height": 900})
    bob = browser.new_context()
    try:
        as_bob = sign_in(bob, site, site.bob_key)
        token = as_bob.locator("input[name=csrf_token]").first.get_attribute("value")
        assert as_bob.goto(f"{site.url}/profiles/{made['id']}/delete").status == 403  # even the dry run
        for action in ("delete", "edit"):
            refused = bob.request.post(f"{site.url}/profiles/{made['id']}/{action}",
                                       form={"csrf_token": token, "refresh": "5m"})  # fmt: skip
            assert refused.status == 403, action
        as_bob.goto(f"{site.url}/profiles/{made['id']}")
        assert as_bob.get_by_role("link", name="Edit settings").count() == 0
    finally:
        bob.close()
    page.goto(f"{site.url}/profiles/{made['id']}")
    page.get_by_role("link", name="Delete…").click()
    page.wait_for_url(re.compile(r"/delete$"))
    # paperbacks, and the aisle seats the travel profile also holds (each profile keeps its own set)
    assert "deletes the 2 memories it wrote" in page.locator("#delete-preview").inner_text()
    page.get_by_role("link", name="Cancel").click()
    page.wait_for_url(f"{site.url}/profiles/{made['id']}")
    assert site.rest("GET", "/v1/profiles/reading")["id"] == made["id"]
    page.get_by_role("link", name="Delete…").click()
    page.wait_for_url(re.compile(r"/delete$"))
    page.get_by_role("button", name="Delete the profile and 2 memories").click()
    page.wait_for_url(re.compile(r"/profiles\?"))
    assert page.locator(".notice").inner_text() == "Deleted profile 'reading' and 2 memories it wrote."
    assert "reading" not in page.locator("main").inner_text().replace("Deleted profile 'reading'", "")
    gone = httpx.get(f"{site.url}/v1/profiles/reading", headers=bearer(site.admin_key))
    assert gone.status_code == 404
    assert (
        httpx.get(f"{site.url}/v1/memories/{paperbacks['id']}", headers=bearer(site.admin_key)).status_code
        == 404
    )


def _screenshot(page: Any, name: str) -> None:
    """The page as docs/dashboard.md shows it, written only when asked for (MEMLANE_SCREENSHOTS): nothing
    looks at it otherwise (a screenshot is ~0.1 s of the browser's CPU)."""
    if SCREENSHOTS:
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SCREENSHOTS) / name), full_page=False)


def _axe(page: Any) -> list[dict[str, Any]]:
    page.evaluate(AXE.read_text(encoding="utf-8"))  # evaluate: not an inline script, so the CSP allows it
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [v for v in result["violations"] if v["impact"] in ("serious", "critical")]


def test_every_page_is_accessible_keyboard_usable_and_fits_375px(site: Site, browser: Any) -> None:
    pages = {
        "signin": "/signin",
        "memories": "/",
        "search": "/?q=build+server",
        "memory": f"/memories/{site.ids['hermes']}",
        "delete": f"/memories/{site.ids['hermes']}/delete",
        "edit": f"/memories/{site.ids['hermes']}/edit",
        "entities": "/entities",
        "import": "/import",
        "reindex": "/reindex",
    }
    for width in (1100, 375):
        ctx = browser.new_context(viewport={"width": width, "height": 800})
        requested: list[str] = []
        ctx.on("request", lambda request, seen=requested: seen.append(request.url))
        try:
            page = sign_in(ctx, site, site.admin_key)
            page.goto(f"{site.url}/entities?q=Kalina+Ivanova")
            page.get_by_role("link", name="Kalina Ivanova").click()
            page.wait_for_url(re.compile(r"/entities/[^/?]+$"))
            pages["entity"] = page.url.removeprefix(site.url)
            for name, path in pages.items():
                if name == "signin":
                    fresh = browser.new_context(viewport={"width": width, "height": 800})
                    target = fresh.new_page()
                else:
                    fresh, target = None, page
                target.goto(f"{site.url}{path}")
                assert target.evaluate("document.documentElement.scrollWidth") <= width, (name, width)
                if width != 375:  # axe once per page (its rules do not depend on the width)
                    assert _axe(target) == [], name
                _screenshot(target, f"dashboard-{name}{'-375' if width == 375 else ''}.png")
                if fresh is not None:
                    fresh.close()
            # keyboard: the first Tab reaches the skip link, focus is visible, "/" jumps to the search box
            page.goto(f"{site.url}/")
            page.keyboard.press("Tab")
            assert page.evaluate("document.activeElement.className") == "skip"
            outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
            assert outline not in ("", "none")
            page.keyboard.press("Enter")
            page.keyboard.press("/")
            assert page.evaluate("document.activeElement.id") == "q"
            page.keyboard.type("Hermes")
            page.keyboard.press("Enter")
            page.wait_for_selector("text=best first")
            assert "The build server is called Hermes" in cards(page)
            # offline: every script, stylesheet and page came from this server (no CDN)
            assert requested and all(u.startswith(site.url) or u.startswith("data:") for u in requested)
            assert any(u.endswith("/static/htmx.min.js") for u in requested)
        finally:
            ctx.close()


def test_back_after_signing_out_shows_nothing_of_the_previous_user(site: Site, context: Any) -> None:
    """htmx kept every boosted page in the tab's sessionStorage and put it back on Back, without asking the
    server: once signed out, and another user signed in on the same tab, Back showed the first user's
    memories. Now nothing is kept (the pages are ``no-store`` too) and Back loads the page again."""
    page = sign_in(context, site, site.admin_key)
    page.get_by_role("link", name="Entities").click()
    page.wait_for_url(re.compile(r"/entities$"))
    page.get_by_role("link", name="Memories").click()
    page.wait_for_url(f"{site.url}/")
    page.get_by_role("button", name="Sign out").click()
    page.wait_for_url(re.compile(r"/signin"))
    page.get_by_label("API key").fill(site.bob_key)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"{site.url}/")
    bobs = cards(page)
    assert page.evaluate("sessionStorage.getItem('htmx-history-cache')") is None  # no copy of a page kept
    page.go_back()  # the sign-in page
    page.go_back()  # the owner's memory list, where htmx put back its copy
    who = "(document.querySelector('header .who') || {innerText: ''}).innerText"
    page.wait_for_function(f"{who}.startsWith('owner') || {who}.startsWith('bob')")
    assert page.evaluate(who).startswith("bob") and cards(page) == bobs


def test_long_unbroken_text_does_not_scroll_sideways_at_375px(site: Site, browser: Any) -> None:
    """A memory that is one long URL, and a search for a long word: the memory's history and the search's
    summary wrapped nowhere, so the page scrolled sideways at 375 px (the history 573 px wide)."""
    long_url = "https://docs.example.com/" + "-".join(["architecture"] * 12) + ".html"
    mid = site.store(f"The design doc lives at {long_url}")
    ctx = browser.new_context(viewport={"width": 375, "height": 800})
    try:
        page = sign_in(ctx, site, site.admin_key)
        for path in (f"/memories/{mid}", "/?q=" + "y" * 300):
            page.goto(f"{site.url}{path}")
            assert page.evaluate("document.documentElement.scrollWidth") <= 375, path
    finally:
        ctx.close()
