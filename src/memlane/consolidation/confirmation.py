"""The word rule's confirmation of statements a word or two apart: pure functions, no I/O, no embedder.

``duplicates`` merges statements whose normalised content words are one bag. Many restatements differ
from each other by a word or two on a side, a word of one meaning said another way ("Wren phones her
grandmother" / "Wren calls her grandmother"), a noun for a verb ("Ilka got married in 2021" / "Ilka's
wedding was in 2021"), an agent noun ("is a bus driver" / "drives buses"). ``join_confirmed`` joins the
word rule's clusters (and single statements) of one group (``duplicates.group_key``) when:

1. their signatures (``duplicates.statement_signature``) differ, by at most ``DIFF`` words on each
   side, and share a word; or they are one signature that the word rule's second check (rule 8's
   strict reading) split, since the twenty-seventh session: the rules below then read the pair again
   ("Kenta has grown orchids for twenty years" / "… has been growing orchids for 20 years": one time in
   one aspect), while "Goran's neighbour bought his van" / "Goran bought his neighbour's van" stay
   split (the roles turned round refuse it);
2. the paraphrase mode's rules confirm them **with no framing word** (``paraphrases.verdict`` with
   ``extra=0``, each word's first ``SENSES`` WordNet senses, no alignment and no embedder): every word
   one statement says and the other does not is accounted for by a WordNet synonym or derivational
   relative the other says, the anchors (names, numbers, dates, negation, the words that change a fact)
   are the same, and every guard of ``paraphrases.guarded`` holds (times, direction, frequency, degree,
   roles, attitude, structure). A word nothing relates — a detail, a frame ("plays violin **as a
   hobby**", "**applied** for a grant", "the hearing was **postponed**"), a sibling ("boys" / "girls")
   — keeps them apart: a version that let one framing word through (first senses, one word apart)
   merged 5 different facts for 13 right on a blind set and was withdrawn (docs/benchmarks.md); unless
   ``framing.accounted`` finds that the words left change nothing (a verb that is a kind of a verb, or
   of a light verb, the other says; one framing word at the same time, degree and place of what it
   acts on, no verb of emotion or change, no list item dropped);
3. neither adds a verb that governs another verb through "to" (``frame_added``: "is **learning** to
   play the setar" / "plays the setar", "**used** to swim" / "swims", "**tries** to run"): an
   attempt, a habit past or a stage is another fact; both say the same reporting verbs (``REPORTING``:
   "Rosa **thinks** the landlord is lying" is a belief, not "The landlord is lying");
4. no statement of one is refused (``verdict`` -1) with a statement of the other, so clusters never
   chain across a refusal (the paraphrase mode's "veto" linkage).

Each pair is judged with a pronoun for the group's own person read as that person's name, as the
paraphrase mode reads it (``own_subject.with_own_subject``: "Tomek fixes boats" / "He repairs boats",
owner ``user:tomek``), as written, both ``reworded``, and, when one names in full what the other names in
part ("a white Toyota Corolla" / "a white Corolla", "Greenwood Primary School" / "Greenwood Primary"),
with that name cut to the part (``name_parts.shortened``), and, since the twenty-sixth session, as the
paraphrase mode reads it (``_judged_in_one_way``: word order, aspect, a negation said by a word; still
no framing word), a confirmation only; and with an acronym one says for words the other says in full
written as those words (``acronyms.expanded``: "works in the ER" / "in the emergency room"), and (round
28) with a numeric date that may be read either way round written as the reading the other names
(``anchors.dated_as``: "on 09/02/2027" / "on 9 February 2027").

Candidates are found by key, not pairwise: a statement's signature and the signature less any ``DIFF``
or fewer of its words (``near_keys``); two statements within ``DIFF`` words on each side share a key
(their common words). Each key's block of more than ``MAX_BLOCK`` statements is left alone (measured in
docs/benchmarks.md).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import combinations

from ..models import Memory
from . import lexicon
from .acronyms import expanded
from .anchors import dated_as
from .duplicates import group_key, statement_signature
from .framing import accounted
from .name_parts import shortened
from .own_subject import with_own_subject
from .paraphrases import _in_one_way, anchors_agree, verdict
from .same_statement import reworded
from .vetoes import REPORTING, frame_added, reported

__all__ = [
    "DIFF",
    "MAX_BLOCK",
    "REPORTING",
    "SENSES",
    "frame_added",
    "join_confirmed",
    "near_keys",
    "one_apart",
]

#: the most words each statement's signature may hold that the other's does not
DIFF = 2
#: WordNet senses of each word read by the confirmation (``paraphrases.verdict``): the paraphrase
#: mode's (``lexicon.SENSES``, chosen leave-one-set-out for it)
SENSES = lexicon.SENSES
#: the most statements of one group and one key compared pairwise (a larger block is left alone)
MAX_BLOCK = 200


def near_keys(words: frozenset[str]) -> frozenset[frozenset[str]]:
    """``words`` (a signature) and ``words`` less any ``DIFF`` or fewer of its words: two signatures
    within ``DIFF`` words of each other on each side share one of these (their common words)."""
    keys = {words}
    for n in range(1, DIFF + 1):
        keys |= {words - frozenset(c) for c in combinations(sorted(words), n)}
    return frozenset(k for k in keys if k)


def one_apart(a: frozenset[str], b: frozenset[str]) -> bool:
    """Whether two signatures differ, by at most ``DIFF`` words on each side, and share a word."""
    return a != b and len(a - b) <= DIFF and len(b - a) <= DIFF and bool(a & b)


def join_confirmed(
    memories: Sequence[Memory],
    clusters: list[list[Memory]],
    signatures: Mapping[str, frozenset[str] | None] | None = None,
) -> list[list[Memory]]:
    """``clusters`` (``duplicates.near_duplicate_clusters`` over ``memories``) joined with each other
    and with single memories where the rules of the module docstring confirm two as one statement.
    ``signatures``: each memory's ``statement_signature`` by id, when the caller has read them."""
    if signatures is None:
        signatures = {m.id: statement_signature(m) for m in memories}
    clustered = {m.id for c in clusters for m in c}
    units: list[list[Memory]] = [list(c) for c in clusters]
    units += [[m] for m in memories if m.id not in clustered and signatures[m.id] is not None]
    words = [signatures[u[0].id] or frozenset() for u in units]
    scopes = [group_key(unit[0]) for unit in units]
    blocks: dict[int, list[int]] = defaultdict(list)  # by a hash of group and key, so
    for i in range(len(units)):  # a pair's group and words are compared below (a collision)
        for key in near_keys(words[i]):
            blocks[hash((scopes[i], key))].append(i)
    pairs = sorted(
        {
            (i, j)
            for block in blocks.values()
            if len(block) > 1 and sum(len(units[i]) for i in block) <= MAX_BLOCK
            for x, i in enumerate(block)
            for j in block[x + 1 :]
            if scopes[i] == scopes[j] and (words[i] == words[j] or one_apart(words[i], words[j]))
        }
    )
    if not pairs:
        return clusters
    heads = [max(u, key=lambda m: (len(m.content), m.observed_at, m.id)).content for u in units]
    heads = with_own_subject(units, heads)
    group = list(range(len(units)))
    members: dict[int, list[int]] = {i: [i] for i in range(len(units))}
    for i, j in pairs:
        gi, gj = group[i], group[j]
        if gi == gj or _judged(heads[i], heads[j]) != 1:
            continue
        if not all(_judged(heads[x], heads[y]) >= 0 for x in members[gi] for y in members[gj]):
            continue
        for x in members[gj]:
            group[x] = gi
        members[gi] += members.pop(gj)
    joined = [idx for idx in members.values() if len(idx) > 1]
    if not joined:
        return clusters
    done = {i for idx in joined for i in idx}
    out = [units[i] for i in range(len(clusters)) if i not in done]
    out += [[m for i in idx for m in units[i]] for idx in joined]
    out = [sorted(c, key=lambda m: (m.observed_at, m.created_at, m.id)) for c in out]
    out.sort(key=lambda c: (c[0].observed_at, c[0].id))
    return out


@lru_cache(maxsize=65536)
def _judged(a: str, b: str) -> int:
    """1 confirmed, -1 refused, 0 neither (module docstring, rules 2 and 3) for two statements of one
    group, read as written (the owner's name not read as the speaker, so that a role turned round
    stays visible to ``verdict``), or else both ``reworded`` ("The Cessna 172 is the plane Ana flies"
    as "Ana flies the Cessna 172"; "Ana flies the Cessna 172", the cleft's noun left out), or else
    with a name of several words that the other says in part cut to that part
    (``name_parts.shortened``: "drives a Toyota Corolla" / "'s car is a Corolla")."""
    found = _judged_as_written(a, b)
    if found != 1:
        ra, rb = reworded(a), reworded(b)
        if (ra, rb) != (a, b) and _judged_as_written(ra, rb) == 1:
            return 1
        sa, sb = shortened(a, b), shortened(b, a)  # "a Toyota Corolla" / "a Corolla" (``name_parts``)
        if (sa, sb) != (a, b) and _judged_as_written(sa, sb) == 1:
            return 1
        if _judged_in_one_way(a, b) == 1:
            return 1
        ea, eb = expanded(a, b), expanded(b, a)  # "lives in LA" / "lives in Los Angeles" (``acronyms``)
        if (ea, eb) != (a, b) and _judged(ea, eb) == 1:
            return 1
        da, db = dated_as(a, b), dated_as(b, a)  # "on 09/02/2027" / "on 9 February 2027" (``anchors``)
        if (da, db) != (a, b) and _judged(da, db) == 1:
            return 1
    return found


def _judged_in_one_way(a: str, b: str) -> int:
    """The pair read as the paraphrase mode reads it (``paraphrases.verdict`` with ``kinds``, still with
    no framing word: an adverbial said first at the end and an age "is 9 years old" as "is 9",
    ``word_order``; one time in one aspect, "quit drinking" / "has not drunk since", ``aspect``; a
    negation said by a word, "cannot digest gluten" / "is gluten intolerant"; a verb that is a manner of
    the other's), rule 3 on the statements so read. Only a confirmation is taken from it (``_judged``)."""
    wa, wb = _in_one_way(a), _in_one_way(b)
    if not anchors_agree(wa, wb, negation=True):  # another name, number or date: no need to read on
        return -1
    if frame_added(wa, wb) or frame_added(wb, wa) or reported(wa) != reported(wb):
        return -1
    return verdict(a, b, SENSES, extra=0, kinds=True)


def _judged_as_written(a: str, b: str) -> int:
    if not anchors_agree(a, b):  # another name, number or date (``verdict`` reads it last)
        return -1
    if frame_added(a, b) or frame_added(b, a) or reported(a) != reported(b):
        return -1
    found = verdict(a, b, SENSES, extra=0)
    return 1 if found == 0 and accounted(a, b, SENSES) else found
