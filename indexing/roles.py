"""Positions people hold: role titles read from a noun phrase, and the organisation a bare title belongs to.

`role_title` keeps the words that make a title ("chief technology officer", "artistic director") and drops names,
determiners and words of time ("former", "new"). `nearest_org` is where a position named without its organisation
("said chief executive X" in a company's press release) is held: the organisation named nearest before it.
"""

from __future__ import annotations

from spacy.tokens import Token

from hopgraph.indexing.context import ChunkContext
from hopgraph.indexing.predicates import ROLE_NOUNS

#: Position nouns that imply an organisation even when none is named with them.
POSITIONS = (ROLE_NOUNS | {"director", "publisher"}) - {"doctor", "physician", "surgeon", "nurse", "trainee",
                                                          "apprentice", "chef", "pilot", "architect", "economist"}
_TITLE_SKIP = frozenset(
    "former new current then longtime long-time first last late previous future own outgoing incoming acting "
    "its his her their our".split()
)


def role_title(ctx: ChunkContext, noun: Token) -> str:
    """A position's title: the role noun with the words modifying it ("chief technology officer"), without
    names, determiners and words of time ("former", "new")."""
    words = []
    for child in noun.lefts:
        if child.dep_ not in ("amod", "compound"):
            continue
        words += [t for t in child.subtree if t.i not in ctx.span_of and t.pos_ in ("NOUN", "ADJ", "PROPN")
                  and t.lower_ not in _TITLE_SKIP and t.text.replace("-", "").isalpha()]
    return " ".join([t.lower_ for t in sorted(words, key=lambda t: t.i)] + [noun.lemma_.lower()])


def nearest_org(ctx: ChunkContext, tok: Token) -> str | None:
    """The ORG named nearest before `tok` in the chunk, else the first one after it in its sentence; a name whose
    form says it is no organisation ("Tarrow Dam", "Tarrow Festival") is skipped whatever NER called it."""
    orgs = [sp for sp in ctx.spans if ctx.is_org(sp)]
    before = [sp for sp in orgs if sp.end <= tok.i]
    if before:
        return before[-1].text
    after = [sp for sp in orgs if sp.start > tok.i and sp.sent.start == tok.sent.start]
    return after[0].text if after else None
