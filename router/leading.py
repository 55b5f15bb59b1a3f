"""Whether a verb that can mean "is the leader of" is said of a body of people (a pure function).

"heads", "leads", "runs", "chairs" and "manages" name the leader relation only when their object is
an organisation, a place or a named entity: "Who runs the firm …", "Who heads Corvalen?". A pronoun
says nothing of what it stands for ("the company that runs it" may run a ferry). The same
verbs say other things of other objects ("the conductor who led the premiere", "ran the marathon"),
and with the object asked for ("What company does she run?") the relation runs backwards; there the
verb is no phrase of the lexicon and its words stay the question's own.
"""

from __future__ import annotations

from collections.abc import Callable

from hopgraph.indexing.predicate_words import ORG_NOUNS
from hopgraph.router.infinitive import TAKING_A_POST
from hopgraph.router.passive_body import asked_subject
from hopgraph.router.lexicon import LEADER_POSTS, Mention, Sense
from hopgraph.router.open_words import STOP
from hopgraph.router.tokens import MONTHS, POSSESSIVE_POINTERS, Tok, before_modifiers
from hopgraph.router.voice import CLAUSE_END, stranded_of

#: Organisations: companies and the institutions and public bodies people belong to.
ORGANISATION_NOUNS = ORG_NOUNS | frozenset(
    "institute institution university college school academy conservatory hospital clinic museum library "
    "party committee board council commission department ministry government agency authority office "
    "union league federation society lab laboratory centre center unit division branch church army navy "
    "band choir ensemble troupe trust fund corporation consortium partnership practice network chamber assembly "
    "parliament senate court panel jury cabinet "
    # businesses known by what they do or sell ("the chain that bought X", "who runs the bakery")
    "chain co-op coop co-operative cooperative shop store bakery nursery garage pub hotel restaurant cafe hospice dairy".split())
#: Nouns of bodies a person can lead: organisations, undertakings and places.
BODY_NOUNS = ORGANISATION_NOUNS | frozenset(
    "project programme program study team order force festival country nation state city town village region "
    "province county municipality fork spin-off spinoff offshoot subsidiary affiliate chapter".split())
_CLAUSE_END = CLAUSE_END | {"-"}  # a dash ends a terse query's topic too


#: Graph types of a named body ("" = the graph does not say).
BODY_TYPES = frozenset({"ORG", "GPE", "NORP", ""})
AnchorType = Callable[[int], str]


def is_one_of(t: Tok, nouns: frozenset[str]) -> bool:
    """The token's lemma or its own form is one of the nouns."""
    return t.lemma in nouns or t.lower in nouns


def leads_a_body(toks: list[Tok], m: Mention, anchor_type: AnchorType | None = None) -> bool:
    """The first noun or name after the verb `m`, in its own clause, is a body it can lead; a name the graph
    types (`anchor_type`, by anchor index) as something else (a facility, a work, an event) is none. In the passive
    ("Who is X run by?") the body is the verb's subject, the name before it."""
    if m.end < len(toks) and toks[m.end].lower == "by":
        j = m.start - 1
        while j >= 0 and toks[j].pos in ("AUX", "ADV") and toks[j].anchor < 0:
            j -= 1
        if j >= 0 and toks[j].anchor >= 0:  # (a described subject, "the firm run by …", is read as before)
            return anchor_type is None or anchor_type(toks[j].anchor) in BODY_TYPES | {"PERSON"}
        if (subject := asked_subject(toks, m)) is not None:  # "Which shop was run by the secretary of X?"
            return is_one_of(subject, BODY_NOUNS)
    for n, t in enumerate(toks[m.end:m.end + 6], start=m.end):
        if t.anchor >= 0:  # a name, unless it only qualifies an event noun ("led the Orvell ascent")
            nxt = toks[n + 1] if n + 1 < len(toks) else None
            if nxt is not None and nxt.pos == "NOUN":  # "chairs X's planning committee": the compound's head
                return is_one_of(_compound_head(toks, n + 1), BODY_NOUNS)
            # (a name typed as a person is led too: no one asks who runs a person, and the tagger often takes a
            # two-word business name, "Greenhaven Hallowford"-like, for one)
            return anchor_type is None or anchor_type(t.anchor) in BODY_TYPES | {"PERSON"}
        if n == m.end and t.lower in ("it", "them") and _asks_who(toks, m.start):
            return True  # "X was sold in 1960. Who ran it then?": a thing named before, not a person ("him")
        if t.pos == "VERB" and t.lower.endswith("ing") and toks[n - 1].pos in ("DET", "ADJ"):
            continue  # "runs the shipping company": a gerund qualifying the noun
        if t.lower in ("which", "what") and n + 1 < len(toks) and toks[n + 1].pos == "NOUN":
            continue  # "X now chairs which trust?": the asked object, left in place
        if t.lower in _CLAUSE_END or t.pos in ("VERB", "AUX"):
            return False
        if t.lower in MONTHS and n + 1 < len(toks) and toks[n + 1].pos == "NUM":
            continue  # "leads the June 2021 fork": a month and year date the noun after them, no noun of their own
        if t.pos in ("NOUN", "PROPN"):
            return is_one_of(_compound_head(toks, n), BODY_NOUNS)  # "runs the shipping company": its head noun
    return False


def _compound_head(toks: list[Tok], n: int) -> Tok:
    """The last noun of the noun compound starting at `n` ("shipping company" -> "company")."""
    while n + 1 < len(toks) and toks[n + 1].pos == "NOUN" and toks[n + 1].anchor < 0:  # (no name: "the firm X")
        n += 1
    return toks[n]


#: Leading verbs that are no post as nouns: "the lead guitarist", "a long run".
_VERBS_ONLY = frozenset("lead run manage".split())


def reads_as_leader(toks: list[Tok], m: Mention, anchor_type: AnchorType | None = None) -> bool:
    """Whether a mention of the leader relation stands: a post when it says whose (`says_whose`); a leading
    verb only when said of a body (`leads_a_body`); "lead" or "run" used as a noun never."""
    if m.sense.relation != "leader" or stranded_of(toks, m):
        return True  # ("the school that X was in charge of": what X leads, read backwards by `voice.is_inverse`)
    if any(t.lower == "head" and t.i + 1 < len(toks) and toks[t.i + 1].lower in ("office", "offices", "quarters")
           for t in toks[m.start:m.end]):
        return False  # "X's head office" (or the phrase "head office" read by meaning): a place, no leader
    if (m.end - m.start == 1 or m.text.lower() not in LEADER_POSTS) and any(
            t.lower == "principal" and t.i + 1 < len(toks) and _modified(toks[t.i + 1]) for t in toks[m.start:m.end]):
        return False  # "the principal investigator", "its principal cellist": an adjective, no post
    if _as_verb(toks, m):
        return leads_a_body(toks, m, anchor_type)
    one_word = m.end - m.start == 1  # "managing director" is a post, "manage" alone no noun of one
    return not (one_word and toks[m.start].lemma in _VERBS_ONLY) and says_whose(toks, m)


def _asks_who(toks: list[Tok], i: int) -> bool:
    """The verb at `i` is the question's own, asked by an opening "who" ("Who ran it?", "Who is running it now?");
    not a relative clause's ("the firm that runs it")."""
    return bool(toks) and toks[0].lower == "who" and all(t.pos in ("AUX", "ADV") for t in toks[1:i])


def _modified(nxt: Tok) -> bool:
    """The word after an adjective-like post ("principal") is the noun it modifies: a noun or an adjective, or
    untagged, a word that is no function word ("principal engineer", not "principal of")."""
    return nxt.pos in ("NOUN", "ADJ") or (not nxt.pos and nxt.lower.isalpha() and nxt.lower not in STOP)


def _as_verb(toks: list[Tok], m: Mention) -> bool:
    """The mention is a leading verb as the question uses it ("heads", "runs"), not a post ("the head of")."""
    return m.sense.verb and toks[m.start].pos in ("VERB", "AUX", "")


def says_whose(toks: list[Tok], m: Mention) -> bool:
    """A post says whose it is: "of" follows it within its phrase ("the chief executive in 2021 of X"), or
    a name, a possessive or another noun comes right before it ("X's chair", "the Tollen CEO", "the firm's
    boss"). "Who was president when X became a state?" names no body: the post is no hop of the chain."""
    before = toks[m.start - 1] if m.start > 0 else None
    if before is not None and before.lower.isdigit() and len(before.lower) == 4 and m.start > 1:
        before = toks[m.start - 2]  # "X 2014 ceo", "the club's 2019 chair": the year says which one
    if before is not None and (before.anchor >= 0 or before.possessive or before.pos in ("NOUN", "PROPN")
                               or before.lower in POSSESSIVE_POINTERS):
        return True
    j = before_modifiers(toks, m.start)  # ("X's first chairman", "its new chief executive", "X's most recent chair")
    if j < m.start - 1 and (toks[j].possessive or toks[j].lower in POSSESSIVE_POINTERS):
        return True
    for t in toks[m.end:m.end + 4]:
        if t.lower == "of" or (t.lower == "at" and names_next(toks, t.i + 1)):  # "the head teacher at X"
            return True
        if t.lower in _CLAUSE_END or t.pos in ("VERB", "AUX"):
            return False
    return False


def names_next(toks: list[Tok], i: int) -> bool:
    """A name at token i, or after a determiner there ("at X", "at the X")."""
    if i < len(toks) and toks[i].lower in ("the", "a", "an"):
        i += 1
    return i < len(toks) and toks[i].anchor >= 0


#: Words that name the leader relation without naming a post: the sub-query keeps its generic "head of".
_NO_POST = frozenset("leader head boss".split())
#: Leading verbs that are a post's own noun, and that post ("Who chairs X?" asks its chair, not its chief executive).
_POST_VERBS = {"chair": "chair", "direct": "director", "manage": "manager"}


def asked_post(toks: list[Tok], mentions: list[Mention]) -> str:
    """The post a question names for the leader relation ("the chairman of X" -> "chairman", "X's CEO" -> "ceo",
    "Who chairs X?" -> "chair": a verb that is the post's own noun), so its search prefers holders of that post
    to other leaders of the body; "" for another leading verb ("Who heads X?") or a word that names no post
    ("the boss of X")."""
    for m in mentions:
        if m.sense.relation == "leader" and _as_verb(toks, m) and m.end - m.start == 1 \
                and toks[m.start].lemma in _POST_VERBS:
            return _POST_VERBS[toks[m.start].lemma]
        if m.sense.relation == "leader" and not _as_verb(toks, m):
            post = " ".join(t.lower for t in toks[m.start:m.end] if t.anchor < 0 and t.lower.isalpha())
            return "" if post in _NO_POST else post
    return ""


def post_taking_verbs(toks: list[Tok], mentions: list) -> set[int]:
    """ "Who was appointed chief conductor of X?": a verb of taking a post right before the post says how its holder
    got it; the post is the hop, the verb none of its own. Token indexes of such verbs."""
    out = set()
    for m in mentions:
        j = m.start - 1
        if m.sense.relation == "leader" and toks[m.start].pos != "VERB" and j >= 0 and toks[j].pos == "VERB" \
                and toks[j].lemma in TAKING_A_POST:
            out.add(j)
    return out


#: The bodies that govern an organisation: chairing its board is leading it.
_GOVERNING = frozenset("board trustees governors directors trustee governor director".split())


def governing_bodies(toks: list[Tok], mentions: list[Mention]) -> list[Mention]:
    """ "Who chairs the board of X?", "heads the board of trustees of X", "X's chair of governors": the open mentions
    naming X's governing body right after a leading verb, or after a leader's noun and "of"; leading that body is
    leading X, so they are no hop of their own."""
    leaders = [m for m in mentions if m.sense.relation == "leader"]
    verbs = [m for m in leaders if _as_verb(toks, m)]
    nouns = [m for m in leaders if not _as_verb(toks, m) and m.end < len(toks) and toks[m.end].lower == "of"]
    out = []
    for m in mentions:
        if m.via != "open" or toks[m.start].lemma not in _GOVERNING:
            continue
        start = m.start - 1 if m.start > 0 and toks[m.start - 1].lower == "the" else m.start
        if any(v.end == start for v in verbs) and m.end < len(toks) and toks[m.end].lower == "of":
            out.append(m)
        elif any(n.end + 1 == start for n in nouns):
            out.append(m)
    covered = {i for m in mentions for i in range(m.start, m.end)}
    for n in nouns:  # "the chair of governors at X": the body's word, read by no phrase yet
        j = n.end + 2 if n.end + 2 < len(toks) and toks[n.end + 1].lower == "the" else n.end + 1
        if j < len(toks) and j not in covered and toks[j].anchor < 0 and toks[j].lower in _GOVERNING:
            out.append(Mention(j, j + 1, toks[j].text, Sense(relation=toks[j].lower), via="open"))
    return out


#: Words that end a company's registered name ("Tollen Mills Ltd").
_COMPANY_ENDINGS = frozenset("ltd limited plc inc llp co".split())


def directs_a_body(toks: list[Tok], m: Mention, name_of: Callable[[int], str]) -> bool:
    """ "the director of the X Trust", "the X Ltd director", "Who directs the trust?": a name an organisation noun
    ends (`name_of`: the name of an anchor index) or an organisation noun is a body, whose director holds a post;
    otherwise (a film, a name the wording does not type: the graph often types a film's title as a body) the
    director made a work."""
    if m.sense.relation != "director":
        return False
    before = toks[m.start - 1] if m.start > 0 else None
    if not m.sense.verb and before is not None and before.anchor >= 0:  # "X's director", "the X director"
        return _body_name(name_of(before.anchor))
    n = m.end
    if not m.sense.verb and (n >= len(toks) or toks[n].lower not in ("of", "at")):
        return False
    n += 0 if m.sense.verb else 1
    while n < len(toks) and (toks[n].lower in ("the", "a", "an") or toks[n].lower in POSSESSIVE_POINTERS):
        n += 1
    if n >= len(toks):
        return False
    if toks[n].anchor >= 0:
        return _body_name(name_of(toks[n].anchor))
    return toks[n].pos == "NOUN" and is_one_of(_compound_head(toks, n), ORGANISATION_NOUNS)


def _body_name(name: str) -> bool:
    words = name.lower().split()
    return len(words) >= 2 and words[-1] in ORGANISATION_NOUNS | _COMPANY_ENDINGS


#: Words that end the name of a publishing house, whose publisher is a post ("the X Press", "Y Books"); a paper's or a
#: journal's publisher is as often the company that owns it.
_PRESS_ENDINGS = frozenset("press books publishing publishers editions".split())


def heads_a_press(toks: list[Tok], m: Mention, name_of: Callable[[int], str], asked: str) -> bool:
    """ "Who is the publisher of the X Press?": a person asked of a publishing house is the holder of its post of
    publisher, not a house that publishes it (`name_of`: the name of an anchor index)."""
    if asked != "person" or m.sense.relation != "publisher" or m.sense.verb or m.end + 1 >= len(toks) \
            or toks[m.end].lower != "of":
        return False
    n = m.end + 1 + (toks[m.end + 1].lower == "the")
    words = name_of(toks[n].anchor).lower().split() if n < len(toks) and toks[n].anchor >= 0 else []
    return len(words) >= 2 and words[-1] in _PRESS_ENDINGS


def shares_a_role(toks: list[Tok], m: Mention, anchor_type: AnchorType) -> bool:
    """ "X's co-founder" with X a person: someone who shares X's role, the other founder of what X founded, not
    X's founder ("Corvane's co-founder", a body's, is one of its founders)."""
    before = toks[m.start - 1] if m.start > 0 else None
    return toks[m.start].lower.startswith(("co-", "cofound")) and m.sense.relation in _SHARED_ROLES \
        and before is not None and before.anchor >= 0 and before.possessive and anchor_type(before.anchor) == "PERSON"


#: Relations a "co-" noun shares with its possessor ("co-founder", "co-director", "co-writer").
_SHARED_ROLES = frozenset("founder leader director writer creator producer".split())


def made_a_post_holder(toks: list[Tok], m: Mention) -> tuple[Mention, set[int]] | None:
    """ "the trust that made X its executive headteacher": "make" with a name and a possessive post puts X in a
    post at the body, which employs X (as "hired X" does), not a thing it made. The employer mention and the
    post's words (which post: no hop of their own), or None."""
    j = m.end
    if toks[m.start].lemma != "make" or j + 2 >= len(toks) or toks[j].anchor < 0 \
            or toks[j + 1].lower not in POSSESSIVE_POINTERS:
        return None
    end = j + 2
    while end < len(toks) and toks[end].pos in ("NOUN", "ADJ") and toks[end].anchor < 0:
        end += 1
    return Mention(m.start, m.end, m.text, Sense(relation="employer", verb=True), via=m.via), set(range(j + 1, end))


def as_leader(m: Mention) -> Mention:
    """The mention read as the leader relation (its words the post: `asked_post`)."""
    return Mention(m.start, m.end, m.text, Sense(relation="leader", verb=m.sense.verb, person_bridge=True), via=m.via)


_BODY_WORDS = frozenset("body organisation organization".split())


def led_by_a_body(toks: list[Tok], mentions: list[Mention], subject: set[int]) -> list[Mention]:
    """ "Which trust runs X?", "Which council runs X?": a leading verb whose subject noun (`subject`, from
    `asked.subject_noun`) is an organisation asks the body that runs X, not its leader; the verb is read as an
    open relation of its own words. Mentions unchanged otherwise."""
    bodies = {j + 1 for j in subject if is_one_of(toks[j], ORGANISATION_NOUNS | _BODY_WORDS)}
    return [Mention(m.start, m.end, m.text, Sense(relation=m.text.lower(), verb=True), via="open")
            if m.start in bodies and m.sense.relation == "leader" and _as_verb(toks, m) else m for m in mentions]


def taking_the_lead_dated(toks: list[Tok], mentions: list[Mention]) -> list[Mention]:
    """ "Who took charge of their organisation earlier: A or B?", "Which of A and B chaired X first?": in a comparison
    in time, a leading verb right after "who" or after the names "which of" opens is the event whose dates are
    compared (when each side took the lead), not a hop to the leader nor a birth. Its mention is left out, so the
    verb is read as that event; mentions unchanged otherwise."""
    if toks and toks[0].lower == "who":
        return [m for m in mentions if not (m.sense.relation == "leader" and m.sense.verb and m.start <= 2)]
    named = [t.i for t in toks if t.anchor >= 0]  # "Which of A and B chaired X first?": the verb after the names
    if len(named) < 2 or [t.lower for t in toks[:2]] != ["which", "of"]:
        return mentions
    return [m for m in mentions if not (m.sense.relation == "leader" and m.sense.verb and m.start == named[1] + 1)]
