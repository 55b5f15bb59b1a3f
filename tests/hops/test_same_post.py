"""Succession told by a post across sentences (hops/same_post.py)."""

from __future__ import annotations

from hopgraph.hops.same_post import apposed_posts, same_person, succession_by_post, taker

FAREWELL = ["Farewell.", "Our head brewer, Mr Odo Farran, retires in May after twenty years.",
            "There will be cake in the tap room.",
            "Ines Colby, now in charge of the bottling line, will take over as head brewer in June."]


def test_a_person_beside_a_post_holds_it():
    assert apposed_posts("Our head brewer, Mr Odo Farran, retires in May.") == [("Mr Odo Farran", "head brewer")]
    assert apposed_posts("Ines Colby, the branch secretary, spoke last.") == [("Ines Colby", "branch secretary")]
    assert apposed_posts("The brewery opened in May.") == []


def test_who_takes_a_post_is_the_name_before_the_words_of_taking():
    assert taker(FAREWELL[3], "head brewer") == "Ines Colby"
    assert taker("Last year Bo Vell became the club's treasurer.", "head brewer") == ""
    assert taker("Bo Vell has been appointed head brewer.", "head brewer") == "Bo Vell"


def test_the_next_holder_of_the_post_is_the_successor_and_the_last_the_predecessor():
    assert succession_by_post(FAREWELL, "Farran", "successor") == (FAREWELL[3], "Ines Colby")
    assert succession_by_post(FAREWELL, "Ines Colby", "predecessor") == (FAREWELL[3], "Odo Farran")
    # the one taking the post has no successor here, nor the one leaving a predecessor
    assert succession_by_post(FAREWELL, "Ines Colby", "successor") is None
    assert succession_by_post(FAREWELL, "Odo Farran", "predecessor") is None


def test_another_post_taken_says_nothing_of_this_one():
    other = ["Our head brewer, Mr Odo Farran, retires in May.", "Ines Colby will take over as shop manager."]
    assert succession_by_post(other, "Farran", "successor") is None


def test_a_name_is_the_same_person_written_shorter():
    assert same_person("Farran", "Mr Odo Farran") and same_person("Odo Farran", "Farran")
    assert not same_person("Odo Farran", "Ines Colby")


def test_taking_the_place_of_a_posts_holder_named_in_brackets():
    minutes = ["Present: the Mayor (Cllr Odo Farran) in the chair; Cllrs Colby and Vell.",
               "Appointment of chair of the finance committee: Cllr Ines Colby was appointed in place of the Mayor."]
    assert apposed_posts(minutes[0]) == [("Cllr Odo Farran", "Mayor")]
    assert succession_by_post(minutes, "Odo Farran", "successor") == (minutes[1], "Ines Colby")
    assert succession_by_post(minutes, "Ines Colby", "predecessor") == (minutes[1], "Odo Farran")


def test_someone_chosen_as_the_post_by_name_takes_it():
    news = ["After eleven years as our branch secretary, Edda has decided to hand on.",
            "At the branch meeting members elected Ines Colby as secretary."]
    assert succession_by_post(news, "Ines Colby", "predecessor") == (news[1], "Edda")
    assert succession_by_post(news, "Edda", "successor") == (news[1], "Ines Colby")


def test_someone_leaving_a_post_holds_it_until_then():
    notice = ["Judge Odo Farran retires today as Resident Judge, after eleven years in the post.",
              "The board has appointed Judge Ines Colby as Resident Judge from Monday."]
    assert apposed_posts(notice[0]) == [("Judge Odo Farran", "Resident Judge")]
    assert succession_by_post(notice, "Odo Farran", "successor") == (notice[1], "Judge Ines Colby")


def test_minutes_tell_a_succession_in_the_chair_with_titles_and_initials():
    from hopgraph.hops.same_post import fullest

    minutes = ["Present: Cllrs A. Brook, I. Tarrow, R. Okafor.",
               "Cllr Brook, who is moving to Leeds, stood down from the chair at the start of the meeting.",
               "Cllr Tarrow took the chair and thanked her for her work."]
    assert apposed_posts(minutes[1]) == [("Cllr Brook", "chair")]
    assert taker(minutes[2], "chair") == "Cllr Tarrow"
    assert same_person("Ada Brook", "Cllr Brook")
    assert succession_by_post(minutes, "Ada Brook", "successor") == (minutes[2], "I. Tarrow")  # as the minutes list him
    assert fullest("Dr Cy Dunn", []) == "Cy Dunn" and fullest("Mrs Dunn", ["Mrs Dunn said so."]) == "Dunn"


def test_a_subject_taking_someones_place_says_who_came_before_it():
    from hopgraph.hops.same_post import succeeds_another

    assert succeeds_another("She succeeds Cy Dunn, who retires.", "Ada Brook")
    assert succeeds_another("Ada Brook replaced Cy Dunn as chair.", "Ada Brook")
    assert succeeds_another("Cllr Brook will succeed Cy Dunn in May.", "Cllr Ada Brook")  # titled, surname alone
    assert not succeeds_another("Cy Dunn succeeded Ada Brook in 2020.", "Ada Brook")  # she came before him
    assert not succeeds_another("She was succeeded by Cy Dunn.", "Ada Brook")
    assert not succeeds_another("She replaced Cy Dunn and was later succeeded by Tom Reed.", "Ada Brook")
