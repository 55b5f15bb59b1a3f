"""Verb patterns: svo, prep and passive triples headed by one verb (part of `hopgraph.indexing.patterns`, whose
docstring gives the direction convention; re-exported from there).

A verb predicate keeps its particle ("grow up in", "set up"); a verb with a common-noun object keeps that noun
before a preposition ("take part in", "open shop in"). Passives are turned active ("Y was directed by X" ->
(X, direct, Y)). Verbs of holding a position with a common-noun object ("X chairs the board of Y") give (X,
"role: chair", Y); coordinated subjects of a symmetric verb ("A and B were married") a triple between them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from hopgraph.indexing.affiliation import appointment_triples, as_role_triples
from hopgraph.indexing.context import ChunkContext
from hopgraph.indexing.dateline import past_dateline, today_triples
from hopgraph.indexing.deixis import this_year_triples
from hopgraph.indexing.locatives import nested_place_triples, where_clause_triples
from hopgraph.indexing.object_refs import _GROUP_NOUNS, _object_refs, coordinated
from hopgraph.indexing.parse_repairs import (
    described_conjuncts, loose_objects, misplaced_apposition, split_subjects, stray_conjuncts,
)
from hopgraph.indexing.placement import locates_place
from hopgraph.indexing.predicates import PARTICLES, ROLE_VERBS, SYMMETRIC_VERBS, role_predicate
from hopgraph.indexing.role_lists import role_list_triples
from hopgraph.indexing.runs import verb_run_triples
from spacy.tokens import Token

if TYPE_CHECKING:
    from hopgraph.models_indexing import RawTriple

_SUBJ = ("nsubj", "nsubjpass", "csubj")
_FOUNDING = frozenset(("found", "co-found", "establish", "set up"))
#: Verbs whose date is their object's (founded, launched, opened, published the thing).
_DATED_BY_OBJECT = _FOUNDING | {"launch", "open", "publish", "release", "unveil", "inaugurate"}
#: Verbs of an event or a prize that, done "first", date its founding: "first held in 1951", "first awarded in 1955".
_FIRST_HELD = frozenset(("hold", "stage", "organise", "organize", "award", "run"))
_VALUE_LABELS = frozenset("DATE TIME CARDINAL ORDINAL QUANTITY PERCENT MONEY".split())
_HYPHENS = ("-", "–")
_PREFIXES = frozenset(("co", "re", "pre"))
_LIGHT_OBJECT_SKIP = frozenset(("one", "who", "what", "that"))
#: Objects that measure time: "spent twelve years at Y" relates the subject to Y by the verb alone.
_TIME_NOUNS = frozenset("year month week day decade season hour minute century summer winter".split())


def verb_predicate(verb: Token) -> str:
    """Lemma of a verb with its particle ("grow up"), "born" kept as is (spaCy lemmatises it to "bear");
    "" for a token that is no verb of its own (a particle, half of "start-up", a non-word)."""
    if verb.lower_ == "born":
        return "born"
    lemma = verb.lemma_.lower()
    if not lemma.replace("-", "").isalpha() or lemma in PARTICLES:
        return ""
    doc = verb.doc
    if verb.i + 1 < len(doc) and doc[verb.i + 1].text in _HYPHENS and not verb.whitespace_:
        return ""  # "start" of "start-up"
    if verb.i >= 2 and doc[verb.i - 1].text in _HYPHENS and not doc[verb.i - 2].whitespace_:
        prefix = doc[verb.i - 2].lower_
        if prefix not in _PREFIXES:
            return ""
        lemma = f"{prefix}-{lemma}"  # "co-founded" -> co-found
    particles = [c.lower_ for c in verb.children if c.dep_ == "prt" or _stranded_particle(verb, c)]
    if particles and lemma in _PARTICLE_LEMMAS:
        lemma = _PARTICLE_LEMMAS[lemma]  # "wound up": wind up, not the noun's verb
    return " ".join([lemma, *particles])


#: Adverb particles that make a phrasal verb ("take over", "sell off", "buy out"), not prepositions of place.
_PHRASAL_PARTICLES = frozenset(("up", "down", "out", "off", "over", "back", "away"))
#: Past forms spaCy lemmatises as another verb when a particle follows ("wound up" -> wound).
_PARTICLE_LEMMAS = {"wound": "wind"}


def _stranded_particle(verb: Token, child: Token) -> bool:
    """A phrasal verb's particle written after its object ("took the bakery over", "sold the unit off"), which
    the parser hangs off the verb as a preposition or adverb with no object of its own."""
    return child.dep_ in ("prep", "advmod") and child.lower_ in _PHRASAL_PARTICLES and child.i > verb.i + 1 \
        and not any(True for _ in child.children) \
        and any(c.dep_ == "dobj" and verb.i < c.i < child.i for c in verb.children)


def _is_passive(verb: Token) -> bool:
    if any(c.dep_ in ("nsubjpass", "auxpass") for c in verb.children):
        return True
    has_aux = any(c.dep_ == "aux" for c in verb.children)
    if verb.tag_ == "VBN" and not has_aux:
        if verb.dep_ in ("acl", "advcl", "ROOT"):
            return True
        if verb.dep_ == "conj":
            return _is_passive(verb.head)
    return False


def verb_subjects(ctx: ChunkContext, verb: Token, depth: int = 0) -> list[str]:
    """Who/what the verb is about: its subject, an inherited one, or the noun it modifies."""
    subjs = split_subjects(ctx, [c for c in verb.children if c.dep_ in _SUBJ])
    # the subject nearest before the verb: "Ostwick, 5 May 2021 — Quorvex will ..." (a dateline) has two
    subj = max((c for c in subjs if c.i < verb.i), key=lambda c: c.i, default=subjs[0] if subjs else None)
    if subj is not None:
        refs = past_dateline(ctx, subj)  # "Tarrow, 5 May 2021 — Quell Ltd opened ...": not Tarrow
        if refs is not None:
            after = next((s for s in ctx.spans if refs and s.text == refs[0] and s.start > subj.i), None)
            return refs + (described_conjuncts(ctx, after.root, refs) if after is not None else [])
        refs = coordinated(ctx, subj, ctx.refs(subj))
        refs += described_conjuncts(ctx, subj, refs)
        if not refs and subj.pos_ == "NOUN":  # "The region's main daily, the Ostwick Post, was founded ..."
            refs = [ctx.span_of[c.i].text for c in subj.children if c.dep_ == "appos" and c.i in ctx.span_of
                    and ctx.span_of[c.i].label_ not in _VALUE_LABELS] or misplaced_apposition(ctx, subj)
        return refs
    if verb.lower_ == "born" and verb.i == verb.sent.start:  # "Born in X in 1951, ..., Brack qualified as ..."
        later = next((t for t in verb.sent if t.i > verb.i and t.dep_ == "nsubj"
                      and (t.i in ctx.span_of or t.pos_ == "PRON")), None)  # "Born in X in 1999, she ..."
        if later is not None:
            return ctx.refs(later)
    if depth > 3:
        return []
    if verb.dep_ == "pcomp" and verb.head.dep_ == "prep":  # "known for having been ..."
        return verb_subjects(ctx, verb.head.head, depth + 1)
    if verb.dep_ == "advcl" and verb.tag_ == "VBG" and (taker := post_taker(ctx, verb)):
        return taker  # "announces the appointment of X as chief executive, succeeding Y": X succeeds Y
    if verb.dep_ == "conj" or (verb.dep_ in ("advcl", "xcomp") and verb.tag_ in ("VBN", "VBG")):
        return verb_subjects(ctx, verb.head, depth + 1)
    if verb.dep_ == "xcomp" and not any(c.dep_ == "dobj" for c in verb.head.children):
        return verb_subjects(ctx, verb.head, depth + 1)  # "A and B agreed to merge"
    if verb.dep_ in ("acl", "relcl"):
        head = verb.head
        if verb.dep_ == "acl" and head.dep_ == "pobj" and head.head.dep_ == "agent":
            # "directed by X, written by Y": the second participle hangs off X by mistake
            return verb_subjects(ctx, head.head.head, depth + 1)
        return ctx.anchor(head)
    return ctx.lead_subject(verb)


#: Verbs of taking someone's post, whose subject is a person.
_TAKING_A_POST = frozenset(("succeed", "replace"))


def post_taker(ctx: ChunkContext, verb: Token) -> list[str]:
    """ "X has appointed Y as chair, succeeding Z", "X announces the appointment of Y, replacing Z": the person the
    main verb's object names (or its "of" phrase) takes Z's post, not the body that appointed them; [] otherwise."""
    if verb.lemma_ not in _TAKING_A_POST:
        return []
    obj = next((c for c in verb.head.children if c.dep_ == "dobj"), None)
    if obj is not None and obj.i not in ctx.span_of:  # "the appointment of Y"
        obj = next((g for p in obj.children if p.dep_ == "prep" and p.lower_ == "of"
                    for g in p.children if g.dep_ == "pobj"), None)
    span = ctx.span_of.get(obj.i) if obj is not None else None
    return [span.text] if span is not None and span.label_ == "PERSON" else []


def verb_triples(ctx: ChunkContext, verb: Token) -> Iterator[RawTriple]:
    """svo / prep / passive triples headed by one verb."""
    pred = verb_predicate(verb)
    if not pred:
        return
    yield from role_list_triples(ctx, verb)  # "Later chief conductors included A, B and C"
    subjects = verb_subjects(ctx, verb)
    if not subjects or _negated(verb):
        return
    passive = _is_passive(verb)
    appointed = list(appointment_triples(ctx, verb, subjects, passive)) + list(as_role_triples(ctx, verb, subjects))
    if appointed:  # "Y appointed X as chief executive": the role, not "Y appoint X"
        yield from appointed
        return
    noun_obj = _common_object(ctx, verb) if not passive else None
    if noun_obj is not None and verb.lemma_.lower() in ROLE_VERBS:  # "X chairs the board of Y"
        yield from _role_verb_triples(ctx, subjects, verb, noun_obj)
        return
    if pred.split()[0] in SYMMETRIC_VERBS and len(subjects) > 1 and not any(
            c.dep_ == "dobj" for c in verb.children):  # "A and B were married"
        yield from ((a, pred, b, "coordination") for i, a in enumerate(subjects) for b in subjects[i + 1:])
    if pred == "join" and any(c.dep_ == "dobj" and c.lemma_.lower() in _GROUP_NOUNS for c in verb.children):
        pred = "member of"  # "joined the Tarrow squad": a member, not an employee
    prep_heads = [verb] + ([noun_obj] if noun_obj is not None else [])
    if not passive:
        yield from ((s, pred, work, "svo") for work in loose_objects(ctx, verb) for s in subjects if s != work)
    for child in verb.children:
        if child.dep_ == "dobj" and not passive:
            for obj in _object_refs(ctx, child) + stray_conjuncts(ctx, verb, child):
                yield from ((s, pred, obj, "svo") for s in subjects)
        elif child.dep_ == "dobj" and passive and pred == "award":  # "X was awarded the Medal"
            for obj in _object_refs(ctx, child):
                yield from ((s, "win", obj, "passive") for s in subjects)
        elif child.dep_ == "agent" and passive:
            for pobj in (c for c in child.children if c.dep_ == "pobj"):
                for agent in _object_refs(ctx, pobj) + stray_conjuncts(ctx, verb, pobj):
                    yield from ((agent, pred, s, "passive") for s in subjects)
    if passive and pred in _FIRST_HELD and any(c.dep_ == "advmod" and c.lower_ == "first" for c in verb.children):
        pred = "found"  # "The race was first held in 1951": founded then
    if pred in _FOUNDING and not passive:  # "X founded the school in 1974": the school's date and place
        founded = [o for c in verb.children if c.dep_ == "dobj" for o in _object_refs(ctx, c)] + loose_objects(ctx, verb)
        if not founded:
            if verb.dep_ == "acl":  # "Quell Ltd, a company founded this year": the dateline's year
                yield from this_year_triples(ctx, verb, subjects)
            return  # "X founded the school in 1974", "which X founded in 2008": the date is what was founded's
        subjects = founded or subjects
    if pred in _DATED_BY_OBJECT and not passive:  # "Tarrow, 5 May 2021 — Quell today launched the Y": Y's date
        made = [o for c in verb.children if c.dep_ == "dobj" for o in _object_refs(ctx, c)] \
            + loose_objects(ctx, verb)
        yield from today_triples(ctx, verb, pred, made or subjects)
        subjects = made or subjects  # "Quell will publish Y on 4 May": the date is Y's
    yield from _as_noun_in(ctx, verb, subjects)
    yield from verb_run_triples(ctx, verb, subjects)
    yield from where_clause_triples(ctx, verb, pred, subjects)
    for head in prep_heads + _shared_complement(verb, noun_obj):
        base = pred if noun_obj is None else f"{pred} {noun_obj.lemma_.lower()}"
        for child in (c for c in head.children if (c.dep_ == "prep" or (c.dep_ == "dative" and passive))
                      and not locates_place(ctx, c)):
            prep_pred = f"{base} {child.lower_}"
            for pobj in (c for c in child.children if c.dep_ == "pobj"):
                for obj in _object_refs(ctx, pobj):
                    yield from ((s, prep_pred, obj, "prep") for s in subjects)
                if noun_obj is None and head is verb:
                    yield from nested_place_triples(ctx, pobj, base, child, subjects)


def _negated(verb: Token) -> bool:
    """"did not win", "holds no interest in Y": a negated statement relates nothing."""
    return any(c.dep_ == "neg" for c in verb.children) or any(
        c.dep_ == "dobj" and any(d.dep_ == "det" and d.lower_ == "no" for d in c.children) for c in verb.children)


def _as_noun_in(ctx: ChunkContext, verb: Token, subjects: list[str]) -> Iterator[RawTriple]:
    """"works as a librarian in Y", "spent years as its correspondent in Y": (subject, "<noun> in", Y)."""
    for prep in (c for c in verb.children if c.dep_ == "prep" and c.lower_ == "as"):
        for noun in (p for p in prep.children if p.dep_ == "pobj" and p.pos_ == "NOUN" and p.i not in ctx.span_of):
            for inner in (c for c in noun.children if c.dep_ == "prep" and c.lower_ == "in"):
                for pobj in (c for c in inner.children if c.dep_ == "pobj"):
                    for obj in _object_refs(ctx, pobj):
                        yield from ((s, f"{noun.lemma_.lower()} in", obj, "prep") for s in subjects)


def _shared_complement(verb: Token, noun_obj: Token | None) -> list[Token]:
    """A verb with no complement of its own shares the prepositions of the verb coordinated after it: "was born
    and raised in Y" is born in Y, "founded and run by X" founded by X (the conjunct's own triples come from it)."""
    if noun_obj is not None or any(c.dep_ in ("dobj", "prep", "agent", "dative", "attr", "oprd") for c in verb.children):
        return []
    return [c for c in verb.children if c.dep_ == "conj" and c.pos_ == "VERB" and c.i < verb.i + 4]


def _common_object(ctx: ChunkContext, verb: Token) -> Token | None:
    """The verb's direct object when it is a common noun naming no entity ("took part", "chairs the board")."""
    dobj = next((c for c in verb.children if c.dep_ == "dobj"), None)
    if dobj is None or dobj.pos_ != "NOUN" or dobj.i in ctx.span_of or dobj.lower_ in _LIGHT_OBJECT_SKIP \
            or dobj.lemma_.lower() in _TIME_NOUNS:
        return None
    return None if _object_refs(ctx, dobj) else dobj


def _role_verb_triples(ctx: ChunkContext, subjects: list[str], verb: Token, noun: Token) -> Iterator[RawTriple]:
    """(X, role: <agent noun>, Y) for "X chairs the board of Y" / "X runs product development at Y"."""
    pred = role_predicate(ROLE_VERBS[verb.lemma_.lower()])
    for head in (noun, verb):
        for prep in (c for c in head.children if c.dep_ == "prep" and c.lower_ in ("of", "at", "for")):
            for pobj in (c for c in prep.children if c.dep_ == "pobj"):
                for obj in _object_refs(ctx, pobj):
                    yield from ((s, pred, obj, "role-verb") for s in subjects)
