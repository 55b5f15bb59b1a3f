"""Knowledge-graph retrieval: build the graph, link question entities, traverse, PPR, export."""
