"""Which named people of a chunk the text itself marks as a woman or a man (pure given the parse).

A narrative document's "he", "his", "she" or "her" refers to the nearest person named before it
(`hopgraph.indexing.context`); an obituary's "He married Joan Pell in 1955; she died in 2004. He is survived by
his daughter Ada" then reads "his" as Joan Pell's. The text often says who is a woman and who is a man, and a
pronoun never refers to a person of the other: this module reads those marks, and nothing else (no list of first
names):

- a title before the name: "Mrs Brook", "Mr Reed", "Dame Ada Brook";
- a kin noun that describes the name: "his daughter Ada", "Ada Brook, daughter of …", "the groom, Tom Reed";
- a pronoun in the same sentence after a name no other person stands before: "… married Joan Pell; she died …".

A title before a surname alone marks the one full name of the chunk that ends with that surname, when only one does.
"""

from __future__ import annotations

from spacy.tokens import Doc, Span

FEMALE, MALE = "f", "m"

_TITLES = {"mrs": FEMALE, "ms": FEMALE, "miss": FEMALE, "lady": FEMALE, "dame": FEMALE, "madam": FEMALE,
           "mr": MALE, "sir": MALE, "lord": MALE}
_KIN = {**{w: FEMALE for w in "daughter wife mother sister widow bride aunt niece granddaughter grandmother "
           "stepdaughter stepmother daughter-in-law mother-in-law sister-in-law fiancee fiancée girlfriend "
           "businesswoman chairwoman".split()},
        **{w: MALE for w in "son husband father brother widower groom bridegroom uncle nephew grandson grandfather "
           "stepson stepfather son-in-law father-in-law brother-in-law fiance fiancé boyfriend businessman "
           "chairman".split()}}
#: The gender each personal pronoun says.
PRONOUN_GENDER = {**{w: FEMALE for w in "she her hers herself".split()},
                  **{w: MALE for w in "he him his himself".split()}}


def marked_genders(doc: Doc, persons: list[Span]) -> dict[str, str]:
    """Person name -> FEMALE or MALE, for the names the chunk marks one way only (`persons`: its PERSON spans)."""
    seen: dict[str, set[str]] = {}
    for span in persons:
        titled = _title_before(span)
        for gender in (titled, _kin_beside(span), _pronoun_after(doc, span, persons)):
            if gender:
                seen.setdefault(span.text, set()).add(gender)
        if titled and len(span) == 1:  # "Mrs Brook" marks "Ada Brook" when no other person of the chunk is a Brook
            full = {p.text for p in persons if len(p) > 1 and p[-1].text == span.text}
            if len(full) == 1:
                seen.setdefault(full.pop(), set()).add(titled)
    return {name: genders.pop() for name, genders in seen.items() if len(genders) == 1}


def _title_before(span: Span) -> str:
    """ "Mrs Brook", "Mr. Reed": the title right before the name (or as its first word)."""
    for tok in (span[0], span.doc[span.start - 1] if span.start > 0 else None):
        if tok is not None and (gender := _TITLES.get(tok.lower_.rstrip("."))):
            return gender
    return ""


def _kin_beside(span: Span) -> str:
    """ "his daughter Ada", "the groom, Tom Reed", "Ada Brook, daughter of …": a kin noun right before the name
    (past a comma) or right after it (past a comma)."""
    doc = span.doc
    before = span.start - 1
    if before >= 0 and doc[before].text == ",":
        before -= 1
    # only a comma sets a describing noun after the name apart ("Ada Brook, daughter of")
    after = span.end + 1 if span.end < len(doc) and doc[span.end].text == "," else -1
    for i in (before, after):
        if 0 <= i < len(doc) and (gender := _KIN.get(doc[i].lower_)):
            return gender
    return ""


def _pronoun_after(doc: Doc, span: Span, persons: list[Span]) -> str:
    """ "He married Joan Pell in 1955; she died in 2004": a subject pronoun later in the name's sentence refers to
    the name when no other person is named in the sentence before it, no earlier pronoun of the sentence says the
    same gender ("He married Joan Pell; he died" is his), and it opens no clause the name's verb reports ("Reed said
    she …" may be of anyone)."""
    sent = span.sent
    others = [p for p in persons if p is not span and p.sent.start == sent.start]
    for tok in doc[span.end:sent.end]:
        if tok.lower_ not in ("she", "he"):
            continue
        gender = PRONOUN_GENDER[tok.lower_]
        earlier = [t for t in doc[sent.start:tok.i] if PRONOUN_GENDER.get(t.lower_) == gender]
        if tok.dep_ not in ("nsubj", "nsubjpass") or tok.head.dep_ == "ccomp" or earlier \
                or any(p.start < tok.i for p in others):
            return ""
        return gender
    return ""
