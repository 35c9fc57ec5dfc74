"""Tests of the built-in embedders: real local models (exported once per session) and a real HTTP server.

The ONNX export is the slow part (a few seconds), so it happens once per session: in a temporary home
(test_builds_the_model_without_torch), compared with the model every other local test shares, the one
the user's model cache holds (``model_home``, exported there if it is not yet, as the other test files'
local embedder is).
"""

from __future__ import annotations

import json
import shutil
import socket
import sys
import threading
import zlib
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from memlane.errors import ConfigError, EmbedderError
from memlane.providers.base import Embedder
from memlane.providers.embedders import (
    LOCAL_DIM,
    LOCAL_IDENTITY,
    LOCAL_INT8_IDENTITY,
    LocalOnnxEmbedder,
    LocalTorchEmbedder,
    OpenAIEmbedder,
    build_embedder,
    local_model,
    local_onnx,
    model_dir,
    onnx_model_path,
)

# One xdist group (conftest.py: --dist loadgroup under -n): the session-scoped models below (an ONNX export, its int8
# twin, torch and sentence-transformers loaded) are built on one worker only, not once per worker.
pytestmark = pytest.mark.xdist_group("embedders")

SENTENCES = [
    "I went hiking with my sister last weekend.",
    "Caroline joined an LGBTQ support group in May.",
    "Melanie painted a sunrise over the lake for her art class.",
    "What is the capital of France?",
    "Paris is the capital and largest city of France.",
    "The quarterly revenue grew by 12 percent.",
    "def fibonacci(n): return n if n < 2 else fibonacci(n - 1) + fibonacci(n - 2)",
    "My dog Max loves chasing tennis balls at the beach.",
    "She is researching adoption agencies for single parents.",
    "The train to Berlin leaves at 7:45 tomorrow morning.",
    "I'm allergic to peanuts, so please don't order the satay.",
    "Ok",
    "",
    "Café au lait, naïve façade, 東京タワー and emoji 🎉🚀",
    "Remember that the wifi password changes every Monday.",
    "We adopted two cats from the shelter: Luna and Oliver.",
    "The mitochondria is the powerhouse of the cell.",
    "He signed up for pottery classes on Thursday evenings.",
    "Rain is expected throughout the afternoon in Seattle.",
    # Longer than 128 tokens: checks truncation at 256 (tokenizer.json alone would cut at 128).
    " ".join(["After the concert we drove home through the mountains and talked about the future."] * 20),
]


def _cos_rows(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return (a * b).sum(axis=1) / (np.linalg.norm(a, axis=1) * np.linalg.norm(b, axis=1))


# --------------------------------------------------------------------------------------------------------
# Local models
# --------------------------------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def home(tmp_path_factory: pytest.TempPathFactory, model_home: Path) -> Path:
    """A home of the session's own whose fp32 model is a copy of the cached one (``model_home``, as
    conftest's ``local_embedder`` uses): not a second export of the same weights. The int8 model is
    quantised here, from it; test_builds_the_model_without_torch exports one afresh and compares."""
    home = tmp_path_factory.mktemp("memlane-home")
    target = onnx_model_path(home)
    target.parent.mkdir(parents=True)
    shutil.copyfile(local_model.ensure_onnx_model(model_home), target)
    return home


@pytest.fixture(scope="session")
def onnx_fp32(home: Path) -> LocalOnnxEmbedder:
    return LocalOnnxEmbedder(home)


@pytest.fixture(scope="session")
def onnx_int8(home: Path, onnx_fp32: LocalOnnxEmbedder) -> LocalOnnxEmbedder:
    return LocalOnnxEmbedder(home, quantized=True)


@pytest.fixture(scope="session")
def torch_embedder() -> Iterator[LocalTorchEmbedder]:
    # The reference implementation needs the `torch` extra, which the default install leaves out (the
    # ONNX model is built without it). CI installs it (.ci/run) so these comparisons always run there.
    pytest.importorskip("sentence_transformers", reason="the torch extra is not installed (see .ci/run)")
    import torch

    # The reference on one thread: under -n 2 the other core runs the other worker, and a second intra-op
    # thread there cost ~1.5 s more CPU per 80 texts (6.4 against 4.8 s, spinning) for the same vectors.
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        yield LocalTorchEmbedder()
    finally:
        torch.set_num_threads(threads)


@pytest.fixture(scope="session")
def torch_vectors(torch_embedder: LocalTorchEmbedder) -> np.ndarray:
    return torch_embedder.embed(SENTENCES)


def test_model_dir_has_packaged_files() -> None:
    directory = model_dir()
    assert (directory / "model.safetensors").is_file()
    assert (directory / "tokenizer.json").is_file()


def test_onnx_shape_dtype_and_norm(onnx_fp32: LocalOnnxEmbedder) -> None:
    vectors = onnx_fp32.embed(SENTENCES)
    assert vectors.shape == (len(SENTENCES), LOCAL_DIM)
    assert vectors.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert onnx_fp32.identity == LOCAL_IDENTITY
    assert onnx_fp32.dim == LOCAL_DIM
    assert isinstance(onnx_fp32, Embedder)


def _varied_texts(n: int) -> list[str]:
    """``n`` deterministic texts of 1 to ~300 words mixing the sentences above (several past the
    256-token truncation), so padding, truncation and batching are all exercised."""
    words = " ".join(SENTENCES).split()
    return [" ".join(words[(i * 7) % len(words) :][: 1 + (i * 37) % 300]) for i in range(n)]


def test_onnx_matches_sentence_transformers(
    onnx_fp32: LocalOnnxEmbedder, torch_embedder: LocalTorchEmbedder
) -> None:
    # 60 varied texts: 8 past the 256-token truncation, 8 length-sorted batches of various padding (300
    # texts, 38 truncated in 15 batches, cost 110 s of CPU against 32 s; torch is most of it)
    texts = SENTENCES + _varied_texts(60)
    cos = _cos_rows(onnx_fp32.embed(texts), torch_embedder.embed(texts))
    assert cos.min() >= 0.9999, f"worst text: {texts[int(cos.argmin())]!r} cos={cos.min()}"


def test_torch_embedder_contract(torch_embedder: LocalTorchEmbedder, torch_vectors: np.ndarray) -> None:
    assert torch_embedder.identity == LOCAL_IDENTITY
    assert torch_vectors.shape == (len(SENTENCES), LOCAL_DIM)
    assert torch_vectors.dtype == np.float32
    assert torch_embedder.embed([]).shape == (0, LOCAL_DIM)


def test_batch_order_and_padding_do_not_change_vectors(onnx_fp32: LocalOnnxEmbedder) -> None:
    # Length sorting + padding inside a batch must give each text the vector it gets alone.
    batched = onnx_fp32.embed(SENTENCES)
    alone = np.stack([onnx_fp32.embed([s])[0] for s in SENTENCES])
    np.testing.assert_allclose(batched, alone, atol=2e-5)
    reversed_ = onnx_fp32.embed(SENTENCES[::-1])[::-1]
    np.testing.assert_allclose(batched, reversed_, atol=2e-5)


def test_small_internal_batches(home: Path, onnx_fp32: LocalOnnxEmbedder) -> None:
    small = LocalOnnxEmbedder(home, batch_size=3, threads=1)
    np.testing.assert_allclose(small.embed(SENTENCES), onnx_fp32.embed(SENTENCES), atol=2e-5)


def test_plan_batches_bounds_padding() -> None:
    rng = np.random.default_rng(0)
    lengths = np.concatenate([rng.integers(5, 40, size=300), [256, 256, 200, 7]])
    order = np.argsort(lengths, kind="stable")
    batches = local_onnx._plan_batches(order, lengths, 32, 4096)
    assert np.array_equal(np.concatenate(batches), order)  # every text once, in sorted order
    for batch in batches:
        width = int(lengths[batch].max())
        assert len(batch) <= 32
        assert len(batch) == 1 or len(batch) * width <= 4096
    # The long texts never share a run with short ones.
    assert all(int(lengths[b].min()) >= 200 for b in batches if int(lengths[b].max()) >= 200)


def test_semantic_sanity(onnx_fp32: LocalOnnxEmbedder) -> None:
    a, b, c = onnx_fp32.embed(
        [
            "The cat is sleeping on the sofa.",
            "A kitten naps on the couch.",
            "Interest rates rose sharply in the bond market.",
        ]
    )
    assert float(a @ b) > float(a @ c) + 0.3
    question, answer, other = onnx_fp32.embed(
        ["What is the capital of France?", "Paris is the capital of France.", "I like pizza."]
    )
    assert float(question @ answer) > float(question @ other)


def test_int8_has_own_identity_and_stays_close(
    onnx_int8: LocalOnnxEmbedder, onnx_fp32: LocalOnnxEmbedder
) -> None:
    assert onnx_int8.identity == LOCAL_INT8_IDENTITY != onnx_fp32.identity
    assert onnx_int8.path != onnx_fp32.path
    assert onnx_int8.path.stat().st_size < onnx_fp32.path.stat().st_size / 2
    cos = _cos_rows(onnx_int8.embed(SENTENCES), onnx_fp32.embed(SENTENCES))
    assert cos.mean() > 0.9
    assert not np.allclose(cos, 1.0, atol=1e-4)  # int8 really moves the vectors


def test_export_cache_is_reused(
    home: Path, onnx_fp32: LocalOnnxEmbedder, onnx_int8: LocalOnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    fp32_path = onnx_model_path(home)
    int8_path = onnx_model_path(home, quantized=True)
    assert fp32_path == onnx_fp32.path and int8_path == onnx_int8.path
    assert fp32_path.parent == home / "models"
    assert fp32_path.name.startswith("all-MiniLM-L6-v2-") and int8_path.name.endswith("-int8.onnx")
    before = {p: (p.stat().st_mtime_ns, p.stat().st_ino) for p in (fp32_path, int8_path)}

    def no_export(*args: Any) -> None:
        raise AssertionError("the cached model should have been reused")

    # Patched where ensure_onnx_model looks them up.
    monkeypatch.setattr(local_model, "_export_fp32_onnx", no_export)
    monkeypatch.setattr(local_model, "_quantize_int8", no_export)
    again = LocalOnnxEmbedder(home)
    again_int8 = build_embedder("local-onnx-int8", home=home, environ={})
    assert isinstance(again_int8, LocalOnnxEmbedder)
    assert after_state(fp32_path, int8_path) == before
    np.testing.assert_allclose(again.embed(SENTENCES[:3]), onnx_fp32.embed(SENTENCES[:3]), atol=1e-6)
    # No temp files left behind by the atomic writes.
    assert sorted(p.name for p in (home / "models").iterdir()) == sorted([fp32_path.name, int8_path.name])


def after_state(*paths: Path) -> dict[Path, tuple[int, int]]:
    return {p: (p.stat().st_mtime_ns, p.stat().st_ino) for p in paths}


def test_builds_the_model_without_torch(
    tmp_path: Path, onnx_fp32: LocalOnnxEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The session's one export (the other tests' model is the cached one, conftest's model_home): built
    # from the packaged weights in a new home, the vectors of the model every other test checks.
    for name in ("torch", "transformers", "sentence_transformers"):
        monkeypatch.setitem(sys.modules, name, None)  # makes `import torch` (etc.) raise ImportError
    built = LocalOnnxEmbedder(tmp_path)
    assert built.path.parent == tmp_path / "models" and built.path.is_file()
    np.testing.assert_allclose(built.embed(SENTENCES), onnx_fp32.embed(SENTENCES), atol=1e-6)


def test_a_failed_build_leaves_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "onnx", None)
    with pytest.raises(EmbedderError, match=r"pip install onnx safetensors"):
        LocalOnnxEmbedder(tmp_path)
    assert not any((tmp_path / "models").iterdir())  # no half-written file


def test_atomic_write_cleans_up_on_failure(tmp_path: Path) -> None:
    target = tmp_path / "models" / "x.onnx"

    def fail(tmp: Path) -> None:
        tmp.write_bytes(b"half a model")
        raise EmbedderError("boom")

    with pytest.raises(EmbedderError):
        local_model._atomic_write(target, fail)
    assert list(target.parent.iterdir()) == []


def test_concurrent_embed_is_consistent(onnx_fp32: LocalOnnxEmbedder) -> None:
    expected = onnx_fp32.embed(SENTENCES)
    results: list[np.ndarray] = []
    errors: list[BaseException] = []

    def work() -> None:
        try:
            for _ in range(3):
                results.append(onnx_fp32.embed(SENTENCES))
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert len(results) == 12
    for got in results:
        np.testing.assert_allclose(got, expected, atol=2e-5)


def test_embed_input_checks(onnx_fp32: LocalOnnxEmbedder) -> None:
    assert onnx_fp32.embed([]).shape == (0, LOCAL_DIM)
    with pytest.raises(TypeError):
        onnx_fp32.embed("a single string")
    with pytest.raises(TypeError):
        onnx_fp32.embed(["ok", 3])  # type: ignore[list-item]


def test_build_local_uses_onnx_and_threads_setting(home: Path, onnx_fp32: LocalOnnxEmbedder) -> None:
    built = build_embedder("local", home=home, environ={"MEMLANE_EMBEDDING_THREADS": "1"})
    assert isinstance(built, LocalOnnxEmbedder)
    assert built.identity == LOCAL_IDENTITY and built.threads == 1 and not built.quantized
    explicit = build_embedder(" Local-ONNX ", home=home, environ={})
    assert isinstance(explicit, LocalOnnxEmbedder) and explicit.identity == LOCAL_IDENTITY
    with pytest.raises(ConfigError, match="MEMLANE_EMBEDDING_THREADS"):
        build_embedder("local", home=home, environ={"MEMLANE_EMBEDDING_THREADS": "lots"})


def test_build_local_torch(home: Path, torch_embedder: LocalTorchEmbedder) -> None:
    built = build_embedder("local-torch", home=home, environ={})
    assert isinstance(built, LocalTorchEmbedder) and built.identity == LOCAL_IDENTITY


# --------------------------------------------------------------------------------------------------------
# Factory
# --------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("spec", ["none", "NONE", " none "])
def test_none_means_no_embedder(spec: str, tmp_path: Path) -> None:
    assert build_embedder(spec, home=tmp_path, environ={}) is None


@pytest.mark.parametrize("spec", ["bert", "", "local-gpu", "openai", "huggingface:foo"])
def test_unknown_spec_lists_valid_values(spec: str, tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as info:
        build_embedder(spec, home=tmp_path, environ={})
    message = str(info.value)
    for valid in ("none", "local", "local-torch", "local-onnx", "local-onnx-int8", "openai:<model>"):
        assert valid in message


def test_openai_spec_needs_model_and_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ConfigError, match="model name"):
        build_embedder("openai:", home=tmp_path, environ={"OPENAI_API_KEY": "sk-x"})
    # The passed mapping is authoritative: os.environ is not consulted when one is given.
    monkeypatch.setenv("OPENAI_API_KEY", "sk-from-process-env")
    with pytest.raises(ConfigError, match="API key"):
        build_embedder("openai:text-embedding-3-small", home=tmp_path, environ={})
    with pytest.raises(ConfigError, match="MEMLANE_EMBEDDING_DIM"):
        build_embedder(
            "openai:text-embedding-3-small",
            home=tmp_path,
            environ={"OPENAI_API_KEY": "sk-x", "MEMLANE_EMBEDDING_DIM": "0"},
        )
    with pytest.raises(ConfigError, match="MEMLANE_EMBEDDING_URL"):
        build_embedder("openai:m", home=tmp_path, environ={"MEMLANE_EMBEDDING_URL": "ftp://x"})
    built = build_embedder("openai:text-embedding-3-small", home=tmp_path, environ={"OPENAI_API_KEY": "sk-x"})
    assert isinstance(built, OpenAIEmbedder)
    assert built.identity == "openai/text-embedding-3-small"
    assert built.dim == 1536  # known natively: no request needed
    assert built.url == "https://api.openai.com/v1/embeddings"
    assert "sk-x" not in repr(built)
    built.close()


def test_all_is_sorted_and_resolves() -> None:
    from memlane.providers import embedders

    assert embedders.__all__ == sorted(embedders.__all__)
    for name in embedders.__all__:
        assert hasattr(embedders, name), name


def test_module_import_is_light() -> None:
    # The embedders module must not pull in the heavy runtimes at import time. The package __init__ is
    # bypassed so that only this module and what it imports are measured.
    import subprocess

    import memlane

    code = (
        "import sys, types\n"
        "pkg = types.ModuleType('memlane')\n"
        f"pkg.__path__ = {list(memlane.__path__)!r}\n"
        "sys.modules['memlane'] = pkg\n"
        "import memlane.providers.embedders\n"
        "heavy = ('torch', 'onnxruntime', 'tokenizers', 'sentence_transformers', 'transformers', 'httpx')\n"
        "print(','.join(m for m in heavy if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


# --------------------------------------------------------------------------------------------------------
# OpenAI-compatible HTTP, against a real server on 127.0.0.1
# --------------------------------------------------------------------------------------------------------

API_KEY = "sk-test-0123456789abcdef"


def fake_vector(text: str, dim: int) -> list[float]:
    """Deterministic, deliberately unnormalised vector for ``text``."""
    rng = np.random.default_rng(zlib.crc32(text.encode()))
    return (rng.normal(size=dim) * 3.0).tolist()


def expected_vectors(texts: list[str], dim: int) -> np.ndarray:
    v = np.array([fake_vector(t, dim) for t in texts], dtype=np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


class FakeOpenAI(ThreadingHTTPServer):
    """Speaks the OpenAI embeddings wire format; ``script`` holds statuses to answer before succeeding."""

    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.lock = threading.Lock()
        self.requests: list[dict[str, Any]] = []
        self.script: list[int] = []  # statuses to return first, one per request
        self.always: int | None = None  # status returned forever
        self.dim = 8
        self.reverse = True  # return data in reverse order, to test ordering by index
        self.drop_one = False
        self.retry_after = "0"  # the Retry-After header of a 429

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/v1"


class _Handler(BaseHTTPRequestHandler):
    server: FakeOpenAI

    def log_message(self, format: str, *args: Any) -> None:  # keep test output quiet
        pass

    def _reply(self, status: int, body: dict[str, Any], headers: dict[str, str] | None = None) -> None:
        raw = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(raw)))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(raw)

    def do_POST(self) -> None:
        srv = self.server
        length = int(self.headers.get("Content-Length", "0"))
        payload = json.loads(self.rfile.read(length) or b"{}")
        with srv.lock:
            srv.requests.append(
                {"path": self.path, "auth": self.headers.get("Authorization"), "payload": payload}
            )
            status = srv.script.pop(0) if srv.script else srv.always
        if self.path != "/v1/embeddings":
            self._reply(404, {"error": {"message": "not found", "type": "invalid_request_error"}})
            return
        if self.headers.get("Authorization") != f"Bearer {API_KEY}":
            # Real APIs echo (part of) the key back; the client must not repeat it.
            given = self.headers.get("Authorization", "")
            self._reply(
                401,
                {
                    "error": {
                        "message": f"Incorrect API key provided: {given}",
                        "type": "invalid_request_error",
                    }
                },
            )
            return
        if status == 429:
            self._reply(
                429,
                {"error": {"message": "Rate limit reached", "type": "requests"}},
                {"Retry-After": srv.retry_after},
            )
            return
        if status is not None:
            self._reply(status, {"error": {"message": f"status {status} from test", "type": "server_error"}})
            return
        inputs = payload["input"]
        dim = payload.get("dimensions", srv.dim)
        data = [
            {"object": "embedding", "index": i, "embedding": fake_vector(text, dim)}
            for i, text in enumerate(inputs)
        ]
        if srv.reverse:
            data.reverse()
        if srv.drop_one:
            data = data[1:]
        self._reply(
            200,
            {
                "object": "list",
                "data": data,
                "model": payload["model"],
                "usage": {"prompt_tokens": len(inputs), "total_tokens": len(inputs)},
            },
        )


@pytest.fixture
def server() -> Iterator[FakeOpenAI]:
    srv = FakeOpenAI()
    thread = threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    try:
        yield srv
    finally:
        srv.shutdown()
        srv.server_close()
        thread.join(timeout=5)


def make_client(server: FakeOpenAI, **kw: Any) -> OpenAIEmbedder:
    # no test here waits for a timeout: 60 s (the suite's bound for loopback requests), not 5 s a loaded
    # machine can outlast
    options: dict[str, Any] = {"api_key": API_KEY, "base_url": server.url, "backoff": 0.001, "timeout": 60.0}
    options.update(kw)
    return OpenAIEmbedder("test-model", **options)


def test_openai_embeds_in_index_order_with_auth(server: FakeOpenAI) -> None:
    texts = ["alpha", "beta", "gamma", "delta"]
    with make_client(server) as client:
        vectors = client.embed(texts)
        assert client.identity == "openai/test-model"
        assert client.dim == 8  # learned from the response
        assert isinstance(client, Embedder)
    assert vectors.dtype == np.float32 and vectors.shape == (4, 8)
    np.testing.assert_allclose(vectors, expected_vectors(texts, 8), atol=1e-6)
    assert len(server.requests) == 1
    request = server.requests[0]
    assert request["auth"] == f"Bearer {API_KEY}"
    assert request["path"] == "/v1/embeddings"
    assert request["payload"] == {"model": "test-model", "input": texts}


def test_openai_batches_requests(server: FakeOpenAI) -> None:
    texts = [f"text number {i}" for i in range(7)]
    with make_client(server, batch_size=3) as client:
        vectors = client.embed(texts)
    np.testing.assert_allclose(vectors, expected_vectors(texts, 8), atol=1e-6)
    assert [len(r["payload"]["input"]) for r in server.requests] == [3, 3, 1]


def test_openai_retries_429_then_succeeds(server: FakeOpenAI) -> None:
    server.script = [429]
    with make_client(server) as client:
        vectors = client.embed(["hello"])
    np.testing.assert_allclose(vectors, expected_vectors(["hello"], 8), atol=1e-6)
    assert len(server.requests) == 2


def test_openai_waits_what_retry_after_says_up_to_max_backoff(server: FakeOpenAI) -> None:
    # The embedder's retries are providers/http.py's JsonPoster, shared with the LLM providers: the
    # server's Retry-After is waited exactly, capped at max_backoff; a 5xx backs off exponentially.
    waits: list[float] = []
    server.script = [429, 429, 503]
    server.retry_after = "3"
    with make_client(server, max_attempts=4, backoff=0.25, max_backoff=5.0, sleep=waits.append) as client:
        assert client.embed(["x"]).shape == (1, 8)
    assert len(server.requests) == 4
    assert waits[:2] == [3.0, 3.0] and 0.25 * 4 <= waits[2] <= 0.25 * 4 * 1.25
    waits.clear()
    server.script = [429]
    server.retry_after = "600"
    with make_client(server, backoff=0.25, max_backoff=5.0, sleep=waits.append) as client:
        client.embed(["y"])
    assert waits == [5.0]


def test_openai_retries_transient_5xx(server: FakeOpenAI) -> None:
    server.script = [503, 500]
    with make_client(server, max_attempts=3) as client:
        assert client.embed(["x"]).shape == (1, 8)
    assert len(server.requests) == 3


def test_openai_gives_up_on_persistent_500(server: FakeOpenAI) -> None:
    server.always = 500
    with make_client(server, max_attempts=3) as client, pytest.raises(EmbedderError) as info:
        client.embed(["x"])
    message = str(info.value)
    assert "500" in message and "3 attempts" in message and "status 500 from test" in message
    assert len(server.requests) == 3


def test_openai_auth_error_is_not_retried_and_hides_key(server: FakeOpenAI) -> None:
    wrong = "sk-wrong-key-should-not-leak"
    with make_client(server, api_key=wrong) as client, pytest.raises(EmbedderError) as info:
        client.embed(["x"])
    message = str(info.value)
    assert "401" in message and "Incorrect API key" in message
    assert wrong not in message and wrong not in repr(info.value)
    assert len(server.requests) == 1


def test_openai_client_error_is_not_retried(server: FakeOpenAI) -> None:
    server.always = 400
    with make_client(server) as client, pytest.raises(EmbedderError, match="HTTP 400"):
        client.embed(["x"])
    assert len(server.requests) == 1


def test_openai_malformed_response(server: FakeOpenAI) -> None:
    server.drop_one = True
    with make_client(server) as client, pytest.raises(EmbedderError, match="2 embeddings for 3 inputs"):
        client.embed(["a", "b", "c"])


def test_openai_connection_refused(server: FakeOpenAI) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    client = OpenAIEmbedder(
        "m", api_key=API_KEY, base_url=f"http://127.0.0.1:{port}/v1", backoff=0.001, max_attempts=2
    )
    with client, pytest.raises(EmbedderError, match="2 attempts.*connection failed"):
        client.embed(["x"])


def test_openai_configured_dim_is_requested(server: FakeOpenAI) -> None:
    with make_client(server, dim=5) as client:
        assert client.dim == 5 and client.identity == "openai/test-model@5"
        assert client.embed(["a", "b"]).shape == (2, 5)
    assert server.requests[0]["payload"]["dimensions"] == 5


def test_openai_dim_mismatch_is_an_error(server: FakeOpenAI) -> None:
    with make_client(server) as client:
        client.embed(["a"])
        server.dim = 9
        with pytest.raises(EmbedderError, match="9 dimensions, expected 8"):
            client.embed(["b"])


def test_openai_dim_probe_and_empty_inputs(server: FakeOpenAI) -> None:
    with make_client(server) as client:
        assert client.dim == 8
        assert len(server.requests) == 1
        assert client.embed([]).shape == (0, 8)
        client.embed(["", "x"])
    assert server.requests[-1]["payload"]["input"] == [" ", "x"]


def test_build_openai_against_local_server(server: FakeOpenAI, tmp_path: Path) -> None:
    environ = {
        "MEMLANE_EMBEDDING_URL": server.url + "/",
        "MEMLANE_EMBEDDING_API_KEY": API_KEY,
        "OPENAI_API_KEY": "sk-ignored-because-memlane-key-wins",
    }
    built = build_embedder("openai:test-model", home=tmp_path, environ=environ)
    assert isinstance(built, OpenAIEmbedder)
    try:
        np.testing.assert_allclose(built.embed(["q"]), expected_vectors(["q"], 8), atol=1e-6)
    finally:
        built.close()
    assert server.requests[0]["auth"] == f"Bearer {API_KEY}"
