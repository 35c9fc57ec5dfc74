"""``RemoteMemlane`` and ``AsyncRemoteMemlane``: the SDK's methods and result types over HTTP, against
``memlane serve``.

    from memlane import AsyncMemlane, Memlane
    m = Memlane.connect("http://127.0.0.1:8420", api_key="ml_…")
    m.store("the wombat likes tea", source="my-agent")
    hits = m.recall("wombat")                      # [Hit(...)], exactly as the embedded Memlane returns

    async with AsyncMemlane.connect("http://127.0.0.1:8420") as m:   # key from $MEMLANE_API_KEY
        hits = await m.recall("wombat")

Errors come back as the same exception classes (``{"error": {"code": …}}`` is mapped by its code), so
code written against the embedded SDK handles a server's failures unchanged. What each method sends and
how its answer is read is written once (``_Requests``); the two clients differ only in how they send.
"""

from __future__ import annotations

import builtins
import io
import os
import tempfile
import zipfile
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, TypeVar

import httpx
from pydantic_core import to_jsonable_python

from .consolidation import ConsolidationReport, ConsolidationUndo
from .conversations import check_conversation_id
from .errors import ERRORS_BY_CODE, ConfigError, InvalidInput, MemlaneError, StorageError, VersionConflict
from .ids import check_id, unstorable
from .models import (
    ConversationMessage,
    ConversationSummary,
    Edge,
    Entity,
    EntityDetail,
    EntityLookup,
    EntityMerge,
    ExtractReport,
    ForgetResult,
    Hit,
    ImportResult,
    Memory,
    PastMerge,
    ReindexResult,
    StoreResult,
)
from .pagination import NOT_A_CURSOR
from .remote_call import Call as _Call
from .remote_call import given as _given
from .remote_call import id_segment as _id_segment
from .remote_call import segment as _segment
from .remote_profiles import AsyncRemoteJobs, AsyncRemoteProfiles, RemoteJobs, RemoteProfiles
from .requests import check_json, filter_text, item_place, store_items
from .timeutil import iso_z, parse_time

__all__ = [
    "AsyncRemoteEntities",
    "AsyncRemoteMemlane",
    "RemoteEntities",
    "RemoteMemlane",
    "check_api_key",
    "error_from_response",
]

T = TypeVar("T")

_BY_CODE: dict[str, type[MemlaneError]] = dict(ERRORS_BY_CODE)
# The HTTP layer's own codes, mapped to the class the embedded SDK would raise for the same mistake.
_BY_CODE.update(invalid_json=InvalidInput, payload_too_large=InvalidInput, unsupported_media_type=InvalidInput,
                method_not_allowed=ConfigError, internal_error=MemlaneError)  # fmt: skip


def _conversation(conversation_id: str, *, new: bool = False) -> str:
    """A conversation's path, its id checked by the service's own rule first (``check_conversation_id``,
    its words; ``new``: one messages are added to, so no '/', '.' or '..'), then as a URL segment."""
    return f"/v1/conversations/{_segment(check_conversation_id(conversation_id, new=new), 'conversation_id')}"


def error_from_response(response: httpx.Response) -> MemlaneError:
    """The memlane exception for an error response (its stable ``code``, not its text, picks the class)."""
    try:
        error = response.json()["error"]
        code, message = str(error["code"]), str(error["message"])
    except (ValueError, KeyError, TypeError):
        return MemlaneError(f"HTTP {response.status_code} from {response.request.url}: {response.text[:200]}")
    if code == "unknown_route":
        return ConfigError(f"{response.request.url} is not a memlane API endpoint (is the server URL right?)")
    if code == VersionConflict.code:  # (with the current version's id, as the embedded SDK raises it)
        current = error.get("current")
        return VersionConflict(message, current=current if isinstance(current, str) else None)
    return _BY_CODE.get(code, MemlaneError)(message)


def check_api_key(key: str) -> str:
    """The key, or ConfigError when it cannot be one: memlane keys are printable ASCII without spaces
    (``ml_`` and letters, digits, ``-`` and ``_``). A placeholder such as ``ml_…`` copied from the docs
    would otherwise fail deep inside the HTTP library with an encoding error."""
    for position, char in enumerate(key, start=1):
        if not ("!" <= char <= "~"):
            code = f"U+{ord(char):04X}"
            shown = f"{char!r} ({code})" if char.isprintable() and not char.isspace() else code
            raise ConfigError(
                f"the API key has {shown} at position {position}, which no API key has: "
                "use the whole key memlane printed (it starts with 'ml_'), not a placeholder"
            )
    return key


def _user_header(user: str | None) -> dict[bytes, bytes] | None:
    """``X-Memlane-User`` as UTF-8 bytes (the server reads it so; httpx would refuse a name that is not
    ASCII). A name with no UTF-8 (a lone surrogate) is refused as the embedded SDK refuses it."""
    if user and unstorable(user) is not None:
        from .auth import check_user  # (the rule the server applies to the header: its words)

        check_user(user)
    return {b"X-Memlane-User": user.encode("utf-8")} if user else None


#: a query parameter's name as the SDK's methods (and so the service's messages) call it
_PARAM_NAMES = {"q": "query", "type": "types", "source": "sources", "state": "states", "scope": "scopes"}


def _encodable(call: _Call[Any]) -> None:
    """InvalidInput, in the store's words (``ids.unstorable``), for text with no UTF-8 (a lone surrogate)
    in a request's body or query: httpx failed to encode it with a UnicodeEncodeError, where the embedded
    SDK refuses it (and the REST API, given it as JSON). A NUL is sent: the server refuses it in its words."""
    fields = [*(call.json.items() if isinstance(call.json, dict) else ()),
              *((_PARAM_NAMES.get(k, k), v) for k, v in (call.params or {}).items())]  # fmt: skip
    for name, value in fields:
        if name == "cursor" and isinstance(value, str) and unstorable(value.replace(chr(0), "")) is not None:
            raise InvalidInput(NOT_A_CURSOR)  # (opaque: the service's words for what is not one of ours)
        _no_lone_surrogate(value, str(name))


def _no_lone_surrogate(value: Any, where: str) -> None:
    if isinstance(value, str):
        if not value.isascii():
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise InvalidInput(f"{where}: {unstorable(value.replace(chr(0), ''))}") from None
    elif isinstance(value, dict):
        for key, item in value.items():
            _no_lone_surrogate(key, f"{where} (a key)")
            _no_lone_surrogate(
                item, f"{where}.{key}" if isinstance(key, str) and key.isprintable() else where
            )
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            _no_lone_surrogate(item, f"{where}[{i}]")


def _restored(body: Any) -> list[str]:
    return [str(i) for i in body["restored"]]


def _merges_page(body: Any) -> tuple[list[PastMerge], str | None]:
    return [PastMerge.model_validate(p) for p in body["items"]], body["next_cursor"]


def _memories(key: str) -> Callable[[Any], list[Memory]]:
    return lambda data: [Memory.model_validate(m) for m in data[key]]


def _entities(key: str) -> Callable[[Any], list[Entity]]:
    return lambda data: [Entity.model_validate(e) for e in data[key]]


def _sendable(fields: Mapping[str, Any], where: str = "") -> None:
    """InvalidInput, as the embedded SDK raises it, for a store's values JSON cannot carry: on the wire
    bytes became text, a set a list and a key 1 the key "1" (stored changed, where the embedded SDK
    refuses them), and NaN failed in the JSON encoder with a ValueError."""
    try:
        for name in ("data", "provenance"):
            check_json(fields.get(name), name)
        for name, value in fields.items():
            if isinstance(value, float):
                check_json(value, name)
    except InvalidInput as exc:
        raise InvalidInput(f"{where}{exc}") from None


def _hits(data: Any) -> list[Hit]:
    return [Hit.model_validate(h) for h in data["hits"]]


def _time_param(value: Any, field: str) -> str | None:
    """A time filter as a query parameter: text as given (the server reads it, a written date too); a
    datetime or date in ISO-8601 UTC; anything else refused in the service's words before sending."""
    if value is None or isinstance(value, str):
        return value
    parsed = parse_time(value, field)
    return iso_z(parsed) if parsed is not None else None


def _times(filters: dict[str, Any]) -> dict[str, Any]:
    """``filters`` with the time filters as ``_time_param`` sends them (a bad one refused in the
    service's words: the JSON body's schema said "must be a string" for a number)."""
    return {
        k: _time_param(v, k) if k in ("observed_after", "observed_before") else v for k, v in filters.items()
    }


class _Requests:
    """The SDK's methods as requests (paths, bodies and result types), for both clients."""

    def __init__(self, space: str | None) -> None:
        self.space = space

    def _space(self, space: str | None) -> str | None:
        return space if space is not None else self.space

    def store(
        self, content: str, *, user: str | None = None, space: str | None = None, source: str | None = None,
        expect_current: bool = False, **fields: Any,
    ) -> _Call[StoreResult]:  # fmt: skip
        _sendable(fields)
        body = {"content": content, **_given(space=self._space(space), source=source, **fields)}
        if expect_current:  # (sent only when set: a server from before it still takes every other store)
            body["expect_current"] = True
        return _Call("POST", "/v1/memories", StoreResult.model_validate, user, body)

    def store_many(
        self, items: Iterable[Mapping[str, Any] | str], *, user: str | None = None, space: str | None = None,
        source: str | None = None, **defaults: Any,
    ) -> _Call[list[StoreResult]]:  # fmt: skip
        listed = store_items(items)
        _sendable(defaults)
        for n, item in enumerate(listed):
            _sendable(item, item_place(n))
        body = {"items": listed, "defaults": _given(space=self._space(space), source=source, **defaults)}
        return _Call("POST", "/v1/memories/batch",
                     lambda data: [StoreResult.model_validate(r) for r in data["results"]], user, body)  # fmt: skip

    def recall(
        self, query: str, *, limit: int = 10, user: str | None = None, space: str | None = None,
        include_history: bool = False, about: str | None = None, **filters: Any,
    ) -> _Call[list[Hit]]:  # fmt: skip
        body = {"query": query, "limit": limit, "include_history": include_history,
                **_given(space=self._space(space), about=about, **_times(filters))}  # fmt: skip
        return _Call("POST", "/v1/recall", _hits, user, body)

    def search(
        self, query: str, *, limit: int = 10, min_score: float = 0.0, user: str | None = None,
        space: str | None = None, about: str | None = None, **filters: Any,
    ) -> _Call[list[Hit]]:  # fmt: skip
        body = {"query": query, "limit": limit, "min_score": min_score,
                **_given(space=self._space(space), about=about, **_times(filters))}  # fmt: skip
        return _Call("POST", "/v1/search", _hits, user, body)

    def forget(
        self, memory_id: str | None = None, *, query: str | None = None, dry_run: bool = False,
        user: str | None = None, space: str | None = None, min_score: float | None = None,
    ) -> _Call[ForgetResult]:  # fmt: skip
        if memory_id is not None and unstorable(memory_id) is not None:  # (sent as "id": in its own name)
            check_id(memory_id, "memory_id")
        body = {"dry_run": dry_run, **_given(id=memory_id, query=query, space=self._space(space),
                                              min_score=min_score)}  # fmt: skip
        return _Call("POST", "/v1/forget", ForgetResult.model_validate, user, body)

    def list_recent(
        self, limit: int = 20, *, offset: int = 0, user: str | None = None, space: str | None = None,
        types: Iterable[str] = (), sources: Iterable[str] = (), states: Iterable[str] = (),
        scopes: Iterable[str] = (), include_history: bool = False, subject: str | None = None,
        related_user: str | None = None, observed_after: Any = None, observed_before: Any = None,
    ) -> _Call[list[Memory]]:  # fmt: skip
        # as the embedded SDK reads them (MemoryService._filters): None is no filter, a string no list
        types, sources, states, scopes = (() if v is None else v for v in (types, sources, states, scopes))
        if any(isinstance(v, str) for v in (types, sources, states, scopes)):
            raise InvalidInput("types, sources, states and scopes take lists")
        # a query parameter is text: a number would be sent as "5" and match nothing, where the embedded
        # SDK (and a JSON body) refuses it; the service's rule, checked before sending
        space, subject = filter_text(self._space(space), "space"), filter_text(subject, "subject")
        related_user = filter_text(related_user, "related_user")
        sources = list(sources)
        for i, source in enumerate(sources):
            if filter_text(source, f"sources[{i}]", "sources") is None:
                raise InvalidInput(f"sources[{i}]: must be a string")
        params: dict[str, Any] = _given(
            limit=limit, offset=offset, space=space, subject=subject, related_user=related_user,
            include_history=str(include_history).lower(), type=[str(t) for t in types] or None,
            source=list(sources) or None, state=[str(s) for s in states] or None,
            scope=[str(s) for s in scopes] or None, observed_after=_time_param(observed_after, "observed_after"),
            observed_before=_time_param(observed_before, "observed_before"),
        )  # fmt: skip
        return _Call("GET", "/v1/memories", _memories("items"), user, params=params)

    def history(self, memory_id: str, *, user: str | None = None) -> _Call[list[Memory]]:
        return _Call(
            "GET", f"/v1/memories/{_id_segment(memory_id, 'memory_id')}/history", _memories("versions"), user
        )

    def get(self, memory_id: str, *, user: str | None = None) -> _Call[Memory]:
        return _Call(
            "GET", f"/v1/memories/{_id_segment(memory_id, 'memory_id')}", Memory.model_validate, user
        )

    def archive(self, memory_id: str, *, user: str | None = None) -> _Call[Memory]:
        return _Call(
            "POST", f"/v1/memories/{_id_segment(memory_id, 'memory_id')}/archive", Memory.model_validate, user
        )

    def restore(self, memory_id: str, *, user: str | None = None) -> _Call[Memory]:
        return _Call(
            "POST", f"/v1/memories/{_id_segment(memory_id, 'memory_id')}/restore", Memory.model_validate, user
        )

    def import_file(
        self, upload: tuple[str, IO[bytes]], format: str = "auto", *, user: str | None = None,  # noqa: A002
        space: str | None = None, conversations: bool = False,
    ) -> _Call[ImportResult]:  # fmt: skip
        form = _given(format=format, space=self._space(space))
        if conversations:
            form["conversations"] = "true"
        return _Call("POST", "/v1/memory/import", ImportResult.model_validate, user,
                     files={"file": upload}, data=form)  # fmt: skip

    def reindex(self, *, keys: bool = False) -> _Call[ReindexResult]:
        return _Call("POST", "/v1/reindex", ReindexResult.model_validate, params={"keys": str(keys).lower()})

    def consolidate(self, *, dry_run: bool = False, user: str | None = None) -> _Call[ConsolidationReport]:
        return _Call(
            "POST", "/v1/consolidate", ConsolidationReport.model_validate, user, {"dry_run": dry_run}
        )

    def undo_consolidation(self, memory_id: str, *, user: str | None = None) -> _Call[list[str]]:
        return _Call("POST", "/v1/consolidate/undo", _restored, user, {"id": memory_id})

    def undo_consolidation_run(self, run_id: str, *, user: str | None = None) -> _Call[ConsolidationUndo]:
        path = f"/v1/consolidate/runs/{_id_segment(run_id, 'run_id')}/undo"
        return _Call("POST", path, ConsolidationUndo.model_validate, user)

    # -- the entity graph (``m.entities.*`` and ``m.anchor``) ----------------------------------------

    def anchor(self, record: Mapping[str, Any], *, user: str | None = None) -> _Call[Entity]:
        body = dict(record) if isinstance(record, Mapping) else record  # not a mapping: the server says so
        if isinstance(body, dict):  # what JSON cannot carry, refused as the embedded SDK does (_sendable)
            check_json(body, "record")
        return _Call("POST", "/v1/anchor", Entity.model_validate, user, body)

    def entity_get(self, entity_id: str, *, user: str | None = None) -> _Call[Entity]:
        return _Call(
            "GET", f"/v1/entities/{_id_segment(entity_id, 'entity_id')}", Entity.model_validate, user
        )

    def entity_list(
        self, *, type: str | None = None, limit: int = 50, offset: int = 0, user: str | None = None
    ) -> _Call[list[Entity]]:
        params = _given(type=type, limit=limit, offset=offset)
        return _Call("GET", "/v1/entities", _entities("items"), user, params=params)

    def entity_page(
        self, *, type: str | None = None, limit: int = 50, cursor: str | None = None, user: str | None = None
    ) -> _Call[tuple[list[Entity], str | None]]:
        params = _given(type=type, limit=limit, cursor=cursor)
        return _Call("GET", "/v1/entities", lambda data: (_entities("items")(data), data["next_cursor"]), user,
                     params=params)  # fmt: skip

    def entity_search(
        self, query: str, *, type: str | None = None, limit: int = 10, user: str | None = None
    ) -> _Call[list[Entity]]:
        params = _given(q=query, type=type, limit=limit)
        return _Call("GET", "/v1/entities/search", _entities("items"), user, params=params)

    def entity_edges(self, entity_id: str, *, user: str | None = None) -> _Call[list[Edge]]:
        return _Call("GET", f"/v1/entities/{_id_segment(entity_id, 'entity_id')}/edges",
                     lambda data: [Edge.model_validate(e) for e in data["edges"]], user)  # fmt: skip

    def entity_memories(
        self, entity_id: str, *, hops: int = 0, limit: int = 20, user: str | None = None
    ) -> _Call[list[Memory]]:
        return _Call("GET", f"/v1/entities/{_id_segment(entity_id, 'entity_id')}/memories", _memories("items"), user,
                     params={"hops": hops, "limit": limit})  # fmt: skip

    def entity_about(
        self, entity_id: str, *, hops: int = 1, limit: int = 20, user: str | None = None
    ) -> _Call[EntityDetail]:
        return _Call("GET", f"/v1/entities/{_id_segment(entity_id, 'entity_id')}/about", EntityDetail.model_validate, user,
                     params={"hops": hops, "limit": limit})  # fmt: skip

    def entity_lookup(
        self, query: str, *, type: str | None = None, hops: int = 1, limit: int = 20, user: str | None = None
    ) -> _Call[EntityLookup]:
        params = _given(q=query, type=type, hops=hops, limit=limit)
        return _Call("GET", "/v1/entities/lookup", EntityLookup.model_validate, user, params=params)

    def entity_merge(self, into: str, merged: str, *, user: str | None = None) -> _Call[EntityMerge]:
        return _Call("POST", "/v1/entities/merge", EntityMerge.model_validate, user,
                     {"into": into, "merged": merged})  # fmt: skip

    def entity_unmerge(self, merge_id: str, *, user: str | None = None) -> _Call[EntityMerge]:
        return _Call("POST", "/v1/entities/unmerge", EntityMerge.model_validate, user, {"merge_id": merge_id})

    def entity_merges(
        self,
        *,
        entity: str | None = None,
        limit: int = 50,
        cursor: str | None = None,
        user: str | None = None,
    ) -> _Call[tuple[list[PastMerge], str | None]]:
        params = _given(entity=entity, limit=limit, cursor=cursor)
        return _Call("GET", "/v1/entities/merges", _merges_page, user, params=params)

    def entity_link(
        self, memory_id: str, entity_id: str, *, role: str = "mention", user: str | None = None
    ) -> _Call[None]:
        return _Call("POST", f"/v1/entities/{_id_segment(entity_id, 'entity_id')}/links", lambda data: None, user,
                     {"memory_id": memory_id, "role": role})  # fmt: skip

    def entity_relate(
        self, src: str, relation: str, dst: str, *, valid_from: Any = None, valid_to: Any = None,
        provenance: Mapping[str, Any] | None = None, single: bool = False, user: str | None = None,
    ) -> _Call[Edge]:  # fmt: skip
        if isinstance(provenance, Mapping):  # as the embedded SDK refuses it (_sendable)
            check_json(dict(provenance), "provenance")
        body = {"relation": relation, "dst": dst, "single": single, **_given(
            valid_from=valid_from, valid_to=valid_to,
            provenance=dict(provenance) if provenance is not None else None)}  # fmt: skip
        return _Call("POST", f"/v1/entities/{_id_segment(src, 'src')}/edges", Edge.model_validate, user, body)

    # -- the conversation log (``m.conversations.*``) and ``m.extract`` --------------------------------

    def conversation_append(
        self, conversation_id: str, messages: Iterable[Any], *, user: str | None = None,
        visibility: str = "personal", owner: str | None = None,
    ) -> _Call[builtins.list[ConversationMessage]]:  # fmt: skip
        body = {"messages": _message_bodies(messages), "visibility": str(visibility), **_given(owner=owner)}
        return _Call("POST", f"{_conversation(conversation_id, new=True)}/messages", _logged, user, body)

    def conversation_show(
        self, conversation_id: str, *, user: str | None = None, limit: int = 1000
    ) -> _Call[builtins.list[ConversationMessage]]:
        return _Call("GET", _conversation(conversation_id), _logged, user,
                     params={"limit": limit})  # fmt: skip

    def conversation_list(
        self, *, user: str | None = None, limit: int = 50
    ) -> _Call[builtins.list[ConversationSummary]]:
        return _Call("GET", "/v1/conversations",
                     lambda data: [ConversationSummary.model_validate(c) for c in data["conversations"]], user,
                     params={"limit": limit})  # fmt: skip

    def conversation_delete(self, conversation_id: str, *, user: str | None = None) -> _Call[int]:
        return _Call("DELETE", _conversation(conversation_id), lambda data: int(data["deleted"]),
                     user)  # fmt: skip

    def extract(
        self, messages: Iterable[Any] | str, *, mode: str = "chat", ceiling: str = "personal",
        instructions: str | None = None, user: str | None = None, space: str | None = None,
        source: str | None = None,
    ) -> _Call[ExtractReport]:  # fmt: skip
        given: dict[str, Any] = (
            {"conversation_id": messages}
            if isinstance(messages, str)
            else {"messages": _message_bodies(messages)}
        )
        body = {**given, "mode": mode, "ceiling": ceiling,
                **_given(instructions=instructions, space=self._space(space), source=source)}  # fmt: skip
        return _Call("POST", "/v1/extract", ExtractReport.model_validate, user, body)


def _message_bodies(messages: Iterable[Any]) -> builtins.list[Any]:
    """Messages (dicts or ``Message``) as JSON, their unset fields left out; anything else is sent as it
    is, for the server to refuse with the embedded SDK's error."""
    if isinstance(messages, (str, bytes, Mapping)):
        return messages  # type: ignore[return-value]
    out: builtins.list[Any] = []
    for message in messages:
        if hasattr(message, "model_dump"):
            out.append(message.model_dump(mode="json", exclude_none=True))
        elif isinstance(message, Mapping):
            out.append(to_jsonable_python({k: v for k, v in message.items() if v is not None}))
        else:
            out.append(message)
    return out


def _logged(data: Any) -> builtins.list[ConversationMessage]:
    return [ConversationMessage.model_validate(m) for m in data["messages"]]


@contextmanager
def upload_of(source: str | Path | bytes | IO[bytes], name: str | None) -> Iterator[tuple[str, IO[bytes]]]:
    """``(file name, binary file)`` to upload: a folder is zipped into a temporary file first."""
    if isinstance(source, bytes | bytearray):
        yield (name or "input", io.BytesIO(bytes(source)))
        return
    if not isinstance(source, str | Path):
        yield (name or "input", source)
        return
    path = Path(source)
    if not path.exists():
        raise InvalidInput(f"{path}: no such file or folder")
    if path.is_file():
        with path.open("rb") as f:
            yield (name or path.name, f)
        return
    with tempfile.TemporaryFile() as spool:
        with zipfile.ZipFile(spool, "w", zipfile.ZIP_DEFLATED) as archive:
            for item in sorted(path.rglob("*")):
                if item.is_symlink():
                    raise InvalidInput(
                        f"refused: {item.relative_to(path)} is a symbolic link; nothing was imported"
                    )
                if item.is_file():
                    archive.write(item, item.relative_to(path).as_posix())
        spool.seek(0)
        yield (name or f"{path.name}.zip", spool)  # type: ignore[misc]


class _Connection:
    """What both clients share: the checked URL and key, the acting user and default space."""

    def __init__(self, url: str, api_key: str | None, user: str | None, space: str | None,
                 environ: Mapping[str, str] | None) -> None:  # fmt: skip
        env = os.environ if environ is None else environ
        key = api_key or env.get("MEMLANE_API_KEY")
        if not key:
            raise ConfigError("an API key is needed to connect: pass api_key= or set MEMLANE_API_KEY")
        if not url.startswith(("http://", "https://")):
            raise ConfigError(f"{url!r} is not an http(s) URL")
        self.url = url.rstrip("/")
        self.user = user
        self.space = space
        self._requests = _Requests(space)
        self._headers = {"Authorization": f"Bearer {check_api_key(key)}", "User-Agent": "memlane-remote"}

    def _request_args(self, call: _Call[Any]) -> dict[str, Any]:
        acting = call.user or self.user
        _encodable(call)
        return {
            "method": call.method, "url": call.path, "params": call.params,
            "json": to_jsonable_python(call.json) if call.json is not None else None,
            "headers": _user_header(acting),
            **({"files": call.files, "data": call.data} if call.files is not None else {}),
        }  # fmt: skip

    def _failure(self, exc: httpx.TransportError) -> StorageError:
        if isinstance(exc, httpx.TimeoutException):
            return StorageError(f"the memlane server at {self.url} did not answer in time: {exc}")
        return StorageError(f"cannot reach the memlane server at {self.url}: {exc}")

    @staticmethod
    def _result(call: _Call[T], response: httpx.Response) -> T:
        if response.status_code >= 400:
            raise error_from_response(response)
        return call.parse(response.json())


class RemoteMemlane(_Connection):
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
        super().__init__(url, api_key, user, space, environ)
        self._http = httpx.Client(
            base_url=self.url, timeout=timeout, transport=transport, headers=self._headers
        )
        #: the entity graph (get, list, page, search, edges, memories, about, lookup, merge, unmerge, link)
        self.entities = RemoteEntities(self)
        #: the conversation log (append, show, list, delete)
        self.conversations = RemoteConversations(self)
        #: profiles (create, list, show, update, enable, disable, delete, run, log, opt-out, opt-in)
        self.profiles = RemoteProfiles(self._send)
        #: scheduled jobs (list, show, run): an admin key's workspace's sweeps
        self.jobs = RemoteJobs(self._send)

    def _send(self, call: _Call[T]) -> T:
        try:
            response = self._http.request(**self._request_args(call))
        except httpx.TransportError as exc:
            raise self._failure(exc) from exc
        return self._result(call, response)

    def store(
        self, content: str, *, user: str | None = None, space: str | None = None, source: str | None = None,
        expect_current: bool = False, **fields: Any,
    ) -> StoreResult:  # fmt: skip
        """As ``Memlane.store``: ``expect_current`` with ``replaces`` raises ``VersionConflict`` (HTTP 409,
        ``.current`` the current version's id) when another version was stored meanwhile."""
        return self._send(self._requests.store(
            content, user=user, space=space, source=source, expect_current=expect_current, **fields
        ))  # fmt: skip

    def store_many(
        self, items: Iterable[Mapping[str, Any] | str], *, user: str | None = None, space: str | None = None,
        source: str | None = None, **defaults: Any,
    ) -> list[StoreResult]:  # fmt: skip
        return self._send(self._requests.store_many(items, user=user, space=space, source=source, **defaults))

    def recall(
        self, query: str, *, limit: int = 10, user: str | None = None, space: str | None = None,
        include_history: bool = False, about: str | None = None, **filters: Any,
    ) -> list[Hit]:  # fmt: skip
        """Best hits first; ``about``: only memories about that entity (as ``Memlane.recall``)."""
        return self._send(self._requests.recall(query, limit=limit, user=user, space=space,
                                                include_history=include_history, about=about,
                                                **filters))  # fmt: skip

    def search(
        self, query: str, *, limit: int = 10, min_score: float = 0.0, user: str | None = None,
        space: str | None = None, about: str | None = None, **filters: Any,
    ) -> list[Hit]:  # fmt: skip
        return self._send(self._requests.search(query, limit=limit, min_score=min_score, user=user, space=space,
                                                about=about, **filters))  # fmt: skip

    def forget(
        self, memory_id: str | None = None, *, query: str | None = None, dry_run: bool = False,
        user: str | None = None, space: str | None = None, min_score: float | None = None,
    ) -> ForgetResult:  # fmt: skip
        return self._send(self._requests.forget(memory_id, query=query, dry_run=dry_run, user=user, space=space,
                                                min_score=min_score))  # fmt: skip

    def list_recent(
        self, limit: int = 20, *, offset: int = 0, user: str | None = None, space: str | None = None,
        types: Iterable[str] = (), sources: Iterable[str] = (), states: Iterable[str] = (),
        scopes: Iterable[str] = (), include_history: bool = False, subject: str | None = None,
        related_user: str | None = None, observed_after: Any = None, observed_before: Any = None,
    ) -> list[Memory]:  # fmt: skip
        """As ``Memlane.list_recent``, the same arguments."""
        return self._send(self._requests.list_recent(
            limit, offset=offset, user=user, space=space, types=types, sources=sources, states=states,
            scopes=scopes, include_history=include_history, subject=subject, related_user=related_user,
            observed_after=observed_after, observed_before=observed_before))  # fmt: skip

    def history(self, memory_id: str, *, user: str | None = None) -> list[Memory]:
        return self._send(self._requests.history(memory_id, user=user))

    def get(self, memory_id: str, *, user: str | None = None) -> Memory:
        return self._send(self._requests.get(memory_id, user=user))

    def archive(self, memory_id: str, *, user: str | None = None) -> Memory:
        return self._send(self._requests.archive(memory_id, user=user))

    def restore(self, memory_id: str, *, user: str | None = None) -> Memory:
        return self._send(self._requests.restore(memory_id, user=user))

    def import_file(
        self, source: str | Path | bytes | IO[bytes], format: str = "auto", *, user: str | None = None,  # noqa: A002
        space: str | None = None, name: str | None = None, conversations: bool = False,
    ) -> ImportResult:  # fmt: skip
        """Upload an export (a path to a zip, folder or file, its bytes, or a binary file) to the server's
        import (``POST /v1/memory/import``); a folder is zipped first. ``conversations``: the server also
        logs and extracts the export's conversations (docs/import.md)."""
        with upload_of(source, name) as upload:
            return self._send(
                self._requests.import_file(
                    upload, format, user=user, space=space, conversations=conversations
                )
            )

    def export(self, *, user: str | None = None) -> Iterator[str]:
        """memlane's export (JSON Lines) of every memory the caller can read, streamed from the server."""
        acting = user or self.user
        headers = _user_header(acting)
        try:
            with self._http.stream("GET", "/v1/memory/export", headers=headers) as response:
                if response.status_code >= 400:
                    response.read()
                    raise error_from_response(response)
                yield from (line for line in response.iter_lines() if line)
        except httpx.TransportError as exc:
            raise self._failure(exc) from exc

    def extract(
        self, messages: Iterable[Any] | str, *, mode: str = "chat", ceiling: str = "personal",
        instructions: str | None = None, user: str | None = None, space: str | None = None,
        source: str | None = None,
    ) -> ExtractReport:  # fmt: skip
        """Learn from an exchange (a list of messages, or a logged conversation's id), as ``Memlane.extract``."""
        return self._send(self._requests.extract(messages, mode=mode, ceiling=ceiling, instructions=instructions,
                                                 user=user, space=space, source=source))  # fmt: skip

    def anchor(self, record: Mapping[str, Any], *, user: str | None = None) -> Entity:
        """Anchor a structured record to the entity graph (``POST /v1/anchor``); the record's entity."""
        return self._send(self._requests.anchor(record, user=user))

    def reindex(self, *, keys: bool = False) -> ReindexResult:
        return self._send(self._requests.reindex(keys=keys))

    def consolidate(self, *, dry_run: bool = False, user: str | None = None) -> ConsolidationReport:
        """Consolidate what the key's acting user may supersede (``POST /v1/consolidate``)."""
        return self._send(self._requests.consolidate(dry_run=dry_run, user=user))

    def undo_consolidation(self, memory_id: str, *, user: str | None = None) -> list[str]:
        return self._send(self._requests.undo_consolidation(memory_id, user=user))

    def undo_consolidation_run(self, run_id: str, *, user: str | None = None) -> ConsolidationUndo:
        """Undo a whole consolidation run in one call (``POST /v1/consolidate/runs/{run}/undo``)."""
        return self._send(self._requests.undo_consolidation_run(run_id, user=user))

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> RemoteMemlane:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class AsyncRemoteMemlane(_Connection):
    """``RemoteMemlane`` for asyncio code (httpx's async client): the same methods, arguments and results,
    awaited. Made by ``AsyncMemlane.connect``."""

    def __init__(
        self,
        url: str,
        *,
        api_key: str | None = None,
        user: str | None = None,
        space: str | None = None,
        timeout: float = 30.0,
        environ: Mapping[str, str] | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        super().__init__(url, api_key, user, space, environ)
        self._http = httpx.AsyncClient(base_url=self.url, timeout=timeout, transport=transport,
                                       headers=self._headers)  # fmt: skip
        self.entities = AsyncRemoteEntities(self)
        self.conversations = AsyncRemoteConversations(self)
        self.profiles = AsyncRemoteProfiles(self._send)
        self.jobs = AsyncRemoteJobs(self._send)

    async def _send(self, call: _Call[T]) -> T:
        try:
            response = await self._http.request(**self._request_args(call))
        except httpx.TransportError as exc:
            raise self._failure(exc) from exc
        return self._result(call, response)

    async def store(self, content: str, **kwargs: Any) -> StoreResult:
        return await self._send(self._requests.store(content, **kwargs))

    async def store_many(self, items: Iterable[Mapping[str, Any] | str], **kwargs: Any) -> list[StoreResult]:
        return await self._send(self._requests.store_many(items, **kwargs))

    async def recall(self, query: str, **kwargs: Any) -> list[Hit]:
        return await self._send(self._requests.recall(query, **kwargs))

    async def search(self, query: str, **kwargs: Any) -> list[Hit]:
        return await self._send(self._requests.search(query, **kwargs))

    async def forget(self, memory_id: str | None = None, **kwargs: Any) -> ForgetResult:
        return await self._send(self._requests.forget(memory_id, **kwargs))

    async def list_recent(self, limit: int = 20, **kwargs: Any) -> list[Memory]:
        return await self._send(self._requests.list_recent(limit, **kwargs))

    async def history(self, memory_id: str, **kwargs: Any) -> list[Memory]:
        return await self._send(self._requests.history(memory_id, **kwargs))

    async def get(self, memory_id: str, **kwargs: Any) -> Memory:
        return await self._send(self._requests.get(memory_id, **kwargs))

    async def archive(self, memory_id: str, **kwargs: Any) -> Memory:
        return await self._send(self._requests.archive(memory_id, **kwargs))

    async def restore(self, memory_id: str, **kwargs: Any) -> Memory:
        return await self._send(self._requests.restore(memory_id, **kwargs))

    async def import_file(
        self, source: str | Path | bytes | IO[bytes], format: str = "auto", *, user: str | None = None,  # noqa: A002
        space: str | None = None, name: str | None = None, conversations: bool = False,
    ) -> ImportResult:  # fmt: skip
        with upload_of(source, name) as upload:
            return await self._send(
                self._requests.import_file(
                    upload, format, user=user, space=space, conversations=conversations
                )
            )

    async def extract(self, messages: Iterable[Any] | str, **kwargs: Any) -> ExtractReport:
        return await self._send(self._requests.extract(messages, **kwargs))

    async def anchor(self, record: Mapping[str, Any], **kwargs: Any) -> Entity:
        return await self._send(self._requests.anchor(record, **kwargs))

    async def reindex(self, **kwargs: Any) -> ReindexResult:
        return await self._send(self._requests.reindex(**kwargs))

    async def consolidate(self, **kwargs: Any) -> ConsolidationReport:
        return await self._send(self._requests.consolidate(**kwargs))

    async def undo_consolidation(self, memory_id: str, **kwargs: Any) -> list[str]:
        return await self._send(self._requests.undo_consolidation(memory_id, **kwargs))

    async def undo_consolidation_run(self, run_id: str, **kwargs: Any) -> ConsolidationUndo:
        return await self._send(self._requests.undo_consolidation_run(run_id, **kwargs))

    async def close(self) -> None:
        await self._http.aclose()

    async def __aenter__(self) -> AsyncRemoteMemlane:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()


class RemoteEntities:
    """``RemoteMemlane.entities``: the embedded ``Memlane.entities`` over ``/v1/entities``."""

    def __init__(self, client: RemoteMemlane) -> None:
        self._c = client

    def get(self, entity_id: str, *, user: str | None = None) -> Entity:
        return self._c._send(self._c._requests.entity_get(entity_id, user=user))

    def list(
        self, *, type: str | None = None, limit: int = 50, offset: int = 0, user: str | None = None
    ) -> builtins.list[Entity]:
        return self._c._send(self._c._requests.entity_list(type=type, limit=limit, offset=offset, user=user))

    def page(
        self, *, type: str | None = None, limit: int = 50, cursor: str | None = None, user: str | None = None
    ) -> tuple[builtins.list[Entity], str | None]:
        return self._c._send(self._c._requests.entity_page(type=type, limit=limit, cursor=cursor, user=user))

    def search(
        self, query: str, *, type: str | None = None, limit: int = 10, user: str | None = None
    ) -> builtins.list[Entity]:
        return self._c._send(self._c._requests.entity_search(query, type=type, limit=limit, user=user))

    def edges(self, entity_id: str, *, user: str | None = None) -> builtins.list[Edge]:
        return self._c._send(self._c._requests.entity_edges(entity_id, user=user))

    def memories(
        self, entity_id: str, *, hops: int = 0, limit: int = 20, user: str | None = None
    ) -> builtins.list[Memory]:
        return self._c._send(self._c._requests.entity_memories(entity_id, hops=hops, limit=limit, user=user))

    def about(
        self, entity_id: str, *, hops: int = 1, limit: int = 20, user: str | None = None
    ) -> EntityDetail:
        return self._c._send(self._c._requests.entity_about(entity_id, hops=hops, limit=limit, user=user))

    def lookup(
        self, query: str, *, type: str | None = None, hops: int = 1, limit: int = 20, user: str | None = None
    ) -> EntityLookup:
        return self._c._send(self._c._requests.entity_lookup(query, type=type, hops=hops, limit=limit,
                                                              user=user))  # fmt: skip

    def merge(self, into: str, merged: str, *, user: str | None = None) -> EntityMerge:
        return self._c._send(self._c._requests.entity_merge(into, merged, user=user))

    def unmerge(self, merge_id: str, *, user: str | None = None) -> EntityMerge:
        return self._c._send(self._c._requests.entity_unmerge(merge_id, user=user))

    def merges(
        self,
        *,
        entity: str | None = None,
        limit: int = 50,
        cursor: str | None = None,
        user: str | None = None,
    ) -> tuple[builtins.list[PastMerge], str | None]:
        return self._c._send(
            self._c._requests.entity_merges(entity=entity, limit=limit, cursor=cursor, user=user)
        )

    def link(self, memory_id: str, entity_id: str, *, role: str = "mention", user: str | None = None) -> None:
        self._c._send(self._c._requests.entity_link(memory_id, entity_id, role=role, user=user))

    def relate(
        self, src: str, relation: str, dst: str, *, valid_from: Any = None, valid_to: Any = None,
        provenance: Mapping[str, Any] | None = None, single: bool = False, user: str | None = None,
    ) -> Edge:  # fmt: skip
        return self._c._send(self._c._requests.entity_relate(
            src, relation, dst, valid_from=valid_from, valid_to=valid_to, provenance=provenance,
            single=single, user=user))  # fmt: skip


class AsyncRemoteEntities:
    """``AsyncRemoteMemlane.entities``: ``RemoteEntities``, awaited."""

    def __init__(self, client: AsyncRemoteMemlane) -> None:
        self._c = client

    async def get(self, entity_id: str, **kwargs: Any) -> Entity:
        return await self._c._send(self._c._requests.entity_get(entity_id, **kwargs))

    async def list(self, **kwargs: Any) -> builtins.list[Entity]:
        return await self._c._send(self._c._requests.entity_list(**kwargs))

    async def page(self, **kwargs: Any) -> tuple[builtins.list[Entity], str | None]:
        return await self._c._send(self._c._requests.entity_page(**kwargs))

    async def search(self, query: str, **kwargs: Any) -> builtins.list[Entity]:
        return await self._c._send(self._c._requests.entity_search(query, **kwargs))

    async def edges(self, entity_id: str, **kwargs: Any) -> builtins.list[Edge]:
        return await self._c._send(self._c._requests.entity_edges(entity_id, **kwargs))

    async def memories(self, entity_id: str, **kwargs: Any) -> builtins.list[Memory]:
        return await self._c._send(self._c._requests.entity_memories(entity_id, **kwargs))

    async def about(self, entity_id: str, **kwargs: Any) -> EntityDetail:
        return await self._c._send(self._c._requests.entity_about(entity_id, **kwargs))

    async def lookup(self, query: str, **kwargs: Any) -> EntityLookup:
        return await self._c._send(self._c._requests.entity_lookup(query, **kwargs))

    async def merge(self, into: str, merged: str, **kwargs: Any) -> EntityMerge:
        return await self._c._send(self._c._requests.entity_merge(into, merged, **kwargs))

    async def unmerge(self, merge_id: str, **kwargs: Any) -> EntityMerge:
        return await self._c._send(self._c._requests.entity_unmerge(merge_id, **kwargs))

    async def merges(self, **kwargs: Any) -> tuple[builtins.list[PastMerge], str | None]:
        return await self._c._send(self._c._requests.entity_merges(**kwargs))

    async def link(self, memory_id: str, entity_id: str, **kwargs: Any) -> None:
        await self._c._send(self._c._requests.entity_link(memory_id, entity_id, **kwargs))

    async def relate(self, src: str, relation: str, dst: str, **kwargs: Any) -> Edge:
        return await self._c._send(self._c._requests.entity_relate(src, relation, dst, **kwargs))


class RemoteConversations:
    """``RemoteMemlane.conversations``: the embedded ``Memlane.conversations`` over ``/v1/conversations``."""

    def __init__(self, client: RemoteMemlane) -> None:
        self._c = client

    def append(
        self, conversation_id: str, messages: Iterable[Any], *, user: str | None = None,
        visibility: str = "personal", owner: str | None = None,
    ) -> builtins.list[ConversationMessage]:  # fmt: skip
        return self._c._send(self._c._requests.conversation_append(conversation_id, messages, user=user,
                                                                   visibility=visibility, owner=owner))  # fmt: skip

    def show(
        self, conversation_id: str, *, user: str | None = None, limit: int = 1000
    ) -> builtins.list[ConversationMessage]:
        return self._c._send(self._c._requests.conversation_show(conversation_id, user=user, limit=limit))

    def list(self, *, user: str | None = None, limit: int = 50) -> builtins.list[ConversationSummary]:
        return self._c._send(self._c._requests.conversation_list(user=user, limit=limit))

    def delete(self, conversation_id: str, *, user: str | None = None) -> int:
        return self._c._send(self._c._requests.conversation_delete(conversation_id, user=user))


class AsyncRemoteConversations:
    """``AsyncRemoteMemlane.conversations``: ``RemoteConversations``, awaited."""

    def __init__(self, client: AsyncRemoteMemlane) -> None:
        self._c = client

    async def append(
        self, conversation_id: str, messages: Iterable[Any], **kwargs: Any
    ) -> builtins.list[ConversationMessage]:
        return await self._c._send(self._c._requests.conversation_append(conversation_id, messages, **kwargs))

    async def show(self, conversation_id: str, **kwargs: Any) -> builtins.list[ConversationMessage]:
        return await self._c._send(self._c._requests.conversation_show(conversation_id, **kwargs))

    async def list(self, **kwargs: Any) -> builtins.list[ConversationSummary]:
        return await self._c._send(self._c._requests.conversation_list(**kwargs))

    async def delete(self, conversation_id: str, **kwargs: Any) -> int:
        return await self._c._send(self._c._requests.conversation_delete(conversation_id, **kwargs))
