"""Which extractor to use: :func:`extractor_for`, one function for the service and the scheduled sweep.

``MEMLANE_LLM`` (``Settings.llm``) picks the service's extractor; a profile may name its own spec and
get its extractor from the same function.
"""

from __future__ import annotations

from collections.abc import Mapping

from .base import Extractor

__all__ = ["RULES", "extractor_for"]

#: the spec of the rule-based extractor (``"none"`` and an empty spec mean the same: no LLM)
RULES = "rules"


def extractor_for(spec: str | None = None, *, environ: Mapping[str, str] | None = None) -> Extractor:
    """The extractor for ``spec``: ``None``, ``""``, ``"none"`` or ``"rules"`` give the rule-based one
    (offline, no model); ``"openai:<model>"`` or ``"anthropic:<model>"`` an :class:`LLMExtractor` over
    that provider, configured from ``environ`` (``MEMLANE_LLM_URL``, ``MEMLANE_LLM_API_KEY``...; see
    ``memlane.providers.llm``). Raises ConfigError for an unknown spec; no network is touched."""
    name = (spec or "").strip()
    if name.lower() in ("", "none", RULES):
        from .rules import RuleExtractor

        return RuleExtractor()
    from ..providers.llm import build_llm
    from .llm import LLMExtractor

    llm = build_llm(name, environ=environ)
    assert llm is not None  # "none" was handled above
    return LLMExtractor(llm)
