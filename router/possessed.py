"""A possessed class noun is a hop: "X's company", "her first film", "the founder's studio".

The router's class nouns ("company", "film", "album", "studio" …) usually say what kind of thing a name is
("the film X") and are no relation. After a possessive they name a thing of the possessor: "Where is X's
company based?" asks where the company of X is, not where X is; "Who directed X's first film?" asks the
director of a film of X, not of X. Without the hop, the chain asks the next fact of the possessor itself.
"""

from __future__ import annotations

from hopgraph.router.lexicon import Mention, Sense, covered
from hopgraph.router.mentions import CLASS_WORDS
from hopgraph.router.tokens import Tok

#: Words between a possessive and its class noun that say which one ("her first film", "X's latest album").
_WHICH = frozenset("first second third last latest debut earliest new old own previous current best only".split())


def possessed_class_nouns(toks: list[Tok], mentions: list[Mention]) -> list[Mention]:
    """An open relation for each class noun right after a possessive (or after one of `_WHICH` words after
    it), where no relation phrase already covers it."""
    used = covered(mentions)
    out: list[Mention] = []
    for t in toks:
        if t.i in used or t.anchor >= 0 or t.pos == "VERB" or (t.lower not in CLASS_WORDS and t.lemma not in CLASS_WORDS):
            continue
        j = t.i - 1
        while j >= 0 and toks[j].lower in _WHICH:
            j -= 1
        if j >= 0 and toks[j].possessive:
            start = j + 1
            words = " ".join(x.lower for x in toks[start:t.i + 1])
            out.append(Mention(start, t.i + 1, " ".join(x.text for x in toks[start:t.i + 1]), Sense(relation=words),
                               via="open"))
    return out
