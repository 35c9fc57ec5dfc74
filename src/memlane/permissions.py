"""Who may change which memory: the one rule every mutating action of the service asks.

Reading is decided in the storage query itself (``Actor.readable_shared_owners``); an item an actor
cannot read does not exist for it (404). This module decides what an actor may *change* among the items
it can read, and whether it may opt a user back in. The table in docs/api.md is this module in prose.

- A personal item is readable only by its owning user, and that user may change it with any key that
  acts as them (a personal-only key, an agent's key acting for them, an admin's key acting as them).
- A personal-only key (``ceiling`` personal) changes nothing shared: it cannot write a shared item, so it
  may not delete, archive, restore or supersede one either.
- Superseding a shared item (``replaces``, or automatically) adds a new version and keeps the old one in
  the history: it is an edit, allowed to everyone who may write for the item's owner (any user for a
  workspace item, a member for a team item, a request through the agent for an agent item). Shared
  knowledge must stay correctable by the people who share it, and nothing is lost.
- Deleting (forget, by id or by query) is final, and archiving or restoring takes an item out of (or
  back into) everyone's recall: for a shared item only its author or an admin may. A version chain is
  deleted whole, so deleting it needs that right over every version in it: a chain that several people
  wrote is collective knowledge that only an admin deletes.
- Entities (``memlane.graph``) are changed by merging, unmerging, linking, relating and anchoring
  records: each adds or moves knowledge and can be undone, so, like superseding, it is allowed to
  everyone who may write for the entity's owner (a personal entity: its owner only; nothing shared in a
  personal request).
- A logged message names who said it (``user``) and the agent it went through (``agent``), and a profile's
  sweep extracts each speaker's messages into that speaker's memories (an agent profile's into the
  agent's shared ones). So naming another speaker is acting for them: only a request that may act for
  any user of the workspace may (a platform's unbound key, an agent's key, an admin key), never a key
  bound to one user nor a local surface acting as its user. And only a request through an agent's key
  speaks through that agent (as only it writes the agent's items).
- Restoring an export writes what the caller's file says, so an author it names is kept only where the
  caller may act for that user (``restored_author``): a shared item written by someone else is restored
  by a user as of unknown author, not as theirs. Likewise a restored entity merge names who merged
  (``restored_merge_actor``): the file's name only where the caller may act for that user, else the caller.
- Opting out is always allowed to a request acting as the user (less memory never harms them); opting
  back in only to the user themselves (a key bound to them, not an agent's key or a platform's unbound
  key acting for them) or an admin, so that nobody acting on their behalf can undo their choice.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from .errors import Forbidden, InvalidInput
from .models import Actor, Entity, Memory, Visibility

__all__ = [
    "MAX_OWNER_CHARS",
    "OWNER_FORMS",
    "Change",
    "check_change",
    "check_entity_change",
    "check_opt_in",
    "check_speakers",
    "owner_form",
    "refusal",
    "resolve_owner",
    "restored_author",
    "restored_merge_actor",
]


class Change(StrEnum):
    DELETE = "delete"
    ARCHIVE = "archive"
    RESTORE = "restore"
    SUPERSEDE = "supersede"


def refusal(actor: Actor, item: Memory, change: Change) -> str | None:
    """Why ``actor`` may not make ``change`` to ``item`` (an item it can read), or None if it may."""
    if item.workspace != actor.workspace:
        return f"{item.id} is not in workspace {actor.workspace!r}"
    if item.visibility is Visibility.PERSONAL:
        if item.owner == actor.owner:
            return None
        return f"{item.id} is another user's personal memory"
    if actor.ceiling is Visibility.PERSONAL:
        return f"this request is personal: it changes personal memories only, and {item.id} is shared"
    if change is Change.SUPERSEDE:
        return None if _may_write_for(actor, item.owner) else f"this request cannot write for {item.owner}"
    if actor.admin or (item.author is not None and item.author == actor.user):
        return None
    by = f"written by {item.author}" if item.author else "of unknown author"
    return f"{item.id} is a shared memory {by}: only its author or an admin may {change} it"


def check_change(actor: Actor, items: list[Memory], change: Change) -> None:
    """Forbidden unless ``actor`` may make ``change`` to every one of ``items``."""
    for item in items:
        reason = refusal(actor, item, change)
        if reason is not None:
            raise Forbidden(reason)


def restored_author(actor: Actor, item: Memory) -> str | None:
    """The author a restored ``item`` (an export is the caller's text) keeps: a personal item's is its
    owner, the caller; a shared item keeps the author it names when that is the caller or the request
    may act for any user (an admin, a platform's unbound key, an agent's key), and is otherwise of
    unknown author (changed by admins only), never attributed to a user who did not restore it."""
    if item.visibility is Visibility.PERSONAL:
        return actor.user
    if item.author == actor.user or actor.admin or actor.delegated:
        return item.author
    return None


def restored_merge_actor(actor: Actor, named: str) -> str:
    """Who a restored entity merge says merged (an owner, ``user:ana``): the one the file names when
    that is the caller, or a user's owner and the request may act for any user (an admin, a platform's
    unbound key, an agent's key); otherwise the caller, who restored it. A merge is never attributed to
    a user who did not restore it, nor to something that is not a user."""
    from .auth import check_user  # (auth asks this module about opting in)

    kind, _, name = named.partition(":")
    if named == actor.owner:
        return named
    if (actor.admin or actor.delegated) and kind == "user":
        try:
            return f"user:{check_user(name, 'merge actor')}"
        except InvalidInput:
            pass
    return actor.owner


def check_speakers(actor: Actor, speakers: Iterable[tuple[str | None, str | None]]) -> None:
    """Forbidden unless ``actor`` may log messages said by each (user, agent) of ``speakers`` (None: not
    named, the actor's own): see the module docstring."""
    for user, agent in speakers:
        if user is not None and user != actor.user and not (actor.delegated or actor.admin):
            raise Forbidden(
                f"a message said by {user!r}: this request acts as {actor.user} only, and logs what"
                f" {actor.user} says (a key that may act for any user names other speakers)"
            )
        if agent is not None and agent != actor.agent:
            raise Forbidden(
                f"a message through agent {agent!r}: only a request with that agent's key logs one"
            )


def check_entity_change(actor: Actor, entity: Entity) -> None:
    """Forbidden unless ``actor`` may change ``entity`` (one it can read): see the module docstring."""
    if entity.workspace != actor.workspace:
        raise Forbidden(f"entity {entity.id} is not in workspace {actor.workspace!r}")
    if entity.visibility is Visibility.PERSONAL:
        if entity.owner != actor.owner:
            raise Forbidden(f"entity {entity.id} is another user's personal entity")
        return
    if actor.ceiling is Visibility.PERSONAL:
        raise Forbidden(
            f"this request is personal: it changes personal entities only, and {entity.id} is shared"
        )
    if not _may_write_for(actor, entity.owner):
        raise Forbidden(f"this request cannot write for {entity.owner}")


def check_opt_in(actor: Actor, user: str) -> None:
    """Forbidden unless ``actor`` may opt ``user`` back in to memory: the user themselves, or an admin."""
    if actor.admin:
        return
    if actor.user != user or actor.delegated:
        raise Forbidden(
            f"only {user} (with a key bound to {user}, not acting through another key) or an admin may opt"
            f" {user} back in to memory"
        )


def _may_write_for(actor: Actor, owner: str) -> bool:
    kind, _, name = owner.partition(":")
    if owner == "workspace":
        return True
    if kind == "team":
        return name in actor.teams
    if kind == "agent":
        return name == actor.agent
    return owner == actor.owner


#: the owners an item can have (what ``owner_form`` accepts)
OWNER_FORMS = "expected 'user:<name>', 'team:<name>', 'agent:<name>' or 'workspace'"
#: the longest owner any surface takes (a kind and a 200-character name)
MAX_OWNER_CHARS = 210


def owner_form(owner: str) -> str:
    """``owner`` as an item's owner is kept: ``workspace``, or ``user:``, ``team:`` or ``agent:`` and a
    name, in NFC (``auth.name_form``); InvalidInput for anything else. Any other string would file the
    item under an owner nobody reads (``Actor.readable_shared_owners``): lost to its writer, and for an
    anchored record or a logged conversation it was written before anything refused it."""
    if len(owner) > MAX_OWNER_CHARS:  # (the REST API's words; a conversation's and a record's owner
        # reached a membership check first over the SDK and the CLI, "alice is not a member of team …")
        raise InvalidInput(f"owner: must have at most {MAX_OWNER_CHARS} characters")
    if owner == "workspace":
        return owner
    kind, _, name = owner.partition(":")
    if kind not in ("user", "team", "agent") or not name.strip() or name != name.strip():
        raise InvalidInput(f"owner: {OWNER_FORMS}")
    from .auth import name_form  # (auth imports this module)

    return f"{kind}:{name_form(name)}"


def resolve_owner(
    actor: Actor, owner: str | None, visibility: Visibility, *, explicit: bool = False
) -> tuple[str, Visibility]:
    """Who owns a new item and so who may read it (see ``Actor.readable_shared_owners``).

    Without ``owner``, a personal item belongs to the caller and a shared one to the workspace: a shared
    item owned by its author would be readable by nobody else. ``team:T`` needs membership of T,
    ``agent:A`` a request made through agent A; items of a team, agent or workspace are always shared.
    In a personal request (``actor.ceiling``) nothing is written as shared. Every surface's owner passes
    here (a memory's, an anchored record's, a logged conversation's), so its form is checked here too
    (``owner_form``)."""
    if owner is not None:
        owner = owner_form(owner)
    if owner is None or owner == actor.owner:
        owner = actor.owner if visibility is Visibility.PERSONAL or owner else "workspace"
    else:
        kind, _, name = owner.partition(":")
        if kind == "user":
            raise Forbidden(f"owner: {actor.user} cannot write memories owned by another user")
        if kind == "team" and name not in actor.teams:
            raise Forbidden(f"owner: {actor.user} is not a member of team {name!r}")
        if kind == "agent" and name != actor.agent:
            raise Forbidden(f"owner: this request is not made through agent {name!r}")
        if visibility is Visibility.PERSONAL and explicit:
            raise InvalidInput(f"visibility: items owned by {owner} are shared, not personal")
        visibility = Visibility.SHARED
    if visibility is Visibility.SHARED and actor.ceiling is Visibility.PERSONAL:
        raise Forbidden("this request is personal: nothing can be stored as shared")
    return owner, visibility
