"""A store holds the cyclic garbage collector off while it runs (``memlane.collector.paused``) and leaves
it as it found it: on when it was on, off when the program had switched it off. Nested and concurrent
holds switch it back on only when the last one ends. (The graph is the same either way: the collector
frees nothing a store still reads; ``bench/linking_same.py`` compares the dumps.)
"""

from __future__ import annotations

import gc
import threading
from pathlib import Path

import pytest

import memlane.service as service
from memlane import Memlane, collector


@pytest.fixture
def collector_on() -> object:
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def _seen_while_linking(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    seen: list[bool] = []
    link = service.link_memory

    def recording(*args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(gc.isenabled())
        return link(*args, **kwargs)

    monkeypatch.setattr(service, "link_memory", recording)
    return seen


def test_a_store_holds_the_collector_off_and_switches_it_back_on(
    db_path: Path | str, monkeypatch: pytest.MonkeyPatch, collector_on: object
) -> None:
    seen = _seen_while_linking(monkeypatch)
    m = Memlane(db_path, user="ana", embedder="none")
    try:
        m.store_many(["Kasia Nowak from Tarkon met Bob in Porto", "Walter Jensen is my father"], source="t")
        assert seen == [False, False]
        assert gc.isenabled()
        m.store("Mr. Hai called about the Acme renewal", source="t")
        assert seen == [False, False, False]
        assert gc.isenabled()
    finally:
        m.close()


def test_a_store_that_fails_switches_it_back_on(
    db_path: Path | str, monkeypatch: pytest.MonkeyPatch, collector_on: object
) -> None:
    def failing(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise RuntimeError("linking failed")

    monkeypatch.setattr(service, "link_memory", failing)
    m = Memlane(db_path, user="ana", embedder="none")
    try:
        with pytest.raises(RuntimeError):
            m.store("Kasia Nowak from Tarkon met Bob in Porto", source="t")
        assert gc.isenabled()
    finally:
        m.close()


def test_a_program_that_switched_it_off_keeps_it_off(
    db_path: Path | str, monkeypatch: pytest.MonkeyPatch, collector_on: object
) -> None:
    seen = _seen_while_linking(monkeypatch)
    m = Memlane(db_path, user="ana", embedder="none")
    gc.disable()
    try:
        m.store("Kasia Nowak from Tarkon met Bob in Porto", source="t")
        assert seen == [False]
        assert not gc.isenabled()
    finally:
        gc.enable()
        m.close()


def test_nested_and_concurrent_holds_switch_it_back_on_once_all_end(collector_on: object) -> None:
    with collector.paused():
        with collector.paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    inside, release = threading.Event(), threading.Event()

    def hold() -> None:
        with collector.paused():
            inside.set()
            release.wait(10)

    other = threading.Thread(target=hold)
    other.start()
    inside.wait(10)
    with collector.paused():
        assert not gc.isenabled()
    assert not gc.isenabled()  # (the other thread still holds it)
    release.set()
    other.join(10)
    assert gc.isenabled()
