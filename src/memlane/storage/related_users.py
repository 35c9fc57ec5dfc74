"""Stored ``related_user`` values in the form a store and a filter give them (migration 38, both backends).

Since ``requests.related_user_form`` a memory's related user is kept and filtered with its outer spaces
dropped and in Unicode NFC, and a blank one is none (storing: the caller). Memories stored before that
may hold " kalina " or "kalina\\t" (kept as given), which the filter "kalina" (and " kalina ", now read
as "kalina") no longer found. This step rewrites them, in the migration's transaction (all or nothing);
every version of a memory is a row of ``memories``, so the history follows. A blank one becomes the
user who stored that version (``author``; for a row without one, the owner's name when a user owns it),
as a blank one given on store means the caller; with neither it is none. Running it again changes
nothing. The entities a memory's ``related_user`` link points at are migration 39's
(``storage/user_entities.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

__all__ = ["RELATED_USERS", "RELATED_USER_FORM", "STEP", "related_user_updates"]

#: the step's number: both backends run ``related_user_updates`` in Python after it
RELATED_USER_FORM = 38

#: the step as both backends' migration lists hold it (the SQL is nothing; the work is in Python)
STEP = (
    RELATED_USER_FORM,
    "a memory's related_user in the form a store and a filter give it (requests.related_user_form):"
    " outer spaces dropped, Unicode NFC, a blank one the user who stored it (storage/related_users.py)",
    "SELECT 1;",
)

#: the rows the step reads: (seq, related_user, author, owner)
RELATED_USERS = "SELECT seq, related_user, author, owner FROM memories WHERE related_user IS NOT NULL"


def related_user_updates(rows: Iterable[Sequence[Any]]) -> list[tuple[str | None, int]]:
    """(new related_user, seq) of the rows whose ``related_user`` is not in ``related_user_form``."""
    from ..auth import user_name
    from ..requests import related_user_form

    out: list[tuple[str | None, int]] = []
    for seq, value, author, owner in rows:
        new = related_user_form(value)
        if new is None:
            caller = author if author else (owner[5:] if owner and owner.startswith("user:") else None)
            new = related_user_form(user_name(caller)) if caller else None
        if new != value:
            out.append((new, seq))
    return out
