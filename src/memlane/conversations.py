"""The conversation log (issue 13): what the host application said and heard, for extraction to read.

Append-only: messages are added, read, listed and deleted with their conversation, never edited. A
message is scoped like a memory (owner and visibility; the storage query applies the same rule), and
who may delete a shared conversation is decided like a shared memory (``permissions``): its author
(the user who appended it) or an admin.

Secrets: the log keeps what was said, as given (refusing a message would lose the conversation the
host application logged); extraction never turns a secret into a memory (``extracting.py``).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from .auth import name_form
from .errors import Forbidden, InvalidInput, NotFound, OptedOut, typed
from .ids import new_id, unstorable
from .messages import path, problem
from .models import Actor, ConversationMessage, ConversationSummary, Visibility
from .permissions import check_speakers, resolve_owner
from .requests import MAX_LIMIT, MAX_MESSAGES, check_choice, check_integer, check_storable
from .storage.base import ConversationStore, Store
from .timeutil import now_utc, parse_time

if TYPE_CHECKING:  # the extraction package is imported when messages are read
    from .extraction.models import Message

__all__ = [
    "MAX_CONVERSATION_ID_CHARS",
    "MAX_MESSAGES_PER_APPEND",
    "MAX_MESSAGE_CHARS",
    "READ_PAGE",
    "ConversationService",
    "parse_messages",
    "read_log",
    "url_segment",
]

#: how many messages one query of ``read_log`` reads
READ_PAGE = 1000

MAX_CONVERSATION_ID_CHARS = 200
MAX_MESSAGE_CHARS = 100_000
MAX_MESSAGES_PER_APPEND = 1000


def check_conversation_id(conversation_id: object, *, new: bool = False) -> str:
    """``conversation_id`` if it can name a conversation; ``new``: one that messages are added to, which
    must also be one URL path segment (``url_segment``), as a profile's name: a conversation logged
    as "a/b", "." or ".." through the embedded SDK, the CLI or an import could never be read or added
    to through the REST API or the remote SDK (/v1/conversations/ID). Reads still take any id, so one
    logged before stays readable where it was."""
    if not isinstance(conversation_id, str) or not conversation_id.strip():
        raise InvalidInput("conversation_id: a non-empty string is needed")
    if len(conversation_id) > MAX_CONVERSATION_ID_CHARS:
        raise InvalidInput(f"conversation_id: at most {MAX_CONVERSATION_ID_CHARS} characters")
    if any(ord(c) < 32 for c in conversation_id):
        raise InvalidInput("conversation_id: control characters are not allowed")
    problem = unstorable(conversation_id)
    if problem is not None:  # (a lone surrogate: the driver's encoder failed, a UnicodeEncodeError)
        raise InvalidInput(f"conversation_id: {problem}")
    if new and not url_segment(conversation_id):
        raise InvalidInput(
            f"conversation_id: {conversation_id!r} cannot name a conversation: it is part of URLs"
            " (/v1/conversations/ID), so no '/', and not '.' or '..'"
        )
    return conversation_id


def url_segment(value: str) -> bool:
    """Whether ``value`` can be one URL path segment: a server decodes '%2F' into '/' before it routes,
    and clients drop '.' and '..' segments (``remote_call``)."""
    return "/" not in value and value not in (".", "..")


def parse_messages(messages: object, *, allow_ids: bool = True) -> list[Message]:
    """Validate a list of messages (dicts or ``Message``); a clear error names the first bad one."""
    from .extraction.models import Message

    if isinstance(messages, (str, bytes, Mapping)) or not isinstance(messages, Sequence):
        raise InvalidInput("messages: a list of messages is needed")
    if not messages:
        raise InvalidInput("messages: the list is empty")
    if len(messages) > MAX_MESSAGES_PER_APPEND:
        raise InvalidInput(f"messages: at most {MAX_MESSAGES_PER_APPEND} at once")
    parsed: list[Message] = []
    for i, raw in enumerate(messages):
        where = f"messages[{i}]"
        if isinstance(raw, Message):
            message = raw
        elif isinstance(raw, Mapping):
            fields = dict(raw)
            if isinstance(fields.get("at"), str):
                fields["at"] = parse_time(fields["at"], f"{where}.at")
            try:
                message = Message.model_validate(fields)
            except ValidationError as exc:
                first = exc.errors()[0]  # in plain words, as the REST API says it (not pydantic's)
                field = path(first["loc"])
                raise InvalidInput(
                    f"{where}{'' if field.startswith('[') else '.'}{field}: {problem(first)}"
                ) from None
        else:
            raise InvalidInput(f"{where}: an object with role and text is needed")
        for name in ("text", "tool", "result", "user", "agent"):
            check_storable(getattr(message, name), f"{where}.{name}")
        # the speaker's and the agent's names in NFC, as every name (``auth.name_form``)
        names = {k: name_form(v) for k in ("user", "agent") if isinstance(v := getattr(message, k), str)}
        message = message.model_copy(update=names) if names else message
        if not allow_ids and message.id is not None:
            raise InvalidInput(f"{where}.id: message ids are assigned by memlane")
        if len(message.text) > MAX_MESSAGE_CHARS:
            raise InvalidInput(f"{where}.text: at most {MAX_MESSAGE_CHARS} characters")
        if not message.text.strip() and message.result is None:
            raise InvalidInput(f"{where}: a message needs text or a tool result")
        if message.result is not None:
            try:
                json.dumps(message.result, allow_nan=False)
            except (TypeError, ValueError) as exc:
                raise InvalidInput(f"{where}.result: not JSON ({exc})") from None
        parsed.append(message)
    return parsed


def read_log(
    log: ConversationStore, actor: Actor, conversation_id: str, *, after: int = 0, upto: int | None = None,
    page: int = READ_PAGE,
) -> Iterator[tuple[int, ConversationMessage]]:  # fmt: skip
    """(seq, message) of the whole conversation visible to ``actor`` after position ``after`` (and up to
    ``upto``), oldest first, read ``page`` messages a query: what ``extract`` of a logged conversation,
    a profile's sweep and ``delete`` read, however long the conversation (one read of a fixed size kept
    only its first messages: an extract never saw the caller's latest turns)."""
    while True:
        found = log.messages(actor, conversation_id, page, after)
        for seq, message in found:
            if upto is not None and seq > upto:
                return
            yield seq, message
        if len(found) < page:
            return
        after = found[-1][0]


class ConversationService:
    """Append, show, list and delete conversations; reached as ``MemoryService.conversations``."""

    def __init__(self, store: Store, opted_out: Callable[[Actor], bool]) -> None:
        self.storage = store
        self._opted_out = opted_out

    def append(
        self,
        conversation_id: str,
        messages: Sequence[Mapping[str, Any] | Message],
        *,
        actor: Actor,
        visibility: Visibility | str = Visibility.PERSONAL,
        owner: str | None = None,
    ) -> list[ConversationMessage]:
        """Add messages to a conversation (created by its first message); all are added or none."""
        conversation_id = check_conversation_id(conversation_id, new=True)
        parsed = parse_messages(messages, allow_ids=False)
        vis = Visibility(check_choice(visibility, "visibility", tuple(v.value for v in Visibility)))
        if self._opted_out(actor):
            raise OptedOut(f"{actor.user} has opted out of memory: nothing is logged")
        owner, vis = resolve_owner(actor, owner, vis, explicit=True)
        check_speakers(actor, [(m.user, m.agent) for m in parsed])
        now = now_utc()
        rows = [
            ConversationMessage(
                id=new_id(),
                conversation_id=conversation_id,
                role=m.role,
                text=m.text,
                tool=m.tool,
                result=m.result,
                user=m.user or (actor.user if m.role == "user" else None),
                agent=m.agent or actor.agent,
                at=m.at or now,
                workspace=actor.workspace,
                owner=owner,
                visibility=vis,
                author=actor.user,
                created_at=now,
            )  # fmt: skip
            for m in parsed
        ]
        self.storage.conversations.append(rows)
        return rows

    def show(self, conversation_id: str, *, actor: Actor, limit: int = 1000) -> list[ConversationMessage]:
        """The conversation's messages visible to ``actor``, oldest first (NotFound when none)."""
        conversation_id = check_conversation_id(conversation_id)
        limit = check_integer(limit, "limit", 1, MAX_MESSAGES)
        found = (
            []
            if self._opted_out(actor)
            else self.storage.conversations.messages(actor, conversation_id, limit)
        )
        if not found:
            raise NotFound(f"no {typed('conversation', conversation_id)} visible to {actor.user}")
        return [m for _, m in found]

    def read(
        self, conversation_id: str, *, actor: Actor, upto: int | None = None
    ) -> Iterator[tuple[int, ConversationMessage]]:
        """(position, message) of every message of the conversation visible to ``actor`` (up to position
        ``upto``), oldest first, read in pages (``read_log``); NotFound when there is none (as ``show``),
        raised before the first is given."""
        conversation_id = check_conversation_id(conversation_id)
        pages = read_log(self.storage.conversations, actor, conversation_id, upto=upto)
        first = None if self._opted_out(actor) else next(pages, None)
        if first is None:
            raise NotFound(f"no {typed('conversation', conversation_id)} visible to {actor.user}")
        return itertools.chain([first], pages)

    def list(self, *, actor: Actor, limit: int = 50) -> list[ConversationSummary]:
        """Conversations visible to ``actor``, most recently appended to first."""
        limit = check_integer(limit, "limit", 1, MAX_LIMIT)
        return [] if self._opted_out(actor) else self.storage.conversations.summaries(actor, limit)

    def delete(self, conversation_id: str, *, actor: Actor) -> int:
        """Delete the conversation and all its messages; how many messages were deleted.

        A shared conversation is deleted only by the user who appended its messages or an admin (as a
        shared memory); deleting a personal one is never refused to its owner, even after opting out."""
        conversation_id = check_conversation_id(conversation_id)
        visible = read_log(self.storage.conversations, actor, conversation_id)
        found = False
        for _, m in visible:
            found = True
            if m.visibility is Visibility.PERSONAL:
                continue
            if actor.ceiling is Visibility.PERSONAL:
                raise Forbidden(f"this request is personal: conversation {conversation_id!r} is shared")
            if not actor.admin and m.author != actor.user:
                raise Forbidden(
                    f"conversation {conversation_id!r} is shared and has messages by {m.author}: only their"
                    " author or an admin may delete it"
                )
        if not found:
            raise NotFound(f"no {typed('conversation', conversation_id)} visible to {actor.user}")
        return self.storage.conversations.delete(actor, conversation_id)
