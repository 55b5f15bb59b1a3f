"""A person's familiar first name, as the text states it: "Ada Brook, known to everyone as Addie, ..." (pure).

English introduces the name people use with "known as": "Wilma Brook, known as Mina", "Ada Brook (known to friends
as Addie)", "Ada Brook, who is known as Addie". When that name is one capitalised word, it is a first name, and
the person is called by it with their surname elsewhere ("Addie Brook"): `familiar_names` gives (full name,
familiar full name) pairs, which the extractor records as "also know as" statements that resolution joins, as
it does for quoted nicknames (`hopgraph.indexing.normalize.nickname_variants`).
"""

from __future__ import annotations

from collections.abc import Iterator

from spacy.tokens import Span

from hopgraph.indexing.types import name_type, personal_shape

#: Words between "known" and "as" ("known to everyone as", "known to her friends as"), at most this many.
_MAX_GAP = 4


def familiar_names(spans: list[Span]) -> Iterator[tuple[Span, str]]:
    """(person's name of two or three words, "<familiar first name> <surname>") for "<name>, known ... as <Word>";
    the name is PERSON, or shaped like a person's whatever NER said (no institution's word)."""
    for span in spans:
        if span.label_ not in ("PERSON", "PROPN", "ORG") or not personal_shape(span.text) or name_type(span.text) \
                or not 2 <= len(span) <= 3 or not all(t.is_title for t in span):
            continue
        doc, k = span.doc, span.end
        while k < len(doc) and k < span.end + 3 and doc[k].lower_ in (",", "(", "who", "is", "was", "also"):
            k += 1
        if k >= len(doc) or doc[k].lower_ != "known" or k == span.end:
            continue
        gap = next((j for j in range(k + 1, min(len(doc), k + 2 + _MAX_GAP)) if doc[j].lower_ == "as"), None)
        if gap is None or gap + 1 >= len(doc):
            continue
        name = doc[gap + 1]
        after = doc[gap + 2] if gap + 2 < len(doc) else None
        if not (name.is_title and name.is_alpha) or (after is not None and after.is_title and after.is_alpha):
            continue  # "known as Ada Brook" or "known as the ...": not one familiar first name
        if name.text != span[0].text:
            yield span, f"{name.text} {span[-1].text}"
