"""Dependency patterns that read typed (subject, predicate, object) triples from one sentence.

Direction convention: the predicate relates subject to object as "subject IS <predicate> OF
object" for noun predicates ((Nadia Brook, founder, Quillfeather), (Z, wife, Y)) and "subject
<verb> object" for verb predicates ((Curie, discover, polonium), (Y, direct, X)). Passives
are turned active ("Y was directed by X" -> (X, direct, Y)). Prepositional verb relations
keep the preposition ((X, born in, Z), (X, die on, DATE)). Endpoints are entity surface forms
(NER span, proper-noun run, resolved pronoun or title); common-noun endpoints are dropped.

A verb predicate keeps its particle ("grow up in", "set up"); a verb with a common-noun object
keeps that noun before a preposition ("take part in", "open shop in"). A relational noun that
names a position (`ROLE_NOUNS`) keeps its title words ("chief technology officer of"); a place
or organisation class noun modified by a place reads "<noun> in" ("a Tarnby software company"
-> "company in"). Verbs of holding a position with a common-noun object ("X chairs the board of
Y") give (X, "role: chair", Y). Coordinated subjects of a symmetric verb ("A and B were
married") give a triple between them. Raw predicates are mapped to the canonical vocabulary by
`hopgraph.indexing.predicates.canonicalise` in the extractor.

Appointments, "X of <organisation>" memberships and place-described organisations come from
`hopgraph.indexing.affiliation`; copulas, appositions and relational nouns from `hopgraph.indexing.noun_patterns`;
titles next to names from `hopgraph.indexing.titles`, organisations' sites from `hopgraph.indexing.facilities`,
"<place>, <larger place>" from `hopgraph.indexing.placement`, datelines from `hopgraph.indexing.dateline`;
places reached through a common noun, a relative "where" or an organisation's seat from
`hopgraph.indexing.locatives`, event nouns ("its founding in 1923") from `hopgraph.indexing.event_nouns`, and
arguments the parser attached to the wrong word from `hopgraph.indexing.parse_repairs`.

Patterns (Triple.pattern): svo, prep, passive, copula, apposition, compound, possessive,
of-genitive, coordination, role-verb, appointment, person-of, placed-org, role-list, run, born-compound,
unit-at, described-member, listed-unit, adjacent-place, heading-place, as-title.
"""

from __future__ import annotations

from collections.abc import Iterator

from hopgraph.indexing.affiliation import (
    appointment_triples,
    as_role_triples,
    described_member_triples,
    listed_unit_triples,
    member_triples,
    placed_org_triples,
    possessive_triples,
    unit_at_triples,
)
from hopgraph.indexing.affiliation import placeish as _placeish
from hopgraph.indexing.context import ChunkContext
from hopgraph.indexing.dateline import past_dateline, today_triples
from hopgraph.indexing.deixis import this_year_triples, weekday_date
from hopgraph.indexing.event_nouns import event_noun_triples, light_verb_triples
from hopgraph.indexing.facilities import facility_triples
from hopgraph.indexing.locatives import (
    adjacent_place_triples, heading_place_triples, nested_place_triples, seat_copula_triples, where_clause_triples,
)
from hopgraph.indexing.parse_repairs import (
    described_conjuncts, loose_objects, misplaced_apposition, split_subjects, stray_conjuncts,
)
from hopgraph.indexing.placement import born_compound_triples, locates_place, placement_triples
from hopgraph.indexing.predicates import (
    MEMBER_NOUNS,
    ORG_NOUNS,
    PARTICLES,
    ROLE_VERBS,
    SYMMETRIC_VERBS,
    role_predicate,
)
from hopgraph.indexing.role_lists import role_list_triples
from hopgraph.indexing.runs import run_triples, verb_run_triples
from hopgraph.indexing.titles import adjacent_title_triples, as_title_triples
from spacy.tokens import Span, Token

RawTriple = tuple[str, str, str, str]  # subject, predicate, object, pattern

_SUBJ = ("nsubj", "nsubjpass", "csubj")
_MOD_DEPS = frozenset("amod compound nummod nmod npadvmod poss".split())
_SKIP_VERBS = frozenset("be have do".split())
_FOUNDING = frozenset(("found", "co-found", "establish", "set up"))
#: Verbs whose date is their object's (founded, launched, opened, published the thing).
_DATED_BY_OBJECT = _FOUNDING | {"launch", "open", "publish", "release", "unveil", "inaugurate"}
#: Verbs of an event or a prize that, done "first", date its founding: "first held in 1951", "first awarded in 1955".
_FIRST_HELD = frozenset(("hold", "stage", "organise", "organize", "award", "run"))
_PLACED = {"ORG": "headquartered in", "FAC": "located in", "LOC": "located in", "GPE": "located in"}
_VALUE_LABELS = frozenset("DATE TIME CARDINAL ORDINAL QUANTITY PERCENT MONEY".split())
_HYPHENS = ("-", "–")
_PREFIXES = frozenset(("co", "re", "pre"))
_LIGHT_OBJECT_SKIP = frozenset(("one", "who", "what", "that"))
#: Objects that measure time: "spent twelve years at Y" relates the subject to Y by the verb alone.
_TIME_NOUNS = frozenset("year month week day decade season hour minute century summer winter".split())
#: Nouns naming a region of a place: "in the western part of X" is in X.
_REGION_NOUNS = frozenset("part edge side end centre center heart north south east west outskirts foot slope "
                          "shore bank corner".split())
#: Groups one joins as a member: "joined the Tarrow squad".
_GROUP_NOUNS = frozenset("team squad club orchestra band party choir section ensemble crew".split())
_NOT_PLACE = frozenset("PERSON DATE TIME CARDINAL ORDINAL QUANTITY PERCENT MONEY WORK_OF_ART EVENT".split())


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
    particles = [c.lower_ for c in verb.children if c.dep_ == "prt"]
    return " ".join([lemma, *particles])


def sentence_triples(ctx: ChunkContext, sent: Span) -> Iterator[RawTriple]:
    """Every triple the patterns find in one sentence (may contain duplicates)."""
    for tok in sent:
        if (tok.pos_ in ("VERB", "AUX") and tok.lemma_ not in _SKIP_VERBS) or (tok.lemma_ == "do" and tok.pos_ == "VERB"
                                                                             and tok.dep_ != "aux"):
            yield from verb_triples(ctx, tok)
        elif tok.lemma_ == "be":
            yield from copula_triples(ctx, tok)
            yield from seat_copula_triples(ctx, tok)
        if tok.pos_ == "VERB" and tok.lemma_ in ("have", "hold", "give", "celebrate", "stage"):
            yield from light_verb_triples(ctx, tok)  # "X had its premiere at Y"
        if tok.lemma_ in ("become", "remain"):  # "X became managing director of Y"
            yield from copula_triples(ctx, tok)
        if tok.dep_ == "appos":
            yield from apposition_triples(ctx, tok)
        if tok.dep_ == "compound" and tok.pos_ == "NOUN" and tok.head.i in ctx.span_of:
            if tok.i not in ctx.span_of:
                yield from _link(ctx, ctx.refs(tok.head), tok, "compound")
        if tok.dep_ == "prep" and tok.lower_ == "in" and tok.head.i in ctx.span_of:
            yield from _placed_in(ctx, ctx.span_of[tok.head.i], tok)
        if tok.i in ctx.span_of and ctx.span_of[tok.i].root.i == tok.i:
            yield from member_triples(ctx, ctx.span_of[tok.i])
            yield from possessive_triples(ctx, ctx.span_of[tok.i])
            yield from unit_at_triples(ctx, ctx.span_of[tok.i])
            yield from adjacent_place_triples(ctx, ctx.span_of[tok.i])
            yield from heading_place_triples(ctx, ctx.span_of[tok.i])
            yield from adjacent_title_triples(ctx, ctx.span_of[tok.i])
            yield from as_title_triples(ctx, ctx.span_of[tok.i])
            yield from _member_noun_before(ctx, ctx.span_of[tok.i])
            yield from placement_triples(ctx, ctx.span_of[tok.i])
            yield from run_triples(ctx, ctx.span_of[tok.i])
            yield from born_compound_triples(ctx, ctx.span_of[tok.i])
        elif tok.pos_ == "NOUN":
            yield from placed_org_triples(ctx, tok)
            yield from facility_triples(ctx, tok)
            yield from event_noun_triples(ctx, tok)
            yield from described_member_triples(ctx, tok)
            yield from listed_unit_triples(ctx, tok)


def _member_noun_before(ctx: ChunkContext, span: Span) -> Iterator[RawTriple]:
    """"the Tarrow Wheelers rider Ada Brook": the noun before a person's name relates the person."""
    if span.label_ != "PERSON" or span.start == 0:
        return
    noun = ctx.doc[span.start - 1]
    if noun.pos_ == "NOUN" and noun.lemma_.lower() in MEMBER_NOUNS and noun.i not in ctx.span_of:
        yield from _link(ctx, [span.text], noun, "compound")


def _placed_in(ctx: ChunkContext, span: Span, prep: Token) -> Iterator[RawTriple]:
    """"the Brindle inn in Ostwick" -> (Brindle inn, located in, Ostwick); an organisation is headquartered."""
    pred = _PLACED.get(span.label_)
    if pred is None or prep.head.i != span.root.i:
        return
    for pobj in (c for c in prep.children if c.dep_ == "pobj" and c.i in ctx.span_of):
        place = ctx.span_of[pobj.i]
        if place.label_ in ("GPE", "LOC") and place.start != span.start:
            yield span.text, pred, place.text, "nominal-in"


# ---------------------------------------------------------------- verbs


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


def coordinated(ctx: ChunkContext, tok: Token, refs: list[str]) -> list[str]:
    """`refs` plus the other names of a list the parser mis-attached ("by A B and C D" read as one noun
    phrase): every entity span in `tok`'s subtree when only commas, "and"/"or" and determiners separate them."""
    if tok.i not in ctx.span_of or not any(t.dep_ == "cc" for t in tok.subtree):
        return refs
    spans = sorted({ctx.span_of[t.i].start: ctx.span_of[t.i] for t in tok.subtree if t.i in ctx.span_of}.values(),
                   key=lambda sp: sp.start)
    for a, b in zip(spans, spans[1:]):
        if any(not (t.is_punct or t.dep_ in ("cc", "det")) for t in ctx.doc[a.end:b.start]):
            return refs
    return list(dict.fromkeys(refs + [sp.text for sp in spans if sp.label_ != "DATE"]))


def _object_refs(ctx: ChunkContext, tok: Token, conjuncts: bool = True) -> list[str]:
    """Object referents: entity spans (coordinated ones too: "by A and the seamstress B", "A, who ..., and B"),
    or entity modifiers' head noun when it is a proper name."""
    refs = _own_object_refs(ctx, tok)
    if conjuncts:
        for conj in (c for c in tok.children if c.dep_ == "conj"):
            refs = list(dict.fromkeys(refs + _object_refs(ctx, conj)))
    return refs


def _own_object_refs(ctx: ChunkContext, tok: Token) -> list[str]:
    full = weekday_date(ctx, ctx.span_of[tok.i]) if tok.i in ctx.span_of else None
    if full:  # "on Saturday, 11 March 2023"
        return [full]
    refs = coordinated(ctx, tok, ctx.refs(tok))
    if refs or tok.pos_ != "NOUN":
        return refs
    # "directed the film Psycho": a common noun with an appositive / compound proper name
    mods = [*tok.children, *(g for c in tok.children if c.dep_ in ("compound", "nmod") and c.pos_ == "NOUN"
                             and c.i not in ctx.span_of for g in c.children if g.dep_ in ("compound", "nmod"))]
    # "the QX-2 phase II trial": the name may modify the noun before the head
    names = [c for c in mods if c.dep_ in ("appos", "compound", "nmod") and c.i in ctx.span_of
             and (c.dep_ != "nmod" or c.head.i != tok.i)
             and not (c.dep_ in ("compound", "nmod") and tok.lemma_.lower() in ORG_NOUNS | _GROUP_NOUNS
                      and _placeish(ctx.span_of[c.i]))]  # "the Tarrow rescue team" is no Tarrow
    found = [ctx.span_of[c.i].text for c in names if ctx.span_of[c.i].label_ != "DATE"]
    if not found and tok.lemma_.lower() in _REGION_NOUNS:  # "in the western part of X", "on the edge of X"
        found = [r for prep in tok.children if prep.dep_ == "prep" and prep.lower_ == "of"
                 for pobj in prep.children if pobj.dep_ == "pobj" for r in ctx.refs(pobj)]
    return found


# The noun patterns (copula, apposition, relational nouns) use the helpers above.
from hopgraph.indexing.noun_patterns import _link, apposition_triples, copula_triples
