"""Who belongs where: appointments, "X of <organisation>", and where an organisation described by a place is.

* Appointments and elections: "Quell Ltd has appointed Ada Brook as chief executive", "Ada Brook was elected mayor
  of Tarrow", "the board named Cy Dunn its new editor" -> (person, "role: <title>", organisation); the organisation
  is the one the title names ("mayor of Tarrow"), else the appointing subject. An election is also (person,
  "elected to", the place or body the title names).
* A position taken "as" ("joined Y as a trainee", "took office as director of Y") is a role at Y.
* A person "of" an organisation, or with it in brackets ("Ada Brook of the Green Party", "Cllr Brook (Green
  Party)") is a member of it.
* "<organisation>'s <organisation>" is a part of it, and so is "<organisation> at <organisation>" ("the Centre
  for Snow at Tarrow Hospital"); "<place>'s <place>" lies in it.
* An organisation class noun modified by a name that is no person ("the Tarrow publisher", "a Tarrow diagnostics
  company", "the Tarrow company said") is based there: "<noun> in".
"""

from __future__ import annotations

from collections.abc import Iterator

from spacy.tokens import Span, Token

from hopgraph.indexing.context import ChunkContext
from hopgraph.indexing.predicates import KEEP_NOUNS, MEMBER_NOUNS, ORG_NOUNS, ROLE_NOUNS, role_predicate
from hopgraph.indexing.roles import POSITIONS, is_title_word, role_title
from hopgraph.indexing.types import name_type, personal_shape
from hopgraph.models_indexing import RawTriple


APPOINT_VERBS = frozenset("appoint name elect re-elect reelect hire promote install choose select".split())
_ELECT_VERBS = frozenset("elect re-elect reelect".split())
#: Organisation nouns for groups that are often unnamed ("the Tarrow mountain rescue team").
_GROUPS = frozenset("team squad club orchestra band choir ensemble crew section".split())
#: spaCy labels of names that are never a place (people, dates, numbers, works, events); `placeish` lets a
#: one-word PERSON through.
NOT_PLACE = frozenset("PERSON DATE TIME CARDINAL ORDINAL QUANTITY PERCENT MONEY WORK_OF_ART EVENT".split())
#: Labels of made things (products, product and trial codes, works): an organisation's one is its product.
_MADE_LABELS = frozenset(("WORK_OF_ART", "PRODUCT"))


def placeish(span: Span) -> bool:
    """A name modifying an organisation noun that reads as its place: not a date, number, work or event, not an
    organisation's name by its form, and a person's only when one word (NER often calls a town a person)."""
    label = span.label_
    if label in NOT_PLACE - {"PERSON"} or (label == "PERSON" and len(span) > 1) or len(span) > 2:
        return False
    return name_type(span.text) != "ORG"


def _is_position(ctx: ChunkContext, noun: Token) -> bool:
    """A title noun, written small or as a capitalised word outside any name ("elected President of Y")."""
    lemma = noun.lemma_.lower()
    return is_title_word(ctx, noun) and (lemma in ROLE_NOUNS or lemma in POSITIONS or lemma in KEEP_NOUNS)


def _position_nouns(ctx: ChunkContext, verb: Token) -> list[Token]:
    """The title the verb confers: "as <noun>", an object predicate ("elected mayor"), "to the post of <noun>"."""
    out = []
    for child in verb.children:
        if child.dep_ in ("oprd", "attr", "xcomp", "npadvmod") and _is_position(ctx, child):
            out.append(child)
        elif child.dep_ == "prep" and child.lower_ in ("as", "to"):
            out += [p for p in child.children if p.dep_ == "pobj" and (_is_position(ctx, p) or (
                child.lower_ == "as" and p.pos_ == "NOUN" and verb.lemma_.lower() in APPOINT_VERBS))]
    return out  # appointed "as its principal cellist": whatever one is appointed as is a post


def _named_org(ctx: ChunkContext, noun: Token) -> list[str]:
    """The organisation a title names: "chief executive of Y", "mayor at Y", "Y's editor"."""
    out = []
    for child in noun.children:
        if child.dep_ == "prep" and child.lower_ in ("of", "at", "for"):
            for pobj in (c for c in child.children if c.dep_ == "pobj"):
                out += ctx.refs(pobj) or [ctx.span_of[c.i].text for c in pobj.children  # "at the tent maker Y"
                                          if c.dep_ in ("appos", "compound") and c.i in ctx.span_of
                                          and ctx.is_org(ctx.span_of[c.i])]
        elif child.dep_ == "poss":
            out += ctx.refs(child)
    return out


def appointment_triples(ctx: ChunkContext, verb: Token, subjects: list[str], passive: bool) -> Iterator[RawTriple]:
    """(person, role: <title>, organisation) for an appointment or election headed by `verb`."""
    if verb.lemma_.lower() not in APPOINT_VERBS:
        return
    nouns = _position_nouns(ctx, verb)
    if passive:
        people = subjects
        agents = [r for c in verb.children if c.dep_ == "agent" for p in c.children if p.dep_ == "pobj"
                  for r in ctx.refs(p)]
    else:
        people = [r for c in verb.children if c.dep_ == "dobj" for r in ctx.refs(c)]
        agents = subjects
        if not nouns:  # "named Cy Dunn its new editor": the title hangs off the object
            nouns = [c for d in verb.children if d.dep_ == "dobj" for c in d.children
                     if c.dep_ in ("appos", "oprd") and _is_position(ctx, c)]
    elected = verb.lemma_.lower() in _ELECT_VERBS
    for noun in nouns:
        named = _named_org(ctx, noun)
        orgs = named or agents
        pred = role_predicate(role_title(ctx, noun))
        yield from ((p, pred, o, "appointment") for p in people for o in orgs if p != o)
        if elected:  # "elected mayor of Tarrow": the office's town or body is what one was elected to
            yield from ((p, "elected to", o, "appointment") for p in people for o in named if p != o)


def member_triples(ctx: ChunkContext, span: Span) -> Iterator[RawTriple]:
    """(person, member of, organisation) for "Ada Brook of the Green Party" and "Ada Brook (Green Party)" (the
    bracketed name an organisation by its form, or tagged one at another mention in the chunk). A name shaped
    like a person's that NER typed otherwise counts when what follows "of" is surely an organisation ("Ada Brook
    of Tarrow–Ossel" with Ada Brook tagged ORG). A person "with" a named team, club or orchestra is its member."""
    person_shaped = span.label_ != "PERSON" and personal_shape(span.text) and name_type(span.text) is None
    if span.label_ != "PERSON" and not person_shaped:
        return
    for prep in (c for c in span.root.children if c.dep_ == "prep" and c.lower_ == "of"):
        for pobj in (c for c in prep.children if c.dep_ == "pobj" and c.i in ctx.span_of):
            org = ctx.span_of[pobj.i]
            if ctx.is_org(org) and (not person_shaped or ctx.org_strength(org) == 2):
                yield span.text, "member of", org.text, "person-of"
    for prep in (c for c in span.root.children if c.dep_ == "prep" and c.lower_ == "with"):
        for pobj in (c for c in prep.children if c.dep_ == "pobj" and c.lemma_.lower() in _GROUPS):
            from hopgraph.indexing.patterns import _object_refs  # "X, now with the Tarrow Wheelers team"

            yield from ((span.text, "member of", o, "person-with") for o in _object_refs(ctx, pobj) if o != span.text)
    doc = ctx.doc
    if person_shaped:
        return
    if span.end + 2 < len(doc) and doc[span.end].text == "(" and span.end + 1 in ctx.span_of:
        org = ctx.span_of[span.end + 1]
        tagged_org = any(s.text == org.text and s.label_ == "ORG" for s in ctx.spans)  # elsewhere in the chunk
        if org.end < len(doc) and doc[org.end].text == ")" and (ctx.is_org(org) or tagged_org):
            yield span.text, "member of", org.text, "person-of"


def placed_org_triples(ctx: ChunkContext, noun: Token) -> Iterator[RawTriple]:
    """(organisation, "<noun> in", place) for "the Tarrow company said" (the noun refers to an organisation named
    before) and "Quell, the Tarrow publisher" (the noun is in apposition to it)."""
    lemma = noun.lemma_.lower()
    if noun.pos_ != "NOUN" or lemma not in ORG_NOUNS or noun.i in ctx.span_of:
        return
    places = []
    mods = [c for c in noun.children if c.dep_ in ("compound", "amod", "nmod", "npadvmod")]
    # "a Tarrow diagnostics company": the place may modify the noun before the class noun
    mods += [g for c in mods if c.pos_ == "NOUN" and c.i not in ctx.span_of for g in c.children
             if g.dep_ in ("compound", "amod", "nmod") and g.i < c.i]
    for child in mods:
        if child.i in ctx.span_of:
            span = ctx.span_of[child.i]
            if placeish(span) \
                    and span.end <= noun.i:
                places.append(span.text)
    if not places:
        return
    if noun.dep_ in ("appos", "compound") and noun.head.i in ctx.span_of:  # "Quell, the Tarrow publisher"
        orgs = ctx.refs(noun.head)
    elif any(c.dep_ == "appos" and c.i in ctx.span_of for c in noun.children):
        orgs = [ctx.span_of[c.i].text for c in noun.children if c.dep_ == "appos" and c.i in ctx.span_of]
    elif any(c.dep_ == "det" and c.lower_ == "the" for c in noun.children) and ctx.narrative \
            and lemma not in _GROUPS:  # "the Tarrow rescue team" is often a team of its own, unnamed
        ante = ctx.nearest(noun, ("ORG",))
        orgs = [ante] if ante else []
    else:
        return
    yield from ((o, f"{lemma} in", p, "placed-org") for o in orgs for p in places if o != p)


_PLACE_KINDS = frozenset(("GPE", "LOC", "FAC"))


def possessive_triples(ctx: ChunkContext, span: Span) -> Iterator[RawTriple]:
    """"<organisation>'s <organisation>" is a part of it ("Tarrow University's Institute of Ice", "its Centre for
    Snow"); "<place>'s <place>" lies in it ("Tarrow's Osk district"); an organisation's product or work is its
    product ("Quell Ltd's drug QX-12", "its lead programme, QX-12", "QX-12, our phase II trial")."""
    own_kind = name_type(span.text) or span.label_
    owners = [r for c in span.root.children if c.dep_ == "poss" for r in ctx.refs(c)]
    made = span.label_ in _MADE_LABELS
    if made:  # "its lead programme, QX-12" / "QX-12, our phase II trial": the owner of the noun set beside it
        nouns = [c for c in span.root.children if c.dep_ == "appos" and c.pos_ == "NOUN"]
        if span.root.dep_ == "appos" and span.root.head.pos_ == "NOUN":
            nouns.append(span.root.head)
        owners += [r for n in nouns for c in n.children if c.dep_ == "poss" for r in ctx.refs(c)]
    doc = ctx.doc
    if span.start >= 2 and doc[span.start - 1].lower_ in ("'s", "’s") and span.start - 2 in ctx.span_of:
        owners.append(ctx.span_of[span.start - 2].text)  # "the University of Tarrow's Institute": any parse
    for owner_text in dict.fromkeys(owners):
        owner = next((s for s in ctx.spans if s.text == owner_text), None)
        if owner is None or owner_text == span.text:
            continue
        owner_kind = name_type(owner.text) or owner.label_
        if made and ctx.is_org(owner):  # "Quell Ltd's inhaled drug QX-12"
            yield span.text, "product of", owner_text, "possessive-product"
        elif ctx.is_org(span) and ctx.is_org(owner):
            yield span.text, "subsidiary of", owner_text, "possessive-org"
        elif own_kind in _PLACE_KINDS and (owner_kind in ("GPE", "LOC") and not ctx.is_org(owner)
                                           or (_district_after(span) and name_type(owner.text) is None)):
            yield span.text, "located in", owner_text, "possessive-place"


#: Nouns of a part of a town: "Tarrow's Osk district" is in Tarrow, whatever NER called Tarrow.
_DISTRICT_NOUNS = frozenset("district quarter suburb neighbourhood neighborhood borough ward".split())


def _district_after(span: Span) -> bool:
    doc = span.doc
    return span.end < len(doc) and doc[span.end].lower_ in _DISTRICT_NOUNS


def as_role_triples(ctx: ChunkContext, verb: Token, subjects: list[str]) -> Iterator[RawTriple]:
    """(subject, role: <title>, organisation) for "X joined Y as a trainee", "X took office as director of Y",
    "X takes over as team doctor" (the organisation: the one the title names, the verb's object, else in a
    narrative document the one named nearest before)."""
    if verb.lemma_.lower() in APPOINT_VERBS:
        return
    for prep in (c for c in verb.children if c.dep_ == "prep" and c.lower_ == "as"):
        posts = [p for p in prep.children if p.dep_ == "pobj" and _is_position(ctx, p)]
        posts += [c for p in posts for c in p.conjuncts if _is_position(ctx, c)]  # "as chairman and CEO of Y"
        shared = [o for p in posts for o in _named_org(ctx, p)]
        for noun in posts:
            orgs = _named_org(ctx, noun) or shared or [r for c in verb.children if c.dep_ == "dobj" for r in ctx.refs(c)] \
                or [r for c in verb.children if c.dep_ == "prep" and c.lower_ in ("at", "for")  # "as head at Y",
                    for p in c.children if p.dep_ == "pobj" for r in ctx.refs(p)]  # "at" hung off the verb
            if not orgs and ctx.narrative:  # in an organisation's own newsletter: that organisation
                from hopgraph.indexing.author import author_org, is_quoted
                from hopgraph.indexing.roles import nearest_org

                org = (None if is_quoted(verb) else author_org(ctx)) or nearest_org(ctx, noun)
                orgs = [org] if org else []
            pred = role_predicate(role_title(ctx, noun))
            yield from ((s, pred, o, "as-role") for s in subjects for o in orgs if s != o)


def unit_at_triples(ctx: ChunkContext, span: Span) -> Iterator[RawTriple]:
    """(unit, part of, institution) for "the Centre for Snow Medicine at Tarrow University Hospital": a sure
    organisation (`ChunkContext.org_strength`) "at" another (the span cut at "at": `spans._split_breaks`)."""
    doc = ctx.doc
    if ctx.org_strength(span) < 2 or span.end + 1 >= len(doc) or doc[span.end].lower_ != "at":
        return
    k = span.end + 1 + (doc[span.end + 1].lower_ == "the")
    other = ctx.span_of.get(k)
    if other is not None and other.start == k and other.text != span.text and ctx.org_strength(other) == 2:
        yield span.text, "part of", other.text, "unit-at"


def described_member_triples(ctx: ChunkContext, noun: Token) -> Iterator[RawTriple]:
    """(person, member of, team) for "The Tarrow Wheelers rider crashed": in a narrative document a definite
    "the <team> rider / player / candidate" with no name after it describes the person named nearest before."""
    if not ctx.narrative or noun.pos_ != "NOUN" or noun.lemma_.lower() not in MEMBER_NOUNS or noun.i in ctx.span_of:
        return
    if not any(c.dep_ == "det" and c.lower_ in ("the", "this") for c in noun.children):
        return
    nxt = noun.i + 1
    if nxt < len(ctx.doc) and nxt in ctx.span_of:
        return  # "the Tarrow rider Ada Brook": the name is given (`patterns._member_noun_before`)
    teams = [ctx.span_of[c.i] for c in noun.children if c.dep_ in ("compound", "nmod") and c.i in ctx.span_of]
    teams = [t for t in teams if ctx.org_strength(t) == 2]
    person = ctx.nearest(noun, ("PERSON",)) if teams else None
    if person is not None:
        yield from ((person, "member of", t.text, "described-member") for t in teams)


#: Nouns of an organisation's parts: "its research institutes", "the group's subsidiaries".
_UNIT_NOUNS = frozenset("institute faculty department subsidiary division unit laboratory lab centre center school "
                        "college clinic".split())
_LIST_VERBS = frozenset(("be", "include", "comprise"))


def listed_unit_triples(ctx: ChunkContext, noun: Token) -> Iterator[RawTriple]:
    """(unit, part of, owner) for "Among its research institutes are X and Y" / "Tarrow University's faculties
    include X": names listed as the possessor's parts (only names shaped as organisations)."""
    if noun.pos_ != "NOUN" or noun.lemma_.lower() not in _UNIT_NOUNS or noun.i in ctx.span_of:
        return
    owners = [r for c in noun.children if c.dep_ == "poss" for r in ctx.refs(c)]
    verb = noun.head.head if noun.dep_ == "pobj" and noun.head.lower_ == "among" else noun.head
    if not owners or verb.lemma_.lower() not in _LIST_VERBS or (noun.dep_ != "pobj" and noun.dep_ != "nsubj"):
        return
    from hopgraph.indexing.patterns import _object_refs

    args = [c for c in verb.children if c.dep_ in ("attr", "dobj", "nsubj") and c.i != noun.i]
    pred = "subsidiary of" if noun.lemma_.lower() == "subsidiary" else "part of"
    for arg in args:
        for name in _object_refs(ctx, arg):
            span = next((sp for sp in ctx.spans if sp.text == name), None)
            if span is not None and ctx.org_strength(span) == 2:
                yield from ((name, pred, o, "listed-unit") for o in owners if o != name)
