"""A profile's settings as given (SDK keywords, CLI options, REST bodies) to valid values, with errors that
name the field and what it takes. Pure: no storage.

- ``types``: memory types and the groups of SPEC §1, any combination (default: all). ``semantic`` is
  fact, preference, relationship, observation and decision; ``episodic`` episode; ``procedural``
  procedure.
- ``scope``: ``user`` (each speaker's own personal memories), ``team`` with one or more ``teams`` (only
  their members' conversations; what is shared is owned by the team), ``agent`` with its ``agent``
  (only conversations with that agent; what is shared is owned by the agent).
- ``refresh``: how often the sweep runs: ``15m``, ``2h``, ``1d``, ``1w``, or "30 minutes" (5 minutes to
  30 days).
- ``expire_after``: how long what the profile wrote is kept (``None``/``off``: until deleted): an amount
  of minutes, hours, days, weeks or months ("90 days", "6 months", "12h"). A month is a calendar month
  (31 January + 1 month is 28 or 29 February).
- ``embedding_model``: the embedder the profile's memories are embedded with. A store has one vector
  space (recall compares every vector with the query's), so this must name the store's own embedder
  (a spec such as ``local`` or ``openai:<model>``, or its identity ``local/all-MiniLM-L6-v2``); any other
  is refused, never recorded and silently ignored.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from ..auth import check_name
from ..errors import InvalidInput
from ..models import MemoryType
from ..providers.embedders.local_model import LOCAL_IDENTITY, LOCAL_INT8_IDENTITY

__all__ = [
    "EXTRACTORS",
    "GROUPS",
    "add_duration",
    "check_embedding_model",
    "check_expire_after",
    "check_extractor",
    "check_refresh",
    "check_scope",
    "check_types",
]

GROUPS: dict[str, tuple[MemoryType, ...]] = {
    "semantic": (MemoryType.FACT, MemoryType.PREFERENCE, MemoryType.RELATIONSHIP, MemoryType.OBSERVATION,
                 MemoryType.DECISION),
    "episodic": (MemoryType.EPISODE,),
    "procedural": (MemoryType.PROCEDURE,),
}  # fmt: skip
ALL_TYPES: tuple[MemoryType, ...] = tuple(t for group in GROUPS.values() for t in group)

#: ``rules``: the rule-based extractor (offline); ``llm`` or ``llm:<model>``: the LLM extractor
EXTRACTORS = ("rules", "llm")

_UNITS = {
    "m": "minutes", "min": "minutes", "mins": "minutes", "minute": "minutes", "minutes": "minutes",
    "h": "hours", "hr": "hours", "hrs": "hours", "hour": "hours", "hours": "hours",
    "d": "days", "day": "days", "days": "days",
    "w": "weeks", "wk": "weeks", "week": "weeks", "weeks": "weeks",
    "mo": "months", "month": "months", "months": "months",
}  # fmt: skip
_DURATION = re.compile(r"\s*(\d{1,6})\s*([a-z]+)\s*", re.IGNORECASE)
_MINUTES = {"minutes": 1, "hours": 60, "days": 1440, "weeks": 10080, "months": 43200}
MIN_REFRESH_MINUTES = 5
MAX_REFRESH_MINUTES = 30 * 1440


def _duration(value: Any, field: str) -> tuple[int, str]:
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise InvalidInput(
            f"{field}: a duration such as '30 minutes', '12h', '7 days', '2 weeks' or '6 months'"
        )
    if isinstance(value, int):
        value = f"{value}m"
    match = _DURATION.fullmatch(value)
    unit = _UNITS.get(match[2].lower()) if match else None
    if match is None or unit is None:
        raise InvalidInput(
            f"{field}: {value!r} is not a duration; give an amount and a unit (minutes, hours, days, weeks or"
            " months), e.g. '90 days' or '12h'"
        )
    amount = int(match[1])
    if match[2] == "M":  # months in ISO 8601 and most date libraries, minutes here: say which
        raise InvalidInput(
            f"{field}: {value!r} is ambiguous (M is months to some, minutes to others); write"
            f" '{amount} months' or '{amount} minutes'"
        )
    if amount < 1:
        raise InvalidInput(f"{field}: the amount must be at least 1")
    return amount, unit


def check_refresh(value: Any) -> int:
    """The sweep's period in minutes."""
    amount, unit = _duration(value, "refresh")
    minutes = amount * _MINUTES[unit]
    if not MIN_REFRESH_MINUTES <= minutes <= MAX_REFRESH_MINUTES:
        raise InvalidInput(f"refresh: between {MIN_REFRESH_MINUTES} minutes and 30 days, not {value!r}")
    return minutes


def check_expire_after(value: Any) -> str | None:
    """Canonical ``"<amount> <unit>"``, or None (no expiry)."""
    if value is None or (isinstance(value, str) and value.strip().lower() in ("", "off", "none", "never")):
        return None
    amount, unit = _duration(value, "expire_after")
    if amount * _MINUTES[unit] > 100 * 365 * 1440:
        raise InvalidInput("expire_after: at most 100 years")
    return f"{amount} {unit}"


def add_duration(start: datetime, canonical: str) -> datetime:
    """``start`` plus a canonical duration (calendar months; the day clamped to the month's last)."""
    amount_text, unit = canonical.split()
    amount = int(amount_text)
    if unit != "months":
        return start + timedelta(minutes=amount * _MINUTES[unit])
    month_index = start.month - 1 + amount
    year, month = start.year + month_index // 12, month_index % 12 + 1
    day = min(start.day, calendar.monthrange(year, month)[1])
    return start.replace(year=year, month=month, day=day)


def check_types(value: Any) -> tuple[MemoryType, ...]:
    """Types and groups, in the order of SPEC §1; default (None or empty) all."""
    if value is None:
        return ALL_TYPES
    if isinstance(value, str):
        value = [v for v in re.split(r"[,\s]+", value) if v]
    if not isinstance(value, Sequence):
        raise InvalidInput("types: a list of memory types or groups (semantic, episodic, procedural)")
    chosen: set[MemoryType] = set()
    for item in value:
        name = str(item).strip().lower()
        if name in GROUPS:
            chosen.update(GROUPS[name])
            continue
        try:
            memory_type = MemoryType(name)
        except ValueError:
            raise InvalidInput(
                f"types: {item!r} is not a memory type; use {', '.join(t.value for t in ALL_TYPES)} or a group"
                f" ({', '.join(GROUPS)})"
            ) from None
        if memory_type not in ALL_TYPES:
            raise InvalidInput(f"types: {item!r} is not kept by profiles (use {', '.join(GROUPS)})")
        chosen.add(memory_type)
    return tuple(t for t in ALL_TYPES if t in chosen) or ALL_TYPES


def check_scope(scope: Any, teams: Any, agent: Any) -> tuple[str, tuple[str, ...], str | None]:
    """(scope, teams, agent): a team profile names its teams, an agent profile its agent, a user one
    neither."""
    if scope not in ("user", "team", "agent"):
        raise InvalidInput(f"scope: 'user', 'team' or 'agent', not {scope!r}")
    if isinstance(teams, str):
        teams = [t for t in teams.split(",") if t.strip()]
    # names as every name is checked (``check_name``: printable, at most 200, NFC), as a memory's
    # ``team:``/``agent:`` owner is: one with NUL or a lone surrogate was kept by SQLite, refused by PostgreSQL
    team_names = tuple(dict.fromkeys(check_name(str(t).strip(), "teams") for t in (teams or ())))
    if scope == "team":
        if not team_names:
            raise InvalidInput("teams: a team profile needs at least one team")
        if agent:
            raise InvalidInput("agent: only an agent profile names an agent")
        return scope, team_names, None
    if team_names:
        raise InvalidInput(f"teams: only a team profile names teams (this one is scope {scope!r})")
    if scope == "agent":
        if not isinstance(agent, str) or not agent.strip():
            raise InvalidInput("agent: an agent profile needs the agent's name")
        return scope, (), check_name(agent.strip(), "agent")
    if agent:
        raise InvalidInput("agent: only an agent profile names an agent")
    return scope, (), None


def check_extractor(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput("extractor: 'rules' or 'llm' (or 'llm:<model>')")
    value = value.strip()
    if value == "rules" or value == "llm" or (value.startswith("llm:") and len(value) > 4):
        return value
    raise InvalidInput(f"extractor: 'rules' or 'llm' (or 'llm:<model>'), not {value!r}")


_LOCAL_SPECS = {"local": LOCAL_IDENTITY, "local-onnx": LOCAL_IDENTITY, "local-torch": LOCAL_IDENTITY,
                "local-onnx-int8": LOCAL_INT8_IDENTITY}  # fmt: skip


def embedder_identity(spec: str) -> str | None:
    """The identity of the vectors an embedder spec gives (``None`` for ``none``); an identity as it is.
    ``openai:<model>`` is ``openai/<model>`` (a server's ``MEMLANE_EMBEDDING_DIM`` adds ``@<dim>``)."""
    raw = spec.strip()
    name = raw.lower()
    if name == "none":
        return None
    if name in _LOCAL_SPECS:
        return _LOCAL_SPECS[name]
    if name.startswith("openai:") and raw.split(":", 1)[1].strip():
        return "openai/" + raw.split(":", 1)[1].strip()
    if "/" in raw:
        return raw
    raise InvalidInput(
        f"embedding_model: unknown embedder {raw!r}; give the store's embedder: none, local, local-onnx,"
        " local-onnx-int8, local-torch, openai:<model>, or an identity such as 'local/all-MiniLM-L6-v2'"
    )


def check_embedding_model(value: Any, store_identity: str | None) -> str | None:
    """``value`` (None: not set) when it names the embedder the store embeds with (``store_identity``,
    None for none), as that identity (``"none"`` for none); InvalidInput otherwise: a profile cannot have
    vectors of another model in the store's one vector space, and a setting that would be ignored is
    refused rather than recorded."""
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput(
            "embedding_model: an embedder such as 'local' or 'openai:<model>' (or leave it out)"
        )
    wanted = embedder_identity(value)
    same = wanted == store_identity or (
        wanted is not None and store_identity is not None and "@" not in wanted
        and store_identity.split("@", 1)[0] == wanted
    )  # fmt: skip
    if not same:
        has = f"embeds every memory with {store_identity!r}" if store_identity else "has no embedder ('none')"
        raise InvalidInput(
            f"embedding_model: this store {has}, and a profile cannot use {value.strip()!r}: a store has one"
            " vector space, which recall compares every memory in. Leave embedding_model out (the profile"
            " uses the store's embedder), or change the store's embedder (MEMLANE_EMBEDDER, then"
            " `memlane memory reindex`) first."
        )
    return store_identity or "none"
