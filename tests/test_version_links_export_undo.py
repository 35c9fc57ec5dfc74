"""The version-link rule (``storage/version_links.py``) on the reads it was not yet checked on: the
export and consolidation's undo, on a store holding a chain of two scopes (alice's personal version ->
her shared one -> her personal one, linked behind the store's back as a restore before
``transfer_export._one_scope`` left such chains; ``tests/test_version_links_scope.py``).

- The export reads through ``list_page`` (the filtered list read): bob's names none of alice's personal
  memories' ids, in its memories' links or anywhere else in the file.
- Consolidation's own reads (``iter_all``) keep the links as stored: they decide which memories are
  current, and nothing of them reaches the caller but the ids of memories it may read. Its undo's refusal
  of a memory superseded since named the successor's id: alice's personal memory, told to bob.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from backends import rows
from memlane import InvalidInput
from servers import Stack
from test_version_links_scope import SHARED, _mixed_chain


def test_an_export_by_bob_names_none_of_alices_personal_versions(stack: Stack, db_path: Path | str) -> None:
    before, shared, after = _mixed_chain(stack, db_path)
    text = "\n".join(stack.mem.export(user="bob"))
    assert before not in text and after not in text
    records = [json.loads(line) for line in text.splitlines()[1:]]
    memories = [r["memory"] for r in records if "memory" in r]
    assert [(m["id"], m["replaces"], m["superseded_by"]) for m in memories] == [(shared, None, None)]
    # alice's export keeps the chain as it is linked
    mine = [json.loads(line) for line in stack.mem.export()][1:]
    linked = {r["memory"]["id"]: (r["memory"]["replaces"], r["memory"]["superseded_by"]) for r in mine
              if "memory" in r}  # fmt: skip
    assert linked[shared] == (before, after)


def test_undoing_a_consolidation_superseded_since_by_another_scope_does_not_name_it(
    stack: Stack, db_path: Path | str
) -> None:
    mem = stack.mem
    before, shared, after = _mixed_chain(stack, db_path)
    # the shared version is a consolidation's memory (as one restored from an export is)
    provenance = json.dumps({"consolidated": [{"id": before, "content": SHARED}]}).replace("'", "''")
    rows(db_path, f"UPDATE memories SET source = 'consolidation', provenance = '{provenance}'"
                  f" WHERE id = '{shared}' RETURNING id")  # fmt: skip
    with pytest.raises(InvalidInput) as bobs:
        mem.undo_consolidation(shared, user="bob")
    assert "superseded" in str(bobs.value) and after not in str(bobs.value) and before not in str(bobs.value)
    with pytest.raises(InvalidInput) as alices:  # she reads it: it is named to her
        mem.undo_consolidation(shared)
    assert f"superseded by {after}" in str(alices.value)
