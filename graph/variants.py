"""Name variants: "T. Edmund Varrow" ~ "Tobias Edmund Varrow", "Teo Calderán" ~ "Teo Andrés Calderán Oyarte".

A name is a variant of a fuller name when its words appear in the fuller name in
the same order, each equal to a word there or, for an initial, to that word's
first letter, and the last words agree. Names of one word are never matched this
way (too ambiguous). Pure functions plus a small word index.
"""

from __future__ import annotations

from collections import defaultdict

from hopgraph.indexing.normalize import normalize


def name_words(name: str) -> list[str]:
    return normalize(name).split()


def is_variant(short: list[str], full: list[str]) -> bool:
    """True when `short` matches `full` word by word, in order, initials allowed; both end alike."""
    if len(short) < 2 or len(short) > len(full) or short == full:
        return False
    if short[-1] != full[-1] and short[-1] not in full[1:]:
        return False
    j = 0
    for word in short:
        while j < len(full) and not _word_matches(word, full[j]):
            j += 1
        if j == len(full):
            return False
        j += 1
    return True


def _word_matches(word: str, target: str) -> bool:
    return word == target or (len(word) == 1 and target.startswith(word))


class VariantIndex:
    """Finds the fuller names among a set of candidate names (e.g. the entities that have a passage)."""

    def __init__(self, names: dict[int, str]):
        self.words = {eid: name_words(n) for eid, n in names.items()}
        self.by_word: dict[str, set[int]] = defaultdict(set)
        for eid, ws in self.words.items():
            for w in ws:
                if len(w) > 1:
                    self.by_word[w].add(eid)

    def fuller_names(self, name: str) -> set[int]:
        short = name_words(name)
        anchors = [w for w in short if len(w) > 1]
        if len(short) < 2 or not anchors:
            return set()
        pools = sorted((self.by_word.get(w, set()) for w in anchors), key=len)
        candidates = set.intersection(*pools) if pools else set()
        return {eid for eid in candidates if is_variant(short, self.words[eid])}
