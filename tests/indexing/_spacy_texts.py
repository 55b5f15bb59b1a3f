"""Invented texts for the tests that compare a sped-up spaCy pipeline with spaCy's own (shared by
test_spacy_ops and test_fast_ruler): prose, news, minutes, lists, contractions and odd spacing."""

from __future__ import annotations

import numpy as np
from spacy.attrs import DEP, ENT_IOB, ENT_TYPE, HEAD, LEMMA, MORPH, NORM, POS, SENT_START, TAG

TEXTS = [
    "Orla Venn (born 3 May 1911 in Tarrow) was a Quellish composer. She studied at the Ossel Conservatory "
    "and later taught there. Her opera The Salt Hours premiered in 1948.",
    "TARROW — Brightwater Labs, a start-up founded by Priya Marsh and Tomas Eld, said on Monday it had "
    "acquired Saltline Ltd. \"We're gonna grow,\" Marsh told reporters. Let's see, y'all.",
    "Minutes of the board\n\nPresent:\n- Ada Brook (chair)\n- Cy Dunn, Chief Executive, Quell Ltd\n\n"
    "1. Ada Brook moved the motion; it was carried. There is no other business, and there were no objections.",
    "I ain't sure he'd come. You can't tell; it wasn't them who did it, and they'd had enough of somethin' "
    "ol' 'nuff.  Double  spaces\there and a tab.\n\n\nThree breaks.",
    "The Gilded Pike is a 1933 comedy film directed by Hal Rusk. It stars Ivy Crane. Who directed it? "
    "Does anyone know? It was filmed in Lake Ossel, near Tarrow, in Quell.",
]

ATTRS = [TAG, POS, DEP, HEAD, ENT_IOB, ENT_TYPE, LEMMA, MORPH, SENT_START, NORM]


def same_annotations(docs_a, docs_b) -> bool:
    """True when every token of every pair of Docs has the same tag, POS, parse, entity, lemma and morphology."""
    return all(np.array_equal(a.to_array(ATTRS), b.to_array(ATTRS)) for a, b in zip(docs_a, docs_b, strict=True))
