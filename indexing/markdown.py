"""Markdown to plain text with markdown-it-py (CommonMark + tables + YAML front matter).

Headings, paragraphs, list items (nested too) and table rows become blocks of
plain text; code blocks, raw HTML markup and images' URLs are left out (an
HTML block keeps its text). The title is the front matter `title`, else the
first heading; the heading that gives the title is not repeated in the text.
Front matter keys become the document's metadata; malformed front matter is
ignored (the text is still indexed).
"""

from __future__ import annotations

from typing import Any

import yaml
from markdown_it import MarkdownIt
from markdown_it.token import Token
from mdit_py_plugins.front_matter import front_matter_plugin

from hopgraph.indexing.formats import Parsed, join_blocks, json_safe, table_row

_MD = MarkdownIt("commonmark").enable("table").use(front_matter_plugin)


def inline_text(token: Token) -> str:
    """The visible text of an inline token: words, inline code, link text, image alt text; breaks as spaces."""
    parts: list[str] = []
    for child in token.children or ():
        if child.type in ("text", "code_inline", "image"):
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
    return " ".join("".join(parts).split())


def front_matter(content: str) -> dict[str, Any]:
    try:
        data = yaml.safe_load(content)
    except yaml.YAMLError:
        return {}
    return json_safe(data) if isinstance(data, dict) else {}


def parse_markdown(source: str) -> Parsed:
    tokens = _MD.parse(source)
    metadata: dict[str, Any] = {}
    blocks: list[tuple[str, str]] = []  # (kind, text)
    header: list[str] | None = None
    row: list[str] | None = None
    in_heading = in_head = False
    for tok in tokens:
        if tok.type == "front_matter":
            metadata = front_matter(tok.content)
        elif tok.type == "heading_open":
            in_heading = True
        elif tok.type == "heading_close":
            in_heading = False
        elif tok.type in ("thead_open", "thead_close"):
            in_head = tok.type == "thead_open"
        elif tok.type == "tr_open":
            row = []
        elif tok.type == "tr_close" and row is not None:
            if in_head:
                header = row
            else:
                blocks.append(("row", table_row(row, header)))
            row = None
        elif tok.type == "table_close":
            header = None
        elif tok.type == "inline":
            if row is not None:
                row.append(inline_text(tok))
            else:
                blocks.append(("heading" if in_heading else "text", inline_text(tok)))
        elif tok.type == "html_block":
            from hopgraph.indexing.html import html_blocks

            blocks.extend(("text", b) for b in html_blocks(tok.content))
    title = metadata.get("title") if isinstance(metadata.get("title"), str) else ""
    title = " ".join(title.split())
    first_heading = next((i for i, (kind, text) in enumerate(blocks) if kind == "heading" and text), None)
    if first_heading is not None:
        heading = blocks[first_heading][1]
        if not title or heading == title:
            title = title or heading
            if all(not text for _, text in blocks[:first_heading]):  # the title heading opens the document
                del blocks[first_heading]
    return Parsed(join_blocks([text for _, text in blocks]), title, metadata)

