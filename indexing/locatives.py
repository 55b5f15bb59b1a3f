"""Places reached indirectly: through a common noun ("based in a former dairy in Y"), a relative "where" ("Y, the
village where X was born"; "she studied here" in an organisation's own newsletter), an organisation's seat ("Its headquarters are on X in Y"), a site written right
before "in"/"at" a place ("on Uferweg in Tarrow"), or a heading "Quell Ski School, Tarrow — Newsletter". Part of the dependency
patterns of `hopgraph.indexing.patterns` (same raw predicates and direction convention).
"""

from __future__ import annotations

from collections.abc import Iterator

from spacy.tokens import Span, Token

from hopgraph.indexing.affiliation import NOT_PLACE
from hopgraph.indexing.affiliation import placeish as _placeish
from hopgraph.indexing.author import author_org, is_quoted
from hopgraph.indexing.context import ChunkContext
from hopgraph.indexing.predicates import PLACE_NOUNS
from hopgraph.models_indexing import RawTriple

_VALUE_LABELS = frozenset("DATE TIME CARDINAL ORDINAL QUANTITY PERCENT MONEY".split())


#: Nouns naming an organisation's seat: "Its headquarters are on X in Y".
_SEAT_NOUNS = frozenset(("headquarters", "headquarter", "seat", "head office", "base"))


def seat_copula_triples(ctx: ChunkContext, be: Token) -> Iterator[RawTriple]:
    """(owner, "headquarter in", place) for "<owner>'s headquarters are on Uferweg in Tarrow" (each place the
    copula's "in"/"on"/"at" names, and a place the street is "in")."""
    subj = next((c for c in be.children if c.dep_ == "nsubj"), None)
    if subj is None or subj.lemma_.lower() not in _SEAT_NOUNS and subj.lower_ not in _SEAT_NOUNS:
        return
    owners = [r for c in subj.children if c.dep_ == "poss" for r in ctx.refs(c)]
    places = []
    for prep in (c for c in be.children if c.dep_ == "prep" and c.lower_ in ("in", "on", "at")):
        for pobj in (c for c in prep.children if c.dep_ == "pobj"):
            places += [ctx.span_of[t.i] for t in (pobj, *(g for c in pobj.children if c.dep_ == "prep"
                                                          and c.lower_ == "in" for g in c.children
                                                          if g.dep_ == "pobj")) if t.i in ctx.span_of]
    for place in dict.fromkeys(p for p in places if p.label_ not in NOT_PLACE):
        yield from ((o, "headquarter in", place.text, "prep") for o in owners if o != place.text)


#: Prepositions kept when a place is reached through a common noun ("moved from a farm in Y": moved from Y);
#: after any other ("based in a former dairy in Y", "grew up above a shop in Y") the subject was in Y.
_MOTION_PREPS = frozenset(("from", "to", "into"))
_PLACE_SPAN_LABELS = frozenset(("GPE", "LOC"))


def nested_place_triples(ctx: ChunkContext, pobj: Token, base: str, prep: Token,
                  subjects: list[str]) -> Iterator[RawTriple]:
    """"based in a former dairy in Y", "grew up above his father's surgery in Y": a common noun placed "in" a
    town or region puts the verb's subject there too: (subject, "<verb> in", Y)."""
    from hopgraph.indexing.patterns import _object_refs

    if pobj.pos_ != "NOUN" or pobj.i in ctx.span_of or _object_refs(ctx, pobj):
        return
    pred = f"{base} {prep.lower_ if prep.lower_ in _MOTION_PREPS else 'in'}"
    for inner in (c for c in pobj.children if c.dep_ == "prep" and c.lower_ == "in"):
        for place in (c for c in inner.children if c.dep_ == "pobj" and c.i in ctx.span_of):
            span = ctx.span_of[place.i]
            if span.label_ in _PLACE_SPAN_LABELS or (span.label_ not in NOT_PLACE and _placeish(span)
                                                     and not ctx.is_org(span)):
                yield from ((s, pred, span.text, "prep") for s in subjects if s != span.text)


#: Verbs a "where" clause places: "Y, the village where she was born", "the town where they settled".
_WHERE_VERBS = frozenset(("born", "bear", "die", "marry", "wed", "found", "establish", "base", "live", "grow up",
                          "settle", "raise", "bury", "work", "study", "teach"))


#: Verbs that, with "here" in an organisation's own document, relate the subject to it ("she studied here").
_HERE_VERBS = frozenset(("study", "work", "teach", "train"))


def where_clause_triples(ctx: ChunkContext, verb: Token, pred: str, subjects: list[str]) -> Iterator[RawTriple]:
    """"Y, the village where X was born in 1969": a relative "where" puts the clause's verb in the place its noun
    refers to: (X, "born in", Y). In an organisation's own newsletter or report (`author.author_org`), outside
    quotations, "studied here" / "worked here" is at that organisation: (X, "study at", the organisation)."""
    if pred in _HERE_VERBS and any(c.dep_ == "advmod" and c.lower_ == "here" for c in verb.children) \
            and ctx.narrative and not is_quoted(verb):
        org = author_org(ctx)
        yield from ((s, f"{pred} at", org, "prep") for s in subjects if org and s != org)
    if verb.dep_ != "relcl" or pred not in _WHERE_VERBS \
            or not any(c.dep_ == "advmod" and c.lower_ == "where" for c in verb.children):
        return
    head = verb.head  # "the village where": a common noun that says it is a place
    place_noun = head.pos_ == "NOUN" and head.i not in ctx.span_of and head.lemma_.lower() in PLACE_NOUNS
    for place in ctx.anchor(head):
        span = next((sp for sp in ctx.spans if sp.text == place), None)
        if span is not None and span.label_ not in _VALUE_LABELS and (
                place_noun or (span.label_ not in NOT_PLACE and (span.label_ in _PLACE_SPAN_LABELS
                                                                  or _placeish(span)))):
            yield from ((s, f"{pred} in", place, "prep") for s in subjects if s != place)


_SITE_KINDS = frozenset(("FAC", "LOC"))
_AREA_KINDS = frozenset(("GPE", "LOC", "FAC"))


def adjacent_place_triples(ctx: ChunkContext, span: Span) -> Iterator[RawTriple]:
    """(site, located in, place) for a building, street or natural site written right before "in"/"at" a place
    ("on Uferweg in Tarrow", "the Kelm gondola at the Tarrow ski area"), however the parser attached the
    preposition."""
    from hopgraph.indexing.types import name_type

    doc = ctx.doc
    kind = name_type(span.text) or span.label_
    if kind not in _SITE_KINDS or span.end + 1 >= len(doc) or doc[span.end].lower_ not in ("in", "at"):
        return
    k = span.end + 1 + (doc[span.end + 1].lower_ == "the")
    other = ctx.span_of.get(k)
    if other is not None and other.start == k and other.text != span.text \
            and (name_type(other.text) or other.label_) in _AREA_KINDS and not ctx.is_org(other):
        yield span.text, "located in", other.text, "adjacent-place"


_DASHES = frozenset(("—", "–", "-", "|"))


def heading_place_triples(ctx: ChunkContext, span: Span) -> Iterator[RawTriple]:
    """(organisation, headquartered in, town) for a heading or letterhead "Quell Ski School, Tarrow — Newsletter"
    (an organisation opening its line, a comma, a town, then a dash or the line's end)."""
    from hopgraph.indexing.types import name_type

    doc = ctx.doc  # the town may be tagged anything by NER; one word not shaped as an organisation's name will do
    if ctx.org_strength(span) < 2 or span.end + 1 >= len(doc) or doc[span.end].text != "," \
            or not (span.start == 0 or "\n" in doc[span.start - 1].text_with_ws):
        return
    place = ctx.span_of.get(span.end + 1)
    if place is None or place.start != span.end + 1 or ctx.is_org(place) or not (
            (name_type(place.text) or place.label_) in ("GPE", "LOC") or (len(place) == 1 and _placeish(place))):
        return
    after = doc[place.end] if place.end < len(doc) else None
    if after is None or after.text in _DASHES or "\n" in doc[place.end - 1].text_with_ws or after.is_space:
        yield span.text, "headquartered in", place.text, "heading-place"
