"""Hand-tagged questions for the router's pure token tests: "the/DET Kalvor/@ premiere/NOUN"."""

from __future__ import annotations

from hopgraph.router.lexicon import Mention, match_at
from hopgraph.router.tokens import Tok


def toks(tagged: str) -> list[Tok]:
    """Word/POS pairs, @ for a masked name (anchor 0, 1, …); a word ending in 's is possessive ("women's/NOUN")."""
    out, anchors = [], 0
    for n, pair in enumerate(tagged.split()):
        word, pos = pair.rsplit("/", 1)
        possessive = word.endswith("'s")
        word = word[:-2] if possessive else word
        tok = Tok(n, word, word.lower(), word.lower(), "PROPN" if pos == "@" else pos, possessive=possessive)
        if pos == "@":
            tok.anchor, anchors = anchors, anchors + 1
        out.append(tok)
    return out


def sentences(*tagged: str) -> list[Tok]:
    """Hand-tagged sentences numbered 0, 1, … in one token list, masked names counted across them."""
    out: list[Tok] = []
    anchors = 0
    for s, text in enumerate(tagged):
        for t in toks(text):
            if t.anchor >= 0:
                t.anchor, anchors = anchors, anchors + 1
            t.i, t.sent = len(out), s
            out.append(t)
    return out


def words(ts: list[Tok]) -> str:
    return " ".join(t.text for t in ts)


def mention_at(q: list[Tok], i: int, via: str = "lexicon") -> Mention:
    """The lexicon's phrase that starts at token `i` (matched on the lemmas) as a mention of the question."""
    n, sense = match_at([t.lemma for t in q], i)
    return Mention(i, i + n, " ".join(t.text for t in q[i:i + n]), sense, via=via)
