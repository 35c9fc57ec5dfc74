"""A store holds the cyclic garbage collector back while it runs (``memlane.collector.paused``): the
young generation's threshold is raised, never switched off, and put back as it was found when the last
of nested or concurrent stores ends. A program's own settings (collector off, a higher threshold) are
kept. (The graph is the same either way: the collector frees nothing a store still reads;
``bench/linking_same.py`` compares the dumps.)
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

import memlane.service as service
from memlane import Memlane, collector


@pytest.fixture
def defaults() -> Iterator[tuple[int, int, int]]:
    was_on, was = gc.isenabled(), gc.get_threshold()
    gc.enable()
    gc.set_threshold(700, 10, 10)
    yield (700, 10, 10)
    gc.set_threshold(*was)
    if not was_on:
        gc.disable()


def _seen_while_linking(monkeypatch: pytest.MonkeyPatch) -> list[tuple[bool, int]]:
    seen: list[tuple[bool, int]] = []
    link = service.link_memory

    def recording(*args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append((gc.isenabled(), gc.get_threshold()[0]))
        return link(*args, **kwargs)

    monkeypatch.setattr(service, "link_memory", recording)
    return seen


HELD = (True, collector.HELD_THRESHOLD)


def test_a_store_holds_the_collector_back_and_puts_it_back(
    db_path: Path | str, monkeypatch: pytest.MonkeyPatch, defaults: tuple[int, int, int]
) -> None:
    seen = _seen_while_linking(monkeypatch)
    m = Memlane(db_path, user="ana", embedder="none")
    try:
        m.store_many(["Kasia Nowak from Tarkon met Bob in Porto", "Walter Jensen is my father"], source="t")
        assert seen == [HELD, HELD]
        assert gc.isenabled() and gc.get_threshold() == defaults
        m.store("Mr. Hai called about the Acme renewal", source="t")
        assert seen == [HELD, HELD, HELD]
        assert gc.isenabled() and gc.get_threshold() == defaults
    finally:
        m.close()


def test_a_store_that_fails_puts_it_back(
    db_path: Path | str, monkeypatch: pytest.MonkeyPatch, defaults: tuple[int, int, int]
) -> None:
    def failing(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise RuntimeError("linking failed")

    monkeypatch.setattr(service, "link_memory", failing)
    m = Memlane(db_path, user="ana", embedder="none")
    try:
        with pytest.raises(RuntimeError):
            m.store("Kasia Nowak from Tarkon met Bob in Porto", source="t")
        assert gc.isenabled() and gc.get_threshold() == defaults
    finally:
        m.close()


def test_a_program_that_switched_it_off_or_raised_it_keeps_what_it_set(
    db_path: Path | str, monkeypatch: pytest.MonkeyPatch, defaults: tuple[int, int, int]
) -> None:
    seen = _seen_while_linking(monkeypatch)
    m = Memlane(db_path, user="ana", embedder="none")
    try:
        gc.disable()
        m.store("Kasia Nowak from Tarkon met Bob in Porto", source="t")
        assert not gc.isenabled() and gc.get_threshold() == defaults
        gc.enable()
        gc.set_threshold(200_000, 10, 10)
        m.store("Walter Jensen is my father", source="t")
        assert seen[-1] == (True, 200_000)
        assert gc.get_threshold() == (200_000, 10, 10)
    finally:
        m.close()


def test_nested_and_concurrent_holds_put_it_back_once_all_end(defaults: tuple[int, int, int]) -> None:
    with collector.paused():
        with collector.paused():
            assert gc.get_threshold()[0] == collector.HELD_THRESHOLD
        assert gc.get_threshold()[0] == collector.HELD_THRESHOLD
    assert gc.get_threshold() == defaults
    inside, release = threading.Event(), threading.Event()

    def hold() -> None:
        with collector.paused():
            inside.set()
            release.wait(10)

    other = threading.Thread(target=hold)
    other.start()
    inside.wait(10)
    with collector.paused():
        assert gc.isenabled()  # held back, never off: overlapping stores still collect their cycles
    assert gc.get_threshold()[0] == collector.HELD_THRESHOLD  # (the other thread still holds it)
    release.set()
    other.join(10)
    assert gc.get_threshold() == defaults
