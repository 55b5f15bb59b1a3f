"""Pure look-ups behind the graph endpoints, on a hand-built graph (no store, no models)."""

from __future__ import annotations

import pytest

from hopgraph.graph.build import KnowledgeGraph
from hopgraph.models import Entity, Relation
from hopgraph.server.lookup import NotFound, entity_detail, evidence_subgraph, kind_neighborhood, resolve_entity, suggest


@pytest.fixture
def kg() -> KnowledgeGraph:
    entities = {
        1: Entity(entity_id=1, name="Oskar Brandt", type="PERSON", aliases=["Brandt"], doc_freq=3),
        2: Entity(entity_id=2, name="The Glass Harbor", type="WORK_OF_ART", aliases=["Glass Harbor"], doc_freq=2),
        3: Entity(entity_id=3, name="Kestrel Bay", type="GPE", doc_freq=5),
        4: Entity(entity_id=4, name="Bayard Osk", type="PERSON", doc_freq=1),
        5: Entity(entity_id=5, name="Halvard Brandt", type="PERSON", doc_freq=1),
    }
    relations = [
        Relation(source_id=1, predicate="direct", target_id=2, chunk_id="c1", sentence="Brandt directed it."),
        Relation(source_id=1, predicate="born in", target_id=3, chunk_id="c2", sentence="Brandt was born in Kestrel Bay."),
        Relation(source_id=2, predicate="co-occurs with", target_id=3, chunk_id="c1", sentence="Set in Kestrel Bay.", kind="cooccur"),
        Relation(source_id=4, predicate="co-occurs with", target_id=3, chunk_id="c3", sentence="Osk saw the bay.", kind="cooccur"),
        Relation(source_id=3, predicate="near", target_id=5, chunk_id="c4", sentence="Kestrel Bay near Halvard."),
        Relation(source_id=2, predicate="set in", target_id=3, chunk_id="c1", sentence="Set in Kestrel Bay."),
    ]
    mentions = [(1, "c1"), (2, "c1"), (3, "c1"), (1, "c2"), (3, "c2"), (4, "c3"), (3, "c3")]
    return KnowledgeGraph.from_parts(entities, relations, mentions, [])


def test_suggest_ranks_name_prefix_before_word_prefix_before_substring(kg):
    names = [s.name for s in suggest(kg, "osk")]
    # "Oskar Brandt" starts with it, "Bayard Osk" has a word starting with it; nothing merely contains it
    assert names == ["Oskar Brandt", "Bayard Osk"]
    assert [s.name for s in suggest(kg, "ay")] == ["Kestrel Bay", "Bayard Osk"]  # substring tier, by degree


def test_suggest_matches_aliases_filters_type_and_limits(kg):
    hits = suggest(kg, "glass")
    assert [h.name for h in hits] == ["The Glass Harbor"] and hits[0].matched == "Glass Harbor"
    assert [h.name for h in suggest(kg, "brandt", type_="person")] == ["Oskar Brandt", "Halvard Brandt"]
    assert suggest(kg, "brandt", type_="GPE") == []
    assert len(suggest(kg, "", limit=2)) == 2
    assert suggest(kg, "", limit=1)[0].name == "Kestrel Bay"  # empty match: best connected first


def test_resolve_entity_by_id_name_alias_and_not_found(kg):
    assert resolve_entity(kg, "2") == 2
    assert resolve_entity(kg, "oskar brandt") == 1
    assert resolve_entity(kg, "Glass Harbor") == 2
    with pytest.raises(NotFound) as err:
        resolve_entity(kg, "Oskar Brant")
    assert "Oskar Brandt" in err.value.closest
    with pytest.raises(NotFound):
        resolve_entity(kg, "999")


def test_evidence_subgraph_prefers_typed_relations_per_chunk(kg):
    sub = evidence_subgraph(kg, ["c1", "c3"])
    # c1 states a typed relation, so its co-occurrence edge is left out; c3 has only co-occurrence
    assert sorted((e.source, e.predicate, e.target) for e in sub.edges) == [
        (1, "direct", 2), (2, "set in", 3), (4, "co-occurs with", 3)]
    assert {n.id for n in sub.nodes} == {1, 2, 3, 4}


def test_evidence_subgraph_narrows_to_quoted_sentences(kg):
    sub = evidence_subgraph(kg, ["c1", "c3"], sentences=["Brandt   directed it."])
    # c1: only the relation read from the quoted sentence; c3: nothing quoted there, its edges stay
    assert sorted((e.source, e.predicate, e.target) for e in sub.edges) == [(1, "direct", 2), (4, "co-occurs with", 3)]
    assert {n.id for n in sub.nodes} == {1, 2, 3, 4}
    # a quoted sentence that names no relation of the chunk does not empty it
    assert len(evidence_subgraph(kg, ["c1"], sentences=["Unrelated."]).edges) == 2
    assert evidence_subgraph(kg, ["unknown"]).edges == []


def test_neighborhood_defaults_to_typed_relations_and_counts_hidden_cooccurrence(kg):
    hood = kind_neighborhood(kg, 2, hops=1)
    # The Glass Harbor: typed edges to Oskar Brandt (direct) and Kestrel Bay (set in); its co-occurrence is hidden
    assert {(e.source, e.predicate, e.target) for e in hood.edges} == {(1, "direct", 2), (2, "set in", 3), (1, "born in", 3)}
    assert all(e.kind == "typed" for e in hood.edges)
    assert hood.cooccur_hidden == 1
    # two hops along typed edges reach Halvard Brandt, never Bayard Osk (joined only by co-occurrence)
    names = {n.name for n in kind_neighborhood(kg, 2, hops=2).nodes}
    assert "Halvard Brandt" in names and "Bayard Osk" not in names
    with_cooccur = kind_neighborhood(kg, 2, hops=2, cooccur=True)
    assert "Bayard Osk" in {n.name for n in with_cooccur.nodes} and with_cooccur.cooccur_hidden == 0
    assert any(e.kind == "cooccur" for e in with_cooccur.edges)


def test_neighborhood_of_an_entity_with_only_cooccurrence(kg):
    hood = kind_neighborhood(kg, 4)
    assert [n.id for n in hood.nodes] == [4] and hood.edges == [] and hood.cooccur_hidden == 1
    assert kind_neighborhood(kg, 3, predicate="near").edges[0].predicate == "near"


def test_entity_detail_lists_typed_relations_first(kg):
    class NoMentions:
        def mentions_of(self, eid):
            return []

    detail = entity_detail(kg, NoMentions(), 3)
    kinds = [r.kind for r in detail.relations]
    assert kinds == sorted(kinds, key=lambda k: k != "typed") and "cooccur" in kinds
