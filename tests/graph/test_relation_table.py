"""Relations kept as columns hand out the same models, and group by chunk in index order."""

from hopgraph.graph.relation_table import RelationTable
from hopgraph.models import Relation

ROWS = [
    (1, 2, "typed", 1.0, "harbour#0", "founded by", "Mira Tolland founded the Glass Harbour Press."),
    (2, 3, "cooccur", 0.5, "harbour#1", "", None),
    (1, 3, "typed", 1.0, "harbour#0", "located in", "The press stood in Kessel."),
    (3, 3, "cooccur", 2.0, "kessel#0", "", ""),
]


def test_rows_become_the_models_the_store_would_give():
    table = RelationTable(ROWS)
    assert len(table) == 4
    assert table[0] == Relation(source_id=1, predicate="founded by", target_id=2, chunk_id="harbour#0",
                                sentence="Mira Tolland founded the Glass Harbour Press.", weight=1.0, kind="typed")
    assert table[1].sentence == "" and table[1].kind == "cooccur" and table[-1].weight == 2.0
    assert table[2] is table[2]  # built once, kept
    assert [r.target_id for r in table] == [2, 3, 3, 3] and [r.chunk_id for r in table[1:3]] == ["harbour#1", "harbour#0"]
    assert table.typed.tolist() == [True, False, True, False]
    assert table.typed_predicates() == {"founded by", "located in"}


def test_relations_by_chunk_in_index_order():
    by_chunk = RelationTable(ROWS).by_chunk()
    assert list(by_chunk) == ["harbour#0", "harbour#1", "kessel#0"]
    assert by_chunk["harbour#0"] == [0, 2] and by_chunk.get("kessel#0") == [3] and by_chunk.get("nowhere", ()) == ()


def test_from_relations_keeps_the_given_models():
    models = [Relation(source_id=0, predicate="wrote", target_id=1, chunk_id="a#0")]
    table = RelationTable.from_relations(models)
    assert table[0] is models[0] and RelationTable([]).by_chunk() == {} and len(RelationTable([])) == 0


def test_the_relations_touching_an_entity_are_found_without_building_models():
    table = RelationTable(ROWS)
    by_chunk = table.by_chunk()
    assert table.touching(by_chunk["harbour#0"], {2}) == [0]  # relation 2 (1 -> 3) does not touch entity 2
    assert table.touching(by_chunk["harbour#0"], {1, 9}) == [0, 2] and table.touching([1, 3], {3}) == [1, 3]
    assert table.touching(by_chunk.get("nowhere", ()), {1}) == [] and table.touching([0, 1], set()) == []
    assert table._made == {}  # read from the topology arrays alone
