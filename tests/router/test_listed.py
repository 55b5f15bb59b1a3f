"""A comparison over things the sentence before listed (router/listed.py). Invented world."""

from __future__ import annotations

from hopgraph.router.listed import brought_forward


def test_a_listed_pair_of_descriptions_becomes_the_questions_choice():
    q = ("Two groups I know: the choir Ada Vell joined in 2010, and the band that played at Orrin Hall. "
         "Which of those was formed first?")
    assert brought_forward(q) == ("Which was formed first, the choir Ada Vell joined in 2010 or the band that "
                                  "played at Orrin Hall?")
    assert brought_forward("We met two people: a man who built Orrin Hall and the woman who sold it. Who of them "
                           "was born first?") == "Who was born first, a man who built Orrin Hall or the woman who sold it?"


def test_other_questions_are_left_as_they_are():
    names = "Two groups I know: Orrin Choir and Brack & Sons. Which of those was formed first?"
    assert brought_forward(names) == names  # bare names are the sides already
    no_list = "I know the choir Ada Vell joined. Which of those was formed first?"
    assert brought_forward(no_list) == no_list
    three = "Clubs I know: the one Ada joined, the one Bo left, and the one Cy runs. Which of those is oldest?"
    assert brought_forward(three) == three  # a list of three is not read as two
    asked = "Two clubs: the one Ada joined, and the one Bo left. Where is the first based?"
    assert brought_forward(asked) == asked


def test_which_without_of_those_after_a_listed_pair_asks_of_its_counted_class():
    q = "Two clubs come up in the minutes: the one Ada Vell founded and the one Tom Reed coached. Which is older?"
    assert brought_forward(q) == ("Which club is older, the one Ada Vell founded or the one Tom Reed coached?")
    # a noun after "which" already says the class
    q = "Two clubs I know: the one Ada Vell founded and the one Tom Reed coached. Which team is older?"
    assert brought_forward(q) == "Which team is older, the one Ada Vell founded or the one Tom Reed coached?"
