"""A spaCy component that starts a sentence wherever a paragraph or a list item starts.

spaCy's parser joins a headline, a list item or a one-line paragraph to the
next sentence ("Present\\n- Anna Kerr, chair\\n- Tom Veil"), so evidence
sentences would carry the previous paragraph and the list markers. This
component, placed before the parser, marks the first token of every paragraph
that `sentences.paragraph_starts` finds (and the first token after its list
marker) as a sentence start, and the token after it as no start (the parser
otherwise splits a name like "Rune | Okonjo" at a paragraph start); the parser
respects preset boundaries and still splits within paragraphs as it likes.
Texts without line breaks are untouched.
"""

from __future__ import annotations

from spacy.language import Language
from spacy.tokens import Doc

from hopgraph.indexing.sentences import paragraph_starts, paragraphs

NAME = "hopgraph_line_starts"


@Language.component(NAME)
def mark_line_starts(doc: Doc) -> Doc:
    text = doc.text  # joined once: each `doc.text` joins every token again
    starts = paragraph_starts(text)
    if not starts:
        return doc
    wanted = {pos for pair in starts for pos in pair}
    first = len(text) - len(text.lstrip())
    wanted.add(first)
    wanted.add(paragraphs(text)[0][0] if text.strip() else first)
    forced = [t.i for t in doc if t.idx in wanted]
    for i in forced:
        if i:
            doc[i].is_sent_start = True
    fixed = set(forced)
    for i in forced:  # a paragraph's first word is never a sentence on its own ("Rune | Okonjo was born …")
        if i + 1 < len(doc) and i + 1 not in fixed and not doc[i].is_space and not doc[i + 1].is_space:
            doc[i + 1].is_sent_start = False
    return doc


def add_line_starts(nlp: Language) -> Language:
    """Add the component before the parser (once); returns `nlp`."""
    if NAME not in nlp.pipe_names:
        nlp.add_pipe(NAME, before="parser" if "parser" in nlp.pipe_names else None)
    return nlp
