"""BM25 lexical index (bm25s), with one tokenizer shared by indexing and queries.

Tokenizer: Unicode NFKD with diacritics removed, lower case, runs of letters and
digits (`\\w+`), English stop words dropped, no stemming. Years and other
numbers are kept, since multi-hop questions often hinge on them.

Chinese, Japanese and Korean are written without spaces between words, so a run
of Han, kana or Hangul characters becomes its overlapping character bigrams
("東京大学" -> 東京, 京大, 大学; one character alone stays one token), as
Lucene's CJK analyzer does. Other scripts written without spaces (Thai, Lao,
Khmer, Myanmar) are not segmented: a run is one token (`unsegmented_script`
says when a query is in one of them).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from pathlib import Path

import bm25s
import numpy as np

# Han (with extensions and compatibility ideographs), hiragana, katakana (full and half width), Hangul.
_CJK = "\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f" \
       "\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f\U00020000-\U0003134f"
_TOKEN = re.compile(f"[{_CJK}]+|[^\\W{_CJK}]+")
_IS_CJK = re.compile(f"[{_CJK}]")
# Thai, Lao, Myanmar, Khmer: written without spaces, not segmented here.
_UNSEGMENTED = re.compile("[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff]")
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
    out: list[str] = []
    for word in _TOKEN.findall(text.lower()):
        if _IS_CJK.match(word):
            out.extend(_bigrams(unicodedata.normalize("NFKC", word)))
        else:
            folded = _fold(word)
            if folded not in STOPWORDS:
                out.append(folded)
    return out


def _bigrams(run: str) -> list[str]:
    return [run] if len(run) < 2 else [run[i : i + 2] for i in range(len(run) - 1)]


def unsegmented_script(text: str) -> bool:
    """Whether `text` holds a script written without spaces that the tokenizer does not segment (Thai, …)."""
    return bool(_UNSEGMENTED.search(text))


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
        from hopgraph.indexing.delta_bm25 import save_counts

        self.retriever.save(str(path))
        save_counts(self.retriever, path)  # term counts, for an update to re-score from (`delta_bm25`)
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
