"""reStructuredText to plain text with docutils.

Section titles, paragraphs, list items, definition terms and table rows become
blocks of plain text; literal blocks, comments and raw markup are left out,
and docutils' own warnings are silenced (a malformed file still yields its
text). The title is the document title docutils promotes (a lone top-level
section title); docinfo fields (":Author: …") become metadata.
"""

from __future__ import annotations

import io
from typing import Any

from docutils import nodes
from docutils.core import publish_doctree

from hopgraph.indexing.formats import Parsed, join_blocks, json_safe, table_row

_SETTINGS = {
    "report_level": 5, "halt_level": 5, "warning_stream": io.StringIO(), "file_insertion_enabled": False,
    "raw_enabled": False, "input_encoding": "unicode", "doctitle_xform": True, "docinfo_xform": True,
}
_SKIP = (nodes.literal_block, nodes.comment, nodes.raw, nodes.system_message, nodes.docinfo, nodes.substitution_definition,
         nodes.target, nodes.doctest_block)


def parse_rst(source: str) -> Parsed:
    try:
        doctree = publish_doctree(source, settings_overrides=dict(_SETTINGS, warning_stream=io.StringIO()))
    except Exception:  # docutils raises on input it cannot read at all: keep the text as it is
        return Parsed(source)
    title = ""
    metadata: dict[str, Any] = {}
    blocks: list[str] = []
    for child in doctree.children:
        if isinstance(child, nodes.title) and not title:
            title = " ".join(child.astext().split())
        elif isinstance(child, nodes.docinfo):
            metadata.update(_docinfo(child))
        else:
            _walk(child, blocks)
    return Parsed(join_blocks(blocks), title, json_safe(metadata))


def _walk(node: nodes.Node, out: list[str]) -> None:
    if isinstance(node, _SKIP):
        return
    if isinstance(node, nodes.tgroup):
        head = [r for t in node.findall(nodes.thead) for r in t.findall(nodes.row)]
        header = [e.astext() for e in head[0].children] if len(head) == 1 else None
        for body in node.findall(nodes.tbody):
            out.extend(table_row([e.astext() for e in row.children], header) for row in body.findall(nodes.row))
        return
    if isinstance(node, nodes.TextElement) and not isinstance(node, nodes.Inline):
        out.append(node.astext())
        return
    for child in node.children:
        _walk(child, out)


def _docinfo(docinfo: nodes.docinfo) -> dict[str, str]:
    fields: dict[str, str] = {}
    for item in docinfo.children:
        if isinstance(item, nodes.field) and len(item.children) == 2:
            fields[item[0].astext().strip().lower()] = item[1].astext().strip()
        else:
            fields[item.tagname] = item.astext().strip()
    return fields
