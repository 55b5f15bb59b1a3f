"""The asker's own people and doings are no relation of a named entity (router/askers_own.py)."""

from __future__ import annotations

import pytest

from hopgraph.router.rules import RuleRouter
from tests.router.test_mentions import _found
from tests.router.test_understand import relations_of


def test_a_verb_whose_subject_is_the_asker_or_the_askers_own_is_no_relation():
    own = "My/PRON brother/NOUN has/AUX just/ADV started:start/VERB working:work/VERB for/ADP Kalvor/X ./PUNCT"
    assert _found(own) == []
    assert _found("I/PRON worked:work/VERB for/ADP Kalvor/X ./PUNCT") == []
    assert _found("My/PRON gran/NOUN used:use/VERB to/PART work:work/VERB at/ADP Kalvor/X ./PUNCT") == []
    assert (2, 4, "employer") in _found("Her/PRON brother/NOUN worked:work/VERB for/ADP Kalvor/X ./PUNCT")


@pytest.mark.slow
def test_a_pronoun_after_the_askers_own_doing_points_at_the_name(spacy_nlp):
    from hopgraph.router.rules import RuleRouter
    from tests.router.test_understand import relations_of

    got = RuleRouter(nlp=spacy_nlp).route("My gran used to work at Odell Mills. Who ran it back then?")
    assert relations_of(got) == ["leader"] and got.requirements[0].entities == ["Odell Mills"]


def test_working_the_answer_out_is_no_relation():
    asked = "Can/AUX you/PRON work/VERB out/ADP who/PRON founded:found/VERB Kalvor/X ?/PUNCT"
    assert [f for f in _found(asked) if f[0] == 2] == []  # the asker's search, no employer
    office = "Tom/X worked:work/VERB out/ADP of/ADP an/DET office/NOUN ./PUNCT"
    assert (1, 2, "employer") in _found(office)  # no wh-word after "out": where the work was done


@pytest.mark.slow
def test_a_question_wrapped_in_working_it_out_reads_as_the_question(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Can you work out who founded Brenmark?")) == ["founder"]
    assert relations_of(router.route("I need to work out where Tessa Marlow was born.")) == ["born_place"]
