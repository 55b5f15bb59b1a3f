"""Titles written next to a person's name, whatever the parser made of them.

News and minutes name people with their position right before the name, or as a noun phrase set off by a comma:

* "said chief executive Ada Brook", "Publisher Cy Dunn will speak", "Mayor Ada Brook" (the title directly before
  the name, honorifics such as "Dr" or "Prof." skipped);
* "the Quell Post's literary editor, Ada Brook, said", "Its publisher since 2014, Cy Dunn, said" (a title noun
  phrase ending right before ", <name>");
* "Presenter: Ada Brook.", "Chair: Mayor A. Brook." (a label line of a transcript or minutes; a title NER took
  into the name's span counts as written before it).

The small parser often leaves such a title unattached (a sentence-initial "Editor" read as a proper noun, the
name hung off the verb), so these are read from the token sequence, with the parse used only inside the title's
own noun phrase. The organisation is the one the title names ("editor of Y", "Y's editor", "its editor"), else in
a narrative document the one `hopgraph.indexing.roles.nearest_org` picks; a position held in a place ("mayor",
"councillor") with no organisation named is held in the place named nearest before it.
"""

from __future__ import annotations

from collections.abc import Iterator

from spacy.tokens import Span, Token

from hopgraph.indexing.context import ChunkContext
from hopgraph.indexing.doc_text import doc_text
from hopgraph.indexing.predicates import role_predicate
from hopgraph.indexing.roles import _TITLE_SKIP, PLACE_POSITIONS, POSITIONS, holder_of, role_title
from hopgraph.models_indexing import RawTriple


#: Nouns of founding: a founder is "founder" (canonical), not a role title.
FOUNDERS = frozenset(("founder", "co-founder", "cofounder"))
#: Words between a title and a name that belong to neither ("Prof.", "Dr").
_HONORIFICS = frozenset("dr dr. prof prof. professor mr mr. mrs mrs. ms ms. mx cllr cllr. sir dame".split())
#: Labels of a line naming who holds a part in a broadcast or a meeting ("Presenter: Ada Brook.").
LABEL_TITLES = frozenset("presenter moderator interviewer secretary treasurer chair chairman chairwoman".split())


def _is_title(tok: Token) -> bool:
    return tok.pos_ in ("NOUN", "PROPN") and tok.lemma_.lower() in POSITIONS | PLACE_POSITIONS | FOUNDERS \
        or tok.lower_ in PLACE_POSITIONS or _board_member(tok)


def _board_member(tok: Token) -> bool:
    """"board member", "council member": a member of a governing body holds a position in its organisation."""
    return tok.lemma_.lower() == "member" and tok.i > 0 and tok.doc[tok.i - 1].lower_ in _BODIES


#: Governing bodies whose members hold a position ("board member Ada Brook").
_BODIES = frozenset(("board", "supervisory", "executive"))


def _title_before(ctx: ChunkContext, span: Span) -> Token | None:
    """The title noun written before the name: adjacent (honorifics skipped), the first word of the name's own
    span ("Mayor A. Brook" tagged whole), a label line's label ("Presenter: Ada Brook."), or ending right before
    ", name"."""
    doc, k = ctx.doc, span.start - 1
    if len(span) > 1 and _is_title(doc[span.start]) and doc[span.start].is_title and not _described_before(doc, k):
        return doc[span.start]
    while k >= 0 and doc[k].lower_ in _HONORIFICS:
        k -= 1
    if k < 0 or k in ctx.span_of:
        return None
    tok = doc[k]
    if _is_title(tok):
        return tok
    if tok.text == ":" and k >= 1 and _at_line_start(doc[k - 1]) and (
            _is_title(doc[k - 1]) or doc[k - 1].lower_ in LABEL_TITLES):
        return doc[k - 1]  # "Presenter: Ada Brook." heading a transcript or the minutes
    if tok.text != "," or k == 0 or (k - 1 in ctx.span_of and ctx.span_of[k - 1].label_ != "DATE"):
        return None
    last = doc[k - 1]  # "Its publisher since 2014, Cy Dunn": the noun whose phrase ends before the comma
    for cand in [last, *last.ancestors]:
        if cand.i >= k or cand.sent.start != span.sent.start:
            break
        if cand.right_edge.i == k - 1 and _is_title(cand) and cand.i not in ctx.span_of:
            return cand
    return None


def _described_before(doc, k: int) -> bool:
    """A lower-case noun or adjective right before the name describes the person ("Former striker Dean Holt",
    "chief executive Dean Holt"): a title-like first word of the name ("Dean") is then the given name."""
    return k >= 0 and doc[k].is_lower and doc[k].pos_ in ("NOUN", "ADJ")


def _at_line_start(tok: Token) -> bool:
    """The token begins its sentence, its line or the text."""
    text = doc_text(tok.doc)
    return tok.i == tok.sent.start or text[text.rfind("\n", 0, tok.idx) + 1:tok.idx].strip() == ""


def _surface_title(ctx: ChunkContext, noun: Token) -> str:
    """The title as written before a name: the adjectives and nouns running up to the title noun ("chief
    executive", "Medical director"), whatever the parser attached them to."""
    words, k = [noun.lower_ if noun.pos_ == "PROPN" else noun.lemma_.lower()], noun.i - 1
    while k >= noun.sent.start and k not in ctx.span_of and ctx.doc[k].pos_ in ("ADJ", "NOUN", "PROPN") \
            and ctx.doc[k].dep_ != "poss" and ctx.doc[k].is_alpha and ctx.doc[k].lower_ not in _TITLE_SKIP:
        words.insert(0, ctx.doc[k].lower_)
        k -= 1
    return " ".join(words)


def named_org(ctx: ChunkContext, noun: Token, preps: tuple[str, ...] = ("of", "at", "for")) -> list[str]:
    """The organisation a title names: "editor of Y", "editor at Y", "Y's editor", "its editor" (`preps`:
    the prepositions that name it)."""
    out: list[str] = []
    for child in noun.children:
        if child.dep_ == "prep" and child.lower_ in preps:
            out += [r for p in child.children if p.dep_ == "pobj" for r in ctx.refs(p)]
        elif child.dep_ == "poss":
            out += ctx.refs(child)
    return out


def adjacent_title_triples(ctx: ChunkContext, span: Span) -> Iterator[RawTriple]:
    """(person, role: <title>, organisation) for a title written right before a PERSON name."""
    if span.label_ != "PERSON":
        return
    noun = _title_before(ctx, span)
    if noun is None:
        return
    orgs = named_org(ctx, noun)
    pattern = "title-named"
    if not orgs and ctx.narrative:
        pattern = "title-nearest"
        org = holder_of(ctx, noun)
        orgs = [org] if org else []
    adjacent = all(t.lower_ in _HONORIFICS for t in ctx.doc[noun.i + 1:span.start])
    nouns = [noun, *(c for c in noun.conjuncts if c.i < span.start and c.i not in ctx.span_of)]
    if adjacent:  # "founder and chief executive Ada Brook", however the parser joined them
        start = noun.i - len(_surface_title(ctx, noun).split()) + 1
        if start >= 2 and ctx.doc[start - 1].lower_ == "and" and _is_title(ctx.doc[start - 2]):
            nouns.append(ctx.doc[start - 2])
    for n in dict.fromkeys(nouns):
        if n.lemma_.lower() in FOUNDERS:  # "founder and chief executive Ada Brook"
            pred = "founder"
        elif _is_title(n) or n.lower_ in LABEL_TITLES:
            pred = role_predicate(_surface_title(ctx, n) if adjacent and n is noun else role_title(ctx, n))
        else:
            continue
        yield from ((span.text, pred, o, pattern) for o in orgs if o != span.text)


#: Words of an election written before the person ("re-elected Ada Brook as rector of Y").
_ELECTED = frozenset(("elected", "re-elected", "reelected"))


def as_title_triples(ctx: ChunkContext, span: Span) -> Iterator[RawTriple]:
    """(person, role: <title>, organisation) for "<person> as <title> of/at <organisation>" read from the token
    sequence ("re-elected Ada Brook as rector of the University of Tarrow", however the parser split the verb);
    after "elected" also (person, elected to, organisation)."""
    doc = ctx.doc
    if span.label_ != "PERSON" or span.end + 3 >= len(doc) or doc[span.end].lower_ != "as":
        return
    k = span.end + 1
    while k < len(doc) and k not in ctx.span_of and doc[k].pos_ in ("DET", "ADJ", "NOUN") and doc[k].is_lower:
        k += 1
    title = doc[k - 1] if k > span.end + 1 else None
    if title is None or not _is_title(title) or k >= len(doc) or doc[k].lower_ not in ("of", "at"):
        return
    k += 1 + (k + 1 < len(doc) and doc[k + 1].lower_ == "the")
    org = ctx.span_of.get(k)
    if org is None or org.start != k or ctx.org_strength(org) < 2:
        return
    yield span.text, role_predicate(_surface_title(ctx, title)), org.text, "as-title"
    window = doc[max(span.sent.start, span.start - 4):span.start]
    if any(t.lower_ in _ELECTED or t.lemma_.lower() == "elect" for t in window):
        yield span.text, "elected to", org.text, "as-title"
