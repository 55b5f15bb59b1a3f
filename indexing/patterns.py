"""Dependency patterns that read typed (subject, predicate, object) triples from one sentence.

Direction convention: the predicate relates subject to object as "subject IS <predicate> OF
object" for noun predicates ((Bill Gates, founder, Microsoft), (Z, wife, Y)) and "subject
<verb> object" for verb predicates ((Curie, discover, polonium), (Y, direct, X)). Passives
are turned active ("Y was directed by X" -> (X, direct, Y)). Prepositional verb relations
keep the preposition ((X, born in, Z), (X, die on, DATE)). Endpoints are entity surface forms
(NER span, proper-noun run, resolved pronoun or title); common-noun endpoints are dropped.

Patterns (Triple.pattern): svo, prep, passive, copula, apposition, compound, possessive,
of-genitive.
"""

from __future__ import annotations

from collections.abc import Iterator

from spacy.tokens import Span, Token

from hopgraph.indexing.context import ChunkContext

RawTriple = tuple[str, str, str, str]  # subject, predicate, object, pattern

_SUBJ = ("nsubj", "nsubjpass", "csubj")
_MOD_DEPS = frozenset("amod compound nummod nmod npadvmod poss".split())
_SKIP_VERBS = frozenset("be have do".split())


def verb_predicate(verb: Token) -> str:
    """Lemma of a verb, with "born" kept as is (spaCy lemmatises it to "bear")."""
    if verb.lower_ == "born":
        return "born"
    return verb.lemma_.lower()


def sentence_triples(ctx: ChunkContext, sent: Span) -> Iterator[RawTriple]:
    """Every triple the patterns find in one sentence (may contain duplicates)."""
    for tok in sent:
        if tok.pos_ in ("VERB", "AUX") and tok.lemma_ not in _SKIP_VERBS:
            yield from verb_triples(ctx, tok)
        elif tok.lemma_ == "be":
            yield from copula_triples(ctx, tok)
        if tok.dep_ == "appos":
            yield from apposition_triples(ctx, tok)
        if tok.dep_ == "compound" and tok.pos_ == "NOUN" and tok.head.i in ctx.span_of:
            if tok.i not in ctx.span_of:
                yield from _link(ctx, ctx.refs(tok.head), tok, "compound")


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
    subj = next((c for c in verb.children if c.dep_ in _SUBJ), None)
    if subj is not None:
        return ctx.refs(subj)
    if depth > 3:
        return []
    if verb.dep_ == "pcomp" and verb.head.dep_ == "prep":  # "known for having been ..."
        return verb_subjects(ctx, verb.head.head, depth + 1)
    if verb.dep_ == "conj" or (verb.dep_ in ("advcl", "xcomp") and verb.tag_ in ("VBN", "VBG")):
        return verb_subjects(ctx, verb.head, depth + 1)
    if verb.dep_ in ("acl", "relcl"):
        head = verb.head
        if verb.dep_ == "acl" and head.dep_ == "pobj" and head.head.dep_ == "agent":
            # "directed by X, written by Y": the second participle hangs off X by mistake
            return verb_subjects(ctx, head.head.head, depth + 1)
        return ctx.anchor(head)
    return ctx.lead_subject(verb)


def verb_triples(ctx: ChunkContext, verb: Token) -> Iterator[RawTriple]:
    """svo / prep / passive triples headed by one verb."""
    subjects = verb_subjects(ctx, verb)
    if not subjects:
        return
    pred = verb_predicate(verb)
    passive = _is_passive(verb)
    for child in verb.children:
        if child.dep_ == "dobj" and not passive:
            for obj in _object_refs(ctx, child):
                yield from ((s, pred, obj, "svo") for s in subjects)
        elif child.dep_ == "agent" and passive:
            for pobj in (c for c in child.children if c.dep_ == "pobj"):
                for agent in _object_refs(ctx, pobj):
                    yield from ((agent, pred, s, "passive") for s in subjects)
        elif child.dep_ == "prep":
            prep_pred = f"{pred} {child.lower_}"
            for pobj in (c for c in child.children if c.dep_ == "pobj"):
                for obj in _object_refs(ctx, pobj):
                    yield from ((s, prep_pred, obj, "prep") for s in subjects)


def _object_refs(ctx: ChunkContext, tok: Token) -> list[str]:
    """Object referents: entity spans, or entity modifiers' head noun when it is a proper name."""
    refs = ctx.refs(tok)
    if refs or tok.pos_ != "NOUN":
        return refs
    # "directed the film Psycho": a common noun with an appositive / compound proper name
    names = [c for c in tok.children if c.dep_ in ("appos", "compound") and c.i in ctx.span_of]
    return [ctx.span_of[c.i].text for c in names if ctx.span_of[c.i].label_ != "DATE"]


# ---------------------------------------------------------------- nouns


def noun_relations(ctx: ChunkContext, noun: Token) -> Iterator[tuple[str, str, str]]:
    """(predicate, object, kind) a relational noun carries: "director of Y", "Y's wife", "American actor".

    kind is "of" / "prep" (prepositional object), "poss" (possessor) or "mod" (entity modifier).
    """
    lemma = noun.lemma_.lower()
    seen_mod: set[int] = set()
    for child in noun.children:
        if child.dep_ == "prep":
            kind, pred = ("of", lemma) if child.lower_ == "of" else ("prep", f"{lemma} {child.lower_}")
            for pobj in (c for c in child.children if c.dep_ == "pobj"):
                for obj in _object_refs(ctx, pobj):
                    yield pred, obj, kind
        elif child.dep_ == "poss":
            for obj in ctx.refs(child):
                yield lemma, obj, "poss"
        elif child.dep_ in _MOD_DEPS:
            key = ctx.span_key(child)
            if key is not None and key != ctx.span_key(noun) and key not in seen_mod:
                seen_mod.add(key)
                yield lemma, ctx.span_of[child.i].text, "mod"


def _link(ctx: ChunkContext, subjects: list[str], noun: Token, pattern: str) -> Iterator[RawTriple]:
    """Triples relating `subjects` to whatever the relational `noun` points at."""
    nouns = [noun] + [c for c in noun.conjuncts if c.i not in ctx.span_of and c.pos_ == "NOUN"]
    for n in nouns:
        for pred, obj, kind in noun_relations(ctx, n):
            name = "possessive" if kind == "poss" else pattern
            yield from ((s, pred, obj, name) for s in subjects)


def copula_triples(ctx: ChunkContext, be: Token) -> Iterator[RawTriple]:
    """"X is the director of Y", "X was an American actor", "The father of X is Y"."""
    subj = next((c for c in be.children if c.dep_ in ("nsubj", "csubj")), None)
    attr = next((c for c in be.children if c.dep_ == "attr"), None)
    if attr is None:
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


def apposition_triples(ctx: ChunkContext, appos: Token) -> Iterator[RawTriple]:
    """"X, the founder of Y" -> (X, founder, Y); "her husband, John Smith" -> (John Smith, husband, <her>)."""
    head = appos.head
    if appos.i not in ctx.span_of and appos.pos_ == "NOUN":
        if head.dep_ == "attr" and head.head.lemma_ == "be":  # "X was a Roman Empress, daughter of Y"
            subjects = verb_subjects(ctx, head.head)
        else:
            subjects = ctx.refs(head) if head.i in ctx.span_of else []
        yield from _link(ctx, subjects, appos, "apposition")
    elif appos.i in ctx.span_of and head.i not in ctx.span_of and head.pos_ == "NOUN":
        yield from _link(ctx, [ctx.span_of[appos.i].text], head, "apposition")
