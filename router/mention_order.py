"""The order of a chain's hops (pure given the tokens): the phrase nearest the anchor is the first hop, the
question's main predicate the last ("Where was the director of X born?": director, then born), with the
exceptions of English a distance alone gets wrong (the anchor's own noun, a possessive's run of nouns, a by-phrase's
agent, a subject wh-word's verb). `hopgraph.router.reading` reads the chain in this order.
"""

from __future__ import annotations

from hopgraph.router.lexicon import Mention, kin_noun
from hopgraph.router.own_clause import clause_depth, in_own_clause
from hopgraph.router.spans import KIND_WORDS
from hopgraph.router.tokens import POSSESSIVE_POINTERS, Tok


def main_predicate(toks: list[Tok], mentions: list[Mention], at: int) -> Mention | None:
    """The question's main verb phrase among the mentions, if one is after the anchor outside its clauses."""
    after = [m for m in mentions if (m.sense.verb or toks[m.start].pos == "VERB") and m.start > at
             and not in_own_clause(toks, m, at)]
    after = after[clause_depth(toks, mentions, at):]  # the first verbs after the anchor close its relative clauses
    after = [m for m in after if m.sense.verb]  # (an open verb, "that X joined", closes one, but is no main verb)
    return after[-1] if after else None


def _distance(m: Mention, at: int, toks: list[Tok]) -> float:
    """Tokens between the phrase and the anchor; 0 for the anchor's own noun ("the soloist of X", not
    "the father of X's wife" nor "the wife of the X performer"), which is always the first hop, before
    the verb of a clause around it ("where the soloist of X studied")."""
    if m.end <= at:
        gap = [t.lower for t in toks[m.end:at]]
        nxt = toks[at + 1] if at + 1 < len(toks) else None
        ends = nxt is None or nxt.pos not in ("NOUN", "PROPN") or nxt.anchor >= 0  # not "of the X performer / CEO"
        labelled = len(gap) == 2 and gap[0] == "of" and gap[1] in KIND_WORDS  # "the director of film X"
        # "the founder of X's wife": the possessive ends the whole phrase, whose wife (a body has none)
        grouped = toks[at].possessive and nxt is not None and kin_noun(nxt) and not kin_noun(toks[m.start]) \
            and m.sense.person_bridge  # (the founder of a body; "the birthplace of X's father" is the father's)
        own = not m.sense.verb and (not toks[at].possessive or grouped) and toks[at].lower not in POSSESSIVE_POINTERS \
            and (ends or grouped) and (gap in (["of"], ["of", "the"], ["of", "a"]) or labelled)
        # "manager who signed X predecessor": X is the object of the clause's verb, so that clause is the first
        # hop, before the words after X (not "who signed X's predecessor": X's own noun comes first)
        clause = m.via == "open" and m.end == at and not toks[at].possessive and _relative_verb_before(toks, m)
        agent = gap == ["by"] and toks[m.end - 1].pos == "VERB"  # "the clerk hired by X": what X did is its first hop
        if (own or clause or agent) and not (agent and toks[at].possessive):
            return 0
        # ("the mill built by X's father": the father first, then what he built)
        if toks[at].possessive and (gap in (["of"], ["of", "the"]) or agent) and (owned := _possessed_run(toks, at)):
            return owned + 0.5  # "the wife of X's founder set up": after the founder, before the verb after it
        return at - m.end + 1
    return m.start - at


def _possessed_run(toks: list[Tok], at: int) -> int:
    """How many nouns and adjectives the possessive name at `at` governs ("X's first chairman": 2)."""
    n = 0
    while at + n + 1 < len(toks) and toks[at + n + 1].pos in ("NOUN", "ADJ") and toks[at + n + 1].anchor < 0:
        n += 1
    return n


def _relative_verb_before(toks: list[Tok], m: Mention) -> bool:
    """The mention ends on a verb that a relative word ("who", "that") opens, right before the anchor."""
    return m.end >= 2 and toks[m.end - 1].pos == "VERB" and any(t.lower in ("who", "that") for t in toks[m.start:m.end])


def order_mentions(toks: list[Tok], mentions: list[Mention], at: int | None) -> list[Mention]:
    """Innermost first: nearest to the anchor, the main predicate last."""
    if at is None:  # no anchor in this sentence: innermost last ("father of the director of"), but a possessive's
        ordered = _possessives_first(sorted(mentions, key=lambda m: -m.start), toks)  # ("the director's father")
        main = [m for m in ordered if _main_clause_verb(toks, m)]  # "Where was the director's wife born?": born last
        return [m for m in ordered if m not in main] + main
    main = main_predicate(toks, mentions, at) or _subject_question_verb(toks, mentions, at)
    rest = sorted((m for m in mentions if m is not main), key=lambda m: (_distance(m, at, toks), m.start < at))
    return rest + ([main] if main else [])


def _possessives_first(ordered: list[Mention], toks: list[Tok]) -> list[Mention]:
    """Mentions in reading order reversed, except that "A's B" keeps A before B: the owner is the inner hop."""
    out = list(ordered)
    for n in range(len(out) - 1):
        later, earlier = out[n], out[n + 1]
        if toks[earlier.end - 1].possessive and earlier.end <= later.start \
                and all(t.pos in ("ADJ", "NOUN") for t in toks[earlier.end:later.start]):
            out[n], out[n + 1] = earlier, later
    return out


def _main_clause_verb(toks: list[Tok], m: Mention) -> bool:
    """The mention is a verb of the sentence's own clause: no relative word opens a clause before it."""
    return m.sense.verb and toks[m.start].pos == "VERB" \
        and not any(t.lower in ("who", "whom", "whose", "that", "which") for t in toks[1:m.start])


def _subject_question_verb(toks: list[Tok], mentions: list[Mention], at: int) -> Mention | None:
    """ "Who founded X's brother's company?": the verb right after a subject wh-word opening the question is the
    main clause's, so it is the last hop, however near the anchor it stands; None when another phrase comes
    between the verb and the anchor's own noun phrase first ("Who founded the firm X runs": order by distance)."""
    if not toks or toks[0].lower != "who" or not toks[at].possessive:
        return None
    return next((m for m in mentions if m.start == 1 and m.sense.verb and m.end <= at), None)
