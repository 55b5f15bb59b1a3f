"""Where a thing lies, asked with only "be" for a verb (invented world)."""

import pytest

from hopgraph.router.rules import RuleRouter
from hopgraph.router.where_it_is import lies_somewhere, where_it_is
from tests.router.test_filler import toks
from tests.router.test_understand import relations_of


def _lies(spec: str, wh: set[int], has_main_verb: bool = False) -> str:
    return where_it_is(toks(spec), wh, has_main_verb)


def test_a_place_asked_with_be_asks_where_the_thing_lies():
    assert _lies("Where/SCONJ is/AUX Kalvor/X employer/NOUN ?/PUNCT", {0}) == "country"
    assert _lies("In/ADP which/DET city/NOUN is/AUX the/DET employer/NOUN of/ADP Kalvor/X ?/PUNCT", {1, 2}) == "city"
    assert _lies("Which/DET town/NOUN is/AUX Kalvor/X bakery/NOUN in/ADP ?/PUNCT", {0, 1}) == "town"
    assert _lies("In/ADP which/DET country/NOUN is/AUX Kalvor/X label/NOUN ?/PUNCT", {1, 2}) == "country"
    # a relative clause takes its own verb: "is" is still the main one
    assert _lies("Where/SCONJ is/AUX the/DET bakery/NOUN that/PRON Kalvor/X runs:run/VERB ?/PUNCT", {0}) == "country"
    assert _lies("Where/SCONJ is/AUX the/DET firm/NOUN that/PRON Kalvor/X has:have/AUX joined:join/VERB ?/PUNCT",
                 {0}) == "country"
    # a participle with its agent after a noun describes that noun ("the mill built by X"): no main verb
    assert _lies("Where/SCONJ is/AUX the/DET mill/NOUN built:build/VERB by/ADP Kalvor/X ?/PUNCT", {0}) == "country"
    assert _lies("Where/SCONJ was/AUX the/DET mill/NOUN built:build/VERB by/ADP Kalvor/X located:locate/VERB "
                 "?/PUNCT", {0}) == ""


def test_be_as_an_auxiliary_or_another_question_asks_nothing_here():
    # "be" is the auxiliary of the main verb
    assert _lies("Where/SCONJ was/AUX Kalvor/X founder/NOUN born:bear/VERB ?/PUNCT", {0}) == ""
    assert _lies("Where/SCONJ was/AUX the/DET aide/NOUN that/PRON Kalvor/X hired:hire/VERB trained:train/VERB ?/PUNCT",
                 {0}) == ""
    assert _lies("Where/SCONJ is/AUX the/DET ward/NOUN that/PRON Kalvor/X is:be/AUX part/NOUN of/ADP "
                 "located:locate/VERB ?/PUNCT", {0}) == ""
    assert _lies("Where/SCONJ is/AUX Kalvor/X employer/NOUN ?/PUNCT", {0}, has_main_verb=True) == ""
    # an origin, the place itself, or no "be"
    assert _lies("Where/SCONJ is/AUX Kalvor/X employer/NOUN from/ADP ?/PUNCT", {0}) == ""
    # a post the named subject held: where it was held, the body (no place it lies in)
    assert _lies("Where/SCONJ was/AUX Kalvor/X deputy/NOUN head/NOUN ?/PUNCT", {0}) == ""
    assert _lies("Where/SCONJ was/AUX Kalvor/X headteacher/NOUN ?/PUNCT", {0}) == ""
    assert _lies("Which/DET city/NOUN is/AUX Kalvor/X birthplace/NOUN ?/PUNCT", {0, 1}) == ""
    assert _lies("Which/DET city/NOUN did/AUX Kalvor/X move:move/VERB to/ADP ?/PUNCT", {0, 1}) == ""


def test_only_a_thing_that_is_not_a_place_or_a_person_lies_somewhere():
    assert lies_somewhere("employer") and lies_somewhere("education") and lies_somewhere("bakery runs")
    assert not lies_somewhere("born_place") and not lies_somewhere("country") and not lies_somewhere("spouse")
    assert not lies_somewhere("headquarters") and not lies_somewhere("town") and not lies_somewhere("release_date")


@pytest.mark.slow
def test_the_router_adds_the_hop_of_where_it_lies(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Where is Tessa Marlow's employer?")) == ["employer", "country"]
    assert relations_of(router.route("Which city is the employer of Tessa Marlow in?")) == ["employer", "city"]
    assert relations_of(router.route("In which town is the bakery that Tessa Marlow's sister runs?"))[-1] == "town"
    city = router.route("In which city is the employer of Tessa Marlow?")
    assert relations_of(city) == ["employer", "city"] and city.confidence <= 0.5  # "city" is the question's own word
    # be as an auxiliary, an origin, the place itself: no hop added
    assert relations_of(router.route("Where is Tessa Marlow's employer based?")) == ["employer", "country"]
    assert relations_of(router.route("Where was Tessa Marlow's husband born?")) == ["spouse", "born_place"]
    assert relations_of(router.route("Which city is Tessa Marlow's birthplace?")) == ["born_place"]


@pytest.mark.slow
def test_where_a_thing_described_by_its_maker_lies(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Where is the school founded by Tessa Marlow's father?")) == \
        ["father", "founded", "country"]
    assert relations_of(router.route("Where is the mill built by Tessa Marlow?")) == ["mill built", "country"]
    assert relations_of(router.route("In which town is the mill owned by Tessa Marlow?")) == ["mill owned", "town"]


@pytest.mark.slow
def test_the_asked_noun_of_a_located_question_is_the_place_asked(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Which airport is Tessa Air based at?")) == ["airport"]
    assert relations_of(router.route("Which country is Tessa Air based in?")) == ["country"]


@pytest.mark.slow
def test_a_place_asked_of_the_name_itself_with_only_be_asks_where_it_lies(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Where is Tarrow Mills?")) == ["country"]
    assert relations_of(router.route("Which village is Tarrow Mills in?")) == ["village"]
    assert relations_of(router.route("In which county is Tarrow Mills?")) == ["county"]
    assert relations_of(router.route("Where is Ida Pellow from?")) == ["born_place"]  # an origin


@pytest.mark.slow
def test_a_town_asked_of_where_a_body_is_based_is_that_place_not_a_hop_after_it(spacy_nlp):
    from hopgraph.router.rules import RuleRouter
    from tests.router.test_understand import relations_of

    chain = relations_of(RuleRouter(nlp=spacy_nlp).route("Which town is the firm that Tessa Marlow joined based in?"))
    assert chain[-1] == "town" and "country" not in chain and len(chain) == 2
