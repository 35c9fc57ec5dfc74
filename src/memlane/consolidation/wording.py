"""Which wording a consolidated memory keeps (pure; ``service`` writes it).

Members of one cluster say the same thing, so the longest is not the best: "Really, Mira owns a bakery
in Ghent" is longer than "Mira owns a bakery in Ghent" only by its filler. The merged memory keeps the
member that says the most — the most distinct content words once fillers are left out (``FILLERS`` of
``signature``: "really", "actually", "said"...) — then, among equals, the one with the fewest fillers,
then the newest. A leading discourse phrase ("FYI", "Just so you know,", "As I said,", "Actually,")
carries nothing of the fact: it is dropped from the kept wording. Every member's own words stay in the
merged memory's provenance and history, so nothing said is lost.
"""

from __future__ import annotations

import re
from datetime import datetime
from functools import cache

from .. import text
from ..models import Memory
from .discourse import strip_discourse
from .signature import FILLERS

__all__ = ["kept_wording", "strip_discourse"]

_WORD_RE = re.compile(r"[a-z]+")


@cache
def _filler_stems() -> frozenset[str]:
    return text.content_words(" ".join(sorted(FILLERS)))


def _rank(member: Memory) -> tuple[int, int, datetime, str]:
    core, leading = strip_discourse(member.content)
    inline = sum(1 for w in _WORD_RE.findall(core.lower()) if w in FILLERS)
    said = len(text.content_words(core) - _filler_stems())
    return (said, -(leading + inline), member.observed_at, member.id)


def kept_wording(cluster: list[Memory]) -> Memory:
    """The member whose wording the merged memory keeps (module docstring), with its leading discourse
    phrases dropped from ``content``; its other fields are the member's."""
    head = max(cluster, key=_rank)
    core, leading = strip_discourse(head.content)
    return head.model_copy(update={"content": core}) if leading else head
