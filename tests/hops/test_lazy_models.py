"""`LazySpacy`: the router's spaCy pipeline, loaded on first use and run with one BLAS thread."""

from __future__ import annotations

import pytest

from hopgraph.hops.lazy_models import LazySpacy, load_now


def test_the_question_is_parsed_with_one_blas_thread() -> None:
    """Two BLAS threads on a tiny product only spin: the question's parse runs under a one-thread limit."""
    threadpoolctl = pytest.importorskip("threadpoolctl")

    def numpy_blas_threads(_text: str) -> list[int]:
        return [i["num_threads"] for i in threadpoolctl.threadpool_info()
                if i["user_api"] == "blas" and "numpy" in i["filepath"]]

    lazy = LazySpacy("unused")
    lazy._nlp = numpy_blas_threads
    with threadpoolctl.threadpool_limits(limits=2, user_api="blas"):
        assert lazy("Who runs the mill?") == [1]


def test_word_tags_skip_the_entity_recogniser_and_keep_every_tag_and_lemma() -> None:
    """The router's word tags never read entities: `tags` runs without the recogniser that comes last, and every
    token's tag and lemma is the one the whole pipeline gives."""
    from hopgraph.config import Settings

    lazy = LazySpacy(Settings().index.spacy_model)
    for text in ("Where did the woman who founded Perrin Ropeworks in Aldmouth die?",
                 "The ferry company had a captain as chair before its current one. Where was he born?"):
        whole, tagged = lazy(text), lazy.tags(text)
        assert [(t.text, t.pos_, t.lemma_) for t in tagged] == [(t.text, t.pos_, t.lemma_) for t in whole]
        assert not tagged.ents
    assert lazy("Where did the woman who founded Perrin Ropeworks in Aldmouth die?").ents  # the full run finds them
    assert lazy._entities_last == ("ner",)


def test_the_router_pipeline_loads_without_importing_torch() -> None:
    """thinc imports torch whenever it is installed (seconds of a query process's start-up); the router's
    pipeline runs no torch model, so it loads with torch hidden, and torch still imports afterwards."""
    import subprocess
    import sys

    from hopgraph.config import Settings

    script = ("import sys; from hopgraph.hops.lazy_models import LazySpacy, load_now; "
              f"doc = LazySpacy({Settings().index.spacy_model!r}).tags('Who founded the Perrin ropeworks?'); "
              "print(len(doc) > 3, 'torch' in sys.modules); import torch; print('torch' in sys.modules)")
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert run.stdout.split() == ["True", "False", "True"]


def test_load_now_loads_a_routers_pipeline_and_meaning_matcher_also_under_a_fallback() -> None:
    from types import SimpleNamespace

    asked: list[tuple[str, str]] = []
    rules = SimpleNamespace(nlp=lambda text: asked.append(("nlp", text)),
                            meaning=lambda phrase: asked.append(("meaning", phrase)))
    load_now(SimpleNamespace(fallback=rules), "Who founded the Perrin ropeworks?")
    assert ("nlp", "Who founded the Perrin ropeworks?") in asked and any(kind == "meaning" for kind, _ in asked)
