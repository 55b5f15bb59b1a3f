"""A name's label from what its context says (a helper of `hopgraph.indexing.spans`): NER guesses badly on names
it has never seen. The subject of a speech verb ("Quarnby said"), an interview's speaker label ("ADA BROOK:"), a name
after a person noun ("the pianist Ada Brook") or before an age ("Ada Brook, 44, said") is a PERSON; a news
dateline's name, a name before "-born" and the one-word object of "in"/"near" a GPE.
"""

from __future__ import annotations

from spacy.tokens import Span

from hopgraph.indexing.name_joins import born_before, in_dateline


#: Nouns that, right before a name, say it is a person's: "the pianist Ada Brook", "lead designer Cy Dunn".
PERSON_NOUNS = frozenset(
    "pianist violinist cellist composer conductor singer soprano tenor designer engineer doctor nurse surgeon "
    "physician professor director manager editor reporter journalist mayor councillor chairman chairwoman "
    "chair founder co-founder ceo cto cfo artist painter sculptor author writer poet novelist architect guide "
    "climber skier cyclist rider runner coach captain player striker midfielder goalkeeper farmer baker chef "
    "priest teacher student researcher scientist investigator librarian archivist curator historian minister "
    "spokesperson spokeswoman spokesman president secretary treasurer host presenter actor actress dancer "
    "musician photographer widow widower daughter son wife husband brother sister mother father".split()
)
#: Verbs whose subject is a person: "X said", "X told reporters", "X recalled".
SPEECH_VERBS = frozenset(
    "say tell add explain recall laugh smile admit insist argue write reply ask thank confirm describe note "
    "warn".split()
)
#: Prepositions whose one-word object is a place: "in Tarrow", "near Tarrow".
PLACE_PREPS = frozenset("in near outside above below across around".split())
_UNSURE = frozenset(("PROPN", "ORG", "PERSON", "GPE", "NORP", "PRODUCT", "WORK_OF_ART", "FAC", "LOC"))


def _person_before(span: Span) -> bool:
    """ "the pianist Ada Brook": a person noun right before the name."""
    if span.start == 0:
        return False
    prev = span.doc[span.start - 1]
    return prev.is_lower and prev.lower_ in PERSON_NOUNS


def context_label(span: Span) -> Span:
    """Relabel a name by what its context says (NER guesses badly on names it has never seen): the subject of a
    speech verb or a speaker label ("ADA BROOK:") is a PERSON; the one-word object of "in"/"near" a GPE."""
    if span.label_ not in _UNSURE:
        return span
    doc, root = span.doc, span.root
    label = span.label_
    after = doc[span.end] if span.end < len(doc) else None
    if label != "GPE" and (in_dateline(span) or born_before(span)):
        label = "GPE"  # "Tarrow, 5 May 2021 — ...": a news dateline names a place; so does "the Tarrow-born X"
    elif root.dep_ == "nsubj" and root.head.lemma_.lower() in SPEECH_VERBS and label != "PERSON":
        label = "PERSON"
    elif after is not None and after.text == ":" and span.text.isupper() and len(span) <= 3 \
            and (span.start == 0 or "\n" in doc[span.start - 1].text_with_ws):
        label = "PERSON"  # an interview transcript's speaker
    elif label != "PERSON" and _person_before(span) and len(span) <= 3:
        label = "PERSON"
    elif label != "PERSON" and after is not None and after.text == "," and span.end + 2 < len(doc) \
            and doc[span.end + 1].like_num and doc[span.end + 2].text == "," and len(span) <= 3:
        label = "PERSON"  # "Ada Brook, 44, said"
    elif len(span) == 1 and root.dep_ == "pobj" and root.head.lower_ in PLACE_PREPS \
            and label in ("ORG", "PROPN", "PERSON"):
        label = "GPE"
    return span if label == span.label_ else Span(doc, span.start, span.end, label=label)
