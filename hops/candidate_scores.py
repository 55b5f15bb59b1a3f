"""How likely each retrieved chunk is a link of the chain, for a question the router read unsurely (pure).

An unsure reading ("words nothing explains") cannot trust its own plan, so the final list is ordered by what
every run of the loop saw. Each chunk any run returned gets fifteen signals, and a weighted sum ranks them:

- `in_chain`: bound to a requirement of the router's own chain that the evidence bore out (`trusted_chain`).
- `asked`: 1 / (1 + rank) in the search of the question as asked; 0 when that search missed it.
- `follow_up`: the best 1 / (1 + rank) of its document in a run of hop 2 or later for the router's own chain
  (a bridge's follow-up search).
- `follow_up_generic`: the same in the generic bridge search's follow-ups (the names the top hits add, asked
  with the question's words).
- `bound`: bound to any supported requirement.
- `bound_chain`: bound to a supported requirement of the router's own chain (not the generic bridge search).
- `agreement`: the share of all runs that returned it.
- `coverage`: the share of the question's word weight it holds (each word weighted by how few of the
  candidates hold it, so the words that tell chunks apart count most).
- `novelty`: the share of the question's word weight it holds that the question's top hit lacks: the other
  half of a chain holds the words of the question the first half does not.
- `coverage_x_novelty`: their product (a chunk that holds most of the question and the words the top hit
  lacks may be a link by itself).
- `link_top`: it names someone or something the question's top hit names and the question does not (a
  bridge): the rarest such name's weight among the candidates, higher the fewer candidates hold it.
- `link_next`: the same for the question's second and third hits, for chunks below them.
- `query_match`: the largest share of a chain follow-up query's words the chunk holds ("spouse of <the bridge
  found>": the chunk names the bridge and says the relation).
- `query_match_generic`: the same for the generic bridge search's follow-up queries.
- `same_year`: the question names a year and the chunk names it too (news and minutes tie events by date).

Words are the BM25 tokenizer's, cut to six letters so "directed" meets "director". Names are runs of
capitalised words. The weights are a pairwise logistic regression fitted on the runs of questions the rules
were tuned on (`benchmarks/fit_compose_weights.py` prints them); the held-out sets check them.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence

from hopgraph.indexing.lexical import STOPWORDS, tokenize
from hopgraph.models import HopTrace
from hopgraph.router.plan import GENERIC

FEATURES: tuple[str, ...] = ("in_chain", "asked", "follow_up", "follow_up_generic", "bound", "bound_chain",
                             "agreement", "coverage", "novelty", "coverage_x_novelty", "link_top", "link_next",
                             "query_match", "query_match_generic", "same_year")
#: Fitted by `benchmarks/fit_compose_weights.py` (see the module docstring); one per FEATURES entry.
WEIGHTS: tuple[float, ...] = (0.98, 3.06, 0.95, 1.38, 0.39, 0.73, 1.10, 2.17, 2.82, 0.34, 1.04, 0.72, 0.39, 0.32, 1.15)

#: A word's stem: its first letters, enough to keep apart most words that differ in meaning.
STEM = 6
_YEAR = re.compile(r"\b(?:1[5-9]|20)\d\d\b")
_NAME = re.compile(r"[A-Z][\w'’-]*(?:\s+(?:of\s+|de\s+|the\s+|van\s+|von\s+)?[A-Z][\w'’-]*)*")


def ranked_candidates(traces: Sequence[HopTrace], bound: Sequence[tuple[str, str]], trusted: Sequence[str],
                      asked: Sequence[str], question: str, weights: Sequence[float] | None = None) -> list[str]:
    """Chunk ids of every run, best first by the weighted sum of their `candidate_features` (ties keep the order
    in which the runs first returned them)."""
    features = candidate_features(traces, bound, trusted, asked, question)
    score = {c: sum(w * f for w, f in zip(weights or WEIGHTS, fs)) for c, fs in features.items()}
    return sorted(features, key=lambda c: -score[c])


def candidate_features(traces: Sequence[HopTrace], bound: Sequence[tuple[str, str]], trusted: Sequence[str],
                       asked: Sequence[str], question: str) -> dict[str, tuple[float, ...]]:
    """The FEATURES of every chunk any run returned. `bound` is (requirement id, chunk id) of the supported
    requirements, `trusted` the requirement ids of a chain the evidence bore out, `asked` the chunk ids of
    the search of the question as asked, best first."""
    texts: dict[str, str] = {}
    doc_of: dict[str, str] = {}
    for t in traces:
        for h in t.hits:
            texts.setdefault(h.chunk_id, f"{h.title}\n{h.text}")
            doc_of.setdefault(h.chunk_id, h.doc_id)
    chain = {c for rid, c in bound if rid in trusted}
    bound_ids = {c for _, c in bound}
    bound_by_chain = {c for rid, c in bound if not rid.startswith(GENERIC)}
    asked_rank = {c: i for i, c in reversed(list(enumerate(asked)))}
    runs = [set(h.chunk_id for h in t.hits) for t in traces]
    words = {c: _stems(text) for c, text in texts.items()}
    follow = _follow_up_signals(traces, doc_of, words)
    weight = _word_weights(_stems(question), list(words.values()))
    total = sum(weight.values()) or 1.0
    years = set(_YEAR.findall(question))
    top = asked[0] if asked else None
    top_words = words.get(top, set()) if top else set()
    names = _names_off_question(texts, question)
    rarity = _name_rarity(list(names.values()), len(texts))
    top_names = names.get(top, set()) if top else set()
    next_names = set().union(*(names.get(c, set()) for c in asked[1:3]))
    out: dict[str, tuple[float, ...]] = {}
    for c in texts:
        follow_up, follow_up_generic, query_match, query_match_generic = follow[c]
        held = [w for w in weight if w in words[c]]
        coverage = sum(weight[w] for w in held) / total
        novelty = sum(weight[w] for w in held if w not in top_words) / total
        link_top = max((rarity[n] for n in names[c] & top_names), default=0.0) if c != top else 0.0
        link_next = max((rarity[n] for n in names[c] & next_names), default=0.0) if c not in asked[:3] else 0.0
        asked_score = 1.0 / (1 + asked_rank[c]) if c in asked_rank else 0.0
        out[c] = (float(c in chain), asked_score, follow_up, follow_up_generic, float(c in bound_ids),
                  float(c in bound_by_chain), sum(c in r for r in runs) / len(runs), coverage, novelty,
                  coverage * novelty, link_top, link_next, query_match, query_match_generic,
                  float(bool(years) and not years.isdisjoint(_YEAR.findall(texts[c]))))
    return out


def _follow_up_signals(traces: Sequence[HopTrace], doc_of: dict[str, str],
                       words: dict[str, set[str]]) -> dict[str, tuple[float, float, float, float]]:
    """Per chunk: its document's best 1 / (1 + rank) in the follow-ups (runs of hop 2 or later, no rewrites) of the
    router's own chain and in those of the generic bridge search, then the largest share of one of their queries'
    words it holds, chain and generic apart."""
    later = [t for t in traces if not t.is_correction and t.hop >= 2]
    generic = [(t.requirement_id or "").startswith(GENERIC) for t in later]
    groups = ([t for t, g in zip(later, generic) if not g], [t for t, g in zip(later, generic) if g])
    ranks = [[_doc_ranks([h.doc_id for h in t.hits]) for t in runs] for runs in groups]
    queries = [[w for w in (_stems(t.query) for t in runs) if w] for runs in groups]
    return {c: (_inverse_rank(doc_of[c], ranks[0]), _inverse_rank(doc_of[c], ranks[1]),
                _query_match(held, queries[0]), _query_match(held, queries[1])) for c, held in words.items()}


def _doc_ranks(doc_ids: Sequence[str]) -> dict[str, int]:
    """0-based rank of each document in one run (the place of its first chunk)."""
    ranks: dict[str, int] = {}
    for d in doc_ids:
        ranks.setdefault(d, len(ranks))
    return ranks


def _inverse_rank(doc: str, rankings: Sequence[dict[str, int]]) -> float:
    """The document's best 1 / (1 + rank) over the runs' rankings; 0 when none returned it."""
    return max((1.0 / (1 + r[doc]) for r in rankings if doc in r), default=0.0)


def _query_match(chunk_words: set[str], queries: Sequence[set[str]]) -> float:
    """The largest share of one query's words the chunk holds."""
    return max((len(q & chunk_words) / len(q) for q in queries), default=0.0)


def _stems(text: str) -> set[str]:
    return {w[:STEM] for w in tokenize(text) if len(w) > 1}


def _word_weights(question_words: set[str], candidates: list[set[str]]) -> dict[str, float]:
    """Each question word's weight: log((n + 1) / (candidates holding it + 0.5)) over the n candidates."""
    held = Counter(w for words in candidates for w in words & question_words)
    return {w: math.log((len(candidates) + 1) / (held[w] + 0.5)) for w in question_words}


def _names_off_question(texts: dict[str, str], question: str) -> dict[str, set[str]]:
    """The names each chunk holds that the question does not."""
    asked = _names(question)
    return {c: _names(text) - asked for c, text in texts.items()}


def _names(text: str) -> set[str]:
    """Runs of capitalised words, lower-cased, without a function word opening them ("The Brenmark library"
    opening a sentence names "brenmark"; a lone "It" names nothing)."""
    names = set()
    for run in _NAME.findall(text):
        words = run.lower().split()
        while words and words[0] in STOPWORDS:
            words.pop(0)
        if words:
            names.add(" ".join(words))
    return names


def _name_rarity(names: list[set[str]], n: int) -> dict[str, float]:
    """log((n + 1) / chunks holding the name) / log(n + 1): high for a name few of the n chunks hold."""
    held = Counter(name for chunk_names in names for name in chunk_names)
    scale = math.log(n + 1) or 1.0
    return {name: math.log((n + 1) / k) / scale for name, k in held.items()}
