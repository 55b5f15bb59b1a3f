"""Terse queries naming a bridge by its class right after a person's or an organisation's name."""

from __future__ import annotations

import pytest

from hopgraph.graph.build import KnowledgeGraph
from hopgraph.models import Entity
from hopgraph.router.lexicon import Mention, Sense
from hopgraph.router.rules import RuleRouter
from hopgraph.router.terse import compound_hops
from hopgraph.router.vocab import OPEN_BRIDGE
from tagged import toks as tagged
from tests.router.test_understand import relations_of


def route(question: str):
    ents = {0: Entity(entity_id=0, name="Ines Varga", type="PERSON"), 1: Entity(entity_id=1, name="Glass Hours",
                                                                                 type="WORK_OF_ART")}
    graph = KnowledgeGraph.from_parts(ents, [], [(0, "c#0"), (1, "c#0")], [], {"c#0": "Glass Hours"})
    return RuleRouter(graph).route(question)


def test_a_class_noun_after_a_persons_name_is_a_bridge_of_that_class():
    d = route("Ines Varga series original broadcast station")
    assert d.anchors == ["Ines Varga"] and d.shape == "bridge"
    r1, r2 = [r for r in d.requirements if r.id.startswith("R")]
    assert r1.relation == OPEN_BRIDGE and r2.depends_on == "R1"
    assert "series" not in r2.relation and "station" in r2.relation


def test_a_works_own_class_after_its_name_is_no_bridge():
    d = route("Glass Hours film director")
    assert relations_of(d) == ["director"]


def test_a_question_with_a_wh_word_is_read_by_its_grammar_instead():
    d = route("Which station first aired the Ines Varga series?")
    assert d.reason and "a series of" not in d.reason


def test_nouns_between_the_name_and_a_known_relation_are_a_hop_in_place():
    q = tagged("Kalvor/@ harbour/NOUN trust/NOUN chair/NOUN previous/ADJ employer/NOUN")
    known = [Mention(3, 4, "chair", Sense(relation="leader")), Mention(5, 6, "employer", Sense(relation="employer"))]
    assert [(m.start, m.end, m.sense.relation) for m in compound_hops(q, known, 0)] == [(1, 3, "harbour trust")]
    # a clause is no terse query; a modifier alone ("previous") is no hop
    clause = tagged("Who/PRON chairs/VERB the/DET Kalvor/@ trust/NOUN ?/PUNCT")
    assert compound_hops(clause, [Mention(1, 2, "chairs", Sense(relation="leader"))], 3) == []
    assert compound_hops(tagged("Kalvor/@ chair/NOUN previous/ADJ employer/NOUN"),
                         [Mention(1, 2, "chair", Sense(relation="leader")),
                          Mention(3, 4, "employer", Sense(relation="employer"))], 0) == []


def test_a_wh_word_or_now_closing_a_terse_query_keeps_its_hops_in_place():
    known = [Mention(3, 4, "founder", Sense(relation="founder")), Mention(4, 5, "died", Sense(relation="died_date", verb=True))]
    q = tagged("Kalvor/@ harbour/NOUN trust/NOUN founder/NOUN died/VERB when/SCONJ")
    assert [(m.start, m.end) for m in compound_hops(q, known, 0)] == [(1, 3)]
    q = tagged("Kalvor/@ harbour/NOUN trust/NOUN founder/NOUN died/VERB now/ADV")
    assert [(m.start, m.end) for m in compound_hops(q, known, 0)] == [(1, 3)]
    # a question's own clause after the last relation is no terse query
    q = tagged("Kalvor/@ harbour/NOUN trust/NOUN founder/NOUN died/VERB in/ADP which/DET town/NOUN")
    assert compound_hops(q, known, 0) == []


def test_a_class_noun_closing_a_terse_query_after_its_last_relation_is_an_open_hop():
    from hopgraph.router.lexicon import PHRASES
    from hopgraph.router.terse import trailing_class_hop

    q = tagged("Kalvor/@ founder/NOUN company/NOUN")
    founder = Mention(1, 2, "founder", PHRASES["founder"])
    (hop,) = trailing_class_hop(q, [founder], 0)
    assert (hop.start, hop.sense.relation, hop.via) == (2, "company", "open")
    assert trailing_class_hop(tagged("Kalvor/@ founder/NOUN birthplace/NOUN"), [founder], 0) == []  # no class noun
    employer = Mention(1, 2, "employer", PHRASES["employer"])  # a body's city is where it lies, read as such
    assert trailing_class_hop(tagged("Kalvor/@ employer/NOUN city/NOUN"), [employer], 0) == []
    asked = tagged("Which/DET company/NOUN did/AUX the/DET Kalvor/@ founder/NOUN start/VERB ?/PUNCT")
    assert trailing_class_hop(asked, [Mention(5, 6, "founder", PHRASES["founder"])], 4) == []  # no terse query


def test_a_class_noun_with_its_own_modifiers_closing_a_terse_query_is_one_open_hop():
    from hopgraph.router.lexicon import PHRASES
    from hopgraph.router.terse import trailing_class_hop

    founder = Mention(1, 2, "founder", PHRASES["founder"])
    (hop,) = trailing_class_hop(tagged("Kalvor/@ founder/NOUN haulage/NOUN firm/NOUN"), [founder], 0)
    assert (hop.start, hop.end, hop.sense.relation) == (2, 4, "haulage firm")
    # a verb between the relation and the class noun is a clause, not the noun's modifier
    assert trailing_class_hop(tagged("Kalvor/@ founder/NOUN runs/VERB firm/NOUN"), [founder], 0) == []


def test_a_terse_query_ending_on_a_class_noun_reads_it_as_the_last_hop():
    d = route("Ines Varga husband company")
    assert relations_of(d) == ["spouse", "company"] and d.confidence < 0.75
    d = route("Ines Varga husband haulage firm")
    assert relations_of(d) == ["spouse", "haulage firm"] and d.confidence < 0.75


@pytest.mark.slow
def test_a_dated_participle_and_an_ordinal_stay_inside_a_terse_run_of_nouns(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    appointed = router.route("Kalvor Walk centre manager appointed 2015 sister")
    assert [r.relation for r in appointed.requirements if r.id.startswith("R")] == ["centre manager", "sibling"]
    first = router.route("Ada Brook first practice senior partner birthplace")
    assert [r.relation for r in first.requirements if r.id.startswith("R")] == ["first practice senior partner",
                                                                                 "born_place"]


def test_a_gerund_before_a_noun_stays_inside_a_terse_run_of_nouns():
    q = tagged("Kalvor/@ managing/VERB partner/NOUN mother/NOUN")
    known = [Mention(3, 4, "mother", Sense(relation="mother"))]
    assert [(m.start, m.end, m.sense.relation) for m in compound_hops(q, known, 0)] == [(1, 3, "managing partner")]
    verb = tagged("Kalvor/@ managing/VERB the/DET mother/NOUN")
    assert compound_hops(verb, known, 0) == []  # a verb with its object: no run of nouns


@pytest.mark.slow
def test_a_terse_query_with_a_gerund_before_its_first_role_reads_each_hop(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Kalvor Health Partnership managing partner mother")
    assert relations_of(d) == ["managing partner", "mother"]  # (had read the partnership alone, no relation)


def test_role_nouns_no_phrase_explains_are_a_chain_in_a_terse_query():
    from hopgraph.router.terse import role_runs

    q = tagged("Kalvor/@ owner/NOUN majority/NOUN shareholder/NOUN")
    assert [(m.start, m.end, m.sense.relation) for m in role_runs(q, 0)] == [(1, 2, "owner"),
                                                                            (2, 4, "majority shareholder")]
    assert role_runs(tagged("Kalvor/@ owner/NOUN"), 0) == []  # one role: one open relation as before
    assert role_runs(tagged("Who/PRON is/AUX Kalvor/@ owner/NOUN 's/PART shareholder/NOUN ?/PUNCT"), 2) == []


@pytest.mark.slow
def test_a_terse_chain_of_open_roles_reads_each_in_turn(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Kalvor Loft owner majority shareholder")
    assert relations_of(d) == ["owner", "majority shareholder"]  # (had been one open relation of all the words)
