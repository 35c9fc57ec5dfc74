"""Time-ordered unique ids (UUIDv7, RFC 9562): sortable by creation time, unique across processes."""

from __future__ import annotations

import hashlib
import os
import threading
import time
import uuid

from .errors import InvalidInput, typed

#: an id or a name a caller looks something up by (a memory, an entity, a key, a user, a team, a profile,
#: a job, a run): no id memlane makes or keeps is longer (restored foreign ids, names: 1-200 characters)
MAX_ID_CHARS = 200

_lock = threading.Lock()
_last_ms = 0
_counter = 0


def new_id() -> str:
    """A UUIDv7 string; ids made in one process are strictly increasing even within a millisecond."""
    global _last_ms, _counter
    with _lock:
        ms = time.time_ns() // 1_000_000
        if ms <= _last_ms:
            ms = _last_ms
            _counter += 1
            if _counter > 0xFFF:  # 12-bit counter exhausted: borrow the next millisecond
                ms += 1
                _counter = 0
        else:
            _counter = int.from_bytes(os.urandom(2), "big") & 0x3FF  # random start, room to count up
        _last_ms = ms
        counter = _counter
    rand = int.from_bytes(os.urandom(8), "big") & ((1 << 62) - 1)
    value = (ms & ((1 << 48) - 1)) << 80 | 0x7 << 76 | counter << 64 | 0b10 << 62 | rand
    return str(uuid.UUID(int=value))


def scoped_id(old: str, scope: tuple[str, ...]) -> str:
    """The id an item of an export whose own id ``old`` is not already in ``scope`` is restored under: a
    function of ``old`` and ``scope`` only, so that restoring the same file into the same scope again
    finds it, and where it is restored never depends on who else holds ``old`` (no answer may depend on
    data the caller may not see). A UUIDv7 keeps its time (ids stay ordered by creation); the rest comes
    from a hash of the scope and ``old``."""
    digest = int.from_bytes(hashlib.sha256("\x00".join((*scope, old)).encode("utf-8")).digest()[:16], "big")
    try:
        parsed = uuid.UUID(old)
        ms = parsed.int >> 80 if parsed.version == 7 else digest >> 80
    except ValueError:
        ms = digest >> 80
    counter = (digest >> 64) & 0xFFF
    rand = digest & ((1 << 62) - 1)
    value = (ms & ((1 << 48) - 1)) << 80 | 0x7 << 76 | counter << 64 | 0b10 << 62 | rand
    return str(uuid.UUID(int=value))


def check_id(value: object, name: str) -> str:
    """``value`` if it is a non-blank string of at most ``MAX_ID_CHARS``: a blank id is a mistake to name
    (invalid input, as the remote client and the REST API's bodies say it), not an id that happens to be
    unknown; a longer one is no id memlane has, refused without quoting it (a 5,000-character id came
    back whole in the "no memory '…'" answer on every surface)."""
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput(f"{name}: an id is required")
    if len(value) > MAX_ID_CHARS:
        raise InvalidInput(f"{name}: {too_long(value)}")
    problem = unstorable(value)
    if problem is not None:  # (no id has one: the driver's encoder failed on a lone surrogate, a 500)
        raise InvalidInput(f"{name}: {problem}")
    return value


def unstorable(value: str) -> str | None:
    """Why no backend stores or binds ``value`` (``requests.check_storable``'s words), or None: a NUL
    (PostgreSQL's text refuses it; SQLite kept it) or a lone surrogate (not Unicode: no UTF-8 for it)."""
    if "\x00" in value:
        return "the NUL character (U+0000) cannot be stored"
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as exc:
            return f"a lone surrogate (U+{ord(value[exc.start]):04X}) is not Unicode text"
    return None


def check_unicode(value: str, field: str) -> None:
    """InvalidInput, in ``unstorable``'s words, if ``value`` has a NUL or a lone surrogate: text that is
    only read (a recall or search query, an entity name to look up, a time filter) is refused as stored
    text is, by one rule, so every surface says the same (the embedded SDK searched for a lone surrogate
    the others refused; both SDKs searched for a NUL on SQLite, which PostgreSQL cannot bind)."""
    problem = unstorable(value)
    if problem is not None:
        raise InvalidInput(f"{field}: {problem}")


def check_made_id(value: object, name: str) -> str:
    """``value`` if it passes ``check_id`` and can be an id memlane makes (a memory's, an entity's, a
    merge's or a consolidation run's: a UUIDv7, and a restored one is its scope's, ``scoped_id``): never
    one with a '/' nor '.' or '..', none of which can be a URL path segment (/v1/memories/ID). Such an id
    is refused in these words on every surface: the embedded SDK answered "no memory 'a/b' visible to
    ana", the remote one that it "cannot be sent in a URL path", the REST API a 404 of no route."""
    check_id(value, name)
    assert isinstance(value, str)
    problem = not_made(value, name)
    if problem is not None:
        raise problem
    return value


def not_made(value: str, name: str) -> InvalidInput | None:
    """``check_made_id``'s refusal of ``value``, or None. A lookup by id that finds nothing raises this
    rather than its "no such item" (one message for an id that names nothing, on every surface), but
    only once it has looked: a memory or an entity restored with such an id before restores gave every
    item its scope's id (``scoped_id``, 2 Dec 2026) is still its owner's to read, change and forget by
    id through the SDK (a URL path cannot carry it: the remote SDK refuses it before sending)."""
    if "/" in value or value in (".", ".."):
        return InvalidInput(
            f"{name}: {typed('', value)} is no id memlane gives (its ids have no '/' and are not '.' or '..')"
        )
    return None


def too_long(value: str) -> str:
    """What ``check_id`` says of an id longer than ``MAX_ID_CHARS`` (after the field's name): the one
    wording every surface answers with (a field validator raises it as its ``ValueError``)."""
    return f"too long ({len(value):,} characters; an id or a name has at most {MAX_ID_CHARS})"
