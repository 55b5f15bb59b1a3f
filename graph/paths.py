"""Evidence paths between two entities and an entity's neighbourhood, as typed models."""

from __future__ import annotations

from itertools import islice

import networkx as nx

from hopgraph.graph.build import KnowledgeGraph
from hopgraph.graph.traverse import neighbors
from hopgraph.models import EvidencePath, GraphEdge, GraphNode, Neighborhood, PathEdge


def _edge(kg: KnowledgeGraph, i: int) -> PathEdge:
    r = kg.relations[i]
    return PathEdge(
        source=kg.entities[r.source_id].name, predicate=r.predicate, target=kg.entities[r.target_id].name,
        sentence=r.sentence, chunk_id=r.chunk_id, kind=r.kind,
    )


def evidence_paths(kg: KnowledgeGraph, source: int, target: int, max_hops: int = 3, limit: int = 5) -> list[EvidencePath]:
    """The shortest paths (at most `max_hops` edges) from source to target, each edge with its sentence.

    Typed relations are preferred over co-occurrence when both link a pair.
    """
    ug = kg.undirected
    if source not in ug or target not in ug:
        return []
    try:
        paths = list(islice(nx.shortest_simple_paths(ug, source, target), limit))
    except nx.NetworkXNoPath:
        return []
    out = []
    for nodes in paths:
        if len(nodes) - 1 > max_hops:
            break
        edges = [_edge(kg, ug.edges[a, b]["key"]) for a, b in zip(nodes, nodes[1:])]
        out.append(EvidencePath(entities=[kg.entities[n].name for n in nodes], edges=edges))
    return out


def neighborhood(kg: KnowledgeGraph, center: int, hops: int = 1, predicate: str | None = None,
                 max_nodes: int = 150) -> Neighborhood:
    """Nodes within `hops` of `center` (closest and best-connected first, capped) and the edges among them."""
    dist = neighbors(kg, center, hops, predicate)
    ranked = sorted(dist, key=lambda e: (dist[e], -kg.degree(e), e))[: max_nodes - 1]
    keep = {center, *ranked}
    nodes = [
        GraphNode(id=e, name=kg.entities[e].name, type=kg.entities[e].type, degree=kg.degree(e), distance=0 if e == center else dist[e])
        for e in [center, *ranked]
    ]
    wanted = predicate.lower() if predicate else None
    seen: set[int] = set()
    edges = []
    for e in keep:
        for i, r, other in kg.edges_of(e):
            if i in seen or other not in keep or other == e or (wanted and wanted not in r.predicate.lower()):
                continue
            seen.add(i)
            edges.append(GraphEdge(id=i, source=r.source_id, target=r.target_id, predicate=r.predicate,
                                   kind=r.kind, chunk_id=r.chunk_id, sentence=r.sentence))
    edges.sort(key=lambda g: g.id)
    return Neighborhood(center=center, nodes=nodes, edges=edges)


def find_entity(kg: KnowledgeGraph, name: str) -> int | None:
    """The entity named `name` (exact alias match; the most-mentioned one when ambiguous)."""
    ids = kg.lookup(name)
    if not ids:
        return None
    return max(ids, key=lambda e: (kg.entities[e].doc_freq, kg.degree(e), -e))


def closest_names(kg: KnowledgeGraph, name: str, n: int = 5) -> list[str]:
    """Entity names closest to `name`, for 'did you mean' answers."""
    from rapidfuzz import fuzz, process

    names = {e.name for e in kg.entities.values()}
    return [m[0] for m in process.extract(name, list(names), scorer=fuzz.WRatio, limit=n)]
