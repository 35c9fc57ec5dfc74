"""What kind of thing a text says a name is: its *sense* ("Mercury is the smallest planet": a celestial
body; "an account at Mercury": an organisation), when the name alone does not tell.

Namesakes of different kinds ("Mercury" the planet and the bank, "Jaguar" the animal and the car
maker, "Paris" the city and a colleague) are one name to resolution, and a name of unknown type matched
whatever entity bore it. The sense is the evidence that tells them apart: resolution keeps a mention
and an entity of conflicting senses apart as it keeps a company and a person of one name apart
(:func:`memlane.graph.resolution.kinds_conflict`), and forgetting a topic ("everything about Mercury the
bank") keeps the memories that speak of the name in another sense.

A sense is read from the name's own sentence, by its cue words only (deterministic, offline):

* what the sentence says the name is: "NAME is/was (the/a/my…) [words] NOUN" ("Mercury is the smallest
  planet", "Jordan is my neighbour"), an apposition ("Mercury, the bank", "Mercury (the bank)",
  "Paris my colleague", "Jaguar the car maker") or a noun before it ("the planet Mercury", "my
  colleague Paris");
* a kind noun right after it ("the Amazon river", "a Jaguar car");
* a frame that only one kind of thing fits: "an account at NAME" (an organisation), "ate an NAME" (a
  food), "drive a NAME" (a product), "flew to NAME" (a place).

Each cue noun belongs to a class of :data:`CLASSES` (a lexicon of kind nouns, not of names). Two senses
conflict when they are different classes that are not :data:`COMPATIBLE` (an organisation and its
product: "Jaguar the car maker" and "my Jaguar car" are one topic). No cue: no sense (most sentences;
the name is then resolved as before).
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..text.pattern_hints import Needs, may_match, needed
from ..text.sentences import STOP_END

__all__ = [
    "CLASSES",
    "COMPATIBLE",
    "SENSES_KEY",
    "THING",
    "TYPE_CLASSES",
    "class_of_noun",
    "sense_of",
    "senses_conflict",
]

#: the entity attribute the senses of its texts are kept under (``graph.linking.resolve_into``)
SENSES_KEY = "senses"

_PERSON = "person"
_ORGANISATION = "organisation"
_PLACE = "place"
_SKY = "celestial body"
_ANIMAL = "animal"
_FOOD = "food"
_PRODUCT = "product"
_WORK = "work"
_LANGUAGE = "language"
_PROJECT = "project"

#: kind nouns (singular) by the class of thing they say a name is
CLASSES: dict[str, str] = {
    **dict.fromkeys(
        (
            "person",
            "man",
            "woman",
            "guy",
            "lady",
            "girl",
            "boy",
            "friend",
            "colleague",
            "coworker",
            "co-worker",
            "neighbour",
            "neighbor",
            "cousin",
            "sister",
            "brother",
            "mother",
            "father",
            "mum",
            "mom",
            "dad",
            "son",
            "daughter",
            "wife",
            "husband",
            "boyfriend",
            "girlfriend",
            "fiance",
            "fiancee",
            "aunt",
            "uncle",
            "niece",
            "nephew",
            "grandmother",
            "grandfather",
            "grandma",
            "grandpa",
            "granddaughter",
            "grandson",
            "teacher",
            "doctor",
            "dentist",
            "nurse",
            "lawyer",
            "manager",
            "boss",
            "mentor",
            "mentee",
            "student",
            "classmate",
            "roommate",
            "flatmate",
            "housemate",
            "landlord",
            "landlady",
            "tenant",
            "engineer",
            "designer",
            "developer",
            "actor",
            "actress",
            "singer",
            "musician",
            "artist",
            "writer",
            "author",
            "athlete",
            "coach",
            "therapist",
            "trainer",
            "tutor",
            "babysitter",
            "nanny",
            "baby",
            "kid",
            "child",
            "toddler",
            "intern",
            "recruiter",
            "surgeon",
            "pharmacist",
            "plumber",
            "electrician",
            "accountant",
            "barber",
            "hairdresser",
            "physiotherapist",
            "buddy",
            "pal",
            "acquaintance",
            "godmother",
            "godfather",
            "stepmother",
            "stepfather",
            "stepson",
            "stepdaughter",
            "teammate",
            "assistant",
            "secretary",
            "consultant",
            "analyst",
            "scientist",
            "researcher",
            "professor",
            "lecturer",
            "supervisor",
            "director",
            "founder",
            "cofounder",
            "co-founder",
            "ceo",
            "cto",
            "cfo",
            "coo",
            "employee",
            "contractor",
            "freelancer",
            "caregiver",
            "caretaker",
            "pediatrician",
            "paediatrician",
            "psychologist",
            "psychiatrist",
            "counsellor",
            "counselor",
            "vet",
            "veterinarian",
            "partner",
            "ex",
            "patient",
            "pupil",
            "player",
            "captain",
            "lead",
        ),
        _PERSON,
    ),
    **dict.fromkeys(
        (
            "company",
            "firm",
            "business",
            "corporation",
            "startup",
            "start-up",
            "bank",
            "neobank",
            "lender",
            "insurer",
            "brand",
            "retailer",
            "manufacturer",
            "maker",
            "carmaker",
            "automaker",
            "airline",
            "employer",
            "supplier",
            "vendor",
            "provider",
            "agency",
            "fintech",
            "charity",
            "nonprofit",
            "non-profit",
            "ngo",
            "publisher",
            "broker",
            "brokerage",
            "conglomerate",
            "chain",
            "franchise",
            "label",
            "marketplace",
            "organisation",
            "organization",
            "enterprise",
            "multinational",
            "subsidiary",
            "corp",
            "inc",
            "ltd",
            "llc",
            "gmbh",
            "plc",
            "carrier",
            "telco",
            "operator",
            "distributor",
            "wholesaler",
            "reseller",
            "client",
            "customer",
            "competitor",
            "giant",
            "band",
            "orchestra",
            "choir",
            "club",
            "foundation",
            "institution",
            "union",
            "bakery",
            "restaurant",
            "cafe",
            "café",
            "hotel",
            "resort",
            "gym",
        ),
        _ORGANISATION,
    ),
    **dict.fromkeys(
        (
            "place",
            "city",
            "town",
            "village",
            "country",
            "nation",
            "state",
            "province",
            "region",
            "capital",
            "island",
            "continent",
            "river",
            "lake",
            "sea",
            "ocean",
            "mountain",
            "volcano",
            "valley",
            "desert",
            "forest",
            "jungle",
            "rainforest",
            "neighbourhood",
            "neighborhood",
            "district",
            "suburb",
            "county",
            "kingdom",
            "republic",
            "peninsula",
            "coast",
            "borough",
            "municipality",
            "metropolis",
            "territory",
            "archipelago",
            "canal",
            "glacier",
            "waterfall",
            "hill",
            "destination",
        ),
        _PLACE,
    ),
    **dict.fromkeys(
        ("planet", "star", "moon", "comet", "asteroid", "galaxy", "constellation", "exoplanet", "nebula"),
        _SKY,
    ),
    **dict.fromkeys(
        (
            "animal",
            "cat",
            "dog",
            "pet",
            "horse",
            "bird",
            "fish",
            "puppy",
            "kitten",
            "species",
            "mammal",
            "reptile",
            "snake",
            "parrot",
            "hamster",
            "rabbit",
            "cow",
            "predator",
            "beast",
            "feline",
            "canine",
            "creature",
            "insect",
            "spider",
            "butterfly",
            "frog",
            "turtle",
            "tortoise",
            "lizard",
            "monkey",
            "ape",
            "bear",
            "wolf",
            "fox",
            "deer",
            "whale",
            "dolphin",
            "shark",
            "pony",
            "goat",
            "sheep",
            "pig",
            "chicken",
            "duck",
            "owl",
            "eagle",
            "hawk",
        ),
        _ANIMAL,
    ),
    **dict.fromkeys(
        (
            "fruit",
            "vegetable",
            "food",
            "dish",
            "snack",
            "drink",
            "beverage",
            "dessert",
            "cake",
            "pie",
            "wine",
            "beer",
            "cheese",
            "meal",
            "recipe",
            "cocktail",
            "berry",
            "nut",
            "spice",
            "herb",
            "sauce",
            "soup",
            "bread",
            "pastry",
            "cookie",
            "biscuit",
            "candy",
            "sweet",
            "juice",
        ),
        _FOOD,
    ),
    **dict.fromkeys(
        (
            "car",
            "vehicle",
            "sedan",
            "suv",
            "truck",
            "motorbike",
            "motorcycle",
            "phone",
            "smartphone",
            "laptop",
            "computer",
            "tablet",
            "device",
            "gadget",
            "watch",
            "console",
            "camera",
            "product",
            "headphones",
            "earbuds",
            "model",
            "coupe",
            "convertible",
            "hatchback",
            "van",
        ),
        _PRODUCT,
    ),
    **dict.fromkeys(
        (
            "book",
            "novel",
            "film",
            "movie",
            "song",
            "album",
            "show",
            "series",
            "podcast",
            "play",
            "opera",
            "musical",
            "painting",
            "poem",
            "documentary",
            "sitcom",
            "game",
            "videogame",
        ),
        _WORK,
    ),
    **dict.fromkeys(("language", "dialect"), _LANGUAGE),
    **dict.fromkeys(("project", "programme", "initiative"), _PROJECT),
}

#: the class of a thing a caller typed ``other``: neither a person, an organisation nor a place (a
#: store keeps such an entity untyped, ``storage.entity_names.matching_type``, so that a later name of a
#: known type may type it; what the caller said is kept as this sense: "Tesla" the car we lease, typed
#: ``other``, is not the company a later record names)
THING = "thing"

#: classes that may be one topic: an organisation and what it makes or sells; a thing and any kind of
#: thing
COMPATIBLE = frozenset(
    {
        frozenset({_ORGANISATION, _PRODUCT}),
        *(frozenset({THING, kind}) for kind in (_SKY, _ANIMAL, _FOOD, _PRODUCT, _WORK, _LANGUAGE, _PROJECT)),
    }
)

#: the class an entity type says a thing is (the types with no class here conflict by type only)
TYPE_CLASSES: dict[str, str] = {
    "person": _PERSON,
    "company": _ORGANISATION,
    "customer": _ORGANISATION,
    "team": _ORGANISATION,
    "place": _PLACE,
}

_DET = r"(?:a|an|the|my|our|your|his|her|their|this|that|one\s+of\s+(?:the|my|our))"
#: "is the smallest planet", ", the bank", "(the bank)", " - a car maker", " my colleague", "the car maker"
_AFTER_SAYS = re.compile(
    rf"^\s*(?:(?:,|\(|\s-|–|—|:)\s*(?:{_DET}\s+)?|\s+(?:is|was|are|were|'s|’s)\s+(?:also\s+|now\s+|still\s+|just\s+"
    rf"|actually\s+|really\s+)?(?:{_DET}\s+)?|\s+{_DET}\s+)(?P<words>(?:[\w'’-]+\s+){{0,3}}[\w'’-]+)",
    re.IGNORECASE,
)
#: a kind noun right after the name ("the Amazon river")
_AFTER_NOUN = re.compile(r"^\s+(?P<word>[a-z][\w-]*)", re.IGNORECASE)
#: "the planet Mercury", "my colleague, Paris"
_BEFORE_NOUN = re.compile(rf"(?:^|\b{_DET}\s+|\b)(?:[a-z][\w-]*\s+)?(?P<word>[a-z][\w-]*),?\s+$")
#: words that end what a clause says a name is ("the capital of France": "capital"; "a colleague from
#: the design team": "colleague")
_STOP = frozenset(
    ["of", "in", "at", "from", "with", "for", "to", "who", "that", "which", "and", "or", "but", "on", "by",
     "not", "no", "never", "than", "as", "where", "when", "because", "since", "if"]
)  # fmt: skip
#: words that start another phrase after a noun ("the bank we use", "the car maker my uncle worked
#: for", "the constellation I can see"; not after "is": "Zed, is my CFO")
_ENDS_PHRASE = frozenset(["i", "we", "you", "he", "she", "they", "it", "my", "our", "your", "his", "her",
                          "their", "its"])  # fmt: skip
_COPULAS = frozenset(["is", "was", "are", "were", "be"])
#: a noun for who does something ("owner", "councillor", "dealer"): the head of the phrase it ends
_AGENT_NOUN = re.compile(r"[a-z]{3,}(?:er|or|ist)")
#: frames one kind of thing fits, before the name
_FRAMES: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(
            r"\b(?:account|accounts|card|credit\s+card|debit\s+card|loan|mortgage|shares|stock|stocks|job|"
            r"internship|position|subscription|membership|savings|deposit|invoice|contract)\s+"
            r"(?:at|with|in)\s+$",
            re.IGNORECASE,
        ),
        _ORGANISATION,
    ),
    (
        re.compile(
            r"\b(?:work|works|worked|working|employed|hired|interned|interning|bank|banks|banked|banking|"
            r"invest|invests|invested|investing|applied|apply|interviewed|interviewing)\s+(?:at|for|with)\s+$",
            re.IGNORECASE,
        ),
        _ORGANISATION,
    ),
    (
        re.compile(
            r"\b(?:ate|eat|eats|eating|bake|baked|baking|peeled|cooked|cook)\s+(?:an?\s+|some\s+|the\s+)?$",
            re.IGNORECASE,
        ),
        _FOOD,
    ),  # fmt: skip
    (
        re.compile(
            r"\b(?:drive|drives|driving|drove|driven)\s+(?:an?\s+|my\s+|the\s+|his\s+|her\s+)?$",
            re.IGNORECASE,
        ),
        _PRODUCT,
    ),
    (
        re.compile(
            r"\b(?:flew|fly|flying|flight|flights|trip|travel|travelled|traveled|travelling|traveling|moved|"
            r"moving|relocated|relocating|drove|holiday|vacation|road\s+trip)\s+(?:back\s+)?(?:to|from)\s+$"
            r"|\b(?:visited|visiting|live|lives|lived|living|born|grew\s+up)\s+(?:in\s+)?$"
            r"|\b(?:drove|drive|driving|walked|passed|travelled|traveled|went)\s+through\s+$",
            re.IGNORECASE,
        ),
        _PLACE,
    ),
)
#: what only one kind of thing does or has, right after the name as its subject or owner ("Jordan
#: borders Israel", "Amazon shipped it", "Apple stock", "Jordan said he")
_VERBS: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(
            r"^\s+(?:borders|bordered|bordering|is\s+located|lies|is\s+bordered|declared\s+independence)\b"
            r"|^'s\s+(?:population|capital|borders?|coast|coastline|climate|economy|government|president|"
            r"prime\s+minister|king|queen)\b",
            re.IGNORECASE,
        ),
        _PLACE,
    ),
    (
        re.compile(
            r"^(?:'s)?\s+(?:(?:debit\s+|credit\s+|bank\s+)?(?:card|account)s?|loan|mortgage|stock|shares|share\s+price|headquarters|hq|ipo|earnings|revenue|quarterly|"
            r"customer\s+service|customer\s+support|app|website|checkout|warehouse|subscription)\b"
            r"|^\s+(?:delivered|shipped|acquired|went\s+public|laid\s+off|reported\s+(?:record\s+)?"
            r"(?:earnings|revenue|profits?|losses))\b",
            re.IGNORECASE,
        ),
        _ORGANISATION,
    ),
    (
        re.compile(
            r"^\s+(?:said|says|told|asked|texted|called|promised|thinks|thought|felt|feels)\s+(?:me\s+|us\s+)?"
            r"(?:that\s+)?(?:he|she|they)\b|^'s\s+(?:wife|husband|mum|mom|dad|mother|father|son|daughter|"
            r"birthday|boyfriend|girlfriend)\b"
            # (what befalls a person in a life: "Naledi Botha was born in Soweto", "... is pregnant")
            r"|^\s+(?:was\s+born|got\s+married|got\s+engaged|gave\s+birth|passed\s+away|is\s+pregnant|"
            r"was\s+pregnant|is\s+expecting\s+(?:a\s+baby|twins)|graduated\s+from)\b",
            re.IGNORECASE,
        ),
        _PERSON,
    ),
    (re.compile(r"^\s+(?:is|was|goes|went|going)\s+(?:in(?:to)?\s+)?retrograde\b", re.IGNORECASE), _SKY),
)
#: any of ``_VERBS`` (a match of this one is a match of one of them, and the reverse)
_ANY_VERB = re.compile("|".join(f"(?:{p.pattern})" for p, _ in _VERBS), re.IGNORECASE)
#: a person's title right before the name
_TITLE = re.compile(
    r"\b(?:mr|mrs|ms|miss|mx|dr|prof|sir|madam|dame|lord|lady|aunt|uncle|grandma|grandpa)\.?\s+$",
    re.IGNORECASE,
)
#: "the city of Paris", "the island of Java": a place's kind noun and "of" before its name
_TOPONYM = re.compile(r"\b(?P<word>[a-z]+)\s+of\s+$")
#: a name after one of these is a preposition's or a verb's object, not what a clause is about
_OBJECT = re.compile(r"\b(?:of|in|at|from|with|for|to|by|near|about|on)\s+(?:the\s+)?$", re.IGNORECASE)
#: the end of a sentence (the space after it; not after a title, "Mr. Tarrant"), a semicolon, a line
_SENTENCE_END = re.compile(STOP_END + r"|(?<=;)\s|\n")
#: what every match of ``_SENTENCE_END`` has: a stop or a semicolon before a space, or a line break (a
#: search for it starts with a character set, which the regular expression engine skips to; the ends'
#: lookbehinds are tried at every position of the text, ~4x slower where there is none)
_MAY_END = re.compile(r"[.!?;]\s|\n")


def class_of_noun(word: str) -> str | None:
    """The class of a kind noun, singular or plural ("planets", "companies"), else None."""
    word = word.casefold().strip("'’")
    if word.endswith("-in-law"):
        word = word[: -len("-in-law")]  # "sister-in-law": a sister's kind
    if word in CLASSES:
        return CLASSES[word]
    for cut, add in (("ies", "y"), ("es", ""), ("s", "")):
        if word.endswith(cut) and (word[: -len(cut)] + add) in CLASSES:
            return CLASSES[word[: -len(cut)] + add]
    return None


@lru_cache(maxsize=16384)
def sense_of(name: str, text: str | None) -> str | None:
    """The class of thing ``text`` says ``name`` is (see the module docstring), or None. The first place
    the name stands in the text as whole words (any case) is read; a cue noun that is the name's own
    word ("the Bank of Mercury") is not one."""
    if not text or not name:
        return None
    where = _find(name, text)
    if where is None:
        return None
    start, end = where
    if _MAY_END.search(text) is None:  # (one sentence, no line break: most memories; no end to find)
        before, after = text[:start], text[end:]
    else:
        ends = [m.end() for m in _SENTENCE_END.finditer(text, 0, start)]
        before = text[ends[-1] if ends else 0 : start]
        following = _SENTENCE_END.search(text, end)
        after = text[end : following.start() if following else len(text)]
    own = {w.casefold() for w in name.split()}
    # (each pattern read before the name ends at the name, so it is searched in the last words before it
    # only: the same matches, without a search from every position of a long sentence; see ``_tail``)
    near, last = _tail(before, _NEAR_WORDS), _tail(before, 1)
    low_near = near.lower()
    obj, toponym_needs, title, frames = _needs()
    # (what a clause says the name is, only of its subject: "Diego from Berlin is my friend" says
    # nothing of Berlin)
    says = None if may_match(obj, near, low_near) and _OBJECT.search(near) else _AFTER_SAYS.match(after)
    if says is not None:
        words = [w for w in says.group("words").split() if w.casefold() not in own]
        # "a car maker", "the smallest planet": the head is the last kind noun before the phrase ends
        kind = _head_class(words)
        if kind is not None:
            return kind
    if _ANY_VERB.match(after):  # (one match for all of them: most names are followed by none)
        for verb, kind in _VERBS:
            if verb.match(after):
                return kind
    noun = _AFTER_NOUN.match(after)
    if noun is not None and noun.group("word").islower() and noun.group("word").casefold() not in own:
        kind = class_of_noun(noun.group("word"))
        if kind is not None:
            return kind
    toponym = _TOPONYM.search(near) if may_match(toponym_needs, near, low_near) else None
    if toponym is not None and class_of_noun(toponym.group("word")) == _PLACE:
        return _PLACE
    if may_match(title, last, last.lower()) and _TITLE.search(last):
        return _PERSON  # "Mr. Tarrant", "Dr. Saturn"
    prior = _BEFORE_NOUN.search(last)
    if prior is not None and prior.group("word").islower():
        kind = class_of_noun(prior.group("word"))
        if kind is not None:
            return kind
    for (frame, kind), need in zip(_FRAMES, frames, strict=True):
        if may_match(need, near, low_near) and frame.search(near):
            return kind
    return None


#: how many words before a name the patterns read before it can span: ``_BEFORE_NOUN``'s "one of the
#: ADJ NOUN " and the frames' "road trip back to " are the longest (tests/test_senses_tail.py checks it)
_NEAR_WORDS = 6


def _tail(before: str, words: int) -> str:
    """The last ``words`` whitespace-separated words of ``before``, with what follows them. A pattern
    that must match up to the end of ``before`` (``$``), whose matches span at most that many words, and
    that looks behind a match's start only by ``\\b`` or ``^``, finds the same there as in the whole
    of ``before``: the cut is right after a space, where ``\\b`` reads as it would in the whole text,
    and a match starting there by ``^`` starts with a word character, where ``\\b`` holds too."""
    head = before.rstrip().rsplit(None, words)
    if len(head) <= words:
        return before
    return before[len(head[0]) :].lstrip()


@lru_cache(maxsize=1)
def _needs() -> tuple[Needs, Needs, Needs, tuple[Needs, ...]]:
    """What ``_OBJECT``, ``_TOPONYM``, ``_TITLE`` and each of ``_FRAMES`` cannot match without
    (``text.pattern_hints``; read on first use). (Not ``_VERBS``: they are matched at the start of the
    words after the name, which fails sooner than the test; ``_ANY_VERB`` matches them all at once.)"""
    return needed(_OBJECT), needed(_TOPONYM), needed(_TITLE), tuple(needed(p) for p, _ in _FRAMES)


def _find(name: str, text: str) -> tuple[int, int] | None:
    """Where ``name`` first stands in ``text`` as whole words, in any case (no pattern per name)."""
    low, wanted = text.lower(), name.lower()
    if len(low) != len(text):  # (a letter whose lower case is longer: the text as it is)
        low, wanted = text, name
    at = low.find(wanted)
    while at != -1:
        end = at + len(wanted)
        if (at == 0 or not _word_char(low[at - 1])) and (end == len(low) or not _word_char(low[end])):
            return at, end
        at = low.find(wanted, at + 1)
    return None


def _word_char(char: str) -> bool:
    return char.isalnum() or char in "_-"


def _head_class(words: list[str]) -> str | None:
    """The class of a noun phrase's head: the last of its first run of words before a word that ends it
    ("smallest planet" -> planet; "car maker" -> maker; "colleague from the design team" -> colleague)."""
    phrase: list[str] = []
    for word in words:
        bare = word.casefold().strip(",.;:()")
        ends = bare in _ENDS_PHRASE and phrase and phrase[-1].casefold() not in _COPULAS
        if bare in _STOP or ends or (word[:1].isupper() and class_of_noun(word) is None):
            break
        phrase.append(word.strip(",.;:()"))
        if word[-1:] in ",.;:()":
            break
    if phrase and class_of_noun(phrase[-1]) is None and _AGENT_NOUN.fullmatch(phrase[-1].casefold()):
        return None  # "the product owner", "a city councillor": the head is another noun, of no class
    for word in reversed(phrase):
        kind = class_of_noun(word)
        if kind is not None:
            return kind
    return None


def senses_conflict(mine: frozenset[str], theirs: frozenset[str]) -> bool:
    """Two sets of classes (what the texts and types say of two things) that name different kinds of
    thing: both known, and no class of one is a class of the other or compatible with one."""
    if not mine or not theirs or mine & theirs:
        return False
    return not any(frozenset({a, b}) in COMPATIBLE for a in mine for b in theirs)
