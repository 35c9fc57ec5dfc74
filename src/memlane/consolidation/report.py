"""What a consolidation did (or would do, in a dry run): plain values for every surface."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, computed_field

__all__ = ["ConsolidationReport", "ConsolidationUndo", "EntityFold", "JudgeOutcome", "MergedCluster"]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class MergedCluster(_Frozen):
    """One cluster of near-duplicates: ``merged`` became history of ``id`` (None in a dry run)."""

    id: str | None
    content: str
    merged: tuple[str, ...]
    workspace: str
    owner: str
    visibility: str
    space: str | None = None


class EntityFold(_Frozen):
    """Entity ``merged`` folded into ``into`` (its name kept as an alias); ``merge_id`` undoes it with
    ``entities.unmerge`` (None in a dry run)."""

    into: str
    merged: str
    name: str
    merge_id: str | None = None


class JudgeOutcome(_Frozen):
    """Who confirmed the paraphrase candidates of a run with an LLM judge (``judge``): ``by`` ``llm``, or
    ``rules`` when the LLM failed (``error``) and the offline rule decided every pair instead."""

    by: str
    #: the LLM's provider and model
    llm: str
    #: candidate pairs decided, of which ``asked`` by the LLM (the rest over the cap by the rule)
    pairs: int = 0
    asked: int = 0
    confirmed: int = 0
    error: str | None = None


class ConsolidationReport(_Frozen):
    dry_run: bool
    #: the run's id, which undoes all of it in one call (``undo_consolidation_run``); None in a dry run
    #: or when the run changed nothing
    run: str | None = None
    #: current memories looked at
    examined: int
    clusters: tuple[MergedCluster, ...] = ()
    entities: tuple[EntityFold, ...] = ()
    seconds: float = 0.0
    #: with an LLM judge (``MEMLANE_CONSOLIDATE_JUDGE=llm``), who confirmed the paraphrase candidates
    judge: JudgeOutcome | None = None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def merged_memories(self) -> int:
        """How many memories became history of a consolidated one."""
        return sum(len(c.merged) for c in self.clusters)


class ConsolidationUndo(_Frozen):
    """What undoing run ``run`` did: the memories current again and the entity merges undone."""

    run: str
    restored: tuple[str, ...] = ()
    unmerged: tuple[str, ...] = ()
