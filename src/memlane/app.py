"""The composition root: the one place that picks concrete classes from settings."""

from __future__ import annotations

from .config import Settings, sqlite_path_from_url
from .errors import ConfigError
from .providers.base import Embedder
from .retrieval.config import RetrievalConfig
from .service import MemoryService

__all__ = ["build_service"]


def build_service(
    settings: Settings,
    *,
    embedder: Embedder | str | None = None,
    retrieval: RetrievalConfig | None = None,
) -> MemoryService:
    """A service over the configured store. ``embedder`` overrides the settings: an instance, a spec
    string (``"local"``, ``"none"``, ``"openai:…"``) or None for the settings' choice."""
    path = sqlite_path_from_url(settings.database_url)
    if path is None:
        raise ConfigError(
            f"{settings.database_url!r}: the PostgreSQL backend is not available in this version; use a SQLite"
            " file path"
        )
    from .storage.sqlite import SqliteStore

    store = SqliteStore(path)
    if isinstance(embedder, Embedder):
        return MemoryService(store, embedder, retrieval)
    spec = embedder if isinstance(embedder, str) else settings.embedder

    def factory() -> Embedder | None:
        from .providers.embedders import build_embedder

        return build_embedder(spec, home=settings.home, environ=settings.environ)

    if spec == "none":
        return MemoryService(store, None, retrieval)
    # Validate the spec now (cheap) so that a typo fails at start, not at the first store.
    from .providers.embedders import build_embedder as _check  # noqa: F401

    return MemoryService(store, factory, retrieval)
