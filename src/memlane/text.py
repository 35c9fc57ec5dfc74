"""Pure text analysis for the retrieval lanes, deduplication and automatic supersession.

Everything here is called on every store and every recall, so it is written for speed: compiled
regular expressions, frozen lookup tables built once at import, a cached stemmer, and cheap
pre-checks that skip whole passes (no digit in the text means no date or number pass). Nothing here
touches I/O or global mutable state except the bounded stem cache.

Decisions worth knowing (the tests pin them down):

* ``tokenize`` (keyword lane) drops stopwords **including negations** ("not", "never", "don't"): in a
  BM25 / OR-ed FTS query they match nearly every row and only add noise. ``content_words`` (the
  word-overlap similarity used by dedup and supersession) instead keeps a single ``"not"`` marker
  when the text contains a negation, so "I like coffee" and "I don't like coffee" are similar but
  never identical.
* Numeric dates with slashes are read US-style (``3/4/2023`` is March 4) unless the first number
  cannot be a month (``14/3/2023``); dotted and dashed ones (``14.03.2023``, ``14-03-2023``) are read
  day-first unless the second number cannot be a month. Yearless numeric dates (``3/4``) are
  ignored: they are too often fractions or scores.
* A bare four-digit year 1900-2099 yields ``date:YYYY`` and not ``num:YYYY`` (unless it is money,
  a percentage or followed by a unit word such as "meters"); numbers consumed by a date or a clock
  time never yield ``num:`` keys.
* Relative dates ("yesterday", "last week", "3 days ago", "last Tuesday") are resolved only when
  ``now`` is given; without it they yield nothing.

Entity key formats (all lower-case, diacritics stripped for names)::

    name:okafor  name:new york  name:york  name:nasa  name:iphone
    id:proj-42   id:covid-19    id:user_id     id:2.3.1 (versions)     id:5551234567 (phones, digits)
    email:ann@example.com       handle:ann_b      tag:pride      host:example.com
    date:2023-03-14  date:2023-03  date:2023  md:03-14  month:03  week:2023-W11
    num:1200  num:3.5  num:15
"""

from __future__ import annotations

import calendar
import functools
import hashlib
import re
import threading
import unicodedata
from datetime import date, datetime, time, timedelta
from decimal import Decimal, InvalidOperation
from urllib.parse import urlsplit

import Stemmer

__all__ = [
    "STOPWORDS",
    "content_hash",
    "content_words",
    "extract_entities",
    "fts_query",
    "is_past_question",
    "normalize_content",
    "parse_when",
    "query_entity_candidates",
    "tokenize",
    "tsquery_terms",
    "word_overlap",
]

# ----------------------------------------------------------------------------------------------
# Constant tables
# ----------------------------------------------------------------------------------------------


def _words(text: str) -> frozenset[str]:
    """Word tables are written as whitespace-separated text to keep them readable."""
    return frozenset(text.split())


#: Typographic quotes, primes, dashes and invisible characters folded to ASCII (or removed), so that
#: text pasted from a word processor and typed text compare, tokenize and hash the same.
_FOLD_TABLE: dict[int, str | None] = {
    **{ord(c): "'" for c in "\u2018\u2019\u201a\u201b\u2032\u2035\u02b9\u02bc\u02c8\u0060\u00b4\uff07"},
    **{ord(c): '"' for c in "\u201c\u201d\u201e\u201f\u2033\u2036\u00ab\u00bb\u301d\u301e\uff02"},
    **{ord(c): "-" for c in "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u2043\ufe58\ufe63\uff0d"},
    **{ord(c): None for c in "\u00ad\u200b\u200c\u200d\u200e\u200f\u2060\u2061\u2062\u2063\u2064\ufeff"},
}

#: Function words, pronouns, auxiliaries, negations and chat fillers. Dropped from keyword tokens,
#: FTS queries and entity candidates. Negations are here on purpose (see the module docstring).
STOPWORDS: frozenset[str] = _words(
    """
    a about above across after afterwards again against ago ain all almost along already also although
    always am among amongst an and another any anybody anyhow anyone anything anyway anyways anywhere
    are aren around as at be became because become becomes been before beforehand behind being below
    beside besides between beyond both but by can cannot cant could couldn couldnt d did didn didnt do
    does doesn doesnt doing don done dont down during each eg either else elsewhere enough especially
    etc even ever every everybody everyone everything everywhere except few for former formerly from
    further had hadn hadnt has hasn hasnt have haven havent having he hed hell hence her here hers
    herself hes hey hi him himself his how however i id ie if ill im in indeed instead into is isn
    isnt it itd itll its itself ive just least less let lets ll m ma many may me meanwhile might
    mightn mine more moreover most mostly much must mustn my myself namely neither never nevertheless
    no nobody non none noone nor not nothing now nowhere o of off oh ok okay on once one ones only
    onto or other others otherwise ought our ours ourselves out over own per perhaps quite rather re
    really s same shall shan she shed shell shes should shouldn shouldnt since so some somebody
    somehow someone something sometime sometimes somewhat somewhere still such t than that thatll
    thats the their theirs them themselves then thence there thereafter thereby therefore therein
    theres these they theyd theyll theyre theyve this those though through throughout thru thus to
    together too toward towards u uh um under unless until unto up upon ur us ve very via was wasn
    wasnt we wed well were weren werent weve what whatever whats when whence whenever where whereas
    whereby wherever whether which whichever while whither who whoever whole whom whose why will with
    within without won wont would wouldn wouldnt y yeah yes yet you youd youll your youre yours
    yourself yourselves youve
    """
)

#: Words whose presence negates a statement; ``content_words`` maps them all to one ``"not"``.
_NEGATIONS: frozenset[str] = _words(
    "not no never nor cannot cant dont doesnt didnt isnt wasnt werent wont wouldnt shouldnt couldnt "
    "hasnt havent hadnt aint neither none nothing nobody"
)

#: Clitics dropped after an apostrophe ("Okafor's" -> okafor, "we'll" -> we).
_CLITICS: frozenset[str] = frozenset({"s", "ll", "re", "ve", "d", "m"})

#: Honorifics stripped from names ("Dr. Okafor" -> okafor); their trailing period ends no sentence.
_TITLES: frozenset[str] = _words(
    "dr doctor mr mrs ms mx miss mister prof professor sir dame rev revd fr capt sgt lt col gen hon"
)

#: Lower-case words allowed inside a multi-word name ("Bank of America", "Leonardo da Vinci").
_NAME_CONNECTORS: frozenset[str] = _words("of the de da del della di du van von der den la le y")

_MONTHS: dict[str, int] = {
    "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7,
    "august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9,
    "oct": 10, "nov": 11, "dec": 12,
}  # fmt: skip
_FULL_MONTHS = frozenset(k for k in _MONTHS if len(k) > 4 or k in ("may", "june", "july"))
_WEEKDAYS: dict[str, int] = {
    "monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5, "sunday": 6,
}  # fmt: skip

_NUMBER_WORDS: dict[str, int] = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
    "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
    "hundred": 100, "dozen": 12, "couple": 2,
}  # fmt: skip

#: Common English words that start sentences (interjections, adverbs, imperatives, gerunds, generic
#: nouns and adjectives). A capitalised sentence-initial word from this list is not a name; neither
#: is such a word on its own inside a multi-word name ("New York" -> also ``name:york``, not ``new``).
_COMMON_WORDS: frozenset[str] = _words(
    """
    absolutely actually add after afternoon again agreed ah aha ahh alas alright amazing anyhow anyway
    appreciate appreciated appreciating art aw awesome aww awww bad basically be beautiful believe best
    better big bless blue bravo brilliant bro bye ciao care check cheers cherish chill choose clearly
    come congrats congratulations consider cool could crazy cute dad daddy damn darn day days dear
    definitely do done dude early easy either enjoy enjoyed especially even evening eventually ever
    everything exactly excellent excited exciting fair family fantastic feel feeling feels fine
    finally first fortunately friend friends fun funny gee get gets getting give glad go god goes
    going gonna good goodbye got gotta grand great guess guys ha hah haha hahaha happy hard hehe hello
    help here hey hi hmm hmmm hold honestly hooray hope hopefully how huh hurray i idk imagine indeed
    interesting it just keep kids kind la last late lately later let life like likewise listen little
    lol long look looking looks lots love loved lovely loving luckily lucky made make makes man maybe
    meh mine mom mommy more morning most much music must my nah nature naturally nearly need never new
    next nice night no nope not now number nw oh ohh okay old omg once one ooh oops ouch overall
    perfect perhaps personally phew please plus pretty probably quick quite rather ready real really
    recently remember right same sad sadly say says see seems seriously shh since so some sometimes
    soon sorry sounds speaking stay still stop super sure surely sweet take taking talk talking tell
    thank thankfully thanks that then there these thing things think thinking this though thx time
    today together tomorrow tonight totally tough true truly try trying ugh uh um unfortunately until
    very wait want wanted wanna was watch way we welcome well what whatever whoa woah woo woohoo
    wonderful work working world wow wish wishing yay yea yeah yep yes yesterday yet you young yup
    absolute activity adoption age all almost alone also although among amazing another answer any
    anybody anyone anything apparently art around ask asking awesome away back bear because become
    bed before began begin being below beside besides between beyond book books both bring
    bringing brought build building but by busy call came can cause certainly chance change children
    city class close coming completely could couple course create creating creativity current
    currently daily dance dancing dear deep did different do does doing down during each earlier
    east easily else enough every everyone everybody except expression fall few finding find fix
    follow following for found free from full funny game games gather general generally giving great
    group grow growing had half has have having he hear hearing heart her hers high him his home
    honest house however if important in inside instead into is its job just keeping kinda knowing
    know large least less lost lot lots main many may me mean means meanwhile mental might mind
    moments month moreover mostly move much my myself near nearby neither new news next nobody none
    nor north nothing of off often ok on only open or other our out outside over own part people
    place plan plans play playing point possibly post pretty previously quite rarely read reading
    really reason red right rock room run running said saw school second seeing self several she
    should show showing side simply small so some someone something somewhere south speaking
    spending start started starting staying step still story stuff such summer sunday support
    supporting surrounding team than their them they those through thus to too top toward trip true
    twice under up upon us usually various walk war water we week weekend were west when whenever
    where whereas whether which while who whole whom why will with within without word words would
    year years yes you your yours winter spring autumn fall season holiday holidays weekend tonight
    about accept achieve act add admit advice afford afraid agree aim allow almost alive anger angry
    animal apply area arrive attend avoid aware baby balance base beach beat believe belong bet bike
    bit blessed body bold born bought brave break breath breathe bright busy buy calm camp capture
    career careful carry catch celebrate chase chat cheer city clean clear climb club cold collect
    comfort comfortable community confidence confident connect connected consider contemporary cook
    cool count country cover cozy cry cut dark deal decide decided design dinner discover dream dreams
    dress drink drive during eat effort embrace encourage end energy enter escape every exactly
    explain explore face fact fail faith fast fear feed felt fight fill finish fit fly focus folks food
    forget forgive forward free freedom fresh friendship front funny future gift glad goal gone grab
    grateful gratitude growth guidance guess happen happened happiness hang hate head health healthy
    heard hit hobby honestly hot hug huge idea ideas imagine improve inspire inspired inspiring
    instead join joy jump kid kinda kindness knew laugh laughter learn learned leave lesson lessons
    let light listen live lived loads local lol lonely loss lot loud low lunch mad matter maybe meal
    meant meet memory met miss missed mistake moment money mood motivation motivated nervous normal
    note notice offer okay open order outdoors pain paint parent parents party pass passion past patience
    pay peace peaceful perfect pet pick picture plant pleased positive power practice pray prepare
    pretty proud pull push put quiet rain reach realize realized remind reminds remember rest return
    road safe save scared school science sea seem send sense share shared sharing short sign simple
    sing sit sleep slow smile soft solid son speak special spend spent spill stand star stick store
    strength stress strong struggle stuck study style sun sunny sweet swim talent tackle taste teach
    tears tell thought thoughts thrilled tired took total touch tough town travel treat trust turn
    turns type understand unique use used value visit wake walk warm wear weird win wise wonder worry
    wow write wrote wrong yoga zen btw oof lemme gotcha imo tbh lmao lmk ty np brb omw mm hmm yikes
    yall y'all fyi asap aka bday congratz gosh jeez whew kudos aha ahem
    """
)

#: Chat abbreviations and weekday abbreviations: never a name, even capitalised mid-sentence ("BTW").
_CHAT_ABBREVS: frozenset[str] = _words(
    "btw oof lemme gotcha imo imho tbh lmao lmk ty np brb omw mm hmm fyi asap aka omg lol idk thx ok "
    "okay pls plz ps rn irl mon tue tues wed thu thur thurs fri sat sun"
)

#: Generic words that are often *part* of a multi-word name ("New York", "Bank of America"): kept
#: inside the name, never emitted as a name on their own.
_NAME_PARTS: frozenset[str] = _words(
    """
    new old north south east west northern southern eastern western little big great greater upper
    lower central national international royal united state states county city town street st road
    avenue park university college school hospital church bank company group club team museum lake
    river mount mountain island fort port saint san santa los las el red blue green black white
    summer winter spring autumn fall
    """
)

#: Unit words after a number: "2000 meters" is a quantity (``num:2000``), not the year 2000.
_UNIT_WORDS: frozenset[str] = _words(
    """
    dollars dollar bucks euros euro pounds usd eur gbp people persons steps calories kcal words pages
    miles mile meters metres meter metre km kilometers kilometres feet ft foot inches yards kg kilos
    kilograms grams lbs followers views members students times points units items copies votes likes
    subscribers users customers employees rows records tokens bytes kb mb gb tb pieces sq hours
    minutes seconds dpi rpm mph kph
    """
)

_TLDS = "com|org|net|io|ai|dev|edu|gov|app|co\\.uk|co|info|biz|xyz|tech|tv|uk|ca|de|fr|au|jp|nl|es"

# ----------------------------------------------------------------------------------------------
# Regular expressions
# ----------------------------------------------------------------------------------------------

#: Keyword tokens of the lower-cased text: grouped numbers ("1,200", "3.5") or alphanumeric words
#: with internal apostrophes ("okafor's", "don't", "o'brien").
_TOKEN_RE = re.compile(r"\d+(?:[.,]\d+)+|[^\W_]+(?:'[^\W_]+)*")
_THOUSANDS_RE = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?")

_URL_RE = re.compile(r"\b(?:https?|ftp)://[^\s<>\"'()\[\]{}]+|\bwww\.[^\s<>\"'()\[\]{}]+", re.I)
_EMAIL_RE = re.compile(r"(?<![\w.+-])[\w.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b")
_HANDLE_RE = re.compile(r"(?<![\w@.])@([A-Za-z0-9_](?:[A-Za-z0-9_.]{0,28}[A-Za-z0-9_])?)(?![\w@])")
_HASHTAG_RE = re.compile(r"(?<![\w&#])#([^\W\d_]\w{0,49})")
_DOMAIN_RE = re.compile(
    rf"(?<![\w@.\-/])((?i:[a-z0-9](?:[a-z0-9-]{{0,61}}[a-z0-9])?\.)+(?:{_TLDS}))(?![\w-]|\.[a-z0-9])"
)

_MONTH_ALT = (
    "january|february|march|april|may|june|july|august|september|october|november|december"
    "|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec"
)
_DIGIT_RE = re.compile(r"\d")
_ALPHA_RE = re.compile(r"[a-z]+")
_IDISH_RE = re.compile(r"[A-Za-z][\w.\-]*?[\d_]")
_DOMAIN_HINT_RE = re.compile(rf"\.(?:{_TLDS})\b")
_REL_TRIGGERS = _words("yesterday today tonight tomorrow ago last next past coming previous")
_REL_WEAK_TRIGGERS = _words("in this")
_REL_UNITS = _words(
    "day days week weeks month months year years morning afternoon evening weekend monday tuesday "
    "wednesday thursday friday saturday sunday january february march april may june july august "
    "september october november december"
)
_ISO_DATE_RE = re.compile(r"(?<![\w.\-/])(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?![\d])")
_ISO_MONTH_RE = re.compile(r"(?<![\w.\-/])(\d{4})-(\d{2})(?![\w\-/]|\.\d)")
_NUM_DATE_RE = re.compile(r"(?<![\w.\-/])(\d{1,2})([/.\-])(\d{1,2})\2(\d{4}|\d{2})(?![\w\-/]|[.,]\d)")
_DAY_MONTH_RE = re.compile(
    rf"\b(?:the\s+)?(\d{{1,2}})(?:st|nd|rd|th)?(?:\s+of)?\s+({_MONTH_ALT})\b\.?(?:,?\s+(\d{{4}})\b)?", re.I
)
_MONTH_DAY_RE = re.compile(
    rf"\b({_MONTH_ALT})\b\.?\s+(?:the\s+)?(\d{{1,2}})(?:st|nd|rd|th)?\b(?!\s*(?::|%|[.,]\d))"
    rf"(?:,?\s+(\d{{4}})\b)?",
    re.I,
)
_MONTH_YEAR_RE = re.compile(rf"\b({_MONTH_ALT})\b\.?,?\s+(?:of\s+)?(\d{{4}})\b", re.I)
_BARE_MONTH_RE = re.compile(
    r"\b(january|february|march|april|may|june|july|august|september|october|november|december)\b", re.I
)
_MAY_VERB_FOLLOWERS = _words(
    "i we you he she they it this that there the a an be have not also well never all your my his her our "
    "their god"
)
_MONTH_PREPOSITIONS = _words(
    "in during since until till by of early late mid last next this every from through before after"
)
_YEAR_RE = re.compile(r"(?<![\w$€£¥₹#.,/])(19\d{2}|20\d{2})(?!\w|%|[.,]\d)")
_TIME_RE = re.compile(
    r"\b\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\b\.?)?|\b\d{1,2}\s*[ap]\.?m\b\.?|\b\d{1,2}\s*o'clock\b", re.I
)
_ID_RE = re.compile(
    r"(?<![\w@/.\-])(?=[A-Za-z][\w.\-]*?[\d_])[A-Za-z][A-Za-z0-9_]*(?:[\-.][A-Za-z0-9_]+)*(?![\w\-])"
)
#: Version numbers ("2.3.1") and phone numbers ("555-123-4567", "+1 (555) 123 4567") become ``id:``
#: keys instead of a spray of unrelated ``num:`` keys; phones are keyed by their digits only.
_VERSION_RE = re.compile(r"(?<![\w.])\d+\.\d+\.\d+(?:\.\d+)*(?![\w]|\.\d)")
_PHONE_RE = re.compile(
    r"(?<![\w+\-.])(?:\+\d{1,3}[\s.\-]?)?(?:\(\d{2,4}\)\s?|\d{2,4}[\s.\-])\d{3,4}[\s.\-]\d{3,4}(?![\w\-]|\.\d)"
)
_NUM_RE = re.compile(
    r"(?<![\w.,])(?P<cur>[$€£¥₹])?\s?(?P<n>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"(?:(?P<ord>st|nd|rd|th)\b|\s?(?P<mult>k|thousand|million|billion|mn|bn|m|b)\b|\s?(?P<pct>%|percent\b))?",
    re.I,
)
_NUMBER_WORD_RE = re.compile(
    r"\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen"
    r"|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|dozen)"
    r"(?:-(one|two|three|four|five|six|seven|eight|nine))?\b",
    re.I,
)
_NEXT_WORD_RE = re.compile(r"\s*([A-Za-z]+)")
_PREV_WORD_RE = re.compile(r"([A-Za-z]+)\W*$")

_REL_COUNT = r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|couple of|\d{1,3})"
_REL_RE = re.compile(
    r"\b(?P<dby>(?:the\s+)?day\s+before\s+yesterday)\b"
    r"|\b(?P<dat>(?:the\s+)?day\s+after\s+tomorrow)\b"
    r"|\b(?P<yest>yesterday|last\s+night)\b"
    r"|\b(?P<today>today|tonight|this\s+(?:morning|afternoon|evening))\b"
    r"|\b(?P<tom>tomorrow)\b"
    rf"|\b{_REL_COUNT.replace('(', '(?P<agon>', 1)}\s+(?P<agou>day|week|month|year)s?\s+ago\b"
    rf"|\bin\s+{_REL_COUNT.replace('(', '(?P<inn>', 1)}\s+(?P<inu>day|week|month|year)s?\b"
    r"|\b(?P<rel>last|next|this|past|coming|previous)\s+(?P<relu>week|weekend|month|year)\b"
    r"|\b(?P<wrel>last|next|this|previous|coming)\s+"
    r"(?P<wday>monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b"
    r"|\b(?P<mrel>last|next|this)\s+(?P<mon>january|february|march|april|may|june|july|august"
    r"|september|october|november|december)\b",
    re.I,
)
_SPAN_RE = re.compile(
    rf"\b(?:(?P<past>past|last|previous)\s+{_REL_COUNT.replace('(', '(?P<n>', 1)}\s+"
    r"(?P<unit>day|week|month|year)s?)\b",
    re.I,
)
_FUTURE_RE = re.compile(
    r"\b(?:will|won't|shall|going\s+to|gonna|plan(?:s|ning|ned)?\s+to|next|upcoming|coming|tomorrow"
    r"|scheduled|future|later\s+this)\b",
    re.I,
)

#: Words (and the punctuation between them) for the name walker, run on text whose URLs, dates,
#: numbers and identifiers are already masked out with NUL characters.
_WALK_RE = re.compile(r"(?P<w>[^\W\d_](?:[^\W_]|['\-](?=[^\W_]))*)|(?P<p>\x00+|\n|[^\w\s])")
_SENTENCE_END = frozenset('.!?\n:;"(')
_ALLCAPS_RE = re.compile(r"\b[A-Z]{2,}\b")
_SUFFIX_COMMON_RE = re.compile(
    r"(?:ing|ings|tion|tions|sion|ness|ment|ments|ities|ity|ies|ful|ously|ally|[^eil]ly)$"
)
_PLURAL_RE = re.compile(r"(?:[^aeiousy']s|(?:ch|sh|g|x|z|v|t|d|k|p|r)es)$")

_PAST_RE = re.compile(
    r"\b(?:when\s+(?:did|was|were|had)"
    r"|(?:what|where|who|whom|which|how|why)\b[^?.!]{0,40}?\b(?:did|was|were|had)\b"
    r"|did\s+\w+\s+(?:ever|once)|originally|initially|at\s+first|in\s+the\s+beginning|first\s+time"
    r"|back\s+(?:in|when|then)|used\s+to|previously|formerly|former|prior\s+to|earlier"
    r"|before\s+(?:that|then|this|now|moving|switching|changing|starting|joining|becoming|\d)"
    r"|ago|yesterday|last\s+(?:year|month|week|weekend|night|time|summer|winter|spring|fall|autumn"
    r"|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may"
    r"|june|july|august|september|october|november|december)"
    r"|how\s+long\s+ago|what\s+happened|in\s+the\s+past|anymore|no\s+longer|has\s+\w+\s+ever)\b",
    re.I,
)
_FUTURE_YEAR_RE = re.compile(r"\b(?:will|going\s+to|gonna|plan|planning|upcoming|next)\b", re.I)
_EXPLICIT_YEAR_RE = re.compile(r"\b(?:19|20)\d{2}\b")

# ----------------------------------------------------------------------------------------------
# Small helpers
# ----------------------------------------------------------------------------------------------

_local = threading.local()


def _stemmer() -> Stemmer.Stemmer:
    """One Snowball stemmer per thread: PyStemmer objects are re-entrant but not thread-safe."""
    stemmer = getattr(_local, "stemmer", None)
    if stemmer is None:
        stemmer = Stemmer.Stemmer("english")
        _local.stemmer = stemmer
    return stemmer


@functools.lru_cache(maxsize=1 << 16)
def _stem(word: str) -> str:
    """Snowball English stem; cached because conversation vocabulary repeats heavily."""
    return _stemmer().stemWord(word)


def _fold(text: str) -> str:
    """NFKC plus quote/dash folding; ASCII text only needs its backticks folded."""
    if text.isascii():
        return text.replace("`", "'") if "`" in text else text
    return unicodedata.normalize("NFKC", text).translate(_FOLD_TABLE)


@functools.lru_cache(maxsize=4096)
def _strip_accents(word: str) -> str:
    """Fold "José" to "jose": matches FTS5's remove_diacritics and lets typed queries hit accented names."""
    if word.isascii():
        return word
    decomposed = unicodedata.normalize("NFKD", word)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _is_punct(ch: str) -> bool:
    return ch.isspace() or unicodedata.category(ch)[0] == "P"


# ----------------------------------------------------------------------------------------------
# Normalisation and hashing
# ----------------------------------------------------------------------------------------------


def _normalize_once(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).translate(_FOLD_TABLE)
    if not text.isascii():
        text = "".join(c for c in text if unicodedata.category(c) != "Cf")
    text = unicodedata.normalize("NFKC", text.casefold()).translate(_FOLD_TABLE)
    text = " ".join(text.split())
    start, end = 0, len(text)
    while start < end and _is_punct(text[start]):
        start += 1
    while end > start and _is_punct(text[end - 1]):
        end -= 1
    return text[start:end]


def normalize_content(text: str) -> str:
    """Canonical form for exact-duplicate detection.

    NFKC, typographic quotes/dashes folded to ASCII, invisible format characters removed, casefold,
    whitespace collapsed and surrounding punctuation (including a trailing period) stripped, so that
    re-sending the same fact with different capitalisation or spacing is recognised as a duplicate,
    while any change of wording is not. Idempotent: casefold and NFKC can each undo the other's
    stability on rare characters, so the pass is repeated until it reaches a fixed point.
    """
    result = _normalize_once(text)
    for _ in range(3):
        again = _normalize_once(result)
        if again == result:
            break
        result = again
    return result


def content_hash(text: str) -> str:
    """SHA-256 hex digest of :func:`normalize_content`: the exact-duplicate key stored per memory."""
    return hashlib.sha256(normalize_content(text).encode("utf-8", "surrogatepass")).hexdigest()


# ----------------------------------------------------------------------------------------------
# Keyword tokens
# ----------------------------------------------------------------------------------------------


def _keyword_tokens(text: str) -> tuple[list[tuple[str, str]], bool]:
    """Split text into ``(fts_surface, normalised)`` pairs with stopwords removed.

    ``fts_surface`` is what FTS5's unicode61 tokenizer should see (it splits "1,200" and "o'brien"
    itself, so we keep them as one phrase); ``normalised`` is the canonical word for our own
    stemming ("1200", "obrien", accents stripped). Also reports whether a negation was seen.
    """
    negated = False
    out: list[tuple[str, str]] = []
    for tok in _TOKEN_RE.findall(_fold(text).lower()):
        if tok[0].isdigit() and ("," in tok or "." in tok):
            if "," in tok and not _THOUSANDS_RE.fullmatch(tok):
                for part in tok.split(","):
                    out.append((part, part))
            else:
                out.append((tok, tok.replace(",", "")))
            continue
        if "'" in tok:
            if tok.endswith("n't"):
                negated = True
                continue
            head, _, tail = tok.rpartition("'")
            if tail in _CLITICS:
                tok = head
            if "'" in tok:
                word = tok.replace("'", "")
                if word in STOPWORDS:
                    continue
                out.append((tok, _strip_accents(word)))
                continue
        if tok in STOPWORDS:
            if tok in _NEGATIONS:
                negated = True
            continue
        out.append((tok, _strip_accents(tok)))
    return out, negated


def tokenize(text: str) -> list[str]:
    """Keyword-lane tokens: lower-case, stopwords (incl. negations) removed, Snowball-stemmed.

    Digits are kept ("1,200" -> "1200", "3.5" stays), possessives and clitics are dropped
    ("Okafor's" -> "okafor"), diacritics stripped. Order and repeats are preserved for term
    frequency.
    """
    tokens, _ = _keyword_tokens(text)
    return [norm if norm[0].isdigit() else _stem(norm) for _, norm in tokens]


@functools.lru_cache(maxsize=65536)
def content_words(text: str) -> frozenset[str]:
    """Set of stemmed content words for word-overlap similarity (dedup, supersession).

    Like :func:`tokenize` but adds one ``"not"`` marker when the text is negated, so that a
    statement and its negation never look identical. Cached: during bulk loads the same current
    items are compared with many new ones.
    """
    tokens, negated = _keyword_tokens(text)
    words = {norm if norm[0].isdigit() else _stem(norm) for _, norm in tokens}
    if negated:
        words.add("not")
    return frozenset(words)


_MAX_QUERY_TERMS = 64


def tsquery_terms(text: str) -> list[str]:
    """Unique lower-case, unstemmed, non-stopword terms of a query, in order (at most 64).

    The backend stems them itself (FTS5 porter, PostgreSQL's english config). Terms may contain
    an apostrophe, comma or dot ("o'brien", "1,200", "3.5"); pass each as a bound parameter
    (e.g. one ``plainto_tsquery`` per term), never by string concatenation.
    """
    seen: dict[str, None] = {}
    for surface, _ in _keyword_tokens(text)[0]:
        if surface not in seen:
            seen[surface] = None
            if len(seen) >= _MAX_QUERY_TERMS:
                break
    return list(seen)


def fts_query(text: str) -> str | None:
    """A safe FTS5 MATCH expression: every term a double-quoted phrase, OR-ed together.

    No user syntax ever reaches FTS5: operators, column filters, ``*``, ``^``, ``NEAR`` and quotes
    in the input are just words or separators here. Returns None when nothing searchable is left
    (empty, or stopwords only) so callers can skip the lane instead of matching everything.
    """
    terms = tsquery_terms(text)
    if not terms:
        return None
    return " OR ".join('"' + term.replace('"', '""') + '"' for term in terms)


def word_overlap(a: frozenset[str], b: frozenset[str]) -> float:
    """Jaccard similarity; 0.0 when both are empty (no evidence of similarity)."""
    if not a or not b:
        return 0.0
    inter = len(a & b)
    return inter / (len(a) + len(b) - inter)


# ----------------------------------------------------------------------------------------------
# Dates
# ----------------------------------------------------------------------------------------------


def _valid_day(year: int | None, month: int, day: int) -> bool:
    if not 1 <= month <= 12 or day < 1:
        return False
    limit = calendar.monthrange(year if year is not None else 2000, month)[1]
    return day <= limit


def _two_digit_year(year: str) -> int:
    value = int(year)
    if len(year) == 2:
        return 2000 + value if value < 70 else 1900 + value
    return value


def _add_months(day: date, months: int) -> date:
    index = day.year * 12 + day.month - 1 + months
    year, month = divmod(index, 12)
    month += 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


# A date mention: (start, end, year, month, day, iso_week) with None for unknown parts; iso_week is
# (iso_year, week) for week-granular relative references ("last week").
_Mention = tuple[int, int, int | None, int | None, int | None, tuple[int, int] | None]


def _mask(chars: list[str], start: int, end: int) -> None:
    chars[start:end] = "\x00" * (end - start)


def _scan_dates(work: list[str], now: datetime | None) -> tuple[list[_Mention], set[str]]:
    """Find date mentions in ``work`` (a mutable list of characters), masking what it consumes.

    Passes run most specific first so "14 March 2023" is one full date and not also a bare month
    and a bare year. Masking keeps positions stable for :func:`parse_when`'s "first mention" rule.
    Also returns the set of lower-case ASCII words, a cheap pre-check for later passes.
    """
    mentions: list[_Mention] = []
    text = "".join(work)
    has_digit = _DIGIT_RE.search(text) is not None
    words = set(_ALPHA_RE.findall(text.lower()))
    has_month = not words.isdisjoint(_MONTHS)

    def run(regex: re.Pattern[str], handle: object) -> None:
        nonlocal text
        changed = False
        for m in regex.finditer(text):
            if "\x00" in m.group(0):
                continue
            found = handle(m)  # type: ignore[operator]
            if found is None:
                continue
            mentions.append((m.start(), m.end(), *found))
            _mask(work, m.start(), m.end())
            changed = True
        if changed:
            text = "".join(work)

    def iso(m: re.Match[str]) -> tuple[int, int, int, None] | None:
        y, mo, d = int(m.group(1)), int(m.group(3)), int(m.group(4))
        return (y, mo, d, None) if _valid_day(y, mo, d) else None

    def iso_month(m: re.Match[str]) -> tuple[int, int, None, None] | None:
        y, mo = int(m.group(1)), int(m.group(2))
        return (y, mo, None, None) if 1 <= mo <= 12 and 1900 <= y <= 2099 else None

    def numeric(m: re.Match[str]) -> tuple[int, int, int, None] | None:
        a, sep, b, ys = int(m.group(1)), m.group(2), int(m.group(3)), m.group(4)
        if sep == "." and len(ys) == 2:
            return None  # "1.2.33" is a version, not a date
        y = _two_digit_year(ys)
        if sep == "/":
            mo, d = (a, b) if a <= 12 else (b, a)
        else:
            mo, d = (b, a) if b <= 12 else (a, b)
        return (y, mo, d, None) if _valid_day(y, mo, d) else None

    def day_month(m: re.Match[str]) -> tuple[int | None, int, int, None] | None:
        d, mo = int(m.group(1)), _MONTHS[m.group(2).lower()]
        y = int(m.group(3)) if m.group(3) else None
        if y is None and m.group(2) in ("may", "mar"):
            return None  # "we 2 may ..." is the verb
        return (y, mo, d, None) if _valid_day(y, mo, d) else None

    def month_day(m: re.Match[str]) -> tuple[int | None, int, int, None] | None:
        mo, d = _MONTHS[m.group(1).lower()], int(m.group(2))
        y = int(m.group(3)) if m.group(3) else None
        if m.group(1) in ("may", "mar") and y is None:
            return None  # "you may 2 ..." is the verb
        return (y, mo, d, None) if _valid_day(y, mo, d) else None

    def month_year(m: re.Match[str]) -> tuple[int, int, None, None] | None:
        return (int(m.group(2)), _MONTHS[m.group(1).lower()], None, None)

    def bare_month(m: re.Match[str]) -> tuple[None, int, None, None] | None:
        word = m.group(1)
        low = word.lower()
        if low in ("may", "march"):
            prev = _PREV_WORD_RE.search(text, max(0, m.start() - 24), m.start())
            prev_word = prev.group(1).lower() if prev else ""
            if prev_word not in _MONTH_PREPOSITIONS:
                if not word[0].isupper():
                    return None
                nxt = _NEXT_WORD_RE.match(text, m.end())
                if low == "may" and nxt and nxt.group(1).lower() in _MAY_VERB_FOLLOWERS:
                    return None  # "May I ask", "May you be happy"
        return (None, _MONTHS[low], None, None)

    def year(m: re.Match[str]) -> tuple[int, None, None, None] | None:
        nxt = _NEXT_WORD_RE.match(text, m.end())
        if nxt and nxt.group(1).lower() in _UNIT_WORDS:
            return None
        return (int(m.group(1)), None, None, None)

    if has_digit:
        run(_ISO_DATE_RE, iso)
        run(_NUM_DATE_RE, numeric)
        run(_ISO_MONTH_RE, iso_month)
        if has_month:
            run(_DAY_MONTH_RE, day_month)
            run(_MONTH_DAY_RE, month_day)
            run(_MONTH_YEAR_RE, month_year)
    if (
        now is not None
        and not words.isdisjoint(_REL_TRIGGERS)
        or (now is not None and not words.isdisjoint(_REL_WEAK_TRIGGERS) and not words.isdisjoint(_REL_UNITS))
    ):
        today = now.date()
        run(_REL_RE, lambda m: _resolve_relative(m, today))
    if not words.isdisjoint(_FULL_MONTHS):
        run(_BARE_MONTH_RE, bare_month)
    if has_digit:
        run(_YEAR_RE, year)
    return mentions, words


def _count(word: str) -> int:
    word = word.lower()
    if word.isdigit():
        return int(word)
    return _NUMBER_WORDS.get(word.replace("couple of", "couple"), 1)


def _resolve_relative(
    m: re.Match[str], today: date
) -> tuple[int | None, int | None, int | None, tuple[int, int] | None] | None:
    """Turn one relative expression into absolute parts, relative to ``today``.

    Returns None when the result falls outside the calendar (``now`` near year 1 or 9999).
    """
    try:
        return _resolve_relative_unchecked(m, today)
    except (OverflowError, ValueError):
        return None


def _resolve_relative_unchecked(
    m: re.Match[str], today: date
) -> tuple[int | None, int | None, int | None, tuple[int, int] | None] | None:

    def day(d: date) -> tuple[int, int, int, None]:
        return (d.year, d.month, d.day, None)

    def shifted(n: int, unit: str) -> tuple[int | None, int | None, int | None, tuple[int, int] | None]:
        unit = unit.lower()
        if unit == "day":
            return day(today + timedelta(days=n))
        if unit == "week":
            iso = (today + timedelta(weeks=n)).isocalendar()
            return (None, None, None, (iso[0], iso[1]))
        if unit == "month":
            d = _add_months(today, n)
            return (d.year, d.month, None, None)
        return (today.year + n, None, None, None)

    g = m.groupdict()
    if g["dby"]:
        return day(today - timedelta(days=2))
    if g["dat"]:
        return day(today + timedelta(days=2))
    if g["yest"]:
        return day(today - timedelta(days=1))
    if g["today"]:
        return day(today)
    if g["tom"]:
        return day(today + timedelta(days=1))
    if g["agon"]:
        return shifted(-_count(g["agon"]), g["agou"])
    if g["inn"]:
        return shifted(_count(g["inn"]), g["inu"])
    if g["rel"]:
        rel, unit = g["rel"].lower(), g["relu"].lower()
        step = {"last": -1, "past": -1, "previous": -1, "next": 1, "coming": 1}.get(rel, 0)
        if unit == "weekend":
            saturday = today + timedelta(days=(5 - today.weekday()) + 7 * step)
            iso = saturday.isocalendar()
            return (None, None, None, (iso[0], iso[1]))
        return shifted(step, unit)
    if g["wrel"]:
        rel, target = g["wrel"].lower(), _WEEKDAYS[g["wday"].lower()]
        if rel in ("last", "previous"):
            delta = (today.weekday() - target) % 7 or 7
            return day(today - timedelta(days=delta))
        if rel in ("next", "coming"):
            delta = (target - today.weekday()) % 7 or 7
            return day(today + timedelta(days=delta))
        return day(today + timedelta(days=target - today.weekday()))  # "this Tuesday": same week
    if g["mrel"]:
        rel, month = g["mrel"].lower(), _MONTHS[g["mon"].lower()]
        year = today.year
        if rel == "last" and month >= today.month:
            year -= 1
        elif rel == "next" and month <= today.month:
            year += 1
        return (year, month, None, None)
    return None


def _date_keys(keys: set[str], mention: _Mention) -> None:
    _, _, y, mo, d, week = mention
    if week is not None:
        keys.add(f"week:{week[0]}-W{week[1]:02d}")
    if y is not None and not 1 <= y <= 9999:
        return
    if mo is not None:
        keys.add(f"month:{mo:02d}")
        if d is not None:
            keys.add(f"md:{mo:02d}-{d:02d}")
            if y is not None:
                keys.add(f"date:{y:04d}-{mo:02d}-{d:02d}")
                iso = date(y, mo, d).isocalendar()
                keys.add(f"week:{iso[0]}-W{iso[1]:02d}")
        if y is not None:
            keys.add(f"date:{y:04d}-{mo:02d}")
    if y is not None:
        keys.add(f"date:{y:04d}")


# ----------------------------------------------------------------------------------------------
# Numbers
# ----------------------------------------------------------------------------------------------

_MULTIPLIERS = {
    "k": 1000, "thousand": 1000, "million": 10**6, "mn": 10**6, "m": 10**6, "billion": 10**9,
    "bn": 10**9, "b": 10**9,
}  # fmt: skip


def _canonical_number(value: Decimal) -> str:
    text = format(value, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text or "0"


def _scan_numbers(work: list[str], text: str, keys: set[str]) -> None:
    for m in _NUM_RE.finditer(text):
        raw = m.group("n")
        try:
            value = Decimal(raw.replace(",", ""))
        except InvalidOperation:  # pragma: no cover - the regex admits only digits
            continue
        mult = m.group("mult")
        if mult:
            low = mult.lower()
            # "5m"/"2b" only scale money ("$5m"); without a currency they are metres, bytes...
            if low in ("k", "thousand", "million", "billion") or m.group("cur"):
                value *= _MULTIPLIERS[low]
        if len(raw) > 30:
            continue
        keys.add(f"num:{_canonical_number(value)}")
        _mask(work, m.start(), m.end())


# ----------------------------------------------------------------------------------------------
# Names
# ----------------------------------------------------------------------------------------------


def _name_key(words: list[str]) -> str:
    return _strip_accents(" ".join(w.lower().replace(".", "") for w in words))


def _is_common_word(low: str) -> bool:
    """A lower-cased word listed as ordinary English (no guessing from suffixes)."""
    return (
        low in STOPWORDS
        or low in _COMMON_WORDS
        or low in _CHAT_ABBREVS
        or low in _NAME_PARTS
        or low in _MONTHS
        or low in _WEEKDAYS
        or low in _NUMBER_WORDS
    )


def _looks_common(low: str) -> bool:
    """A lower-cased sentence-initial word that is probably ordinary English rather than a name.

    Adds suffix guesses ("Painting", "Education", "Happiness", "Worked") to the word lists; only
    used where a wrong guess is cheap (a capitalised word at the start of a sentence).
    """
    if _is_common_word(low):
        return True
    if "-" in low:
        return _looks_common(low.split("-", 1)[0])
    if low.endswith("n't") or "haha" in low:
        return True
    if len(low) < 5:
        return False
    if low.endswith("s") and (low[:-1] in _COMMON_WORDS or low[:-1] in STOPWORDS):
        return True
    if _PLURAL_RE.search(low) or (len(low) >= 6 and low.endswith("ed")):
        return True  # "Setbacks", "Challenges", "Worked" (not "James", "Lucas", "Charles")
    return len(low) >= 6 and _SUFFIX_COMMON_RE.search(low) is not None


def _scan_names(text: str, keys: set[str]) -> None:
    """Find proper nouns, acronyms and CamelCase words in (masked) text.

    Walks word and punctuation tokens, grouping consecutive capitalised words (with connectors
    such as "of"/"da") into names. Honorifics are dropped and their period ends no sentence. A
    capitalised sentence-initial word counts only if it does not look like a common English word
    and does not also appear lower-cased in the same text; a multi-word name loses leading
    sentence starters ("Yesterday Caroline" -> caroline) but keeps generic parts ("New York").
    """
    if not any(c.isupper() for c in text):
        return
    caps = _ALLCAPS_RE.findall(text)
    shouting = len(caps) >= 3 and len(caps) * 2 >= len(text.split())

    lower_seen: set[str] = set()
    groups: list[tuple[list[str], bool, bool]] = []  # (words, sentence_initial, after_title)
    seq: list[str] = []
    seq_initial = False
    seq_title = False
    sentence_start = True
    dot_pending = False  # a "." after an initial ("J. K. Rowling") or honorific ("Dr. Okafor")

    # One pass over (word, punctuation) tokens. Plain lower-case words, the bulk of any text, take
    # the first branch; the loop is written flat because it runs on every store and recall.
    for tok, punct in _WALK_RE.findall(text):
        if tok and tok.islower() and tok[0].islower():
            if "'" in tok:
                tok = tok.rpartition("'")[0] if tok.rpartition("'")[2] in _CLITICS else tok
            if seq and tok in _NAME_CONNECTORS and not dot_pending:
                seq.append(tok)
            else:
                lower_seen.add(tok)
                if seq:
                    groups.append((seq, seq_initial, seq_title))
                    seq = []
                seq_title = dot_pending = sentence_start = False
            continue
        if punct:
            if punct == "." and not dot_pending and (seq_title and not seq or seq and len(seq[-1]) == 1):
                dot_pending = True
                continue
            if seq:
                groups.append((seq, seq_initial, seq_title))
                seq = []
            seq_title = dot_pending = False
            if punct in _SENTENCE_END:
                sentence_start = True
            continue
        low = tok.lower()
        possessive = False
        if "'" in low:
            head, _, tail = low.rpartition("'")
            if tail in _CLITICS:
                possessive = tail == "s"
                tok, low = tok[: len(head)], head
        first_upper = tok[0].isupper() and not (shouting and tok.isupper())
        name_like = first_upper or (not tok[0].isupper() and not tok.islower())  # or CamelCase "iPhone"
        if dot_pending:
            dot_pending = False
            # After "J." or "Dr." a capitalised non-common word continues the name; anything
            # else means that period ended a sentence.
            if not (first_upper and not _is_common_word(low)):
                if seq:
                    groups.append((seq, seq_initial, seq_title))
                    seq = []
                seq_title = False
                sentence_start = True
        if first_upper and low in _TITLES:
            if seq:
                groups.append((seq, seq_initial, seq_title))
                seq = []
            seq_title = True
            sentence_start = False
            continue
        if name_like and not (
            low in _WEEKDAYS or (low in _FULL_MONTHS and not seq_title) or low in ("i", "a")
        ):
            if not seq:
                seq_initial = sentence_start
            seq.append(tok)
        elif seq and low in _NAME_CONNECTORS:
            seq.append(tok)
        else:
            lower_seen.add(low)
            if seq:
                groups.append((seq, seq_initial, seq_title))
                seq = []
            seq_title = False
        if possessive and seq:
            groups.append((seq, seq_initial, seq_title))
            seq = []
            seq_title = False
        sentence_start = False
    if seq:
        groups.append((seq, seq_initial, seq_title))

    for group, initial, after_title in groups:
        while group and group[-1].lower() in _NAME_CONNECTORS:
            group = group[:-1]
        while group and not after_title:
            low = group[0].lower()
            if (
                low in STOPWORDS
                or low in _NAME_CONNECTORS
                or (initial and low not in _NAME_PARTS and (_looks_common(low) or low in lower_seen))
            ):
                group = group[1:]
                initial = False
                continue
            break
        if not group:
            continue
        if len(group) == 1:
            word = group[0]
            low = word.lower()
            if len(word) == 1 or low in STOPWORDS or low in _CHAT_ABBREVS:
                continue
            if initial and not after_title and (_looks_common(low) or low in lower_seen):
                continue
        keys.add("name:" + _name_key(group))
        if len(group) > 1:
            for word in group:
                low = word.lower()
                if len(word) > 1 and low not in _NAME_CONNECTORS and not _is_common_word(low):
                    keys.add("name:" + _name_key([word]))


# ----------------------------------------------------------------------------------------------
# Entities
# ----------------------------------------------------------------------------------------------


def _host_key(url: str) -> str | None:
    if url.lower().startswith("www."):
        url = "http://" + url
    try:
        host = urlsplit(url).hostname
    except ValueError:
        return None
    if not host:
        return None
    host = host.rstrip(".").lower()
    if host.startswith("www."):
        host = host[4:]
    return f"host:{host}" if host else None


def _phone_key(m: re.Match[str]) -> str | None:
    digits = "".join(c for c in m.group() if c.isdigit())
    return "id:" + digits if len(digits) >= 7 else None


def _entities(text: str, now: datetime | None, keys: set[str]) -> str:
    """Add every entity key of ``text`` to ``keys``; return the masked text left for names."""
    text = _fold(text)
    work = list(text)

    def mask_all(regex: re.Pattern[str], make_key: object) -> None:
        nonlocal text
        changed = False
        for m in regex.finditer(text):
            if "\x00" in m.group(0):
                continue
            key = make_key(m)  # type: ignore[operator]
            if key:
                keys.add(key)
            _mask(work, m.start(), m.end())
            changed = True
        if changed:
            text = "".join(work)

    if "://" in text or "www." in text.lower():
        mask_all(_URL_RE, lambda m: _host_key(m.group().rstrip(".,;:!?")))
    if "@" in text:
        mask_all(_EMAIL_RE, lambda m: "email:" + m.group().lower())
        mask_all(_HANDLE_RE, lambda m: "handle:" + m.group(1).lower())
    if "#" in text:
        mask_all(_HASHTAG_RE, lambda m: "tag:" + m.group(1).lower())
    if "." in text and _DOMAIN_HINT_RE.search(text):
        mask_all(_DOMAIN_RE, lambda m: "host:" + m.group(1).lower().removeprefix("www."))

    mentions, words = _scan_dates(work, now)
    for mention in mentions:
        _date_keys(keys, mention)
    text = "".join(work)

    if _IDISH_RE.search(text):
        mask_all(_ID_RE, lambda m: "id:" + m.group().lower())
    if _DIGIT_RE.search(text):
        mask_all(_TIME_RE, lambda m: None)
        mask_all(_VERSION_RE, lambda m: "id:" + m.group())
        mask_all(_PHONE_RE, _phone_key)
        _scan_numbers(work, text, keys)
        text = "".join(work)
    if not words.isdisjoint(_NUMBER_WORDS):
        for m in _NUMBER_WORD_RE.finditer(text):
            value = _NUMBER_WORDS[m.group(1).lower()]
            if m.group(2):
                value += _NUMBER_WORDS[m.group(2).lower()]
            keys.add(f"num:{value}")
    return text


def extract_entities(text: str, *, now: datetime | None = None) -> frozenset[str]:
    """Exact-match keys for the entity lane and supersession (formats in the module docstring).

    ``now`` resolves relative dates ("yesterday", "last week", "2 days ago", "last Tuesday") into
    ``date:``/``week:`` keys; without it they are ignored. Never raises on any string.
    """
    if not text:
        return frozenset()
    keys: set[str] = set()
    masked = _entities(text, now, keys)
    _scan_names(masked, keys)
    return frozenset(keys)


def query_entity_candidates(text: str, *, now: datetime | None = None) -> frozenset[str]:
    """Entity keys for a *query*, which is often typed in lower case.

    Returns :func:`extract_entities` plus a ``name:`` key for every non-stopword word and every
    2-4 word run (connectors like "of" allowed inside, honorifics dropped), so that
    "what did dr okafor prescribe" yields ``name:okafor`` and "trip to new york" yields
    ``name:new york``. Most of these match nothing; the entity lane intersects them with stored keys.
    """
    if not text:
        return frozenset()
    keys: set[str] = set()
    masked = _entities(text, now, keys)
    _scan_names(masked, keys)
    run: list[str] = []
    runs: list[list[str]] = []
    for m in _WALK_RE.finditer(masked):
        if m.lastgroup == "p":
            if m.group() != "." or not run or run[-1] not in _TITLES:
                runs.append(run)
                run = []
            continue
        low = m.group().lower()
        if "'" in low:
            head, _, tail = low.rpartition("'")
            if tail in _CLITICS:
                low = head
        run.append(low)
    runs.append(run)
    for words in runs:
        n = len(words)
        for i, first in enumerate(words):
            if first in STOPWORDS or first in _TITLES or first in _NAME_CONNECTORS:
                continue
            if len(first) > 1:
                keys.add("name:" + _strip_accents(first))
            for j in range(i + 1, min(i + 4, n)):
                word = words[j]
                if word in _NAME_CONNECTORS:
                    continue
                if word in STOPWORDS or word in _TITLES:
                    break
                keys.add("name:" + _strip_accents(" ".join(words[i : j + 1])))
    return frozenset(keys)


# ----------------------------------------------------------------------------------------------
# Time ranges and question tense
# ----------------------------------------------------------------------------------------------


def _span(start: date, end: date, now: datetime) -> tuple[datetime, datetime]:
    return (
        datetime.combine(start, time.min, tzinfo=now.tzinfo),
        datetime.combine(end, time.min, tzinfo=now.tzinfo),
    )


def parse_when(text: str, *, now: datetime) -> tuple[datetime, datetime] | None:
    """Best-effort time range ``[start, end)`` named in a query, relative to ``now``.

    Handles explicit dates ("on 14 March 2023", "in May 2023", "in 2019"), relative ones
    ("yesterday", "last week", "last year", "3 months ago", "last Tuesday"), spans ("past 3 days",
    "last 2 weeks" -> ending at ``now``) and "since <date>". A date without a year ("March 14",
    "in May") is the most recent one not after ``now`` — or the next one if the query is about
    the future ("will", "next", "planning to"). The first mention in the text wins. Datetimes carry
    ``now``'s tzinfo. Returns None when nothing is found.
    """
    if not text:
        return None
    folded = _fold(text)
    today = now.date()
    span = _SPAN_RE.search(folded)
    work = list(folded)
    mentions = sorted(_scan_dates(work, now)[0], key=lambda m: m[0])
    if span and (not mentions or span.start() <= mentions[0][0]):
        n, unit = _count(span.group("n")), span.group("unit").lower()
        if unit == "day":
            start_dt = now - timedelta(days=n)
        elif unit == "week":
            start_dt = now - timedelta(weeks=n)
        elif unit == "month":
            start_dt = datetime.combine(_add_months(today, -n), now.timetz())
        else:
            start_dt = datetime.combine(_add_months(today, -12 * n), now.timetz())
        return (start_dt, now)
    if not mentions:
        return None
    first = mentions[0]
    _, _, y, mo, d, week = first
    future = _FUTURE_RE.search(folded) is not None
    try:
        if week is not None:
            monday = date.fromisocalendar(week[0], week[1], 1)
            rng = (monday, monday + timedelta(days=7))
        elif y is not None and mo is not None and d is not None:
            day = date(y, mo, d)
            rng = (day, day + timedelta(days=1))
        elif y is not None and mo is not None:
            start = date(y, mo, 1)
            rng = (start, _add_months(start, 1))
        elif y is not None:
            rng = (date(y, 1, 1), date(y + 1, 1, 1))
        elif mo is not None and d is not None:
            year = today.year
            day = date(year, mo, min(d, calendar.monthrange(year, mo)[1]))
            if future and day < today:
                day = date(year + 1, mo, min(d, calendar.monthrange(year + 1, mo)[1]))
            elif not future and day > today:
                day = date(year - 1, mo, min(d, calendar.monthrange(year - 1, mo)[1]))
            rng = (day, day + timedelta(days=1))
        elif mo is not None:
            year = today.year
            if future and mo < today.month:
                year += 1
            elif not future and mo > today.month:
                year -= 1
            start = date(year, mo, 1)
            rng = (start, _add_months(start, 1))
        else:
            return None
    except (ValueError, OverflowError):
        return None
    start_dt, end_dt = _span(rng[0], rng[1], now)
    before = folded[: first[0]].rstrip().lower()
    if before.endswith("since"):
        return (start_dt, now) if start_dt <= now else None
    return (start_dt, end_dt)


def is_past_question(text: str) -> bool:
    """True when a question is clearly about the past, so superseded memories are relevant too.

    Purely lexical: past auxiliaries after a question word ("when did", "what was", "where were"),
    markers such as "originally", "at first", "used to", "previously", "back in", "ago",
    "last year", and explicit years ("in 2019") unless the question talks about plans. Present-tense
    questions ("what is X's current job", "where does X live") are False.
    """
    if not text:
        return False
    folded = _fold(text)
    if _PAST_RE.search(folded):
        return True
    return _EXPLICIT_YEAR_RE.search(folded) is not None and not _FUTURE_YEAR_RE.search(folded)
