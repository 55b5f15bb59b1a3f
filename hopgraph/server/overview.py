"""What the explorer's start page shows: counts, entity types, the best connected entities, and a few
example questions built from the store's own typed relations (pure functions over the KnowledgeGraph).

Example questions come from relation templates: a typed edge (Oskar -direct-> Film) gives "Who directed
Film?"; an agent edge followed by a fact about the agent gives a two-hop question ("Where was the director
of Film born?"); two people with a birth date give a comparison. Nothing is hard-coded but the templates.
"""

from __future__ import annotations

from hopgraph.graph.build import KnowledgeGraph
from hopgraph.models import Relation
from hopgraph.server.schemas import EntitySuggestion, StoreOverview, TypeCount

# predicate -> (noun phrase for the source of the edge, about its target: "the director of {t}")
AGENT_OF = {"direct": "the director of {t}", "founder": "the founder of {t}", "produce": "the producer of {t}",
            "design": "the designer of {t}", "write": "the author of {t}", "compose": "the composer of {t}"}
# predicate -> question about the edge's source, answered by its target ("Where was {s} born?")
FACT_ABOUT = {"born in": "Where was {s} born?", "die in": "Where did {s} die?", "born on": "When was {s} born?",
              "die on": "When did {s} die?", "headquartered in": "Where is {s} headquartered?",
              "founded in": "Where was {s} founded?", "founded on": "When was {s} founded?",
              "spouse": "Who was {s} married to?", "win": "What did {s} win?", "live in": "Where did {s} live?"}
# predicate -> question about the edge's target, answered by its source ("Who directed {t}?")
WHO_DID = {"direct": "Who directed {t}?", "founder": "Who founded {t}?", "produce": "Who produced {t}?",
           "design": "Who designed {t}?", "write": "Who wrote {t}?", "compose": "Who composed {t}?"}
NOT_WORKS = {"GPE", "LOC", "PERSON", "DATE", "NORP"}  # what a directed/founded/written thing is not
PERSON_FACTS = {"born in", "die in", "born on", "die on", "spouse", "live in"}
MAX_NAME_WORDS = 8
VALUE_TYPES = {"DATE", "TIME", "CARDINAL", "ORDINAL", "QUANTITY", "PERCENT", "MONEY"}  # not shown as top entities


def _name(kg: KnowledgeGraph, eid: int) -> str:
    return " ".join(kg.entities[eid].name.split())


def _usable(kg: KnowledgeGraph, eid: int) -> bool:
    """A name a question can carry: a few words, not a bare number or date fragment."""
    name = _name(kg, eid)
    return 1 < len(name) and len(name.split()) <= MAX_NAME_WORDS and not name.replace(" ", "").isdigit()


def _fits(kg: KnowledgeGraph, rel: Relation) -> bool:
    """Person facts only about people, works not read as places or people (extraction slips)."""
    if rel.predicate in PERSON_FACTS:
        return kg.entities[rel.source_id].type == "PERSON"
    if rel.predicate in AGENT_OF:
        return kg.entities[rel.target_id].type not in NOT_WORKS
    return True


def example_questions(kg: KnowledgeGraph, limit: int = 4) -> list[str]:
    """Up to `limit` questions the store can answer: two-hop first, then a comparison, then one-hop."""
    by_degree = sorted(kg.entities, key=lambda e: (-kg.degree(e), e))
    typed = [r for r in kg.relations if r.kind == "typed" and r.source_id != r.target_id
             and _usable(kg, r.source_id) and _usable(kg, r.target_id) and _fits(kg, r)]
    rank = {e: i for i, e in enumerate(by_degree)}
    typed.sort(key=lambda r: (min(rank[r.source_id], rank[r.target_id]), r.source_id, r.target_id, r.predicate))
    facts: dict[int, list[Relation]] = {}
    for r in typed:
        if r.predicate in FACT_ABOUT:
            facts.setdefault(r.source_id, []).append(r)

    # (question, the entities it names)
    two_hop: list[tuple[str, set[int]]] = []
    one_hop: list[tuple[str, set[int]]] = []
    for r in typed:
        if r.predicate in AGENT_OF:
            one_hop.append((WHO_DID[r.predicate].format(t=_name(kg, r.target_id)), {r.target_id}))
            for fact in facts.get(r.source_id, []):
                if fact.target_id != r.target_id:
                    phrase = AGENT_OF[r.predicate].format(t=_name(kg, r.target_id))
                    two_hop.append((FACT_ABOUT[fact.predicate].format(s=phrase), {r.target_id}))
        elif r.predicate in FACT_ABOUT:
            one_hop.append((FACT_ABOUT[r.predicate].format(s=_name(kg, r.source_id)), {r.source_id}))
    born = list(dict.fromkeys(r.source_id for r in typed if r.predicate == "born on"))
    comparison = [(f"Who was born first, {_name(kg, born[0])} or {_name(kg, born[1])}?", set(born[:2]))] \
        if len(born) >= 2 else []

    picked: list[str] = []
    named: set[int] = set()
    for pool, most in ((two_hop, 2), (comparison, 1), (one_hop, limit)):
        for question, anchors in pool:
            if len(picked) >= limit or most == 0:
                break
            if question not in picked and not anchors & named:  # each example about other entities
                picked.append(question)
                named |= anchors
                most -= 1
    return picked


def overview(kg: KnowledgeGraph, counts: dict[str, int], top: int = 8) -> StoreOverview:
    """The start page: store counts, entity types, the `top` best connected entities, example questions."""
    types: dict[str, int] = {}
    for e in kg.entities.values():
        types[e.type or ""] = types.get(e.type or "", 0) + 1
    named = [e for e in kg.entities if kg.entities[e].type not in VALUE_TYPES]
    best = sorted(named, key=lambda e: (-kg.degree(e), -kg.entities[e].doc_freq, e))[:top]
    return StoreOverview(
        documents=counts.get("documents", 0), chunks=counts.get("chunks", 0), entities=len(kg.entities),
        relations=len(kg.relations), typed_relations=int(kg.relations.typed.sum()),
        types=[TypeCount(type=t, count=n) for t, n in sorted(types.items(), key=lambda kv: (-kv[1], kv[0]))],
        top_entities=[EntitySuggestion(id=e, name=kg.entities[e].name, type=kg.entities[e].type, degree=kg.degree(e),
                                       matched=kg.entities[e].name) for e in best],
        examples=example_questions(kg),
    )
