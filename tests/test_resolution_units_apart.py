"""A name that only resembles a known person's (a pet name's form, a near spelling) is not linked to
them when its sentence says the person is from one part of an organisation and a sentence that named
the known person says another ("Becky from PR" with Rebecca known "from payroll"), on a store; the
same part, or none said of the known person, still links (``resolution._works_elsewhere``, which the
store now reads the candidates' sentences for: ``said_reads._needs``)."""

from __future__ import annotations

from memlane import Memlane
from memlane.graph.said import MARK, workplace
from memlane.models import Actor

ALICE = Actor(user="alice")


def _people(mem: Memlane) -> dict[str, tuple[str, ...]]:
    return {e.name: tuple(e.aliases) for e in mem.service.storage.list_entities(ALICE) if e.type == "person"}


def test_a_unit_said_by_its_initials_alone_is_a_workplace() -> None:
    assert workplace(f"{MARK} from PR is running the launch") == {"pr"}
    # initials beside a unit's word only qualify it
    assert workplace(f"{MARK} from our PR desk is running the launch") == {"desk"}


def test_a_pet_name_from_another_unit_is_someone_else(mem: Memlane) -> None:
    mem.store("Rebecca from payroll is retiring in March")
    mem.store("Becky from PR is running the launch")
    people = _people(mem)
    assert set(people) == {"Rebecca", "Becky"}
    assert people["Rebecca"] == ()


def test_a_pet_name_from_the_same_unit_or_none_said_is_the_one_known(mem: Memlane) -> None:
    mem.store("Rebecca from payroll is retiring in March")
    mem.store("Becky from payroll is organising her send-off")
    assert _people(mem) == {"Rebecca": ("Becky",)}


def test_a_unit_said_of_the_pet_name_only_still_links(mem: Memlane) -> None:
    mem.store("Rebecca is retiring in March")
    mem.store("Becky from PR is running the launch")
    assert _people(mem) == {"Rebecca": ("Becky",)}
