"""Updates: whether a new statement gives a new value to what an earlier one said (see :mod:`.claims`).

The rules, in the order they are tried for each pair of claims (the new statement's, the old one's):

1. Additive wording in the new statement ("too", "also", "as well", "another"): never an update.
2. Same subject, same predicate: an update when the polarity flipped ("no longer lives in…"), when the
   object is the same and the time, place or amount after it changed (unless both a number and a
   qualifier changed without change wording: "closes at 22:00 on weekdays" / "at 20:00 on weekends"),
   when the new value restates and extends the old one, when one measure got a new number ("8
   engineers" -> "11 engineers"), when the one definite thing is described anew ("prescribed the red
   inhaler" -> "the blue inhaler"; not "takes piano lessons" -> "swimming lessons"), when a copula gives an attribute a new value ("Kenji's manager is…"),
   or with change wording. Otherwise a multi-valued predicate added a value ("likes sailing").
3. Same subject, a verb of change ("moved to", "renamed", "raised to", "upgraded to", "turned 7"): an
   update when the new value is of the old one's kind (a shared word, a date, time, number, or for
   moves and renames any name).
4. Same subject, a verb of ending ("left Siemens", "sold the Octavia"): an update of what named it;
   another verb with the same value and change wording ("drives to work" -> "cycles to work now").
5. The old subject's possessor acting ("Ivan's car…" / "Ivan sold the Octavia"): verbs of ending, or
   change wording with a new number for something the old statement measured.
6. Another person or named thing, the same predicate and object, with change wording: the holder
   changed ("Priya owns the billing service" -> "Marcus now owns the billing service").

Three rules hold before all of these (each a false update that hid a true fact):

* A copula + adjective + phrase ("allergic to", "afraid of", "interested in", "fluent in", "good at")
  is multi-valued like "likes": a second value ("allergic to peanuts" -> "allergic to cats") adds a
  fact; only a negation, a fuller restatement or change wording with the same adjective updates. A
  copula that gives an attribute a value ("my manager is Ana", "my rent is 900", "X is the CEO of Y")
  is single-valued, and so is an adjective whose phrase is a time, date or amount ("due on Friday").
* The past never replaces the present: a new claim in the past tense or dated in the past ("was 850
  last year", "lived in Linz two years ago") does not update an old claim in the present, unless its
  verb is one of change or ending ("moved to", "went up to", "left") other than the old claim's own
  verb ("The bus leaves at 7:15" / "The bus left at 7:40 this morning" is one morning, not a new
  timetable) or it is the old fact said to have stopped ("worked at Initech until March", "… before
  joining Hooli"). (An explicitly back-dated store,
  ``observed_at`` before the old item's, is held back separately, in :mod:`memlane.supersession`.)
* Names compare as written: two subjects whose names differ as written ("Lucas" / "Luca", "Marie" /
  "Maria") are two holders even when their stems agree; a name inside a fuller one ("Ana" / "Ana
  Ruiz") is one holder.

And these keep another attribute of the same subject apart (3 Dec; each chained two facts of one
speaker as versions: "I weigh 82 kg" superseded by "I go to the gym three times a week"):

* "go" is a verb of change only with a particle ("went up to 950"); alone it is an activity. So
  "give" ends something only as "give up" ("gave blood on 2 March" ends no "I'm blood type O").
* A subject that holds another one's words and more is the same named thing only when the smaller is
  the name alone ("Helix Labs" / "Customer Helix Labs"), not a thing with a name in a phrase ("my
  flight to Dakar" / "my flight back from Dakar").
* A value matched to the old one only by its kind (a date, time, number) must be all the new value is,
  apart from words naming the old thing: "The office moves to the fifth floor on 3 February" does not
  update "The office is closed on 2 January". A move with any name needs a place (a name in a phrase,
  not a number) in the old statement: "Ewa is moving to Gdańsk" does not update "Ewa is our best
  React developer".
* When and where are two slots: a value that lost only one kind and gained only the other ("every
  other Thursday at 2pm" / "in the Kestrel meeting room") is another fact.
* With no object on either side and no firm change wording, a second place, board or wish adds a fact
  ("volunteer at the food bank" / "… at the charity shop", "wants to start football" / "… to give up
  piano") unless only when or how much changed, the verb has one place at a time (live, reside,
  base, work, move, relocate) or both are passives ("is handled by team Blue" / "… team Red").
* A copula's new amount with another date is another period ("was $4,200 in March" / "$3,800 in
  February"): the two-slot rule above applies to it too, unless firm change wording says otherwise.
* A dated record of the past ("I weighed 90 kg in 2022", "worked at X from 2015 to 2020") stays true:
  only the same record said again, in the past, with the same verb and dates (a correction), replaces it.
* A flipped polarity must deny the same object ("I eat fish on Fridays" / "I don't eat meat Monday to
  Friday" share only the day); whose thing the value is must agree ("my manager" / "my brother-in-law's
  manager").
* A denied attitude must be of the same thing ("not allergic to peanuts" / "allergic to shellfish");
  a new time or amount for some days only is an exception ("starts at 10:00" / "… at 9:30 on
  Fridays"); a past period ("worked in Germany for six years") is a dated record like a year. Ordinals
  and fractions are amounts ("third floor" -> "fourth floor", "a pack" -> "half a pack"), the same
  place said with more or less is one place, and "report to" has one holder at a time.
* Where someone lives or works, said again with less of the place ("I moved to Wiesbaden in 2021" /
  "I live at Wilhelmstraße 14 in Wiesbaden"), agrees with the fuller statement: the address stays
  current. A new place, or the same place said more precisely ("I live in Berlin" -> "I moved to
  Kreuzberg, Berlin": the new one says both), still replaces.
* A second value needs *firm* change wording ("now", "instead", "no longer"): "new" in the value ("I
  think the new CTO is great") or a "since" clause ("claiming Universal Credit since I lost my job") is
  not enough; "either" is additive ("I don't like my new boss either").

:func:`different_holders` is the check other deciders share (the memory manager's rules): two statements
whose subjects name different things ("The user's colleague Ana moved to Porto" / "… Bruno moved to
Porto", "Flight LH1240" / "Flight LH1234") are about different holders, however many words they share.
"""

from __future__ import annotations

import re

from .claims import _YEAR_RE, Claim, Statement, _w
from .words import content_words, word_overlap

__all__ = ["compare", "different_holders", "holders", "same_subject"]

_HAS_DIGIT_RE = re.compile(r"\d")

#: verbs whose object or "to" phrase is the new value of an attribute named elsewhere
_CHANGE_VERBS = _w(
    "move relocate transfer reschedule postpone delay push bring shift rename change switch swap replace "
    "update upgrade downgrade migrate convert raise lower increase decrease reduce cut grow shrink rise "
    "drop fall go turn become extend renew reassign promote hand bump slip set reset adjust"
)
#: verbs saying that the old value no longer holds ("left Siemens", "sold the Octavia")
#: ("give" only as "give up": "gave blood on 2 March" ends nothing)
_ENDING_VERBS = _w("leave quit sell stop cancel end abandon retire resign lose close drop give_up")
#: change verbs whose new value may be any name (a place, a new name): the others need evidence that
#: the values are of one kind (a shared word, a date, a time, a number)
_NAMING_CHANGE_VERBS = _w("move relocate transfer rename")
_NAMING_PREDICATES = _w("be call name")
#: nouns naming when something happens, as a subject after the thing ("the standup time", "the
#: retro day"): the thing's own time (stems)
SLOT_NOUNS = frozenset({"time", "day", "date", "hour", "schedul", "slot"})
#: value kinds that say when something happens
_WHEN_KINDS = frozenset({"time", "date", "weekday"})
#: change verbs that change a value only with a particle ("went up to 950", "goes down to 3"): alone
#: they are an activity ("I go to the gym three times a week")
_PARTICLE_CHANGE_VERBS = _w("go")
#: verbs with one value at a time when the value is a place after a preposition ("lives in Ghent" ->
#: "lives in Bruges"); other verbs with a place ("volunteers at the food bank", "is on the committee
#: of …", "wants to learn the drums") may hold several, and a second one adds a fact
#: ("reports to Hanna" / "… to Lars": one manager at a time)
_ONE_PLACE_VERBS = _w("live reside base work move relocate report")
#: verbs saying where someone lives or works, or that they moved there: a value with less of the same
#: place agrees with the old one ("moved to Wiesbaden" / "lives at Wilhelmstraße 14 in Wiesbaden")
_PLACE_VERBS = _w("live reside base work move relocate transfer")
_MONTH_WORDS = frozenset(
    content_words("january february march april june july august september october november december")
)
#: the days of the week (stems, as claims store them), one or every ("on Fridays"), and the weekend
_DAY_WORDS = frozenset(
    content_words(
        "monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays "
        "fridays saturdays sundays weekend weekends weekday weekdays"
    )
)
#: words (stems, as claims store them) that say when: weekdays, months, parts of the day, seasons
_WHEN_WORDS = (
    _MONTH_WORDS
    | _DAY_WORDS
    | frozenset(
        content_words(
            "morning mornings afternoon afternoons evening evenings night nights noon midnight today "
            "tonight tomorrow yesterday day days week weeks month months year years spring summer autumn "
            "winter"
        )
    )
)
#: ordinals and fractions: amounts like numbers ("on the third floor" -> "… fourth floor")
_AMOUNT_WORDS = frozenset(
    content_words("first second third fourth fifth sixth seventh eighth ninth tenth last half quarter")
)


def _same_names(a: frozenset[str], b: frozenset[str]) -> bool:
    """Whether two sets of names, compared as written, can name one holder: one holds the other
    ("Ana" / "Ana Ruiz"); "Lucas" and "Luca" are two people, whatever their stems."""
    return not (a and b) or a <= b or b <= a


def _same_subject(a: Claim, b: Claim) -> bool:
    if not a.subject or not b.subject or not _same_names(a.names, b.names):
        return False
    if a.subject == b.subject:
        return True
    # "Customer Helix Labs" and "Helix Labs": one named thing, with or without a common noun before it
    if a.possessor or b.possessor or not (a.agent and b.agent):
        return False
    small, large = (a, b) if len(a.subject) < len(b.subject) else (b, a)
    if not small.subject < large.subject or not small.subject <= content_words(" ".join(small.names)):
        return False  # (the smaller one is the name alone: not "my flight to Dakar" / "… back from Dakar")
    extra = large.subject - small.subject
    return bool(large.names & small.names) and not extra & {n for n in large.names}


def _same_kind(old: Claim, new: Claim, *, any_name: bool) -> bool:
    """Whether the new value can be a new value of the old one's attribute: a shared word; or values of
    one kind (a time, date, number…) when that is all the new value is ("was moved to 11 February", not
    "moves to the fifth floor on 3 February", whose date is when it happens); or, for a move, any name
    where the old statement had a name in a place phrase ("lives in Osaka", not "is our best React
    developer")."""
    if old.value & new.value:
        return True
    specific = {"time", "date", "weekday", "number", "email", "id"}
    if old.kinds & new.kinds & specific and not _other_words(new.value) - old.subject - old.obj - {old.verb}:
        return True
    place = {w for w in old.value_names & old.adjuncts if not _HAS_DIGIT_RE.search(w)}
    return any_name and "name" in old.kinds and "name" in new.kinds and bool(place)


def _when_word(word: str) -> bool:
    return bool(_HAS_DIGIT_RE.search(word)) or word in _WHEN_WORDS or word in _AMOUNT_WORDS


def _other_words(value: frozenset[str]) -> frozenset[str]:
    """The words of a value that are no time, date, day or amount ("fifth floor" in "to the fifth floor
    on 3 February"; "time week" in "three times a week")."""
    return frozenset(w for w in value if not _when_word(w))


def _attitude_things_differ(old: Claim, new: Claim) -> bool:
    """Two attitudes ("is afraid of flying" / "is afraid of heights") towards different things: their
    values share no word but the adjective."""
    if not (old.attitude or new.attitude):
        return False
    adjective = content_words(f"{old.attitude} {new.attitude}")
    a, b = old.value - adjective, new.value - adjective
    return bool(a and b) and not a & b


def _days_added(old: frozenset[str], new: frozenset[str]) -> bool:
    """A new time or amount for some days only: the old value names no day, the new one adds one and a
    number changed ("starts at 10:00" / "starts at 9:30 on Fridays"): an exception, both hold."""
    gone, added = old - new, new - old
    numbers = any(_HAS_DIGIT_RE.search(w) for w in gone) and any(_HAS_DIGIT_RE.search(w) for w in added)
    return numbers and not old & _DAY_WORDS and bool(added & _DAY_WORDS)


def _change_verb(verb: str) -> bool:
    """A verb of change ("moved", "raised", "went up"): "go" only with a particle."""
    base, _, particle = verb.partition("_")
    return base in _CHANGE_VERBS and (bool(particle) or base not in _PARTICLE_CHANGE_VERBS)


def _slots(words: frozenset[str]) -> frozenset[str]:
    """What kinds of slot a set of value words fills: ``when`` (a time, day, date) and ``what`` (any
    other word or amount)."""
    return frozenset("when" if _when_word(w) and not w.isdigit() else "what" for w in words)


def _another_slot(old: frozenset[str], new: frozenset[str]) -> bool:
    """The value lost one kind of slot and gained only another ("every other Thursday at 2pm" -> "in the
    Kestrel meeting room"): when it happens and where it happens are two facts, not a new value."""
    gone, added = old - new, new - old
    return bool(gone and added) and not (_slots(gone) & _slots(added))


def _numbers_changed(old: frozenset[str], new: frozenset[str]) -> bool:
    """One measure with a new number ("PostgreSQL 15" -> "16", "8 engineers" -> "11 engineers")."""
    words_old = {w for w in old if not _HAS_DIGIT_RE.search(w)}
    words_new = {w for w in new if not _HAS_DIGIT_RE.search(w)}
    digits_old, digits_new = old - words_old, new - words_new
    return bool(
        words_old and words_old == words_new and digits_old and digits_new and digits_old != digits_new
    )


def _two_slots_changed(old: frozenset[str], new: frozenset[str]) -> bool:
    """Both a number or time and a word changed ("closes at 22:00 on weekdays" -> "at 20:00 on weekends"):
    more likely another fact than a new value, unless change wording says otherwise."""
    gone, added = old - new, new - old
    digits = any(_HAS_DIGIT_RE.search(w) for w in gone) and any(_HAS_DIGIT_RE.search(w) for w in added)
    words = any(not _HAS_DIGIT_RE.search(w) for w in gone) and any(not _HAS_DIGIT_RE.search(w) for w in added)
    return digits and words


def _new_number_for(old: frozenset[str], new: frozenset[str]) -> bool:
    """A new number for something the old statement measured: a shared word, different numbers."""
    shared = {w for w in old & new if not _HAS_DIGIT_RE.search(w)}
    digits_old = {w for w in old if _HAS_DIGIT_RE.search(w)}
    digits_new = {w for w in new if _HAS_DIGIT_RE.search(w)}
    return bool(shared and digits_old and digits_new and digits_old != digits_new)


def _ended(old: Claim, new: Claim) -> bool:
    """Whether a verb of ending names what the old statement said: all of its object ("stopped taking
    metformin" / "takes metformin") or a name in it ("left Siemens", "cancelled her Guardian
    subscription"); a shared common noun is not enough ("sold the tea kettle" / "prefers tea")."""
    if not new.obj:
        return False
    return new.obj <= old.value | old.subject | {old.verb} or bool(new.obj & old.value & new.value_names)


def _one_place(old: Claim, new: Claim) -> bool:
    """A verb with one place at a time ("lives in", "works at"), or values that differ only in when or
    how much ("leaves at 06:40" -> "at 07:10"): a second value replaces the first."""
    if old.verb in _ONE_PLACE_VERBS or (old.passive and new.passive):
        return True  # (a passive's phrase names its one holder or place: "is handled by team Blue")
    if old.adjuncts <= new.adjuncts or new.adjuncts <= old.adjuncts:
        return True  # the same place, said with more or less: "a pack a day" -> "half a pack a day"
    return _other_words(old.adjuncts) == _other_words(new.adjuncts)


def _past_state(old: Claim, new: Claim) -> bool:
    """The new claim says what held in the past (past tense, or dated "last year", "ago") about
    something the old one states in the present, and is not a change or an ending ("moved to", "went
    up to", "left Siemens"), nor the old fact itself said to have stopped ("worked at Initech until
    May"): it does not replace the present statement ("My rent is 900" / "My rent was 850 last year"),
    whatever change wording it has."""
    if not new.past or old.past:
        return False
    if new.ended and new.verb == old.verb and new.value >= old.value:
        return False  # the same fact, said to have stopped: "Sam worked at Initech before joining Hooli"
    verb = new.verb.split("_")[0]
    if verb == old.verb.split("_")[0]:
        return True  # the present habit, done once in the past: "closes at 20:00" / "closed at 18:00 on …"
    return not _change_verb(new.verb) and verb not in _ENDING_VERBS and new.verb not in _ENDING_VERBS


def _dated_record(old: Claim, new: Claim) -> bool:
    """The old claim is a dated record of the past ("I weighed 90 kg in 2022", "I worked at Castlemead
    from 2015 to 2020"): it stays true whatever holds now, so only the same record said again, past and
    with the same verb, can replace it (a correction), never a present value or an ending."""
    return old.past and old.dated and not (new.past and new.verb == old.verb and _dates(old) == _dates(new))


def _dates(claim: Claim) -> frozenset[str]:
    """The years and months a claim's value names."""
    return frozenset(w for w in claim.value if w in _MONTH_WORDS or _YEAR_RE.fullmatch(w))


def _places(claim: Claim) -> frozenset[str]:
    """The names of a claim's value that are no number, date or time ("wilhelmstraß wiesbaden" of "I
    live at Wilhelmstraße 14 in Wiesbaden"; "wiesbaden" of "I moved to Wiesbaden in 2021")."""
    return frozenset(w for w in claim.value_names if not _when_word(w))


def _place_said_with_less(old: Claim, new: Claim) -> bool:
    """Where someone lives or works, said again with less of the place than the old statement gives: "I
    moved to Wiesbaden in 2021" / "I live at Wilhelmstraße 14 in Wiesbaden" agree (the address is in
    Wiesbaden), so the fuller one stays current. A new place, or the same place said more precisely ("I
    live in Berlin" -> "I moved to Kreuzberg, Berlin"), still replaces."""
    if new.negated or new.verb not in _PLACE_VERBS:
        return False
    place = _places(new)
    return bool(place) and place < _places(old) and _other_words(new.value) <= old.value


def _updates(old: Claim, new: Claim, change: bool, renewed: bool = False, firm: bool = True) -> bool:
    if _past_state(old, new) or _dated_record(old, new):
        return False
    if _same_subject(old, new):
        if _place_said_with_less(old, new):
            return False  # "I live at Wilhelmstraße 14 in Wiesbaden" / "I moved to Wiesbaden in 2021"
        if old.value_owner != new.value_owner:
            return False  # whose: "Dmitri is my landlord" / "Dmitri is my sister's landlord"
        if new.verb == old.verb and new.passive == old.passive:
            if new.negated != old.negated:
                if old.obj and new.obj and not old.obj & new.obj:
                    return False  # another thing: "I eat fish on Fridays" / "I don't eat meat …"
                if _attitude_things_differ(old, new):
                    return False  # "not allergic to peanuts" / "allergic to shellfish": another thing
                return not (old.value and new.value) or bool(old.value & new.value)
            if old.attitude or new.attitude:  # "allergic to peanuts" / "allergic to cats": both hold
                if new.obj >= old.obj and new.adjuncts >= old.adjuncts:
                    return True  # "allergic to peanuts" -> "allergic to peanuts and shellfish"
                return change and new.attitude == old.attitude
            if new.obj == old.obj:  # the same thing done or said with another time, place or amount…
                if _another_slot(old.adjuncts, new.adjuncts):
                    return False  # …not where instead of when: "meets on Wednesdays" / "meets at the Crown"
                if not old.obj and not firm and not _one_place(old, new):
                    return False  # a second place: "volunteers at the food bank" / "… at the charity shop"
                if not firm and _days_added(old.adjuncts, new.adjuncts):
                    return False  # an exception for some days: "starts at 10:00" / "… at 9:30 on Fridays"
                return change or not _two_slots_changed(old.adjuncts, new.adjuncts)
            if new.obj >= old.obj and new.adjuncts >= old.adjuncts:
                return True  # a fuller restatement: "allergic to peanuts" -> "… peanuts and shellfish"
            if _numbers_changed(old.obj, new.obj):
                return True
            if new.the_head and new.the_head == old.the_head:
                return True  # the one thing, described anew: "prescribed the red inhaler" -> "… blue inhaler"
            if new.verb == "be" and not old.agent and not new.negated:
                # an attribute's value: "Kenji's manager is Sofia" -> "… is Raúl"; not when instead of
                # where, nor an amount of another month ("was $4,200 in March" / "$3,800 in February")
                if _another_slot(old.value, new.value):
                    return False
                return firm or not _two_slots_changed(old.value, new.value)
            if new.verb == "be" and renewed:
                return False  # what a named thing is, added: "Everest is our new team name"
            if (
                new.passive
                and _change_verb(new.verb)
                and not old.agent
                and _same_kind(old, new, any_name=False)
            ):
                return True  # a value given: "my alarm is set for 7:00" -> "… is set for 6:30"
            # a second value with change wording: "collects coins now"; not "new" in the value ("I like
            # the new bakery") nor "since" alone ("I'm claiming Universal Credit since I lost my job")
            return firm
        if _change_verb(new.verb):
            named = new.verb in _NAMING_CHANGE_VERBS and (
                new.verb != "rename" or old.verb in _NAMING_PREDICATES
            )
            if new.verb == "rename" and old.verb in _NAMING_PREDICATES and old.value:
                return True  # "… is called acme-eng" -> "… was renamed to acme-engineering"
            # the object of a change verb is the thing changed, unless it is a bare value ("turned 7"):
            # it must be what the old statement was about ("we moved deploys to Tuesdays" / "we deploy
            # on Thursdays"), not merely share a word with it ("moved the tea meeting" / "prefers tea")
            thing = {w for w in new.obj if not _HAS_DIGIT_RE.search(w)} if not new.passive else set()
            if thing and not thing <= {old.verb} | old.obj | old.subject:
                return False
            return _same_kind(old, new, any_name=named)
        if new.verb in _ENDING_VERBS and not new.negated:
            return _ended(old, new)
        if (
            change
            and not (old.obj or new.obj)
            and "be" in (old.verb, new.verb)
            and old.kinds & new.kinds & _WHEN_KINDS
        ):
            return True  # when it happens, said anew: "is at 9:30" -> "starts at 10:00 now"
        # the same thing done another way, said as a change: "drives to work" -> "cycles to work now"
        return change and bool(old.value) and new.value == old.value and "be" not in (old.verb, new.verb)
    if (
        old.possessor and new.subject == old.possessor and _same_names(old.names, new.names)
    ):  # "Ivan's car is an Octavia" / "Ivan sold the Octavia"
        if new.verb in _ENDING_VERBS and not new.negated:
            return _ended(old, new)
        if change:  # "the app's minimum iOS version is 16" -> "the app now requires iOS 17"
            return _new_number_for(old.subject | old.value, new.value)
        return False
    if change and old.agent and new.agent and new.verb == old.verb and old.obj and new.obj == old.obj:
        return not new.negated  # "Priya owns the billing service" -> "Marcus now owns it"
    if (
        (_change_verb(new.verb) or (new.verb == "be" and change))
        and not new.negated
        and old.subject
        and not old.possessor
        and new.subject > old.subject
        and new.subject - old.subject <= SLOT_NOUNS
    ):
        # the old subject's time, changed: "The standup time was changed to 10:00", "… is now 10:00"
        return _same_kind(old, new, any_name=False) and bool(old.kinds & new.kinds & _WHEN_KINDS)
    if _change_verb(new.verb) and not new.passive and not new.negated and old.subject:
        # someone changes the old subject itself: "We moved the standup to 10:00" / "The standup is at 9:30"
        thing = {w for w in new.obj if not _HAS_DIGIT_RE.search(w)}
        if thing == old.subject and not old.possessor:
            return _same_kind(old, new, any_name=new.verb in _NAMING_CHANGE_VERBS)
    return False


def compare(old: Statement, new: Statement) -> tuple[bool, float]:
    """(whether ``new`` updates ``old``, similarity 0-1). Additive wording never supersedes."""
    similarity = word_overlap(old.words, new.words)
    if new.additive:
        return False, similarity
    for n in new.claims:
        for o in old.claims:
            if _updates(o, n, new.change, new.renewed, new.firm):
                return True, similarity
    return False, similarity


def same_subject(old: Statement, new: Statement) -> bool:
    """Whether some claim of each is about the same subject (worth showing the caller as similar)."""
    return any(_same_subject(o, n) for o in old.claims for n in new.claims)


def holders(statement: Statement) -> frozenset[str]:
    """The named things (people, companies, places, identifiers, numbers) in the subject of a statement's
    main clause, possessor included ("Ana's flight": ``ana``); empty for the speaker ("The user …",
    "I …") or a subject that names nothing ("the billing service")."""
    if not statement.claims:
        return frozenset()
    return statement.claims[0].names  # (no article or determiner: ``claims`` reads none as a name)


def different_holders(old: Statement, new: Statement) -> bool:
    """Whether both subjects name something and the names are of different things: neither set of
    names holds the other ("Ana" and "Ana Ruiz" are one holder; "Ana Ruiz" and "Ana Lopez", "Ana" and
    "Bruno", "LH1240" and "LH1234" are two)."""
    a, b = holders(old), holders(new)
    return bool(a and b) and not (a <= b or b <= a)
