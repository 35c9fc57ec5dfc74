"""The gate: a cheap check that an exchange plausibly holds something durable.

Run before any extractor (the LLM one costs a model call), so it errs towards passing. It passes:

* every exchange in ``agent`` mode (an agent's work is worth a look whatever it says);
* an exchange with a tool result (structured ``result`` or tool text);
* an exchange where the user confirms an assistant's claim that carries a signal;
* an exchange with a user statement (not a greeting, question, speculation or one-off request)
  that carries a signal: a name, date, amount or number (``memlane.text.extract_entities``),
  permanence language ("always", "from now on", "I prefer"), a decision, a relationship or
  a first-person fact ("I live", "my manager"), or a retraction ("forget that I…").

It rejects the rest: greetings, small talk, questions, speculation and one-off requests.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..secrets import find_secret
from ..text import extract_entities
from .classify import WHEN_RE, has_rule_shape
from .models import GateDecision, Message, Mode
from .statements import Act, act_of, has_permanence, is_transient, split_statements

__all__ = ["gate", "has_signal", "is_claim"]

_CUE_RE = re.compile(
    r"\b(?:decided|decision|agreed|settled|chose|going\s+with|go\s+with|switch(?:ed|ing)?\s+to|"
    r"my|our|i'm|i\s+am|i\s+live|i\s+work|i\s+have|i\s+own|i\s+moved|i\s+use|we\s+use|i'm\s+allergic|"
    r"is\s+(?:the|our|my)|reports\s+to|works\s+(?:with|for|at)|married|deadline|due|budget|policy|"
    r"process|rule|steps?|runbook|must|requires?|always|never|mon|ma|mes|notre|mi|mis|nuestro|mein|meine|unser|"
    r"(?:lives?|located|runs?|hosted|stored|kept|deployed)\s+(?:in|on|at)|uses?|"
    r"your|monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|today|yesterday)\b|\d",
    re.I,
)


#: an assistant's offer or open question, which a "yes" accepts but does not make a fact
_OFFER_RE = re.compile(
    r"^\W*(?:would|do|shall|should|can|could|may|want|what|which|how|when|where|who|why)\b|"
    r"\b(?:would\s+you\s+like|do\s+you\s+want|shall\s+i|should\s+i|want\s+me\s+to|let\s+me\s+know)\b",
    re.I,
)


def is_claim(text: str) -> bool:
    """Is the assistant's last sentence a claim a user can confirm ("So you live in Porto?")?"""
    sentences = split_statements(text)
    return bool(sentences) and len(sentences[-1].split()) >= 4 and not _OFFER_RE.search(sentences[-1])


def has_signal(text: str) -> bool:
    """A name, date, number, permanence word or first-person / decision cue in ``text``."""
    return bool(
        _CUE_RE.search(text)
        or has_permanence(text)
        or has_rule_shape(text)
        or WHEN_RE.search(text)
        or extract_entities(text)
    )


def gate(messages: Iterable[Message], mode: Mode = "chat") -> GateDecision:
    """Decide whether ``messages`` are worth extracting (see the module docstring)."""
    if mode == "agent":
        return GateDecision(passed=True, reason="agent mode")
    last_assistant = ""
    for message in messages:
        if message.role == "tool":
            if message.result or message.text.strip():
                return GateDecision(passed=True, reason="tool result")
            continue
        if message.role == "assistant":
            last_assistant = message.text
            continue
        for sentence in split_statements(message.text):
            act = act_of(sentence)
            if act is Act.RETRACTION:
                return GateDecision(passed=True, reason="retraction")
            if act is Act.CONFIRMATION and is_claim(last_assistant):
                return GateDecision(passed=True, reason="confirmed assistant claim")
            if (
                act is Act.STATEMENT
                and not is_transient(sentence)
                and has_signal(sentence)
                and not find_secret(sentence)
            ):
                return GateDecision(passed=True, reason="user statement with a durable signal")
    return GateDecision(passed=False, reason="nothing durable: small talk, questions or one-off requests")
