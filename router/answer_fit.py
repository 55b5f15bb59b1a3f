"""Whether the chain's last relation answers what the question asks (pure functions).

A reading whose last relation cannot answer the question is no certainty. "Where did X's daughter live?" read as
far as the daughter asks a place of a person relation; "Who gave X her first job?" asks someone of a job title;
"Which club is she in?" read as far as a person asks a body.
"Which school did X attend?" asks a school, which the education relation answers; "Which team does X train?" asks a
team, which "train" read as where X trained does not.
"""

from __future__ import annotations

from hopgraph.router.asked import PLACE_NOUNS, SCHOOL_NOUNS
from hopgraph.router.leading import ORGANISATION_NOUNS
from hopgraph.router.object_noun import do_question_object
from hopgraph.router.tokens import Tok
from hopgraph.router.vocab import RELATIONS

#: Relations whose answer is never a person or a body "who" could ask for.
_NO_ONE = frozenset(("occupation", "death_cause", "population", "born_date", "died_date", "release_date"))


def answers_the_asked(asked: str, relation: str) -> bool:
    """False when the asked kind is a place or a date and the relation answers a person, or the asked kind is a person
    and the relation answers a job, a cause, a number or a date; True otherwise."""
    if asked in ("place", "date") and relation in RELATIONS and RELATIONS[relation].answer == "person":
        return False
    return not (asked == "person" and relation in _NO_ONE)


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


def asks_a_body_of_a_person(toks: list[Tok], wh: set[int], relation: str) -> bool:
    """ "Which club is she in?" read as far as a person: the wh-phrase asks a body ("which club", "what firm"), and
    the chain's last relation answers a person."""
    if relation not in RELATIONS or RELATIONS[relation].answer != "person":
        return False
    return any(toks[i].lower in ("which", "what") and i + 1 < len(toks) and toks[i + 1].pos == "NOUN"
               and toks[i + 1].lemma in ORGANISATION_NOUNS for i in wh)  # (and "Which club's chair is X?")
