"""How far a context sentence's relation phrases reach (pure).

    "X's uncle once ran a bakery. Which group bought that bakery?"   the phrases lead from X to the bakery: the
                                                                    question goes on from there, no open bridge
    "The person who founded X quit as director. What does she do?"  "as director" is the post left, no hop
    "X's brother started the festival. Who runs it?"               what the brother started, not who started him
    "X changed doctors in 2021. Where was the new doctor born?"     the question goes on through its own role noun
"""

from __future__ import annotations

from hopgraph.router.filler import made_by_anchor
from hopgraph.router.heads import names_a_role
from hopgraph.router.lexicon import Mention, Sense, covered
from hopgraph.router.possessed import role_of_the_name
from hopgraph.router.tokens import RELATIVE_WORDS, Tok


def reached_by_its_verbs(ctoks: list[Tok], mentions: list[Mention], anchor: int) -> bool:
    """ "X's uncle once ran a bakery. Which group bought that bakery?": the context's relation phrases lead from the
    anchor to a verb whose object is the unnamed thing ("ran a bakery"), or to a post held at it ("had been head chef
    at a restaurant"), so the context's chain reaches it and the question goes on from there; no open bridge is
    needed."""
    at = next((t.i for t in ctoks if t.anchor == anchor), None)
    if at is None:
        return False
    after = sorted((m for m in mentions if m.start > at), key=lambda m: m.start)
    if not after:
        return False
    verbs = [m for m in after if ctoks[m.start].pos == "VERB"]
    last = after[-1]
    someone_first = any(m.end <= at for m in mentions) \
        or any(ctoks[m.start].pos != "VERB" for m in after[:-1]) \
        or bool(role_of_the_name(ctoks, mentions, at))  # ("the man who replaced X", "X's uncle", "X's old booker")
    if not someone_first:
        return False
    return any(_object_after(ctoks, m) for m in (verbs[-1:] + [last]))


def _object_after(ctoks: list[Tok], m: Mention) -> bool:
    """An indefinite noun phrase follows the verb `m` ("ran a bakery", past adverbs) or a preposition after the post
    noun `m` ("head chef at a restaurant"): the thing the phrase reaches."""
    j = m.end
    if ctoks[m.start].pos != "VERB":
        if ctoks[m.end - 1].pos != "NOUN" or j >= len(ctoks) or ctoks[j].pos != "ADP":
            return False
        j += 1
    while j < len(ctoks) and ctoks[j].pos in ("ADV", "PART") and ctoks[j].lower not in ("a", "an"):
        j += 1
    return j < len(ctoks) and ctoks[j].lower in ("a", "an")


def done_by_a_person(ctoks: list[Tok], at: int, found: list[Mention]) -> set[int]:
    """Positions of the context's verbs whose subject is a person the sentence names by a relation ("X's son founded
    a charity", "X's brother started the festival", "X has a son who runs a pub"): each runs forward from that
    person, to what they did, not back to who did it to them."""
    return _made_by_possessed(ctoks, at, found) | _done_by_the_noun_before(ctoks)


def _made_by_possessed(ctoks: list[Tok], at: int, found: list[Mention]) -> set[int]:
    """Positions of verbs right before an indefinite object ("a charity") whose subject is the relation noun the
    possessive anchor at `at` heads ("X's son founded a charity"): the verb runs forward from that person."""
    j = at + 1
    role = role_of_the_name(ctoks, found, at)  # ("X's old booker": a role no phrase covers)
    if not ctoks[at].possessive or not (any(m.start == j for m in found) or role):  # (son, husband, chair)
        return set()
    j = role[0].start if role else j
    while j < len(ctoks) and ctoks[j].pos == "NOUN" and ctoks[j].anchor < 0:
        j += 1
    made = {i for i in made_by_anchor(ctoks, j - 1) if i + 1 < len(ctoks) and ctoks[i + 1].lower in ("a", "an")}
    return made | _verb_on_the_unnamed(ctoks, j)


def _verb_on_the_unnamed(ctoks: list[Tok], j: int) -> set[int]:
    """The position of an active verb at `j` (past adverbs) whose object is a definite noun phrase naming nothing
    ("X's brother started the photo festival"): the verb runs forward from its subject too."""
    while j < len(ctoks) and ctoks[j].pos == "ADV":
        j += 1
    if j + 2 >= len(ctoks) or ctoks[j].pos != "VERB" or ctoks[j].lemma == "be" or ctoks[j + 1].lower != "the":
        return set()
    k = j + 2
    while k < len(ctoks) and ctoks[k].pos in ("ADJ", "NOUN") and ctoks[k].anchor < 0:
        k += 1
    return {j} if k > j + 2 and (k == len(ctoks) or ctoks[k].anchor < 0) else set()


def _done_by_the_noun_before(ctoks: list[Tok]) -> set[int]:
    """Positions of active verbs opening a "who" clause after a noun, with an indefinite object ("a son who runs a
    pub"): the verb runs forward from the person the noun names."""
    return {t.i for t in ctoks[2:-1] if t.pos == "VERB" and ctoks[t.i - 1].lower == "who"
            and ctoks[t.i - 2].pos == "NOUN" and ctoks[t.i + 1].lower in ("a", "an")}


def role_asked_of(qtoks: list[Tok], mentions: list[Mention], wh: set[int]) -> list[Mention]:
    """ "X changed doctors in 2021. Where was the new doctor born?": a question that names nothing and points back
    with no pronoun asks through a definite role noun ("the new doctor") of the context's name; that noun phrase,
    searched as written, is the first hop. [] when there is none or a phrase reads it already."""
    used = covered(mentions)
    for t in qtoks[1:]:
        if t.lower != "the" or t.i in wh or qtoks[t.i - 1].pos == "ADP":
            continue  # ("who was in the chair": a post held, said of someone asked)
        j = t.i + 1
        while j < len(qtoks) and qtoks[j].pos in ("ADJ", "VERB") \
                and qtoks[j].lower.endswith(("ing", "ed", "new", "old")):
            j += 1  # ("the departing doctor", "the new doctor")
        if j < len(qtoks) and qtoks[j].pos == "NOUN" and names_a_role(qtoks[j].lower) \
                and (j + 1 == len(qtoks) or (qtoks[j + 1].pos != "NOUN" and qtoks[j + 1].lower not in RELATIVE_WORDS)) \
                and not any(i in used for i in range(t.i, j + 1)):  # ("the councillor who seconded it": its clause)
            return [Mention(t.i + 1, j + 1, " ".join(u.text for u in qtoks[t.i + 1:j + 1]),
                            Sense(relation=" ".join(u.lower for u in qtoks[t.i + 1:j + 1])), via="open")]
    return []


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
