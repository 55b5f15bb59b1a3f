"""The asker's own people and doings are no relation of a named entity (pure).

    "my kid's lunch", "our director"                      the asker's own, not X's
    "My brother has just started working for X's sister"  the brother's employer is the asker's affair: the
                                                          question is about the sister, not about who employs her
    "I studied under X"                                   the asker's own studies
    "Can you work out who founded X?"                     the asker working the answer out
"""

from __future__ import annotations

from hopgraph.router.tokens import Tok

#: Possessives of the asker (and of the one asked).
ASKERS_OWN = frozenset("my our your".split())
#: Verbs that only start, go on with or stop the verb after them ("started working for"), or say it was once a habit
#: ("used to work at").
_PHASE_VERBS = frozenset("start begin stop keep continue finish use".split())


def askers_own_verb(toks: list[Tok], i: int) -> bool:
    """The verb at `i` has the asker ("I", "we") or the asker's own person ("my brother") as its subject, with
    only auxiliaries, adverbs and phase verbs between ("has just started working for")."""
    j = i - 1
    while j >= 0 and (toks[j].pos in ("AUX", "ADV", "PART") or (toks[j].pos == "VERB" and toks[j].lemma in _PHASE_VERBS)):
        j -= 1
    if j < 0:
        return False
    if toks[j].lower in ("i", "we"):
        return True
    return toks[j].pos == "NOUN" and j > 0 and toks[j - 1].lower in ASKERS_OWN


#: Words that open what is to be worked out ("work out who …", "find out whether …").
_OPENS_WHAT_IS_ASKED = frozenset("who whom whose what which where when why how whether if".split())


def working_out(toks: list[Tok], i: int) -> bool:
    """The verb at `i` with "out" before a wh-word ("work out who founded X", "find out where she was born") is the
    asker working the answer out, not a relation of anyone ("worked out of an office in Y" has no wh-word)."""
    return toks[i].pos == "VERB" and i + 2 < len(toks) and toks[i + 1].lower == "out" \
        and toks[i + 2].lower in _OPENS_WHAT_IS_ASKED
