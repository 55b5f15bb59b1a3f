"""`hopgraph tools` (hopgraph/cli_tools.py): the registry listed, configured tools included, bad config one line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

HOPGRAPH = Path(sys.executable).parent / "hopgraph"


def run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("HOPGRAPH_")}
    env["COLUMNS"] = "250"  # one table row per line
    return subprocess.run([str(HOPGRAPH), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


CONFIG = '''
[[tools]]
name = "web"
url = "http://127.0.0.1:9/search"
description = "Web search for recent events"
triggers = ["on the web"]
when_to_use = ["ferry strike latest"]
'''


def test_lists_builtins_and_configured_tools(tmp_path: Path) -> None:
    (tmp_path / "hopgraph.toml").write_text(CONFIG)
    out = run_cli("tools", "--json", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    tools = {t["name"]: t for t in json.loads(out.stdout)["tools"]}
    assert {"hybrid", "dense", "bm25", "graph", "web"} <= set(tools)
    assert tools["web"]["kind"] == "http" and tools["web"]["triggers"] == ["on the web"]
    table = run_cli("tools", "--examples", cwd=tmp_path)
    assert table.returncode == 0 and "Web search for recent events" in table.stdout and "ferry strike latest" in table.stdout


def test_a_tool_named_like_a_builtin_is_a_one_line_error(tmp_path: Path) -> None:
    (tmp_path / "hopgraph.toml").write_text(CONFIG.replace('name = "web"', 'name = "bm25"'))
    out = run_cli("tools", cwd=tmp_path)
    assert out.returncode == 1 and "Traceback" not in out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and "built-in" in lines[0]
