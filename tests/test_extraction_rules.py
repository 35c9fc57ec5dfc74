"""The rule-based extractor (issue 13 requirement 4) rule by rule, and the labelled corpus figures."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from memlane.extraction import CandidateFact, ExtractionResult, Extractor, Message
from memlane.extraction.instructions import parse_instructions
from memlane.extraction.rules import RuleExtractor
from memlane.models import MemoryType, Visibility

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "extraction"
EXTRACTOR = RuleExtractor()


def _run(*texts: str, ceiling: str = "shared", instructions: str | None = None) -> ExtractionResult:
    messages = [Message(role="user", text=t, id=f"m{i}", user="ana") for i, t in enumerate(texts, 1)]
    return EXTRACTOR.extract(messages, ceiling=ceiling, instructions=instructions)  # type: ignore[arg-type]


def _one(text: str, ceiling: str = "shared") -> CandidateFact:
    result = _run(text, ceiling=ceiling)
    assert len(result.facts) == 1, result
    return result.facts[0]


def test_is_an_extractor() -> None:
    assert isinstance(EXTRACTOR, Extractor)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Hi there!", "small talk"),
        ("Thanks Jo!", "small talk"),
        ("What's the SLA for enterprise customers?", "question"),
        ("where is the staging database", "question"),
        ("Should I try Kafka for the events pipeline?", "question"),
        ("Maybe we could move the offsite to Lisbon.", "speculation"),
        ("I'm thinking about switching teams next year.", "speculation"),
        ("Book me a table for two at 8 tonight.", "one-off request"),
        ("Can you send the invoice to Hooli?", "question"),
        ("Please translate this into Spanish.", "one-off request"),
        ("I'm out sick today.", "transient"),
    ],
)
def test_nothing_is_kept_from_chatter_questions_speculation_and_requests(text: str, reason: str) -> None:
    result = _run(text)
    assert result.facts == ()
    assert [s.reason for s in result.skipped] == [reason]


def test_a_greeting_before_a_statement_is_dropped_not_the_statement() -> None:
    fact = _one("Hello, we use Shopify for the storefront.")
    assert fact.content == "The team uses Shopify for the storefront"


def test_assistant_claims_count_only_when_the_user_confirms() -> None:
    claim = Message(role="assistant", id="a1", text="So your flight to Tokyo lands on March 12, right?")
    unconfirmed = EXTRACTOR.extract([claim, Message(role="user", text="hmm, let me check", id="u1")])
    assert unconfirmed.facts == ()
    assert EXTRACTOR.extract([claim]).facts == ()
    confirmed = EXTRACTOR.extract(
        [claim, Message(role="user", text="Yes, that's right", id="u1", user="ana")]
    )
    (fact,) = confirmed.facts
    assert fact.content == "The user's flight to Tokyo lands on March 12"
    assert fact.source_message_ids == ("u1", "a1")
    assert fact.confidence < 0.9  # a confirmed claim is less sure than the user's own words
    assert fact.related_user == "ana"


def test_a_yes_to_an_offer_is_not_a_fact() -> None:
    offer = Message(role="assistant", text="Would you like me to book the 8pm table?")
    assert EXTRACTOR.extract([offer, Message(role="user", text="Yes please")]).facts == ()


def test_a_preference_needs_permanence_language() -> None:
    assert _one("I always block Friday afternoons for deep work.").type is MemoryType.PREFERENCE
    assert _one("From now on, reply to me in French.").type is MemoryType.PREFERENCE
    assert _one("I'd prefer reminders in the evening.").type is MemoryType.PREFERENCE
    assert _run("Book me a window seat for tomorrow's flight.").facts == ()


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("We decided to move billing to Postgres next quarter.", MemoryType.DECISION),
        ("We're going with Datadog for monitoring.", MemoryType.DECISION),
        ("Tom Becker reports to Laura Kim.", MemoryType.RELATIONSHIP),
        ("My sister Carmen lives in Sevilla.", MemoryType.RELATIONSHIP),
        ("My grandmother turns 90 on October 8.", MemoryType.FACT),
        ("To deploy the web app, run make release and then tag the commit.", MemoryType.PROCEDURE),
        ("Whenever a deploy fails, roll back first.", MemoryType.PROCEDURE),
        ("Every release needs a changelog entry.", MemoryType.PROCEDURE),
        ("We never log request bodies because of PII.", MemoryType.PROCEDURE),
        ("We always need a purchase order number on the invoice.", MemoryType.PREFERENCE),
        ("The payments outage last Tuesday was caused by an expired certificate.", MemoryType.EPISODE),
        ("I get paid on the 25th of every month.", MemoryType.FACT),
        ("The export to CSV fails whenever a report has more than 10,000 rows.", MemoryType.OBSERVATION),
        ("The customer portal runs on Kubernetes in eu-west-1.", MemoryType.FACT),
    ],
)
def test_each_fact_is_typed(text: str, kind: MemoryType) -> None:
    assert _one(text).type is kind


def test_third_person_rewrite() -> None:
    assert _one("I never take meetings before 9:30.").content == "The user never takes meetings before 9:30"
    assert _one("My car is a 2019 Toyota Corolla.").content == "The user's car is a 2019 Toyota Corolla"
    assert _one("I went to Porto in May.").content == "The user went to Porto in May"
    # "our team" is the team itself (it was "The team's team decided ...")
    assert _one("Our team decided to move the launch to March.").content == (
        "The team decided to move the launch to March"
    )
    assert (
        _one("We moved our teams' standup to 10:00.").content == "The team moved the teams' standup to 10:00"
    )
    assert _one("Our CI runs on GitHub Actions.").content == "The team's CI runs on GitHub Actions"
    # other languages are kept as said: the extractor does not translate
    assert _one("Mi hermana Carmen vive en Sevilla.").content == "Mi hermana Carmen vive en Sevilla"


@pytest.mark.parametrize(
    ("text", "content", "subject"),
    [
        # the name the user gave is the head: it was "The team's company Zephyr Corp ..."
        ("Our company Zephyr Corp is moving to Berlin.", "Zephyr Corp, the user's company, is moving to Berlin",
         "Zephyr Corp"),
        ("Our company, Zephyr Corp, sells wind turbines.", "Zephyr Corp, the user's company, sells wind turbines",
         "Zephyr Corp"),
        ("Our CEO Dana Lee signed the Hooli contract.", "Dana Lee, the user's CEO, signed the Hooli contract",
         "Dana Lee"),
        ("Our client Globex & Partners renews its contract in May.",
         "Globex & Partners, the user's client, renews its contract in May", None),
        ("We work for our client Hooli Labs.", "The team works for Hooli Labs, the user's client", None),
        # no name after the possessive's word, or the word starts a clause: as before
        ("Our clients love Acme's dashboards.", "The team's clients love Acme's dashboards", None),
        ("Our Berlin office closes on Fridays.", "The team's Berlin office closes on Fridays", None),
    ],
)  # fmt: skip
def test_a_name_after_our_is_kept_as_the_name(text: str, content: str, subject: str | None) -> None:
    fact = _one(text)
    assert (fact.content, fact.subject) == (content, subject)


def test_personal_or_shared_under_the_ceiling() -> None:
    assert _one("I'm allergic to shellfish.").visibility is Visibility.PERSONAL
    assert _one("I prefer short bullet-point summaries.").visibility is Visibility.PERSONAL
    assert _one("Our VPN gateway is vpn.corp.example.com.").visibility is Visibility.SHARED
    assert _one("Acme's contract renews on March 1.").visibility is Visibility.SHARED
    assert _one("Jonas is my manager.").visibility is Visibility.SHARED  # colleague knowledge
    # nothing is promoted to shared in a personal request
    for text in ("Our VPN gateway is vpn.corp.example.com.", "Jonas is my manager."):
        assert _one(text, ceiling="personal").visibility is Visibility.PERSONAL


def test_importance_confidence_subject_and_provenance() -> None:
    decision = _one("We decided to drop Python 3.9 support.")
    remark = _one("Globex is our biggest customer in Germany.")
    assert decision.importance > remark.importance
    assert 0.0 < decision.confidence <= 1.0
    assert remark.subject == "Globex"
    assert decision.subject is None
    assert decision.source_message_ids == ("m1",) and decision.related_user == "ana"


def test_retractions_are_not_facts() -> None:
    result = _run("That's no longer true, I don't live in Lyon anymore.")
    assert result.facts == ()
    (retraction,) = result.retractions
    assert retraction.retracts == "The user lives in Lyon"
    assert (
        _run("Forget that I said the offsite is in Lisbon.").retractions[0].retracts
        == "The offsite is in Lisbon"
    )


def test_statements_holding_a_secret_are_skipped() -> None:
    result = _run(
        "The staging password is hunter2-Staging!9",
        "here is my token: ghp_R8pXq2LmZ7vN4kT1bW9cY6dF3hJ0sA5eG2uK",
    )
    assert result.facts == ()
    assert [s.reason for s in result.skipped] == ["secret", "secret"]
    assert all("hunter2" not in s.text or s.reason == "secret" for s in result.skipped)


def test_tool_results_are_observations_and_secrets_in_them_are_skipped() -> None:
    tool = Message(role="tool", id="t1", tool="jira", result={"key": "PAY-311", "status": "In Progress"})
    (fact,) = EXTRACTOR.extract([tool], mode="agent", ceiling="shared").facts
    assert fact.type is MemoryType.OBSERVATION
    assert fact.content == "jira result: key PAY-311; status In Progress"
    assert fact.visibility is Visibility.SHARED and fact.source_message_ids == ("t1",)
    leaky = Message(
        role="tool", tool="env", result={"GITHUB_TOKEN": "ghp_R8pXq2LmZ7vN4kT1bW9cY6dF3hJ0sA5eG2uK"}
    )
    result = EXTRACTOR.extract([leaky], mode="agent", ceiling="shared")
    assert result.facts == () and result.skipped[0].reason == "secret"


def test_only_the_users_words_count() -> None:
    said = Message(role="assistant", text="Your manager is Jonas and the budget is 250k.")
    assert EXTRACTOR.extract([said], ceiling="shared").facts == ()


def test_instructions_narrow_by_type_class_and_keyword() -> None:
    texts = (
        "We decided to use Postgres.",
        "I prefer tea over coffee.",
        "I'm allergic to penicillin, my health matters.",
    )
    assert {f.type for f in _run(*texts, instructions="Only store decisions.").facts} == {MemoryType.DECISION}
    kept = _run(*texts, instructions="Never store preferences. Don't store anything about health.").facts
    assert [f.type for f in kept] == [MemoryType.DECISION]
    assert [f.type for f in _run(*texts, instructions="only keep shared").facts] == [MemoryType.DECISION]
    assert {f.type for f in _run(*texts, instructions="only remember decisions or preferences").facts} == {
        MemoryType.DECISION,
        MemoryType.PREFERENCE,
    }
    reasons = {s.reason for s in _run(*texts, instructions="Only store decisions.").skipped}
    assert reasons == {"not asked for by instructions"}


def test_unsupported_instructions_change_nothing_and_are_listed() -> None:
    rules = parse_instructions("Be careful with names. Only store decisions")
    assert rules.unsupported == ("Be careful with names.",)
    texts = ("We decided to use Postgres.", "I prefer tea over coffee.")
    assert len(_run(*texts, instructions="Be careful with names.").facts) == 2


def _bench() -> object:
    spec = importlib.util.spec_from_file_location("bench_extraction", ROOT / "bench" / "extraction.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", ["dev.jsonl", "heldout.jsonl", "heldout2.jsonl"])
def test_labelled_corpus_figures_stay_above_the_targets(name: str) -> None:
    """The dev corpus and held-out sets 1 and 2 (both used for tuning after they were measured).

    Held-out set 3 is not tested here on purpose: it is measured by ``bench/extraction.py`` only, so
    that nobody tunes rules against it through a failing test.
    """
    bench = _bench()
    fig = bench.evaluate(bench.load([DATA / name]))  # type: ignore[attr-defined]
    assert fig.exchanges >= (300 if name == "dev.jsonl" else 60)
    for kind in bench.TYPES:  # type: ignore[attr-defined]
        if fig.tp[kind] + fig.fn[kind] >= 5:
            assert fig.precision(kind) >= 0.90, (kind, fig.precision(kind))
            assert fig.recall(kind) >= 0.75, (kind, fig.recall(kind))
    assert fig.precision() >= 0.90 and fig.recall() >= 0.75
    assert fig.classification >= 0.95
    assert fig.gate_reject >= 0.95 and fig.gate_pass >= 0.98
