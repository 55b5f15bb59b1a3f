"""`hopgraph tools` (hopgraph/cli_tools.py): the registry listed, configured tools included, bad config one line."""

from __future__ import annotations

import json
from pathlib import Path

from cli_fixtures import one_line_error, run_cli

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
    out = run_cli("tools", "--json", cwd=tmp_path, columns=250)
    assert out.returncode == 0, out.stderr
    tools = {t["name"]: t for t in json.loads(out.stdout)["tools"]}
    assert {"hybrid", "dense", "bm25", "graph", "web"} <= set(tools)
    assert tools["web"]["kind"] == "http" and tools["web"]["triggers"] == ["on the web"]
    table = run_cli("tools", "--examples", cwd=tmp_path, columns=250)
    assert table.returncode == 0 and "Web search for recent events" in table.stdout and "ferry strike latest" in table.stdout


def test_a_tool_named_like_a_builtin_is_a_one_line_error(tmp_path: Path) -> None:
    (tmp_path / "hopgraph.toml").write_text(CONFIG.replace('name = "web"', 'name = "bm25"'))
    one_line_error(run_cli("tools", cwd=tmp_path, columns=250), "built-in")
