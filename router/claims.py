"""A claim put to be checked: the value it ends on is what is checked, not where the chain starts.

    "The chair of the X committee - I read that she studied at Y. Is that right?"   Y is checked
    "Is it true that the man who leads the fork of X grew up in Y?"                   Y is checked
    "A friend says X's founder was born in 1950. Is he right?"                       no name ends it: nothing
    "Which company sponsored X's library then - Y, right?"                           a guessed answer, Y
    "X's director was born in Y. Is that right, or where was he born?"                Y is checked
    "Was X founded by Y?"                                                              Y is checked

The claim names the chain's start (X) and, last, after a preposition, the value the asker wants confirmed
(Y). Reading the chain from Y asks the wrong question; Y is searched with the chain's own steps instead, and
since no requirement states Y itself, the reading stays unsure. `claim_start`: where what someone claims starts
("My supervisor says the engineer …"), said of the world rather than of the asker.
"""

from __future__ import annotations

from hopgraph.router.askers_own import ASKERS_OWN
from hopgraph.router.tokens import CONFIRMING, Tok, check_before_or

#: Prepositions before a checked value ("studied at Y", "grew up in Y", "moved to Y").
_BEFORE_VALUE = frozenset("at in from to for on with under into of".split())
_END = frozenset(". ? ! , ;".split())


def checked_value(toks: list[Tok], qs: int) -> int | None:
    """The anchor the claim in sentence `qs` puts to be checked, or None when it is no claim or names one thing."""
    claim = [t for t in toks if t.sent == qs]
    if (guess := _guessed_answer(claim)) is not None:
        return guess
    if (agent := _passive_agent(claim)) is not None:
        return agent
    if check_before_or(claim) is not None and qs > 0:  # "X was born in Y. Is that right, or where was he born?"
        claim = [t for t in toks if t.sent == qs - 1]
    elif not (_checked_after(toks, qs) or _is_it_true(claim)):
        return None
    named = [t for t in claim if t.anchor >= 0]
    if len({t.anchor for t in named}) < 2:
        return None
    last = named[-1]
    rest = [t for t in claim if t.i > last.i]
    before = [t for t in claim if t.i < last.i]
    if not before or before[-1].lower not in _BEFORE_VALUE or any(t.text not in _END for t in rest):
        return None
    return last.anchor


def _passive_agent(claim: list[Tok]) -> int | None:
    """ "Was X founded by Y?": a yes/no question of a passive verb checks its by-agent Y against X's fact; Y's
    anchor, or None."""
    words = [t for t in claim if t.text not in _END]
    if len(words) < 5 or words[0].lower not in ("was", "were", "is", "are", "has", "had") or words[1].anchor < 0 \
            and not (words[1].lower == "the" and words[2].anchor >= 0):
        return None
    last = words[-1]
    if last.anchor < 0 or words[-2].lower != "by" or words[-3].pos != "VERB" or last.anchor == words[1].anchor:
        return None
    return last.anchor


def _checked_after(toks: list[Tok], qs: int) -> bool:
    """A later sentence only asks whether the claim holds ("Is that right?", "Is he right?")."""
    later = [t for t in toks if t.sent > qs]
    return bool(later) and all(t.lower in CONFIRMING for t in later)


def _is_it_true(claim: list[Tok]) -> bool:
    """ "Is it true that …": the sentence itself is the claim."""
    words = [t.lower for t in claim[:4]]
    return words[:3] in (["is", "it", "true"], ["is", "that", "true"])


_GUESS_CHECKS = frozenset("right correct yes no".split())
_SET_OFF = frozenset("- – — , : ;".split())


def _guessed_answer(claim: list[Tok]) -> int | None:
    """ "Which company sponsored it then - Y, right?": a name set off at the end of a question and followed only by
    a check is the asker's guess at the answer."""
    words = [t for t in claim if t.text not in ("?", "!", ".")]
    if len(words) < 3 or words[-1].lower not in _GUESS_CHECKS:
        return None
    rest = words[:-1]
    if rest and rest[-1].text == ",":
        rest = rest[:-1]
    if len(rest) < 2 or rest[-1].anchor < 0 or rest[-2].text not in _SET_OFF:
        return None
    return rest[-1].anchor


#: Verbs by which someone the asker knows claims something ("my boss says", "a friend thinks", "I read that").
CLAIMS = frozenset("say says said think thinks thought reckon reckons reckoned claim claims claimed believe "
                   "believes insist insists told tells read heard".split())


#: Who may claim something to the asker: the asker's own people, a friend, someone (what the asker says they heard
#: or read is the context the question builds on, "I heard X's daughter sings in a band").
CLAIMANTS = ASKERS_OWN | frozenset("friend friends someone somebody people everyone colleague colleagues".split())


def claim_verb_at(words: list[str], i: int) -> bool:
    """The lower-case word at `i` is a verb by which someone the asker knows claims what follows ("my boss
    reckons X …", "a friend says …"): it says nothing of the named things, and what it claims is to be checked."""
    return words[i] in CLAIMS and bool(set(words[max(0, i - 3):i]) & CLAIMANTS)


def claim_start(ctoks: list[Tok]) -> int | None:
    """Where a claim's content starts, right after its verb near the start of the sentence ("My supervisor says
    the engineer …"), or None."""
    verb = next((t.i for t in ctoks[:5] if t.lower in CLAIMS), None)
    if verb is None:
        return None
    return verb + 1 if verb + 1 < len(ctoks) and ctoks[verb + 1].lower != "that" else verb + 2
