"""Follow-up words after an open bridge: the question words its chunk does not already hold."""

from hopgraph.hops.residual import residual_words


def test_words_the_bridge_chunk_holds_are_dropped():
    page = "Harbor Lights is a drama film set in Tarnveld, about monster trucks."
    assert residual_words("part state monster trucks set badlands", [page]) == "part state badlands"


def test_all_words_stay_when_fewer_than_two_would_remain_or_there_is_no_chunk():
    assert residual_words("drama film", ["A drama film."]) == "drama film"
    assert residual_words("borders county", ["Tamsel is a town in Orrin County."]) == "borders county"
    assert residual_words("part badlands", []) == "part badlands"
