"""Finding the relation phrases of a question and the words nothing explains (pure).

`find_mentions` scans the tokens for phrases of `hopgraph.router.lexicon` (longest first, on lemmas
and on surface words), reads "maternal uncle" / "uncle on her mother's side" as one side of the
family, and keeps "from" only where it states an origin ("Which city is X from?", "someone from
which country") rather than opening a wh-phrase ("From which school …").
The words nothing explains, what an open relation is made of, are `hopgraph.router.open_words`.
"""

from __future__ import annotations

from dataclasses import replace

from hopgraph.router.askers_own import ASKERS_OWN, askers_own_verb, working_out
from hopgraph.router.origin import origin_ok
from hopgraph.router.posts import compound_post
from hopgraph.router.lexicon import PHRASES, SIDE_PHRASES, SIDES, SISTER_BODIES, Mention, Sense, match_at
from hopgraph.router.tokens import DO_FORMS, NOUN_DETERMINERS, OTHER_NOUNS, Tok, after_a_copula, before_modifiers

#: Single-word verb senses that are common nouns too: read as a relation only when tagged a verb.
_VERB_ONLY = frozenset("air issue open start form work pass score record pen author trade lie sit base train "
                       "release launch debut win award design develop produce found".split())
#: Nouns that are verbs too: read as a relation only when not tagged a verb ("band", "label").
_NOUN_ONLY = frozenset("label band artist partner national origin citizen".split())


def _side_after(toks: list[Tok], j: int) -> tuple[str, int]:
    """ "on her mother's side" right after a kin noun: (side relation, tokens used)."""
    words = [t.lemma for t in toks[j:j + 5] if t.lower not in ("his", "her", "their", "its", "'s", "’s")]
    for n in (4, 3, 2):
        key = " ".join(words[:n])
        if key in SIDE_PHRASES:
            used = 0
            seen = 0
            for t in toks[j:j + 6]:
                used += 1
                if t.lower not in ("his", "her", "their", "its"):
                    seen += 1
                if seen == n:
                    break
            return SIDE_PHRASES[key], used
    return "", 0


def _with_side(sense: Sense, side: str) -> Sense:
    """A kin composite with its first step fixed to one side ("maternal uncle": mother, sibling)."""
    if sense.chain and sense.chain[0] == "parent":
        return Sense(chain=(side, *sense.chain[1:]))
    return sense


def _pos_ok(tok: Tok, n: int) -> bool:
    if n > 1 or not tok.pos:
        return True
    if tok.lemma in _VERB_ONLY or tok.lower in _VERB_ONLY:
        return tok.pos in ("VERB", "AUX")
    if tok.lemma in _NOUN_ONLY:
        return tok.pos != "VERB"
    return True




def noun_of_a_verb(tok: Tok) -> bool:
    """The token is the noun of a verb whose noun names another thing ("the trains for X"): no relation by its
    words, nor by their meaning ("the author", "the award" are their verbs' relations by meaning)."""
    return bool(tok.pos) and tok.pos not in ("VERB", "AUX") and (tok.lemma in OTHER_NOUNS or tok.lower in OTHER_NOUNS)


#: Verbs an asker opens a request with ("Find the firm that …", "Show me who …").
_INSTRUCTIONS = frozenset("find show give list name identify".split())


def _instruction(toks: list[Tok], i: int) -> bool:
    """The verb opens its sentence as a request to the search, in the imperative ("Find the company that …")."""
    first = i == 0 or toks[i - 1].text in (".", "?", "!", ":", ";") or toks[i - 1].sent != toks[i].sent
    return first and toks[i].lower in _INSTRUCTIONS


_PLACING = frozenset("in at on near".split())
_RELATIVES = frozenset("who that which".split())
#: Words after which a verb is bare ("did X found", "to found", "will found").
_BARE_BEFORE = DO_FORMS | frozenset("to will would can could should might must".split())


def _found_active(toks: list[Tok], i: int) -> bool:
    """ "Who found the bug?": "find" says where a thing lies only in the passive ("X is found in Y", "the castle
    found in Y")."""
    reduced = i > 0 and toks[i - 1].pos == "NOUN" and i + 1 < len(toks) and toks[i + 1].lower in _PLACING
    before = toks[max(0, i - 4):i]
    bare = next((t.lower in _BARE_BEFORE for t in reversed(before) if t.lower in _BARE_BEFORE | _RELATIVES), False)
    # ("Did X found Y?", "to found a firm": founding; "Where does the man who found the bug work?": finding)
    if toks[i].lower == "found":  # "the man who found the bug"; "did X found", whatever the tagger's lemma: founding
        finding = not bare
    else:
        finding = toks[i].lemma == "find"
    return finding and not reduced and not any(t.lemma == "be" for t in before)


def _from_no_origin(sense: Sense) -> bool:
    """A phrase ending in "from" that names no origin ("take over from", "die from"): `origin_ok`'s test of "from"
    (a place after it) is not its own."""
    return bool(sense.relation) and sense.relation not in ("country", "nationality", "born_place")


def _predicate_noun(toks: list[Tok], i: int, n: int) -> bool:
    """A noun after a copula and an indefinite article, with no "of" after it ("X is a poet", "she was an
    author too"): it says what someone is, not whose it is."""
    return after_a_copula(toks, i) and not (i + n < len(toks) and toks[i + n].lower in ("of", "for", "to"))


def _attributive_participle(toks: list[Tok], i: int) -> bool:
    """A past participle between a determiner or preposition and the noun it describes ("on written evidence", "the
    signed contract"): an adjective, not a verb of the chain ("a film written by X" has "by" after it)."""
    t = toks[i]
    return t.pos == "VERB" and t.lower.endswith(("ed", "en", "wn")) and t.lower != t.lemma and 0 < i < len(toks) - 1 \
        and toks[i - 1].pos in ("DET", "ADP") and toks[i + 1].pos == "NOUN" and toks[i + 1].anchor < 0


def find_mentions(toks: list[Tok], wh: set[int]) -> list[Mention]:
    """Relation phrases in order of position (anchors and the wh-phrase excluded)."""
    blocked = frozenset(t.i for t in toks if t.anchor >= 0) | frozenset(wh)
    greats = [_greats(t.lower) for t in toks]  # "great-grandfather": a grandfather one generation further
    lemmas = [t.lemma[len(_GREAT) * g:] for t, g in zip(toks, greats)]
    lowers = [t.lower[len(_GREAT) * g:] for t, g in zip(toks, greats)]
    out: list[Mention] = []
    i = 0
    while i < len(toks):
        found = _longer(match_at(lemmas, i, blocked), match_at(lowers, i, blocked))  # "managing director", not "manage"
        tok = toks[i]
        if found is None and i not in blocked and (n := _succession_phrase(toks, i)):
            found = (n, FOLLOWED)  # "the woman who followed him", "Who followed X as chair?" (not "the film follows")
        elif found is None and i not in blocked and (n := _came_before(toks, i)):
            found = (n, PRECEDED)  # "Who came before X as chair?": the one X followed
        if found is None or not _pos_ok(tok, found[0]) or (not origin_ok(toks, i, found[0]) and not _from_no_origin(found[1])) \
                or not _made(toks, i) or _found_active(toks, i):
            i += 1
            continue
        n, sense = found
        if sense.relation == "population" and _names_a_body(toks, i + n):
            i += n  # "the residents' association": a body of residents, not how many live there
            continue
        if n == 1 and _people_in_general(toks, i, sense):
            i += 1  # "hired to bus children to school", "a charity that helps children": no one's kin
            continue
        if sense.relation == "sibling" and n == 1 and not tok.possessive and i + 1 < len(toks) \
                and toks[i + 1].lemma in SISTER_BODIES:
            i += 1  # "X's sister company": another body of X's owner, no kin ("her sister's company" is one)
            continue
        if sense.verb and n == 1 and toks[i].pos != "VERB" and (_after_determiner(toks, i) or _after_name(toks, i, sense)):
            # "X's chair", "the X chair spouse": a noun
            sense = replace(sense, verb=False, agent="")
        if sum(greats[i:i + n]) and sense.chain:  # "paternal great-grandfather" matches "paternal grandfather"
            sense = _further(sense, sum(greats[i:i + n]))
        if (i > 0 and toks[i - 1].lower in ASKERS_OWN) or (sense.verb and askers_own_verb(toks, i)):
            i += n  # "my kid's lunch", "our director", "my brother works for X": the asker's own, no relation of X
            continue
        if sense.verb and _instruction(toks, i):
            i += n  # "Find the company that …": what the asker tells the search to do, no relation
            continue
        if n == 1 and working_out(toks, i):
            i += n + 1  # "Can you work out who founded X?": the asker's search for the answer, no relation
            continue
        if _began_a_job(toks, i, n):
            i += n  # "the coordinator who started in 2018": she began work there, she founded nothing
            continue
        if sense.verb and n == 1 and _attributive_participle(toks, i):
            i += 1  # "ruling on written evidence": the participle describes the noun after it, no relation
            continue
        if not sense.verb and _predicate_noun(toks, i, n):
            i += n  # "his sister is an author too": what she is, no relation of anyone
            continue
        if not sense.verb and not sense.chain and i + n < len(toks) and toks[i + n].anchor >= 0 \
                and not toks[i + n].possessive and not _verbal(tok):
            i += n  # "the bands X and Y", "the director Z": a class label in apposition, not a relation
            continue
        if (post := compound_post(toks, i, n, sense)) is not None:
            out.append(Mention(post[0], post[1], " ".join(t.text for t in toks[post[0]:post[1]]),
                               Sense(relation=" ".join(t.lower for t in toks[post[0]:post[1]])), via="open"))
            i = post[1]  # "the head coach of X", "X's finance director": a post of its own, not X's leader
            continue
        start = i
        if i > 0 and toks[i - 1].lower in SIDES and sense.chain:
            sense, start = _with_side(sense, SIDES[toks[i - 1].lower]), i - 1
        elif sense.chain and (side := _side_after(toks, i + n))[0]:
            sense = _with_side(sense, side[0])
            n += side[1]
        out.append(Mention(start, i + n, " ".join(t.text for t in toks[start:i + n]), sense))
        i += n
    return _sided(toks, out)


#: Subjects that are people: "start" after one with no object is beginning a job ("she started in 2018").
_PERSON_SUBJECTS = frozenset("who he she i we they".split())


def _began_a_job(toks: list[Tok], i: int, n: int) -> bool:
    """ "start" with a person as its subject and no object ("the coordinator who started in autumn 2018", "she
    started as a trainee"): the person began work, nothing was founded ("who started the firm" has an object)."""
    after = toks[i + n] if i + n < len(toks) else None
    no_object = after is None or after.pos in ("ADP", "PUNCT", "ADV", "CCONJ") or after.text in (".", ",", "?", "-")
    return n == 1 and toks[i].lemma == "start" and i > 0 and toks[i - 1].lower in _PERSON_SUBJECTS and no_object


#: Nouns of bodies people form ("residents' association", "tenants' union").
_BODIES = frozenset("association associations group groups committee council society forum panel union club trust "
                    "action campaign network".split())


def _people_in_general(toks: list[Tok], i: int, sense: Sense) -> bool:
    """A plural kin noun with nothing to say whose ("bus children to school", "helps children", "for children"):
    the object of a verb or a preposition with no determiner, possessive or "of" is people of that kind in general."""
    t = toks[i]
    if sense.relation not in ("child", "sibling", "parent") or t.lower == t.lemma or i == 0 or t.possessive:
        return False
    after = toks[i + 1].lower if i + 1 < len(toks) else ""
    return toks[i - 1].pos in ("VERB", "ADP") and toks[i - 1].anchor < 0 and toks[i - 1].lemma != "have" \
        and after != "of"  # ("Who did X have children with?": her own)


def _names_a_body(toks: list[Tok], j: int) -> bool:
    """A noun of a body follows at `j`, perhaps after a plural's apostrophe: the words before it say whose body
    it is ("the residents' association")."""
    if j < len(toks) and toks[j].text in ("'", "’"):
        j += 1
    return j < len(toks) and toks[j].lemma in _BODIES and toks[j].anchor < 0


def _after_name(toks: list[Tok], i: int, sense: Sense) -> bool:
    """A leading post right after a name, uninflected, is the name's post ("the Kalvor chair", "Kalvor chair
    spouse"), not a verb the name is the subject of ("the airport X chairs")."""
    return i > 0 and toks[i - 1].anchor >= 0 and toks[i].pos == "NOUN" and sense.relation == "leader" \
        and toks[i].lower == toks[i].lemma


def _after_determiner(toks: list[Tok], i: int) -> bool:
    """A determiner or a possessive stands right before the word: "the chair", "its head", "X's chair", or before
    the modifiers that say which one ("X's longest-serving chair", "the most recent head")."""
    j = before_modifiers(toks, i)
    before = toks[j] if j >= 0 else None
    return before is not None and (before.lower in NOUN_DETERMINERS or (before.anchor >= 0 and before.possessive))


_GREAT = "great-"


def _greats(word: str) -> int:
    """How many "great-" open a hyphenated kin word ("great-great-grandmother": 2)."""
    n = 0
    while word.startswith(_GREAT, len(_GREAT) * n):
        n += 1
    return n


def _further(sense: Sense, generations: int) -> Sense:
    """A kin composite `generations` further away: an ancestor or an uncle one more parent up
    ("great-grandfather": parent, parent, father; "paternal great-grandfather": father, parent, father), a
    descendant or a nephew one more child down ("great-nephew": sibling, child, child)."""
    chain = sense.chain
    if chain[-1] == "child":
        return Sense(chain=(*chain, *("child",) * generations))
    return Sense(chain=(chain[0], *("parent",) * generations, *chain[1:]))  # a side stays the first step


def _longer(a: tuple[int, Sense] | None, b: tuple[int, Sense] | None) -> tuple[int, Sense] | None:
    """The longer of two phrase matches at one position (the lemma's first when they are as long)."""
    return b if a is None or (b is not None and b[0] > a[0]) else a


def _sided(toks: list[Tok], mentions: list[Mention]) -> list[Mention]:
    """ "the uncle of X on her mother's side": the side phrase anywhere fixes the kin noun's side."""
    kin = [m for m in mentions if m.sense.chain and m.sense.chain[0] == "parent"]
    if not kin:
        return mentions
    for j, t in enumerate(toks):
        if t.lower != "on" and t.lemma not in ("mother", "father"):
            continue
        side, used = _side_after(toks, j)
        if side:
            inside = range(j, j + used)
            kept = [m for m in mentions if m.start not in inside]
            return [Mention(m.start, m.end, m.text, _with_side(m.sense, side)) if m is kin[0] else m for m in kept]
    return mentions


def _made(toks: list[Tok], i: int) -> bool:
    """ "make" names a maker only with its work as object ("who made X", "made by"); "X made her debut"
    is a light verb."""
    if toks[i].lemma != "make":
        return True
    rest = [t for t in toks[i + 1:i + 3] if t.lower not in ("the", "a", "an")]
    return bool(rest) and (rest[0].anchor >= 0 or rest[0].lower in ("by", "it", "them", "this", "that"))


def _verbal(tok: Tok) -> bool:
    """Used as a verb ("fathered X"): tagged so, or (untagged) an inflected form."""
    return tok.pos == "VERB" or (not tok.pos and tok.lower != tok.lemma and tok.lower.endswith("ed"))


#: "followed" read as a succession (`_succession_phrase`); the word has too many other senses to be a phrase of the
#: lexicon, whose phrases also teach the reading by meaning.
FOLLOWED = PHRASES["succeed"]
PRECEDED = PHRASES["precede"]


def _succession_phrase(toks: list[Tok], i: int) -> int:
    """ "the woman who followed him", "Who followed X as chair?", "Who came after X as chair?": "followed" or "came
    after" with a person or a name as its object (or "as" a post after it) is a succession; "followed by", "follows",
    "following" are not. So is "took over" with nothing taken over ("Who took over?", "Who took over after X?").
    The phrase's length in tokens, or 0."""
    if toks[i].lemma == "take" and i + 1 < len(toks) and toks[i + 1].lower == "over" and toks[i].pos == "VERB":
        rest = toks[i + 2:]  # "Who took over?", "Who took over after him?": the post left, no object taken over
        if not rest or rest[0].pos == "PUNCT":
            return 0 if _object_gap(toks, i) else 2
        return 3 if rest[0].lower == "after" and len(rest) > 1 and _a_person(rest[1]) else 0
    n = 1 if toks[i].lower == "followed" else 2 if toks[i].lemma == "come" and i + 1 < len(toks) \
        and toks[i + 1].lower == "after" else 0
    if not n or i + n >= len(toks):
        return 0
    named = _a_person(toks[i + n]) or any(t.lower == "as" for t in toks[i + n:i + n + 5])
    return n if named else 0


def _object_gap(toks: list[Tok], i: int) -> bool:
    """The verb at `i` has its object elsewhere: in a do-question ("Who did X take over?") or in the noun a clause
    on it follows ("the firm [that] X took over"), so "took over" took something over, not a post."""
    j = i - 1
    while j >= 0 and toks[j].pos == "AUX":
        j -= 1  # ("had taken over")
    if j < 0 or toks[j].anchor < 0:
        return False
    before = toks[j - 1] if j >= 1 else None
    if before is not None and before.lower in ("that", "which") and j >= 2:
        before = toks[j - 2]
    return (before is not None and before.pos == "NOUN" and before.anchor < 0) or \
        any(t.lower in ("did", "does", "do") for t in toks[:j])


def _came_before(toks: list[Tok], i: int) -> int:
    """ "Who came before X as chair?": "came before" with a person or a name as its object and a post after "as" is
    the post's earlier holder (2 tokens), or 0 ("came before the war" dates nothing of a post)."""
    if toks[i].lemma != "come" or i + 2 >= len(toks) or toks[i + 1].lower != "before" or not _a_person(toks[i + 2]):
        return 0
    return 2 if any(t.lower == "as" for t in toks[i + 2:i + 7]) else 0


def _a_person(t: Tok) -> bool:
    """A name or an object pronoun: someone a succession can follow."""
    return t.anchor >= 0 or t.lower in ("him", "her", "them")
