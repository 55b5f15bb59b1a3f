"""Verbs with an infinitive after them (pure functions).

A verb after an infinitive "to" that the tagger read as a noun: "went on to chair X", "the first woman to chair X".

"chair", "head", "host" and "run" are nouns as often as verbs, and a tagger may read "to" before them as a
preposition ("went on to chair X" like "went on to the X"). When a word after "to" is a verb of the lexicon, the
"to" follows a verb or its particle ("went on to", "was asked to", "left to"), and an object follows the word
(a name, or a determiner), the word is that verb: its subject did it, and "went on to" only says when. So is
the word after "to" that follows a noun an ordinal or a superlative singles out ("the youngest person to run X").

A verb of taking a post before such an infinitive says how the post was got: "Who was appointed to replace X?",
"Who was hired to run X?" ask X's successor and X's leader; the appointing or hiring is no hop of its own.
"""

from __future__ import annotations

from hopgraph.router.lexicon import Mention, is_relation_verb
from hopgraph.router.tokens import Tok

#: Parts of speech a misread infinitive comes with.
_MISREAD = frozenset(("NOUN", "PROPN"))
#: Words that may stand between the verb and "to" ("went on to", "moved up to").
_PARTICLES = frozenset("on up".split())


def with_infinitive_verbs(toks: list[Tok]) -> list[Tok]:
    """The tokens with every verb of the lexicon after an infinitive "to" tagged as a verb (and the "to" as a
    particle); unchanged when there is none."""
    for t in toks[2:-1]:
        to = toks[t.i - 1]
        if t.pos not in _MISREAD or t.anchor >= 0 or to.lower != "to" or \
                not (_after_a_verb(toks, to.i) or _after_a_singled_out_noun(toks, to.i)):
            continue
        after = toks[t.i + 1]
        gone = to.i >= 1 and toks[to.i - 1].lemma == "go" and (after.pos in ("PUNCT", "ADP") or after.lower == "after")
        if (after.anchor >= 0 or after.pos == "DET" or gone) and is_relation_verb(t):
            t.pos, to.pos = "VERB", "PART"  # ("went to chair X"; "Where did she go to work?": to work somewhere)
    return toks


def _after_a_verb(toks: list[Tok], i: int) -> bool:
    """The word before token `i` is a verb, or a particle right after one ("went on", "asked")."""
    j = i - 1
    if j >= 1 and toks[j].lower in _PARTICLES:
        j -= 1
    return j >= 0 and toks[j].pos in ("VERB", "AUX") and toks[j].anchor < 0


#: Words that single out one of a kind before a noun and its infinitive ("the first woman to chair X").
_SINGLING = frozenset("first last only next second third youngest oldest".split())


def _after_a_singled_out_noun(toks: list[Tok], i: int) -> bool:
    """The words before token `i` are a noun singled out by an ordinal or a superlative ("the first woman",
    "the youngest person"): the infinitive after them says what that one did."""
    return i >= 2 and toks[i - 1].pos == "NOUN" and toks[i - 1].anchor < 0 and toks[i - 2].lower in _SINGLING


#: Verbs of putting someone in a post ("was appointed chair of X", "was hired to run X", "brought in to lead X").
TAKING_A_POST = frozenset("appoint elect name nominate promote hire choose install recruit select pick employ bring".split())


def taken_to_do(toks: list[Tok], mentions: list[Mention]) -> set[int]:
    """Token indexes of the verbs of taking a post right before "to" and a relation verb ("appointed to replace",
    "hired to run", "brought in to lead"); the mentions on them are no hop."""
    out = set()
    for m in mentions:
        to = m.start - 1
        if toks[m.start].pos != "VERB" or to < 1 or toks[to].lower != "to":
            continue
        j = to - 1
        if toks[j].lower == "in" and j >= 1:  # "brought in to lead X"
            j -= 1
        if toks[j].pos == "VERB" and toks[j].lemma in TAKING_A_POST:
            out.add(j)
    return out
