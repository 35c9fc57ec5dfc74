"""Entity resolution (memlane.graph.resolution): the hard cases of issue 12 and the labelled sets."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest

from memlane.graph.resolution import (
    Candidate,
    Mention,
    Registry,
    blocking_keys,
    normalise_external_id,
    normalise_name,
    resolve,
)

ROOT = Path(__file__).resolve().parents[1]


def _bench() -> object:
    spec = importlib.util.spec_from_file_location("bench_resolution", ROOT / "bench" / "resolution.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _learn(*mentions: Mention) -> tuple[Registry, list[str | None]]:
    registry = Registry()
    return registry, [registry.resolve_and_learn(m)[1] for m in mentions]


def test_bob_robert_and_his_address() -> None:
    registry, ids = _learn(
        Mention("Robert Smith", "person", ("email:robert.smith@acme.com",), ("Acme",)),
        Mention("Bob Smith", "person"),
        Mention("bob@acme.com", "person"),
        Mention("Rob Smith", "person"),
    )
    assert ids == [ids[0]] * 4
    assert set(registry.entities[ids[0]].aliases) == {"Bob Smith", "Rob Smith"}
    # the address became an external id of the person, not an alias
    assert "email:bob@acme.com" in registry.entities[ids[0]].external_ids


def test_an_address_alone_needs_its_domain_to_back_a_given_name() -> None:
    known = [Candidate("p1", "person", "Bob Smith", external_ids=("email:bob.smith@other.org",))]
    assert resolve(Mention("bob@acme.com", "person"), known).how == "new"
    backed = [Candidate("p1", "person", "Bob Smith", affiliations=("Acme Inc.",))]
    assert resolve(Mention("bob@acme.com", "person"), backed).entity_id == "p1"
    assert resolve(Mention("bob.smith@acme.com", "person"), known).entity_id == "p1"


def test_two_people_called_ana_are_never_merged() -> None:
    anas = [
        Candidate("p1", "person", "Ana Lopez", external_ids=("hubspot:1001",)),
        Candidate("p2", "person", "Ana Petrova", external_ids=("hubspot:1002",)),
    ]
    result = resolve(Mention("Ana", "person"), anas)
    assert (result.entity_id, result.how, result.candidates) == (None, "ambiguous", ("p1", "p2"))
    assert resolve(Mention("Ana López", "person"), anas).entity_id == "p1"
    assert resolve(Mention("Petrova", "person"), anas).entity_id == "p2"
    # the same name with another CRM id is another person
    assert resolve(Mention("Ana Lopez", "person", ("hubspot:2055",)), anas).how == "new"
    assert resolve(Mention("Ana", "person", ("HubSpot:1002",)), anas).entity_id == "p2"


def test_a_company_and_a_person_with_the_same_name() -> None:
    known = [Candidate("c1", "company", "Jordan"), Candidate("p1", "person", "Michael Jordan")]
    assert resolve(Mention("Jordan", None), known).how == "ambiguous"
    assert resolve(Mention("Jordan Inc", "company"), known).entity_id == "c1"
    assert resolve(Mention("Jordan", "person"), known).entity_id == "p1"
    assert resolve(Mention("Jordan", "customer"), known).entity_id == "c1"  # a customer is an organisation


@pytest.mark.parametrize(
    "spelling", ["Acme", "Acme Corp", "ACME Inc.", "Acme Corporation", "The Acme Company"]
)
def test_legal_forms_of_one_company(spelling: str) -> None:
    known = [Candidate("c1", "company", "Acme Corp"), Candidate("c2", "company", "Acme Bank")]
    assert resolve(Mention(spelling, "company"), known).entity_id == "c1"
    assert resolve(Mention("Acme Bank Ltd", "company"), known).entity_id == "c2"


def test_a_new_spelling_becomes_an_alias_not_a_duplicate() -> None:
    registry, ids = _learn(
        Mention("Dr. Georgiev", "person"), Mention("Georgiev", "person"), Mention("georgiev's", "person")
    )
    assert ids == [ids[0]] * 3
    assert registry.entities[ids[0]].aliases == ()  # the same name in other forms is not a new alias
    registry, ids = _learn(Mention("José García", "person"), Mention("Jose Garcia", "person"))
    assert ids[0] == ids[1] and registry.entities[ids[0]].aliases == ()
    registry, ids = _learn(Mention("Katherine Johnson", "person"), Mention("Kathy Johnson", "person"))
    assert ids[0] == ids[1] and registry.entities[ids[0]].aliases == ("Kathy Johnson",)


def test_titles_of_different_genders_and_gendered_surnames() -> None:
    known = [Candidate("p1", "person", "Mr. Thompson")]
    assert resolve(Mention("Mrs Thompson", "person"), known).how == "new"
    assert resolve(Mention("Mr Thompson", "person"), known).entity_id == "p1"
    assert (
        resolve(Mention("Elena Georgieva", "person"), [Candidate("p1", "person", "Ivan Georgiev")]).how
        == "new"
    )


def test_a_full_name_must_fit_a_full_name() -> None:
    # "Priya" was learnt as an alias of Priya Raman: it does not make Priya Patel the same person
    raman = Candidate("p1", "person", "Priya Raman", aliases=("Priya",))
    assert resolve(Mention("Priya Patel", "person"), [raman]).how == "new"
    assert resolve(Mention("Priya R.", "person"), [raman]).entity_id == "p1"
    # nor does an entity known by a surname alone absorb a full name
    assert (
        resolve(Mention("Yuki Nakamura", "person"), [Candidate("p1", "person", "Dr. Nakamura")]).how == "new"
    )
    kennedy = Candidate("p1", "person", "John F. Kennedy", aliases=("J. Kennedy",))
    assert resolve(Mention("Jacqueline Kennedy", "person"), [kennedy]).how == "new"


def test_misspellings_need_close_letters_and_never_change_numbers() -> None:
    assert resolve(Mention("Kubernetees", "system"), [Candidate("s1", "system", "Kubernetes")]).how == "fuzzy"
    assert resolve(Mention("Flight LH1240"), [Candidate("f1", "other", "Flight LH1234")]).how == "new"
    assert (
        resolve(Mention("PostgreSQL 16", "system"), [Candidate("s1", "system", "PostgreSQL 15")]).how == "new"
    )
    # one letter in a short surname: only with the contexts to confirm it
    okafor = Candidate("p1", "person", "Dr. Okafor", vector=np.array([1.0, 0.0], dtype=np.float32))
    assert resolve(Mention("Dr. Okafur", "person"), [okafor]).how == "new"
    near = np.array([0.9, 0.1], dtype=np.float32)
    far = np.array([0.0, 1.0], dtype=np.float32)
    assert resolve(Mention("Dr. Okafur", "person", vector=near), [okafor]).entity_id == "p1"
    assert resolve(Mention("Dr. Okafur", "person", vector=far), [okafor]).how == "new"
    # both parts of a name different is another person, however close
    ivanov = Candidate("p1", "person", "Alexander Ivanov", vector=np.array([1.0, 0.0], dtype=np.float32))
    assert resolve(Mention("Alexandra Ivanova", "person", vector=near), [ivanov]).how == "new"


def test_identifiers_and_acronyms() -> None:
    assert resolve(Mention("sup 1042", "ticket"), [Candidate("t1", "ticket", "SUP-1042")]).entity_id == "t1"
    mit = [Candidate("o1", "company", "MIT")]
    assert resolve(Mention("Massachusetts Institute of Technology", "company"), mit).entity_id == "o1"
    assert resolve(Mention("M.I.T.", "company"), mit).entity_id == "o1"
    assert resolve(
        Mention("Ben and Jerry's", "company"), [Candidate("c", "company", "Ben & Jerry's")]
    ).matched


def test_external_ids_are_normalised() -> None:
    assert normalise_external_id("Email:Ana@X.com") == "email:ana@x.com"
    assert normalise_external_id("ana@x.com") == "email:ana@x.com"
    assert normalise_external_id("mailto:Ana@X.com") == "email:ana@x.com"
    assert normalise_external_id("GitHub:Org/Repo#12") == "github:org/repo#12"
    assert normalise_external_id("hubspot: 123 ") == "hubspot:123"
    for bad in ("nothing", ":123", "hub spot:1"):
        with pytest.raises(ValueError):
            normalise_external_id(bad)


def test_names_that_can_match_share_a_blocking_key() -> None:
    assert blocking_keys("Bob Smith", "person") & blocking_keys("Robert Smith", "person")
    assert blocking_keys("Ana", "person") & blocking_keys("Ana Lopez", "person")
    assert blocking_keys("ACME Inc.", "company") & blocking_keys("Acme Corp", "company")
    assert blocking_keys("bob@acme.com") & blocking_keys("Robert Smith", "person")
    assert normalise_name("Dr. Zoë Müller-Lüdenscheidt", "person") == "zoe muller ludenscheidt"


def test_labelled_set_meets_the_targets() -> None:
    bench = _bench()
    scenarios = bench.load(ROOT / "tests" / "data" / "resolution.txt")  # type: ignore[attr-defined]
    assert sum(len(s) for s in scenarios) >= 300
    score, errors = bench.evaluate(scenarios)  # type: ignore[attr-defined]
    assert score.precision >= 0.98, errors
    assert score.recall >= 0.94, errors
    held_out = bench.load(ROOT / "tests" / "data" / "resolution-holdout.txt")  # type: ignore[attr-defined]
    score, errors = bench.evaluate(held_out)  # type: ignore[attr-defined]
    assert score.precision >= 0.95 and score.recall >= 0.9, errors
    # the second held-out set (docs/benchmarks.md): floors a little under its measurement, to catch a
    # rule that loses ground there; its recall target is not met
    second = bench.load(ROOT / "tests" / "data" / "resolution-heldout2.txt")  # type: ignore[attr-defined]
    assert sum(len(s) for s in second) >= 150
    score, errors = bench.evaluate(second)  # type: ignore[attr-defined]
    assert score.precision >= 0.98 and score.recall >= 0.77, errors
    # the third, measured once after the third round's rules were final: neither target is met on it
    third = bench.load(ROOT / "tests" / "data" / "resolution-heldout3.txt")  # type: ignore[attr-defined]
    score, errors = bench.evaluate(third)  # type: ignore[attr-defined]
    assert score.precision >= 0.92 and score.recall >= 0.70, errors


def test_the_store_path_of_the_bench_runs_and_scores(tmp_path: Path) -> None:
    # (bench/resolution.py --store replaces the service's analysis with the labelled mention; a change of
    # the service's analysis signature broke it once without a test noticing)
    bench = _bench()
    lines = (ROOT / "tests" / "data" / "resolution.txt").read_text(encoding="utf-8").splitlines()
    head = [line for line in lines if line.strip() and not line.startswith("#")][:6]
    file = tmp_path / "few.txt"
    file.write_text("## scenario one\n" + "\n".join(head) + "\n", encoding="utf-8")
    score = bench.through_store([file], "sqlite", errors=False)  # type: ignore[attr-defined]
    assert score.tp + score.fp + score.fn + score.tn == 6
    assert score.tp >= 1 and score.fp == 0
    # (and the service is left as it was: a plain function put back would take the service as its batch)
    import memlane.service as service

    assert isinstance(service.MemoryService.__dict__["_analyse"], staticmethod)
