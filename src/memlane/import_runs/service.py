"""``ImportRuns``: start an import in the background, read its progress and keep its result.

The upload is copied to a temporary file first (the request that brought it ends at once), then a
thread reads the export (progress in bytes) and stores its facts through ``MemoryService.import_batch``
(progress in items: embedded, then stored, inside the one transaction that makes the import all or
nothing). Runs live in this process (a restart ends a running import with nothing of it stored, since
its transaction never commits); the last ``keep`` runs of each user are kept with their results.
"""

from __future__ import annotations

import builtins
import logging
import shutil
import tempfile
import threading
from collections.abc import Callable
from typing import IO, TYPE_CHECKING, Any

from ..errors import InvalidInput, MemlaneError, NotFound
from ..ids import new_id
from ..importers import FORMATS, read_export
from ..models import Actor
from ..timeutil import now_utc
from .models import ImportRun

if TYPE_CHECKING:
    from ..service import MemoryService

__all__ = ["ImportRuns"]

log = logging.getLogger("memlane.imports")

#: an owner's runs: (workspace, user)
_Owner = tuple[str, str]


class ImportRuns:
    def __init__(self, service: MemoryService, *, keep: int = 20) -> None:
        self._service = service
        self.keep = keep
        self._runs: dict[_Owner, list[ImportRun]] = {}
        self._lock = threading.Lock()

    def start(
        self, source: bytes | IO[bytes], format: str = "auto", *, actor: Actor,  # noqa: A002
        space: str | None = None, name: str | None = None,
    ) -> ImportRun:  # fmt: skip
        """Keep the export (its bytes, or a copy of the binary file) and import it on a thread; returns
        at once with the run, whose ``id`` reads its progress (``get``)."""
        if format not in FORMATS:
            raise InvalidInput(f"format: expected one of {', '.join(FORMATS)}, not {format!r}")
        owner = (actor.workspace, actor.user)
        with self._lock:
            if any(r.running for r in self._runs.get(owner, [])):
                raise InvalidInput("an import of yours is running already: wait until it has finished")
        kept: bytes | IO[bytes]
        if isinstance(source, bytes):
            kept = source
        else:
            kept = tempfile.TemporaryFile(prefix="memlane-import-")  # noqa: SIM115 - closed by the run
            shutil.copyfileobj(source, kept, 1 << 20)
            kept.seek(0)
        run = ImportRun(id=new_id(), name=name or "upload", format=format, started_at=now_utc())
        with self._lock:
            runs = self._runs.setdefault(owner, [])
            runs.insert(0, run)
            del runs[self.keep :]
        threading.Thread(
            target=self._work, args=(owner, run.id, kept, actor, space), name=f"memlane-import-{run.id}",
            daemon=True,
        ).start()  # fmt: skip
        return run

    def get(self, run_id: str, *, actor: Actor) -> ImportRun:
        """A run of ``actor``'s (anybody else's is not found)."""
        with self._lock:
            found = next(
                (r for r in self._runs.get((actor.workspace, actor.user), []) if r.id == run_id), None
            )
        if found is None:
            raise NotFound(f"no import {run_id!r} of {actor.user}")
        return found

    def list(self, *, actor: Actor) -> builtins.list[ImportRun]:
        """``actor``'s runs, newest first."""
        with self._lock:
            return list(self._runs.get((actor.workspace, actor.user), []))

    # -- the run's thread -------------------------------------------------------------------------------

    def _update(self, owner: _Owner, run_id: str, **fields: Any) -> None:
        with self._lock:
            runs = self._runs.get(owner, [])
            for i, run in enumerate(runs):
                if run.id == run_id:
                    runs[i] = run.model_copy(update=fields)
                    return

    def _reporter(self, owner: _Owner, run_id: str) -> Callable[[str, int, int], None]:
        def progress(phase: str, done: int, total: int) -> None:
            self._update(owner, run_id, phase=phase, done=done, total=total)

        return progress

    def _work(
        self, owner: _Owner, run_id: str, source: bytes | IO[bytes], actor: Actor, space: str | None
    ) -> None:
        run = self.get(run_id, actor=actor)
        progress = self._reporter(owner, run_id)
        try:
            batch = read_export(
                source,
                run.format,
                name=run.name,
                progress=lambda done, total: progress("reading", done, total),
            )
            found = len(batch.records) if batch.vendor == "memlane" else len(batch.facts)
            self._update(owner, run_id, phase="storing", done=0, total=found, found=found,
                         in_file_duplicates=batch.in_file_duplicates, invalid=len(batch.invalid))  # fmt: skip
            result = self._service.import_batch(batch, actor=actor, space=space, progress=progress)
        except MemlaneError as exc:
            self._update(owner, run_id, phase="failed", error=str(exc), finished_at=now_utc())
        except Exception as exc:  # the page must say it failed, not poll forever
            log.exception("import %s failed", run_id)
            self._update(owner, run_id, phase="failed", error=f"{type(exc).__name__}: {exc}",
                         finished_at=now_utc())  # fmt: skip
        else:
            self._update(owner, run_id, phase="done", result=result, finished_at=now_utc())
        finally:
            if not isinstance(source, bytes):
                source.close()
