"""Request bodies of the REST API. Unknown fields are rejected (``extra="forbid"``) and types are strict
(``strict=True``): ``true`` is not the number 1, ``"0.5"`` is not a number and ``1`` is not a flag (an
integer is still a number). Enum fields opt out (``Choice``) only because FastAPI validates the parsed
JSON as Python values, where strict mode would want enum instances instead of their names.

These models describe the wire format (and so the OpenAPI document); the service validates meaning
(``memlane.requests.StoreRequest``), so every surface refuses the same things with the same messages.
Responses are the SDK's own result models (``memlane.models``), dumped with ``model_dump(mode="json")``.
"""

from __future__ import annotations

import math
from enum import Enum
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, Strict, model_validator

from ..errors import InvalidInput
from ..models import (
    Hit,
    KeyInfo,
    Memory,
    MemoryType,
    Scope,
    State,
    StoreResult,
    TeamInfo,
    UserInfo,
    Visibility,
)
from ..permissions import MAX_OWNER_CHARS
from ..requests import MAX_BATCH, MAX_CONTENT_CHARS, MAX_ID_CHARS, MAX_LIMIT, MAX_QUERY_CHARS

__all__ = [
    "ERROR_RESPONSES",
    "AddMemberBody",
    "CreateKeyBody",
    "ErrorBody",
    "ForgetBody",
    "HistoryPage",
    "HitsPage",
    "KeysPage",
    "MemoriesPage",
    "NameBody",
    "RecallBody",
    "StoreBody",
    "StoreFields",
    "StoreItem",
    "StoreManyBody",
    "StoreManyResult",
    "TeamsPage",
    "UsersPage",
    "WhoAmI",
]

#: an id's bound, declared (``maxLength``) but not enforced here: the service's ``ids.check_id`` refuses a
#: longer one in the same words on every surface (a cap of this surface's own answered differently)
_ID: dict[str, Any] = {"maxLength": MAX_ID_CHARS}

_TIME = "ISO-8601 (e.g. 2025-03-14T09:00:00Z) or a written date (e.g. 'March 14, 2025')"


def _finite(value: Any, where: str = "body") -> None:
    """Python's JSON parser accepts NaN and Infinity, which JSON does not have: refuse them rather than
    store a number that comes back as null."""
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"{where}: NaN and Infinity are not JSON numbers")
    if isinstance(value, dict):
        for k, v in value.items():
            _finite(v, k if where == "body" else f"{where}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _finite(v, f"{where}[{i}]")


#: an enum field of a strict body: its value is one of the enum's names (strings in JSON)
Choice = Strict(False)


def one_of_each(kind: type[Enum]) -> dict[str, Any]:
    """OpenAPI's ``items`` of a list of ``kind``'s names, for a list of strings the service checks: the
    schema declares the choices, the service refuses another in its own words, as to the SDKs
    (``types: 'nope' is not one of fact, …``; pydantic said ``types.0: must be one of 'fact', …``)."""
    return {"items": {"type": "string", "enum": [k.value for k in kind]}}


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False, strict=True)

    @model_validator(mode="before")
    @classmethod
    def _json_numbers(cls, value: Any) -> Any:
        _finite(value)
        return value


class SubjectIn(_Body):
    name: str = Field(max_length=500)  # (a blank one: ``StoreRequest``, as on every surface)
    id: str | None = Field(default=None, max_length=500)


#: a time field's schema, as the REST API declares it (the service reads and bounds it)
_WHEN: dict[str, Any] = {"type": "string", "maxLength": 100}


class StoreFields(_Body):
    """Every store field but the content: also the ``defaults`` of a batch."""

    source: str | None = Field(default=None, max_length=200, description="Attribution; default 'unknown'.")
    replaces: str | None = Field(
        default=None, description="Id of the memory this supersedes.", json_schema_extra=_ID
    )
    space: str | None = Field(default=None, max_length=200)
    # (any JSON: the service refuses a value of no kind, a number or a list too, in its words on every
    # surface: ``type: must be one of 'fact', …``; this schema said ``type: must be a string``)
    type: Any = Field(default=None, json_schema_extra=one_of_each(MemoryType)["items"])
    subject: str | SubjectIn | None = Field(default=None, description="Who or what it is about.")
    related_user: str | None = Field(default=None, max_length=200)
    importance: float | None = Field(default=None, ge=0.0, le=1.0)
    confidence: float | None = Field(default=None, ge=0.0, le=1.0)
    # (declared, read by the service: a number is "expected a date/time or ISO-8601 string, got int" on
    # every surface, not "must be a string" over REST only)
    valid_from: Any = Field(default=None, description=_TIME, json_schema_extra=_WHEN)
    valid_to: Any = Field(default=None, description=_TIME, json_schema_extra=_WHEN)
    observed_at: Any = Field(default=None, description=_TIME, json_schema_extra=_WHEN)
    expires_at: Any = Field(default=None, description=_TIME, json_schema_extra=_WHEN)
    data: dict[str, Any] | None = None
    provenance: dict[str, Any] | None = None
    visibility: Any = Field(default=None, json_schema_extra=one_of_each(Visibility)["items"])
    owner: str | None = Field(
        default=None, max_length=MAX_OWNER_CHARS,
        description="'team:<name>', 'agent:<name>' or 'workspace' (shared); default: you for personal"
        " items, the workspace for shared ones.",
    )  # fmt: skip
    auto_supersede: bool | None = None

    def fields(self) -> dict[str, Any]:
        """The fields the caller set, as the service takes them (unset and null mean 'the default')."""
        return self.model_dump(exclude_none=True, exclude={"content"})


class StoreItem(StoreFields):
    """One item of a batch (``expect_current`` is single store only)."""

    content: str = Field(max_length=MAX_CONTENT_CHARS)


class StoreBody(StoreItem):
    expect_current: bool | None = Field(
        default=None,
        description="With replaces: store only if replaces still names the current version (checked in the"
        " storing transaction); otherwise nothing is written and the answer is 409 version_conflict, with"
        " the current version's id in error.current. Single store only.",
    )


class StoreManyBody(_Body):
    items: list[StoreItem] = Field(max_length=5000)
    defaults: StoreFields | None = Field(
        default=None, description="Applied to items that do not set a field."
    )


class StoreManyResult(BaseModel):
    results: list[StoreResult]


def within(low: float, high: float) -> dict[str, Any]:
    """A number's bounds as the OpenAPI schema declares them (``minimum``, ``maximum``), for
    ``json_schema_extra``: not enforced here, so the service's own check (``requests.check_integer`` /
    ``check_number``) refuses an out-of-range value in its words, as it does for the embedded SDK
    ("limit: must be an integer between 1 and 1,000", not "query.limit: must be at least 1")."""
    return {"minimum": low, "maximum": high}


class RecallBody(_Body):
    query: str = Field(json_schema_extra={"maxLength": MAX_QUERY_CHARS})  # (the service says it)
    limit: int = Field(default=10, json_schema_extra=within(1, MAX_LIMIT))
    min_score: float = Field(default=0.0, json_schema_extra=within(0, 1))
    # (the filters' bounds declared, not enforced: the service says them, ``requests.filter_text``)
    space: str | None = Field(
        default=None, json_schema_extra={"maxLength": 200}, description="'*' reads every space."
    )
    include_history: bool = False
    # (items of any JSON: the service names one of no kind, a number too, in its words on every surface)
    types: list[Any] = Field(default_factory=list, max_length=20, json_schema_extra=one_of_each(MemoryType))
    subject: str | None = Field(default=None, json_schema_extra={"maxLength": 500})
    related_user: str | None = Field(default=None, json_schema_extra={"maxLength": 200})
    sources: list[Any] = Field(
        default_factory=list, max_length=50, json_schema_extra={"items": {"type": "string", "maxLength": 200}}
    )
    states: list[Any] = Field(default_factory=list, max_length=3, json_schema_extra=one_of_each(State))
    observed_after: str | None = Field(default=None, max_length=100, description=_TIME)
    observed_before: str | None = Field(default=None, max_length=100, description=_TIME)
    about: str | None = Field(
        default=None, max_length=200,
        description="Only memories about this entity: a name, alias or external id (e.g. 'hubspot:123').",
    )  # fmt: skip
    scopes: list[Any] = Field(
        default_factory=list, max_length=4, json_schema_extra=one_of_each(Scope),
        description="personal, team, agent, workspace (the owner's kind).",
    )  # fmt: skip

    def filters(self) -> dict[str, Any]:
        return self.model_dump(exclude={"query"}, exclude_none=True)


class ForgetBody(_Body):
    """Forget one memory's whole chain (``id``) or what ``query`` asks to forget (not both)."""

    id: str | None = Field(default=None, json_schema_extra=_ID)
    query: str | None = Field(default=None, json_schema_extra={"maxLength": MAX_QUERY_CHARS})
    dry_run: bool = False
    space: str | None = Field(default=None, max_length=200)
    min_score: float | None = Field(default=None, json_schema_extra=within(0, 1))


class HitsPage(BaseModel):
    hits: list[Hit]


class MemoriesPage(BaseModel):
    items: list[Memory]
    next_cursor: str | None = Field(description="Pass as 'cursor' for the next page; null on the last page.")


class HistoryPage(BaseModel):
    versions: list[Memory]


class CreateKeyBody(_Body):
    user: str | None = Field(default=None, max_length=200, description="Bind the key to this user.")
    agent: str | None = Field(default=None, max_length=200, description="Bind the key to this agent.")
    admin: bool = False
    max_visibility: Annotated[Visibility, Choice] = Visibility.SHARED
    name: str = Field(default="", max_length=200)


class KeysPage(BaseModel):
    keys: list[KeyInfo]


class NameBody(_Body):
    name: str = Field(min_length=1, max_length=200)


class AddMemberBody(_Body):
    user: str = Field(min_length=1, max_length=200)


class UsersPage(BaseModel):
    users: list[UserInfo]


class TeamsPage(BaseModel):
    teams: list[TeamInfo]


class WhoAmI(BaseModel):
    workspace: str
    user: str
    teams: list[str]
    agent: str | None
    admin: bool
    max_visibility: Visibility
    opted_out: bool


class ErrorDetail(BaseModel):
    code: str
    message: str
    current: str | None = Field(
        default=None, description="version_conflict only: the id of the current version."
    )


class ErrorBody(BaseModel):
    error: ErrorDetail


#: the error responses every endpoint documents (the body is always ``ErrorBody``)
ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody, "description": description}
    for status, description in (
        (400, "Malformed JSON"),
        (401, "Missing, unknown or revoked API key"),
        (403, "Not allowed: another user, a personal-only key writing shared, an opted-out user, not admin"),
        (404, "Nothing with that id visible to the caller"),
        (413, "Request body too large"),
        (422, "Invalid input: wrong type, unknown field, out of range, secret refused"),
    )
}


class OptOutBody(_Body):
    """Whom an opt-out or opt-in is for (left out: the acting user)."""

    user: str | None = Field(default=None, min_length=1, max_length=200)


class RunBody(_Body):
    """How a sweep run by hand reads the log (left out: batches of 100 conversations)."""

    batch: int | None = Field(default=None, json_schema_extra=within(1, MAX_BATCH))


def run_batch(query: int | None, body: RunBody | None) -> int:
    """The ``batch`` of a run, from the query or the JSON body: a body is read, not ignored while the
    run goes on with the default; two that differ are refused."""
    given = body.batch if body is not None else None
    if query is not None and given is not None and query != given:
        raise InvalidInput(f"batch: the query says {query} and the body {given}; give one")
    return given if given is not None else query if query is not None else 100


def opt_out_user(query: str | None, body: OptOutBody | None) -> str | None:
    """The ``user`` of an opt-out or opt-in, from the query or the JSON body (never silently one of two
    that differ)."""
    given = body.user if body is not None else None
    if query is not None and given is not None and query != given:
        raise InvalidInput(f"user: the query names {query!r} and the body {given!r}; name one user")
    return given if given is not None else query
