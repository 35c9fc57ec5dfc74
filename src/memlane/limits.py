"""The bounds of a read's ``limit`` and a sweep's ``batch``, written once for every surface (SDK, CLI,
REST, MCP).

A module with no imports, so the CLI can read them without loading the validation layer;
``requests`` re-exports them and is where the service checks them.
"""

from __future__ import annotations

#: the most items one call returns (a listing's page, recall's hits, …): every surface's ``limit`` bound
MAX_LIMIT = 1_000
#: the most messages one conversation read returns (``conversations show``), on every surface
MAX_MESSAGES = 10_000
#: the most conversations one batch of a profile's sweep reads (``profiles run`` / ``jobs run`` / ``worker``
#: ``--batch``), on every surface
MAX_BATCH = 10_000
#: how deep lists and objects a stored JSON value (a memory's ``data`` and ``provenance``, an edge's
#: provenance, an anchored record, a tool message's ``result``) may nest: ``{"a": [1]}`` is two levels
MAX_JSON_DEPTH = 100
#: the most characters of extraction instructions (a profile's, an ``extract`` call's), on every surface
MAX_INSTRUCTIONS_CHARS = 10_000
