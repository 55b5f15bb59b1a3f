"""Ordering a requirement's bridge candidates before the next hop takes the first ones.

A bridge read from a chunk can be a longer phrase than the name that has a page ("X of Y"), of the wrong
kind for the question (a school where a birthplace is asked), or not of the class the question names ("the
party that …"). These pure orderings put the likeliest name first; they never drop a candidate.
"""

from __future__ import annotations

import re

from hopgraph.graph.build import KnowledgeGraph
from hopgraph.hops.bridge_kinds import class_word
from hopgraph.hops.chunk_view import ChunkView
from hopgraph.hops.countries import is_country
from hopgraph.hops.names import without_title
from hopgraph.models import EvidenceRequirement
from hopgraph.router.located import PARTS
from hopgraph.router.vocab import RELATIONS

KIN = frozenset({"father", "mother", "parent", "spouse", "child", "sibling"})


def page_name(name: str, view: ChunkView) -> str:
    """ "Jory Pask of The Lanterns" -> "Jory Pask" when only the shorter name has a page
    ("Conrad II of Ostervald" and "Duke of X" are whole names)."""
    head = name.split(" of ")[0].strip(" ,")
    regnal = re.search(r"\b[IVXL]+$|\b(?:Duke|Earl|King|Queen|Prince|Princess|Count|Countess|Lord|Lady|Baron)\b", head)
    if head != name and len(head.split()) >= 2 and not regnal and view.has_page(head) and not view.has_page(name):
        return head
    return name


#: A name written with initials before the surname ("I. Varn", "J. P. Lowe").
_INITIALLED = re.compile(r"^((?:[A-Z]\.\s*)+)([A-Z][\w'’-]+)$")


def spelled_out(name: str, view: ChunkView) -> str:
    """ "I. Varn" -> "Ilse Varn": minutes and notices write people by initial and surname, and the next hop
    finds the person's own documents only by the name they go by. The initialled name is spelled out when the graph
    holds exactly one person of that surname whose first name starts with the initial; otherwise it stays."""
    m = _INITIALLED.match(without_title(name))
    if m is None or view.kg is None or view.has_page(name):  # ("H. C. Ashe" titling a page is the name he goes by)
        return name
    initial, surname = m.group(1)[0], m.group(2)
    full = {n for n in _people_by_surname(view.kg).get(surname, ()) if n.startswith(initial)
            and not _INITIALLED.match(n)}
    return full.pop() if len(full) == 1 else name


#: The last graph's people by surname (one graph per store: made again only when another graph is asked of).
_last_surnames: tuple[object, dict[str, list[str]]] = (None, {})


def _people_by_surname(kg: KnowledgeGraph) -> dict[str, list[str]]:
    """The names of the graph's people of two words or more, by their last word."""
    global _last_surnames
    graph, index = _last_surnames
    if graph is not kg:
        index = {}
        for e in kg.entities.values():
            if e.type == "PERSON" and " " in e.name:
                index.setdefault(e.name.split()[-1], []).append(e.name)
        _last_surnames = (kg, index)
    return index


def by_type(bridges: list[str], relation: str, view: ChunkView, answer: str = "") -> list[str]:
    """Bridges the graph types as the relation's answer kind first, wrongly typed ones last (stable):
    a composer is a person, not "Classical music"; a birthplace a place, not a school. Kin keep their order (the
    graph edge's direction already ranked them), but a name typed as no person goes last. An open relation's
    kind is the `answer` the question's grammar gave it ("the candidate who won X": a person, not a day); where a
    thing lies, when the question asks for a part of a country ("the state where X is"), puts countries last."""
    rel = RELATIONS.get(relation)
    if rel is None:
        return sorted(bridges, key=lambda b: -view.type_fit(b, answer)) if answer else bridges
    if relation in KIN:  # (but a name the graph types as a place or a body is nobody's kin: last)
        return sorted(bridges, key=lambda b: bool(view.types_of(b)) and "PERSON" not in view.types_of(b))
    ranked = sorted(bridges, key=lambda b: -view.answer_fit(b, rel))
    if relation == "country" and answer in PARTS:  # "the state where X is located": a part, not the country
        ranked.sort(key=is_country)
    return ranked


def by_class(bridges: list[str], noun: str) -> list[str]:
    """Bridges whose name is headed by the class noun the question gives the answer first (stable): "the party
    that X is a member of" puts "Vessary Labour Party" before the province and the chamber X also belongs to.
    The head is the last word before any "of" ("University of Lorn"); "Tamsel Film Week" is no film."""
    if not noun:
        return bridges
    wanted = class_word(noun)
    return sorted(bridges, key=lambda b: class_word(_head_word(b)) != wanted)


def _head_word(name: str) -> str:
    words = re.findall(r"[A-Za-z]+", re.split(r"\s+of\s+", name, maxsplit=1)[0])
    return words[-1].lower() if words else ""


def none_fits(bridges: list[str], relation: str, views: list[ChunkView]) -> bool:
    """Every bridge read for a known relation is typed as a wrong kind for its answer: the successor read from a
    chunk that names only a school, a village and a street. Such a reading has found nothing to go on from."""
    rel = RELATIONS.get(relation)
    return rel is not None and bool(bridges) and bool(views) and all(views[0].answer_fit(b, rel) < 0 for b in bridges)


def all_wrong_kind(bridges: list[str], req: EvidenceRequirement, views: list[ChunkView]) -> bool:
    """Every bridge of an open relation is typed as another kind than the question's grammar asks ("the club
    that X sponsors" read as a person the club's page names)."""
    if not bridges or not req.answer or req.relation in RELATIONS or not views:
        return False
    return all(views[0].type_fit(b, req.answer) < 0 for b in bridges)
