"""Refuse to store credentials: a memory store is the wrong place for them.

Memories are embedded, indexed, exported and shown back to models and people, so a password or API
key that slips in leaks everywhere at once. ``check_no_secret`` runs on every store and must be cheap
and conservative: it recognises *concrete* credentials (a key with its known prefix and shape, a
private-key block, a URL with an embedded password, ``password = value``, "my password is X") and
stays quiet on ordinary talk about credentials ("I forgot my password", "we rotate tokens monthly",
"the password policy requires 12 characters"), placeholders (``password=${DB_PASSWORD}``,
``postgres://user:password@localhost``) and random-looking but harmless strings (UUIDs, git
SHAs). It is a safety net for accidents, not a data-loss-prevention system; see ``find_secret``.
"""

from __future__ import annotations

import re

from .errors import SecretRefused
from .text import STOPWORDS

__all__ = ["check_no_secret", "find_secret"]

#: Credentials recognisable by their own shape, tried as one alternation. Group name -> description.
_TOKEN_KINDS: dict[str, str] = {
    "pem": "a private key block",
    "aws": "an AWS access key id",
    "github": "a GitHub token",
    "gitlab": "a GitLab token",
    "anthropic": "an Anthropic API key",
    "openai": "an OpenAI API key",
    "stripe": "a Stripe secret key",
    "slack": "a Slack token",
    "slackhook": "a Slack webhook URL",
    "google": "a Google API key",
    "hf": "a Hugging Face token",
    "npm": "an npm token",
    "sendgrid": "a SendGrid API key",
    "jwt": "a JSON Web Token",
}
_TOKEN_RE = re.compile(
    r"(?P<pem>-----BEGIN[ A-Z0-9]{0,40} PRIVATE KEY(?: BLOCK)?-----)"
    r"|(?P<aws>(?<![A-Z0-9])(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|AROA)[A-Z0-9]{16}(?![A-Z0-9]))"
    r"|(?P<github>\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b)"
    r"|(?P<gitlab>\bglpat-[A-Za-z0-9_\-]{20,})"
    r"|(?P<anthropic>\bsk-ant-[A-Za-z0-9_\-]{20,})"
    r"|(?P<openai>\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,})"
    r"|(?P<stripe>\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,})"
    r"|(?P<slack>\bxox[abposr]-[A-Za-z0-9\-]{10,})"
    r"|(?P<slackhook>hooks\.slack\.com/services/T[A-Za-z0-9_]+/B[A-Za-z0-9_]+/[A-Za-z0-9_]+)"
    r"|(?P<google>\bAIza[0-9A-Za-z_\-]{35}(?![0-9A-Za-z_\-]))"
    r"|(?P<hf>\bhf_[A-Za-z0-9]{30,}\b)"
    r"|(?P<npm>\bnpm_[A-Za-z0-9]{36}\b)"
    r"|(?P<sendgrid>\bSG\.[A-Za-z0-9_\-]{22}\.[A-Za-z0-9_\-]{43}\b)"
    r"|(?P<jwt>\beyJ[A-Za-z0-9_\-]{10,}\.[A-Za-z0-9_\-]{10,}\.[A-Za-z0-9_\-]{10,})"
)

_AWS_SECRET_RE = re.compile(
    r"(?i)aws[\w\-]{0,30}?(?:secret|key)[\w\-]{0,30}[\"']?\s*[=:]\s*[\"']?[A-Za-z0-9/+=]{40}(?![A-Za-z0-9/+=])"
)
_AUTH_HEADER_RE = re.compile(
    r"(?i)\b(?:authorization|proxy-authorization)[\"']?\s*[:=]\s*[\"']?(bearer|basic|token|digest)\s+"
    r"([A-Za-z0-9._~+/\-]{8,}=*)"
)
_BEARER_RE = re.compile(r"(?i)\bbearer\s+([A-Za-z0-9._~+/\-]{20,}=*)")
_CONN_RE = re.compile(r"\b[a-zA-Z][a-zA-Z0-9+.\-]{1,20}://([^\s:/@]{1,128}):([^\s@/]{1,256})@[^\s/@]+")
#: A value: either quoted (the whole quoted text, spaces allowed) or one run of non-space characters.
_VALUE = r"(?:(?P<q>[\"'`])(?P<qval>[^\"'`\n]{1,200})(?P=q)|(?P<val>[^\s\"'`,;]+))"
_ASSIGN_RE = re.compile(
    r"(?i)(?<![\w-])(?P<key>[a-z0-9_\-]{0,40}?(?:password|passwd|passphrase|pwd|secret|api[_\-]?key"
    r"|apikey|access[_\-]?key|token|private[_\-]?key)(?:[_\-]?(?:key|value|str|string))?)[\"']?\s*"
    r"(?P<op>:=|=>|=|:)\s*" + _VALUE
)
_STATEMENT_RE = re.compile(
    r"(?i)\b(?P<what>password|passcode|passphrase|pin(?:\s+(?:code|number))?|api\s+key|secret\s+key"
    r"|access\s+token|auth\s+token|security\s+code|token)"
    r"(?:\s+(?:for|to|of|on|at)\s+(?:[\w'.\-]+\s+){0,3}?)?\s*"
    r"(?:(?:has\s+been\s+|was\s+|is\s+)?(?:changed|set|reset)\s+to|is\s+now|will\s+be|is|was|=|:)\s+" + _VALUE
)
#: Cheap pre-checks: most texts have no long unbroken run (every token shape above needs 16+
#: characters) and none of the keywords the contextual patterns hang off.
_LONG_RUN_RE = re.compile(r"[A-Za-z0-9_\-.]{16}")
_KEYWORDS = ("pass", "pwd", "secret", "token", "key", "pin", "bearer", "authori")

#: Values that are placeholders or talk about a credential rather than being one.
_NON_VALUES = frozenset(
    str.split(
        """
    required optional none null nil true false empty blank hidden redacted unknown unset undefined
    changed reset expired invalid valid wrong correct incorrect weak strong secure insecure long short
    same different new old safe unsafe good bad simple easy hard complex complicated unique public
    private secret sensitive protected encrypted hashed stored saved set needed mandatory missing
    forgotten lost known compromised leaked shared written generated rotated revoked temporary default
    still currently probably actually really literally gone stolen hacked something anything stuff
    case-sensitive here there below above attached elsewhere somewhere ready available working broken
    fine okay done enabled disabled please what which where like also too just very
    password passwd pwd pass secret token apikey api_key key value example placeholder dummy test
    testing foo bar baz changeit your_password yourpassword mypassword my_password
    """
    )
)
_ENGLISH_SUFFIX_RE = re.compile(r"(?:ed|ing|ly|able|ible|ive|ous|ful|less|ment|ness|tion)$")
_CODE_START = tuple("${<%[(*#")


def _concrete(value: str, quoted: bool) -> bool:
    """Whether ``value`` is an actual credential rather than a placeholder or ordinary word."""
    value = value.rstrip(".!?:)]}>")
    if len(value) < 4:
        return False
    low = value.lower()
    if low in _NON_VALUES or low in STOPWORDS or len(set(low)) == 1:
        return False
    if value.startswith(_CODE_START) or "(" in value or "[" in value:
        return False  # ${VAR}, <password>, %PASS%, os.environ["X"], getenv(...)
    if low.startswith(("your", "my_", "my-", "env.", "os.", "process.", "config.", "settings.")):
        return False
    if quoted:
        return True
    if any(c.isdigit() for c in value) or not value.isalnum():
        return True
    if any(c.isupper() for c in value[1:]):
        return True  # mixed case such as "hUnTer"
    return _ENGLISH_SUFFIX_RE.search(low) is None  # "swordfish" yes, "expired"/"changing" no


def _pin(value: str) -> bool:
    value = value.rstrip(".!?:)")
    return value.isdigit() and 4 <= len(value) <= 8


def find_secret(text: str) -> str | None:
    """Describe the first credential found in ``text`` ("an OpenAI API key"), or None.

    Detected: PEM private-key blocks; AWS access key ids and secret-key assignments; GitHub,
    GitLab, OpenAI, Anthropic, Stripe, Slack, Google, Hugging Face, npm and SendGrid tokens; JWTs;
    ``Authorization: Bearer/Basic`` credentials; URLs and connection strings with a password;
    ``password/secret/token/api_key = value`` assignments and "my password is X" / "the PIN is 1234"
    statements with a concrete value. Not detected: bare high-entropy strings without context
    (that is what makes UUIDs and git SHAs safe), payment card numbers, personal data.
    """
    if not text:
        return None
    if "-----BEGIN" in text or _LONG_RUN_RE.search(text):
        kind = _find_token(text)
        if kind is not None:
            return kind
    if "://" in text:
        for m in _CONN_RE.finditer(text):
            if _concrete(m.group(2), quoted=True):  # any password that is not a placeholder
                return "a connection string with a password"
    low = text.lower()
    if not any(word in low for word in _KEYWORDS):
        return None
    return _find_contextual(text)


def _find_token(text: str) -> str | None:
    for m in _TOKEN_RE.finditer(text):
        kind = m.lastgroup or ""
        if kind == "openai":
            body = m.group()[3:]
            has_digit = any(c.isdigit() for c in body)
            mixed = any(c.isupper() for c in body) and any(c.islower() for c in body)
            if not (has_digit and (mixed or len(body) >= 40)):
                continue  # "sk-learn-contrib-..." is a package name
        return _TOKEN_KINDS[kind]
    return None


def _find_contextual(text: str) -> str | None:
    if _AWS_SECRET_RE.search(text):
        return "an AWS secret access key"
    m = _AUTH_HEADER_RE.search(text)
    if m and _concrete(m.group(2), quoted=True):
        return "an authorization header credential"
    for m in _BEARER_RE.finditer(text):
        token = m.group(1)
        if any(c.isdigit() for c in token) and any(c.isalpha() for c in token):
            return "a bearer token"
    for m in _ASSIGN_RE.finditer(text):
        key, value, quoted = m.group("key").lower(), m.group("qval") or m.group("val"), bool(m.group("q"))
        if key == "pwd" and value.startswith(("/", "~", ".")):
            continue  # the shell's working directory
        if value.isdigit() and len(value) < 6 and "pass" not in key and "pwd" not in key:
            continue  # "token_limit = 4096"
        if _concrete(value, quoted=quoted):
            return _describe(key)
    for m in _STATEMENT_RE.finditer(text):
        what, value, quoted = m.group("what").lower(), m.group("qval") or m.group("val"), bool(m.group("q"))
        if what.startswith("pin") or what == "security code":
            if _pin(value):
                return "a PIN"
            continue
        if _concrete(value, quoted=quoted):
            return _describe(what)
    return None


def _describe(key: str) -> str:
    key = key.replace("-", "_").replace(" ", "_")
    if "pass" in key or "pwd" in key:
        return "a password"
    if "api" in key and "key" in key or "apikey" in key:
        return "an API key"
    if "private" in key:
        return "a private key"
    if "token" in key:
        return "an access token"
    return "a secret"


def check_no_secret(text: str) -> None:
    """Raise :class:`SecretRefused` if ``text`` contains a credential; called before every store."""
    kind = find_secret(text)
    if kind is not None:
        raise SecretRefused(f"refused: the content looks like {kind}; memlane does not store secrets")
