"""Matching a relation phrase by meaning: words the lexicon does not know -> a vocabulary relation, or None.

Every relation of `hopgraph.router.vocab` is described by short examples: its question nouns and
synonyms from the vocabulary and its phrases from `hopgraph.router.lexicon`. A phrase from a
question ("the man behind the camera", "schooling", "tied the knot with") is embedded with the
store's sentence embedder (already loaded for dense retrieval) and takes the relation of its most
similar example when the cosine similarity reaches `THRESHOLD`; below it the relation stays open.
The threshold was set on hand-written phrases (see tests/router/test_meaning.py): synonyms of a
relation score above it, words of unrelated facts ("injury", "signatures", "population") below. Words of
facts outside the vocabulary that sit close to one inside it ("actor" and "director") are kept apart by
examples of their own (`OTHER_FACTS`) rather than by the threshold.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import numpy as np

from hopgraph.router.lexicon import LITERAL_ONLY, PHRASES
from hopgraph.router.vocab import RELATIONS

THRESHOLD = 0.65
#: Phrases of facts the vocabulary does not hold whose words sit near one it does ("actor" near "director",
#: "supplier" near "maker", "partner firm" near "spouse"): when one of them is the nearest example, the phrase
#: stays open (its own words are searched) instead of taking the neighbouring relation.
OTHER_FACTS = ("actor", "actress", "lead actor", "cast member", "voice actor", "co-star", "student", "pupil",
               "supplier", "business partner", "partner firm", "teammate",
               "subsidiary", "acquisition", "acquired company", "take over", "took over", "buy", "own", "owns", "owned", "literary agent", "agent",
               "building", "premises",  # (a building is where something is, not who built it)
               "translator", "translated by")  # (a translator is no author)
Encode = Callable[[list[str]], np.ndarray]


@lru_cache(maxsize=1)
def examples() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(example phrases, the relation of each): every noun, synonym and lexicon phrase of a relation, and the
    `OTHER_FACTS` phrases, whose relation is "" (none of the vocabulary)."""
    rows: dict[str, str] = dict.fromkeys(OTHER_FACTS, "")
    for name, spec in RELATIONS.items():
        for text in (*spec.nouns, *spec.synonyms, f"{spec.query} of"):
            if text not in LITERAL_ONLY and text.removesuffix(" of") not in LITERAL_ONLY:
                rows.setdefault(text, name)
    for phrase, sense in PHRASES.items():
        if sense.relation in RELATIONS and len(phrase) > 3 and phrase not in LITERAL_ONLY:
            rows.setdefault(phrase, sense.relation)
    return tuple(rows), tuple(rows.values())


class RelationMeaning:
    """Callable: phrase -> relation name (or None below the threshold). Example vectors are computed once."""

    def __init__(self, encode: Encode, threshold: float = THRESHOLD):
        self.encode = encode
        self.threshold = threshold
        texts, self.names = examples()
        self.vectors = _unit(np.asarray(encode(list(texts)), dtype=np.float32))

    def score(self, phrase: str) -> tuple[str, float]:
        """The relation of the most similar example ("" for one of `OTHER_FACTS`) and its similarity."""
        v = _unit(np.asarray(self.encode([phrase]), dtype=np.float32))[0]
        sims = self.vectors @ v
        best = int(np.argmax(sims))
        return self.names[best], float(sims[best])

    def __call__(self, phrase: str) -> str | None:
        if not phrase.strip():
            return None
        name, sim = self.score(phrase)
        return name if name and sim >= self.threshold else None


def _unit(m: np.ndarray) -> np.ndarray:
    return m / np.maximum(np.linalg.norm(m, axis=1, keepdims=True), 1e-9)
