"""Same-name traps (issue 12, req. 2, precision), one class each, through ``resolve`` and through the
real stores (both backends): an organisation's short form that its sentence presents as an
organisation of its own (a parent, a brand, another company of the name's first words) is not the known
longer name."""

from __future__ import annotations

from memlane import Memlane
from memlane.graph.resolution import Candidate, Mention, context_evidence, resolve
from memlane.graph.said import MARK


def _said(name: str, context: str) -> tuple[str, ...]:
    return (context.replace(name, MARK, 1),)


def _known(id: str, type: str, name: str, context: str, *aliases: str) -> Candidate:
    return Candidate(id, type, name, aliases, said=_said(name, context))


# -- an organisation's short form presented as an organisation of its own ----------------------------


def test_a_short_form_introduced_as_another_organisation_is_not_the_known_one() -> None:
    soft = _known("e1", "company", "Vistula Soft", "Vistula Soft is the employer", "Vistula Soft sp. z o.o.")
    health = _known("e2", "company", "Nestlé Health Science", "Nestlé Health Science is a customer")
    aws = _known("e3", "company", "Amazon Web Services", "Amazon Web Services hosts the stack", "AWS")
    trader = _known("e4", "company", "Safran d'Or SARL", "Safran d'Or SARL is a trader in Agadir")
    for mention, known in (
        (Mention("Vistula", "company", context="Vistula is the menswear chain near the office"), soft),
        (Mention("Nestlé", "company", context="Nestlé is the group, we never sold to them"), health),
        (Mention("Amazon", "company", context="Amazon is also a marketplace where we sell"), aws),
        (
            Mention("Safran", "company", context="Safran, the French aircraft engine group, is in Toulouse"),
            trader,
        ),
        (Mention("Nestlé", "company", context="Nestlé as a brand is everywhere"), health),
    ):
        found = resolve(mention, [known])
        assert found.entity_id is None and found.how == "new", mention.name


def test_a_short_form_said_otherwise_is_still_the_known_organisation() -> None:
    soft = _known("e1", "company", "Vistula Soft", "Vistula Soft is the employer", "Vistula Soft sp. z o.o.")
    crafts = _known(
        "e2", "company", "Rampur Road Metal Crafts Pvt. Ltd.", "Rampur Road Metal Crafts Pvt. Ltd. is my firm"
    )
    aws = _known("e3", "company", "Amazon Web Services", "Amazon Web Services hosts the stack", "AWS")
    # no presentation: the short form of the one known
    assert (
        resolve(Mention("Vistula", "company", context="Vistula paid my salary late"), [soft]).entity_id
        == "e1"
    )
    # a sentence about the name itself, an initialism, the full name: the one known
    short = Mention("Rampur Road", "company", context="Rampur Road is the short name on our boxes")
    assert resolve(short, [crafts]).entity_id == "e2"
    assert (
        resolve(Mention("AWS", "company", context="AWS, the cloud, had an outage"), [aws]).entity_id == "e3"
    )
    full = Mention("Vistula Soft", "company", context="Vistula Soft is the employer of my wife too")
    assert resolve(full, [soft]).entity_id == "e1"
    # (a person is not concerned: a lone name presented as someone has its own rule)


def test_the_apposition_is_part_of_a_mentions_evidence() -> None:
    # two mentions of one name resolve alike only when their evidence is the same (the stores' memo)
    plain = context_evidence("Safran", "Safran called again offering 12 dirhams a gram")
    apart = context_evidence("Safran", "Safran, the French aircraft engine group, is in Toulouse")
    assert plain != apart


def test_on_store_a_parent_introduced_by_its_short_form_is_an_entity_of_its_own(mem: Memlane) -> None:
    mem.store("Nestlé Health Science is a customer for our cold-chain packaging")
    mem.store("Nestlé Health Science asked for a second sample")
    mem.store("Nestlé is the group, we have never sold to them directly")
    names = {e.name for e in mem.entities.list(limit=50)}
    assert "Nestlé" in names and "Nestlé Health Science" in names
    health = next(e for e in mem.entities.list(limit=50) if e.name == "Nestlé Health Science")
    assert len(mem.entities.memories(health.id, limit=10)) == 2


# -- the writer's relative or housemate is not a person known by their work ---------------------------


def test_a_relative_or_housemate_by_a_lone_name_is_not_one_known_at_an_organisation() -> None:
    sam = Candidate(
        "e1", "person", "Sam Whitaker", affiliations=("Fenwick Freight",),
        said=_said("Sam Whitaker", "Sam Whitaker runs operations at Fenwick Freight"),
    )  # fmt: skip
    luis = Candidate(
        "e2", "person", "Luís Marques", external_ids=("email:lmarques@azinhagavelha.pt",),
        said=_said("Luís Marques", "Luís Marques keeps the estate's accounts"),
    )  # fmt: skip
    jordan = Candidate(
        "e3", "person", "Jordan Miller", affiliations=("Kestrel Analytics",),
        said=_said("Jordan Miller", "Jordan Miller sits next to me at Kestrel Analytics"),
    )  # fmt: skip
    for mention, known in (
        (Mention("Sam", "person", context="Sam my flatmate is moving out in March"), sam),
        (Mention("Luís", "person", context="Luís, my son, wants to join the crew next summer"), luis),
        (Mention("Jordan", "person", context="Jordan, my sister's new boyfriend, is a pilot"), jordan),
    ):
        found = resolve(mention, [known])
        assert found.entity_id is None and found.how == "new", mention.name
    # the same lone names said otherwise: the one known
    assert resolve(Mention("Sam", "person", context="Sam approved the quote"), [sam]).entity_id == "e1"
    assert resolve(Mention("Luís", "person", context="Luís sent the crew's hours"), [luis]).entity_id == "e2"
    # an address at a free mail provider says nothing of work: a relative may be known by it
    home = Candidate(
        "e4", "person", "Luís Marques", external_ids=("email:luis.marques@gmail.com",),
        said=_said("Luís Marques", "Luís Marques keeps the estate's accounts"),
    )  # fmt: skip
    son = Mention("Luís", "person", context="Luís, my son, wants to join the crew next summer")
    assert resolve(son, [home]).entity_id == "e4"
    # and one a sentence said is the writer's relative is not set apart by it
    brother = Candidate(
        "e5", "person", "Sam Okafor", affiliations=("Redwood Clinic",),
        said=_said("Sam Okafor", "Sam Okafor is my brother, he works at Redwood Clinic"),
    )  # fmt: skip
    again = Mention("Sam", "person", context="Sam, my brother, sent photos of the baby")
    assert resolve(again, [brother]).entity_id == "e5"


def test_on_store_a_son_by_his_given_name_is_not_the_accountant(mem: Memlane) -> None:
    mem.store("Luís Marques from Herdade da Azinhaga Velha keeps the estate's accounts")
    mem.store("Luís, my son, wants to join the crew next summer")
    people = {e.name: e for e in mem.entities.list(limit=50) if e.type == "person"}
    assert "Luís" in people
    assert [m.content for m in mem.entities.memories(people["Luís"].id, limit=10)] == [
        "Luís, my son, wants to join the crew next summer"
    ]


def test_on_store_a_flatmate_is_not_the_one_known_at_a_company(mem: Memlane) -> None:
    mem.store("Sam Whitaker runs operations at Fenwick Freight")
    mem.store("Sam my flatmate is moving out in March")
    people = {e.name: e for e in mem.entities.list(limit=50)}  # ("Sam" alone: untyped)
    known = sorted(m.content for m in mem.entities.memories(people["Sam Whitaker"].id, limit=10))
    assert known == ["Sam Whitaker runs operations at Fenwick Freight"]
    assert "Sam" in people


# -- "..., a different company, ..." ------------------------------------------------------------------


def test_an_apposition_saying_another_one_sets_the_same_name_apart() -> None:
    courier = _known("e1", "company", "Apex", "Apex is the courier company that picks up our parcels")
    gym = Mention(
        "Apex", "company", context="Apex the climbing gym, a different company, wants a membership deal"
    )
    found = resolve(gym, [courier])
    assert found.entity_id is None and found.how == "new"
    other = Mention("Apex", "company", context="Apex, a separate firm, sent a quote")
    assert resolve(other, [courier]).entity_id is None
    # a different what is not said of the name: the one known
    parcels = Mention("Apex", "company", context="Apex lost two parcels, a different problem each week")
    assert resolve(parcels, [courier]).entity_id == "e1"


# -- a place said to be in a region the known one was never said to be in ----------------------------


def test_a_place_in_a_region_never_said_of_the_known_one_is_another() -> None:
    perth = _known("l1", "place", "Perth", "Perth is where my cousin moved, in Western Australia")
    boston = _known("l2", "place", "Boston", "Boston is where the client flew us for the kickoff")
    lagos = _known("l3", "place", "Lagos", "Lagos is where the stowaway was found")
    for mention, known in (
        (Mention("Perth", "place", context="Perth in Scotland is where our whisky tour starts"), perth),
        (
            Mention("Boston", "place", context="Boston in Lincolnshire is where my grandmother was born"),
            boston,
        ),
        (Mention("Lagos", "place", context="Lagos in the Algarve is where Ionuț spends his holiday"), lagos),
    ):
        found = resolve(mention, [known])
        assert found.entity_id is None and found.how == "new", mention.context
    # the region said of the known one, a time, a language, no region: the one known
    again = Mention("Perth", "place", context="Perth in Western Australia had a heatwave")
    assert resolve(again, [perth]).entity_id == "l1"
    june = Mention("Boston", "place", context="Boston in June was lovely")
    assert resolve(june, [boston]).entity_id == "l2"
    script = Mention("Lagos", "place", context="the sign says Lagos in Latin letters")
    assert resolve(script, [lagos]).entity_id == "l3"
    assert resolve(Mention("Boston", "place", context="Boston was rainy"), [boston]).entity_id == "l2"


def test_on_store_a_place_in_another_region_is_an_entity_of_its_own(mem: Memlane) -> None:
    mem.store("Perth is where my cousin moved, in Western Australia")
    mem.store("Perth in Scotland is where our whisky tour starts")
    perths = [e for e in mem.entities.list(limit=50) if e.name == "Perth"]
    assert len(perths) == 2


# -- a relative of the known one, after a description ------------------------------------------------


def test_a_relative_of_someone_after_a_description_is_not_the_known_one() -> None:
    from memlane.graph.said import kin_of_another

    assert kin_of_another(f"{MARK} the harbour master, his father, signed the contract") == "father"
    assert kin_of_another(f"{MARK} the cook, her sister, made the soup") == "sister"
    assert kin_of_another(f"{MARK} the harbour master signed the contract") is None
    son = _known(
        "e1", "person", "Carl Weber II", "Carl Weber II is the harbour master's son who rents us the mooring"
    )
    father = Mention(
        "Carl Weber", "person", context="Carl Weber the harbour master, his father, signed the contract"
    )
    found = resolve(father, [son])
    assert found.entity_id is None and found.how == "new"
    again = Mention("Carl Weber", "person", context="Carl Weber wants the fee in cash")
    assert resolve(again, [son]).entity_id == "e1"


# -- twentieth round: "X the <description>" of a short form, ", different <name>" ----------------------


def test_a_short_form_followed_by_the_and_a_description_is_another_organisation() -> None:
    aws = _known("e3", "company", "Amazon Web Services", "Amazon Web Services hosts the stack", "AWS")
    shop = Mention("Amazon", "company", context="Amazon the shop is where I bought my keyboard")
    assert resolve(shop, [aws]).entity_id is None
    # no description, or a capitalised word after "the": the short form of the one known
    assert resolve(Mention("Amazon", "company", context="Amazon sent the invoice"), [aws]).entity_id == "e3"
    dairy = _known("e1", "company", "Brookside Dairy Ltd", "Brookside Dairy Ltd buys most of the milk")
    lower = Mention("Brookside", "company", context="Brookside reduced the price again")
    assert resolve(lower, [dairy]).entity_id == "e1"
    # (a person's lone name with "the" and a description is how writers name people they know: not this rule)
    moyo = _known("p1", "person", "Tendai Moyo", "Tendai Moyo is the floor manager")
    assert (
        resolve(Mention("Moyo", "person", context="Moyo the floor manager called"), [moyo]).entity_id == "p1"
    )


def test_different_and_the_name_set_off_by_a_comma_sets_it_apart() -> None:
    rita = _known("p1", "person", "Rita Ferreira", "Rita Ferreira is the other junior architect")
    notary = Mention(
        "Rita Ferreira Lopes",
        "person",
        context="Rita Ferreira Lopes is the notary for the deed, different Rita",
    )
    assert resolve(notary, [rita]).entity_id is None
    # "different" that does not name her: the one known
    same = Mention("Rita Ferreira", "person", context="Rita Ferreira drew the stairs, different design")
    assert resolve(same, [rita]).entity_id == "p1"


def test_a_settlement_is_not_the_island_or_state_of_its_name() -> None:
    island = _known("l1", "place", "Naxos", "Naxos is the island in the Cyclades where we live")
    assert (
        resolve(Mention("Naxos Town", "place", context="Naxos Town has the port"), [island]).entity_id is None
    )
    state = _known("l2", "place", "Oaxaca", "Oaxaca state has most of the mezcal production")
    city = Mention("Oaxaca de Juárez", "place", context="Oaxaca de Juárez, the city, is where we sell")
    assert resolve(city, [state]).entity_id is None
    # the same kind, or no kind said: the one known
    again = Mention("Naxos island", "place", context="Naxos island had a water shortage")
    assert resolve(again, [island]).entity_id == "l1"
    assert resolve(Mention("Naxos", "place", context="Naxos was hot in August"), [island]).entity_id == "l1"
