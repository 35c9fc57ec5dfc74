"""Names: ``name:`` entity keys for proper nouns, acronyms and CamelCase words.

The scanner runs last, on text whose URLs, dates, numbers and identifiers are already masked, and
decides from capitalisation and word lists what is a name: "Dr. Okafor" -> ``name:okafor``, "New
York" -> ``name:new york`` and ``name:york``, "NASA" -> ``name:nasa``, "iPhone" -> ``name:iphone``
(lower-case, diacritics stripped). Internal to ``memlane.text``.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from .cjk import RANGES as _CJK_RANGES
from .cjk import has_cjk
from .dates import _FULL_MONTHS, _MONTHS, _WEEKDAYS
from .legal_forms import PARTNERSHIP_WORDS, legal_form_length
from .numbers import _NUMBER_WORDS
from .words import _CLITICS, STOPWORDS, _strip_accents, _words

if TYPE_CHECKING:
    from collections.abc import Sequence

# ----------------------------------------------------------------------------------------------
# Word tables and regular expressions
# ----------------------------------------------------------------------------------------------

#: Honorifics stripped from names ("Dr. Okafor" -> okafor); their trailing period ends no sentence.
_TITLES: frozenset[str] = _words(
    "dr doctor mr mrs ms mx miss mister prof professor sir dame rev revd fr capt sgt lt col gen hon"
)

#: Lower-case words allowed inside a multi-word name ("Bank of America", "Leonardo da Vinci").
_NAME_CONNECTORS: frozenset[str] = _words("of the de da del della di du van von der den la le y")

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

#: top-level domains of a web address written as a name ("Amazon.com", "Booking.com"): the entity
#: scanner's domains (``entities._DOMAIN_RE``) and the name walker's one-word names
_TLDS = "com|org|net|io|ai|dev|edu|gov|app|co\\.uk|co|info|biz|xyz|tech|tv|uk|ca|de|fr|au|jp|nl|es"

#: Words (and the punctuation between them) for the name walker, run on text whose URLs, dates,
#: numbers and identifiers are already masked out with NUL characters. A word may hold an apostrophe
#: or hyphen ("L'Oréal"), an ampersand between letters with no space ("AT&T", "H&M"), a letter in quotes
#: ('Toys"R"Us'; not 'said"Hi"') and a web address's top-level domain ("Booking.com": the entity scanner leaves a
#: capitalised one for names).
_WALK_RE = re.compile(
    r"(?P<w>[^\W\d_](?:[^\W_]|['\-&](?=[^\W_])|[\"“][^\W\d_][\"”](?=[^\W_])"
    rf"|\.(?=(?:{_TLDS})(?![\w\-]|\.[a-z0-9])))*)"
    r"|(?P<p>\x00+|\n|[^\w\s])"
)
_SENTENCE_END = frozenset('.!?\n:;"(')
_ALLCAPS_RE = re.compile(r"\b[A-Z]{2,}\b")
_SUFFIX_COMMON_RE = re.compile(
    r"(?:ing|ings|tion|tions|sion|ness|ment|ments|ities|ity|ies|ful|ously|ally|[^eil]ly)$"
)
#: an English plural by its ending ("Setbacks", "Challenges"); a vowel before the final "s" is none
#: ("Thomas", "Lucas"), nor is an accented one ("Tomás", "Andrés", "Matías", "Jesús": a stressed
#: syllable of a Spanish or Portuguese name, which no English plural ends in)
_PLURAL_RE = re.compile(r"(?:[^aeiousyàáâãäåèéêëìíîïòóôõöùúûüýÿ']s|(?:ch|sh|g|x|z|v|t|d|k|p|r)es)$")


#: a word wholly in Han, kana or Hangul, of 2-4 characters: a name written in a CJK script inside a
#: sentence of another ("My manager is 田中太郎"); see ``_scan_names``
_CJK_NAME_RE = re.compile(f"[{_CJK_RANGES}]{{2,4}}")

#: the languages (ISO 639-1) of ``stopwordsiso``'s lists whose words are written in a cased script, by
#: script: a Greek or Cyrillic word is read as its languages' on sight; a word in Latin letters only
#: when the text holds another function word of that language that is no English word
#: (``_foreign_function_word``)
_GREEK_LANGUAGES = ("el",)
_CYRILLIC_LANGUAGES = ("ru", "uk", "bg")
_LATIN_LANGUAGES = (
    *("ca", "cs", "da", "de", "es", "fi", "fr", "hr", "hu", "id", "it"),
    *("ms", "nl", "no", "pl", "pt", "ro", "sk", "sl", "sv", "tr", "vi"),
)


@cache
def _function_words(language: str) -> frozenset[str]:
    """A language's function words (``stopwordsiso``, MIT), lower-case, accents stripped as keys are."""
    from stopwordsiso import stopwords

    return frozenset(_strip_accents(w.strip().lower()) for w in stopwords(language) if w.strip())


@lru_cache(maxsize=1)
def _english_function_words() -> frozenset[str]:
    return _function_words("en") | STOPWORDS


@lru_cache(maxsize=4096)
def _english_word(low: str) -> bool:
    """An English word by the word lists (memlane's and lemminflect's lemma table)."""
    if low in _english_function_words() or low in _COMMON_WORDS or _is_common_word(low):
        return True
    from .lexicon import lemminflect

    return bool(lemminflect().getAllLemmas(low))


def _foreign_function_word(low: str, lower_seen: set[str]) -> bool:
    """A sentence-initial capitalised word that is a function word of a language other than English
    ("Το", "Мой", "Это", "Η"; "Mi" of "Mi jefe es Juan"), which the English word lists miss: no name.
    A Greek or Cyrillic word is looked up in its languages' lists; a word in Latin letters only when the
    text's lower-case words (``lower_seen``) hold another function word of the same language that is no
    English word ("es" of "Mi jefe es Juan"): the lists of languages written in Latin letters hold
    given names ("Ben", "Dan", "Han", "Per", "Anh"), which start English sentences."""
    if low.isascii() and not lower_seen:
        return False
    folded = _strip_accents(low)
    first = low[0]
    if "\u0370" <= first <= "\u03ff" or "\u1f00" <= first <= "\u1fff":
        return any(folded in _function_words(lang) for lang in _GREEK_LANGUAGES)
    if "\u0400" <= first <= "\u052f":
        return any(folded in _function_words(lang) for lang in _CYRILLIC_LANGUAGES)
    if not first.isascii() and not ("\u00c0" <= first <= "\u024f"):
        return False
    for lang in _LATIN_LANGUAGES:
        words = _function_words(lang)
        if folded in words and any(
            w != low and _strip_accents(w) in words and not _english_word(w) for w in lower_seen
        ):
            return True
    return False


# ----------------------------------------------------------------------------------------------
# Scanning
# ----------------------------------------------------------------------------------------------


def _name_key(words: list[str]) -> str:
    return _strip_accents(" ".join(w.lower() for w in words))


#: words that join two names into one organisation's name ("Procter & Gamble", "Smith and Partners")
_JOINERS = frozenset({"&", "and"})


def _name_like(tok: str) -> bool:
    """A word that can start a name: capitalised or CamelCase."""
    return bool(tok) and not tok.islower()


def _written_as_form(word: str, dotted: bool) -> bool:
    """A word written as a legal form is, not as a word or a country's code: initials with full stops
    ("S.A."), a word with a full stop after it that is not in capitals ("Inc.", "Ltd."; not "UK."), three
    capitals or more ("LLC", "PLC") or capitals inside a word in lower case ("GmbH")."""
    if "." in word or len(word) >= 3 and word.isupper():
        return True
    return not word.isupper() and (dotted or any(c.isupper() for c in word[1:]))


def _form_ahead(toks: Sequence[tuple[str, str]], at: int, *, comma: bool, after: str = "") -> bool:
    """Whether the capitalised words after a joiner or comma at ``toks[at]`` end in a legal form or a
    partnership word, so that the name goes on across it: "Baker and McKenzie LLP", "Smith, Jones and
    Partners", "Acme, Inc.", "Amazon.com, Inc.". After a comma (``comma``) the legal form must come
    right after it or after a joiner ("Smith, Jones and Partners", not "Paris, London Ltd") and be
    written as one (:func:`_written_as_form`: "Paris, UK" is no company, "Acme, Inc." is). ``after``: the
    word before a full stop at ``toks[at]``, which must be a legal form too ("Pte. Ltd.", "& Co. KG")."""
    if after and not legal_form_length([after.lower()]):
        return False
    words: list[str] = []  # folded
    dotted: list[bool] = []
    written: list[str] = []
    joined_at = -1
    j = at + 1
    end = min(len(toks), at + 16)
    while j < end:
        tok, punct = toks[j]
        if tok:
            if tok in _JOINERS:
                joined_at = len(words)
                words.append(tok)
            elif tok[0].isupper():
                words.append(tok.lower())
            else:
                break
            written.append(tok)
            dotted.append(False)
        elif punct == "&" and words:
            joined_at = len(words)
            words.append("&")
            written.append("&")
            dotted.append(False)
        elif punct == "," and comma and words:
            pass
        elif punct == "." and words and words[-1] not in _JOINERS:
            dotted[-1] = True
            nxt = toks[j + 1][0] if j + 1 < end else ""
            if len(words[-1]) <= 2 and len(nxt) == 1 and nxt.isupper():  # "S.A.", "L.P."
                words[-1] += nxt.lower()
                written[-1] += "." + nxt
                j += 2
                continue
            break
        else:
            break
        j += 1
    size = legal_form_length(words) if words and words[-1] not in _JOINERS else 0
    form = [k for k in range(len(words) - size, len(words)) if words[k] not in _JOINERS]
    if not form or any(words[k] in STOPWORDS or len(words[k]) < 2 for k in form):
        return False  # (cleanco lists "a", "at", "as" among its forms)
    if not comma:
        return True
    if (
        not after
        and words[-1] not in PARTNERSHIP_WORDS
        and not all(_written_as_form(written[k], dotted[k]) for k in form)
    ):
        return False
    return form[0] == 0 or 0 <= joined_at < form[0]


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
        # "Setbacks", "Challenges", "Worked" (not "James", "Lucas", "Charles"; nor "Dolores", "Mohamed")
        return not _given_name_no_english_word(low)
    return (
        len(low) >= 6 and _SUFFIX_COMMON_RE.search(low) is not None and not _given_name_no_english_word(low)
    )


def _given_name_no_english_word(low: str) -> bool:
    """Whether a lower-cased word whose ending looks English ("-s", "-es", "-ed", "-ing", "-ly"...) is a
    given name the tables know ("Dolores", "Mercedes", "Andres", "Anders", "Georges", "Mohamed", "Alfred",
    "Beverly", "Xiaoming") and no word of lemminflect's English lemma table, which lists common nouns,
    verbs and their forms but no names ("pages", "worked", "sterling", "darling" are words there): a name
    then, not a plural or a past tense guessed by its ending. Only asked of a sentence's first word."""
    from .given_names import _fold, is_given_name
    from .lexicon import lemminflect

    return is_given_name(_fold(low)) and not lemminflect().getAllLemmas(low)


def _cjk_alone(toks: Sequence[tuple[str, str]], at: int) -> bool:
    """Whether the word at ``toks[at]`` stands between words of no CJK script: the nearest word before
    it and the nearest after it (where there is one; at least one) hold no Han, kana or Hangul. A run of
    CJK characters inside a sentence of CJK words is not cut into names here (that needs a segmenter)."""
    seen = False
    for step in (-1, 1):
        j = at + step
        while 0 <= j < len(toks) and not toks[j][0]:
            j += step
        if 0 <= j < len(toks):
            if has_cjk(toks[j][0]):
                return False
            seen = True
    return seen


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
    toks = _WALK_RE.findall(text)
    for at, (tok, punct) in enumerate(toks):
        if tok and tok.islower() and tok[0].islower():
            if "'" in tok:
                tok = tok.rpartition("'")[0] if tok.rpartition("'")[2] in _CLITICS else tok
            if (
                seq
                and not dot_pending
                and (tok in _NAME_CONNECTORS or tok == "and" and _form_ahead(toks, at, comma=False))
            ):
                seq.append(tok)
            else:
                lower_seen.add(tok)
                if seq:
                    groups.append((seq, seq_initial, seq_title))
                    seq = []
                seq_title = dot_pending = sentence_start = False
            continue
        if punct:
            if seq and not dot_pending and punct in "&,":
                # a name goes on across "&" ("Procter & Gamble", "Baker & McKenzie LLP") and across a
                # comma before its legal form ("Acme, Inc.", "Smith, Jones and Partners")
                if punct == "&" and at + 1 < len(toks) and _name_like(toks[at + 1][0]):
                    seq.append("&")
                    continue
                if punct == "," and _form_ahead(toks, at, comma=True):
                    continue
            if (
                punct == "."
                and seq
                and not dot_pending
                and 1 < len(seq[-1]) <= 4
                and _form_ahead(toks, at, comma=True, after=seq[-1])
            ):
                continue  # a legal form's full stop before another: "Sao Viet Pte. Ltd.", "Sachs & Co. LLC"
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
        # or CamelCase "iPhone"; a word with no upper-case letter (Japanese, Arabic: scripts without
        # case) is no name by its capitalisation, else a name swallowed the sentence after it
        name_like = first_upper or (tok[0].islower() and not tok.islower())
        initial_letter = dot_pending and len(tok) == 1 and bool(seq) and len(seq[-1]) == 1  # "S.A."
        if dot_pending:
            dot_pending = False
            # After "J." or "Dr." a capitalised non-common word continues the name, as does an
            # initial after an initial ("S.A.", "J. A. Smith"); anything else means that period ended
            # a sentence.
            if not (first_upper and (initial_letter or not _is_common_word(low))):
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
        if not name_like and _CJK_NAME_RE.fullmatch(tok) and _cjk_alone(toks, at):
            # a name in a CJK script (no case, no spaces) standing alone among words of another script
            if seq:
                groups.append((seq, seq_initial, seq_title))
                seq = []
            groups.append(([tok], False, False))
            seq_title = sentence_start = False
            continue
        if name_like and not (
            low in _WEEKDAYS
            or (low in _FULL_MONTHS and not seq_title)
            or (low in ("i", "a") and not initial_letter)
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
        while group and (group[-1].lower() in _NAME_CONNECTORS or group[-1] in _JOINERS):
            group = group[:-1]
        while group and not after_title:
            low = group[0].lower()
            if (
                low in STOPWORDS
                or low in _NAME_CONNECTORS
                or low == "&"
                or (
                    initial
                    and low not in _NAME_PARTS
                    and (_looks_common(low) or low in lower_seen or _foreign_function_word(low, lower_seen))
                    # (a sentence's first word joined to a name by "&" is the name's: "Marks & Spencer")
                    and not (len(group) > 2 and group[1] == "&" and not _looks_common(group[2].lower()))
                )
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
            if (
                initial
                and not after_title
                and (_looks_common(low) or low in lower_seen or _foreign_function_word(low, lower_seen))
            ):
                continue
        keys.add("name:" + _name_key(group))
        if "&" in group:
            # each of the names an "&" joins is a key too ("Bank of America & Merrill Lynch"), as it was
            # before they were joined; ``graph.linking`` links the whole
            side: list[str] = []
            for word in [*group, "&"]:
                if word != "&":
                    side.append(word)
                    continue
                if len(side) > 1:
                    keys.add("name:" + _name_key(side))
                side = []
        for word in group if len(group) > 1 else ():
            low = word.lower()
            if len(word) > 1 and low not in _NAME_CONNECTORS and not _is_common_word(low):
                keys.add("name:" + _name_key([word]))
        for word in group:
            if "." in word:  # a web address as a name: its name without the domain, "Amazon.com" -> amazon
                low = word.lower().partition(".")[0]
                if len(low) > 1 and not _is_common_word(low):
                    keys.add("name:" + _name_key([low]))
