"""Words no lexicon phrase explains, read as relations (router/unexplained.py), on hand-tagged questions."""

from __future__ import annotations

import pytest

from hopgraph.router.rules import RuleRouter
from hopgraph.router.unexplained import by_meaning, open_mentions
from tests.router.tagged import mention_at, toks
from tests.router.test_understand import relations_of


def test_a_run_near_a_relation_in_meaning_is_that_relation():
    ts = toks("Who/PRON is/AUX the/DET helmer/NOUN of/ADP Kalvor/@ ?/PUNCT")
    found = by_meaning(ts, [], {0}, lambda text: "director" if text == "helmer" else None)
    assert [(m.text, m.sense.relation, m.via) for m in found] == [("helmer", "director", "meaning")]
    assert by_meaning(ts, [], {0}, None) == []  # no meaning model: nothing matched


def test_an_agent_noun_near_a_relation_whose_answer_is_no_person_stays_open():
    ts = toks("Who/PRON is/AUX the/DET winner/NOUN of/ADP Kalvor/@ ?/PUNCT")
    found = by_meaning(ts, [], {0}, lambda text: "award")
    assert [(m.sense.relation, m.via) for m in found] == [("winner", "open")]


def test_a_lone_verb_is_matched_by_its_lemma():
    ts = toks("Where/ADV was/AUX Kalvor/@ living/VERB in/ADP 2010/NUM ?/PUNCT")
    ts[3].lemma = "live"
    asked: list[str] = []
    by_meaning(ts, [], {0}, lambda text: asked.append(text))  # ("living" is near "make a living" in meaning)
    assert asked == ["live"]


def test_a_verb_whose_particle_changes_its_meaning_is_not_matched():
    ts = toks("Which/DET film/NOUN is/AUX based/VERB on/ADP Kalvor/@ ?/PUNCT")
    for t in ts:
        t.lemma = {"based": "base"}.get(t.lower, t.lemma)
    assert by_meaning(ts, [], {0, 1}, lambda text: "country") == []


def test_a_phrasal_verb_beside_another_particles_phrase_is_not_matched():
    ts = toks("Which/DET firm/NOUN brought/VERB out/ADP Kalvor/@ ?/PUNCT")
    ts[2].lemma = "bring"
    assert by_meaning(ts, [], {0, 1}, lambda text: "raised_place") == []  # "brought out" is no "bring up"
    ts = toks("Which/DET firm/NOUN brought/VERB Kalvor/@ ?/PUNCT")
    ts[2].lemma = "bring"
    assert by_meaning(ts, [], {0, 1}, lambda text: "publisher") != []  # the verb alone is matched


def test_a_post_of_its_own_is_no_leader_by_meaning():
    ts = toks("Who/PRON supervised/VERB the/DET doctorate/NOUN of/ADP Kalvor's/@ chief/ADJ technology/NOUN "
              "officer/NOUN ?/PUNCT")
    found = by_meaning(ts, [], {0}, lambda text: "leader" if "officer" in text else None)
    assert not any(m.sense.relation == "leader" for m in found)  # a chief technology officer heads nothing


def test_a_noun_heading_a_names_own_phrase_is_an_open_relation():
    ts = toks("Where/ADV did/AUX the/DET conductor/NOUN of/ADP Kalvor/@ train/VERB ?/PUNCT")
    known = by_meaning(ts, [], {0}, lambda text: "education" if text == "train" else None)
    found = open_mentions(ts, known, {0})
    assert [(m.text, m.sense.relation) for m in found] == [("conductor", "conductor")]
    assert open_mentions(ts, [], {0}) == []  # with no known relation the question is an open bridge instead
    # a word saying which one comes between the possessive and its noun
    ts = toks("Where/ADV was/AUX Kalvor's/@ first/ADJ curator/NOUN born/VERB ?/PUNCT")
    known = [mention_at(ts, 5)]  # "born"
    assert [(m.text, m.sense.relation) for m in open_mentions(ts, known, {0})] == [("curator", "curator")]


def test_the_noun_of_a_verb_naming_another_thing_is_no_relation_by_meaning():
    ts = toks("Who/PRON built/VERB the/DET trains/NOUN for/ADP Kalvor/@ ?/PUNCT")
    ts[3].lemma = "train"
    assert by_meaning(ts, [], {0}, lambda text: "education" if text == "trains" else None) == []
    ts = toks("Who/PRON built/VERB Kalvor's/@ airport/NOUN trains/NOUN ?/PUNCT")  # the head of a compound too
    ts[4].lemma = "train"
    assert by_meaning(ts, [], {0}, lambda text: "education" if "trains" in text else None) == []
    ts = toks("Where/ADV did/AUX Kalvor/@ train/VERB ?/PUNCT")  # the verb still is
    assert [m.sense.relation for m in by_meaning(ts, [], {0}, lambda text: "education")] == ["education"]


def test_a_noun_qualifying_a_class_noun_is_no_relation_by_meaning():
    ts = toks("Who/PRON was/AUX master/NOUN of/ADP the/DET village/NOUN school/NOUN where/ADV Kalvor/@ taught/VERB ?/PUNCT")
    near = lambda text: "born_place" if text == "village" else None  # noqa: E731 (an embedding's guess)
    assert all(m.sense.relation != "born_place" for m in by_meaning(ts, [], {0}, near))


def test_home_is_no_relation_by_meaning():
    q = toks("Where/SCONJ is/AUX the/DET home/NOUN of/ADP Kalvor/@ ?/PUNCT")
    assert by_meaning(q, [], {0}, lambda text: "born_place") == []  # a club's ground, a firm's base or a birthplace
    q = toks("Where/SCONJ is/AUX the/DET birthplace/NOUN of/ADP Kalvor/@ ?/PUNCT")
    assert by_meaning(q, [], {0}, lambda text: "born_place") != []


def test_a_successor_is_no_relation_by_meaning_however_near_leader():
    q = toks("Who/PRON was/AUX Kalvor/@ predecessor/NOUN as/ADP headteacher/NOUN ?/PUNCT")
    got = by_meaning(q, [], {0}, lambda text: "leader")
    assert all(m.sense.relation != "leader" for m in got)
    assert by_meaning(toks("Who/PRON is/AUX Kalvor/@ headteacher/NOUN ?/PUNCT"), [], {0}, lambda text: "leader")


def test_a_rank_before_a_relation_noun_is_no_word_of_its_own():
    from hopgraph.router.lexicon import PHRASES, Mention
    from hopgraph.router.open_words import open_words

    q = toks("Who/PRON was/AUX the/DET chief/ADJ designer/NOUN of/ADP Kalvor/@ ?/PUNCT")
    designer = Mention(4, 5, "designer", PHRASES["designer"])
    assert by_meaning(q, [designer], {0}, lambda text: "leader") == []
    assert [t.lower for t in open_words(q, [designer], {0})] == []


def test_the_asked_noun_after_which_is_no_maker_by_meaning():
    q = toks("What/PRON building/NOUN is/AUX Kalvor/@ in/ADP ?/PUNCT")
    assert by_meaning(q, [], {0}, lambda text: "maker") == []  # the kind of thing asked, not who built it
    assert by_meaning(q, [], {0}, lambda text: "occupation")  # another relation by meaning stands


def test_a_noun_of_a_name_may_carry_modifiers_after_its_article():
    from hopgraph.router.unexplained import _noun_of_name
    from tests.router.test_filler import toks

    q = toks("the/DET June/PROPN 2021/NUM fork/NOUN of/ADP Kalvor/X")
    assert _noun_of_name(q, 3)
    assert _noun_of_name(toks("the/DET new/ADJ fork/NOUN of/ADP Kalvor/X"), 2)
    assert not _noun_of_name(toks("Kalvor/X fork/NOUN of/ADP Kalvor/X"), 1)  # no article opens it


@pytest.mark.slow
@pytest.mark.parametrize("question", ["Where was the man who became Kalvor commodore in 2016 born?",
                                      "Where was the woman who was made Brenmark warden in 2019 born?"])
def test_a_post_after_a_name_that_a_verb_makes_someone_is_the_first_hop(spacy_nlp, question):
    got = RuleRouter(nlp=spacy_nlp).route(question)
    assert [r.relation for r in got.requirements if r.id.startswith("R")][-1] == "born_place"
    assert [r.relation for r in got.requirements if r.id.startswith("R")][0] in ("commodore", "warden")


@pytest.mark.slow
@pytest.mark.parametrize("question", [
    "Where was the husband of the woman who became treasurer of the Kalvor Trust born?",
    "The woman who became secretary of the Kalvor Trust in 2010 - where was her husband born?"])
def test_a_post_without_an_article_after_became_is_a_hop_of_its_own(spacy_nlp, question):
    got = RuleRouter(nlp=spacy_nlp).route(question)
    assert relations_of(got)[1:] == ["spouse", "born_place"]  # the post's holder first, not the trust's spouse
    assert relations_of(got)[0] in ("treasurer", "secretary") and got.anchors == ["Kalvor Trust"]


@pytest.mark.slow
@pytest.mark.parametrize("question", ["Where was the husband of Kalvor Trust's secretary born?",
                                      "Where was the husband of Kalvor Trust's first secretary born?"])
def test_a_post_after_a_names_possessive_is_its_first_hop_beside_two_known_relations(spacy_nlp, question):
    assert relations_of(RuleRouter(nlp=spacy_nlp).route(question)) == ["secretary", "spouse", "born_place"]


def test_a_compound_after_a_names_possessive_is_no_post_of_its_own():
    from hopgraph.router.unexplained import _post_of_a_name

    ts = toks("the/DET husband/NOUN of/ADP Kalvor's/@ shirt/NOUN sponsor/NOUN")
    assert not _post_of_a_name(ts, ts[4:6])  # "X's shirt sponsor": one thing of X, not a shirt then its sponsor
    own = toks("the/DET husband/NOUN of/ADP Kalvor's/@ secretary/NOUN")
    assert _post_of_a_name(own, own[4:5])


def test_a_noun_whose_of_phrase_a_clause_describes_asks_a_fact_of_what_the_clause_reaches():
    ts = toks("Who/PRON is/AUX the/DET owner/NOUN of/ADP the/DET mill/NOUN Kalvor's/@ father/NOUN built/VERB ?/PUNCT")
    ts[9].lemma = "build"
    known = [mention_at(ts, 8), mention_at(ts, 9)]
    assert [(m.text, m.sense.relation) for m in open_mentions(ts, known, {0}, of_name_only=True)] == [("owner", "owner")]
    titled = toks("What/PRON is/AUX the/DET title/NOUN of/ADP the/DET book/NOUN Kalvor's/@ father/NOUN wrote/VERB ?/PUNCT")
    titled[9].lemma = "write"
    known = [mention_at(titled, 8), mention_at(titled, 9)]
    assert open_mentions(titled, known, {0}, of_name_only=True) == []  # the book's own title, no hop


@pytest.mark.slow
@pytest.mark.parametrize("question, relations", [
    ("Who is the owner of the mill Ada Brook's father built?", ["father", "build", "owner"]),
    ("Who is the current owner of the mill that Ada Brook's father built?", ["father", "build", "owner"]),
    ("What is the address of the shop Tom Reed's son opened?", ["child", "founded", "address"]),
])
def test_the_noun_of_a_described_thing_is_the_last_hop(question, relations, spacy_nlp):
    assert relations_of(RuleRouter(nlp=spacy_nlp).route(question)) == relations
