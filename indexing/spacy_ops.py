"""spaCy's matrix products on numpy's BLAS instead of blis.

thinc's `NumpyOps` multiplies with blis, whose kernel for this machine's CPU (an AMD EPYC whose hypervisor hides
AVX2) is 3-4x slower than numpy's OpenBLAS on the shapes spaCy's small English pipeline uses (tokens x 96..288
by 288): 26 ms against 7.4 ms for 3000x288x288 on one thread. `use_numpy_gemm` gives every thinc layer of a
loaded pipeline `NumpyOps(use_blis=False)`, whose `gemm` is `numpy.dot`; everything else those ops do is
unchanged (the parser's per-step scoring is compiled code and keeps blis). `one_blas_thread` keeps OpenBLAS on
one thread while spaCy runs: extraction is one core per process, and a second BLAS thread only spins beside the
other extraction process and the embedder (it cost 50% more CPU time for the same product).

Products summed in a different order round differently in the last bits; the parses, tags and entities they
lead to were identical on every chunk of the 2wiki (6,687 chunks) and newsdesk corpora. (blis itself picks its
kernel per CPU, so spaCy's floats were never the same on every machine.)
"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from functools import cache

from spacy.language import Language
from thinc.api import NumpyOps

_OPS = NumpyOps(use_blis=False)


def use_numpy_gemm(nlp: Language) -> Language:
    """Give every thinc layer of the pipeline's components numpy-backed ops (in place); returns `nlp`.

    Only plain `NumpyOps` are replaced (a GPU pipeline's ops are left alone)."""
    for _name, component in nlp.components:
        model = getattr(component, "model", None)
        if model is None or not hasattr(model, "walk"):
            continue
        for node in model.walk():
            if type(node.ops) is NumpyOps:
                node.ops = _OPS
    return nlp


def one_blas_thread() -> AbstractContextManager:
    """A context in which numpy's BLAS (which spaCy's products use here), and any other BLAS library loaded by the
    first call, use one thread (a no-op without threadpoolctl).

    Also around a single question's parse at query time: with two OpenBLAS threads on a busy 2-core machine the
    parse of one short question took 176 ms instead of 11 (its products are tiny; the second thread spins)."""
    controller = _blas_controller()
    return nullcontext() if controller is None else controller.limit(limits=1, user_api="blas")


@cache
def _blas_controller():
    """threadpoolctl's view of the loaded BLAS libraries, found once (finding them costs milliseconds; a limit
    through the kept controller costs microseconds). None without threadpoolctl."""
    try:
        from threadpoolctl import ThreadpoolController
    except ImportError:  # pragma: no cover - threadpoolctl comes with scikit-learn (sentence-transformers)
        return None
    import numpy  # noqa: F401  (its OpenBLAS is the one spaCy's products use here)

    return ThreadpoolController()
