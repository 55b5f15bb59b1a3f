"""The explorer's assets: all local (works offline), and store text never goes through innerHTML."""

from __future__ import annotations

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "hopgraph" / "server" / "static"


def test_index_loads_only_local_assets():
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    refs = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert refs, "index.html references its scripts and styles"
    for ref in refs:
        assert ref.startswith("/"), f"{ref} is not served by the app"
        assert (STATIC / ref.removeprefix("/static/")).exists() or ref == "/docs", f"{ref} is missing"
    assert "/static/vendor/cytoscape.min.js" in refs


def test_vendored_libraries_are_present():
    cytoscape = (STATIC / "vendor" / "cytoscape.min.js").read_text(encoding="utf-8")
    assert len(cytoscape) > 100_000 and "cytoscape" in cytoscape
    assert (STATIC / "vendor" / "swagger-ui-bundle.js").stat().st_size > 100_000
    assert (STATIC / "vendor" / "swagger-ui.css").exists()


def test_own_scripts_never_write_html():
    for path in STATIC.glob("*.js"):
        source = path.read_text(encoding="utf-8")
        sinks = re.findall(r"\.(?:inner|outer)HTML\b|insertAdjacentHTML|document\.write|\beval\(|new Function\(", source)
        assert not sinks, f"{path.name} writes HTML: {sinks}"
