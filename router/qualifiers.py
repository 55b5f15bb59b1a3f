"""Words that say which one of a named thing the question means (pure).

A name often comes with words of its own noun phrase that pick one edition, event or part of it:
"the 2019 junior's X winner", "the conductor of the X revival", "Y's 2017 municipal by-election". They are no
relation to follow, but a search for the anchor's first fact without them finds the wrong edition (the
2018 contest instead of the 2019 junior contest). `anchor_qualifiers` returns them so the first hop's
sub-query keeps them.

What counts, in the anchor's noun phrase only:
* before the name: numbers and years, adjectives and possessive common nouns ("2019", "municipal",
  "junior's"), up to the determiner or preposition that opens the phrase;
* after a possessive name: the same kinds of words and the plain nouns they lead to ("Y's 2017 municipal
  by-election"), up to a word of a relation phrase;
* after the name: the head nouns `hopgraph.router.heads.head_run` finds ("the X premiere").
"""

from __future__ import annotations

import re
from dataclasses import replace

from hopgraph.router.asked import noun_kind
from hopgraph.router.heads import head_run, names_a_role
from hopgraph.router.lexicon import Mention
from hopgraph.router.spans import YEAR
from hopgraph.router.tokens import POINTERS, POSSESSIVE_POINTERS, Tok, renumber

_MODIFIER_POS = frozenset({"NUM", "ADJ"})
#: Words that open a noun phrase before its modifiers.
_OPENERS = frozenset("the a an this that of in at for on from by with".split())
#: Adjectives that compare or point rather than pick out a thing.
_NOT_QUALIFYING = frozenset("same other own such older younger earlier later first last both either each".split())
#: Ordinals that name one edition when a determiner puts them before a name ("the first X", "its last X"), not
#: an order asked about ("which came first").
_EDITION_ORDINALS = frozenset("first second third fourth fifth sixth seventh eighth ninth tenth last final latest "
                              "inaugural opening".split())
_NUMBERED = re.compile(r"\d+(?:st|nd|rd|th)")
_DETERMINERS = POSSESSIVE_POINTERS | {"the", "our"}


def anchor_qualifiers(toks: list[Tok], at: int, used: set[int]) -> list[str]:
    """The words around the anchor token `at` that pick out which one is meant, in question order;
    tokens in `used` belong to relation phrases and are never taken."""
    left: list[str] = []
    j = at - 1
    while j >= 0 and j not in used and (_modifies(toks[j]) or _edition_ordinal(toks, j)):
        left.append(_word(toks[j]))
        j -= 1
    right: list[str] = []
    if toks[at].possessive:
        k = at + 1
        while k < len(toks) and k not in used and (_modifies(toks[k]) or _plain_noun(toks[k])):
            right.append(_word(toks[k]))
            k += 1
        if right and not _plain_noun(toks[at + len(right)]):
            right = []  # "X's 2022 …" must end in the noun it qualifies, else the words are no phrase of X
    else:
        right = [_word(toks[k]) for k in head_run(toks, at) if k not in used]
    return left[::-1] + right


def left_run(toks: list[Tok], at: int) -> range:
    """The modifiers right before the anchor token `at`, when a determiner, a preposition or a possessive
    opens them ("of the 2022 X", "Y's 2023 X"), else an empty range."""
    j = at - 1
    while j >= 0 and (_modifies(toks[j]) or _edition_ordinal(toks, j)):
        j -= 1
    if j == at - 1 or j < 0 or not (toks[j].lower in _OPENERS or toks[j].possessive):
        return range(0)
    return range(j + 1, at)


def without_modifiers(toks: list[Tok]) -> list[Tok]:
    """The tokens without the modifiers before names, renumbered: "the conductor of the 2022 X" reads as
    "the conductor of the X" (the words travel with the anchor as its qualifiers instead)."""
    toks = [replace(t, pos="NOUN") if _class_noun_read_as_adjective(toks, t) else t for t in toks]
    drop = {i for t in toks if t.anchor >= 0 for i in left_run(toks, t.i)}
    return renumber([t for t in toks if t.i not in drop]) if drop else toks


def _class_noun_read_as_adjective(toks: list[Tok], t: Tok) -> bool:
    """The tagger's slip: a class noun after an article tagged as an adjective ("the firm X's wife set up"): it
    heads the phrase, no modifier of the name."""
    return t.i > 0 and t.pos == "ADJ" and bool(noun_kind(t.lower)) and toks[t.i - 1].lower in ("the", "a", "an")


def _modifies(t: Tok) -> bool:
    if t.anchor >= 0 or t.lower in _NOT_QUALIFYING or t.lower in POINTERS:
        return False
    if re.fullmatch(YEAR, t.text) or (t.pos == "NUM" and t.text[:1].isdigit()):
        return True
    if t.pos == "ADJ" and t.lower.isalpha():
        return True
    return t.possessive and t.pos == "NOUN" and t.lower.isalpha()  # "junior's"


def _edition_ordinal(toks: list[Tok], j: int) -> bool:
    """An ordinal right after the determiner that opens the name's phrase: "the first X", "its 5th X". Not after
    a possessive name: "Y's first X Z" may order the Z ("Tarrow's first Olympic skier")."""
    t = toks[j]
    if t.lower not in _EDITION_ORDINALS and not _NUMBERED.fullmatch(t.lower):
        return False
    return j > 0 and toks[j - 1].lower in _DETERMINERS


def _plain_noun(t: Tok) -> bool:
    return t.anchor < 0 and t.pos == "NOUN" and not t.possessive and bool(re.fullmatch(r"[a-z][a-z-]*", t.lower)) \
        and not names_a_role(t.lower)


def _word(t: Tok) -> str:
    return t.text + ("'s" if t.possessive else "")


def qualifiers_of(asked: list[Tok], qtoks: list[Tok], mentions: list[Mention], anchor: int) -> list[str]:
    """The anchor's own qualifying words ("the 2019 junior's X"), read on the question sentence before head
    nouns were absorbed; words of relation phrases are left out."""
    at = next((t.i for t in asked if t.anchor == anchor), None)
    if at is None:
        return []
    kept = _aligned(asked, qtoks)
    used = {kept[j] for m in mentions if m.start >= 0 for j in range(m.start, m.end) if j < len(kept)}
    return _dated_post(asked, at) + anchor_qualifiers(asked, at, used)


def said_before_qualifiers(toks: list[Tok], anchor: int, asking: int) -> list[str]:
    """ "I'm comparing X with the Y kiln. Which is bigger, the Z pump or the kiln?": a compared name the
    asking sentence (number `asking`) does not say keeps the qualifying words of the sentence that named it
    ("kiln")."""
    named = [t for t in toks if t.anchor == anchor]
    if not named or any(t.sent == asking for t in named):
        return []
    at = named[0]
    own = renumber([t for t in toks if t.sent == at.sent])
    return anchor_qualifiers(own, next(t.i for t in own if t.anchor == anchor), set())


def _dated_post(toks: list[Tok], at: int) -> list[str]:
    """ "the 2015 chair of X": a year before the noun of the anchor's own of-phrase says which holder of X's post
    is meant; [year] or []."""
    j = at - 1
    if j >= 0 and toks[j].lower == "the":
        j -= 1
    if j < 2 or toks[j].lower != "of" or toks[j - 1].pos not in ("NOUN", "PROPN") or toks[j - 1].anchor >= 0:
        return []
    k = j - 1
    while k >= 0 and toks[k].pos in ("NOUN", "PROPN") and toks[k].anchor < 0 and not re.fullmatch(YEAR, toks[k].text):
        k -= 1
    return [toks[k].text] if k >= 0 and re.fullmatch(YEAR, toks[k].text) else []


def role_objects(toks: list[Tok], at: int) -> list[int]:
    """Anchors of other names that are the object of a relative clause's verb right before the anchor at token
    `at`: in "the actor who voices X in Y" and "the actress that plays X on Y", X says which of Y's actors is
    meant, so it belongs to the search for the first hop from Y, not to a hop of its own."""
    out = []
    for t in toks[:at]:
        if t.anchor < 0 or t.i == 0 or toks[t.i - 1].pos != "VERB":
            continue
        between = toks[t.i + 1:at]
        verb = t.i - 1
        if between and all(u.pos in ("ADP", "DET") for u in between) and \
                any(u.lower in ("who", "that") for u in toks[max(0, verb - 2):verb]):
            out.append(t.anchor)
    return out


def _aligned(asked: list[Tok], qtoks: list[Tok]) -> list[int]:
    """For each token of `qtoks` (the asked tokens with some dropped), its index in `asked`."""
    out, j = [], 0
    for t in qtoks:
        while j < len(asked) and (asked[j].text, asked[j].anchor) != (t.text, t.anchor):
            j += 1
        out.append(min(j, len(asked) - 1))
        j += 1
    return out

