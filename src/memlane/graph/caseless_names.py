"""Names in scripts without capital letters (Japanese, Chinese, Korean, Arabic, Thai), read from the words
that address or introduce a person or a company, with no model.

The text analysis finds names by their capitals, so "田中さんはトヨタで働いています" or "السيد أحمد
الشمري" gave none. In these scripts people are named with a cue next to the name, and the cue is what is
read here; a name without one is not guessed (precision before recall):

* Japanese: an honorific or a role after the name — さん, 様, さま, 氏, 先生, くん, 君, ちゃん, 殿, 社長,
  部長, 課長 ("田中さん", "山田太郎様", "スミスさん"): a run of two to four kanji, or of katakana, that
  starts the text or follows a character of another kind (a particle, a punctuation mark); not after the
  honorific prefixes お/ご ("お客様", "お医者さん"), nor a word for a role or a relative ("医者さん",
  "店員さん", "先輩"). A company: 株式会社 / 有限会社 / 合同会社 before or after its name, or (株).
* Chinese: 先生, 女士, 小姐, 老师, 经理, 总经理, 教授, 博士, 医生, 律师, 总监, 主任 after a name of two or
  three characters that starts with a common family name ("王伟先生", "李小明经理"; the characters before
  it are other words: Chinese is written without spaces). A company: 有限公司, 股份有限公司, 集团 after its
  name, after the last function word before it ("他是阿里巴巴集团的经理" -> "阿里巴巴").
* Korean: 씨 right after a name of two to four syllables ("김민수 씨", "김민수씨는"), or a title after it
  (사장님, 대표님, 팀장님, 부장님, 과장님, 교수님, 선생님, 박사님; "김민수 팀장님"). A company: 주식회사
  before or after its name, or (주).
* Arabic: a title before one or two words — السيد, السيدة, الأستاذ, الأستاذة, الدكتور, الدكتورة,
  المهندس, المهندسة, الشيخ ("السيد أحمد الشمري"); a company after شركة. In a text written in another
  script ("محمد الأحمد is our supplier in Dubai"), a run of one to three Arabic-script words that starts
  with a given name written in that script (``name-variants``' Arabic and Persian tables: محمد, أحمد,
  فاطمة, علی…) is a person's name: what else would a few words of another script in an English
  sentence be. Not in Arabic text, where many given names are also words (حسن: good, سعيد: happy).
* Thai: a company after บริษัท ended by a space or a punctuation mark. Not a person: คุณ, put before
  a name, also means "you", and Thai is written without spaces between words.

Returns each name as the text spells it, with its type (person or company).
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..text.pattern_hints import LazyPattern
from .resolution import EntityType

__all__ = ["caseless_names"]

_P = EntityType.PERSON
_C = EntityType.COMPANY

_HAN = "\u3400-\u4dbf\u4e00-\u9fff"
_KANA_KATA = "\u30a0-\u30ff"  # (with the long-vowel mark and the middle dot of "ジョン・スミス")
_HANGUL = "\uac00-\ud7af"
_ARABIC = "\u0621-\u064a\u0671-\u06d3"
_THAI = "\u0e01-\u0e4e"
#: any character of these scripts: a text without one is not read at all
#: (the patterns after this one compile on first use, ``LazyPattern``: only a text in these scripts needs them)
_CASELESS = re.compile(f"[{_HAN}\u3040-\u30ff{_HANGUL}{_ARABIC}{_THAI}]")
_KANA = LazyPattern("[\u3040-\u30ff]")

# -- Japanese ----------------------------------------------------------------------------------------

_JA_HONORIFIC = "さん|様|さま|氏|先生|くん|君|ちゃん|殿|社長|部長|課長"
_JA_PERSON = LazyPattern(
    rf"(?:(?<![{_HAN}])(?P<kanji>[{_HAN}]{{2,4}})|(?<![{_KANA_KATA}])(?P<kata>[{_KANA_KATA}]{{2,12}}))"
    rf"(?:{_JA_HONORIFIC})"
)
#: words for a role, a trade or a relative that take さん too ("医者さん": a doctor, "店員さん": a clerk)
_JA_COMMON = frozenset(
    [
        "医者",
        "歯医者",
        "大家",
        "店員",
        "運転手",
        "駅員",
        "看護師",
        "患者",
        "社員",
        "職人",
        "花屋",
        "本屋",
        "魚屋",
        "肉屋",
        "八百屋",
        "隣人",
        "先輩",
        "後輩",
        "上司",
        "部下",
        "同僚",
        "家族",
        "奥様",
        "旦那",
        "彼女",
        "彼氏",
        "子供",
        "皆様",
        "皆さん",
        "弁護士",
        "警察",
        "刑事",
        "先生",
        "担当",
        "担当者",
        "営業",
        "受付",
        "店長",
        "社長",
        "部長",
        "課長",
        "係長",
        "会長",
        "議員",
        "大臣",
        "選手",
        "監督",
        "作家",
        "記者",
        "農家",
        "漁師",
        "住職",
        "神主",
        "神様",
        "仏様",
        "王様",
        "姫様",
        "お客",
        "客様",
        "友達",
        "友人",
        "親戚",
        "祖父",
        "祖母",
        "叔父",
        "叔母",
        "伯父",
        "伯母",
        "兄弟",
        "姉妹",
        "両親",
        "主人",
        "息子",
        "娘",
        "赤ちゃん",
        "パート",
        "バイト",
        "ママ",
        "パパ",
        "スタッフ",
        "ドライバー",
        "ヘルパー",
        "ナース",
        "ボス",
        "ゲスト",
        "メンバー",
        "ファン",
        "ユーザー",
    ]
)
#: words for a time or for one's own company that come right before a name ("昨日田中さん")
_JA_BEFORE = tuple(
    [
        "今日",
        "昨日",
        "明日",
        "今朝",
        "昨夜",
        "先週",
        "来週",
        "今週",
        "先月",
        "来月",
        "今月",
        "今年",
        "去年",
        "来年",
        "毎日",
        "最近",
        "先日",
        "本日",
        "午前",
        "午後",
        "当社",
        "弊社",
        "御社",
        "貴社",
    ]
)
_JA_COMPANY = LazyPattern(
    rf"(?:株式会社|有限会社|合同会社|\(株\)|（株）)\s*(?P<after>[{_HAN}{_KANA_KATA}A-Za-z0-9]{{2,12}})"
    rf"|(?<![{_HAN}{_KANA_KATA}])(?P<before>[{_HAN}{_KANA_KATA}]{{2,12}})(?:株式会社|有限会社|合同会社)"
)

# -- Chinese -----------------------------------------------------------------------------------------

_ZH_HONORIFIC = "先生|女士|小姐|老师|总经理|经理|教授|博士|医生|律师|总监|主任"
_ZH_PERSON = LazyPattern(rf"(?P<run>[{_HAN}]{{2,12}}?)(?:{_ZH_HONORIFIC})")
#: the most common Chinese family names (single characters), which start a name of two or three
_ZH_FAMILY = frozenset(
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢"
    "姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤"
)
_ZH_COMPANY = LazyPattern(rf"(?P<run>[{_HAN}]{{2,14}})(?:股份有限公司|有限责任公司|有限公司|集团)")
#: words that precede a company's name in a sentence ("是", "在", "我们的"), not part of it
_ZH_FUNCTION = frozenset("是在与的了我你他她们从到对给跟被把向于也都就还说让这那")

# -- Korean ------------------------------------------------------------------------------------------

_KO_TITLE = "사장님|대표님|팀장님|부장님|과장님|차장님|실장님|이사님|교수님|선생님|박사님|원장님"
_KO_PERSON = LazyPattern(
    rf"(?<![{_HANGUL}])(?P<name>[{_HANGUL}]{{2,4}})"
    rf"(?:\s?씨(?:는|가|를|의|도|와|과|에게|께서|한테|랑|하고)?(?![{_HANGUL}])|\s(?:{_KO_TITLE}))"
)
#: a particle written after a name ("카카오와": with Kakao)
_KO_PARTICLE = LazyPattern("(?:에서|으로|와|과|는|은|이|가|을|를|의|에|도|로)$")
#: words that end in 씨 and name no one ("아가씨": a young lady, "아저씨": a man, "마음씨": a nature)
_KO_COMMON = frozenset(["아가", "아저", "마음", "솜", "맵"])
_KO_COMPANY = LazyPattern(
    rf"(?:주식회사|\(주\)|㈜)\s?(?P<after>[{_HANGUL}A-Za-z0-9]{{2,12}})"
    rf"|(?<![{_HANGUL}])(?P<before>[{_HANGUL}]{{2,12}})\s?주식회사"
)

# -- Arabic ------------------------------------------------------------------------------------------

_AR_WORD = rf"[{_ARABIC}]{{2,}}"
_AR_PERSON = LazyPattern(
    rf"(?<![{_ARABIC}])(?:السيدة|السيد|الأستاذة|الأستاذ|الدكتورة|الدكتور|المهندسة|المهندس|الشيخ)\s+"
    rf"(?P<name>{_AR_WORD}(?:\s+{_AR_WORD})?)"
)
_AR_COMPANY = LazyPattern(rf"(?<![{_ARABIC}])شركة\s+(?P<name>{_AR_WORD}(?:\s+{_AR_WORD})?)")
#: words that end a name: prepositions, conjunctions, verbs of the common statements ("يعمل": works)
_AR_STOP = frozenset(
    [
        "في",
        "من",
        "إلى",
        "الى",
        "على",
        "عن",
        "مع",
        "و",
        "أو",
        "ثم",
        "لكن",
        "قد",
        "كان",
        "كانت",
        "هو",
        "هي",
        "هذا",
        "هذه",
        "التي",
        "الذي",
        "يعمل",
        "تعمل",
        "يعيش",
        "تعيش",
        "قال",
        "قالت",
        "ذهب",
        "ذهبت",
        "سافر",
        "سافرت",
        "لدى",
        "عند",
        "بعد",
        "قبل",
        "منذ",
        "حتى",
    ]
)

#: a run of Arabic-script words (separated by spaces only), not inside a longer one
_AR_RUN = LazyPattern(rf"(?<![{_ARABIC}])[{_ARABIC}]+(?:[ \u00a0]+[{_ARABIC}]+)*(?![{_ARABIC}])")
_AR_LETTER = LazyPattern(f"[{_ARABIC}]")
#: the hamza forms of alif, written as a bare alif as often as not ("احمد" for "أحمد")
_AR_ALIF = str.maketrans("أإآ", "ااا")


@lru_cache(maxsize=1)
def _arabic_given_names() -> frozenset[str]:
    """Given names written in Arabic script (``name-variants``' Arabic and Persian tables' names), their
    hamza on alif folded."""
    try:
        from name_variants import ALL_TABLES
    except ImportError:  # pragma: no cover - a core dependency; kept optional at run time
        return frozenset()
    names = {
        name.translate(_AR_ALIF)
        for table in ("arabic", "persian")
        for key, entry in ALL_TABLES.get(table, {}).items()
        for name in (key, *entry.get("forms", ()))
        if name and all(_ARABIC_CHARS.match(c) for c in name)
    }
    return frozenset(names)


_ARABIC_CHARS = re.compile(f"[{_ARABIC}]")


def _arabic_in_other_script(content: str) -> list[str]:
    """In a text written mostly in another script (its letters outside Arabic script outnumber those in
    it), the Arabic-script runs of one to three words whose first word is a given name of
    ``_arabic_given_names``, up to a word of ``_AR_STOP``."""
    arabic = len(_AR_LETTER.findall(content))
    if sum(c.isalpha() for c in content) - arabic <= arabic:
        return []
    names: list[str] = []
    for m in _AR_RUN.finditer(content):
        words = m.group().split()
        if not 1 <= len(words) <= 3 or words[0].translate(_AR_ALIF) not in _arabic_given_names():
            continue
        name = _arabic_name(m.group())
        if name is not None:
            names.append(name)
    return names


# -- Thai --------------------------------------------------------------------------------------------

_TH_COMPANY = LazyPattern(rf"บริษัท\s?(?P<name>[{_THAI}A-Za-z0-9]{{2,16}})(?=[\s.,!?()\"']|$)")


def caseless_names(content: str) -> tuple[tuple[str, EntityType], ...]:
    """The names ``content`` introduces with a cue in a caseless script, with their types, in order."""
    if not content or not _CASELESS.search(content):
        return ()
    return _read(content)


@lru_cache(maxsize=4096)
def _read(content: str) -> tuple[tuple[str, EntityType], ...]:
    found: dict[str, EntityType] = {}

    def add(name: str | None, kind: EntityType) -> None:
        if name and found.setdefault(name, kind) != kind:
            found[name] = EntityType.OTHER  # (a person's and a company's name: which, the text does not say)

    japanese = _KANA.search(content) is not None
    if japanese:
        for m in _JA_PERSON.finditer(content):
            name = m.group("kanji") or m.group("kata")
            before = content[m.start() - 1] if m.start() else ""
            if m.group("kanji") and name.startswith(_JA_BEFORE) and len(name) >= 4:
                name = name[2:]
            if name not in _JA_COMMON and before not in ("お", "ご") and name.strip("・ー"):
                add(name, _P)
        for m in _JA_COMPANY.finditer(content):
            add(m.group("after") or m.group("before"), _C)
    else:
        for m in _ZH_PERSON.finditer(content):
            add(_chinese_name(m.group("run")), _P)
        for m in _ZH_COMPANY.finditer(content):
            run = m.group("run")
            start = max((i + 1 for i, char in enumerate(run) if char in _ZH_FUNCTION), default=0)
            if len(run) - start >= 2:
                add(run[start:], _C)
    for m in _KO_PERSON.finditer(content):
        if m.group("name") not in _KO_COMMON:
            add(m.group("name"), _P)
    for m in _KO_COMPANY.finditer(content):
        name = m.group("after") or m.group("before")
        add(_KO_PARTICLE.sub("", name) if len(name) >= 3 else name, _C)
    for m in _AR_PERSON.finditer(content):
        add(_arabic_name(m.group("name")), _P)
    for m in _AR_COMPANY.finditer(content):
        add(_arabic_name(m.group("name")), _C)
    for name in _arabic_in_other_script(content):
        add(name, _P)
    for m in _TH_COMPANY.finditer(content):
        add(m.group("name"), _C)
    return tuple((name, kind) for name, kind in found.items() if kind is not EntityType.OTHER)


def _chinese_name(run: str) -> str | None:
    """The name that ends ``run`` (the characters before an honorific): two or three characters from a
    common family name; None when no family name starts one ("我们的老师": "our teacher")."""
    if len(run) <= 3 and run[0] in _ZH_FAMILY:
        return run
    three, two = run[-3:], run[-2:]
    if len(run) >= 3 and three[0] in _ZH_FAMILY and two[0] not in _ZH_FAMILY:
        return three
    if two[0] in _ZH_FAMILY:
        return two
    return None


def _arabic_name(words: str) -> str | None:
    """The words of a name, up to the first that is a preposition, a conjunction or a common verb."""
    kept: list[str] = []
    for word in words.split():
        if word in _AR_STOP or word.startswith("و") and word[1:] in _AR_STOP:
            break
        kept.append(word)
    return " ".join(kept) or None
