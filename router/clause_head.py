"""The head of the relative clause a relation phrase stands in (pure functions of the tokens).

In "the party that X is a member of" the clause "that X is a member of" holds the relation phrase "member",
and its head "party" says what the hop's answer is: of the bodies X belongs to, the party. `clause_kind`
reads the head as a kind of answer (a person, a place, a date); `clause_nouns` keeps the head noun itself,
which a name of that class often carries ("the … Party", "University of …").
"""

from __future__ import annotations

from hopgraph.router.asked import PERSON_NOUNS, PLACE_NOUNS, TIME_NOUNS, is_relative, noun_kind
from hopgraph.router.heads import names_a_role
from hopgraph.router.lexicon import Mention
from hopgraph.router.tokens import CLAUSE_BREAK, NOUN_DETERMINERS, Tok

#: Relative words that open a clause after its head noun ("the party that", "the man who").
_OPENERS = frozenset("that which who whom where".split())
#: Head nouns that say no class a name carries.
_NO_CLASS = PERSON_NOUNS | PLACE_NOUNS | TIME_NOUNS | frozenset("thing things kind type name part".split())


def clause_kind(toks: list[Tok], m: Mention) -> str:
    """What the head of the relative clause holding a phrase is: "the person who established" -> person,
    "the city where … was born" -> place, "the year in which" -> date ("" outside a clause, and for a noun
    phrase of its own inside one: in "the conservatory where the conductor of X trained" the conductor is the
    clause's subject, no place)."""
    if m.start > 0 and toks[m.start - 1].lower in NOUN_DETERMINERS and not m.sense.verb:
        return ""
    if m.start > 0 and toks[m.start - 1].anchor >= 0 and toks[m.start].pos == "NOUN" and not m.sense.verb:
        return ""  # "the partner who joined X's studio": the studio is a noun phrase of its own, not the partner
    for j in range(m.start - 1, max(-1, m.start - 6), -1):
        t = toks[j]
        if t.lower in CLAUSE_BREAK or (t.lower in ("who", "whom", "where", "when") and not is_relative(toks, j)):
            return ""  # "Who founded the party …": the question's own wh-word heads no clause
        if t.lower in ("who", "whom"):
            return "person"
        if t.lower == "whose" and j + 1 < m.start:  # "the team whose rider won": the rider does it, and
            owned = toks[j + 1].lower  # whoever does something is no date or number ("thing")
            return noun_kind(owned) or ("person" if names_a_role(owned) else "thing")
        if t.lower == "where":
            return "place"
        if t.lower == "when":
            return "date"
        if t.lower in ("that", "which") and j > 0:
            return noun_kind(toks[j - 1].lower) or (noun_kind(toks[j - 2].lower) if j > 1 else "")
    return ""


def heads_do_it(toks: list[Tok], m: Mention) -> bool:
    """The phrase is the verb right after the relative word of a clause on a common noun ("the club that founded X",
    "the society which set up X"): the head noun does what the verb says, so the verb names who did it, not where
    ("the club founded in X" and "the club that was founded in X" are passive: a place may follow)."""
    j = m.start - 1
    return (m.sense.verb and j >= 1 and toks[j].lower in ("that", "which") and toks[j - 1].pos == "NOUN"
            and toks[j - 1].anchor < 0 and is_relative(toks, j))


def clause_noun(toks: list[Tok], m: Mention) -> str:
    """The common noun heading the relative clause that holds the phrase, singular: "the party that X is a
    member of" and "the party X belongs to" (a reduced relative) -> "party". "" outside a clause, for a person
    or a role ("the man who", "the director that"), and for nouns that name no class of things. The phrase
    must be the clause's predicate: after its subject (the anchor), or its verb right after the relative word;
    in "the award that the director of X earned" the director is the clause's subject, not the award's.
    Another verb on the way back ends the search: "the firm that bought X" is no clause of the verb after it."""
    subject = False
    for j in range(m.start - 1, max(0, m.start - 6), -1):
        t = toks[j]
        if t.lower in CLAUSE_BREAK or t.pos == "VERB":
            return ""
        subject = subject or t.anchor >= 0
        if t.lower in _OPENERS:
            predicate = subject or (j == m.start - 1 and (m.sense.verb or toks[m.start].pos == "VERB"))
            return _class_noun(toks[j - 1]) if predicate else ""
        if t.anchor >= 0 and j >= 2 and toks[j - 2].lower in ("the", "a", "an"):
            return _class_noun(toks[j - 1])  # "the party X belongs to"
    return ""


def _class_noun(head: Tok) -> str:
    word = head.lower if head.lower == "series" else head.lower.removesuffix("s")
    if head.anchor >= 0 or head.pos not in ("NOUN", "") or not word.isalpha():
        return ""
    return "" if word in _NO_CLASS or names_a_role(word) else word


def own_noun(toks: list[Tok], m: Mention) -> str:
    """The class noun a phrase of the question's own words is headed by: "X's liberal party" -> "party",
    "the studio that hired X" (the phrase "studio hired") -> "studio"; "" for other phrases."""
    if m.start > 0 and toks[m.start - 1].possessive and m.end - m.start <= 3:
        return _class_noun(toks[m.end - 1])
    if m.start + 1 < len(toks) and toks[m.start + 1].lower in ("that", "which"):
        return _class_noun(toks[m.start])
    return ""


def clause_nouns(toks: list[Tok], ordered: list[Mention]) -> dict[str, str]:
    """Relation -> the class noun the question gives its answer: the head of the relative clause the phrase
    stands in, or for a phrase of the question's own words (an open relation) its own head noun; every
    relation the phrase can stand for gets it."""
    out: dict[str, str] = {}
    for m in ordered:
        own = own_noun(toks, m) if m.via == "open" else ""
        if noun := clause_noun(toks, m) or own:
            for rel in {m.sense.relation} | {r for _, r in m.sense.facets} | set(m.sense.chain[-1:]):
                if rel:
                    out[rel] = noun
    return out
