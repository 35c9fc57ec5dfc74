"""The REST API (FastAPI) and the MCP endpoint, served together by ``memlane serve``."""

from __future__ import annotations

from .app import DEFAULT_MAX_BODY_BYTES, create_app

__all__ = ["DEFAULT_MAX_BODY_BYTES", "create_app"]
