"""What the consolidation word rule does with one pair of statements, for the tests of its checks."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from memlane.consolidation.duplicates import near_duplicate_clusters
from memlane.consolidation.service import word_rule
from memlane.models import Memory, Visibility


def _memory(id: str, content: str, now: datetime) -> Memory:
    return Memory.model_construct(id=id, content=content, workspace="default", owner="user:ana",
                                  visibility=Visibility.PERSONAL, space=None, subject=None, related_user="ana",
                                  observed_at=now, created_at=now)  # fmt: skip


def merged(a: str, b: str) -> bool:
    """Whether the word rule puts two statements of one user in one cluster."""
    now = datetime.now(UTC)
    return bool(near_duplicate_clusters([_memory("0", a, now), _memory("1", b, now)]))


def joined(a: str, b: str) -> bool:
    """Whether the whole default rule (``service.word_rule``: near-duplicates, then the confirmation of
    statements one word apart) puts two statements of one user, a second apart, in one cluster."""
    now = datetime.now(UTC)
    return bool(word_rule([_memory("0", a, now), _memory("1", b, now + timedelta(seconds=1))]))
