"""``memlane consolidate [--dry-run] [--undo ID] [--undo-run RUN]``: a thin layer over the SDK's ``consolidate``.

Embedded, the command is the store's operator (every memory of the file, as the nightly job); with
``--server``, the key's acting user (what it may supersede). Built by ``cli.py`` with its helpers
(``build``), like ``cli_entities``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from .cli_words import counted

__all__ = ["build"]


def _report_text(report: Any) -> str:
    verb = "would merge" if report.dry_run else "merged"
    lines = [
        f"{counted(report.examined, 'current memory', 'current memories')} examined; {verb} {report.merged_memories} of them into"
        f" {len(report.clusters)}; entities folded: {len(report.entities)}"
    ]
    for cluster in report.clusters:
        lines.append(f"  {cluster.id or '(dry run)'}  {cluster.content}  <- {', '.join(cluster.merged)}")
    for fold in report.entities:
        lines.append(f"  entity {fold.merged} ({fold.name}) -> {fold.into}")
    judge = getattr(report, "judge", None)
    if judge is not None and judge.error:
        lines.append(f"LLM judge {judge.llm} failed ({judge.error}): the offline rule decided all "
                     f"{counted(judge.pairs, 'paraphrase candidate')}, {judge.confirmed} confirmed")  # fmt: skip
    elif judge is not None:
        lines.append(f"LLM judge {judge.llm}: {judge.asked} of {counted(judge.pairs, 'paraphrase candidate')} asked,"
                     f" {judge.confirmed} confirmed")  # fmt: skip
    if report.run:
        lines.append(f"run {report.run}: memlane consolidate --undo-run {report.run} undoes all of it")
    return "\n".join(lines)


def _undone_text(undone: Any) -> str:
    return (
        f"run {undone.run} undone: {counted(len(undone.restored), 'memory', 'memories')} current again"
        f" ({', '.join(undone.restored) or '-'}); {counted(len(undone.unmerged), 'entity merge')} undone"
    )


def build(
    _client: Callable[..., Any],
    _common: Callable[..., Any],
    _emit: Callable[..., None],
    _examples: Callable[..., str],
) -> click.Command:
    @click.command(
        "consolidate",
        epilog=_examples(
            "memlane consolidate --dry-run",
            "memlane consolidate --json",
            "memlane consolidate --undo ID",
            "memlane consolidate --undo-run RUN",
        ),
    )
    @click.option("--dry-run", is_flag=True, help="Only report what would be merged.")
    @click.option("--undo", "undo_id", metavar="ID", help="Undo the consolidation that wrote memory ID.")
    @click.option(
        "--undo-run", "run_id", metavar="RUN", help="Undo a whole run (its memories and entity folds)."
    )
    @_common
    def consolidate(ctx: click.Context, dry_run: bool, undo_id: str | None, run_id: str | None) -> None:
        """Merge near-duplicate memories and entities into one.

        The merged memories become history of the new one (memlane memory history ID), with their
        provenance; --undo brings them back, --undo-run RUN (the run the report names) undoes the whole
        run, entity folds included. Never across users, visibilities, spaces or profiles.
        """
        if undo_id is not None and run_id is not None:
            raise click.UsageError("--undo and --undo-run: give one")
        if dry_run and (undo_id is not None or run_id is not None):
            # an undo has no dry run: run it as asked would undo for real what the user meant to preview
            raise click.UsageError(
                "--dry-run previews a consolidation; an undo (--undo, --undo-run) has none"
            )
        client = _client(ctx, existing=True)
        if run_id is not None:
            _emit(ctx, client.undo_consolidation_run(run_id), _undone_text)
            return
        if undo_id is not None:
            restored = client.undo_consolidation(undo_id)
            _emit(ctx, {"restored": restored}, lambda r: "restored: " + ", ".join(r["restored"]))
            return
        _emit(ctx, client.consolidate(dry_run=dry_run), _report_text)

    return consolidate
