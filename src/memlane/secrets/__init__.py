"""Refuse to store credentials: a memory store is the wrong place for them.

Memories are embedded, indexed, exported and shown back to models and people, so a password or API
key that slips in leaks everywhere at once. Every free-text field a caller sets is scanned before
anything else happens to the request (validation messages quote values, so a secret must be refused
first): the content, the subject, source, space, owner and ids, and ``data``/``provenance`` walked
through every nested object and list, keys and values, where each ``key: value`` pair is read as a
line of text (so ``{"password": "hunter2"}`` is caught like ``password = hunter2``).

The public functions, reused by every surface through the service and by importers:

* :func:`find_secret` — the kind of credential in one text ("a GitHub token"), or None;
* :func:`scan_fields` — the first :class:`SecretFinding` (field path and kind) in a mapping of fields;
* :func:`check_fields` / :func:`check_no_secret` — raise :class:`~memlane.errors.SecretRefused` naming
  the field, e.g. ``data.token: refused: looks like a GitHub token; memlane does not store secrets``.
  Messages never quote the secret (nor a dict key that is one).

Texts are scanned after :func:`~memlane.secrets.normalise.normalise` (NFKC, invisible characters
removed, confusable letters folded), so a zero-width space inside a token does not hide it. Detection
is conservative: concrete credentials by shape (``shapes``) or by context (``context``); ordinary talk
about credentials, placeholders and random-looking harmless strings (UUIDs, commit hashes, base64 ids)
pass. Payment card numbers are refused too (``cards``: said as a card, or a card by issuer prefix,
length and Luhn check digit). It is a safety net for accidents, not a data-loss-prevention system: a
bare high-entropy string with no context is not refused, nor is personal data. Refusal and
false-positive rates on a labelled set: ``docs/secrets.md``.
"""

from __future__ import annotations

import enum
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import SecretRefused
from .cards import find_card
from .context import find_contextual
from .normalise import normalise
from .shapes import find_token

__all__ = [
    "SecretFinding",
    "check_fields",
    "check_no_secret",
    "find_secret",
    "normalise",
    "redact_name",
    "scan_fields",
]

#: Cheap pre-checks: every token shape needs a 16+ character run; the contextual patterns hang off
#: one of these substrings (lower-cased), or a pair separator.
_LONG_RUN_RE = re.compile(r"[A-Za-z0-9_\-.]{16}")
_KEYWORDS = (
    "pass", "pwd", "pw", "secret", "token", "key", "pin", "bearer", "authori", "kennwort", "mdp",
    "contrase", "clave", "senha", "wachtwoord", "aws", "amazon", "cred", "code", "combin", "combo",
    "código", "codigo", "codice", " -", " /", ":",
)  # fmt: skip
#: what a ``data`` key must contain for its ``key: value`` pair to be read as one line
_KEY_STEMS = (
    "pass", "pwd", "pw", "secret", "token", "key", "pin", "auth", "bearer", "cred", "cookie", "session",
    "kennwort", "mdp", "contrase", "clave", "senha", "wachtwoord", "aws", "amazon", "login", "user",
    "code", "combin", "combo", "card", "karte", "carte", "tarjeta", "cartao", "cartão",
)  # fmt: skip
_CONN_RE = re.compile(r"\b[a-zA-Z][a-zA-Z0-9+.\-]{1,20}://([^\s:/@]{0,128}):([^\s@/]{1,256})@[^\s/@]+")
_PLAIN_KEY_RE = re.compile(r"[A-Za-z0-9_\-]{1,40}")


@dataclass(frozen=True)
class SecretFinding:
    """Where a credential was found (``data.db.password``, ``subject``) and what it looks like."""

    field: str
    kind: str

    def message(self) -> str:
        return f"{self.field}: refused: looks like {self.kind}; memlane does not store secrets"


def find_secret(text: str) -> str | None:
    """Describe the first credential found in ``text`` ("an OpenAI API key"), or None.

    Detected: private-key blocks; 40-odd vendor token formats (AWS, GitHub, GitLab, OpenAI,
    Anthropic, Stripe, Slack, Google, Twilio, Azure storage keys and SAS signatures, npm, PyPI,
    SendGrid, Discord, Telegram, Vault, memlane's own keys, JWTs… see ``shapes.SHAPES``);
    ``Authorization`` headers and bearer tokens; URLs with a password; ``password = value``
    assignments and "my password is X" statements in English, German, French, Spanish, Italian,
    Portuguese and Dutch; passwords on command lines (``curl -u``, ``--password``, ``mysql -p``);
    user/password pairs; an AWS secret access key next to the word AWS; a credential word followed
    by a random-looking token; a payment card number ("a payment card number").
    """
    if not text:
        return None
    text = normalise(text)
    if "-----BEGIN" in text or _LONG_RUN_RE.search(text):
        kind = find_token(text)
        if kind is not None:
            return kind
    if "://" in text:
        for m in _CONN_RE.finditer(text):
            if _real_password(m.group(2)):
                return "a connection string with a password"
    kind = find_card(text)
    if kind is not None:
        return kind
    low = text.lower()
    if not any(word in low for word in _KEYWORDS):
        return None
    return find_contextual(text, low)


def _real_password(value: str) -> bool:
    low = value.lower()
    return not (
        low in ("password", "passwd", "pass", "secret", "pwd", "xxx", "xxxx", "****", "changeme")
        or value.startswith(("$", "{", "<", "%", "*"))
        or len(set(value)) == 1
    )


def scan_fields(fields: Mapping[str, Any], *, prefix: str = "") -> SecretFinding | None:
    """The first credential in any text of ``fields``, names included (an unknown field named after a
    token would be quoted by the validation error). ``prefix`` starts each path (``defaults``)."""
    for name in fields:
        text = str(name)
        kind = find_secret(text) if len(text) >= 16 or not text.isidentifier() else None  # ours are short
        if kind:
            return SecretFinding(f"{prefix}.<key>" if prefix else "<key>", kind)
    # Iterative, so that a deeply nested document cannot exhaust the stack.
    stack: list[tuple[str, Any]] = [
        (_join(prefix, name), value) for name, value in reversed(list(fields.items()))
    ]
    while stack:  # no cap on the number of values: a scan that gave up would let the rest through
        path, value = stack.pop()
        if isinstance(value, str):
            kind = find_secret(value)
            if kind:
                return SecretFinding(path or "input", kind)
        elif isinstance(value, Mapping):
            children = []
            for key, child in value.items():
                key_text = str(key)
                kind = find_secret(key_text)
                if kind:
                    return SecretFinding(f"{path}.<key>" if path else "<key>", kind)
                child_path = _join(path, key_text)
                kind = _pair_secret(key_text, child)
                if kind:
                    return SecretFinding(child_path, kind)
                children.append((child_path, child))
            stack.extend(reversed(children))
        elif isinstance(value, (list, tuple, set, frozenset)):
            stack.extend(reversed([(f"{path}[{i}]", item) for i, item in enumerate(value)]))
        elif hasattr(value, "model_dump") and not isinstance(value, type):
            stack.append((path, value.model_dump()))  # a pydantic model (Subject, StoreRequest)
    return None


def _pair_secret(key: str, value: Any) -> str | None:
    """A ``key: value`` pair read as one line: ``{"password": "hunter2"}`` reads ``password: "hunter2"``.
    Only a key that names a credential adds anything to what its value says on its own."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)) or isinstance(value, enum.Enum):
        return None
    low = normalise(key).lower()
    if not any(stem in low for stem in _KEY_STEMS):
        return None
    text = str(value)
    if not text or len(text) > 2_000:
        return None  # long values are scanned on their own; the pair adds the key's context
    if isinstance(value, str) and not any(c.isspace() for c in text):
        return find_secret(f'{key}: "{text}"')
    return find_secret(f"{key}: {text}")


def _join(path: str, key: str) -> str:
    if _PLAIN_KEY_RE.fullmatch(key):
        return f"{path}.{key}" if path else key
    return f"{path}[{json.dumps(key[:40], ensure_ascii=False)}]"


def redact_name(name: str) -> str:
    """``name`` for an error message, or ``<key>`` if it is itself a credential (an unknown field or
    argument named after a token): surfaces pass the names they quote through this."""
    return "<key>" if find_secret(name) else name


def check_fields(fields: Mapping[str, Any], *, prefix: str = "", where: str = "") -> None:
    """Raise :class:`SecretRefused` naming the field (``where`` first, e.g. "item 3: ") if any text
    in ``fields`` is a credential; called before every store."""
    finding = scan_fields(fields, prefix=prefix)
    if finding is not None:
        raise SecretRefused(f"{where}{finding.message()}")


def check_no_secret(text: str, *, field: str = "content") -> None:
    """Raise :class:`SecretRefused` if ``text`` (the value of ``field``) contains a credential."""
    check_fields({field: text})
