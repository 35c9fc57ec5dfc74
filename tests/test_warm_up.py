"""``MemoryService.warm_up`` (what ``memlane serve`` does before it announces its URL): in a fresh
process, after it, the first store and the first recall build no table and load nothing more, and the
warm-up itself wrote nothing and read nobody's items."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

SRC = str(Path(__file__).resolve().parents[1] / "src")

#: run in a fresh process: every memoised table loader of memlane (an ``lru_cache`` of one entry: the
#: place, given-name, lemma tables...) and the lemminflect singletons' tables, before and after
_SCRIPT = r"""
import json, sys
from memlane import Memlane
from memlane.models import Actor

def loaders():
    found = {}
    for name, module in list(sys.modules.items()):
        if not name.startswith("memlane"):
            continue
        for attr, value in list(vars(module).items()):
            info = getattr(value, "cache_info", None)
            if callable(info) and getattr(value, "__module__", None) == name and info().maxsize == 1:
                found[f"{name}.{attr}"] = info().misses
    from lemminflect.core.Inflections import Inflections
    from lemminflect.core.Lemmatizer import Lemmatizer
    found["lemminflect lemmas"] = int(hasattr(Lemmatizer(), "lemma_dict"))
    found["lemminflect inflections"] = int(hasattr(Inflections(), "infl_dict"))
    return found

mem = Memlane(sys.argv[1], user="alice", embedder="none")
mem.service.warm_up()
warm = loaders()
mem.store("Priya Raman joined Northwind Traders in Lisbon last May with her sister Mira.")
hits = mem.recall("Where did Priya work before she moved to Lisbon?")
print(json.dumps({"warm": warm, "after": loaders(), "hits": [h.content for h in hits]}))
"""


def test_after_the_warm_up_the_first_store_and_recall_build_no_table(tmp_path: Path) -> None:
    # a fresh home with a table cache of its own (not the session's shared one, conftest.py): the first
    # process of an installation (the next test: a later one, the tables in the cache)
    home = tmp_path / "home"
    env = {
        **os.environ,
        "PYTHONPATH": SRC,
        "MEMLANE_HOME": str(home),
        "MEMLANE_CACHE_DIR": str(home / "cache"),
    }
    done = subprocess.run([sys.executable, "-c", _SCRIPT, str(tmp_path / "m.db")], capture_output=True,
                          text=True, env=env, timeout=600, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.strip().splitlines()[-1])
    warm, after = out["warm"], out["after"]
    # the tables a store and a recall read were all read by the warm-up...
    for name in ("text.given_names._dictionary", "graph.entity_types._place_names", "graph.places._cities"):
        assert warm[f"memlane.{name}"] == 1, name
    assert warm["lemminflect lemmas"] == warm["lemminflect inflections"] == 1
    # ...and the first store and recall read none it had not: every loader has the misses it had
    assert {k: v for k, v in after.items() if k in warm} == warm
    assert out["hits"] == ["Priya Raman joined Northwind Traders in Lisbon last May with her sister Mira."]


#: a later process (the tables are in the cache): a first warm-up fills the cache, every memoised
#: function of memlane is then emptied as in a new process, and the warm-up runs again before the
#: first stores and recalls, whose statements reach tables by different paths (a city's name that may
#: be an ordinary word, a name in another script, a US state, an e-mail address)
_WARM_CACHE_SCRIPT = (
    _SCRIPT.split("mem = Memlane")[0]
    + r"""
import functools
mem = Memlane(sys.argv[1], user="alice", embedder="none")
mem.service.warm_up()
for name, module in list(sys.modules.items()):
    if name.startswith("memlane"):
        for value in list(vars(module).values()):
            if isinstance(value, functools._lru_cache_wrapper):
                value.cache_clear()
mem.service.warm_up()
warm = loaders()
for statement, question in (
    ("Priya Raman joined Northwind Traders in Lisbon last May with her sister Mira.",
     "Where did Priya work before she moved to Lisbon?"),
    ("Kenji Sato (kenji.sato@gmail.com) moved from 東京 to Portland, Oregon, and visits Roma in June.",
     "When does Kenji visit Rome?"),
):
    mem.store(statement)
    mem.recall(question)
print(json.dumps({"warm": warm, "after": loaders()}))
"""
)


def test_after_the_warm_up_with_the_tables_cached_the_first_store_and_recall_load_nothing(
    tmp_path: Path,
) -> None:
    # the table cache is the session's (conftest.py), as a user's is after its first process
    env = {**os.environ, "PYTHONPATH": SRC, "MEMLANE_HOME": str(tmp_path / "home")}
    done = subprocess.run([sys.executable, "-c", _WARM_CACHE_SCRIPT, str(tmp_path / "m.db")],
                          capture_output=True, text=True, env=env, timeout=600, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.strip().splitlines()[-1])
    warm, after = out["warm"], out["after"]
    # emptied, then read again by the warm-up: every place table, the free mail domains
    for name in (
        "places._cities",
        "places._language_names",
        "places._native_cities",
        "resolution._free_mail",
    ):
        assert warm[f"memlane.graph.{name}"] == 1, name
    # every loader the stores and recalls used (in modules imported since the warm-up too) was loaded
    # by the warm-up, and none was loaded again
    assert {k: v for k, v in after.items() if v} == {k: v for k, v in warm.items() if v}


def _rows(db: Path) -> dict[str, int]:
    """Every table's row count (the shadow tables of full-text indexes included)."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        names = [n for (n,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        counts = {}
        for name in names:
            try:
                counts[name] = conn.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0]
            except sqlite3.OperationalError:  # a virtual table of a module this sqlite3 lacks
                continue
        return counts


def test_the_warm_up_writes_nothing(tmp_path: Path) -> None:
    from memlane import Memlane

    db = tmp_path / "m.db"
    mem = Memlane(db, user="alice", embedder="none")
    mem.store("Anna Berger from Acme GmbH moved to Vienna with her brother Tom.")
    before = _rows(db)
    assert before["memories"] == 1 and len(before) > 10
    mem.service.warm_up()
    mem.service.warm_up()
    assert _rows(db) == before
    mem.close()
