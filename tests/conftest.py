from __future__ import annotations

import gc
import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from memlane import Memlane
from pg import pg_database, pg_schemas, pg_server, pg_url  # noqa: F401  (fixtures: a real PostgreSQL for the tests)
from servers import Stack, make_stack

#: every test that uses ``db_path`` (and so ``mem`` and ``smem``) runs once per backend: one contract suite
BACKENDS = ("sqlite", "postgresql")


def pytest_configure(config: pytest.Config) -> None:
    # The tables text analysis builds from data packages (places, given names, lemmas: ~10 s of CPU, see
    # memlane.text.table_cache) depend on the installation only. Every process of the session, the CLI
    # and servers the tests start in a fresh MEMLANE_HOME included, reads them from one folder: the one a
    # user's would be (as ``model_home`` is for the model), so they are built once, not once per home
    # (`memlane serve` and `memlane worker` warm up: each built them all in a fresh home).
    home = Path(os.environ.get("MEMLANE_HOME") or Path.home() / ".memlane")
    os.environ.setdefault("MEMLANE_CACHE_DIR", str(home / "cache"))
    # Test machines are shared and often loaded (load 20 on 2 cores): a loopback request made with httpx's
    # default 5 s timeout (httpx.get(...), a bare httpx.Client) then fails for no fault of the code under
    # test. Tests that check timeouts pass their own; everything else waits as long as a loaded machine needs.
    default = httpx._config.DEFAULT_TIMEOUT_CONFIG  # the object httpx's functions and clients default to
    default.connect = default.read = default.write = default.pool = 60.0
    _share_default_ssl_context()
    config.addinivalue_line(
        "markers", "sqlite_only(reason): the test checks SQLite internals; run it on the sqlite backend only"
    )


def _share_default_ssl_context() -> None:
    """Every httpx client (``httpx.get(...)``, a test's ``httpx.Client``, the SDK's remote client) builds an
    SSL context as it is made, loading certifi's bundle: ~50 ms of CPU each, for clients that only ever
    speak plain HTTP to loopback. In the test run the clients that ask for the default context (verify on,
    no client certificate, no SSL_CERT_FILE/SSL_CERT_DIR) share one, built the same way on first use; any
    other settings still get a context of their own."""
    from httpx import _config
    from httpx._transports import default as transports

    create = _config.create_ssl_context
    shared: list[Any] = []

    def create_ssl_context(verify: Any = True, cert: Any = None, trust_env: bool = True) -> Any:
        plain = verify is True and cert is None and trust_env
        if not plain or os.environ.get("SSL_CERT_FILE") or os.environ.get("SSL_CERT_DIR"):
            return create(verify=verify, cert=cert, trust_env=trust_env)
        if not shared:
            shared.append(create(verify=verify, cert=cert, trust_env=trust_env))
        return shared[0]

    transports.create_ssl_context = create_ssl_context  # what HTTPTransport and AsyncHTTPTransport call


class _Heap:
    """The test process's cyclic garbage collector. A worker holds what no single memlane process does at
    once: pytest's ~3,500 collected tests, every module the tests import, and the tables text analysis
    loads on first use (~0.7 million objects), and every full collection walked all of it (~0.1-0.3 s
    of CPU each; the collector took ~7-10% of a test process's CPU: 6.0 of 59.9 s over four files). As
    memlane's own processes do once (``graph.linking._settle_heap``), what is alive between tests is
    collected once and then frozen (``gc.freeze``): out of the collector's sight, freed by reference
    counting as ever. Done after collection, and again after a test's teardown whenever a full
    collection during it walked a big unfrozen heap again (tables loaded since). What is alive at such a
    moment and later becomes garbage in a reference cycle is never reclaimed (a module's fixtures): a few
    bounded amounts, in a test process; no test checks the collector in this process
    (tests/test_linking_heap.py runs its own)."""

    #: a full collection taking more CPU than this walked a big unfrozen heap
    SLOW_S = 0.05

    def __init__(self) -> None:
        self.started = 0.0
        self.slow = False

    def on_gc(self, phase: str, info: dict[str, int]) -> None:
        if info["generation"] != 2:
            return
        if phase == "start":
            self.started = time.thread_time()
        elif time.thread_time() - self.started > self.SLOW_S:
            self.slow = True

    def settle(self) -> None:
        self.slow = False
        gc.collect()
        gc.freeze()


_heap = _Heap()


def pytest_collection_finish(session: pytest.Session) -> None:
    if _heap.on_gc not in gc.callbacks:
        gc.callbacks.append(_heap.on_gc)
    _heap.settle()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    yield
    if _heap.slow:
        _heap.settle()


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    # With -n and no --dist: --dist loadgroup, not xdist's load. The tests of an xdist_group (test_web.py's
    # browser and server, test_embedders.py's models) then run on one worker, so their module and session
    # fixtures start once, not on each worker; the groups are handed out first (the longest units), the
    # other tests one at a time as under load. Set here rather than in addopts: a --dist without -n makes
    # pytest-benchmark warn on every run.
    workerinput = getattr(config, "workerinput", None)
    if workerinput is not None:  # an xdist worker (it parses the command line again): its controller decides
        if workerinput.get("memlane_dist") == "loadgroup":
            config.option.loadgroup = True  # the worker names its tests with their group (xdist/remote.py)
    elif getattr(config.option, "numprocesses", None) and getattr(config.option, "dist", None) == "no":
        config.option.dist = "loadgroup"


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """xdist's controller, for each worker: the distribution mode chosen above."""
    node.workerinput["memlane_dist"] = node.config.getoption("dist")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames:
        only = metafunc.definition.get_closest_marker("sqlite_only")
        metafunc.parametrize("backend", ("sqlite",) if only else BACKENDS, indirect=True)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    return str(getattr(request, "param", "sqlite"))


@pytest.fixture(scope="session")
def model_home() -> Path:
    """Where the exported ONNX model is cached: shared across test sessions like a user's would be."""
    return Path(os.environ.get("MEMLANE_HOME") or Path.home() / ".memlane")


@pytest.fixture(scope="session")
def local_embedder(model_home: Path):
    from memlane.providers.embedders import build_embedder

    return build_embedder("local", home=model_home)


@pytest.fixture
def db_path(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Path | str:
    """The test's database: a SQLite file path, or the URL of a fresh PostgreSQL database."""
    if backend == "postgresql":
        return str(request.getfixturevalue("pg_url"))
    return tmp_path / "memlane.db"


@pytest.fixture
def other_db(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Path | str]:
    """A second database of the test's backend (a SQLite file beside ``db_path``'s, or another schema)."""
    if backend != "postgresql":
        yield tmp_path / "other.db"
        return
    from pg import SchemaStock

    stock = request.getfixturevalue("pg_schemas")
    prepared = stock.take()
    try:
        yield SchemaStock.url(stock.database_url, prepared.name)
    finally:
        stock.give_back(prepared)


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file memlane has just created and migrated (no embedder, nothing stored), once per process."""
    path = tmp_path_factory.mktemp("sqlite-template") / "memlane.db"
    Memlane(path, embedder="none").close()
    return path


def _migrated(db_path: Path | str, request: pytest.FixtureRequest) -> Path | str:
    """``db_path`` as memlane's first open leaves it, for the fixtures that open it before the test: a new
    SQLite file is a copy of ``sqlite_template`` (migrating one costs ~50 ms of CPU, a copy ~1 ms), as a
    PostgreSQL test's schema is a migrated one (tests/pg.py). Tests that use ``db_path`` alone still get no
    file at all (migrating from empty is tested there)."""
    if isinstance(db_path, Path) and not db_path.exists():
        shutil.copyfile(request.getfixturevalue("sqlite_template"), db_path)
    return db_path


@pytest.fixture
def mem(db_path: Path | str, request: pytest.FixtureRequest):
    """A real database (SQLite file or PostgreSQL), no embedder: keyword and entity lanes only."""
    m = Memlane(_migrated(db_path, request), user="alice", embedder="none")
    yield m
    m.close()


@pytest.fixture
def smem(db_path: Path | str, local_embedder, request: pytest.FixtureRequest):
    """A real database (SQLite file or PostgreSQL) with the local MiniLM embedder."""
    m = Memlane(_migrated(db_path, request), user="alice", embedder=local_embedder)
    yield m
    m.close()


@pytest.fixture
def stack(db_path: Path | str, request: pytest.FixtureRequest) -> Iterator[Stack]:
    """The REST app, key store and Memlane on ``db_path`` (both backends); tests on one fixed SQLite
    file define their own."""
    s = make_stack(_migrated(db_path, request))
    yield s
    s.mem.close()
