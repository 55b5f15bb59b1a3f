"""Whether a chain of relations can hold: each fact must be one its subject can have (pure).

A birth date, a spouse or a school belongs to a person; a place, a country or a date has none. A chain
that asks one of a place ("the state where X lies" -> its date of death, read from "the death penalty";
"the home nation of X's singer" -> the nation's birthplace, read from "home") is a misreading of that
word, whatever it matched: the word is no hop.
"""

from __future__ import annotations

from hopgraph.router.vocab import RELATIONS

#: Relations only a person (or an animal) has.
OF_A_PERSON = frozenset("born_date died_date born_place died_place burial spouse father mother parent child "
                        "sibling education nationality occupation death_cause".split())
#: Answer kinds that are never a person.
NOT_A_PERSON = frozenset("place country date".split())


def coherent(relations: list[str]) -> bool:
    """No relation of a person follows one whose answer is a place, a country or a date."""
    return possible(relations) == relations


def possible(relations: list[str]) -> list[str]:
    """The chain without the person's facts asked of a place, a country or a date."""
    out: list[str] = []
    for rel in relations:
        before = out[-1] if out else ""
        if rel in OF_A_PERSON and before in RELATIONS and RELATIONS[before].answer in NOT_A_PERSON:
            continue
        out.append(rel)
    return out


def where_a_body_is_from(relations: list[str], answers: dict[str, str]) -> list[str]:
    """The chain with a person's origin (nationality, birthplace) asked of a body an open hop reaches read as where
    that body is ("Which country is the company that owns X from?": its country); `answers` are the open hops'
    answer kinds."""
    if len(relations) >= 2 and relations[-1] in ("nationality", "born_place") and answers.get(relations[-2]) == "org":
        return relations[:-1] + ["country"]
    return relations


#: Graph types of names that are never a person (NER may still call a person an organisation now and then).
NOT_PERSON_TYPES = frozenset("ORG GPE LOC FAC WORK_OF_ART PRODUCT EVENT".split())


def skips_a_person(relations: list[str], anchor_type: str) -> bool:
    """A chain that asks a person's fact (birthplace, spouse, school) first of a name the graph types as an
    organisation, a place or a work: "Where does the man behind X hail from?" about a studio X read as X's
    birthplace. Some person between them was left out, so the reading is unsure."""
    return bool(relations) and relations[0] in OF_A_PERSON - {"nationality"} and anchor_type in NOT_PERSON_TYPES


#: Relations only a body (an organisation, a place it governs) has: no person has a chief or a founder.
OF_A_BODY = frozenset("leader founder parent_org".split())


def heads_a_person(relations: list[str], anchor_type: str) -> bool:
    """A chain that asks a body's fact (its head, its founder) first of a name the graph types as a person:
    "birthplace woman ran drama school before P" read as the birthplace of P's head. The person's own tie to
    the body (P's predecessor there) was left out, so the reading is unsure."""
    return bool(relations) and relations[0] in OF_A_BODY and anchor_type == "PERSON"


def answer_before(relation: str, next_relation: str) -> str:
    """The kind of answer an open step has when the step after it asks a person's fact ("the land agent who
    brokered X: where was his father-in-law born?": whoever brokered X has a spouse, so is a person); "" otherwise.
    (A firm has a nationality too, so that fact says nothing.)"""
    if relation in RELATIONS or next_relation not in OF_A_PERSON - {"nationality"}:
        return ""
    return "person"

