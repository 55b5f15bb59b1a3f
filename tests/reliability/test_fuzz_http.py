"""Property-based fuzzing of every HTTP endpoint, generated from the app's own OpenAPI description.

For each operation: path and query parameters from random text, numbers in and out of range, enum values
and repeated parameters; bodies from random JSON, schema-shaped objects with random field values and
bytes that are no JSON. Plus unknown paths and wrong methods. Every response is below 500; every error
is a JSON body with a `detail`. The app runs in-process (FastAPI TestClient) over a copy of the store.
"""

from __future__ import annotations

import json
import logging
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reliability_harness import copy_store

pytestmark = pytest.mark.slow

FUZZ = settings(database=None, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
PER_OPERATION = 30
COUNTS: dict[str, int] = {}
STATUSES: dict[int, int] = {}
NAMES = ["Marta Velkova", "Pellmere", "Brightwell House", "Orrin Academy", "r01", "r02#0", "0", "1", "PERSON", "ORG",
         "date>=2021-01-01", "source=gazette", "founded", "Who founded the publisher of The Copper Lantern?"]


class Captured(logging.Handler):
    """The server log's error records (the unhandled-error handler logs the exception it turned into a 500)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(scope="module")
def api(built_store: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple]:
    from fastapi.testclient import TestClient

    from hopgraph.config import Settings
    from hopgraph.facade import HopGraph
    from hopgraph.server.app import create_app

    store = copy_store(built_store, tmp_path_factory.mktemp("http-fuzz") / "store")
    hg = HopGraph.open(store, Settings(store=store))
    app = create_app(hg)
    errors = Captured()
    logging.getLogger("hopgraph.server").addHandler(errors)
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client, app.openapi(), errors
    logging.getLogger("hopgraph.server").removeHandler(errors)
    app.state.hg.close()


def operations() -> list[tuple[str, str]]:
    from hopgraph.config import Settings
    from hopgraph.server.app import create_app

    class _Fake:  # the spec needs no store
        settings = Settings()

    spec = create_app(_Fake(), warm_up=False).openapi()  # type: ignore[arg-type]
    return sorted((method.upper(), path) for path, ops in spec["paths"].items() for method in ops)


OPERATIONS = operations()

odd_text = st.one_of(st.text(max_size=40), st.sampled_from(NAMES), st.text(max_size=3000).map(lambda s: s * 2),
                     st.sampled_from(["", " ", "\x00", "../../etc/passwd", "%2F..%2F", "<script>", "' OR 1=1 --",
                                      "NaN", "-0", "1e999", "\u202e", "🙂" * 50, "a" * 5000]))
odd_number = st.one_of(st.integers(-5, 600), st.integers(), st.sampled_from(["1.5", "x", "", "1e3", "0x10", "∞"]))


def value_for(schema: dict) -> st.SearchStrategy:
    """A random value for a parameter: mostly plausible for its schema, often not."""
    types = {schema.get("type")} | {s.get("type") for s in schema.get("anyOf", [])}
    enums = [e for s in [schema, *schema.get("anyOf", [])] for e in s.get("enum", [])]
    choices = [odd_text, odd_number.map(str)]
    if "integer" in types:
        choices.append(odd_number.map(str))
    if "boolean" in types:
        choices.append(st.sampled_from(["true", "false", "1", "0", "yes", "maybe"]))
    if enums:
        choices.append(st.sampled_from(enums))
    base = st.one_of(*choices)
    if "array" in types:
        return st.lists(base, max_size=60)
    return base


def body_for(schema_ref: dict | None, spec: dict) -> st.SearchStrategy:
    json_value = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | odd_text,
                              lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=10), inner, max_size=3),
                              max_leaves=8)
    choices = [json_value.map(lambda v: ("json", v)), st.binary(max_size=200).map(lambda b: ("raw", b)),
               st.just(("none", None))]
    if schema_ref:
        schema = spec["components"]["schemas"][schema_ref["$ref"].rsplit("/", 1)[-1]]
        fields = list(schema.get("properties", {}))
        shaped = st.dictionaries(st.sampled_from([*fields, "extra"]), json_value | odd_text | odd_number, max_size=len(fields) + 1)
        choices.append(shaped.map(lambda v: ("json", v)))
        if "question" in fields:  # ask: mostly a question, with the other fields random
            asks = st.fixed_dictionaries({"question": odd_text}, optional={
                "k": odd_number, "answer": st.booleans() | odd_text, "where": st.lists(odd_text, max_size=3) | odd_text,
                "session_id": odd_text})
            choices.append(asks.map(lambda v: ("json", v)))
    return st.one_of(*choices)


@st.composite
def request_for(draw: st.DrawFn, method: str, path: str, spec: dict) -> tuple[str, str, dict, tuple]:
    op = spec["paths"][path][method.lower()]
    url = path
    params: list[tuple[str, str]] = []
    for p in op.get("parameters", []):
        if p["in"] == "path":
            raw = str(draw(value_for(p.get("schema", {}))))
            url = url.replace("{" + p["name"] + "}", draw(st.sampled_from([urllib.parse.quote(raw, safe=""), urllib.parse.quote(raw, safe="/.:@")])) or "x")
        elif p["in"] == "query" and draw(st.booleans() | st.just(p.get("required", False))):
            v = draw(value_for(p.get("schema", {})))
            params += [(p["name"], str(x)) for x in v] if isinstance(v, list) else [(p["name"], str(v))]
    if draw(st.integers(0, 9)) == 0:
        params.append((draw(st.text(min_size=1, max_size=8)), draw(odd_text)))
    body = ("none", None)
    if method in ("POST", "PUT", "PATCH"):
        ref = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
        body = draw(body_for(ref, spec))
    return method, url, {"params": params}, body


def send(client, method: str, url: str, kwargs: dict, body: tuple):
    kind, payload = body
    if kind == "json":
        kwargs = {**kwargs, "content": json.dumps(payload), "headers": {"content-type": "application/json"}}
    elif kind == "raw":
        kwargs = {**kwargs, "content": payload, "headers": {"content-type": "application/json"}}
    return client.request(method, url, **kwargs)


def assert_clean(response, errors: Captured, what: str) -> None:
    STATUSES[response.status_code] = STATUSES.get(response.status_code, 0) + 1
    crash = "; ".join(f"{r.getMessage()}: {r.exc_info[1]!r}" for r in errors.records if r.exc_info)
    errors.records.clear()
    assert response.status_code < 500, f"{what} -> {response.status_code} {response.text[:300]} {crash}"
    if response.status_code >= 400:
        assert response.headers.get("content-type", "").startswith("application/json"), f"{what}: {response.text[:200]}"
        body = response.json()
        assert isinstance(body, dict) and body.get("detail"), f"{what}: {body}"


def is_update(method: str, path: str) -> bool:
    return path.startswith("/documents") and method in ("POST", "DELETE")


@pytest.mark.parametrize(("method", "path"), OPERATIONS, ids=[f"{m} {p}" for m, p in OPERATIONS])
def test_endpoint(api: tuple, method: str, path: str) -> None:
    client, spec, errors = api

    @settings(FUZZ, max_examples=PER_OPERATION // 3 if is_update(method, path) else PER_OPERATION)
    @given(req=request_for(method, path, spec))
    def fuzz(req: tuple) -> None:
        m, url, kwargs, body = req
        COUNTS[f"{m} {path}"] = COUNTS.get(f"{m} {path}", 0) + 1
        assert_clean(send(client, m, url, kwargs, body), errors, f"{m} {url} {kwargs} {str(body)[:200]}")

    fuzz()


@settings(FUZZ, max_examples=60)
@given(method=st.sampled_from(["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"]),
       path=st.one_of(st.sampled_from([p for _, p in OPERATIONS]), st.text(max_size=40).map(lambda s: "/" + urllib.parse.quote(s))))
def test_unknown_paths_and_wrong_methods(api: tuple, method: str, path: str) -> None:
    client, _, errors = api
    if is_update(method, path) or "{" in path:
        path = path.replace("{", "%7B").replace("}", "%7D")
    if is_update(method, path):
        return
    COUNTS["other"] = COUNTS.get("other", 0) + 1
    response = client.request(method, path)
    if method == "HEAD":
        assert response.status_code < 500
        return
    assert_clean(response, errors, f"{method} {path}")


words = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=120).filter(lambda s: s.strip())
where = st.lists(st.one_of(
    st.tuples(st.sampled_from(["date", "source", "author", "x", "Date", ""]), st.sampled_from(["=", ">=", "<", "!=", "~", ">>"]),
              st.one_of(words, st.sampled_from(["2021-01-01", "2021", "1999-13-40", "gazette", ""]))).map("".join),
    words), max_size=3)
entity = st.one_of(st.sampled_from(NAMES), words, st.integers(0, 40).map(str))


@st.composite
def valid_shaped(draw: st.DrawFn) -> tuple[str, str, dict, tuple]:
    """Requests that pass validation, with random content: they reach the code behind the endpoints."""
    kind = draw(st.sampled_from(["search", "ask", "neighborhood", "path", "evidence", "entities"]))
    if kind == "search":
        params = {"q": draw(words), "k": draw(st.integers(1, 100)),
                  "profile": draw(st.sampled_from(["dense", "bm25", "hybrid", "graph", "graph-hybrid"])), "where": draw(where)}
        return "GET", "/search", {"params": params}, ("none", None)
    if kind == "ask":
        body = {"question": draw(words), "k": draw(st.integers(1, 50)), "answer": draw(st.booleans()), "where": draw(where)}
        if draw(st.booleans()):
            body["session_id"] = draw(st.from_regex(r"[\w.:-]{1,20}", fullmatch=True))
        return "POST", "/ask", {}, ("json", body)
    if kind == "neighborhood":
        params = {"entity": draw(entity), "hops": draw(st.integers(1, 3)), "limit": draw(st.integers(2, 500)),
                  "cooccur": draw(st.booleans())}
        if draw(st.booleans()):
            params["predicate"] = draw(words.map(lambda s: s[:100]))
        return "GET", "/graph/neighborhood", {"params": params}, ("none", None)
    if kind == "path":
        params = {"source": draw(entity), "target": draw(entity), "max_hops": draw(st.integers(1, 4)), "limit": draw(st.integers(1, 20))}
        return "GET", "/graph/path", {"params": params}, ("none", None)
    if kind == "evidence":
        chunks = draw(st.lists(st.one_of(st.sampled_from(["r01#0", "r02#0", "r03#0", "r04#0"]), words), min_size=1, max_size=5))
        params = {"chunk_id": chunks, "sentence": draw(st.lists(words, max_size=3))}
        return "GET", "/graph/evidence", {"params": params}, ("none", None)
    params = {"match": draw(words.map(lambda s: s[:200])), "limit": draw(st.integers(1, 100))}
    if draw(st.booleans()):
        params["type"] = draw(st.one_of(st.sampled_from(["PERSON", "ORG", "GPE", "DATE", "person"]), words.map(lambda s: s[:50])))
    return "GET", "/entities", {"params": params}, ("none", None)


@settings(FUZZ, max_examples=150)
@given(req=valid_shaped())
def test_valid_shaped_requests(api: tuple, req: tuple) -> None:
    client, _, errors = api
    m, url, kwargs, body = req
    COUNTS[f"valid {url}"] = COUNTS.get(f"valid {url}", 0) + 1
    response = send(client, m, url, kwargs, body)
    assert_clean(response, errors, f"{m} {url} {kwargs} {str(body)[:300]}")


def test_http_fuzz_volume() -> None:
    if not COUNTS:
        pytest.skip("run with the fuzz tests of this file")
    print(f"\nHTTP fuzz inputs: {sum(COUNTS.values())} {dict(sorted(COUNTS.items()))}; statuses {dict(sorted(STATUSES.items()))}")
    assert sum(COUNTS.values()) >= 550
