"""Optional cross-encoder reranking (sentence-transformers CrossEncoder)."""

from __future__ import annotations

from functools import lru_cache

from hopgraph.errors import UserError


class CrossEncoderReranker:
    def __init__(self, name_or_path: str):
        from sentence_transformers import CrossEncoder

        try:
            self.model = CrossEncoder(name_or_path, device="cpu")
        except (OSError, ValueError) as e:
            raise UserError(f"cannot load reranker {name_or_path!r} offline: {str(e).splitlines()[0]}") from None

    def score(self, query: str, texts: list[str]) -> list[float]:
        if not texts:
            return []
        return [float(s) for s in self.model.predict([(query, t) for t in texts], show_progress_bar=False)]


@lru_cache(maxsize=2)
def get_reranker(name_or_path: str) -> CrossEncoderReranker:
    return CrossEncoderReranker(name_or_path)
