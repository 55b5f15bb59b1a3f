"""A do-question asking a noun its chain's last relation never answers (a pure function).

"Which school did X attend?" asks a school, which the education relation answers. "Which team does X train?" asks a
team: "train" read as where X trained answers no team, so the reading is no certainty.
"""

from __future__ import annotations

from hopgraph.router.asked import PLACE_NOUNS, SCHOOL_NOUNS
from hopgraph.router.object_noun import do_question_object
from hopgraph.router.tokens import Tok


#: The nouns a relation's answer can be asked with ("Which school did X attend?"); a do-question asking another
#: noun ("Which team does X train?") is not asking that relation.
_ANSWER_NOUNS = {"education": SCHOOL_NOUNS, "born_place": PLACE_NOUNS, "died_place": PLACE_NOUNS,
                 "raised_place": PLACE_NOUNS}


def asks_another_kind(toks: list[Tok], wh: set[int], relation: str) -> bool:
    """The do-question's asked noun is of a kind the last relation never answers ("Which team does X train?" read
    as where X trained)."""
    j = do_question_object(toks, wh)
    nouns = _ANSWER_NOUNS.get(relation)
    return j is not None and nouns is not None and toks[j].lower not in nouns and toks[j].lemma not in nouns
