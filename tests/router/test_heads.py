"""Head nouns after names and capacity phrases leave the relation chain (router/heads.py)."""

from __future__ import annotations

from hopgraph.router.heads import absorb, capacity_run, head_run, names_a_role
from tagged import toks, words


def test_an_event_noun_after_a_name_is_the_names_own_phrase():
    q = toks("Who/PRON conducted/VERB the/DET Kalvor/@ premiere/NOUN ?/PUNCT")
    assert list(head_run(q, 3)) == [4]
    assert words(absorb(q)) == "Who conducted the Kalvor ?"
    assert [t.i for t in absorb(q)] == [0, 1, 2, 3, 4]


def test_a_run_of_nouns_ending_the_phrase_goes_with_the_name():
    q = toks("Who/PRON heads/VERB the/DET institute/NOUN doing/VERB the/DET Kalvor/@ feasibility/NOUN study/NOUN ?/PUNCT")
    assert words(absorb(q)) == "Who heads the institute doing the Kalvor ?"


def test_role_nouns_after_a_name_stay_relations():
    q = toks("Where/SCONJ was/AUX the/DET Kalvor/@ mayor/NOUN born/VERB ?/PUNCT")
    assert list(head_run(q, 3)) == []
    assert words(absorb(q)) == words(q)
    assert names_a_role("conductor") and names_a_role("chair") and not names_a_role("premiere")


def test_a_terse_query_and_a_possessive_keep_their_nouns():
    assert list(head_run(toks("Kalvor/@ director/NOUN birthplace/NOUN"), 0)) == []
    possessive = toks("Where/SCONJ is/AUX Kalvor/@ factory/NOUN ?/PUNCT")
    possessive[2].possessive = True
    assert list(head_run(possessive, 2)) == []


def test_a_phrase_that_goes_on_is_not_ended_by_the_noun():
    q = toks("Who/PRON chairs/VERB the/DET Kalvor/@ board/NOUN of/ADP trustees/NOUN ?/PUNCT")
    assert list(head_run(q, 3)) == []


def test_a_lone_relation_word_is_kept_when_nothing_else_states_one():
    q = toks("When/SCONJ was/AUX the/DET Kalvor/@ premiere/NOUN ?/PUNCT")
    assert words(absorb(q)) == words(q)


def test_a_capacity_after_as_a_is_no_relation():
    q = toks("Which/DET club/NOUN did/AUX Kalvor/@ join/VERB as/ADP a/DET young/ADJ boy/NOUN ?/PUNCT")
    assert list(capacity_run(q, 5)) == [5, 6, 7, 8]
    assert words(absorb(q)) == "Which club did Kalvor join ?"
    assert list(capacity_run(toks("known/VERB as/ADP Kalvor/@"), 1)) == []


def test_the_last_word_after_did_is_the_verb_not_a_head_noun():
    q = toks("Where/SCONJ did/AUX the/DET winner/NOUN of/ADP the/DET Kalvor/@ study/NOUN ?/PUNCT")
    assert list(head_run(q, 6)) == []


def test_a_noun_tagged_word_after_did_is_the_verb_when_no_other_verb_follows():
    q = toks("Who/PRON did/AUX the/DET actor/NOUN in/ADP Kalvor/@ play/NOUN in/ADP Brenmark/@ ?/PUNCT")
    assert words(absorb(q)) == words(q)
    # with a verb of its own later on, the noun after the name is the name's head noun
    q = toks("Where/SCONJ did/AUX the/DET author/NOUN of/ADP the/DET Kalvor/@ study/NOUN teach/VERB ?/PUNCT")
    assert words(absorb(q)) == "Where did the author of the Kalvor teach ?"


def test_a_name_after_a_relative_that_is_the_clauses_subject():
    q = toks("Who/PRON chairs/VERB the/DET trust/NOUN that/PRON Kalvor/@ sponsors/NOUN ?/PUNCT")
    assert list(head_run(q, 5)) == []  # "sponsors" is the clause's verb, the tagger's noun notwithstanding
    assert list(head_run(toks("Who/PRON chairs/VERB the/DET club/NOUN that/SCONJ Kalvor/@ sponsors/NOUN ?/PUNCT"), 5)) == []
    determiner = toks("Who/PRON reviewed/VERB that/DET Kalvor/@ report/NOUN ?/PUNCT")
    assert list(head_run(determiner, 3)) == [4]


def test_a_noun_that_heads_a_relative_clause_is_the_thing_described_not_part_of_the_name():
    """ "the Kalvor bakery that merged with Brell": the bakery is what the clause tells of, the subject of its verb;
    a noun ending the phrase still goes with the name."""
    q = toks("When/SCONJ was/AUX the/DET Kalvor/@ bakery/NOUN that/PRON merged/VERB with/ADP Brell/@ founded/VERB "
             "?/PUNCT")
    assert list(head_run(q, 3)) == []
    ended = toks("When/SCONJ was/AUX the/DET Kalvor/@ bakery/NOUN founded/VERB ?/PUNCT")
    assert list(head_run(ended, 3)) == [4]


def test_a_noun_of_another_thing_tagged_a_verb_ends_a_verbs_object_after_the_name():
    q = toks("Who/PRON designed/VERB the/DET Kalvor/@ fish/NOUN pass/VERB when/SCONJ it/PRON opened/VERB ?/PUNCT")
    assert list(head_run(q, 3)) == [4, 5]  # "the X fish pass": no one passed away
    q = toks("When/SCONJ did/AUX the/DET man/NOUN who/PRON opened/VERB the/DET Kalvor/@ clinic/NOUN pass/VERB "
             "away/ADV ?/PUNCT")
    assert list(head_run(q, 7)) == [8]  # "pass away" is the question's own verb


def test_a_class_noun_taken_into_a_name_passes_its_possessive_on():
    q = toks("Who/PRON bought/VERB the/DET Kalvor/@ family/NOUN old/ADJ bakery/NOUN ?/PUNCT")
    q[4].possessive = True  # "the Kalvor family's old bakery"
    kept = absorb(q)
    assert [t.text for t in kept] == ["Who", "bought", "the", "Kalvor", "old", "bakery", "?"] and kept[3].possessive
