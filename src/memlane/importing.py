"""The store side of an import: parsed facts (``importers.Batch``) become store requests; with
``conversations``, the export's conversations then go to the log and through extraction
(``conversation_import``).

Each fact is checked like any store (secrets in every field, then validation); a fact that fails is
reported in ``skipped_invalid`` with the reason (a secret is named by its kind, never quoted) and the
rest go to ``store_many`` in one transaction. Imported facts never supersede anything on their own
(``auto_supersede`` off): an assistant's old note must not replace what the user stored since.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from .errors import InvalidInput
from .importers import Batch
from .importers.archive import ReadProgress
from .models import Actor, ConversationImportReport, ImportResult, StoreResult
from .requests import validate_store
from .secrets import scan_fields

if TYPE_CHECKING:
    from .service import MemoryService

#: ``conversation_progress(report so far, export bytes read, export bytes in all)``, per conversation
ConversationProgress = Callable[[ConversationImportReport, int, int], None]

__all__ = ["ConversationProgress", "import_file", "prepare", "result"]

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


def import_file(
    service: MemoryService, source: str | Path | bytes | IO[bytes], format: str = "auto", *,  # noqa: A002
    actor: Actor, space: str | None = None, name: str | None = None, conversations: bool = False,
    progress: ReadProgress | None = None, conversation_progress: ConversationProgress | None = None,
) -> ImportResult:  # fmt: skip
    """Parse the export and store its facts (all or nothing); with ``conversations``, then append its
    conversations to the log and extract them (resumable: ``conversation_import``)."""
    from .conversation_import import import_conversations
    from .importers import read_conversations, read_export

    batch = read_export(source, format, name=name, progress=progress, conversations=conversations)
    done = service.import_batch(batch, actor=actor, space=space)
    if not conversations:
        return done
    read = [0, 0]  # bytes of the export read so far, and in all: the conversations' progress

    def reading(done_bytes: int, total_bytes: int) -> None:
        read[:] = [done_bytes, total_bytes]

    def tick(report: ConversationImportReport) -> None:
        if conversation_progress is not None:
            conversation_progress(report, read[0], read[1])

    with read_conversations(source, batch.vendor, name=name, progress=reading) as found:
        report = import_conversations(service, found, actor=actor, space=space, progress=tick)
    if report.conversations == 0 and not (done.imported or done.skipped_duplicates or done.skipped_invalid):
        raise InvalidInput(  # nothing was written: as an export without a memory section
            f"{name or 'the export'}: no {batch.vendor} memory and no {batch.vendor} conversations in it;"
            " nothing was imported"
        )
    return done.model_copy(update={"conversations": report})
