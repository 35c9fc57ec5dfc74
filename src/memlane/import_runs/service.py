"""``ImportRuns``: start an import in the background, read its progress and keep its result.

The upload is copied to a temporary file first (the request that brought it ends at once), then a
thread reads the export (progress in bytes) and stores its facts through ``MemoryService.import_batch``
(progress in items: embedded, then stored, inside the one transaction that makes the import all or
nothing). The progress lives in the process that runs the import; the run is also kept in the store
(``Store.import_runs``) when it starts storing and when it ends, so that its page survives a restart of
the server: a finished run is read back with its result, and a run whose process has gone (a restart
ends a running import with nothing of it stored, since its transaction never commits) reads as failed,
"interrupted". The last ``keep`` runs of each user are kept with their results.
"""

from __future__ import annotations

import builtins
import logging
import os
import shutil
import socket
import tempfile
import threading
from collections.abc import Callable
from typing import IO, TYPE_CHECKING, Any

from ..errors import InvalidInput, MemlaneError, NoMemoryFound, NotFound, recorded, shown_error, typed
from ..ids import check_id, new_id
from ..importers import FORMATS, read_export
from ..models import Actor
from ..timeutil import now_utc
from .models import ImportRun, PasteInstead

if TYPE_CHECKING:
    from ..service import MemoryService

__all__ = ["ImportRuns"]

log = logging.getLogger("memlane.imports")

#: an owner's runs: (workspace, user)
_Owner = tuple[str, str]

#: what a run reads as when the process that ran it has gone
INTERRUPTED = "interrupted: the server stopped before this import finished; nothing of it was stored"

#: ids of the runs whose thread is alive in this process (whichever ``ImportRuns`` started them)
_live: set[str] = set()
_live_lock = threading.Lock()


def _gone(run_id: str, instance: str) -> bool:
    """Whether the process that ran ``run_id`` (``instance``: host:pid:id) has gone. A run of another
    host is not known to have: its progress is that host's."""
    with _live_lock:
        if run_id in _live:
            return False
    host, _, rest = instance.partition(":")
    if host != socket.gethostname():
        return False
    pid = int(rest.partition(":")[0] or 0)
    if pid == os.getpid():
        return True  # this process, and no thread of it runs the import
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:  # alive, another user's process
        return False
    return False


class ImportRuns:
    def __init__(self, service: MemoryService, *, keep: int = 20) -> None:
        self._service = service
        self.keep = keep
        self._runs: dict[_Owner, list[ImportRun]] = {}
        self._lock = threading.Lock()
        self._instance = f"{socket.gethostname()}:{os.getpid()}:{new_id()}"

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
        with _live_lock:
            _live.add(run.id)
        threading.Thread(
            target=self._work, args=(owner, run.id, kept, actor, space), name=f"memlane-import-{run.id}",
            daemon=True,
        ).start()  # fmt: skip
        return run

    def get(self, run_id: str, *, actor: Actor) -> ImportRun:
        """A run of ``actor``'s (anybody else's is not found): as this process follows it, else as the
        store keeps it."""
        check_id(run_id, "run_id")
        with self._lock:
            found = next(
                (r for r in self._runs.get((actor.workspace, actor.user), []) if r.id == run_id), None
            )
        if found is None:
            kept = self._service.storage.import_runs.get(actor.workspace, actor.user, run_id)
            found = _stored(*kept) if kept is not None else None
        if found is None:
            raise NotFound(f"no {typed('import', run_id)} of {actor.user}")
        return _shown(actor, found)

    def list(self, *, actor: Actor) -> builtins.list[ImportRun]:
        """``actor``'s runs, newest first (those this process follows as it follows them)."""
        with self._lock:
            here = list(self._runs.get((actor.workspace, actor.user), []))
        known = {r.id for r in here}
        kept = self._service.storage.import_runs.list(actor.workspace, actor.user, self.keep)
        runs = here + [run for run in (_stored(*k) for k in kept) if run.id not in known]
        runs.sort(key=lambda r: (r.started_at, r.id), reverse=True)
        return [_shown(actor, r) for r in runs[: self.keep]]

    # -- the run's thread -------------------------------------------------------------------------------

    def _update(self, owner: _Owner, run_id: str, **fields: Any) -> None:
        with self._lock:
            runs = self._runs.get(owner, [])
            for i, run in enumerate(runs):
                if run.id == run_id:
                    runs[i] = run.model_copy(update=fields)
                    return

    def _keep(self, owner: _Owner, run_id: str) -> None:
        """Write the run as it stands to the store (a failure is logged: the run goes on, followed here)."""
        with self._lock:
            run = next((r for r in self._runs.get(owner, []) if r.id == run_id), None)
        if run is None:
            return
        try:
            self._service.storage.import_runs.save(owner[0], owner[1], run.id, run.started_at, self._instance,
                                                   run.model_dump(mode="json"), self.keep)  # fmt: skip
        except MemlaneError:
            log.exception("import %s: its state could not be kept in the store", run_id)

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
            self._keep(owner, run_id)  # (on SQLite, after another writer, as the import itself would be)
            result = self._service.import_batch(batch, actor=actor, space=space, progress=progress)
        except NoMemoryFound as exc:
            paste = PasteInstead(found=exc.found, paste=exc.paste, paste_as=exc.paste_as,
                                 conversations=exc.conversations) if exc.paste_as else None  # fmt: skip
            self._update(owner, run_id, phase="failed", error=recorded(exc), paste_instead=paste,
                         finished_at=now_utc())  # fmt: skip
        except MemlaneError as exc:
            self._update(owner, run_id, phase="failed", error=recorded(exc), finished_at=now_utc())
        except Exception as exc:  # the page must say it failed, not poll forever
            log.exception("import %s failed", run_id)
            self._update(owner, run_id, phase="failed", error=recorded(exc),
                         finished_at=now_utc())  # fmt: skip
        else:
            self._update(owner, run_id, phase="done", result=result, finished_at=now_utc())
        finally:
            if not isinstance(source, bytes):
                source.close()
            self._keep(owner, run_id)
            with _live_lock:
                _live.discard(run_id)


def _shown(actor: Actor, run: ImportRun) -> ImportRun:
    """``run`` as ``actor`` reads it: its error's detail for the store's operator only (``shown_error``)."""
    error = shown_error(run.error, actor.operator)
    return run if error == run.error else run.model_copy(update={"error": error})


def _stored(run: dict[str, Any], instance: str) -> ImportRun:
    """A run as the store keeps it; one still running whose process has gone failed ("interrupted")."""
    found = ImportRun.model_validate(run)
    if found.running and _gone(found.id, instance):
        return found.model_copy(update={"phase": "failed", "error": INTERRUPTED})
    return found
