"""A spaCy component that starts a sentence wherever a paragraph or a list item starts.

spaCy's parser joins a headline, a list item or a one-line paragraph to the
next sentence ("Present\\n- Anna Kerr, chair\\n- Tom Veil"), so evidence
sentences would carry the previous paragraph and the list markers. This
component, placed before the parser, marks the first token of every paragraph
that `sentences.paragraph_starts` finds (and the first token after its list
marker) as a sentence start; the parser respects preset starts and still
splits within paragraphs as it likes. Texts without line breaks are untouched.
"""

from __future__ import annotations

from spacy.language import Language
from spacy.tokens import Doc

from hopgraph.indexing.sentences import paragraph_starts

NAME = "hopgraph_line_starts"


@Language.component(NAME)
def mark_line_starts(doc: Doc) -> Doc:
    wanted = {pos for pair in paragraph_starts(doc.text) for pos in pair}
    if wanted:
        for token in doc[1:]:
            if token.idx in wanted:
                token.is_sent_start = True
    return doc


def add_line_starts(nlp: Language) -> Language:
    """Add the component before the parser (once); returns `nlp`."""
    if NAME not in nlp.pipe_names:
        nlp.add_pipe(NAME, before="parser" if "parser" in nlp.pipe_names else None)
    return nlp
