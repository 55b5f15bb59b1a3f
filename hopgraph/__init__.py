"""hopgraph: GraphRAG for relational multi-hop retrieval."""

__version__ = "0.1.0"

from hopgraph.facade import HopGraph

__all__ = ["HopGraph", "__version__"]
