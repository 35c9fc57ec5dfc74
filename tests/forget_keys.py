"""Forget by query in tests, by the keys a test gave its memories: store them, then forget and read
back which keys went (the dry run first, which must list exactly what the run deletes)."""

from __future__ import annotations

from memlane import Memlane


def stored(mem: Memlane, texts: dict[str, str]) -> dict[str, str]:
    """Store each text (key -> text) in order; return id -> key."""
    return {mem.store(text).id: key for key, text in texts.items()}


def forgotten(mem: Memlane, keys: dict[str, str], query: str) -> set[str]:
    """The keys ``forget(query=...)`` deletes; its dry run, run first, must list the same memories."""
    preview = set(mem.forget(query=query, dry_run=True).deleted)
    deleted = set(mem.forget(query=query).deleted)
    assert preview == deleted
    return {keys[i] for i in deleted}
