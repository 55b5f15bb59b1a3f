"""The noun a do-question asks about: "Which shop did X open?" (pure functions).

A noun right after "which" or "what", then a form of "do", is the object of the question's own verb: the answer is
a thing of that class; so is one after the verb and a possessive ("When did X start his business?"). When a known
relation whose answer is a body or a made thing reads that verb ("open" of a shop: what X founded), the noun is that
relation's class, no hop of its own; after an open verb ("Which team does X coach?") it stays among the verb's words.
"""

from __future__ import annotations

from hopgraph.router.lexicon import PHRASES, Mention
from hopgraph.router.tokens import DO_FORMS, POSSESSIVE_DETERMINERS, Tok

#: Relations whose answer is a body or a thing someone made, so any noun can be its class ("which shop", "what
#: business").
BODY_ANSWERS = frozenset(("founded", "parent_org", "employer", "maker", "publisher"))


def object_of_do_question(toks: list[Tok], wh: int, j: int) -> bool:
    """ "Which shop did X open?", "What business does X run?": a noun right after "which/what", then a form of
    "do", is the object of the question's own verb, so the answer is a thing. A noun that names a relation
    ("Which award did X win?") is not read so."""
    return toks[wh].lower in ("which", "what") and j + 1 < len(toks) and toks[j].pos == "NOUN" \
        and toks[j].anchor < 0 and toks[j + 1].lower in DO_FORMS and toks[j].lower not in PHRASES


def do_question_object(toks: list[Tok], wh: set[int]) -> int | None:
    """The token index of the asked noun of `object_of_do_question` ("shop" in "Which shop did X open?"), else None."""
    for i in sorted(wh):
        if toks[i].lower in ("which", "what") and object_of_do_question(toks, i, i + 1):
            return i + 1
    return None


def asked_object_noun(toks: list[Tok], wh: set[int], relations: list[str], ordered: list[Mention]) -> str:
    """The asked noun of a do-question when the chain's last relation, a known one whose answer is a body, is the
    question's own verb ("shop" in "Which shop did X's brother open?"); "" otherwise."""
    if not relations or relations[-1] not in BODY_ANSWERS or not ordered:
        return ""
    j = do_question_object(toks, wh)
    if j is None or not _says_the_verb(toks, ordered[-1], j):
        return _own_object(toks, ordered[-1])
    return toks[j].lower


def _own_object(toks: list[Tok], m: Mention) -> str:
    """ "When did X start his business?", "… open her first bakery": the noun after the verb `m` and a possessive
    determiner (past adjectives) is the class of what the verb reaches, no hop; "" when there is none."""
    j = m.end
    if j >= len(toks) or toks[j].lower not in POSSESSIVE_DETERMINERS - {"its"}:
        return ""
    j += 1
    while j < len(toks) and toks[j].pos == "ADJ":
        j += 1
    last = j < len(toks) and toks[j].pos == "NOUN" and toks[j].anchor < 0 \
        and (j + 1 == len(toks) or toks[j + 1].pos not in ("NOUN", "PROPN"))
    return toks[j].lower if last else ""


def _says_the_verb(toks: list[Tok], m: Mention, j: int) -> bool:
    """`m` is the verb a do-question asks with, the last verb of its sentence after the asked noun at `j`."""
    last = max((t.i for t in toks if t.pos == "VERB" and t.sent == toks[j].sent and t.i > j), default=-1)
    return m.start <= last < m.end

