"""The text of a parsed chunk, read once.

spaCy's `Doc.text` joins every token's text each time it is read (a Python object per token), and the extraction
helpers read it per span (bylines, year runs, leads, …): on a 100-token chunk that was a third of the rule
code's time. `doc_text` keeps the joined text in `doc.user_data`; a Doc's text never changes (retokenising keeps
it), so the cached string is always the one `doc.text` would build.
"""

from __future__ import annotations

from spacy.tokens import Doc

_KEY = ("hopgraph", "text")


def doc_text(doc: Doc) -> str:
    """`doc.text`, joined on the first call and cached on the Doc."""
    text = doc.user_data.get(_KEY)
    if text is None:
        text = doc.user_data[_KEY] = doc.text
    return text
