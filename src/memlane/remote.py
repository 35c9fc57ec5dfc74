"""``RemoteMemlane``: the SDK's methods and result types over HTTP, against ``memlane serve``.

    from memlane import Memlane
    m = Memlane.connect("http://127.0.0.1:8420", api_key="ml_…")
    m.store("the wombat likes tea", source="my-agent")
    hits = m.recall("wombat")                      # [Hit(...)], exactly as the embedded Memlane returns

Errors come back as the same exception classes (``{"error": {"code": …}}`` is mapped by its code), so
code written against the embedded SDK handles a server's failures unchanged.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import Any
from urllib.parse import quote

import httpx
from pydantic_core import to_jsonable_python

from .errors import ERRORS_BY_CODE, ConfigError, InvalidInput, MemlaneError, StorageError
from .models import ForgetResult, Hit, Memory, ReindexResult, StoreResult

__all__ = ["RemoteMemlane", "error_from_response"]

_BY_CODE: dict[str, type[MemlaneError]] = dict(ERRORS_BY_CODE)
# The HTTP layer's own codes, mapped to the class the embedded SDK would raise for the same mistake.
_BY_CODE.update(invalid_json=InvalidInput, payload_too_large=InvalidInput, unsupported_media_type=InvalidInput,
                method_not_allowed=ConfigError, internal_error=MemlaneError)  # fmt: skip


def error_from_response(response: httpx.Response) -> MemlaneError:
    """The memlane exception for an error response (its stable ``code``, not its text, picks the class)."""
    try:
        error = response.json()["error"]
        code, message = str(error["code"]), str(error["message"])
    except (ValueError, KeyError, TypeError):
        return MemlaneError(f"HTTP {response.status_code} from {response.request.url}: {response.text[:200]}")
    if code == "unknown_route":
        return ConfigError(f"{response.request.url} is not a memlane API endpoint (is the server URL right?)")
    return _BY_CODE.get(code, MemlaneError)(message)


class RemoteMemlane:
    """A memlane server's memory, with the embedded ``Memlane``'s methods. ``user`` names the acting user
    (sent as ``X-Memlane-User``; needed only with keys that are not bound to a user); ``space`` is the
    default space of every call."""

    def __init__(
        self,
        url: str,
        *,
        api_key: str | None = None,
        user: str | None = None,
        space: str | None = None,
        timeout: float = 30.0,
        environ: Mapping[str, str] | None = None,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        env = os.environ if environ is None else environ
        key = api_key or env.get("MEMLANE_API_KEY")
        if not key:
            raise ConfigError("an API key is needed to connect: pass api_key= or set MEMLANE_API_KEY")
        if not url.startswith(("http://", "https://")):
            raise ConfigError(f"{url!r} is not an http(s) URL")
        self.url = url.rstrip("/")
        self.user = user
        self.space = space
        self._http = httpx.Client(base_url=self.url, timeout=timeout, transport=transport,
                                  headers={"Authorization": f"Bearer {key}", "User-Agent": "memlane-remote"})  # fmt: skip

    # -- plumbing -------------------------------------------------------------------------------------

    def _call(self, method: str, path: str, *, user: str | None = None, json: Any = None,
              params: Any = None) -> Any:  # fmt: skip
        acting = user or self.user
        headers = {"X-Memlane-User": acting} if acting else None
        try:
            response = self._http.request(method, path, json=to_jsonable_python(json) if json is not None else None,
                                          params=params, headers=headers)  # fmt: skip
        except httpx.TimeoutException as exc:
            raise StorageError(f"the memlane server at {self.url} did not answer in time: {exc}") from exc
        except httpx.TransportError as exc:
            raise StorageError(f"cannot reach the memlane server at {self.url}: {exc}") from exc
        if response.status_code >= 400:
            raise error_from_response(response)
        return response.json()

    def _space(self, space: str | None) -> str | None:
        return space if space is not None else self.space

    @staticmethod
    def _given(**fields: Any) -> dict[str, Any]:
        return {k: v for k, v in fields.items() if v is not None}

    # -- the SDK's methods ----------------------------------------------------------------------------

    def store(
        self, content: str, *, user: str | None = None, space: str | None = None, source: str | None = None,
        **fields: Any,
    ) -> StoreResult:  # fmt: skip
        body = {"content": content, **self._given(space=self._space(space), source=source, **fields)}
        return StoreResult.model_validate(self._call("POST", "/v1/memories", user=user, json=body))

    def store_many(
        self, items: Iterable[Mapping[str, Any] | str], *, user: str | None = None, space: str | None = None,
        source: str | None = None, **defaults: Any,
    ) -> list[StoreResult]:  # fmt: skip
        body = {
            "items": [{"content": i} if isinstance(i, str) else dict(i) for i in items],
            "defaults": self._given(space=self._space(space), source=source, **defaults),
        }
        data = self._call("POST", "/v1/memories/batch", user=user, json=body)
        return [StoreResult.model_validate(r) for r in data["results"]]

    def recall(
        self, query: str, *, limit: int = 10, user: str | None = None, space: str | None = None,
        include_history: bool = False, **filters: Any,
    ) -> list[Hit]:  # fmt: skip
        body = {"query": query, "limit": limit, "include_history": include_history,
                **self._given(space=self._space(space), **filters)}  # fmt: skip
        return [Hit.model_validate(h) for h in self._call("POST", "/v1/recall", user=user, json=body)["hits"]]

    def search(
        self, query: str, *, limit: int = 10, min_score: float = 0.0, user: str | None = None,
        space: str | None = None, **filters: Any,
    ) -> list[Hit]:  # fmt: skip
        body = {"query": query, "limit": limit, "min_score": min_score,
                **self._given(space=self._space(space), **filters)}  # fmt: skip
        return [Hit.model_validate(h) for h in self._call("POST", "/v1/search", user=user, json=body)["hits"]]

    def forget(
        self, memory_id: str | None = None, *, query: str | None = None, dry_run: bool = False,
        user: str | None = None, space: str | None = None, min_score: float | None = None,
    ) -> ForgetResult:  # fmt: skip
        body = {"dry_run": dry_run, **self._given(id=memory_id, query=query, space=self._space(space),
                                                   min_score=min_score)}  # fmt: skip
        return ForgetResult.model_validate(self._call("POST", "/v1/forget", user=user, json=body))

    def list_recent(
        self, limit: int = 20, *, offset: int = 0, user: str | None = None, space: str | None = None,
        types: Iterable[str] = (), sources: Iterable[str] = (), states: Iterable[str] = (),
        include_history: bool = False, subject: str | None = None, related_user: str | None = None,
    ) -> list[Memory]:  # fmt: skip
        params: dict[str, Any] = self._given(
            limit=limit, offset=offset, space=self._space(space), subject=subject, related_user=related_user,
            include_history=str(include_history).lower(), type=[str(t) for t in types] or None,
            source=list(sources) or None, state=[str(s) for s in states] or None,
        )  # fmt: skip
        data = self._call("GET", "/v1/memories", user=user, params=params)
        return [Memory.model_validate(m) for m in data["items"]]

    def history(self, memory_id: str, *, user: str | None = None) -> list[Memory]:
        data = self._call("GET", f"/v1/memories/{_segment(memory_id)}/history", user=user)
        return [Memory.model_validate(m) for m in data["versions"]]

    def get(self, memory_id: str, *, user: str | None = None) -> Memory:
        return Memory.model_validate(self._call("GET", f"/v1/memories/{_segment(memory_id)}", user=user))

    def archive(self, memory_id: str, *, user: str | None = None) -> Memory:
        path = f"/v1/memories/{_segment(memory_id)}/archive"
        return Memory.model_validate(self._call("POST", path, user=user))

    def restore(self, memory_id: str, *, user: str | None = None) -> Memory:
        path = f"/v1/memories/{_segment(memory_id)}/restore"
        return Memory.model_validate(self._call("POST", path, user=user))

    def reindex(self, *, keys: bool = False) -> ReindexResult:
        data = self._call("POST", "/v1/reindex", params={"keys": str(keys).lower()})
        return ReindexResult.model_validate(data)

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> RemoteMemlane:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _segment(value: str) -> str:
    """An id as one URL path segment (an id with '/' or '?' must not change the route)."""
    if not value or not value.strip():
        raise InvalidInput("an id is required")
    return quote(value, safe="")
