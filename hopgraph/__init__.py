"""hopgraph: GraphRAG for relational multi-hop retrieval."""

from __future__ import annotations

from typing import TYPE_CHECKING

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
