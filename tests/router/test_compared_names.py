"""Which of a question's names are compared (router/compared_names.py; invented names)."""

from __future__ import annotations

import re

import pytest

from hopgraph.router.compared_names import compared_names, event_parties
from hopgraph.router.rules import RuleRouter
from hopgraph.router.spans import Span
from hopgraph.router.understand import CONFIDENT
from tagged import toks
from tests.router.test_understand import ROUTER, relations_of


def test_a_possessive_name_before_another_name_is_no_compared_side():
    q = toks("Which/DET opened/VERB first/ADV ,/PUNCT Kalvor/@ or/CCONJ Tesmir's/@ Orvel/@ ?/PUNCT")
    spans = [Span(0, 6, "Kalvor"), Span(10, 16, "Tesmir", True), Span(19, 24, "Orvel")]
    compared, _aside = compared_names(q, [0, 1, 2], [], "Which opened first, Kalvor or Tesmir's Orvel?", spans)
    assert compared == [0, 2]


def test_a_name_and_a_post_before_another_name_is_no_compared_side():
    q = toks("Who/PRON was/AUX born/VERB first/ADV ,/PUNCT the/DET Kalvor/@ editor/NOUN Tesmir/@ or/CCONJ "
             "the/DET Orvel/@ mayor/NOUN Brenna/@ ?/PUNCT")
    text = "Who was born first, the Kalvor editor Tesmir or the Orvel mayor Brenna?"
    spans = [Span(text.index(w), text.index(w) + len(w), w) for w in ("Kalvor", "Tesmir", "Orvel", "Brenna")]
    compared, _aside = compared_names(q, [0, 1, 2, 3], [], text, spans)
    assert compared == [1, 3]  # the editor and the mayor; where each holds the post only says which


def test_a_sentence_that_compares_one_name_compares_it_with_the_name_it_is_joined_to_before():
    from hopgraph.router.compared_names import compared_in_context

    q = "I'm comparing Kalvor and Tesmir. My aunt thinks Tesmir is bigger. Is she right?"
    spans = [Span(14, 20, "Kalvor"), Span(25, 31, "Tesmir"), Span(48, 54, "Tesmir")]
    claim = toks("My/PRON aunt/NOUN thinks/VERB Tesmir/@ is/AUX bigger/ADJ ./PUNCT")
    claim[3].anchor = 2  # the third name of the question
    assert compared_in_context(claim, q, spans) == [0, 2]
    alone = "I'm reading about Kalvor. My aunt thinks Tesmir is bigger. Is she right?"
    claim[3].anchor = 1
    assert compared_in_context(claim, alone, [Span(18, 24, "Kalvor"), Span(41, 47, "Tesmir")]) == []


def test_a_choice_among_a_group_pointed_back_to_compares_no_names_said_before():
    from hopgraph.router.compared_names import compared_anchors

    q = toks("Which/DET nurse/NOUN from/ADP that/DET ward/NOUN won/VERB the/DET Kalvor/@ Prize/PROPN ?/PUNCT")
    assert compared_anchors(q, [0, 1, 2], []) == []
    q = toks("Which/DET of/ADP them/PRON won/VERB the/DET Kalvor/@ Prize/PROPN ?/PUNCT")
    assert compared_anchors(q, [0, 1, 2], []) == [0, 1, 2]


def test_them_points_back_to_the_last_two_names_joined():
    from hopgraph.router.compared_names import coordinated_pair

    q = "Kalvor and Tesmir each signed a new coach: Ada Brook and Ola Vell. Which of them joined first?"
    spans = [Span(0, 6, "Kalvor"), Span(11, 17, "Tesmir"), Span(43, 52, "Ada Brook"), Span(57, 65, "Ola Vell")]
    assert coordinated_pair(q, spans, [0, 1, 2, 3]) == [2, 3]
    tagged = toks("Which/DET of/ADP them/PRON joined/VERB first/ADV ?/PUNCT")
    compared, aside = compared_names(tagged, [0, 1, 2, 3], [], q, spans)
    assert compared == [2, 3] and aside == [0, 1]


def compared_in(tagged: str) -> tuple[list[int], list[int]]:
    """`compared_names` of a tagged question ("Kalvor/@ or/CCONJ …"), its names' spans found in its text."""
    words = [item.rsplit("/", 1) for item in tagged.split()]
    text = re.sub(r" (?=[,?.])", "", " ".join(word for word, _ in words))
    spans: list[Span] = []
    for name in (word for word, tag in words if tag == "@"):
        start = text.index(name, spans[-1].end if spans else 0)
        spans.append(Span(start, start + len(name), name))
    return compared_names(toks(tagged), list(range(len(spans))), [], text, spans)


def test_a_place_after_the_second_side_placed_by_its_preposition_is_no_side():
    compared, aside = compared_in("Which/DET opened/VERB first/ADV ,/PUNCT Kalvor/@ or/CCONJ the/DET Tesmir/@ "
                                  "hall/NOUN in/ADP Orvel/@ ?/PUNCT")
    assert compared == [0, 1] and aside == [2]


def test_a_name_placed_by_a_preposition_is_not_one_of_a_joined_pair():
    # "Ada, sister of Kalvor, and Brook": Kalvor says whose sister, the sides stay all three names read
    compared, _aside = compared_in("Were/AUX Ada/@ ,/PUNCT sister/NOUN of/ADP Kalvor/@ ,/PUNCT and/CCONJ Brook/@ "
                                   "both/DET born/VERB in/ADP May/PROPN ?/PUNCT")
    assert 0 in compared


@pytest.mark.parametrize("question", [
    "Who started work at Brell Foods first, Tessa Marlow or Ines Varga?",
    "Who joined the board of Brell Foods first: Tessa Marlow or Ines Varga?",
    # the object of the compared verb, and the subject of a question's "did"
    "Who joined Brell Foods first, Tessa Marlow or Ines Varga?",
    "Was it Tessa Marlow or Ines Varga who joined Brell Foods first?",
    "Who chaired Brell Foods for longer, Tessa Marlow or Ines Varga?",
    # a yes/no question: the name after "before" is the other side
    "Did Tessa Marlow join Brell Foods before Ines Varga?",
    "Did Tessa Marlow join Brell Foods before Ines Varga did?",
])
def test_a_name_after_a_preposition_or_a_verb_is_the_setting_of_the_compared_event_not_a_side(question, spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route(question)
    assert d.shape == "comparison"
    assert [r.entities for r in d.requirements] == [["Tessa Marlow"], ["Ines Varga"]]
    assert all("Brell Foods" in sq.text for sq in d.plan if sq.requirement_id)


def test_the_subject_of_did_is_no_side_when_the_joined_names_follow(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Which did Tessa Marlow join first, Brell Foods or Corvane Optics?")
    assert [r.entities for r in d.requirements] == [["Brell Foods"], ["Corvane Optics"]]
    d = RuleRouter(nlp=spacy_nlp).route("Did Tessa Marlow and Ines Varga both work at Brell Foods?")
    assert [r.entities for r in d.requirements] == [["Tessa Marlow"], ["Ines Varga"]]



def test_four_names_in_two_joined_event_phrases_are_two_sides_with_a_party_each():
    ts = toks("Which/PRON came/VERB first/ADV ,/PUNCT Kalvor's/@ merger/NOUN into/ADP Tamsel/@ or/CCONJ "
              "Brenmark/@ buying/VERB Odell/@ ?/PUNCT")
    assert event_parties(ts, [0, 1, 2, 3]) == {0: ([1], ["merger"]), 2: ([3], ["buying"])}
    four = toks("Which/PRON came/VERB first/ADV ,/PUNCT Kalvor/@ ,/PUNCT Tamsel/@ ,/PUNCT Brenmark/@ or/CCONJ "
                "Odell/@ ?/PUNCT")
    assert event_parties(four, [0, 1, 2, 3]) == {}  # four sides, no events


def test_a_name_the_sides_are_checked_against_is_no_side():
    """ "Did A and B both work at C?": A and B are compared; C is searched with each side and, since no
    requirement states C itself, the reading stays unsure (it must not end "complete" on A's and B's employers)."""
    d = ROUTER.route("Did Tessa Marlow and Ines Varga both work at Corvane Optics?")
    assert relations_of(d) == ["employer", "employer"]
    assert [r.entities for r in d.requirements if r.id.startswith("R")] == [["Tessa Marlow"], ["Ines Varga"]]
    assert all("Corvane Optics" in sq.text for sq in d.plan if sq.requirement_id in ("R1", "R2"))
    assert d.confidence < CONFIDENT
    # a third name joined to the others is a side
    three = ROUTER.route("Which of Tessa Marlow, Ines Varga and Ada Brook is the oldest?")
    assert len([r for r in three.requirements if r.id.startswith("R")]) == 3


def test_the_two_pointed_at_are_the_two_names_joined():
    """Of three names, "which of the two" compares the two joined by "and"; the one who reviewed them is no side."""
    d = ROUTER.route("Ada Brook reviewed Glass Hours and Salt Lanterns. Which of the two came out first?")
    assert [r.entities for r in d.requirements if r.id.startswith("R")] == [["Glass Hours"], ["Salt Lanterns"]]
    assert all("Ada Brook" in sq.text for sq in d.plan if sq.requirement_id in ("R1", "R2"))  # still says which


def test_a_list_of_three_keeps_all_three_sides(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Which of Tessa Marlow, Ines Varga or Ada Brook was born first?")
    assert [r.entities for r in d.requirements] == [["Tessa Marlow"], ["Ines Varga"], ["Ada Brook"]]


def test_two_names_side_by_side_with_both_are_the_compared_pair_in_a_terse_query(spacy_nlp):
    from tests.router.test_rules import graph

    d = RuleRouter(graph(), nlp=spacy_nlp).route("oskar brandt ilse varn both worked ardent sparrow")
    assert d.shape == "comparison" and [r.entities for r in d.requirements] == [["oskar brandt"], ["ilse varn"]]
    assert all("ardent sparrow" in sq.text for sq in d.plan if sq.requirement_id)  # what both are checked against


def test_names_side_by_side_without_a_word_that_joins_them_compare_nothing(spacy_nlp):
    from tests.router.test_rules import graph

    d = RuleRouter(graph(), nlp=spacy_nlp).route("ardent sparrow chair before oskar brandt finance director")
    assert d.shape not in ("comparison", "bridge_comparison")


@pytest.mark.slow
def test_names_offered_as_answers_after_a_comma_are_no_compared_sides(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    d = router.route("Who founded Tollen Mills, Ines Varga or Oskar Brenn?")
    assert d.shape != "comparison" and relations_of(d) == ["founder"] and d.anchors == ["Tollen Mills"]
    # an order word makes the names after the comma the compared sides
    assert router.route("Which was founded first, Tollen Mills or Brenn Dairies?").shape == "comparison"
