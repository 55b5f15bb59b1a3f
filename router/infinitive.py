"""A verb after an infinitive "to" that the tagger read as a noun: "went on to chair X" (a pure function).

"chair", "head", "host" and "run" are nouns as often as verbs, and a tagger may read "to" before them as a
preposition ("went on to chair X" like "went on to the X"). When a word after "to" is a verb of the lexicon, the
"to" follows a verb or its particle ("went on to", "was asked to", "left to"), and an object follows the word
(a name, or a determiner), the word is that verb: its subject did it, and "went on to" only says when.
"""

from __future__ import annotations

from hopgraph.router.lexicon import is_relation_verb
from hopgraph.router.tokens import Tok

#: Parts of speech a misread infinitive comes with.
_MISREAD = frozenset(("NOUN", "PROPN"))
#: Words that may stand between the verb and "to" ("went on to", "moved up to").
_PARTICLES = frozenset("on up".split())


def with_infinitive_verbs(toks: list[Tok]) -> list[Tok]:
    """The tokens with every verb of the lexicon after an infinitive "to" tagged as a verb (and the "to" as a
    particle); unchanged when there is none."""
    for t in toks[2:-1]:
        to = toks[t.i - 1]
        if t.pos not in _MISREAD or t.anchor >= 0 or to.lower != "to" or not _after_a_verb(toks, to.i):
            continue
        after = toks[t.i + 1]
        if (after.anchor >= 0 or after.pos == "DET") and is_relation_verb(t):
            t.pos, to.pos = "VERB", "PART"
    return toks


def _after_a_verb(toks: list[Tok], i: int) -> bool:
    """The word before token `i` is a verb, or a particle right after one ("went on", "asked")."""
    j = i - 1
    if j >= 1 and toks[j].lower in _PARTICLES:
        j -= 1
    return j >= 0 and toks[j].pos in ("VERB", "AUX") and toks[j].anchor < 0
