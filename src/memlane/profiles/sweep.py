"""The scheduled sweep of one profile (SPEC §8): extract what the conversation log gained since the
profile's last successful sweep.

1. Claim the profile (``ProfileStore.claim``: the "in progress" mark, with a heartbeat). A profile held
   by a live run is not swept twice at once, on one machine or several; a claim whose heartbeat stopped
   (a killed worker) is taken over after ``stale_after``. The heartbeat comes from a thread of its own,
   every quarter of ``stale_after``, while the run lives: a batch that takes longer than ``stale_after``
   (an extractor's LLM calls, a loaded machine) does not make a live run look dead.
2. The window: log positions (``seq``) after the last sync, up to the log's settled high-water mark
   (``ConversationStore.latest_seq``: on PostgreSQL it waits for the writes in flight, so a message
   committed late with a lower seq is never skipped). A failed
   or killed run's window is kept and reused, so a rerun rebuilds the very same transcripts.
3. In batches of conversations with messages in the window: each conversation's new messages are grouped
   per speaking user (the user's own messages and the assistant and tool messages answering them), read
   again as that user may read them (the one scope rule, in the storage query), and skipped for users
   who opted out of memory or of this profile, and for a team profile for non-members; her teams and
   opt-outs are read for each transcript (``_now_swept``), so what changes while a sweep runs counts
   from her next transcript on, as from a request's next call. A team or agent
   profile reads them with the profile's team only, or none of the user's teams (``readings``): what it
   shares is read by all its team's members or its agent's users, so another team's messages stay out.
4. Each transcript goes through the extraction service path (gate, extractor, memory manager, one
   transaction with the exchange hash) with the profile's extractor, types and instructions. An
   exchange extracted before (a rerun after a failure) is recognised by its hash and not extracted again.
   The ceiling is the lower of the profile's and the messages' own (``extracting.logged_ceiling``): a
   team or agent profile writes nothing shared from a transcript holding a message logged personal; its
   facts stay the speaker's personal memories, counted in ``personal_transcripts`` (no content).
5. Success advances the last sync to the window's end; a failure advances nothing.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from ..conversations import read_log
from ..errors import MemlaneError, OptedOut, StorageError, recorded
from ..extracting import ProfileTarget, extract_messages, logged_ceiling, transcripts
from ..extraction import Extractor, Message
from ..ids import new_id
from ..models import Actor, ConversationMessage, Profile, ProfileLogEntry, Visibility
from ..timeutil import now_utc
from .spec import add_duration

if TYPE_CHECKING:
    from ..service import MemoryService

from .models import SweepReport

__all__ = ["Reading", "readings", "sweep", "transcripts"]

log = logging.getLogger("memlane.jobs")


class LostClaim(StorageError):
    """Another run took the profile over (this one's heartbeat was too late): stop, advance nothing."""


class _Heartbeat:
    """Renews a run's claim every ``every`` seconds from a thread of its own, from ``start`` to ``stop``.
    A killed process renews nothing, so its claim goes stale; a live one's never does, however long a
    batch takes. A lost claim stops it (the batch's own heartbeat then stops the run)."""

    def __init__(self, service: MemoryService, profile_id: str, token: str, every: float) -> None:
        self._profiles = service.storage.profiles
        self._profile_id, self._token, self._every = profile_id, token, max(0.05, every)
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._beat, name="memlane-sweep-heartbeat", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stopped.set()
        self._thread.join()

    def _beat(self) -> None:
        while not self._stopped.wait(self._every):
            try:
                if not self._profiles.heartbeat(self._profile_id, self._token, now_utc()):
                    return  # taken over: the run finds out at its batch's end
            except Exception:  # a database hiccup: the next beat (or the batch's own) tries again
                log.warning("sweep heartbeat failed", exc_info=True)


def sweep(
    service: MemoryService,
    profile: Profile,
    extractor: Extractor,
    *,
    batch: int = 100,
    stale_after: timedelta = timedelta(minutes=5),
    settle: timedelta = timedelta(0),
    progress: Callable[[str], None] | None = None,
    on_claimed: Callable[[], None] | None = None,
) -> SweepReport:
    store = service.storage
    token = new_id()
    started = time.monotonic()
    now = now_utc()
    report: dict[str, Any] = {"profile_id": profile.id, "profile": profile.name}
    if not store.profiles.claim(profile.id, token, now, now - stale_after):
        return SweepReport.model_validate(
            {**report, "status": "busy", "error": "another run of this profile is in progress"}
        )
    counts = {k: 0 for k in ("batches", "conversations", "messages", "transcripts", "extracted", "added",
                             "updated", "deleted", "skipped_users", "personal_transcripts")}  # fmt: skip
    after = upto = 0
    heartbeat = _Heartbeat(service, profile.id, token, stale_after.total_seconds() / 4)
    heartbeat.start()
    try:
        if on_claimed is not None:
            on_claimed()  # the job's run is recorded from here (a busy sweep is not a run)
        fresh = store.profiles.get(profile.workspace, profile.id)
        if fresh is None:
            raise StorageError(f"profile {profile.name!r} was deleted")
        profile, after = fresh, fresh.last_sync_seq or 0  # (the store's own read: never hidden)
        service.profiles.check_embedder(profile)
        latest = store.conversations.latest_seq(profile.workspace, now - settle if settle else None)
        upto = store.profiles.run_window(profile.id, token, latest)
        target = ProfileTarget(id=profile.id, types=tuple(str(t) for t in profile.types))
        after_id = ""
        while upto > after and (
            ids := store.conversations.changed_conversations(profile.workspace, after, upto, after_id, batch)
        ):
            counts["batches"] += 1
            window = store.conversations.window(profile.workspace, ids, after, upto)
            by_conversation: dict[str, list[ConversationMessage]] = {}
            for _, m in window:
                by_conversation.setdefault(m.conversation_id, []).append(m)
            counts["conversations"] += len(ids)
            counts["messages"] += len(window)
            for conversation_id in ids:
                for user in transcripts(by_conversation.get(conversation_id, [])):
                    teams = _now_swept(service, profile, user)
                    if teams is None:
                        counts["skipped_users"] += 1
                        continue
                    for reading in readings(profile, teams):
                        _extract_one(service, extractor, profile, target, conversation_id, user, reading, after,
                                     upto, counts)  # fmt: skip
            after_id = ids[-1]
            if not store.profiles.heartbeat(profile.id, token, now_utc()):
                raise LostClaim(f"profile {profile.name!r}: another run took it over; this one stops")
            line = (
                f"sweep {profile.name}: batch {counts['batches']}: {len(ids)} conversations, {len(window)}"
                f" messages; so far {counts['conversations']} conversations, {counts['transcripts']}"
                f" transcripts, +{counts['added']} memories, {time.monotonic() - started:.1f}s"
            )
            log.info(line)
            if progress is not None:
                progress(line)
    except BaseException as exc:  # a kill by signal never gets here; the claim then goes stale
        heartbeat.stop()
        store.profiles.release(profile.id, token, synced_seq=None, synced_at=None, error=recorded(exc))
        if isinstance(exc, MemlaneError):
            return SweepReport.model_validate({**report, **counts, "status": "failed", "from_seq": after,
                                               "to_seq": upto, "error": recorded(exc),
                                               "duration_s": time.monotonic() - started})  # fmt: skip
        raise
    heartbeat.stop()
    store.profiles.release(profile.id, token, synced_seq=upto, synced_at=now, error=None)
    if counts["added"]:
        store.profiles.add_log(profile.workspace, ProfileLogEntry(
            profile_id=profile.id, profile=profile.name, at=now_utc(), action="swept", count=counts["added"],
            detail={"from_seq": after, "to_seq": upto, "conversations": counts["conversations"],
                    "personal_transcripts": counts["personal_transcripts"]},
        ))  # fmt: skip
    return SweepReport.model_validate({**report, **counts, "status": "succeeded", "from_seq": after, "to_seq": upto,
                                       "duration_s": time.monotonic() - started})  # fmt: skip


def _now_swept(service: MemoryService, profile: Profile, user: str) -> tuple[str, ...] | None:
    """``user``'s teams as they are now, or None when the profile skips her now: she opted out of memory
    or of this profile, or is in none of a team profile's teams. Read for each transcript, as every
    request reads its user (docs/api.md): a sweep runs for minutes, and a member removed from a team, or
    a user who opts out, while it runs is read so from her next transcript on, never from a look taken
    at the sweep's (or its batch's) start."""
    store = service.storage
    if user in store.profiles.opted_out_users(profile.id) or (
        service.access is not None and service.access.opted_out(profile.workspace, user)
    ):
        return None
    teams = store.identity.teams_of(profile.workspace, user)
    if profile.scope == "team" and not any(t in teams for t in profile.teams):
        return None
    return teams


@dataclass(frozen=True, slots=True)
class Reading:
    """How a speaker's transcript is read for one profile: with which of her teams, whose shared
    memories it gives (``shared_owner``), and, when set, only the messages ``only_owner`` owns."""

    teams: tuple[str, ...]
    shared_owner: str | None = None
    only_owner: str | None = None


def readings(profile: Profile, teams: tuple[str, ...]) -> list[Reading]:
    """The readings of a speaker's transcript for ``profile``, given her ``teams``.

    What a profile shares is read by every member of its team (every user of its agent), so it learns
    only from messages all of them may read already (SPEC §5): a team profile reads as the speaker with
    that one team, never with her other teams (a message shared in team A's conversation is no
    knowledge of team B's, however many teams the speaker is in); an agent profile with none of her
    teams. A team profile of several teams reads once per team of hers among them, each team's
    knowledge filed under that team; the messages no team owns (hers, the workspace's) are read in
    the first reading only, so they are learnt once. A user profile keeps the speaker's own memories:
    she reads as herself."""
    if profile.scope == "user":
        return [Reading(teams)]
    if profile.scope == "agent":
        return [Reading((), f"agent:{profile.agent}")]
    mine = [t for t in profile.teams if t in teams]
    return [
        Reading((team,), f"team:{team}", None if i == 0 else f"team:{team}") for i, team in enumerate(mine)
    ]


def _extract_one(
    service: MemoryService, extractor: Extractor, profile: Profile, target: ProfileTarget, conversation_id: str,
    user: str, reading: Reading, after: int, upto: int, counts: dict[str, int],
) -> None:  # fmt: skip
    actor = Actor(
        user=user, workspace=profile.workspace, teams=reading.teams, agent=profile.agent,
        ceiling=Visibility.PERSONAL if profile.scope == "user" else Visibility.SHARED, delegated=True,
    )  # fmt: skip
    # Read again as the speaker (with the reading's teams): only what they may read goes into the
    # memories, and only what every reader of the profile's shared memories may read goes into those.
    visible = [m for _, m in read_log(service.storage.conversations, actor, conversation_id, after=after, upto=upto)
               if reading.only_owner is None or m.owner == reading.only_owner]  # fmt: skip
    mine = transcripts(visible).get(user, [])
    if profile.agent is not None:
        mine = [m for m in mine if m.agent == profile.agent]
    if not any(m.role == "user" for m in mine):
        return
    ceiling = logged_ceiling("personal" if profile.scope == "user" else "shared", mine)
    if ceiling != "shared" and profile.scope != "user":
        counts["personal_transcripts"] += 1  # logged personal: what it gives stays the speaker's own
    shared_owner = reading.shared_owner
    now = now_utc()
    expires = add_duration(now, profile.expire_after) if profile.expire_after else None
    target = ProfileTarget(
        id=target.id,
        types=target.types,
        expires_at=expires,
        shared_owner=shared_owner,
    )
    messages = [
        Message(role=m.role, text=m.text, id=m.id, tool=m.tool, result=m.result, user=m.user, agent=m.agent,
                at=m.at)
        for m in mine
    ]  # fmt: skip
    counts["transcripts"] += 1
    try:
        result = extract_messages(
            service, extractor, messages, actor=actor, conversation_id=conversation_id,
            instructions=profile.instructions, ceiling=ceiling,
            source=f"profile:{profile.name}", profile=target,
        )  # fmt: skip
    except OptedOut:
        counts["skipped_users"] += 1
        return
    if result.extracted:
        counts["extracted"] += 1
    counts["added"] += len(result.added)
    counts["updated"] += len(result.updated)
    counts["deleted"] += len(result.deleted)
