"""The store side of an import: parsed facts (``importers.Batch``) become store requests.

Each fact is checked like any store (secrets in every field, then validation); a fact that fails is
reported in ``skipped_invalid`` with the reason (a secret is named by its kind, never quoted) and the
rest go to ``store_many`` in one transaction. Imported facts never supersede anything on their own
(``auto_supersede`` off): an assistant's old note must not replace what the user stored since.
"""

from __future__ import annotations

from typing import Any

from .errors import InvalidInput
from .importers import Batch
from .models import ImportResult, StoreResult
from .requests import validate_store
from .secrets import scan_fields

__all__ = ["prepare", "result"]

_PREVIEW = 80


def _where(fact_prov: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in fact_prov.items() if k in ("file", "line", "kind", "section", "conversation_id",
                                                       "project", "path", "gem") and v is not None}  # fmt: skip


def prepare(batch: Batch, space: str | None) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    items: list[dict[str, Any]] = []
    invalid = list(batch.invalid)
    for fact in batch.facts:
        fields: dict[str, Any] = {
            "content": fact.content, "source": f"imported-{batch.vendor}", "type": fact.type,
            "provenance": fact.provenance, "auto_supersede": False,
        }  # fmt: skip
        if fact.observed_at is not None:
            fields["observed_at"] = fact.observed_at
        if fact.data:
            fields["data"] = fact.data
        if space is not None:
            fields["space"] = space
        finding = scan_fields(fields)
        if finding is not None:
            invalid.append({**_where(fact.provenance), "reason": finding.message()})
            continue
        try:
            validate_store(dict(fields))
        except InvalidInput as exc:
            preview = fact.content if len(fact.content) <= _PREVIEW else fact.content[:_PREVIEW] + "…"
            invalid.append({**_where(fact.provenance), "content": preview, "reason": str(exc)})
            continue
        items.append(fields)
    return items, invalid


def result(batch: Batch, stored: list[StoreResult], invalid: list[dict[str, Any]]) -> ImportResult:
    return ImportResult(
        vendor=batch.vendor,
        imported=sum(1 for r in stored if r.status == "stored"),
        skipped_duplicates=batch.in_file_duplicates + sum(1 for r in stored if r.status == "duplicate"),
        skipped_invalid=tuple(invalid),
    )
