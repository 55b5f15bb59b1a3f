"""Whether "from" (or "country") in a question states where someone or something comes from (pure).

    "Which town is X from?", "X came from Y", "Is he from a small town?"    an origin
    "Where did X graduate from?"                                           another verb's preposition
    "She came from industry"                                               a background, no place
    "Which firm did X come from?", "Who did X buy Y from?"                  a source, no place
    "a certain country"                                                    a class, not "the country of X"
"""

from __future__ import annotations

from hopgraph.router.lexicon import PHRASES
from hopgraph.router.tokens import Tok

#: Words after which "from" states an origin.
_ORIGIN_BEFORE = frozenset("be come hail originate someone somebody person people who man woman originally "
                           "where".split())  # ("X's founder - where from?")


def origin_ok(toks: list[Tok], i: int, n: int) -> bool:
    """ "from" states an origin only after a copula, a verb of coming or a person word, or at the very end;
    "country" names a relation only as "the country of X" or "X's country" ("a certain country" is a class)."""
    if toks[i].lower in ("country", "nation") and n == 1:
        return (i + 1 < len(toks) and toks[i + 1].lower == "of") or (i > 0 and toks[i - 1].possessive)
    if toks[i + n - 1].lower != "from":
        return True
    rest = [t for t in toks[i + n:] if t.text not in ("?", ".", "!")]
    if n > 1:  # "come from", "hail from"
        return _place_next(rest) and not (not rest and _asks_a_source(toks, i))
    if not rest:
        return not _stranded_after_verb(toks, i) and not _asks_a_source(toks, i)
    prev = toks[i - 1] if i > 0 else None
    inverted = prev is not None and (prev.anchor >= 0 or prev.lower in ("both", "each", "all")) and toks[0].lemma == "be"
    # ("Are A and B (both) from the same town?": the copula opens the question, its subject stands before "from")
    return prev is not None and (prev.lemma in _ORIGIN_BEFORE or prev.lower in _ORIGIN_BEFORE or inverted) \
        and _place_next(rest)


#: Nouns of places a person can come from ("from a small town"); other nouns are a background ("from industry").
_PLACE_NOUNS = frozenset("country nation city town village region state area county island place province "
                         "district part abroad".split())


def _place_next(rest: list[Tok]) -> bool:
    """What follows "from" can be a place: a name, a place noun, a wh-word; not a common noun ("came from industry",
    "comes from a banking background")."""
    head = next((t for t in rest if t.pos not in ("DET", "ADJ", "NUM")), None)
    return head is None or head.anchor >= 0 or head.pos != "NOUN" or head.lemma in _PLACE_NOUNS


def _asks_a_source(toks: list[Tok], i: int) -> bool:
    """ "Which firm did X come from?", "Who did X buy Y from?", "the stall it comes from": the nearest wh-word or
    relative word before "from" (at `i`) asks a person or a body, so "from" names a source (a previous firm, a
    seller), not a birthplace or a nation ("where is he from?", "the town that X is from" are origins)."""
    j = next((k for k in range(i - 1, -1, -1) if toks[k].lower in _ASKING and not _relative_who(toks, k)
              and not _subject_relative(toks, k)), None)
    if j is None or toks[j].lower == "where":
        return False
    if toks[j].lower in ("who", "whom"):
        return True
    if toks[j].lower in ("that", "which") and j > 0 and toks[j - 1].pos == "NOUN":
        noun = toks[j - 1]  # "the town that X is from"
    else:
        noun = toks[j + 1]
    return noun.pos == "NOUN" and noun.lemma not in _PLACE_NOUNS and noun.lower not in _PLACE_NOUNS


_ASKING = frozenset("who whom which what that where".split())


def _relative_who(toks: list[Tok], k: int) -> bool:
    """ "the man who directed it": a relative "who" says who the noun is, it asks nothing."""
    return toks[k].lower in ("who", "whom") and k > 0 and (toks[k - 1].pos in ("NOUN", "PROPN") or toks[k - 1].anchor >= 0)


def _subject_relative(toks: list[Tok], k: int) -> bool:
    """ "the company that owns X": a relative "that"/"which" right before its clause's verb is that clause's subject;
    the "from" at the end is not its object (as in "the stall that it comes from")."""
    return toks[k].lower in ("that", "which") and k > 0 and toks[k - 1].pos == "NOUN" and k + 1 < len(toks) \
        and toks[k + 1].pos in ("VERB", "AUX")


def _stranded_after_verb(toks: list[Tok], i: int) -> bool:
    """ "graduate from" at the end: the preposition of another verb, not an origin ("Which city is X from?",
    "… is she from?" are origins)."""
    prev = toks[i - 1] if i > 0 else None
    if prev is None:
        return False
    if prev.lemma in PHRASES and prev.lemma not in _ORIGIN_BEFORE and PHRASES[prev.lemma].verb:
        return True  # "graduate from", "retire from": that verb's preposition ("X's husband from": a noun's origin)
    origin = prev.lemma in _ORIGIN_BEFORE or prev.anchor >= 0 or prev.pos in ("PRON", "PROPN", "AUX", "NOUN") \
        or prev.lemma in PHRASES  # (a relation noun: "X's husband from")
    return not origin
