"""Definite descriptions that point back at a name: "the festival" after "the Tarrow Music Festival".

News and reports name a thing once and then call it by its class: "the festival's artistic director", "the
conservatory", "the hospital's medical director", "the city's transport councillor". In a narrative document such a
description ("the <noun>", "this <noun>") refers to the nearest name before it in the chunk that the noun fits:

* the name's head word is the noun ("Tarrow Music Festival", "Quell University Hospital"), or its "<Head> of"
  word ("Institute of Ice Studies" for "the institute");
* the text states the noun as the name's class ("Quell, a diagnostics company"; `hopgraph.indexing.classes`);
* "the city / the town / the village" fits a place NER tagged GPE.

Nothing is guessed when no name fits (the organisation nouns "the company / the firm" fall back to the nearest
organisation in `ChunkContext`).
"""

from __future__ import annotations

from spacy.tokens import Span, Token

_DEFINITE = frozenset(("the", "this"))
_SETTLEMENTS = frozenset(("city", "town", "village"))
#: Nouns too general to pick a name by its class ("the area", "the site" fit anything): only a name ending in them.
_TOO_GENERAL = frozenset("area site place region country house one part side thing".split())


def _heads(span: Span) -> set[str]:
    words = [w.lower() for w in span.text.replace("–", " ").split()]
    out = {words[-1]} if len(words) > 1 else set()
    if "of" in words[1:]:
        out.add(words[words.index("of") - 1])
    return out


def fits(ctx, span: Span, noun: str) -> bool:
    """True when `noun` can describe the name `span`: its head word, a class the text states, a settlement."""
    if noun in _heads(span):
        return True
    if noun in _SETTLEMENTS and span.label_ == "GPE":
        return True
    cache = ctx.__dict__.setdefault("_stated_classes", {})
    if span.start not in cache:
        from hopgraph.indexing.classes import span_classes

        cache[span.start] = set(span_classes(ctx, span))
    return noun in cache[span.start]


def described(ctx, tok: Token) -> str | None:
    """The name a definite description (`tok`: the head noun of "the festival") refers to, or None."""
    if tok.pos_ != "NOUN" or not tok.is_lower or tok.i in ctx.span_of:
        return None
    if not any(c.dep_ == "det" and c.lower_ in _DEFINITE for c in tok.children):
        return None
    noun = tok.lemma_.lower()
    if any(c.dep_ in ("compound", "amod") and c.i in ctx.span_of for c in tok.children):
        return None  # "the Tarrow festival" names a festival of its own
    for span in reversed([s for s in ctx.spans if s.end <= tok.i]):
        if span.label_ not in ("DATE", "TIME", "CARDINAL", "ORDINAL", "PERSON") and (
                noun in _heads(span) if noun in _TOO_GENERAL else fits(ctx, span, noun)):
            return span.text  # a general noun only by the name's own head word: "the house" for "Quell House"
    return None
