"""``Store.neighbours`` reads the hits' own rows first and then only the rows around those in a
conversation (SQLite): it gives what ``conversation_neighbours`` gives over every row ``seqs_around`` the
hits, in a store mixing two interleaved conversations with items of none (or of an empty or numeric id)."""

from __future__ import annotations

import random

from memlane.storage.neighbours import conversation_neighbours, seqs_around


def _all_rows(store, seqs: list[int], window: int) -> list[tuple]:
    """Every row around ``seqs``, read as the one-statement read did."""
    wanted = seqs_around(seqs, window)
    return [row for s in wanted for row in store_rows(store, s)]


def store_rows(store, seq: int) -> list[tuple]:
    return [tuple(r) for r in _rows_of(store, [seq])]


def _rows_of(store, seqs: list[int]) -> list[tuple]:
    if hasattr(store, "_conversation_rows"):  # SQLite
        return store._conversation_rows(seqs)
    return store._rows(  # PostgreSQL: its own read, as it is
        "SELECT seq, workspace, owner, space, CASE json_typeof(provenance -> 'conversation_id')"
        " WHEN 'string' THEN provenance ->> 'conversation_id' END FROM memories WHERE seq = ANY(%s::bigint[])",
        (seqs,),
    )


def test_neighbours_as_every_row_around_the_hits_gives_them(mem) -> None:
    rng = random.Random(5)
    for i in range(120):
        kind = rng.choice(["none", "a", "b", "empty", "number"])
        provenance = {
            "none": None,
            "a": {"conversation_id": "talk-a"},
            "b": {"conversation_id": "talk-b"},
            "empty": {"conversation_id": ""},
            "number": {"conversation_id": 7},
        }[kind]
        extra = {"provenance": provenance} if provenance is not None else {}
        mem.store(f"item {i} about the weather", source="chat", auto_supersede=False, **extra)
    store = mem.service.storage
    seqs = [s for (s,) in store._rows("SELECT seq FROM memories ORDER BY seq", ())]
    for _ in range(40):
        hits = rng.sample(seqs, rng.randint(1, 12))
        window = rng.choice([1, 2, 3])
        expected = conversation_neighbours(hits, window, _all_rows(store, hits, window))
        assert store.neighbours(hits, window) == expected
    talked = [s for s in seqs if store_rows(store, s)[0][-1]]
    assert talked and store.neighbours(talked[:5], 2)  # conversations found
    alone = [s for s in seqs if not store_rows(store, s)[0][-1]]
    assert alone and store.neighbours(alone[:5], 2) == {}
