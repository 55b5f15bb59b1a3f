"""Object referents: the entity names a token stands for as a verb's or a preposition's object (coordinated
names, a common noun's appositive or compound proper name, the place a region noun is part of). Part of
`hopgraph.indexing.patterns`, which re-exports them.
"""

from __future__ import annotations

from hopgraph.indexing.affiliation import placeish as _placeish
from hopgraph.indexing.context import ChunkContext
from hopgraph.indexing.deixis import weekday_date
from hopgraph.indexing.predicates import ORG_NOUNS
from spacy.tokens import Token

#: Nouns naming a region of a place: "in the western part of X" is in X.
_REGION_NOUNS = frozenset("part edge side end centre center heart north south east west outskirts foot slope "
                          "shore bank corner".split())
#: Groups one joins as a member: "joined the Tarrow squad".
_GROUP_NOUNS = frozenset("team squad club orchestra band party choir section ensemble crew".split())


def coordinated(ctx: ChunkContext, tok: Token, refs: list[str]) -> list[str]:
    """`refs` plus the other names of a list the parser mis-attached ("by A B and C D" read as one noun
    phrase): every entity span in `tok`'s subtree when only commas, "and"/"or" and determiners separate them."""
    if tok.i not in ctx.span_of or not any(t.dep_ == "cc" for t in tok.subtree):
        return refs
    spans = sorted({ctx.span_of[t.i].start: ctx.span_of[t.i] for t in tok.subtree if t.i in ctx.span_of}.values(),
                   key=lambda sp: sp.start)
    for a, b in zip(spans, spans[1:]):
        if any(not (t.is_punct or t.dep_ in ("cc", "det")) for t in ctx.doc[a.end:b.start]):
            return refs
    return list(dict.fromkeys(refs + [sp.text for sp in spans if sp.label_ != "DATE"]))


def _object_refs(ctx: ChunkContext, tok: Token, conjuncts: bool = True) -> list[str]:
    """Object referents: entity spans (coordinated ones too: "by A and the seamstress B", "A, who ..., and B"),
    or entity modifiers' head noun when it is a proper name."""
    refs = _own_object_refs(ctx, tok)
    if conjuncts:
        for conj in (c for c in tok.children if c.dep_ == "conj"):
            refs = list(dict.fromkeys(refs + _object_refs(ctx, conj)))
    return refs


def _own_object_refs(ctx: ChunkContext, tok: Token) -> list[str]:
    full = weekday_date(ctx, ctx.span_of[tok.i]) if tok.i in ctx.span_of else None
    if full:  # "on Saturday, 11 March 2023"
        return [full]
    refs = coordinated(ctx, tok, ctx.refs(tok))
    if refs or tok.pos_ != "NOUN":
        return refs
    # "directed the film Psycho": a common noun with an appositive / compound proper name
    mods = [*tok.children, *(g for c in tok.children if c.dep_ in ("compound", "nmod") and c.pos_ == "NOUN"
                             and c.i not in ctx.span_of for g in c.children if g.dep_ in ("compound", "nmod"))]
    # "the QX-2 phase II trial": the name may modify the noun before the head
    names = [c for c in mods if c.dep_ in ("appos", "compound", "nmod") and c.i in ctx.span_of
             and (c.dep_ != "nmod" or c.head.i != tok.i)
             and not (c.dep_ in ("compound", "nmod") and tok.lemma_.lower() in ORG_NOUNS | _GROUP_NOUNS
                      and _placeish(ctx.span_of[c.i]))]  # "the Tarrow rescue team" is no Tarrow
    found = [ctx.span_of[c.i].text for c in names if ctx.span_of[c.i].label_ != "DATE"]
    if not found and tok.lemma_.lower() in _REGION_NOUNS:  # "in the western part of X", "on the edge of X"
        found = [r for prep in tok.children if prep.dep_ == "prep" and prep.lower_ == "of"
                 for pobj in prep.children if pobj.dep_ == "pobj" for r in ctx.refs(pobj)]
    return found
