"""``models.constructed`` gives what ``model_construct`` gives (the read path builds every memory and hit
with it): the same values in the same order, the same ``model_fields_set``, equal models, the same JSON;
and a memory read from a row is the one ``model_construct`` made of it before."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from memlane.models import Hit, Memory, MemoryType, State, Subject, Visibility, constructed
from memlane.retrieval.engine import _hit
from memlane.storage.memory_rows import memory_from_row
from memlane.storage.sqlite.rows import _json
from memlane.timeutil import from_db

AT = datetime(2026, 12, 4, 10, 0, tzinfo=UTC)


def _same(made: Any, reference: Any) -> None:
    assert type(made) is type(reference)
    assert list(made.__dict__.items()) == list(reference.__dict__.items())
    assert made.model_fields_set == reference.model_fields_set
    assert made.__pydantic_extra__ == reference.__pydantic_extra__
    assert made.__pydantic_private__ == reference.__pydantic_private__
    assert made == reference
    assert made.model_dump_json() == reference.model_dump_json()
    assert made.model_dump(exclude_unset=True) == reference.model_dump(exclude_unset=True)
    assert hash(made.model_dump_json()) == hash(reference.model_dump_json())


@pytest.mark.parametrize("cls", [Subject, Memory, Hit])
def test_the_models_it_builds_have_nothing_model_construct_would_add(cls: type[Any]) -> None:
    # (what ``constructed`` leaves out: extra values, private attributes, a post-init hook)
    assert cls.model_config.get("extra") == "forbid"
    assert cls.model_config.get("frozen") is True
    assert not cls.__private_attributes__
    assert not cls.__pydantic_post_init__
    assert not cls.__pydantic_root_model__


def _memory_values(**changes: Any) -> dict[str, Any]:
    values = {name: field.get_default() for name, field in Memory.model_fields.items()}
    values.update(
        id="m1", content="Ana works at Acme", type=MemoryType.FACT, observed_at=AT, workspace="default",
        owner="user:ana", visibility=Visibility.PERSONAL, source="chat", state=State.NEW,
        created_at=AT, updated_at=AT,
    )  # fmt: skip
    values.update(changes)
    return {name: values[name] for name in Memory.model_fields}


@pytest.mark.parametrize(
    "changes",
    [
        {},
        {"subject": Subject(id="ana", name="Ana"), "data": {"a": [1, 2]}, "related_user": "bo"},
        {"related_user_entity_id": "e1", "related_user_entity_name": "Bo", "importance": 0.9},
    ],
)
def test_a_memory_and_its_hit_as_model_construct_makes_them(changes: dict[str, Any]) -> None:
    values = _memory_values(**changes)
    _same(constructed(Memory, dict(values)), Memory.model_construct(**values))
    # (the two refs left out: at their defaults, not in the fields set)
    given = {
        k: v for k, v in values.items() if k not in ("related_user_entity_id", "related_user_entity_name")
    }
    defaults = {**values, "related_user_entity_id": None, "related_user_entity_name": None}
    _same(constructed(Memory, defaults, set(given)), Memory.model_construct(**given))
    memory = Memory.model_construct(**values)
    _same(
        _hit(memory, 0.5, ("keyword", "graph")),
        Hit.model_construct(**memory.__dict__, score=0.5, matched_by=("keyword", "graph")),
    )


def _row(subject: tuple[str, str] | None, refs: tuple[str | None, str | None] | None) -> tuple[Any, ...]:
    at = "2026-12-04T10:00:00.000000Z"
    row: tuple[Any, ...] = (
        7, "m1", "default", "user:ana", "shared", "", "Ana works at Acme", "fact",
        *(subject or (None, None)), "bo", '{"k": 1}', 0.7, 0.9, None, at, at, "chat", '{"by": "x"}',
        "indexed", None, None, None, 3, at, None, at, at, "local/x", "user:ana", None,
    )  # fmt: skip
    return row if refs is None else (*row, *refs)


def _reference(row: tuple[Any, ...]) -> Memory:
    """``memory_from_row`` as it was with ``model_construct`` (a readable row)."""
    (_, id_, workspace, owner, visibility, space, content, type_, subject_id, subject_name,
     related_user, data, importance, confidence, valid_from, valid_to, observed_at, source,
     provenance, state, replaces, superseded_by, superseded_at, access_count, last_accessed_at,
     expires_at, created_at, updated_at, model, author, profile_id) = row[:31]  # fmt: skip
    refs: dict[str, Any] = {}
    entity = related = None
    if len(row) > 32:
        entity = row[31].split("\x1f", 1) if row[31] else None
        related = row[32].split("\x1f", 1) if row[32] else None
        if related is not None:
            refs = {"related_user_entity_id": related[0], "related_user_entity_name": related[1]}
    subject = None
    if entity is not None:
        subject = Subject.model_construct(
            id=subject_id if subject_id else entity[0], name=subject_name if subject_id else entity[1],
            entity_id=entity[0], entity_name=entity[1],
        )  # fmt: skip
    elif subject_id:
        subject = Subject.model_construct(id=subject_id, name=subject_name)
    return Memory.model_construct(
        id=id_, content=content, type=MemoryType(type_), subject=subject, related_user=related_user,
        data=_json(data), importance=importance, confidence=confidence, valid_from=from_db(valid_from),
        valid_to=from_db(valid_to), observed_at=from_db(observed_at), workspace=workspace, owner=owner,
        visibility=Visibility(visibility), space=space or None, source=source, provenance=_json(provenance),
        state=State(state), replaces=replaces, superseded_by=superseded_by,
        superseded_at=from_db(superseded_at), access_count=access_count,
        last_accessed_at=from_db(last_accessed_at), expires_at=from_db(expires_at),
        created_at=from_db(created_at), updated_at=from_db(updated_at), embedding_model=model,
        author=author, profile_id=profile_id, **refs,
    )  # fmt: skip


@pytest.mark.parametrize("subject", [None, ("ana", "Ana")])
@pytest.mark.parametrize("refs", [None, (None, None), ("e1\x1fAna Lima", None), ("e1\x1fAna", "e2\x1fBo")])
def test_a_row_reads_as_model_construct_read_it(
    subject: tuple[str, str] | None, refs: tuple[str | None, str | None] | None
) -> None:
    row = _row(subject, refs)
    seq, memory = memory_from_row(row, from_db, _json)
    assert seq == 7
    _same(memory, _reference(row))
    if memory.subject is not None:
        _same(memory.subject, _reference(row).subject)


def test_a_new_memory_is_the_one_model_construct_made_of_its_values(tmp_path: Any) -> None:
    # (``MemoryService._prepare`` builds a stored memory with ``constructed``; ``model_construct`` before)
    from memlane import Memlane
    from memlane.requests import validate_store

    m = Memlane(tmp_path / "m.db", user="ana", embedder="none")
    try:
        actor = m._actor(None)
        for fields in (
            {"content": "Ana moved to Porto"},
            {"content": "Bob's birthday", "subject": {"id": "bob", "name": "Bob"}, "related_user": "bob",
             "data": {"day": 3}, "importance": 0.7, "source": "chat", "observed_at": AT, "space": "home"},
        ):  # fmt: skip
            made = m.service._prepare(validate_store(dict(fields)), actor, AT).memory
            given = {k: v for k, v in made.__dict__.items() if k in made.model_fields_set}
            assert "related_user_entity_id" not in made.model_fields_set
            _same(made, Memory.model_construct(**given))
    finally:
        m.close()
