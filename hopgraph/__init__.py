"""hopgraph: GraphRAG for relational multi-hop retrieval."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

# OpenMP threads (FAISS's search, torch) that finish a parallel region sleep instead of spinning for the next one:
# on a shared machine spinning threads take cores from everything else (2 cores, load 2.5: a 100k hops p50 of
# 210-270 ms spinning, 137-146 ms sleeping; the same result bits). Set before FAISS or torch loads, unless the user
# chose a policy.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

__version__ = "0.1.0"

__all__ = ["HopGraph", "__version__"]

if TYPE_CHECKING:
    from hopgraph.facade import HopGraph


def __getattr__(name: str):
    """`HopGraph` is imported on first use, so a process that needs one stage (an extraction worker, the CLI's
    `--help`) does not load the store and search code."""
    if name == "HopGraph":
        from hopgraph.facade import HopGraph

        return HopGraph
    raise AttributeError(f"module 'hopgraph' has no attribute {name!r}")
