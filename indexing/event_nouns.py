"""Nouns of an event stated by what undergoes or does it: "since its founding in 1923", "the hospital's
participation in the trial", "had its premiere at Y" (part of the dependency patterns of
`hopgraph.indexing.patterns`).
"""

from __future__ import annotations

from collections.abc import Iterator

from spacy.tokens import Token

from hopgraph.indexing.context import ChunkContext
from hopgraph.models_indexing import RawTriple


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


#: Event nouns a light verb turns into the event's verb: "had its premiere at Y" premiered at Y.
_LIGHT_EVENTS = frozenset(("premiere", "première", "debut", "opening"))
_LIGHT_VERBS = frozenset(("have", "hold", "give", "celebrate", "stage"))


def light_verb_triples(ctx: ChunkContext, verb: Token) -> Iterator[RawTriple]:
    """(subject, "premiere at", Y) for "X had its premiere at Y" / "X held its opening in Y": a light verb with
    an event noun states that event's verb, with the noun's or the verb's "at"/"in"/"on"."""
    from hopgraph.indexing.patterns import _object_refs, verb_subjects

    if verb.lemma_.lower() not in _LIGHT_VERBS:
        return
    noun = next((c for c in verb.children if c.dep_ == "dobj" and c.lemma_.lower() in _LIGHT_EVENTS), None)
    if noun is None:
        return
    subjects = verb_subjects(ctx, verb)
    event = "premiere" if noun.lemma_.lower() == "première" else noun.lemma_.lower()
    for prep in (c for c in (*noun.children, *verb.children) if c.dep_ == "prep" and c.lower_ in ("at", "in", "on")):
        for pobj in (c for c in prep.children if c.dep_ == "pobj"):
            for obj in _object_refs(ctx, pobj):
                yield from ((s, f"{event} {prep.lower_}", obj, "prep") for s in subjects if s != obj)
