"""``ProfileService``: profiles (memory sets) and what they do, for every surface (reached as
``MemoryService.profiles``).

Who may (docs/api.md): creating, changing, enabling, disabling, running and deleting a profile, and
reading its log, is for admins of the workspace (the embedded SDK and the CLI on the database itself act
as its operator). Reading profiles (list, show) is for every key of the workspace: settings and run
state, no memory and no count of memories. Opting out of a profile is for the user themselves (any key
acting as them) or an admin; opting back in for the user with their own key, or an admin (as opting out
of memory).
"""

from __future__ import annotations

import builtins
import logging
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from ..auth import check_name, check_user, name_form
from ..errors import ConfigError, Forbidden, InvalidInput, MemlaneError, NotFound, shown_error, typed
from ..extraction import Extractor
from ..ids import check_id, new_id
from ..jobs.run import execute
from ..jobs.schedule import sweep_job
from ..models import Actor, Profile, ProfileLogEntry
from ..permissions import check_opt_in
from ..requests import MAX_BATCH, MAX_LIMIT, check_flag, check_instructions, check_integer, check_storable
from ..timeutil import now_utc
from .models import ExpiryReport, ProfileDeletion, ProfileOverview, SweepReport
from .positions import shown_entry, shown_profile, shown_report, shown_run
from .spec import (
    add_duration,
    check_embedding_model,
    check_expire_after,
    check_extractor,
    check_refresh,
    check_scope,
    check_types,
)
from .sweep import sweep

if TYPE_CHECKING:
    from ..service import MemoryService

__all__ = ["ProfileService"]

log = logging.getLogger("memlane.jobs")

_UPDATABLE = ("types", "scope", "teams", "agent", "extractor", "instructions", "embedding_model", "refresh",
              "expire_after")  # fmt: skip


def _check_known(unknown: dict[str, Any]) -> None:
    """A setting no profile has (a typo: ``colour=``, ``expires_after=``) is refused in the words of every
    surface's body check (the SDK's create raised a TypeError; update said it otherwise than REST)."""
    if unknown:
        raise InvalidInput(f"{sorted(unknown)[0]}: is not a known field")


def _check_admin(actor: Actor, what: str) -> None:
    if not actor.admin:
        raise Forbidden(f"{what}: only an admin of workspace {actor.workspace!r} may")


class ProfileService:
    def __init__(self, service: MemoryService) -> None:
        self._service = service
        self._store = service.storage
        #: a run whose heartbeat is older than this is taken as dead (a killed worker): another may take
        #: the profile over (a live run's heartbeat comes every quarter of this, from a thread of its own)
        self.stale_after = timedelta(minutes=5)
        #: optional: messages appended less than this long ago wait for the next sweep. Not needed for
        #: correctness (the log's position is settled by ``latest_seq``: on PostgreSQL it waits for the
        #: writes in flight), so off by default
        self.settle = timedelta(0)

    # -- settings -------------------------------------------------------------------------------------

    def create(
        self, actor: Actor, name: str, /, *, types: Sequence[str] | str | None = None, scope: str = "user",
        teams: Sequence[str] | str = (), agent: str | None = None, extractor: str = "rules",
        instructions: str | None = None, embedding_model: str | None = None, refresh: str | int = "1h",
        expire_after: str | None = None, enabled: bool = False, **unknown: Any,
    ) -> Profile:  # fmt: skip
        """A new profile (disabled unless ``enabled``: enabling schedules its sweep)."""
        _check_admin(actor, "creating a profile")
        _check_known(unknown)
        name = check_name(name, "name")
        if "/" in name or name in (".", ".."):  # a profile's name is a URL path segment: /v1/profiles/NAME
            raise InvalidInput(
                f"name: {name!r} cannot be a profile's name: it is part of URLs, so no '/', '.' or '..'"
            )
        now = now_utc()
        settings = self._settings(types=types, scope=scope, teams=teams, agent=agent, extractor=extractor,
            instructions=instructions, embedding_model=embedding_model, refresh=refresh,
            expire_after=expire_after)  # fmt: skip
        self._check_teams_exist(actor.workspace, settings["teams"])
        profile = Profile(
            id=new_id(), workspace=actor.workspace, name=name, created_at=now, updated_at=now,
            enabled=check_flag(enabled, "enabled"), **settings,
        )  # fmt: skip
        if not self._store.profiles.insert(profile):
            raise InvalidInput(f"name: workspace {actor.workspace!r} already has a profile named {name!r}")
        return shown_profile(actor, profile)

    def _check_teams_exist(self, workspace: str, teams: Sequence[str]) -> None:
        """A team profile sweeps the members of its teams: a team that does not exist (a typo) would
        silently skip everyone, so it is refused."""
        for team in teams:
            if self._store.identity.get_team(workspace, team) is None:
                raise InvalidInput(
                    f"teams: workspace {workspace!r} has no team {team!r} (create it first: memlane teams create)"
                )

    def _settings(
        self, *, types: Any, scope: Any, teams: Any, agent: Any, extractor: Any, instructions: Any,
        embedding_model: Any, refresh: Any, expire_after: Any,
    ) -> dict[str, Any]:  # fmt: skip
        scope, team_names, agent_name = check_scope(scope, teams, agent)
        # what no backend stores (NUL, a lone surrogate) is refused before anything is written, on both
        # alike: SQLite kept it and PostgreSQL failed with a storage error
        instructions = check_instructions(instructions)
        check_storable(instructions, "instructions")
        check_storable(extractor, "extractor")
        return {
            "types": check_types(types), "scope": scope, "teams": team_names, "agent": agent_name,
            "extractor": check_extractor(extractor), "instructions": instructions or None,
            "embedding_model": check_embedding_model(embedding_model, self.store_embedder()),
            "refresh_minutes": check_refresh(refresh),
            "expire_after": check_expire_after(expire_after),
        }  # fmt: skip

    def list(self, actor: Actor) -> builtins.list[Profile]:
        return [shown_profile(actor, p) for p in self._store.profiles.list(actor.workspace)]

    def get(self, actor: Actor, name: str) -> Profile:
        """By name or id."""
        return shown_profile(actor, self._find(actor, name))

    def _find(self, actor: Actor, name: str) -> Profile:
        if not isinstance(name, str) or not name:
            raise InvalidInput("name: the profile's name or id")
        check_id(name, "name")
        # by its name in the form it was created in (NFC, ``check_name``): "Café" typed either way
        found = self._store.profiles.get(actor.workspace, name_form(name))
        if found is None:
            raise NotFound(f"no {typed('profile', name, 'name')} in workspace {actor.workspace!r}")
        return found

    def update(self, actor: Actor, name: str, /, **changes: Any) -> Profile:
        """Change settings (``types``, ``scope``, ``teams``, ``agent``, ``extractor``, ``instructions``,
        ``embedding_model``, ``refresh``, ``expire_after``); what is not given stays. A new
        ``expire_after`` applies to the memories the profile already wrote too (from when each was
        written)."""
        _check_admin(actor, "changing a profile")
        _check_known({k: v for k, v in changes.items() if k not in _UPDATABLE})
        current = self._find(actor, name)
        merged = {
            "types": current.types, "scope": current.scope, "teams": current.teams, "agent": current.agent,
            "extractor": current.extractor, "instructions": current.instructions,
            "embedding_model": current.embedding_model, "refresh": f"{current.refresh_minutes}m",
            "expire_after": current.expire_after,
        }  # fmt: skip
        if "scope" in changes and changes["scope"] != current.scope:  # the scope's own names go with it
            merged.update(teams=(), agent=None)
        merged.update(changes)
        if "embedding_model" not in changes:  # checked when given: the store's embedder may have changed
            merged["embedding_model"] = None
        settings = self._settings(**merged)
        if "teams" in changes or "scope" in changes:
            self._check_teams_exist(actor.workspace, settings["teams"])
        if "embedding_model" not in changes:
            settings["embedding_model"] = current.embedding_model
        updated = current.model_copy(update={**settings, "updated_at": now_utc()})
        self._store.profiles.update(updated)
        if updated.expire_after != current.expire_after:
            self._apply_expiry(updated)
        return shown_profile(actor, updated)

    def _apply_expiry(self, profile: Profile) -> None:
        setting = profile.expire_after

        def expiry(created: datetime) -> datetime | None:
            return add_duration(created, setting) if setting else None

        with self._store.write() as txn:
            txn.set_profile_expiry(profile.workspace, profile.id, expiry)

    def enable(self, actor: Actor, name: str) -> Profile:
        """Schedule the profile's sweep at its refresh frequency (the job runners read the schedule)."""
        return self._set_enabled(actor, name, True)

    def disable(self, actor: Actor, name: str) -> Profile:
        """Cancel the schedule: no new sweep starts (one already running finishes)."""
        return self._set_enabled(actor, name, False)

    def _set_enabled(self, actor: Actor, name: str, enabled: bool) -> Profile:
        _check_admin(actor, "enabling or disabling a profile")
        current = self._find(actor, name)
        updated = current.model_copy(update={"enabled": enabled, "updated_at": now_utc()})
        self._store.profiles.update(updated)
        return shown_profile(actor, updated)

    def delete(self, actor: Actor, name: str, *, confirm: bool = False) -> ProfileDeletion:
        """Delete the profile and every memory it wrote (from every index), its schedule and opt-outs.

        The dry run comes first on every surface: without ``confirm`` nothing is deleted and the plan is
        returned (``dry_run``: how many memories, schedules and opt-outs would go)."""
        _check_admin(actor, "deleting a profile")
        profile = self._find(actor, name)
        schedules = 1 if profile.enabled else 0
        opt_outs = len(self._store.profiles.opted_out_users(profile.id))
        if not confirm:
            count = len(self._store.profiles.memory_ids(profile.workspace, profile.id))
            return ProfileDeletion(
                profile=shown_profile(actor, profile),
                memories=count,
                dry_run=True,
                schedules=schedules,
                opt_outs=opt_outs,
            )
        self._store.profiles.update(profile.model_copy(update={"enabled": False, "updated_at": now_utc()}))
        with self._store.write() as txn:
            deleted = txn.delete_profile_memories(profile.workspace, profile.id)
            if deleted:
                txn.audit(actor, "forget", None, {"count": len(deleted), "profile": profile.id})
        self._store.profiles.delete(profile.workspace, profile.id)
        self._store.profiles.add_log(profile.workspace, ProfileLogEntry(
            profile_id=profile.id, profile=profile.name, at=now_utc(), action="deleted", count=len(deleted),
        ))  # fmt: skip
        return ProfileDeletion(
            profile=shown_profile(actor, profile),
            memories=len(deleted),
            dry_run=False,
            schedules=schedules,
            opt_outs=opt_outs,
        )

    # -- opt-out --------------------------------------------------------------------------------------

    def opt_out(self, actor: Actor, name: str, user: str | None = None) -> Profile:
        """``user`` (default: the actor) is skipped by this profile's sweeps."""
        user = check_user(user or actor.user)
        if user != actor.user and not actor.admin:
            raise Forbidden(f"only {user} or an admin may opt {user} out of a profile")
        profile = self._find(actor, name)
        self._store.profiles.set_opt_out(profile.id, user, True, now_utc())
        return shown_profile(actor, profile)

    def opt_in(self, actor: Actor, name: str, user: str | None = None) -> Profile:
        user = check_user(user or actor.user)
        check_opt_in(actor, user)
        profile = self._find(actor, name)
        self._store.profiles.set_opt_out(profile.id, user, False, now_utc())
        return shown_profile(actor, profile)

    def opted_out(self, actor: Actor, name: str) -> builtins.list[str]:
        _check_admin(actor, "listing a profile's opt-outs")
        return sorted(self._store.profiles.opted_out_users(self._find(actor, name).id))

    # -- running --------------------------------------------------------------------------------------

    def run(
        self, actor: Actor, name: str, *, batch: int = 100, progress: Callable[[str], None] | None = None
    ) -> SweepReport:
        """Sweep the profile now (whether enabled or not), recorded as a run of its ``sweep:<id>`` job
        (``jobs show``: duration, error); ``busy`` (and not recorded) when a run of it is in progress, by
        hand or on schedule, on any machine: the same claim every runner takes."""
        _check_admin(actor, "running a profile")
        batch = check_integer(batch, "batch", 1, MAX_BATCH)
        profile = self._find(actor, name)
        run = execute(self._service, sweep_job(profile), batch=batch, progress=progress)
        if run.detail is None or "profile_id" not in run.detail:  # not a report: a bug, already logged
            why = shown_error(run.error, actor.operator)
            raise MemlaneError(f"the sweep of profile {profile.name!r} failed: {why}")
        return shown_report(actor, SweepReport.model_validate(run.detail))

    def sweep(
        self, profile: Profile, *, batch: int = 100, stale_after: timedelta | None = None,
        settle: timedelta | None = None, progress: Callable[[str], None] | None = None,
        on_claimed: Callable[[], None] | None = None,
    ) -> SweepReport:  # fmt: skip
        """The sweep itself (``profiles.sweep``), for the job runners: no permission check, no run
        recorded (``jobs.run.execute`` records it, calling ``on_claimed`` once the claim is held)."""
        return sweep(
            self._service, profile, self.extractor_of(profile), batch=batch,
            stale_after=stale_after or self.stale_after, settle=settle if settle is not None else self.settle,
            progress=progress, on_claimed=on_claimed,
        )  # fmt: skip

    def store_embedder(self) -> str | None:
        """The identity of the vectors this store embeds with (None: no embedder)."""
        embedder = self._service.embedder
        return embedder.identity if embedder is not None else None

    def check_embedder(self, profile: Profile) -> None:
        """A profile whose ``embedding_model`` is no longer the store's (its embedder was changed since)
        is not swept: its memories would get other vectors than it says."""
        if profile.embedding_model is None:
            return
        try:
            check_embedding_model(profile.embedding_model, self.store_embedder())
        except InvalidInput as exc:
            raise ConfigError(f"profile {profile.name!r}: {exc}; update its embedding_model") from None

    def extractor_of(self, profile: Profile) -> Extractor:
        """The profile's extractor: the rule-based one, or the LLM extractor the service was built with."""
        if profile.extractor == "rules":
            from ..extraction import RuleExtractor

            return RuleExtractor()
        configured = self._service.extractor
        if type(configured).__name__ == "RuleExtractor":
            raise ConfigError(
                f"profile {profile.name!r} uses the LLM extractor, and this server has none configured"
            )
        return configured

    def log(self, actor: Actor, name: str, *, limit: int = 50) -> builtins.list[ProfileLogEntry]:
        """What happened to the profile's memories (expired, deleted, swept), newest first."""
        _check_admin(actor, "reading a profile's log")
        limit = check_integer(limit, "limit", 1, MAX_LIMIT)
        profile = self._find(actor, name)
        return [shown_entry(actor, e) for e in self._store.profiles.log(profile.workspace, profile.id, limit)]

    def overview(self, actor: Actor, name: str, *, limit: int = 20) -> ProfileOverview:
        """The profile (every key of the workspace), and for an admin its last ``limit`` runs (the
        ``sweep:<id>`` job's, by hand or on schedule), its next run and its log: one read for a page."""
        limit = check_integer(limit, "limit", 1, MAX_LIMIT)
        profile = self._find(actor, name)
        if not actor.admin:
            return ProfileOverview(profile=shown_profile(actor, profile), manage=False)
        runs = self._store.profiles.job_runs(f"sweep:{profile.id}", limit)
        due = None
        if profile.enabled:
            due = (
                max(now_utc(), runs[0].started_at + timedelta(minutes=profile.refresh_minutes))
                if runs
                else now_utc()
            )
        entries = self._store.profiles.log(profile.workspace, profile.id, limit)
        return ProfileOverview(
            profile=shown_profile(actor, profile),
            manage=True,
            next_run_at=due,
            log=tuple(shown_entry(actor, e) for e in entries),
            runs=tuple(r for r in (shown_run(actor, run) for run in runs) if r is not None),
        )

    # -- expiry ---------------------------------------------------------------------------------------

    def expire(self, *, now: datetime | None = None, batch: int = 1000) -> ExpiryReport:
        """Delete every memory past its ``expires_at`` from every index, in batches; log per profile how
        many and when. For the job runners (every workspace)."""
        now = now or now_utc()
        per_profile: dict[tuple[str, str], int] = {}
        total = 0
        while True:
            with self._store.write() as txn:
                gone = txn.delete_expired(now, batch)
            total += len(gone)
            for workspace, profile_id, _ in gone:
                if profile_id:
                    per_profile[(workspace, profile_id)] = per_profile.get((workspace, profile_id), 0) + 1
            if len(gone) < batch:
                break
        for (workspace, profile_id), count in per_profile.items():
            found = self._store.profiles.get(workspace, profile_id)
            self._store.profiles.add_log(workspace, ProfileLogEntry(
                profile_id=profile_id, profile=found.name if found else profile_id, at=now_utc(),
                action="expired", count=count,
            ))  # fmt: skip
        if total:
            log.info("expiry: deleted %d expired memories (%d profiles)", total, len(per_profile))
        return ExpiryReport(deleted=total, per_profile={p: n for (_, p), n in per_profile.items()})
