"""Readings whose chain leaves the point of the question unread, so they are unsure (pure).

    "Who lived longer, X or his wife?"        a comparison with a side that is the other's relative
    "How many years was X chief executive?"   a duration no relation states
    "Which university is X at?"               studying there or working there
    "Who is X's brother-in-law?"              a spouse's brother or a sister's husband
    "How many Xs were built?"                 a count of what was made, not its maker
    "Who did X train under?"                  a person asked, a place read
    "Was X the bigger award?"                 a comparison with one side read
"""

from __future__ import annotations

from hopgraph.router.asked import WH, is_relative
from hopgraph.router.compared_things import kin_side
from hopgraph.router.comparing_wording import comparative, order_of
from hopgraph.router.lexicon import Mention
from hopgraph.router.tokens import Tok
from hopgraph.router.vocab import RELATIONS


def leaves_unread(toks: list[Tok], kind: str, chain: list[str], mentions: list[Mention]) -> bool:
    """The chain read from the question sentence `toks` (asked `kind`, its `mentions`) leaves what is asked unread."""
    if (order_of(toks) and kin_side(toks)) or _asks_duration(toks):
        return True
    if any(comparative(t) for t in toks):  # "Was X the bigger award?": what X is compared with is not read
        return True
    if kind == "school" and chain == ["education"] and not mentions and _only_be(toks):
        return True
    if any(m.sense.chain == _SIBLING_IN_LAW for m in mentions):
        return True
    if _counts_the_made(toks, chain, mentions):
        return True
    return kind == "person" and _asks_once(toks) and chain[-1:] != [] and chain[-1] in RELATIONS \
        and RELATIONS[chain[-1]].answer in ("place", "country")


#: The chain of "brother-in-law" / "sister-in-law", which English also uses for a sibling's spouse.
_SIBLING_IN_LAW = ("spouse", "sibling")


def _only_be(toks: list[Tok]) -> bool:
    """The question's only verb is "be" ("Which university is X at?")."""
    return not any(t.pos == "VERB" for t in toks) and any(t.lemma == "be" for t in toks)


def _asks_once(toks: list[Tok]) -> bool:
    """One wh-word asks ("Who is X and where is he from?" asks twice; "the man who …" opens a clause)."""
    return sum(1 for t in toks if t.lower in WH and not is_relative(toks, t.i)) == 1


#: Units a question may count time in ("How many years was X chair?").
_TIME_UNITS = frozenset("years months weeks days decades seasons terms".split())


def _asks_duration(toks: list[Tok]) -> bool:
    """ "How many years was X chief executive?", "How long did X run Y?": how long a post or a state lasted, which
    no relation states (its start and end are a guess)."""
    return any(t.lower == "how" and t.i + 1 < len(toks) and (toks[t.i + 1].lower == "long" or (
        toks[t.i + 1].lower == "many" and t.i + 2 < len(toks) and toks[t.i + 2].lower in _TIME_UNITS)) for t in toks)


#: Relations of who made something: in "How many Xs were built?" the making is counted, not its maker.
_MAKING = frozenset("maker creator producer director writer composer founder".split())


def _counts_the_made(toks: list[Tok], chain: list[str], mentions: list[Mention]) -> bool:
    """ "How many Xs were built / made / sold?": a count asked of a making said in the passive."""
    counts = any(t.lower == "how" and t.i + 1 < len(toks) and toks[t.i + 1].lower == "many" for t in toks)
    passive = any(m.sense.verb and any(t.lemma == "be" for t in toks[max(0, m.start - 3):m.start]) for m in mentions)
    return counts and passive and chain[-1:] != [] and chain[-1] in _MAKING
