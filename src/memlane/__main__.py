"""``python -m memlane``: the ``memlane`` command, for when the console script is not on PATH (a virtual
environment not activated, a checkout run with ``PYTHONPATH=src``)."""

from __future__ import annotations

from .cli import main

if __name__ == "__main__":
    main(prog_name="memlane")
