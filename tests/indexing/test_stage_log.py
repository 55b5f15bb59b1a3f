"""Plain per-stage log lines of `index` when the console is not a terminal (indexing/stage_log.py)."""

from __future__ import annotations

import io
import logging

from rich.console import Console

from hopgraph.indexing.stages import Stages


def test_non_terminal_console_gets_log_lines_not_bars(caplog) -> None:
    out = io.StringIO()
    stages = Stages(show=True, console=Console(file=out, force_terminal=False))
    stages.lines.every_s = 0.0  # a line after every batch
    with caplog.at_level(logging.INFO, logger="hopgraph.index"), stages.progress:
        assert stages.run_batches("extract", list(range(10)), 4, lambda b: [x * 2 for x in b]) == [x * 2 for x in range(10)]
        with stages.single("bm25"):
            pass
    lines = [r.getMessage() for r in caplog.records if r.name == "hopgraph.index"]
    assert lines[0].startswith("extract: 4/10 items, ") and "/s, " in lines[0] and " s elapsed, ETA " in lines[0] and lines[0].endswith(" s")
    assert lines[1].startswith("extract: 8/10 items")
    assert lines[2].startswith("extract: done, 10 items in ") and lines[2].endswith("/s)")
    assert lines[3].startswith("bm25: done in ")
    assert "━" not in out.getvalue()  # no progress bar drawn


def test_a_terminal_gets_bars_and_quiet_gets_nothing(caplog) -> None:
    terminal = Stages(show=True, console=Console(file=io.StringIO(), force_terminal=True))
    quiet = Stages(show=False, console=Console(file=io.StringIO(), force_terminal=False))
    assert terminal.lines is None and quiet.lines is None
    with caplog.at_level(logging.INFO, logger="hopgraph.index"), quiet.progress:
        quiet.run_batches("chunk", [1, 2, 3], 2, list)
    assert not [r for r in caplog.records if r.name == "hopgraph.index"]
