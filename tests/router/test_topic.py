"""A fronted topic name taken up by "it" stands where the pronoun stands (invented world)."""

from hopgraph.router.topic import topic_in_place
from tests.router.test_filler import toks


def words(spec: str) -> list[str]:
    return [t.text for t in topic_in_place(toks(spec))]


def test_a_fronted_name_moves_to_its_pronoun_with_its_head_noun():
    assert words("Kalvor/X gondola/NOUN -/PUNCT who/PRON runs:run/VERB it/PRON ?/PUNCT") == \
        ["who", "runs", "Kalvor", "gondola", "?"]
    assert words("the/DET Kalvor/X ,/PUNCT which/DET yard/NOUN built:build/VERB it/PRON") == \
        ["which", "yard", "built", "Kalvor"]


def test_a_fronted_possessive_name_moves_with_its_noun_to_a_personal_pronoun():
    from tagged import toks as tagged

    moved = topic_in_place(tagged("Kalvor's/@ agent/NOUN -/PUNCT whose/PRON daughter/NOUN is/AUX she/PRON ?/PUNCT"))
    assert [t.text for t in moved] == ["whose", "daughter", "is", "Kalvor", "agent", "?"] and moved[3].possessive
    kept = tagged("Kalvor's/@ agent/NOUN -/PUNCT where/ADV was/AUX it/PRON founded/VERB ?/PUNCT")
    assert [t.text for t in topic_in_place(kept)] == [t.text for t in kept]  # "it" may be Kalvor itself


def test_a_fronted_possessive_name_with_a_thing_moves_to_it():
    from tagged import toks as tagged

    moved = topic_in_place(tagged("Kalvor's/@ school/NOUN -/PUNCT which/DET trust/NOUN runs/VERB it/PRON ?/PUNCT"))
    assert [t.text for t in moved] == ["which", "trust", "runs", "Kalvor", "school", "?"]
    kept = tagged("Kalvor's/@ school/NOUN -/PUNCT which/DET trust/NOUN did/AUX she/PRON join/VERB ?/PUNCT")
    assert [t.text for t in topic_in_place(kept)] == [t.text for t in kept]  # "she" is Kalvor, not the school


def test_only_the_first_pronoun_after_the_wh_word_is_the_topic():
    assert words("Kalvor/X -/PUNCT which/DET firm/NOUN owns:own/VERB it/PRON and/CCONJ who/PRON heads:head/VERB "
                 "it/PRON") == ["which", "firm", "owns", "Kalvor", "and", "who", "heads", "it"]


def test_a_question_that_does_not_open_with_the_topic_is_left_alone():
    for spec in ("Who/PRON runs:run/VERB Kalvor/X ?/PUNCT",
                 "Kalvor/X -/PUNCT who/PRON runs:run/VERB the/DET mill/NOUN ?/PUNCT",  # no pronoun takes it up
                 "Kalvor/X 's/PART chief/NOUN -/PUNCT where/ADV was:be/AUX it/PRON founded:found/VERB",
                 "big/ADJ Kalvor/X -/PUNCT who/PRON built:build/VERB it/PRON"):
        assert words(spec) == [t.text for t in toks(spec)], spec
