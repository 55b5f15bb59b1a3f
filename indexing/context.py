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

from hopgraph.indexing.normalize import strip_disambiguator

#: NER labels that become entity nodes (pure numeric types are skipped).
KEPT_LABELS = frozenset(
    "DATE GPE LOC PERSON ORG WORK_OF_ART NORP FAC EVENT PRODUCT LAW LANGUAGE".split()
)
PRONOUNS = frozenset("he she it they his her its their him them hers".split())
RELATIVES = frozenset("who whom whose which that".split())
_DEFINITE = frozenset("the this that".split())
_SUBJECT_DEPS = ("nsubj", "nsubjpass", "csubj")


def entity_spans(doc: Doc, title: str = "") -> list[Span]:
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
    trimmed = [t for t in (_trim(s) for s in spans) if t is not None]
    return _with_lead_subject(doc, _join_of_names(doc, trimmed), title)


#: Class nouns of encyclopedic leads about works, whose names NER often splits into people.
WORK_NOUNS = frozenset(
    "film movie album song single novel book series play opera musical episode game show "
    "documentary sitcom drama comedy poem story magazine newspaper band ep soundtrack".split()
)
_LEAD_STOP = frozenset(("(", ",", ";", "-", "–", "—", "[", '"'))


def _title_span(doc: Doc, title: str) -> Span | None:
    """The chunk's opening words when they spell its title (without disambiguator)."""
    base = strip_disambiguator(title).strip()
    text = doc.text
    offset = len(text) - len(text.lstrip(' "\''))
    if not base or not text[offset:offset + len(base)].lower() == base.lower():
        return None
    return doc.char_span(offset, offset + len(base), label="PROPN", alignment_mode="expand")


def _replace(spans: list[Span], new: Span) -> list[Span]:
    """`spans` with `new` in place of every span it overlaps."""
    if any(s.start == new.start and s.end == new.end for s in spans):
        return spans
    kept = [s for s in spans if s.end <= new.start or s.start >= new.end]
    return sorted(kept + [new], key=lambda s: s.start)


def _with_lead_subject(doc: Doc, spans: list[Span], title: str = "") -> list[Span]:
    """The first sentence's subject as one name span ("Leo and Loree is a 1980 film" -> "Leo and Loree").

    Encyclopedic leads start with the topic's full name, which NER often splits or misses for
    works ("Killer: Dead or Alive", "Suzanne's Career"). The span runs from the sentence start
    to the first bracket/comma or the verb, must contain the subject, start with a capital and
    hold no PERSON span unless the lead is about a work ("X is a 1980 film": NER's people in
    X are parts of the work's name).
    """
    first = next(iter(doc.sents), None)
    if first is None:
        return spans
    if title:
        span = _title_span(doc, title)
        if span is not None:
            return _replace(spans, span)
    root = first.root
    subj = next((c for c in root.children if c.dep_ in _SUBJECT_DEPS), None)
    if subj is None or not (doc[first.start].is_title or doc[first.start].is_upper or doc[first.start].like_num):
        return spans
    end = first.start
    while end < root.i and doc[end].text not in _LEAD_STOP and doc[end].dep_ not in ("aux", "auxpass"):
        end += 1
    if not (first.start <= subj.i < end) or end - first.start > 12:
        return spans
    lead = _trim(Span(doc, first.start, end, label="PROPN"))
    if lead is None:
        return spans
    attr = next((c for c in root.children if c.dep_ == "attr"), None)
    is_work = attr is not None and attr.lemma_.lower() in WORK_NOUNS
    if not is_work and any(s.label_ == "PERSON" and s.start < lead.end and s.end > lead.start for s in spans):
        return spans
    return _replace(spans, lead)


_EDGE_POS = frozenset(("DET", "PUNCT", "CCONJ", "ADP", "PART"))
_OF_LEFT = frozenset(("PERSON", "PROPN", "ORG", "FAC", "EVENT"))
_OF_RIGHT = frozenset(("GPE", "LOC", "PROPN", "ORG", "PERSON", "FAC"))


def _trim(span: Span) -> Span | None:
    """Drop leading/trailing determiners, punctuation, conjunctions and prepositions; None if empty."""
    start, end = span.start, span.end
    doc = span.doc
    while start < end and doc[start].pos_ in _EDGE_POS:
        start += 1
    while end > start and (doc[end - 1].pos_ in _EDGE_POS or doc[end - 1].tag_ == "POS"):
        end -= 1
    return Span(doc, start, end, label=span.label_) if end > start else None


def _join_of_names(doc: Doc, spans: list[Span]) -> list[Span]:
    """Join "<Name> of <Place>" into one name: "Marie of Namur", "Robert II of Dreux"."""
    out: list[Span] = []
    for span in spans:
        prev = out[-1] if out else None
        if (
            prev is not None
            and prev.label_ in _OF_LEFT and span.label_ in _OF_RIGHT
            and span.start == prev.end + 1 and doc[prev.end].lower_ == "of"
            and doc[prev.start].pos_ == "PROPN" and doc[prev.end - 1].pos_ == "PROPN"
        ):
            out[-1] = Span(doc, prev.start, span.end, label=prev.label_)
        else:
            out.append(span)
    return out


class ChunkContext:
    """Everything the patterns need to map tokens to entity surface forms."""

    def __init__(self, doc: Doc, title: str):
        self.doc = doc
        self.title = title.strip()
        self.spans = entity_spans(doc, self.title)
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
            return self.refs(subj, depth + 1) if subj is not None else self.lead_subject(noun.head)
        if noun.dep_ == "conj":
            return self.anchor(noun.head, depth + 1)
        if noun.dep_ == "appos":
            return self.refs(noun.head, depth + 1)
        appos = [c for c in noun.children if c.dep_ == "appos" and c.i in self.span_of]
        return [self.span_of[c.i].text for c in appos]

    def lead_subject(self, verb: Token) -> list[str]:
        """For a subject-less root verb of the first sentence: the name the chunk opens with.

        The parser often fails on titles it cannot read ("To Mary – with Love is a 1936 film").
        """
        if verb.dep_ != "ROOT" or verb.sent.start != 0 or not self.spans:
            return []
        lead = self.spans[0]
        if all(t.is_punct for t in self.doc[:lead.start]) and lead.end <= verb.i and lead.label_ != "DATE":
            return [lead.text]
        return []

    def span_key(self, tok: Token) -> int | None:
        """Start of the entity span containing `tok` (identity of a span), or None."""
        span = self.span_of.get(tok.i)
        return span.start if span is not None else None
