"""Country names for ranking the bridges of "country of X" (hops/countries.py)."""

from __future__ import annotations

from hopgraph.graph.build import KnowledgeGraph
from hopgraph.hops.countries import is_country
from hopgraph.hops.chunk_view import ChunkView
from hopgraph.hops.evidence import check
from hopgraph.models import Entity, SearchHit


def test_countries_former_countries_and_uk_nations_are_countries():
    assert is_country("Zimbabwe") and is_country("the Netherlands") and is_country("England") and is_country("USSR")
    assert not is_country("Kessel River") and not is_country("Marondo District") and not is_country("Paris")


def test_the_country_of_a_river_is_the_country_not_the_river_it_joins():
    text = "The Sallow River is a tributary of the Kessel River in Marondo District, Zimbabwe."
    ents = {0: Entity(entity_id=0, name="Sallow River", type="LOC"), 1: Entity(entity_id=1, name="Kessel River", type="LOC"),
            2: Entity(entity_id=2, name="Marondo District", type="GPE"), 3: Entity(entity_id=3, name="Zimbabwe", type="GPE")}
    kg = KnowledgeGraph.from_parts(ents, [], [(i, "b#0") for i in ents], [], {"b#0": "Sallow River"})
    s = check(ChunkView(SearchHit(chunk_id="b#0", doc_id="b", title="Sallow River", text=text), kg), "Sallow River", "country")
    assert s is not None and s.bridges[0] == "Zimbabwe" and "Kessel River" not in s.bridges


def test_an_address_states_the_country_of_a_place():
    text = "It is a dam on the Kessel River, near Vaalhoek, Tarnveld, South Africa."
    s = check(ChunkView(SearchHit(chunk_id="d#0", doc_id="d", title="Dam", text=text), None), "Vaalhoek", "country")
    assert s is not None and s.bridges[0] == "South Africa"


def test_an_address_on_an_entitys_own_page_states_its_country():
    text = "Chemco is a chemical company. It has its headquarters in Pennick, Delaware, United States."
    s = check(ChunkView(SearchHit(chunk_id="c#0", doc_id="c", title="Chemco", text=text), None), "Chemco", "country")
    assert s is not None and s.bridges[0] == "United States"
    other = ChunkView(SearchHit(chunk_id="n#0", doc_id="n", title="Notes", text="Chemco hired staff. " + text.split(". ")[1]), None)
    assert check(other, "Chemco", "country") is None  # off its own page the address must follow the name
