"""hopgraph: GraphRAG for relational multi-hop retrieval."""

__version__ = "0.1.0"
