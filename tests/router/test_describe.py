"""A post asked of a body with no relation of the vocabulary (router/describe.py, `marks_a_bridge`).

Invented world: the Tamsel Rowing Trust.
"""

from __future__ import annotations

import pytest

from hopgraph.router.rules import RuleRouter


@pytest.mark.slow
def test_who_was_the_post_of_a_body_asks_that_post_not_a_bridge(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    for question in ("Who was the treasurer of the Tamsel Rowing Trust?",
                     "Who is the secretary of Tamsel Rowing Trust?"):
        d = router.route(question)
        assert d.shape == "single" and "open_bridge" not in [r.relation for r in d.requirements if r.id.startswith("R")]
    # a person described by a post who is asked more of is that post first, then what is asked of them
    d = router.route("What position did the receiver of the Tamsel Medal play?")
    assert [r.relation for r in d.requirements if r.id.startswith("R")] == ["receiver", "position play"]
