"""A phrasal verb keeps its particle wherever the sentence puts it (real small spaCy model, invented names)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.slow


def test_a_particle_after_the_object_stays_with_its_verb(triples):
    assert ("Orlan Foods", "acquired", "Ostrey Bakery") in triples("Orlan Foods took Ostrey Bakery over in 2019.")
    assert ("Orlan Foods", "acquired", "Ostrey Bakery") in triples("Orlan Foods took over Ostrey Bakery in 2019.")
    assert not any(p == "take" for _s, p, _o in triples("Orlan Foods took Ostrey Bakery over in 2019."))


def test_phrasal_verbs_of_company_news(triples):
    assert ("Orlan Foods", "wind up", "Ostrey Bakery") in triples("Orlan Foods wound up Ostrey Bakery in 2020.")
    assert ("Orlan Foods", "spin off", "Ostrey Bakery") in triples("Orlan Foods spun off Ostrey Bakery in 2015.")
    assert ("Maren Tolley", "acquired", "Ostrey Bakery") in triples("Maren Tolley bought out Ostrey Bakery.")
    assert ("Maren Tolley", "founder", "Ostrey Bakery") in triples("Maren Tolley set up Ostrey Bakery in 2001.")


def test_a_preposition_with_its_own_object_is_no_particle(triples):
    assert ("Maren Tolley", "sell", "Ostrey Bakery") in triples("Maren Tolley sold Ostrey Bakery to Harbridge Mills.")
    got = triples("Maren Tolley handed Orlan Foods over to Ada Brook.")
    assert ("Maren Tolley", "hand over", "Orlan Foods") in got
    assert ("Maren Tolley", "hand over to", "Ada Brook") in got
