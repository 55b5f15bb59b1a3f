"""Relational nouns: copulas, appositions and noun phrases that relate names ("X, the founder of Y", "X is the
director of Y", "Y's wife", "the Tarrow publisher"), the noun half of `hopgraph.indexing.patterns` (same direction
convention and raw predicates).

A title named without its organisation in a narrative document is held at `hopgraph.indexing.roles.holder_of`;
conjoined titles share the organisation the parser gave one of them ("co-founder and chief executive of Y").
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from hopgraph.indexing.affiliation import placeish as _placeish
from hopgraph.indexing.attendance import on_list_line
from hopgraph.indexing.genders import PRONOUN_GENDER
from hopgraph.indexing.context import ChunkContext
from hopgraph.indexing.object_refs import _object_refs
from hopgraph.indexing.predicates import (
    MEMBER_NOUNS,
    ORG_NOUNS,
    PLACE_NOUNS,
    ROLE_NOUNS,
    role_predicate,
)
from hopgraph.indexing.roles import POSITIONS, POST_WORDS, holder_of, noun_of_relation, role_title
from hopgraph.indexing.verb_patterns import _HYPHENS, verb_subjects
from spacy.tokens import Token

if TYPE_CHECKING:
    from hopgraph.models_indexing import RawTriple

#: Dependencies of a modifier whose entity a relational noun relates ("a Tarnish poet", "Y's wife").
_MOD_DEPS = frozenset("amod compound nummod nmod npadvmod poss".split())


def noun_relations(ctx: ChunkContext, noun: Token) -> Iterator[tuple[str, str, str]]:
    """(predicate, object, kind) a relational noun carries: "director of Y", "Y's wife", "American actor".

    kind is "of" / "prep" (prepositional object), "poss" (possessor) or "mod" (entity modifier).
    """
    lemma = noun.lemma_.lower()
    if lemma in ROLE_NOUNS:
        lemma = role_title(ctx, noun)
    elif lemma == "member" and any(c.lower_ == "founding" for c in noun.lefts):
        lemma = "founding member"  # a member and a founder (`predicates.also_states`)
    seen_mod: set[int] = set()
    for child in noun.children:
        if child.dep_ == "prep":
            kind, pred = ("of", lemma) if child.lower_ == "of" else ("prep", f"{lemma} {child.lower_}")
            for pobj in (c for c in child.children if c.dep_ == "pobj"):
                for obj in _object_refs(ctx, pobj):
                    yield pred, obj, kind
        elif child.dep_ == "poss":
            for obj in coordinated_owner(ctx, child) or ctx.refs(child):
                yield lemma, obj, "poss"
        elif child.dep_ in _MOD_DEPS:
            key = ctx.span_key(child)
            if key is not None and key != ctx.span_key(noun) and key not in seen_mod:
                seen_mod.add(key)
                span = ctx.span_of[child.i]
                if span.label_ == "NORP":  # "a Tarnish poet": a nationality, not a role
                    yield noun.lemma_.lower(), span.text, "norp"
                elif lemma in MEMBER_NOUNS and ctx.org_strength(span) < 2:
                    yield f"{lemma} from", span.text, "mod"  # "the Tarrow rider": where from, not a team
                elif lemma in ORG_NOUNS | PLACE_NOUNS and (span.label_ in ("GPE", "LOC") or (
                        lemma in ORG_NOUNS and _placeish(span))):
                    yield f"{lemma} in", span.text, "mod"  # "a Tarnby software company"
                else:
                    yield lemma, span.text, "mod"


def coordinated_owner(ctx: ChunkContext, poss: Token) -> list[str]:
    """ "A and her husband": a possessive pronoun right after "and"/"or" means the person named just before it
    (the other conjunct), not the sentence's subject; [] when no person's name ends right before the conjunction."""
    i = poss.i
    if poss.pos_ != "PRON" or i < 2 or poss.doc[i - 1].lower_ not in ("and", "or"):
        return []
    span = ctx.span_of.get(i - 2)
    if span is None or span.end != i - 1 or span.label_ != "PERSON":
        return []
    gender = PRONOUN_GENDER.get(poss.lower_, "")
    if gender and getattr(ctx, "genders", {}).get(span.text, gender) != gender:
        return []  # "his daughter Orla and his son Tam": "his" is no woman's
    head = span.root.head
    if span.root.dep_ == "appos" and any(c.dep_ == "poss" and c.lower_ == poss.lower_ for c in head.children):
        return []  # ("her son Tam and her daughter Orla": one "her" for both)
    return [span.text]


def _owned_by_the_name_before(ctx: ChunkContext, noun: Token) -> bool:
    """ "the son of A and her husband": the noun's possessor is the name before "and", so the noun is that
    name's conjunct (whatever the parser joined it to), no second title of the first noun's subject."""
    return any(c.dep_ == "poss" and coordinated_owner(ctx, c) for c in noun.children)


def _link(ctx: ChunkContext, subjects: list[str], noun: Token, pattern: str) -> Iterator[RawTriple]:
    """Triples relating `subjects` to whatever the relational `noun` points at; in a narrative document a
    position named without its organisation ("said chief executive X", "X is our chief technology officer")
    is held at the organisation named nearest before it (pattern "role-nearest")."""
    # "author and President of Y"
    nouns = [noun] + [c for c in noun.conjuncts if noun_of_relation(ctx, c) and not _owned_by_the_name_before(ctx, c)
                      and not _owned_by_the_name_before(ctx, noun)]
    found = {n.i: list(noun_relations(ctx, n)) for n in nouns}
    # "co-founder and chief executive of Y": the conjoined titles share the organisation the parser gave one
    shared = [obj for rels in found.values() for _p, obj, kind in rels if kind in ("of", "poss")]
    for n in nouns:
        rels = found[n.i]
        if not rels and shared and n.lemma_.lower() in POST_WORDS:
            lemma = n.lemma_.lower()
            pred = role_title(ctx, n) if lemma in ROLE_NOUNS else lemma
            rels = [(pred, obj, "of") for obj in dict.fromkeys(shared)]
        for pred, obj, kind in rels:
            name = "possessive" if kind == "poss" else "nationality" if kind == "norp" else pattern
            yield from ((s, pred, obj, name) for s in subjects)
        if not rels and subjects and getattr(ctx, "narrative", False) and n.lemma_.lower() in POSITIONS \
                and not on_list_line(n):  # "Present: A (chair), B (treasurer)": `attendance` reads them
            org = holder_of(ctx, n)
            if org is not None:
                yield from ((s, role_predicate(role_title(ctx, n)), org, "role-nearest") for s in subjects)


def copula_triples(ctx: ChunkContext, be: Token) -> Iterator[RawTriple]:
    """"X is the director of Y", "X was an American actor", "The father of X is Y"."""
    subj = next((c for c in be.children if c.dep_ in ("nsubj", "csubj")), None)
    attrs = [c for c in be.children if c.dep_ == "attr"]
    # "co-founder" split in three tokens, each an attr: the noun is the last part
    attr = next((a for a in attrs if not _hyphen_part(a)), attrs[0] if attrs else None)
    if attr is None:
        yield from _married(ctx, be, subj)
        return
    subjects = ctx.refs(subj) if subj is not None else verb_subjects(ctx, be)
    if attr.i in ctx.span_of or attr.pos_ == "PRON":
        objects = ctx.refs(attr)
        if subjects:  # "X is Y": an identity / class statement between two entities
            yield from ((s, "be", o, "copula") for s in subjects for o in objects)
        elif subj is not None and subj.pos_ == "NOUN":  # "The father of X is Y" -> (Y, father, X)
            yield from _link(ctx, objects, subj, "of-genitive")
    elif subjects and attr.pos_ in ("NOUN", "PROPN"):
        yield from _link(ctx, subjects, attr, "copula")


def _hyphen_part(tok: Token) -> bool:
    """A piece before a hyphen ("co" of "co-founder") or the hyphen itself."""
    doc = tok.doc
    return tok.text in _HYPHENS or (tok.i + 1 < len(doc) and doc[tok.i + 1].text in _HYPHENS and not tok.whitespace_)


def apposition_triples(ctx: ChunkContext, appos: Token) -> Iterator[RawTriple]:
    """"X, the founder of Y" -> (X, founder, Y); "her husband, John Smith" -> (John Smith, husband, <her>)."""
    head = appos.head
    if noun_of_relation(ctx, appos):  # "X, the founder of Y", "X, Chairman of Y"
        if head.dep_ == "attr" and head.head.lemma_ == "be":  # "X was a Roman Empress, daughter of Y"
            subjects = verb_subjects(ctx, head.head)
        elif any(c.i > appos.i for c in head.conjuncts):  # "X, daughter of A, and Y, son of B": X's alone
            subjects = ctx.refs(head, conjuncts=False) if head.i in ctx.span_of else []
        else:
            subjects = ctx.refs(head) if head.i in ctx.span_of else []
        yield from _link(ctx, subjects, appos, "apposition")
    elif appos.i in ctx.span_of and head.i not in ctx.span_of and head.pos_ == "NOUN":
        yield from _link(ctx, [ctx.span_of[appos.i].text], head, "apposition")


def _married(ctx: ChunkContext, be: Token, subj: Token | None) -> Iterator[RawTriple]:
    """"A and B are married" / "A is married to B": spouse triples from an adjectival complement."""
    acomp = next((c for c in be.children if c.dep_ == "acomp" and c.lower_ in ("married", "wed")), None)
    if acomp is None or subj is None:
        return
    subjects = ctx.refs(subj)
    yield from ((a, "marry", b, "coordination") for i, a in enumerate(subjects) for b in subjects[i + 1:])
    for prep in (c for c in acomp.children if c.dep_ == "prep" and c.lower_ == "to"):
        for pobj in (c for c in prep.children if c.dep_ == "pobj"):
            yield from ((s, "marry", o, "copula") for s in subjects for o in _object_refs(ctx, pobj))
