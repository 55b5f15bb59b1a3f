"""Do-support: a question with "do", "does" or "did" after its wh-phrase ends with a bare verb.

"Where did the father of X work?", "Where did X's founder live?": English puts the verb the question asks
about last, in its bare form, after the subject. The tagger often reads that word as a noun or an adverb
(a masked name before it looks like a noun compound: "X work", "X live"), and the question then seems to
ask nothing about the subject. When no word after the auxiliary is tagged a verb, the last word of the
sentence that can be one (before a closing particle or preposition: "grow up", "work for") is the verb.
A yes/no question opened by "did" ("Did X open before Y?") has its bare verb right after the subject (the
name, names joined by "and"/"or", or a name's possessed noun: "Did X's founder …").
"""

from __future__ import annotations

from hopgraph.router.asked import WH
from hopgraph.router.lexicon import is_relation_verb
from hopgraph.router.open_words import TIME_ADVERBS
from hopgraph.router.tokens import DO_FORMS, MONTHS, Tok

#: Words that may close the question after its verb ("Who did X work for?", "Where did X grow up?").
_CLOSERS = frozenset(("ADP", "PART", "PUNCT"))
#: Adverbs that close a question asking of an earlier time ("Where did X work before?").
_EARLIER = frozenset("before earlier beforehand".split())
#: Tags a misread bare verb comes with.
_MISREAD = frozenset(("NOUN", "ADV", "ADJ", "PROPN", "VERB"))


#: Bare verbs spelt like another verb's past tense ("found" / "find", "lay" / "lie", "wound" / "wind").
_BARE_HOMOGRAPHS = frozenset("found lay wound".split())


def with_bare_verb(toks: list[Tok]) -> list[Tok]:
    """The tokens with the bare verb of a do-support question tagged as a verb (and its "do" as an
    auxiliary); unchanged when the sentence has no such question or its verb is already tagged."""
    for sent in sorted({t.sent for t in toks}):
        part = [t for t in toks if t.sent == sent]
        do = _asking_do(part)
        if do is None:
            continue
        after = [t for t in part if t.i > do.i]
        for t in after:  # "Which firm did X found?": after "do" a verb is bare, so "found" is not "find"'s past
            if t.lower in _BARE_HOMOGRAPHS:
                t.lemma = t.lower
        if any(t.pos in ("VERB", "AUX") and not _reduced_passive(toks, t) and not _clause_verb(toks, t)
               and not _qualifying(toks, t) and not _reduced_active(toks, t) for t in after):
            continue  # ("Which award did the charity founded by X win?": "founded by X" describes the charity)
        described = any(t.pos in ("VERB", "AUX") for t in after)  # only a clause's verbs: the bare verb must be one
        verb = _after_subject(after) if _opens(part, do) else _last_word(after)
        if verb is not None and described and not is_relation_verb(verb):  # (safe past a clause's verb)
            continue
        if verb is not None:
            verb.pos = "VERB"
            do.pos = "AUX"
    return toks


def _reduced_passive(toks: list[Tok], t: Tok) -> bool:
    """A participle with its by-phrase right after it ("the charity founded by X"): no verb of the main clause."""
    return t.i + 1 < len(toks) and toks[t.i + 1].lower == "by" and t.lower.endswith(("ed", "en", "wn", "un", "lt"))


def _reduced_active(toks: list[Tok], t: Tok) -> bool:
    """A verb in -ing right after a noun, with its object after it ("the woman heading X", "the firm running the
    depot"): a reduced relative clause on that noun, no verb of the main clause."""
    return t.pos == "VERB" and t.lower.endswith("ing") and t.i > 0 and toks[t.i - 1].pos == "NOUN" \
        and toks[t.i - 1].anchor < 0 and t.i + 1 < len(toks) and (toks[t.i + 1].anchor >= 0 or toks[t.i + 1].pos == "DET")


def _qualifying(toks: list[Tok], t: Tok) -> bool:
    """A gerund qualifying the noun after it ("the managing director of X"): no verb of the main clause."""
    return t.lower.endswith("ing") and t.i + 1 < len(toks) and toks[t.i + 1].pos == "NOUN"


def _clause_verb(toks: list[Tok], t: Tok) -> bool:
    """The verb of a relative clause right after its pronoun ("the woman who created X"): not the main clause's."""
    return t.pos == "VERB" and t.i > 0 and toks[t.i - 1].lower in ("who", "that", "which") \
        and t.i > 1 and toks[t.i - 2].pos in ("NOUN", "PROPN")


def _asking_do(part: list[Tok]) -> Tok | None:
    """The "do" of a question: after a wh-word with no verb before it ("In which city did …", "Where does …"), or
    opening a yes/no question ("Did X …")."""
    seen_wh = False
    for t in part:
        if t.lower in DO_FORMS:
            return t if seen_wh or _opens(part, t) else None
        if t.pos in ("VERB", "AUX"):
            return None
        seen_wh = seen_wh or t.lower in WH
    return None


def _last_word(after: list[Tok]) -> Tok | None:
    """The last word before closing particles, prepositions, punctuation and adverbs of time ("… chair now?"),
    when it follows the subject (some word before it) and is no name."""
    words = list(after)
    while words and (words[-1].pos in _CLOSERS or words[-1].lower in TIME_ADVERBS | _EARLIER):
        words.pop()
    if (setting := _setting_at_end(words)) and len(words) - setting >= 2:  # "… open in 2019?", "… work in X?"
        words = words[:-setting]
        while words and words[-1].pos in _CLOSERS:
            words.pop()
    if len(words) < 2:
        return None
    last = words[-1]
    if last.anchor >= 0 or not last.lower.isalpha() or last.pos not in _MISREAD:
        return None
    return last


def _setting_at_end(words: list[Tok]) -> int:
    """How many words at the end say when or where: a preposition and a year, a month or a name after it ("in
    2019", "in May 2019", "in X"); 0 when the words end otherwise."""
    j = len(words)
    while j > 0 and (words[j - 1].anchor >= 0 or words[j - 1].pos == "NUM" or words[j - 1].lower in MONTHS):
        j -= 1
    return len(words) - j + 1 if 0 < j < len(words) and words[j - 1].pos == "ADP" else 0


def _opens(part: list[Tok], do: Tok) -> bool:
    """The "do" is the sentence's first word."""
    return next((t for t in part if t.pos != "PUNCT"), None) is do


#: Words that may stand between a yes/no question's subject and its verb ("Did A and B both open …").
_BETWEEN = frozenset("both ever also really first each".split())


def _after_subject(after: list[Tok]) -> Tok | None:
    """The word after a yes/no question's subject: determiners, names joined by "and"/"or", and the noun a
    possessive name governs ("X's founder") are the subject; None when the subject is no name."""
    j = 0
    while j < len(after) and after[j].lower in ("the", "a", "an", "both"):
        j += 1
    if j >= len(after) or after[j].anchor < 0:
        return None
    while j < len(after) and (after[j].anchor >= 0 or after[j].lower in ("and", "or", "the")):
        j += 1
    if after[j - 1].possessive:  # "X's first owner": the possessed noun belongs to the subject
        while j < len(after) and after[j].pos == "ADJ":
            j += 1
        j += 1
    while j < len(after) and after[j].lower in _BETWEEN:
        j += 1
    if j >= len(after):
        return None
    word = after[j]
    return word if word.lower.isalpha() and word.pos in _MISREAD else None


#: Words that may follow the bare "do" of "What does X do?" ("now", "these days", "for work").
_AFTER_DO = frozenset("now nowadays today these days currently for work".split())


#: Pronouns a question points at a person with.
_PERSONS = frozenset("he she they".split())


def what_one_does(toks: list[Tok], said_before: bool = False) -> int | None:
    """ "What does X do?", "What does the founder of X do now?": in the present, the bare "do" asks a person's
    occupation, and "What did X do before?" an earlier one, as does "What did X do before she became mayor?" (the
    time clause taken out of `toks`: `said_before`); "What did X do?" may ask what X did. The index of that "do",
    or None when the question is not of that shape."""
    words = [t for t in toks if t.pos != "PUNCT" and t.text not in "?.!,"]
    if len(words) < 4 or words[0].lower != "what" or words[1].lower not in ("do", "does", "did"):
        return None
    if words[1].lower == "did" and words[-1].lower not in _EARLIER and not said_before:  # an earlier job
        return None
    end = len(words)
    while end > 3 and words[end - 1].lower in _AFTER_DO | _EARLIER:
        end -= 1
    last = words[end - 1]
    if last.lower != "do" or not any(t.anchor >= 0 or t.lower in _PERSONS for t in words[2:end - 1]):
        return None  # (a name, or a pronoun pointing at one: "X has a brother. What does he do?")
    return last.i


def asks_what_was_done(toks: list[Tok]) -> bool:
    """ "What did the father of X do?": an occupation, or what he did once; no relation reads it for sure."""
    words = [t for t in toks if t.pos != "PUNCT" and t.text not in "?.!,"]
    return len(words) >= 4 and words[0].lower == "what" and words[1].lower == "did" and words[-1].lower == "do"


def bare_verb_closes(toks: list[Tok], end: int, start: int) -> bool:
    """A run of nouns from `start` to `end` (exclusive) may end on the bare verb a "do" before it leaves last, tagged
    as a noun ("Which ward does the man who … the X vote represent?", "What did the firm that … X's stage win?"):
    no verb comes after the run, and a form of "do" comes before it."""
    return not any(t.pos in ("VERB", "AUX") for t in toks[end:]) and any(t.lower in DO_FORMS for t in toks[:start])

