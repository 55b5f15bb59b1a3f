"""Words that belong to a name's own noun phrase, not to the relation chain (pure).

Two constructions of English put a common noun next to a relation phrase without naming a relation:

* a head noun after a name: in "the conductor of the 2021 X premiere", "the lead author of Y's X study"
  or "who heads the X review", the name only modifies "premiere", "study", "review"; that noun says what
  the named thing is (or which event of it), and the relation is the phrase around the whole noun
  phrase ("conductor of …"). Read as a relation of its own ("premiere" -> a release date) it adds a
  wrong hop. A role noun ("the X mayor", "the X director") does name a person of X and stays.
* a capacity after "as a/an": "which club did she race for as a boy", "he worked there as a child":
  the noun says in what capacity, not a kin relation to follow.

`absorb` drops those words from the question's tokens (only when something else in the question states
a relation, so "When was the X premiere?" keeps its only relation word).
"""

from __future__ import annotations

from dataclasses import replace

from hopgraph.router.asked import WH
from hopgraph.router.tokens import OTHER_NOUNS, RELATIVE_WORDS, Tok, renumber

#: Endings of nouns that name a person by what they do ("conductor", "organiser", "pianist").
_AGENT_ENDINGS = ("er", "or", "ist", "ian", "ant", "ent", "eer", "ess")
#: Role nouns without such an ending.
_ROLES = frozenset("mayor chief head chair chairman chairwoman chairperson captain coach boss ceo cfo cto coo "
                   "leader president minister secretary premier dean rector governor partner wife husband "
                   "son daughter father mother sister brother spouse widow heir commodore principal provost warden "
                   "steward bishop vicar curate clerk sheriff marshal chaplain laureate deputy apprentice pupil "
                   "protege nominee trustee candidate delegate colleague judge magistrate coroner".split())
_BEFORE_NAME = frozenset("the a an this that of in at for on from by".split())
#: Words that state nothing: the question's frame around a lone relation word.
_FRAME_POS = frozenset("AUX DET ADP PRON PUNCT CCONJ SCONJ PART NUM".split())


def names_a_role(word: str) -> bool:
    return word in _ROLES or (len(word) > 4 and word.endswith(_AGENT_ENDINGS))


def head_run(toks: list[Tok], at: int) -> range:
    """The common nouns right after the name at `at` that end its noun phrase ("the X feasibility study"),
    or an empty range. The name must follow a determiner, a preposition or a possessive (a terse query
    "X director birthplace" starts with the name), and no noun in the run may name a role."""
    if at == 0 or toks[at].possessive:
        return range(0)
    j = at - 1
    while j > 0 and (toks[j].pos in ("NUM", "ADJ") or (toks[j].possessive and toks[j].anchor < 0)):
        j -= 1  # "the 2019 junior's X revival": the name's own modifiers come between
    before = toks[j]
    if before.lower not in _BEFORE_NAME and not before.possessive:
        return range(0)
    if before.lower == "that" and before.pos in ("PRON", "SCONJ"):
        return range(0)  # "the trust that X sponsors": the name is a clause's subject, the word after it its verb
    end = at + 1
    object_of_a_verb = before.lower == "the" and j >= 1 and toks[j - 1].pos == "VERB"
    while end < len(toks) and (toks[end].pos == "NOUN" or (object_of_a_verb and _noun_tagged_verb(toks, end))) \
            and toks[end].lower.isalpha() and toks[end].anchor < 0:  # ("designed the X fish pass": tagged a verb)
        if names_a_role(toks[end].lower):
            return range(0)
        end += 1
    if end == at + 1:
        return range(0)
    if end < len(toks) and (toks[end].lower == "of" or toks[end].pos == "PROPN" or toks[end].anchor >= 0):
        return range(0)  # "the X board of directors", a name after: not the end of the phrase
    if end + 1 < len(toks) and toks[end].lower in RELATIVE_WORDS and toks[end + 1].pos in ("VERB", "AUX"):
        return range(0)  # "the X bakery that merged with Y": the noun heads a clause about itself, no part of X's name
    if _bare_verb_due(toks, at, end):
        return range(0)  # "Where did the winner of X study?": the word after the name is the verb "did" asks for
    return range(at + 1, end)


def _noun_tagged_verb(toks: list[Tok], i: int) -> bool:
    """A verb whose noun names another thing ("pass", "base") with no particle after it ("pass away" stays a verb)."""
    after = toks[i + 1].lower if i + 1 < len(toks) else ""
    return toks[i].lower in OTHER_NOUNS and after not in ("away", "on", "off", "over", "down", "up", "out", "by")


def _bare_verb_due(toks: list[Tok], at: int, end: int) -> bool:
    """A "do" before the name asks for a bare verb that no word after the run supplies ("Where did the winner of
    X study?", "Who did the actor in X play in Y?"): a noun-tagged word right after the name is that verb."""
    asks = any(t.lemma == "do" or t.lower in ("did", "does", "do") for t in toks[:at])
    return asks and not any(t.pos in ("VERB", "AUX") for t in toks[end:])


def capacity_run(toks: list[Tok], i: int) -> range:
    """ "as a boy", "as an infant": the noun (with its adjectives) after "as a/an" at `i`, or empty."""
    if toks[i].lower != "as" or i + 2 >= len(toks) or toks[i + 1].lower not in ("a", "an"):
        return range(0)
    end = i + 2
    while end < len(toks) and toks[end].pos == "ADJ":
        end += 1
    if end < len(toks) and toks[end].pos == "NOUN" and toks[end].anchor < 0:
        return range(i, end + 1)
    return range(0)


def absorb(toks: list[Tok]) -> list[Tok]:
    """The tokens without head nouns after names and capacity phrases, renumbered, when what remains
    still holds a content word besides the names (else the tokens unchanged)."""
    drop: set[int] = set()
    owners: set[int] = set()  # names whose run ends possessive ("the X family's bakery": X's bakery)
    for t in toks:
        if t.anchor >= 0 and (run := head_run(toks, t.i)):
            drop.update(run)
            owners |= {t.i} if toks[run[-1]].possessive else set()
        drop.update(capacity_run(toks, t.i))
    if not drop:
        return toks
    kept = [replace(t, possessive=True) if t.i in owners else t for t in toks if t.i not in drop]
    if not any(t.anchor < 0 and t.pos not in _FRAME_POS and t.lower.isalpha() and t.pos != "PROPN"
               and t.lower not in WH for t in kept):
        return toks
    return renumber(kept)
