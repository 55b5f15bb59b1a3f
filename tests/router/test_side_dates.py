"""Each side's own date in a before/after question (invented world)."""

import pytest

from hopgraph.router.rules import RuleRouter


def _chains(route) -> list[tuple[str, str]]:
    return [(r.relation, r.entities[0]) for r in route.requirements if r.id.startswith("R")]


@pytest.mark.slow
def test_each_name_s_own_verb_says_which_date_is_compared(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    died_first = router.route("Did Ada Brook die before Tom Reed was born?")
    assert _chains(died_first) == [("died_date", "Ada Brook"), ("born_date", "Tom Reed")]
    assert died_first.order == "earliest"
    assert _chains(router.route("Was Tessa Marlow born after Tom Reed died?")) == \
        [("born_date", "Tessa Marlow"), ("died_date", "Tom Reed")]


@pytest.mark.slow
def test_one_date_asked_of_both_sides_stays_one_attribute(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert _chains(router.route("Who was born first, Ada Brook or Tom Reed?")) == \
        [("born_date", "Ada Brook"), ("born_date", "Tom Reed")]
    assert _chains(router.route("Did Ada Brook die after Tom Reed?")) == \
        [("died_date", "Ada Brook"), ("died_date", "Tom Reed")]
    assert router.route("Was Odell Mills founded before Brenmark Trust opened?").shape == "comparison"
