"""What a comparison compares when it names things of the compared entities, or counts something (pure).

    "Which is bigger, A's company or B's company?"         each side's bridge: the company of A, of B
    "Whose company has more staff, A's or B's?"            the same, the noun left out after each name
    "Does A's firm or B's firm employ more people?"        the compared fact is a count: "employ people"
    "Which club has won more titles, A or B?"              "won titles", not a relation of the clubs
    "Which school is bigger, the one A leads or the one B leads?"   each side's bridge: what A leads (a school)

A class noun after a possessive names a thing of the possessor, so in a comparison it is a hop on each
side; "more / fewer / most <noun>" asks how many of that noun, a fact no relation of the vocabulary names
(and "employ more people" is not who employs them).
"""

from __future__ import annotations

import re

from hopgraph.router.asked import PERSON_NOUNS
from hopgraph.router.happenings import names_an_event
from hopgraph.router.open_words import CLASS_WORDS, LIGHT_VERBS
from hopgraph.router.possessed import WHICH_WORDS
from hopgraph.router.comparing_wording import COUNTING, comparative
from hopgraph.router.lexicon import PHRASES, kin_noun, word_sense
from hopgraph.router.tokens import CLAUSE_BREAK, POSSESSIVE_POINTERS, Tok
from hopgraph.router.voice import reverse_of

#: Participles that state a fact of the name before them ("the cyclist A born in T"), not what A did to a noun.
_STATE_PARTICIPLES = frozenset("born based located situated headquartered buried raised named".split())
_JOINERS = frozenset("or and vs vs. versus than".split()) | CLAUSE_BREAK


def possessed_sides(toks: list[Tok], positions: dict[int, int]) -> dict[int, str]:
    """Compared anchor -> the class noun it possesses: written after it ("A's company"), or left out after
    every possessive name and said once after "whose" or "which" ("Whose company …, A's or B's?")."""
    out: dict[int, str] = {}
    for anchor, at in positions.items():
        if not toks[at].possessive:
            continue
        j = at + 1
        while j < len(toks) and toks[j].lower in WHICH_WORDS:
            j += 1
        if j < len(toks) and _class_noun(toks[j]):
            out[anchor] = " ".join(t.lower for t in toks[at + 1:j + 1])
        elif j >= len(toks) or toks[j].lower in _JOINERS or toks[j].lower == ".":
            out[anchor] = ""  # "A's or B's": the noun is the asked one
    if "" in out.values():
        asked = _asked_noun(toks, min(positions.values()))
        out = {a: n or asked for a, n in out.items() if n or asked}
    return out if len(out) == len(positions) else {}


def contact_sides(toks: list[Tok], positions: dict[int, int], every: bool = True) -> dict[int, tuple[str, set[int]]]:
    """Compared anchor -> (its bridge, the positions it explains) when the anchor is the subject of a clause
    describing the side ("the one A leads", "the school that B founded"): the side is what A's verb reaches, of the
    class the clause's noun names ("one": the asked noun, "Which school …"); {} unless every side is such a clause
    (`every`; else the sides that are, their verb tagged as one, and those whose clause has the anchor as its
    object, "the firm that built B": the side is who did it to B)."""
    out: dict[int, tuple[str, set[int]]] = {}
    for anchor, at in positions.items():
        verb = toks[at + 1] if at + 1 < len(toks) else None
        j = at - 1 if at >= 1 and toks[at - 1].lower not in ("that", "which") else at - 2
        if verb is None or verb.pos not in ("VERB", "") or j < 1 or toks[j].anchor >= 0 or toks[at].possessive:
            continue
        noun = toks[j]
        k = j - 1
        while k > 0 and noun.pos == "NOUN" and toks[k].pos in ("NOUN", "ADJ") and toks[k].anchor < 0:
            k -= 1  # "the plant centre A started": a compound noun
        if noun.pos not in ("NOUN", "NUM", "PRON") or toks[k].lower not in ("the", "a", "an"):
            continue
        kind = _asked_noun(toks, min(positions.values())) if noun.lower in ("one", "ones") else \
            " ".join(t.lower for t in toks[k + 1:j + 1])
        particle = toks[verb.i + 1].lower if verb.i + 1 < len(toks) and toks[verb.i + 1].pos in ("ADP", "PART") else ""
        # "the choir A founded", "the one A set up": what A founded, a relation of the vocabulary
        sense = PHRASES.get(f"{verb.lemma} {particle}") if particle else None
        sense = sense or word_sense(verb)
        bridge = (reverse_of(sense) if sense is not None else "") or \
            " ".join(w for w in (verb.lemma or verb.lower, kind) if w)
        out[anchor] = (bridge, set(range(k + 1, j + 1)) | {verb.i})
    if every:
        return out if len(out) == len(positions) else {}
    out = {a: side for a, side in out.items()  # ("the cyclist A born in T": a fact of A, no clause of A's)
           if toks[positions[a] + 1].pos == "VERB" and toks[positions[a] + 1].lower not in _STATE_PARTICIPLES}
    doers = {a: side for a, at in positions.items() if a not in out and (side := _doer_of(toks, at))}
    bodies = not any(toks[min(used)].lower in PERSON_NOUNS for _, used in doers.values())
    return doers if not out and (len(doers) == 1 or (len(doers) == len(positions) and bodies)) else out
    # ("A or the firm that built B", "the studio that made A or the firm that built B"; "the man who made A or the
    # woman who made B" are read alike by the relation of their verb: the people who made the works)


def _doer_of(toks: list[Tok], at: int) -> tuple[str, set[int]] | None:
    """(bridge, positions) when the anchor at `at` is the object of a relative clause on a noun before it ("the
    firm that built B", "the developer who restored B"): the side is who did that to B, read by the verb's
    relation ("built": its maker); None when the verb has none."""
    start = at - 1 if at >= 1 and toks[at - 1].lower in ("the", "a", "an") else at  # ("… that built the B")
    if start < 4:
        return None
    article, noun, pronoun, verb = toks[start - 4:start]
    if verb.pos != "VERB" or verb.lower in _STATE_PARTICIPLES or pronoun.lower not in ("that", "who", "which") \
            or noun.pos != "NOUN" or noun.anchor >= 0 or article.lower not in ("the", "a", "an"):
        return None
    if names_an_event(noun.lower):
        return None  # "the merger that created B": an event of B's, no doer to follow
    if at + 2 < len(toks) and toks[at + 1].lower in ("and", "&") and toks[at + 2].anchor >= 0:
        return None  # "the people who directed A and B": one clause of both
    sense = word_sense(verb)
    return (sense.relation, {noun.i, verb.i}) if sense is not None and sense.relation else None


def counted(toks: list[Tok]) -> tuple[str, set[int]]:
    """ "employ more people" -> ("employ people", the positions of those words): the compared fact is how
    many, or how big ("the bigger capacity" -> "capacity"); ("", set()) when no "more / fewer / most" or
    comparative adjective stands before a noun."""
    for t in toks:
        noun = toks[t.i + 1] if t.i + 1 < len(toks) else None
        if noun is None or noun.pos != "NOUN" or noun.anchor >= 0:
            continue
        if t.lower not in COUNTING and not (comparative(t) and _compared_size(toks, t.i)):
            continue
        last = _compound_end(toks, noun.i)  # "the bigger dining room"
        verb = next((v for v in reversed(toks[max(0, t.i - 3):t.i]) if v.pos == "VERB"), None)
        said = set(range(noun.i, last + 1))
        used = {t.i} | said | ({verb.i} if verb is not None and verb.lemma not in LIGHT_VERBS else set())
        words = [toks[i].lemma or toks[i].lower for i in sorted(used - said - {t.i})] + \
            [toks[i].lower for i in sorted(said)]
        return " ".join(words), used
    return "", set()


def _compared_size(toks: list[Tok], at: int) -> bool:
    """The comparative adjective at `at` says what is compared ("the bigger capacity"), not what kind the side is
    ("the larger ground"), not an age ("the greater age": a lifetime) and not a description inside a phrase
    ("taken over by bigger groups")."""
    noun = toks[_compound_end(toks, at + 1)]  # the head of "the larger dining room"
    return not _class_noun(noun) and noun.lemma not in ("age", "life", "lifespan", "lifetime") and \
        (at == 0 or toks[at - 1].pos != "ADP")


def _compound_end(toks: list[Tok], first: int) -> int:
    """The position of the last noun of the compound opening at `first` ("dining room"), names excluded."""
    last = first
    while last + 1 < len(toks) and toks[last + 1].pos == "NOUN" and toks[last + 1].anchor < 0:
        last += 1
    return last


def compared_event(toks: list[Tok], covered_at: set[int]) -> tuple[str, set[int]]:
    """ "Who became managing director first, A or B?", "Which reached version 2.0 first?": with an order word, a
    verb no relation phrase covers is the event whose date is compared, with the noun phrase after it, as
    written ("became managing director"); the order word alone would compare birth or release dates. ("", set())
    without such a verb."""
    ordered = any(t.lower in _ORDER_WORDS for t in toks)
    for t in toks:
        if t.pos != "VERB" or t.i in covered_at or t.anchor >= 0 or t.lower in _STATE_PARTICIPLES:
            continue
        light = t.lemma in _LIGHT_VERBS and not _gets_a_post(toks, t.i)  # ("who got the job first": an event)
        if t.lemma not in _TAKING_A_POST and (not ordered or light or not _asked_verb(toks, t.i)):
            continue
        end = t.i + 1
        if end < len(toks) and toks[end].pos in ("ADP", "PART") and toks[end].lower not in _JOINERS:
            end += 1  # its particle ("took up their post")
        while end < len(toks) and toks[end].anchor < 0 and toks[end].lower not in _JOINERS \
                and toks[end].pos in _OBJECT_POS and toks[end].lower not in _ORDER_WORDS:
            end += 1
        while end > t.i + 1 and toks[end - 1].pos == "DET":
            end -= 1  # ("reached the", cut before a name): no determiner left hanging
        used = set(range(t.i, end))
        return " ".join(x.lower for x in toks[t.i:end]), used
    return "", set()


def _gets_a_post(toks: list[Tok], at: int) -> bool:
    """ "got the job", "got the post": "get" with a post noun as its object is taking that post."""
    j = at + 1
    while j < len(toks) and toks[j].pos in ("DET", "ADJ"):
        j += 1
    return toks[at].lemma == "get" and j < len(toks) and toks[j].lower in _POST_NOUNS


#: Nouns of a post or a place one is given ("got the job").
_POST_NOUNS = frozenset("job post position role seat place chair".split())


def post_named_before(toks: list[Tok], asking: int) -> str:
    """ "A and B each hired a new head brewer. Who got the job first?": "the job" is the post a sentence before
    the asking one (number `asking`) has someone named, appointed or hired to ("head brewer"); "" when none."""
    for t in toks:
        if t.sent >= asking or t.pos != "VERB" or t.lemma not in _FILLING_A_POST:
            continue
        if t.i + 1 >= len(toks) or toks[t.i + 1].lower not in ("a", "an", "new"):
            continue  # ("named the winner": no post filled)
        j = t.i + 1
        while j < len(toks) and toks[j].lower in ("a", "an", "new"):
            j += 1
        words = []
        while j < len(toks) and toks[j].pos in ("ADJ", "NOUN") and toks[j].anchor < 0 and toks[j].sent == t.sent:
            words.append(toks[j].lower)
            j += 1
        if words and toks[j - 1].pos == "NOUN":
            return " ".join(words)
    return ""


#: Verbs of putting someone in a post ("hired a new head brewer", "appointed a head").
_FILLING_A_POST = frozenset("name appoint hire elect choose pick recruit".split())
_GOT_THE_POST = re.compile(r"^(?:get|got|gets|getting) the (?:job|post|position|role)$")


def the_post_taken(relation: str, post: str) -> str:
    """ "got the job" as taking the `post` named before ("became head brewer"); the relation as is otherwise."""
    return f"became {post}" if post and _GOT_THE_POST.match(relation) else relation


def _asked_verb(toks: list[Tok], at: int) -> bool:
    """The verb right after the wh-phrase opening the question ("Which reached …", "Which of them served …",
    "Who took up …"): the question's own verb, not one of a clause about a side ("the one X runs")."""
    j = at - 1
    while j >= 0 and at - j <= 4 and toks[j].lower not in _WH and toks[j].pos in _BEFORE_THE_VERB:
        j -= 1
    if j >= 2 and toks[j].anchor >= 0 and _names_after_which_of(toks, j):
        return True  # "Which of A and B chaired X first?": the verb right after the two names
    if j == at - 1 and toks[at].lower.endswith("ing"):
        return False  # "which recurring character …": a verb used as an adjective of the wh-noun
    return j >= 0 and toks[j].lower in _WH and (j == 0 or toks[j - 1].anchor >= 0 or toks[j - 1].pos == "PUNCT")


def _names_after_which_of(toks: list[Tok], last: int) -> bool:
    """The name at `last` ends "which of A and B" (or "or B") opening the question."""
    words = [t.lower if t.anchor < 0 else "@" for t in toks[:last + 1]]
    return words in (["which", "of", "@", "and", "@"], ["which", "of", "@", "or", "@"])


#: Verbs of taking a post or a place: the event a comparison dates ("who joined first"), not a birth, wherever
#: they stand.
_TAKING_A_POST = frozenset("become appoint elect join promote hire recruit succeed".split())
_WH = frozenset("who which what".split())
#: Parts of speech between the wh-word and the question's verb ("Which of them was …", "Which school has …").
_BEFORE_THE_VERB = frozenset("NOUN PRON ADP DET NUM AUX".split())
#: Verbs that say no event of their own ("Which one was first?", "Who had it first?").
_LIGHT_VERBS = frozenset("be have do get go come".split())
#: Parts of speech of the object a compared event keeps ("became the managing director", "reached version 2.0").
_OBJECT_POS = frozenset(("NOUN", "ADJ", "VERB", "PROPN", "NUM", "DET", "PRON", ""))
_ORDER_WORDS = frozenset("first earlier earliest sooner later last latest".split())


def _class_noun(t: Tok) -> bool:
    return t.anchor < 0 and t.pos != "VERB" and (t.lower in CLASS_WORDS or t.lemma in CLASS_WORDS)


def _asked_noun(toks: list[Tok], before: int) -> str:
    """The class noun right after "whose", "which" or "what" before the first compared name ("whose company")."""
    for t in toks[:before]:
        if t.lower in ("whose", "which", "what") and t.i + 1 < before and _class_noun(toks[t.i + 1]):
            return toks[t.i + 1].lower
    return ""


#: Words that join the compared sides ("A or B", "A than B", "A vs B").
_SIDE_JOINERS = frozenset("or than and vs versus".split())


def kin_side(toks: list[Tok]) -> bool:
    """ "Who lived longer, X or his wife?", "Was X older than her daughter?", "Was X's wife older than him?": one
    side is a relative of the other, unnamed; the chain read from X reaches the relative, not the comparison."""
    for a, b, c in zip(toks, toks[1:], toks[2:] + [None]):
        if a.lower in _SIDE_JOINERS and b.lower in _BACK and (c is None or c.pos == "PUNCT"):
            return True  # "Was X's wife older than him?": the other side is the named one, pointed at
        if c is not None and a.lower in _SIDE_JOINERS and b.lower in POSSESSIVE_POINTERS and kin_noun(c):
            return True
    return False


#: Pronouns that point back at the named side ("older than him").
_BACK = frozenset("him her them he she".split())
