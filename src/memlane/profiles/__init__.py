"""Profiles (memory sets, SPEC §8): what a scheduled sweep extracts from the conversation log, for whom,
how often, and how long it is kept. ``ProfileService`` is reached as ``MemoryService.profiles``."""

from __future__ import annotations

from .models import ExpiryReport, ProfileDeletion, ProfileOverview, SweepReport
from .service import ProfileService

__all__ = ["ExpiryReport", "ProfileDeletion", "ProfileOverview", "ProfileService", "SweepReport"]
