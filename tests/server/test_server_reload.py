"""`serve` during and after a rebuild: the old store answers until the new one is swapped in and loaded
(hopgraph/server/reload.py). Model-free: hash-embedder stores, no graph."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

import pytest
from fastapi.testclient import TestClient

from hopgraph.facade import HopGraph
from hopgraph.server.app import create_app
from store_fixtures import HashEmbedder, fake_settings

OLD = [
    {"id": "p1", "title": "Vessel Rook", "text": "The Vessel Rook is a ferry between Harl and the isle of Penn."},
    {"id": "p2", "title": "Harl", "text": "Harl is a port town with a fish market and a tide clock."},
]
NEW = OLD + [{"id": "p3", "title": "Orla Stave", "text": "Orla Stave is the captain of the Vessel Rook, born on Penn."}]


@pytest.fixture
def fake_models() -> Iterator[None]:
    with mock.patch("hopgraph.indexing.pipeline.get_embedder", lambda name: HashEmbedder()), \
            mock.patch("hopgraph.hops.retrieve.load_query_embedder", lambda name, runtime: HashEmbedder()):
        yield


def write(path: Path, docs: list[dict]) -> Path:
    path.write_text(json.dumps(docs), encoding="utf-8")
    return path


def doc_ids(client: TestClient, q: str) -> list[str]:
    response = client.get("/search", params={"q": q, "profile": "bm25", "k": 3})
    assert response.status_code == 200, response.text
    return [h["doc_id"] for h in response.json()]


def test_serve_answers_from_the_old_store_then_picks_up_the_rebuilt_one(tmp_path: Path, fake_models: None) -> None:
    store = tmp_path / "store"
    HopGraph.build(write(tmp_path / "old.json", OLD), store, fake_settings())
    app = create_app(HopGraph.open(store, fake_settings()), warm_up=False)
    app.state.live.check_every = 0.0
    with TestClient(app) as client:
        assert doc_ids(client, "captain Orla") == []
        answers: list[list[str]] = []
        stop = threading.Event()

        def keep_asking() -> None:  # a client asking all through the rebuild
            while not stop.is_set():
                answers.append(doc_ids(client, "ferry Vessel Rook"))

        asker = threading.Thread(target=keep_asking)
        asker.start()
        try:
            HopGraph.build(write(tmp_path / "new.json", NEW), store, fake_settings())
            app.state.live.reload_now()
        finally:
            stop.set()
            asker.join()
        assert answers and all(a and a[0] == "p1" for a in answers)  # never an error, never empty
        deadline = time.monotonic() + 10
        while doc_ids(client, "captain Orla") != ["p3"] and time.monotonic() < deadline:
            time.sleep(0.05)
        assert doc_ids(client, "captain Orla") == ["p3"]
        assert not app.state.hg.store.replaced()


def test_a_damaged_rebuild_keeps_the_old_store_serving(tmp_path: Path, fake_models: None) -> None:
    store = tmp_path / "store"
    HopGraph.build(write(tmp_path / "old.json", OLD), store, fake_settings())
    app = create_app(HopGraph.open(store, fake_settings()), warm_up=False)
    with TestClient(app) as client:
        first = app.state.hg
        assert doc_ids(client, "ferry Vessel Rook")[0] == "p1"  # indexes loaded (serve loads them at startup)
        HopGraph.build(write(tmp_path / "new.json", NEW), store, fake_settings())
        (store / "dense.faiss").unlink()  # the new store is damaged: reopening it fails
        assert app.state.live.reload_now() is False
        assert app.state.hg is first and doc_ids(client, "ferry Vessel Rook")[0] == "p1"
