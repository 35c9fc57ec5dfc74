"""Safe reading of an export: a zip, a folder, a single file or bytes, with nested zips inside.

Nothing is extracted to disk. Refused cleanly (``InvalidInput`` naming the entry): entries that would
escape the archive (``..``, absolute paths, drive letters), symlinks (in a zip or a folder), zips nested
deeper than ``Limits.max_depth``, archives whose entries declare more than ``Limits.max_total`` bytes in
all, and entries compressed more than ``Limits.max_ratio`` times (zip bombs). Nested zips are copied into
a spooled temporary file (bounded memory); every other entry is read as a stream.
"""

from __future__ import annotations

import io
import os
import shutil
import stat
import tempfile
import zipfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import IO

from ..errors import InvalidInput

__all__ = ["Entry", "Limits", "Source", "open_source"]

#: ``progress(done_bytes, total_bytes)`` while the export is read
ReadProgress = Callable[[int, int], None]


@dataclass(frozen=True)
class Limits:
    #: uncompressed bytes all entries (nested zips included) may declare in total
    max_total: int = 8 * 1024**3
    #: uncompressed / compressed size above which an entry of more than ``ratio_floor`` bytes is a bomb
    max_ratio: int = 200
    ratio_floor: int = 1024 * 1024
    #: zips inside zips inside the export (the 2026 Claude delivery nests one level)
    max_depth: int = 3
    max_entries: int = 200_000


_JUNK = ("__MACOSX/", ".DS_Store", "Thumbs.db")


@dataclass
class Entry:
    """One file of the export: ``name`` is its path, through nested zips (``a.zip/b/c.json``)."""

    name: str
    size: int
    _open: Callable[[], IO[bytes]]
    _source: Source

    @contextmanager
    def open(self) -> Iterator[IO[bytes]]:
        with self._open() as raw:
            yield _Counting(raw, self._source)  # type: ignore[misc]

    @property
    def base(self) -> str:
        return PurePosixPath(self.name).name


@dataclass
class Source:
    """Every entry of an export (``entries``), read under ``limits``; ``label`` names it in messages."""

    label: str
    entries: list[Entry] = field(default_factory=list)
    progress: ReadProgress | None = None
    read_bytes: int = 0
    total_bytes: int = 0
    _cleanup: list[Callable[[], None]] = field(default_factory=list)

    def close(self) -> None:
        for fn in reversed(self._cleanup):
            fn()
        self._cleanup.clear()

    def tick(self, n: int) -> None:
        self.read_bytes += n
        if self.progress is not None:
            self.progress(min(self.read_bytes, self.total_bytes), self.total_bytes)


class _Counting(io.RawIOBase):
    """A read-only stream that reports the bytes read to its ``Source`` (the progress bar)."""

    def __init__(self, raw: IO[bytes], source: Source) -> None:
        self._raw = raw
        self._source = source

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        data = self._raw.read(len(buffer))
        n = len(data)
        buffer[:n] = data
        self._source.tick(n)
        return n

    def read(self, size: int = -1) -> bytes:
        data = self._raw.read(size)
        self._source.tick(len(data))
        return data


def _junk(name: str) -> bool:
    base = PurePosixPath(name).name
    return any(part in name for part in _JUNK[:1]) or base in _JUNK or base.startswith("._")


def _check_name(name: str, where: str) -> None:
    posix = name.replace("\\", "/")
    parts = PurePosixPath(posix).parts
    if posix.startswith("/") or (len(posix) > 1 and posix[1] == ":") or ".." in parts:
        raise InvalidInput(
            f"refused: {where} holds {name!r}, a path that escapes the archive; nothing was imported"
        )


class _Window(io.RawIOBase):
    """A shared seekable file (an upload) opened again from its start; closing it leaves it open."""

    def __init__(self, f: IO[bytes]) -> None:
        self._f = f
        f.seek(0)

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def seek(self, offset: int, whence: int = 0) -> int:
        return self._f.seek(offset, whence)

    def tell(self) -> int:
        return self._f.tell()

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        data = self._f.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)

    def close(self) -> None:
        super().close()


def open_source(
    source: str | Path | bytes | IO[bytes],
    *,
    limits: Limits | None = None,
    progress: ReadProgress | None = None,
) -> Source:
    """The entries of ``source`` (a path to a zip, folder or file, or the bytes of one). Close it after."""
    limits = limits or Limits()
    if isinstance(source, bytes | bytearray):
        data = bytes(source)
        out = Source("the uploaded data", progress=progress)
        _add_blob(out, "input", len(data), lambda: io.BytesIO(data), limits, depth=0)
    elif hasattr(source, "read"):
        f: IO[bytes] = source  # type: ignore[assignment]
        size = f.seek(0, 2)
        out = Source("the uploaded data", progress=progress)
        _add_blob(out, "input", size, lambda: _Window(f), limits, depth=0)  # type: ignore[arg-type,return-value]
    else:
        path = Path(source)  # type: ignore[arg-type]
        out = Source(path.name or str(path), progress=progress)
        if path.is_symlink():
            raise InvalidInput(f"refused: {path.name} is a symbolic link; nothing was imported")
        if path.is_dir():
            _add_folder(out, path, limits)
        elif path.is_file():
            _add_blob(out, path.name, path.stat().st_size, lambda: path.open("rb"), limits, depth=0)
        else:
            raise InvalidInput(f"{path}: no such file or folder")
    if len(out.entries) > limits.max_entries:
        raise InvalidInput(
            f"refused: more than {limits.max_entries:,} files in the export; nothing was imported"
        )
    out.total_bytes = sum(e.size for e in out.entries)
    return out


def _add_folder(out: Source, root: Path, limits: Limits) -> None:
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        for name in sorted(dirnames) + sorted(filenames):
            full = Path(dirpath) / name
            rel = full.relative_to(root).as_posix()
            if os.lstat(full).st_mode and stat.S_ISLNK(os.lstat(full).st_mode):
                raise InvalidInput(f"refused: {rel} in {root.name} is a symbolic link; nothing was imported")
        dirnames.sort()
        for name in sorted(filenames):
            full = Path(dirpath) / name
            rel = full.relative_to(root).as_posix()
            if _junk(rel):
                continue
            _add_blob(out, rel, full.stat().st_size, lambda full=full: full.open("rb"), limits, depth=0)  # type: ignore[misc]


def _is_zip(opener: Callable[[], IO[bytes]]) -> bool:
    with opener() as f:
        return f.read(4) in (b"PK\x03\x04", b"PK\x05\x06")


def _add_blob(
    out: Source, name: str, size: int, opener: Callable[[], IO[bytes]], limits: Limits, *, depth: int
) -> None:
    if not _is_zip(opener):
        out.entries.append(Entry(name, size, opener, out))
        return
    if depth >= limits.max_depth:
        raise InvalidInput(
            f"refused: {name} nests zips more than {limits.max_depth} deep; nothing was imported"
        )
    handle = opener()
    if depth > 0 or not handle.seekable():  # a zip in a zip: copy it out (bounded memory, spills to disk)
        spool = tempfile.SpooledTemporaryFile(max_size=16 * 1024 * 1024)  # noqa: SIM115 - closed by Source
        with handle:
            shutil.copyfileobj(handle, spool, 1024 * 1024)
        spool.seek(0)
        handle = spool  # type: ignore[assignment]
    out._cleanup.append(handle.close)
    try:
        archive = zipfile.ZipFile(handle)
    except zipfile.BadZipFile as exc:
        raise InvalidInput(f"{name} is not a readable zip ({exc}); nothing was imported") from None
    out._cleanup.append(archive.close)
    prefix = "" if depth == 0 and name == "input" else f"{name}/"
    declared = sum(i.file_size for i in archive.infolist())
    already = sum(e.size for e in out.entries)
    if declared + already > limits.max_total:
        raise InvalidInput(
            f"refused: {name} unpacks to more than {limits.max_total:,} bytes (a zip bomb?); nothing was imported"
        )
    for info in archive.infolist():
        _check_name(info.filename, name)
        if stat.S_ISLNK(info.external_attr >> 16):
            raise InvalidInput(f"refused: {info.filename} in {name} is a symbolic link; nothing was imported")
        if info.is_dir() or _junk(info.filename):
            continue
        compressed = max(info.compress_size, 1)
        if info.file_size > limits.ratio_floor and info.file_size / compressed > limits.max_ratio:
            raise InvalidInput(
                f"refused: {info.filename} in {name} is compressed {info.file_size // compressed:,} times"
                f" (more than {limits.max_ratio}: a zip bomb?); nothing was imported"
            )
        _add_blob(out, prefix + info.filename, info.file_size,
                  lambda info=info: archive.open(info), limits, depth=depth + 1)  # type: ignore[misc]  # fmt: skip
    if len(out.entries) > limits.max_entries:
        raise InvalidInput(
            f"refused: more than {limits.max_entries:,} files in the export; nothing was imported"
        )
