"""The cyclic garbage collector held back while memories are stored.

A store allocates many objects that outlive the young generation for a while (the batch's rows, mentions,
candidates, resolution's working sets, the text caches ``graph.linking.forget_stored_texts`` empties at
the end): the collector scans each of them in every collection of the young and middle generations it
survives, and their numbers make full collections (every tracked object of the process) come often. A
bulk load of 3,000 items (batches of 500, linking on) paid ~317 young, ~29 middle and 2 full collections,
~0.08 ms of CPU per item (~6% of a bulk store); with the collector held off during each ``store_many``,
18 young, 1 middle and no full one, ~0.02 ms per item; held back as below, the same (24 young, 2 middle,
no full one, of which most between the batches).

``paused()`` holds it back for the duration of a store: the young generation's threshold goes from
the default 700 allocations to ``HELD_THRESHOLD`` (70,000), and back to what it was at the end. It is
never switched off: a server whose stores overlap without a pause (each holds it back until the last
ends) still collects its cycles, a hundred times less often, so memory stays bounded. (Until
this change it was switched off, ``gc.disable``; overlapping stores could then have kept it off for as
long as they overlapped.) A program that switched the collector off, or set its own threshold above
``HELD_THRESHOLD``, keeps what it set. Reference counting frees everything not in a reference cycle at
once, as always, and a store makes little cyclic garbage (measured: 1,213, 1,356 and 480 unreachable objects after stores of
500, 1,000 and 1,500 items). The threshold is the process's: nested and concurrent stores hold it back
together, and the last one to finish puts back the threshold the first found (unless the program set
another meanwhile).
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["paused"]

_lock = threading.Lock()
#: the young generation's threshold while stores run: collections a hundred times rarer than the
#: default 700 allocations, never none (stores that overlap without end still collect their cycles)
HELD_THRESHOLD = 70_000
#: stores running with the collector held back, and the thresholds found when the first of them began
_holding = 0
_found: tuple[int, int, int] = (700, 10, 10)


@contextmanager
def paused() -> Iterator[None]:
    """The cyclic garbage collector held back while the block runs (see the module's docstring)."""
    global _holding, _found
    with _lock:
        if _holding == 0:
            _found = gc.get_threshold()
            if _found[0] and _found[0] < HELD_THRESHOLD:
                gc.set_threshold(HELD_THRESHOLD, _found[1], _found[2])
        _holding += 1
    try:
        yield
    finally:
        with _lock:
            _holding -= 1
            if _holding == 0 and gc.get_threshold()[0] == HELD_THRESHOLD != _found[0]:
                gc.set_threshold(*_found)
