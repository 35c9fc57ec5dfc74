"""A ticket or document by its reference code, with or without the words that say what record it is
(``thing_names.reference``, ``resolution._reference_fit``; issue 12 req. 2, recall read from
resolution-heldout25): "claim 77-4410-2" then "77-4410-2". Through a ``Registry`` and a SQLite store (the
store finds the record by the code's ``t:`` key). The codes are made up for the rule, not the sets'."""

from __future__ import annotations

import pytest

from memlane.graph.linking import _lookups
from memlane.graph.resolution import Mention, blocking_keys
from memlane.graph.thing_names import reference, references_agree
from memlane.storage.entity_names import name_keys
from mentions import resolved_in_order as _run


def _t(name: str, kind: str = "ticket") -> Mention:
    return Mention(name, kind, context=f"{name} is in the folder")


@pytest.mark.parametrize(
    ("first", "then", "kind"),
    [
        ("claim 31-8820-4", "31-8820-4", "ticket"),
        ("booking ref 7QKX4M", "7QKX4M", "ticket"),
        ("PIR LHRBA55102", "LHRBA55102", "ticket"),
        ("finding SEC-12", "SEC-12", "ticket"),
        ("K77120054", "application K77120054", "ticket"),
        ("crime ref 41/20977/26", "41/20977/26", "ticket"),
        ("WO-331207", "work order 331207", "ticket"),
        ("PO 7711023", "7711023", "document"),
        ("Purchase order KT-5520", "PO KT-5520", "document"),
        ("survey report LX-204", "report LX-204", "document"),
        ("parcel 2 417 903", "parcel 2417903", "document"),
    ],
)
def test_a_record_by_its_code_alone_or_with_other_words(first: str, then: str, kind: str) -> None:
    one, two = _run([_t(first, kind), _t(then, kind)])
    assert one is not None and two == one


@pytest.mark.parametrize(
    ("first", "then", "kind"),
    [
        ("finding SEC-12", "SEC-13", "ticket"),  # another code
        ("PO 7711023", "invoice 7711023", "document"),  # the same number on two kinds of record
        ("report 2026", "2026", "document"),  # a year is no code
        ("episode 41", "ep 41", "ticket"),  # too short to be one record's code
        ("bus 12 4411", "4411", "ticket"),  # digits after another number are no group of thousands
    ],
)
def test_records_that_differ_stay_apart(first: str, then: str, kind: str) -> None:
    one, two = _run([_t(first, kind), _t(then, kind)])
    assert two != one


def test_the_reference_reading() -> None:
    assert reference("claim 31-8820-4") == (("claim",), "3188204")
    assert reference("booking ref 7qkx4m") == (("booking",), "7qkx4m")
    assert reference("lot 1 478 233") == (("lot",), "1478233")
    assert reference("isa 2024") is None  # a year
    assert references_agree((("work", "order"), "331207"), ((), "wo331207"))
    assert not references_agree((("po",), "7711023"), (("invoice",), "7711023"))
    # the store finds the record by the code alone
    assert "t:3188204" in blocking_keys("31-8820-4", "ticket") & blocking_keys("claim 31-8820-4", "ticket")


def test_a_store_looks_a_record_up_by_its_code() -> None:
    # the keys a store files the known record under meet the keys it looks the mention up by
    for known, mention in (("claim 31-8820-4", "31-8820-4"), ("PO KT-5520", "Purchase order KT-5520")):
        kind = "document" if known.startswith("PO") else "ticket"
        assert _lookups(Mention(mention, kind))[3] & name_keys([known], kind), (known, mention)
