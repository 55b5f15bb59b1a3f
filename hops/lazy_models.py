"""The router's models, loaded on first use: a question with capitalised names may never need spaCy,
and relation phrases are matched by meaning only when no word of the vocabulary says them."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hopgraph.facade import HopGraph


log = logging.getLogger("hopgraph.router")


class LazySpacy:
    """Loads the spaCy pipeline on first use (only questions without capitalised names need it)."""

    def __init__(self, name: str):
        self.name = name
        self._nlp = None
        self._failed = False
        self._entities_last: tuple[str, ...] = ()  # the last component when it only finds entities

    def __call__(self, text: str):
        return self._run(text, ())

    def tags(self, text: str):
        """`text` through the pipeline up to its tags and lemmas: without a named-entity recogniser that runs
        last (nothing after it reads its entities, so every tag and lemma is the one a full run gives; it is
        about half of a short question's time). For the router's word tags, which never look at entities."""
        return self._run(text, self._entities_last)

    def _run(self, text: str, disable: tuple[str, ...]):
        if self._nlp is None and not self._failed:
            try:
                from hopgraph.indexing.executor import hidden_while_built

                with hidden_while_built(("torch",)):  # thinc imports torch if it can (2.5 s); no model here uses it
                    from hopgraph.indexing.extract import load_spacy

                    self._nlp = load_spacy(self.name)
                self._entities_last = ("ner",) if self._nlp.pipe_names[-1:] == ["ner"] else ()
            except Exception as e:  # noqa: BLE001 - the router works on patterns alone
                self._failed = True
                log.warning("the router cannot load the spaCy pipeline %r (%s): questions are read by patterns "
                            "alone, with less grammar", self.name, e)
        if self._nlp is None:
            return NoDoc()
        from hopgraph.indexing.spacy_ops import one_blas_thread

        with one_blas_thread():
            return self._nlp(text, disable=disable) if disable else self._nlp(text)


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


def load_now(router: object, text: str = "Who founded it?") -> None:
    """Load what a router and the grader load lazily, before a first question: the router's spaCy pipeline and
    its relation matcher by meaning (which encodes every relation's description: about half a second), also
    under an LLM router's rule fallback, and the country names the grader ranks a country's candidates with."""
    from hopgraph.hops.countries import is_country

    for holder in (router, getattr(router, "fallback", None), getattr(router, "rules", None)):
        nlp = getattr(holder, "nlp", None)
        if callable(nlp):
            nlp(text)
        meaning = getattr(holder, "meaning", None)
        if callable(meaning):
            meaning("place of birth")
    is_country(text)
