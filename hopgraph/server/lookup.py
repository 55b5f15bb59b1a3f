"""Pure look-ups over the knowledge graph that the HTTP routes serve.

Nothing here knows about HTTP: functions take a KnowledgeGraph (and the store
for mentions) and return the response models; an unknown entity raises
`NotFound` with the closest names.
"""

from __future__ import annotations

from hopgraph.graph.build import KnowledgeGraph
from hopgraph.graph.paths import closest_names, find_entity, neighborhood, neighbors
from hopgraph.models import GraphEdge, GraphNode
from hopgraph.server.schemas import (
    EntityDetail,
    EntityMention,
    EntityRef,
    EntityRelation,
    EntitySuggestion,
    ExplorerNeighborhood,
    Subgraph,
)
from hopgraph.store import Store


class NotFound(Exception):
    """An id or name the store does not hold; `closest` lists names the user may have meant."""

    def __init__(self, message: str, closest: list[str] | None = None):
        super().__init__(message)
        self.message = message
        self.closest = closest or []


def _match_tier(query: str, names: list[str]) -> tuple[int, str] | None:
    """0: a name starts with the query, 1: a word of a name does, 2: a name contains it; None: no match."""
    best: tuple[int, str] | None = None
    for name in names:
        low = name.lower()
        if low.startswith(query):
            tier = 0
        elif any(word.startswith(query) for word in low.split()):
            tier = 1
        elif query in low:
            tier = 2
        else:
            continue
        if best is None or tier < best[0]:
            best = (tier, name)
    return best


def _words(name: str) -> tuple[str, ...]:
    return tuple(name.lower().split())


def _inside(part: tuple[str, ...], whole: tuple[str, ...]) -> bool:
    """`part` is a proper run of consecutive words of `whole` ('brandt' in 'oskar brandt')."""
    n = len(part)
    return 0 < n < len(whole) and any(whole[i : i + n] == part for i in range(len(whole) - n + 1))


def fragments(rows: list[EntitySuggestion]) -> set[int]:
    """Ids of suggestions whose name is a piece of another suggestion's longer name and no better connected
    ('Brandt' beside 'Oskar Brandt'); a well-connected place inside a longer name ('Lorn' of 'Lorn Museum') is none."""
    words = [(_words(r.name), r) for r in rows]
    return {r.id for w, r in words if any(_inside(w, w2) and r.degree <= r2.degree for w2, r2 in words if r2.id != r.id)}


def suggest(kg: KnowledgeGraph, match: str = "", type_: str | None = None, limit: int = 10) -> list[EntitySuggestion]:
    """Entities whose name or an alias matches `match` (prefix before substring), best connected first;
    full names rank above fragments of them."""
    query = " ".join(match.lower().split())
    wanted_type = type_.lower() if type_ else None
    ranked: list[tuple[int, int, str, EntitySuggestion]] = []
    for eid, e in kg.entities.items():
        if wanted_type and e.type.lower() != wanted_type:
            continue
        hit = _match_tier(query, [e.name, *e.aliases]) if query else (0, e.name)
        if hit is None:
            continue
        degree = kg.degree(eid)
        row = EntitySuggestion(id=eid, name=e.name, type=e.type, degree=degree, matched=hit[1])
        ranked.append((hit[0], -degree, e.name.lower(), row))
    ranked.sort(key=lambda t: t[:3])
    head = ranked[: max(limit * 4, 40)]  # fragments are looked for among the best candidates only
    pieces = fragments([t[3] for t in head]) if query else set()
    head.sort(key=lambda t: (t[3].id in pieces, *t[:3]))
    return [t[3] for t in head[:limit]]


def resolve_entity(kg: KnowledgeGraph, ref: str) -> int:
    """An entity id from an id ("123") or a name/alias; NotFound (with closest names) otherwise."""
    ref = ref.strip()
    if ref.isdigit() and int(ref) in kg.entities:
        return int(ref)
    eid = find_entity(kg, ref)
    if eid is None:
        raise NotFound(f"no entity named {ref!r}", closest_names(kg, ref) if ref else [])
    return eid


def entity_ref(kg: KnowledgeGraph, eid: int) -> EntityRef:
    e = kg.entities[eid]
    return EntityRef(id=eid, name=e.name, type=e.type)


def kind_neighborhood(kg: KnowledgeGraph, center: int, hops: int = 1, predicate: str | None = None,
                      max_nodes: int = 150, cooccur: bool = False) -> ExplorerNeighborhood:
    """The neighbourhood the explorer draws: typed relations only unless `cooccur`, with the number of
    co-occurrence edges left out among (and from) the nodes shown, so the page can offer them."""
    if cooccur:
        hood = neighborhood(kg, center, hops, predicate, max_nodes)
        total = len(set(neighbors(kg, center, hops, predicate)) | {center})
        return ExplorerNeighborhood(**hood.model_dump(), cooccur_hidden=0, total_nodes=total)
    wanted = predicate.lower() if predicate else None

    def follows(rel) -> bool:
        return rel.kind == "typed" and (not wanted or wanted in rel.predicate.lower())

    dist = {center: 0}
    frontier = [center]
    for depth in range(1, hops + 1):
        nxt = []
        for eid in frontier:
            for _, rel, other in kg.edges_of(eid, kind="typed"):
                if other not in dist and follows(rel):
                    dist[other] = depth
                    nxt.append(other)
        frontier = nxt
    ranked = sorted((e for e in dist if e != center), key=lambda e: (dist[e], -kg.degree(e), e))[: max_nodes - 1]
    keep = [center, *ranked]
    kept = set(keep)
    nodes = [GraphNode(id=e, name=kg.entities[e].name, type=kg.entities[e].type, degree=kg.degree(e), distance=dist[e])
             for e in keep]
    edges: dict[int, GraphEdge] = {}
    hidden: set[int] = set()
    for e in keep:
        for i, r, other in kg.edges_of(e):
            if other == e or i in edges:
                continue
            if r.kind != "typed":
                if other in kept or e == center:
                    hidden.add(i)
            elif other in kept and follows(r):
                edges[i] = GraphEdge(id=i, source=r.source_id, target=r.target_id, predicate=r.predicate,
                                     kind=r.kind, chunk_id=r.chunk_id, sentence=r.sentence)
    return ExplorerNeighborhood(center=center, nodes=nodes, edges=sorted(edges.values(), key=lambda g: g.id),
                                cooccur_hidden=len(hidden), total_nodes=len(dist))


def entity_detail(kg: KnowledgeGraph, store: Store, eid: int) -> EntityDetail:
    """Aliases, type, degree, every relation with its sentence (typed first), every mention with its chunk."""
    e = kg.entities.get(eid)
    if e is None:
        raise NotFound(f"no entity with id {eid}")
    relations = [
        EntityRelation(
            id=i, source_id=r.source_id, source_name=kg.entities[r.source_id].name, predicate=r.predicate,
            target_id=r.target_id, target_name=kg.entities[r.target_id].name, kind=r.kind,
            chunk_id=r.chunk_id, sentence=r.sentence,
        )
        for i, r, _ in sorted(kg.edges_of(eid), key=lambda t: (t[1].kind != "typed", -t[1].weight, t[0]))
    ]
    mentions = [
        EntityMention(chunk_id=m["chunk_id"], start=m["start"], end=m["end"], text=m["text"] or "")
        for m in store.mentions_of(eid)
    ]
    return EntityDetail(
        id=eid, name=e.name, type=e.type, aliases=e.aliases, doc_freq=e.doc_freq,
        degree=kg.degree(eid), relations=relations, mentions=mentions,
    )


def chunk_entities(kg: KnowledgeGraph, chunk_id: str) -> list[EntityRef]:
    """The entities a chunk mentions, by name."""
    ids = sorted(kg.chunk_entities.get(chunk_id, ()), key=lambda e: kg.entities[e].name.lower())
    return [entity_ref(kg, e) for e in ids]


def evidence_subgraph(kg: KnowledgeGraph, chunk_ids: list[str], sentences: list[str] | None = None) -> Subgraph:
    """The relations read from the given chunks and the entities they join.

    Per chunk: the typed relations read from one of `sentences` (the sentences
    the grader quoted as evidence) when there are any; else every typed
    relation of the chunk; else (the extractor found no verb) its
    co-occurrence edges, so the evidence is never empty.
    """
    quoted = {" ".join(s.split()) for s in sentences or ()}
    picked: list[int] = []
    for cid in dict.fromkeys(chunk_ids):
        rel_ids = kg.relations_by_chunk.get(cid, [])
        typed = [i for i in rel_ids if kg.relations[i].kind == "typed"]
        focused = [i for i in typed if " ".join(kg.relations[i].sentence.split()) in quoted]
        picked.extend(focused or typed or rel_ids)
    edges, node_ids = [], {}
    for i in picked:
        r = kg.relations[i]
        if r.source_id == r.target_id:
            continue
        edges.append(GraphEdge(id=i, source=r.source_id, target=r.target_id, predicate=r.predicate,
                               kind=r.kind, chunk_id=r.chunk_id, sentence=r.sentence))
        node_ids.setdefault(r.source_id, None)
        node_ids.setdefault(r.target_id, None)
    nodes = [
        GraphNode(id=e, name=kg.entities[e].name, type=kg.entities[e].type, degree=kg.degree(e))
        for e in node_ids
    ]
    return Subgraph(nodes=nodes, edges=edges)
