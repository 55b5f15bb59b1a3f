from hopgraph.graph.variants import VariantIndex, is_variant, name_words


def v(short: str, full: str) -> bool:
    return is_variant(name_words(short), name_words(full))


def test_initials_and_middle_names_match_a_fuller_name() -> None:
    assert v("J. Charles Haydon", "James Charles Haydon")
    assert v("Hugo Chávez", "Hugo Rafael Chávez Frías")
    assert v("Gordon Chan", "Gordon Chan Kar-Seung")


def test_different_people_do_not_match() -> None:
    assert not v("John Smith", "John Adams")
    assert not v("Ray Taylor", "Raymond Taylor")  # a nickname is not an initial
    assert not v("Chávez", "Hugo Chávez")  # one word is too ambiguous
    assert not v("James Charles Haydon", "J. Charles Haydon")  # only towards the fuller name
    assert not v("Hugo Chávez", "Hugo Chávez")


def test_index_finds_only_fuller_names() -> None:
    index = VariantIndex({1: "James Charles Haydon", 2: "Charles Haydon Smith", 3: "Hugo Rafael Chávez Frías"})
    assert index.fuller_names("J. Charles Haydon") == {1}
    assert index.fuller_names("Hugo Chávez") == {3}
    assert index.fuller_names("Haydon") == set()
