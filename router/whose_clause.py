"""A "whose" clause around the anchor: the noun it is on is reached through the clause (pure).

"Who founded the party whose candidate won the Tarrow run-off?": the clause says who won the run-off (its
verb, the first hop from the anchor); "the party whose candidate" is that person's party (the second hop);
the main clause asks the party's founder (the last). Read word by word, "party" and "candidate" were left
over and appended after the founder, and in "Where was the actor whose wife is X born?" "actor" was matched
by meaning to a relation of its own.

The two nouns around "whose" become one hop: an open relation of their own words ("party candidate",
"firm founder": the thing whose <relation> the bridge is, searched as text with the bridge), or, when the
possessed noun is a relation that reads the same both ways (wife, brother), that relation itself: the
actor whose wife is X is X's spouse. The clause's own verb and the main clause keep their phrases; a clause
verb no phrase explains ("whose institute was commissioned to carry out X") is an open hop of its own.
"""

from __future__ import annotations

from hopgraph.router.lexicon import Mention, Sense, covered
from hopgraph.router.open_words import WRAPPER, open_words
from hopgraph.router.object_clause import DETERMINERS
from hopgraph.router.tokens import CLAUSE_BREAK, Tok

#: Prepositions between a noun and its "whose" ("the emperor under whose rule", "the war during whose course").
_WHOSE_PREPOSITIONS = frozenset("under during in at by for with".split())
#: Relations that read the same from either side: "the actor whose wife is X" is X's spouse.
SYMMETRIC = frozenset("spouse sibling".split())


def whose_hop(toks: list[Tok], mentions: list[Mention], at: int | None) -> list[Mention]:
    """`mentions` with the words of "the <noun> whose <noun>" read as one hop, when the anchor at token `at`
    is inside the clause; `mentions` unchanged otherwise."""
    if at is None:
        return mentions
    for j, t in enumerate(toks):
        if t.lower != "whose" or not 0 < j < at:
            continue
        before = j - 2 if j >= 2 and toks[j - 1].lower in _WHOSE_PREPOSITIONS else j - 1
        head = _noun_run(toks, before, -1)  # ("the emperor under whose rule …": the noun before the preposition)
        owned = _noun_run(toks, j + 1, 1)
        if head is None or owned is None or any(u.lower in CLAUSE_BREAK for u in toks[j:at]):
            continue
        start, end = head[0], owned[-1] + 1
        inside = [m for m in mentions if start <= m.start < end]
        kept = [m for m in mentions if m not in inside]
        relation = next((m for m in inside if m.start > j and m.sense.relation in SYMMETRIC), None)
        if relation is None:
            words = [toks[k] for k in (*head, *owned)]
            relation = Mention(start, end, " ".join(toks[k].text for k in range(start, end)),
                               Sense(relation=" ".join(w.lemma or w.lower for w in words)), via="open")
        else:  # the other nouns only say what the answer is ("the actor")
            relation = Mention(start, end, relation.text, relation.sense, via=relation.via)
        return sorted(kept + [relation] + _clause_verb(toks, kept, end, at), key=lambda m: m.start)
    return mentions


def of_clause_hop(toks: list[Tok], mentions: list[Mention], at: int | None) -> list[Mention]:
    """`mentions` plus the noun of "the <noun> of the <noun> who/that <verb> … <anchor>" (or "… whose …") as an
    open hop of its own when no phrase explains it: "the party of the man who won X" is the winner's party, as
    "the party whose candidate won X" is; `mentions` unchanged otherwise."""
    if at is None:
        return mentions
    spanned = covered(mentions)
    for j, t in enumerate(toks[:at]):
        subject_clause = t.lower in ("who", "that") and j + 1 < at and toks[j + 1].pos in ("VERB", "AUX")
        if t.lower != "whose" and not subject_clause:  # ("the manager of the team whose rider won X" too)
            continue
        owner = _noun_run(toks, j - 1, -1)
        if owner is None or owner[0] < 2 or toks[owner[0] - 1].lower not in DETERMINERS:
            continue
        k = owner[0] - 2  # "<noun> of the <owner>": the owner's run opens with its determiner
        if toks[k].lower != "of":
            continue
        head = _noun_run(toks, k - 1, -1)
        if head is None or any(i in spanned for i in head) or all(toks[i].lower in WRAPPER for i in head):
            continue  # ("the name of the company that bought X": the company itself)
        words = [toks[i] for i in head]
        hop = Mention(head[0], head[-1] + 1, " ".join(w.text for w in words),
                      Sense(relation=" ".join(w.lemma or w.lower for w in words)), via="open")
        return sorted(mentions + [hop], key=lambda m: m.start)
    return mentions


def _clause_verb(toks: list[Tok], mentions: list[Mention], start: int, at: int) -> list[Mention]:
    """The clause's own verbs as an open hop when no phrase between the possessed noun and the anchor says
    it ("whose institute was commissioned to carry out X": "commission carry"); [] otherwise."""
    if any(start <= m.start < at for m in mentions):
        return []
    verbs = [t for t in open_words(toks, mentions, set()) if start <= t.i < at and t.pos == "VERB"]
    if not verbs:
        return []
    return [Mention(verbs[0].i, verbs[-1].i + 1, " ".join(t.text for t in toks[verbs[0].i:verbs[-1].i + 1]),
                    Sense(relation=" ".join(t.lemma or t.lower for t in verbs), verb=True), via="open")]


def _noun_run(toks: list[Tok], k: int, step: int) -> list[int] | None:
    """Token indices of the nouns (and adjectives before a noun) running from `k` away from "whose", in
    reading order: "the political party whose", "whose lead singer"; None when `k` is no noun, is a name,
    or (before "whose") has no determiner in front ("X, whose founder …" describes the name X)."""
    run: list[int] = []
    while 0 <= k < len(toks) and toks[k].anchor < 0 and (toks[k].pos in ("NOUN", "ADJ")
                                                        or (not toks[k].pos and toks[k].lower.isalpha())):
        run.append(k)
        k += step
    run.sort()
    nouns = [i for i in run if toks[i].pos in ("NOUN", "")]
    if not nouns:
        return None
    if step < 0 and (k < 0 or toks[k].lower not in DETERMINERS):
        return None
    return run[: run.index(nouns[-1]) + 1]


#: A kin relation read from the other side: whose father X is, is X's child.
_KIN_INVERSE = {"father": "child", "mother": "child", "parent": "child", "child": "parent", "spouse": "spouse",
                "sibling": "sibling"}


def whose_kin(toks: list[Tok], mentions: list[Mention], relations: list[str]) -> list[str]:
    """ "Whose father founded X?" asks the founder's child, "Whose son is X?" X's parent: a kin
    noun right after the question's opening "whose", or said of a name with the other side asked ("X is the son of
    whom?"), read last, is that relation reversed; a composite one is its steps reversed, each read from the other
    side ("Whose niece is X?": X's parent's sibling, whose sibling's child X is); `relations` unchanged otherwise."""
    first = next((t for t in toks if t.pos != "PUNCT"), None)
    if first is None or not relations:
        return relations
    if first.lower == "whose":
        kin = next((m for m in mentions if m.start == first.i + 1 and _kin_steps(m)), None)
    else:  # "X is the daughter of whom?": the kin noun said of X, its other side asked
        kin = next((m for m in mentions if _kin_of_the_asked(toks, m)), None)
    steps = _kin_steps(kin) if kin is not None else []
    if not steps or relations[-len(steps):] != steps:
        return relations
    return relations[:-len(steps)] + [_KIN_INVERSE[r] for r in reversed(steps)]


def _kin_of_the_asked(toks: list[Tok], m: Mention) -> bool:
    """ "X is the daughter of whom?", "X was the son of which mayor?": a name, "be", the kin noun, then "of" and
    the asked person."""
    if not _kin_steps(m) or m.start < 3 or m.end + 1 >= len(toks) or toks[m.end].lower != "of":
        return False
    asked = toks[m.end + 1].lower in ("whom", "who", "which", "what")
    subject = toks[m.start - 3]  # a name, or the end of a described subject ("The man who led X in 2013 was …")
    described = toks[0].lower not in ("who", "whom", "which", "what", "whose") and subject.anchor < 0 \
        and subject.pos in ("NOUN", "PROPN", "NUM")
    return asked and toks[m.start - 1].lower in ("the", "a") and toks[m.start - 2].lemma == "be" \
        and ((subject.anchor >= 0 and not subject.possessive) or described)


def _kin_steps(m: Mention) -> list[str]:
    """The kin relations a phrase stands for ("son": [child], "grandson": [child, child]); [] for another phrase."""
    steps = list(m.sense.chain) if m.sense.chain else [m.sense.relation]
    return steps if all(r in _KIN_INVERSE for r in steps) else []


def kin_did_it(toks: list[Tok], free: list[Tok], ordered: list[Mention]) -> bool:
    """ "Whose wife translated X?", "Whose son restored the X mill?": the question opens with "whose" and a kin noun
    whose verb right after it is one no phrase explains. That verb's fact of X comes first (who translated X), the
    kin noun after it (whose wife that is, `whose_kin`); read in the order of the words, the kin came first."""
    first = next((t for t in toks if t.pos != "PUNCT"), None)
    if first is None or first.lower != "whose" or len(ordered) != 1:
        return False
    kin = ordered[0]
    return kin.start == first.i + 1 and bool(_kin_steps(kin)) and \
        any(t.i == kin.end and t.pos == "VERB" for t in free)
