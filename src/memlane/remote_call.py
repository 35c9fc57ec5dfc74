"""One HTTP request of a remote SDK method (``Call``) and the helpers every request builder shares. A leaf
module: ``remote.py`` and ``remote_profiles.py`` both build their requests with it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar
from urllib.parse import quote

from .errors import InvalidInput
from .ids import check_id, check_made_id

__all__ = ["Call", "given", "id_segment", "segment"]

T = TypeVar("T")


@dataclass(frozen=True)
class Call(Generic[T]):
    """One HTTP request of an SDK method, and how to read its JSON answer."""

    method: str
    path: str
    parse: Callable[[Any], T]
    user: str | None = None
    json: Any = None
    params: Any = None
    #: a multipart upload: ``files`` (httpx's form) and the form's text fields
    files: Any = None
    data: Any = None


def given(**fields: Any) -> dict[str, Any]:
    """The fields that were given (not None)."""
    return {k: v for k, v in fields.items() if v is not None}


def segment(value: str, name: str) -> str:
    """An id as one URL path segment (an id with '/' or '?' must not change the route).

    An id with '/' in it, or '.' or '..', cannot be one: the server decodes '%2F' into a '/' before it
    routes, and '.' and '..' are removed from a URL's path as a move to this or the parent folder. Such
    an id (a conversation's or a profile's given by the embedded SDK) is refused here with its reason,
    not sent to an endpoint that does not exist (whose 404 reads as a wrong server URL). A blank or an
    over-long one is refused first by the service's own rule (``ids.check_id``), in its words."""
    check_id(value, name)
    if "/" in value or value in (".", ".."):
        raise InvalidInput(f"{value!r} cannot be sent in a URL path ('/', '.' and '..' cannot); use its id")
    return quote(value, safe="")


def id_segment(value: str, name: str) -> str:
    """An id memlane makes (a memory's, an entity's, a run's) as one URL path segment, refused first by
    the service's own rule (``ids.check_made_id``), in its words: one with a '/' is no such id."""
    return segment(check_made_id(value, name), name)
