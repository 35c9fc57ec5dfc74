"""A name the word "Project" introduces is a project's ("Project Falcon" was stored as ``other``: the
dashboard walk, webwalk2); a role or a project's paperwork after it is not ("Project Manager")."""

from __future__ import annotations

import pytest

from memlane import Memlane
from memlane.graph.entity_types import guess_type
from memlane.graph.resolution import EntityType


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("Project Falcon", EntityType.PROJECT),
        ("Project Blue Book", EntityType.PROJECT),
        ("Project Manager", None),
        ("Project Plan", None),
        ("Project Falcon Ltd", EntityType.COMPANY),
        ("Project", None),
    ],
)
def test_project_names(name: str, kind: EntityType | None) -> None:
    assert guess_type(name) == kind


def test_a_stored_project_name_makes_a_project(mem: Memlane) -> None:
    mem.store("Project Falcon launches in March; محمد الأحمد is our supplier in Dubai.")
    kinds = {e.name: e.type for e in mem.entities.list(limit=100)}
    assert kinds.get("Project Falcon") == "project" and kinds.get("محمد الأحمد") == "person", kinds
