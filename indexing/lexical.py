"""BM25 lexical index (bm25s), with one tokenizer shared by indexing and queries.

Tokenizer: Unicode NFKD with diacritics removed, lower case, runs of letters and
digits (`\\w+`), English stop words dropped, no stemming. Years and other
numbers are kept, since multi-hop questions often hinge on them.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from pathlib import Path

import bm25s
import numpy as np

_TOKEN = re.compile(r"\w+")
STOPWORDS = frozenset(
    """a an and are as at be been being but by did do does for from had has have he her hers him his how i if in
    into is it its itself me my of on or our she so than that the their them then there these they this those to
    was we were what when where which while who whom whose why will with would you your""".split()
)


@lru_cache(maxsize=65536)
def _fold(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


def tokenize(text: str) -> list[str]:
    """The one tokenizer for BM25 documents and queries."""
    return [t for t in (_fold(w) for w in _TOKEN.findall(text.lower())) if t not in STOPWORDS]


class LexicalIndex:
    """bm25s (Lucene BM25 variant, k1=1.2, b=0.75) over chunk retrieval texts; rows match chunk rows."""

    def __init__(self, retriever: bm25s.BM25, n_docs: int):
        self.retriever = retriever
        self.n_docs = n_docs

    @classmethod
    def build(cls, texts: list[str]) -> LexicalIndex:
        retriever = bm25s.BM25(k1=1.2, b=0.75, method="lucene")
        retriever.index([tokenize(t) or ["_empty_"] for t in texts], show_progress=False)
        return cls(retriever, len(texts))

    def save(self, path: Path) -> None:
        self.retriever.save(str(path))
        (path / "n_docs.txt").write_text(str(self.n_docs))

    @classmethod
    def load(cls, path: Path) -> LexicalIndex:
        retriever = bm25s.BM25.load(str(path))
        return cls(retriever, int((path / "n_docs.txt").read_text()))

    def search(self, query: str, k: int) -> list[tuple[int, float]]:
        """(row, score) pairs with a positive score, best first."""
        tokens = [t for t in tokenize(query) if t in self.retriever.vocab_dict]
        if not tokens or k <= 0:
            return []
        scores = self.retriever.get_scores(tokens)
        k = min(k, self.n_docs)
        top = np.argpartition(-scores, k - 1)[:k]
        top = top[np.argsort(-scores[top], kind="stable")]
        return [(int(r), float(scores[r])) for r in top if scores[r] > 0]
