"""Structured formats to plain text (indexing/formats.py, markdown.py, html.py, rst.py)."""

from __future__ import annotations

from hopgraph.indexing.formats import parse_document


def test_markdown_blocks_inline_markup_code_and_html() -> None:
    src = ("# Quay log\n\nThe *new* quay was [opened](http://example.invalid) by `Ada Quill`\non a Monday.\n\n"
           "```python\nprint('code is not prose')\n```\n\n> Quoted praise for the quay.\n\n"
           "<div><p>An <b>HTML</b> block.</p></div>\n\n![a crane](crane.png)\n")
    parsed = parse_document(".md", src)
    assert parsed.title == "Quay log"
    assert parsed.text.split("\n\n") == [
        "The new quay was opened by Ada Quill on a Monday.", "Quoted praise for the quay.", "An HTML block.", "a crane",
    ]


def test_markdown_title_heading_is_kept_when_front_matter_names_another_title() -> None:
    parsed = parse_document(".markdown", "---\ntitle: Log\ntags: [quay, 2021]\n---\n# Opening day\n\nText.")
    assert parsed.title == "Log" and parsed.metadata == {"title": "Log", "tags": ["quay", 2021]}
    assert parsed.text == "Opening day\n\nText."


def test_html_drops_scripts_navigation_and_keeps_tables_and_meta() -> None:
    src = ("<!doctype html><html><head><title>Quay news</title><meta name='author' content='Ada Quill'>"
           "<style>p{color:red}</style></head><body><nav><a href='/'>Home</a> | <a href='/x'>About</a></nav>"
           "<h1>Quay news</h1><p>The quay <a href='#'>opened</a> today.<br>Ships came.</p>"
           "<div>Loose text<ul><li>First</li><li>Second <i>item</i></li></ul></div>"
           "<table><tr><th>Ship</th><th>Berth</th></tr><tr><td>Tern</td><td>3</td></tr></table>"
           "<!-- a comment --><script>alert('x')</script></body></html>")
    parsed = parse_document(".htm", src)
    assert parsed.title == "Quay news" and parsed.metadata == {"author": "Ada Quill"}
    assert parsed.text.split("\n\n") == [
        "The quay opened today. Ships came.", "Loose text", "First", "Second item", "Ship: Tern; Berth: 3",
    ]


def test_rst_title_docinfo_lists_tables_and_no_literal_blocks() -> None:
    src = ("==========\nQuay notes\n==========\n\n:Author: Ada Quill\n\nThe quay *opened* in 1911.\n\n"
           "- first item\n- second item\n\n::\n\n   literal code\n\n"
           "+------+-------+\n| Ship | Berth |\n+======+=======+\n| Tern | 3     |\n+------+-------+\n\n"
           "Broken `markup here.\n")
    parsed = parse_document(".RST", src)
    assert parsed.title == "Quay notes" and parsed.metadata == {"author": "Ada Quill"}
    blocks = parsed.text.split("\n\n")
    assert blocks[:4] == ["The quay opened in 1911.", "first item", "second item", "Ship: Tern; Berth: 3"]
    assert "literal code" not in parsed.text and "Broken" in parsed.text


def test_plain_text_is_returned_unchanged() -> None:
    src = "# not parsed\n- kept as is\n"
    assert parse_document(".txt", src).text == src
