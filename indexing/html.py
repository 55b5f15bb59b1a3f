"""HTML to plain text with BeautifulSoup (the standard library's html.parser underneath).

Block elements (paragraphs, headings, list items, table rows, divs …) become
blocks of plain text, inline elements stay inside their block, and scripts,
styles, navigation and other non-prose elements are dropped. The title is the
<title>, else the first <h1>; <meta name=… content=…> pairs become metadata.
"""

from __future__ import annotations

from typing import Any

from bs4 import BeautifulSoup, NavigableString, Tag
from bs4.element import CData, Comment, Declaration, Doctype, ProcessingInstruction

from hopgraph.indexing.formats import Parsed, join_blocks, json_safe, table_row

DROP = {"script", "style", "noscript", "template", "svg", "iframe", "nav", "head", "object", "canvas", "select",
        "button", "form", "pre", "code"}
BLOCKS = {"p", "div", "section", "article", "main", "aside", "header", "footer", "li", "ul", "ol", "dl", "dt", "dd",
          "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "figure", "figcaption", "address", "table", "caption",
          "hr", "body", "html", "details", "summary", "fieldset", "center"}
_NOT_TEXT = (Comment, Declaration, Doctype, ProcessingInstruction, CData)


def parse_html(source: str) -> Parsed:
    soup = BeautifulSoup(source, "html.parser")
    metadata: dict[str, Any] = {}
    for meta in soup.find_all("meta"):
        name = meta.get("name") or meta.get("property")
        if isinstance(name, str) and isinstance(meta.get("content"), str):
            metadata[name] = meta["content"]
    title_tag = soup.find("title")
    title = " ".join(title_tag.get_text().split()) if title_tag else ""
    if not title and (h1 := soup.find("h1")):
        title = " ".join(h1.get_text().split())
    blocks = _blocks(soup)
    if blocks and blocks[0] == title:  # a heading repeating the title opens the page
        blocks = blocks[1:]
    return Parsed(join_blocks(blocks), title, json_safe(metadata))


def html_blocks(source: str) -> list[str]:
    """The text blocks of an HTML fragment."""
    return _blocks(BeautifulSoup(source, "html.parser"))


def _blocks(soup: BeautifulSoup) -> list[str]:
    for tag in soup.find_all(DROP):
        tag.decompose()
    for br in soup.find_all("br"):
        br.replace_with(" ")
    out: list[str] = []
    _walk(soup, out)
    return [b for b in (" ".join(x.split()) for x in out) if b]


def _walk(node: Tag, out: list[str]) -> None:
    """Append the text blocks under `node` in reading order; inline runs are joined into one block."""
    buf: list[str] = []

    def flush() -> None:
        if buf:
            out.append("".join(buf))
            buf.clear()

    for child in node.children:
        if isinstance(child, NavigableString):
            if not isinstance(child, _NOT_TEXT):
                buf.append(str(child))
        elif isinstance(child, Tag):
            if child.name == "table":
                flush()
                _table(child, out)
            elif child.name in BLOCKS or child.find(BLOCKS | {"table"}) is not None:
                flush()
                _walk(child, out)
            else:
                buf.append(child.get_text())
    flush()


def _table(table: Tag, out: list[str]) -> None:
    header: list[str] | None = None
    for caption in table.find_all("caption"):
        out.append(caption.get_text())
    for row in table.find_all("tr"):
        cells = row.find_all(["th", "td"], recursive=False)
        texts = [c.get_text() for c in cells]
        if header is None and cells and all(c.name == "th" for c in cells):
            header = [" ".join(t.split()) for t in texts]
            continue
        out.append(table_row(texts, header))
