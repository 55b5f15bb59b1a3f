"""How far a context sentence's relation phrases reach (pure).

    "X's uncle once ran a bakery. Which group bought that bakery?"   the phrases lead from X to the bakery: the
                                                                    question goes on from there, no open bridge
    "The person who founded X quit as director. What does she do?"  "as director" is the post left, no hop
"""

from __future__ import annotations

from hopgraph.router.lexicon import Mention
from hopgraph.router.possessed import role_of_the_name
from hopgraph.router.tokens import Tok


def reached_by_its_verbs(ctoks: list[Tok], mentions: list[Mention], anchor: int) -> bool:
    """ "X's uncle once ran a bakery. Which group bought that bakery?": the context's relation phrases lead from the
    anchor to a verb whose object is the unnamed thing ("ran a bakery"), so the context's chain reaches it and the
    question goes on from there; no open bridge is needed."""
    at = next((t.i for t in ctoks if t.anchor == anchor), None)
    verbs = [m for m in mentions if ctoks[m.start].pos == "VERB" and at is not None and m.start > at]
    if not verbs or (len(verbs) == len(mentions) and not role_of_the_name(ctoks, mentions, at)):
        return False  # (a relation to someone first: "X's uncle", "X's wife", "X's old booker")
    j = verbs[-1].end
    while j < len(ctoks) and ctoks[j].pos in ("ADV", "PART") and ctoks[j].lower not in ("a", "an"):
        j += 1
    return j < len(ctoks) and ctoks[j].lower in ("a", "an")


#: Verbs of leaving a place or a post ("quit", "resigned", "left"), shared with `time_clauses`.
LEAVING_VERBS = frozenset("quit resign retire leave".split())
#: Verbs of leaving a post, whose "as" phrase names the post left ("quit as director", "stepped down as chair").
_LEAVING = LEAVING_VERBS | {"step"}


def post_left(ctoks: list[Tok], m: Mention, mentions: list[Mention]) -> bool:
    """ "the person who founded X quit as director": a post right after "as" and a verb of leaving, said of someone
    another relation phrase already reaches, is the post they left, no hop on from them."""
    j = m.start - 1
    if j < 1 or ctoks[j].lower != "as" or not any(o.end <= j - 1 for o in mentions if o is not m):
        return False
    verb = ctoks[j - 1] if ctoks[j - 1].lower != "down" else ctoks[j - 2]  # ("stepped down as chair")
    return verb.pos in ("VERB", "NOUN") and (verb.lemma or verb.lower) in _LEAVING  # ("X quit": a noun to the tagger)
