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

from bisect import bisect_left

from cleanco.clean import normalized, strip_punct, strip_tail

from ..text.legal_forms import legal_terms

__all__ = ["basename"]


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
