"""Fixtures of the server tests: one real store (sample corpus + a hostile document), built once per session;
for the browser tests, `hopgraph serve` as a real process and a headless Chromium, each started once per session."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
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


# ---------------------------------------------------------------- browser tests (test_*_browser.py)
CHROME_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-quic", "--window-size=1500,950",
]


def _find(*names: str) -> str | None:
    for name in names:
        found = shutil.which(name) or (name if os.path.isabs(name) and os.access(name, os.X_OK) else None)
        if found:
            return found
    return None


CHROMIUM = _find("chromium", "/usr/bin/chromium", "chromium-browser")
CHROMEDRIVER = _find("chromedriver", "/usr/bin/chromedriver")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def server(server_store: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`hopgraph serve --store … --port …` in a subprocess; yields its base URL once /health answers."""
    port = _free_port()
    log_path = tmp_path_factory.mktemp("serve") / "serve.log"
    cmd = [sys.executable, "-c", "from hopgraph.cli import main; main()", "serve", "--store", str(server_store), "--port", str(port)]
    with log_path.open("w") as log:
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            if proc.poll() is not None:
                pytest.fail(f"hopgraph serve exited with {proc.returncode}:\n{log_path.read_text()}")
            try:
                with urllib.request.urlopen(f"{base}/health", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"hopgraph serve did not answer /health:\n{log_path.read_text()}")
            time.sleep(0.5)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    log_text = log_path.read_text()
    assert "Traceback" not in log_text, log_text  # no request crashed the server


@pytest.fixture(scope="session")
def driver() -> Iterator:
    if not (CHROMIUM and CHROMEDRIVER):
        pytest.skip("chromium / chromedriver not installed (apt-get install chromium chromium-driver)")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for flag in CHROME_FLAGS:
        options.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="hopgraph-chromium-")
    options.add_argument(f"--user-data-dir={profile}")
    options.binary_location = CHROMIUM
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    d = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    d.set_page_load_timeout(60)
    try:
        yield d
    finally:
        d.quit()
        shutil.rmtree(profile, ignore_errors=True)
