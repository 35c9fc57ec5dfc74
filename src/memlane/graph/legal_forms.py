"""An organisation's name without its legal form ("Acme Corp." -> "Acme"): cleanco's ``basename``,
answered by index instead of a scan.

``cleanco.basename`` compares the name's last words with each of its 321 legal terms in turn (Ltd,
GmbH, S.A. de C.V., ...), a third of a millisecond per name: the largest cost of resolving a recall's
names, where every word run of the question is a candidate name seen for the first time. This walks
the same terms in the same order, but only those whose last word is the name's current last word,
so it removes exactly what cleanco removes (``tests/test_legal_forms.py`` compares the two; the index is
``text.legal_forms.legal_terms``, which the name scanner reads too); an ASCII
name skips cleanco's letter-by-letter Unicode normalisation, which leaves it as it is (casefolded).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from functools import lru_cache

from cleanco.clean import normalized, strip_punct, strip_tail

from ..text.legal_forms import legal_terms

__all__ = ["basename", "form_countries"]


def basename(name: str) -> str:
    """``cleanco.basename(name)``: the name without the legal forms it ends with."""
    terms, by_last = legal_terms()
    name = strip_tail(name)
    nparts = name.split()
    # (an ASCII name is its own NFKD form, with no accents or other mapped letters to remove)
    folded = name.casefold() if name.isascii() else normalized(name)
    nnparts = [strip_punct(p) for p in folded.split()]
    # cleanco walks every term once, in order, removing each that the name ends with at that moment:
    # the next term to remove is the first one after the last removed whose words end the name now
    start = 0
    while nnparts:
        positions = by_last.get(nnparts[-1], ())
        for position in positions[bisect_left(positions, start) :]:
            size, parts = terms[position]
            if nnparts[-size:] == parts:
                del nnparts[-size:]
                del nparts[-size:]
                start = position + 1
                break
        else:
            break
    return strip_tail(" ".join(nparts))


#: legal forms that place a company in a country or a few (folded, without dots, "|" between forms):
#: a company registered as a "GmbH" and one registered as a "d.o.o." are two legal persons, whatever
#: their names share (the Slovenian company "Stagerent d.o.o." is not "Stage Rent GmbH", nor "Ratnakar
#: Gems Inc." in New York the Indian "Ratnakar Gems Pvt. Ltd."). Forms used in most legal systems'
#: English names ("Corp.", "Co.", "Group") or of many ("S.A.", "LLC", the English of Russian,
#: Ukrainian or Gulf forms; "AS") are left out: they say nothing of where.
_FORM_COUNTRIES: dict[tuple[str, ...], frozenset[str]] = {
    tuple(form.split()): frozenset(countries.split())
    for forms, countries in (
        ("inc|incorporated", "us ca ph"),
        (
            "ltd|limited|plc|co ltd",
            "gb ie mt cy im je gg in pk bd lk np au nz hk sg my il ng gh ke za na bw ls sz tz ug zm zw mw jm tt"
            " cn tw jp kr th vn",
        ),
        ("pvt ltd|private limited|pvt", "in pk bd lk np zw"),
        ("pty ltd|pty", "au za na bw ls sz"),
        ("pte ltd", "sg"),
        ("sdn bhd", "my"),
        ("gmbh|ag|kg|gesmbh", "de at ch li"),
        ("doo|dd", "si hr rs ba me mk"),
        ("sro", "cz sk"),
        ("sp z oo", "pl"),
        ("srl|spa", "it ro md ar cl"),
        ("sarl|sas|sasu|eurl", "fr be lu ch ma tn dz sn ci"),
        ("sl|slu", "es"),
        ("bv|nv", "nl be"),
        ("ab", "se fi"),
        ("oy|oyj", "fi"),
        ("a/s|aps|asa", "dk no"),
        ("eood|ood|ead", "bg"),
        ("ooo|oao|zao|pao", "ru"),
        ("tov", "ua"),
        ("kk", "jp"),
        ("ltda", "br co cl pt"),
        ("sa de cv", "mx"),
        ("tbk", "id"),
    )
    for form in forms.split("|")
}
_LONGEST_FORM = max(len(form) for form in _FORM_COUNTRIES)
_FORM_WORDS = re.compile(r"[^\w/]+")


@lru_cache(maxsize=8192)
def form_countries(name: str) -> frozenset[str]:
    """The countries the legal form a company's name ends with places it in ("Ratnakar Gems Pvt. Ltd.":
    India and its neighbours; "Acme Corp.": none, a form of many), empty when the name ends with none
    of :data:`_FORM_COUNTRIES`' (a name of one word has none: "Spa" is no "S.p.A.")."""
    words = [w for w in _FORM_WORDS.split(name.casefold().replace(".", "")) if w]
    for size in range(min(_LONGEST_FORM, len(words) - 1), 0, -1):
        form = tuple(words[-size:])
        countries = _FORM_COUNTRIES.get(form)
        if countries is not None:
            if form == ("spa",) and not name.rstrip().endswith(("S.p.A.", "S.p.A", "SpA", "SPA", "s.p.a.")):
                return frozenset()  # "Bella Spa" the day spa
            return countries
    return frozenset()
