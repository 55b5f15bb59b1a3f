"""A real `hopgraph serve` on 127.0.0.1 under malformed HTTP and under load.

Malformed bytes on the socket never take it down. 32 concurrent clients x 50 requests mixing /ask, /search
and graph endpoints (benchmarks/load_test.py does the same from the command line): zero errors, p50/p95
printed. Then the same while `hopgraph index` rebuilds the served store: zero errors, and the server
answers from the new store after the swap.
"""

from __future__ import annotations

import http.client
import importlib.util
import json
import socket
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reliability_harness import ForkServer, Run, Server, World, copy_store

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]
CLIENTS, REQUESTS = 32, 50
MAX_ROUNDS = 10  # rounds of load while the served store is rebuilt
# Named in the same sentences of the old and the new corpus: they resolve before and after the rebuild.
STABLE = ["Marta Velkova", "Orrin Academy", "Pellmere", "Anselm Roque", "The Copper Lantern", "Ivo Daskal", "Dunhollow"]


def load_test_module():
    spec = importlib.util.spec_from_file_location("load_test", REPO / "benchmarks" / "load_test.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["load_test"] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


lt = load_test_module()


@pytest.fixture(scope="module")
def served(built_store: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Path]]:
    base = tmp_path_factory.mktemp("load")
    store = copy_store(built_store, base / "store")
    server = Server(store, base)
    yield server, store
    server.stop()
    output = server.output()
    assert "Traceback" not in output, output[output.find("Traceback") - 300:][:6000]  # the first traceback whole


def get(server: Server, path: str) -> tuple[int, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    try:
        conn.request("GET", path)
        resp = conn.getresponse()
        return resp.status, json.loads(resp.read())
    finally:
        conn.close()


def stable_plan(server: Server, seed: int) -> list:
    names, ids = lt.store_names(server.url, n=30)
    usable = [n for n in STABLE if n in names]
    assert len(usable) >= 4, names
    return lt.plan(usable, ids[:10], CLIENTS, REQUESTS, seed)


RAW_PATHS = ["/ask", "/search?q=x", "/graph/path?source=Pellmere&target=Dunhollow", "/documents", "/health", "/%ff%fe"]


@st.composite
def raw_request(draw: st.DrawFn) -> bytes:
    """Bytes on the socket: garbage, truncated requests, lying Content-Length, broken chunked bodies."""
    method = draw(st.sampled_from([b"GET", b"POST", b"DELETE", b"BREW", b"get", b""]))
    path = draw(st.sampled_from(RAW_PATHS)).encode()
    body = draw(st.binary(max_size=300) | st.just(b'{"question": "Where is Pellmere?"}'))
    length = draw(st.sampled_from([len(body), 0, len(body) + 50, 10**12, -1]))
    headers = draw(st.sampled_from([
        b"Content-Type: application/json\r\nContent-Length: %d\r\n" % length,
        b"Transfer-Encoding: chunked\r\nContent-Type: application/json\r\n",
        b"Content-Length: abc\r\n", b"X-Long: " + b"a" * 20000 + b"\r\n", b"Bad Header Line\r\n", b"",
    ]))
    version = draw(st.sampled_from([b"HTTP/1.1", b"HTTP/1.0", b"HTTP/9.9", b""]))
    whole = method + b" " + path + b" " + version + b"\r\nHost: 127.0.0.1\r\n" + headers + b"\r\n" + body
    return draw(st.one_of(st.just(whole), st.binary(max_size=200),
                          st.integers(0, len(whole)).map(lambda n: whole[:n])))


@settings(database=None, deadline=None, derandomize=True, max_examples=60, suppress_health_check=list(HealthCheck))
@given(data=raw_request())
def test_raw_bytes_on_the_socket(served: tuple[Server, Path], data: bytes) -> None:
    """Malformed HTTP never takes the server down nor makes it answer 5xx with a traceback."""
    server, _ = served
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(data)
        sock.shutdown(socket.SHUT_WR)
        reply = b""
        try:
            while chunk := sock.recv(65536):
                reply += chunk
        except (TimeoutError, ConnectionResetError):
            pass
    status = reply[9:12]
    assert not status.startswith(b"5") or status == b"503", reply[:300]
    assert get(server, "/health")[0] == 200


def test_load(served: tuple[Server, Path]) -> None:
    server, _ = served
    results = lt.run_load(server.url, stable_plan(server, seed=13))
    print("\n" + lt.summary(results, f"{CLIENTS} clients x {REQUESTS} requests, real serve on 127.0.0.1"))
    assert results.count == CLIENTS * REQUESTS
    assert results.errors == []


def test_load_during_reindex(served: tuple[Server, Path], world: World, forkserver: ForkServer) -> None:
    server, store = served
    assert get(server, "/documents/r06")[0] == 404  # only the new corpus has r06
    plan = stable_plan(server, seed=14)
    index: dict[str, Run | float] = {}

    def reindex() -> None:
        time.sleep(1.0)
        index["started"] = time.monotonic()
        index["run"] = forkserver.run(["index", str(world.new), "--store", str(store), "-q"])
        index["finished"] = time.monotonic()
        deadline = index["finished"] + 60
        while time.monotonic() < deadline:  # requests keep coming: when does serve answer from the new store?
            if get(server, "/documents/r06")[0] == 200:
                index["picked_up"] = time.monotonic()
                return
            time.sleep(0.2)

    thread = threading.Thread(target=reindex)
    thread.start()
    start = time.monotonic()
    rounds: list = []
    while len(rounds) < MAX_ROUNDS:  # the load goes on until some of it ran after the swap, however slow the rebuild
        rounds.append(lt.run_load(server.url, plan))
        if index.get("finished", float("inf")) < time.monotonic():
            break
    end = time.monotonic()
    thread.join()
    run = index["run"]
    assert run.exit == 0 and "Traceback" not in run.output, run.output
    for n, results in enumerate(rounds, 1):
        print("\n" + lt.summary(results, f"round {n}: {CLIENTS} clients x {REQUESTS} requests while `hopgraph index` "
                                f"rebuilt the store ({index['started'] - start:.1f} .. {index['finished'] - start:.1f} s "
                                f"of {end - start:.1f} s)"))
    assert index["finished"] < end, f"the rebuild outlasted {MAX_ROUNDS} rounds of load: nothing was measured after the swap"
    assert [r.count for r in rounds] == [CLIENTS * REQUESTS] * len(rounds)
    assert [e for r in rounds for e in r.errors] == []
    assert "picked_up" in index, "serve still answered from the old store 60 s after the swap"
    assert get(server, "/documents/r06")[0] == 200 and get(server, "/documents/r05")[0] == 404
    print(f"serve answered from the new store {index['picked_up'] - index['finished']:.1f} s after the swap "
          f"({'during' if index['picked_up'] < end else 'after'} the load)")
