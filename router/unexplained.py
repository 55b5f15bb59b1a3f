"""Words of a question no lexicon phrase explains, read as relations (pure given the tokens).

- `by_meaning`: a run of such words whose meaning is near a vocabulary relation (the `meaning` callable,
  e.g. MiniLM similarity) is that relation ("helmer" -> director); an agent noun whose nearest relation's
  answer is no person ("winner" ~ award) stays an open relation of its own words instead.
- `open_mentions`: a noun heading an entity's own phrase ("the mayor of X", "X's conductor", "the X winner")
  is an open relation of its own words.
"""

from __future__ import annotations

from collections.abc import Callable

from hopgraph.router.heads import names_a_role
from hopgraph.router.leading import reads_as_leader
from hopgraph.router.lexicon import LEADER_POSTS, PHRASES, Mention, Sense, other_sense, post_forms
from hopgraph.router.mentions import noun_of_a_verb
from hopgraph.router.open_words import CLASS_WORDS, open_words
from hopgraph.router.possessed import WHICH_WORDS
from hopgraph.router.tokens import MONTHS, POINTERS, RELATIVE_WORDS, Tok
from hopgraph.router.vocab import RELATIONS


#: Nouns of who held a post before or after someone: near "leader" in meaning, but no leader of the one named.
_SUCCESSION = frozenset("successor successors predecessor predecessors replacement".split())
#: Words whose meaning depends on what they are said of: no relation by meaning, only as the question's own words.
_TOO_AMBIGUOUS = frozenset("home homes".split())


def by_meaning(toks: list[Tok], mentions: list[Mention], wh: set[int], meaning: Callable[[str], str | None] | None) -> list[Mention]:
    """Relations matched by meaning for runs of words no phrase explains."""
    if meaning is None:
        return []
    out = []
    lemmas = [t.lemma for t in toks]
    for run in _runs(open_words(toks, mentions, wh)):
        if other_sense(lemmas, run[-1].i):  # "based on a story": not where it is based
            continue
        if noun_of_a_verb(run[-1]):  # "the trains for X", "X's airport trains": no training by meaning
            continue
        if _modifies_a_class_noun(toks, run):  # "the village school where …": what kind of school, no birthplace
            continue
        if _another_particles_verb(run):  # "brought out" (published) is no "brought up" (raised)
            continue
        text = " ".join(t.text for t in run)
        if text.lower() in _TOO_AMBIGUOUS:
            continue  # ("the home of X": a club's ground, a firm's base or a birthplace)
        # a lone verb is matched by its lemma: "was living" lives somewhere (not "a living"), "lives" is no population
        if _another_post(text):  # "X's chief technology officer": a post of its own, no leader by meaning
            continue
        rel = meaning(run[0].lemma if len(run) == 1 and run[0].pos == "VERB" else text)
        if rel in _MAKERS and _asked_noun(toks, run):  # "What building is X in?": the kind asked, no builder
            rel = None
        if rel and any(t.lower in _SUCCESSION for t in run):  # "X's predecessor as headteacher": who held the post
            rel = None  # before or after X, not X's leader (read below as the question's own words)
        if rel and names_a_role(run[-1].lower) and rel in RELATIONS and RELATIONS[rel].answer != "person":
            # "the winner of X" is a person; a relation whose answer is not one ("award") reads it backwards
            out.append(Mention(run[0].i, run[-1].i + 1, text, Sense(relation=" ".join(t.lemma for t in run)),
                               via="open"))
        elif rel:
            m = Mention(run[0].i, run[-1].i + 1, text, Sense(relation=rel, verb=run[-1].pos == "VERB"), via="meaning")
            if reads_as_leader(toks, m):  # a post that says whose, a leading verb of a body (`router/leading.py`)
                out.append(m)
    return out


#: Particles that make a phrasal verb of a verb ("bring out", "bring up").
_PARTICLES = ("out", "up", "down", "off", "in", "on", "over", "away", "back")


def _another_particles_verb(run: list[Tok]) -> bool:
    """The run is a verb and its particle that no phrase of the lexicon is, while the verb with another particle is
    one ("brought out" beside "bring up"): near it in meaning, far from it in sense, so no relation by meaning."""
    if len(run) != 2 or run[1].lower not in _PARTICLES:
        return False
    verb = run[0].lemma
    return f"{verb} {run[1].lower}" not in PHRASES and any(f"{verb} {p}" in PHRASES for p in _PARTICLES)


def _another_post(text: str) -> bool:
    """The words are a post the lexicon writes several ways that is not the head of a body ("chief technology
    officer", "cfo"): near the leader in meaning, but another post."""
    forms = post_forms(text.lower())
    return len(forms) > 1 and not any(f in LEADER_POSTS for f in forms)


def _modifies_a_class_noun(toks: list[Tok], run: list[Tok]) -> bool:
    """The run is one noun right before a class noun it qualifies ("village school", "film studio")."""
    nxt = toks[run[-1].i + 1] if run[-1].i + 1 < len(toks) else None
    return len(run) == 1 and run[0].pos == "NOUN" and nxt is not None and nxt.pos == "NOUN" \
        and (nxt.lower in CLASS_WORDS or nxt.lemma in CLASS_WORDS)


#: Relations of who made a thing: a noun of the thing made ("building", "painting") is near them in meaning.
_MAKERS = frozenset("maker creator producer writer composer director".split())


def _asked_noun(toks: list[Tok], run: list[Tok]) -> bool:
    """The run is the one noun right after an opening "which" / "what": the kind of thing asked."""
    i = run[0].i
    return len(run) == 1 and run[0].pos == "NOUN" and i >= 1 and toks[i - 1].lower in ("which", "what") \
        and all(t.pos == "PUNCT" for t in toks[:i - 1])


def open_mentions(toks: list[Tok], mentions: list[Mention], wh: set[int], of_name_only: bool = False) -> list[Mention]:
    """Nouns no phrase explains that head an entity's own phrase ("the mayor of X", "X's conductor"), as
    relations of their own words. Only when some known relation is there too: with none the question
    is an open bridge."""
    if not mentions:
        return []
    out = []
    for run in _runs(open_words(toks, mentions, wh)):
        nxt = toks[run[-1].i + 1] if run[-1].i + 1 < len(toks) else None
        after_poss = _after_possessive(toks, run[0].i)
        if _role_after_name(toks, run[0].i) and not any(m.start == run[0].i + 1 for m in mentions):
            run, after_poss = run[:1], True  # "the X winner": a role noun after a name is the name's relation
        elif of_name_only:
            if not (_noun_of_name(toks, run[-1].i) or _noun_of_a_clause(toks, run[-1].i, mentions)
                    or _post_of_a_name(toks, run)):
                continue
            run = run[-1:]
        if (nxt is not None and nxt.lower == "of") or after_poss or of_name_only:
            out.append(Mention(run[0].i, run[-1].i + 1, " ".join(t.text for t in run),
                               Sense(relation=" ".join(t.lemma for t in run)), via="open"))
    return out


def _post_of_a_name(toks: list[Tok], run: list[Tok]) -> bool:
    """ "X's secretary", "X's first booker": one word naming a post right after a name's possessive, the name's
    own noun as "the secretary of X" is (not a compound: "X's shirt sponsor")."""
    j = _before_which_words(toks, run[0].i)
    return len(run) == 1 and names_a_role(run[0].lower) and j >= 0 and toks[j].possessive and toks[j].anchor >= 0


def _after_possessive(toks: list[Tok], i: int) -> bool:
    """The word at `i` follows a possessive, maybe past words that say which one ("X's first curator")."""
    j = _before_which_words(toks, i)
    return j >= 0 and toks[j].possessive


def _before_which_words(toks: list[Tok], i: int) -> int:
    """The index of the token before the word at `i` and the words before it that say which one ("first"), -1 at
    the start."""
    j = i - 1
    while j >= 0 and toks[j].lower in WHICH_WORDS:
        j -= 1
    return j


#: Verbs whose object complement is a post ("became X commodore", "was elected X mayor", "was made X captain").
_MADE_A_POST = frozenset("become elect appoint name make crown choose install".split())
#: The same, and "be" ("who was treasurer of X"): verbs after which a post takes no article.
_MADE_OR_IS_A_POST = _MADE_A_POST | {"be"}


def _role_after_name(toks: list[Tok], i: int) -> bool:
    """ "the X winner": a role noun after a name the article of the whole phrase opens (not "X's winner"); or after a
    verb that makes someone what the post says ("who became X commodore", "the man elected X mayor")."""
    name = toks[i - 1] if i > 0 else None
    opened = i >= 2 and (toks[i - 2].lower in ("the", "a", "an") or (toks[i - 2].lemma in _MADE_A_POST
                                                                     and toks[i - 2].pos in ("VERB", "AUX")))
    return name is not None and name.anchor >= 0 and not name.possessive and opened and names_a_role(toks[i].lower)


def _noun_of_name(toks: list[Tok], i: int) -> bool:
    """ "the conductor of (the) X": a determined noun whose of-phrase is a name (not "of X's …")."""
    after = [t for t in toks[i + 1:i + 4] if t.lower not in ("the", "a", "an")]
    return _determined(toks, i) and len(after) >= 2 and after[0].lower == "of" and after[1].anchor >= 0 \
        and not after[1].possessive


def _determined(toks: list[Tok], i: int) -> bool:
    """An article or a possessive opens the noun at `i`, past its adjectives, numbers and months ("the new / June
    2021 fork of X", "the current owner of …"); or the noun is a post, which takes no article after a verb that
    makes someone it or says someone is it ("who became treasurer of X", "was elected chair of X")."""
    j = i - 1
    while j > 0 and (toks[j].pos in ("ADJ", "NUM") or toks[j].lower in MONTHS):
        j -= 1
    return j >= 0 and (toks[j].lower in ("the", "a", "an", "its", "his", "her", "their")
                       or (toks[j].lemma in _MADE_OR_IS_A_POST and toks[j].pos in ("VERB", "AUX")
                           and names_a_role(toks[i].lower)))


#: Nouns of what a thing is called: said of the thing itself, no relation to another.
_ITS_OWN_NAME = frozenset(("title", "name"))


def _noun_of_a_clause(toks: list[Tok], i: int, mentions: list[Mention]) -> bool:
    """ "the owner of the mill (that) X's father built", "the address of the shop run by X's son": a determined
    noun whose of-phrase is a noun a clause describes, the clause holding every known relation; the noun asks a
    fact of what the clause reaches."""
    if toks[i].lemma in _ITS_OWN_NAME:
        return False  # "the title of the book X's son wrote" is that book's, no hop
    if not _determined(toks, i):
        return False
    k = i + 1
    if k >= len(toks) or toks[k].lower != "of":
        return False
    k += 1
    while k < len(toks) and toks[k].lower in ("the", "a", "an"):
        k += 1
    head = k
    if head + 1 >= len(toks) or toks[head].pos != "NOUN" or toks[head].anchor >= 0:
        return False
    opener = toks[head + 1]
    opens_clause = opener.lower in RELATIVE_WORDS or opener.anchor >= 0 or opener.pos == "VERB"
    return opens_clause and all(m.start > head for m in mentions)


def _runs(words: list[Tok]) -> list[list[Tok]]:
    runs: list[list[Tok]] = []
    for t in words:
        if t.lower in POINTERS:
            continue
        if runs and t.i - runs[-1][-1].i <= 2:
            runs[-1].append(t)
        else:
            runs.append([t])
    return runs
