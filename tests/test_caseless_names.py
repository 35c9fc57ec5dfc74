"""Names in scripts without capitals read from the cues that introduce them (graph/caseless_names.py,
issue 12): what is read, what is not (precision first), and that a store makes entities of them (both
backends)."""

from __future__ import annotations

import pytest

from memlane import Memlane
from memlane.graph.caseless_names import caseless_names
from memlane.graph.resolution import EntityType

P, C = EntityType.PERSON, EntityType.COMPANY


@pytest.mark.parametrize(
    ("text", "names"),
    [
        # Japanese: an honorific or a role after the name; a company by its legal form
        ("田中さんはトヨタ自動車で働いています。", [("田中", P)]),
        ("昨日田中さんに会った。", [("田中", P)]),  # (the word for yesterday is no part of the name)
        ("山田太郎様、株式会社ソニーの件です。", [("山田太郎", P), ("ソニー", C)]),
        ("ジョン・スミスさんが来た。", [("ジョン・スミス", P)]),
        ("お客様とお医者さんと店員さんとパートさん。", []),  # a customer, a doctor, a clerk, a part-timer
        # Chinese: a title after a name that starts with a family name; a company by its legal form
        ("王伟先生是阿里巴巴集团的经理。", [("王伟", P), ("阿里巴巴", C)]),
        ("我和李小明经理见面。", [("李小明", P)]),
        ("我们的老师很好。", []),  # "our teacher"
        # Korean: 씨 or a title after the name; a company by 주식회사
        ("김민수 씨는 삼성전자에서 일합니다.", [("김민수", P)]),
        ("김민수씨에게 전화했다.", [("김민수", P)]),
        ("박지훈 팀장님이 왔어요.", [("박지훈", P)]),
        ("아가씨가 아저씨에게 말했다.", []),  # a young lady, a man
        ("주식회사 카카오와 계약했다.", [("카카오", C)]),
        # Arabic: a title before the name, up to a preposition or a verb; a company after شركة
        ("السيد أحمد الشمري يعمل في أرامكو", [("أحمد الشمري", P)]),
        ("قابلت الدكتورة فاطمة في المستشفى", [("فاطمة", P)]),
        ("وقعنا مع شركة أرامكو", [("أرامكو", C)]),
        # Thai: a company after บริษัท; คุณ (also "you") reads no one
        ("คุณสมชาย ทำงานที่บริษัท ปตท จำกัด", [("ปตท", C)]),
        # an Arabic-script name in a text of another script, by its given name (محمد, احمد for أحمد, علی)
        ("محمد الأحمد is our supplier in Dubai", [("محمد الأحمد", P)]),
        ("Call علی رضایی or احمد tomorrow", [("علی رضایی", P), ("احمد", P)]),
        ("The word شكرا means thanks", []),  # no given name
        ("محمد الأحمد يعمل معنا", []),  # in Arabic text, a given name alone is no cue (حسن: good)
        ("حسن جدا، thanks", []),
        # no cue, or a script with capitals: nothing
        ("トヨタ自動車は大きい。", []),
        ("Ana works at Stripe.", []),
    ],
)
def test_names_introduced_by_a_cue(text: str, names: list[tuple[str, EntityType]]) -> None:
    assert list(caseless_names(text)) == names


def test_a_caseless_name_becomes_an_entity_and_links_its_memories(mem: Memlane) -> None:
    first = mem.store("田中さんはトヨタ自動車で働いています。")
    second = mem.store("田中さんの誕生日は五月です。")
    mem.store("김민수 씨는 삼성전자에서 일합니다.")
    mem.store("Met 王伟先生 at the Shanghai office.")
    people = {e.name: e for e in mem.entities.list(limit=100) if e.type == "person"}
    assert set(people) == {"田中", "김민수", "王伟"}
    assert {m.id for m in mem.entities.memories(people["田中"].id)} == {first.id, second.id}
