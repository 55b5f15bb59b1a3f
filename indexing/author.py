"""Who "we" and "our" are in an organisation's own document: the organisation that opens it.

Annual reports, newsletters and season reports open with their author's name ("Quell Ltd — Annual report 2021",
"Tarrow Ski School, Ossel — Newsletter"); outside quoted speech their "we / our / us" is that organisation.
`author_org` finds it on the chunk's first line (an organisation's name opening the line and followed by a dash,
or by a comma and one more name then a dash), else in the document's title ("Quell Ltd — about us", "Quell Ltd —
news, 2017": `hopgraph.indexing.document_kinds.title_author`) when the text names it or its first word;
`is_quoted` says whether a token stands inside quotation marks on its line (there "we" is the speaker's, not the
author's). News stories open otherwise: their "we" stays unresolved.
"""

from __future__ import annotations

from spacy.tokens import Token

from hopgraph.indexing.doc_text import doc_text
from hopgraph.indexing.document_kinds import title_author
from hopgraph.indexing.normalize import normalize
from hopgraph.indexing.name_edges import COMPANY_SUFFIXES

FIRST_PLURAL = frozenset(("we", "our", "us", "ours", "ourselves"))
_DASHES = frozenset(("—", "–", "|"))
_QUOTES = ('"', "“", "”")


def author_org(ctx) -> str | None:
    """The organisation a document opening with its own name speaks for (cached per chunk), or None."""
    cache = ctx.__dict__.setdefault("_author", {})
    if "org" not in cache:
        cache["org"] = _find_author(ctx)
    return cache["org"]


def _find_author(ctx) -> str | None:
    return _author_in_text(ctx) or _author_in_title(ctx)


def _author_in_title(ctx) -> str | None:
    """The organisation a "<Name> — <subtitle>" title puts first, when the text names it or its first word."""
    name = title_author(getattr(ctx, "doc_title", ""))
    if name is None:
        return None
    first = normalize(name.split()[0])
    names = {normalize(s.text) for s in ctx.spans} | {normalize(s.text.split()[0]) for s in ctx.spans}
    return name if normalize(name) in names or first in names else None


def _author_in_text(ctx) -> str | None:
    doc, text = ctx.doc, doc_text(ctx.doc)
    line_end = text.find("\n")
    first = [s for s in ctx.spans if line_end < 0 or s.start_char < line_end]
    if not first or first[0].start_char != len(text) - len(text.lstrip()) or ctx.org_strength(first[0]) < 2:
        return None
    k = first[0].end
    if k < len(doc) and doc[k].lower_ in COMPANY_SUFFIXES:
        k += 1  # "Quell Group plc — Minutes ..."
    if k < len(doc) and doc[k].text == "," and len(first) > 1 and first[1].start == k + 1:
        k = first[1].end  # "Tarrow Ski School, Ossel — Newsletter"
    return first[0].text if k < len(doc) and doc[k].text in _DASHES else None


def is_quoted(tok: Token) -> bool:
    """True when `tok` stands inside quotation marks opened on its own line."""
    text = doc_text(tok.doc)
    line_start = text.rfind("\n", 0, tok.idx) + 1
    return sum(text[line_start:tok.idx].count(q) for q in _QUOTES) % 2 == 1
