"""Progress and timing of the build's stages (`hopgraph.indexing.pipeline`): a rich progress bar per stage on a
terminal, plain log lines otherwise (`hopgraph.indexing.stage_log`), and the seconds each stage took.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TypeVar

from rich.console import Console
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn)

from hopgraph.indexing.stage_log import StageLog

T = TypeVar("T")
R = TypeVar("R")


def batched(items: Sequence[T], size: int) -> Iterator[Sequence[T]]:
    for i in range(0, len(items), size):
        yield items[i : i + size]


class Stages:
    """Progress bars and timings, one per stage; plain log lines instead of bars when the console is no terminal."""

    def __init__(self, show: bool, console: Console | None):
        console = console or Console(stderr=True)
        self.lines = StageLog() if show and not console.is_terminal else None  # a log file, CI, `| tee`
        self.progress = Progress(
            TextColumn("{task.description:<10}"), BarColumn(), MofNCompleteColumn(),
            TextColumn("{task.fields[rate]:>9}"), TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
            console=console,
            disable=not show or self.lines is not None, transient=False,
        )
        self.seconds: dict[str, float] = {}

    def run_batches(self, name: str, items: Sequence[T], size: int, fn: Callable[[Sequence[T]], list[R]]) -> list[R]:
        return self.run_stream(name, len(items), ((len(b), fn(b)) for b in batched(items, size)))

    def run_stream(self, name: str, total: int, stream: Iterator[tuple[int, list[R]]]) -> list[R]:
        """Collect an executor stream of (inputs done, results), advancing the stage's bar (rate, ETA)."""
        task = self.progress.add_task(name, total=total, rate="")
        out: list[R] = []
        start = time.perf_counter()
        done = 0
        for n, results in stream:
            out.extend(results)
            done += n
            elapsed = time.perf_counter() - start
            self.progress.update(task, advance=n, rate=f"{done / elapsed:.1f}/s" if elapsed > 0 else "")
            if self.lines:
                self.lines.advance(name, total, n, start)
        self.seconds[name] = self.seconds.get(name, 0.0) + time.perf_counter() - start
        if self.lines:
            self.lines.done(name, total, start)
        return out

    @contextmanager
    def single(self, name: str) -> Iterator[None]:
        task = self.progress.add_task(name, total=1, rate="")
        start = time.perf_counter()
        yield
        self.progress.advance(task)
        self.seconds[name] = self.seconds.get(name, 0.0) + time.perf_counter() - start
        if self.lines:
            self.lines.done(name, None, start)
