"""Sign-offs and attributions: "<Name>, <Title>, <Organisation>".

Letters, press releases and quoted statements name a person with their position and organisation as three
comma-separated parts ("Ada Brook, Chief Executive, Quell Therapeutics" closing a letter; "said Ada Brook, managing
director, Quell Ltd."). The parser reads the three as loose appositions and NER often mistypes both names, so the
parts are read from their form: a name shaped like a person's, a role title (`layout_names.is_role_title`), and a
name whose form or label says organisation; the title must close at the comma before the organisation, and the
organisation end its sentence or line. Gives (person, "role: <title>", organisation).
"""

from __future__ import annotations

from collections.abc import Iterator

from spacy.tokens import Span

from hopgraph.indexing.context import ChunkContext
from hopgraph.indexing.layout_names import is_role_title
from hopgraph.indexing.predicates import role_predicate
from hopgraph.indexing.types import personal_shape

_MAX_TITLE_TOKENS = 6
_CLOSERS = frozenset((".", "\n", ";"))


def signature_triples(ctx: ChunkContext) -> Iterator[tuple[str, str, str, str, str]]:
    """(person, "role: <title>", organisation, "signature", sentence) for each "<Name>, <Title>, <Org>"."""
    doc = ctx.doc
    spans = [s for s in ctx.spans if s.label_ not in ("DATE", "TIME", "CARDINAL")]
    for person, org in zip(spans, spans[1:]):
        between = doc[person.end:org.start]
        if len(between) < 3 or len(between) > _MAX_TITLE_TOKENS + 2 or between[0].text != "," \
                or between[-1].text != ",":
            continue
        title = doc[person.end + 1:org.start - 1]
        if any(t.text in (",", "\n") or t.is_space for t in title) or not is_role_title(title):
            continue
        if not (personal_shape(person.text) or person.label_ == "PERSON") or not _ends_clause(org) \
                or ctx.org_strength(org) < 2:
            continue
        yield person.text, role_predicate(title.text), org.text, "signature", person.sent.text


def _ends_clause(span: Span) -> bool:
    """The organisation closes its sentence or line ("..., Quell Ltd." / end of text / a line break)."""
    doc = span.doc
    if span.end >= len(doc):
        return True
    nxt = doc[span.end]
    return nxt.text in _CLOSERS or nxt.is_space or "\n" in span[-1].whitespace_
