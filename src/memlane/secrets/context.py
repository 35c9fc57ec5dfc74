"""Credentials recognised by what surrounds them: ``password = X``, "my password is X", ``curl -u u:p``,
"admin / Tr0ub4dor&3", a 40-character AWS secret next to the word AWS.

The hard part is what *not* to refuse: talk about credentials ("I forgot my password", "Das Passwort
ist abgelaufen"), placeholders (``${DB_PASSWORD}``, ``user:password``), and random-looking harmless
strings (commit hashes, UUIDs, base64 ids, image tags, branch names). So every value is judged:

* after an English keyword and a copula or operator, a value is concrete unless it is a placeholder
  or an ordinary word ("expired", "required", "the"); a single plain word such as "swordfish" counts;
* after a keyword in another language (German, French, Spanish, Italian, Portuguese, Dutch), and in a
  statement without a copula ("password Sunshine2023!"), the value must look generated or typed as a
  password (digits, symbols or inner capitals): without a dictionary of those languages, a plain word
  there is more likely a description ("ist abgelaufen", "est incorrect") than a password;
* a user/password pair needs a password with three of four character classes and either a known
  account name (admin, root…) or a credential word around it (login, creds, ssh…).
"""

from __future__ import annotations

import re

from ..text import STOPWORDS

__all__ = ["find_contextual"]

# -- values ----------------------------------------------------------------------------------------------

#: A value: either quoted (the whole quoted text, spaces allowed) or one run of non-space characters.
_VALUE = r"(?:(?P<q>[\"'`])(?P<qval>[^\"'`\n]{1,200})(?P=q)|(?P<val>[^\s\"'`,;]+))"

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
    testing foo bar baz changeit your_password yourpassword mypassword my_password username user
    """
    )
)
_ENGLISH_SUFFIX_RE = re.compile(r"(?:ed|ing|ly|able|ible|ive|ous|ful|less|ment|ness|tion)$")
#: English past participles without that "-ed": after a copula they say what is done with the password
#: ("the wifi password is kept by Marta", "is held by IT", "is taped under the router"), as "is changed"
#: or "is expired" do, not what it is
_IRREGULAR_PARTICIPLES = frozenset(
    str.split(
        """
    kept held known given sent told shown left put stuck found made got gotten read said taken seen
    bought brought caught taught sold paid laid lent spent built meant heard hung won drawn thrown blown
    worn torn sworn chosen frozen spoken driven shaken fallen forbidden forgiven proven shut cut let
    """
    )
)
_CODE_START = tuple("${<%[(*#")
_TRAILING = ".!?:)]}>"


def _placeholder(value: str) -> bool:
    low = value.lower()
    if len(value) < 4 or low in _NON_VALUES or low in STOPWORDS or len(set(low)) == 1:
        return True
    if value.startswith(_CODE_START) or "(" in value or "[" in value:
        return True  # ${VAR}, <password>, %PASS%, os.environ["X"], getenv(...)
    return low.startswith(("your", "my_", "my-", "env.", "os.", "process.", "config.", "settings."))


def _concrete(value: str, quoted: bool) -> bool:
    """Whether ``value`` (after an English keyword) is an actual credential, not a placeholder or word."""
    value = value.rstrip(_TRAILING)
    if _placeholder(value):
        return False
    if quoted or any(c.isdigit() for c in value) or not value.isalnum():
        return True
    if any(c.isupper() for c in value[1:]):
        return True  # mixed case such as "hUnTer"
    low = value.lower()  # "swordfish" yes, "expired"/"changing"/"kept" no
    return _ENGLISH_SUFFIX_RE.search(low) is None and low not in _IRREGULAR_PARTICIPLES


def _typed(value: str, quoted: bool = False) -> bool:
    """A value that looks typed as a password: digits, symbols or inner capitals, not a plain word."""
    value = value.rstrip(_TRAILING)
    if _placeholder(value):
        return False
    if quoted and " " in value:
        return True  # a quoted passphrase
    return any(c.isdigit() for c in value) or not value.isalnum() or any(c.isupper() for c in value[1:])


def _classes(value: str) -> int:
    return (
        any(c.islower() for c in value)
        + any(c.isupper() for c in value)
        + any(c.isdigit() for c in value)
        + any(not c.isalnum() for c in value)
    )


def _strong(value: str) -> bool:
    """Three of four character classes, 6+ characters, not a URL, path or placeholder."""
    value = value.rstrip(_TRAILING + ",;")
    return (
        6 <= len(value) <= 64
        and _classes(value) >= 3
        and "://" not in value
        and not value.startswith(("/", "~", "."))
        and not _placeholder(value)
    )


def _pin(value: str) -> bool:
    value = value.rstrip(_TRAILING)
    return value.isdigit() and 4 <= len(value) <= 8


# -- keywords --------------------------------------------------------------------------------------------

_EN_KEYS = r"password|passwd|passphrase|pwd|secret|api[_\-]?key|apikey|access[_\-]?key|token|private[_\-]?key"
_INTL_KEYS = r"passwort|kennwort|mot[_\-]?de[_\-]?passe|motdepasse|mdp|contrase[ñn]a|clave|senha|wachtwoord"
#: ``key = value``: the key is any identifier-like run; whether it names a credential is decided on the
#: match (``_KEY_END_RE``), which is much faster than trying every keyword at every position.
_ASSIGN_RE = re.compile(r"(?<![\w-])(?P<key>[A-Za-z0-9_\-ñÑ]{2,80})[\"']?\s*(?P<op>:=|=>|=|:)\s*" + _VALUE)
_KEY_END_RE = re.compile(
    rf"(?i)(?:(?P<en>{_EN_KEYS})|(?P<intl>{_INTL_KEYS})|(?:^|[_\-])(?:(?P<pw>pw)|(?P<pass>pass)))"
    r"(?:[_\-]?(?:key|value|str|string|word))?$"
)
_EN_WHAT = (
    r"password|passcode|passphrase|passwd|pin(?:\s+(?:code|number))?|api\s+key|secret\s+key"
    r"|access\s+token|auth\s+token|security\s+code|token"
)
_INTL_WHAT = r"passwort|kennwort|pin|mot\s+de\s+passe|mdp|code\s+secret|contrase[ñn]a|clave|senha|wachtwoord"
_PREP = (
    r"for|to|of|on|at|für|fuer|von|vom|zum|zur|der|des|du|de|del|della|do|da|di|van|voor|bij"
    r"|pour|para|per"
)
_COPULA = (
    r"(?:has\s+been\s+|was\s+|is\s+)?(?:changed|set|reset)\s+to|is\s+now|will\s+be|is|was|are"
    r"|ist(?:\s+jetzt)?|lautet|war|c'est|est|était|es|era|è|é|=|:|->"
)
_STATEMENT_RE = re.compile(
    rf"(?i)(?:\b(?P<en>{_EN_WHAT})|(?P<intl>\b(?:{_INTL_WHAT})|(?<=[a-zäöü])(?:passwort|kennwort)))"
    rf"(?:\s+(?:(?:{_PREP})\s+|dell'|d')(?:[\w'.@\-]+\s+){{0,3}}?)?(?:\s*(?P<cop>{_COPULA}))?\s+{_VALUE}"
)
#: where a statement can start (its first word's first letters): the full pattern is tried only there
_STATEMENT_STARTS = (
    "pass", "pwd", "pin", "api", "secret", "access", "auth", "security", "token", "kennwort", "mot", "mdp",
    "code", "contra", "clave", "senha", "wacht",
)  # fmt: skip


#: Access codes (door, gate, alarm, safe, lock): "the gate code is 1937#", "my bike lock combination is
#: 0417", "the code to the front door is 4521", "o código do cofre é 4417", "der Türcode ist 2580". The
#: value must be a code: 3 to 8 digits (a keypad's ``#``/``*`` and a letter A-D allowed, "1234B") or digit
#: groups ("12-34-56"); talk about a code ("I forgot the gate code", "the zip code is 94107") passes.
_LOCK_EN = (
    r"door|gate|alarm|garage|safe|locker|lockbox|lock|padlock|keypad|entry|entrance|intercom|buzzer"
    r"|key[\s_\-]?safe|key[\s_\-]?box|vault|access"
)
_LOCK_INTL = (
    r"cofre|porta|port[ãa]o|portaria|cadeado|alarme|garagem|puerta|port[óo]n|alarma|garaje|caja\s+fuerte"
    r"|candado|cassaforte|portone|cancello|allarme|lucchetto|coffre(?:-fort)?|porte|portail|cadenas"
    r"|digicode|deur|poort|kluis|slot"
)
_CODE_WORD = r"code|combination|combo|pin|passcode"
_CODE_INTL = r"c[óo]digo|codice|code|combinaci[óo]n|combina[çc][ãa]o|combinazione|combinaison"
_ACCESS_RE = re.compile(
    rf"(?i)(?:\b(?:(?:front|back|side|main|bike|apartment|building|office|house|home)[\s_\-]+)?(?:{_LOCK_EN})"
    rf"(?:[\s_\-]+(?:{_LOCK_EN}))?[\s_\-]+(?:{_CODE_WORD})"
    rf"|\b(?:{_CODE_WORD})\s+(?:for|to|of|on)\s+(?:the\s+|my\s+|our\s+|your\s+|his\s+|her\s+|their\s+)?"
    rf"(?:[\w'\-]+\s+){{0,2}}?(?:{_LOCK_EN})\b"
    rf"|\b(?:{_CODE_INTL})\s+(?:do|da|dos|das|de|del|della|dello|dell'|du|des|der|van|voor|het)\s*"
    rf"(?:la\s+|le\s+|l'|o\s+|a\s+|el\s+|il\s+|de\s+)?(?:{_LOCK_INTL})\b"
    rf"|\b(?:t[üu]r|tor|haust[üu]r|alarm|tresor|schloss|zahlen|garagen)-?code"
    rf"|\bcombination\b)"
    rf"(?:\s+(?:{_PREP})\s+(?:[\w'.\-]+\s+){{0,3}}?)?"
    r"\s*(?:(?:has\s+been\s+|was\s+|is\s+)?(?:changed|set|reset)\s+to|is\s+now|is\s+still|will\s+be|is|was|are"
    r"|ist(?:\s+jetzt)?|lautet|war|c'est|est|était|es|era|è|é|=|:|->)\s+"
    r"[\"']?(?P<code>[#*]?[A-Da-d]?\d{3,8}[A-Da-d]?[#*]?|\d{1,3}(?:\s*[-–/]\s*\d{1,3}){2,4})(?![\w\-–/.,]\d|\w)"
)
_ACCESS_GATE = ("code", "combination", "combo", "código", "codigo", "codice", "combina")


def _find_all(low: str, stem: str) -> list[int]:
    found, i = [], low.find(stem)
    while i >= 0:
        found.append(i)
        i = low.find(stem, i + 1)
    return found


# -- other contexts ---------------------------------------------------------------------------------------

_AWS_SECRET_RE = re.compile(
    r"(?i)aws[\w\-]{0,30}?(?:secret|key)[\w\-]{0,30}[\"']?\s*[=:]\s*[\"']?[A-Za-z0-9/+=]{40}(?![A-Za-z0-9/+=])"
)
_B64_40_RE = re.compile(r"(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])")
_AWS_WORD_RE = re.compile(r"(?i)\b(?:aws|amazon)\b")
_AUTH_HEADER_RE = re.compile(
    r"(?i)\b(?:authorization|proxy-authorization)[\"']?\s*[:=]\s*[\"']?(bearer|basic|token|digest)\s+"
    r"([A-Za-z0-9._~+/\-]{8,}=*)"
)
_BEARER_RE = re.compile(r"(?i)\bbearer\s+([A-Za-z0-9._~+/\-]{20,}=*)")
_CURL_USER_RE = re.compile(r"(?i)\bcurl\b[^\n]*?\s(?:-u|--user)(?:\s+|=)[\"']?[^\s:\"']*:(?P<val>[^\s\"']+)")
_FLAG_RE = re.compile(
    r"(?i)(?<![\w-])--(?:password|passwd|pass|pwd|token|api-?key|secret|client-secret|auth-token"
    r"|access-token)(?:=|\s+)[\"']?(?P<val>[^\s\"']+)"
)
_TOOL_P_RE = re.compile(
    r"(?i)\b(?:(?:mysql|mysqldump|mariadb|mysqladmin)\b[^\n]*?\s-p(?P<att>[^\s\"']+)"
    r"|(?:sshpass|(?:docker|podman|nerdctl)\s+login|helm\s+registry\s+login)\b[^\n]*?\s-p\s+[\"']?(?P<val>[^\s\"']+))"
)
_KEYWORD_TOKEN_RE = re.compile(
    r"(?i)\b(?P<kw>secret|token|password|passwd|api[\s_\-]?key|access[\s_\-]?key|auth[\s_\-]?key|credentials?)\b"
    r"(?P<gap>[^\w\n]{1,3}[a-z]{1,12})?[^\w\n]{1,3}(?P<tok>[A-Za-z0-9+/_\-.=]{20,200})"
)
_NOT_A_SECRET_GAP = frozenset(
    str.split(
        """
    id ids name names fingerprint hash hashes digest prefix type count length limit budget sha version
    endpoint url uri path file header format scope scopes expiry expires rotation policy
    """
    )
)
_UUID_RE = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_PAIR_RE = re.compile(
    r"(?<![\w/:.@\-])(?P<user>[A-Za-z][\w.@+\-]{1,63})(?:(?P<tight>[:/])|(?P<spaced>\s+/\s+))"
    r"(?P<pw>[^\s/:][^\s]{5,63})(?=[\s,;)]|$)"
)
_ACCOUNTS = frozenset(
    str.split(
        """
    admin administrator root sa postgres ubuntu ec2-user pi guest user test demo deploy operator oracle
    sysadmin superuser support service manager webmaster ftp anonymous vagrant elastic jenkins dbadmin
    """
    )
)
_CREDENTIAL_WORDS_RE = re.compile(
    r"(?i)\b(?:log\s?in|logon|sign[\s\-]?in|creds|credentials?|username|user/pass|ssh|sftp|ftp|rdp"
    r"|vpn|wi-?fi|router|zugangsdaten|anmeldung|identifiants|connexion|credenciales|acceso)\b"
)


def _describe(key: str) -> str:
    key = key.lower().replace("-", "_").replace(" ", "_")
    if any(w in key for w in ("pass", "pwd", "pw", *_INTL_STEMS)):
        return "a password"
    if "api" in key and "key" in key or "apikey" in key:
        return "an API key"
    if "private" in key:
        return "a private key"
    if "token" in key:
        return "an access token"
    return "a secret"


def _random_token(tok: str) -> bool:
    tok = tok.rstrip(".")
    if _UUID_RE.fullmatch(tok) or tok.count("/") > 2 or tok.count(".") > 2:
        return False
    letters = sum(c.isalpha() for c in tok)
    digits = sum(c.isdigit() for c in tok)
    if not letters or not digits or len(set(tok)) < 10:
        return False
    hexlike = all(c in "0123456789abcdefABCDEF" for c in tok)
    mixed = any(c.isupper() for c in tok) and any(c.islower() for c in tok)
    return mixed or hexlike or digits >= 4


#: substrings (of the lower-cased text) without which a detector cannot match: most texts skip most
#: detectors on a few ``in`` tests instead of running a regular expression over every position
_INTL_STEMS = ("kennwort", "mdp", "contrase", "clave", "senha", "wachtwoord")
_ASSIGN_GATE = ("pass", "pwd", "pw", "secret", "key", "token", *_INTL_STEMS)
_STATEMENT_GATE = ("pass", "pwd", "pin", "secret", "key", "token", "code", *_INTL_STEMS)
_KEYWORD_TOKEN_GATE = ("secret", "token", "pass", "key", "cred")
_TOOL_GATE = ("mysql", "mariadb", "sshpass", "login")
_CREDENTIAL_GATE = (
    "log", "sign", "cred", "user", "ssh", "ftp", "rdp", "vpn", "wifi", "wi-fi", "router", "zugang",
    "anmeld", "identifiant", "connexion", "acceso",
)  # fmt: skip


def _has(low: str, words: tuple[str, ...]) -> bool:
    return any(w in low for w in words)


def find_contextual(text: str, low: str) -> str | None:
    """Describe the first credential given by its context in ``text`` (``low`` is it lower-cased)."""
    if "aws" in low or "amazon" in low:
        kind = _aws_secret(text)
        if kind:
            return kind
    if "authori" in low or "bearer" in low:
        m = _AUTH_HEADER_RE.search(text)
        if m and _concrete(m.group(2), quoted=True):
            return "an authorization header credential"
        for m in _BEARER_RE.finditer(text):
            token = m.group(1)
            if any(c.isdigit() for c in token) and any(c.isalpha() for c in token):
                return "a bearer token"
    if " -" in text:
        kind = _command_line(text, low)
        if kind:
            return kind
    if _has(low, _ASSIGN_GATE) and (kind := _assignment(text)):
        return kind
    if _has(low, _STATEMENT_GATE) and (kind := _statement(text, low)):
        return kind
    if _has(low, _KEYWORD_TOKEN_GATE) and (kind := _keyword_token(text)):
        return kind
    if _has(low, _ACCESS_GATE) and _ACCESS_RE.search(text):
        return "an access code"
    if (" / " in text or (("/" in text or ":" in text) and _has(low, _CREDENTIAL_GATE))) and _pair(text):
        return "a user name and password"
    return None


def _aws_secret(text: str) -> str | None:
    if _AWS_SECRET_RE.search(text):
        return "an AWS secret access key"
    for m in _B64_40_RE.finditer(text):
        tok = m.group()
        if _classes(tok) >= 3 and _AWS_WORD_RE.search(text, max(0, m.start() - 200), m.end() + 200):
            return "an AWS secret access key"
    return None


def _command_line(text: str, low: str) -> str | None:
    if "curl" in low:
        for m in _CURL_USER_RE.finditer(text):
            if _concrete(m.group("val"), quoted=True):
                return "a password on a command line"
    if "--" in text:
        for m in _FLAG_RE.finditer(text):
            if _concrete(m.group("val"), quoted=True):
                return "a password on a command line"
    if "-p" in text and _has(low, _TOOL_GATE):
        for m in _TOOL_P_RE.finditer(text):
            if _concrete(m.group("att") or m.group("val"), quoted=True):
                return "a password on a command line"
    return None


def _assignment(text: str) -> str | None:
    for m in _ASSIGN_RE.finditer(text):
        key = m.group("key")
        k = _KEY_END_RE.search(key)
        if k is None:
            continue
        key, value, quoted = key.lower(), m.group("qval") or m.group("val"), bool(m.group("q"))
        if k.group("pass") and not (quoted or m.group("op") != ":" or key != "pass") and not _strong(value):
            continue  # a bare "pass:" in prose is a day pass or a boarding pass, unless a strong password
        if key in ("pwd", "pw") and value.startswith(("/", "~", ".")):
            continue  # the shell's working directory
        if value.isdigit() and len(value) < 6 and not any(w in key for w in ("pass", "pwd", "pw")):
            continue  # "token_limit = 4096"
        strict = k.group("intl") or k.group("pass") or k.group("pw")
        ok = _typed(value, quoted) if strict else _concrete(value, quoted)
        if ok:
            return _describe(key)
    return None


def _statement(text: str, low: str) -> str | None:
    starts = sorted({i for stem in _STATEMENT_STARTS for i in _find_all(low, stem)})
    for start in starts:
        m = _STATEMENT_RE.match(text, start)
        if m is None:
            continue
        what = (m.group("en") or m.group("intl")).lower()
        value, quoted = m.group("qval") or m.group("val"), bool(m.group("q"))
        if what.startswith("pin") or what == "security code":
            if m.group("cop") and _pin(value):
                return "a PIN"
            continue
        if not m.group("cop"):
            ok = _strong(value) or (quoted and _typed(value, quoted))
        elif m.group("intl"):
            ok = _typed(value, quoted)
        else:
            ok = _concrete(value, quoted)
        if ok:
            return _describe(what)
    return None


def _keyword_token(text: str) -> str | None:
    """A credential word followed by a random-looking token: "auth token 4f3a…", "secret wJalr…"."""
    for m in _KEYWORD_TOKEN_RE.finditer(text):
        gap = (m.group("gap") or "").strip(" :=-'\"").lower()
        if gap in _NOT_A_SECRET_GAP:
            continue
        if _random_token(m.group("tok")):
            return _describe(m.group("kw"))
    return None


def _pair(text: str) -> bool:
    for m in _PAIR_RE.finditer(text):
        pw, tight = m.group("pw"), m.group("tight")
        if not _strong(pw) or (tight and tight in pw):
            continue  # "arn:aws:iam::…", "a/b/c": a name or a path, not user and password
        if tight and not (any(c.isupper() for c in pw) and any(c.islower() for c in pw)):
            continue  # "postgres:16.2-bookworm", "app:sha-3f78685": image tags and names are one case
        user = m.group("user").lower()
        outside = text[: m.start()] + " " + text[m.end() :]
        context = _CREDENTIAL_WORDS_RE.search(outside) is not None
        if m.group("spaced") and (user in _ACCOUNTS or context):
            return True
        if tight == ":" and context:
            return True
        if tight == "/" and context and user in _ACCOUNTS:
            return True
    return False
