"""A do-question asking a noun its chain's last relation never answers (router/noun_clash.py). Invented world:
Kalvor, Tessa Marlow."""

from __future__ import annotations

import pytest

from hopgraph.router.noun_clash import asks_another_kind
from hopgraph.router.rules import RuleRouter
from tagged import toks


def test_a_team_is_no_school_and_a_college_is():
    team = toks("Which/DET team/NOUN does/AUX Kalvor/@ train/VERB ?/PUNCT")
    assert asks_another_kind(team, {0}, "education")
    college = toks("Which/DET college/NOUN did/AUX Kalvor/@ attend/VERB ?/PUNCT")
    assert not asks_another_kind(college, {0}, "education")
    assert not asks_another_kind(team, {0}, "leader")  # no noun a leader must be asked with


@pytest.mark.slow
def test_training_a_team_is_no_confident_reading_of_where_someone_trained(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert router.route("Which team does the coach who replaced Tessa Marlow train?").confidence < 1.0
    assert router.route("Which college did Tessa Marlow's son attend?").confidence == 1.0
