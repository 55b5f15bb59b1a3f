"""The reliability suite's harness: the invented corpora on disk, a warm fork server for kill -9 runs, and a
real `hopgraph serve` on 127.0.0.1 (fixtures in conftest.py)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
# the CLI as a subprocess (`python -m hopgraph.cli` would import hopgraph.cli twice)
HOPGRAPH = [sys.executable, "-c", "from hopgraph.cli import main; main()"]


def child_env(cache: Path | None = None) -> dict[str, str]:
    """The environment of hopgraph subprocesses: no HOPGRAPH_* settings of the caller, offline models, and
    (with `cache`) a cache folder of their own (killed builds leave partial vectors there)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("HOPGRAPH_")}
    env["HF_HUB_OFFLINE"] = "1"
    env["PYTHONUNBUFFERED"] = "1"
    if cache is not None:
        env["HOPGRAPH_CACHE"] = str(cache)
    return env


@dataclass
class World:
    base: Path
    old: Path
    new: Path
    extra: Path


@dataclass
class Run:
    killed: bool
    exit: int | None
    seconds: float
    output: str


class ForkServer:
    """forkserver_main.py in a subprocess: runs hopgraph commands in forked warm children."""

    def __init__(self, workdir: Path):
        self.workdir = workdir
        self.log = (workdir / "forkserver.log").open("w")
        self.proc = subprocess.Popen(
            [sys.executable, str(HERE / "forkserver_main.py")], cwd=workdir, env=child_env(workdir / "cache"),
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log, text=True,
        )
        self._read()  # {"ready": true} once the models are loaded
        self.n = 0

    def _read(self) -> dict:
        line = self.proc.stdout.readline()
        if not line:
            self.log.flush()
            raise RuntimeError(f"fork server died: {(self.workdir / 'forkserver.log').read_text()[-2000:]}")
        return json.loads(line)

    def run(self, argv: list[str], kill_after: float | None = None) -> Run:
        self.n += 1
        out = self.workdir / f"run-{self.n}.out"
        out.write_text("")  # a child killed before it opens the file printed nothing
        self.proc.stdin.write(json.dumps({"argv": argv, "kill_after": kill_after, "out": str(out)}) + "\n")
        self.proc.stdin.flush()
        r = self._read()
        return Run(r["killed"], r["exit"], r["seconds"], out.read_text(errors="replace"))

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=30)
        self.log.close()


def copy_store(src: Path, dest: Path) -> Path:
    shutil.copytree(src, dest)
    return dest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`hopgraph serve --store STORE` in a subprocess on a free loopback port."""

    def __init__(self, store: Path, workdir: Path):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = workdir / f"serve-{self.port}.log"
        self.log = self.log_path.open("w")
        self.proc = subprocess.Popen([*HOPGRAPH, "serve", "--store", str(store), "--port", str(self.port)],
                                     cwd=workdir, env=child_env(workdir / "cache"), stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"serve exited {self.proc.returncode}: {self.log_path.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(self.url + "/health", timeout=5) as r:
                    if r.status == 200:
                        return
            except OSError:
                time.sleep(0.3)
        raise RuntimeError("serve did not answer /health within 300 s")

    def output(self) -> str:
        if not self.log.closed:
            self.log.flush()
        return self.log_path.read_text(errors="replace")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.close()
