"""Forms of a name and when two names are one entity's (hops/names.py)."""

from __future__ import annotations

from hopgraph.hops.names import name_forms, same_name, same_person_name


def test_fuller_and_familiar_forms_of_a_persons_name():
    assert same_person_name("Sammy Hagar", "Samuel Roy Hagar") and same_person_name("J. Charles Haydon", "James Charles Haydon")
    assert not same_person_name("Sammy Hagar", "Ted Hagar") and not same_person_name("Hagar", "Samuel Hagar")


def test_titled_names_of_one_realm_are_not_one_person():
    assert not same_person_name("Archduchess Rosa of Austria", "Archduchess Maria Theresa of Austria")
    assert not same_person_name("Prince Karl Wied", "Prince Kamil Wied")


def test_name_forms_and_particles():
    assert set(name_forms("Cape Fear (1962 film)")) == {"cape fear 1962 film", "cape fear"}
    assert same_name("thomas de mowbray", "thomas mowbray") and not same_name("thomas mowbray", "john mowbray")
