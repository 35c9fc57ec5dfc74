from __future__ import annotations

import os
from pathlib import Path

import pytest

from memlane import Memlane


@pytest.fixture(scope="session")
def model_home() -> Path:
    """Where the exported ONNX model is cached: shared across test sessions like a user's would be."""
    return Path(os.environ.get("MEMLANE_HOME") or Path.home() / ".memlane")


@pytest.fixture(scope="session")
def local_embedder(model_home: Path):
    from memlane.providers.embedders import build_embedder

    return build_embedder("local", home=model_home)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "memlane.db"


@pytest.fixture
def mem(db_path: Path):
    """A real SQLite file, no embedder: keyword and entity lanes only."""
    m = Memlane(db_path, user="alice", embedder="none")
    yield m
    m.close()


@pytest.fixture
def smem(db_path: Path, local_embedder):
    """A real SQLite file with the local MiniLM embedder."""
    m = Memlane(db_path, user="alice", embedder=local_embedder)
    yield m
    m.close()
