"""Resolution rules of the sixth round (issue 12) for things and organisations: tickets and documents
by identifier, titles in another word order, systems by version, short form and maker, type words of
systems, repositories and projects; a registered company name is never another company's short form;
a pet name no table lists needs genders that do not lean apart. Each rule with a case it must merge
and a case it must not, and the blocking keys a store finds the candidate by."""

from __future__ import annotations

from memlane.graph.resolution import Candidate, Mention, Registry, blocking_keys, resolve


def _thing(id_: str, type_: str, name: str, *aliases: str, **fields: object) -> Candidate:
    return Candidate(id_, type_, name, aliases, **fields)  # type: ignore[arg-type]


def _found(mention: Mention, candidate: Candidate) -> bool:
    """Resolved to the candidate, and the store's blocking keys would have offered it."""
    assert mention.name is not None
    shared = blocking_keys(mention.name, mention.type) & blocking_keys(candidate.name, candidate.type)
    return resolve(mention, [candidate]).entity_id == candidate.id and bool(shared)


def test_a_ticket_by_its_number_or_its_key() -> None:
    sup = _thing("t1", "ticket", "SUP-4411")
    assert _found(Mention("ticket 4411", "ticket"), sup)
    assert _found(Mention("#4411", "ticket"), sup)
    assert resolve(Mention("OPS-4411", "ticket"), [sup]).how == "new"  # another series
    assert resolve(Mention("ticket 4412", "ticket"), [sup]).how == "new"
    # a number alone with two series known is either
    both = [sup, _thing("t2", "ticket", "ENG-4411")]
    assert resolve(Mention("#4411", "ticket"), both).how == "ambiguous"
    # an issue by its repository's short name, not another repository's
    issue = _thing("t3", "ticket", "northwind-labs/ledger#482")
    assert _found(Mention("ledger#482", "ticket"), issue)
    assert resolve(Mention("ledger-ui#482", "ticket"), [issue]).how == "new"


def test_a_document_by_the_identifier_its_title_starts_with() -> None:
    kb = _thing("d1", "document", "KB-204 Webhook retries")
    assert _found(Mention("KB-204", "document"), kb)
    assert _found(Mention("RFC 17", "document"), _thing("d2", "document", "RFC-017 Ledger rewrite"))
    assert _found(Mention("statement of work 2026-07", "document"), _thing("d3", "document", "SOW-2026-07"))
    assert resolve(Mention("KB-205", "document"), [kb]).how == "new"
    assert (
        resolve(Mention("Q4 Planning Doc", "document"), [_thing("d4", "document", "Q3 Planning Doc")]).how
        == "new"
    )


def test_a_title_in_another_word_order() -> None:
    assert _found(Mention("runbook for DNS", "document"), _thing("d1", "document", "DNS runbook"))
    assert _found(Mention("board deck Q3", "document"), _thing("d2", "document", "Q3 board deck"))
    assert (
        resolve(Mention("board deck Q4", "document"), [_thing("d2", "document", "Q3 board deck")]).how
        == "new"
    )


def test_a_document_by_its_initials() -> None:
    assert _found(Mention("MSA", "document"), _thing("d1", "document", "Master Services Agreement"))
    assert (
        resolve(Mention("NDA", "document"), [_thing("d1", "document", "Master Services Agreement")]).how
        == "new"
    )


def test_a_system_by_version_short_form_maker_and_type_word() -> None:
    postgres = _thing("s1", "system", "PostgreSQL")
    assert _found(Mention("Postgres", "system"), postgres)
    assert _found(Mention("Postgres 16", "system"), postgres)
    assert _found(Mention("Redshift", "system"), _thing("s2", "system", "Amazon Redshift"))
    assert _found(Mention("Redis cluster", "system"), _thing("s3", "system", "Redis"))
    # two versions stated are two installations; another product of the same maker is another system
    assert resolve(Mention("PostgreSQL 16", "system"), [_thing("s1", "system", "PostgreSQL 15")]).how == "new"
    assert resolve(Mention("Redis Insight", "system"), [_thing("s3", "system", "Redis")]).how == "new"
    assert resolve(Mention("Post", "system"), [postgres]).how == "new"  # too short to be its name
    assert resolve(Mention("Mongo", "system"), [_thing("s4", "system", "MongoDB Atlas")]).how == "new"


def test_type_words_of_repositories_and_projects() -> None:
    assert _found(Mention("sync-engine repo", "repository"), _thing("r1", "repository", "sync-engine"))
    assert _found(Mention("Sakura rollout", "project"), _thing("p1", "project", "Project Sakura"))
    assert (
        resolve(Mention("Sakura rollout", "project"), [_thing("p1", "project", "Project Hanami")]).how
        == "new"
    )


def test_a_registered_company_name_is_no_short_form_of_another() -> None:
    automation = _thing("c1", "company", "Brenntag Automation")
    assert resolve(Mention("Brenntag SE", "company"), [automation]).how == "new"
    assert resolve(Mention("Brenntag", "company"), [automation]).entity_id == "c1"  # the short form still is


def test_a_pet_name_no_table_lists_needs_genders_that_do_not_lean_apart() -> None:
    def learn(*mentions: Mention) -> list[str | None]:
        registry = Registry()
        return [registry.resolve_and_learn(m)[1] for m in mentions]

    # "Ravi" is mostly a man's name and "Priyanka" a woman's: not one person's name and pet name
    ids = learn(
        Mention("Priyanka Iyer", "person", affiliations=("Acme Robotics",)),
        Mention("Ravi Iyer", "person", affiliations=("Acme Robotics",)),
    )
    assert ids[0] != ids[1]
    # a pet name of the same person still joins with the organisation in common ("Paco" / "Francisco")
    ids = learn(
        Mention("Francisco Hernández", "person", affiliations=("Panificadora del Norte",)),
        Mention("Paco Hernández", "person", affiliations=("Panificadora del Norte",)),
    )
    assert ids[0] == ids[1]


def test_a_place_name_two_places_bear_says_nothing_twice() -> None:
    from memlane.graph.places import is_shared_name

    # a country's and a US state's name; two large cities' in two countries
    assert is_shared_name("Georgia") and is_shared_name("Córdoba") and is_shared_name("Valencia")
    # a name whose largest city dwarfs the others denotes it
    assert not is_shared_name("Paris") and not is_shared_name("London")
    for name in ("Georgia", "Córdoba"):
        assert resolve(Mention(name, "place"), [_thing("l1", "place", name)]).how == "new"
    assert _found(Mention("Paris", "place"), _thing("l1", "place", "Paris"))
    # with its qualifier the place is known
    assert _found(Mention("Córdoba, Argentina", "place"), _thing("l1", "place", "Córdoba, Argentina"))
