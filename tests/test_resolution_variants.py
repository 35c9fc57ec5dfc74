"""Wrong merges of things and organisations kept apart (issue 12, requirement 2, fifteenth session), each
rule with what it must still merge: a thing's variant is no misspelling ("... bowl large", "... Live",
"Pendler+", "carded" / "combed"), even when the contexts' vectors confirm it; "different from" a
description ("..., different from the cloud vendor"); a name denied with its title ("Graça ... is not
Dona Graça"); a thing a caller typed ``other`` keeps that on store, where such an entity is untyped."""

from __future__ import annotations

import numpy as np

from memlane.graph.linking import _sense
from memlane.graph.resolution import Candidate, Mention, resolve
from memlane.graph.senses import THING

_V = np.ones(8, dtype=np.float32)  # (two contexts read alike: the embedder confirms any near spelling)


def _thing(name: str, context: str) -> Mention:
    return Mention(name, "other", context=context, vector=_V)


def test_a_variant_of_a_thing_is_no_misspelling() -> None:
    bowl = Candidate("x1", "other", "Westbrook celadon tea bowl", vector=_V)
    large = _thing("Westbrook celadon tea bowl large", "Westbrook celadon tea bowl large is the 20 cm one")
    assert resolve(large, [bowl]).entity_id is None
    yarn = Candidate("x2", "other", "Ne 40/1 combed cotton yarn", vector=_V)
    carded = _thing("Ne 40/1 carded cotton yarn", "Ne 40/1 carded cotton yarn is the cheaper one")
    assert resolve(carded, [yarn]).entity_id is None
    bike = Candidate("x3", "other", "Ridewell Pendler")
    plus = Mention("Ridewell Pendler+", "other", context="Ridewell Pendler+ has the bigger battery")
    assert resolve(plus, [bike]).entity_id is None
    # a misspelling is still one ("celadon" / "celedon"), and an organisation's extra word is its rules'
    spelt = _thing("Westbrook celedon tea bowl", "Westbrook celedon tea bowl sold out")
    assert resolve(spelt, [bowl]).entity_id == "x1"
    agency = Candidate("c1", "company", "Harbourside Tenancy Services", vector=_V)
    nz = Mention("Harbourside Tenancy Services NZ", "company", context="the bond went to them", vector=_V)
    assert resolve(nz, [agency]).entity_id == "c1"


def test_different_from_a_description() -> None:
    cloud = Candidate("c1", "company", "Zenbao Cloud")
    group = Mention(
        "Zenbao", "company", context="Zenbao the group is an investor, different from the cloud vendor"
    )
    assert resolve(group, [cloud]).entity_id is None
    assert resolve(Mention("Zenbao", "company", context="Zenbao sent the bill"), [cloud]).entity_id == "c1"


def test_a_name_denied_with_its_title() -> None:
    known = Candidate("p1", "person", "Rosa Lima", aliases=("Dona Rosa",))
    cook = Mention("Rosa", "person", context="Rosa the cook at the canteen is not Dona Rosa")
    assert resolve(cook, [known]).entity_id is None
    assert resolve(Mention("Rosa", "person", context="Rosa wants the figures"), [known]).entity_id == "p1"


def test_a_thing_typed_other_keeps_its_kind_on_store() -> None:
    # a store keeps an entity typed ``other`` untyped (its type ""), with the sense THING
    assert _sense(Mention("Voltra", "other")) == THING
    assert _sense(Mention("Voltra", None)) is None
    car = Candidate("x1", "", "Voltra", senses=(THING,))
    assert (
        resolve(Mention("Voltra", "company", context="Voltra reported deliveries"), [car]).entity_id is None
    )
    assert resolve(Mention("Voltra", "person", context="Voltra my nephew called"), [car]).entity_id is None
    # a name of no known type is still the thing known
    assert resolve(Mention("Voltra", None, context="Voltra needs new tyres"), [car]).entity_id == "x1"
