"""An acronym one statement says for words the other says in full (``consolidation/acronyms.py``): read
as those words by the word rule's confirmation and the paraphrase mode's rules, only when the other
statement's words spell it; another expansion, or none, stays apart. New sentences, none from the
labelled sets."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memlane.consolidation import lexicon, paraphrases
from memlane.consolidation.acronyms import expanded
from memlane.consolidation.service import word_rule
from memlane.models import Memory, Visibility


@pytest.mark.parametrize(
    ("a", "b", "read"),
    [
        ("Kemal works in the ER", "Kemal works in the emergency room", "Kemal works in the emergency room"),
        (
            "Kemal is the CFO of Ardent",
            "the chief financial officer",
            "Kemal is the chief financial officer of Ardent",
        ),
        (
            "Aylin works for the DOC",
            "the Department of Conservation",
            "Aylin works for the Department of Conservation",
        ),
        ("Aylin studied at NWU", "at North-West University", "Aylin studied at North-West University"),
        # no run of the other's words spells it, or more than one, or inside a longer name: as written
        ("Kemal moved to the US", "Kemal moved to the United Kingdom", "Kemal moved to the US"),
        ("Kemal reads the LA Times", "Kemal reads the Los Angeles Times", "Kemal reads the LA Times"),
        ("Kemal reads the LA news", "lives in Los Angeles, loves Los Alamos", "Kemal reads the LA news"),
        ("in the ER", "in the room", "in the ER"),  # "the room" opens with a function word
        # the word after the acronym is the run's last: "DB" is not "Database backups"
        ("DB backups run nightly", "Database backups run nightly", "DB backups run nightly"),
    ],
)
def test_expanded(a: str, b: str, read: str) -> None:
    assert expanded(a, b) == read


def _memory(id: str, content: str) -> Memory:
    now = datetime.now(UTC) + timedelta(seconds=int(id))
    return Memory.model_construct(id=id, content=content, workspace="default", owner="user:kemal",
                                  visibility=Visibility.PERSONAL, space=None, subject=None, related_user="kemal",
                                  observed_at=now, created_at=now)  # fmt: skip


@pytest.mark.parametrize(
    ("a", "b", "joined"),
    [
        (
            "Kemal works in the ER at Ankara City Hospital",
            "Kemal works in the emergency room at Ankara City Hospital",
            True,
        ),
        (
            "Kemal works in the ER at Ankara City Hospital",
            "Kemal works in the emergency ward at Ankara City Hospital",
            False,
        ),
        ("Dana moved to the US in 2019", "Dana moved to the United Kingdom in 2019", False),
    ],
)
def test_the_word_rule_reads_an_acronym(a: str, b: str, joined: bool) -> None:
    assert bool(word_rule([_memory("0", a), _memory("1", b)])) == joined


def test_the_paraphrase_rules_read_an_acronym() -> None:
    p = paraphrases
    a, b = "Kemal is the CFO of Ardent", "Kemal is the chief financial officer of Ardent"
    assert p._rules_verdict(a, b, lexicon.SENSES, p.HYPERNYMS, None, p.ALIGN, p.KIN) == 1
    c = "Kemal is the chief operating officer of Ardent"
    assert p._rules_verdict(a, c, lexicon.SENSES, p.HYPERNYMS, None, p.ALIGN, p.KIN) != 1
