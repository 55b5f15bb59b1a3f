"""A phrasal verb split by its object: "Who set X up?" is "Who set up X?" (a pure function).

English lets the particle of a phrasal verb follow a short object ("set the firm up", "set X up"). Read as
written, the verb alone ("set") names no relation and the particle is left over. When the verb and the particle
together are a phrase of the lexicon, the particle is moved back beside its verb.
"""

from __future__ import annotations

from hopgraph.router.lexicon import PHRASES
from hopgraph.router.tokens import POSSESSIVE_POINTERS, Tok, renumber

_PARTICLES = frozenset("up over out off down back".split())


def particle_beside_verb(toks: list[Tok]) -> list[Tok]:
    """The tokens with the particle after a verb's named object (one name, or "the" and one noun) moved next to
    the verb, when the two make a phrase of the lexicon ("set X up" -> "set up X"); unchanged otherwise."""
    for t in toks:
        if t.pos != "VERB":
            continue
        j = t.i + 1
        if j < len(toks) and (toks[j].lower == "the" or toks[j].lower in POSSESSIVE_POINTERS):
            j += 1
        if j + 1 >= len(toks) or not (toks[j].anchor >= 0 or (j == t.i + 2 and toks[j].pos == "NOUN")):
            continue  # (a name, or a noun after its determiner: "presides today over" has no object before "over")
        particle = toks[j + 1]
        if particle.lower in _PARTICLES and particle.pos in ("ADP", "PART", "ADV") and f"{t.lemma} {particle.lower}" in PHRASES:
            return renumber(toks[:t.i + 1] + [particle] + toks[t.i + 1:j + 1] + toks[j + 2:])
    return toks
