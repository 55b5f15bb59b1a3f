"""The real `hopgraph` entry point in a subprocess, and the one-line error contract it keeps."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HOPGRAPH = Path(sys.executable).parent / "hopgraph"


def run_cli(*args: str, cwd: Path, columns: int | None = None) -> subprocess.CompletedProcess[str]:
    """`hopgraph ARGS` in `cwd`, without the caller's HOPGRAPH_* settings; `columns` widens rich's tables."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("HOPGRAPH_")}
    if columns is not None:
        env["COLUMNS"] = str(columns)
    return subprocess.run([str(HOPGRAPH), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


def one_line_error(result: subprocess.CompletedProcess[str], fragment: str = "") -> str:
    """The error line of a run that failed as users are promised (exit 1, one `error:` line holding
    `fragment`, no traceback)."""
    assert result.returncode == 1, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and fragment in lines[0], result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    return lines[0]
