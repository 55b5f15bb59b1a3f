"""Forms of a name and when two names are one entity's (hops/names.py)."""

from __future__ import annotations

from hopgraph.hops.names import name_forms, same_name, same_person_name


def test_fuller_and_familiar_forms_of_a_persons_name():
    assert same_person_name("Benny Quarrie", "Benedict Roy Quarrie") and same_person_name("T. Edmund Varrow", "Tobias Edmund Varrow")
    assert not same_person_name("Benny Quarrie", "Ted Quarrie") and not same_person_name("Quarrie", "Benedict Quarrie")


def test_titled_names_of_one_realm_are_not_one_person():
    assert not same_person_name("Archduchess Ilka of Lindenmark", "Archduchess Sophie Adela of Lindenmark")
    assert not same_person_name("Prince Oskar Wessel", "Prince Otmar Wessel")


def test_name_forms_and_particles():
    assert set(name_forms("Harrow Lane (1962 film)")) == {"harrow lane 1962 film", "harrow lane"}
    assert same_name("aldous de marrick", "aldous marrick") and not same_name("aldous marrick", "henri marrick")


def test_a_surname_alone_refers_back_to_the_person_unless_another_first_name_comes_with_it():
    from hopgraph.hops.names import says_surname

    assert says_surname("Varn said the plant would stay open.", "Ilse Varn")
    assert says_surname("VARN: By the sea.", "Ilse Varn")
    assert not says_surname("Her brother, Tomas Varn, disagreed.", "Ilse Varn")
    assert not says_surname("The varnish dried.", "Ilse Varn") and not says_surname("Varn", "Varn")


def test_a_title_says_a_mans_or_a_womans_name():
    from hopgraph.hops.names import titled_sex

    assert titled_sex("Archduke Tomas Vell") == "m" and titled_sex("Infanta Lise of Arden") == "f"
    assert titled_sex("Tomas Vell") == "" and titled_sex("Mrs. Lind") == "f" and titled_sex("") == ""


def test_courtesy_titles_and_company_designators_are_no_part_of_a_name():
    from hopgraph.hops.names import is_itself, without_courtesy

    assert without_courtesy("Cllr Wyn Tarrow") == "Wyn Tarrow" and without_courtesy("Dr. Ada Lusk") == "Ada Lusk"
    assert without_courtesy("Professor") == "Professor"  # a lone title stays
    assert is_itself("Odell Group plc", "Odell") and is_itself("Odell Ltd", "Odell Group")
    assert not is_itself("Odell Mills", "Odell") and not is_itself("Group", "Odell")


def test_without_title_drops_one_leading_title_or_rank() -> None:
    from hopgraph.hops.names import without_title

    assert without_title("Captain Ines Marrow") == "Ines Marrow" and without_title("Judge Cy Dunn") == "Cy Dunn"
    assert without_title("Sir Tobin Hale") == "Tobin Hale" and without_title("Cllr. Wyn Tarrow") == "Wyn Tarrow"
    assert without_title("Major") == "Major"  # a lone title stays
    assert without_title("Ada Brook") == "Ada Brook"


def test_a_company_or_club_is_named_with_or_without_its_designator():
    from hopgraph.hops.names import is_itself

    assert "tessel rovers" in name_forms("Tessel Rovers F.C.") and "orrin mills" in name_forms("Orrin Mills plc")
    assert name_forms("Arbo FC") == ["arbo fc"]  # one word left is too short a name to look for in text
    assert name_forms("Orrin Mills") == ["orrin mills"]
    assert is_itself("Tessel Rovers A.F.C.", "Tessel Rovers") and is_itself("Orrin Mills Ltd", "Orrin Mills")
    assert not is_itself("Tessel Rovers", "Tessel")  # only designators drop, never a word of the name


def test_another_form_of_a_body_leaves_words_out_and_never_merely_begins_alike():
    from hopgraph.hops.names import another_form

    assert another_form("Tamsel Grammar", "Old Tamsel Grammar", person=False)
    assert not another_form("Kilner Learning Trust", "Kilnworth Education Trust", person=False)
    assert another_form("Benny Quarrie", "Benedict Roy Quarrie", person=True)  # a person's short first name


def test_a_role_word_written_before_a_known_person_is_no_part_of_the_name():
    from hopgraph.hops.names import without_role

    common = {"conductor", "festival", "chorus"}.__contains__
    people = {"Ada Brook"}.__contains__
    assert without_role("Conductor Ada Brook", common, people) == "Ada Brook"
    assert without_role("Festival Chorus", common, people) == "Festival Chorus"  # no person after it
    assert without_role("Kessel Ada Brook", common, people) == "Kessel Ada Brook"  # a word never written lower case


def test_a_name_with_lower_case_words_after_it_may_be_written_without_them():
    assert "tarn vell" in name_forms("Tarn–Vell cycling")  # the team the question calls "the Tarn–Vell cycling team"
    assert "upper tarn dam" in name_forms("Upper Tarn Dam feasibility study")
    assert name_forms("Kalvor weir") == ["kalvor weir"]  # a one-word head names other things too
    assert name_forms("Ada Brook") == ["ada brook"]
