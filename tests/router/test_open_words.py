"""The words nothing explains, what an open relation is made of (router/open_words.py)."""

from __future__ import annotations

import pytest

from hopgraph.router.lexicon import Mention, Sense
from hopgraph.router.open_words import open_words
from tests.router.test_filler import toks


def test_the_askers_own_people_are_no_open_relation_either():
    q = toks("My/PRON dad/NOUN says/VERB Kalvor/@ is/AUX older/ADJ than/ADP Brenmark/@ ./PUNCT")
    assert "dad" not in [t.lower for t in open_words(q, [], set())]
    theirs = toks("Kalvor/@ 's/PART dad/NOUN is/AUX older/ADJ than/ADP Brenmark/@ ./PUNCT")
    assert "dad" in [t.lower for t in open_words(theirs, [], set())]


def test_a_class_label_in_apposition_is_explained_by_the_name_after_it():
    q = toks("Which/DET trust/NOUN does/AUX the/DET former/ADJ Kalvor/X boss/NOUN Brenmark/X chair/VERB ?/PUNCT")
    q[7].anchor = 1
    assert "boss" not in [t.lower for t in open_words(q, [], {0, 1})]
    owned = toks("Who/PRON is/AUX Kalvor/X boss/NOUN ?/PUNCT")  # no name after it: the relation asked
    assert "boss" in [t.lower for t in open_words(owned, [], {0})]
    possessive = toks("When/SCONJ was/AUX the/DET last/ADJ time/NOUN Kalvor/X team/NOUN won/VERB ?/PUNCT")
    possessive[5].possessive = True  # "the last time X's team won": no apposition
    assert "time" in [t.lower for t in open_words(possessive, [], {0})]


def test_a_label_after_a_possessive_name_is_in_apposition_with_the_name_after_it():
    q = toks("Where/SCONJ was/AUX Kalvor/X late/ADJ founder/NOUN Brenmark/X born/VERB ?/PUNCT")
    q[2].possessive, q[5].anchor = True, 1
    assert [t.lower for t in open_words(q, [], {0})] == ["born"]  # neither "founder" nor "late" is a hop
    none_after = toks("Where/SCONJ was/AUX Kalvor/X late/ADJ founder/NOUN born/VERB ?/PUNCT")
    none_after[2].possessive = True  # "X's late founder": the founder is the hop
    assert "founder" in [t.lower for t in open_words(none_after, [], {0})]


def test_used_to_only_says_a_fact_is_past():
    q = toks("Where/SCONJ did/AUX Kalvor/X use/VERB to/PART work/VERB ?/PUNCT")
    assert "use" not in [t.lower for t in open_words(q, [], set())]


def test_a_phrasal_verbs_particle_stays_with_its_verb():
    from tests.router.tagged import toks as tagged

    t = tagged("Who/PRON took/VERB over/ADP from/ADP @/@ ?/PUNCT")
    assert [x.lower for x in open_words(t, [], {0})] == ["took", "over"]
    # a preposition after a noun is none
    t = tagged("Who/PRON flew/VERB the/DET plane/NOUN over/ADP @/@ ?/PUNCT")
    assert "over" not in [x.lower for x in open_words(t, [], {0})]


def test_a_season_that_only_says_when_is_no_open_word_but_one_that_qualifies_a_noun_is():
    from tagged import toks as tagged_toks

    q = tagged_toks("Who/PRON wrote/VERB the/DET play/NOUN staged/VERB by/ADP Kalvor/@ last/ADJ spring/NOUN ?/PUNCT")
    assert "spring" not in [t.lower for t in open_words(q, [], {0})]
    q = tagged_toks("When/SCONJ does/AUX the/DET Kalvor/@ winter/NOUN timetable/NOUN start/VERB ?/PUNCT")
    assert "winter" in [t.lower for t in open_words(q, [], {0})]


def test_a_co_operative_is_a_kind_of_organisation_not_an_open_relation():
    from tagged import toks as tagged

    for kind in ("co-op", "co-operative", "cooperative", "company"):
        q = tagged(f"Who/PRON founded/VERB the/DET Kalvor/@ {kind}/NOUN ?/PUNCT")
        assert kind not in [t.lower for t in open_words(q, [], {0})], kind


def test_the_verb_of_a_claim_someone_makes_to_the_asker_is_no_open_word():
    from tests.router.tagged import toks as tagged

    q = tagged("My/PRON boss/NOUN reckons/VERB Kalvor/@ won/VERB the/DET grant/NOUN ./PUNCT")
    assert "reckons" not in [t.lower for t in open_words(q, [], set())]
    said = tagged("A/DET friend/NOUN says/VERB Kalvor/@ grew/VERB up/ADP in/ADP Tesmir/@ ./PUNCT")
    assert "says" not in [t.lower for t in open_words(said, [], set())]
    own = tagged("What/PRON did/AUX Kalvor/@ say/VERB about/ADP Tesmir/@ ?/PUNCT")  # what a named person said
    assert "say" in [t.lower for t in open_words(own, [], {0})]


def test_a_participle_dating_a_post_is_no_relation_of_its_own():
    from hopgraph.router.lexicon import Mention, Sense

    chair = [Mention(1, 2, "chair", Sense(relation="leader"))]
    dated = toks("Kalvor/X chair/NOUN elected:elect/VERB 2022/NUM")
    assert "elected" not in [t.lower for t in open_words(dated, chair, set())]
    # without a year it may be what is asked of the post ("X chair elected how"), and not after a relation noun
    # it is a relation ("Kalvor opened 2022")
    assert "elected" in [t.lower for t in open_words(toks("Kalvor/X chair/NOUN elected:elect/VERB"), chair, set())]
    assert "opened" in [t.lower for t in open_words(toks("Kalvor/X opened:open/VERB 2022/NUM"), [], set())]


def test_what_the_asker_did_is_no_relation_of_a_named_entity():
    q = toks("We/PRON moved:move/VERB to/ADP Kalvor/X last/ADJ year/NOUN ./PUNCT")
    assert "moved" not in [t.lower for t in open_words(q, [], set())]
    theirs = toks("Brenmark/X moved:move/VERB to/ADP Kalvor/X ./PUNCT")
    theirs[3].anchor = 1
    assert "moved" in [t.lower for t in open_words(theirs, [], set())]


def test_at_the_time_says_when_and_is_no_relation():
    from tagged import toks

    from hopgraph.router.open_words import open_words

    q = toks("Who/PRON owned/VERB the/DET bakery/NOUN at/ADP the/DET time/NOUN ?/PUNCT")
    assert "time" not in [t.lower for t in open_words(q, [], {0})]
    q = toks("Who/PRON led/VERB Kalvor/@ at/ADP that/DET time/NOUN ?/PUNCT")
    assert "time" not in [t.lower for t in open_words(q, [], {0})]
    q = toks("What/PRON was/AUX the/DET winning/ADJ time/NOUN of/ADP Kalvor/@ ?/PUNCT")
    assert "time" in [t.lower for t in open_words(q, [], {0})]  # a race's time is a fact


def test_a_noun_saying_what_someone_is_is_no_relation():
    from tagged import toks

    from hopgraph.router.open_words import open_words

    q = toks("His/PRON sister/NOUN is/AUX a/DET painter/NOUN as/ADV well/ADV ./PUNCT")
    q[2].lemma = "be"
    assert [t.lower for t in open_words(q, [], set())] == ["sister"]
    q = toks("the/DET country/NOUN in/ADP which/DET Kalvor/@ is/AUX a/DET citizen/NOUN")
    q[5].lemma = "be"
    assert "citizen" in [t.lower for t in open_words(q, [], set())]  # of the country the clause is on


def test_a_month_or_an_event_that_dates_something_is_no_open_word():
    words = lambda spec: [t.lower for t in open_words(toks(spec), [], {0})]  # noqa: E731
    assert "april" not in words("Who/PRON took/VERB charge/NOUN of/ADP Kalvor/@ in/ADP April/PROPN 2024/NUM ?/PUNCT")
    assert "move" not in words("Where/ADV is/AUX Kalvor/@ based/VERB since/SCONJ its/PRON 2023/NUM move/NOUN ?/PUNCT")
    # the modal "may" is no month, and a move that is not dated is a word of the question
    assert "move" in words("Who/PRON planned/VERB the/DET move/NOUN of/ADP Kalvor/@ ?/PUNCT")


def test_a_noun_saying_which_kind_of_a_class_noun_is_no_open_word():
    q = toks("Who/PRON set/VERB up/ADP the/DET cookery/NOUN school/NOUN Kalvor/@ attended/VERB ?/PUNCT")
    assert "cookery" not in [t.lower for t in open_words(q, [], {0})]
    # before a participle, the words qualify the participle's clause ("the rowing club funded by X")
    q = toks("Who/PRON chairs/VERB the/DET rowing/NOUN club/NOUN funded/VERB by/ADP Kalvor/@ ?/PUNCT")
    assert "rowing" in [t.lower for t in open_words(q, [], {0})]


def test_originally_only_says_when():
    q = toks("When/ADV was/AUX the/DET company/NOUN Kalvor/@ bought/VERB originally/ADV set/VERB up/ADP ?/PUNCT")
    assert "originally" not in [t.lower for t in open_words(q, [], {0})]


def test_a_noun_before_a_time_noun_names_the_event_it_dates_not_a_kind_of_year():
    from tagged import toks as tagged

    q = tagged("Kalvor/@ founder/NOUN workplace/NOUN closure/NOUN year/NOUN")
    assert "closure" in [t.lower for t in open_words(q, [], set())]
    q = tagged("Who/PRON founded/VERB the/DET Kalvor/@ cookery/NOUN school/NOUN ?/PUNCT")
    assert "cookery" not in [t.lower for t in open_words(q, [], {0})]  # a kind of school


def test_go_asked_with_where_and_only_a_time_after_it_is_where_someone_moved():
    went = toks("Where/ADV did/AUX Kalvor/X go:go/VERB in/ADP 2020/NUM ?/PUNCT")
    assert [t.text for t in open_words(went, [], set())] == ["go"]
    went_on = toks("Where/ADV did/AUX Kalvor/X go:go/VERB on/ADP to/PART work:work/VERB ?/PUNCT")
    assert "go" not in [t.text for t in open_words(went_on, [], set())]
    got = toks("What/PRON did/AUX Kalvor/X get:get/VERB in/ADP 2020/NUM ?/PUNCT")
    assert "get" not in [t.text for t in open_words(got, [], set())]


def test_a_light_verb_closing_a_what_do_question_asks_its_object():
    made = toks("What/PRON did/AUX the/DET firm/NOUN Kalvor/X founded:found/VERB make:make/VERB ?/PUNCT")
    assert "make" in [t.text for t in open_words(made, [], set())]  # its products: a fact of its own
    done = toks("Who/PRON did/AUX Kalvor/X make:make/VERB ?/PUNCT")
    assert "make" not in [t.text for t in open_words(done, [], set())]


def _open_after_possessive(words: str, mention: Mention) -> list[str]:
    """The open words of a tagged question whose third token is a possessive name ("Kalvor's")."""
    t = toks(words)
    t[2].possessive = True
    return [w.text for w in open_words(t, [mention], set())]


def test_adjectives_between_a_possessive_and_a_relation_noun_say_which_one():
    post = Mention(4, 6, "finance director", Sense(relation="finance director"), via="open")
    assert "new" not in _open_after_possessive(
        "Where/ADV was/AUX Kalvor/X new/ADJ finance/NOUN director/NOUN born/VERB ?/PUNCT", post)
    post = Mention(5, 7, "harbour master", Sense(relation="harbour master"), via="open")
    assert not {"first", "female"} & set(_open_after_possessive(
        "Where/ADV was/AUX Kalvor/X first/ADJ female/ADJ harbour/NOUN master/NOUN born/VERB ?/PUNCT", post))
    t = toks("Who/PRON was/AUX the/DET longest-serving/ADV head/NOUN of/ADP Kalvor/X ?/PUNCT")
    post = Mention(4, 5, "head", Sense(relation="leader"), via="lexicon")  # after an article, adverbs too
    assert "longest-serving" not in [w.text for w in open_words(t, [post], set())]
    loose = toks("Was/AUX Kalvor/X happy/ADJ ?/PUNCT")  # no relation noun after it: left to the reading
    assert "happy" in [w.text for w in open_words(loose, [], set())]


def test_an_ordinal_before_a_relation_noun_or_after_a_verb_says_which_one():
    post = Mention(4, 5, "chair", Sense(relation="leader"), via="lexicon")
    assert "second" not in _open_after_possessive("Who/PRON was/AUX Kalvor/X second/ADJ chair/NOUN ?/PUNCT", post)
    t = toks("Which/DET firm/NOUN did/AUX Kalvor/X found:found/VERB second/ADV ?/PUNCT")
    founded = Mention(4, 5, "found", Sense(relation="founded", verb=True), via="open")
    assert "second" not in [w.text for w in open_words(t, [founded], set())]
    alone = toks("Who/PRON came/VERB second/ADV at/ADP Kalvor/X ?/PUNCT")  # no relation beside it
    assert "second" in [w.text for w in open_words(alone, [], set())]


def test_what_happened_to_something_is_a_fact_of_its_own():
    for words in ("What/PRON happened:happen/VERB to/ADP Kalvor/X ?/PUNCT",
                  "What/PRON has/AUX become:become/VERB of/ADP Kalvor/X ?/PUNCT"):
        assert [w.text for w in open_words(toks(words), [], {0})] in (["happened"], ["become"])
    wrapped = toks("Do/AUX you/PRON happen:happen/VERB to/PART know/VERB who/PRON founded/VERB Kalvor/X ?/PUNCT")
    assert "happen" not in [w.text for w in open_words(wrapped, [], {5})]


@pytest.mark.slow
def test_a_question_about_what_befell_a_described_thing_reads_it_unsure(spacy_nlp):
    from hopgraph.router.rules import RuleRouter
    from hopgraph.router.understand import CONFIDENT
    from tests.router.test_understand import relations_of

    router = RuleRouter(nlp=spacy_nlp)
    d = router.route("What happened to the firm Tom Reed founded?")
    assert relations_of(d) == ["founded", "happened"] and d.confidence < CONFIDENT  # not the firm alone
    assert relations_of(router.route("Who was Kalvor's second chair?")) == ["leader"]


def test_an_askers_contraction_is_no_name_and_back_then_only_says_when():
    from hopgraph.router.open_words import is_function_phrase

    assert is_function_phrase("We're") and is_function_phrase("They've")
    assert not is_function_phrase("It'll Be Me")  # a title may open with one
    q = toks("Who/PRON was/AUX the/DET Kalvor/X chair/NOUN back/ADV then/ADV ?/PUNCT")
    assert "back" not in [w.text for w in open_words(q, [], {0})]
    came = toks("Who/PRON came/VERB back/ADV to/ADP Kalvor/X ?/PUNCT")
    assert "back" in [w.text for w in open_words(came, [], {0})]


@pytest.mark.slow
@pytest.mark.parametrize("question, relations", [
    ("Can you remind me who took over from Tessa Marlow as treasurer?", ["successor"]),
    ("Could you remind me where Tessa Marlow was born?", ["born_place"]),
    ("Any chance you could check who founded Corvane Optics?", ["founder"]),
    ("Would you mind telling me who founded Corvane Optics?", ["founder"]),
])
def test_the_askers_request_is_no_relation(question, relations, spacy_nlp):
    from hopgraph.router.rules import RuleRouter
    from tests.router.test_understand import relations_of

    assert relations_of(RuleRouter(nlp=spacy_nlp).route(question)) == relations


@pytest.mark.slow
def test_a_time_adjective_before_a_relation_noun_in_a_terse_query_is_no_hop(spacy_nlp):
    from hopgraph.router.rules import RuleRouter
    d = RuleRouter(nlp=spacy_nlp).route("Ada Brook new employer founder")
    assert [r.relation for r in d.requirements if r.id.startswith("R")] == ["employer", "founder"]


def test_an_adjective_between_a_name_and_its_relation_noun_says_which_one():
    q = toks("Kalvor/X executive/ADJ director/NOUN husband/NOUN")
    director = Mention(2, 3, "director", Sense(relation="director"))
    assert "executive" not in [t.lower for t in open_words(q, [director], set())]
    met = toks("Who/PRON met/VERB executive/ADJ director/NOUN Kalvor/X ?/PUNCT")
    director = Mention(3, 4, "director", Sense(relation="director"))
    assert "executive" in [t.lower for t in open_words(met, [director], {0})]  # no name, owner or article before


def test_an_adverb_of_later_time_is_no_open_word():
    q = toks("Where/SCONJ did/AUX Kalvor/X work/VERB afterwards/ADV ?/PUNCT")
    assert "afterwards" not in [t.lower for t in open_words(q, [], {0})]
    nxt = toks("Where/SCONJ did/AUX Kalvor/X work/VERB next/ADV ?/PUNCT")
    assert "next" not in [t.lower for t in open_words(nxt, [], {0})]
    chair = toks("Who/PRON was/AUX the/DET next/ADJ chair/NOUN of/ADP Kalvor/X ?/PUNCT")
    assert "next" in [t.lower for t in open_words(chair, [], {0})]  # an adjective says which one, read elsewhere
