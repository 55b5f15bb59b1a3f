"""Event nouns stated by their possessor: founding, participation (real small spaCy model, invented names)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.slow



def test_its_founding_in_a_year_dates_the_founding(triples):
    got = triples("The Tarnby Rowing Club marked its anniversary with a regatta. Members recalled its founding "
                  "in 1921.", title="Club news")
    assert ("Tarnby Rowing Club", "founded on", "1921") in got


def test_a_possessors_participation_in_a_trial_named_inside_a_longer_noun(triples):
    got = triples("Kelmark University Hospital will recruit forty patients. The contract for the hospital's "
                  "participation in the KELP-3 phase II trial has been signed.", title="Board minutes")
    assert ("Kelmark University Hospital", "participant in", "KELP-3") in got


def test_a_light_verb_with_an_event_noun_states_the_event(triples):
    got = triples('"The Long Scree", the first opera by the composer Orla Vennick, had its premiere at the Ostrel '
                  'Opera House on Saturday, 11 March 2023, before a full house.', title="Opera review")
    assert ("The Long Scree", "premiere at", "Ostrel Opera House") in got
    assert ("The Long Scree", "premiere on", "11 March 2023") in got  # the full date after the weekday
