"""`LazySpacy`: the router's spaCy pipeline, loaded on first use and run with one BLAS thread."""

from __future__ import annotations

import pytest

from hopgraph.hops.lazy_models import LazySpacy


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
