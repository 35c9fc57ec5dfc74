"""A name by its first and last words with words between left out (issue 12, req. 2, twentieth round:
``org_forms.spread_reference``): an organisation, a project, an event or a deal; what tells another
organisation of such a name apart (a noun for a kind of organisation first, a place last or left
out, a word in capitals left out); and a store finds the long name by the short one's key."""

from __future__ import annotations

import pytest

from memlane.graph.resolution import Candidate, Mention, blocking_keys, resolve


@pytest.mark.parametrize(
    ("mention", "known", "kind"),
    [
        ("Federación de Cafeteros", "Federación Nacional de Cafeteros", "company"),
        ("clinique des Appalaches", "Clinique vétérinaire des Appalaches", "company"),
        ("Waiwhiti Trust", "Waiwhiti Ahu Whenua Trust", "company"),
        ("the haor project", "Haor Safe Water Project", "project"),
    ],
)
def test_first_and_last_words(mention: str, known: str, kind: str) -> None:
    found = resolve(Mention(mention, kind), [Candidate("c1", kind, known)])
    assert found.entity_id == "c1", found
    assert blocking_keys(mention, kind) & blocking_keys(known, kind)


@pytest.mark.parametrize(
    ("mention", "known"),
    [
        ("Banco de Colombia", "Banco Agrario de Colombia"),  # a kind of organisation first
        ("Universidad de Chile", "Universidad Católica de Chile"),  # a place last
        ("Lusitano rollout", "Lusitano WMS rollout"),  # a word in capitals left out
        ("Acme Services", "Acme Cloud Services"),  # an English word first is no name of its own
    ],
)
def test_other_names_stay_apart(mention: str, known: str) -> None:
    assert not resolve(Mention(mention, "company"), [Candidate("c1", "company", known)]).matched


def test_a_place_left_out_is_another_event() -> None:
    found = resolve(
        Mention("Khareef festival", "event"), [Candidate("x1", "event", "Khareef Salalah Festival")]
    )
    assert not found.matched


def test_two_that_fit_leave_it_ambiguous() -> None:
    known = [
        Candidate("c1", "company", "Federación Nacional de Cafeteros"),
        Candidate("c2", "company", "Federación Regional de Cafeteros"),
    ]
    assert resolve(Mention("Federación de Cafeteros", "company"), known).entity_id is None
