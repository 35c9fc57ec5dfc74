"""The optional LLM judge of consolidation (``consolidation/judge.py``), against scripted LLM servers
speaking OpenAI's chat completions and Anthropic's Messages protocols over real HTTP on loopback, with
the real local embedder proposing the candidates and a real SQLite store.

The scripted "LLM" answers from a fixed list of pairs that mean the same (a perfect judge for these
statements), so what is checked is the code around it: which pairs it is asked (the guards hold before
it), in batches, that its verdicts decide the clusters, and that a failing LLM leaves the offline rule's
result and says so in the report.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from llm_servers import ScriptedLLM, scripted_llm
from memlane import Memlane
from memlane.consolidation import judge
from memlane.errors import ConfigError

#: what the judge is shown and says "same" to (the offline rule confirms neither pair; "wants" /
#: "prefers" is no longer shown: a wish and a preference are two attitudes, ``attitudes``)
SAME = {
    frozenset({"Otto works remotely", "Otto works from home"}),
    frozenset({"Kira wants short emails", "Kira asks for short emails"}),
}
STATEMENTS = [
    "Otto works remotely",
    "Otto works from home",
    "Kira wants short emails",
    "Kira asks for short emails",
    "Priya drives a red Volvo",  # a near-miss the embedder proposes: the judge says no
    "Priya drives a blue Volvo",
    "Otto reports to Hanna",
    "Hanna reports to Otto",  # a role swap: never shown to the judge
    "The standup is at 9 am",  # another time: other anchors, never shown
    "The standup is at 10 am",
]


def _pairs(body: dict[str, Any]) -> list[dict[str, Any]]:
    """The pairs a judge request carries (the user turn: one JSON object per line)."""
    turn = body["messages"][-1]["content"]
    return [json.loads(line) for line in turn.splitlines() if line.startswith("{")]


def _perfect(body: dict[str, Any]) -> dict[str, Any]:
    return {"answers": [{"id": p["id"], "same": frozenset({p["a"], p["b"]}) in SAME} for p in _pairs(body)]}


@pytest.fixture
def llm() -> Iterator[ScriptedLLM]:
    with scripted_llm() as server:
        yield server


def _memlane(tmp_path: Path, embedder: object, llm: ScriptedLLM | None, provider: str = "openai") -> Memlane:
    environ = {"MEMLANE_HOME": str(tmp_path / "home"), "MEMLANE_CONSOLIDATE_PARAPHRASES": "1"}
    if llm is not None:
        environ |= {
            "MEMLANE_CONSOLIDATE_JUDGE": "llm",
            "MEMLANE_LLM": f"{provider}:judge-model",
            "MEMLANE_LLM_URL": llm.url,
            "MEMLANE_LLM_MAX_ATTEMPTS": "1",
        }
    return Memlane(tmp_path / "m.db", user="alice", embedder=embedder, environ=environ)  # type: ignore[arg-type]


def _clusters(report: Any, ids: dict[str, str]) -> list[list[str]]:
    text = {v: k for k, v in ids.items()}
    return sorted(sorted(text[i] for i in c.merged) for c in report.clusters)


def _store(m: Memlane) -> dict[str, str]:
    return {t: m.store(t, auto_supersede=False).id for t in STATEMENTS}


@pytest.mark.parametrize("provider", ["openai", "anthropic"])
def test_the_llm_confirms_guarded_candidates_in_batches(
    tmp_path: Path, local_embedder: object, llm: ScriptedLLM, provider: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(judge, "BATCH", 2)
    llm.answer(_perfect, times=10)
    m = _memlane(tmp_path, local_embedder, llm, provider)
    try:
        ids = _store(m)
        offline = m.service.consolidation
        report = m.consolidate(dry_run=True)
    finally:
        m.close()
    assert _clusters(report, ids) == [
        ["Kira asks for short emails", "Kira wants short emails"],
        ["Otto works from home", "Otto works remotely"],
    ]
    shown = [frozenset({p["a"], p["b"]}) for body in llm.bodies() for p in _pairs(body)]
    assert all(len(_pairs(body)) <= 2 for body in llm.bodies()) and len(llm.bodies()) >= 2, "in batches"
    assert set(SAME) <= set(shown), "the rewordings were asked"
    assert frozenset({"Priya drives a red Volvo", "Priya drives a blue Volvo"}) in shown, "a candidate"
    assert frozenset({"Otto reports to Hanna", "Hanna reports to Otto"}) not in shown, "role swap: guarded"
    assert not any("standup" in t for pair in shown for t in pair), "other anchors: never a candidate"
    assert report.judge is not None and report.judge.by == "llm" and report.judge.error is None
    assert report.judge.llm == f"{provider}/judge-model"
    assert report.judge.pairs == report.judge.asked == len(set(shown)) and report.judge.confirmed == 2
    body = llm.bodies()[0]
    if provider == "openai":
        assert llm.seen[0].path == "/chat/completions" and body["messages"][0]["content"] == judge.SYSTEM
    else:
        assert llm.seen[0].path == "/v1/messages" and body["system"] == judge.SYSTEM
        assert body["tool_choice"] == {"type": "tool", "name": "judge_pairs"}
    assert offline.judge is not None


def test_without_the_judge_the_offline_rule_decides(tmp_path: Path, local_embedder: object) -> None:
    m = _memlane(tmp_path, local_embedder, None)
    try:
        _store(m)
        report = m.consolidate(dry_run=True)
    finally:
        m.close()
    assert report.clusters == () and report.judge is None


def test_an_llm_that_is_down_leaves_the_offline_rule_and_the_run_says_so(
    tmp_path: Path, local_embedder: object, llm: ScriptedLLM, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 503 on the second batch: nothing the LLM said (its first batch included) is used, every
    candidate is decided by the offline rule, the run merges what that rule merges and reports it."""
    monkeypatch.setattr(judge, "BATCH", 2)
    llm.answer(lambda body: {"answers": [{"id": p["id"], "same": True} for p in _pairs(body)]})
    llm.status(503)
    m = _memlane(tmp_path, local_embedder, llm)
    # the offline paraphrase rule merges these, the word rule does not ("is shut" may be an adjective)
    extra = ["The office closes at 6 pm", "The office is shut at 6 pm"]
    try:
        ids = _store(m) | {t: m.store(t, auto_supersede=False).id for t in extra}
        report = m.consolidate()
        after = [c.content for c in m.list_recent(limit=50)]
    finally:
        m.close()
    assert _clusters(report, ids) == [sorted(extra)], "the offline rule's merge only"
    assert report.judge is not None and report.judge.by == "rules"
    assert report.judge.error is not None and "503" in report.judge.error
    assert report.judge.confirmed == 1 and report.judge.pairs > 2
    assert "Priya drives a blue Volvo" in after and "Priya drives a red Volvo" in after


def test_a_garbled_reply_is_asked_again_then_falls_back(
    tmp_path: Path, local_embedder: object, llm: ScriptedLLM, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(judge, "BATCH", 50)  # one request per run
    missing = {"answers": [{"id": 0, "same": True}]}  # not one answer per pair
    llm.reply(missing).answer(_perfect)  # garbled once, then answered: the LLM decides
    llm.reply(missing).text("I think they are the same")  # garbled twice: the offline rule
    m = _memlane(tmp_path, local_embedder, llm)
    try:
        ids = _store(m)
        first = m.consolidate(dry_run=True)
        m.service.consolidation._judge_llm = None  # a new run builds its client again
        second = m.consolidate(dry_run=True)
    finally:
        m.close()
    assert first.judge is not None and first.judge.by == "llm" and len(_clusters(first, ids)) == 2
    assert second.judge is not None and second.judge.by == "rules" and second.clusters == ()
    assert "ids" in (second.judge.error or "") or "JSON" in (second.judge.error or "")
    assert len(llm.bodies()) == 4


def test_judge_configuration_is_checked(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="needs an LLM"):
        Memlane(tmp_path / "a.db", environ={"MEMLANE_CONSOLIDATE_JUDGE": "llm"})
    with pytest.raises(ConfigError, match="'rules' or 'llm'"):
        Memlane(tmp_path / "b.db", environ={"MEMLANE_CONSOLIDATE_JUDGE": "gpt"})
