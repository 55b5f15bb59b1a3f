"""Context sentences around the question: what a conversational lead-in says about the entities it names.

    "X had a husband. Where was he born?"              the context's relation phrase is the chain's first hop
    "I'm reading about X. Who directed it?"            the asker's own doing ("I'm reading") is no relation of X
    "In 1986 a film was shot near X. Who directed it?" the pronoun points at the unnamed film, not at X
    "I'm curious about the directors of A and B. Do they both ...": the compared people are the directors
    "X's chair descends from Y. His father rowed for a club. Which one?"  more is said than the chain reads
    "X was set up by a farmer. His daughter chairs it. Who is she married to?"  a sentence between them goes on
                                                       from the context's answer ("his daughter"): a hop of its own
"""

from __future__ import annotations

from hopgraph.router.asked import PERSON_NOUNS, only_when_after
from hopgraph.router.capacity import without_capacity
from hopgraph.router.claims import claim_start
from hopgraph.router.filler import fills_relation, made_by_anchor
from hopgraph.router.leading import ORGANISATION_NOUNS
from hopgraph.router.heads import names_a_role
from hopgraph.router.lexicon import PHRASES, Mention, Sense, covered, kin_noun
from hopgraph.router.mentions import find_mentions
from hopgraph.router.open_words import CHATTER, open_words
from hopgraph.router.partner import other_partner
from hopgraph.router.context_reach import done_by_a_person, post_left
from hopgraph.router.posts import posts_at_a_thing
from hopgraph.router.tokens import POINTERS, POSSESSIVE_POINTERS, Tok, renumber
from hopgraph.router.voice import as_open, by_named, is_inverse, makes, named_object, subject_start


def context_of(toks: list[Tok], qs: int, anchor: int, anchor_type: str = "") -> tuple[list[Tok], list[Mention]] | None:
    """The context sentence naming the anchor, with its relation phrases ("X had a husband"). `anchor_type` is the
    graph's type of the anchor ("PERSON", "ORG"; "" when unknown), which says whether the question's pronoun can
    point at the anchor itself (`points_at_anchor`)."""
    question = [t for t in toks if t.sent == qs]
    for s in sorted({t.sent for t in toks if t.sent != qs and t.anchor == anchor}, reverse=True):
        ctoks = renumber([t for t in toks if t.sent == s])
        ctoks = _without_post(ctoks, anchor)  # "The man who replaced X as chair …": the chair is no hop
        # "X started a library. Who sponsored it?": a verb read backwards is an open relation there too
        # ("A hired X": with its object named, the verb reads forward from X)
        at = next(t.i for t in ctoks if t.anchor == anchor)
        # "X left the post to start a firm", "a firm was set up by X": what X started, not its founder
        made = made_by_anchor(ctoks, at)
        found = find_mentions(ctoks, set())
        kins = done_by_a_person(ctoks, at, found)  # "X's son founded a charity", "X has a son who runs a pub"
        # "the practice brought in a partner": a partner in a firm, no spouse (`other_partner`); its word stays open
        mentions = [as_open(ctoks, m) if (is_inverse(ctoks, m) and not named_object(ctoks, m))
                    or (makes(m.sense) and (m.start in made or by_named(ctoks, m)))
                    or (m.start in made and m.sense.verb and m.sense.relation == "leader")  # ("went on to head a
                    # trade body": what X heads, not X's head)
                    or (m.start in kins and not _both_ways(m)) else _open_noun(m) if other_partner(ctoks, m) else m
                    for m in found]
        mentions = [m for m in mentions if not post_left(ctoks, m, mentions)]  # "… quit as director": no hop
        # "X's founder died in 2010. Where was he born?": a verb with nothing but a time after it says when something
        # happened to whom the sentence is about; it leads to nothing the question could point at
        mentions = [m for m in mentions if not (ctoks[m.start].pos == "VERB" and m.start > at
                                                and only_when_after(ctoks[m.end:]))]
        if not any(t.lower in _PERSONAL_ONE for t in question):  # "X's uncle was treasurer of a club. Who founded it?"
            mentions = sorted(mentions + posts_at_a_thing(ctoks, covered(mentions)), key=lambda m: m.start)
        else:
            # "X's husband builds telescopes. Which firm does he work for?", "X's wife runs a bakery. Where was she
            # born?": a verb whose object is a thing says what its subject does; it leads to nothing "he" can be
            mentions = [m for m in mentions if not (ctoks[m.start].pos == "VERB" and m.start > at
                                                    and thing_after(ctoks[m.end:])) and not _job_changed(ctoks, m, at)]
        if points_at_anchor(question, anchor_type):
            # "X chairs Y. Where was she born?": a relation between two names is no hop to a person pointed back at;
            # she is one of the names ("Y hired X. Who founded it?" points through the relation, and keeps it)
            mentions = [m for m in mentions if not (m.sense.verb and _opens_sentence(ctoks, m) and named_object(ctoks, m))
                        and _owner(ctoks, m) in (None, anchor)]  # ("X is Y's chairman", "X's brother runs Y")
        if first_person(ctoks):  # "I'm studying X": the asker's doing, no relation of X
            # "I'm curious about the person who directed X"
            mentions = [m for m in mentions if m.start > 3 or m.start > at]  # and "I heard X's daughter …" stay
        return ctoks, mentions
    return None


def _job_changed(ctoks: list[Tok], m: Mention, at: int) -> bool:
    """ "X's editor changed jobs in 2019", "… took a new job", "… has a job at Y": the job a verb after the name
    acts on says what happened to its subject, no hop to what "he" or "she" is."""
    j = m.start - 1
    while j > at and ctoks[j].pos in ("DET", "ADJ", "PRON"):
        j -= 1
    return ctoks[m.start].pos == "NOUN" and j > at and ctoks[j].pos in ("VERB", "AUX") \
        and list(m.sense.resolve("", inner=True)) == ["occupation"]


def _without_post(ctoks: list[Tok], anchor: int) -> list[Tok]:
    """The context sentence without the "as …" phrase naming the post a verb acts in ("replaced X as Y's chair"),
    unless the anchor is named in it."""
    stripped, _ = without_capacity(ctoks)
    return stripped if any(t.anchor == anchor for t in stripped) else ctoks


#: Relations that read the same both ways ("married a teacher": she is his spouse as he is hers).
_BOTH_WAYS = frozenset(("spouse", "sibling"))


def _open_noun(m: Mention) -> Mention:
    """A noun phrase searched as written ("X's senior partner": no spouse), still a noun: no verb of the sentence."""
    return Mention(m.start, m.end, m.text, Sense(relation=m.text.lower()), via="open")


def _both_ways(m: Mention) -> bool:
    """The phrase reads the same both ways ("married a teacher": she is his spouse as he is hers)."""
    return m.sense.relation in _BOTH_WAYS or any(rel in _BOTH_WAYS for _, rel in m.sense.facets)


def thing_after(rest: list[Tok]) -> bool:
    """A noun phrase of a thing, bare or after "a" ("telescopes", "garden furniture", "a bakery") and no name, then only
    the end or a time: what the verb's subject does, or a thing it has, that no "he" or "she" can stand for (a person
    it brings in, "married a banker", can)."""
    k = 1 if rest and rest[0].lower in ("a", "an") else 0
    while k < len(rest) and rest[k].pos == "ADJ":
        k += 1
    nouns = 0
    while k < len(rest) and rest[k].pos == "NOUN" and rest[k].anchor < 0:
        k, nouns = k + 1, nouns + 1
    head = rest[k - 1] if nouns else None
    return head is not None and not (names_a_role(head.lemma) or head.lemma in PERSON_NOUNS or kin_noun(head)) \
        and only_when_after(rest[k:])


def _opens_sentence(ctoks: list[Tok], m: Mention) -> bool:
    """The verb's subject names someone and opens the sentence ("X chairs Y", "X's brother runs Y"), so the verb says
    a fact of the name, not of someone a clause describes ("the engineer who built X won Y")."""
    start = subject_start(ctoks, m.start)
    return start < m.start and all(t.lower in ("the", "a", "an") for t in ctoks[:start])


def _owner(ctoks: list[Tok], m: Mention) -> int | None:
    """The name a relation noun is of ("Y's chairman", "Y's first chair", "the Y chairman", "the chairman of Y"), else
    None."""
    if ctoks[m.start].pos == "VERB":
        return None
    j = m.start - 1
    while j > 0 and ctoks[j].pos == "ADJ" and ctoks[j].anchor < 0:
        j -= 1  # ("Y's first chair")
    if j >= 0 and ctoks[j].anchor >= 0:
        return ctoks[j].anchor
    j = m.end + 1 if m.end < len(ctoks) and ctoks[m.end].lower == "of" else None
    if j is not None and j < len(ctoks) and ctoks[j].lower == "the":
        j += 1
    return ctoks[j].anchor if j is not None and j < len(ctoks) and ctoks[j].anchor >= 0 else None


#: Pronouns that point back at one person, and at one thing.
_PERSONAL_ONE = frozenset("he she him her his hers".split())
_THING_ONE = frozenset(("it", "its"))


def points_at_anchor(question: list[Tok], anchor_type: str) -> bool:
    """The question's pronoun can point at the anchor itself: "she" at a person (or at a name of unknown type), "it"
    at a name the graph types as no person."""
    words = {t.lower for t in question}
    return bool(words & _PERSONAL_ONE and anchor_type in ("", "PERSON")) \
        or bool(words & _THING_ONE and anchor_type not in ("", "PERSON"))


_COPULAS = frozenset("be become remain turn".split())


def _predicate(ctoks: list[Tok], i: int) -> bool:
    """The indefinite article at `i` opens what a copula says its subject is or became ("became a pilot"), not
    "There was a woman …", which brings one in."""
    return i > 0 and ctoks[i - 1].lemma in _COPULAS and not (i > 1 and ctoks[i - 2].lower == "there")


def introduces_unnamed(ctoks: list[Tok], anchor: int, pointed: str = "") -> bool:
    """ "In 1986 a film was shot near X. Who was its director?": an indefinite noun phrase away from the
    anchor brings in a new, unnamed thing, and the question's pronoun points at it, not at X. A relation
    noun ("X had a husband") or a description of X itself ("X, a Welsh king", "a film called X") does not, nor
    a thing of another noun than the one the question `pointed` back with ("that firm" is not "a garden fence")."""
    at = next((t.i for t in ctoks if t.anchor == anchor), None)
    if at is None:
        return False
    for t in ctoks:
        if t.lower not in ("a", "an") or abs(t.i - at) <= 3 or (t.i > 0 and ctoks[t.i - 1].lower == ",") \
                or fills_relation(ctoks, at, t.i) or _predicate(ctoks, t.i) or _askers_work_on(ctoks, t.i, at):
            continue  # ("… a daughter who became a pilot": what she became describes her, it brings in no one)
        head = next((u for u in ctoks[t.i + 1:t.i + 4] if u.pos == "NOUN" or (not u.pos and u.lower.isalpha())), None)
        if head is not None and head.lemma not in PHRASES and head.lower not in PHRASES \
                and not any(u.lower in ("called", "named", "titled") for u in ctoks[head.i + 1:head.i + 3]) \
                and not _other_than_pointed(ctoks[t.i + 1:_compound_end(ctoks, head.i) + 1], pointed):
            return True
    return _placed_at(ctoks, at)


#: Prepositions that say what a piece of the asker's work is on ("a feature on X", "a talk about X").
_ON = frozenset("on about of for into over around".split())


def _askers_work_on(ctoks: list[Tok], i: int, at: int) -> bool:
    """ "We're doing a feature on X", "I'm giving a talk about the X": the indefinite phrase at `i` is the asker's own
    piece of work, whose preposition names the anchor (at `at`) itself, not a thing of X's world. ("I'm writing a
    history of the ship based at X": the piece is on the ship, an unnamed thing.)"""
    if not ctoks or ctoks[0].lower.split("'")[0].split("’")[0] not in ("i", "we") or i > at \
            or ctoks[i].lower not in ("a", "an"):
        return False  # (the asker is the subject: "I'm …", "We're …"; not "My friend saw a …")
    j = i + 1
    while j < at and ctoks[j].pos in ("NOUN", "ADJ", "NUM") and ctoks[j].anchor < 0:
        j += 1
    if j == i + 1 or j >= at or ctoks[j].lower not in _ON:
        return False
    j += 1 + (ctoks[j + 1].lower == "the")
    end = at
    while end + 1 < len(ctoks) and ctoks[end + 1].anchor == ctoks[at].anchor:
        end += 1
    after = ctoks[end + 1] if end + 1 < len(ctoks) else None
    return j == at and not ctoks[end].possessive and (after is None or after.pos not in ("NOUN", "PROPN"))


def _compound_end(ctoks: list[Tok], at: int) -> int:
    """The last noun of the compound whose first noun is at `at` ("a fishing business")."""
    while at + 1 < len(ctoks) and ctoks[at + 1].pos == "NOUN" and ctoks[at + 1].anchor < 0:
        at += 1
    return at


def _other_than_pointed(phrase: list[Tok], pointed: str) -> bool:
    """ "… about a garden fence. Who founded that firm?": the question points back with the noun of an organisation
    the indefinite phrase does not name, so it points at the named organisation, not at the new thing."""
    return pointed in ORGANISATION_NOUNS and not any(pointed in (u.lower, u.lemma) for u in phrase)


def pointed_noun(qtoks: list[Tok]) -> str:
    """The noun the question points back with ("that firm", "this school"), as a lemma; "" when none."""
    for t, u in zip(qtoks, qtoks[1:]):
        if t.lower in ("that", "this", "these", "those") and u.pos == "NOUN" and u.anchor < 0:
            return u.lemma or u.lower
    return ""


def unread_context(toks: list[Tok], qs: int, context: tuple[list[Tok], list[Mention]], anchor: int) -> bool:
    """A question that only points back ("Which one?", "Which year did he get it?") takes its chain from the
    context sentence naming the anchor. The chain leaves part of the question out, and is a reading, never a
    certainty, when a claim there names something else too ("my boss says the engineer who built X won Y before
    Z did"), when that sentence says more of the anchor than its relation phrases ("X's chair is descended from
    the man who gave the club its ground"), or when a later sentence says relations of its own ("his father
    rowed for a club")."""
    ctoks, mentions = context
    at = next((t.i for t in ctoks if t.anchor == anchor), len(ctoks))
    start = claim_start(ctoks)  # "My supervisor says …": what is claimed is said of the world, not of the asker
    if start is not None and any(t.anchor >= 0 and t.anchor != anchor for t in ctoks[start:]):
        return True
    if start is None and first_person(ctoks):  # ("I came across X last night": the asker's own doing, up to
        # a clause joined after it: "I went to X and the keynote speaker was …" says something of X's world)
        start = next((t.i for t in ctoks if t.i > at and t.lower in ("and", "but")
                      and t.i + 1 < len(ctoks) and ctoks[t.i + 1].lower in ("the", "a", "an", "its", "their")),
                     len(ctoks))
    start = at if start is None else start
    asker = next((t.i for t in ctoks if t.i > start and t.lower in ASKER), len(ctoks))  # "X, I'd like to know …"
    said = [t for t in open_words(ctoks, mentions, set()) if start < t.i < asker and t.lower not in POINTERS | CHATTER]
    if said:
        return True
    named = ctoks[0].sent if ctoks else qs
    later = [renumber([t for t in toks if t.sent == s]) for s in sorted({t.sent for t in toks if named < t.sent < qs})]
    return any(find_mentions(sent, set()) or _says_more(sent) for sent in later)


def _says_more(sent: list[Tok]) -> bool:
    """A sentence says something of its own: a word no relation phrase explains ("it belongs to a bigger group"),
    beside the asker's chatter, pointers and the verb of a claim ("he says")."""
    start = claim_start(sent)
    return any(t.lower not in POINTERS | CHATTER for t in open_words(sent, [], set()) if start is None or t.i >= start)


#: Prepositions that place a thing (where it is, or where it comes from: "a firm from X").
_LOCATIVE = frozenset("at in near on outside behind beside opposite inside from".split())


def _placed_at(ctoks: list[Tok], at: int) -> bool:
    """ "We loved the new visitor centre at X. Who opened it?", "… cooked by a firm from X. Who founded it?": a thing
    named by its place or origin, the anchor after a locative preposition, is what the question's pronoun points at (a relation noun, "the director of X", is
    not placed and says nothing new)."""
    j = at - 1
    if j >= 0 and ctoks[j].lower == "the":
        j -= 1
    if j < 1 or ctoks[j].lower not in _LOCATIVE:
        return False
    nouns = []
    k = j - 1
    while k >= 0 and ctoks[k].pos in ("NOUN", "ADJ") and ctoks[k].anchor < 0:
        nouns.append(ctoks[k])
        k -= 1
    return k >= 0 and ctoks[k].lower in ("the", "this", "that", "a", "an") and any(n.pos == "NOUN" for n in nouns) \
        and not any(n.lemma in PHRASES or n.lower in PHRASES for n in nouns) and not _askers_work_on(ctoks, k, at)


def context_bridges(toks: list[Tok], qs: int) -> list[Mention]:
    """Person relations said of the compared entities in a context sentence ("I'm curious about the
    directors of A and B. Do they both …"), when the question sentence only points at them."""
    if any(t.anchor >= 0 for t in toks if t.sent == qs):
        return []
    out = []
    for s in sorted({t.sent for t in toks if t.sent != qs and t.anchor >= 0}):
        ctoks = renumber([t for t in toks if t.sent == s])
        for m in find_mentions(ctoks, set()):
            after = [t for t in ctoks[m.end:m.end + 3] if t.lower not in ("the", "a", "an")]
            if m.sense.person_bridge and len(after) >= 2 and after[0].lower == "of" and after[1].anchor >= 0:
                out.append(Mention(-1, -1, m.text, m.sense))  # no position in the question sentence
    return out


ASKER = frozenset("i i'm i’m i've i’ve i'd we we're my our".split())


def first_person(toks: list[Tok]) -> bool:
    return any(t.lower in ASKER for t in toks[:3])


#: Pronouns a question points back at a person with.
_PERSONAL = frozenset("he she him her they them".split())
#: Words that may open a sentence before its subject ("And his daughter …", "Now her son …").
_OPENERS = frozenset("and but now so then today".split())


def middle_relations(toks: list[Tok], qs: int, named: int) -> list[str]:
    """ "X was set up by a farmer. His daughter chairs it now. Who is she married to?": the one sentence between the
    context sentence (`named`) and the question opens on a possessive pronoun and a relation noun, which goes on
    from what the context led to, and the question's personal pronoun points at that noun. Its relations, else []."""
    between = sorted({t.sent for t in toks if named < t.sent < qs})
    if len(between) != 1 or not any(t.lower in _PERSONAL for t in toks if t.sent == qs):
        return []
    part = renumber([t for t in toks if t.sent == between[0]])
    i = 0
    while i < len(part) and part[i].lower in _OPENERS:
        i += 1
    if any(t.anchor >= 0 for t in part) or i >= len(part) or part[i].lower not in POSSESSIVE_POINTERS:
        return []
    noun = next((m for m in find_mentions(part, set()) if m.start == i + 1 and not m.sense.verb), None)
    return list(noun.sense.resolve("", inner=True)) if noun is not None else []
