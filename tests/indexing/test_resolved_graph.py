"""The `ResolvedGraph` resolution assembles (indexing/resolved_graph.py): its relation rows."""

from __future__ import annotations

from hopgraph.indexing.resolved_graph import _RELATION_FIELDS, _relation
from hopgraph.models import Relation


def test_relations_are_the_models_model_construct_builds():
    fast = _relation(3, "born in", 7, "c1", "s", 2.0, "cooccur")
    slow = Relation.model_construct(_RELATION_FIELDS, source_id=3, predicate="born in", target_id=7, chunk_id="c1",
                                    sentence="s", weight=2.0, kind="cooccur")
    assert fast == slow and fast.model_dump() == slow.model_dump() and fast.model_fields_set == slow.model_fields_set
    assert fast.model_copy(update={"predicate": "located in"}).predicate == "located in"
    assert Relation.model_validate(fast.model_dump()) == fast
