"""Per-chunk view of a parsed spaCy Doc: entity spans, pronoun antecedents, referents.

Two kinds of document (`hopgraph.indexing.subject.document_mode`). In a *narrative* document (news, minutes,
notes: the title is a headline or a file name) the title is no entity and no topic; "he/she/his/her/him" refers
to the nearest PERSON named before it (the subject of the closest sentence naming one, when there is one),
"it/its" and "the company / the firm / the group" to the nearest organisation (`is_org_span`: its name's form,
else its NER label; "the company" on an organisation's own page to that organisation), a description such as
"the festival" to the nearest name it fits
(`hopgraph.indexing.descriptions`), "the 24-year-old" to the nearest person, "we/our" outside quotes to the
organisation whose own document it is (`hopgraph.indexing.author`), "I" and "you" in a transcript's labelled turn to the speaker and the person
spoken to (`hopgraph.indexing.speakers`), and nothing else resolves.

Pronoun heuristic for *subject* and *untitled* passages (encyclopedic text is about one topic per passage): a personal pronoun
(he/she/it/they/his/her/its/their/him/them) refers to the chunk's title when the title is
non-empty; "it/its" (never a person), and any pronoun in a passage opening with a PERSON,
refer to the chunk's topic (the entity the passage opens with, else the subject of its first
sentence); otherwise a pronoun refers to the last PERSON span named earlier in the chunk,
else to the topic. A definite description
whose noun is the topic's class ("The film ..." after "X is a 1970 film") refers to the
topic as well. Relative pronouns (who/which/that) refer to the noun their clause modifies.
"""

from __future__ import annotations

import re
from bisect import bisect_left

from spacy.tokens import Doc, Span, Token

from hopgraph.indexing.author import FIRST_PLURAL, author_org, is_quoted
from hopgraph.indexing.doc_text import doc_text
from hopgraph.indexing.genders import PRONOUN_GENDER, marked_genders
from hopgraph.indexing.spans import entity_spans
from hopgraph.indexing.speakers import FIRST_PERSON, SECOND_PERSON, addressee, speaker
from hopgraph.indexing.subject import NARRATIVE, document_mode
from hopgraph.indexing.types import ORG_OR_BUILDING, name_type, personal_shape

PRONOUNS = frozenset("he she it they his her its their him them hers".split())
_NEUTER = frozenset(("it", "its"))
RELATIVES = frozenset("who whom whose which that".split())
_DEFINITE = frozenset("the this that".split())
_SUBJECT_DEPS = ("nsubj", "nsubjpass", "csubj")
_PERSONAL = frozenset("he she him his her hers himself herself".split())
#: Definite descriptions of an organisation named earlier: "the company", "the firm".
ORG_NOUNS = frozenset(
    "company firm group business startup start-up organisation organization corporation manufacturer maker "
    "operator publisher".split()
)
_CLOSING = {"(": ")", "[": "]"}
#: Nouns of a settlement or an administrative area whose "of" names it: "the town of Tarrow", "the municipality of X".
_PLACE_OF = frozenset("city town village municipality county canton region province district parish".split())
#: Classes of film a lead may name instead of "film" ("X is a 1933 musical-comedy").
FILM_GENRES = frozenset(
    "comedy drama documentary musical thriller western melodrama horror short feature cartoon romance "
    "adventure satire animation".split()
)


def described_as_org(span: Span) -> bool:
    """A name set beside an organisation noun ("X, the family firm founded by …", "the firm X"): no person, whatever
    NER called it."""
    nouns = [c for t in span for c in t.children if c.dep_ == "appos" and c.i >= span.end]
    if span.root.dep_ == "appos":
        nouns.append(span.root.head)
    return any(n.pos_ == "NOUN" and n.lemma_.lower() in ORG_NOUNS for n in nouns)


def is_org_span(span: Span, prefixes: frozenset[str] | set[str] = frozenset()) -> bool:
    """An organisation's name: its form says so ("... Therapeutics", "... Philharmonic"), or NER tagged it ORG and
    its form names no other kind of thing ("Tarrow Dam", "Tarrow Festival"), and a one-word name is not the first
    word of other names (`prefixes`: "Tarrow" of "Tarrow Hospital" and "Tarrow Opera" is a town)."""
    kind = name_type(span.text)
    if kind == "FAC" and span.label_ == "ORG" and span.text.split()[-1].lower() in ORG_OR_BUILDING:
        return True  # "Quell House" the publisher, as NER reads it
    if kind is not None:
        return kind == "ORG"
    return span.label_ == "ORG" and not (len(span) == 1 and span.text in prefixes)


_AGE = re.compile(r"\d{1,3}[- ]year[- ]old", re.IGNORECASE)


def _is_age_description(span: Span) -> bool:
    """ "the 24-year-old" (a span NER tagged as a date): news describes the person named before by their age."""
    return span.label_ == "DATE" and bool(_AGE.fullmatch(span.text)) and span.start > 0 \
        and span.doc[span.start - 1].lower_ == "the"


class ChunkContext:
    """Everything the patterns need to map tokens to entity surface forms."""

    def __init__(self, doc: Doc, title: str, mode: str | None = None):
        self.doc = doc
        self.mode = mode or document_mode(title, doc_text(doc))
        self.narrative = self.mode == NARRATIVE
        self.doc_title = title.strip()  # the document's title, an entity or not (`author.author_org` reads it)
        self.title = "" if self.narrative else title.strip()
        self.spans = entity_spans(doc, self.title, lead=not self.narrative)
        self.span_of: dict[int, Span] = {i: s for s in self.spans for i in range(s.start, s.end)}
        self.prefixes = {s[0].text for s in self.spans if len(s) > 1}
        persons = [s for s in self.spans if s.label_ == "PERSON"]
        self._person_starts = [s.start for s in persons]
        self._persons = persons
        self.genders = marked_genders(doc, persons) if self.narrative else {}  # "Mrs Brook", "his daughter Ada"
        self.lead = None if self.narrative else self._opening_span()
        self._lead_brackets = self._brackets_after(self.lead) if self.lead is not None else range(0)
        self.topic, self.topic_class = (None, None) if self.narrative else self._find_topic()

    # ------------------------------------------------------------------ topic
    def _opening_span(self) -> Span | None:
        """The entity span the passage opens with (only punctuation before it), not a date."""
        if not self.spans:
            return None
        lead = self.spans[0]
        if lead.label_ == "DATE" or not all(t.is_punct or t.is_space for t in self.doc[:lead.start]):
            return None
        return lead

    def _brackets_after(self, lead: Span) -> range:
        """Token indices of a bracket right after the lead: "X (Spanish: Y) is a film"."""
        doc = self.doc
        k = lead.end + (1 if lead.end < len(doc) and doc[lead.end].text in ('"', "'") else 0)
        if k >= len(doc) or doc[k].text not in _CLOSING:
            return range(0)
        close = next((t.i for t in doc[k:k + 60] if t.text == _CLOSING[doc[k].text]), None)
        return range(k, close) if close is not None else range(0)

    def _find_topic(self) -> tuple[str | None, str | None]:
        """Topic entity (title, opening span or first subject) and class noun of the first sentence
        ("X is a 1970 film" -> X, film)."""
        first = next(iter(self.doc.sents), None)
        if first is None:
            return (self.title or None), None
        root = first.root
        subject = next((c for c in root.children if c.dep_ in _SUBJECT_DEPS), None)
        topic = self.title or (self.lead.text if self.lead is not None else None)
        if topic is None and subject is not None and subject.i in self.span_of:
            topic = self.span_of[subject.i].text
        attr = next((c for c in root.children if c.dep_ == "attr" and c.pos_ == "NOUN"), None)
        return topic, (attr.lemma_.lower() if attr is not None else None)

    def pronoun_antecedent(self, tok: Token) -> str | None:
        """Title; else the topic for "it/its" or when the passage opens with a PERSON; else the
        last PERSON named before `tok`; else the topic. Narrative documents: the nearest compatible name."""
        if self.narrative:
            low = tok.lower_
            if low in _PERSONAL:  # no PERSON before: a name shaped like a person's that NER typed otherwise
                return self.nearest(tok, ("PERSON",), PRONOUN_GENDER.get(low, "")) or self._nearest_personal_shape(tok)
            if low == "it" and tok.dep_ not in _SUBJECT_DEPS:
                return None  # "never put it down": an object "it" is mostly a thing, not the company
            return self.nearest(tok, ("ORG",)) if low in _NEUTER else None
        if self.title:
            return self.title
        if tok.lower_ in _NEUTER or (self.lead is not None and self.lead.label_ == "PERSON"):
            return self.topic
        k = bisect_left(self._person_starts, tok.i)
        if k > 0:
            return self._persons[k - 1].text
        return self.topic

    def nearest(self, tok: Token, labels: tuple[str, ...], gender: str = "") -> str | None:
        """The closest span with one of `labels` before `tok`; within the sentence holding it, a grammatical
        subject (or a name in apposition to it) wins over other names ("Ada Brook hired Cy Dunn. She ..." -> Ada
        Brook), or the name opening a sentence the parse gave no subject. For "ORG" a span counts
        when `is_org_span` says so, whatever NER called it, and only the surest ones (`org_strength`) compete. A
        `gender` ("f" for "she", "m" for "his") passes over the people the text marks as the other one."""
        cands = [s for s in self.spans if s.end <= tok.i
                 and (self.is_org(s) if labels == ("ORG",) else s.label_ in labels)
                 and (not gender or self.genders.get(s.text, gender) == gender)
                 and not ("PERSON" in labels and described_as_org(s))]
        if labels == ("ORG",) and cands:  # a name whose form says organisation beats one only NER tags ORG
            best = max(self.org_strength(s) for s in cands)
            cands = [s for s in cands if self.org_strength(s) == best]
        if not cands:
            return None
        sent = cands[-1].sent.start
        # (a name opening its sentence is its subject when the parse found none: "X Ltd launches today …")
        subjects = [s for s in cands if s.sent.start == sent and s.sent.start != tok.sent.start
                    and any(t.dep_ in _SUBJECT_DEPS or (t.dep_ == "appos" and t.head.dep_ in _SUBJECT_DEPS)
                            for t in s)] or \
            [s for s in cands if s.start == sent and s.sent.start != tok.sent.start
             and not any(t.dep_ in _SUBJECT_DEPS for t in s.sent)]
        return (subjects or cands)[-1].text

    def _nearest_personal_shape(self, tok: Token) -> str | None:
        """The closest name before `tok` shaped like a person's ("Ada Brook": two or three capitalised words, no
        institution's or place's head word) whatever NER called it, when no PERSON span comes before."""
        cands = [s for s in self.spans if s.end <= tok.i and s.label_ in ("ORG", "PROPN", "GPE", "NORP")
                 and personal_shape(s.text) and not name_type(s.text)]
        return cands[-1].text if cands else None

    def is_org(self, span: Span) -> bool:
        """`is_org_span` with the first words of this chunk's longer names as places."""
        return is_org_span(span, self.prefixes)

    def org_strength(self, span: Span) -> int:
        """How surely a span names an organisation: 2 when its form says so ("... Therapeutics", "University of
        ...", "Quell House" tagged ORG) or NER tags ORG a name of several words not shaped like a person's, 1 when
        only NER's ORG label does on one word or a personal name (the small model often tags towns and people ORG
        on names it has never seen), 0 when it is no organisation."""
        if not self.is_org(span):
            return 0
        if name_type(span.text) == "ORG" or span.text.split()[-1].lower() in ORG_OR_BUILDING:
            return 2
        return 2 if len(span) > 1 and not personal_shape(span.text) else 1

    # ------------------------------------------------------------------ referents
    def refs(self, tok: Token, _depth: int = 0, conjuncts: bool = True) -> list[str]:
        """Entity surface forms `tok` denotes, conjuncts included unless told not ("X and Y" -> [X, Y])."""
        out = self._ref_one(tok, _depth)
        for conj in tok.conjuncts if tok.dep_ != "conj" and conjuncts else ():
            out.extend(self._ref_one(conj, _depth))
        return list(dict.fromkeys(out))

    def _ref_one(self, tok: Token, depth: int) -> list[str]:
        if tok.i in self._lead_brackets and tok.dep_ in _SUBJECT_DEPS:
            return [self.lead.text]  # the parser took a bracketed alias for the subject
        span = self.span_of.get(tok.i)
        if span is not None:
            if self.narrative and _is_age_description(span):  # "The 24-year-old, who ...": the person named before
                ante = self.nearest(self.doc[span.start], ("PERSON",))
                return [ante] if ante else []
            return [span.text]
        low = tok.lower_
        if self.narrative and tok.pos_ == "PRON" and low in FIRST_PERSON | SECOND_PERSON:
            ante = speaker(self, tok) if low in FIRST_PERSON else addressee(self, tok)  # transcripts' turns
            return [ante] if ante else []
        if self.narrative and tok.pos_ == "PRON" and low in FIRST_PLURAL and not is_quoted(tok):
            ante = author_org(self)  # "our trial" in a company's own annual report
            return [ante] if ante else []
        if tok.pos_ == "PRON" and low in PRONOUNS:
            ante = self.pronoun_antecedent(tok)
            return [ante] if ante else []
        if low in RELATIVES and tok.head.dep_ == "relcl" and depth < 3:
            return self.anchor(tok.head.head, depth + 1)
        if low in RELATIVES and tok.dep_ == "pobj" and tok.head.head.dep_ == "relcl" and depth < 3:
            return self.anchor(tok.head.head.head, depth + 1)  # "a company in which X holds a stake"
        if self.is_topic_description(tok):
            return [self.topic]
        if tok.pos_ == "NOUN" and tok.lemma_.lower() in _PLACE_OF:  # "the municipality of Tarrow" is Tarrow
            named = [self.span_of[p.i].text for c in tok.children if c.dep_ == "prep" and c.lower_ == "of"
                     for p in c.children if p.dep_ == "pobj" and p.i in self.span_of
                     and self.span_of[p.i].label_ not in ("DATE", "TIME", "PERSON")]
            if named:
                return named
        if self.narrative and tok.pos_ == "NOUN":  # "the tent maker Quell & Co": the name set beside the noun
            named = [self.span_of[c.i].text for c in tok.children if c.dep_ == "appos" and c.i in self.span_of
                     and self.span_of[c.i].label_ not in ("DATE", "TIME") and c.i > tok.i]
            if named:
                return named
        if self.narrative and tok.pos_ == "NOUN":  # "the festival" after "the Tarrow Music Festival"
            from hopgraph.indexing.descriptions import described

            name = described(self, tok)
            if name:
                return [name]
        if self.narrative and tok.pos_ == "NOUN" and tok.lower_ in ORG_NOUNS \
                and any(c.dep_ == "det" and c.lower_ in _DEFINITE for c in tok.children):
            ante = author_org(self) or self.nearest(tok, ("ORG",))  # on a company's own page: the company
            return [ante] if ante else []
        return []

    def is_topic_description(self, tok: Token) -> bool:
        """"The film" / "This album" where the noun is the class of the chunk's topic; "the film"
        also names a topic whose class is a film genre ("X is a 1933 musical-comedy")."""
        if self.topic is None or self.topic_class is None or tok.pos_ != "NOUN":
            return False
        lemma = tok.lemma_.lower()
        if lemma != self.topic_class and not (lemma in ("film", "movie") and self.topic_class in FILM_GENRES):
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

        The parser often fails on titles it cannot read ("To Wren – with Thanks is a 1936 film").
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
