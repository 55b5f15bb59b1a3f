"""Fixtures of the server tests: one real store (sample corpus + a hostile document), built once per session."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from server_corpus import write_corpus


@pytest.fixture(scope="session")
def server_store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample corpus plus server_corpus.HOSTILE_DOC, indexed with the real models and graph extraction."""
    from hopgraph.config import Settings
    from hopgraph.facade import HopGraph

    base = tmp_path_factory.mktemp("server")
    corpus = write_corpus(base / "corpus.jsonl")
    root = base / "store"
    HopGraph.build(corpus, root, Settings(store=root))
    return root


@pytest.fixture(scope="session")
def hg(server_store: Path):
    """The store opened once, as `hopgraph serve` opens it."""
    from hopgraph.config import Settings
    from hopgraph.facade import HopGraph

    graph = HopGraph.open(server_store, Settings(store=server_store))
    yield graph
    graph.close()


@pytest.fixture(scope="session")
def client(hg) -> Iterator:
    """A TestClient over create_app(hg), started (components warmed) once per session."""
    from fastapi.testclient import TestClient

    from hopgraph.server.app import create_app

    with TestClient(create_app(hg)) as c:
        yield c
