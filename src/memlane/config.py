"""Settings, read only when asked for: ``load_settings(environ=os.environ)``.

Environment variables (all optional):

| variable | meaning | default |
|---|---|---|
| ``MEMLANE_HOME`` | folder for the default database, cached model files and built tables | ``~/.memlane`` |
| ``MEMLANE_DATABASE_URL`` | a SQLite file path, ``sqlite:///path`` or ``postgresql://…`` (also ``postgres://…``) | ``$MEMLANE_HOME/memlane.db`` |
| ``MEMLANE_EMBEDDER`` | ``local``, ``local-onnx``, ``local-onnx-int8``, ``local-torch``, ``openai:<model>``, ``none`` | ``local`` |
| ``MEMLANE_LLM`` | the extractor's LLM: ``none`` (rule-based, offline), ``openai:<model>``, ``anthropic:<model>`` (with ``MEMLANE_LLM_URL``, ``MEMLANE_LLM_API_KEY``; docs/extraction.md) | ``none`` |
| ``MEMLANE_USER`` | the acting user when none is given | the OS login name |
| ``MEMLANE_WORKSPACE`` | the workspace | ``default`` |
"""

from __future__ import annotations

import getpass
import os
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from .auth import name_form
from .errors import ConfigError

__all__ = ["Settings", "is_postgres_url", "load_settings", "redact_url", "sqlite_path_from_url"]


@dataclass(frozen=True)
class Settings:
    home: Path
    database_url: str
    embedder: str = "local"
    #: the LLM spec for extraction (``none``: the rule-based extractor)
    llm: str = "none"
    user: str = "local"
    workspace: str = "default"
    #: consolidation also merges paraphrases the embedder proposes (docs/consolidation.md: off by
    #: default, its held-out precision is below the target)
    consolidate_paraphrases: bool = False
    #: who confirms the paraphrase candidates: ``rules`` (offline) or ``llm`` (the configured LLM,
    #: ``MEMLANE_LLM``; docs/consolidation.md)
    consolidate_judge: str = "rules"
    environ: Mapping[str, str] | None = None

    def with_(self, **changes: Any) -> Settings:
        return replace(self, **{k: v for k, v in changes.items() if v is not None})


def _default_user(environ: Mapping[str, str]) -> str:
    if environ.get("MEMLANE_USER"):
        return environ["MEMLANE_USER"]
    try:
        return getpass.getuser() or "local"
    except Exception:  # no login name (containers): a stable fallback
        return "local"


def _flag(environ: Mapping[str, str], name: str) -> bool:
    value = environ.get(name, "").strip().lower()
    if value in ("", "0", "false", "no", "off"):
        return False
    if value in ("1", "true", "yes", "on"):
        return True
    raise ConfigError(f"{name} must be 1/true/yes/on or 0/false/no/off, not {environ[name]!r}")


def _judge(environ: Mapping[str, str]) -> str:
    value = environ.get("MEMLANE_CONSOLIDATE_JUDGE", "").strip().lower() or "rules"
    if value not in ("rules", "llm"):
        raise ConfigError(f"MEMLANE_CONSOLIDATE_JUDGE must be 'rules' or 'llm', not {value!r}")
    if value == "llm" and (environ.get("MEMLANE_LLM", "").strip() or "none").lower() == "none":
        raise ConfigError(
            "MEMLANE_CONSOLIDATE_JUDGE=llm needs an LLM: set MEMLANE_LLM (openai:… or anthropic:…)"
        )
    return value


def load_settings(environ: Mapping[str, str] | None = None, **overrides: Any) -> Settings:
    env = dict(os.environ if environ is None else environ)
    home = Path(overrides.pop("home", None) or env.get("MEMLANE_HOME") or Path.home() / ".memlane")
    home = home.expanduser()
    url = overrides.pop("database_url", None) or env.get("MEMLANE_DATABASE_URL") or str(home / "memlane.db")
    settings = Settings(
        home=home,
        database_url=str(url),
        embedder=env.get("MEMLANE_EMBEDDER", "local"),
        llm=env.get("MEMLANE_LLM", "").strip() or "none",
        user=_default_user(env),
        workspace=name_form(env.get("MEMLANE_WORKSPACE", "default")),
        consolidate_paraphrases=_flag(env, "MEMLANE_CONSOLIDATE_PARAPHRASES"),
        consolidate_judge=_judge(env),
        environ=env,
    )
    if overrides.get("workspace") is not None:
        overrides["workspace"] = name_form(overrides["workspace"])
    return settings.with_(**overrides)


_POSTGRES_SCHEMES = ("postgresql://", "postgres://", "postgresql+psycopg://")


def is_postgres_url(url: str) -> bool:
    """True for a PostgreSQL URL (``postgresql://``, ``postgres://`` or SQLAlchemy's ``postgresql+psycopg://``)."""
    return url.startswith(_POSTGRES_SCHEMES)


def redact_url(url: str) -> str:
    """The URL without its password, for messages and logs."""
    try:
        parts = urlsplit(url)
        password = parts.password
    except ValueError:
        return "<database url>"
    if not password:
        return url
    userinfo, host = parts.netloc.rsplit("@", 1)
    return urlunsplit(parts._replace(netloc=f"{userinfo.split(':', 1)[0]}:***@{host}"))


def sqlite_path_from_url(url: str) -> Path | None:
    """The file path of a SQLite URL or plain path; None when the URL names another backend."""
    if is_postgres_url(url):
        return None
    if url.startswith("sqlite:///"):
        return Path(url[len("sqlite:///") :]).expanduser()
    if url.startswith("sqlite://"):
        raise ConfigError(f"unsupported SQLite URL {url!r}: use sqlite:///path/to/file.db or a plain path")
    if "://" in url:
        raise ConfigError(f"unsupported database URL {url!r}: use a file path, sqlite:///… or postgresql://…")
    return Path(url).expanduser()
