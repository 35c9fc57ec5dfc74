"""``memlane.graph.legal_forms.basename`` removes exactly what ``cleanco.basename`` removes."""

from __future__ import annotations

import random

from cleanco import basename as cleanco_basename
from cleanco.clean import prepare_default_terms

from memlane.graph.legal_forms import basename

WORDS = ["Acme", "ACME", "Ben & Jerry's", "The Acme Company", "Müller", "Société", "Initech", "co", "de",
         "the", "İstanbul", "straße", "ǅemal", "kim present the data", "Dr. Georgiev"]  # fmt: skip


def test_the_same_base_name_as_cleanco_for_names_ending_in_legal_forms() -> None:
    terms = [" ".join(parts) for _, parts in prepare_default_terms()]
    rnd = random.Random(12)
    names = ["Acme Corp.", "ACME, Inc.", "M.I.T.", "Foo S.A. de C.V.", "Bar GmbH & Co. KG", "", "  ", "Ltd",
             "Inc Inc", "co co co", "Acme Ltd. Ltd", "Acme Holdings Group Inc", "Ltd Acme"]  # fmt: skip
    for _ in range(3000):
        parts = [rnd.choice(WORDS) for _ in range(rnd.randint(0, 3))]
        for _ in range(rnd.randint(0, 3)):
            form = rnd.choice(terms)
            parts.append(
                rnd.choice([form, form.upper(), form.title(), form.replace(" ", ". ") + ".", form + ","])
            )
        names.append(" ".join(parts))
    removed = 0
    for name in names:
        expected = cleanco_basename(name)
        assert basename(name) == expected, name
        removed += expected != name.strip()
    assert removed > 1000  # most names above end in legal forms: the comparison is about removing them
