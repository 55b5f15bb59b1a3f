"""A relative clause whose subject is the anchor splits a question into two open hops (pure).

"Who chairs the committee Ilse Varga sits on?", "Who leads the party that Ilse Varga is a member of?",
"Who is the mayor of the town that Ilse Varga moved to?": the anchor is the subject of a clause on a
noun before it ("the committee [that] X sits on"), so that noun is the bridge. What the clause says of
the anchor ("sits on") is the first hop, what the main clause says of the noun ("chairs") the second,
even when no relation of the vocabulary names either. Without this the words of both run together into
one open relation of whatever the anchor is linked to.
"""

from __future__ import annotations

from hopgraph.router.lexicon import PHRASES, Mention, Sense
from hopgraph.router.tokens import CLAUSE_BREAK, Tok

_RELATIVES = frozenset("that which whom where".split())
#: Words that open a noun phrase a clause can be on ("the committee", "its party"); also `whose_clause`.
DETERMINERS = frozenset("the a an that this its his her their".split())


def clause_hops(toks: list[Tok], free: list[Tok], wh: set[int], at: int,
                known: list[Mention] | None = None) -> list[Mention]:
    """[the clause's own relation, the main clause's relation(s)] when the anchor at token `at` is the
    subject of a relative clause on a determined noun before it and the clause holds words no phrase
    explains (`free`, the question's open words). The main clause's relation is the `known` mentions when
    there are any, before the noun ("Who chairs the committee X sits on?") or after the clause ("When was
    the club that X sponsors formed?"), else its open words; [] otherwise (an appositive "the singer X",
    "Where does the singer X live?", has no main-clause words before its noun)."""
    owner = _owned_noun(toks, at, known or [])  # "the hall that X's son moved into": the son is the subject
    at_noun = at if owner is None else owner.end - 1
    head = _head_noun(toks, at, at_noun)
    if head is None:
        return []
    known = [m for m in known or [] if m is not owner]
    at = at_noun
    end = next((t.i for t in toks[at + 1:] if t.lower in CLAUSE_BREAK), len(toks))
    if toks[at + 1].lemma == "be" and at + 2 < end and toks[at + 2].pos in ("NOUN", "ADJ", "DET"):
        # "the firm for which X is branch director has been based …": after the post, the main clause's verb
        end = next((t.i for t in toks[at + 3:end] if t.pos in ("AUX", "VERB")), end)
    rest = _main_verb_after(toks, head, at, end)  # "When did the club that X played for win the cup?"
    inner = [t for t in free if at < t.i < min(end, rest)]
    # the main clause's words: after the clause when its verb comes there, else before the noun
    start = head  # (the words before the head noun, "the primary school", are the noun's own)
    while start > 0 and head - start < 2 and toks[start - 1].pos in ("NOUN", "ADJ") and toks[start - 1].anchor < 0:
        start -= 1
    outer = [t for t in free if rest <= t.i < end] or [t for t in free if t.i < start and t.i not in wh]
    if not inner or not (outer or known) or any(head < m.end and m.start <= inner[-1].i for m in known or []):
        return []
    # the clause's words start right after the anchor, so they are read as its nearest (first) hop; they are
    # never the question's own predicate, whatever their part of speech
    # a post the clause's copula gives the anchor is part of the clause's relation: "the hospital where X is
    # medical director" asks where X holds that post, not the director of anything
    copular = _after_copula(toks, at, inner[0].i)
    posts = [m for m in known or [] if copular and m.start == inner[-1].i + 1 < end and not m.sense.verb]
    words = [t.text for t in inner] + [m.text for m in posts]
    last_i = posts[-1].end if posts else inner[-1].i + 1
    first = Mention(at + 1, last_i, " ".join(words),
                    Sense(relation=" ".join([t.lemma for t in inner] + [m.text.lower() for m in posts])), via="open")
    known = [m for m in known or [] if m not in posts]
    own = [owner] if owner is not None else []
    if known:
        return [*own, first, *known]
    last = Mention(outer[0].i, outer[-1].i + 1, " ".join(t.text for t in outer),
                   Sense(relation=" ".join(t.lemma for t in outer), verb=outer[-1].pos == "VERB"), via="open")
    return [*own, first, last]


def _owned_noun(toks: list[Tok], at: int, known: list[Mention]) -> Mention | None:
    """The mention of a noun right after the anchor at `at` ("X's son", "X's new partner", "the X chair"), when a verb
    follows it: the clause's subject is that person, the anchor's own hop; None otherwise."""
    m = next((m for m in known if m.start == at + 1 and not m.sense.verb), None)
    if m is None or m.end >= len(toks) or toks[m.end].pos not in ("VERB", "NOUN", "AUX"):
        return None  # ("the school that X's father had headed")
    if not toks[at].possessive and toks[m.end].pos == "NOUN":
        return None  # ("the school that the X chair had headed": the name's post is the subject too)
    return m


def _main_verb_after(toks: list[Tok], head: int, at: int, end: int) -> int:
    """Where the main clause goes on after the anchor's clause, or `end`: in a question whose "do" leaves its
    verb bare ("When did the club that X played for win the cup?"), the clause is its verb and any stranded
    particle or preposition, and the next word is the main verb (whatever its tag beside a name); so is a bare verb
    right after the clause's inflected one ("Which building did the trust that X chaired restore?")."""
    if not any(t.lemma == "do" or t.lower in ("did", "does", "do") for t in toks[:head]):
        return end
    k = at + 1
    if k >= end or toks[k].pos not in ("VERB", "NOUN"):
        return end
    k += 1
    while k < end and toks[k].pos in ("ADP", "PART"):
        k += 1
    if k >= end or toks[k].pos not in ("VERB", "NOUN"):
        return end
    # after a particle ("played for win"), or a bare verb right after the clause's inflected one ("chaired restore")
    bare_after_inflected = toks[k].lower == toks[k].lemma and toks[k - 1].pos == "VERB" \
        and toks[k - 1].lower != toks[k - 1].lemma and toks[k].lemma not in PHRASES  # (a relation verb: read already)
    return k if toks[k - 1].pos in ("ADP", "PART") or bare_after_inflected else end


def _head_noun(toks: list[Tok], at: int, subject_end: int | None = None) -> int | None:
    """Index of the noun the anchor's clause is on: "the committee [that|which|whom] X" followed by the
    clause's verb (after `subject_end`, the last word of the clause's subject, when the anchor only owns it:
    "X's son")."""
    owned = subject_end is not None and subject_end != at
    j = at - 1
    if j >= 0 and toks[j].lower == "the":
        j -= 1  # "the state where the Battle of X was fought": the name's own article
    relative = j >= 0 and toks[j].lower in _RELATIVES
    if relative:
        j -= 1
        if j >= 1 and toks[j].pos == "ADP" and toks[j + 1].lower in ("which", "whom") and at + 1 < len(toks) \
                and toks[at + 1].lemma == "be":
            j -= 1  # "the dealership for which X is branch director" (a post X holds there)
    last = subject_end if owned else at
    verb = toks[last + 1] if last + 1 < len(toks) else None
    if verb is None or not (verb.pos in ("VERB", "AUX") or (relative and verb.pos == "NOUN")):
        return None  # (after "that X" a noun-tagged word is the clause's verb: "the club that X sponsors")
    if j < 1 or toks[j].pos != "NOUN" or (toks[at].possessive and not owned):
        return None
    k = j - 1
    while k > 0 and k >= j - 2 and toks[k].pos in ("NOUN", "ADJ"):
        k -= 1  # "the football club that X sponsors", "the primary school where X taught": words before the head
    if toks[k].lower not in DETERMINERS:
        return None
    aux = next((t for t in toks[:j] if t.lemma in ("be", "have") and t.pos == "AUX"), None)
    if not relative and aux is not None and not (_copula_of_wh(toks, aux.i) and toks[k - 1].pos == "ADP") \
            and not _main_verb_later(toks, last + 1):
        return None  # "Where was the novel X transported?": a participle of the main clause, after an appositive
        # ("Where is the firm X bought based?": with the main clause's participle after it, "bought" is the clause's)
    return j


def _main_verb_later(toks: list[Tok], verb: int) -> bool:
    """Another verb ends the question after the one at `verb` (only its particles between): the main clause's own
    participle ("… bought based?", "… merged with based?"), so the first is a relative clause's."""
    rest = [t for t in toks[verb + 1:] if t.pos != "PUNCT"]
    return toks[verb].pos == "VERB" and bool(rest) and rest[-1].pos == "VERB" and rest[-1].lower != rest[-1].lemma \
        and all(t.pos in ("ADP", "PART") for t in rest[:-1])  # ("… merged with based?"; "… want to save?": one)


def _copula_of_wh(toks: list[Tok], i: int) -> bool:
    """The "is" at `i` joins a bare question word to its answer ("What is the label of …", "Who was the
    head of …"): the main clause is complete, so a noun in a phrase after it ("of the band X joined") can
    carry a clause of its own; not "To which city was …", whose verb comes later."""
    return i == 1 and toks[0].lower in ("what", "who", "which") and toks[i].lemma == "be"


def _after_copula(toks: list[Tok], at: int, first: int) -> bool:
    """Only a form of "be" stands between the anchor and the clause's first open word ("X is medical ...")."""
    between = toks[at + 1:first]
    return bool(between) and all(t.lemma == "be" for t in between)
