"""Who "we" are in a document: the organisation a release, a report, a job advert or minutes speak for.

Organisations write about themselves in the first person plural: "We are a young company building batteries",
"You will report to our finance director, P", "Our medical director has led the clinical team since 2003". Such a
sentence states a fact of the organisation without naming it. A chunk speaks for an organisation when it opens on
it (its title or its first sentence names it: "Head of Operations, Voltmere Storage Ltd (full time).") and says
"we" or "our" after that; its sentences that say so are about the organisation as much as those naming it. What a
quotation says in the first person is its speaker's "we", not the document's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from hopgraph.hops.chunk_view import ChunkView
from hopgraph.hops.names import name_forms
from hopgraph.indexing.normalize import normalize

#: The first person plural ("US", the country, is no "us").
_WE = re.compile(r"\b(?:[Ww]e|[Oo]ur|[Oo]urs|us)\b")


def speaks_for(view: ChunkView, name: str) -> bool:
    """The chunk opens on the organisation `name` (typed ORG by the graph) and says "we" or "our" after its opening."""
    if not view.sents or "ORG" not in view.types_of(name):
        return False
    opening = f" {normalize(view.hit.title)} {normalize(view.sents[0][1])} "
    return any(f" {f} " in opening for f in name_forms(name)) and bool(we_sentences(view))


def we_sentences(view: ChunkView) -> list[str]:
    """The chunk's sentences after its first that speak in the first person plural outside quotation marks."""
    return [s for s, said in list(_outside_quotes(view.sents))[1:] if _WE.search(said)]


def _outside_quotes(sents: list[tuple[int, str]]) -> Iterator[tuple[str, str]]:
    """(sentence, its words outside quotation marks) of each sentence; a quotation may run over several."""
    inside = False
    for _, sentence in sents:
        kept = []
        for part in _QUOTE_MARK.split(sentence):
            if part in ('"', "“", "”"):
                inside = part == "“" or (part == '"' and not inside)
            elif not inside:
                kept.append(part)
        yield sentence, " ".join(kept)


_QUOTE_MARK = re.compile(r'(["“”])')
