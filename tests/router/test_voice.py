"""Verbs read backwards: the question names the argument the vocabulary relation does not start from."""

import pytest

from hopgraph.router.lexicon import PHRASES, Mention
from hopgraph.router.tokens import Tok
from hopgraph.router.rules import RuleRouter
from hopgraph.router.voice import is_inverse, is_passive, names_the_giver
from tests.router.test_understand import relations_of


def toks(*words: str) -> list[Tok]:
    """Tokens; a word starting with '@' stands for a named entity."""
    out = []
    for i, w in enumerate(words):
        named = w.startswith("@")
        text = w.lstrip("@")
        out.append(Tok(i, text, text.lower(), text.lower(), "PROPN" if named else "", 0 if named else -1))
    return out


def verb(ts: list[Tok], at: int, phrase: str) -> Mention:
    return Mention(at, at + 1, ts[at].text, PHRASES[phrase])


def test_a_named_object_of_a_subject_verb_is_inverse():
    ts = toks("who", "won", "the", "@Brell Cup")
    assert is_inverse(ts, verb(ts, 1, "win"))


def test_a_named_subject_of_a_subject_verb_reads_forward():
    ts = toks("which", "prize", "did", "@Ona Vey", "win", "at", "the", "@Tarn Fair")
    assert not is_inverse(ts, verb(ts, 4, "win"))


def test_a_named_subject_of_an_answer_verb_is_inverse():
    ts = toks("which", "film", "did", "@Ona Vey", "direct")
    assert is_inverse(ts, verb(ts, 4, "direct"))


def test_an_object_asked_in_place_reads_an_answer_verb_backwards():
    ts = toks("@Ona Vey", "founded", "which", "festival")  # what she founded, not who founded her
    assert is_inverse(ts, verb(ts, 1, "found"))
    ts = toks("who", "founded", "which", "festival")  # a subject wh-word: the founder is asked
    assert not is_inverse(ts, verb(ts, 1, "found"))


def test_a_named_object_of_an_answer_verb_reads_forward():
    ts = toks("who", "directed", "@Low Tide")
    assert not is_inverse(ts, verb(ts, 1, "direct"))


def test_passive_with_an_unnamed_agent_reads_forward():
    ts = toks("were", "@Low Tide", "and", "@Ash Road", "directed", "by", "people", "from", "one", "country")
    assert is_passive(ts, verb(ts, 4, "direct")) and not is_inverse(ts, verb(ts, 4, "direct"))


def test_a_name_in_another_clause_does_not_count():
    ts = toks("who", "won", "the", "race", "that", "@Ona Vey", "organised")
    assert not is_inverse(ts, verb(ts, 1, "win"))


def test_symmetric_verbs_are_never_inverse():
    ts = toks("who", "married", "@Ona Vey")
    assert not is_inverse(ts, verb(ts, 1, "marry"))


def test_a_name_in_the_agent_phrase_of_a_subject_verb_reads_forward():
    ts = toks("the", "school", "attended", "by", "the", "son", "of", "@Ona Vey")
    assert not is_inverse(ts, verb(ts, 2, "attend"))
    # the same verb with the name as its object is still read backwards
    ts = toks("who", "attended", "the", "@Tarn Academy")
    assert is_inverse(ts, verb(ts, 1, "attend"))


def test_an_answer_verb_with_a_definite_agent_reads_from_the_agent():
    ts = toks("who", "spoke", "at", "the", "conference", "run", "by", "the", "@Tarn Society")
    assert is_inverse(ts, verb(ts, 5, "run"))
    ts = toks("the", "memoir", "written", "by", "the", "founder", "of", "@Brell Works")
    assert is_inverse(ts, verb(ts, 2, "write"))


def test_an_indefinite_agent_is_the_answer_asked_for():
    ts = toks("@Low Tide", "was", "directed", "by", "someone", "from", "which", "country")
    assert not is_inverse(ts, verb(ts, 2, "direct"))
    ts = toks("the", "album", "was", "produced", "by", "a", "man", "born", "when")
    assert not is_inverse(ts, verb(ts, 3, "produce"))


def test_award_in_the_active_voice_names_the_giver():
    ts = toks("the", "council", "that", "awarded", "the", "grant", "for", "the", "@Brell Ship")
    assert names_the_giver(ts, verb(ts, 3, "award"))
    ts = toks("what", "medal", "was", "that", "person", "awarded")
    assert not names_the_giver(ts, verb(ts, 5, "award"))  # a question's passive: the person won it


def test_the_last_verb_of_a_wh_question_with_do_has_the_described_subject_as_agent():
    """ "In which studio did the band that won X record its album?": the band recorded; the answer is no agent."""
    from hopgraph.router.voice import asked_with_do
    from tagged import toks as tagged

    ts = tagged("in/ADP which/DET studio/NOUN did/AUX the/DET band/NOUN that/PRON won/VERB the/DET Kalvor/@ "
                "record/VERB its/PRON first/ADJ album/NOUN ?/PUNCT")
    assert asked_with_do(ts, verb(ts, 10, "record")) and is_inverse(ts, verb(ts, 10, "record"))


def test_the_verb_of_a_relative_clause_after_do_is_not_the_question_s_own():
    from hopgraph.router.voice import asked_with_do
    from tagged import toks as tagged

    ts = tagged("where/SCONJ did/AUX the/DET woman/NOUN who/PRON founded/VERB Kalvor/@ study/NOUN ?/PUNCT")
    assert not asked_with_do(ts, verb(ts, 5, "found"))
    ts = tagged("what/PRON company/NOUN did/AUX Kalvor/@ leave/VERB for/ADP ,/PUNCT and/CCONJ where/SCONJ was/AUX it/PRON "
                "founded/VERB ?/PUNCT")
    assert not asked_with_do(ts, verb(ts, 11, "found"))  # another clause, passive
    ts = tagged("when/SCONJ did/AUX the/DET father/NOUN of/ADP Kalvor/@ start/VERB working/VERB there/ADV ?/PUNCT")
    assert not asked_with_do(ts, verb(ts, 6, "start"))  # "start working": no founding


def test_what_a_described_subject_made_is_asked_backwards():
    # "Which charity did Kalvor's husband set up?": the charity he set up, not the charity's founder
    from tests.router.tagged import toks as tagged

    ts = tagged("Which/DET charity/NOUN did/AUX @'s/PROPN husband/NOUN set/VERB up/ADP ?/PUNCT")
    set_up = Mention(5, 7, "set up", PHRASES["found"])
    assert is_inverse(ts, set_up)
    # a verb of no fixed agent ("release": the label or the band) reads backwards when a thing is asked of it
    what = tagged("Which/DET album/NOUN did/AUX @'s/PROPN label/NOUN release/VERB ?/PUNCT")
    assert is_inverse(what, Mention(5, 6, "release", PHRASES["release"]))
    # asked when, the date of the release is read forward
    when = tagged("When/ADV did/AUX @'s/PROPN label/NOUN release/VERB the/DET album/NOUN ?/PUNCT")
    assert not is_inverse(when, Mention(4, 5, "release", PHRASES["release"]))


def test_be_before_the_and_a_name_makes_the_verb_passive():
    from tagged import mention_at
    from tests.router.test_filler import toks as lemma_toks

    q = lemma_toks("When/SCONJ was:be/AUX the/DET Kalvor/X founded:found/VERB ?/PUNCT")
    assert is_passive(q, mention_at(q, 4))
    q = lemma_toks("Which/DET firm/NOUN did/AUX the/DET Kalvor/X found/VERB ?/PUNCT")
    assert not is_passive(q, mention_at(q, 5))


@pytest.mark.slow
def test_when_the_named_thing_was_made_asks_its_date(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("When was the Tarrow Mills founded?")) == ["release_date"]


@pytest.mark.slow
def test_a_possessed_subject_of_a_relative_clause_reads_its_verb_backwards(spacy_nlp):
    got = relations_of(RuleRouter(nlp=spacy_nlp).route("Who leads the company that Ida Pellow's husband founded?"))
    assert got[0] == "spouse" and got[-1] == "leader" and "founder" not in got  # what he founded, not his founder



@pytest.mark.slow
@pytest.mark.parametrize("question, relations", [
    ("Who succeeded Odell Mills?", ["successor"]),
    ("Who did Odell Mills succeed?", ["predecessor"]),
    ("Who took over from Odell Mills as treasurer?", ["successor"]),
    ("Who took the place of Odell Mills as treasurer?", ["successor"]),
    ("Which firm took the place of Odell Mills's bakery?", ["bakery", "successor"]),
    ("Where was the woman Odell Mills replaced as head of the choir born?", ["predecessor", "born_place"]),
    ("Who is the husband of Odell Mills's predecessor?", ["predecessor", "spouse"]),
])
def test_a_verb_of_succession_read_backwards_names_the_reverse_relation(question, relations, spacy_nlp):
    assert relations_of(RuleRouter(nlp=spacy_nlp).route(question)) == relations


@pytest.mark.slow
@pytest.mark.parametrize("question, relations", [
    ("Who chairs the company Odell Mills set up?", ["founded", "leader"]),
    ("What did Odell Mills found?", ["founded"]),
    ("Who founded the choir Odell Mills sings in?", ["founder"]),  # forwards: the choir's founder
])
def test_a_verb_of_founding_read_backwards_names_what_was_founded(question, relations, spacy_nlp):
    got = relations_of(RuleRouter(nlp=spacy_nlp).route(question))
    assert got[-len(relations):] == relations if relations == ["founder"] else got == relations


def test_a_name_after_a_relative_clause_verb_on_a_noun_is_not_its_subject():
    from hopgraph.router.voice import headed_clause

    ts = toks("who", "produced", "the", "album", "that", "won", "the", "top", "prize", "at", "the", "@Kalvor Awards")
    ts[3].pos = ts[8].pos = "NOUN"
    assert headed_clause(ts, verb(ts, 5, "win")) and is_inverse(ts, verb(ts, 5, "win"))
    ts = toks("which", "prize", "did", "@Kalvor", "win")
    assert not headed_clause(ts, verb(ts, 4, "win"))


def test_a_post_whose_of_has_no_object_in_a_clause_on_a_noun_runs_from_that_noun():
    from hopgraph.router.lexicon import Sense
    from hopgraph.router.voice import stranded_of
    from tests.router.test_filler import toks

    chair = Sense(relation="leader")
    q = toks("Where/ADV is/AUX the/DET club/NOUN that/PRON Kalvor/X was:be/AUX chairman/NOUN of/ADP based/VERB ?/PUNCT")
    assert stranded_of(q, Mention(7, 8, "chairman", chair))  # the club Kalvor chairs
    reduced = toks("Where/ADV is/AUX the/DET firm/NOUN Kalvor/X was:be/AUX director/NOUN of/ADP based/VERB ?/PUNCT")
    assert stranded_of(reduced, Mention(6, 7, "director", Sense(relation="director")))
    q = toks("Who/PRON was:be/AUX chairman/NOUN of/ADP the/DET club/NOUN Kalvor/X founded/VERB ?/PUNCT")
    assert not stranded_of(q, Mention(2, 3, "chairman", chair))  # "of" has its object
    q = toks("Kalvor/X was:be/AUX chairman/NOUN of/ADP which/DET club/NOUN ?/PUNCT")
    assert not stranded_of(q, Mention(2, 3, "chairman", chair))


@pytest.mark.slow
def test_the_club_a_named_person_was_chairman_of_is_what_she_chairs(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    d = router.route("Where is the club that Tessa Marlow was chairman of based?")
    assert "leader" not in relations_of(d) and d.requirements[0].answer == "org"
    d = router.route("Where is the firm Tessa Marlow was director of based?")
    assert relations_of(d)[0] == "director of"  # no director of hers: the firm she directed
    assert relations_of(router.route("Who was chairman of the club that Tessa Marlow founded?"))[-1] == "leader"
    d = router.route("Which trust took over the school that Tessa Marlow was in charge of?")
    assert "leader" not in relations_of(d) and d.requirements[0].answer == "org"  # what she led, not her leader


@pytest.mark.slow
@pytest.mark.parametrize("question,chain", [("Who runs the shop that Tessa Marlow opened?", ["founded", "leader"]),
                                            ("Who runs the shop that Tessa Marlow's daughter opened in 2010?",
                                             ["child", "founded", "leader"]),
                                            # a subject that is a noun of the name's, and one of the name's noun
                                            ("Who chairs the charity that the widow of Tessa Marlow set up?",
                                             ["spouse", "founded", "leader"]),
                                            ("Who chairs the charity that the wife of Brenmark Holdings' founder "
                                             "set up?", ["founder", "spouse", "founded", "leader"]),
                                            # the clause without its "that", closing the question
                                            ("Who runs the shop Tessa Marlow opened?", ["founded", "leader"]),
                                            # a possessive subject: no name of the shop, even after a copula
                                            # (the address is a fact of that shop: its own last hop)
                                            ("What is the address of the shop Tessa Marlow's son opened?",
                                             ["child", "founded", "address"])])
def test_what_a_clause_says_its_subject_opened_is_what_they_started(spacy_nlp, question, chain):
    assert relations_of(RuleRouter(nlp=spacy_nlp).route(question)) == chain


def test_a_terse_query_has_no_object_clause():
    from tagged import mention_at, toks as tagged

    from hopgraph.router.voice import closes_object_clause

    q = tagged("Kalvor/@ namesake/NOUN Brenmark/@ opened/VERB year/NOUN")
    q[3].lemma = "open"
    assert not closes_object_clause(q, mention_at(q, 3))


def test_a_clause_whose_subject_is_a_noun_of_the_name_closes_on_its_object():
    from tagged import mention_at, toks as tagged

    from hopgraph.router.voice import closes_object_clause

    q = tagged("the/DET charity/NOUN that/PRON the/DET widow/NOUN of/ADP Kalvor/@ founded/VERB ?/PUNCT")
    q[7].lemma = "found"
    assert closes_object_clause(q, mention_at(q, 7))
    # no subject between the relative word and the verb: the noun is the subject itself ("the country that contains X")
    q = tagged("the/DET country/NOUN that/PRON founded/VERB Kalvor/@ ?/PUNCT")
    q[3].lemma = "found"
    assert not closes_object_clause(q, mention_at(q, 3))


def test_a_clause_without_its_that_closes_on_its_object_only_after_a_main_verb():
    from tagged import mention_at, toks as tagged

    from hopgraph.router.voice import closes_object_clause

    q = tagged("Who/PRON runs/VERB the/DET shop/NOUN Kalvor/@ opened/VERB ?/PUNCT")
    q[5].lemma = "open"
    assert closes_object_clause(q, mention_at(q, 5))
    # no main verb before the noun, or a bare verb after "do": the shop is named Kalvor
    for words in ("When/SCONJ was/AUX the/DET shop/NOUN Kalvor/@ opened/VERB ?/PUNCT",
                  "When/SCONJ did/AUX the/DET shop/NOUN Kalvor/@ open/VERB ?/PUNCT"):
        q = tagged(words)
        q[5].lemma = "open"
        assert not closes_object_clause(q, mention_at(q, 5))
    q = tagged("Who/PRON runs/VERB the/DET shop/NOUN Kalvor/@ opened/VERB in/ADP 2010/NUM ?/PUNCT")
    q[5].lemma = "open"  # the verb does not close the question: left to the other readings
    assert not closes_object_clause(q, mention_at(q, 5))


@pytest.mark.slow
@pytest.mark.parametrize("question, relations", [
    ("Who runs the mill built by Ada Brook's father?", ["father", "build", "runs"]),
    ("Who is the owner of the mill built by Ada Brook's father?", ["father", "build", "owner"]),
    ("When did the firm founded by Tom Reed's brother close?", ["sibling", "founded", "close"]),
    ("Who chairs the charity set up by Tom Reed's widow?", ["spouse", "founded", "leader"]),
])
def test_an_agent_that_is_a_relation_of_a_name_is_read_first_then_what_it_did(question, relations, spacy_nlp):
    assert relations_of(RuleRouter(nlp=spacy_nlp).route(question)) == relations


def test_a_pronoun_subject_of_an_object_clause_stands_for_a_name():
    ts = toks("where", "was", "the", "man", "she", "replaced", "born")
    ts[3].pos = "NOUN"
    assert is_inverse(ts, verb(ts, 5, "replace"))  # the one she replaced: her predecessor
    ts = toks("where", "was", "the", "man", "who", "replaced", "her", "born")
    ts[3].pos = "NOUN"
    assert not is_inverse(ts, verb(ts, 5, "replace"))  # the one who replaced her: her successor


@pytest.mark.slow
def test_the_one_a_pronoun_replaced_is_the_named_ones_predecessor(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Ona Vey hosts the late show. Where was the man she replaced born?")
    assert relations_of(d) == ["predecessor", "born_place"]  # (had read her successor)
