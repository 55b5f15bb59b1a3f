"""Plain progress lines for `hopgraph index` when stderr is not a terminal (a log file, CI, `| tee`).

Progress bars print nothing there until the end; instead each stage logs (logger `hopgraph.index`, level
INFO) a line every `every_s` seconds while it runs and one when it ends:

    extract: 2048/9000 items, 41.2/s, 49.7 s elapsed, ETA 169 s
    extract: done, 9000 items in 218.4 s (41.2/s)
    dense: done in 0.4 s
"""

from __future__ import annotations

import logging
import time

log = logging.getLogger("hopgraph.index")


class StageLog:
    def __init__(self, every_s: float = 10.0):
        self.every_s = every_s
        self._done: dict[str, int] = {}
        self._last: dict[str, float] = {}

    def advance(self, stage: str, total: int, n: int, started: float) -> None:
        """Count `n` more items of `stage`; log a line when `every_s` passed since the last one."""
        done = self._done[stage] = self._done.get(stage, 0) + n
        now = time.perf_counter()
        if now - self._last.get(stage, started) >= self.every_s and done < total:
            self._last[stage] = now
            elapsed = now - started
            rate = done / elapsed if elapsed else 0.0
            eta = f", ETA {(total - done) / rate:.0f} s" if rate else ""
            log.info("%s: %d/%d items, %.1f/s, %.1f s elapsed%s", stage, done, total, rate, elapsed, eta)

    def done(self, stage: str, total: int | None, started: float) -> None:
        elapsed = time.perf_counter() - started
        if total is None:
            log.info("%s: done in %.1f s", stage, elapsed)
        else:
            log.info("%s: done, %d items in %.1f s (%.1f/s)", stage, total, elapsed, total / elapsed if elapsed else 0.0)
        self._done.pop(stage, None)
        self._last.pop(stage, None)
