"""Why a search came back empty (or matched no word), in one line for the user.

An empty result never prints as an empty table: the command says which of these holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hopgraph.indexing.lexical import tokenize, unsegmented_script

if TYPE_CHECKING:
    from hopgraph.facade import HopGraph

UNSEGMENTED = ("the query is in a script written without spaces that hopgraph does not split into words "
               "(Thai, Lao, Khmer, Myanmar): BM25 only matches whole runs, and the embedding model reads English")


def unknown_words(hg: HopGraph, question: str) -> tuple[list[str], list[str]]:
    """(the query's BM25 tokens, those that occur nowhere in the corpus)."""
    tokens = tokenize(question)
    vocab = hg.retriever.lexical.retriever.vocab_dict
    return tokens, [t for t in tokens if t not in vocab]


def why_no_hits(hg: HopGraph, question: str, profile: str) -> str:
    """The reason a search with `profile` returned nothing."""
    if unsegmented_script(question):
        return f"no hits: {UNSEGMENTED}"
    if profile == "graph":
        return ("no hits: the graph profile starts from entities named in the question, and no entity of the graph "
                "is named in it (try -p hybrid, or `hopgraph entities --match WORD` to see the names)")
    tokens, unknown = unknown_words(hg, question)
    if not tokens:
        return "no hits: the query has only stop words (the, of, who …) and BM25 ignores them"
    if len(unknown) == len(tokens):
        return f"no hits: no word of the query occurs in the corpus ({', '.join(unknown[:6])})"
    return "no hits for this query"


def lexical_note(hg: HopGraph, question: str, profile: str) -> str | None:
    """A note when hits came only from the embedding model: no query word occurs in the corpus."""
    if profile not in ("hybrid", "hybrid-rerank", "graph-hybrid"):
        return None
    if unsegmented_script(question):
        return f"note: {UNSEGMENTED}; these hits are the embedding model's nearest chunks"
    tokens, unknown = unknown_words(hg, question)
    if tokens and len(unknown) == len(tokens):
        return "note: no word of the query occurs in the corpus; these hits are the embedding model's nearest chunks"
    return None
