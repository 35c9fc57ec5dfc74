"""What the stores file an entity's names under; pure.

Computed from :mod:`memlane.graph.resolution` (a pure module) so that a name is normalised and keyed
the same way whoever writes it: linking on store, anchoring, a merge or migration 7.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from ..graph.resolution import blocking_keys, fuzzy_prefix, normalise_name

__all__ = ["alias_pairs", "matching_type", "name_keys"]


def matching_type(entity_type: str | None) -> str | None:
    """The type resolution sees: ``other`` (not typed yet) and no type are unknown."""
    return None if not entity_type or entity_type == "other" else entity_type


def name_keys(names: Iterable[str], entity_type: str | None) -> frozenset[str]:
    """Blocking keys of every name, plus the fuzzy prefix (``f:``) misspellings are looked up by."""
    kind = matching_type(entity_type)
    keys: set[str] = set()
    for name in names:
        keys |= _keys_of(name, kind)
    return frozenset(keys)


@lru_cache(maxsize=65536)
def _keys_of(name: str, kind: str | None) -> frozenset[str]:
    prefix = fuzzy_prefix(name, kind)
    return blocking_keys(name, kind) | ({"f:" + prefix} if prefix else set())


def alias_pairs(names: Iterable[str], entity_type: str | None) -> list[tuple[str, str]]:
    """(alias, normalised form) of each name."""
    kind = matching_type(entity_type)
    return [(n, normalise_name(n, kind)) for n in names]
