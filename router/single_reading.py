"""A question about one named entity -> `ParsedQuestion`, from the chain its grammar gives (pure): the relations
read in order, the open words placed where they belong (a first open fact, one after the chain, a topic), an open
bridge when nothing is known or a date would be followed on; how sure the reading is.
"""

from __future__ import annotations

from hopgraph.router.answer_fit import answers_the_asked
from hopgraph.router.coherence import possible
from hopgraph.router.describe import kind_before, marks_a_bridge
from hopgraph.router.open_words import CHATTER
from hopgraph.router.reading import Chain
from hopgraph.router.spans import ParsedQuestion, Span, content_words
from hopgraph.router.vocab import OPEN_BRIDGE, RELATIONS, answers_a_date
from hopgraph.router.where_it_is import lies_somewhere

#: A question with no known relation and at least this many content words is planned as a bridge.
OPEN_BRIDGE_WORDS = 5


def asked_words(q: str, skip: Span | None = None, limit: int = 12) -> list[str]:
    """The question's content words without the conversation around it ("I'm reading about X, do you know …")."""
    return [w for w in content_words(q, skip, limit=4 * limit) if w not in CHATTER][:limit]


def single_reading(q: str, span: Span, chain: Chain, asked: str = "", capacity: list[str] | None = None,
            headed: bool = False) -> ParsedQuestion:
    kind = kind_before(q, span)
    rels, words = chain.relations, chain.open_words
    if not rels and not words and chain.lies_in:
        rels = [chain.lies_in]  # "Which town is X in?", "Where is X?": where X itself lies
    first = [w for w in words if w not in chain.later_words]
    if not rels and chain.later_words and first:  # "Which firm audits X, and which club does it sponsor?"
        return ParsedQuestion("bridge", [span.text], [" ".join(first[:4]), " ".join(chain.later_words[:4])],
                              kind=kind, free_words=words, confidence=0.5,
                              reason=f"an open fact of {span.text!r}, then a second question's of its answer")
    after = [w for w in words if w not in chain.inner_words]
    if not rels and chain.inner_words and (after or chain.lies_in):  # "When did the hotel bought by X open?": what
        # X bought, then when that opened; "Where is the mill built by X?": what X built, then where it lies
        last = " ".join(after[:4]) if after else chain.lies_in
        return ParsedQuestion("bridge", [span.text], [" ".join(chain.inner_words[:4]), last],
                              kind=kind, free_words=words, confidence=0.5,
                              reason=f"an open fact of {span.text!r}, then what the question asks of its answer")
    if not rels or (chain.opens_unknown and not chain.open_first):  # ("Which firm did X buy, and who founded it?")
        own = [w for w in content_words(q, span) if w not in (capacity or [])]  # ("as chair of Y" only qualifies)
        if len(own) >= OPEN_BRIDGE_WORDS or marks_a_bridge(q, span, headed):
            rest = asked_words(q, span, limit=12)  # up to the answer's words, which come last
            return ParsedQuestion("bridge", [span.text], [OPEN_BRIDGE, " ".join(rest)], kind=kind,
                                  free_words=words, confidence=0.3,
                                  reason=f"open bridge from {span.text!r} (no known relation)")
        return ParsedQuestion("single", [span.text], [], kind=kind, free_words=words, confidence=0.5,
                              reason=f"one entity ({span.text!r}), no known relation")
    kept = possible(rels)  # a place has no birth date nor spouse: such a word was no hop
    misread, rels = kept != rels, kept
    dated = [answers_a_date(r) for r in rels]
    asked = chain.asked_last or asked  # ("Who founded X, and when did she die?": a date of the founder)
    if any(dated[:-1]) or (dated[-1] and asked in ("place", "person", "count")):
        # a date is no entity to go on from, nor the place, person or number asked for: the reading is wrong
        return ParsedQuestion("bridge", [span.text], [OPEN_BRIDGE, " ".join(asked_words(q, span, limit=12))],
                              kind=kind, free_words=words, confidence=0.3,
                              reason=f"open bridge from {span.text!r} (no chain through a date)")
    confidence = 0.5 if chain.names_left else 0.8 if chain.via_meaning else 1.0
    if not answers_the_asked(asked, rels[-1]):  # "Where did X's daughter live?" read as far as the daughter
        confidence = 0.5
    repeated = any(a == b and a not in ("father", "mother", "parent", "child") for a, b in zip(rels, rels[1:]))
    if misread or repeated or any(r not in RELATIONS for r in rels):  # a relation of the question's own words: a guess
        # (and one relation twice, "the singer of the band behind X", names a step the vocabulary has no word for)
        confidence = min(confidence, 0.5)
    topic: list[str] = []
    later = [w for w in words if w not in chain.name_nouns]
    named: list[str] = []
    if words:
        confidence = min(confidence, 0.5)
        if chain.later_words and first:  # "…, and which ward does he represent?": a fact of the first answer
            rels = rels + [" ".join(first[:4]), " ".join(chain.later_words[:4])]
        elif chain.open_first:  # "Which firm bought X, and where is it based?": the open fact leads to the rest
            rels = [" ".join(words[:4])] + rels
        elif chain.done_by:  # "Which building housed the museum run by the mother of X?": what she ran, then that
            rest = [w for w in words if w not in chain.done_by]
            last = [chain.main_verb] if chain.main_verb else [" ".join(rest[:4])] if rest else []
            rels = rels + [" ".join(chain.done_by)] + last
        elif chain.inner_words:  # "Who runs the charity funded by X?": what X did first, then what is asked of it
            rels = [" ".join(chain.inner_words[:4])] + rels + ([" ".join(after[:4])] if after else [])
        elif chain.selects:  # "Which of X's sons took over the mill?": the words pick one son, they lead nowhere
            topic = words[:4]
        elif words == [chain.object_noun]:  # "Which shop did X open?": what the last relation reaches, no hop
            topic = words
        elif len(rels) == 1 or chain.open_after or chain.names_asked or not later:
            # a fact the vocabulary does not know, of the bridge; a name's own nouns say which thing of the name
            # starts the chain ("the firm that took over the X milk bottler"), no part of that fact
            rels = rels + ([" ".join(later[:4])] if later else [])
            named = [w for w in words if w in chain.name_nouns]
        elif chain.main_verb:  # "Who leads the firm whose founder …": the question's own verb is the last fact
            rels = rels + [chain.main_verb]
            topic = [w for w in words if w not in chain.main_verb.split()][:4]
        else:
            topic = words[:4]  # "the astronomical clock in the city where …": what the last fact is about
    if chain.lies_in and lies_somewhere(rels[-1]):
        rels = rels + [chain.lies_in]  # "In which town is the bakery X's sister runs?": where that bakery lies
        if chain.lies_in not in RELATIONS:  # a part of a country ("town"): a relation of the question's own words
            confidence = min(confidence, 0.5)
    composite = chain.composite
    if len(rels) == 1:
        shape = "temporal" if answers_a_date(rels[0]) else "single"
    else:
        shape = "inference" if composite else "bridge"
    return ParsedQuestion(shape, [span.text], rels, kind=kind, topic_words=topic, confidence=confidence,
                          qualifiers={span.text: named} if named else {},
                          answers={r: a for r, a in chain.answers.items() if r in rels},
                          nouns={r: n for r, n in chain.nouns.items() if r in rels},
                          post=chain.post if "leader" in rels else "", date_verb=chain.date_verb,
                          part=chain.part if "country" in rels else "",
                          reason=f"{' -> '.join(rels)} starting from {span.text!r}")
