"""Structured text formats (Markdown, HTML, reStructuredText) to the text hopgraph stores.

Each parser returns a `Parsed`: the document's prose as plain text, one block
(paragraph, heading, list item, table row) per paragraph separated by blank
lines, with no markup, list markers or heading marks; the title the document
gives itself (front matter, <title>, the first heading); and its metadata
(front matter keys, <meta> tags, reST docinfo fields). The plain text is what
the store keeps as the document text, so chunk offsets index it; the source
markup is not stored. Plain text (.txt) is kept exactly as read.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

#: File suffixes (lower case) read as documents, and the format each one is parsed as.
FORMATS: dict[str, str] = {
    ".txt": "text", ".text": "text",
    ".md": "markdown", ".markdown": "markdown",
    ".rst": "rst",
    ".html": "html", ".htm": "html",
}


@dataclass
class Parsed:
    text: str
    title: str = ""
    metadata: dict[str, Any] = field(default_factory=dict)


def parse_document(suffix: str, source: str) -> Parsed:
    """Parse `source` as the format of `suffix` (case-insensitive); unknown suffixes are plain text."""
    kind = FORMATS.get(suffix.lower(), "text")
    if kind == "markdown":
        from hopgraph.indexing.markdown import parse_markdown

        return parse_markdown(source)
    if kind == "html":
        from hopgraph.indexing.html import parse_html

        return parse_html(source)
    if kind == "rst":
        from hopgraph.indexing.rst import parse_rst

        return parse_rst(source)
    return Parsed(source)


def join_blocks(blocks: list[str]) -> str:
    """Blocks (whitespace collapsed, empty ones dropped) separated by blank lines."""
    cleaned = (" ".join(b.split()) for b in blocks)
    return "\n\n".join(b for b in cleaned if b)


def table_row(cells: list[str], header: list[str] | None) -> str:
    """A table row as text: 'Header: cell; Header: cell' (cells alone without a header)."""
    cells = [" ".join(c.split()) for c in cells]
    if header and len(header) == len(cells):
        return "; ".join(f"{h}: {c}" if h else c for h, c in zip(header, cells) if c)
    return "; ".join(c for c in cells if c)


def json_safe(data: dict[Any, Any]) -> dict[str, Any]:
    """Metadata the store can keep as JSON (dates and other objects become strings)."""
    return json.loads(json.dumps({str(k): v for k, v in data.items()}, default=str))
