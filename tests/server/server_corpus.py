"""The server tests' corpus: the sample corpus plus one hostile document (importable by the test modules)."""

from __future__ import annotations

import json
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SAMPLE_CORPUS = REPO / "data" / "sample" / "corpus.jsonl"

# A document whose text is markup: every view must show it as text, never run it.
HOSTILE_DOC = {
    "_id": "x01",
    "title": "Quillon Verse",
    "text": (
        "Quillon Verse is a literary magazine founded in 2001 in Kestrel Bay. "
        'Its first cover printed the tag <script>alert(1)</script> and <img src=x onerror="alert(2)"> by mistake. '
        "The magazine was edited by Oskar Brandt."
    ),
    "metadata": {"kind": "magazine"},
}
HOSTILE_CHUNK = "x01#0"
SCRIPT_TAG = "<script>alert(1)</script>"


def write_corpus(path: Path) -> Path:
    """corpus.jsonl with every sample document and HOSTILE_DOC."""
    lines = SAMPLE_CORPUS.read_text(encoding="utf-8").rstrip("\n") + "\n" + json.dumps(HOSTILE_DOC) + "\n"
    path.write_text(lines, encoding="utf-8")
    return path
