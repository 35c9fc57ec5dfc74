"""What records work done for a space (an extraction's exchange hash, an import's conversation marker,
``extracted_exchanges``) sees the space as its memories do: checked and put in NFC once, where the
call enters the service (``requests.write_space``). A memlane older than migration 40 hashed the space
as typed; migration 40 folded its memories but cannot fold a hash, so an extraction or an import first
run in "cafe\\u0301" was done again when run again, typed either way (its facts then found "already
known"). It is recognised now (``extracting.done_before``). Both backends."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from pathlib import Path

import pytest

from backends import rows
from export_fixtures import chatgpt_chats_export
from memlane import InvalidInput, Memlane

NFC = unicodedata.normalize("NFC", "café")
NFD = unicodedata.normalize("NFD", "café")
SAID = [{"role": "user", "text": "I moved to Lyon last month and I work at Acme as a baker."}]


def _before_40(db_path: Path | str, monkeypatch: pytest.MonkeyPatch, work: Callable[[Memlane], None]) -> None:
    """``work`` done by a memlane of before migration 40 (spaces kept and hashed as typed), then the
    store opened by this one (migration 40 folds its memories' spaces)."""
    with monkeypatch.context() as older:
        older.setattr("memlane.requests.name_form", lambda value: value)
        with Memlane(db_path, user="alice", embedder="none") as m:
            work(m)
    assert {s for (s,) in rows(db_path, "SELECT DISTINCT space FROM memories")} == {NFD}
    rows(db_path, "DELETE FROM schema_migrations WHERE version >= 40")


def test_an_extraction_done_in_a_decomposed_space_is_done(
    db_path: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _before_40(db_path, monkeypatch, lambda m: m.extract(SAID, space=NFD))
    with Memlane(db_path, user="alice", embedder="none") as m:
        for typed in (NFD, NFC):
            again = m.extract(SAID, space=typed)
            done = (again.extracted, again.reason)
            assert done == (False, "this exchange was already extracted"), ascii(typed)
        assert {x.space for x in m.list_recent(space=NFC)} == {NFC}


def test_an_import_done_in_a_decomposed_space_is_done(
    db_path: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    export = chatgpt_chats_export(2)
    _before_40(db_path, monkeypatch, lambda m: m.import_file(export, conversations=True, space=NFD))
    memories = rows(db_path, "SELECT count(*) FROM memories")
    with Memlane(db_path, user="alice", embedder="none") as m:
        for typed in (NFD, NFC):
            again = m.import_file(export, conversations=True, space=typed).conversations
            assert again is not None
            assert (again.messages_appended, again.exchanges_extracted, again.memories_added) == (0, 0, 0)
    assert rows(db_path, "SELECT count(*) FROM memories") == memories


def test_the_space_of_an_extraction_or_import_is_checked_once_by_the_service(mem: Memlane) -> None:
    for space, said in ((5, "space: must be a string"), ("*", "space: '*' means every space when reading")):
        with pytest.raises(InvalidInput, match=f"^{re.escape(said)}"):  # (a TypeError for 5 in extract)
            mem.extract(SAID, space=space)  # type: ignore[arg-type]
        with pytest.raises(InvalidInput, match=f"^{re.escape(said)}"):  # (every item reported invalid)
            mem.import_file(b"I moved to Lyon last month.", "text", space=space)  # type: ignore[arg-type]
    assert mem.list_recent(space="*") == []
