"""The thing a named entity is in: "the band X was in", "the building the college is in" (pure).

A relative clause whose verb is "be" and whose preposition is left without its object ("X was in", "X is based
at" is a verb of its own) says that the clause's head noun holds the named entity: the band it played in, the
building it occupies. That is a hop of its own, from the name to the noun, before the question's relation ("Which
label signed the band X was in?": the band first, then its label). Read as written, the noun alone ("band") would
be taken for a relation of the name itself.
"""

from __future__ import annotations

from hopgraph.router.asked import noun_kind
from hopgraph.router.heads import names_a_role
from hopgraph.router.lexicon import Mention, Sense
from hopgraph.router.tokens import Tok

_PLACES_IN = frozenset("in at on inside within".split())
_RELATIVE = frozenset("that which".split())


def container_hops(toks: list[Tok], mentions: list[Mention]) -> list[Mention]:
    """The mentions with each "the N (that) X was in" read as an open hop "N in" from X at the verb, and the
    mentions that took the noun N for a relation of its own dropped; unchanged when there is none."""
    for t in toks:
        if t.anchor < 0 or t.i + 2 >= len(toks):
            continue
        be, prep = toks[t.i + 1], toks[t.i + 2]
        end = toks[t.i + 3] if t.i + 3 < len(toks) else None
        if be.lemma != "be" or prep.lower not in _PLACES_IN or (end is not None and end.pos not in ("PUNCT", "VERB", "ADV")):
            continue
        head = t.i - 2 if t.i >= 2 and toks[t.i - 1].lower in _RELATIVE else t.i - 1
        noun = toks[head] if head >= 0 else None
        if noun is None or noun.pos != "NOUN" or noun.anchor >= 0 or names_a_role(noun.lower) or noun_kind(noun.lower) == "person":
            continue
        hop = Mention(be.i, prep.i + 1, f"{be.text} {prep.text}", Sense(relation=f"{noun.lemma} {prep.lower}", verb=True),
                      via="open")
        return [m for m in mentions if not m.start <= head < m.end] + [hop]
    return mentions
