"""Who "we" are in a chunk: the organisation it opens on, never a quotation's speaker."""

from __future__ import annotations

import pytest

from hopgraph.graph.build import KnowledgeGraph
from hopgraph.hops.chunk_view import ChunkView
from hopgraph.hops.our_voice import speaks_for, we_sentences
from hopgraph.models import Entity, SearchHit

ENTITIES = {i: Entity(entity_id=i, name=n, type=t, doc_freq=1) for i, (n, t) in enumerate([
    ("Marrow Lane Bakery", "ORG"), ("Ada Penhallow", "PERSON"), ("Quell Gazette", "ORG")])}


def view(title: str, text: str) -> ChunkView:
    graph = KnowledgeGraph.from_parts(ENTITIES, [], [(i, "c#0") for i in ENTITIES], [], {"c#0": title})
    return ChunkView(SearchHit(chunk_id="c#0", doc_id="c", title=title, text=text), graph)


ADVERT = ("Wanted: shop assistant, Marrow Lane Bakery (part time). We are a family firm baking since 1950. "
          "The shop opens at six. You will report to our finance director, Ada Penhallow.")


def test_a_chunk_opening_on_an_organisation_speaks_for_it_as_we():
    v = view("Job advert", ADVERT)
    assert speaks_for(v, "Marrow Lane Bakery")
    assert we_sentences(v) == ["We are a family firm baking since 1950.", "You will report to our finance director, Ada Penhallow."]


@pytest.mark.parametrize("name, title, text", [
    ("Ada Penhallow", "Profile", "Ada Penhallow bakes bread. We love her rye."),  # a person is no "we"
    ("Marrow Lane Bakery", "News", "Rain fell on Quell. Marrow Lane Bakery opened. We are glad."),  # named later
    ("Marrow Lane Bakery", "News", "Marrow Lane Bakery opened a shop. \"We are proud,\" said Ada Penhallow."),
    ("Marrow Lane Bakery", "News", "Marrow Lane Bakery opened. “Our bread is the best. Our rye too,” she said."),
])
def test_no_voice_for_others(name: str, title: str, text: str):
    assert not speaks_for(view(title, text), name)


def test_the_organisations_own_sentences_state_its_facts_without_naming_it():
    from hopgraph.hops.evidence import check

    support = check(view("Job advert", ADVERT), "Marrow Lane Bakery", "finance director")
    assert support is not None and support.bridges[:1] == ["Ada Penhallow"]
    assert check(view("Job advert", ADVERT.replace("our finance director", "the finance director")), "Marrow Lane Bakery",
                 "finance director") is None
    # a date it is asked for must be read there
    founded = check(view("Job advert", ADVERT.replace("baking since", "founded in")), "Marrow Lane Bakery", "release_date")
    assert founded is not None and founded.bridges[:1] == ["1950"]
    assert check(view("Job advert", ADVERT.replace("baking since 1950", "founded by a baker")), "Marrow Lane Bakery",
                 "release_date") is None


STORY = ("We began in a garden shed in Quell in May 1987. Two of us had baked for the Quell Gazette's canteen. "
         "Marrow Lane Bakery took on its first shop in 1992.")


def test_a_page_titled_in_the_first_person_speaks_for_the_organisation_a_sentence_opens_with():
    v = view("Our story", STORY)
    assert speaks_for(v, "Marrow Lane Bakery")
    assert we_sentences(v)[0].startswith("We began")  # the first sentence too: the title already says who
    assert not speaks_for(v, "Quell Gazette")  # named inside a sentence, not as its subject
    assert not speaks_for(view("Story", STORY), "Marrow Lane Bakery")  # not in the first person: named later


def test_an_organisation_says_when_it_was_founded_by_when_it_began():
    from hopgraph.hops.evidence import check

    founded = check(view("Our story", STORY), "Marrow Lane Bakery", "release_date")
    assert founded is not None and founded.bridges[:1] == ["May 1987"]
