"""The extractor interface: the rule-based extractor (``rules``) and the LLM one implement it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from .models import Ceiling, ExtractionResult, Message, Mode

__all__ = ["Extractor"]


@runtime_checkable
class Extractor(Protocol):
    """Turns an exchange into candidate memories; pure (no storage, no side effects).

    ``messages`` is the latest exchange (user turns, assistant replies, tool results) in order.
    ``mode="agent"``: the exchange comes from an agent's work (tool results count as observations);
    ``"chat"``: a conversation with a person. ``ceiling`` is the widest visibility allowed: with
    ``"personal"`` nothing comes back ``shared``. ``instructions`` are strict extra rules from the
    caller ("only store decisions", "never store anything about health"): they can only narrow what
    is kept, never widen it.

    An extractor that reads ``messages`` once, in order, and holds none of them may say so with a
    ``reads_once = True`` attribute (the rule-based one does): it is then given a logged conversation
    as it is read from the log, page by page, instead of as one list (``extracting.LoggedTranscript``),
    so that extracting a very long one does not hold it whole.
    """

    def extract(
        self,
        messages: Sequence[Message],
        *,
        mode: Mode = "chat",
        ceiling: Ceiling = "personal",
        instructions: str | None = None,
    ) -> ExtractionResult: ...
