"""How many of a thing a chunk says an entity has (hops/counts.py)."""

from __future__ import annotations

import pytest

from hopgraph.graph.build import KnowledgeGraph
from hopgraph.hops.chunk_view import ChunkView
from hopgraph.hops.counts import amount_support, count_before, count_support, tenure_support
from hopgraph.models import Entity, SearchHit


@pytest.mark.parametrize("sentence, noun, count", [
    ("The twelve kilns at Vell Moor were fired again.", "kilns", "twelve"),
    ("Only three of Orrin Bank's 30 kilns still work.", "kilns", "30"),
    ("The trust has 1,200 staff across its sites.", "staff", "1,200"),
    ("It runs twenty-two offshore turbines.", "turbine", "twenty-two"),
    ("Turbines were first built there in 2006.", "turbines", ""),  # a year after the noun counts nothing
    ("In 2006 turbines went up.", "turbines", ""),  # a year, no count
])
def test_the_number_right_before_the_counted_noun(sentence, noun, count):
    assert count_before(sentence, noun) == count


def test_a_chunk_states_the_count_of_an_entity_it_names():
    ents = {0: Entity(entity_id=0, name="Vell Moor", type="FAC", doc_freq=1),
            1: Entity(entity_id=1, name="Orrin Bank", type="FAC", doc_freq=1)}
    text = "Work began at Orrin Bank in May. The twelve turbines on Vell Moor turn again this week."
    graph = KnowledgeGraph.from_parts(ents, [], [(0, "n#0"), (1, "n#0")], [], {"n#0": "Local news"})
    view = ChunkView(SearchHit(chunk_id="n#0", doc_id="n", title="Local news", text=text), graph)
    s = count_support(view, "Vell Moor", "turbines")
    assert s is not None and s.bridges == ["twelve"] and s.sentence.startswith("The twelve")
    assert count_support(view, "Orrin Bank", "turbines") is None  # its sentence counts nothing


def _notice(text: str, *names: str) -> ChunkView:
    ents = {i: Entity(entity_id=i, name=n, type="WORK_OF_ART", doc_freq=1) for i, n in enumerate(names)}
    graph = KnowledgeGraph.from_parts(ents, [], [(i, "g#0") for i in ents], [], {"g#0": "Grant notice"})
    return ChunkView(SearchHit(chunk_id="g#0", doc_id="g", title="Grant notice", text=text), graph)


def test_the_size_of_an_award_is_the_one_sum_its_notice_values_it_at():
    view = _notice("Title: BRINEFLOW - salt in estuaries. Lead: Dr Ada Vell. Partner contribution in kind: none. "
                   "Value: £1,250,000 (full cost).", "BRINEFLOW")
    s = amount_support(view, "BRINEFLOW", "award size")
    assert s is not None and s.bridges == ["£1,250,000"] and s.sentence.startswith("Value")


def test_a_sum_in_a_sentence_naming_the_thing_comes_first_and_two_loose_sums_say_nothing():
    named = _notice("The council gave TIDEWATCH £400,000 in 2020. Its partner added £50,000 in kind.", "TIDEWATCH")
    assert amount_support(named, "TIDEWATCH", "award size").bridges == ["£400,000"]
    loose = _notice("Title: TIDEWATCH - tides in estuaries. Lead: Dr Ada Vell of Lorn. Award: £400,000. "
                    "Total budget: £90,000.", "TIDEWATCH")
    assert amount_support(loose, "TIDEWATCH", "award size") is None  # which sum is the award's is not said


def _people(text: str) -> ChunkView:
    ents = {0: Entity(entity_id=0, name="Ada Vell", type="PERSON", doc_freq=1),
            1: Entity(entity_id=1, name="Cy Brook", type="PERSON", doc_freq=1)}
    graph = KnowledgeGraph.from_parts(ents, [], [(0, "p#0"), (1, "p#0")], [], {"p#0": "Club notes"})
    return ChunkView(SearchHit(chunk_id="p#0", doc_id="p", title="Club notes", text=text), graph)


def test_since_when_a_post_is_held_is_read_where_the_holder_and_the_post_are_named():
    view = _people("The warden since 2009 has been Ada Vell. Cy Brook, who joined in 2015, coaches the juniors.")
    assert tenure_support(view, "Ada Vell", "warden since").bridges == ["2009"]
    assert tenure_support(view, "Cy Brook", "warden since") is None  # no post, lead or succession said of him
    view = _people("After twelve years of chairing the club, Ada Vell handed over to Cy Brook in 2020.")
    assert tenure_support(view, "Ada Vell", "chair since").bridges == ["twelve years"]
