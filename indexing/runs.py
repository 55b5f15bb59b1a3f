"""An organisation's run in brackets after its name: "the Tarrow Gazette (1902–1978)" was founded in 1902.

Only after an organisation's name: after a person's name mid-text the same brackets are a term of office or a
lifespan (`hopgraph.indexing.lifespan` reads those).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from spacy.tokens import Span

from hopgraph.indexing.context import ChunkContext

RawTriple = tuple[str, str, str, str]

_RUN = re.compile(r"\s*\((\d{4})\s*(?:[–—-]\s*(?:\d{4}|today|present)?\s*)?\)")


def run_triples(ctx: ChunkContext, span: Span) -> Iterator[RawTriple]:
    """(organisation, "found on", first year) for "<organisation> (1902–1978)" / "(1902–)"."""
    if span.label_ in ("PERSON", "DATE") or not ctx.is_org(span):
        return
    m = _RUN.match(ctx.doc.text, span.end_char)
    if m is not None and re.search(r"[–—-]", m.group(0)):  # a run, not a single year ("Quell (2011)")
        yield span.text, "found on", m.group(1), "run"
