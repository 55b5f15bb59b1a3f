"""The router's models, loaded on first use: a question with capitalised names may never need spaCy,
and relation phrases are matched by meaning only when no word of the vocabulary says them."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hopgraph.facade import HopGraph


class LazySpacy:
    """Loads the spaCy pipeline on first use (only questions without capitalised names need it)."""

    def __init__(self, name: str):
        self.name = name
        self._nlp = None
        self._failed = False

    def __call__(self, text: str):
        if self._nlp is None and not self._failed:
            try:
                from hopgraph.indexing.extract import load_spacy

                self._nlp = load_spacy(self.name)
            except Exception:  # noqa: BLE001 - the router works on patterns alone
                self._failed = True
        if self._nlp is None:
            return NoDoc()
        from hopgraph.indexing.spacy_ops import one_blas_thread

        with one_blas_thread():
            return self._nlp(text)


class LazyMeaning:
    """Relation phrases matched by meaning with the store's embedder, set up on first use."""

    def __init__(self, hg: HopGraph):
        self.hg = hg
        self._meaning = None

    def __call__(self, phrase: str) -> str | None:
        if self._meaning is None:
            from hopgraph.router.meaning import RelationMeaning

            self._meaning = RelationMeaning(self.hg.retriever.embedder.encode)
        return self._meaning(phrase)


class NoDoc:
    ents: tuple = ()
