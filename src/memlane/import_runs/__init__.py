"""Imports run in the background (``MemoryService.imports``): the upload is kept, the import runs on its
own thread, and its progress and result are read by id (the dashboard polls them; a reload finds them).

The import itself is ``MemoryService.import_batch``, the call behind ``POST /v1/memory/import``: all or
nothing, in one transaction. A run is the acting user's: nobody else can read its progress or result.
"""

from __future__ import annotations

from .models import ImportRun
from .service import ImportRuns

__all__ = ["ImportRun", "ImportRuns"]
