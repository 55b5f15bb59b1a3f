"""An organisation's run in brackets after its name: "the Tarrow Gazette (1902–1978)" was founded in 1902; or
stated by a verb: "the Tarrow Gazette appeared from 1832 until 1869".

Only after an organisation's name (or a one-word name listed with organisations): after a person's name
mid-text the same brackets are a term of office or a lifespan (`hopgraph.indexing.lifespan` reads those).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from spacy.tokens import Span

from hopgraph.indexing.context import ChunkContext
from hopgraph.indexing.doc_text import doc_text
from hopgraph.models_indexing import RawTriple


_RUN = re.compile(r"\s*\((\d{4})\s*(?:[–—-]\s*(?:\d{4}|today|present)?\s*)?\)")


def run_triples(ctx: ChunkContext, span: Span) -> Iterator[RawTriple]:
    """(organisation, "found on", first year) for "<organisation> (1902–1978)" / "(1902–)"."""
    if span.label_ == "DATE" or not (ctx.is_org(span) and span.label_ != "PERSON" or _listed_with_org(ctx, span)):
        return
    m = _RUN.match(doc_text(ctx.doc), span.end_char)
    if m is not None and re.search(r"[–—-]", m.group(0)):  # a run, not a single year ("Quell (2011)")
        yield span.text, "found on", m.group(1), "run"


def _listed_with_org(ctx: ChunkContext, span: Span) -> bool:
    """A one-word name listed with organisations ("the Tarrow Gazette, the Ossel Post and the Volksblatt"): the
    list makes it one too, whatever NER guessed."""
    if len(span) != 1:
        return False
    tok = span.root
    while tok.dep_ in ("conj", "appos") and tok.head.i != tok.i:
        tok = tok.head
        other = ctx.span_of.get(tok.i)
        if other is not None and other.label_ != "PERSON" and ctx.is_org(other):
            return True
    return False


_RUN_VERBS = frozenset(("appear", "run", "exist", "publish", "operate", "print", "broadcast", "trade"))


def verb_run_triples(ctx: ChunkContext, verb, subjects: list[str]) -> Iterator[RawTriple]:
    """(organisation, "found on", first year) for "the Tarrow Gazette appeared from 1832 until 1869": a
    publication's or firm's run stated by a verb of existing, "from" a year "until"/"to" another."""
    if verb.lemma_.lower() not in _RUN_VERBS:
        return
    preps = {c.lower_: c for c in verb.children if c.dep_ == "prep"}
    start, end = preps.get("from"), preps.get("until") or preps.get("to") or preps.get("till")
    if start is None or end is None:
        return
    year = next((c for c in start.children if c.dep_ == "pobj" and re.fullmatch(r"\d{4}", c.text)), None)
    if year is None:
        return
    for subj in subjects:
        span = next((sp for sp in ctx.spans if sp.text == subj), None)
        if span is not None and ctx.org_strength(span) == 2:
            yield subj, "found on", year.text, "run"
