"""Text analysis used by the keyword/entity lanes, dedup and supersession (memlane.text)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import apsw
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memlane.text import (
    STOPWORDS,
    content_hash,
    content_words,
    extract_entities,
    fts_query,
    is_past_question,
    normalize_content,
    parse_when,
    query_entity_candidates,
    tokenize,
    tsquery_terms,
    word_overlap,
)

# A Monday, like LoCoMo's "1:56 pm on 8 May, 2023".
NOW = datetime(2023, 5, 8, 13, 56)

PROPS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ----------------------------------------------------------------------------------------------
# normalize_content / content_hash
# ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Dr. Okafor prescribed the red inhaler.", "dr. okafor  prescribed the red inhaler"),
        ("I like “smart” quotes — really", 'i like "smart" quotes - really'),
        ("  Tabs\tand\nnewlines  ", "tabs and newlines"),
        ("Café", "CAFÉ"),
        ("ﬁne ｗｉｄｅ", "fine wide"),  # NFKC: ligature and full-width letters
        ("zero\u200bwidth", "zerowidth"),
        ("Straße", "STRASSE"),  # casefold, not lower
        ('"Quoted."', "quoted"),
        ("It's done!!!", "it's done"),
        ("It’s done", "it's done"),
    ],
)
def test_normalize_content_equal(a: str, b: str) -> None:
    assert normalize_content(a) == normalize_content(b)
    assert content_hash(a) == content_hash(b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Dr. Okafor prescribed the red inhaler.", "Dr. Okafor prescribed the blue inhaler."),
        ("I like coffee", "I don't like coffee"),
        ("Meeting at 3", "Meeting at 4"),
        ("C++ is fun", "C is fun"),
    ],
)
def test_normalize_content_different(a: str, b: str) -> None:
    assert normalize_content(a) != normalize_content(b)
    assert content_hash(a) != content_hash(b)


def test_normalize_content_keeps_inner_punctuation_and_symbols() -> None:
    assert normalize_content("Dr. Okafor.") == "dr. okafor"
    assert normalize_content("$5 or C++") == "$5 or c++"
    assert normalize_content("...") == ""
    assert normalize_content("") == ""


def test_content_hash_is_sha256_hex() -> None:
    digest = content_hash("hello")
    assert len(digest) == 64
    assert int(digest, 16) >= 0
    assert content_hash("Hello.") == digest


@PROPS
@given(st.text())
def test_normalize_content_idempotent(text: str) -> None:
    once = normalize_content(text)
    assert normalize_content(once) == once


@PROPS
@given(st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",))))
def test_content_hash_never_raises(text: str) -> None:
    assert len(content_hash(text)) == 64


# ----------------------------------------------------------------------------------------------
# tokenize / content_words / word_overlap
# ----------------------------------------------------------------------------------------------


def test_tokenize_basic() -> None:
    assert tokenize("Dr. Okafor prescribed the red inhalers.") == ["dr", "okafor", "prescrib", "red", "inhal"]


def test_tokenize_possessives_and_clitics() -> None:
    assert tokenize("Okafor's") == ["okafor"]
    assert tokenize("Caroline'll go") == ["carolin", "go"]
    assert tokenize("I'm sure we've been") == ["sure"]


def test_tokenize_drops_stopwords_and_negations() -> None:
    assert tokenize("What did you do with it?") == []
    assert tokenize("I don't like coffee") == tokenize("I like coffee") == ["like", "coffe"]
    assert tokenize("never not no") == []


def test_tokenize_numbers() -> None:
    assert tokenize("It cost 1,200 dollars") == ["cost", "1200", "dollar"]
    assert tokenize("3.5 kg and 42") == ["3.5", "kg", "42"]
    assert tokenize("1,2,3") == ["1", "2", "3"]
    assert tokenize("at 3pm on 2023-03-14") == ["3pm", "2023", "03", "14"]


def test_tokenize_unicode_and_stemming_is_deterministic() -> None:
    assert tokenize("Café crème") == ["cafe", "creme"]
    assert tokenize("running runs ran") == ["run", "run", "ran"]
    assert tokenize("Running") == tokenize("running")
    assert tokenize("") == []
    assert tokenize("!!! ... ???") == []


def test_tokenize_keeps_order_and_repeats() -> None:
    assert tokenize("pottery pottery class") == ["potteri", "potteri", "class"]


def test_content_words_marks_negation() -> None:
    pos = content_words("I like coffee")
    neg = content_words("I don't like coffee")
    assert pos == {"like", "coffe"}
    assert neg == {"like", "coffe", "not"}
    assert content_words("She never drinks tea") == {"drink", "tea", "not"}
    assert 0 < word_overlap(pos, neg) < 1


def test_word_overlap() -> None:
    a = frozenset({"a", "b", "c"})
    b = frozenset({"b", "c", "d"})
    assert word_overlap(a, b) == pytest.approx(0.5)
    assert word_overlap(a, a) == 1.0
    assert word_overlap(a, frozenset()) == 0.0
    assert word_overlap(frozenset(), frozenset()) == 0.0
    assert word_overlap(frozenset({"x"}), frozenset({"y"})) == 0.0


def test_word_overlap_of_paraphrase() -> None:
    a = content_words("Caroline moved to Boston last year.")
    b = content_words("Last year Caroline moved to Boston!")
    assert word_overlap(a, b) == 1.0


@PROPS
@given(st.text(), st.text())
def test_word_overlap_bounds_and_symmetry(x: str, y: str) -> None:
    a, b = content_words(x), content_words(y)
    value = word_overlap(a, b)
    assert 0.0 <= value <= 1.0
    assert value == word_overlap(b, a)


@PROPS
@given(st.text())
def test_tokenize_never_raises_and_has_no_stopwords(text: str) -> None:
    tokens = tokenize(text)
    assert all(tokens)
    assert not any(t in STOPWORDS for t in tsquery_terms(text))


# ----------------------------------------------------------------------------------------------
# fts_query / tsquery_terms
# ----------------------------------------------------------------------------------------------


def test_fts_query_shape() -> None:
    assert fts_query("What did Dr. Okafor prescribe?") == '"dr" OR "okafor" OR "prescribe"'
    assert fts_query("Okafor's inhaler, okafor inhalers") == '"okafor" OR "inhaler" OR "inhalers"'
    assert fts_query("") is None
    assert fts_query("what is it?") is None
    assert fts_query("*** ^^^ :::") is None


def test_fts_query_neutralises_syntax() -> None:
    q = fts_query('AND OR NOT "* ( ) : ^ NEAR col:x okafor*')
    assert q == '"near" OR "col" OR "x" OR "okafor"'


def test_tsquery_terms() -> None:
    assert tsquery_terms("The café's 1,200 O'Brien items, items") == ["café", "1,200", "o'brien", "items"]
    assert tsquery_terms("and the of") == []
    assert len(tsquery_terms(" ".join(f"word{i}" for i in range(500)))) == 64


@pytest.fixture(scope="module")
def fts() -> apsw.Connection:
    db = apsw.Connection(":memory:")
    db.execute("CREATE VIRTUAL TABLE t USING fts5(content, tokenize='porter unicode61 remove_diacritics 2')")
    rows = [
        "Dr. Okafor prescribed the red inhaler.",
        "Caroline moved from Sweden four years ago.",
        "The invoice was 1,200 dollars at the Café Müller.",
        "O'Brien said NEAR the col: is * fine",
    ]
    for row in rows:
        db.execute("INSERT INTO t(content) VALUES (?)", (row,))
    return db


def _match(db: apsw.Connection, text: str) -> list[int]:
    q = fts_query(text)
    if q is None:
        return []
    return [r[0] for r in db.execute("SELECT rowid FROM t WHERE t MATCH ? ORDER BY rowid", (q,))]


def test_fts_query_matches_through_porter(fts: apsw.Connection) -> None:
    assert _match(fts, "what did okafor prescribe") == [1]
    assert _match(fts, "inhalers") == [1]
    assert _match(fts, "Who moved from sweden?") == [2]
    assert _match(fts, "1,200") == [3]
    assert _match(fts, "cafe muller") == [3]
    assert _match(fts, "O'Brien") == [4]
    assert _match(fts, "col:x NEAR(a b)") == [4]
    assert _match(fts, "what is it") == []


FTS_SYNTAX = st.sampled_from(
    ['"', "'", "*", "^", ":", "(", ")", "{", "}", "+", "-", "AND", "OR", "NOT", "NEAR", "NEAR(", ",", "col:",
     "content:", "-content:", "\x00", "\u0301", "ᵃ", "é", "İ", "ß", "1,200", "3.5", "o'brien", " ", "\n"]
)  # fmt: skip


@PROPS
@given(st.text())
def test_fts_query_never_raises_on_arbitrary_text(fts: apsw.Connection, text: str) -> None:
    _match(fts, text)


@PROPS
@given(st.lists(st.one_of(FTS_SYNTAX, st.text(max_size=5)), max_size=30).map("".join))
def test_fts_query_never_raises_on_syntax_soup(fts: apsw.Connection, text: str) -> None:
    q = fts_query(text)
    if q is not None:
        assert q.count('"') % 2 == 0
    _match(fts, text)


# ----------------------------------------------------------------------------------------------
# extract_entities: names, ids, contacts
# ----------------------------------------------------------------------------------------------


def ents(text: str, now: datetime | None = None) -> set[str]:
    return set(extract_entities(text, now=now))


def names(text: str) -> set[str]:
    return {k for k in extract_entities(text) if k.startswith("name:")}


def test_names_with_titles() -> None:
    assert names("Dr. Okafor prescribed the red inhaler.") == {"name:okafor"}
    assert names("Ask Dr Okafor and Mrs. Smith about it") == {"name:okafor", "name:smith"}
    assert names("Prof. Jane Goodall spoke") == {"name:jane goodall", "name:jane", "name:goodall"}


def test_multi_word_names() -> None:
    assert names("We flew to New York last spring") == {"name:new york", "name:york"}
    assert names("She works at the Bank of America") >= {"name:bank of america", "name:america"}
    assert "name:bank" not in names("She works at the Bank of America")
    assert names("I read books by J. K. Rowling.") == {"name:j k rowling", "name:rowling"}
    assert names("Leonardo da Vinci painted it") == {"name:leonardo da vinci", "name:leonardo", "name:vinci"}
    assert names("José Álvarez visited São Paulo.") >= {"name:jose alvarez", "name:sao paulo"}


def test_sentence_initial_words() -> None:
    assert names("Caroline went to the park.") == {"name:caroline"}
    assert names("Yesterday Caroline went home") == {"name:caroline"}
    assert names("Hey Mel! Good to see you! How have you been?") == {"name:mel"}
    for text in (
        "The weather is nice.",
        "Yesterday was fun.",
        "What a day!",
        "Thanks so much!",
        "Painting is my passion.",
        "Wow, that's cool.",
        "Sounds great. Looking forward to it!",
    ):
        assert names(text) == set(), text


def test_sentence_initial_word_seen_lowercase_is_not_a_name() -> None:
    assert names("Pottery relaxes me. I do pottery every week.") == set()


def test_possessives_and_caps() -> None:
    assert names("Caroline's mom visited Melanie's house") == {"name:caroline", "name:melanie"}
    assert names("NASA and the ESA launched it") == {"name:nasa", "name:esa"}
    assert names("I love my iPhone and PostgreSQL") == {"name:iphone", "name:postgresql"}
    assert names("THIS IS SO EXCITING I LOVE IT") == set()  # shouting is not acronyms
    assert names("I went to a LGBTQ support group") == {"name:lgbtq"}
    assert names("no capitals here at all") == set()


def test_months_and_weekdays_are_not_names() -> None:
    assert names("On Monday Caroline said hi") == {"name:caroline"}
    assert names("It was cold in January") == set()


def test_identifiers() -> None:
    assert ents("Ticket PROJ-42 blocks JIRA-123") >= {"id:proj-42", "id:jira-123"}
    assert "id:covid-19" in ents("after COVID-19 hit")
    assert "id:user_id" in ents("the user_id column")
    assert "id:2.3.1" in ents("version 2.3.1 is out")
    assert "id:5551234567" in ents("call me at 555-123-4567")
    assert not any(k.startswith("num:") for k in ents("call me at 555-123-4567"))


def test_contacts_and_hosts() -> None:
    keys = ents("Mail ann.b@example.com or @ann_b, see https://www.Example.org/x?y=1 and github.com. #pride")
    assert keys >= {
        "email:ann.b@example.com",
        "handle:ann_b",
        "host:example.org",
        "host:github.com",
        "tag:pride",
    }
    assert "host:x" not in keys
    assert not any(k.startswith("host:") for k in ents("I use node.js and e.g. Mr.Smith"))


# ----------------------------------------------------------------------------------------------
# extract_entities: dates
# ----------------------------------------------------------------------------------------------

FULL_MARCH_14 = {"date:2023-03-14", "date:2023-03", "date:2023", "md:03-14", "month:03", "week:2023-W11"}


@pytest.mark.parametrize(
    "text",
    [
        "It happened on 14 March 2023.",
        "It happened on Mar 14th, 2023.",
        "It happened on March 14, 2023.",
        "It happened on 2023-03-14.",
        "It happened on 3/14/2023.",
        "It happened on 14/3/2023.",  # first part cannot be a month
        "It happened on 14.03.2023.",
        "It happened on 14-03-2023.",
        "It happened on the 14th of March, 2023.",
        "It happened on 2023-03-14T10:00:00Z.",
    ],
)
def test_full_dates(text: str) -> None:
    keys = ents(text)
    assert keys >= FULL_MARCH_14
    assert not any(k.startswith("num:") for k in keys), keys


def test_date_conventions() -> None:
    assert "date:2023-03-04" in ents("on 3/4/2023")  # slashes: US month-first
    assert "date:2023-04-03" in ents("on 3.4.2023")  # dots: day-first
    assert "date:2023-03-04" in ents("on 3/4/23")  # two-digit year
    assert ents("add 3/4 cup of flour") == {"num:3", "num:4"}  # yearless numeric: not a date


def test_partial_dates() -> None:
    assert ents("March 14") == {"md:03-14", "month:03"}
    assert ents("on the 8th of May") == {"md:05-08", "month:05"}
    assert ents("in May 2023") == {"date:2023-05", "date:2023", "month:05"}
    assert ents("8 May, 2023") >= {"date:2023-05-08", "md:05-08"}
    assert ents("back in 2019") == {"date:2019"}
    assert ents("between 2019-2020") == {"date:2019", "date:2020"}
    assert ents("camping in June") == {"month:06"}


def test_query_md_matches_memory_full_date() -> None:
    assert extract_entities("What happened on March 14?") & extract_entities("On 14 March 2023 we met")


def test_may_and_march_the_verbs() -> None:
    assert ents("May I ask you something?") == set()
    assert ents("you may go now") == set()
    assert ents("they march on") == set()
    assert ents("in may we travel") == {"month:05"}
    assert ents("May is lovely") == {"month:05"}
    assert ents("March in Paris was cold") == {"month:03", "name:paris"}


def test_clock_times_are_not_numbers() -> None:
    assert ents("1:56 pm on 8 May, 2023") == {
        "date:2023-05-08",
        "date:2023-05",
        "date:2023",
        "md:05-08",
        "month:05",
        "week:2023-W19",
    }
    assert ents("see you at 3pm or 10:30") == set()


def test_relative_dates_need_now() -> None:
    assert ents("I went yesterday") == set()
    assert ents("I went yesterday", NOW) == {
        "date:2023-05-07",
        "date:2023-05",
        "date:2023",
        "md:05-07",
        "month:05",
        "week:2023-W18",
    }


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("today", "date:2023-05-08"),
        ("tomorrow", "date:2023-05-09"),
        ("the day before yesterday", "date:2023-05-06"),
        ("2 days ago", "date:2023-05-06"),
        ("three days ago", "date:2023-05-05"),
        ("last Tuesday", "date:2023-05-02"),
        ("next Friday", "date:2023-05-12"),
        ("last Monday", "date:2023-05-01"),
        ("last week", "week:2023-W18"),
        ("a couple of weeks ago", "week:2023-W17"),
        ("last weekend", "week:2023-W18"),
        ("next month", "date:2023-06"),
        ("3 months ago", "date:2023-02"),
        ("last year", "date:2022"),
        ("4 years ago", "date:2019"),
        ("last December", "date:2022-12"),
        ("in 2 weeks", "week:2023-W21"),
    ],
)
def test_relative_dates(text: str, key: str) -> None:
    assert key in ents(f"We did it {text}.", NOW)


# ----------------------------------------------------------------------------------------------
# extract_entities: numbers
# ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("I have 42 cats", "num:42"),
        ("it weighs 3.5 kg", "num:3.5"),
        ("it weighs 3.50 kg", "num:3.5"),
        ("1,200 people came", "num:1200"),
        ("it cost $1.2k", "num:1200"),
        ("it cost $1,200", "num:1200"),
        ("they raised $5m", "num:5000000"),
        ("2.5 million users", "num:2500000"),
        ("50% off", "num:50"),
        ("20 percent more", "num:20"),
        ("her 18th birthday", "num:18"),
        ("two kids", "num:2"),
        ("twenty-five years", "num:25"),
        ("ran 2000 meters", "num:2000"),
        ("5 m of rope", "num:5"),
    ],
)
def test_numbers(text: str, key: str) -> None:
    assert key in ents(text)


def test_year_is_date_not_number() -> None:
    assert ents("in 2023") == {"date:2023"}
    assert "date:2000" not in ents("ran 2000 meters")


# ----------------------------------------------------------------------------------------------
# query_entity_candidates
# ----------------------------------------------------------------------------------------------


def test_lowercase_query_matches_stored_names() -> None:
    stored = extract_entities("Dr. Okafor prescribed the red inhaler in New York.")
    query = query_entity_candidates("what did dr okafor prescribe in new york")
    assert {"name:okafor", "name:new york"} <= query & stored
    assert "name:dr" not in query
    assert "name:what" not in query


def test_query_candidates_ngrams() -> None:
    q = query_entity_candidates("trip to the bank of america and lord of the rings")
    assert {"name:bank of america", "name:trip", "name:lord of the rings"} <= q
    assert "name:of" not in q and "name:the" not in q
    assert "name:jon" in query_entity_candidates("What is Jon's favorite band?")
    assert "name:jose" in query_entity_candidates("where did josé go")


def test_query_candidates_include_extracted_keys() -> None:
    q = query_entity_candidates("what happened on march 14 with PROJ-42", now=NOW)
    assert {"md:03-14", "id:proj-42"} <= q
    assert query_entity_candidates("") == frozenset()


@PROPS
@given(st.text())
def test_extract_never_raises(text: str) -> None:
    for keys in (
        extract_entities(text),
        extract_entities(text, now=NOW),
        query_entity_candidates(text, now=NOW),
    ):
        assert all(isinstance(k, str) and ":" in k for k in keys)


@PROPS
@given(
    st.lists(
        st.sampled_from(
            ["Dr.", "Okafor", "May", "March", "14", "2023", "3/4/2023", "last", "week", "ago", "2", "days",
             "$1.2k", "J.", "K.", "of", "the", "New", "York", "@x", "#y", "a@b.co", "www.x.com", ".", ",",
             "'s", "-", "PROJ-42", "yesterday", "next", "Tuesday", "9999", "0001", "31", "02", "29", "\n"]
        ),
        max_size=25,
    ).map(" ".join),
    st.datetimes(min_value=datetime(1, 1, 8), max_value=datetime(9999, 12, 24)),
)  # fmt: skip
def test_extract_never_raises_on_date_soup(text: str, now: datetime) -> None:
    extract_entities(text, now=now)
    parse_when(text, now=now)


# ----------------------------------------------------------------------------------------------
# parse_when
# ----------------------------------------------------------------------------------------------


def d(*args: int) -> datetime:
    return datetime(*args)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("what did I do in May 2023?", (d(2023, 5, 1), d(2023, 6, 1))),
        ("what happened last year", (d(2022, 1, 1), d(2023, 1, 1))),
        ("what did I eat yesterday", (d(2023, 5, 7), d(2023, 5, 8))),
        ("meetings last week", (d(2023, 5, 1), d(2023, 5, 8))),
        ("on 14 March 2023", (d(2023, 3, 14), d(2023, 3, 15))),
        ("on March 14", (d(2023, 3, 14), d(2023, 3, 15))),
        ("in June", (d(2022, 6, 1), d(2022, 7, 1))),  # most recent June
        ("what will I do in June", (d(2023, 6, 1), d(2023, 7, 1))),  # future question
        ("in 2019", (d(2019, 1, 1), d(2020, 1, 1))),
        ("3 months ago", (d(2023, 2, 1), d(2023, 3, 1))),
        ("past 3 days", (d(2023, 5, 5, 13, 56), NOW)),
        ("since 2020", (d(2020, 1, 1), NOW)),
        ("last Tuesday", (d(2023, 5, 2), d(2023, 5, 3))),
    ],
)
def test_parse_when(text: str, expected: tuple[datetime, datetime]) -> None:
    assert parse_when(text, now=NOW) == expected


def test_parse_when_none_and_timezone() -> None:
    assert parse_when("what is my favourite colour", now=NOW) is None
    assert parse_when("", now=NOW) is None
    aware = NOW.replace(tzinfo=timezone(timedelta(hours=2)))
    start, end = parse_when("yesterday", now=aware)  # type: ignore[misc]
    assert start.tzinfo == aware.tzinfo and end - start == timedelta(days=1)


@PROPS
@given(st.text(), st.datetimes(min_value=datetime(2, 1, 1), max_value=datetime(9998, 12, 1)))
def test_parse_when_never_raises(text: str, now: datetime) -> None:
    result = parse_when(text, now=now)
    if result is not None:
        assert result[0] <= result[1]


# ----------------------------------------------------------------------------------------------
# is_past_question
# ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "When did Caroline go to the support group?",
        "What was Melanie's first job?",
        "Where did she live originally?",
        "What did he think of it at first?",
        "When was the first time they met?",
        "Where did she work last year?",
        "What was she doing back in 2019?",
        "Where did Caroline move from?",
        "What did she use to do?",
        "He used to live in Paris, right?",
        "What was his job previously?",
        "Where did he live before that?",
        "What did Melanie do in 2019?",
        "How long ago was Caroline's 18th birthday?",
        "Who was her manager?",
        "What were her hobbies as a child?",
    ],
)
def test_is_past_question_true(text: str) -> None:
    assert is_past_question(text)


@pytest.mark.parametrize(
    "text",
    [
        "What is Caroline's current job?",
        "What does Melanie like?",
        "Where does Caroline live?",
        "What are her hobbies?",
        "Who is her manager now?",
        "What will she do in 2030?",
        "",
    ],
)
def test_is_past_question_false(text: str) -> None:
    assert not is_past_question(text)


# ----------------------------------------------------------------------------------------------

SENTENCES = [
    "Hey Mel! I went to a LGBTQ support group yesterday and it was so powerful.",
    "Dr. Okafor prescribed the red inhaler on 14 March 2023 for $1,200.",
    "Caroline moved from Sweden to New York four years ago with her mom.",
    "Ticket PROJ-42 is due next Friday, ping @ann_b or ann@example.com.",
]


# ----------------------------------------------------------------------------------------------
# Package layout
# ----------------------------------------------------------------------------------------------


def test_all_is_sorted_and_defined_by_the_concept_modules() -> None:
    from memlane import text
    from memlane.text import entities, when, words

    assert text.__all__ == sorted(text.__all__)
    assert sorted(words.__all__ + when.__all__ + entities.__all__) == text.__all__
    for module in (words, when, entities):
        assert module.__all__ == sorted(module.__all__)
        for name in module.__all__:
            assert getattr(text, name) is getattr(module, name)


def test_modules_import_only_earlier_layers() -> None:
    """``table_cache``, ``cjk`` and ``pattern_hints`` import nothing internal; every other module only the modules listed before it."""
    import ast
    from pathlib import Path

    from memlane import text

    layers = [
        "table_cache",
        "cjk",
        "pattern_hints",
        "stems",
        "words",
        "sentences",
        "numbers",
        "dates",
        "when",
        "legal_forms",
        "lexicon",
        "given_names",
        "names",
        "entities",
        "claims",
        "updates",
    ]
    package = Path(text.__file__).parent
    assert sorted(p.stem for p in package.glob("*.py") if p.stem != "__init__") == sorted(layers)
    for i, name in enumerate(layers):
        tree = ast.parse((package / f"{name}.py").read_text(encoding="utf-8"))
        internal = {
            node.module
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("memlane"))
        }
        assert internal <= set(layers[:i]), (name, internal)


def test_parse_when_names_nothing_outside_the_calendar() -> None:
    from datetime import UTC, datetime

    from memlane.text import parse_when

    assert parse_when("past 3 days", now=datetime(1, 1, 2, tzinfo=UTC)) is None
    assert parse_when("last year", now=datetime(1, 6, 1, tzinfo=UTC)) is None
    assert parse_when("past 3 days", now=datetime(2026, 1, 10, tzinfo=UTC)) is not None
