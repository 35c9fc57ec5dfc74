"""memlane: long-term memory for AI assistants and agents.

The public names are imported when first used (PEP 562 ``__getattr__``): ``import memlane.cli`` or
``memlane --help`` need neither pydantic's models nor the service behind ``Memlane``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .errors import (
        ConfigError,
        EmbedderError,
        Forbidden,
        InvalidInput,
        LLMError,
        LLMReplyError,
        MemlaneError,
        NotFound,
        OptedOut,
        SecretRefused,
        StorageError,
        Unauthorized,
        UnknownMemory,
        VersionConflict,
    )
    from .models import (
        Actor,
        Edge,
        Entity,
        EntityDetail,
        EntityLookup,
        EntityMerge,
        ForgetResult,
        ForgottenMemory,
        Hit,
        LinkedMemory,
        Memory,
        MemoryType,
        ReindexResult,
        SimilarRef,
        State,
        StoreResult,
        Subject,
        SupersededRef,
        Visibility,
    )
    from .remote import AsyncRemoteMemlane, RemoteMemlane
    from .retrieval.config import PRESETS, LaneSpec, RetrievalConfig
    from .sdk import AsyncMemlane, Memlane

__version__ = "0.1.0"

__all__ = [
    "Actor",
    "AsyncMemlane",
    "AsyncRemoteMemlane",
    "ConfigError",
    "Edge",
    "EmbedderError",
    "Entity",
    "EntityDetail",
    "EntityLookup",
    "EntityMerge",
    "Forbidden",
    "ForgetResult",
    "ForgottenMemory",
    "Hit",
    "InvalidInput",
    "LLMError",
    "LLMReplyError",
    "LaneSpec",
    "LinkedMemory",
    "Memlane",
    "MemlaneError",
    "Memory",
    "MemoryType",
    "NotFound",
    "OptedOut",
    "PRESETS",
    "ReindexResult",
    "RemoteMemlane",
    "RetrievalConfig",
    "SecretRefused",
    "SimilarRef",
    "State",
    "StorageError",
    "StoreResult",
    "Subject",
    "SupersededRef",
    "Unauthorized",
    "UnknownMemory",
    "VersionConflict",
    "Visibility",
]


#: public name -> the module (under ``memlane``) that defines it
_WHERE: dict[str, str] = {
    **dict.fromkeys(
        (
            "ConfigError",
            "EmbedderError",
            "Forbidden",
            "InvalidInput",
            "LLMError",
            "LLMReplyError",
            "MemlaneError",
            "NotFound",
            "OptedOut",
            "SecretRefused",
            "StorageError",
            "Unauthorized",
            "UnknownMemory",
            "VersionConflict",
        ),
        "errors",
    ),
    **dict.fromkeys(
        (
            "Actor",
            "Edge",
            "Entity",
            "EntityDetail",
            "EntityLookup",
            "EntityMerge",
            "ForgetResult",
            "ForgottenMemory",
            "Hit",
            "LinkedMemory",
            "Memory",
            "MemoryType",
            "ReindexResult",
            "SimilarRef",
            "State",
            "StoreResult",
            "Subject",
            "SupersededRef",
            "Visibility",
        ),
        "models",
    ),
    **dict.fromkeys(("PRESETS", "LaneSpec", "RetrievalConfig"), "retrieval.config"),
    **dict.fromkeys(("AsyncMemlane", "Memlane"), "sdk"),
    **dict.fromkeys(("RemoteMemlane", "AsyncRemoteMemlane"), "remote"),
}


def __getattr__(name: str) -> object:
    # Imported on first use (the SDK imports the whole service), then kept as a module attribute.
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'memlane' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
