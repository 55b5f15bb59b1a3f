"""Document endpoints (server/routes_documents.py): add, replace, remove, and answering during an update."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

import pytest
from fastapi.testclient import TestClient
from store_fixtures import SAMPLE, HashEmbedder, fake_settings

from hopgraph.config import Settings

NEW_DOC = {"id": "n1", "title": "Orrin Vale",
           "text": "Orrin Vale is a glassblower from Tesselby. Orrin Vale founded the Quenby Kiln Guild in 1931.",
           "metadata": {"kind": "person"}}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """An app over a small fresh store (ten sample documents, spaCy graph, hash embedder)."""
    from hopgraph.indexing.pipeline import build_index

    from hopgraph.facade import HopGraph
    from hopgraph.server.app import create_app

    lines = (SAMPLE / "corpus.jsonl").read_text(encoding="utf-8").splitlines()[:10]
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("\n".join(lines) + "\n", encoding="utf-8")
    fake = lambda name: HashEmbedder()
    with mock.patch("hopgraph.indexing.pipeline.get_embedder", fake), \
            mock.patch("hopgraph.hops.retrieve.load_query_embedder", lambda name, runtime: HashEmbedder()):
        settings: Settings = fake_settings(extract=True)
        settings.store = tmp_path / "store"
        build_index(corpus, settings.store, settings, show_progress=False)
        with TestClient(create_app(HopGraph.open(settings.store, settings), warm_up=False)) as c:
            yield c


def documents(client: TestClient) -> int:
    return client.get("/health").json()["documents"]


def test_add_replace_and_remove(client: TestClient) -> None:
    assert documents(client) == 10
    r = client.post("/documents", json={"documents": [NEW_DOC]})
    assert r.status_code == 200, r.text
    body = r.json()
    assert (body["documents"], body["added"], body["replaced"], body["removed"]) == (11, 1, 0, 0)
    assert body["chunks_extracted"] == body["chunks_embedded"] == 1
    assert documents(client) == 11
    assert client.get("/documents/n1").json()["title"] == "Orrin Vale"
    hits = client.get("/search", params={"q": "glassblower kiln guild", "profile": "bm25", "k": 3}).json()
    assert hits[0]["doc_id"] == "n1"
    assert "Orrin Vale" in {e["name"] for e in client.get("/entities", params={"match": "Orrin"}).json()}

    replaced = dict(NEW_DOC, text="Orrin Vale is a lighthouse keeper on Marrow Isle.")
    body = client.post("/documents", json={"documents": [replaced]}).json()
    assert (body["documents"], body["added"], body["replaced"]) == (11, 0, 1)
    hits = client.get("/search", params={"q": "lighthouse keeper Marrow", "profile": "bm25", "k": 1}).json()
    assert hits[0]["doc_id"] == "n1"
    assert client.get("/search", params={"q": "glassblower", "profile": "bm25", "k": 3}).json() == []

    r = client.delete("/documents/n1")
    assert r.status_code == 200, r.text
    assert (r.json()["documents"], r.json()["removed"]) == (10, 1)
    assert client.get("/documents/n1").status_code == 404
    assert client.get("/entities", params={"match": "Orrin"}).json() == []  # no mention left: the entity is gone
    hits = client.get("/search", params={"q": "lighthouse keeper Marrow", "profile": "bm25", "k": 3}).json()
    assert "n1" not in {h["doc_id"] for h in hits}


def test_bad_requests(client: TestClient) -> None:
    r = client.delete("/documents/no-such-doc")
    assert r.status_code == 404 and "no-such-doc" in r.json()["detail"]
    assert client.post("/documents", json={"documents": []}).status_code == 422
    assert client.post("/documents", json={"documents": [{"id": "x"}]}).status_code == 422
    r = client.post("/documents", json={"documents": [NEW_DOC, NEW_DOC]})
    assert r.status_code == 422 and "twice" in r.json()["detail"]
    r = client.post("/documents", json={"documents": [dict(NEW_DOC, text="   ")]})
    assert r.status_code == 422 and "no text" in r.json()["detail"]
    assert documents(client) == 10


def test_answers_during_an_update(client: TestClient) -> None:
    """While an update is running, searches are answered from the old store; afterwards from the new one."""
    from hopgraph.indexing import delta_update

    started, release = threading.Event(), threading.Event()
    real = delta_update.try_update

    def slow(*args, **kwargs):
        started.set()
        assert release.wait(30)
        return real(*args, **kwargs)

    result: dict = {}
    with mock.patch.object(delta_update, "try_update", slow):
        worker = threading.Thread(target=lambda: result.update(
            r=client.post("/documents", json={"documents": [NEW_DOC]})))
        worker.start()
        assert started.wait(30)
        r = client.get("/search", params={"q": "glassblower", "profile": "bm25", "k": 3})
        assert r.status_code == 200 and r.json() == []
        assert documents(client) == 10
        release.set()
        worker.join(60)
    assert result["r"].status_code == 200, result["r"].text
    assert documents(client) == 11
    hits = client.get("/search", params={"q": "glassblower", "profile": "bm25", "k": 3}).json()
    assert [h["doc_id"] for h in hits] == ["n1"]
    assert json.loads(json.dumps(result["r"].json()))["added"] == 1
