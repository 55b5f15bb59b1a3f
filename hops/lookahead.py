"""Look-ahead for open bridges: a candidate is likelier the bridge when the corpus says the rest of the
question about it.

"In which studio did the band that headlined the first Harbour Fair record its debut album?" reads the
bridge (the band) off the chunks the whole question found: they name several bands, a sponsor and a field.
The one meant is the name some other chunk joins to the words the question still asks about ("studio",
"record", "debut", "album"): a lexical search for each candidate with those words (`by_follow_up`) finds a
sleeve note naming the right band beside "recorded at ... studio ... first album", and nothing of the sort for
the sponsor. The candidates' order from reading the top chunks (`open_bridges`) holds unless the support
differs clearly, and a name most chunks carry (the town every document mentions) counts less (`specificity`).

Scoring is pure (`support`); the search is passed in (BM25 over the store in the hop loop).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from hopgraph.hops.residual import STEM  # words compared by their first letters, as a follow-up's are
from hopgraph.indexing.normalize import normalize
from hopgraph.models import SearchHit
from hopgraph.router.spans import content_words

#: (query text, k) -> hits, best first.
Search = Callable[[str, int], list[SearchHit]]

#: Candidates checked with a follow-up search, best read first; the rest keep their order after them.
LOOKAHEAD_NAMES = 6
#: Hits of each follow-up search read.
LOOKAHEAD_DEPTH = 5
#: What one step down the read order costs against the share of the rest of the question a chunk states
#: (0.6 against a share scaled by 4: 15% of the words, about one word of a question's seven). A candidate
#: passes a better-read one only when the corpus says clearly more of the rest about it.
SUPPORT_WEIGHT = 4.0
RANK_STEP = 0.6


def rest_of_question(question: str, anchors: list[str]) -> list[str]:
    """The question's content words outside its anchors' names: what the bridge must still be joined to."""
    named = {w for a in anchors for w in normalize(a).split()}
    return [w for w in content_words(question, limit=20) if w not in named]


def support(name: str, rest: list[str], hits: list[SearchHit], skip: set[str]) -> float:
    """The largest share of the `rest` words (by stem) that a hit naming `name` contains; hits in `skip`
    (the chunks the bridge was read from) do not count. 0.0 when no other hit names it."""
    wanted = {w[:STEM] for w in rest}
    if not wanted:
        return 0.0
    form = f" {normalize(name)} "
    best = 0.0
    for h in hits:
        if h.chunk_id in skip or form not in f" {normalize(h.title + ' ' + h.text)} ":
            continue
        stems = {w[:STEM] for w in content_words(h.text, limit=400)}
        best = max(best, len(wanted & stems) / len(wanted))
    return best


def specificity(chunks_naming: int, chunks: int) -> float:
    """1.0 for a name no chunk repeats, falling towards 0 for one most chunks name (a town every document
    mentions finds the rest of any question beside it by chance)."""
    if chunks <= 1 or chunks_naming <= 1:
        return 1.0
    return max(0.0, 1.0 - math.log(chunks_naming) / math.log(chunks))


def by_follow_up(found: list[tuple[str, str]], question: str, anchors: list[str], skip: set[str],
                 search: Search, spread: Callable[[str], float] | None = None) -> list[tuple[str, str]]:
    """`found` ((name, chunk id), best read first) reordered by each of the first `LOOKAHEAD_NAMES`
    names' `support` in a search for the name with the rest of the question, weighted by the name's
    `spread` (its `specificity`, 1.0 when not given); the others follow unchanged."""
    rest = rest_of_question(question, anchors)
    head, tail = found[:LOOKAHEAD_NAMES], found[LOOKAHEAD_NAMES:]
    if len(head) < 2 or not rest:
        return found
    scored = []
    for rank, (name, chunk_id) in enumerate(head):
        hits = search(f"{name} {' '.join(rest)}", LOOKAHEAD_DEPTH)
        weight = spread(name) if spread is not None else 1.0
        scored.append((SUPPORT_WEIGHT * weight * support(name, rest, hits, skip) - RANK_STEP * rank, rank))
    order = [i for _, i in sorted(scored, key=lambda t: (-t[0], t[1]))]
    return [head[i] for i in order] + tail
