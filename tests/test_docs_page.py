"""``/docs`` works offline: every script, stylesheet and icon the Swagger UI page loads is served by
memlane itself (from the ``fastapi-offline`` package), none from a CDN, and without an API key."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import httpx

from servers import make_stack, running


class _Assets(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        wanted = {"script": "src", "link": "href", "img": "src"}.get(tag)
        for name, value in attrs:
            if name == wanted and value:
                self.urls.append(value)


def test_swagger_ui_assets_come_from_the_server_itself(tmp_path: Path) -> None:
    stack = make_stack(tmp_path / "docs.db")
    with running(stack.app()) as url:
        page = httpx.get(f"{url}/docs")
        assert page.status_code == 200 and "swagger" in page.text.lower()
        parser = _Assets()
        parser.feed(page.text)
        assert any(u.endswith(".js") for u in parser.urls) and any(u.endswith(".css") for u in parser.urls)
        for asset in parser.urls:
            absolute = urljoin(f"{url}/docs", asset)
            assert urlsplit(absolute).netloc == urlsplit(url).netloc, asset  # nothing from elsewhere
            got = httpx.get(absolute)  # no key: the page must load for anyone who may see /openapi.json
            assert got.status_code == 200 and len(got.content) > 1000, asset
        assert "/openapi.json" in page.text
        assert httpx.get(f"{url}/openapi.json").status_code == 200
    stack.mem.close()
