"""Whether a verb after the anchor belongs to the anchor's own relative clause (pure).

    "the person who directed X", "the man X married"    the verb is the clause's: X's hop, not the question's
    "the charity X's son founded"                       (after a possessive, after the noun phrase it heads)
    "Who directed the film X scored?"                   after the question's own verb, "the film X scored" is a clause
    "When did the film X premiere?"                     the name's own verb: the question's predicate
    "the country where the city where X …"              relative clauses still open at the anchor (`clause_depth`)
"""

from __future__ import annotations

from hopgraph.router.asked import is_relative
from hopgraph.router.lexicon import Mention
from hopgraph.router.open_words import STOP
from hopgraph.router.spans import KIND_WORDS
from hopgraph.router.tokens import CLAUSE_BREAK, RELATIVE_WORDS, Tok
from hopgraph.router.voice import subject_phrase


def in_own_clause(toks: list[Tok], m: Mention, at: int) -> bool:
    """The verb belongs to a relative clause that holds the anchor: "the person who directed X",
    "the man X married" (a reduced relative: a noun right before the anchor)."""
    if m.start > at and (start := subject_phrase(toks, m)) is not None and start < at:
        return True  # "the film the X winner produced": the anchor is in the clause's subject
    if m.start > at:  # after the anchor: reduced relative "the man X married"
        before = toks[at - 1] if at > 0 else None
        det = at >= 2 and toks[at - 2].lower in ("the", "a", "an", "that", "this", "his", "her", "their")
        noun = before is not None and det and (before.pos == "NOUN" or (not before.pos and before.lower.isalpha()
                                                                         and before.lower not in STOP))
        end = _noun_phrase_end(toks, at)  # "the charity X's son founded": the verb after X's own noun phrase
        right_after = m.start == end or (m.start == end + 1 and toks[end].pos == "AUX")  # ("X is named after")
        return right_after and noun and (before.lower not in KIND_WORDS or stranded(toks, m)
                                         or main_verb_before(toks, at - 2) or copular_question(toks))
    for j in range(m.start - 1, -1, -1):
        t = toks[j]
        if t.lower in CLAUSE_BREAK:
            return False
        if t.lower in RELATIVE_WORDS and j > 0 and (toks[j - 1].pos in ("NOUN", "PROPN") or toks[j - 1].anchor >= 0
                                                or not toks[j - 1].pos):
            return at > m.start
    return False


def _noun_phrase_end(toks: list[Tok], at: int) -> int:
    """Where the anchor's noun phrase ends: right after it, or after the nouns and adjectives a possessive anchor
    governs ("X's eldest son")."""
    end = at + 1
    while toks[at].possessive and end < len(toks) and toks[end].pos in ("NOUN", "ADJ") and toks[end].anchor < 0:
        end += 1
    return end


def main_verb_before(toks: list[Tok], det: int) -> bool:
    """ "Who directed the film X scored?": the question's own verb comes before the noun phrase opening at `det`, so
    a verb right after the name is a relative clause's ("the film X scored"), not the name's own predicate ("When
    did the film X premiere?")."""
    verb = next((t for t in reversed(toks[:det]) if t.pos == "VERB" and t.lemma not in ("be", "do", "have")), None)
    if verb is None or any(t.lower in CLAUSE_BREAK for t in toks[verb.i:det]):
        return False
    # the main clause's own verb, not a relative clause's ("the lab that carried on the work of the company X …")
    return not any(t.lower in RELATIVE_WORDS and t.i > 0 and (toks[t.i - 1].pos in ("NOUN", "PROPN")
                                                           or toks[t.i - 1].anchor >= 0) for t in toks[:verb.i])


def copular_question(toks: list[Tok]) -> bool:
    """ "Who was the finance director of the company X founded?", "What is the capital of the country X visited?":
    the wh-word is the subject of "be", so the question's predicate is that noun phrase and a verb right after a
    name inside it belongs to a clause on the noun before the name. ("When was the film X released?" asks with
    "when": the participle is the question's own passive.)"""
    return len(toks) > 2 and toks[0].lower in ("who", "what") and toks[1].lemma == "be" and toks[1].pos == "AUX"


def stranded(toks: list[Tok], m: Mention) -> bool:
    """The verb ends its clause with a bare preposition ("the university X studied at?"): its object is the
    noun before, so the clause is a relative one even after a kind word, which otherwise may name X ("the
    film X premiered")."""
    end = m.end - 1 if toks[m.end - 1].pos == "ADP" else m.end  # ("works for" ends on its preposition)
    prep = toks[end] if end < len(toks) else None
    after = toks[end + 1].lower if end + 1 < len(toks) else "?"
    return prep is not None and prep.pos == "ADP" and (after in CLAUSE_BREAK or after == ".")


def clause_depth(toks: list[Tok], mentions: list[Mention], at: int) -> int:
    """How many relative clauses open before the anchor and are still open there ("the country where
    the city where X …" -> 2): their verbs come right after the anchor, innermost first. A clause whose
    verb comes before the anchor ("the person who directed X") is already closed."""
    depth = 0
    for j in range(at - 1, -1, -1):
        t = toks[j]
        if t.lower in (",", ";", "?"):
            break
        if t.lower in ("where", "which", "that", "who", "whom") and j > 0 and not is_question_word(toks, j) \
                and not any((m.sense.verb or toks[m.start].pos == "VERB") and j < m.start < at
                            and not _passive_by(toks, m.end - 1) for m in mentions) \
                and not any((toks[k].pos == "VERB" and not _passive_by(toks, k))
                            or (_copula(toks, k, at) and not toks[at].possessive) for k in range(j + 1, at)):
            depth += 1
    return depth


def _copula(toks: list[Tok], k: int, at: int) -> bool:
    """"be" with its complement after it, up to the anchor, and no verb: the verb of a clause ("the woman who was
    secretary of X", "the firm that is the supplier of X"), which closes the clause before the anchor (not before a
    possessive anchor, whose noun completes it: "who was X's secretary"; not when another clause opens between:
    "who was medical director when X approved …")."""
    return toks[k].pos == "AUX" and toks[k].lemma == "be" and all(t.pos in _COMPLEMENT for t in toks[k + 1:at])


#: Parts of speech of the words of a noun phrase complement up to the name ("secretary of the").
_COMPLEMENT = frozenset(("DET", "ADJ", "NOUN", "PROPN", "ADP", "NUM"))


def _passive_by(toks: list[Tok], k: int) -> bool:
    """A participle right before "by" ("the clerk hired by X"): a clause on its noun without its "who was", no verb
    of the clause around that noun ("the college where the clerk hired by X studied": "studied" is that clause's)."""
    return toks[k].lower.endswith(("ed", "en", "t", "n")) and k + 1 < len(toks) and toks[k + 1].lower == "by"


def is_question_word(toks: list[Tok], j: int) -> bool:
    return toks[j].lower in ("where", "which", "who", "whom") and (j == 0 or not is_relative(toks, j))
