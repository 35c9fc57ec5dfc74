"""The 65 wrong links left on the 28 labelled resolution sets (issue 12, req. 2), session 29: one general
cause each, through a ``Registry`` (the mentions in the order a store sees them): the trap that must stay
apart, and a case of the same shape that must still link. The sentences are made up for the cause, not
the sets'."""

from __future__ import annotations

from memlane.graph.resolution import Mention
from mentions import person as _p
from mentions import resolved_in_order as _run


def _m(name: str, context: str, kind: str) -> Mention:
    return Mention(name, kind, context=context)


# -- "he is not me": not the one a sentence called the writer ------------------------------------------


def test_a_lone_name_said_not_to_be_the_writer_is_not_the_writer() -> None:
    me = _p("Sigrun Halvorsen", "Sigrun Halvorsen is me, I keep the books")
    other = _p("Sigrun", "Sigrun from the county archive wrote back, she is not me")
    first, second = _run([me, other])
    assert second != first
    bracketed = _p("Sigrun", "Sigrun (not me) signed the lease")
    first, second = _run([me, bracketed])
    assert second != first


def test_a_lone_name_of_the_writer_still_links() -> None:
    me = _p("Sigrun Halvorsen", "Sigrun Halvorsen is me, I keep the books")
    again = _p("Sigrun", "Sigrun from the books team wrote back, the invoice is not mine")
    first, second = _run([me, again])
    assert second == first
