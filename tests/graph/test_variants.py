from hopgraph.graph.variants import VariantIndex, is_variant, name_words


def v(short: str, full: str) -> bool:
    return is_variant(name_words(short), name_words(full))


def test_initials_and_middle_names_match_a_fuller_name() -> None:
    assert v("T. Edmund Varrow", "Tobias Edmund Varrow")
    assert v("Teo Calderán", "Teo Andrés Calderán Oyarte")
    assert v("Milo Tan", "Milo Tan Siu-Ming")


def test_different_people_do_not_match() -> None:
    assert not v("Pell Orwin", "Pell Adrick")
    assert not v("Dan Quillet", "Daniel Quillet")  # a nickname is not an initial
    assert not v("Calderán", "Teo Calderán")  # one word is too ambiguous
    assert not v("Tobias Edmund Varrow", "T. Edmund Varrow")  # only towards the fuller name
    assert not v("Teo Calderán", "Teo Calderán")


def test_index_finds_only_fuller_names() -> None:
    index = VariantIndex({1: "Tobias Edmund Varrow", 2: "Edmund Varrow Orwin", 3: "Teo Andrés Calderán Oyarte"})
    assert index.fuller_names("T. Edmund Varrow") == {1}
    assert index.fuller_names("Teo Calderán") == {3}
    assert index.fuller_names("Varrow") == set()
