"""The part of a country a located-in phrase asks for (invented world)."""

import pytest

from hopgraph.router.lexicon import Mention, match_at
from hopgraph.router.located import located_part
from hopgraph.router.rules import RuleRouter
from tests.router.test_filler import toks


def _part(spec: str) -> str:
    q = toks(spec)
    lemmas = [x.lemma for x in q]
    mentions = []
    for t in q:
        if t.pos == "VERB" and (found := match_at(lemmas, t.i)):
            n, sense = found
            mentions.append(Mention(t.i, t.i + n, t.text, sense))
    return located_part(q, mentions)


def test_the_noun_heading_a_located_clause_is_the_part_asked():
    assert _part("the/DET county/NOUN where/SCONJ Kalvor/X is:be/AUX located:locate/VERB") == "county"
    assert _part("the/DET county/NOUN in/ADP which/PRON Kalvor/X lies:lie/VERB") == "county"
    assert _part("the/DET province/NOUN that/PRON Kalvor/X is:be/AUX found:find/VERB in/ADP") == "province"


def test_a_country_a_thing_or_no_clause_names_no_part():
    assert _part("the/DET country/NOUN where/SCONJ Kalvor/X is:be/AUX located:locate/VERB") == ""
    assert _part("the/DET company/NOUN where/SCONJ Kalvor/X is:be/AUX based:base/VERB") == ""
    assert _part("Kalvor/X is:be/AUX located:locate/VERB in/ADP which/DET state/NOUN") == ""
    # the clause belongs to another phrase: a birthplace, not where something lies
    assert _part("the/DET county/NOUN where/SCONJ Kalvor/X was:be/AUX born:bear/VERB") == ""
    # a state may be a sovereign state: no part of a country
    assert _part("the/DET state/NOUN where/SCONJ Kalvor/X is:be/AUX located:locate/VERB") == ""


@pytest.mark.slow
def test_the_part_is_searched_for_and_prefers_names_that_are_no_country(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    d = router.route("What is the seat of the county where Tarrow Lake is located?")
    located = next(r for r in d.requirements if r.relation == "country")
    assert located.answer == "county"
    assert any(p.requirement_id == located.id and p.text == "county of Tarrow Lake" for p in d.plan)
    plain = router.route("Which country is Tarrow Lake located in?")
    assert all(r.answer == "" for r in plain.requirements)
    assert any(p.text == "country of Tarrow Lake" for p in plain.plan)
