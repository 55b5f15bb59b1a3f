"""The HTTP API over a real store (sample corpus + a hostile document): status codes, schemas, errors."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from server_corpus import HOSTILE_CHUNK, SAMPLE_CORPUS, SCRIPT_TAG

from hopgraph.models import Neighborhood
from hopgraph.models import AgenticRetrievalResult, SearchHit
from hopgraph.server.schemas import ChunkDetail, EntityDetail, Health, PathResult

pytestmark = pytest.mark.slow
QUESTION = "Where was the director of The Glass Harbor born?"


def entity_id(client, name: str) -> int:
    return next(s["id"] for s in client.get("/entities", params={"match": name}).json() if s["name"] == name)


def test_health_reports_the_store(client):
    r = client.get("/health")
    assert r.status_code == 200
    health = Health.model_validate(r.json())
    documents = len(SAMPLE_CORPUS.read_text(encoding="utf-8").strip().splitlines()) + 1  # + the hostile document
    assert health.documents == documents and health.chunks >= documents and health.entities > 100 and health.ask_available


def test_overview_counts_and_examples_from_the_store(client):
    o = client.get("/overview").json()
    assert o["documents"] == client.get("/health").json()["documents"] and o["typed_relations"] <= o["relations"]
    assert len(o["top_entities"]) == 8 and all(e["type"] != "DATE" for e in o["top_entities"])
    assert 1 <= len(o["examples"]) <= 4 and all(q.endswith("?") for q in o["examples"])


def test_entity_suggestions_prefix_first_by_degree(client):
    rows = client.get("/entities", params={"match": "glass har"}).json()
    assert rows[0]["name"] == "The Glass Harbor"
    rows = client.get("/entities", params={"match": "brandt", "type": "PERSON"}).json()
    assert [r["name"] for r in rows][:2] == ["Oskar Brandt", "Halvard Brandt"]  # Oskar is better connected
    assert all(r["type"] == "PERSON" for r in rows)
    degrees = [r["degree"] for r in client.get("/entities", params={"limit": 5}).json()]
    assert degrees == sorted(degrees, reverse=True) and len(degrees) == 5


@pytest.mark.parametrize("params", [{"limit": 0}, {"limit": 101}, {"match": "x" * 201}])
def test_entity_suggestions_reject_bad_parameters(client, params):
    r = client.get("/entities", params=params)
    assert r.status_code == 422
    assert r.json()["detail"].startswith("query parameter")


def test_entity_detail_has_relations_with_sentences_and_mentions(client):
    eid = entity_id(client, "Oskar Brandt")
    detail = EntityDetail.model_validate(client.get(f"/entities/{eid}").json())
    assert detail.name == "Oskar Brandt" and detail.type == "PERSON" and detail.degree == len(detail.relations)
    directs = [r for r in detail.relations if r.predicate == "direct" and r.target_name == "The Glass Harbor"]
    assert directs and "directed by Oskar Brandt" in directs[0].sentence
    assert "d21#0" in {m.chunk_id for m in detail.mentions}


def test_entity_detail_unknown_and_malformed_ids(client):
    assert client.get("/entities/999999").status_code == 404
    r = client.get("/entities/abc")
    assert r.status_code == 422 and "entity_id" in r.json()["detail"]


def test_neighborhood_by_name_and_by_id(client):
    r = client.get("/graph/neighborhood", params={"entity": "The Glass Harbor"})
    assert r.status_code == 200
    hood = Neighborhood.model_validate(r.json())
    names = {n.name for n in hood.nodes}
    assert hood.nodes[0].id == hood.center and {"Oskar Brandt", "Saltmoor Studios"} <= names
    ids = {n.id for n in hood.nodes}
    assert all(e.source in ids and e.target in ids for e in hood.edges)
    assert client.get("/graph/neighborhood", params={"entity": str(hood.center)}).json() == r.json()


def test_neighborhood_predicate_filter_and_bounds(client):
    hood = client.get("/graph/neighborhood", params={"entity": "Oskar Brandt", "hops": 2, "predicate": "direct"}).json()
    assert hood["edges"] and all("direct" in e["predicate"] for e in hood["edges"])
    r = client.get("/graph/neighborhood", params={"entity": "Oskar Brandt", "hops": 9})
    assert r.status_code == 422 and "'hops'" in r.json()["detail"]
    assert client.get("/graph/neighborhood").status_code == 422


def test_unknown_entity_name_is_404_with_closest_matches(client):
    r = client.get("/graph/neighborhood", params={"entity": "Glass Harbour"})
    assert r.status_code == 404
    body = r.json()
    assert "Glass Harbour" in body["detail"] and "The Glass Harbor" in body["closest"]


def test_path_between_two_entities(client):
    r = client.get("/graph/path", params={"source": "The Glass Harbor", "target": "Oskar Brandt", "max_hops": 2})
    result = PathResult.model_validate(r.json())
    assert result.source.name == "The Glass Harbor" and result.target.name == "Oskar Brandt"
    first = result.paths[0]
    assert first.entities == ["The Glass Harbor", "Oskar Brandt"] and first.edges[0].predicate == "direct"
    assert all(len(p.edges) <= 2 for p in result.paths)
    r = client.get("/graph/path", params={"source": "The Glass Harbor", "target": "Nobody Atall"})
    assert r.status_code == 404 and r.json()["closest"]


def test_chunk_with_markup_is_returned_as_plain_json_text(client):
    r = client.get(f"/chunks/{HOSTILE_CHUNK.replace('#', '%23')}")
    assert r.status_code == 200 and r.headers["content-type"] == "application/json"
    chunk = ChunkDetail.model_validate(r.json())
    assert SCRIPT_TAG in chunk.text and chunk.doc_id == "x01"
    assert "Quillon Verse" in {e.name for e in chunk.entities}
    assert client.get("/chunks/nope%230").status_code == 404


def test_search_profiles_and_validation(client):
    r = client.get("/search", params={"q": "director of The Glass Harbor", "k": 3, "profile": "bm25"})
    hits = [SearchHit.model_validate(h) for h in r.json()]
    assert len(hits) == 3 and "d33#0" in {h.chunk_id for h in hits}
    assert [h.bm25_rank for h in hits] == [1, 2, 3] and all(h.dense_rank is None for h in hits)
    r = client.get("/search", params={"q": "x", "profile": "psychic"})
    assert r.status_code == 422 and "'profile'" in r.json()["detail"]
    assert client.get("/search", params={"q": "   "}).json()["detail"] == "the question is empty"
    assert client.get("/search", params={"q": "x", "k": 0}).status_code == 422
    ranks = client.get("/search", params={"q": "director of The Glass Harbor", "k": 3, "fusion": "rrf"}).json()
    assert all(h["rrf_score"] < 2 / 61 + 1e-9 for h in ranks)  # 1/(60 + rank) from each ranking at most
    assert client.get("/search", params={"q": "x", "fusion": "sum"}).status_code == 422


def test_ask_returns_the_trace_and_saves_it(client):
    r = client.post("/ask", json={"question": QUESTION})
    assert r.status_code == 200
    result = AgenticRetrievalResult.model_validate(r.json())
    assert result.question == QUESTION and result.traces and result.traces[0].query
    bound = {h.chunk_id for h in result.hits if h.requirement_id}
    assert "d33#0" in bound  # the film's page, bound to the "director of" requirement
    assert result.trace_id
    saved = client.get(f"/traces/{result.trace_id}")
    assert saved.status_code == 200 and saved.json()["question"] == QUESTION
    assert client.get("/traces/no-such-trace").status_code == 404


@pytest.mark.parametrize(
    "body, where",
    [({"question": ""}, "question"), ({"question": "x", "k": 0}, "k"), ({"question": "x", "top": 3}, "top"), ({}, "question")],
)
def test_ask_rejects_bad_bodies(client, body, where):
    r = client.post("/ask", json=body)
    assert r.status_code == 422 and f"'{where}'" in r.json()["detail"]


def test_ask_whitespace_question_and_oversized_body(client):
    assert client.post("/ask", json={"question": "   "}).json()["detail"] == "the question is empty"
    r = client.post("/ask", json={"question": "x" * 70_000})  # settings.server.max_body_bytes = 64 000
    assert r.status_code == 413


def test_evidence_subgraph_of_a_chunk(client):
    sub = client.get("/graph/evidence", params={"chunk_id": ["d33#0"]}).json()
    assert sub["edges"] and all(e["chunk_id"] == "d33#0" for e in sub["edges"])
    names = {n["id"]: n["name"] for n in sub["nodes"]}
    assert any(e["predicate"] == "direct" and names[e["source"]] == "Oskar Brandt" for e in sub["edges"])
    assert client.get("/graph/evidence").status_code == 422


def test_concurrent_requests_share_one_graph(client, hg):
    graph_before = hg.graph
    urls = [f"/graph/neighborhood?entity={n}" for n in ("Oskar Brandt", "Kestrel Bay", "Lorn")] * 4
    urls += ["/search?q=Saltmoor%20Studios&k=3"] * 4
    with ThreadPoolExecutor(max_workers=8) as pool:
        responses = list(pool.map(client.get, urls))
    assert all(r.status_code == 200 for r in responses)
    by_url: dict[str, set[str]] = {}
    for url, r in zip(urls, responses):
        by_url.setdefault(url, set()).add(r.text)
    assert all(len(bodies) == 1 for bodies in by_url.values())  # same answer every time
    assert hg.graph is graph_before  # never re-loaded


def test_internal_error_is_generic(hg, monkeypatch):
    from fastapi.testclient import TestClient

    from hopgraph.server.app import create_app

    def broken(chunk_id):
        raise RuntimeError("sqlite secret path /etc/x")

    monkeypatch.setattr(hg.store, "get_chunk", broken)
    with TestClient(create_app(hg, warm_up=False), raise_server_exceptions=False) as c:
        r = c.get("/chunks/d33%230")
    assert r.status_code == 500 and "secret" not in r.text and "Traceback" not in r.text


def test_pages_docs_and_openapi_are_served_locally(client):
    page = client.get("/")
    assert page.status_code == 200 and "cytoscape.min.js" in page.text
    assert "script-src 'self'" in page.headers["content-security-policy"]
    docs = client.get("/docs")
    assert docs.status_code == 200 and "/static/vendor/swagger-ui-bundle.js" in docs.text and "cdn." not in docs.text
    assert client.get("/static/vendor/swagger-ui-bundle.js").status_code == 200
    paths = client.get("/openapi.json").json()["paths"]
    for path in ("/ask", "/search", "/entities", "/entities/{entity_id}", "/graph/neighborhood", "/graph/path",
                 "/chunks/{chunk_id}", "/traces/{trace_id}", "/health"):
        assert path in paths


def test_startup_loads_what_the_first_question_would_load(server_store) -> None:
    """The router's spaCy pipeline and its relation matcher by meaning are loaded before any request."""
    from fastapi.testclient import TestClient

    from hopgraph.config import Settings
    from hopgraph.facade import HopGraph
    from hopgraph.server.app import create_app

    graph = HopGraph.open(server_store, Settings(store=server_store))
    try:
        with TestClient(create_app(graph)):
            router = graph.hop_loop.router
            assert router.nlp._nlp is not None and router.meaning._meaning is not None
    finally:
        graph.close()
