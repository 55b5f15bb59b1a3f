"""Times stated relative to something else: "a company founded this year" in a story dated "Tarrow, 3 May 2011 —"
was founded in 2011; "on Saturday, 11 March 2023" is 11 March 2023."""

from __future__ import annotations

import re
from collections.abc import Iterator

from spacy.tokens import Token

from hopgraph.indexing.doc_text import doc_text
from hopgraph.models_indexing import RawTriple


#: A dateline opening the text: "Tarrow, 3 May 2011 —", "Tarrow/Ossel, May 3, 2011 –" (the year captured).
_DATELINE = re.compile(r"\s*[A-Z][^\n,]{0,40},\s+[^\n—–]{0,20}?\b(\d{4})\s*[—–-]\s")


def this_year_triples(ctx, verb: Token, subjects: list[str]) -> Iterator[RawTriple]:
    """(subject, "found on", year) for a founding verb modified by "this year" in a text opened by a dateline
    (read from the characters: the parser may tag the town an adjective)."""
    if not any(c.dep_ == "npadvmod" and c.lower_ == "year" and any(d.lower_ == "this" for d in c.children)
               for c in verb.children):
        return
    m = _DATELINE.match(doc_text(ctx.doc))
    if m is not None:
        yield from ((s, "found on", m.group(1), "dateline") for s in subjects if s != m.group(1))


_WEEKDAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday".split())


def weekday_date(ctx, span) -> str | None:
    """"on Saturday, 11 March 2023": the full date written after a weekday (the weekday alone dates nothing)."""
    doc = ctx.doc
    if span.label_ != "DATE" or span.text.lower() not in _WEEKDAYS or span.end + 1 >= len(doc) \
            or doc[span.end].text != ",":
        return None
    nxt = ctx.span_of.get(span.end + 1)
    return nxt.text if nxt is not None and nxt.label_ == "DATE" and nxt.start == span.end + 1 else None
