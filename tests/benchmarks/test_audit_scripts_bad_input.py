"""The resolution audit scripts answer a user mistake with one line and a non-zero exit (no traceback)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, cwd=REPO, timeout=120)


def test_merge_audit_refuses_a_folder_without_a_store(tmp_path):
    r = _run("benchmarks/merge_audit.py", str(tmp_path))
    assert r.returncode != 0 and "no hopgraph store" in r.stderr and "Traceback" not in r.stderr


def test_update_gaps_asks_for_the_script_to_run(tmp_path):
    for args in ([], [str(tmp_path / "missing.py")]):
        r = _run("benchmarks/update_gaps.py", *args)
        assert r.returncode != 0 and "give the script to run" in r.stderr and "Traceback" not in r.stderr
