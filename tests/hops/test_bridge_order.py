"""Ordering bridge candidates: the name with a page, the answer's kind, the class noun the question gives."""

from __future__ import annotations

from hopgraph.graph.build import KnowledgeGraph
from hopgraph.hops.bridge_order import by_class, by_type, none_fits, page_name, spelled_out
from hopgraph.hops.chunk_view import ChunkView
from hopgraph.models import Entity, SearchHit


def test_regnal_names_keep_their_of_phrase():
    ents = {0: Entity(entity_id=0, name="Conrad II", type="PERSON")}
    g = KnowledgeGraph.from_parts(ents, [], [(0, "f#0")], [], {"f#0": "Conrad II"})
    view = ChunkView(SearchHit(chunk_id="f#0", doc_id="f", title="Conrad II", text="Conrad II was a king."), g)
    assert page_name("Conrad II of Ostervald", view) == "Conrad II of Ostervald"


def test_an_organisation_answer_prefers_what_the_graph_types_an_organisation():
    names = [("Lorn", "GPE"), ("Tamsel Works", "ORG"), ("Ilse Varn", "PERSON")]
    ents = {i: Entity(entity_id=i, name=n, type=t) for i, (n, t) in enumerate(names)}
    graph = KnowledgeGraph.from_parts(ents, [], [(i, "c#0") for i in ents], [], {})
    v = ChunkView(SearchHit(chunk_id="c#0", doc_id="c", title="Notes", text="Lorn, Tamsel Works, Ilse Varn."), graph)
    assert by_type(["Lorn", "Ilse Varn", "Tamsel Works"], "utility fund", v, "org")[0] == "Tamsel Works"


def test_bridges_whose_name_carries_the_asked_class_noun_come_first():
    found = ["Vessary", "Upper Chamber of Vessary", "Vessary Labour Party"]
    assert by_class(found, "party") == ["Vessary Labour Party", "Vessary", "Upper Chamber of Vessary"]
    assert by_class(["Tamsel", "Corin Pictures Company"], "firm") == ["Corin Pictures Company", "Tamsel"]  # one class
    assert by_class(found, "") == found
    assert by_class(found, "league") == found  # no name carries it: the order stays
    assert by_class(["Tamsel Film Week", "University of Lorn", "Glass Hours"], "university")[0] == "University of Lorn"
    assert by_class(["Tamsel Film Week", "Glass Hours"], "film") == ["Tamsel Film Week", "Glass Hours"]  # a week


def test_kin_keep_their_order_but_a_place_or_a_body_goes_last():
    names = [("Lorn", "GPE"), ("Ida Vell", "PERSON"), ("Tamsel Works", "ORG")]
    ents = {i: Entity(entity_id=i, name=n, type=t) for i, (n, t) in enumerate(names)}
    graph = KnowledgeGraph.from_parts(ents, [], [(i, "c#0") for i in ents], [], {})
    v = ChunkView(SearchHit(chunk_id="c#0", doc_id="c", title="Notes", text="Lorn, Ida Vell, Tamsel Works, Agna."), graph)
    assert by_type(["Lorn", "Agna", "Ida Vell", "Tamsel Works"], "child", v) == ["Agna", "Ida Vell", "Lorn", "Tamsel Works"]


def test_an_initialled_name_is_spelled_out_when_one_person_of_the_graph_fits():
    names = [("Ilse Varn", "PERSON"), ("I. Varn", "PERSON"), ("Tomas Varn", "PERSON"), ("Ada Brook", "PERSON"),
             ("Alan Brook", "PERSON"), ("Varn", "ORG")]
    ents = {i: Entity(entity_id=i, name=n, type=t) for i, (n, t) in enumerate(names)}
    graph = KnowledgeGraph.from_parts(ents, [], [(i, "c#0") for i in ents], [], {})
    v = ChunkView(SearchHit(chunk_id="c#0", doc_id="c", title="Minutes", text="Present: I. Varn, A. Brook."), graph)
    assert spelled_out("I. Varn", v) == "Ilse Varn"
    assert spelled_out("Cllr I. Varn", v) == "Ilse Varn"  # a title before the initial goes too
    assert spelled_out("A. Brook", v) == "A. Brook"  # two people fit: it stays as written
    assert spelled_out("K. Varn", v) == "K. Varn"  # nobody of that initial
    assert spelled_out("Ilse Varn", v) == "Ilse Varn"


def test_an_initialled_name_that_titles_a_page_is_the_name_its_person_goes_by():
    names = [("T. R. Holm", "PERSON"), ("Tobias Holm", "PERSON")]
    ents = {i: Entity(entity_id=i, name=n, type=t) for i, (n, t) in enumerate(names)}
    graph = KnowledgeGraph.from_parts(ents, [], [(0, "h#0"), (1, "b#0")], [], {"h#0": "T. R. Holm"})
    v = ChunkView(SearchHit(chunk_id="h#0", doc_id="h", title="T. R. Holm", text="T. R. Holm was a painter."), graph)
    assert spelled_out("T. R. Holm", v) == "T. R. Holm"


def test_no_bridge_fits_when_every_name_is_typed_a_wrong_kind_for_the_answer():
    names = [("Lorn", "GPE"), ("Lorn National School", "ORG"), ("Church Lane", "FAC"), ("Ida Vell", "PERSON")]
    ents = {i: Entity(entity_id=i, name=n, type=t) for i, (n, t) in enumerate(names)}
    graph = KnowledgeGraph.from_parts(ents, [], [(i, "c#0") for i in ents], [], {})
    v = [ChunkView(SearchHit(chunk_id="c#0", doc_id="c", title="Notes", text="Lorn, Church Lane, Ida Vell."), graph)]
    assert none_fits(["Lorn", "Lorn National School", "Church Lane"], "successor", v)  # no one to succeed anyone
    assert not none_fits(["Lorn", "Ida Vell"], "successor", v)
    assert not none_fits(["Lorn", "Agna"], "successor", v)  # a name the graph does not type may be anyone
    assert not none_fits(["Lorn"], "born_place", v) and not none_fits(["Lorn"], "school run", v)  # (no known kind)
