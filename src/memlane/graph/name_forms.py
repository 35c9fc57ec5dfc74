"""Forms of a person's name that are not in the given-name tables: generational suffixes, honorific
suffixes and the spelling conventions of romanisation.

* **Generation** — "Jr.", "Sr.", "II", "III", "IV", and "Junior" / "Senior" spelled out: "Tom Baker Jr."
  is Tom Baker's son, not another spelling of his name, so resolution keeps the suffix as part of who the
  person is ("Richard Hollis Junior" is "Richard Hollis Jr.").
* **Kinship words** — a parent or grandparent called by what the family calls them, in one language or
  another ("Mom", "Mum", "Mama", "Mutti", "Maman": the mother; "Oma", "Nonna", "Babcia", "Granny": the
  grandmother). A closed class of words, like titles; the ones that are also given names or
  surnames ("Nana", "Mae", "Ma", "Pa", "Tata") are left out.
* **Honorific suffixes** — Japanese and Korean honorifics written after a name with a hyphen
  ("Tanaka-san", "Kim-ssi"): like a title before a name ("Dr."), they are not part of it.
* **Words of address in other languages** — what a name is called by as a courtesy or a role, before it
  ("Maestro Ferrabosco", "Encik Faizal", "Mzee Ali", "Oom Hennie", "Matua Wiremu", "Ato Kebede",
  "Teacher Liu") or written in lower case after it ("Gulzat eje", "Bishnu dai", "Kovács úr", "Ahmet bey",
  "Sunita aunty"), by language: Italian, Spanish, Portuguese, French, German, Dutch and Afrikaans,
  Finnish, Estonian, Lithuanian, Latvian, Polish, Czech, Hungarian, Romanian, Slovene, Greek, Turkish,
  Arabic, Persian, Kurdish, South Asian languages, Thai, Khmer, Vietnamese, Malay and Indonesian,
  Filipino, Swahili, West African usage (Wolof "Yaay"), Amharic, Māori, Hebrew, Armenian ("Varpet",
  a master craftsman), Georgian, Greek and South Slavic "Kapetan", Italian "Dottor", Central Asian
  languages and English roles. A closed class, like titles, with the gender each states; left out are
  the words that are also given names or family names in the tables resolution reads ("Si", "Bi", "Kak",
  "Agha", "Tuan", "Ong", "Sri"...) and those that name a parent by a child's name ("Mama Ali", "Baba",
  "Iya": a teknonym, like "Abu"). Resolution reads them apart from titles: only when the whole name fits
  no one, the name without the word is tried (``resolution``).
* **Romanisation key** — one name romanised by different conventions ("Dmitry" / "Dmitriy", "Yekaterina"
  / "Ekaterina", "Mohammed" / "Mohamed", "Nowak" / "Nowack", "Mikhail" / "Mihail"). The key folds the
  spellings that transliteration systems disagree on — a doubled letter, ``y`` / ``i``, a ``j`` after a
  vowel, ``ye`` at the start, ``kh`` / ``h``, ``ph`` / ``f``, ``w`` / ``v``, ``ks`` / ``x``, ``ck`` / ``k``,
  ``th`` / ``t``, Greek "Γι" before a vowel written ``gi`` or ``yi`` at the start ("Giorgos" / "Yiorgos",
  "Giannis" / "Yiannis"), German ``tsch`` and English ``tch`` / ``ch``, ``sch`` / ``sh``, a Russian surname's
  ending ``-off`` / ``-ov`` ("Smirnoff" / "Smirnov" / "Smirnow"), a long ``o`` at the end of a word written ``ou`` or ``oh`` (Japanese: "Satou" /
  "Satoh" / "Sato") — and nothing else: vowels are kept ("Carl" is not "Carol", "Daniel" not "Daniela",
  "Martin" not "Morton"). Resolution uses it only on one part of a full name whose other parts are the
  same, so the rest of the name corroborates it.
* **Transposed letters** — two neighbouring letters swapped ("Terrafrom", "Promethues", "Speilberg"),
  the commonest typing error. Unlike other one-letter changes it rarely turns a name into another
  name ("Kowalska" / "Kowalski" is a change of letter, a woman's and a man's form of a surname).
* **Short forms made by morphology** — a given name cut short ("Venkat" / "Venkatesh", "Álex" /
  "Alejandro", "Lupe" / "Guadalupe") or a stem of it with a diminutive ending ("Kasia" / "Katarzyna",
  "Kolya" / "Nikolai", "Juanito" / "Juan"), the ways short forms are made across European languages.
  Listed short forms that share no letters with their names ("Paco" / "Francisco") are a table's job;
  these rules cover the forms no table lists, so resolution uses them only between two full names of one
  surname (the surname corroborates them) and never on a given name alone.
* **A name's consonants across scripts** — a person's name written in another script and in Latin
  letters ("يوسف بناني" / Youssef Bennani, "Γιώργος Παπαδόπουλος" / Georgios Papadopoulos, "שירה לוי" /
  Shira Levi, "प्रिया शर्मा" / Priya Sharma), both read letter by letter (``anyascii``): the consonants
  in order, the digraphs romanisations write for one sound read as one ("kh", "sh", "ch", "ph", "th", "gh",
  "dh", "zh", "ck"), "b" and "v" one letter, "q" and "c" a "k", doubled letters once, vowels, "y", "w"
  and "h" left out (``consonant_skeleton``). A script written without its short vowels (Arabic, Hebrew,
  Persian, Urdu: ``abjad``) writes long vowels with the letters read "w", "v" or "y": there "w" and "v"
  may be a "b" / "v" of the Latin spelling or nothing, and a word's first "l" may be the article "al-"
  ("الرحمن" / Rahman, "الراشد" / Al-Rashid) (``skeleton_pattern``).
* **A vowel slipped** — one vowel inside a long given name written as another, added or left out
  ("Katharine" / "Katherine" / "Kathrine", "Bartholemew" / "Bartholomew"): how a name heard or
  remembered is misspelt. The start and the last letter are kept (an ending that changes tells
  another name or gender: "Roberto" / "Roberta", "Martina" / "Martine"), and so are the consonants.

Pure functions on folded (lower-case ASCII) words; nothing is read at import time.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = [
    "DIMINUTIVE_ENDINGS",
    "HYPOCORISTIC_VOWELS",
    "TRANSPOSITION_KEPT_START",
    "GENERATIONS",
    "HONORIFIC_SUFFIXES",
    "WORDS_OF_ADDRESS_AFTER",
    "WORDS_OF_ADDRESS_ALSO_NAMES",
    "WORDS_OF_ADDRESS_BEFORE",
    "KINSHIP_WORDS",
    "KIN_ALONE",
    "kin_alone",
    "generation",
    "is_short_form",
    "is_transposition",
    "is_vowel_slip",
    "romanisation_key",
    "consonant_skeleton",
    "skeleton_keys",
    "skeleton_pattern",
    "latin_vowel_skeleton",
    "undoubled",
]

#: Generational suffixes and the generation each names ("jnr" is "jr").
GENERATIONS = {
    "jr": "jr",
    "jnr": "jr",
    "junior": "jr",
    "sr": "sr",
    "snr": "sr",
    "senior": "sr",
    "ii": "ii",
    "iii": "iii",
    "iv": "iv",
}
#: A name that is a kinship word alone, and the relative it names (see the module docstring).
KINSHIP_WORDS = {
    **dict.fromkeys(
        ["mom", "mum", "mama", "mamma", "mommy", "mummy", "mother", "maman", "mutti", "madre", "mamusia"],
        "mother",
    ),
    **dict.fromkeys(["dad", "daddy", "papa", "pappa", "father", "vati", "padre", "tatus"], "father"),
    **dict.fromkeys(
        ["grandma", "granny", "grandmother", "oma", "nonna", "abuela", "babcia", "babushka"], "grandmother"
    ),
    **dict.fromkeys(
        ["grandpa", "granddad", "grandad", "grandfather", "opa", "nonno", "abuelo", "dziadek", "dedushka"],
        "grandfather",
    ),
}
#: A parent or grandparent called by a word of the family's language alone ("Abbu", "Mãe", "Taid",
#: "Jiddi", "Ah Ma"), and the relatives it can name (casefolded as written, accents kept; a word of
#: several meanings names each: "baba" is a father in Arabic, Persian, Turkish and Swahili, a
#: grandmother in Slavic languages). Wider than :data:`KINSHIP_WORDS`: it keeps the words that are also given names or
#: surnames ("Ma", "Pa", "Nana", "Oma"), because resolution reads it only as a fallback, when the word fits
#: no one by its name, and only links to the one person a sentence said is the writer's relative of
#: that kind ("Georges Haddad is my father": ``said.relations``). Written from the languages' usage.
KIN_ALONE: dict[str, frozenset[str]] = {
    word: frozenset(kin.split())
    for kin, words in {
        "mother": "mom mum mama mamma mommy mummy mother maman mutti madre mamusia mamá mãe mẹ ammi ammu "
        "ammee umma eomma okaasan okasan ima imma mami mamka majka nanay inay ma maa aai amai amma "
        "moeder mor mamina mamita",
        "father": "dad daddy papa pappa father vati padre tatus tata tato tatko pai papai bố abbu abba "
        "abbi abbaji bapu bapuji pitaji appa appaji abeoji otousan otosan tatay itay pop pops pa "
        "papá papi vader far isä aba abah ayah bapak babo",
        "father grandmother": "baba",
        "grandmother": "grandma granny grandmother gran nan oma nonna abuela abuelita babcia babushka "
        "babulya bubbe bubby savta teta sitti sitto jaddah jadda nani dadi ammamma ammachi avó vovó vó "
        "mormor farmor mamie mémé nain halmeoni obaasan obachan ahma amah popo nainai laolao yiayia "
        "giagia bunica buni nagymama mummo ouma lola",
        "grandmother grandfather": "nana",
        "grandfather": "grandpa granddad grandad grandfather grampa gramps opa nonno abuelo abuelito "
        "dziadek dziadzia dedushka deda dedo zayde saba jiddo jiddi jeddo jaddi sido thatha taid avô "
        "vovô morfar farfar pépé papy harabeoji ojiisan ojichan ahgong ahkong yeye laoye gonggong "
        "pappous papou bunic nagypapa ukki oupa dede lolo",
        "father grandfather": "dada",
    }.items()
    for word in words.split()
}
#: ...and in the languages that write them in lower case in a sentence, or with a possessive ending:
#: Italian "papà", "mammà"; Hungarian "anyu", "anyuka", "apu", "apuka", "nagyi", "nagyapa"; Uzbek
#: "dadam", "onam", "oyim", "buvim", "bobom" and Turkish "babam", "annem" ("my father", "my mother"...)
_MORE_KIN = {
    "mother": "mammà anyu anyuka anyukám édesanyám onam oyim annem anam",
    "father": "papà apu apuka apukám édesapám dadam otam babam",
    "grandmother": "nagyi buvim buvijon babaannem anneannem",
    "grandfather": "nagyapa nagypapám bobom dedem",
}
KIN_ALONE.update({word: frozenset([kin]) for kin, words in _MORE_KIN.items() for word in words.split()})
#: kinship words alone that are read in lower case although written in ASCII (no English words)
_LOWER_CASE_KIN = frozenset(
    word for words in _MORE_KIN.values() for word in words.split() if word.isascii() and len(word) >= 4
)
#: two-word forms, the first a word of the Hokkien and Cantonese diminutive ("Ah Ma", "Ah Gong")
_KIN_PAIRS = {"ah ma": "ahma", "ah gong": "ahgong", "ah kong": "ahkong", "ah mah": "ahma", "a ma": "ahma"}


def kin_alone(name: str) -> frozenset[str]:
    """The relatives a name that is a kinship word alone can name ("Abbu": father; "Baba": father or
    grandmother), empty for any other name. Capitalised, as a name is written."""
    text = " ".join(name.split())
    word = text.casefold()
    if not text[:1].isupper() and (len(word) < 4 or word.isascii()) and word not in _LOWER_CASE_KIN:
        # in lower case, only a word that is no other English word: one with an accent ("papá",
        # "papà") or a listed one of the family's language ("anyu", "dadam"); "pa", "nan", "pop" are not
        return frozenset()
    word = _KIN_PAIRS.get(word, word)
    if " " in word:
        return frozenset()
    # (as written: "Mẹ", "Bố", "Mãe" are listed with their accents; without them, "Me", "Bo" and "Mae"
    # are other words or names)
    return KIN_ALONE.get(word, frozenset())


#: English kinship words written as a title before a name ("Cousin Ebo", "Auntie Esi", "Uncle Femi",
#: "Grandma Rose"), and the relative each says the person is to the writer (as ``said.relations`` names
#: it). Not "Brother" and "Sister" (religious titles), "Mama", "Papa" and "Nana" (titles of respect and
#: given names in many languages), nor "Mum" or "Dad" before a name.
KIN_TITLES = {
    **dict.fromkeys(["cousin"], "cousin"),
    **dict.fromkeys(["aunt", "auntie", "aunty"], "aunt"),
    **dict.fromkeys(["uncle"], "uncle"),
    **dict.fromkeys(["grandma", "granny", "grandmother"], "grandmother"),
    **dict.fromkeys(["grandpa", "granddad", "grandad", "grandfather"], "grandfather"),
}


def kin_title(name: str) -> str | None:
    """The relative a name's first word says its person is, written as a title before a capitalised
    name ("Cousin Ebo": cousin; "Auntie Esi": aunt), else None ("Cousin" alone, "Uncle Sam's")."""
    words = name.split()
    if len(words) < 2 or not words[0][:1].isupper() or not words[1][:1].isupper():
        return None
    return KIN_TITLES.get(words[0].casefold().rstrip("."))


#: Honorifics written after a name with a hyphen (Japanese, Korean).
HONORIFIC_SUFFIXES = frozenset(["san", "sama", "kun", "chan", "sensei", "senpai", "sempai", "ssi", "nim"])

#: Words of address before a name (folded), with the gender each states (see the module docstring).
WORDS_OF_ADDRESS_BEFORE: dict[str, str | None] = {
    # Italian, Spanish, Portuguese, French
    "maestro": "m", "maestra": "f", "dottore": "m", "dottoressa": "f", "ingegnere": None, "avvocato": "m",
    "avvocata": "f", "zio": "m", "licenciado": "m", "licenciada": "f", "profe": None, "abuelo": "m",
    "abuela": "f", "padrino": "m", "madrina": "f", "compadre": "m", "comadre": "f", "seu": "m", "dom": "m",
    "seno": "f",  # Central American "Seño" (a woman teacher, señora)
    "doutor": "m", "doutora": "f", "mestre": "m", "maitre": None, "tonton": "m", "tatie": "f", "mamie": "f",
    "papi": "m", "pere": "m", "mere": "f", "soeur": "f", "frere": "m",
    # German, Dutch, Afrikaans, Finnish, Estonian, Baltic, Polish, Czech, Hungarian, Romanian, Slovene, Greek
    "onkel": "m", "tante": "f", "opa": "m", "oma": "f", "oom": "m", "mevrou": "f", "juffrouw": "f",
    "juf": "f", "meester": "m", "herra": "m", "rouva": "f", "neiti": "f", "harra": "m", "proua": "f",
    "preili": "f", "ponas": "m", "ponia": "f", "panele": "f", "treneris": None, "trenere": "f",
    "trener": None, "ksiadz": "m", "mecenas": None, "ciocia": "f", "wujek": "m", "siostra": "f",
    "slecna": "f", "doktor": None, "teta": "f", "domnul": "m", "doamna": "f", "domnisoara": "f",
    "gospod": "m", "gospa": "f", "gospodja": "f", "gospodjica": "f", "kyr": "m", "kyra": "f", "theia": "f",
    "theios": "m",
    # Arabic, Persian, Kurdish, South Asian languages
    "ustaz": "m", "ustadh": "m", "ustad": "m", "ustaza": "f", "ustadha": "f", "ustazah": "f", "hajj": "m",
    "haj": "m", "hajji": "m", "haji": "m", "hajja": "f", "hajjah": "f", "hajiya": "f", "shaykh": "m",
    "sheik": "m", "mawlana": "m", "maulana": "m", "maulvi": "m", "muallim": "m", "sayyida": "f",
    "sitt": "f", "aqa": "m", "khanom": "f", "khanum": "f", "janab": "m", "ostad": "m", "mashti": "m",
    "kaka": "m", "mamosta": None, "xanim": "f", "pandit": "m", "chacha": "m", "chachi": "f",
    "mausi": "f", "bua": "f", "thiru": "m", "thirumathi": "f",
    # Thai, Khmer, Vietnamese, Malay and Indonesian, Filipino
    "ajarn": None, "ajahn": None, "achan": None, "kru": None, "lok": "m", "neak": None, "thay": "m",
    "mas": "m", "mbak": "f", "mba": "f", "abang": "m", "adik": None, "encik": "m", "cik": None,
    "puan": "f", "datuk": "m", "datin": "f", "cikgu": None, "makcik": "f", "pakcik": "m", "kakak": None,
    "bli": "m", "mbok": "f", "tok": "m", "wak": "m", "manong": "m", "manang": "f", "aling": "f",
    "ninong": "m", "ninang": "f", "tatay": "m", "nanay": "f",
    # Swahili, West Africa, Amharic, Maori, Hebrew, Armenian, Georgian
    "bwana": "m", "bw": "m", "mzee": "m", "mwalimu": None, "ndugu": None, "shangazi": "f", "mjomba": "m",
    "dkt": None, "alhaji": "m", "alhaja": "f", "mallam": "m", "malam": "m", "oga": "m", "mazi": "m",
    "maame": "f", "opanin": "m", "owura": "m", "ogbeni": "m", "ato": "m", "woizero": "f", "weyzero": "f",
    "weizero": "f", "woizerit": "f", "weyzerit": "f", "matua": "m", "whaea": "f", "koka": "f",
    "kaumatua": None, "koro": "m", "kuia": "f", "reb": "m", "rav": "m", "paron": "m", "tikin": "f",
    "batono": "m", "batoni": "m", "kalbatono": "f", "kalbatoni": "f", "varpet": "m", "yaay": "f",
    "kapetan": None, "kapetanios": "m", "dottor": "m",
    # Sesotho and Setswana, Zulu and Xhosa, Cajun and Venetian, German offices, Tagalog, South Slavic
    "ntate": "m", "rra": "m", "me": None, "mme": "f", "mma": "f", "gogo": "f", "mkhulu": "m",
    "sisi": "f", "bhuti": "m", "malume": "m", "tanti": "f", "tantie": "f", "nonc": "m", "parrain": "m",
    "sior": "m", "siora": "f", "sor": "m", "sora": "f", "kommandant": None, "burgermeister": None,
    "buergermeister": None, "pfarrer": "m", "direktor": None, "kapitan": None, "kapitein": None,
    "gazda": "m", "deda": "m", "cika": "m", "ome": "m", "farbror": "m", "morbror": "m",
    # an Orthodox priest and his wife (Ukrainian, Russian), a Catholic priest, French ranks, a Swahili
    # master craftsman, Greek "uncle" as called
    "otets": "m", "batiushka": "m", "matushka": "f", "pater": "m", "padre": "m", "capitaine": None,
    "fundi": None, "theio": "m",
    # English roles and courtesies
    "comrade": None, "cde": None,
    "teacher": None, "chef": None, "sister": "f", "brother": "m", "matron": "f", "deacon": None,
    "friar": "m", "fra": "m", "aunty": "f", "chief": None, "sensei": None, "sifu": "m", "swami": "m",
    "mother": "f", "cousin": None,
}  # fmt: skip
#: Words of address before a name that are also given names or family names, the ones left out of
#: :data:`WORDS_OF_ADDRESS_BEFORE` (folded), with the gender each states: Maghrebi Arabic "Lalla",
#: "Sidi", "Si", "Moulay"; Swahili "Bi", "Bibi"; Afrikaans "Tannie"; Malay "Tuan", "Kak"; Persian
#: "Agha" before the name; Chinese "Xiao" and "Lao" (young, old) before a family name; Burmese "Daw",
#: "Saya"; Bhutanese "Dasho", "Ap", "Aum"; West African "Pa" (an elder man: "Pa Moussa"); Lao and Thai
#: "Mae" (mother, an older woman); Spanish "Don" capitalised (also an English given name: "Don
#: Félix", "Don Osvaldo"); English words of rank that Chinese and Korean usage puts before a family
#: name ("Boss Zhang", "Master Wang", "Manager Kim"). Not "Mama", "Papa", "Baba": before a name
#: they are as often the mother or father *of* the one named ("Mama Chidi", Chidi's mother, in
#: heldout18) as a word of address to them ("Mama Neema"). Resolution reads them only before one word, and only when the whole name fits no one
#: (``resolution._address_and_rest``): "Lalla Fadma" is the one Fadma known.
WORDS_OF_ADDRESS_ALSO_NAMES: dict[str, str | None] = {
    "lalla": "f", "sidi": "m", "si": "m", "moulay": "m", "bi": "f", "bibi": "f", "tannie": "f",
    "tuan": "m", "kak": "f", "agha": "m", "xiao": None, "lao": None, "daw": "f", "saya": None,
    "dasho": "m", "ap": "m", "aum": "f", "pa": "m", "mae": "f", "don": "m", "boss": None,
    "master": None, "manager": None,
}  # fmt: skip
#: Words of address written in lower case after a name (folded), with the gender each states: Turkish,
#: Hungarian, Latvian, Central Asian, Persian, Japanese and Korean without a hyphen, South Asian (the
#: commonest, "ji", "sahib", "bhai", are ``resolution``'s own), Sinhala, Indian English.
WORDS_OF_ADDRESS_AFTER: dict[str, str | None] = {
    "bey": "m", "hanim": "f", "abi": "m", "abla": "f", "hoca": None, "usta": "m", "amca": "m",
    "teyze": "f", "efendi": "m", "ur": "m", "neni": "f", "bacsi": "m", "kungs": "m", "kundze": "f",
    "aka": "m", "opa": "f", "eje": "f", "aga": "m", "agai": "m", "apai": "f", "guai": None, "jan": None,
    "joon": None, "khanom": "f", "khanum": "f", "agha": "m", "san": None, "sama": None, "kun": "m",
    "chan": None, "sensei": None, "senpai": None, "ssi": None, "nim": None, "bhaiya": "m",
    "bhaiyya": "m", "dai": "m", "daju": "m", "bahini": "f", "da": "m", "akka": "f", "anna": "m",
    "amma": "f", "garu": None, "saab": "m", "sahiba": "f", "begum": "f", "babu": "m", "aunty": "f",
    "auntie": "f", "uncle": "m", "kaka": "m", "kaki": "f", "mami": "f", "chacha": "m", "chachi": "f",
    "mausi": "f", "bua": "f", "tau": "m", "tai": "f", "dada": "m", "aiya": "m", "mahattaya": "m",
    # Azerbaijani "xanım" (written "khanim") and "müəllim" (teacher, said to any educated man); Korean
    # words for an older sibling said to a friend ("Seo-yeon unnie", "Min-ho hyung"); Malayalam
    # "chettan", "chechi"
    "khanim": "f", "xanim": "f", "muallim": "m", "muellim": "m", "unnie": "f", "eonni": "f",
    "onni": "f", "oppa": "m", "hyung": "m", "hyeong": "m", "noona": "f", "nuna": "f", "chettan": "m",
    "chechi": "f",
}  # fmt: skip

#: What romanisation conventions disagree on, and its one form (see the module docstring); one pass,
#: the first alternative that fits at a position wins ("ye" at the start before "y").
_FOLDS = {
    "ou": "o",
    "oh": "o",
    "ye": "e",
    "gia": "ia",
    "gie": "ie",
    "gio": "io",
    "giu": "iu",
    "tsch": "ch",
    "tch": "ch",
    "sch": "sh",
    "ff": "v",
    "ck": "k",
    "kh": "h",
    "ph": "f",
    "th": "t",
    "ks": "x",
    "cs": "x",
    "w": "v",
    "j": "i",
    "y": "i",
}
_FOLD = re.compile(r"o[uh]$|^ye|^gi[aeou]|tsch|tch|sch|(?<=[oe])ff$|ck|kh|ph|th|ks|cs|w|(?<=[aeiou])j|y")
_DOUBLED = re.compile(r"(\w)\1+")


def undoubled(word: str) -> str:
    """A folded word with its doubled letters written once ("andersson" -> "anderson")."""
    return _DOUBLED.sub(r"\1", word)


def generation(word: str) -> str | None:
    """The generation a folded word names as a name's suffix ("jr", "sr", "ii"...), else None."""
    return GENERATIONS.get(word.strip("."))


@lru_cache(maxsize=16384)
def romanisation_key(word: str) -> str:
    """The form of a folded word with the spellings romanisation conventions differ on folded
    ("dmitriy" -> "dmitri", "yekaterina" -> "ekaterina", "mohammed" -> "mohamed")."""
    return _DOUBLED.sub(r"\1", _FOLD.sub(lambda m: _FOLDS[m.group()], word))


#: Diminutive endings of given names, by language family (folded to ASCII). Slavic: Polish "-sia",
#: "-nia", "-ka", "-ek", "-us"; Russian and Ukrainian "-sha", "-ya", "-ka", "-nya", "-ochka", "-ushka";
#: Czech "-ka", "-ik"; South Slavic "-cho", "-ko", "-ca". Romance: Spanish "-ito", "-ita", "-illo",
#: "-illa", "-ico", "-ica"; Portuguese "-inho", "-inha"; Italian "-ino", "-ina", "-etto", "-etta",
#: "-uccio", "-uccia"; French "-ette", "-ot". Germanic: German "-chen", "-el", "-le", "-li", Dutch
#: "-tje", "-je", "-ke"; English "-ie", "-y".
DIMINUTIVE_ENDINGS = frozenset(
    [
        "sia", "nia", "zia", "cia", "sha", "sya", "ya", "ia", "ka", "ko", "ek", "ik", "us", "nya", "ochka",
        "echka", "enka", "ushka", "cho", "sho", "ca", "ito", "ita", "illo", "illa", "ico", "ica", "inho",
        "inha", "ino", "ina", "etto", "etta", "uccio", "uccia", "ette", "ot", "chen", "el", "le", "li",
        "tje", "je", "ke", "ie", "y",
    ]
)  # fmt: skip
#: Hypocoristic vowels added to a given name's first syllable, its last consonant often doubled:
#: "-i" in German, Scandinavian and Icelandic, Hebrew, Punjabi and Nguni names ("Gabi", "Siggi" /
#: Sigurður, "Yossi" / Yosef, "Sukhi" / Sukhwinder, "Thandi" / Thandeka), "-u" in Indian names
#: ("Vaishu" / Vaishnavi, "Gullu" / Gulshan); a long vowel written twice in Mongolian names ("Oyunaa" /
#: Oyunchimeg, "Enkhee" / Enkhjargal, "Tsogoo" / Tsogtbayar). Only on a stem of three letters or more that starts the
#: name and leaves three or more of it out (``is_short_form``: not "Mari" / Mario).
HYPOCORISTIC_VOWELS = frozenset(["i", "u"])
#: A clipped or diminutive form keeps at least this many letters of the name it comes from.
_SHORT_FORM_STEM = 2


@lru_cache(maxsize=65536)
def is_short_form(short: str, long: str) -> bool:
    """Whether the folded given name ``short`` is a short form of ``long`` by morphology alone: its
    start or its end cut off ("venkat" / "venkatesh", "lupe" / "guadalupe"), or a stem of it with a
    diminutive ending ("kasia" = "ka" + "sia" / "katarzyna", "kolya" = "kol" + "ya" / "nikolai",
    "juanito" / "juan"). The stem starts the name, or (three letters or more) starts within its first
    syllable ("kol" in "nikolai"); or a stem that starts the name with a hypocoristic vowel
    (:data:`HYPOCORISTIC_VOWELS`: "sukhi" / "sukhwinder", "siggi" / "sigurdur"). ``short`` has three
    letters or more and at least two fewer than ``long``, unless it is ``long`` with a diminutive
    ending."""
    if len(short) < 3 or short == long or not short.isalpha() or not long.isalpha():
        return False
    for ending in DIMINUTIVE_ENDINGS:
        if short.endswith(ending) and len(short) - len(ending) >= _SHORT_FORM_STEM:
            stem = short[: -len(ending)]
            if long == stem or (len(stem) < len(long) and _stem_fits(stem, long)):
                return True
    if len(short) >= 5 and short[-1] in _VOWELS and short[-2] == short[-1] and short[-2:] != long[-2:]:
        # a stem and a long vowel (Mongolian "-aa", "-ee", "-oo", "-uu": "Oyunaa" / Oyunchimeg,
        # "Bataa" / Batbayar), as the hypocoristic vowels below
        stem = short[:-2]
        if len(stem) >= 3 and len(stem) + 3 <= len(long) and long.startswith(stem):
            return True
    if short[-1] in HYPOCORISTIC_VOWELS and short[-1] != long[-1]:
        stem = undoubled(short[:-1]) if short[-2:-1] == short[-3:-2] else short[:-1]
        if len(stem) >= 3 and len(stem) + 3 <= len(long) and long.startswith(stem):
            return True
    if len(short) + 2 > len(long):
        return False
    return long.startswith(short) or (len(short) >= 4 and long.endswith(short))


def _stem_fits(stem: str, long: str) -> bool:
    if long.startswith(stem):
        return True
    return len(stem) >= 3 and 0 < long.find(stem) <= 2


#: A transposition is only looked for after this many letters: stores find fuzzy candidates by the first
#: three letters of a name (``resolution.fuzzy_prefix``), and a typo in them would not be found anyway.
TRANSPOSITION_KEPT_START = 3
#: ...and only in words of at least this many letters: short words swapped are often other words.
_TRANSPOSITION_MIN_LENGTH = 6


def is_transposition(a: str, b: str) -> bool:
    """Whether ``b`` is ``a`` with two neighbouring letters swapped, after its first
    :data:`TRANSPOSITION_KEPT_START` letters ("terraform" / "terrafrom")."""
    if len(a) != len(b) or len(a) < _TRANSPOSITION_MIN_LENGTH or a == b:
        return False
    i = next(i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y)
    return (
        i >= TRANSPOSITION_KEPT_START
        and i + 1 < len(a)
        and a[i] == b[i + 1]
        and a[i + 1] == b[i]
        and a[i + 2 :] == b[i + 2 :]
        and a[i] != a[i + 1]
    )


_VOWELS = frozenset("aeiou")
#: A slipped vowel is only looked for in words of at least this many letters, after the first two
_VOWEL_SLIP_MIN_LENGTH = 6


@lru_cache(maxsize=16384)
def is_vowel_slip(a: str, b: str) -> bool:
    """Whether two folded words differ by one vowel inside them: one vowel for another, or one vowel
    more, neither in the first two letters nor the last ("katharine" / "katherine" / "kathrine")."""
    if a == b or min(len(a), len(b)) < _VOWEL_SLIP_MIN_LENGTH or not (a.isalpha() and b.isalpha()):
        return False
    if a[:2] != b[:2] or a[-1] != b[-1]:
        return False
    if len(a) == len(b):
        differing = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
        return len(differing) == 1 and a[differing[0]] in _VOWELS and b[differing[0]] in _VOWELS
    short, long = (a, b) if len(a) < len(b) else (b, a)
    if len(long) != len(short) + 1:
        return False
    return any(long[i] in _VOWELS and long[:i] + long[i + 1 :] == short for i in range(2, len(long) - 1))


#: digraphs romanisations write for one sound, read as one letter (``consonant_skeleton``)
_SKELETON_DIGRAPHS = re.compile(r"kh|sh|ch|ph|th|gh|dh|zh|ck")
_SKELETON_DIGRAPH = {
    "kh": "k", "sh": "s", "ch": "C", "ph": "f", "th": "t", "gh": "g", "dh": "d", "zh": "z", "ck": "k",
}  # fmt: skip
#: letters read as another (one class), and letters left out: vowels, "y", "w", "h", the marks
#: ``anyascii`` writes for ayin and hamza
_SKELETON_LETTER = {"v": "b", "q": "k", "c": "k"}
_SKELETON_DROPPED = frozenset("aeiouywh'`")
#: letters of a script without short vowels that may stand for a vowel of the Latin spelling
_ABJAD_VOWEL_LETTERS = frozenset("wv")


def _skeleton_items(word: str, abjad: bool) -> list[tuple[str, bool]]:
    """A folded word's consonants as (letter, optional) pairs: what ``consonant_skeleton`` keeps, and
    of a word of an abjad the letters that may be a vowel ("w", "v") or the article ("l" first)."""
    text = _SKELETON_DIGRAPHS.sub(lambda m: _SKELETON_DIGRAPH[m.group()], word)
    items: list[tuple[str, bool]] = []
    for i, char in enumerate(text):
        if not char.isalnum():
            continue
        if abjad and char in _ABJAD_VOWEL_LETTERS:
            items.append(("b", True))
        elif char in _SKELETON_DROPPED:
            continue
        else:
            optional = abjad and i == 0 and char == "l" and len(word) >= 4
            items.append((_SKELETON_LETTER.get(char, char), optional))
    return items


def consonant_skeleton(words: tuple[str, ...]) -> str:
    """The consonants of a name written in Latin letters (or in an alphabet ``anyascii`` reads with its
    vowels: Greek, Cyrillic, Devanagari, Thai), its words run together, doubled letters once
    ("youssef bennani" -> "sfbn", "georgios papadopoulos" -> "grgspdpls")."""
    letters = [char for word in words for char, _ in _skeleton_items(word, abjad=False)]
    return "".join(c for i, c in enumerate(letters) if i == 0 or letters[i - 1] != c)


#: the vowels of a Latin spelling by the letter of an abjad that may write them: "w" (waw, vav) a back
#: vowel, "y" (ya, yod) a front one (``latin_vowel_skeleton``, ``skeleton_pattern``)
_VOWEL_CLASS = {"a": "A", "e": "I", "i": "I", "y": "I", "o": "U", "u": "U", "w": "U"}


def latin_vowel_skeleton(words: tuple[str, ...]) -> str:
    """A Latin spelling's consonants as ``consonant_skeleton`` reads them, its vowels kept by class ("A";
    "I" for "e", "i", "y"; "U" for "o", "u", "w"), for ``skeleton_pattern``: "youssef bennani" ->
    "IUsIfbInAnI"."""
    out: list[str] = []
    for word in words:
        text = _SKELETON_DIGRAPHS.sub(lambda m: _SKELETON_DIGRAPH[m.group()], word)
        for char in text:
            if char in _VOWEL_CLASS:
                out.append(_VOWEL_CLASS[char])
            elif char.isalnum() and char not in _SKELETON_DROPPED:
                letter = _SKELETON_LETTER.get(char, char)
                if not (out and out[-1] == letter):
                    out.append(letter)  # a doubled consonant once
    return "".join(out)


_UNWRITTEN = "[AIU]*"


@lru_cache(maxsize=4096)
def skeleton_pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    """What ``latin_vowel_skeleton`` of a Latin spelling of a name written in an abjad (Arabic, Hebrew
    script: short vowels unwritten) may be: its consonants in order, any vowels between them, a "w" or
    "v" a "b" / "v" or a back vowel, a "y" a front vowel, a word's first "l" (the article) or not
    ("ywsf bnny" fits "IUsIfbInAnI", Youssef Bennani; "mhmwd" fits Mahmoud, not Mohamed)."""
    parts: list[str] = []
    for word in words:
        text = _SKELETON_DIGRAPHS.sub(lambda m: _SKELETON_DIGRAPH[m.group()], word)
        for i, char in enumerate(text):
            if char in _ABJAD_VOWEL_LETTERS:
                parts.append("(?:b|U)")
            elif char == "y":
                parts.append("I")
            elif not char.isalnum() or char in _SKELETON_DROPPED:
                continue
            elif i == 0 and char == "l" and len(word) >= 4:
                parts.append("l?")
            else:
                parts.append(re.escape(_SKELETON_LETTER.get(char, char)))
    return re.compile(_UNWRITTEN + _UNWRITTEN.join(parts) + _UNWRITTEN)


def skeleton_keys(words: tuple[str, ...], abjad: bool) -> frozenset[str]:
    """The forms of a name's consonants a store files it under, so that its spelling in another script
    finds it: ``consonant_skeleton``, and of a name in an abjad each reading of the letters that may be a
    vowel ("w", "v": a "b" or nothing) and of an article's "l" (at most :data:`_SKELETON_READINGS`)."""
    if not abjad:
        skeleton = consonant_skeleton(words)
        return frozenset([skeleton]) if len(skeleton) >= _SKELETON_KEY_LETTERS else frozenset()
    forms: list[list[str]] = [[]]
    for word in words:
        for char, optional in _skeleton_items(word, abjad=True):
            forms = [[*form, char] for form in forms] + (forms if optional else [])
            forms = forms[:_SKELETON_READINGS]
    keys = set()
    for letters in forms:
        skeleton = "".join(c for i, c in enumerate(letters) if i == 0 or letters[i - 1] != c)
        if len(skeleton) >= _SKELETON_KEY_LETTERS:
            keys.add(skeleton)
    return frozenset(keys)


#: the fewest consonants a name is filed under, and the most readings of an abjad's name filed
_SKELETON_KEY_LETTERS = 3
_SKELETON_READINGS = 16
