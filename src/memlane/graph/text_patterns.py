"""The patterns :mod:`memlane.graph.relations_text` reads statements with, over a sentence whose names are
slots (``\x01<n>\x01``): relations (with the types their ends take), what a sentence takes for granted,
a person's organisation, and typing cues. Data only; the reading and its checks are in
``relations_text``. Each pattern compiles on its first search (``text.pattern_hints.LazyPattern``): most
are skipped for a sentence without their words, and a process that reads no text compiles none."""

from __future__ import annotations

import re

from ..text.pattern_hints import LazyPattern
from .resolution import EntityType

__all__ = [
    "AFFILIATION_FORMS",
    "AFFILIATION_RE",
    "ALL_PATTERNS",
    "CUE_HINTS",
    "ENCOUNTER",
    "HINTS",
    "ONE_SLOT_PATTERNS",
    "PERSON_AFTER",
    "PERSON_SOURCE",
    "PLACE_BEFORE",
    "TYPE_CUES",
]

_P = EntityType.PERSON
_C = EntityType.COMPANY
_T = EntityType.TEAM
_L = EntityType.PLACE
_TICKET = EntityType.TICKET
_DOC = EntityType.DOCUMENT

# -- the patterns -----------------------------------------------------------------------------------

_A = r"(?P<a>\x01\d+\x01)"
_B = r"(?P<b>\x01\d+\x01)"
_ROLE = r"(?:(?:senior|junior|staff|principal|lead|head|chief|new|former|[a-z]+)\s+){0,3}"
_JOB = (
    r"(?:engineer|developer|designer|manager|director|analyst|consultant|scientist|researcher|architect|"
    r"accountant|lawyer|recruiter|intern|cto|ceo|cfo|coo|vp|founder|co-founder|cofounder|owner|partner|"
    r"employee|contractor|nurse|doctor|teacher|professor|lead|product manager|salesperson|rep|"
    r"representative|specialist|administrator|admin|officer|executive|advisor|adviser|writer|editor)"
)
_BOSS = r"(?:manager|boss|line manager|supervisor|team lead|lead|direct manager|skip-level)"
_TEAM_WORD = r"\s+(?:team|squad|group|crew|guild|chapter|department|dept)\b"
_TEAM = rf"(?P<team>{_TEAM_WORD})?"

#: (relation, ended, pattern, source group, target group, source type, target type)
_Pattern = tuple[str, bool, LazyPattern, str, str, EntityType | None, EntityType | None]


def _p(relation: str, ended: bool, pattern: str, src: str = "a", dst: str = "b",
       src_type: EntityType | None = None, dst_type: EntityType | None = None) -> _Pattern:  # fmt: skip
    return relation, ended, LazyPattern(pattern, re.IGNORECASE), src, dst, src_type, dst_type


_PATTERNS: tuple[_Pattern, ...] = (
    # works_at, ended first ("no longer works at" also matches "works at")
    _p(
        "works_at",
        True,
        rf"{_A},?\s+(?:is\s+)?no longer\s+(?:works?|working|employed)\s+(?:at|for|by|with)\s+{_B}",
        dst_type=_C,
    ),
    _p("works_at", True, rf"{_A},?\s+(?:is\s+)?no longer\s+(?:at|with)\s+{_B}", dst_type=_C),
    _p("works_at", True, rf"{_A}\s+used to\s+work\s+(?:at|for|with)\s+{_B}", dst_type=_C),
    _p(
        "works_at",
        True,
        rf"{_A}\s+(?:has\s+|had\s+|recently\s+|just\s+)?(?:left|quit|resigned from|departed(?: from)?|was laid off (?:from|by)|was let go (?:from|by)|was fired from|retired from)\s+{_B}(?!{_TEAM_WORD})",
        dst_type=_C,
    ),
    _p(
        "works_at",
        True,
        rf"{_A}\s+(?:is|was)\s+(?:a\s+)?former\s+{_ROLE}(?:{_JOB}|employee|staff)\s+(?:at|of|for)\s+{_B}",
        dst_type=_C,
    ),
    _p("works_at", True, rf"{_A}\s+(?:formerly|previously)\s+worked\s+(?:at|for)\s+{_B}", dst_type=_C),
    _p(
        "works_at",
        True,
        rf"{_A}\s+worked\s+(?:at|for)\s+{_B}\s+(?:until|till|before|from\s+\d{{4}}\s+to)\b",
        dst_type=_C,
    ),
    _p(
        "works_at",
        False,
        rf"{_A}\s+(?:now\s+|still\s+|currently\s+)?(?:works|is working|has been working|has worked|is employed|has been employed|started working|started)\s+(?:at|for|by|with)\s+{_B}(?!{_TEAM_WORD})",
        dst_type=_C,
    ),
    _p(
        "works_at",
        False,
        rf"{_A}\s+(?:has\s+|recently\s+|just\s+)?joined\s+{_B}(?!{_TEAM_WORD})",
        dst_type=_C,
    ),
    _p(
        "works_at",
        False,
        rf"{_A},?\s+(?:is|has been|became)\s+(?:(?:a|an|the|our)\s+)?{_ROLE}{_JOB}\s+(?:at|for|with)\s+{_B}",
        dst_type=_C,
    ),
    _p(
        "works_at",
        False,
        rf"{_A},\s+(?:(?:a|an|the|our)\s+)?{_ROLE}{_JOB}\s+(?:at|for|with|of)\s+{_B}",
        dst_type=_C,
    ),
    _p(
        "works_at",
        False,
        rf"{_A}\s+is\s+(?:the\s+)?(?:cto|ceo|cfo|coo|founder|co-founder|cofounder|owner)\s+of\s+{_B}",
        dst_type=_C,
    ),
    _p(
        "works_at",
        False,
        # "Zhang Li runs QA at Haixing", "Li Na handles logistics at Hongda", "leads e-commerce at ..."
        rf"{_A}\s+(?:now\s+|still\s+|currently\s+)?(?:runs|leads|heads|manages|handles|oversees|coordinates)"
        rf"\s+(?:(?:the|our|their|his|her)\s+)?(?:[\w&-]+\s+){{1,3}}?(?:at|for)\s+{_B}(?!{_TEAM_WORD})",
        dst_type=_C,
    ),
    _p("works_at", False, rf"{_A}\s+is\s+{_B}'s?\s+(?:new\s+)?{_ROLE}{_JOB}", dst_type=_C),
    _p("works_at", False, rf"{_B}\s+(?:hired|employs|has hired|just hired|recruited)\s+{_A}", dst_type=_C),
    _p(
        "works_at",
        False,
        rf"{_A}\s+(?:was|has been|got|just got|is)\s+(?:hired|recruited|employed|taken on)\s+by\s+{_B}",
        dst_type=_C,
    ),
    _p(
        "works_at",
        False,
        rf"{_B}'s?\s+(?:cto|ceo|cfo|coo|founder|co-founder|cofounder|vp [a-z]+|head of [a-z]+)\s*,?\s+(?:is\s+)?{_A}",
        dst_type=_C,
    ),
    # "works at Stripe in Dublin": the office is there (the person need not live there)
    _p(
        "located_in",
        False,
        rf"(?:works|is working|worked|is employed|works remotely)\s+(?:at|for|by)\s+{_A}\s+in\s+{_B}",
        src_type=_C,
        dst_type=_L,
    ),
    # reports_to
    _p(
        "reports_to",
        True,
        rf"{_A}\s+(?:no longer reports|used to report|stopped reporting)\s+to\s+{_B}",
        src_type=_P,
        dst_type=_P,
    ),
    _p(
        "reports_to",
        False,
        rf"{_A}'s?\s+(?:new\s+|current\s+)?{_BOSS}\s+(?:is|has been|became|is now)\s+{_B}",
        src_type=_P,
        dst_type=_P,
    ),
    _p(
        "reports_to",
        False,
        rf"{_B}\s+(?:is|has been|became|is now)\s+{_A}'s?\s+(?:new\s+|current\s+)?{_BOSS}",
        src_type=_P,
        dst_type=_P,
    ),
    _p(
        "reports_to",
        False,
        rf"{_A}\s+(?:now\s+|still\s+|directly\s+)?reports\s+(?:directly\s+)?to\s+{_B}",
        src_type=_P,
        dst_type=_P,
    ),
    _p(
        "reports_to",
        False,
        rf"{_A}\s+(?:now\s+|still\s+|directly\s+)?reports\s+(?:directly\s+)?into\s+{_B}",
        src_type=_P,
        dst_type=_P,
    ),
    _p(
        "reports_to",
        False,
        rf"{_A}\s+(?:is|has been|is now)\s+(?:managed|supervised)\s+by\s+{_B}",
        src_type=_P,
        dst_type=_P,
    ),
    _p(
        "reports_to",
        False,
        rf"{_A}\s+(?:now\s+)?works\s+(?:directly\s+)?under\s+{_B}",
        src_type=_P,
        dst_type=_P,
    ),
    _p(
        "reports_to",
        False,
        rf"{_B}\s+(?:now\s+)?manages\s+{_A}(?!{_TEAM_WORD})(?!\s*'s)",
        src_type=_P,
        dst_type=_P,
    ),
    # member_of
    _p(
        "member_of",
        True,
        rf"{_A}\s+(?:has\s+|recently\s+)?(?:left|quit)\s+the\s+{_B}{_TEAM}",
        src_type=_P,
        dst_type=_T,
    ),
    _p(
        "member_of",
        True,
        rf"{_A}\s+(?:is\s+)?no longer\s+(?:on|in|part of|a member of)\s+the\s+{_B}{_TEAM}",
        src_type=_P,
        dst_type=_T,
    ),
    _p(
        "member_of",
        False,
        rf"{_A}\s+(?:is|sits|works|has been|is now|is still)\s+(?:on|in|with)\s+the\s+{_B}\s+(?:team|squad|group|crew)",
        src_type=_P,
        dst_type=_T,
    ),
    _p(
        "member_of",
        False,
        rf"{_A}\s+(?:has\s+|recently\s+|just\s+)?(?:joined|moved to|transferred to)\s+the\s+{_B}\s+(?:team|squad|group|crew)",
        src_type=_P,
        dst_type=_T,
    ),
    _p(
        "member_of",
        False,
        rf"{_A}\s+is\s+(?:a\s+member|part)\s+of\s+the\s+{_B}\s+(?:team|squad|group|crew)",
        src_type=_P,
        dst_type=_T,
    ),
    _p("member_of", False, rf"{_A}\s+is\s+(?:a\s+member)\s+of\s+{_B}", src_type=_P),
    # customer_of
    _p(
        "customer_of",
        True,
        rf"{_A}\s+(?:is\s+)?no longer\s+(?:a|our)\s+(?:customer|client)",
        dst="",
        src_type=_C,
    ),
    _p(
        "customer_of",
        True,
        rf"{_A}\s+(?:has\s+)?(?:churned|cancelled their contract|canceled their contract)",
        dst="",
        src_type=_C,
    ),
    _p(
        "customer_of",
        True,
        rf"{_A}\s+(?:was|used to be)\s+(?:a|an|our)\s+(?:[a-z]+\s+)?(?:customer|client)\s+of\s+{_B}",
        src_type=_C,
        dst_type=_C,
    ),
    _p(
        "customer_of",
        False,
        rf"{_A}\s+(?:is|has been|became|is now)\s+(?:a|an|our)\s+(?:(?:new|long-time|longtime|big|key|large|paying|enterprise|major|loyal)\s+)*(?:customer|client)\s+of\s+(?:ours|us)\b",
        dst="",
        src_type=_C,
    ),
    _p(
        "customer_of",
        False,
        rf"{_A}\s+(?:is|has been|became|is now)\s+our\s+(?:(?:new|long-time|longtime|biggest|big|key|largest|paying|enterprise|major|loyal)\s+)*(?:customer|client)\b",
        dst="",
        src_type=_C,
    ),
    _p(
        "customer_of",
        False,
        rf"{_A}\s+(?:is|has been|became|is now)\s+(?:a|an)\s+(?:(?:new|long-time|longtime|big|key|large|paying|enterprise|major|loyal)\s+)*(?:customer|client)\s+of\s+{_B}",
        src_type=_C,
        dst_type=_C,
    ),
    _p(
        "customer_of",
        False,
        rf"{_A}\s+(?:is|has been|became|is now)\s+(?:one of\s+)?{_B}'s?\s+(?:(?:new|long-time|biggest|big|key|largest|paying|enterprise|major)\s+)*(?:customers?|clients?)\b",
        src_type=_C,
        dst_type=_C,
    ),
    _p(
        "customer_of",
        False,
        rf"{_A}\s+(?:signed|signed up|signed on)\s+(?:with\s+us\s+)?as\s+(?:a|our)\s+(?:new\s+)?(?:customer|client)",
        dst="",
        src_type=_C,
    ),
    # assigned_to (ticket -> person)
    _p(
        "assigned_to",
        False,
        rf"{_A}\s+(?:is|was|has been|got|is now|was just)\s+(?:re-?)?assigned\s+to\s+{_B}",
        src_type=_TICKET,
        dst_type=_P,
    ),
    _p("assigned_to", False, rf"(?:re-?)?assigned\s+{_A}\s+to\s+{_B}", src_type=_TICKET, dst_type=_P),
    _p(
        "assigned_to",
        False,
        rf"{_B}\s+(?:is|was|has been|got)\s+assigned\s+{_A}",
        src_type=_TICKET,
        dst_type=_P,
    ),
    _p("assigned_to", False, rf"{_A}'s\s+assignee\s+is\s+{_B}", src_type=_TICKET, dst_type=_P),
    # authored (person -> document)
    _p(
        "authored",
        False,
        rf"{_A}\s+(?:wrote|authored|drafted|has written|co-wrote|co-authored|wrote up|put together)\s+{_B}",
        src_type=_P,
        dst_type=_DOC,
    ),
    _p(
        "authored",
        False,
        rf"{_B}\s+(?:was|is|has been)\s+(?:written|authored|drafted|co-written|co-authored|put together)\s+by\s+{_A}",
        src_type=_P,
        dst_type=_DOC,
    ),
    _p("authored", False, rf"{_A}\s+is\s+the\s+author\s+of\s+{_B}", src_type=_P, dst_type=_DOC),
    # belongs_to
    _p("belongs_to", False, rf"{_A}\s+(?:belongs|now belongs)\s+to\s+(?:the\s+)?{_B}{_TEAM}"),
    _p(
        "belongs_to",
        False,
        rf"{_A}\s+(?:is|are)\s+(?:now\s+)?(?:owned|maintained)\s+by\s+(?:the\s+)?{_B}{_TEAM}",
    ),
    _p("belongs_to", False, rf"(?:the\s+)?{_B}{_TEAM}\s+(?:owns|maintains)\s+{_A}"),
    # located_in
    _p(
        "located_in",
        False,
        rf"{_A}\s+(?:is|are)\s+(?:now\s+)?(?:based|headquartered|located)\s+in\s+{_B}",
        dst_type=_L,
    ),
    _p(
        "located_in",
        False,
        rf"{_A}\s+(?:has|have)\s+(?:its|their)\s+(?:headquarters|hq|head office|main office)\s+in\s+{_B}",
        src_type=_C,
        dst_type=_L,
    ),
    _p(
        "located_in",
        False,
        rf"{_A}'s?\s+(?:headquarters|hq|head office|main office|office)\s+(?:is|are)\s+in\s+{_B}",
        src_type=_C,
        dst_type=_L,
    ),
    # lives_in
    _p(
        "lives_in",
        True,
        rf"{_A}\s+(?:used to live|no longer lives|moved away from|moved out of|left)\s+(?:in\s+)?{_B}",
        src_type=_P,
        dst_type=_L,
    ),
    _p(
        "lives_in",
        False,
        rf"{_A}\s+(?:now\s+|still\s+|currently\s+)?(?:lives|is living|resides|has lived|has been living|settled)\s+in\s+{_B}",
        src_type=_P,
        dst_type=_L,
    ),
    _p(
        "lives_in",
        False,
        rf"{_A}\s+(?:has\s+|recently\s+|just\s+)?(?:moved|relocated)\s+(?:back\s+)?to\s+{_B}",
        src_type=_P,
        dst_type=_L,
    ),
    _p(
        "lives_in",
        False,
        rf"{_A}\s+(?:has\s+|recently\s+|just\s+)?(?:moved|relocated)\s+from\s+\x01\d+\x01\s+to\s+{_B}",
        src_type=_P,
        dst_type=_L,
    ),
)

#: what a sentence takes for granted even when it states nothing: "Bohdan might leave Grammarly" (he
#: works there now)
_PRESUPPOSED: tuple[_Pattern, ...] = (
    _p(
        "works_at",
        False,
        rf"{_A}\s+(?:might|may|could|will|would|wants to|plans to|is planning to|is going to|"
        rf"is about to|is thinking about|is thinking of|is considering|considers|hopes to|won't|will not|"
        rf"doesn't want to|does not want to|refuses to)\s+(?:leave|leaving|quit|quitting|resign from|resigning from)\s+{_B}"
        rf"(?!{_TEAM_WORD})",
        src_type=_P,
        dst_type=_C,
    ),
)

#: relations whose source is a person unless the text shows otherwise
PERSON_SOURCE = frozenset({"works_at", "lives_in"})

ALL_PATTERNS = tuple((*p, True) for p in _PRESUPPOSED) + tuple((*p, False) for p in _PATTERNS)
ONE_SLOT_PATTERNS = tuple(p for p in ALL_PATTERNS if not p[4])
#: words one of which every pattern of a relation needs (``works_at``: too many ways to say it)
HINTS: dict[str, tuple[str, ...]] = {
    "reports_to": ("manag", "boss", "supervis", "lead", "report"),
    "member_of": ("team", "squad", "group", "crew", "member", "department", "dept", "guild", "chapter"),
    "customer_of": ("customer", "client", "churn", "cancel"),
    "assigned_to": ("assign",),
    "authored": ("wr", "author", "draft", "put together"),
    "belongs_to": ("belong", "owne", "owns", "maintain"),
    "located_in": ("based", "headquarter", "locat", "office", "hq", " in "),
    "lives_in": ("liv", "resid", "mov", "relocat", "settled", "left"),
}

#: "Kasia Nowak from Tarkon", "Piotr at Acme", "Ana (Stripe)", "Ana of Globex"
AFFILIATION_RE = LazyPattern(
    rf"{_A}\s*(?:,\s*)?(?:from|at|of|with|\()\s*{_B}(?!{_TEAM_WORD})(?:\)|\s|,|\.|$)"
)

#: a word naming what a person does for an organisation, the head of a role ("the buyer", "our contact",
#: "head of operations", "the Infosys test lead"): the forms below need one, so that "Ana is a fan of
#: Apple" or "Ana is angry at Globex" say nothing of where Ana works
_ROLE_NOUN = (
    rf"(?:{_JOB[3:-1]}|contact|buyer|champion|sponsor|ciso|cio|cpo|cmo|chair|chairman|chairwoman|"
    r"chairperson|president|head|officer|dispatcher|supervisor|trader|agent|planner|coordinator|associate|"
    r"clerk|technician|counsel|paralegal|auditor|controller|treasurer|secretary|programmer|tester|liaison|"
    r"procurement|purchasing|point of contact|focal point|account manager|assistant|receptionist|"
    r"operator|driver|chef|pharmacist|banker|broker|underwriter|attorney|solicitor|barrister)s?"
)
#: lower-case words before a role's head ("the fundraising director", "a credit officer"); a role
#: written in capitals ("CISO") is matched by ``_ROLE_NOUN`` itself (the forms ignore case)
#: (not a role held before: "Klarna's former CTO" says nothing of where the person works now)
_ROLE_WORDS = (
    r"(?:(?!(?:former|ex|previous|retired|erstwhile|onetime|one-time|past)\b)[a-z][\w&/-]*\s+){0,3}?"
)
#: "of operations", "of digital": what a head of something is head of
_ROLE_OF = r"(?:\s+of\s+[a-z][\w&/-]*(?:\s+[a-z][\w&/-]*)?)?"
_DET = r"(?:(?:a|an|the|our|my|their|his|her)\s+)?"
#: what may follow an organisation a person owns or runs: the sentence goes on with no noun of its own
#: ("runs Greenleaf Landscaping", "owns Yilmaz Tekstil in Bursa"; not "runs Kafka clusters")
_ENDS_HERE = (
    r"(?=\s*(?:[,.;:!?)]|$)|\s+(?:in|since|with|and|today|now|back|from|for|until|before|after|together|as|"
    r"which|who|that|alone|himself|herself)\b)"
)

#: more ways a text gives a person's organisation, read as ``AFFILIATION_RE`` is (a person's
#: organisation, and ``works_at`` when the sentence states): a role at it, its role, owning or running it
AFFILIATION_FORMS: tuple[LazyPattern, ...] = tuple(
    LazyPattern(p, re.IGNORECASE)
    for p in (
        # "Ana Lopez is the buyer at Globex", "Priya, our contact at Globex, ...", "Diane Okoro is the
        # chief information officer of Calloway Health", "Aleksandra Volkova, procurement at Severstal"
        rf"{_A}(?:\s*,\s*(?:who\s+is\s+)?|\s+(?:is|was|has been|became|works as|is now|is still)\s+)"
        rf"{_DET}{_ROLE_WORDS}{_ROLE_NOUN}{_ROLE_OF}\s+(?:at|for|with|of)\s+(?:the\s+)?{_B}(?!{_TEAM_WORD})",
        # "Mark Johnson is Brightwell's procurement", "Sato Yuki, Sakura's project manager"
        rf"{_A}(?:\s*,\s*|\s+(?:is|was)\s+(?:now\s+)?){_B}['\u2019]s?\s+{_ROLE_WORDS}{_ROLE_NOUN}\b",
        # "Globex's CFO Priya Raman", "Sakura's project manager, Sato Yuki"
        rf"{_B}['\u2019]s?\s+(?:new\s+)?{_ROLE_WORDS}{_ROLE_NOUN}\s*,?\s+(?:is\s+)?{_A}",
        # "Priya Sharma is the Infosys test lead", "Anand Subramanian, FreshKart CTO, ...", "our Equinix
        # account manager"
        rf"{_A}(?:\s*,\s*|\s+(?:is|was)\s+){_DET}{_B}\s+{_ROLE_WORDS}{_ROLE_NOUN}\b",
        # "Owen Price runs Greenleaf Landscaping", "Mehmet Yilmaz owns Yilmaz Tekstil in Bursa"
        rf"{_A}\s+(?:now\s+|still\s+|also\s+)?(?:owns|owned|runs|ran|founded|co-founded|cofounded|chairs)"
        rf"\s+(?:the\s+)?{_B}(?!{_TEAM_WORD}){_ENDS_HERE}",
    )
)

#: what precedes a person met somewhere ("met Ana at Nobu", "dinner with Ana at Zuma")
ENCOUNTER = LazyPattern(
    r"\b(?:met|meet|meeting|saw|see|seeing|seen|ran into|run into|bumped into|visited|visiting|dinner|lunch|"
    r"breakfast|brunch|coffee|drinks|hung out|hang out|picked up|dropped off|spotted|photo|picture|"
    r"with)\b[^\x01]*$",
    re.IGNORECASE,
)

#: typing cues: (pattern, the slot's type)
TYPE_CUES: tuple[tuple[LazyPattern, EntityType], ...] = (
    (
        LazyPattern(
            rf"{_A}'s?\s+(?:invoices?|contracts?|orders?|accounts?|renewal|subscription|ceo|cto|cfo|"
            rf"founders?|employees|staff|headquarters|hq|offices?|stock|shares|customers|clients|"
            rf"pricing|billing|procurement|legal team|sales team|support team)\b",
            re.I,
        ),
        _C,
    ),  # fmt: skip
    (LazyPattern(rf"\bthe\s+{_A}\s+(?:team|squad|department)\b", re.I), _T),
    (
        LazyPattern(
            rf"\b(?:sign|signed|signing|onboard|onboarded|onboarding)\s+{_A}\s+as\s+(?:a|an|our)\s+(?:new\s+)?(?:customer|client)",
            re.I,
        ),
        _C,
    ),
    (
        LazyPattern(
            rf"{_A}'s?\s+(?:[a-z]+\s+)?(?:team|department|office|offices|engineers|product|platform|"
            rf"app|website|api|sdk|servers|outage)\b",
            re.I,
        ),
        _C,
    ),  # fmt: skip
    (
        LazyPattern(
            rf"\b(?:work|works|worked|working|job|jobs|employed|intern|interning|hired)\s+(?:at|for|by)\s+{_A}(?!{_TEAM_WORD})",
            re.I,
        ),
        _C,
    ),
    (
        LazyPattern(
            rf"\b(?:join|joins|joined|joining|leave|leaves|left|leaving|quit|quits)\s+{_A}(?!{_TEAM_WORD})",
            re.I,
        ),
        _C,
    ),
    (LazyPattern(rf"{_A}\s+(?:Inc|Corp|Ltd|LLC|GmbH)\b", re.I), _C),
)
#: words one of which each cue needs (checked before its pattern)
CUE_HINTS: tuple[tuple[str, ...], ...] = (
    ("'",),
    ("team", "squad", "department"),
    ("customer", "client"),
    ("'",),
    ("work", "job", "employ", "intern", "hired"),
    ("join", "leav", "left", "quit"),
    ("inc", "corp", "ltd", "llc", "gmbh"),
)
#: a name right after one of these, if it is a place's name, is the place ("in Ghent", "moved to
#: Lisbon"); not a bare "to" or "from" ("sent it to Jordan", "a call from Jordan")
PLACE_BEFORE = LazyPattern(
    r"(?:\b(?:in|near|visited|visiting|visit|around|across|outside|inside|via)"
    r"|\b(?:moved|moving|move|flew|fly|flying|trip|travel|travelled|traveled|traveling|travelling|"
    r"flight|relocated|relocating|drove|driving|road trip|holiday|vacation)\s+(?:back\s+)?(?:to|from))\s+$",
    re.IGNORECASE,
)
#: a given name followed by one of these is a person's ("Jordan's wife"; not "Jordan called": a company
#: calls too, and a person and a company may bear the name)
PERSON_AFTER = LazyPattern(
    r"^\s*'s (?:wife|husband|partner|son|daughter|mother|father|sister|brother|girlfriend|boyfriend|"
    r"birthday|mum|mom|dad)\b",
    re.IGNORECASE,
)
