"""A place set off by a comma after another place: "born in Tarrow, Ossland", "grew up in Tarrow, on Lake Ossel".

English locates a place by the larger one after it, as an apposition ("Tarrow, Ossland", parsed as such) or as a
comma-separated prepositional phrase ("Tarrow, on Lake Ossel", "Tarrow, near the Ossel river"). Both give
(place, "located in", larger place) ("near" gives "located near"). The prepositional phrase then says where the
first place is, not where the sentence's verb happened: `locates_place` lets the verb patterns skip it ("grew up
on Lake Ossel" is not what was said).
"""

from __future__ import annotations

from collections.abc import Iterator

from spacy.tokens import Span, Token

from hopgraph.models_indexing import RawTriple

_PLACE_LABELS = frozenset(("GPE", "LOC", "FAC"))
_LARGER = frozenset(("GPE", "LOC"))
_PREPS = {"in": "located in", "on": "located in", "at": "located in", "near": "located near"}


def _place_before_comma(ctx, i: int) -> Span | None:
    """The place span ending right before the comma at token `i`."""
    doc = ctx.doc
    if i < 1 or doc[i].text != ",":
        return None
    span = ctx.span_of.get(i - 1)
    return span if span is not None and span.label_ in _PLACE_LABELS and span.end == i else None


def locates_place(ctx, prep: Token) -> bool:
    """True for a preposition right after "<place>," whose object is a place: it locates that place."""
    if prep.lower_ not in _PREPS or _place_before_comma(ctx, prep.i - 1) is None:
        return False
    return any(c.dep_ == "pobj" and c.i in ctx.span_of and ctx.span_of[c.i].label_ in _LARGER
               for c in prep.children)


def placement_triples(ctx, span: Span) -> Iterator[RawTriple]:
    """(place, located in, larger place) for "<place>, <larger place>" (apposition) and "<place>, on <place>"."""
    if span.label_ not in _PLACE_LABELS or span.end + 1 >= len(ctx.doc) or ctx.doc[span.end].text != ",":
        return
    nxt = ctx.doc[span.end + 1]
    other = ctx.span_of.get(nxt.i)
    if other is not None and other.start == nxt.i and other.label_ in _LARGER and other.root.dep_ == "appos" \
            and other.root.head.i in range(span.start, span.end):
        yield span.text, "located in", other.text, "placement"
    elif locates_place(ctx, nxt):
        for pobj in (c for c in nxt.children if c.dep_ == "pobj" and c.i in ctx.span_of):
            place = ctx.span_of[pobj.i]
            if place.label_ in _LARGER and place.text != span.text:
                yield span.text, _PREPS[nxt.lower_], place.text, "placement"


_BORN_SKIP = frozenset(("ADJ", "NOUN", "PROPN"))


def born_compound_triples(ctx, span: Span) -> Iterator[RawTriple]:
    """(person, born in, place) for "the Tarrow-born violinist Ada Brook": "<place>-born" before the name, with
    only modifiers and nouns between."""
    if span.label_ != "PERSON":
        return
    doc, k = ctx.doc, span.start - 1
    while k >= span.sent.start and span.start - k <= 4 and doc[k].lower_ != "born" and doc[k].pos_ in _BORN_SKIP \
            and k not in ctx.span_of:
        k -= 1
    if k < span.sent.start + 2 or doc[k].lower_ != "born" or doc[k - 1].text not in ("-", "–"):
        return
    place = ctx.span_of.get(k - 2)
    if place is not None and place.end == k - 1 and place.label_ not in ("PERSON", "DATE", "ORG"):
        yield span.text, "born in", place.text, "born-compound"
