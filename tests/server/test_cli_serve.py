"""`hopgraph serve` command: registered, loopback by default, one-line error without a store."""

from __future__ import annotations

import subprocess
import sys

from typer.testing import CliRunner

from hopgraph.cli import app
from hopgraph.cli_serve import _is_loopback

# the CLI as a subprocess (`python -m hopgraph.cli` would import hopgraph.cli twice)
HOPGRAPH = [sys.executable, "-c", "from hopgraph.cli import main; main()"]


def test_loopback_detection():
    assert _is_loopback("127.0.0.1") and _is_loopback("localhost") and _is_loopback("::1")
    assert not _is_loopback("0.0.0.0") and not _is_loopback("192.168.1.4") and not _is_loopback("example.org")


def test_serve_is_registered_with_its_options():
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--store", "--host", "--port"):
        assert option in result.output


def test_serve_without_a_store_is_a_one_line_error(tmp_path):
    proc = subprocess.run(
        [*HOPGRAPH, "serve", "--store", str(tmp_path / "nowhere"), "--port", "1"],
        capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 1
    assert "no hopgraph store" in proc.stderr and "Traceback" not in proc.stderr
