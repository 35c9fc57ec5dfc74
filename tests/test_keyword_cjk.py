"""Keyword search finds Chinese, Japanese and Korean substrings without an embedder (``text/cjk.py``):
the keyword index holds the character pairs of such runs and a query word stands for its pairs, the
same rule on both backends. Latin text is indexed as it was."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.backends import clear_keyword_and_entity_indexes

from memlane import Memlane
from memlane.indexing import index_fields
from memlane.text import tokenize, tsquery_terms
from memlane.text.cjk import keyword_text, query_terms
from memlane.timeutil import now_utc

TEXTS = [
    "東京タワーに行った",
    "京都で寿司を食べた",
    "我昨天在北京吃了烤鸭",
    "서울에서 친구를 만났다",
    "ｶﾀｶﾅで書いたメモ",
    "Mira visited the Tokyo tower in May",
    "Bruno likes green tea",
]


@pytest.fixture
def stored(mem: Memlane) -> dict[str, str]:
    return {t: mem.store(t, source="test").id for t in TEXTS}


def found(mem: Memlane, query: str) -> list[str]:
    return [h.content for h in mem.recall(query, limit=10)]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("東京", ["東京タワーに行った"]),
        ("タワー", ["東京タワーに行った"]),
        ("寿司", ["京都で寿司を食べた"]),
        ("北京", ["我昨天在北京吃了烤鸭"]),
        ("烤鸭", ["我昨天在北京吃了烤鸭"]),
        ("서울", ["서울에서 친구를 만났다"]),
        ("カタカナ", ["ｶﾀｶﾅで書いたメモ"]),  # half-width katakana in the item, full width in the query
        ("大阪", []),
        ("Tokyo", ["Mira visited the Tokyo tower in May"]),
        ("tea", ["Bruno likes green tea"]),
    ],
)
def test_substrings_found_by_keyword(
    mem: Memlane, stored: dict[str, str], query: str, expected: list[str]
) -> None:
    assert found(mem, query) == expected


def test_more_shared_pairs_rank_first(mem: Memlane, stored: dict[str, str]) -> None:
    # "東京の京都" shares 東京 with one item and 京都 with another, and nothing else
    assert sorted(found(mem, "東京の京都")) == ["京都で寿司を食べた", "東京タワーに行った"]
    # the whole clause as the query: every one of its pairs is in that item
    assert found(mem, "東京タワーに行った")[0] == "東京タワーに行った"


def test_old_items_found_after_reindex(db_path: Path | str, mem: Memlane, stored: dict[str, str]) -> None:
    clear_keyword_and_entity_indexes(db_path)
    assert found(mem, "東京") == []
    mem.reindex(keys=True)
    assert found(mem, "東京") == ["東京タワーに行った"]
    assert found(mem, "tea") == ["Bruno likes green tea"]


def test_latin_text_indexed_as_it_is() -> None:
    for content in ["Mira visited the Tokyo tower in May", "Café au lait, 1,200 kr — o'Brien's"]:
        assert keyword_text(content) is None
        assert index_fields(content, None, now_utc())[1] is None
    assert tsquery_terms("Where did Mira drink green tea?") == ["mira", "drink", "green", "tea"]


def test_the_rule() -> None:
    assert keyword_text("東京タワーに行った") == " 東京 京タ タワ ワー ーに に行 行っ った "
    assert keyword_text("iPhone買った") == "iPhone 買っ った "
    assert keyword_text("猫") == " 猫 "  # one character stays as it is
    assert keyword_text("ｶﾀｶﾅ") == " カタ タカ カナ "  # NFKC: full-width katakana
    assert keyword_text("東京・大阪") == " 東京 ・ 大阪 "  # punctuation separates runs
    assert query_terms("iphone買った") == ["iphone", "買っ", "った"]
    assert query_terms("tea") == ["tea"]
    assert tsquery_terms("東京タワー") == ["東京", "京タ", "タワ", "ワー"]
    assert tokenize("東京で東京") == ["東京", "京で", "で東", "東京"]
