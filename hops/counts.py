"""How many of a thing a chunk says an entity has: "the twelve kilns at X", "X's 30 kilns"; how large a sum it
is: "Grant: £900,000"; and since when someone has held a post: "the warden since 2009 has been X" (pure).

"Which has more kilns, A or B?" compares two counts. A sentence states one when it names the entity and puts
a number right before the counted noun (a word or two may come between: "30 brick kilns"); the number is
what the grader reads, as it reads a date for "which was founded first".
"""

from __future__ import annotations

import re

from hopgraph.hops.chunk_view import ChunkView
from hopgraph.hops.evidence import Support
from hopgraph.router.vocab import cue_regex

#: A year, which counts nothing ("In 2006 kilns were built") and dates a post ("since 2009").
_YEAR_NUMBER = r"(?:1[5-9]\d\d|20\d\d)"
_NUMBER_WORDS = ("one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
                 "seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred dozen")
_NUMBER = rf"(?:\d[\d,.]*|(?:{'|'.join(_NUMBER_WORDS.split())})(?:[- ](?:{'|'.join(_NUMBER_WORDS.split())}))?)"


def count_before(sentence: str, noun: str) -> str:
    """The number right before `noun` (or its plural) in the sentence, up to two words between ("30 brick
    kilns"); "" when none."""
    stem = re.escape(noun.lower().removesuffix("s"))
    for found in re.finditer(rf"\b({_NUMBER})(?:\s+[a-z][\w-]*){{0,2}}?\s+{stem}s?\b", sentence, re.IGNORECASE):
        if not _YEAR.fullmatch(found.group(1)):  # ("In 2006 kilns were built": a year, no count)
            return found.group(1)
    return ""


_YEAR = re.compile(_YEAR_NUMBER)


def count_support(view: ChunkView, name: str, relation: str) -> Support | None:
    """Support for how many of the relation's noun (its last word: "employ people" -> "people") the entity has:
    a sentence naming it (any sentence of its own page) with a number before the noun; None when there is none."""
    noun = relation.split()[-1] if relation.split() else ""
    if not noun:
        return None
    home = view.is_home(name)
    sents = view.sents if home else view.sentences_with(name)
    for _, sentence in sents:
        if count := count_before(sentence, noun):
            return Support(view.hit.chunk_id, name, home, False, sentence.strip(), [count])
    return None


#: A sum of money: a currency sign and a number, perhaps "million"/"m"/"bn" after it.
_MONEY = re.compile(r"[£$€]\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:million|billion|m|bn|k)\b)?", re.IGNORECASE)
#: Words that say a sum is what a thing is worth.
_VALUE_WORDS = ("value", "worth", "amount", "total", "sum")


def amount_support(view: ChunkView, name: str, relation: str) -> Support | None:
    """Support for how large a thing is ("award size"): a sum in a sentence naming it, or, in a chunk that names
    it, the one sentence saying a sum with the relation's own word or a word of value ("Grant: £0.9m", "Value:
    £1,250,000"); None otherwise."""
    if not view.is_home(name) and not view.mentions(name):
        return None
    for _, sentence in view.sentences_with(name):
        if money := _MONEY.search(sentence):
            return Support(view.hit.chunk_id, name, False, False, sentence.strip(), [money.group()])
    words = tuple(w for w in relation.lower().split() if w != "size") + _VALUE_WORDS
    valued = [(s, m.group()) for _, s in view.sents if (m := _MONEY.search(s))
              and any(re.search(rf"\b{w}", s, re.IGNORECASE) for w in words)]
    if len(valued) != 1:
        return None  # several sums: which one is the thing's is not said
    sentence, money = valued[0]
    return Support(view.hit.chunk_id, name, view.is_home(name), False, sentence.strip(), [money])


#: How long or since when a post is held: "after twenty years", "since 2009", or a year.
_SINCE = re.compile(rf"\bsince\s+(?:\w+\s+)?({_YEAR_NUMBER})\b", re.IGNORECASE)
_A_YEAR = re.compile(rf"\b({_YEAR_NUMBER})\b")


def tenure_support(view: ChunkView, name: str, relation: str) -> Support | None:
    """Support for since when the named person has held the post (`relation`: "<post> since"): a sentence naming
    them that says the post, a leader's word or a succession, with how long ("twenty years") or since when ("since
    2009", else a year); None otherwise."""
    post = relation.split()[0] if relation.split() else ""
    cues = [c for c in (cue_regex("leader"), cue_regex("successor"), cue_regex("", (post,)) if post else None) if c]
    for _, sentence in view.sentences_with(name):
        if not any(c.search(sentence) for c in cues):
            continue
        if years := count_before(sentence, "years"):
            return Support(view.hit.chunk_id, name, False, False, sentence.strip(), [f"{years} years"])
        if found := _SINCE.search(sentence) or _A_YEAR.search(sentence):
            return Support(view.hit.chunk_id, name, False, False, sentence.strip(), [found.group(1)])
    return None
