"""How far a context sentence's relation phrases reach (router/context_reach.py). Invented world: Kalvor."""

from __future__ import annotations

from hopgraph.router.context_reach import post_left, reached_by_its_verbs
from hopgraph.router.lexicon import Mention, Sense
from tagged import toks


def test_the_contexts_chain_reaches_an_unnamed_thing_through_the_verb_whose_object_it_is():
    ran = toks("Kalvor/@ uncle/NOUN once/ADV ran/VERB a/DET bakery/NOUN ./PUNCT")
    ran[0].possessive = True
    uncle, run = Mention(1, 2, "uncle", Sense(relation="uncle")), Mention(3, 4, "ran", Sense(relation="run"))
    assert reached_by_its_verbs(ran, [uncle, run], 0)
    assert not reached_by_its_verbs(ran, [uncle], 0)  # no verb to it
    alone = toks("Kalvor/@ ran/VERB a/DET bakery/NOUN ./PUNCT")
    assert not reached_by_its_verbs(alone, [Mention(1, 2, "ran", Sense(relation="run"))], 0)  # nothing before it
    role = toks("Kalvor/@ old/ADJ booker/NOUN started/VERB a/DET festival/NOUN ./PUNCT")
    role[0].possessive = True
    assert reached_by_its_verbs(role, [Mention(3, 4, "started", Sense(relation="founded"))], 0)  # a role first


def test_a_post_after_as_and_a_verb_of_leaving_is_the_post_left():
    q = toks("the/DET man/NOUN who/PRON founded/VERB Kalvor/@ quit/VERB as/ADP director/NOUN ./PUNCT")
    q[5].lemma = "quit"
    founded, director = Mention(3, 4, "founded", Sense(relation="founder")), Mention(7, 8, "director", Sense())
    assert post_left(q, director, [founded, director])
    assert not post_left(q, director, [director])  # no one reached before it: the post is who is meant


def test_the_chain_reaches_a_thing_through_a_post_held_at_it():
    held = toks("the/DET man/NOUN who/PRON replaced/VERB Kalvor/@ had/AUX been/AUX head/NOUN chef/NOUN at/ADP a/DET "
                "restaurant/NOUN ./PUNCT")
    replaced, chef = Mention(3, 4, "replaced", Sense(relation="successor")), Mention(7, 9, "head chef", Sense())
    assert reached_by_its_verbs(held, [replaced, chef], 0)  # the one replaced first, then the post
    assert not reached_by_its_verbs(held, [chef], 0)  # no one reached before the post: X's own post
    named = toks("the/DET man/NOUN who/PRON replaced/VERB Kalvor/@ had/AUX been/AUX head/NOUN chef/NOUN ./PUNCT")
    assert not reached_by_its_verbs(named, [replaced, chef], 0)  # nothing after the post


def test_a_role_noun_the_question_asks_through_is_the_first_hop_from_a_context_that_leads_nowhere():
    from hopgraph.router.context_reach import role_asked_of

    q = toks("Where/SCONJ was/AUX the/DET departing/VERB doctor/NOUN born/VERB ?/PUNCT")
    got = role_asked_of(q, [], {0})
    assert [(m.start, m.end, m.sense.relation) for m in got] == [(3, 5, "departing doctor")]
    clause = toks("Which/DET ward/NOUN does/AUX the/DET councillor/NOUN who/PRON seconded/VERB it/PRON sit/VERB "
                  "for/ADP ?/PUNCT")
    assert role_asked_of(clause, [], {0, 1}) == []  # the clause after it says who
    held = toks("Who/PRON was/AUX in/ADP the/DET chair/NOUN then/ADV ?/PUNCT")
    assert role_asked_of(held, [], {0}) == []  # a post held, said of the one asked
