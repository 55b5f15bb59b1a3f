"""What was won: the award relation needs a prize (a pure function).

"win", "earn" and "receive" name the award relation when what is won is a prize ("What did X win?", "won the Y
Prize", "Which medal did X receive?"). English wins many other things: a seat, a ward, an election, a contract, a
case. When the question says what was won and it is a noun of another kind, the verb names no award; its words are
left to an open relation ("How many seats did the party led by X win?").

What was won is the noun right after the verb (past determiners, numbers and adjectives: "won a school catering
contract"), or the noun a wh-phrase puts before a do-question's verb ("Which contract did X win?", "How many seats did
X win?").
"""

from __future__ import annotations

from hopgraph.router.asked import AWARD_NOUNS, TIME_NOUNS
from hopgraph.router.lexicon import Mention
from hopgraph.router.tokens import DO_FORMS, Tok, modifying_gerund

#: Nouns of what is won as a prize, beside the award nouns a question asks with ("Which award …").
PRIZE_NOUNS = AWARD_NOUNS | frozenset(
    "cup trophy shield plate title championship grant scholarship fellowship bursary place recognition "
    "gold silver bronze".split())
#: Verbs of the award relation that may win something else.
_WINNING = frozenset("win wins won winning earn earns earned earning receive receives received receiving".split())
_SKIP = frozenset(("DET", "NUM", "ADJ", "PRON"))


def wins_no_prize(toks: list[Tok], m: Mention) -> bool:
    """`m` is a verb of the award relation whose object, said in the question, is no prize."""
    if m.sense.relation != "award" or not m.sense.verb or not {toks[m.start].lemma, toks[m.start].lower} & _WINNING \
            or modifying_gerund(toks, m.start):  # ("the winning novel": the novel won, a prize)
        return False
    noun = _object_after(toks, m.end) or _object_asked_before(toks, m.start)
    return noun is not None and not {noun.lower, noun.lower.rstrip("s")} & (PRIZE_NOUNS | TIME_NOUNS)


def _object_after(toks: list[Tok], j: int) -> Tok | None:
    """The last noun of the noun phrase right after the verb, unless a name is in it (a named prize is won). A
    time noun there says when ("received that same year"), and is no object (`wins_no_prize`)."""
    while j < len(toks) and toks[j].pos in _SKIP and toks[j].anchor < 0 and not toks[j].possessive:
        j += 1
    noun = None
    while j < len(toks) and toks[j].pos == "NOUN" and toks[j].anchor < 0:
        noun, j = toks[j], j + 1
    if noun is None or (j < len(toks) and toks[j].anchor >= 0):
        return None
    return noun


def _object_asked_before(toks: list[Tok], verb: int) -> Tok | None:
    """ "Which contract did X win?", "How many seats did X win?": the noun right before the do-form that follows the
    wh-phrase, when the do-question's verb is this one."""
    do = next((t for t in toks[:verb] if t.lower in DO_FORMS), None)
    if do is None or do.i < 2 or toks[do.i - 1].pos != "NOUN" or toks[do.i - 1].anchor >= 0:
        return None
    before = toks[do.i - 2].lower
    return toks[do.i - 1] if before in ("which", "what", "many", "much") else None
