"""Run `hopgraph` commands in forked children of one warm process, and kill -9 them at a chosen moment.

A fresh `hopgraph index` spends most of its time importing torch and loading the models; killing it at a
random moment would mostly hit the imports. This process imports hopgraph and loads the embedding and
spaCy models once (running no torch operation, so forking stays safe); each request forks a child that
runs `hopgraph.cli.main()` with the given arguments, exactly as the console script does, so a random
delay falls into the command's own work (reading the store, extracting, embedding, writing, swapping).

Protocol, one JSON object per line: stdin {"argv": [...], "kill_after": seconds or null, "out": path};
stdout {"killed": bool, "exit": int or null, "seconds": float}. The child's stdout and stderr go to `out`.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time
import traceback


def warm() -> None:
    from hopgraph.indexing import incremental, pipeline  # noqa: F401
    from hopgraph.indexing.embed import get_embedder
    from hopgraph.indexing.extract import load_spacy

    from hopgraph import cli  # noqa: F401  (every command registered)
    from hopgraph.check import check_store  # noqa: F401
    from hopgraph.config import load_settings

    settings = load_settings()
    get_embedder(settings.index.embedding_model)
    load_spacy(settings.index.spacy_model)


def child(argv: list[str], out: str) -> None:
    code = 1
    try:
        fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        sys.argv = ["hopgraph", *argv]
        from hopgraph.cli import main

        main()
        code = 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except BaseException:  # noqa: BLE001  (a traceback in the output is what the tests look for)
        traceback.print_exc()
        code = 70
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)


def run(argv: list[str], kill_after: float | None, out: str) -> dict:
    sys.stdout.flush()
    sys.stderr.flush()
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        child(argv, out)
    killed = False
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if kill_after is not None and time.monotonic() - start >= kill_after:
            os.kill(pid, signal.SIGKILL)
            _, status = os.waitpid(pid, 0)
            killed = True
            break
        time.sleep(0.002)
    code = os.waitstatus_to_exitcode(status)
    return {"killed": killed, "exit": None if killed else code, "seconds": time.monotonic() - start}


def main() -> None:
    warm()
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        if not line.strip():
            continue
        req = json.loads(line)
        print(json.dumps(run(req["argv"], req.get("kill_after"), req["out"])), flush=True)


if __name__ == "__main__":
    main()
