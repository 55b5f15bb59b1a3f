"""spaCy on numpy's BLAS (`indexing/spacy_ops.py`): every layer switched, the same annotations as blis."""

from __future__ import annotations

import numpy as np
import pytest
import spacy
from thinc.api import NumpyOps

from hopgraph.indexing.extract import DEFAULT_MODEL, load_spacy
from hopgraph.indexing.line_starts import add_line_starts
from hopgraph.indexing.spacy_ops import one_blas_thread, use_numpy_gemm

from tests.indexing._spacy_texts import TEXTS, same_annotations


def _layers(nlp):
    return [node for _n, c in nlp.components if hasattr(getattr(c, "model", None), "walk") for node in c.model.walk()]


def test_load_spacy_switches_every_layer_to_numpy_gemm():
    layers = _layers(load_spacy())
    assert layers and all(isinstance(n.ops, NumpyOps) and not n.ops.use_blis for n in layers)


def test_numpy_gemm_gives_the_annotations_of_blis():
    blis = add_line_starts(spacy.load(DEFAULT_MODEL))
    assert any(n.ops.use_blis for n in _layers(blis))
    fast = use_numpy_gemm(add_line_starts(spacy.load(DEFAULT_MODEL)))
    assert same_annotations(list(blis.pipe(TEXTS)), list(fast.pipe(TEXTS)))


def test_numpy_gemm_is_the_same_product():
    a = np.random.default_rng(0).random((50, 96), dtype=np.float32)
    b = np.random.default_rng(1).random((96, 288), dtype=np.float32)
    assert np.allclose(NumpyOps(use_blis=False).gemm(a, b), NumpyOps().gemm(a, b), rtol=1e-5)


def test_one_blas_thread_limits_and_restores():
    threadpoolctl = pytest.importorskip("threadpoolctl")
    def blas_threads(numpy_only: bool) -> list[int]:
        return [i["num_threads"] for i in threadpoolctl.threadpool_info()
                if i["user_api"] == "blas" and (not numpy_only or "numpy" in i["filepath"])]

    before = blas_threads(False)
    with one_blas_thread():
        inside = blas_threads(True)
    after = blas_threads(False)
    assert inside and all(n == 1 for n in inside) and after == before
