"""Importing memories from ChatGPT, Claude and Gemini exports and pasted summaries (issue 14)."""

from __future__ import annotations

import io
import json
import zipfile
from datetime import UTC, datetime
from pathlib import Path

import pytest

from export_fixtures import (
    CLAUDE_PROJECT,
    EMAIL,
    EXPORT_URL,
    LOGIN_IP,
    PASTED,
    PHONE,
    chatgpt_files,
    claude_2026_files,
    claude_legacy_files,
    gemini_activity,
    gemini_takeout_files,
    write_folder,
    zip_bytes,
)
from memlane import InvalidInput, Memlane
from memlane.importers import Limits, read_export


def contents(m: Memlane) -> dict[str, object]:
    return {x.content: x for x in m.list_recent(limit=1000)}


def everything_stored(m: Memlane) -> str:
    return json.dumps([x.model_dump(mode="json") for x in m.list_recent(limit=1000)], ensure_ascii=False)


# -- ChatGPT --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("layout", ["zip", "folder", "sharded-zip", "top-folder-zip", "loose-json"])
def test_chatgpt_layouts_import_the_distilled_memory_only(layout: str, tmp_path: Path, mem: Memlane) -> None:
    files = chatgpt_files(sharded=layout == "sharded-zip")
    if layout == "folder":
        source: object = write_folder(tmp_path / "export", files)
    elif layout == "top-folder-zip":
        source = zip_bytes(
            {**files, "__MACOSX/._conversations.json": b"junk", ".DS_Store": b"\0"}, prefix="chatgpt/"
        )
    elif layout == "loose-json":
        source = tmp_path / "conversations.json"
        source.write_bytes(files["conversations.json"])
    else:
        source = zip_bytes(files)
    result = mem.import_file(source)  # type: ignore[arg-type]
    assert result.vendor == "chatgpt"
    stored = contents(mem)
    assert set(stored) == {
        "Preferred name: Mira", "Role: nurse in Lyon",  # the newest custom instructions only
        "User is vegetarian.", "User lives in Lyon.",  # the memory snapshot
        "User runs three times a week and is training for an April half-marathon.",  # bio on the visible branch
    }  # fmt: skip
    assert result.imported == 5 and result.skipped_invalid == ()
    veg = stored["User is vegetarian."]
    assert veg.source == "imported-chatgpt"  # type: ignore[attr-defined]
    assert veg.observed_at == datetime(2024, 9, 29, tzinfo=UTC)  # type: ignore[attr-defined]
    assert veg.provenance["conversation_id"] == "c-old" and veg.provenance["vendor"] == "chatgpt"  # type: ignore[attr-defined]
    bio = stored["User runs three times a week and is training for an April half-marathon."]
    assert bio.observed_at == datetime.fromtimestamp(1_767_225_603.123456, tz=UTC)  # type: ignore[attr-defined]
    text = everything_stored(mem)
    assert EMAIL not in text and PHONE not in text  # user.json is never read
    assert "surprise party" not in text and "hates running" not in text  # do-not-remember; discarded branch


def test_chatgpt_without_memory_names_what_was_expected(tmp_path: Path) -> None:
    from export_fixtures import chatgpt_conversation

    conv = chatgpt_conversation("c", when=1_767_225_600.0)
    with pytest.raises(InvalidInput, match="custom instructions.*saved-memory snapshot.*--from text"):
        read_export(zip_bytes({"conversations.json": json.dumps([conv]).encode()}))


@pytest.mark.parametrize("layout", ["zip", "loose-json"])
def test_chatgpt_with_nan_times_imports_without_those_times(
    layout: str, tmp_path: Path, mem: Memlane
) -> None:
    """An export whose times are NaN (not JSON, but what Python's json writes for a missing float) is the
    same export with those times missing: it was refused as 'not a recognised export'."""
    files = chatgpt_files()
    convs = json.loads(files["conversations.json"])
    old, new = convs[0], convs[1]
    old["create_time"] = old["update_time"] = float("nan")  # the first item: the one detection reads
    for node in old["mapping"].values():
        if node.get("message"):
            node["message"]["create_time"] = float("nan")
    new["mapping"]["bio-call"]["message"]["create_time"] = float("inf")
    new["mapping"]["u-1"]["message"]["content"]["parts"] = ['a "NaN" and Infinity in text stay as they are']
    raw = json.dumps(convs).encode()
    assert b": NaN" in raw and b": Infinity" in raw
    files["conversations.json"] = raw
    source: object = zip_bytes(files)
    if layout == "loose-json":
        source = tmp_path / "conversations.json"
        source.write_bytes(raw)  # type: ignore[attr-defined]
    result = mem.import_file(source)  # type: ignore[arg-type]
    assert (result.vendor, result.imported, result.skipped_invalid) == ("chatgpt", 5, ())
    stored = contents(mem)
    assert {"Preferred name: Mira", "Role: nurse in Lyon", "User is vegetarian."} <= set(stored)
    assert stored["User is vegetarian."].observed_at == datetime(2024, 9, 29, tzinfo=UTC)  # type: ignore[attr-defined]
    bio = stored["User runs three times a week and is training for an April half-marathon."]
    # its own time is Infinity (missing): the conversation's time stands in, as for a null one
    assert bio.observed_at == datetime.fromtimestamp(1_767_225_600.123456 + 10, tz=UTC)  # type: ignore[attr-defined]


@pytest.mark.parametrize("chunk", [1, 2, 3, 5, 8, 1 << 20])
def test_non_finite_numbers_read_as_null_outside_strings_at_any_chunk_size(
    chunk: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    from memlane.importers import nonfinite

    monkeypatch.setattr(nonfinite, "_CHUNK", chunk)
    value = [{"t": float("nan"), "NaN": 'say "NaN", Infinity \\ -Infinity', "u": [float("inf"), -float("inf"),
              -1.5, 2, None, True], "v": "\\"}]  # fmt: skip
    raw = json.dumps(value).encode()
    read = json.loads(nonfinite.NonFiniteAsNull(io.BytesIO(raw)).read())
    assert read == [{"t": None, "NaN": value[0]["NaN"], "u": [None, None, -1.5, 2, None, True], "v": "\\"}]


# -- Claude ---------------------------------------------------------------------------------------------


def test_claude_legacy_folder_splits_sections_and_tags_projects(tmp_path: Path, mem: Memlane) -> None:
    result = mem.import_file(write_folder(tmp_path / "data-2026-05-03-batch-0000", claude_legacy_files()))
    assert result.vendor == "claude" and result.imported == 6
    stored = contents(mem)
    nurse = stored["Mira is a nurse in Lyon who works night shifts."]
    assert nurse.provenance["section"] == "Work context" and nurse.source == "imported-claude"  # type: ignore[attr-defined]
    rota = stored["Night shifts rotate every 3 weeks."]
    assert rota.data == {"project": "Ward rota"}  # type: ignore[attr-defined]
    assert rota.provenance["project_uuid"] == CLAUDE_PROJECT and rota.provenance["section"] == "Key learnings"  # type: ignore[attr-defined]
    assert "Vegetarian." in stored and "Kitchen renovation, budget 15k EUR." in stored
    assert EMAIL not in everything_stored(mem) and PHONE not in everything_stored(mem)


@pytest.mark.parametrize("layout", ["folder", "outer-zip"])
def test_claude_2026_delivery_with_nested_zips_and_memory_files(layout: str, tmp_path: Path) -> None:
    files = claude_2026_files()
    source: object = write_folder(tmp_path / "claude", files) if layout == "folder" else zip_bytes(files)
    batch = read_export(source)  # type: ignore[arg-type]
    assert batch.vendor == "claude"
    facts = {f.content: f for f in batch.facts}
    assert (
        "Works night shifts" in facts and "Partner is Lea" in facts
    )  # front matter dropped, tag and link read
    assert facts["Works night shifts"].observed_at == datetime(2026, 9, 20, 8, tzinfo=UTC)
    assert facts["Works night shifts"].provenance["path"] == "/profile.md"
    assert facts["Shift-planning helper for the ward."].data == {
        "project": "Ward rota"
    }  # from projects/<uuid>.json
    text = json.dumps([(f.content, f.provenance) for f in batch.facts])
    assert EMAIL not in text and LOGIN_IP not in text and EXPORT_URL not in text


def test_claude_export_without_memory_names_the_file_expected(tmp_path: Path) -> None:
    with pytest.raises(InvalidInput, match=r"memories\.json.*memories/<account>\.json"):
        read_export(zip_bytes(claude_legacy_files(with_memory=False)))
    with pytest.raises(InvalidInput, match="manifest only"):
        read_export(
            write_folder(
                tmp_path / "m", {k: v for k, v in claude_2026_files().items() if k.startswith("manifest")}
            )
        )


def test_claude_loose_memory_json_of_either_shape(tmp_path: Path) -> None:
    for shape in ([{"conversations_memory": PASTED["claude"]}], {"conversations_memory": PASTED["claude"]}):
        batch = read_export(json.dumps(shape).encode())
        assert batch.vendor == "claude"
        assert [f.content for f in batch.facts] == ["Mira is a night-shift nurse.", "Kitchen renovation."]


# -- Gemini ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("localised", [False, True])
def test_gemini_takeout_imports_gem_instructions(localised: bool, mem: Memlane) -> None:
    result = mem.import_file(zip_bytes(gemini_takeout_files(localised=localised)))
    assert result.vendor == "gemini" and result.imported == 2
    stored = contents(mem)
    gem = stored["Instructions for the Gem 'Recipe helper': Suggest vegetarian dinners for two people."]
    assert gem.type == "procedure" and gem.provenance["gem"] == "Recipe helper"  # type: ignore[attr-defined]
    assert "basil" not in everything_stored(mem)  # My Activity prompts are not memory


def test_gemini_activity_only_says_saved_info_must_be_pasted() -> None:
    with pytest.raises(InvalidInput, match="My Activity holds prompts.*Saved info"):
        read_export(zip_bytes(gemini_takeout_files(gems=False)))
    with pytest.raises(InvalidInput, match="Saved info"):
        read_export(gemini_activity())


def test_gemini_saved_info_pasted(mem: Memlane) -> None:
    result = mem.import_file(b"Prefers metric units.\nVegetarian, cooks for two.\n", "gemini")
    assert result.vendor == "gemini" and result.imported == 2
    assert {m.source for m in mem.list_recent()} == {"imported-gemini"}


# -- pasted text ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("kind", "expected"), [
    ("plain", [("Prefers metric units.", None), ("Has a cat named Pixel.", None), ("Works remotely for a Berlin startup.", None)]),
    ("prompt", [("Prefers metric units", datetime(2026, 3, 1, tzinfo=UTC)), ("Has a cat named Pixel", None)]),
    ("numbered", [("User is vegetarian.", datetime(2025, 11, 2, tzinfo=UTC)), ("User lives in Lyon.", datetime(2025, 12, 14, tzinfo=UTC))]),
    ("claude", [("Mira is a night-shift nurse.", None), ("Kitchen renovation.", None)]),
])  # fmt: skip
def test_pasted_summaries_in_the_known_line_formats(kind: str, expected: list[tuple[str, object]]) -> None:
    batch = read_export(PASTED[kind].encode())
    assert batch.vendor == "text"
    assert [(f.content, f.observed_at) for f in batch.facts] == expected


def test_pasted_text_that_is_not_utf8_or_empty_is_refused() -> None:
    with pytest.raises(InvalidInput, match="not UTF-8"):
        read_export("Préfère le métrique".encode("latin-1"))
    with pytest.raises(InvalidInput, match="no memory lines"):
        read_export(b"```\n\n```\n")
    with pytest.raises(InvalidInput, match="not a recognised export.*Expected"):
        read_export(json.dumps({"some": "thing"}).encode(), name="other.json")


def test_lines_of_only_emoji_symbols_or_punctuation_are_no_facts(mem: Memlane) -> None:
    text = "🙂\nPrefers metric units.\n- 👍🏽 🎉\n❤️\n★★★\n---\n1. …\nLoves 🍕 on Fridays.\n2. 42\nVit à Zürich.\n"
    batch = read_export(text.encode())
    assert [f.content for f in batch.facts] == [
        "Prefers metric units.",
        "Loves 🍕 on Fridays.",
        "42",
        "Vit à Zürich.",
    ]
    result = mem.import_file(text.encode())
    assert (result.imported, result.skipped_invalid) == (4, ())
    assert sorted(m.content for m in mem.list_recent(10)) == sorted(f.content for f in batch.facts)
    with pytest.raises(InvalidInput, match="no memory lines"):
        read_export("🙂\n👍\n".encode())


# -- idempotence, all or nothing, secrets -----------------------------------------------------------------


def test_reimport_and_facts_stored_by_hand_add_nothing(mem: Memlane) -> None:
    mem.store("Has a cat named Pixel.")
    first = mem.import_file(PASTED["plain"].encode())
    assert (first.imported, first.skipped_duplicates) == (2, 1)
    again = mem.import_file(PASTED["plain"].encode())
    assert (again.imported, again.skipped_duplicates) == (0, 3)
    assert len(mem.list_recent(limit=100)) == 3


def test_repeated_custom_instructions_count_once() -> None:
    batch = read_export(zip_bytes(chatgpt_files()))
    assert [f.content for f in batch.facts].count("Preferred name: Mira") == 1


def test_secrets_are_skipped_and_reported_never_stored(mem: Memlane) -> None:
    key = "sk-proj-" + "A1b2C3d4E5f6G7h8J9k0L1m2N3p4Q5r6S7t8U9v0"
    text = f"Prefers metric units.\nMy OpenAI key is {key}\nmy password is Tr0ub4dor&3x\n"
    result = mem.import_file(text.encode())
    assert result.imported == 1 and len(result.skipped_invalid) == 2
    assert [s["line"] for s in result.skipped_invalid] == [2, 3]
    assert all("secrets" in s["reason"] for s in result.skipped_invalid)
    assert key not in json.dumps(result.model_dump()) and "Tr0ub4dor" not in json.dumps(result.model_dump())
    assert key not in everything_stored(mem)


def test_an_invalid_fact_is_reported_and_the_rest_stored(mem: Memlane) -> None:
    result = mem.import_file(("Prefers tea.\n" + "x" * 40_000 + "\n").encode())
    assert result.imported == 1
    assert result.skipped_invalid[0]["line"] == 2 and "32,000" in result.skipped_invalid[0]["reason"].replace(
        "32000", "32,000"
    )


def test_more_than_5000_facts_is_refused_before_anything_is_written(mem: Memlane) -> None:
    lines = "\n".join(f"Fact number {i} about the garden." for i in range(5_001))
    with pytest.raises(InvalidInput, match="more than 5,000 facts"):
        mem.import_file(lines.encode())
    assert mem.list_recent() == []


# -- archive safety -------------------------------------------------------------------------------------


def _raw_zip(entries: list[tuple[zipfile.ZipInfo | str, bytes]]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for info, data in entries:
            z.writestr(info, data)
    return buf.getvalue()


@pytest.mark.parametrize("name", ["../evil.json", "/etc/passwd", "a/../../evil.json", "C:/evil.json"])
def test_path_traversal_is_refused(name: str) -> None:
    with pytest.raises(InvalidInput, match="escapes the archive"):
        read_export(_raw_zip([("conversations.json", b"[]"), (name, b"[]")]))


def test_symlinks_are_refused_in_zips_and_folders(tmp_path: Path) -> None:
    link = zipfile.ZipInfo("memories.json")
    link.external_attr = 0o120777 << 16
    with pytest.raises(InvalidInput, match="symbolic link"):
        read_export(_raw_zip([(link, b"/etc/passwd")]))
    folder = write_folder(tmp_path / "export", claude_legacy_files())
    (folder / "projects.json").unlink()
    (folder / "projects.json").symlink_to("/etc/passwd")
    with pytest.raises(InvalidInput, match="symbolic link"):
        read_export(folder)


def test_zip_bombs_are_refused_by_ratio_and_by_total_size() -> None:
    bomb = _raw_zip([("conversations.json", b"[" + b" " * (50 * 1024 * 1024) + b"]")])
    assert len(bomb) < 200_000
    with pytest.raises(InvalidInput, match="zip bomb"):
        read_export(bomb)
    with pytest.raises(InvalidInput, match="unpacks to more than"):
        read_export(zip_bytes(chatgpt_files()), limits=Limits(max_total=1_000))


def test_absurd_nesting_is_refused() -> None:
    data = zip_bytes({"memories.json": b"[]"})
    for level in range(5):
        data = zip_bytes({f"level{level}.zip": data})
    with pytest.raises(InvalidInput, match="nests zips more than 3 deep"):
        read_export(data)


def test_broken_json_and_broken_zip_are_refused_cleanly() -> None:
    with pytest.raises(InvalidInput, match="not valid JSON") as cut:
        read_export(
            zip_bytes({"conversations.json": b'[{"mapping": {}, "current_node": "x"}, {"mapp'}), "chatgpt"
        )
    # one line (the parser's message spans three: the text, then an arrow under the error), and a file
    # cut short is said to be one
    assert "\n" not in str(cut.value) and "right here" not in str(cut.value)
    assert "cut short" in str(cut.value)
    with pytest.raises(InvalidInput, match=r"not valid JSON \(parse error: object key and value") as bad:
        read_export(zip_bytes({"conversations.json": b'[{"mapping" {}}]'}), "chatgpt")
    assert "\n" not in str(bad.value)
    with pytest.raises(InvalidInput, match="not a readable zip"):
        read_export(b"PK\x03\x04 this is not really a zip")
    with pytest.raises(InvalidInput, match="not UTF-8"):
        read_export(zip_bytes({"memories.json": '[{"conversations_memory": "é"}]'.encode("latin-1")}))


def test_an_export_of_an_account_with_no_chats_says_so() -> None:
    """ChatGPT exports an account with no chats as ``conversations.json`` holding ``[]``: it was called
    "not a recognised export" (and the expected files listed were the ones it has)."""
    for files, named in (
        ({"conversations.json": b"[]", "user.json": b"{}"}, "conversations.json holds no conversations"),
        ({"conversations-000.json": b"[]", "conversations-001.json": b"null"},
         "conversations-000.json, conversations-001.json hold no conversations"),
    ):  # fmt: skip
        for conversations in (False, True):
            with pytest.raises(
                InvalidInput, match=f"{named}, and the export no memory; nothing was imported"
            ):
                read_export(zip_bytes(files), conversations=conversations)
    with pytest.raises(InvalidInput, match="not a recognised export"):  # no chat file at all: as before
        read_export(zip_bytes({"chat.html": b"<html></html>"}))
