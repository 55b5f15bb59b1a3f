"""Nouns of an event stated by what undergoes or does it: "since its founding in 1923", "the hospital's
participation in the trial" (part of the dependency patterns of `hopgraph.indexing.patterns`).
"""

from __future__ import annotations

from collections.abc import Iterator

from spacy.tokens import Token

from hopgraph.indexing.context import ChunkContext

RawTriple = tuple[str, str, str, str]


#: Nouns of an event that the possessor undergoes or does, with the raw predicate they state before "in"/"on":
#: "since its founding in 1923", "the club's foundation in Tarrow", "the hospital's participation in the trial".
_EVENT_NOUNS = {"founding": "found", "foundation": "found", "establishment": "found",
                "participation": "participate"}


def event_noun_triples(ctx: ChunkContext, noun: Token) -> Iterator[RawTriple]:
    """(owner, "found in"/"found on", Y) for "<owner>'s founding in Y" / "its foundation in 1923" (the possessor
    is what was founded; the date or place after "in"/"on" is when or where); likewise "<owner>'s participation
    in Y" is (owner, "participate in", Y)."""
    verb = _EVENT_NOUNS.get(noun.lower_) or _EVENT_NOUNS.get(noun.lemma_.lower())
    if verb is None:
        return
    from hopgraph.indexing.patterns import _object_refs

    owners = [r for c in noun.children if c.dep_ == "poss" for r in ctx.refs(c)]
    # the parser often hangs "in 1923" off the verb governing the noun: taken when it follows the noun directly
    preps = [*noun.children, *(c for c in noun.head.children if c.i == noun.i + 1)]
    for prep in (c for c in preps if c.dep_ == "prep" and c.lower_ in ("in", "on")):
        for pobj in (c for c in prep.children if c.dep_ == "pobj"):
            for obj in _object_refs(ctx, pobj):
                yield from ((o, f"{verb} {prep.lower_}", obj, "prep") for o in owners if o != obj)
