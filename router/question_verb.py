"""The question's own verb: what a wh-word right before it asks, and where a second question starts (pure).

    "Who leads X?"                                   the verb right after a subject wh-word: "leads"
    "Which river runs through …?"                    the verb after the asked noun: "river runs"
    "Which trust is chaired by …?"                   a passive verb after the asked noun: "trust chaired"
    "Which company bought X, and where is it based?" a second question ("where") about the first one's answer
    "Who seconded X, and which ward does he represent?" the second question's open words: a fact of that answer
    "When was X founded?"                            the date of a making other than a release: "founded"
"""

from __future__ import annotations

from hopgraph.router.lexicon import Mention
from hopgraph.router.tokens import BE_FORMS, CLAUSE_BREAK, Tok

WH_WORDS = frozenset("who whom what which where when how".split())


def asks_first(toks: list[Tok], free: list[Tok], ordered: list[Mention], at: int | None) -> bool:
    """ "Which company bought X, and where is it based?": a second question, opened by a wh-word after a comma
    or "and", asks about the first one's answer. When the words no phrase explains all sit in the first
    question (with the anchor) and every relation phrase in the second, the open fact is the first hop."""
    second = next(iter(second_questions(toks)), None)
    if second is None or at is None or at > second or not free or not ordered:
        return False
    return all(t.i < second for t in free) and all(m.start > second for m in ordered)


def placed_at_anchor(toks: list[Tok], free: list[Tok], ordered: list[Mention], at: int | None) -> bool:
    """ "Who is the telescope at X named after?": the words no phrase explains name a thing at or in the anchor,
    right before it, and every relation phrase comes after the anchor; that thing is the first hop."""
    if at is None or not free or not ordered or toks[at].possessive or any(m.start < at for m in ordered):
        return False
    j = at - 1
    if j >= 0 and toks[j].lower == "the":
        j -= 1
    if j < 1 or toks[j].lower not in ("at", "in", "on") or toks[j - 1].pos != "NOUN":
        return False
    return all(t.i < j for t in free) and any(t.i == j - 1 for t in free)


def owns_what_is_asked(toks: list[Tok], free: list[Tok], ordered: list[Mention], at: int | None) -> bool:
    """ "I'm reading X. Who is the illustrator's mother?", "… the mother of the illustrator?": with the anchor in
    another sentence, the words no phrase explains are the noun a relation phrase is said of (its possessive
    owner right before it, or the object of "of" right after it), so that noun is the first hop."""
    if at is not None or not free or not ordered:
        return False
    free_at = sorted(t.i for t in free)
    if free_at != list(range(free_at[0], free_at[-1] + 1)):
        return False  # (the words are one noun phrase)
    for m in ordered:
        if free_at[-1] == m.start - 1 and toks[m.start - 1].possessive:
            return True
        j = m.end + 1 if m.end < len(toks) and toks[m.end].lower == "of" else len(toks)
        if j < len(toks) and toks[j].lower in ("the", "a", "an", "its", "their"):
            j += 1
        if free_at[0] == j:
            return True
    return False


def clause_on_unnamed(toks: list[Tok], free: list[Tok], ordered: list[Mention], at: int | None) -> bool:
    """ "I sell sheep at the X ring. Who founded the company that bought the mart?": with the anchor in another
    sentence, the words no phrase explains are a relative clause on a noun ("the company that bought the mart"); its
    object points back at the context's thing, so what the clause says is the first hop, the relations after it."""
    if at is not None or not free or not ordered:
        return False
    rel = next((t.i for t in toks if t.lower in ("that", "which", "who") and 0 < t.i < len(toks) - 1
                and toks[t.i - 1].pos == "NOUN" and toks[t.i + 1].pos == "VERB"), None)
    if rel is None or toks[rel + 1] not in free:
        return False
    last = max(t.i for t in free)
    return all(t.i > rel for t in free) and not any(rel < m.start <= last for m in ordered)


def names_the_asked(toks: list[Tok], free: list[Tok], ordered: list[Mention]) -> bool:
    """ "Who was the first chief executive appointed under the chair who succeeded X's successor?": after "who/what
    is the", the words no phrase explains name what is asked, before every relation phrase; they are the last hop
    (the chain of phrases says whom the asked one is tied to)."""
    if len(toks) < 4 or toks[0].lower not in ("who", "what") or toks[1].lemma != "be" \
            or toks[2].lower not in ("the", "a") or not free or not ordered:
        return False
    at = {t.i for t in free}
    start = end = min(at)
    while end + 1 in at:
        end += 1
    # a preposition after them ("appointed under", "the owner of"): not the head of a clause that is a hop already
    # ("the firm headed by X", "the award that X won")
    return all(t.pos in ("ADJ", "NUM") for t in toks[3:start]) and all(t.i < ordered[0].start for t in free) \
        and all(m.start > start for m in ordered) and end + 1 < len(toks) and toks[end + 1].pos == "ADP" \
        and toks[end].lemma not in ("name", "title")  # ("the title of the memoir …": what the chain reaches is asked)


def second_questions(toks: list[Tok]) -> list[int]:
    """Where another question starts: a wh-word right after a comma, "and" or another clause break."""
    return [t.i for t in toks if t.i > 0 and t.lower in WH_WORDS and toks[t.i - 1].lower in CLAUSE_BREAK]


#: What a second question's wh-word asks ("…, and where was she born?"); "who" after a comma is mostly a relative
#: ("…, who died on which date?").
_SECOND_KINDS = {"where": "place", "when": "date"}


def second_kind(toks: list[Tok]) -> tuple[int | None, str]:
    """(where a second question asking a place or a date starts, what it asks), else (None, "")."""
    for i in second_questions(toks):
        if toks[i].lower in _SECOND_KINDS:
            return i, _SECOND_KINDS[toks[i].lower]
    return None, ""


def second_question_words(toks: list[Tok], free: list[Tok], ordered: list[Mention]) -> list[str]:
    """ "Who seconded the motion on X, and which ward does he represent?": open words on both sides of a
    second question no relation phrase reads; those after it ask a fact of the first question's answer."""
    second = next(iter(second_questions(toks)), None)
    if second is None or any(m.start > second for m in ordered):
        return []
    before, after = [t for t in free if t.i < second], [t.lower for t in free if t.i > second]
    return after if before and after else []


def with_past_form(verb: str) -> str:
    """A bare verb with its past form after it, as documents state a dated event ("open" -> "open opened"; "When
    did X open?" is answered by "X opened in 2011"); a verb already past, or of several words, as is."""
    if " " in verb or not verb.isalpha() or verb.endswith(("ed", "ing")) or verb in _NO_REGULAR_PAST \
            or (verb.endswith("s") and not verb.endswith("ss")):  # ("opening", "opens": no bare verb)
        return verb
    if verb.endswith("e"):
        return f"{verb} {verb}d"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return f"{verb} {verb[:-1]}ied"
    return f"{verb} {verb}ed"


#: Bare verbs whose past is no "-ed" form, or that already read as past ("built", "found", "set", "began").
_NO_REGULAR_PAST = frozenset("build built found set put begin began begun run ran make made write wrote written "
                             "come came go went take took give gave win won lead led hold held sing sang".split())


def date_verb(rels: list[str], ordered: list[Mention]) -> str:
    """The question's own verb when its last fact is the date of a making other than a release ("when was X
    founded / built / written"), so the search asks with it rather than with "release date"; "" otherwise."""
    if not rels or rels[-1] != "release_date" or not ordered or not ordered[-1].sense.verb:
        return ""
    verb = ordered[-1].text.lower()
    return "" if verb.startswith(("releas", "come out", "came out")) else verb


def free_main_verb(toks: list[Tok], free: list[Tok], wh: set[int]) -> str:
    """The free word that is the question's own verb, right after a subject wh-word ("Who leads …", "Which
    company owns …"), as written; "" otherwise, and when a second wh-word asks another question ("who runs X,
    where'd she study": which fact comes last is not the verb's to say)."""
    start = min(wh) if wh else -1
    nouns = asked_nouns(toks, start) if wh else []  # "Which river runs through …": the verb after the asked noun
    after = start + 1
    if not wh or any(i > after + len(nouns) for i in second_questions(toks)):
        return ""
    at = after + len(nouns)
    if nouns and (skip := _passive_by(toks, at)):  # "Which trust is (once) chaired by …": the verb after the
        at += skip  # auxiliary
    if any(i <= at or toks[i].lower in WH_WORDS for i in wh - {start} - {n.i for n in nouns}):
        return ""  # (the wh-word and its asked nouns only, up to the verb; words further on that are no hop of
        # their own, "the woman elected chair of governors", leave the verb the question's own)
    verb = next((t for t in free if t.i == at and t.pos == "VERB"), None)
    return " ".join([n.lower for n in nouns] + [verb.lower]) if verb is not None else ""


def _passive_by(toks: list[Tok], at: int) -> int:
    """A form of "be", a participle and "by" from `at` on ("is chaired by", "was once run by"): the asked thing is
    what the by-phrase's agent does to; how many words from `at` to the participle, else 0."""
    if at >= len(toks) or toks[at].lower not in BE_FORMS:
        return 0
    skip = 2 if at + 1 < len(toks) and toks[at + 1].pos == "ADV" else 1
    return skip if at + skip + 1 < len(toks) and toks[at + skip + 1].lower == "by" else 0


def asked_nouns(toks: list[Tok], at: int) -> list[Tok]:
    """The nouns a wh-determiner at `at` asks for ("which river", "what record label"), else none."""
    if toks[at].lower not in ("which", "what"):
        return []
    end = at + 1
    while end < len(toks) and toks[end].pos in ("NOUN", "ADJ") and toks[end].anchor < 0:
        end += 1
    return toks[at + 1:end] if end < len(toks) and toks[end - 1].pos == "NOUN" else []
