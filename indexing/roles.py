"""Positions people hold: role titles read from a noun phrase, and the organisation a bare title belongs to.

`role_title` keeps the words that make a title ("chief technology officer", "artistic director") and drops names,
determiners and words of time ("former", "new"). `nearest_org` is where a position named without its organisation
("said chief executive X" in a company's press release) is held: the organisation named nearest before it (a name
whose form says organisation first); `holder_of` also puts a mayor in the nearest town.
"""

from __future__ import annotations

from spacy.tokens import Token

from hopgraph.indexing.context import ChunkContext
from hopgraph.indexing.predicates import KEEP_NOUNS, ROLE_NOUNS
from hopgraph.indexing.types import name_type

#: Position nouns that imply an organisation even when none is named with them.
POSITIONS = (ROLE_NOUNS | {"director", "publisher"}) - {"doctor", "physician", "surgeon", "nurse", "trainee",
                                                          "apprentice", "chef", "pilot", "architect", "economist"}
_TITLE_SKIP = frozenset(
    "former new current then longtime long-time first last late previous future own outgoing incoming acting "
    "its his her their our".split()
)


#: Nouns that name a post or a maker, written small or capitalised ("chairman", "President", "director").
POST_WORDS = POSITIONS | KEEP_NOUNS


def noun_of_relation(ctx: ChunkContext, tok: Token) -> bool:
    """A token outside any name that can be a relational noun: a common noun, or a post written capitalised ("an
    author and President of Y", "X, Chairman of Y")."""
    return tok.i not in ctx.span_of and (tok.pos_ == "NOUN" or (tok.pos_ == "PROPN" and tok.lemma_.lower() in POST_WORDS))


def is_title_word(ctx: ChunkContext, tok: Token) -> bool:
    """A common noun, or a capitalised one that is no part of a name ("President" in "the elected President of Y",
    not in "President Ada Brook")."""
    return tok.pos_ == "NOUN" or (tok.pos_ == "PROPN" and tok.i not in ctx.span_of)


def role_title(ctx: ChunkContext, noun: Token) -> str:
    """A position's title: the role noun with the words modifying it ("chief technology officer"), without
    names, determiners and words of time ("former", "new")."""
    words = []
    for child in noun.lefts:
        if child.dep_ not in ("amod", "compound"):
            continue
        words += [t for t in child.subtree if t.i not in ctx.span_of and t.pos_ in ("NOUN", "ADJ", "PROPN")
                  and t.lower_ not in _TITLE_SKIP and t.text.replace("-", "").isalpha()]
    return " ".join([t.lower_ for t in sorted(words, key=lambda t: t.i)] + [noun.lemma_.lower()])


def nearest_org(ctx: ChunkContext, tok: Token) -> str | None:
    """The organisation named nearest before `tok` in the chunk, else the first one after it in its sentence; a
    name whose form says it is an organisation beats one only NER calls so (the small model tags towns and
    people ORG); a name whose form says it is no organisation ("Tarrow Dam", "Tarrow Festival") is skipped."""
    orgs = [(ctx.org_strength(sp), sp) for sp in ctx.spans]
    orgs = [(k, sp) for k, sp in orgs if k > 0]
    best = max((k for k, _ in orgs), default=0)
    before = [sp for k, sp in orgs if sp.end <= tok.i and k == best] or [sp for _k, sp in orgs if sp.end <= tok.i]
    subjects = {sp.text for sp in before if any(t.dep_ in ("nsubj", "nsubjpass") for t in sp)}
    before = [sp for sp in before if sp.text in subjects] or before  # what the text is about: a subject
    if before:
        return before[-1].text
    after = [sp for _k, sp in orgs if sp.start > tok.i and sp.sent.start == tok.sent.start]
    return after[0].text if after else None


def nearest_place(ctx: ChunkContext, tok: Token) -> str | None:
    """The town or region named nearest before `tok` (GPE, or a name shaped as one: "City of Tarrow"; a mayor's
    town), else the first one after it in its sentence."""
    places = [sp for sp in ctx.spans if (sp.label_ == "GPE" and name_type(sp.text) in (None, "GPE"))
              or name_type(sp.text) == "GPE"]  # "Town of Tarrow" heading the minutes, whatever NER said
    before = [sp for sp in places if sp.end <= tok.i]
    if before:
        return before[-1].text
    after = [sp for sp in places if sp.start > tok.i and sp.sent.start == tok.sent.start]
    return after[0].text if after else None


#: Positions held in a place rather than in an organisation ("the mayor", "Cllr").
PLACE_POSITIONS = frozenset("mayor councillor councilor governor".split())


def holder_of(ctx: ChunkContext, noun: Token) -> str | None:
    """Where a position named without its organisation is held: the nearest place for a mayor or a councillor,
    else `nearest_org` when it is named in the position's sentence, else the organisation whose own page it is
    (`hopgraph.indexing.author`: "said managing director Ada Brook" in "Quell Dairies — news"), else `nearest_org`."""
    if noun.lemma_.lower() in PLACE_POSITIONS or noun.lower_ in PLACE_POSITIONS:
        return nearest_place(ctx, noun)
    if (short := subject_short_form(ctx, noun)) is not None:
        return short
    if (where := where_clause_org(ctx, noun)) is not None:
        return where
    if (after := org_after_holder(ctx, noun)) is not None:
        return after
    near = nearest_org(ctx, noun)
    if getattr(ctx, "narrative", False) and not any(  # an organisation named in the sentence holds it
            sp.text == near and ctx.org_strength(sp) for sp in ctx.spans if sp.sent.start == noun.sent.start):
        from hopgraph.indexing.author import author_org

        return author_org(ctx) or near  # on an organisation's own page its posts are its own
    return near


def org_after_holder(ctx: ChunkContext, noun: Token) -> str | None:
    """ "said chief executive Ada Brook of Tamsel Holdings": the organisation named by "of" or "at" right after the
    name that follows the position; None when the position is not so followed."""
    doc, k = ctx.doc, noun.i + 1
    person = ctx.span_of.get(k)
    if person is None or person.start != k or person.label_ != "PERSON":
        return None
    k = person.end
    if k + 1 >= len(doc) or doc[k].lower_ not in ("of", "at"):
        return None
    k += 1 + (doc[k + 1].lower_ == "the")
    org = ctx.span_of.get(k)
    return org.text if org is not None and org.start == k and ctx.org_strength(org) > 0 else None


def where_clause_org(ctx: ChunkContext, noun: Token) -> str | None:
    """ "joins from Y, where she was finance director": a post in a "where" clause on an organisation's name is
    held there; None when the post is in no such clause."""
    verb = noun.head
    while verb.dep_ in ("attr", "dobj", "pobj", "prep", "appos", "compound") and verb.head is not verb:
        verb = verb.head
    if verb.dep_ != "relcl" or not any(c.lower_ == "where" for c in verb.children):
        return None
    span = ctx.span_of.get(verb.head.i)
    return span.text if span is not None and ctx.org_strength(span) > 0 else None


def subject_short_form(ctx: ChunkContext, tok: Token) -> str | None:
    """The organisation whose short name is the subject of `tok`'s sentence, before it: in "Harl will keep its
    managers, led by managing director Cy Dunn", after "Odell Group agreed to buy Harl Dairies", the post is Harl
    Dairies', not the group's named nearest before. The short name is one word that starts exactly one
    organisation's name in the chunk (whatever NER made of the word alone, if anything); None otherwise."""
    for t in tok.sent:
        if t.i >= tok.i:
            break
        if t.dep_ not in ("nsubj", "nsubjpass") or t.pos_ not in ("PROPN", "NOUN") or not t.text[:1].isupper():
            continue
        if t.ent_type_ == "PERSON" or (t.i in ctx.span_of and len(ctx.span_of[t.i]) > 1):
            continue
        longer = {o.text for o in ctx.spans if len(o) > 1 and o[0].text == t.text and ctx.org_strength(o) > 0}
        if len(longer) == 1:
            return longer.pop()
    return None
