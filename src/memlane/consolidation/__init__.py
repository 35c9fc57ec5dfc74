"""Consolidation (issue 15): near-duplicate current memories merged into one statement that keeps the
provenance of all of them, the merged ones its history (undoable); duplicate entities folded into one.
``duplicates`` decides what is a near-duplicate (pure), ``service`` writes it; docs/consolidation.md."""

from __future__ import annotations

from .duplicates import near_duplicate_clusters
from .report import ConsolidationReport, ConsolidationUndo, EntityFold, JudgeOutcome, MergedCluster
from .service import ConsolidationService
from .signature import signature

__all__ = [
    "ConsolidationReport",
    "ConsolidationService",
    "ConsolidationUndo",
    "EntityFold",
    "JudgeOutcome",
    "MergedCluster",
    "near_duplicate_clusters",
    "signature",
]
