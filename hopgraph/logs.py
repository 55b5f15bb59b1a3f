"""Logging for the command line: one plain format on stderr, the level from `--log-level` / `-v`.

Default level INFO: `index` writes one line per stage (count, rate, elapsed) when stderr is not a
terminal (a log file, CI, `| tee`), where progress bars would print nothing for minutes.
"""

from __future__ import annotations

import logging
import sys

from hopgraph.errors import UserError

LEVELS = ("debug", "info", "warning", "error")
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class _Stderr(logging.StreamHandler):
    """Writes to whatever sys.stderr is at the time of the record (test runners swap it)."""

    @property  # type: ignore[override]
    def stream(self):
        return sys.stderr

    @stream.setter
    def stream(self, _value) -> None:
        pass


def level_of(log_level: str | None, verbose: int = 0) -> int:
    """The level named by `--log-level` (wins) or by `-v` count (any -v: DEBUG); INFO by default."""
    if log_level is not None:
        name = log_level.strip().lower()
        if name not in LEVELS:
            raise UserError(f"unknown log level {log_level!r} (choose from {', '.join(LEVELS)})")
        return getattr(logging, name.upper())
    return logging.DEBUG if verbose > 0 else logging.INFO


def setup_logging(log_level: str | None = None, verbose: int = 0) -> int:
    """Send `hopgraph.*` log records to stderr at the chosen level; returns the level."""
    level = level_of(log_level, verbose)
    logger = logging.getLogger("hopgraph")
    logger.setLevel(level)
    if not any(isinstance(h, _Stderr) for h in logger.handlers):
        handler = _Stderr()
        handler.setFormatter(logging.Formatter(FORMAT, datefmt="%H:%M:%S"))
        logger.addHandler(handler)
    return level
