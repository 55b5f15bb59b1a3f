"""Re-index a store while `hopgraph serve` answers clients: every request should succeed, and the rebuilt
store should be served after the swap.

    python benchmarks/reindex_under_load.py STORE CORPUS [--clients 8] [--port 8791] [--probe "words" DOC_ID]

STORE must already hold a store (any build). The script starts `hopgraph serve --store STORE`, lets
`--clients` threads loop over GET /search (hybrid), GET /entities and POST /ask, runs
`hopgraph index CORPUS --store STORE --fresh` meanwhile, keeps the clients going a few seconds after the
swap, then prints the status codes, p50/p95 latency, and (with --probe) whether a BM25 search for the
probe words now finds DOC_ID, a document only the new corpus has.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx

HOPGRAPH = str(Path(sys.executable).parent / "hopgraph")


def client_loop(base: str, stop: threading.Event, results: list[tuple[object, float]], lock: threading.Lock) -> None:
    with httpx.Client(timeout=120) as c:
        n = 0
        while not stop.is_set():
            n += 1
            start = time.perf_counter()
            try:
                if n % 5 == 0:
                    r = c.post(f"{base}/ask", json={"question": "Who founded the company that built the harbour?"})
                elif n % 5 == 1:
                    r = c.get(f"{base}/entities", params={"q": "a"})
                else:
                    r = c.get(f"{base}/search", params={"q": "harbour ferry founded", "profile": "hybrid", "k": 3})
                outcome: object = r.status_code
            except httpx.HTTPError as e:
                outcome = type(e).__name__
            with lock:
                results.append((outcome, time.perf_counter() - start))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("store", type=Path)
    ap.add_argument("corpus", type=Path)
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--port", type=int, default=8791)
    ap.add_argument("--probe", nargs=2, metavar=("WORDS", "DOC_ID"))
    args = ap.parse_args()
    base = f"http://127.0.0.1:{args.port}"
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    server = subprocess.Popen([HOPGRAPH, "serve", "--store", str(args.store), "--port", str(args.port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
    try:
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{base}/search", params={"q": "x", "k": 1}, timeout=5).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(1)
        stop, lock = threading.Event(), threading.Lock()
        results: list[tuple[object, float]] = []
        threads = [threading.Thread(target=client_loop, args=(base, stop, results, lock)) for _ in range(args.clients)]
        for t in threads:
            t.start()
        time.sleep(3)
        started = time.monotonic()
        index = subprocess.run([HOPGRAPH, "index", str(args.corpus), "--store", str(args.store), "--fresh", "-q"],
                               capture_output=True, text=True, env=env)
        print(f"index exit {index.returncode} after {time.monotonic() - started:.1f} s", index.stderr.strip()[-300:])
        time.sleep(6)  # the server checks every 2 s and loads the new store in the background
        stop.set()
        for t in threads:
            t.join()
        codes: dict[object, int] = {}
        for outcome, _ in results:
            codes[outcome] = codes.get(outcome, 0) + 1
        latencies = sorted(d for _, d in results)
        print(f"{len(results)} requests by {args.clients} clients: {codes}; "
              f"p50 {latencies[len(latencies) // 2]:.3f} s, p95 {latencies[int(len(latencies) * 0.95)]:.3f} s")
        if args.probe:
            words, doc_id = args.probe
            hits = httpx.get(f"{base}/search", params={"q": words, "profile": "bm25", "k": 1}, timeout=60).json()
            print(f"new store served: {[h['doc_id'] for h in hits] == [doc_id]}")
    finally:
        server.send_signal(signal.SIGINT)
        try:
            _, err = server.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            _, err = server.communicate()
        print(f"server log: {err.count('Traceback')} tracebacks, "
              f"{err.count('reopened store')} reopen(s) after a rebuild")


if __name__ == "__main__":
    main()
