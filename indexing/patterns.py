"""Dependency patterns that read typed (subject, predicate, object) triples from one sentence.

Direction convention: the predicate relates subject to object as "subject IS <predicate> OF
object" for noun predicates ((Nadia Brook, founder, Quillfeather), (Z, wife, Y)) and "subject
<verb> object" for verb predicates ((Curie, discover, polonium), (Y, direct, X)). Passives
are turned active ("Y was directed by X" -> (X, direct, Y)). Prepositional verb relations
keep the preposition ((X, born in, Z), (X, die on, DATE)). Endpoints are entity surface forms
(NER span, proper-noun run, resolved pronoun or title); common-noun endpoints are dropped.

A verb predicate keeps its particle ("grow up in", "set up"); a verb with a common-noun object
keeps that noun before a preposition ("take part in", "open shop in"). A relational noun that
names a position (`ROLE_NOUNS`) keeps its title words ("chief technology officer of"); a place
or organisation class noun modified by a place reads "<noun> in" ("a Tarnby software company"
-> "company in"). Verbs of holding a position with a common-noun object ("X chairs the board of
Y") give (X, "role: chair", Y). Coordinated subjects of a symmetric verb ("A and B were
married") give a triple between them. Raw predicates are mapped to the canonical vocabulary by
`hopgraph.indexing.predicates.canonicalise` in the extractor.

This module dispatches each sentence's tokens to the patterns; verb triples are in
`hopgraph.indexing.verb_patterns`, object referents in `hopgraph.indexing.object_refs`.

Appointments, "X of <organisation>" memberships and place-described organisations come from
`hopgraph.indexing.affiliation`; copulas, appositions and relational nouns from `hopgraph.indexing.noun_patterns`;
titles next to names from `hopgraph.indexing.titles`, organisations' sites from `hopgraph.indexing.facilities`,
"<place>, <larger place>" from `hopgraph.indexing.placement`, datelines from `hopgraph.indexing.dateline`;
places reached through a common noun, a relative "where" or an organisation's seat from
`hopgraph.indexing.locatives`, event nouns ("its founding in 1923") from `hopgraph.indexing.event_nouns`, and
arguments the parser attached to the wrong word from `hopgraph.indexing.parse_repairs`.

Patterns (Triple.pattern): svo, prep, passive, copula, apposition, compound, possessive,
of-genitive, coordination, role-verb, appointment, person-of, placed-org, role-list, run, born-compound,
unit-at, described-member, listed-unit, adjacent-place, heading-place, as-title.
"""

from __future__ import annotations

from collections.abc import Iterator

from hopgraph.indexing.affiliation import (
    described_member_triples,
    listed_unit_triples,
    member_triples,
    placed_org_triples,
    possessive_triples,
    unit_at_triples,
)
from hopgraph.indexing.context import ChunkContext
from hopgraph.indexing.event_nouns import event_noun_triples, light_verb_triples
from hopgraph.indexing.facilities import facility_triples
from hopgraph.indexing.locatives import adjacent_place_triples, heading_place_triples, seat_copula_triples
from hopgraph.indexing.noun_patterns import _link, apposition_triples, copula_triples
from hopgraph.indexing.object_refs import _object_refs, _own_object_refs, coordinated  # re-exported
from hopgraph.indexing.placement import born_compound_triples, placement_triples
from hopgraph.indexing.predicates import MEMBER_NOUNS
from hopgraph.indexing.runs import run_triples
from hopgraph.indexing.titles import adjacent_title_triples, as_title_triples
from hopgraph.indexing.verb_patterns import _HYPHENS, verb_predicate, verb_subjects, verb_triples  # re-exported
from hopgraph.models_indexing import RawTriple
from spacy.tokens import Span, Token

_SKIP_VERBS = frozenset("be have do".split())
_PLACED = {"ORG": "headquartered in", "FAC": "located in", "LOC": "located in", "GPE": "located in"}


def sentence_triples(ctx: ChunkContext, sent: Span) -> Iterator[RawTriple]:
    """Every triple the patterns find in one sentence (may contain duplicates)."""
    for tok in sent:
        if (tok.pos_ in ("VERB", "AUX") and tok.lemma_ not in _SKIP_VERBS) or (tok.lemma_ == "do" and tok.pos_ == "VERB"
                                                                             and tok.dep_ != "aux"):
            yield from verb_triples(ctx, tok)
        elif tok.lemma_ == "be":
            yield from copula_triples(ctx, tok)
            yield from seat_copula_triples(ctx, tok)
        if tok.pos_ == "VERB" and tok.lemma_ in ("have", "hold", "give", "celebrate", "stage"):
            yield from light_verb_triples(ctx, tok)  # "X had its premiere at Y"
        if tok.lemma_ in ("become", "remain"):  # "X became managing director of Y"
            yield from copula_triples(ctx, tok)
        if tok.dep_ == "appos":
            yield from apposition_triples(ctx, tok)
        if tok.dep_ == "compound" and tok.pos_ == "NOUN" and tok.head.i in ctx.span_of:
            if tok.i not in ctx.span_of:
                yield from _link(ctx, ctx.refs(tok.head), tok, "compound")
        if tok.dep_ == "prep" and tok.lower_ == "in" and tok.head.i in ctx.span_of:
            yield from _placed_in(ctx, ctx.span_of[tok.head.i], tok)
        if tok.i in ctx.span_of and ctx.span_of[tok.i].root.i == tok.i:
            yield from member_triples(ctx, ctx.span_of[tok.i])
            yield from possessive_triples(ctx, ctx.span_of[tok.i])
            yield from unit_at_triples(ctx, ctx.span_of[tok.i])
            yield from adjacent_place_triples(ctx, ctx.span_of[tok.i])
            yield from heading_place_triples(ctx, ctx.span_of[tok.i])
            yield from adjacent_title_triples(ctx, ctx.span_of[tok.i])
            yield from as_title_triples(ctx, ctx.span_of[tok.i])
            yield from _member_noun_before(ctx, ctx.span_of[tok.i])
            yield from placement_triples(ctx, ctx.span_of[tok.i])
            yield from run_triples(ctx, ctx.span_of[tok.i])
            yield from born_compound_triples(ctx, ctx.span_of[tok.i])
        elif tok.pos_ == "NOUN":
            yield from placed_org_triples(ctx, tok)
            yield from facility_triples(ctx, tok)
            yield from event_noun_triples(ctx, tok)
            yield from described_member_triples(ctx, tok)
            yield from listed_unit_triples(ctx, tok)


def _member_noun_before(ctx: ChunkContext, span: Span) -> Iterator[RawTriple]:
    """"the Tarrow Wheelers rider Ada Brook": the noun before a person's name relates the person."""
    if span.label_ != "PERSON" or span.start == 0:
        return
    noun = ctx.doc[span.start - 1]
    if noun.pos_ == "NOUN" and noun.lemma_.lower() in MEMBER_NOUNS and noun.i not in ctx.span_of:
        yield from _link(ctx, [span.text], noun, "compound")


def _placed_in(ctx: ChunkContext, span: Span, prep: Token) -> Iterator[RawTriple]:
    """"the Brindle inn in Ostwick" -> (Brindle inn, located in, Ostwick); an organisation is headquartered."""
    pred = _PLACED.get(span.label_)
    if pred is None or prep.head.i != span.root.i:
        return
    for pobj in (c for c in prep.children if c.dep_ == "pobj" and c.i in ctx.span_of):
        place = ctx.span_of[pobj.i]
        if place.label_ in ("GPE", "LOC") and place.start != span.start:
            yield span.text, pred, place.text, "nominal-in"

