"""A phrasal verb keeps its particle wherever the sentence puts it (real small spaCy model, invented names)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.slow


def test_a_particle_after_the_object_stays_with_its_verb(triples):
    assert ("Orlan Foods", "acquired", "Vell Bakery") in triples("Orlan Foods took Vell Bakery over in 2019.")
    assert ("Orlan Foods", "acquired", "Vell Bakery") in triples("Orlan Foods took over Vell Bakery in 2019.")
    assert not any(p == "take" for _s, p, _o in triples("Orlan Foods took Vell Bakery over in 2019."))


def test_phrasal_verbs_of_company_news(triples):
    assert ("Orlan Foods", "wind up", "Vell Bakery") in triples("Orlan Foods wound up Vell Bakery in 2020.")
    assert ("Orlan Foods", "spin off", "Vell Bakery") in triples("Orlan Foods spun off Vell Bakery in 2015.")
    assert ("Maren Tolley", "acquired", "Vell Bakery") in triples("Maren Tolley bought out Vell Bakery.")
    assert ("Maren Tolley", "founder", "Vell Bakery") in triples("Maren Tolley set up Vell Bakery in 2001.")


def test_a_preposition_with_its_own_object_is_no_particle(triples):
    assert ("Maren Tolley", "sell", "Vell Bakery") in triples("Maren Tolley sold Vell Bakery to Harbridge Mills.")
    got = triples("Maren Tolley handed Orlan Foods over to Ada Brook.")
    assert ("Maren Tolley", "hand over", "Orlan Foods") in got
    assert ("Maren Tolley", "hand over to", "Ada Brook") in got
