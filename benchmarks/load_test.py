"""Load test: concurrent HTTP clients mixing /ask, /search and graph endpoints against `hopgraph serve`.

    .venv/bin/python benchmarks/load_test.py --store STORE [--clients 32] [--requests 50] [--reindex CORPUS]
    .venv/bin/python benchmarks/load_test.py --url http://127.0.0.1:8000 [--clients 32] [--requests 50]

With --store the script starts `hopgraph serve --store STORE` on a free loopback port (and stops it after);
with --url it uses a running server. Each client sends --requests requests one after another over one
keep-alive connection: POST /ask (a question built from the store's own entity names), GET /search (a
random profile), GET /entities, /entities/{id}, /graph/neighborhood, /graph/path and /overview, in the
seeded proportions of MIX. With --reindex, `hopgraph index CORPUS --store STORE` runs while the clients
do (the server must keep answering and serve the new store after the swap).

Prints the error count (any status but 200, or a broken connection), p50/p95/p99/max latency overall and
per kind, and the requests per second. `tests/reliability/test_serve_load.py` runs the same functions.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

# kind -> share of requests
MIX = {"ask": 0.10, "search": 0.30, "entities": 0.15, "entity": 0.10, "neighborhood": 0.15, "path": 0.10, "overview": 0.10}
PROFILES = ["bm25", "dense", "hybrid", "graph", "graph-hybrid"]
QUESTIONS = ["Who founded {a}?", "Where was {a} born?", "What is {a}?", "Who studied at {a}?",
             "Where is the founder of {a} from?", "Which is older, {a} or {b}?", "How is {a} related to {b}?"]


@dataclass
class Request:
    kind: str
    method: str
    path: str
    body: dict | None = None


@dataclass
class Results:
    latencies: dict[str, list[float]] = field(default_factory=dict)  # kind -> seconds of successful requests
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, kind: str, seconds: float, error: str | None) -> None:
        with self.lock:
            if error:
                self.errors.append(f"{kind}: {error}")
            else:
                self.latencies.setdefault(kind, []).append(seconds)

    @property
    def count(self) -> int:
        return sum(len(v) for v in self.latencies.values()) + len(self.errors)


def plan(names: list[str], ids: list[int], clients: int, requests: int, seed: int) -> list[list[Request]]:
    """Every client's requests, drawn with a seeded generator from MIX."""
    rng = random.Random(seed)
    kinds, weights = list(MIX), list(MIX.values())
    out = []
    for _ in range(clients):
        reqs = []
        for kind in rng.choices(kinds, weights, k=requests):
            a, b = rng.sample(names, 2)
            if kind == "ask":
                question = rng.choice(QUESTIONS).format(a=a, b=b)
                reqs.append(Request(kind, "POST", "/ask", {"question": question, "k": rng.choice([3, 5, 10])}))
            elif kind == "search":
                query = rng.choice(QUESTIONS).format(a=a, b=b)
                reqs.append(Request(kind, "GET", _url("/search", q=query, k=rng.choice([5, 10]), profile=rng.choice(PROFILES))))
            elif kind == "entities":
                reqs.append(Request(kind, "GET", _url("/entities", match=a[: rng.randint(1, len(a))], limit=10)))
            elif kind == "entity":
                reqs.append(Request(kind, "GET", f"/entities/{rng.choice(ids)}"))
            elif kind == "neighborhood":
                reqs.append(Request(kind, "GET", _url("/graph/neighborhood", entity=a, hops=rng.choice([1, 2]))))
            elif kind == "path":
                reqs.append(Request(kind, "GET", _url("/graph/path", source=a, target=b)))
            else:
                reqs.append(Request(kind, "GET", "/overview"))
        out.append(reqs)
    return out


def _url(path: str, **params: object) -> str:
    return f"{path}?{urllib.parse.urlencode(params)}"


def _client(host: str, port: int, requests: list[Request], results: Results, timeout: float) -> None:
    conn = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        for req in requests:
            start = time.perf_counter()
            error = None
            try:
                body = json.dumps(req.body) if req.body is not None else None
                headers = {"content-type": "application/json"} if body else {}
                conn.request(req.method, req.path, body=body, headers=headers)
                resp = conn.getresponse()
                data = resp.read()
                if resp.status != 200:
                    error = f"{req.method} {req.path} -> {resp.status} {data[:200]!r}"
                else:
                    json.loads(data)
            except (OSError, http.client.HTTPException, ValueError) as e:
                error = f"{req.method} {req.path} -> {type(e).__name__}: {e}"
                conn.close()
                conn = http.client.HTTPConnection(host, port, timeout=timeout)
            results.add(req.kind, time.perf_counter() - start, error)
    finally:
        conn.close()


def run_load(url: str, plans: list[list[Request]], timeout: float = 300.0) -> Results:
    """Every client's plan at once, one thread and one keep-alive connection per client."""
    parts = urllib.parse.urlsplit(url)
    results = Results()
    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=len(plans)) as pool:
        for reqs in plans:
            pool.submit(_client, parts.hostname, parts.port, reqs, results, timeout)
    results.seconds = time.perf_counter() - start
    return results


def percentile(values: list[float], q: float) -> float:
    """The q-quantile (0..1) by the nearest-rank method."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(q * len(ordered) + 0.5)) - 1))]


def summary(results: Results, title: str = "load") -> str:
    every = [s for v in results.latencies.values() for s in v]
    lines = [f"{title}: {results.count} requests in {results.seconds:.1f} s ({results.count / max(results.seconds, 1e-9):.1f}/s), "
             f"{len(results.errors)} errors; latency ms p50 {1000 * percentile(every, .5):.0f} "
             f"p95 {1000 * percentile(every, .95):.0f} p99 {1000 * percentile(every, .99):.0f} max {1000 * max(every, default=0):.0f}"]
    for kind in MIX:
        v = results.latencies.get(kind, [])
        if v:
            lines.append(f"  {kind:<13} n={len(v):<5} p50 {1000 * percentile(v, .5):>6.0f}  p95 {1000 * percentile(v, .95):>6.0f} ms")
    lines += [f"  error: {e}" for e in results.errors[:10]]
    return "\n".join(lines)


def store_names(url: str, n: int = 12) -> tuple[list[str], list[int]]:
    """Names and ids of the store's best-connected entities (GET /entities), for the plan."""
    parts = urllib.parse.urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
    conn.request("GET", _url("/entities", limit=n))
    rows = json.loads(conn.getresponse().read())
    conn.close()
    return [r["name"] for r in rows], [r["id"] for r in rows]


def start_server(store: str) -> tuple[subprocess.Popen, str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    cmd = [sys.executable, "-c", "from hopgraph.cli import main; main()", "serve", "--store", store, "--port", str(port)]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, "HF_HUB_OFFLINE": "1"})
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            sys.exit(f"error: hopgraph serve exited with {proc.returncode}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/health")
            if conn.getresponse().status == 200:
                return proc, url
        except OSError:
            time.sleep(0.3)
    proc.kill()
    sys.exit("error: hopgraph serve did not answer within 300 s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    where = ap.add_mutually_exclusive_group(required=True)
    where.add_argument("--store", help="start `hopgraph serve` on this store")
    where.add_argument("--url", help="use a running server")
    ap.add_argument("--clients", type=int, default=32)
    ap.add_argument("--requests", type=int, default=50, help="requests per client")
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--reindex", metavar="CORPUS", help="run `hopgraph index CORPUS --store STORE` during the load (needs --store)")
    args = ap.parse_args()
    if args.reindex and not args.store:
        sys.exit("error: --reindex needs --store")
    proc, url = start_server(args.store) if args.store else (None, args.url)
    try:
        names, ids = store_names(url)
        if len(names) < 2:
            sys.exit("error: the store needs at least two entities (build it with the graph)")
        plans = plan(names, ids, args.clients, args.requests, args.seed)
        if args.reindex:
            hopgraph = [sys.executable, "-c", "from hopgraph.cli import main; main()"]
            indexer = subprocess.Popen([*hopgraph, "index", args.reindex, "--store", args.store, "-q"],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            results = run_load(url, plans)
            _, err = indexer.communicate()
            print(f"re-index during the load: exit {indexer.returncode}{' ' + err.strip()[-300:] if indexer.returncode else ''}")
        else:
            results = run_load(url, plans)
        print(summary(results, f"{args.clients} clients x {args.requests} requests"))
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(timeout=30)


if __name__ == "__main__":
    main()
