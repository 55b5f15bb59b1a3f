"""Which of several entities one name means: the one whose passages fit the words around the name.

"Allen" in "the population of Allen" may be a town or any of several people called Allen. Shared by
document counts alone, the name goes to whoever the corpus mentions most; as a corpus grows, namesakes
multiply and the one meant (mentioned once) drops out of the five the name may seed. So each namesake is
weighed by its document count times how well its best passage fits the query it is named in (the cosine of
the query's vector with the passage's), relative to the best-fitting namesake: `exp(sharpness * (fit - best))`.
A namesake 0.1 behind the best in cosine keeps about a third of its weight at the default sharpness.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

#: how steeply a namesake's weight falls with its fit behind the best one (per unit of cosine)
FIT_SHARPNESS = 10.0
#: passages of one entity compared with the query (its first ones by id: a big hub needs no more)
MAX_PASSAGES = 64


def fit_weights(doc_freq: Mapping[int, int], fit: Mapping[int, float],
                sharpness: float = FIT_SHARPNESS) -> dict[int, float]:
    """Entity id -> weight: its document count (at least 1) times exp(sharpness * (its fit - the best fit)).
    An entity with no fit (no passage) counts as one whole unit of cosine behind the best (pure)."""
    best = max(fit.values(), default=0.0)
    return {e: max(n, 1) * math.exp(sharpness * (fit.get(e, best - 1.0) - best)) for e, n in doc_freq.items()}


def best_fits(ids: set[int], passages_of: Callable[[int], set[str]],
              cosines: Callable[[set[str]], dict[str, float]]) -> dict[int, float]:
    """Entity id -> the highest cosine of any of its passages (`cosines` of passage ids), for those with one."""
    chosen = {e: sorted(passages_of(e))[:MAX_PASSAGES] for e in ids}
    scores = cosines({c for cs in chosen.values() for c in cs})
    return {e: max(scores[c] for c in cs if c in scores) for e, cs in chosen.items() if any(c in scores for c in cs)}
