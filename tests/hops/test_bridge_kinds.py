"""What kind of thing an open bridge is (hops/bridge_kinds.py; pure, invented names)."""

from __future__ import annotations

from hopgraph.hops.chunk_view import ChunkView
from hopgraph.models import SearchHit

QUESTION = "Mara Vell starred in a series that originally aired on what station?"


def test_bridge_kind_reads_the_noun_leading_to_the_anchor():
    from hopgraph.hops.bridge_kinds import bridge_kind

    assert bridge_kind("Which club did the receiver of the Silver Boot join?", ["Silver Boot"]) == "person"
    assert bridge_kind('What did the individual who drafted "the Weaver Plan" oppose?', ["Weaver Plan"]) == "person"
    assert bridge_kind("What river flows through the city of Mara Vell?", ["Mara Vell"]) == "place"
    # an attribute phrase ("the place of death of") does not lead to the anchor: no kind
    assert bridge_kind("Where was the place of death of Mara Vell's mother?", ["Mara Vell"]) == ""
    assert bridge_kind(QUESTION, ["Mara Vell"]) == ""
    # who is behind a thing made it: an agent noun there is a person, with or without a named anchor
    assert bridge_kind("Which book did the artist behind the Harrow poster illustrate?", ["Harrow"]) == "person"
    assert bridge_kind("Which book did the artist behind the new poster illustrate?", []) == "person"
    assert bridge_kind("Which book did the company behind the new poster print?", []) == "org"


def test_a_question_naming_nothing_describes_its_bridge():
    from hopgraph.hops.bridge_kinds import bridge_kind

    # the clause after the noun tells which one is meant; the noun tells its kind
    assert bridge_kind("What does the woman voted in as treasurer of the rowing club in 2019 do for a living?", []) \
        == "person"
    assert bridge_kind("Whom did the benefactor who gave the library its reading room marry?", []) == "person"
    assert bridge_kind("The son of the harbour chairman who retired in 2012 moved away. Where to?", []) == "person"
    assert bridge_kind("Which group bought the bakery chain that sponsors the spring fair?", []) == "org"
    assert bridge_kind("Where was the studio that designed the new ferry terminal based?", []) == "org"
    assert bridge_kind("Which river runs past the town that hosted the first regatta?", []) == "place"
    # a noun with no clause describing it says nothing; with a named anchor, the noun leading to it counts
    assert bridge_kind("What did the old mill become?", []) == ""
    assert bridge_kind("Who chaired the club that Tom Reed founded?", ["Tom Reed"]) == "org"


def test_class_nouns_are_the_bridges_not_the_anchors():
    from hopgraph.hops.bridge_kinds import class_nouns

    assert class_nouns(QUESTION, ["Mara Vell"]) == {"series", "station"}
    assert class_nouns("Where did the composer of film Copper Lanterns study?", ["Copper Lanterns"]) == set()


def test_page_class_is_the_head_noun_of_the_opening_definition():
    from hopgraph.hops.bridge_kinds import page_class

    def cls(text: str) -> str:
        return page_class(ChunkView(SearchHit(chunk_id="x#0", doc_id="x", title="X", text=text), None))

    assert cls("Trevor Lane is a fictional character on the television series Harbor Lights.") == "character"
    assert cls("Harbor Lights is an American television series that aired on KVL-TV.") == "series"
    assert cls("The Pikes were an English rock band formed in Lorn.") == "band"
    assert cls("Lorn has a harbour.") == ""


def test_a_class_noun_matches_its_synonym_in_the_text():
    from hopgraph.hops.bridge_kinds import class_nouns, introduced_as

    assert class_nouns("In 1990 a movie was shot in Tarn. Who directed it?", ["Tarn"]) == {"film"}
    assert introduced_as('Movies such as "Copper Lanterns" (1990) were shot in Tarn.', "Copper Lanterns", {"film"})
    assert introduced_as("Ada Brook starred in the show Harbor Lights.", "Harbor Lights", {"series"})
    assert not introduced_as("Ada Brook starred in the band Harbor Lights.", "Harbor Lights", {"series"})


def test_the_classes_of_organisations_own_documents_are_class_nouns():
    from hopgraph.hops.bridge_kinds import class_nouns, introduced_as

    assert class_nouns("Where was the person the research vessel based in Tarn is named after born?", ["Tarn"]) == {"ship"}
    assert introduced_as("The institute's research ship, the RV Mara Vell, sailed on Monday.", "RV Mara Vell", {"ship"})
    assert class_nouns("Who chairs the trust that runs the festival?", []) == {"trust", "festival"}


def test_someone_holding_the_anchor_is_a_person():
    from hopgraph.hops.bridge_kinds import bridge_kind

    q = "When Ada Brook chaired the Lorn Harbour Board, someone was mayor of Lorn; how often was that person elected?"
    assert bridge_kind(q, ["mayor of Lorn"]) == "person"
    assert bridge_kind("Someone from Lorn founded which firm?", ["Lorn"]) == "person"
    assert bridge_kind("Which firm did Lorn's mayor found?", ["Lorn"]) == ""
