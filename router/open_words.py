"""The words of a question nothing explains, what an open (unknown) relation is made of (pure).

`open_words` returns the content words that are neither entities, relation phrases (`hopgraph.router.mentions`),
wh-words, class nouns nor conversational wrapping. The word lists it skips (stop words, the asker's wrapping,
words of comparison, of time, of rank, class nouns) are read by other parts of the router too.
"""

from __future__ import annotations

import re

from hopgraph.router.aspect import before_its_doing
from hopgraph.router.asked import WH
from hopgraph.router.askers_own import ASKERS_OWN, askers_own_verb, working_out
from hopgraph.router.claims import claim_verb_at
from hopgraph.router.lexicon import Mention, covered
from hopgraph.router.spans import KIND_WORDS, YEAR
from hopgraph.router.tokens import IS_BEFORE, MONTHS, Tok, after_a_copula

STOP = frozenset(
    "a an the of in on at to by for with from as and or but if than then that this these those it its is are was "
    "were be been being am do does did has have had having will would can could should may might must shall "
    "which who whom whose what where when why how there here not no yes so also too very more most less least "
    "one ones any some all each both same other another such own just only about into onto over under after "
    "before between through during out up down off again behind within without s t".split()
)
#: The asker's requests ("Can you remind me who …", "I always forget …", "Any chance you could …"; "Would you
#: mind …" is `_minds`).
_REQUESTS = frozenset("remind reminding forget forgot forgotten chance".split())
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
) | _REQUESTS
#: The conversation around a question ("I'm reading about X; do you know …"): no words of what is asked.
CHATTER = frozenset(
    "i i'm im me my mine you your yours we us our know knows tell told wonder wondering wondered curious please "
    "want wanted reading looking watching watched heard hear remember noticed thinking think figure trying "
    "hey hi hello thanks thank quick question sure idea exactly actually really recently just about".split()
) | _REQUESTS
#: Words of comparison (order and sameness): explained by the comparison, not relations.
COMPARE_WORDS = frozenset(
    "first earlier earliest older oldest elder eldest sooner later latest last younger youngest recent recently "
    "newer newest longer long lived live outlived outlive same both share shared common different vs versus "
    "also alive age aged lifespan ago".split()
)
#: Adjectives of a time before a relation noun ("old employer", "previous club", "current director", "new employer",
#: "her late husband"): which one, not a hop.
EARLIER_WORDS = frozenset("old previous onetime one-time erstwhile past current present incumbent founding late new "
                          "latest former outgoing incoming interim acting".split())
#: Ordinals before a relation noun ("X's second chair", "the third director of X"): which holder, not a hop.
ORDINALS = frozenset("second third fourth fifth sixth seventh eighth ninth tenth penultimate next".split())
#: Adverbs that only place a fact in time ("now chairs", "previously worked"): no relation of their own.
TIME_ADVERBS = frozenset("now currently still later once ever already formerly presently today nowadays eventually "
                         "subsequently previously recently originally initially afterwards afterward thereafter next "
                         "then".split())
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



def says_nothing(t: Tok) -> bool:
    """A stop word: "their own" says nothing, but the verb "owns" is a relation."""
    return (t.lower in STOP or t.lemma in STOP) and not (t.lemma == "own" and t.pos == "VERB")


#: A decade ("the 1960s", "the '80s"): a time, no relation.
_DECADE = re.compile(r"(?:1[5-9]|20)\d0s|['’]?\d0s")


def _minds(toks: list[Tok], i: int) -> bool:
    """ "Would you mind telling me …", "Do you mind …": the asker's request ("minding the desk" is a job)."""
    return toks[i].lower == "mind" and i > 0 and toks[i - 1].lower == "you"


def _looks_after(toks: list[Tok], i: int) -> bool:
    """ "looks after X" (takes care of X): a relation, though "look" alone is the asker's ("I was looking …")."""
    return 0 <= i < len(toks) - 1 and toks[i].lemma == "look" and toks[i + 1].lower == "after"


def _these_days(toks: list[Tok], t: Tok) -> bool:
    """ "these days", "nowadays": when, no relation."""
    return t.lower == "nowadays" or (t.lower == "days" and t.i > 0 and toks[t.i - 1].lower in ("these", "those"))


def _at_the_time(toks: list[Tok], t: Tok) -> bool:
    """ "at the time", "at that time": when (the time of a fact just said), no relation."""
    return t.lower == "time" and t.i > 1 and toks[t.i - 1].lower in ("the", "that") and toks[t.i - 2].lower == "at"


def _what_one_is(toks: list[Tok], t: Tok) -> bool:
    """ "his sister is a painter as well": a noun after a copula and "a" says what someone is (with "as well", "too"),
    no relation of anyone (unless "of" follows: "is a member of X")."""
    if t.lower in ("well", "too") and t.i > 0 and (t.lower == "too" or toks[t.i - 1].lower == "as"):
        return True
    return t.pos == "NOUN" and after_a_copula(toks, t.i) \
        and not (t.i + 1 < len(toks) and toks[t.i + 1].lower in ("of", "for", "to", "at", "with"))


def _fate_asked(toks: list[Tok], t: Tok) -> bool:
    """ "What happened to X?", "What became of the firm X founded?": what befell something (it closed, was sold, was
    renamed) is a fact of its own, an open relation; elsewhere "happen" only wraps a question ("Do you happen to
    know …")."""
    if t.i < 1 or t.i + 1 >= len(toks) or toks[t.i - 1].lower not in ("what", "has", "had", "have"):
        return False
    wh = toks[t.i - 1].lower == "what" or (t.i >= 2 and toks[t.i - 2].lower == "what")
    return wh and ((t.lemma == "happen" and toks[t.i + 1].lower == "to")
                   or (t.lemma == "become" and toks[t.i + 1].lower == "of"))


def _habitual(toks: list[Tok], t: Tok) -> bool:
    """ "used to work": "used to" before a verb only says the fact is past."""
    return t.lower in ("used", "use") and t.i + 1 < len(toks) and toks[t.i + 1].lower == "to"


def open_words(toks: list[Tok], mentions: list[Mention], wh: set[int]) -> list[Tok]:
    """Content tokens nothing explains: candidates for an open relation."""
    used = covered(mentions) | set(wh)
    lowers = [t.lower for t in toks]
    out = []
    for t in toks:
        if t.i in used or t.anchor >= 0 or not any(c.isalpha() for c in t.text):
            continue
        if _looks_after(toks, t.i) or (_looks_after(toks, t.i - 1) and t.i - 1 not in used) or _fate_asked(toks, t):
            out.append(t)  # "… looks after X", "What happened to X?"
            continue
        if _particle(toks, t.i) and out and out[-1].i == t.i - 1:  # "took over from X", "set up": the verb's own
            out.append(t)
            continue
        if _dated_participle(toks, t.i, used):
            continue  # "X chair elected 2022": when the post was taken, no hop of its own
        if says_nothing(t) or _habitual(toks, t) or _these_days(toks, t) or _at_the_time(toks, t) \
                or _what_one_is(toks, t) or claim_verb_at(lowers, t.i) or before_its_doing(toks, t.i):
            continue  # ("my boss reckons …": the claim's verb; "began chairing": when the chairing began)
        if t.i > 0 and toks[t.i - 1].lower in ASKERS_OWN:
            continue  # "my dad says …", "our teacher": the asker's own people, no relation of a named entity
        if t.pos == "VERB" and (askers_own_verb(toks, t.i) or working_out(toks, t.i)):
            continue  # "We moved to X last year": what the asker did, no relation of a named entity
        if t.lower in WH or t.lower in WRAPPER or t.lemma in WRAPPER or (t.lower in TIME_ADVERBS and t.pos == "ADV") \
                or _minds(toks, t.i):
            continue
        if t.lower == "back" and t.i + 1 < len(toks) and toks[t.i + 1].lower in ("then", "in", "when"):
            continue  # "back then", "back in 2010": when, no relation
        if (t.lower in COMPARE_WORDS or t.lemma in COMPARE_WORDS) and not _lives_somewhere(t, toks):
            continue
        if (t.lower in CLASS_WORDS or t.lemma in CLASS_WORDS) and t.pos != "VERB":  # "a play", not "play for"
            continue
        if _kind_of_class(toks, t.i, used):
            continue  # "the cookery school where …": which kind of school, no relation of its own
        if t.lower in TIME_SPANS and t.pos == "NOUN" and not (t.i + 1 < len(toks) and toks[t.i + 1].pos == "NOUN"):
            continue
        if _dated_month(toks, t.i) or _dated_event(toks, t.i) or _DECADE.fullmatch(t.lower):
            continue  # "in April 2024", "since its 2023 move", "in the 1960s": when, no relation
        if t.pos in ("AUX", "PRON", "DET", "ADP", "CCONJ", "SCONJ", "PART", "PUNCT", "NUM") or \
                (t.lemma in LIGHT_VERBS and not _went_somewhere(toks, t) and not _what_it_made(toks, t)):
            continue
        if t.i + 1 < len(toks) and toks[t.i + 1].lower == "side":  # "on her mother's side" (read by `_sided`)
            continue
        if t.lower in ORDINALS and any(m.end == t.i and m.sense.verb for m in mentions):
            continue  # "Which firm did X found second?": which of the verb's acts, no hop
        if (t.lower in EARLIER_WORDS or t.lower in ORDINALS) and (any(m.start == t.i + 1 for m in mentions)
                                                                  or _in_apposition(toks, t.i + 1)):
            continue  # "X's old employer", "her previous club", "Y's late founder X": which one, no relation of its own
        if _describes_a_noun_relation(toks, t, mentions):
            continue  # "X's new finance director", "her first female harbour master": which one, no relation
        if t.lower in RANKS and any(m.start == t.i + 1 and not m.sense.verb for m in mentions):
            continue  # "the chief designer of X": a rank of the maker, no relation (nor a leader by meaning)
        if _in_apposition(toks, t.i):
            continue  # "the composer X", "the former Y boss X": a class label, explained by the name

        out.append(t)
    return out


#: Words after "go" that end what it says ("Where did she go in 2020?", "… go next?").
_AFTER_GOING = frozenset("in after next then when from ? .".split())


def _went_somewhere(toks: list[Tok], t: Tok) -> bool:
    """ "Where did the new chair go in 2020?": "go" asked with "where" and nothing after it but a time is where
    someone moved, a fact of its own ("Where did she go on to work?" asks the verb after it)."""
    return t.lemma == "go" and any(x.lower == "where" for x in toks[:t.i]) and \
        (t.i + 1 >= len(toks) or toks[t.i + 1].lower in _AFTER_GOING)


#: Light verbs whose object, asked with "what", is a fact of the subject ("What did X make?": its products).
_WHAT_IS_MADE = frozenset("make give get become".split())


def _what_it_made(toks: list[Tok], t: Tok) -> bool:
    """ "What did the firm X founded make?": a light verb that closes a do-question opened by "what" asks its
    object, a fact of its own (the products, the gift, the post), not nothing."""
    rest = [x for x in toks[t.i + 1:] if x.pos != "PUNCT"]
    return t.lemma in _WHAT_IS_MADE and not rest and len(toks) > 1 and toks[0].lower == "what" \
        and toks[1].lower in ("do", "does", "did")


#: Parts of speech of the words that say which one of a relation noun ("new", "most recent", "longest-serving").
_MODIFIERS = frozenset(("ADJ", "ADV"))


def _describes_a_noun_relation(toks: list[Tok], t: Tok, mentions: list[Mention]) -> bool:
    """The adjective opens a run of adjectives right after a possessive or an article that ends where a relation
    noun starts ("X's new finance director", "its first female harbour master", "the longest-serving head of X"):
    it says which one of the relation."""
    if t.pos not in _MODIFIERS or t.i == 0 or not (_owner_or_article(toks[t.i - 1]) or toks[t.i - 1].pos in _MODIFIERS
                                                    or toks[t.i - 1].anchor >= 0):
        return False
    j = t.i
    while j < len(toks) and toks[j].pos in _MODIFIERS:
        j += 1
    k = t.i - 1
    while k > 0 and toks[k].pos in _MODIFIERS and toks[k].anchor < 0:
        k -= 1
    # (after a name too, as a terse query says it: "X executive director husband")
    return (_owner_or_article(toks[k]) or toks[k].anchor >= 0) \
        and any(m.start == j and not m.sense.verb for m in mentions)


def _owner_or_article(t: Tok) -> bool:
    """A possessive or an article before a noun phrase ("X's", "its", "the")."""
    return t.possessive or t.lower in ("the", "a", "an", "its", "his", "her", "their")


def _dated_participle(toks: list[Tok], i: int, used: set[int]) -> bool:
    """A participle right after a relation's noun and right before a year ("X chair elected 2022", "chief
    executive appointed 2019"): a reduced relative clause that dates the post, no relation of its own."""
    t = toks[i]
    return t.pos == "VERB" and t.lower.endswith("ed") and i - 1 in used and i + 1 < len(toks) and \
        re.fullmatch(YEAR, toks[i + 1].text) is not None


def _dated_month(toks: list[Tok], i: int) -> bool:
    """A month's name before a year or a day, or after "in", "since" or a day ("in April 2024", "on 2 April"):
    when something happened; not the modal "may"."""
    t = toks[i]
    if t.lower not in MONTHS or (t.lower == "may" and not t.text[0].isupper()):
        return False
    after = toks[i + 1].text if i + 1 < len(toks) else ""
    before = toks[i - 1] if i > 0 else None
    return after.isdigit() or (before is not None and (before.lower in ("in", "since", "until", "by", "of", "last",
                                                                        "next") or before.text.isdigit()))


#: Class nouns of time: a noun before one names the event it dates.
_WHEN_NOUNS = frozenset("year date".split())


def _kind_of_class(toks: list[Tok], i: int, used: set[int]) -> bool:
    """A noun right before a class noun says which kind of it ("the cookery school where …"), unless a participle
    follows, whose clause the words qualify ("the rowing club funded by X": what X funded, a rowing club)."""
    if toks[i].pos != "NOUN" or i + 1 >= len(toks) or toks[i + 1].pos != "NOUN" or toks[i + 1].lower not in CLASS_WORDS:
        return False
    if toks[i + 1].lower in _WHEN_NOUNS:
        return False  # ("closure year", "opening date": the date of the event the noun names, no kind of year)
    return toks[i + 1].i not in used and not (i + 2 < len(toks) and toks[i + 2].pos == "VERB")


def _dated_event(toks: list[Tok], i: int) -> bool:
    """A noun after a year in a phrase of time ("since its 2023 move", "after the 2019 merger"): when, no hop."""
    return toks[i].pos == "NOUN" and i >= 3 and re.fullmatch(YEAR, toks[i - 1].text) is not None \
        and toks[i - 2].lower in ("its", "their", "the", "his", "her") \
        and toks[i - 3].lower in ("since", "after", "before", "until", "till", "from")


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


_CONTRACTED = frozenset("i'm i’m there here let's let’s ok okay".split()) | \
    frozenset(f"{w}{q}s" for w in IS_BEFORE for q in "'’") | \
    frozenset(f"{w}{q}{end}" for w in "i we you they".split() for q in "'’"
              for end in ("re", "ve", "d", "ll"))  # ("We're doing a piece on …"; not "It'll Be Me", a title)


_SPEAKER = frozenset("i my me you your we our two three hi hey hello please thanks".split())


def is_function_phrase(text: str) -> bool:
    """A capitalised run made only of function, wh- or speaker words ("I'm", "There", "Which"): no name."""
    words = text.lower().split()
    return bool(words) and all(w in STOP or w in WH or w in _CONTRACTED or w in _SPEAKER for w in words)


def labelled_from(toks: list[Tok], at: int) -> int:
    """Where the noun phrase of the name at `at` starts when a possessive name and a label in apposition come before
    it ("Y's late founder X": at Y); `at` otherwise."""
    if at < 1 or not _in_apposition(toks, at - 1):
        return at
    j = at - 1
    while j > 0 and toks[j - 1].pos == "ADJ":
        j -= 1
    return j - 1 if j > 0 and toks[j - 1].possessive and toks[j - 1].anchor >= 0 else at


def _in_apposition(toks: list[Tok], i: int) -> bool:
    """The noun at `i` is a label of the name right after it: an article or a possessive name opens its noun
    phrase, with only adjectives and names between ("the composer X", "the former Y boss X", "Y's late founder
    X"); not before a possessive ("the last time X's team …")."""
    if i + 1 >= len(toks) or toks[i + 1].anchor < 0 or toks[i + 1].possessive:
        return False
    j = i - 1
    while j >= 0 and (toks[j].pos == "ADJ" or (toks[j].anchor >= 0 and not toks[j].possessive)):
        j -= 1
    return j >= 0 and (toks[j].lower in ("the", "a", "an")
                       or (toks[j].possessive and toks[j].anchor >= 0 and toks[i].pos == "NOUN"))
