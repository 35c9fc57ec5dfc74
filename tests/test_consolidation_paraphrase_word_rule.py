"""The paraphrase mode joins what the word rule's confirmation joins (``paraphrases._rules_verdict``): a
pair the embedder proposes whose signatures are a word or two apart is confirmed when
``confirmation._judged`` confirms it (a name said in full on one side cut to the part the other says, a
cleft reworded), though the paraphrase mode's own ``verdict`` refused it. New sentences, none from the
labelled sets."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from memlane import Memlane
from memlane.consolidation import lexicon, paraphrases


def _rules(a: str, b: str) -> int:
    p = paraphrases
    return p._rules_verdict(a, b, lexicon.SENSES, p.HYPERNYMS, None, p.ALIGN, p.KIN)


@pytest.mark.parametrize(
    ("a", "b", "found"),
    [
        ("Marta drives a red Honda Jazz", "Marta's car is a red Jazz", 1),  # the name cut to its part
        ("The Airbus A320 is the plane Marta flies", "Marta flies the Airbus A320", 1),  # a cleft
        ("Marta drives a red Honda Jazz", "Marta's car is a blue Jazz", -1),  # another colour
        ("Marta drives a red Honda Jazz", "Marta's brother's car is a red Jazz", -1),  # someone else's
        ("The Airbus A320 is the plane Marta sold", "Marta flies the Airbus A320", -1),  # another verb
    ],
)
def test_the_word_rules_confirmation_confirms_for_the_paraphrase_mode(a: str, b: str, found: int) -> None:
    assert _rules(a, b) == found


def test_the_paraphrase_mode_merges_a_name_said_in_part(tmp_path: Path, local_embedder: object) -> None:
    environ = {**os.environ, "MEMLANE_CONSOLIDATE_PARAPHRASES": "1"}
    m = Memlane(tmp_path / "m.db", user="marta", embedder=local_embedder, environ=environ)  # type: ignore[arg-type]
    try:
        texts = ["Marta drives a red Honda Jazz", "Marta's car is a red Jazz", "Marta's car is a blue Jazz"]
        ids = [m.store(t, auto_supersede=False).id for t in texts]
        report = m.consolidate(dry_run=True)
    finally:
        m.close()
    assert sorted(sorted(ids.index(i) for i in c.merged) for c in report.clusters) == [[0, 1]]
