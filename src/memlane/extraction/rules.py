"""The deterministic, offline extractor: rules over the user's own statements and tool results.

What it keeps (``docs/extraction.md`` has the full list with examples):

* **user statements** only: each user message is cut into sentences (``statements``); greetings and
  small talk, questions, speculation ("should I try X?", "maybe") and one-off requests ("book me a
  table tonight") are skipped with that reason; a statement needs a durable signal (``gate.has_signal``);
  first-person statements about right now ("I'm tired today") are skipped as transient;
* **an assistant's claim only when the user confirms it** ("yes, that's right") in the next message;
* **tool results** as observations (the tool's name and its scalar fields);
* **retractions** ("forget that I…", "that's no longer true") as :class:`Retraction`, never as facts.

Each kept statement is typed (``classify``), rewritten in the third person, given importance and
confidence, classified personal or shared under the ceiling, and dropped when it holds a secret
(``memlane.secrets.find_secret``, reason "secret") or when the caller's instructions exclude it
(``instructions``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from ..forgetting.requests import asked_to_forget
from ..models import MemoryType, Visibility
from ..secrets import find_secret
from .classify import classify, name_subject, third_person, visibility_of
from .gate import has_signal, is_claim
from .instructions import parse_instructions
from .models import CandidateFact, Ceiling, ExtractionResult, Message, Mode, Retraction, Skipped
from .statements import Act, act_of, split_statements, strip_greeting

__all__ = ["RuleExtractor"]

_IMPORTANCE = {
    MemoryType.DECISION: 0.8,
    MemoryType.PROCEDURE: 0.7,
    MemoryType.RELATIONSHIP: 0.7,
    MemoryType.FACT: 0.6,
    MemoryType.PREFERENCE: 0.6,
    MemoryType.EPISODE: 0.5,
    MemoryType.OBSERVATION: 0.4,
}
_WEIGHTY_RE = re.compile(
    r"\b(?:allerg\w*|blood|medical|health|deadline|contract|budget|price|eur|usd|\$|€|£|sla|security|"
    r"password|legal|gdpr|never)\b",
    re.I,
)
_TRANSIENT_RE = re.compile(
    r"\b(?:today|tonight|right\s+now|at\s+the\s+moment|this\s+(?:morning|afternoon|evening))\b", re.I
)
_FIRST_SINGULAR_START_RE = re.compile(r"^\W*(?:i|i'm|i\s+am|i'll|i've)\b", re.I)
_REMIND_RE = re.compile(r"^\W*(?:please\s+)?remind\s+me\s+(?:that\s+|about\s+)?", re.I)
_CLAIM_FRAME_RE = re.compile(
    r"^\W*(?:so|okay|ok|just\s+to\s+confirm|to\s+confirm|you\s+(?:said|mentioned|told\s+me)(?:\s+that)?|"
    r"i\s+(?:see|understand|gather)(?:\s+that)?|if\s+i\s+understand(?:\s+correctly)?)[,:]?\s+",
    re.I,
)
_CLAIM_TAIL_RE = re.compile(
    r"[,\s]*(?:is\s+that\s+(?:right|correct)|right|correct|am\s+i\s+right|yes)?\s*\?*\s*$", re.I
)
_YOU_RULES = [
    (r"\byou're\b", "I'm"),
    (r"\byou are\b", "I am"),
    (r"\byou've\b", "I've"),
    (r"\byour\b", "my"),
    (r"\byours\b", "mine"),
    (r"\byou\b", "I"),
]
_YOU_RE = [(re.compile(p, re.I), r) for p, r in _YOU_RULES]
_RETRACT_LEAD_RE = re.compile(
    r"^\W*(?:please\s+)?(?:forget\s+(?:that|about|what)?\s*(?:i\s+said\s+(?:that\s+)?)?|"
    r"(?:that's|that\s+is|it's|it\s+is)\s+(?:no\s+longer|not)\s+true(?:\s+anymore)?[,:;.]?\s*|"
    r"scratch\s+that[,:;.]?\s*|disregard\s+(?:that|what\s+i\s+said)[,:;.]?\s*)",
    re.I,
)
#: a retraction that asks to forget (erase), not merely to correct (retire)
_ERASE_RE = re.compile(r"^\W*(?:please\s+)?(?:forget|disregard|delete|erase)\b", re.I)
_NEGATION_RE = re.compile(r"\b(?:don't|do\s+not|doesn't|no\s+longer|not)\s+", re.I)
_ANYMORE_RE = re.compile(r"[,\s]*\b(?:anymore|any\s+more|now)\b", re.I)


class RuleExtractor:
    """The offline :class:`~memlane.extraction.base.Extractor` (see the module docstring)."""

    #: it reads the messages once, in order, keeping what it found and the assistant message before the
    #: current one only: a long logged conversation is given to it as it is read (``Extractor``)
    reads_once = True

    def extract(
        self,
        messages: Iterable[Message],
        *,
        mode: Mode = "chat",
        ceiling: Ceiling = "personal",
        instructions: str | None = None,
    ) -> ExtractionResult:
        rules = parse_instructions(instructions)
        facts: list[CandidateFact] = []
        retractions: list[Retraction] = []
        skipped: list[Skipped] = []
        seen: set[str] = set()
        last_assistant: Message | None = None

        def keep(fact: CandidateFact | None, text: str) -> None:
            if fact is None:
                return
            excluded = rules.excludes(fact)
            if excluded:
                skipped.append(Skipped(text=text, reason=excluded))
            elif fact.content.lower() not in seen:
                seen.add(fact.content.lower())
                facts.append(fact)

        for message in messages:
            ids = (message.id,) if message.id else ()
            if message.role == "tool":
                fact = _observation(message, ceiling, ids, skipped)
                keep(fact, fact.content if fact else "")
                continue
            if message.role == "assistant":
                last_assistant = message
                continue
            for sentence in split_statements(message.text):
                act = act_of(sentence)
                if act is Act.RETRACTION:
                    retractions.append(_retraction(sentence, message, ids))
                elif act is Act.CONFIRMATION:
                    claim = _claim_of(last_assistant)
                    if claim is None:
                        skipped.append(Skipped(text=sentence, reason="confirmation of nothing durable"))
                        continue
                    source = ids + ((last_assistant.id,) if last_assistant and last_assistant.id else ())
                    keep(_statement(claim, message, ceiling, source, skipped, 0.75), claim)
                elif act is not Act.STATEMENT:
                    skipped.append(Skipped(text=sentence, reason=str(act)))
                else:
                    keep(_statement(sentence, message, ceiling, ids, skipped, 0.9), sentence)
            last_assistant = None
        return ExtractionResult(facts=tuple(facts), retractions=tuple(retractions), skipped=tuple(skipped))


def _statement(
    sentence: str,
    message: Message,
    ceiling: Ceiling,
    ids: tuple[str, ...],
    skipped: list[Skipped],
    confidence: float,
) -> CandidateFact | None:
    sentence = _REMIND_RE.sub("", strip_greeting(sentence)).strip()
    if confidence >= 0.9 and not has_signal(sentence):  # a confirmed claim needs no other signal
        skipped.append(Skipped(text=sentence, reason="no durable signal"))
        return None
    if find_secret(sentence):
        skipped.append(Skipped(text=sentence, reason="secret"))
        return None
    kind = classify(sentence)
    if _TRANSIENT_RE.search(sentence) and (
        kind is MemoryType.FACT
        or (
            _FIRST_SINGULAR_START_RE.match(sentence)
            and kind not in (MemoryType.DECISION, MemoryType.PREFERENCE)
        )
    ):
        skipped.append(Skipped(text=sentence, reason="transient"))
        return None
    importance = _IMPORTANCE[kind] + (0.1 if _WEIGHTY_RE.search(sentence) else 0.0)
    return CandidateFact(
        content=third_person(sentence),
        type=kind,
        subject=name_subject(sentence),
        related_user=message.user,
        importance=min(importance, 1.0),
        confidence=confidence,
        visibility=visibility_of(sentence, kind, ceiling),
        source_message_ids=ids,
        reason=f"user {kind.value}" if confidence >= 0.9 else f"{kind.value} confirmed by the user",
    )


def _claim_of(assistant: Message | None) -> str | None:
    """The assistant's last sentence, turned into the user's own first-person statement."""
    if assistant is None or not is_claim(assistant.text):
        return None
    sentences = split_statements(assistant.text)
    claim = _CLAIM_TAIL_RE.sub("", _CLAIM_FRAME_RE.sub("", sentences[-1])).strip()
    for pattern, replacement in _YOU_RE:
        claim = pattern.sub(replacement, claim)
    if not claim:
        return None
    return claim[:1].upper() + claim[1:]


def _retraction(sentence: str, message: Message, ids: tuple[str, ...]) -> Retraction:
    asked = asked_to_forget(strip_greeting(sentence))
    if asked is not None:  # "can you forget that …", "delete the note about …": read as forget reads it
        return Retraction(text=sentence, retracts=third_person(asked.text), related_user=message.user,
                          source_message_ids=ids, erase=True)  # fmt: skip
    rest = _RETRACT_LEAD_RE.sub("", sentence).strip()
    rest = _ANYMORE_RE.sub("", _NEGATION_RE.sub("", rest)).strip(" ,.;")
    # "That's no longer true, I don't live in Lyon anymore" → "The user live in Lyon" → "lives"
    return Retraction(
        text=sentence,
        retracts=third_person(rest) if rest else "",
        related_user=message.user,
        source_message_ids=ids,
        erase=bool(_ERASE_RE.match(sentence)),
    )


def _scalars(value: Any, prefix: str, out: list[str]) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            _scalars(item, f"{prefix}{key} ", out)
    elif isinstance(value, list):
        parts = [str(v) for v in value if isinstance(v, str | int | float) and not isinstance(v, bool)]
        if parts:
            out.append(f"{prefix}{', '.join(parts)}")
    elif value is not None and not isinstance(value, bool):
        out.append(f"{prefix}{value}")


def _observation(
    message: Message, ceiling: Ceiling, ids: tuple[str, ...], skipped: list[Skipped]
) -> CandidateFact | None:
    """A tool result as an observation: the tool and its fields, e.g. "jira: key PAY-12, status Done"."""
    parts: list[str] = []
    if message.result:
        _scalars(message.result, "", parts)
    elif message.text.strip():
        parts.append(" ".join(message.text.split())[:300])
    if not parts:
        return None
    content = f"{message.tool or 'tool'} result: " + "; ".join(parts[:10])
    if find_secret(content):
        skipped.append(Skipped(text=f"{message.tool or 'tool'} result", reason="secret"))
        return None
    return CandidateFact(
        content=content[:500],
        type=MemoryType.OBSERVATION,
        subject=message.tool,
        related_user=message.user,
        importance=_IMPORTANCE[MemoryType.OBSERVATION],
        confidence=0.85,
        visibility=Visibility.SHARED if ceiling == "shared" else Visibility.PERSONAL,
        source_message_ids=ids,
        reason="tool result",
    )
