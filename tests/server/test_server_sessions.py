"""POST /ask with session_id and where, DELETE /sessions/{id}, GET /search?where= (real sample store)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.slow


def test_follow_up_questions_share_a_session_and_it_can_be_cleared(client):
    first = client.post("/ask", json={"question": "Who established Corvane Optics?", "session_id": "api-1", "k": 3})
    assert first.status_code == 200 and first.json()["session"]["turn"] == 1
    follow = client.post("/ask", json={"question": "Where was she born?", "session_id": "api-1", "k": 3}).json()
    assert follow["session"]["resolved"] == "Where was Ida Marsh born?"
    assert any(m["name"] == "Ida Marsh" for m in follow["session"]["memory"])
    assert client.delete("/sessions/api-1").json() == {"cleared": "api-1"}
    assert client.delete("/sessions/api-1").status_code == 404
    again = client.post("/ask", json={"question": "Where was she born?", "session_id": "api-1", "k": 3}).json()
    assert again["session"]["resolved"] == "Where was she born?"  # nothing remembered after clearing


def test_where_filters_on_ask_and_search(client):
    r = client.post("/ask", json={"question": "What happened to the Tallow Light?", "where": ["date>=2021", "kind=news"], "k": 5})
    assert r.status_code == 200
    body = r.json()
    assert {f["key"] for f in body["filters"]} == {"date", "kind"}
    assert body["hits"] and {h["doc_id"] for h in body["hits"]} <= {"d59", "d60", "d61", "d63", "d64"}
    hits = client.get("/search", params=[("q", "Tallow Light"), ("where", "date<2020"), ("where", "kind=news"), ("k", "5")]).json()
    assert [h["doc_id"] for h in hits] == ["d58", "d50"] or hits[0]["doc_id"] == "d58"
    assert all(h["doc_id"] in {"d50", "d58"} for h in hits)


@pytest.mark.parametrize("body", [{"question": "x", "where": ["date>=soon"]}, {"question": "x", "session_id": "bad id!"}])
def test_bad_where_or_session_id_is_refused(client, body):
    assert client.post("/ask", json=body).status_code == 422
