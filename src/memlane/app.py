"""The composition root: the one place that picks concrete classes from settings."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .auth import AccessService
from .config import Settings, is_postgres_url, sqlite_path_from_url
from .errors import ConfigError
from .providers.base import Embedder
from .providers.llm.base import LLM
from .retrieval.config import RetrievalConfig
from .service import MemoryService
from .storage.base import Store

if TYPE_CHECKING:  # the extraction package is imported when first used
    from .extraction.base import Extractor

__all__ = ["build_service", "open_store"]


def open_store(database_url: str) -> Store:
    """The store for a database URL: a SQLite file (path or ``sqlite:///…``) or PostgreSQL
    (``postgresql://…`` / ``postgres://…``). Opening applies pending migrations. Backends are imported
    here, on demand, so that the SQLite default never loads psycopg."""
    if is_postgres_url(database_url):
        from .storage.postgres import PostgresStore

        return PostgresStore(database_url)
    path = sqlite_path_from_url(database_url)
    if path is None:  # pragma: no cover - sqlite_path_from_url returns None only for PostgreSQL URLs
        raise ConfigError(f"unsupported database URL {database_url!r}")
    from .storage.sqlite import SqliteStore

    return SqliteStore(path)


def build_service(
    settings: Settings,
    *,
    embedder: Embedder | str | None = None,
    retrieval: RetrievalConfig | None = None,
) -> MemoryService:
    """A service over the configured store. ``embedder`` overrides the settings: an instance, a spec
    string (``"local"``, ``"none"``, ``"openai:…"``) or None for the settings' choice."""
    spec = embedder if isinstance(embedder, str) else settings.embedder
    from .providers.llm import check_llm_spec

    check_llm_spec(settings.llm)  # a typo in MEMLANE_LLM fails at start, not at the first extraction

    def extractor() -> Extractor:
        from .extraction.select import extractor_for

        return extractor_for(settings.llm, environ=settings.environ)

    if not isinstance(embedder, Embedder):
        # Validate the spec first (cheap: nothing is loaded) so that a typo fails at start.
        from .providers.embedders import check_spec

        check_spec(spec)
    store = open_store(settings.database_url)
    # identity lives in the same database: opt-out is checked on every call
    access = AccessService(store.identity)
    service: MemoryService
    if isinstance(embedder, Embedder):
        service = MemoryService(
            store, embedder, retrieval, access=access, home=settings.home, extractor=extractor
        )
    else:

        def factory() -> Embedder | None:
            from .providers.embedders import build_embedder

            return build_embedder(spec, home=settings.home, environ=settings.environ)

        service = MemoryService(store, None if spec == "none" else factory, retrieval, access=access,
                                home=settings.home, extractor=extractor)  # fmt: skip
    service.consolidate_paraphrases = settings.consolidate_paraphrases  # applied when consolidation is built
    if settings.consolidate_judge == "llm":

        def judge() -> LLM | None:
            from .providers.llm import build_llm

            return build_llm(settings.llm, environ=settings.environ)

        service.consolidation_judge = judge
    return service
