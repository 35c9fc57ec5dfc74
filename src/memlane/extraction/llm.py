"""The LLM extractor: the :class:`~memlane.extraction.base.Extractor` interface over any LLM provider
(``memlane.providers.llm``), and the memory manager's decision made by the same model.

What the model is trusted with, and what stays rules: the model proposes facts, retractions and the
manager's ADD / UPDATE / NOOP / DELETE; code then enforces what must hold whatever it says — the
request's ceiling (with ``personal`` nothing is shared), the caller's instructions as strict rules
(``instructions.parse_instructions``, applied after the model as well as told to it), no secret
(``memlane.secrets``), message citations within the exchange, and a decision's target among the items
it was shown.

Failures: a provider error (after its retries) is :class:`~memlane.errors.LLMError`; a reply that is
no JSON object or does not validate against the reply model is asked once more, then
:class:`~memlane.errors.LLMReplyError`. Either way the extraction stops before anything is written
(``extracting.py`` asks every question before its one write transaction), so it can be retried.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from ..errors import LLMReplyError
from ..messages import problems
from ..models import Memory, Visibility
from ..providers.llm.base import LLM
from ..secrets import find_secret
from ..text import content_hash
from .instructions import parse_instructions
from .manager import Decision
from .models import CandidateFact, Ceiling, ExtractionResult, Message, Mode, Retraction, Skipped
from .prompts import (
    PROMPT_VERSION,
    DecisionReply,
    ExtractionReply,
    Prompt,
    RetractionDecisionReply,
    decision_prompt,
    extraction_prompt,
    json_schema,
    retraction_prompt,
)

__all__ = ["LLMExtractor"]

R = TypeVar("R", bound=BaseModel)


class LLMExtractor:
    """Extraction and the memory manager's decisions by an LLM (see the module docstring)."""

    prompt_version = PROMPT_VERSION

    def __init__(self, llm: LLM, *, reply_attempts: int = 2) -> None:
        self.llm = llm
        self.identity = llm.identity
        self.reply_attempts = max(1, reply_attempts)

    def __repr__(self) -> str:
        return f"LLMExtractor({self.identity!r}, prompt={PROMPT_VERSION!r})"

    def _ask(self, prompt: Prompt, model: type[R], name: str) -> R:
        schema = json_schema(model)
        error: LLMReplyError | None = None
        for _ in range(self.reply_attempts):
            try:
                raw = self.llm.complete_json(
                    system=prompt.system, prompt=prompt.prompt, schema=schema, name=name
                )
                return model.model_validate(raw)
            except ValidationError as exc:
                error = LLMReplyError(
                    f"the LLM ({self.identity}) answered off the {name} schema: {problems(exc)}"
                )
            except LLMReplyError as exc:
                error = exc
        assert error is not None
        raise error

    # -- extraction -----------------------------------------------------------------------------------

    def extract(
        self,
        messages: Sequence[Message],
        *,
        mode: Mode = "chat",
        ceiling: Ceiling = "personal",
        instructions: str | None = None,
    ) -> ExtractionResult:
        reply = self._ask(
            extraction_prompt(messages, mode=mode, ceiling=ceiling, instructions=instructions),
            ExtractionReply,
            "record_memories",
        )
        rules = parse_instructions(instructions)
        speakers = [m.user for m in messages if m.role == "user" and m.user]
        default_user = speakers[-1] if speakers else None

        def cited(numbers: Sequence[int]) -> tuple[Message, ...]:
            return tuple(messages[n - 1] for n in dict.fromkeys(numbers) if 1 <= n <= len(messages))

        facts: list[CandidateFact] = []
        skipped = [Skipped(text=s.text, reason=s.reason or "not kept") for s in reply.skipped]
        seen: set[str] = set()
        for out in reply.facts:
            content = " ".join(out.content.split())
            if find_secret(content):
                skipped.append(Skipped(text="(withheld)", reason="secret"))
                continue
            sources = cited(out.messages)
            users = [m.user for m in sources if m.role == "user" and m.user]
            fact = CandidateFact(
                content=content, type=out.type, subject=(out.subject or "").strip() or None,
                related_user=users[0] if users else default_user, importance=out.importance,
                confidence=out.confidence,
                visibility=Visibility.SHARED if ceiling == "shared" and out.visibility == "shared" else Visibility.PERSONAL,
                source_message_ids=tuple(m.id for m in sources if m.id),
                reason=out.reason.strip() or f"{out.type.value} (LLM)",
            )  # fmt: skip
            excluded = rules.excludes(fact)
            if excluded:
                skipped.append(Skipped(text=content, reason=excluded))
            elif content_hash(content) not in seen:
                seen.add(content_hash(content))
                facts.append(fact)
        retractions = []
        for r in reply.retractions:
            sources = cited(r.messages)
            users = [m.user for m in sources if m.role == "user" and m.user]
            retractions.append(
                Retraction(
                    text=r.text,
                    retracts=r.retracts,
                    erase=r.erase,
                    related_user=users[0] if users else default_user,
                    source_message_ids=tuple(m.id for m in sources if m.id),
                )  # fmt: skip
            )
        return ExtractionResult(facts=tuple(facts), retractions=tuple(retractions), skipped=tuple(skipped))

    # -- the memory manager's decision ----------------------------------------------------------------

    def decide(
        self, content: str, type_: str, neighbours: Sequence[Memory], subject: str | None = None
    ) -> Decision:
        """ADD, UPDATE or NOOP by the model; no call when nothing is similar or the text is stored verbatim."""
        if not neighbours:
            return Decision("add", None, "new")
        digest = content_hash(content)
        for item in neighbours:
            if content_hash(item.content) == digest:
                return Decision("noop", item, "already known")
        reply = self._ask(decision_prompt(content, type_, subject, neighbours), DecisionReply, "decide")
        if reply.action == "add":
            return Decision("add", None, reply.reason or "new (LLM)")
        target = _target(reply.target, neighbours, reply.action)
        if reply.action == "noop":
            return Decision("noop", target, reply.reason or "already known (LLM)")
        return Decision("update", target, reply.reason or f"updates a stored {type_} (LLM)")

    def decide_retraction(self, retracts: str, neighbours: Sequence[Memory]) -> Decision:
        if not neighbours:
            return Decision("noop", None, "nothing stored matches what was retracted")
        reply = self._ask(
            retraction_prompt(retracts, neighbours), RetractionDecisionReply, "decide_retraction"
        )
        if reply.action == "noop":
            return Decision("noop", None, reply.reason or "nothing stored matches what was retracted (LLM)")
        return Decision(
            "delete",
            _target(reply.target, neighbours, "delete"),
            reply.reason or "retracted by the user (LLM)",
        )


def _target(number: int | None, neighbours: Sequence[Memory], action: str) -> Memory:
    if number is None or not 1 <= number <= len(neighbours):
        raise LLMReplyError(
            f"the LLM's {action} names item {number!r}, not one of the {len(neighbours)} items it was shown"
        )
    return neighbours[number - 1]
