"""Fixtures of the reliability suite (issue 13.5): the invented corpora, a warm fork server for kill -9 runs
and a built store. Every test module here is marked `slow` (real models) and runs in the default
`pytest -q` of CI (`make test`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from reliability_harness import ForkServer, World
from reliability_world import EXTRA, NEW, OLD, write_jsonl


@pytest.fixture(scope="session")
def world(tmp_path_factory: pytest.TempPathFactory) -> World:
    base = tmp_path_factory.mktemp("reliability")
    return World(base, write_jsonl(base / "old.jsonl", OLD), write_jsonl(base / "new.jsonl", NEW),
                 write_jsonl(base / "extra.jsonl", [EXTRA]))


@pytest.fixture(scope="session")
def forkserver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ForkServer]:
    server = ForkServer(tmp_path_factory.mktemp("forkserver"))
    yield server
    server.close()


@pytest.fixture(scope="session")
def built_store(world: World, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The old corpus indexed (graph on) in-process; tests copy it before changing anything."""
    from hopgraph.config import Settings
    from hopgraph.facade import HopGraph

    root = tmp_path_factory.mktemp("built") / "store"
    HopGraph.build(world.old, root, Settings(store=root))
    return root
