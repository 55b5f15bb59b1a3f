"""OpenMP threads sleep between parallel regions unless the user chose otherwise (a fresh interpreter each)."""

from __future__ import annotations

import os
import subprocess
import sys


def _policy(env: dict[str, str]) -> str:
    code = "import hopgraph, os; print(os.environ['OMP_WAIT_POLICY'])"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env).stdout.strip()


def test_importing_hopgraph_sets_a_passive_wait_policy_and_keeps_the_users() -> None:
    env = {k: v for k, v in os.environ.items() if k != "OMP_WAIT_POLICY"}
    assert _policy(env) == "PASSIVE"
    assert _policy({**env, "OMP_WAIT_POLICY": "ACTIVE"}) == "ACTIVE"
