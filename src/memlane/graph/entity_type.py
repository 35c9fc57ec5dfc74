"""The kinds of entity the graph knows (``EntityType``), apart from resolution so that what only needs the
names (the command line's ``--type`` choices) does not import resolution's rules and tables."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["EntityType"]


class EntityType(StrEnum):
    PERSON = "person"
    COMPANY = "company"
    TEAM = "team"
    CUSTOMER = "customer"
    PROJECT = "project"
    SYSTEM = "system"
    DEAL = "deal"
    TICKET = "ticket"
    DOCUMENT = "document"
    REPOSITORY = "repository"
    PLACE = "place"
    EVENT = "event"
    OTHER = "other"
