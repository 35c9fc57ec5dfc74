"""A lone given name whose sentence puts its person in the writer's own place of work ("Dana in our
Leeds warehouse", "Dana at our Bristol shop") is not a known person of that name described as something
else whose sentences say nothing of that place (``resolution._our_place_of_work``, read as ``said.workplace``
reads "Dana from our IT helpdesk"; a wrong link of heldout11 through a store). The sentences are made up
for the rule, not the set's."""

from __future__ import annotations

from memlane.graph.resolution import Mention
from mentions import resolved_in_order as _run


def _p(name: str, context: str, organisation: str = "") -> Mention:
    return Mention(name, "person", context=context, affiliations=(organisation,) if organisation else ())


_KNOWN = (
    _p("Dana Whitlock", "Dana Whitlock is my contact for the glass bottles", "Krona Glassworks"),
    _p("Dana Whitlock", "Dana Whitlock is the sales director at Krona", "Krona Glassworks"),
)


def test_a_lone_name_in_our_own_place_of_work_is_someone_else() -> None:
    for context in (
        "Dana in our Leeds warehouse wants the forklift serviced",
        "Dana at our Bristol shop is a barista, she needs more cups",
        "Dana in my office said the printer is broken",
    ):
        *known, lone = _run([*_KNOWN, _p("Dana", context)])
        assert known[0] is not None and lone != known[0], context


def test_the_same_person_said_to_be_in_that_place_still_links() -> None:
    # the candidate's own sentences name the place: the writer's colleague, then by the given name
    *known, lone = _run([
        _p("Dana Whitlock", "Dana Whitlock is my contact in the warehouse, she runs the forklifts"),
        _p("Dana", "Dana in our Leeds warehouse wants the forklift serviced"),
    ])  # fmt: skip
    assert lone == known[0]
    # a home is no place of work: "in our house" says nothing of who she is
    *known, lone = _run([*_KNOWN, _p("Dana", "Dana in our house loves the new sofa")])
    assert lone == known[0]
