"""Matching a question's relation words to edge predicates (pure functions).

Words are compared by a crude stem (lower case, common suffixes removed) and
through small synonym families ("director" ~ "directed" ~ "filmmaker"), so
"Who directed X?" and "the director of X" both select `direct` edges.
"""

from __future__ import annotations

import re
from functools import lru_cache

_WORD = re.compile(r"[a-z]+")
_SUFFIXES = ("ation", "ings", "ing", "ers", "ors", "ed", "er", "or", "es", "s")

SYNONYM_FAMILIES: tuple[frozenset[str], ...] = tuple(
    frozenset(words.split())
    for words in (
        "direct director directed filmmaker",
        "born birth birthplace native",
        "die died death dead",
        "bury buried burial grave",
        "marry married wife husband spouse widow",
        "father dad paternal",
        "mother mom maternal",
        "child son daughter kid",
        "parent father mother",
        "found founded founder establish established co-founded cofounder",
        "produce producer produced production",
        "write writer wrote author written",
        "compose composer composed music",
        "perform performer performed sing singer sang",
        "star starring starred actor actress cast",
        "play played player",
        "locate located location headquarter headquarters based situated",
        "educate educated study studied alumnus school university college attended",
        "work worked employer employee job",
        "award won win prize",
        "release released premiere premiered published publish",
        "nationality country citizen citizenship national",
        "own owner owned acquire acquired bought",
        "lead leader led head chief ceo president",
        "design designer designed architect",
        "invent inventor invented",
        "sibling brother sister",
        "succeed succeeded successor predecessor replace replaced replacement precede preceded",
        "grandfather grandmother grandparent",
    )
)

STOP = frozenset(
    "who whom whose what which where when why how is are was were did do does the a an in on of and or "
    "to by for with from at as that this first earlier later older younger than both same".split()
)


@lru_cache(maxsize=100_000)
def stem(word: str) -> str:
    word = word.lower()
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


# Nouns that name what kind of thing an entity is: in "Which film has the director…" the relation is
# "director", not "film" (and every film passage would otherwise match).
TYPE_NOUNS = frozenset("film films movie movies song songs album albums book books novel series show band group work works".split())


#: Phrasal verbs whose particle makes them another family's verb ("took over X" acquired it, "set up X" founded
#: it): the family's word is added to the question's words.
_PHRASAL = ((re.compile(r"\b(?:take|takes|took|taken|taking) over\b"), "acquire"),
            (re.compile(r"\b(?:buy|buys|bought|buying) (?:out|up)\b"), "acquire"),
            (re.compile(r"\b(?:set|sets|setting) up\b"), "found"))


def relation_terms(text: str) -> frozenset[str]:
    """Stems of the relational content words of `text`, expanded with their synonym families (a phrasal verb's
    through the verb it means: `_PHRASAL`)."""
    lower = text.lower()
    words = [w for w in _WORD.findall(lower) if w not in STOP and w not in TYPE_NOUNS]
    words += [word for pattern, word in _PHRASAL if pattern.search(lower)]
    terms = {stem(w) for w in words}
    for family in SYNONYM_FAMILIES:
        if family & set(words) or {stem(f) for f in family} & terms:
            terms |= {stem(f) for f in family}
    return frozenset(terms)


@lru_cache(maxsize=50_000)
def predicate_terms(predicate: str) -> frozenset[str]:
    return frozenset(stem(w) for w in _WORD.findall(predicate.lower()) if w not in STOP)


def predicate_relevance(predicate: str, question_terms: frozenset[str], kind: str = "typed") -> float:
    """1.0 when the predicate shares a (stemmed, synonym-expanded) word with the question; less otherwise."""
    if kind != "typed":
        return 0.25
    return 1.0 if predicate_terms(predicate) & question_terms else 0.4
