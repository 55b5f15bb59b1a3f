"""Exact top-k of a large flat inner-product index in two passes: a half-precision copy of the vectors finds
candidates, the stored float32 vectors score them.

A flat search of one query is bound by memory speed (100k x 384 float32: 154 MB read per query). The copy holds
the vectors in float16 (half the bytes; FAISS's scalar quantizer, made from the index in memory, ~0.8 CPU s at
100k, never saved; a retriever starts making it on a background thread when it loads the index, `prepare`).
Every approximate score is within `margin` of the float32 one (the largest distance between a vector and its
copy, times the query's norm, plus float32 rounding of both sums), so with t the k-th best
approximate score every row of the true top k scores at least t - 2 * margin approximately. The first pass asks
for k + EXTRA rows; when the last of them is below that floor, all such rows are among them, and they are scored
exactly (a matrix product over those rows only) and the best k kept: the same rows as the full float32 search
(scores agree with FAISS's to float32 rounding, ~1e-7, so rows tied to that precision may swap). Otherwise (a
crowd of near-equal scores) None: the caller searches the whole index as before.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

import faiss
import numpy as np

#: Flat inner-product indexes of at least this many rows get the half-precision copy (100k rows: +77 MB; a
#: search 19 -> ~12 CPU ms); below, one pass is cheap enough.
PREFILTER_ROWS = 50_000
#: Rows the first pass returns beyond k.
EXTRA = 64
#: The copies kept (each holds its index too, so an id is never reused while its entry lives).
KEEP = 2


@dataclass(frozen=True)
class Prefilter:
    index: faiss.Index
    stamp: tuple[int, ...]  # (rows, storage address, a hash of a few rows): a copy of these vectors only
    coarse: faiss.Index  # the float16 copy
    error: float  # the largest |x - copy(x)| over the rows (L2)
    largest: float  # the largest |x|


_kept: list[Prefilter] = []
_lock = threading.Lock()  # one thread makes a copy; others wait for it rather than making their own


def two_pass(index: faiss.Index, query: np.ndarray, k: int) -> list[tuple[int, float]] | None:
    """The exact top k (row, score) of `index` for one query (1, d), best first, or None when the index has no
    copy (too small, not flat inner product) or the first pass cannot prove the top k are among its rows."""
    pre = prefilter(index)
    if pre is None or k <= 0:
        return None
    m = min(index.ntotal, k + EXTRA)
    approx, rows = pre.coarse.search(query, m)
    approx, rows = approx[0], rows[0]
    if (rows < 0).any():
        return None
    q_norm = float(np.linalg.norm(query))
    margin = q_norm * (pre.error + 2 * index.d * 2.0**-23 * pre.largest)
    floor = approx[k - 1] - 2 * margin
    if m < index.ntotal and approx[m - 1] >= floor:
        return None  # rows beyond the first pass may belong to the top k
    candidates = rows[approx >= floor]
    exact = stored(index)[candidates] @ query[0]
    best = np.lexsort((candidates, -exact))[:k]
    return [(int(r), float(s)) for r, s in zip(candidates[best], exact[best])]


def prepare(index: faiss.Index) -> threading.Thread | None:
    """Make the index's copy on a background thread now (when it gets one), so that the first search does not
    wait ~0.8 s for it (100k rows; a search arriving earlier waits for this copy instead of making its own)."""
    if not _qualifies(index):
        return None
    worker = threading.Thread(target=prefilter, args=(index,), name="dense-prefilter", daemon=True)
    worker.start()
    return worker


def _qualifies(index: faiss.Index) -> bool:
    return (isinstance(index, faiss.IndexFlat) and index.metric_type == faiss.METRIC_INNER_PRODUCT
            and index.ntotal >= PREFILTER_ROWS)


def prefilter(index: faiss.Index) -> Prefilter | None:
    """The index's half-precision copy, made on first use and kept while the index's vectors stay the same."""
    if not _qualifies(index):
        return None
    with _lock:
        return _kept_or_made(index)


def _kept_or_made(index: faiss.Index) -> Prefilter:
    now = stamp(index)
    for i, pre in enumerate(_kept):
        if pre.index is index:
            if pre.stamp == now:
                return pre
            del _kept[i]  # changed in place: make a new copy
            break
    vectors = stored(index)
    coarse = faiss.IndexScalarQuantizer(index.d, faiss.ScalarQuantizer.QT_fp16, faiss.METRIC_INNER_PRODUCT)
    coarse.add(vectors)
    error = largest = 0.0
    for start in range(0, index.ntotal, 16_384):  # in blocks: no float32 copy of the whole index at once
        block = vectors[start:start + 16_384]
        back = coarse.reconstruct_n(start, len(block))
        error = max(error, float(np.sqrt(((block - back) ** 2).sum(axis=1)).max()))
        largest = max(largest, float(np.sqrt((block.astype(np.float64) ** 2).sum(axis=1)).max()))
    pre = Prefilter(index, now, coarse, error, largest)
    _kept.insert(0, pre)
    del _kept[KEEP:]
    return pre


def stored(index: faiss.Index) -> np.ndarray:
    """A flat index's vectors as a read-only (ntotal, d) float32 view (no copy)."""
    view = faiss.rev_swig_ptr(index.get_xb(), index.ntotal * index.d).reshape(index.ntotal, index.d)
    view.flags.writeable = False
    return view


def stamp(index: faiss.Index) -> tuple[int, ...]:
    """Rows, storage address and a hash of 16 rows spread over the index: changes when vectors are added,
    removed or moved (cheap: read on every search)."""
    view = stored(index)
    picks = np.linspace(0, index.ntotal - 1, 16).astype(np.int64)
    return index.ntotal, int(index.get_xb()), hash(view[picks].tobytes())
