"""Sites an organisation has (real small spaCy model, invented names)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.slow

DOC_TITLE = "Sales up at boot maker"


def test_an_owned_placed_factory(triples):
    got = triples("Fenwick Outdoor Ltd said on Monday that sales rose. The boot is made at the "
                             "company's Tarnby factory.")
    assert ("Fenwick Outdoor", "have factory in", "Tarnby") in got  # the legal form "Ltd" is no part of the name
    got = triples("Fenwick Outdoor Ltd said on Monday that sales rose. Its factory on the Tarnby "
                             "lakeshore is busy.")
    assert ("Fenwick Outdoor", "have factory in", "Tarnby") in got  # the legal form "Ltd" is no part of the name


def test_a_named_laboratory_is_a_unit_of_its_owner(triples):
    got = triples("Quillon Therapeutics won approval. The test was developed at the company's Ostrel "
                             "Diagnostics laboratory in Tarnby.")
    assert ("Ostrel Diagnostics", "subsidiary of", "Quillon Therapeutics") in got
    assert not any(p == "have laboratory in" for _s, p, _o in got)


def test_an_unowned_factory_says_nothing(triples):
    got = triples("Brona Keltie visited a factory in Tarnby.")
    assert not any(p.startswith("have ") for _s, p, _o in got)
