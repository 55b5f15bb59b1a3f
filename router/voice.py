"""Which way a relation verb reads: is the named entity the one the relation is about, or its answer?

A verb of the lexicon names a relation r(x) = y. Its grammatical subject is either the answer y
(`agent="answer"`: "A directed X" means director(X) = A) or the entity the relation is about
(`agent="subject"`: "A won X" means award(A) = X). When the question names the *other* argument,
the relation runs backwards from what the vocabulary can look up:

    "Who won X?"                      win, named object        -> who had X as an award: inverse
    "the people born in X"            born, named place        -> inverse
    "Which film did X direct?"        direct, named subject    -> the films X directed: inverse
    "the company founded by X"        found, passive, by X     -> inverse
    "the school attended by X's son"  attend, passive, by …    -> read as the vocabulary reads it
    "Who directed X?" / "Where did X study?" / "When was X founded?"  -> read as the vocabulary reads them

An inverse phrase is read as an open relation (its own words plus the named entity, searched as
text) instead of the wrong vocabulary relation. Only a named entity in the verb's own clause counts:
in "Who won the race that X organised?" X belongs to "organised", not to "won".
"""

from __future__ import annotations

from hopgraph.router.asked import DATE_NOUNS, WH, has_auxiliary, is_relative
from hopgraph.router.lexicon import INVERSES, Mention, Sense
from hopgraph.router.tokens import DO_FORMS, RELATIVE_WORDS, Tok
from hopgraph.router.vocab import RELATIONS

_BE = frozenset("be is are was were been being am 's".split())
_COORDINATORS = frozenset(", ; and or but".split())
#: Words that end a verb's own clause (also `hopgraph.router.leading`).
CLAUSE_END = frozenset("who whom whose that which where when while and or but , ; : ? .".split())
_DETERMINERS = frozenset("the a an this that these those its his her their".split())
#: Words between the verb and a named object that keep it the verb's own object ("won the 2021 X", "born in X").
_OBJECT_GAP = 4


def is_passive(toks: list[Tok], m: Mention) -> bool:
    """ "was founded", "is located", "were born", "When was the X founded?": a form of "be" within two words
    before the verb, or before "the" and a name right before it, or an agent after it ("A and B directed by
    people who …")."""
    i = m.start
    the_name = i >= 3 and toks[i - 1].anchor >= 0 and toks[i - 2].lower in ("the", "a", "an") and toks[i - 3].lower in _BE
    return the_name or any(t.lower in _BE for t in toks[max(0, i - 2):i]) or has_agent(toks, m) \
        or _terse_passive(toks, m)


def _terse_passive(toks: list[Tok], m: Mention) -> bool:
    """ "X founded year", "when X opened", "year X founded": a terse query asking a date, with no verb of its own,
    whose participle after a name has no object, drops the "was": when X was founded."""
    i = m.start
    if i < 1 or toks[i - 1].anchor < 0 or toks[i].lower == toks[i].lemma or m.end - m.start != 1:
        return False
    after = toks[m.end] if m.end < len(toks) else None
    if after is not None and after.pos != "PUNCT" and after.lower not in DATE_NOUNS:
        return False
    return bool({t.lower for t in toks} & (DATE_NOUNS | {"when"})) and not has_auxiliary(toks)


def by_named(toks: list[Tok], m: Mention) -> bool:
    """ "made by X", "run by the X": the agent of a passive verb is named right after it."""
    at = _agent_at(toks, m)
    return has_agent(toks, m) and at < len(toks) and toks[at].anchor >= 0


def _agent_at(toks: list[Tok], m: Mention) -> int:
    """Where the agent of the by-phrase after the verb `m` starts, past an article ("run by the X": X)."""
    at = m.end + 1
    return at + 1 if at < len(toks) and toks[at].lower in ("the", "a", "an") else at


#: Words opening a by-phrase whose agent is a known thing ("run by the foundation …", "written by her father").
_KNOWN_AGENT = frozenset("the his her its their".split())


def by_known(toks: list[Tok], m: Mention) -> bool:
    """ "the conference run by the foundation X chairs", "the memoir written by the founder of X": a definite
    agent is a thing the chain already reaches, so the verb leads from it to what it made or runs. An
    indefinite one ("directed by someone from …", "produced by a man born in …") is the answer asked for."""
    return has_agent(toks, m) and m.end + 1 < len(toks) and toks[m.end + 1].lower in _KNOWN_AGENT


def named_object(toks: list[Tok], m: Mention) -> bool:
    """A named entity after the verb in its own clause: "won the X", "born in X", "studied at the X"."""
    for t in toks[m.end:m.end + _OBJECT_GAP + 1]:
        if t.anchor >= 0:
            return True
        if t.lower in CLAUSE_END or t.pos == "VERB":
            return False
    return False


def named_subject(toks: list[Tok], m: Mention) -> bool:
    """A named entity that is the verb's grammatical subject: "did X direct", "the film X directed".
    Not the object of a preposition ("the father of X directed") and not a possessive ("X's father")."""
    j = m.start - 1
    while j >= 0 and toks[j].lower in ("also", "first", "later", "once", "ever", "never", "not", "n't"):
        j -= 1
    if j >= 1 and toks[j].lower in _SUBJECT_PRONOUNS and toks[j - 1].pos == "NOUN" and toks[j - 1].anchor < 0:
        return True  # "… Where was the man she replaced born?": the pronoun stands for the name, subject of a clause
    if j < 0 or toks[j].anchor < 0 or toks[j].possessive:
        return False
    return j == 0 or toks[j - 1].lower not in ("of", "by", "for", "with", "from", "about", "in", "at", "on")


#: Pronouns that are a clause's subject, standing for someone or something named before.
_SUBJECT_PRONOUNS = frozenset("he she they it".split())


def described_subject(toks: list[Tok], m: Mention) -> bool:
    """ "Which theatre staged the play the Brackley Prize winner wrote?": a noun phrase right before the verb is its
    subject, and a noun before that phrase (with or without "that") is its object: the verb's doer is described,
    not asked."""
    return subject_phrase(toks, m) is not None


def subject_phrase(toks: list[Tok], m: Mention) -> int | None:
    """Where the described subject of `described_subject` starts (its determiner), else None."""
    j = m.start - 1
    if j < 2 or toks[j].pos != "NOUN" or toks[j].anchor >= 0 or is_passive(toks, m):
        return None
    while j > 0 and (toks[j].pos in ("NOUN", "ADJ", "PROPN") or toks[j].anchor >= 0) and not toks[j].possessive:
        j -= 1
    owner = toks[j].possessive and toks[j].anchor >= 0  # "the company that X's husband founded": X's is its determiner
    if (toks[j].lower not in _DETERMINERS - {"that", "this", "these", "those"} and not owner) or j < 1:
        return None
    head = j - 1 if toks[j - 1].lower not in ("that", "which", "whom") else j - 2
    return j if head >= 0 and toks[head].pos == "NOUN" and toks[head].anchor < 0 else None


def is_inverse(toks: list[Tok], m: Mention) -> bool:
    """The question names the argument the relation does not start from (see the module text)."""
    agent = m.sense.agent
    if not agent and makes(m.sense) and ((_asks_what(toks, m) and asked_with_do(toks, m)) or asked_in_place(toks, m)
                                         or closes_object_clause(toks, m)):
        return True  # "Which charity did X's husband set up?", "the shop that X's daughter opened": what was made
    if stranded_of(toks, m):
        return True  # "the club that X was chairman of": the club X chairs, not X's chairman
    if not m.sense.verb or not agent:
        return False
    if agent == "answer":
        return by_named(toks, m) or by_known(toks, m) or (named_subject(toks, m) and not is_passive(toks, m)) \
            or asked_with_do(toks, m) or described_subject(toks, m) or closes_object_clause(toks, m) \
            or (asked_in_place(toks, m) and m.sense.relation != "leader")  # (a leader's body: the leader relation)
    return (named_object(toks, m) or headed_clause(toks, m)) and not has_agent(toks, m) and not named_subject(toks, m)


def stranded_of(toks: list[Tok], m: Mention) -> bool:
    """ "the club that X was chairman of", "the firm X was director of", "the school that X was in charge of": the
    phrase's "of" has no object after it, so its object is the noun the relative clause is on, and the relation
    runs from that noun to X, the clause's named subject."""
    of = m.end - 1 if toks[m.end - 1].lower == "of" else m.end
    if of >= len(toks) or toks[of].lower != "of" or of == m.start:
        return False
    after = toks[of + 1] if of + 1 < len(toks) else None
    if after is not None and (after.anchor >= 0 or after.pos in ("DET", "NOUN", "PROPN", "PRON", "NUM", "ADJ")):
        return False  # "chairman of the board", "of X": the "of" has its object
    j = m.start - 1
    while j >= 0 and toks[j].anchor < 0 and toks[j].pos in ("AUX", "VERB", "ADV", "PART", "DET"):
        j -= 1  # back over "was", "was put in", "had been the"
    return j >= 1 and toks[j].anchor >= 0 and (toks[j - 1].lower in ("that", "which")
                                                or (toks[j - 1].pos == "NOUN" and toks[j - 1].anchor < 0))


def closes_object_clause(toks: list[Tok], m: Mention) -> bool:
    """ "the shop that X opened", "the shop that X's daughter opened", "the charity that the widow of X set up": the
    verb ends a relative clause on a noun whose subject names X (X, a noun X owns, or a noun of X), so its object is
    that noun."""
    rel = subject_start(toks, m.start) - 1
    if rel == m.start - 1 or rel < 1:  # (no subject before the verb)
        return False
    if toks[rel].lower not in ("that", "which"):
        if not _reduced_object_clause(toks, m, rel):
            return False  # ("the film X premiered": an appositive, the film is X)
        rel += 1  # (the head noun is right before the subject)
    head = toks[rel - 1]
    det = toks[head.i - 1].lower if head.i > 0 else ""
    after = toks[m.end] if m.end < len(toks) else None
    has_object = after is not None and (after.pos in ("NOUN", "DET", "PROPN") or after.anchor >= 0)
    return head.pos == "NOUN" and head.anchor < 0 and det in ("the", "a", "an", "that", "this") and not has_object \
        and not is_passive(toks, m)


def _reduced_object_clause(toks: list[Tok], m: Mention, head: int) -> bool:
    """ "Who runs the shop X opened?": a clause without its "that" on the noun at `head`, when the verb closes the
    question and a main verb of its own stands before the noun. "When did the shop X open?" (a bare verb after
    "do") and "When was the shop X opened?" (no main verb before the noun) read X as the shop's name; "What is the
    address of the shop X's son opened?" cannot."""
    ends = m.end >= len(toks) or toks[m.end].pos == "PUNCT"
    main_verb = any(t.pos == "VERB" for t in toks[:head])
    owned = head + 1 < len(toks) and toks[head + 1].possessive and toks[head + 1].anchor >= 0  # "the shop X's son
    # opened": a possessive starts the clause's subject, so X is no name of the shop, whatever verb comes before
    return ends and (main_verb or owned) and toks[head].pos == "NOUN" \
        and not any(t.lower in DO_FORMS for t in toks[:m.start])


def subject_start(toks: list[Tok], verb: int) -> int:
    """Where the noun phrase right before the verb at `verb` starts when it names someone: "X", "X's daughter", "the
    widow of X", "the wife of X's founder"; `verb` when no such phrase stands there."""
    j = verb - 1
    if j >= 1 and toks[j].pos == "NOUN" and toks[j].anchor < 0 and toks[j - 1].possessive and toks[j - 1].anchor >= 0:
        j -= 1  # ("X's daughter")
    if j < 0 or toks[j].anchor < 0 or (toks[j].possessive and j == verb - 1):
        return verb
    k = j - 1 if j >= 1 and toks[j - 1].lower == "the" else j  # ("the widow of the X Trust's founder")
    if k >= 3 and toks[k - 1].lower == "of" and toks[k - 2].pos == "NOUN" and toks[k - 2].anchor < 0 \
            and toks[k - 3].lower in ("the", "a", "an"):
        return k - 3  # ("the widow of X")
    return j


def headed_clause(toks: list[Tok], m: Mention) -> bool:
    """ "the album that won the top prize at X": the verb's subject is the noun its relative clause is on, so a name
    after it (here only the setting) is not what did it."""
    return m.sense.verb and m.start >= 2 and toks[m.start - 1].lower in ("that", "which", "who") \
        and toks[m.start - 2].pos == "NOUN" and toks[m.start - 2].anchor < 0 and not is_passive(toks, m)


def asked_with_do(toks: list[Tok], m: Mention) -> bool:
    """ "In which studio did the band that won X record its first album?": the bare verb a wh-question's "do"
    leaves last has the question's subject as its agent, named or described, so the answer is not the agent
    ("What did the founder of X direct?" asks what was directed, not who directed)."""
    particles = all(t.pos in ("ADP", "PART") for t in toks[m.start + 1:m.end])  # "set up", "took over"
    if not m.sense.verb or not particles or named_object(toks, m):  # "When did X make Y?": Y's date
        return False
    do = next((t for t in toks[:m.start] if t.lower in DO_FORMS and t.sent == toks[m.start].sent), None)
    if do is None or not any(t.lower in WH for t in toks[:do.i]):
        return False
    between = toks[do.i + 1:m.start]
    after = toks[m.end] if m.end < len(toks) else None
    if any(t.lower in _COORDINATORS for t in between) or is_passive(toks, m) or \
            (after is not None and after.pos in ("VERB", "AUX", "PART")):  # "did X start working": no agent's act
        return False
    relative = next((t.i for t in reversed(between) if t.lower in RELATIVE_WORDS), None)
    # "did the woman who founded X study": the verb right after a relative word is that clause's, not the main one
    return relative is None or any(t.pos == "VERB" for t in toks[relative + 1:m.start])


def asked_in_place(toks: list[Tok], m: Mention) -> bool:
    """ "X's father founded which event?": the object is asked where it stands, right after an active verb whose
    subject comes before it, so the answer is what the subject did, not its agent."""
    after = toks[m.end] if m.end < len(toks) else None
    return m.sense.verb and m.start > 0 and after is not None and after.lower in ("which", "what") \
        and not any(t.lower in WH for t in toks[:m.start]) and not is_passive(toks, m)


def names_the_giver(toks: list[Tok], m: Mention) -> bool:
    """ "the council that awarded the grant for X": "award" in the active voice has the giver as its subject,
    never the winner the award relation leads to ("X was awarded the Y Prize")."""
    before = toks[max(0, m.start - 5):m.start]  # "What medal was that person awarded?": a question's passive
    return m.sense.relation == "award" and m.sense.verb and m.end - m.start == 1 and \
        toks[m.start].lower.startswith("award") and not is_passive(toks, m) and not any(t.lower in _BE for t in before)


def has_agent(toks: list[Tok], m: Mention) -> bool:
    """ "the university attended by the author of X": a passive verb's agent phrase follows it; what it names
    is the verb's grammatical subject, not its object."""
    return m.end < len(toks) and toks[m.end].lower == "by"


def as_open(toks: list[Tok], m: Mention) -> Mention:
    """A relation verb read backwards ("who won X", "the company X founded"): an open relation of its own
    words, searched as text with the named entity, instead of the vocabulary relation it reverses; or the
    vocabulary's reverse relation when it has one ("the man X replaced": X's predecessor)."""
    if reverse := reverse_of(m.sense):  # "Who did X succeed?": X's predecessor; "the firm X set up": what X founded
        return Mention(m.start, m.end, m.text, Sense(relation=reverse, verb=True), via="open")
    words = " ".join(t.lemma or t.lower for t in toks[m.start:m.end])
    if words in RELATIONS:  # "awarded" by a giver: its own words, not the vocabulary relation of that name
        words = " ".join(t.lower for t in toks[m.start:m.end])
    if words in RELATIONS and stranded_of(toks, m):  # "the firm X was director of": no director of X
        words += " of"
    return Mention(m.start, m.end, m.text, Sense(relation=words, verb=True), via="open")


def reverse_of(sense: Sense) -> str:
    """The vocabulary relation a verb names read backwards ("succeed": predecessor; "found", by its person facet,
    the founder: founded), or "" when it has none."""
    made = next((rel for kind, rel in sense.facets if kind == "person"), "")
    return (INVERSES.get(sense.relation) or INVERSES.get(made) or "") if sense.verb else ""


def by_anchor_clause(toks: list[Tok], words: list[Tok], at: int | None) -> list[Tok]:
    """ "the charity funded by X", "the chef backed by X": the words no phrase explains (`words`) include a
    participle whose by-phrase names the anchor, right after the noun it describes (a reduced passive relative
    clause). X did that to the noun, so that open fact is the chain's first hop, and the question's own
    relations come after. The clause's words among `words` (its noun and participle), else none."""
    if at is None:
        return []
    by = next((i for i in range(at - 1, 0, -1) if toks[i].lower not in _DETERMINERS), 0)  # the word before the name
    verb = next((t for t in words if t.i == by - 1 and t.pos == "VERB" and toks[t.i - 1].pos == "NOUN"), None)
    if verb is None or toks[by].lower != "by":
        return []
    if not whole_name(toks, at) or not all(t.lower in _DETERMINERS for t in toks[verb.i + 2:at]):
        return []
    first = verb.i - 1  # the noun and the words that qualify it ("the plotting library sponsored by X")
    while first >= 1 and toks[first - 1].pos in ("NOUN", "ADJ", "PROPN") and toks[first - 1].anchor < 0:
        first -= 1
    return [t for t in words if first <= t.i <= verb.i]


def named_agent(toks: list[Tok], m: Mention) -> bool:
    """ "written by X", "run by the X": the by-phrase's agent is a name on its own (`by_named`, `whole_name`)."""
    return by_named(toks, m) and whole_name(toks, _agent_at(toks, m))


def agent_of_a_name(toks: list[Tok], m: Mention, mentions: list[Mention]) -> bool:
    """ "built by X's father": the by-phrase's agent is a relation of a name, which the chain reads before the
    verb leads on from it (X's father, then what he built)."""
    at = _agent_at(toks, m)
    return by_named(toks, m) and toks[at].possessive and any(o.start == at + 1 for o in mentions)


def whole_name(toks: list[Tok], at: int) -> bool:
    """The name at `at` is a noun phrase of its own, not a part of one ("X's son", "the X drummer")."""
    after = toks[at + 1] if at + 1 < len(toks) else None
    # "Where did the chef backed by X study?", "… did the party led by X win in 2019?": the word after the name
    # is the question's bare verb (tagged a noun beside a name) when "do" asks it and no noun or verb follows
    bare_verb = after is not None and any(t.lower in DO_FORMS for t in toks[:at]) \
        and not any(t.pos in ("VERB", "AUX", "NOUN", "PROPN") for t in toks[at + 2:])
    return not toks[at].possessive and (after is None or after.pos not in ("NOUN", "PROPN") or bare_verb)


#: Relations whose answer did the verb that makes their object ("A founded X": founder(X) = A).
_MAKER_FACETS = frozenset("founder publisher creator director producer composer writer performer".split())


def makes(sense: Sense) -> bool:
    """A verb read by facets whose person facet made its object ("set up", "found", "release")."""
    return sense.verb and any(kind == "person" and rel in _MAKER_FACETS for kind, rel in sense.facets)


def _asks_what(toks: list[Tok], m: Mention) -> bool:
    """The question's wh-word before the verb asks a thing ("which charity", "what"), not a date or a place. A
    relative pronoun asks nothing ("Which shop did the man who replaced X open?")."""
    wh = next((t for t in reversed(toks[:m.start]) if t.lower in WH and not is_relative(toks, t.i)), None)
    # (the nearest: "…, and when did …")
    return wh is not None and wh.lower in ("which", "what")
