"""Learning from conversations (issue 13): the gate, the extractors and their types.

Pure code: nothing here stores anything. The pieces:

* ``models`` — :class:`Message` in, :class:`ExtractionResult` (candidate facts, retractions,
  skipped statements) out;
* ``base`` — the :class:`Extractor` protocol every extractor implements;
* ``gate`` — :func:`gate`, the cheap check that decides whether an exchange is worth extracting;
* ``rules`` — :class:`RuleExtractor`, the deterministic offline extractor;
* ``llm`` / ``prompts`` — :class:`~memlane.extraction.llm.LLMExtractor` over any LLM provider, and its
  versioned prompts (imported on demand: ``memlane.extraction.llm``);
* ``select`` — :func:`extractor_for`, the extractor for a spec (``"rules"``, ``"openai:<model>"``…);
* ``manager`` — the memory manager's decision (rules, or the LLM extractor's);
* ``instructions`` — :func:`parse_instructions`, a caller's instructions as strict extra rules;
* ``statements`` / ``classify`` — the sentence acts, types, third-person rewrite and classes they use.

Rules, what instructions support, and measured figures: ``docs/extraction.md``.
"""

from __future__ import annotations

from .base import Extractor
from .gate import gate
from .instructions import Rules, parse_instructions
from .models import (
    CandidateFact,
    Ceiling,
    ExtractionResult,
    GateDecision,
    Message,
    Mode,
    Retraction,
    Role,
    Skipped,
)
from .rules import RuleExtractor
from .select import extractor_for

__all__ = [
    "CandidateFact",
    "Ceiling",
    "ExtractionResult",
    "Extractor",
    "GateDecision",
    "Message",
    "Mode",
    "Retraction",
    "Role",
    "RuleExtractor",
    "Rules",
    "Skipped",
    "extractor_for",
    "gate",
    "parse_instructions",
]
