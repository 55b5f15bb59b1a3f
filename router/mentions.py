"""Finding the relation phrases of a question and the words nothing explains (pure).

`find_mentions` scans the tokens for phrases of `hopgraph.router.lexicon` (longest first, on lemmas
and on surface words), reads "maternal uncle" / "uncle on her mother's side" as one side of the
family, and keeps "from" only where it states an origin ("Which city is X from?", "someone from
which country") rather than opening a wh-phrase ("From which school …").
`open_words` returns the content words that are neither entities, relation phrases, wh-words,
class nouns nor conversational wrapping: what an open (unknown) relation is made of.
"""

from __future__ import annotations

from dataclasses import replace

from hopgraph.router.asked import WH
from hopgraph.router.askers_own import ASKERS_OWN, askers_own_verb
from hopgraph.router.origin import origin_ok
from hopgraph.router.posts import compound_post
from hopgraph.router.lexicon import PHRASES, SIDE_PHRASES, SIDES, SISTER_BODIES, Mention, Sense, covered, match_at
from hopgraph.router.spans import KIND_WORDS
from hopgraph.router.tokens import DO_FORMS, IS_BEFORE, NOUN_DETERMINERS, Tok

#: Single-word verb senses that are common nouns too: read as a relation only when tagged a verb.
_VERB_ONLY = frozenset("air issue open start form work pass score record pen author trade lie sit base train "
                       "release launch debut win award design develop produce found".split())
#: Nouns that are verbs too: read as a relation only when not tagged a verb ("band", "label").
_NOUN_ONLY = frozenset("label band artist partner national origin citizen".split())

STOP = frozenset(
    "a an the of in on at to by for with from as and or but if than then that this these those it its is are was "
    "were be been being am do does did has have had having will would can could should may might must shall "
    "which who whom whose what where when why how there here not no yes so also too very more most less least "
    "one ones any some all each both same other another such own just only about into onto over under after "
    "before between through during out up down off again behind within without s t".split()
)
#: Words of conversational wrapping: they carry no relation ("I'm reading about X; do you know …").
WRAPPER = frozenset(
    "i i'm im me my mine you your yours we us our know knows tell told wonder wondering wondered curious please "
    "like want wanted need needs needed find finding found_out learn learning read reading looking look watch watched "
    "watching saw "
    "see seen seeing recently just trying try figure remember question quick hey hi hello thanks thank help "
    "interested researching research writing write piece list essay article class project friend arguing argue "
    "checking check heard hear came_across across noticed notice enjoyed enjoy love loved thinking think "
    "sure idea name named called titled known information info details detail fact facts "
    "someone somebody anyone person people man woman guy thing things two film films movie movies "
    "compare comparing comparison chronological order sort sorting between either latter former respectively "
    "exactly actually really currently still ever side happen happens happened wonder curious".split()
)
#: The conversation around a question ("I'm reading about X; do you know …"): no words of what is asked.
CHATTER = frozenset(
    "i i'm im me my mine you your yours we us our know knows tell told wonder wondering wondered curious please "
    "want wanted reading looking watching watched heard hear remember noticed thinking think figure trying "
    "hey hi hello thanks thank quick question sure idea exactly actually really recently just about".split()
)
#: Words of comparison (order and sameness): explained by the comparison, not relations.
COMPARE_WORDS = frozenset(
    "first earlier earliest older oldest elder eldest sooner later latest last younger youngest recent recently "
    "newer newest longer long lived live outlived outlive same both share shared common different vs versus "
    "also alive age aged lifespan ago".split()
)
#: Adjectives of a time before a relation noun ("old employer", "previous club", "current director", "her late
#: husband"): which one, not a hop.
EARLIER_WORDS = frozenset("old previous onetime one-time erstwhile past current present incumbent founding late".split())
#: Adverbs that only place a fact in time ("now chairs", "previously worked"): no relation of their own.
TIME_ADVERBS = frozenset("now currently still later once ever already formerly presently today nowadays eventually "
                         "subsequently previously recently".split())
#: Ranks that qualify the relation noun after them ("the chief designer of X").
RANKS = frozenset("chief lead senior principal".split())
#: Verbs too light to name a relation on their own ("the award that X got").
LIGHT_VERBS = frozenset("get have go make do become give".split())
CLASS_WORDS = frozenset(KIND_WORDS) | frozenset(
    "song songs album albums film films movie movies place city town country nation institution year date "
    "person people work works piece studio company firm organisation organization label "
    # (a co-operative is a kind of organisation, however near "co-direct" its spelling sits in meaning)
    "co-op co-ops co-operative co-operatives cooperative cooperatives".split())
#: Spans of time that only say when ("staged last spring", "in the summer of 2019"), unless they qualify a noun
#: ("the winter timetable").
TIME_SPANS = frozenset("spring summer autumn winter month months week weeks weekend decade decades century season".split())


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


#: Verbs of the lexicon whose nouns name another thing altogether ("the trains", "an issue", "a mountain pass").
_OTHER_NOUNS = frozenset("train air issue pass lie base".split())


def noun_of_a_verb(tok: Tok) -> bool:
    """The token is the noun of a verb whose noun names another thing ("the trains for X"): no relation by its
    words, nor by their meaning ("the author", "the award" are their verbs' relations by meaning)."""
    return bool(tok.pos) and tok.pos not in ("VERB", "AUX") and (tok.lemma in _OTHER_NOUNS or tok.lower in _OTHER_NOUNS)


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
    finding = toks[i].lemma == "find" or (toks[i].lower == "found" and not bare)  # "the man who found the bug"
    return finding and not reduced and not any(t.lemma == "be" for t in before)


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
        if found is None or not _pos_ok(tok, found[0]) or not origin_ok(toks, i, found[0]) or not _made(toks, i) \
                or _found_active(toks, i):
            i += 1
            continue
        n, sense = found
        if sense.relation == "population" and _names_a_body(toks, i + n):
            i += n  # "the residents' association": a body of residents, not how many live there
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


#: Nouns of bodies people form ("residents' association", "tenants' union").
_BODIES = frozenset("association associations group groups committee council society forum panel union club trust "
                    "action campaign network".split())


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
    """A determiner or a possessive stands right before the word: "the chair", "its head", "X's chair"."""
    before = toks[i - 1] if i > 0 else None
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


def says_nothing(t: Tok) -> bool:
    """A stop word: "their own" says nothing, but the verb "owns" is a relation."""
    return (t.lower in STOP or t.lemma in STOP) and not (t.lemma == "own" and t.pos == "VERB")


def _looks_after(toks: list[Tok], i: int) -> bool:
    """ "looks after X" (takes care of X): a relation, though "look" alone is the asker's ("I was looking …")."""
    return 0 <= i < len(toks) - 1 and toks[i].lemma == "look" and toks[i + 1].lower == "after"


def _these_days(toks: list[Tok], t: Tok) -> bool:
    """ "these days", "nowadays": when, no relation."""
    return t.lower == "nowadays" or (t.lower == "days" and t.i > 0 and toks[t.i - 1].lower in ("these", "those"))


def _habitual(toks: list[Tok], t: Tok) -> bool:
    """ "used to work": "used to" before a verb only says the fact is past."""
    return t.lower in ("used", "use") and t.i + 1 < len(toks) and toks[t.i + 1].lower == "to"


def open_words(toks: list[Tok], mentions: list[Mention], wh: set[int]) -> list[Tok]:
    """Content tokens nothing explains: candidates for an open relation."""
    used = covered(mentions) | set(wh)
    out = []
    for t in toks:
        if t.i in used or t.anchor >= 0 or not any(c.isalpha() for c in t.text):
            continue
        if _looks_after(toks, t.i) or (_looks_after(toks, t.i - 1) and t.i - 1 not in used):  # "… looks after X"
            out.append(t)
            continue
        if _particle(toks, t.i) and out and out[-1].i == t.i - 1:  # "took over from X", "set up": the verb's own
            out.append(t)
            continue
        if says_nothing(t) or _habitual(toks, t) or _these_days(toks, t):
            continue
        if t.i > 0 and toks[t.i - 1].lower in ASKERS_OWN:
            continue  # "my dad says …", "our teacher": the asker's own people, no relation of a named entity
        if t.lower in WH or t.lower in WRAPPER or t.lemma in WRAPPER or (t.lower in TIME_ADVERBS and t.pos == "ADV"):
            continue
        if (t.lower in COMPARE_WORDS or t.lemma in COMPARE_WORDS) and not _lives_somewhere(t, toks):
            continue
        if (t.lower in CLASS_WORDS or t.lemma in CLASS_WORDS) and t.pos != "VERB":  # "a play", not "play for"
            continue
        if t.lower in TIME_SPANS and t.pos == "NOUN" and not (t.i + 1 < len(toks) and toks[t.i + 1].pos == "NOUN"):
            continue
        if t.pos in ("AUX", "PRON", "DET", "ADP", "CCONJ", "SCONJ", "PART", "PUNCT", "NUM") or t.lemma in LIGHT_VERBS:
            continue
        if t.i + 1 < len(toks) and toks[t.i + 1].lower == "side":  # "on her mother's side" (read by `_sided`)
            continue
        if t.lower in EARLIER_WORDS and any(m.start == t.i + 1 for m in mentions):
            continue  # "X's old employer", "her previous club": which one of the relation, no relation of its own
        if t.lower in RANKS and any(m.start == t.i + 1 and not m.sense.verb for m in mentions):
            continue  # "the chief designer of X": a rank of the maker, no relation (nor a leader by meaning)
        if _in_apposition(toks, t.i):
            continue  # "the composer X", "the former Y boss X": a class label, explained by the name

        out.append(t)
    return out


#: Particles that make a phrasal verb with the verb right before them ("take over", "set up", "step down").
_PARTICLES = frozenset("up over down out off back away".split())


def _particle(toks: list[Tok], i: int) -> bool:
    """The word at `i` is a phrasal verb's particle: one of `_PARTICLES` right after a verb."""
    return toks[i].lower in _PARTICLES and i > 0 and toks[i - 1].pos == "VERB"


def _lives_somewhere(t: Tok, toks: list[Tok]) -> bool:
    """"Where did X live?": the verb "live" asks a residence; it compares only beside another word of comparison
    ("lived longer", "lived to be older")."""
    return t.lemma == "live" and t.pos == "VERB" and \
        not any(x.lower in COMPARE_WORDS and x.lemma != "live" for x in toks)


_CONTRACTED = frozenset("i'm i’m i've i’ve i'd i’d i'll i’ll there here let's let’s ok okay".split()) | \
    frozenset(f"{w}{q}s" for w in IS_BEFORE for q in "'’")


_SPEAKER = frozenset("i my me you your we our two three hi hey hello please thanks".split())


def is_function_phrase(text: str) -> bool:
    """A capitalised run made only of function, wh- or speaker words ("I'm", "There", "Which"): no name."""
    words = text.lower().split()
    return bool(words) and all(w in STOP or w in WH or w in _CONTRACTED or w in _SPEAKER for w in words)


def _in_apposition(toks: list[Tok], i: int) -> bool:
    """The noun at `i` is a label of the name right after it: an article opens its noun phrase, with only
    adjectives and names between ("the composer X", "the former Y boss X"); not before a possessive ("the last
    time X's team …")."""
    if i + 1 >= len(toks) or toks[i + 1].anchor < 0 or toks[i + 1].possessive:
        return False
    j = i - 1
    while j >= 0 and (toks[j].pos == "ADJ" or toks[j].anchor >= 0):
        j -= 1
    return j >= 0 and toks[j].lower in ("the", "a", "an")
