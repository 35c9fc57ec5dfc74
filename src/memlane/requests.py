"""Validated inputs, shared by every surface (SDK, CLI, REST, MCP): the write actions' ``StoreRequest``
and the checks of the read and forget arguments.

Types are strict: ``True`` is not the number 1, ``"0.5"`` is not a number and ``1`` is not a flag (an
integer is still a number). A surface that coerced would store ``"importance": true`` as 1.0.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Mapping
from datetime import datetime
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, Strict, ValidationError, field_validator

from .auth import name_form, user_name
from .errors import InvalidInput
from .ids import MAX_ID_CHARS, check_id, check_made_id, too_long, unstorable
from .limits import MAX_BATCH, MAX_INSTRUCTIONS_CHARS, MAX_JSON_DEPTH, MAX_LIMIT, MAX_MESSAGES
from .messages import problems
from .models import MemoryType, Subject, Visibility
from .permissions import MAX_OWNER_CHARS, OWNER_FORMS, owner_form
from .text.words import normalize_content
from .timeutil import iso_z, now_utc, parse_time

__all__ = [
    "FILTER_CHARS",
    "MAX_BATCH",
    "MAX_CONTENT_CHARS",
    "MAX_ID_CHARS",
    "MAX_INSTRUCTIONS_CHARS",
    "MAX_JSON_DEPTH",
    "MAX_LIMIT",
    "MAX_MESSAGES",
    "MAX_QUERY_CHARS",
    "StoreRequest",
    "check_choice",
    "check_defaults",
    "check_flag",
    "check_id",
    "check_instructions",
    "check_made_id",
    "check_integer",
    "check_number",
    "check_json",
    "check_storable",
    "filter_text",
    "item_place",
    "related_user_form",
    "space_form",
    "space_spellings",
    "store_items",
    "too_deep",
    "validate_store",
    "write_space",
]

MAX_CONTENT_CHARS = 32_000
#: a recall, search or forget-by-query question, on every surface (the REST API's limit since it began)
MAX_QUERY_CHARS = 10_000
#: a subject's name or id
MAX_SUBJECT_CHARS = 500


class StoreRequest(BaseModel):
    # strict; enum fields take their values' names too (Strict(False)), as every surface sends them
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    content: str = Field(min_length=1, max_length=MAX_CONTENT_CHARS)
    source: str | None = Field(default=None, max_length=200)
    replaces: str | None = None
    space: str | None = Field(default=None, max_length=200)
    type: Annotated[MemoryType, Strict(False)] = MemoryType.FACT
    subject: Subject | None = None
    related_user: str | None = Field(default=None, max_length=200)
    importance: float = Field(default=0.5, ge=0.0, le=1.0)
    confidence: float = Field(default=1.0, ge=0.0, le=1.0)
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    observed_at: datetime | None = None
    expires_at: datetime | None = None
    data: dict[str, Any] | None = None
    provenance: dict[str, Any] | None = None
    visibility: Annotated[Visibility, Strict(False)] = Visibility.PERSONAL
    #: ``team:<name>``, ``agent:<name>``, ``workspace`` or ``user:<the caller>``; default: the caller for
    #: personal items, the workspace for shared ones
    owner: str | None = Field(default=None, max_length=MAX_OWNER_CHARS)
    auto_supersede: bool = True

    @field_validator("content")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("must not be blank")
        if not normalize_content(value):  # "?", "...", a zero-width space: all one duplicate key
            raise ValueError("must say something: it has only punctuation or invisible characters")
        return value.strip()

    @field_validator("space")
    @classmethod
    def _space(cls, value: str | None) -> str | None:
        if value == "*":
            raise ValueError("'*' means every space when reading; it cannot be written to")
        return space_form(value) or None

    @field_validator("owner")
    @classmethod
    def _owner(cls, value: str | None) -> str | None:
        if value is None:
            return value
        try:
            return owner_form(value)  # (every name in NFC: ``auth.name_form``)
        except InvalidInput:
            raise ValueError(OWNER_FORMS) from None

    @field_validator("replaces")
    @classmethod
    def _replaces(cls, value: str | None) -> str | None:
        if value is not None and len(value) > MAX_ID_CHARS:  # (``check_id``'s rule: never quoted back)
            raise ValueError(too_long(value))
        # a blank one is none, as "" always was (and a blank subject, space or related_user is): " " was
        # looked up and answered "no memory ' ' visible" (a 404), where "" stored the memory
        return value if value is None or value.strip() else None

    @field_validator("related_user")
    @classmethod
    def _related_user(cls, value: str | None) -> str | None:
        # a blank one is none (the caller), as "" always was and as a blank subject or space is: " " was
        # kept and then failed as the external id "user: " (a ValueError; a 500 over REST)
        return None if value is None else related_user_form(value)

    @field_validator("subject", mode="before")
    @classmethod
    def _subject(cls, value: Any) -> Any:
        if isinstance(value, Subject):  # a read memory's subject: its entity is read, never written
            # (one stored with a blank name before that was refused reads back with its id as its name)
            name = value.name if isinstance(value.name, str) and value.name.strip() else value.id
            return {"id": value.id, "name": name}
        if isinstance(value, dict):
            value = {k: v for k, v in value.items() if k not in ("entity_id", "entity_name")}
            if "name" not in value and "id" not in value:  # only the name is required (the id is made of it)
                value["id"] = ""
        elif value is not None and not isinstance(value, str):  # (REST's words: a name is taken too)
            raise ValueError("must be a string or an object")
        if isinstance(value, str):
            name = value.strip()
            if not name:
                return None
            value = {"id": " ".join(name.casefold().split()), "name": name}
        if isinstance(value, dict) and any(
            isinstance(value.get(k), str) and len(value[k]) > MAX_SUBJECT_CHARS for k in ("id", "name")
        ):  # (the REST API's limit, for every surface)
            raise ValueError(f"at most {MAX_SUBJECT_CHARS} characters")
        if isinstance(value, dict) and isinstance(value.get("name"), str) and not value["name"].strip():
            # stored, a subject with a blank name (and a blank id) read back as none at all: refused on
            # every surface (a subject given as a blank string is no subject, as a blank space is none)
            raise ValueError("its name must not be blank (leave subject out for none)")
        if (
            isinstance(value, dict)
            and "name" in value
            and not (isinstance(value.get("id"), str) and value["id"].strip())
        ):  # a blank id is none: the name's key is the id
            return {**value, "id": " ".join(str(value["name"]).casefold().split())}
        return value

    @field_validator("valid_from", "valid_to", "observed_at", "expires_at", mode="before")
    @classmethod
    def _time(cls, value: Any, info: Any) -> Any:
        return parse_time(value, info.field_name)


def check_choice(value: object, field: str, choices: tuple[str, ...]) -> str:
    """``value`` if it is one of ``choices``, else InvalidInput in the words a store's type or visibility
    is refused in on every surface (pydantic's, through ``messages.problem``): ``mode: must be one of
    'chat' or 'agent'`` (an extraction's mode and ceiling, a conversation's visibility said ``mode:
    'chat' or 'agent', not 'x'`` to the SDK and the REST API's words over REST)."""
    if isinstance(value, str) and value in choices:
        return value
    listed = (
        ", ".join(repr(c) for c in choices[:-1]) + f" or {choices[-1]!r}"
        if len(choices) > 1
        else repr(choices[0])
    )
    raise InvalidInput(f"{field}: must be one of {listed}")


def related_user_form(value: str) -> str | None:
    """A memory's ``related_user`` as stored and as a filter finds it: outer spaces dropped (" kalina "
    was kept as given, and then only " kalina " found it), in NFC as every user name; blank is none
    (storing: the caller; filtering: no filter, as "" and a blank subject are)."""
    value = value.strip()
    return user_name(value) if value else None


def space_form(value: str | None) -> str | None:
    """A space's name as memlane keeps and filters it: Unicode NFC, as every user, team, agent and
    workspace name (``auth.name_form``). "café" typed with a composed é and with e + a combining accent
    were two spaces: a memory stored in one was not found by a filter typed the other way. Migration 40
    (``storage/space_names.py``) normalised the stored ones."""
    return value if not value or value == "*" else name_form(value)


def write_space(value: object) -> str | None:
    """The space an extraction or an import writes to, checked as a stored memory's (text of at most 200
    characters, not ``*``) and in the form memlane keeps it (``space_form``): once, where every surface's
    call enters the service, so that the memories, the duplicate checks, the neighbour search and the
    records of work done (``extracted_exchanges``) all see one spelling. None: no space. (A number
    failed with a TypeError in ``extract``; an import reported every item invalid.)"""
    if value == "*":
        raise InvalidInput("space: '*' means every space when reading; it cannot be written to")
    return filter_text(value, "space") or None


def space_spellings(space: str | None) -> list[str | None]:
    """The spellings a record of work done for ``space`` (as ``write_space`` gives it: NFC) may hold:
    its own, and its decomposed form (NFD). A memlane older than migration 40 hashed the space as the
    caller typed it into what it recorded (an extraction's exchange hash, an import's conversation
    marker); a hash cannot be folded like a stored name, so the forms callers type (composed, or
    decomposed as macOS file names and some keyboards give it) are both looked up. (A space typed in a
    mix of the two before migration 40 is not recognised: its work is done again, and the duplicate
    check keeps its memories from being stored twice.)"""
    if not space:
        return [space]
    return list(dict.fromkeys([space, unicodedata.normalize("NFD", space)]))


#: the longest text a filter takes: a stored field's own bound (a longer one can match nothing)
FILTER_CHARS = {"space": 200, "subject": MAX_SUBJECT_CHARS, "related_user": 200, "sources": 200}


def filter_text(value: object, field: str, kind: str | None = None) -> str | None:
    """A recall, search or list filter's text (``space``, ``subject``, ``related_user``, a source; its
    ``kind`` names its bound in ``FILTER_CHARS`` when ``field`` does not), or InvalidInput: a value
    that is not text (a subject's number failed with an AttributeError; a space's matched nothing on
    SQLite and was a 503 on PostgreSQL), one with a NUL (SQLite matched nothing, PostgreSQL refused it
    in its own words), in the store's words, or one longer than the field stores (the embedded SDK
    matched nothing, the REST API refused it as ``query.related_user: …``). The remote SDK checks its
    query parameters with it before sending (a number became the text "5")."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise InvalidInput(f"{field}: must be a string")
    most = FILTER_CHARS[kind or field]
    if len(value) > most:
        raise InvalidInput(f"{field}: must have at most {most:,} characters")
    check_storable(value, field)
    return space_form(value) if (kind or field) == "space" else value


def check_storable(value: Any, field: str, *, _depth: int = 0, _root: str | None = None) -> None:
    """InvalidInput if ``value`` (text, or lists and objects of it, keys included) holds a character no
    backend stores: NUL (PostgreSQL's text and jsonb refuse it; SQLite kept it) or a lone surrogate
    (not Unicode: no UTF-8 for it), or lists and objects nested deeper than ``MAX_JSON_DEPTH``. Checked
    before anything is written, so both backends refuse alike."""
    if isinstance(value, str):
        problem = unstorable(value)
        if problem is not None:
            raise InvalidInput(f"{field}: {problem}")
    elif isinstance(value, dict):
        _check_depth(_depth, _root or field)
        for key, item in value.items():
            check_storable(key, f"{field} (a key)")
            check_storable(item, f"{field}.{key}" if isinstance(key, str) and key.isprintable() else field,
                           _depth=_depth + 1, _root=_root or field)  # fmt: skip
    elif isinstance(value, list | tuple):
        _check_depth(_depth, _root or field)
        for i, item in enumerate(value):
            check_storable(item, f"{field}[{i}]", _depth=_depth + 1, _root=_root or field)


def _check_depth(depth: int, root: str) -> None:
    """A list or object at ``depth`` (0: the value itself) past the bound: refused by the field's name. A
    deeper one was stored, then broke every read that renders it (pydantic's serializer stops at 255
    levels: an export, a REST page), and past ~1,000 levels the check itself hit Python's recursion limit."""
    if depth >= MAX_JSON_DEPTH:
        raise InvalidInput(too_deep(root))


def too_deep(field: str) -> str:
    """What every surface says of a JSON value nested past ``MAX_JSON_DEPTH`` (the CLI and the REST API
    of one too deep for Python's JSON parser, which they read before the service can check it)."""
    return f"{field}: lists and objects nested more than {MAX_JSON_DEPTH} levels deep"


def check_json(value: Any, field: str, *, _depth: int = 0, _root: str | None = None) -> None:
    """InvalidInput if ``value`` (a memory's ``data`` or ``provenance``) holds what is not JSON, which
    would not read back as given: NaN or an infinity (SQLite kept it, PostgreSQL's jsonb and every JSON
    answer refuse it), a key that is not text (``1`` read back as ``"1"``), bytes, a set, a date or any
    other object (a TypeError from deep in the store), or lists and objects nested deeper than
    ``MAX_JSON_DEPTH`` (the remote SDK checks before it sends)."""
    if isinstance(value, dict):
        _check_depth(_depth, _root or field)
        for key, item in value.items():
            if not isinstance(key, str):
                raise InvalidInput(f"{field}: a key must be text, not {type(key).__name__} ({key!r})")
            check_json(item, f"{field}.{key}" if key.isprintable() else field, _depth=_depth + 1,
                       _root=_root or field)  # fmt: skip
    elif isinstance(value, list | tuple):
        _check_depth(_depth, _root or field)
        for i, item in enumerate(value):
            check_json(item, f"{field}[{i}]", _depth=_depth + 1, _root=_root or field)
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise InvalidInput(f"{field}: NaN and Infinity are not JSON numbers")
    elif value is not None and not isinstance(value, str | bool | int):
        raise InvalidInput(f"{field}: a {type(value).__name__} is not a JSON value (text, a number, true,"
                           " false, null, a list or an object)")  # fmt: skip


def store_items(items: Any) -> list[dict[str, Any]]:
    """A batch's items as store fields (a string is its content), numbered from 0 as the service and
    REST (``items.1``) number them. A string or bytes is not a batch: iterated, ``"abc"`` stored the
    memories "a", "b" and "c"; an item of another type failed with a TypeError."""
    if isinstance(items, str | bytes) or items is None or isinstance(items, Mapping):
        raise InvalidInput(
            "items: a list of memories (strings or objects of store fields), not "
            + ("one string: pass [text]" if isinstance(items, str) else f"a {type(items).__name__}")
        )
    out: list[dict[str, Any]] = []
    for i, item in enumerate(items):
        if isinstance(item, str):
            out.append({"content": item})
        elif isinstance(item, Mapping):
            out.append(dict(item))
        else:
            raise InvalidInput(
                f"{item_place(i)}a string or an object of store fields, not a {type(item).__name__}"
            )
    return out


#: the store fields whose null is "the default" (as the REST API reads a JSON null): None refused them in
#: the SDK ("type: must be one of …", "importance: must be a number") where REST stored the default
_NULL_IS_DEFAULT = frozenset({"type", "visibility", "importance", "confidence", "auto_supersede"})


def item_place(i: int) -> str:
    """Where a batch's problem is, before its words: ``item 3: `` (the service, both SDKs and REST)."""
    return f"item {i}: "


def validate_store(fields: dict[str, Any], *, where: str = "", field: str = "") -> StoreRequest:
    """A ``StoreRequest`` or InvalidInput naming every problem (``where`` prefixes it, e.g. "item 3: ";
    ``field`` each field's name, e.g. "defaults.")."""
    fields = {k: v for k, v in fields.items() if v is not None or k not in _NULL_IS_DEFAULT}
    try:
        request = StoreRequest(**fields)
        if request.valid_from and request.valid_to and request.valid_to < request.valid_from:
            raise InvalidInput("valid_to: must not be before valid_from")  # as an edge's window
        if request.expires_at is not None and request.expires_at <= now_utc():
            # stored, it would be gone for every read at once (and "stored" then 404 on get)
            raise InvalidInput(
                f"expires_at: {iso_z(request.expires_at)} is in the past; a memory that has expired is never"
                " read, so nothing was stored (leave expires_at out, or give a later time)"
            )
        for name in ("content", "source", "space", "related_user", "owner", "subject", "data", "provenance",
                     "replaces"):  # fmt: skip
            value = getattr(request, name)
            check_storable(value.model_dump() if isinstance(value, BaseModel) else value, name)
        for name in ("data", "provenance"):
            check_json(getattr(request, name), name)
        return request
    except ValidationError as exc:  # in plain words, not pydantic's ("String should have at least…")
        raise InvalidInput(f"{where}{problems(exc, field)}") from None
    except InvalidInput as exc:
        raise InvalidInput(f"{where}{field}{exc}") from None


def check_defaults(defaults: Mapping[str, Any]) -> None:
    """InvalidInput if a batch's ``defaults`` (every store field but the content) are not valid store
    fields themselves, named as ``defaults.importance: must be at most 1`` on every surface: the SDK said
    ``item 0: importance: …`` (and kept a ``content`` default it then ignored), the REST API
    ``defaults.importance: …`` for some fields and ``item 0: type: …`` for others."""
    if not defaults:
        return
    if "content" in defaults:
        raise InvalidInput("defaults.content: is not a known field")
    validate_store({**defaults, "content": "defaults"}, field="defaults.")


def check_integer(value: object, name: str, low: int, high: int) -> int:
    """``value`` if it is an integer (not a bool, not a float) between ``low`` and ``high``."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidInput(f"{name}: must be an integer between {low:,} and {high:,}")
    return value


def check_number(value: object, name: str, low: float, high: float) -> float:
    """``value`` as a float if it is a finite number (an int or float, not a bool) in ``low..high``."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise InvalidInput(f"{name}: must be a number between {low:g} and {high:g}")
    return float(value)


def check_instructions(value: object) -> str | None:
    """Extraction instructions (a profile's, an ``extract`` call's): None, or text of at most
    ``MAX_INSTRUCTIONS_CHARS``: the one rule and the one wording of every surface."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise InvalidInput("instructions: must be a string")
    if len(value) > MAX_INSTRUCTIONS_CHARS:
        raise InvalidInput(f"instructions: must have at most {MAX_INSTRUCTIONS_CHARS:,} characters")
    return value


def check_flag(value: object, name: str) -> bool:
    """``value`` if it is ``True`` or ``False`` (not 1, not "false")."""
    if not isinstance(value, bool):
        raise InvalidInput(f"{name}: must be true or false")
    return value
