"""Where an organisation has a site: "its factory on the Tarnby lakeshore", "the company's Ostrel laboratory".

A facility noun (factory, workshop, laboratory, office, ...) owned by an organisation ("its", "our", "the
company's", "Quell's") and placed by a name ("the Tarnby factory", "its office in Tarnby", "its factory on the
Tarnby lakeshore") gives (organisation, "has <noun> in", place): a readable relation outside the canonical
vocabulary; a facility with a name of its own ("the company's Quell Diagnostics laboratory in Tarnby") is a
unit of the owner, located there. "our" refers, in a narrative document, to the organisation named nearest before (the company writing
its notice or press release).
"""

from __future__ import annotations

from collections.abc import Iterator

from spacy.tokens import Token

from hopgraph.indexing.affiliation import placeish
from hopgraph.models_indexing import RawTriple


FACILITY_NOUNS = frozenset(
    "factory workshop laboratory lab plant office outlet warehouse store shop newsroom studio site mill "
    "depot branch headquarters".split()
)
_FIRST_PLURAL = frozenset(("our",))


def _is_unit_name(span) -> bool:
    """A name of several words NER calls an organisation or a building ("Quell Diagnostics"), not a place."""
    return len(span) > 1 and span.label_ in ("ORG", "FAC")


def _owners(ctx, noun: Token) -> list[str]:
    for child in noun.children:
        if child.dep_ == "poss":
            if child.lower_ in _FIRST_PLURAL and ctx.narrative:
                org = ctx.nearest(child, ("ORG",))
                return [org] if org else []
            return ctx.refs(child)
    return []


def _places(ctx, tok: Token) -> list[str]:
    """Place names modifying `tok` ("the Tarnby factory")."""
    out = []
    for child in tok.children:
        if child.dep_ in ("compound", "amod", "nmod") and child.i in ctx.span_of and child.i < tok.i:
            span = ctx.span_of[child.i]
            if placeish(span) and not _is_unit_name(span):
                out.append(span.text)
    return out


def facility_triples(ctx, noun: Token) -> Iterator[RawTriple]:
    """(organisation, "have <noun> in", place) for an owned, placed facility noun."""
    lemma = noun.lemma_.lower()
    if noun.pos_ != "NOUN" or lemma not in FACILITY_NOUNS or noun.i in ctx.span_of:
        return
    owners = _owners(ctx, noun)
    if not owners:
        return
    places = _places(ctx, noun)
    for prep in (c for c in noun.children if c.dep_ == "prep" and c.lower_ in ("in", "on", "at")):
        for pobj in (c for c in prep.children if c.dep_ == "pobj"):
            span = ctx.span_of.get(pobj.i)
            if span is not None and (span.label_ in ("GPE", "LOC") or (len(span) == 1 and placeish(span))):
                places.append(span.text)
            elif span is None and pobj.pos_ == "NOUN":  # "on the Tarnby lakeshore"
                places += _places(ctx, pobj)
    named = [ctx.span_of[c.i].text for c in noun.children if c.dep_ == "compound" and c.i in ctx.span_of
             and _is_unit_name(ctx.span_of[c.i])]
    places = [p for p in dict.fromkeys(places) if p not in named]
    if named:  # "the company's Quell Diagnostics laboratory in Tarnby": a named unit of the owner
        for unit in named:
            yield from ((unit, "subsidiary of", o, "facility") for o in owners if o != unit)
            yield from ((unit, "located in", p, "facility") for p in places)
        return
    word = "offices" if lemma == "office" and noun.tag_ == "NNS" else lemma  # "its offices": where it is based
    for owner in owners:
        yield from ((owner, f"have {word} in", p, "facility") for p in places if p != owner)
