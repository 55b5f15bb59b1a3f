"""An update's FAISS and BM25 indexes, made from the previous ones in a second thread while resolution runs.

Neither reads the database: FAISS needs the new chunk row order (`delta_vectors.renumber_chunks`) and the new
chunks' vectors, BM25 the same order and the new chunks' tokens (`lexical_cache.new_tokens`, read before). Their
work is mostly numpy and FAISS, which release the GIL, so on two cores they cost the update little wall time.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from hopgraph.indexing.delta_vectors import dense_in_order
from hopgraph.indexing.lexical_cache import rescored

Order = list[tuple[str, int | None]]  # (chunk id, previous row or None for a new chunk), in the new row order


def dense_saved(previous: Path, order: Order, fresh: dict[str, np.ndarray], target: Path) -> None:
    """The FAISS index at `previous` re-ordered to `order`, with the new chunks' vectors `fresh`, saved at `target`."""
    from hopgraph.indexing.dense import load_dense_index, save_dense_index

    save_dense_index(dense_in_order(load_dense_index(previous), order, fresh), target)


def lexical_saved(previous: Path, order: Order, fresh: dict[int, list[str]], target: Path) -> bool:
    """The BM25 index saved at `previous` re-scored for `order` (`lexical_cache.rescored`, the new rows' tokens
    `fresh`) and saved at `target`; False, nothing saved, when that index keeps no term counts (the caller
    builds it again from the database: `lexical_cache.build_lexical`)."""
    index = rescored(previous, order, fresh)
    if index is None:
        return False
    index.save(target)
    return True
