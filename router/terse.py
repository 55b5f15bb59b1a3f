"""Terse queries that name a bridge by its class: "Ines Varga series original broadcast station".

Right after a person's or an organisation's name, a noun of a work or group class ("series", "album",
"band", "company") that more words follow is not the name's own class (a person is no series): it is an
unnamed bridge of that class, linked to the name somehow, and the words after it are what is asked of it.
The question then reads as an open bridge (`OPEN_BRIDGE`), whose reading of the top chunks prefers names
the text introduces with that class noun.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from hopgraph.router.asked import WH, terse_date
from hopgraph.router.heads import names_a_role
from hopgraph.router.lexicon import Mention, Sense, covered
from hopgraph.router.open_words import TIME_ADVERBS
from hopgraph.router.spans import YEAR_NUMBER, ParsedQuestion, Span, content_words
from hopgraph.router.tokens import Tok, modifying_gerund
from hopgraph.router.vocab import OPEN_BRIDGE, RELATIONS

#: Classes of works and groups a person or an organisation has (not is).
BRIDGE_CLASSES = frozenset("series show film movie album song single novel book game band team club company label "
                           "magazine newspaper station".split())
#: Graph types of names that cannot be of those classes themselves.
_HOLDERS = frozenset({"PERSON", "ORG", "GPE", "NORP"})


def class_bridge(toks: list[Tok], at: int | None, span: Span, type_of: Callable[[str], str] | None,
                 question: str) -> ParsedQuestion | None:
    """An open-bridge reading of a terse query whose name is followed by a bridge class noun, else None."""
    if at is None or type_of is None or any(t.lower in WH for t in toks) or at + 2 >= len(toks):
        return None
    noun = toks[at + 1]
    if noun.lower not in BRIDGE_CLASSES or toks[at].possessive or type_of(span.text) not in _HOLDERS:
        return None
    rest = [w for w in content_words(question, span, limit=12) if w != noun.lower]
    return ParsedQuestion("bridge", [span.text], [OPEN_BRIDGE, " ".join(rest)], free_words=rest, confidence=0.3,
                          reason=f"open bridge: a {noun.lower} of {span.text!r}, then what is asked of it")


#: Parts of speech of a terse query: names, nouns and their modifiers, nothing that makes a clause.
_TERSE_POS = frozenset({"NOUN", "PROPN", "ADJ", "NUM", ""})
#: Words that say which one, whatever their tag ("X first practice senior partner").
_WHICH_ONE = frozenset("first last former current previous".split())


def compound_hops(toks: list[Tok], mentions: list[Mention], at: int | None) -> list[Mention]:
    """ "X mayoral charity chairman", "X trust ceo previous employer": in a query of a name and nouns only,
    each run of nouns no phrase explains between the name and a known relation is a hop of its own, read in
    place (the charity of X, then its chairman), not a fact asked after the rest."""
    used = covered(mentions)
    if at is None or not mentions:
        return []
    asked_date = terse_date(toks)
    last = max(m.start for m in mentions)
    tail = [t for t in toks[max(m.end for m in mentions if m.start == last):] if t.i not in used]
    # the words after the last relation: more nouns, a wh-word or "now" closing the query ("… co-founder died
    # when", "… chief executive now"), or a preposition's phrase ("… head of chambers"), not a clause of a
    # question ("X's birth city lies in which county")
    phrase_ok = not any(t.lower in WH for t in tail)

    def closes(t: Tok) -> bool:
        return t.pos in _TERSE_POS or t.pos == "PUNCT" or t.lower in WH or t.lower in TIME_ADVERBS or \
            (phrase_ok and t.pos in ("ADP", "DET"))

    dated = _dated_participles(toks)  # "X centre manager appointed 2015 sister": when, no hop
    if any((t.pos not in _TERSE_POS and t.lower not in _WHICH_ONE and not modifying_gerund(toks, t.i))
           or t.lower in WH for t in toks[:last]
           if t.anchor < 0 and t.i not in used and t.i not in dated) or not all(closes(t) for t in tail):
        return []
    out: list[Mention] = []
    run: list[Tok] = []
    for t in toks[at + 1:last + 1] + [None]:
        if t is not None and t.i in dated:
            continue
        if t is not None and t.i not in used and t.anchor < 0 and t.i not in asked_date:  # ("X year founded": the
            run.append(t)  # asked date, no hop)
            continue
        if any(x.pos == "NOUN" for x in run):
            out.append(Mention(run[0].i, run[-1].i + 1, " ".join(x.text for x in run),
                               Sense(relation=" ".join(x.lower for x in run)), via="open"))
        run = []
    return out


def role_runs(toks: list[Tok], at: int | None) -> list[Mention]:
    """ "X owner majority shareholder": a terse query of a name and nouns only that no phrase explains, in which two or
    more nouns name roles ("owner", "shareholder"), is a chain of them: each role noun, with the words since the last
    one, is an open hop in turn. [] for any other query."""
    if at != 0 or any(t.pos not in _TERSE_POS or t.lower in WH for t in toks[1:] if t.pos != "PUNCT"):
        return []
    out: list[Mention] = []
    start = at + 1
    for t in toks[at + 1:]:
        if t.anchor < 0 and t.pos == "NOUN" and names_a_role(t.lower):
            out.append(Mention(start, t.i + 1, " ".join(x.text for x in toks[start:t.i + 1]),
                               Sense(relation=" ".join(x.lower for x in toks[start:t.i + 1])), via="open"))
            start = t.i + 1
    return out if len(out) >= 2 else []


def _dated_participles(toks: list[Tok]) -> set[int]:
    """Positions of a participle and the year right after it ("appointed 2015", "elected 2019"): when a post was
    taken, said inside a terse query's run of nouns."""
    return {k for t in toks[:-1] if t.pos == "VERB" and t.lower.endswith(("ed", "en"))
            and re.fullmatch(YEAR_NUMBER, toks[t.i + 1].lower) for k in (t.i, t.i + 1)}


#: Class nouns a terse query may end on to ask a thing of that class the chain's person has ("X founder company").
_ASKED_CLASSES = BRIDGE_CLASSES | frozenset("firm business town city village".split())  # (a school: education)


def trailing_class_hop(toks: list[Tok], mentions: list[Mention], at: int | None) -> list[Mention]:
    """ "X founder company", "X chair husband business": a terse query (a name and nouns only) ending on a class
    noun right after its last relation, whose answer is a person, asks a thing of that class the relation's answer has, by a relation the
    query leaves unsaid; the noun is an open hop of its own, read last (else the query would end on the
    person). [] for any other query."""
    words = [t for t in toks if t.pos != "PUNCT"]
    if at is None or not mentions or not words or any(t.pos not in _TERSE_POS or t.lower in WH for t in words):
        return []
    last = words[-1]
    before = max(mentions, key=lambda m: m.end)
    relation = (before.sense.resolve() or ("",))[-1]
    between = toks[before.end:last.i]  # "… brother engineering firm": the class noun's own modifiers
    if last.anchor >= 0 or last.lower not in _ASKED_CLASSES or last.i < before.end or last.i <= at \
            or any(t.anchor >= 0 or t.pos not in ("NOUN", "ADJ", "") for t in between) \
            or relation not in RELATIONS or RELATIONS[relation].answer != "person":
        return []  # ("X employer city": the city of a body is where it lies, read as such)
    run = between + [last]
    return [Mention(before.end, last.i + 1, " ".join(t.text for t in run), Sense(relation=" ".join(t.lower for t in run)),
                    via="open")]
