"""Times a news story states relative to its dateline: "a company founded this year" in a story dated "Tarrow, 3
May 2011 —" was founded in 2011."""

from __future__ import annotations

import re
from collections.abc import Iterator

from spacy.tokens import Token

RawTriple = tuple[str, str, str, str]

#: A dateline opening the text: "Tarrow, 3 May 2011 —", "Tarrow/Ossel, May 3, 2011 –" (the year captured).
_DATELINE = re.compile(r"\s*[A-Z][^\n,]{0,40},\s+[^\n—–]{0,20}?\b(\d{4})\s*[—–-]\s")


def this_year_triples(ctx, verb: Token, subjects: list[str]) -> Iterator[RawTriple]:
    """(subject, "found on", year) for a founding verb modified by "this year" in a text opened by a dateline
    (read from the characters: the parser may tag the town an adjective)."""
    if not any(c.dep_ == "npadvmod" and c.lower_ == "year" and any(d.lower_ == "this" for d in c.children)
               for c in verb.children):
        return
    m = _DATELINE.match(ctx.doc.text)
    if m is not None:
        yield from ((s, "found on", m.group(1), "dateline") for s in subjects if s != m.group(1))
