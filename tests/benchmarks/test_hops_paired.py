"""benchmarks/hops_paired.py: paired ratios and percentiles, and a refusal of a folder that is no source copy."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("hops_paired", REPO / "benchmarks" / "hops_paired.py")
hops_paired = importlib.util.module_from_spec(spec)
spec.loader.exec_module(hops_paired)


def test_paired_ratios_compare_question_by_question() -> None:
    before, after = [10.0, 20.0, 40.0], [5.0, 20.0, 80.0]
    out = hops_paired.paired(before, after)
    assert out["median_ratio"] == 1.0  # ratios 0.5, 1, 2
    assert out["total_ratio"] == pytest.approx(105 / 70)


def test_percentile_is_nearest_rank() -> None:
    assert hops_paired.percentile([3.0, 1.0, 2.0], 0.5) == 2.0
    assert hops_paired.percentile([1.0, 2.0, 3.0, 4.0], 0.95) == 4.0


def test_a_folder_without_hopgraph_sources_is_refused(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, str(REPO / "benchmarks" / "hops_paired.py"), "--bench", str(tmp_path),
                          "--store", str(tmp_path), "--before-tree", str(tmp_path)], capture_output=True, text=True)
    assert run.returncode != 0
    assert "not a copy of hopgraph's source folders" in run.stderr and "Traceback" not in run.stderr


def test_an_after_folder_without_hopgraph_sources_is_refused(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, str(REPO / "benchmarks" / "hops_paired.py"), "--bench", str(tmp_path),
                          "--store", str(tmp_path), "--before-tree", str(REPO), "--after-tree", str(tmp_path)],
                         capture_output=True, text=True)
    assert run.returncode != 0
    assert f"not a copy of hopgraph's source folders: {tmp_path}" in run.stderr and "Traceback" not in run.stderr
