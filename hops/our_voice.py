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
    """The chunk opens on the organisation `name` (typed ORG by the graph), or is titled in the first person
    ("Our story", "About us") and has a sentence opening with it, and says "we" or "our" after its opening."""
    if not view.sents or "ORG" not in view.types_of(name):
        return False
    forms = name_forms(name)
    opening = f" {normalize(view.hit.title)} {normalize(view.sents[0][1])} "
    opens_on = any(f" {f} " in opening for f in forms)
    if not opens_on and not (_first_person_title(view) and _a_sentence_opens_with(view, forms)):
        return False
    return bool(we_sentences(view))


def we_sentences(view: ChunkView) -> list[str]:
    """The chunk's sentences that speak in the first person plural outside quotation marks: after its first,
    which names the organisation, or all of them under a first-person title ("Our story: We began in …")."""
    first = 0 if _first_person_title(view) else 1
    return [s for s, said in list(_outside_quotes(view.sents))[first:] if _WE.search(said)]


def _first_person_title(view: ChunkView) -> bool:
    """A title in the first person plural: the organisation's own page about itself ("About us", "Our history")."""
    return bool(view.hit.title and _WE.search(view.hit.title))


def _a_sentence_opens_with(view: ChunkView, forms: set[str] | list[str]) -> bool:
    """Some sentence of the chunk has the name as its first words, its subject ("Tarn Systems took its first …")."""
    return any(f" {normalize(sentence)} ".startswith(f" {f} ") for _, sentence in view.sents for f in forms)


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
