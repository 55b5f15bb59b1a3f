"""Arguments the small parser attached to the wrong word: a name coordinated with the verb instead of with its
agent, a quoted title read as a preposition, a coordinated subject described by a common noun, an apposition hung
off the wrong noun (part of the dependency patterns of `hopgraph.indexing.patterns`).
"""

from __future__ import annotations

from spacy.tokens import Token

from hopgraph.indexing.context import ChunkContext

_SUBJ = ("nsubj", "nsubjpass", "csubj")
_VALUE_LABELS = frozenset("DATE TIME CARDINAL ORDINAL QUANTITY PERCENT MONEY".split())


def stray_conjuncts(ctx: ChunkContext, verb: Token, arg: Token) -> list[str]:
    """Names the parser coordinated with the verb instead of with its argument `arg` ("founded by A, who became
    its chief executive, and B, a chemist": B hung off "founded" as a conjunct): a name conjoined to the verb after
    `arg`, with no subject, object or auxiliary of its own."""
    out = []
    for conj in (c for c in verb.children if c.dep_ == "conj" and c.i > arg.i and c.i in ctx.span_of):
        span = ctx.span_of[conj.i]
        if span.root.i == conj.i and conj.pos_ == "PROPN" and span.label_ not in _VALUE_LABELS \
                and not any(c.dep_ in (*_SUBJ, "dobj", "aux", "auxpass") for c in conj.children):
            out.append(span.text)
    return out


_QUOTES = frozenset(('"', "“", "”", "'", "‘", "’"))


def loose_objects(ctx: ChunkContext, verb: Token) -> list[str]:
    """Objects the parser left off a verb that has none of its own: a quoted title written right after it ('will
    publish "Above the Line"' parsed with "Above" as a preposition), and the name before ", which" that opens the
    verb's relative clause ("Quell, which the chemist X founded in 2008, ..." parsed with "which" as the main
    verb's object and "founded" as a clause on "chemist")."""
    if any(c.dep_ in ("dobj", "attr", "oprd") and (c.i in ctx.span_of or c.pos_ == "PRON") for c in verb.children):
        return []
    return _quoted_object(ctx, verb) or _stranded_relative(ctx, verb)


def _quoted_object(ctx: ChunkContext, verb: Token) -> list[str]:
    k = verb.i + 1
    if k < len(ctx.doc) and ctx.doc[k].text in _QUOTES:
        k += 1
    span = ctx.span_of.get(k)
    if span is None or span.start != k or span.label_ != "WORK_OF_ART" or ctx.doc[k - 1].text not in _QUOTES:
        return []
    return [span.text]


def _stranded_relative(ctx: ChunkContext, verb: Token) -> list[str]:
    if verb.dep_ != "relcl" or not any(c.dep_ in _SUBJ for c in verb.children) or verb.head.i > verb.i:
        return []
    left = verb.head.left_edge.i  # the clause's subject phrase, which the parser made the verb's head
    doc = ctx.doc
    if left < 3 or doc[left - 1].lower_ not in ("which", "whom") or doc[left - 1].head.i == verb.i \
            or doc[left - 2].text != ",":
        return []
    span = ctx.span_of.get(left - 3)
    return [span.text] if span is not None and span.end == left - 2 and span.label_ not in _VALUE_LABELS else []


def described_conjuncts(ctx: ChunkContext, tok: Token, refs: list[str]) -> list[str]:
    """Names of `tok`'s conjuncts that are common nouns naming an entity beside them, not in `refs` yet:
    "Quell Ltd and the regional utility Tarrow Hydro launched ..." -> Tarrow Hydro."""
    from hopgraph.indexing.patterns import _own_object_refs

    out = []
    for conj in tok.conjuncts:
        if conj.pos_ == "NOUN" and conj.i not in ctx.span_of:  # the names beside it, never a guessed antecedent
            out += [r for r in _own_object_refs(ctx, conj) if r not in refs and r not in out]
    return out


def misplaced_apposition(ctx: ChunkContext, noun: Token) -> list[str]:
    """"The first newspaper in Tarrow, the weekly Tarrow Herald, appeared ...": the parser hangs the apposition off
    the last noun before it ("Tarrow"); an organisation's name set there describes a subject noun that names an
    organisation's class (`predicates.ORG_NOUNS`). Likewise a work's or organisation's name opening the sentence
    before ", the first opera by X," is what that class noun (taken for the subject) describes."""
    from hopgraph.indexing.predicates import ORG_NOUNS, WORK_NOUNS

    lemma = noun.lemma_.lower()
    opening = _opening_name(ctx, noun)
    if opening is not None and (lemma in WORK_NOUNS and opening.label_ == "WORK_OF_ART"
                                or lemma in ORG_NOUNS and ctx.org_strength(opening) == 2):
        return [opening.text]  # '"The Long Road", the first opera by X, had its premiere ...'
    if lemma not in ORG_NOUNS:
        return []
    return [ctx.span_of[a.i].text for p in noun.children if p.dep_ == "prep" for o in p.children if o.dep_ == "pobj"
            for a in o.children if a.dep_ == "appos" and a.i in ctx.span_of and ctx.org_strength(ctx.span_of[a.i]) == 2]


def _opening_name(ctx: ChunkContext, noun: Token):
    """The name opening the sentence right before ", <the noun's phrase>" (quotes allowed around it), or None."""
    doc, left = ctx.doc, noun.left_edge.i
    if left < 2 or doc[left - 1].text != ",":
        return None
    k = left - 2 - (doc[left - 2].text in _QUOTES)
    span = ctx.span_of.get(k)
    if span is None or span.end != k + 1:
        return None
    first = span.start - (span.start > span.sent.start and doc[span.start - 1].text in _QUOTES)
    return span if first == span.sent.start else None


def split_subjects(ctx: ChunkContext, subjs: list[Token]) -> list[Token]:
    """"Ada Brook of Tarrow–Ossel won ...": the parser may make the second half of a dashed name after "of" a second
    subject of the verb; a subject inside a name that is the object of a preposition on another subject is none."""
    if len(subjs) < 2:
        return subjs
    def objects_on(subj: Token) -> set[int]:
        return {t.i for p in subj.children if p.dep_ == "prep" for t in p.children if t.dep_ == "pobj"}

    def inside_other(subj: Token) -> bool:
        span = ctx.span_of.get(subj.i)
        return span is not None and any(t.i in objects_on(o) for o in subjs if o.i not in range(span.start, span.end)
                                        for t in span)

    return [s for s in subjs if not inside_other(s)] or subjs
