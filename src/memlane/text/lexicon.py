"""``lemminflect`` (English lemmas and inflections from word lists, no model) with its two lookup tables
read from memlane's table cache.

lemminflect reads its tables lazily, from gzipped CSV files, the first time a process asks for a lemma
(``lemma_lu.csv.gz``, 70,000 words) and for an inflection (``infl_lu.csv.gz``, 34,000 lemmas): about 0.6
s of CPU, paid by every ``memlane memory store`` and by a recall naming a company. :func:`lemminflect`
returns the module with both tables installed from ``text.table_cache`` (built once per installation;
lemminflect's version is part of the key), each entry kept marshalled and read back when it is looked up
(loading the 100,000 entries as objects would cost half of what reading the CSV does).

Everything else is lemminflect's own: its rules for words not in the tables, its overrides, its API.
Should a later lemminflect keep its tables elsewhere, nothing is installed and it reads its own files.
"""

from __future__ import annotations

import marshal
from collections.abc import Iterator, Mapping
from functools import lru_cache
from types import ModuleType
from typing import Any

__all__ = ["lemminflect"]


class _Packed(Mapping[str, Any]):
    """A read-only table whose values are kept marshalled and read back on lookup (lemminflect copies
    what it looks up, so a fresh object per lookup is what it expects)."""

    def __init__(self, packed: dict[str, bytes]) -> None:
        self._packed = packed

    def __getitem__(self, key: str) -> Any:
        return marshal.loads(self._packed[key])

    def __iter__(self) -> Iterator[str]:
        return iter(self._packed)

    def __len__(self) -> int:
        return len(self._packed)


def _build_tables() -> tuple[dict[str, bytes], dict[str, bytes]]:
    """lemminflect's lemma and inflection tables as its codecs read them, each entry marshalled."""
    from lemminflect import config
    from lemminflect.codecs.InflectionLUCodec import InflectionLUCodec
    from lemminflect.codecs.LemmaLUCodec import LemmaLUCodec

    lemmas = LemmaLUCodec.load(config.lemma_lu_fn)
    inflections = InflectionLUCodec.load(config.inflection_lu_fn)
    return (
        {word: marshal.dumps(entry) for word, entry in lemmas.items()},
        {word: marshal.dumps(entry) for word, entry in inflections.items()},
    )


@lru_cache(maxsize=1)
def lemminflect() -> ModuleType:
    """The ``lemminflect`` module, its lookup tables read from the table cache (once per process)."""
    import lemminflect as module
    from lemminflect.core.Inflections import Inflections
    from lemminflect.core.Lemmatizer import Lemmatizer

    from .table_cache import cached_table

    # lemminflect loads a table when its singleton lacks the attribute (``_getLemmaDict``,
    # ``_getInflDict``): set first, it is never read from the CSV. Only when those readers are there.
    lemmatizer, inflections = Lemmatizer(), Inflections()
    if not (hasattr(lemmatizer, "_getLemmaDict") and hasattr(inflections, "_getInflDict")):
        return module  # pragma: no cover - another lemminflect: it reads its own tables
    if hasattr(lemmatizer, "lemma_dict") and hasattr(inflections, "infl_dict"):
        return module  # read already in this process
    lemmas, inflected = cached_table("lemminflect", _build_tables, ("lemminflect",))
    if not hasattr(lemmatizer, "lemma_dict"):
        lemmatizer.lemma_dict = _Packed(lemmas)
    if not hasattr(inflections, "infl_dict"):
        inflections.infl_dict = _Packed(inflected)
    return module
