"""Whether a question's wording compares, and in which order (pure): an order ("older", "born first", "more
recent"), a sameness ("same", "both"), "or", "vs", "which of", a count or a size ("more staff", "bigger capacity")
compare; a time adverbial ("later on", "two years after"), "after" in "named after" and an ordinal ("its first
chair") do not. What is compared is read in `hopgraph.router.comparing`.
"""

from __future__ import annotations

from hopgraph.router.tokens import Tok

EARLIEST = frozenset("first earlier earliest older oldest elder eldest sooner before".split())
LATEST = frozenset("later latest last younger youngest recent recently newer newest after outlived outlive "
                   "longer".split())
#: Words that compare how many ("more staff", "fewer turbines").
COUNTING = frozenset("more fewer most fewest less least".split())
SAME = frozenset("same both share shared common also too either".split())
OLDNESS = frozenset("older oldest younger youngest elder eldest age aged old young".split())


def compares(toks: list[Tok]) -> bool:
    """The wording compares: an order, a sameness, "or"/"vs", "which of", or a count or a size ("A B more staff",
    "A B bigger capacity") (not a time adverbial: "changed jobs later on", "two years after")."""
    when = time_adverbials(toks) | named_after(toks) | _ordinal_first(toks)
    words = {t.lower for t in toks if t.i not in when}
    if not _names_joined(toks):  # "Which firm was also set up by the man who started X with Y?": no two sides
        words -= _ADDING
    return bool(words & (EARLIEST | LATEST | SAME | OLDNESS | {"or", "vs", "versus", "than"})) or \
        any(a.lower == "which" and b.lower in ("of", "one") for a, b in zip(toks, toks[1:])) or \
        any((a.lower in COUNTING or comparative(a)) and b.pos == "NOUN" and b.anchor < 0
            for a, b in zip(toks, toks[1:]))  # "more staff", "bigger capacity"


def _ordinal_first(toks: list[Tok]) -> set[int]:
    """"first" that orders nothing between two sides: an ordinal in a noun phrase ("its first chair", "the first
    manager", "X's first chairman") or "at first, originally" before the verb it modifies ("When was X first
    established?")."""
    return {t.i for t in toks if t.lower == "first" and (
        (t.i > 0 and (toks[t.i - 1].lower in _DETERMINERS or toks[t.i - 1].possessive) and _noun_follows(toks, t.i))
        or (t.i + 1 < len(toks) and toks[t.i + 1].pos == "VERB"))}


def _noun_follows(toks: list[Tok], i: int) -> bool:
    """A noun of the ordinal's phrase right after it ("the first season", "his first coaching job"), not "the first
    to …" or "the first of them", which pick one of the sides."""
    return i + 1 < len(toks) and toks[i + 1].pos in ("NOUN", "ADJ", "PROPN") and toks[i + 1].anchor < 0


#: Words before an ordinal in a noun phrase.
_DETERMINERS = frozenset("the a its his her their our my your whose".split())


#: Words of sameness that also just add a fact ("which firm was also set up by X"): they compare only two names
#: joined together ("Did A and B also …").
_ADDING = frozenset(("also", "too"))


def _names_joined(toks: list[Tok]) -> bool:
    """Two names joined by "and", "or", "&" or a comma ("A and B", "A, B"), an article allowed before the second."""
    for t in toks:
        if t.anchor < 0 or t.i + 1 >= len(toks) or toks[t.i + 1].lower not in ("and", "or", ",", "&"):
            continue
        k = t.i + 2
        while k < len(toks) and toks[k].pos == "DET":
            k += 1
        if k < len(toks) and toks[k].anchor >= 0 and toks[k].anchor != t.anchor:
            return True
    return False


def comparative(t: Tok) -> bool:
    """A comparative of size or amount ("bigger", "larger", "busier"); age and time have their own words
    (`OLDNESS`, `EARLIEST`, `LATEST`). A closed list: the tagger takes nouns for comparatives ("haulier")."""
    return t.lower in _SIZE_COMPARATIVES


_SIZE_COMPARATIVES = frozenset("bigger larger smaller greater higher lower taller wider narrower heavier lighter "
                               "busier deeper shallower shorter richer poorer cheaper dearer faster slower".split())


#: Units before "later"/"earlier"/"after"/"before" that make it a time adverbial ("two years later").
_TIME_UNITS = frozenset("year years month months week weeks day days decade decades moment moments time while "
                        "hour hours".split())


def named_after(toks: list[Tok]) -> set[int]:
    """Positions of "after" in "named / called after" (a namesake, no order: "Is X named after Y?")."""
    return {t.i for t in toks if t.lower == "after" and t.i > 0 and toks[t.i - 1].lemma in ("name", "call")}


def time_adverbials(toks: list[Tok]) -> set[int]:
    """Positions of order words that say when, not which of two ("later on", "later that year", "two years
    after", "a decade earlier")."""
    out = set()
    for t in toks:
        if t.lower not in ("later", "earlier", "after", "before"):
            continue
        nxt = toks[t.i + 1].lower if t.i + 1 < len(toks) else ""
        prev = toks[t.i - 1].lower if t.i >= 1 else ""
        if (t.lower in ("later", "earlier") and nxt in ("on", "that", "this")) or prev in _TIME_UNITS:
            out.add(t.i)
    return out


def order_of(toks: list[Tok]) -> str:
    words = [t.lower for t in toks]
    if "more" in words and ("recent" in words or "recently" in words):
        return "latest"
    for w in words:
        if w in LATEST:
            return "latest"
        if w in EARLIEST:
            return "earliest"
    return "same" if set(words) & SAME else ""
