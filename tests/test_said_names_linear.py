"""``names_said_for`` reads the other name written before a name (``_BEFORE``) in the few words before
each occurrence, not in the whole text before it: the same names as the whole-text search it replaced
(kept here as ``_whole_text``) on generated texts and on every labelled text, in steps that grow with
the text's length, not with its square."""

from __future__ import annotations

import ast
import json
import re
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from memlane.graph import said_names
from memlane.graph.said_names import names_said_for

DATA = Path(__file__).parent / "data"
_BEFORE = said_names._BEFORE
_CANDIDATES = re.compile(
    r"[A-Z\u00c0-\u024f][\w.\u00c0-\u024f-]*(?:\s+[A-Z\u00c0-\u024f][\w.\u00c0-\u024f-]*){0,3}"
)


def _whole_text(name: str, context: str | None, person: bool = True) -> tuple[str, ...]:
    """names_said_for as it was before (a search of ``_BEFORE`` from the text's start at each occurrence)."""
    name = name.strip()
    if not context or not name:
        return ()
    found: list[str] = []
    at = context.find(name)
    while at != -1:
        if at == 0 or not context[at - 1].isalnum():
            end = at + len(name)
            if end == len(context) or not context[end].isalnum():
                found += said_names._said_after(context, end, name, person)
                if not said_names._POSSESSIVE_AFTER.match(context, end) and (
                    m := _BEFORE.search(context, 0, at)
                ):
                    found += [g.strip() for g in m.groups() if g and g.strip() != name]
        at = context.find(name, at + 1)
    return tuple(dict.fromkeys(found))


def _same(context: str, names: set[str] | None = None) -> None:
    for name in names if names is not None else set(_CANDIDATES.findall(context)):
        for person in (True, False):
            new = names_said_for.__wrapped__(name, context, person)
            assert new == _whole_text(name, context, person), (name, context, person)


_NAMES = [
    "Ana",
    "Tariq Haddad",
    "Lisa Brandt",
    "Fjord Bank",
    "Ana de la Cruz",
    "Jojo",
    "Abu Samir",
    "Waset",
    "Raju",
]
_WORDS = [
    ", who signs as ",
    ", who goes by ",
    ", who writes ",
    ", whom everyone at the depot calls ",
    ", who we all call ",
    " married and is now ",
    " is now called ",
    " is now ",
    " was renamed to ",
    " has been renamed ",
    ", also known as ",
    " aka ",
    " a.k.a. ",
    "call ",
    "calls ",
    "called ",
    " the ",
    " by its old name ",
    " by her nick name ",
    " is what we call ",
    ", as everyone calls ",
    "'s ",
    "’s ",
    ", ",
    ". ",
    "; ",
    " (",
    ") ",
    " and ",
    " de ",
    " van ",
    " x",
    "Xxxxxxxxxxxxxxxxxxxxxxxx",
    "callcall ",
]
_SPACES = [" ", "  ", "\n", " \n", "\t", "\u00a0", "\u2003", "\x1c", "\r\n"]
_pieces = st.one_of(
    st.sampled_from(_NAMES), st.sampled_from(_WORDS), st.sampled_from(_SPACES), st.text(max_size=6)
)


@settings(max_examples=600, deadline=None)
@given(st.lists(_pieces, max_size=60), st.sampled_from(_NAMES))
def test_same_names_as_the_whole_text_search(pieces: list[str], name: str) -> None:
    context = "".join(pieces)
    _same(context, {name, *_CANDIDATES.findall(context)})


_LONG = st.builds(
    lambda unit, n: unit * n,
    st.sampled_from(["Qx7", "Q", "Ana", "A-", "A.", "xA", "Éé", "A,", "A'", "Call", "call", "Q\u00d7"]),
    st.integers(1, 60),
)
_before_pieces = st.one_of(_pieces, _LONG)


@settings(max_examples=300, deadline=None)
@given(st.lists(_before_pieces, max_size=20), st.data())
def test_the_search_before_a_name_is_the_pattern_search(pieces: list[str], data: st.DataObject) -> None:
    """said_names._before_search (tried only at a run's first capital and at each "call") finds what
    ``_BEFORE.search`` finds, from any start to any end, in texts with very long capitalised words."""
    context = "".join(pieces)
    endpos = data.draw(st.integers(0, len(context)))
    pos = data.draw(st.integers(0, endpos))
    new = said_names._before_search(context, pos, endpos)
    old = _BEFORE.search(context, pos, endpos)
    assert (new and (new.span(), new.groups())) == (old and (old.span(), old.groups()))
    # and at each occurrence of a name, as names_said_for searches
    for name in _NAMES:
        at = context.find(name)
        while at > 0 and len(context) < 3_000:
            new, old = said_names._before_search(context, 0, at), _BEFORE.search(context, 0, at)
            assert (new and (new.span(), new.groups())) == (old and (old.span(), old.groups()))
            at = context.find(name, at + 1)


def test_same_names_on_every_labelled_text() -> None:
    checked = 0
    for path in sorted(DATA.glob("*resolution*.txt")):
        for line in path.read_text(encoding="utf-8").splitlines():
            fields = [f.strip() for f in line.split("|", 5)]
            if line.startswith("#") or len(fields) < 6 or not fields[5]:
                continue
            _same(fields[5], {fields[2], *_CANDIDATES.findall(fields[5])})
            checked += 1
    for path in sorted((DATA / "graph-text").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            case = json.loads(line)
            names = {e["name"] for e in case.get("entities", [])}
            _same(case["text"], names | set(_CANDIDATES.findall(case["text"])))
            checked += 1
    # and every string the said-names tests write
    tree = ast.parse((Path(__file__).parent / "test_resolution_said_names.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and " " in node.value:
            _same(node.value)
            checked += 1
    assert checked > 5_000


class _Counting:
    """said_names._before_search, counting the characters each search may scan."""

    def __init__(self) -> None:
        self.scanned = 0
        self.searches = 0
        self.real = said_names._before_search

    def __call__(self, string: str, pos: int, endpos: int) -> re.Match[str] | None:
        self.searches += 1
        self.scanned += min(endpos, len(string)) - pos
        return self.real(string, pos, endpos)


def test_a_long_text_costs_steps_in_its_length_not_its_square(monkeypatch) -> None:  # noqa: ANN001
    text = (
        "Meeting notes, 14 March.\n" + "Falcon ships in Q3 and Ana owns the rollout. " * 600
    )  # ~27,000 chars
    counting = _Counting()
    monkeypatch.setattr(said_names, "_before_search", counting)
    assert names_said_for.__wrapped__("Ana", text) == ()
    assert counting.searches == 600
    # each occurrence reads the words a match can span before it (the whole text before it: ~8 million)
    assert counting.scanned <= (said_names._BEFORE_SPACES + 2) * len(text) // 5
    counting.scanned = counting.searches = 0
    said = "Tariq Haddad, who signs as Abu Samir. " * 700
    assert "Tariq Haddad" in names_said_for.__wrapped__("Abu Samir", said)
    assert counting.searches == 700 and counting.scanned <= 3 * len(said)


class _Attempts:
    """_BEFORE, counting where it is tried and the characters before ``endpos`` from each try."""

    def __init__(self) -> None:
        self.tries = 0
        self.scanned = 0

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        self.tries += 1
        self.scanned += min(endpos, len(string)) - pos
        return _BEFORE.match(string, pos, endpos)


def test_a_long_capitalised_word_is_tried_once_not_from_each_capital(monkeypatch) -> None:  # noqa: ANN001
    """bench/said_names_cost.py's ``word`` text: the search used to start at each of the word's 3,000
    capitals, each scanning (and backtracking through) the rest of the word: ~3,000 x 9,000 / 2 steps."""
    word = "Qx7" * 3_000
    attempts = _Attempts()
    monkeypatch.setattr(said_names, "_BEFORE", attempts)
    for tail in (" then Ana met Bob. ", " , is now Ana", " is now Ana"):
        attempts.tries = attempts.scanned = 0
        text = "Key " + word + tail + "Ana owns the rollout. " * 20
        names_said_for.__wrapped__("Ana", text)
        # one try per run of a name's characters (and per "call"), each scanning at most the window once
        assert attempts.tries <= 4 * 21, tail
        assert attempts.scanned <= 4 * 21 * len(text) // 20 + 4 * len(text), tail


def _spaces_in(items: object, space: frozenset[str]) -> int:
    """The most runs of white space a match of the parsed pattern ``items`` holds (an upper bound);
    fails on anything else in it that takes white space."""
    from re import _constants as c  # type: ignore[attr-defined]

    total = 0
    for op, arg in items:  # type: ignore[attr-defined]
        if op is c.LITERAL:
            assert chr(arg) not in space
        elif op is c.IN:
            if (c.CATEGORY, c.CATEGORY_SPACE) in arg:
                total += 1
            else:
                assert not [ch for ch in space if re.fullmatch(_class(arg), ch)], arg
        elif op is c.SUBPATTERN:
            total += _spaces_in(arg[-1], space)
        elif op is c.BRANCH:
            total += max(_spaces_in(branch, space) for branch in arg[1])
        elif op in (c.MAX_REPEAT, c.MIN_REPEAT):
            low, high, sub = arg
            inner = _spaces_in(sub, space)
            only_space = all(o is c.IN and (c.CATEGORY, c.CATEGORY_SPACE) in a for o, a in sub)
            if inner and not only_space:
                assert high is not c.MAXREPEAT, sub
                total += high * inner
            else:
                total += inner
        elif op is c.AT:
            continue
        else:
            raise AssertionError(f"not counted: {op}")
    return total


def _class(items: list[tuple[object, object]]) -> str:
    from re import _constants as c  # type: ignore[attr-defined]

    out = ""
    for op, arg in items:
        if op is c.LITERAL:
            out += re.escape(chr(arg))  # type: ignore[arg-type]
        elif op is c.RANGE:
            low, high = arg  # type: ignore[misc]
            out += re.escape(chr(low)) + "-" + re.escape(chr(high))
        elif op is c.CATEGORY and arg is c.CATEGORY_WORD:
            out += r"\w"
        else:
            raise AssertionError(f"not counted: {op} {arg}")
    return "[" + out + "]"


def test_the_runs_of_white_space_a_match_before_a_name_holds() -> None:
    from re import _parser  # type: ignore[attr-defined]

    space = frozenset(chr(i) for i in range(sys.maxunicode + 1) if re.fullmatch(r"\s", chr(i)))
    assert _spaces_in(_parser.parse(said_names._BEFORE.pattern), space) <= said_names._BEFORE_SPACES
