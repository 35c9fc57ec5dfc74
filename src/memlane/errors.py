"""The one exception tree of memlane.

    MemlaneError
    ├── InvalidInput          bad arguments: the caller can fix them (maps to 4xx)
    │   ├── SecretRefused     a field looks like a credential; nothing stored
    │   ├── UnknownMemory     an id that does not exist or is not visible to the caller
    │   └── NotFound          an unknown API key, user or team (admin operations)
    ├── Unauthorized          no API key, or one that is unknown or revoked (401)
    ├── Forbidden             a known caller asking for what it may not do (403)
    │   └── OptedOut          the user opted out of memory: no writes, and reads come back empty
    ├── ConfigError           settings, URLs or providers that cannot be used
    ├── EmbedderError         the embedding provider failed (network, model files)
    ├── LLMError              the LLM provider failed (network, timeout, rate limit after the retries)
    │   └── LLMReplyError     it answered, but not with what was asked (not JSON, or off the schema)
    └── StorageError          the database failed or is of an unsupported schema

Foreign exceptions are mapped where they enter (``raise StorageError(...) from exc``); callers never
branch on message text.

An error's ``public`` text is what a server's client reads (REST, MCP, the dashboard, ``/health``): the
message, except for a ``StorageError``, ``EmbedderError`` or ``LLMError``, whose message names the
deployment (a database's host, name or file, a provider's URL): a client learns only the kind (for a
storage error ``STORAGE_KINDS``); the server logs the message.

A failure kept in a stored result (a consolidation report's ``judge.error``, a job run's or sweep's
``error``, a profile's ``last_error``, an import run's ``error``) is written by ``recorded``: the public
text, then ``DETAIL`` and the message. ``shown_error`` is the one rule every read of it goes through: the
store's operator (``Actor.operator``: the embedded SDK or CLI on the database, the same trust as the
server's log) reads it whole; a server's client (REST, MCP, the dashboard, the remote SDK) reads the
public text only.
"""

from __future__ import annotations

__all__ = [
    "ERRORS_BY_CODE",
    "STORAGE_KINDS",
    "DETAIL",
    "UNEXPECTED",
    "ConfigError",
    "EmbedderError",
    "Forbidden",
    "InvalidInput",
    "LLMError",
    "LLMReplyError",
    "MemlaneError",
    "NoMemoryFound",
    "NotFound",
    "OptedOut",
    "SecretRefused",
    "StorageError",
    "Unauthorized",
    "UnknownMemory",
    "VersionConflict",
    "recorded",
    "shown_error",
]


class MemlaneError(Exception):
    """Base of every error memlane raises on purpose."""

    code = "memlane_error"

    @property
    def public(self) -> str:
        """What a client of a server may read of this error (the embedded SDK and the CLI show all)."""
        return str(self)


class InvalidInput(MemlaneError, ValueError):
    code = "invalid_input"


class SecretRefused(InvalidInput):
    code = "secret_refused"


class NoMemoryFound(InvalidInput):
    """An export with no memory in it; nothing was imported. ``found``: what was looked for and not
    found. What the vendor does not export can often be pasted instead: ``paste`` says where to copy it
    from ("Or paste 'View and edit your memory'"), ``paste_as`` the format to import it as;
    ``conversations``: importing the conversations themselves would keep something. The text names the
    CLI's options (``--from claude``, ``--conversations``), as every surface has shown it; a surface with
    words of its own renders the parts (the dashboard's import page does). Rebuilt from its code by a
    server's client, it has its text only."""

    code = "no_memory_found"

    def __init__(
        self, found: str, *, paste: str = "", paste_as: str = "", conversations: bool = False
    ) -> None:
        how = f" {paste} and import it with --from {paste_as}" if paste and paste_as else ""
        more = "; or import the conversations themselves with --conversations" if conversations else ""
        super().__init__(f"{found}{how}{more}")
        self.found, self.paste, self.paste_as, self.conversations = found, paste, paste_as, conversations


class UnknownMemory(InvalidInput, KeyError):
    code = "unknown_memory"

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown memory"


class VersionConflict(InvalidInput):
    """A new version was asked to replace the current one (``expect_current``), and the version named is
    no longer current: someone saved another meanwhile, or an older version was edited. Nothing was
    written. ``current``: the current version's id (None when a server's client rebuilds the error)."""

    code = "version_conflict"

    def __init__(self, message: str = "", *, current: str | None = None) -> None:
        super().__init__(message)
        self.current = current


class NotFound(InvalidInput, KeyError):
    code = "not_found"

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "not found"


class Unauthorized(MemlaneError):
    code = "unauthorized"


class Forbidden(MemlaneError):
    code = "forbidden"


class OptedOut(Forbidden):
    code = "opted_out"


class ConfigError(MemlaneError):
    code = "config_error"


class EmbedderError(MemlaneError):
    code = "embedder_error"

    @property
    def public(self) -> str:  # (the message names the provider's URL: a host of the deployment)
        return "the embedding model failed: retry later; the server's log says why"


class LLMError(MemlaneError):
    code = "llm_error"

    @property
    def public(self) -> str:  # (the message names the provider's URL: a host of the deployment)
        return "the LLM failed: retry later; the server's log says why"


class LLMReplyError(LLMError):
    code = "llm_reply_invalid"

    @property
    def public(self) -> str:
        return "the LLM did not answer with JSON of the shape asked for; the server's log says why"


#: what a server's client reads of a storage error, by its kind; nothing of where the database is
STORAGE_KINDS: dict[str | None, str] = {
    "full": "the database's disk is full: nothing was written; retry later (reads still work)",
    "damaged": "the database is damaged: its operator must restore it from a backup",
    "busy": "the database is busy with another writer: nothing was written; retry",
    None: "the database is unavailable: retry later",
}


class StorageError(MemlaneError):
    """``kind`` (a key of ``STORAGE_KINDS``) is all a server's client learns; the message is logged."""

    code = "storage_error"

    def __init__(self, message: str = "", *, kind: str | None = None) -> None:
        super().__init__(message)
        self.kind = kind if kind in STORAGE_KINDS else None

    @property
    def public(self) -> str:
        return f"{STORAGE_KINDS[self.kind]}; the server's log says why"


def _tree(cls: type[MemlaneError]) -> list[type[MemlaneError]]:
    return [cls, *(c for sub in cls.__subclasses__() for c in _tree(sub))]


#: every error class by its stable ``code``: how surfaces map codes back to classes (remote SDK)
ERRORS_BY_CODE: dict[str, type[MemlaneError]] = {cls.code: cls for cls in _tree(MemlaneError)}


#: between a recorded failure's public text and its detail (what only the store's operator reads)
DETAIL = " | detail: "
#: the public text of a failure that is not a ``MemlaneError`` (a bug: its message may say anything)
UNEXPECTED = "an unexpected error; the server's log says why"


def recorded(exc: BaseException) -> str:
    """How a stored result keeps ``exc``: its public text, then ``DETAIL`` and the message when the
    public text is not all of it (see ``shown_error``)."""
    if isinstance(exc, MemlaneError):
        public, message = exc.public, str(exc)
        if public == message:
            return message
    else:
        public = UNEXPECTED
    return f"{public}{DETAIL}{type(exc).__name__}: {exc}"


def shown_error(text: str | None, operator: bool) -> str | None:
    """A recorded failure as its reader may read it: whole for the store's operator, else its public
    text (nothing of the deployment: a database's or provider's host, port, name or file)."""
    if text is None or operator:
        return text
    return text.split(DETAIL, 1)[0]


#: what an error says instead of a typed value the secret scanner takes for a credential
NOT_REPEATED = "the value looks like a secret and is not repeated"


def typed(noun: str, value: object, what: str = "id") -> str:
    """``noun 'value'``, how an error names an id or a name the caller typed ("no memory '…' visible to
    ana") — unless ``memlane.secrets`` says the value looks like a credential: then ``noun with that
    id (the value looks like a secret and is not repeated)``. Errors reach logs and a model's context;
    a token pasted where an id goes (``ghp_…``) must not be repeated there. The one place every
    service error that quotes a typed value goes through; ``noun`` empty: the value alone, ``'…'``."""
    from .secrets import find_secret  # (memlane.secrets imports this module)

    if isinstance(value, str) and find_secret(value) is not None:
        # (no noun: the value alone, as "memory_id: 'a/b' is no id memlane gives" quotes it)
        return (
            f"{noun} with that {what} ({NOT_REPEATED})"
            if noun
            else "that value (it looks like a secret and is not repeated)"
        )
    return f"{noun} {value!r}" if noun else repr(value)
