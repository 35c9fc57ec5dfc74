"""memlane: long-term memory for AI assistants and agents."""

from .errors import (
    ConfigError,
    EmbedderError,
    InvalidInput,
    MemlaneError,
    SecretRefused,
    StorageError,
    UnknownMemory,
)
from .models import (
    Actor,
    ForgetResult,
    Hit,
    Memory,
    MemoryType,
    ReindexResult,
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
    "ConfigError",
    "EmbedderError",
    "ForgetResult",
    "Hit",
    "InvalidInput",
    "LaneSpec",
    "Memlane",
    "MemlaneError",
    "Memory",
    "MemoryType",
    "PRESETS",
    "ReindexResult",
    "RetrievalConfig",
    "SecretRefused",
    "State",
    "StorageError",
    "StoreResult",
    "Subject",
    "SupersededRef",
    "UnknownMemory",
    "Visibility",
]
