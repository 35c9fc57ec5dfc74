"""Stored spaces and profile names in Unicode NFC (migration 40, both backends), as user, team, agent
and workspace names (migrations 32 and 33): one rule for every name a caller types (``auth.name_form``).

Before, "café" written with a composed é (U+00E9) and with e + U+0301 were two spaces: a memory stored
in one was not found by a filter typed the other way, and a duplicate said in both was kept twice. A
profile's name was checked in NFC when created but looked up as typed. Every space and profile name
that enters is now normalised (``requests.space_form``); this step normalises the stored ones, in the
migration's transaction (all or nothing; running it again changes nothing).

A space is a label on memories, not an owner: two spellings of one space are the one space the caller
meant, so their memories are **folded** into it (each memory keeps its id, content, history, owner and
links; only the label's bytes change). Where that would leave two current memories saying the same
thing in one scope, space and profile (the store's one-current-per-content rule), the step is
**refused** (``StorageError`` naming both, nothing changed), as two names that become one are in
migration 33: which of the two to keep (their data, importance, links differ) is the owner's choice,
not memlane's. Two profiles whose names become one are refused alike. The operator forgets or moves
one of each pair with the memlane version that wrote them and opens the store again.

The conversation id is not a name: a client's opaque key, kept byte for byte (``conversations``).

The memories' column is the only stored space (profiles have names, not spaces). What records work done
for a space (``extracted_exchanges``: an extraction's exchange hash, an import's conversation marker)
holds hashes of the space as an older memlane was given it: a hash cannot be folded, so the lookup
tries the space's composed and decomposed forms instead (``extracting.done_before``).
"""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Any

from ..errors import StorageError

__all__ = ["SPACE_NAMES_NFC", "STEP", "normalise_spaces", "space_plan"]

#: the step's number: both backends run ``space_plan`` in Python after it
SPACE_NAMES_NFC = 40

#: the step as both backends' migration lists hold it (the SQL is nothing; the work is in Python)
STEP = (
    SPACE_NAMES_NFC,
    "spaces and profile names in Unicode NFC (requests.space_form): a space written two ways is one space,"
    " its memories folded into it; two current memories that become one, or two profiles, are refused"
    " (storage/space_names.py)",
    "SELECT 1;",
)

Rows = Callable[[str, Sequence[Any]], list[Any]]


def _nfc(value: str) -> str:
    return unicodedata.normalize("NFC", value)


def space_plan(rows: Rows, mark: str) -> list[tuple[str, str]]:
    """(new, old) of every stored space not in NFC, or StorageError (before anything is written) when
    folding would make two current memories one, or two profiles' names are one. ``rows(sql, params)``
    reads; ``mark`` is the backend's parameter mark."""
    spaces = [str(r[0]) for r in rows("SELECT DISTINCT space FROM memories", ())]
    renames = [(_nfc(s), s) for s in spaces if _nfc(s) != s]
    clashes: list[str] = []
    if renames:
        forms = sorted({new for new, _ in renames})
        spellings = sorted({s for s in spaces if _nfc(s) in forms})
        marks = ", ".join([mark] * len(spellings))
        current: dict[tuple[Any, ...], list[str]] = defaultdict(list)
        for memory_id, workspace, owner, visibility, space, profile, digest in rows(
            "SELECT id, workspace, owner, visibility, space, COALESCE(profile_id, ''), content_hash"
            f" FROM memories WHERE superseded_by IS NULL AND space IN ({marks}) ORDER BY seq",
            spellings,
        ):
            current[(workspace, owner, visibility, _nfc(str(space)), profile, digest)].append(str(memory_id))
        clashes += [
            f"memories {', '.join(ids)} (space {key[3]!r}, {key[1]})"
            for key, ids in current.items()
            if len(ids) > 1
        ]
    profiles: dict[tuple[str, str], list[str]] = defaultdict(list)
    for workspace, name in rows("SELECT workspace, name FROM profiles ORDER BY name", ()):
        profiles[(str(workspace), _nfc(str(name)))].append(str(name))
    clashes += [
        f"profiles {names!r} (workspace {ws!r})" for (ws, _), names in profiles.items() if len(names) > 1
    ]
    if clashes:
        raise StorageError(
            "cannot upgrade the store (migration 40, spaces and profile names in Unicode NFC): these are one in"
            f" NFC but two here: {'; '.join(clashes)}. memlane does not choose which to keep; nothing was"
            " changed. Forget one of each pair of memories (or move it to another space) and rename one of"
            " each pair of profiles with the memlane version that wrote them, then open the store again"
        )
    return renames


Writes = Callable[[str, list[tuple[str, str]]], Any]


def normalise_spaces(rows: Rows, write: Writes, mark: str) -> None:
    """Migration 40 on one backend: every stored space and profile name in NFC, or StorageError (nothing
    changed). ``write(sql, params_list)`` runs one statement per parameter tuple."""
    renames = space_plan(rows, mark)
    if renames:
        write(f"UPDATE memories SET space = {mark} WHERE space = {mark}", renames)
    names = [
        (_nfc(str(n)), str(i)) for i, n in rows("SELECT id, name FROM profiles", ()) if _nfc(str(n)) != str(n)
    ]
    if names:
        write(f"UPDATE profiles SET name = {mark} WHERE id = {mark}", names)
