"""The clause reader: "got" + a noun phrase is the verb get ("I got extra time in exams"), so forget
reads it as the speaker's (heldout19 l019); "got" + a past participle stays the passive."""

import pytest
from tests.forget_keys import forgotten, stored

from memlane import Memlane
from memlane.text.claims import analyse


def _claim(text: str):
    claims = analyse(text).claims
    assert len(claims) == 1, claims
    return claims[0]


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("I got extra time in exams because of my dyslexia", {"extra", "time"}),
        ("I got a parking fine on Rue Neuve", {"park", "fine"}),
        ("I got three months' severance from TCS", {"3", "month", "sever"}),
    ],
)
def test_got_with_a_noun_phrase_is_the_speakers_verb_get(text: str, obj: set[str]) -> None:
    claim = _claim(text)
    assert claim.subject == {"i"}
    assert (claim.verb, claim.passive, claim.past) == ("get", False, True)
    assert obj <= claim.obj


@pytest.mark.parametrize(
    ("text", "verb"), [("I got married last year", "marry"), ("I got fired from Tesco", "fire")]
)
def test_got_with_a_past_participle_stays_the_passive(text: str, verb: str) -> None:
    claim = _claim(text)
    assert (claim.subject, claim.verb, claim.passive) == ({"i"}, verb, True)


def test_a_noun_before_a_verb_is_still_a_noun() -> None:
    claim = _claim("My piano lessons are on Tuesdays")
    assert claim.verb == "be"


def test_forget_reads_what_the_speaker_got_as_the_speakers(smem: Memlane) -> None:
    keys = stored(
        smem,
        {
            "said": "I'm dyslexic and use text-to-speech for long documents",
            "got": "I got extra time in exams because of my dyslexia",
            "son": "My son was tested for dyslexia, the result was negative",
        },
    )
    assert forgotten(smem, keys, "forget that I'm dyslexic") == {"said", "got"}
