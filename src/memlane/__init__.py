"""memlane: long-term memory for AI assistants and agents."""

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
)
from .models import (
    Actor,
    Edge,
    Entity,
    EntityDetail,
    EntityLookup,
    EntityMerge,
    ForgetResult,
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
    "Visibility",
]


def __getattr__(name: str) -> object:
    # The HTTP clients are imported only by code that uses them.
    if name in ("RemoteMemlane", "AsyncRemoteMemlane"):
        from . import remote

        return getattr(remote, name)
    raise AttributeError(f"module 'memlane' has no attribute {name!r}")
