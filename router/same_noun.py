"""The noun after "the same" says what two things are compared by ("released on the same label").

"Were A and B released on the same label?" compares their labels, not their release dates; "recorded at the
same studio" their studios, not who recorded them. The verb says how each came to have the thing, the noun
what it is. A relation phrase at the noun is the one compared; a noun no phrase explains is compared as an
open relation of the verb's words and the noun ("recorded at studio"). Nouns that only say which part of a
date or a place is shared ("the same year", "the same town") and nouns of a person ("the same man": the
verb's person is compared) leave the reading to the verb, unless the names did what the verb says ("Did A
and B lead the same school?": what each led, read backwards, not where each studied), as does a verb whose
relation is a thing already ("work for the same company": the employer).
"""

from __future__ import annotations

from hopgraph.router.lexicon import Mention, Sense
from hopgraph.router.tokens import Tok
from hopgraph.router.vocab import RELATIONS
from hopgraph.router.voice import is_passive


def said_before_same(toks: list[Tok], m: Mention) -> bool:
    """A verb before "same": how each side came to have the compared thing ("released on the same label")."""
    same = next((t.i for t in toks if t.lower == "same"), len(toks))
    return (m.sense.verb or toks[m.start].pos == "VERB") and m.end <= same


#: Nouns after "same" that say what part of the verb's fact is shared, not a thing of its own.
SHARED_PARTS = frozenset(
    "year decade century month day date time era country nation state county region district province city cities "
    "town towns village villages place places area school schools university universities college colleges academy "
    "person people man men woman women one ones guy individual family way reason kind sort type".split())


def same_noun(toks: list[Tok], mentions: list[Mention]) -> Mention | None:
    """The compared thing of a "the same N" comparison: the phrase at N when one explains it, else an open
    mention of the verb's words and N when the verb's relation answers a person ("recorded at studio"); None when
    the question says no "same N", N is a shared part (`SHARED_PARTS`, unless the names did what the verb says:
    "lead the same school"), or the verb's relation is itself the thing ("work for the same company")."""
    same = next((t.i for t in toks if t.lower == "same"), None)
    if same is None:
        return None
    n = same + 1
    while n < len(toks) and toks[n].pos == "ADJ":
        n += 1
    while n + 1 < len(toks) and toks[n].pos == "NOUN" and toks[n + 1].pos == "NOUN" and toks[n + 1].anchor < 0:
        n += 1  # "the same teacher-training college": the compound's head
    if n >= len(toks) or toks[n].pos != "NOUN" or toks[n].anchor >= 0:
        return None
    verb = next((m for m in reversed(mentions) if m.sense.verb and m.end <= same), None)
    if toks[n].lower in SHARED_PARTS or toks[n].lemma in SHARED_PARTS:
        if verb is None or not _done_by_the_sides(toks, verb):
            return None  # ("born in the same town": where each was born)
    elif (at_noun := next((m for m in mentions if m.start <= n < m.end), None)) is not None:
        return at_noun
    elif verb is None or not _answers_a_person(verb) or _done_by_the_sides(toks, verb):
        return None  # "work for the same company", "Did A and B found the same company?": the verb's relation
    words = [t.lower for t in toks[verb.start:same] if t.pos in ("VERB", "ADP") and t.lower.isalpha()]
    text = " ".join(words + [toks[n].lower])
    return Mention(verb.start, n + 1, text, Sense(relation=text), via="open")


def _done_by_the_sides(toks: list[Tok], verb: Mention) -> bool:
    """ "Did A and B found / lead the same …?": a verb whose subject is its relation's answer (the founder, the
    leader), active, with the names as its subject: the relation reads backwards from them (what they founded)."""
    opens_with_be = bool(toks) and toks[0].lower in ("is", "are", "was", "were")  # "Were A and B founded …"
    return verb.sense.agent == "answer" and not is_passive(toks, verb) and not opens_with_be \
        and any(t.anchor >= 0 for t in toks[:verb.start]) and not any(t.anchor >= 0 for t in toks[verb.end:])


def _answers_a_person(verb: Mention) -> bool:
    """The verb's relation answers a person or a place ("recorded" -> the performer, "based" -> where it lies), so a
    thing after "same" is not it, or says more exactly which place ("based at the same airport")."""
    rel = (verb.sense.resolve("") or ("",))[-1]
    return rel in RELATIONS and RELATIONS[rel].answer in ("person", "place", "country")
