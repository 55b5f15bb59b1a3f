"""The asker's own people and doings are no relation of a named entity (router/askers_own.py)."""

from __future__ import annotations

from tests.router.test_mentions import _found


def test_a_verb_whose_subject_is_the_asker_or_the_askers_own_is_no_relation():
    own = "My/PRON brother/NOUN has/AUX just/ADV started:start/VERB working:work/VERB for/ADP Kalvor/X ./PUNCT"
    assert _found(own) == []
    assert _found("I/PRON worked:work/VERB for/ADP Kalvor/X ./PUNCT") == []
    assert (2, 4, "employer") in _found("Her/PRON brother/NOUN worked:work/VERB for/ADP Kalvor/X ./PUNCT")
