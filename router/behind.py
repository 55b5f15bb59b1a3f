"""The thing "behind" a name: "the studio behind X" names what made X, the first hop (pure).

"Who founded the studio behind X?", "Where is the company behind X based?": the noun before "behind" says
what kind of thing is responsible for X. It is a hop of its own, an open relation of its own word
("studio"), searched for with X. A person noun ("the man behind X") names no class to search for, and a
role noun ("the director behind X") is a relation the lexicon reads already.
"""

from __future__ import annotations

from hopgraph.router.asked import PERSON_NOUNS
from hopgraph.router.heads import names_a_role
from hopgraph.router.lexicon import Mention, Sense
from hopgraph.router.object_clause import DETERMINERS
from hopgraph.router.tokens import Tok


def behind_hop(toks: list[Tok], mentions: list[Mention], at: int) -> list[Mention]:
    """[the open hop "<noun> behind"] when the anchor at token `at` follows "<determiner> <noun> behind"
    (and maybe its own "the"), else []."""
    k = at - 1 if at >= 1 and toks[at - 1].lower != "the" else at - 2  # "behind the X": the name's own article
    if k < 2 or toks[k].lower != "behind":
        return []
    noun = toks[k - 1]
    if noun.pos != "NOUN" or not noun.lower.isalpha() or toks[k - 2].lower not in DETERMINERS:
        return []
    if noun.lower in PERSON_NOUNS or noun.lemma in PERSON_NOUNS or names_a_role(noun.lower) \
            or any(m.start <= noun.i < m.end for m in mentions):
        return []
    return [Mention(noun.i, k + 1, f"{noun.text} behind", Sense(relation=noun.lemma), via="open")]
