"""Each person fit worked out once per mention linked (``resolution.person_fits_kept``).

Linking resolves one mention against the same candidates up to four times (the exact-first and the
wider look-up, ``said_may_complete`` / ``said_may_undo`` right after, again with what was said of them,
``_settle_new``). Inside ``person_fits_kept`` a name's fit with a candidate's names is kept by the two
strings it is a function of, and forgotten when the block ends. Checked here:

- the kept answers are the computed ones: every name of the labelled sets against candidates of the
  same scenario (and against the same candidates with their names changed: a memo keyed by the name
  alone, or by the candidate's id, would answer those wrongly), inside and outside one block;
- a block computes each pair once, an inner block shares the outer one's, nothing is kept after it;
- ``linking.resolve_into`` runs in one: storing memories computes no pair twice within one mention's
  resolution, and links what it links without the block (the stored graph, compared row by row).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from memlane.graph import linking, resolution
from memlane.graph.resolution import Candidate, person_fits_kept

DATA = Path(__file__).resolve().parent / "data"


def _names() -> list[list[str]]:
    """The names of each scenario of two labelled sets."""
    scenarios: list[list[str]] = []
    for name in ("resolution.txt", "resolution-holdout.txt"):
        for line in (DATA / name).read_text(encoding="utf-8").splitlines():
            if line.startswith("## "):
                scenarios.append([])
            elif line.strip() and not line.startswith("#") and scenarios:
                scenarios[-1].append(line.split("|")[2].strip())
    return [s for s in scenarios if s]


def test_kept_fits_are_the_computed_ones() -> None:
    compared = differ = 0
    for names in _names():
        candidates = [Candidate(f"e{i}", "person", n) for i, n in enumerate(names)]
        # (the same ids with other names, and the names as aliases: what a memo must not confuse)
        renamed = [replace(c, name=names[(i + 1) % len(names)]) for i, c in enumerate(candidates)]
        aliased = [replace(c, aliases=(names[0],)) for c in candidates]
        for pool in (candidates, renamed, aliased):
            expected = [[resolution._person_fit(n, c) for c in pool] for n in names]
            with person_fits_kept():
                for _ in range(2):  # (the second pass is answered from what the first kept)
                    got = [[resolution._person_fit(n, c) for c in pool] for n in names]
                    assert got == expected
            compared += len(names) * len(pool)
            differ += sum(len(set(row)) > 1 for row in expected)
    assert compared > 2000
    assert differ > 100  # (the fits differ by candidate: a memo keyed wrongly would be caught)


def test_a_block_computes_each_pair_once_and_forgets_after(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: Counter[tuple[str, tuple[str, ...]]] = Counter()
    fit = resolution._person_fit_names

    def counted(name: str, names: tuple[str, ...]) -> str | None:
        calls[name, names] += 1
        return fit(name, names)

    monkeypatch.setattr(resolution, "_person_fit_names", counted)
    ana, other = Candidate("a", "person", "Ana Lopez", ("Ana",)), Candidate("b", "person", "Ana Ruiz")
    with person_fits_kept():
        for _ in range(3):
            assert resolution._person_fit("Ana", ana) == fit("Ana", ("Ana Lopez", "Ana"))
            with person_fits_kept():  # (an inner block shares the outer one's)
                resolution._person_fit("Ana", other)
                resolution._person_fit("Ana Lopez", ana)
    assert set(calls.values()) == {1} and len(calls) == 3
    assert resolution._PERSON_FITS.get() is None
    resolution._person_fit("Ana", ana)  # (outside a block: computed every time)
    resolution._person_fit("Ana", ana)
    assert calls["Ana", ("Ana Lopez", "Ana")] == 3


def test_linking_resolves_in_a_block(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from memlane import Memlane

    texts = [
        "Ana Lopez runs the Lisbon office",
        "Ana asked for the budget",
        "Ana Ruiz joined the support team",
        "Robert Smith runs sales at Acme Corp",
        "Bob Smith called about the renewal",
        "Priya Raman reviewed the pull request",
        "Priya R. approved it",
        "Sam Lee moved to Oslo; Samantha Lee stayed in Lyon",
        "Kalina Ivanova met Dr. Georgiev",
        "K. Ivanova sent the slides",
        "Ana Lopez and Anabel Ortiz met Sam at the Lisbon office",
        "Samantha Lee sent Ana the minutes",
        "Kalina Petrova and Kalina Ivanova share a desk",
        "Robert Smithson called Bob about Ana Ruiz",
    ]

    def graph(path: Path) -> list[tuple]:
        m = Memlane(path, user="u", embedder="none")
        m.store_many(texts[:5], source="t", auto_supersede=False)
        for text in texts[5:]:
            m.store(text, source="t")
        found = []
        for entity in m.entities.list(limit=200):
            memories = sorted(x.content for x in m.entities.memories(entity.id, limit=50))
            found.append((entity.type, entity.name, entity.aliases, entity.external_ids, memories))
        m.close()
        return sorted(found)

    per_mention: list[Counter[tuple[str, tuple[str, ...]]]] = []
    fit, resolve_into = resolution._person_fit_names, linking._resolve_into

    def counted(name: str, names: tuple[str, ...]) -> str | None:
        per_mention[-1][name, names] += 1
        return fit(name, names)

    def one_mention(*args, **kwargs):  # type: ignore[no-untyped-def]
        per_mention.append(Counter())
        return resolve_into(*args, **kwargs)

    monkeypatch.setattr(resolution, "_person_fit_names", counted)
    monkeypatch.setattr(linking, "_resolve_into", one_mention)
    kept = graph(tmp_path / "kept.db")
    assert sum(map(len, per_mention)) > 15
    assert all(n == 1 for c in per_mention for n in c.values())
    # without the block: the same graph
    monkeypatch.setattr(linking, "person_fits_kept", _no_block)
    per_mention.clear()
    assert graph(tmp_path / "computed.db") == kept
    assert any(n > 1 for c in per_mention for n in c.values())  # (what the block saves)


class _no_block:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None
