"""A Chinese name in hanzi and the same name in Wade-Giles, as Taiwan writes its names in Latin letters
(issue 12 req. 2; misses of resolution-heldout26: the given name was read in pinyin only). The given name's
syllables are read in pinyin or in Wade-Giles, each in either (``family_names.chinese_given_readings``,
from ``pypinyin``'s readings). The names are made up for the rule, not the set's."""

from __future__ import annotations

from memlane.graph.family_names import chinese_given_readings
from memlane.graph.resolution import blocking_keys
from mentions import person as _p
from mentions import resolved_in_order as _run


def test_a_given_name_read_in_wade_giles() -> None:
    assert chinese_given_readings("志明")[0] == "zhiming"  # pinyin first, as before
    assert "chihming" in chinese_given_readings("志明")
    assert "chiahao" in chinese_given_readings("家豪")
    assert "yichun" in chinese_given_readings("怡君")  # Taiwan's "yi", one syllable's pinyin


def test_a_name_in_hanzi_and_in_wade_giles_is_one_person() -> None:
    for latin, hanzi in (
        ("Wang Chih-ming", "王志明"),
        ("Li Chia-hao", "李家豪"),
        ("Chen Yi-chun", "陳怡君"),
    ):
        first, second = _run([
            _p(latin, f"{latin} runs the night shift at the fab"),
            _p(hanzi, f"{hanzi} signed the shift report"),
        ])  # fmt: skip
        assert first is not None and second == first, hanzi
        # a store finds one by the other's keys
        assert blocking_keys(latin, "person") & blocking_keys(hanzi, "person"), hanzi


def test_another_given_name_of_the_family_is_someone_else() -> None:
    first, second = _run([
        _p("Wang Chih-ming", "Wang Chih-ming runs the night shift at the fab"),
        _p("王志豪", "王志豪 signed the shift report"),
    ])  # fmt: skip
    assert second != first
