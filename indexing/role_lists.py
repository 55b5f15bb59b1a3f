"""Lists of the people who held a position: "Later chief conductors included A (1971-1989), B and C", "Its
members include A and B".

The subject is a plural position noun (or "members"), the verb "include", and every person named in the object
phrase holds the position: (person, "role: <title>", organisation) with the organisation the title names
("conductors of Y", "Y's conductors"), else where a title named alone is held (`roles.holder_of`: the nearest
organisation, a mayor's town); members give (person, "member of", organisation).
"""

from __future__ import annotations

from collections.abc import Iterator

from spacy.tokens import Token

from hopgraph.indexing.context import ChunkContext
from hopgraph.indexing.predicates import role_predicate
from hopgraph.indexing.roles import PLACE_POSITIONS, POSITIONS, holder_of, role_title
from hopgraph.indexing.titles import named_org
from hopgraph.models_indexing import RawTriple


_LIST_VERBS = frozenset(("include", "comprise"))
_MEMBERS = frozenset(("member", "player", "rider", "musician"))


def role_list_triples(ctx: ChunkContext, verb: Token) -> Iterator[RawTriple]:
    """(person, role: <title> | member of, organisation) for each person a list of position holders names."""
    if verb.lemma_.lower() not in _LIST_VERBS:
        return
    subj = next((c for c in verb.children if c.dep_ == "nsubj" and c.pos_ == "NOUN" and c.tag_ == "NNS"), None)
    if subj is None:
        return
    lemma = subj.lemma_.lower()
    if lemma in _MEMBERS:
        pred = "member of"
    elif lemma in POSITIONS or lemma in PLACE_POSITIONS:
        pred = role_predicate(role_title(ctx, subj))
    else:
        return
    orgs = named_org(ctx, subj, ("of", "at", "with"))  # "conductors of Y", "Y's conductors"
    if not orgs and ctx.narrative:
        holder = holder_of(ctx, subj)
        orgs = [holder] if holder else []
    people = {ctx.span_of[t.i].text: None for c in verb.children if c.dep_ == "dobj" for t in c.subtree
              if t.i in ctx.span_of and ctx.span_of[t.i].label_ == "PERSON"}
    yield from ((p, pred, o, "role-list") for p in people for o in orgs if p != o)
