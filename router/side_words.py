"""What a compared side's own words say (pure): the words of its own stretch of the question ("the mayor whom A
elected"), a thing placed at it ("the tram depot on A"), a class noun or an event noun of its own ("the B boatyard",
"the launch of A"), a noun left out after a possessive ("A's founder or B's"). `hopgraph.router.compare_question`
reads each side's chain from them.
"""

from __future__ import annotations

from hopgraph.router.comparing_wording import EARLIEST, LATEST
from hopgraph.router.happenings import names_an_event
from hopgraph.router.heads import names_a_role
from hopgraph.router.lexicon import Mention, covered
from hopgraph.router.open_words import open_words
from hopgraph.router.tokens import POINTERS, Tok

#: Words that end a compared side's own stretch of the question.
_SIDE_ENDS = frozenset("and or vs vs. versus , ; than with ? : both - – —".split())


def side_words(toks: list[Tok], mentions: list[Mention], at: int, taken: set[int]) -> list[str]:
    """Words no phrase explains in the compared entity's own stretch of the question, between the joiners,
    the relation phrases, the compared event (`taken`) and the question's opening words around it ("the
    mayor whom A elected in 2022")."""
    used = covered(mentions) | taken
    free = {t.i for t in open_words(toks, mentions, set())}
    stretch = []
    for step in (-1, 1):
        j = at + step
        while 0 <= j < len(toks) and toks[j].lower not in _SIDE_ENDS and j not in used and toks[j].anchor < 0:
            if step < 0 and (toks[j].pos == "AUX" or toks[j].lower in ("who", "which", "what")) and \
                    all(toks[k].pos in ("AUX", "PRON", "") or toks[k].lower in ("who", "which", "what")
                        for k in range(j + 1)):
                break  # "Were …", "Which of …": the question's opening
            stretch.append(j)
            j += step
    return [toks[j].lemma for j in sorted(stretch) if j in free and toks[j].lower not in POINTERS]



#: Prepositions that place a thing at a named place ("the tram depot on A", "the library in B").
_PLACING = frozenset("on in at near".split())


def placed_at(toks: list[Tok], at: int) -> bool:
    """The name at `at` says where the noun before it is ("the tram depot on A"): that thing, not A, is compared,
    and its noun says which thing at A is meant (no hop: the thing has no name of its own)."""
    if at >= 1 and toks[at - 1].lower in ("the", "a", "an"):
        at -= 1  # "the museum in the old A"
    return at >= 2 and toks[at - 1].lower in _PLACING and toks[at - 2].pos == "NOUN" and toks[at - 2].anchor < 0


def leads_second_side(own: list[list[str]], mentions: list[Mention], second_at: int) -> bool:
    """ "A and the founder of B": the second side's bridge is named before it, after the joiner: B's alone."""
    return not own[0] and any(m.sense.relation == own[1][0] and m.end <= second_at for m in mentions)


def event_of_side(toks: list[Tok], own: list[str]) -> bool:
    """A side's own bridge is one noun of a happening ("the launch of A", "the A reopening"): compared in time,
    the date of that event is the side's, not the making of a thing the noun would lead to."""
    if len(own) != 1:
        return False
    words = set(own[0].split())  # ("the chain's purchase of A": one phrase of the side's own words)
    return any((t.lemma in words or t.lower in words) and t.anchor < 0 and t.pos in ("NOUN", "VERB", "")
               and names_an_event(t.lower) for t in toks)


def own_noun_phrase(toks: list[Tok], mentions: list[Mention], at: int) -> bool:
    """ "A and the B director", "A or the B boatyard": the name at `at` opens its own noun phrase with a determiner
    and a noun follows it (a relation's or one no phrase explains), so that noun is B's alone (unlike "the A and B
    directors")."""
    return at >= 1 and toks[at - 1].lower in ("the", "a", "an") and \
        (any(m.start == at + 1 for m in mentions) or _open_noun_after(toks, mentions, at))


def class_after_name(toks: list[Tok], mentions: list[Mention], at: int) -> bool:
    """ "Which was set up first, A or the B boatyard?": a noun no phrase explains after a name that a determiner
    opens says what kind of thing the side is; when things are put in order of time (their making, an event of
    each), that thing itself is dated (its noun only says which thing by B is meant), no hop from B to another
    thing."""
    return at >= 1 and toks[at - 1].lower in ("the", "a", "an") and _open_noun_after(toks, mentions, at) \
        and not names_a_role(toks[at + 1].lower)  # ("the B director" is a person of B)


def _open_noun_after(toks: list[Tok], mentions: list[Mention], at: int) -> bool:
    """A word no relation phrase covers right after the name at `at`, ending its noun phrase ("the B boatyard")."""
    if at < 0 or at + 1 >= len(toks):
        return False
    nxt = toks[at + 1]
    end = toks[at + 2] if at + 2 < len(toks) else None
    return nxt.anchor < 0 and nxt.lower.isalpha() and nxt.pos in ("NOUN", "PROPN", "ADV", "X") \
        and at + 1 not in covered(mentions) and nxt.lower not in EARLIEST | LATEST \
        and (end is None or end.pos in ("PUNCT", "CCONJ") or end.lower in _SIDE_ENDS)


def head_left_out(toks: list[Tok], at: int) -> bool:
    """The name at `at` is possessive with no noun after it ("… than B's?", "A's founder or B's"): the noun is the
    other side's, left out."""
    nxt = toks[at + 1] if at + 1 < len(toks) else None
    return toks[at].possessive and (nxt is None or nxt.pos in ("PUNCT", "CCONJ"))
