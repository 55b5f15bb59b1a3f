"""Per-chunk view of a parsed spaCy Doc: entity spans, pronoun antecedents, referents.

Pronoun heuristic (encyclopedic text is about one topic per passage): a personal pronoun
(he/she/it/they/his/her/its/their/him/them) refers to the chunk's title when the title is
non-empty; otherwise to the last PERSON span named earlier in the chunk; otherwise to the
chunk's topic, the entity that is the subject of its first sentence. A definite description
whose noun is the topic's class ("The film ..." after "X is a 1970 film") refers to the
topic as well. Relative pronouns (who/which/that) refer to the noun their clause modifies.
"""

from __future__ import annotations

from bisect import bisect_left

from spacy.tokens import Doc, Span, Token

#: NER labels that become entity nodes (pure numeric types are skipped).
KEPT_LABELS = frozenset(
    "DATE GPE LOC PERSON ORG WORK_OF_ART NORP FAC EVENT PRODUCT LAW LANGUAGE".split()
)
PRONOUNS = frozenset("he she it they his her its their him them hers".split())
RELATIVES = frozenset("who whom whose which that".split())
_DEFINITE = frozenset("the this that".split())
_SUBJECT_DEPS = ("nsubj", "nsubjpass")


def entity_spans(doc: Doc) -> list[Span]:
    """Kept NER spans plus runs of consecutive PROPN tokens NER missed (label PROPN), in order."""
    spans = [e for e in doc.ents if e.label_ in KEPT_LABELS]
    taken = {i for e in doc.ents for i in range(e.start, e.end)}
    run_start = None
    for tok in list(doc) + [None]:
        is_propn = tok is not None and tok.pos_ == "PROPN" and tok.i not in taken
        if is_propn and run_start is None:
            run_start = tok.i
        elif not is_propn and run_start is not None:
            spans.append(Span(doc, run_start, tok.i if tok is not None else len(doc), label="PROPN"))
            run_start = None
    spans.sort(key=lambda s: s.start)
    return [_trim(s) for s in spans if _trim(s) is not None]


def _trim(span: Span) -> Span | None:
    """Drop leading determiners / trailing punctuation from a span; None if nothing remains."""
    start, end = span.start, span.end
    doc = span.doc
    while start < end and (doc[start].pos_ in ("DET", "PUNCT") or doc[start].text in ("'s", "’s")):
        start += 1
    while end > start and (doc[end - 1].pos_ == "PUNCT" or doc[end - 1].tag_ == "POS"):
        end -= 1
    return Span(doc, start, end, label=span.label_) if end > start else None


class ChunkContext:
    """Everything the patterns need to map tokens to entity surface forms."""

    def __init__(self, doc: Doc, title: str):
        self.doc = doc
        self.title = title.strip()
        self.spans = entity_spans(doc)
        self.span_of: dict[int, Span] = {i: s for s in self.spans for i in range(s.start, s.end)}
        persons = [s for s in self.spans if s.label_ == "PERSON"]
        self._person_starts = [s.start for s in persons]
        self._persons = persons
        self.topic, self.topic_class = self._find_topic()

    # ------------------------------------------------------------------ topic
    def _find_topic(self) -> tuple[str | None, str | None]:
        """Subject entity and class noun of the first sentence ("X is a 1970 film" -> X, film)."""
        first = next(iter(self.doc.sents), None)
        if first is None:
            return (self.title or None), None
        root = first.root
        subject = next((c for c in root.children if c.dep_ in _SUBJECT_DEPS), None)
        topic = self.title or None
        if topic is None and subject is not None and subject.i in self.span_of:
            topic = self.span_of[subject.i].text
        attr = next((c for c in root.children if c.dep_ == "attr" and c.pos_ == "NOUN"), None)
        return topic, (attr.lemma_.lower() if attr is not None else None)

    def pronoun_antecedent(self, tok: Token) -> str | None:
        """Title, else last PERSON named before `tok`, else the first sentence's subject entity."""
        if self.title:
            return self.title
        k = bisect_left(self._person_starts, tok.i)
        if k > 0:
            return self._persons[k - 1].text
        return self.topic

    # ------------------------------------------------------------------ referents
    def refs(self, tok: Token, _depth: int = 0) -> list[str]:
        """Entity surface forms `tok` denotes, conjuncts included ("X and Y" -> [X, Y])."""
        out = self._ref_one(tok, _depth)
        for conj in tok.conjuncts if tok.dep_ != "conj" else ():
            out.extend(self._ref_one(conj, _depth))
        return list(dict.fromkeys(out))

    def _ref_one(self, tok: Token, depth: int) -> list[str]:
        span = self.span_of.get(tok.i)
        if span is not None:
            return [span.text]
        low = tok.lower_
        if tok.pos_ == "PRON" and low in PRONOUNS:
            ante = self.pronoun_antecedent(tok)
            return [ante] if ante else []
        if low in RELATIVES and tok.head.dep_ == "relcl" and depth < 3:
            return self.anchor(tok.head.head, depth + 1)
        if self.is_topic_description(tok):
            return [self.topic]
        return []

    def is_topic_description(self, tok: Token) -> bool:
        """"The film" / "This album" where the noun is the class of the chunk's topic."""
        if self.topic is None or self.topic_class is None or tok.pos_ != "NOUN":
            return False
        if tok.lemma_.lower() != self.topic_class:
            return False
        return any(c.dep_ == "det" and c.lower_ in _DEFINITE for c in tok.children)

    def anchor(self, noun: Token, depth: int = 0) -> list[str]:
        """Referents of a noun phrase head, looking through copulas and appositions.

        "X is a film directed by Y": the participle hangs off "film", whose anchor is X.
        """
        if depth > 3:
            return []
        direct = self._ref_one(noun, depth)
        if direct:
            return direct
        if noun.dep_ == "attr" and noun.head.lemma_ == "be":
            subj = next((c for c in noun.head.children if c.dep_ in _SUBJECT_DEPS), None)
            if subj is not None:
                return self.refs(subj, depth + 1)
        if noun.dep_ == "conj":
            return self.anchor(noun.head, depth + 1)
        if noun.dep_ == "appos":
            return self.refs(noun.head, depth + 1)
        appos = [c for c in noun.children if c.dep_ == "appos" and c.i in self.span_of]
        return [self.span_of[c.i].text for c in appos]

    def span_key(self, tok: Token) -> int | None:
        """Start of the entity span containing `tok` (identity of a span), or None."""
        span = self.span_of.get(tok.i)
        return span.start if span is not None else None
