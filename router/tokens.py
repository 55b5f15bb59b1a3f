"""A question as tokens: entity names masked, lemmas and parts of speech, sentences, pronouns (pure
given a spaCy pipeline; a small fallback lemmatiser keeps it working without one).

Entity names are replaced by one placeholder token each before parsing ("Where was the director
of The Crimson Tide Of Summer born?" -> "Where was the director of Kalvor born?"), so a long
title neither confuses the tagger nor splits the question into sentences at its "!" or ":".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from hopgraph.router.spans import Span

#: Placeholders that stand for the question's entities while it is parsed (invented, capitalised names).
PLACEHOLDERS = ("Kalvor", "Brenmark", "Dovrin", "Selvik", "Tarnow", "Quillan", "Morvath", "Elsting")

#: Pronouns and phrases that point back at entities named earlier.
POINTERS = frozenset("it its he his him she her hers they them their theirs this that these those either".split())
POSSESSIVE_POINTERS = frozenset("its his her their".split())
GROUP_POINTERS = frozenset("them they these those their both either".split())
#: Words that end a clause (a relative clause, or the question's own).
CLAUSE_BREAK = frozenset("and or but , ; ?".split())
#: The months, in calendar order.
MONTHS = tuple("january february march april may june july august september october november december".split())
#: The days of the week, in calendar order from Monday.
WEEKDAYS = tuple("monday tuesday wednesday thursday friday saturday sunday".split())


@dataclass
class Tok:
    i: int
    text: str
    lower: str
    lemma: str
    pos: str  # coarse part of speech ("" without a tagger)
    anchor: int = -1  # index into the anchor list when the token stands for an entity
    possessive: bool = False  # "X's" (the 's is folded into the entity token)
    sent: int = 0  # sentence number


def before_modifiers(toks: list[Tok], i: int, most: int = 2) -> int:
    """The index of the word before the adjectives, adverbs and years (at most `most`) right before token `i`: "X's"
    in "X's most recent chair", "its" in "its new chief executive", "X's 2017 managing director"; `i - 1` when none
    stands there."""
    j = i - 1
    while j > 0 and i - j <= most and (toks[j].pos in ("ADJ", "ADV") or _year(toks[j])) and toks[j].anchor < 0:
        j -= 1
    return j


def _year(t: Tok) -> bool:
    return t.pos == "NUM" and len(t.lower) == 4 and t.lower.isdigit()


def renumber(toks: list[Tok]) -> list[Tok]:
    """The same tokens numbered 0, 1, … (after a sentence or some words were taken out)."""
    return [Tok(n, t.text, t.lower, t.lemma, t.pos, t.anchor, t.possessive, t.sent) for n, t in enumerate(toks)]


_WORD = re.compile(r"['’]s\b|[\w][\w\-]*(?:['’](?!s\b)[a-z]+)?|[^\w\s]")
_SUFFIX_LEMMAS = (("ied", "y"), ("ies", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", ""))
_IRREGULAR = {"born": "born", "died": "die", "wed": "wed", "won": "win", "wrote": "write", "written": "write",
              "made": "make", "sang": "sing", "sung": "sing", "began": "begin", "led": "lead", "ran": "run",
              "was": "be", "were": "be", "is": "be", "are": "be", "did": "do", "does": "do", "had": "have",
              "has": "have", "came": "come", "took": "take", "gave": "give", "given": "give", "children": "children",
              "founded": "found", "married": "marry", "buried": "bury", "studied": "study", "passed": "pass",
              "fathered": "father", "mothered": "mother", "employs": "employ", "lies": "lie", "lay": "lie",
              "built": "build", "found": "find", "sold": "sell", "bought": "buy", "held": "hold", "got": "get",
              "left": "leave", "met": "meet", "taught": "teach", "brought": "bring", "known": "know"}


#: The auxiliary verbs of English: any other word tagged AUX is a main verb the tagger misread.
AUXILIARIES = frozenset("be am is are was were been being have has had having do does did doing will would shall "
                        "should can could may might must 's 're 've 'd 'll ca wo".split())


def fallback_lemma(word: str) -> str:
    """A crude lemma for when no spaCy pipeline is loaded: irregular forms, then the first suffix-stripped
    form that the relation lexicon knows ("released" -> "release", "directed" -> "direct"), else the first."""
    from hopgraph.router.lexicon import known_words

    w = word.lower()
    if w in _IRREGULAR:
        return _IRREGULAR[w]
    forms = [w[: -len(suffix)] + repl for suffix, repl in _SUFFIX_LEMMAS if w.endswith(suffix) and len(w) - len(suffix) >= 3]
    forms += [w[:-1] for suffix in ("ed", "es") if w.endswith(suffix)]  # "released" -> "release"
    known = [f for f in forms if f in known_words()]
    return known[0] if known else forms[0] if forms and len(forms[0]) >= 4 else w


#: Words that open a noun phrase: the word after one is a noun ("the director", "her husband").
NOUN_DETERMINERS = frozenset("the a an his her its their my your our".split())
#: Verbs of the lexicon whose nouns name another thing altogether ("the trains", "an issue", "a mountain pass").
OTHER_NOUNS = frozenset("train air issue pass lie base".split())

#: The possessive determiners ("his", "her", "its", "their", "my", "your", "our").
POSSESSIVE_DETERMINERS = NOUN_DETERMINERS - {"the", "a", "an"}


def _guess_pos(words: list[str]) -> list[str]:
    """A rough tag without a tagger: a word after a determiner is a noun, a word in -ed a verb."""
    out = []
    for n, w in enumerate(words):
        low = w.lower()
        if n and words[n - 1].lower() in NOUN_DETERMINERS and low not in NOUN_DETERMINERS:
            out.append("NOUN")
        elif n >= 2 and out[-1] == "NOUN" and words[n - 2].lower() in NOUN_DETERMINERS and low.isalpha() \
                and low not in _IRREGULAR and not low.endswith(("ed", "s")) and len(low) > 3:
            out.append("NOUN")  # "her stage debut": a compound noun
        elif (low.endswith("ed") and len(low) > 4) or (low in _IRREGULAR and low != _IRREGULAR[low] and
                                                         low not in AUXILIARIES):
            out.append("VERB")  # "directed", "wrote"
        else:
            out.append("")
    return out


def mask(question: str, spans: list[Span]) -> tuple[str, list[int]]:
    """The question with each entity span replaced by a placeholder; also the placeholder of each span."""
    out, last, which = [], 0, []
    for n, s in enumerate(sorted(spans, key=lambda s: s.start)):
        if s.start < last:
            continue
        out.append(question[last:s.start])
        out.append(PLACEHOLDERS[n % len(PLACEHOLDERS)])
        which.append(n)
        last = s.end
    out.append(question[last:])
    return "".join(out), which


def tokenize(question: str, spans: list[Span], nlp: Any = None) -> list[Tok]:
    """Tokens of the question with entities masked; sentence numbers; possessives folded."""
    spans = sorted(spans, key=lambda s: s.start)
    masked, _ = mask(question, spans)
    raw = _tagged(masked, nlp)
    toks: list[Tok] = []
    sent = 0
    for n, (text, lemma, pos) in enumerate(raw):
        if text in ("'s", "’s", "'", "’") and toks and toks[-1].anchor >= 0:
            toks[-1].possessive = True
            continue
        if text in ("'s", "’s") and toks and (pos == "AUX" or toks[-1].lower in IS_BEFORE):
            text, lemma, pos = "is", "be", "AUX"  # "What's the name …", "Who's in charge …": 's is "is"
        elif text in ("'s", "’s") and toks:
            toks[-1].possessive = True
            continue
        elif text in ("'", "’") and toks and toks[-1].lower.endswith("s") and toks[-1].pos in ("NOUN", "PROPN"):
            toks[-1].possessive = True  # "the X citizens' panel": a plural's possessive
            continue
        low = text.lower()
        lemma = _IRREGULAR.get(low, lemma) if low in ("born", "founded", "fathered", "wed") else lemma
        if low == "found" and any(t.lower in DO_FORMS for t in toks[-3:]):
            lemma = "found"  # "Which charity did X found?": the bare verb "do" asks for, to found (not "find")
        if "-" in low and low.endswith("ed") and n + 1 < len(raw) and raw[n + 1][2] in ("NOUN", "ADJ"):
            pos, lemma = "ADJ", low  # "X's pastry-trained co-founder": a compound participle describes the noun
        elif pos == "AUX" and low in _GET_FORMS and n + 1 < len(raw) and raw[n + 1][2] == "VERB":
            lemma = "be"  # "Which got bought up first?": a passive, as "was bought up"
        elif pos == "AUX" and low not in AUXILIARIES:  # the tagger's slip ("the film that X wrote born")
            pos, lemma = "VERB", fallback_lemma(low)
        if low == "married" and pos == "ADJ" and n + 1 < len(raw) and raw[n + 1][0].lower() == "to":
            pos, lemma = "VERB", "marry"  # "Who is X married to?": the participle, not "a married couple"
        tok = Tok(len(toks), text, low, lemma or low, pos, sent=sent)
        if text in PLACEHOLDERS:
            tok.anchor = PLACEHOLDERS.index(text)
        toks.append(tok)
        nxt = raw[n + 1][0] if n + 1 < len(raw) else ""
        if text == ";" or (text in (".", "?", "!") and nxt[:1].isupper()) \
                or (text == ":" and (_opens_question(nxt) or _no_verb_since(toks, sent))) \
                or (text in _ASIDE_BREAKS and _question_after(raw, n + 1) and (
                    _courtesy_before(toks, sent) or (_asker_statement_before(toks, sent) and _asks_to_end(raw, n + 1))
                    or (text in _DASHES and _statement_before(toks, sent) and _asks_to_end(raw, n + 1)
                        and _points_back(raw, n + 1)))):
            sent += 1  # ("Oh Baby! or …" goes on; "Quick question: who …" asks after the colon; "Sorry to ask,
            # but who …": a courtesy before a comma or a dash is a sentence of its own)
    return _participles_as_adjectives(_bodies_as_nouns(toks))


def _participles_as_adjectives(toks: list[Tok]) -> list[Tok]:
    """The tokens with a past participle between a determiner, an adjective or a possessive and a noun tagged an
    adjective ("X's second paid director", "the elected members"): it describes the noun, no verb of the sentence
    ("the man appointed head": after a noun, a clause of its own, stays a verb)."""
    for t in toks[1:-1]:
        before, after = toks[t.i - 1], toks[t.i + 1]
        if t.pos == "VERB" and t.lower.endswith(("ed", "id")) and after.pos == "NOUN" and after.anchor < 0 \
                and (before.pos in ("DET", "ADJ", "NUM") or before.possessive) \
                and before.lower not in ("that", "which"):
            t.pos = "ADJ"
    return toks


def modifying_gerund(toks: list[Tok], i: int) -> bool:
    """ "managing" in "managing director", "founding" in "its founding director": a verb in -ing before a noun."""
    return toks[i].pos == "VERB" and toks[i].lower.endswith("ing") and i + 1 < len(toks) and toks[i + 1].pos == "NOUN"


#: Names of bodies that are adjectives too ("the co-operative that owns X", "a collective of potters").
_NOUN_ADJECTIVES = frozenset("co-operative cooperative collective".split())


def _bodies_as_nouns(toks: list[Tok]) -> list[Tok]:
    """The tokens with a body's name that the tagger read as an adjective tagged a noun, where no noun follows it
    ("the co-operative that owns X", not "a co-operative bank")."""
    for t in toks:
        nxt = toks[t.i + 1] if t.i + 1 < len(toks) else None
        if t.pos == "ADJ" and t.lower in _NOUN_ADJECTIVES and (nxt is None or nxt.pos not in ("NOUN", "ADJ", "PROPN")):
            t.pos = "NOUN"
    return toks


#: Words after which 's stands for "is" (or "has"), never a possessive ("What's", "Where's", "It's").
IS_BEFORE = frozenset("what who where when how why it that there here he she which".split())
#: The forms of "do" that carry a question ("Where did X study?", "Did A and B …").
DO_FORMS = frozenset(("do", "does", "did"))
#: The finite forms of "be" a post or a passive follows ("who was treasurer at X", "is chaired by").
BE_FORMS = frozenset("is was are were".split())
#: Words that open a relative clause after its head noun ("the band that …", "the man who …").
RELATIVE_WORDS = frozenset("who whom that which whose".split())
#: Forms of "be", "do" and "have" that open a yes/no question ("Was X born before Y?", "Did A and B …").
YES_NO_OPENERS = frozenset("is are was were am has have had".split()) | DO_FORMS
#: Words that open a question: after a colon they start the sentence that asks ("Quick check: did …").
QUESTION_OPENERS = frozenset("who whom whose what which where when why how can could will would should".split()) | \
    YES_NO_OPENERS


def _opens_question(word: str) -> bool:
    return word.lower() in QUESTION_OPENERS


def _no_verb_since(toks: list[Tok], sent: int) -> bool:
    """The sentence so far is a tagged label with no verb and no question word ("Quick one for the staff
    profiles:", not "Which one: A or B?"): what follows its colon is a sentence of its own."""
    label = [t for t in toks if t.sent == sent]
    return any(t.pos for t in label) and not any(t.pos in ("VERB", "AUX") or t.lower in QUESTION_OPENERS for t in label)


#: Marks after which a courtesy may give way to the question ("Sorry, who …", "Following up - when …").
_ASIDE_BREAKS = frozenset(", - – —".split())
#: Forms of "get", an auxiliary of the passive before a participle ("got bought", "gets taken over").
_GET_FORMS = frozenset("get gets got getting gotten".split())
#: Dashes, which join a statement to the question it leads to ("X's chair runs a club - who founded it?").
_DASHES = _ASIDE_BREAKS - {","}
#: Words of the asker's own courtesy or situation, no part of what is asked.
_COURTESY = frozenset("i i'm me my we our you your sorry apologies apologise apologize thanks thank please quick "
                      "following hi hello hey morning afternoon btw".split())


def _courtesy_before(toks: list[Tok], sent: int) -> bool:
    """The sentence so far names nothing and holds a word of the asker's courtesy ("Apologies for the basic
    question", "Following up on yesterday's call")."""
    words = [t for t in toks if t.sent == sent]
    return bool(words) and not any(t.anchor >= 0 or t.text[:1].isdigit() for t in words) \
        and any(t.lower in _COURTESY for t in words)


#: Words that open a statement of the asker's own ("My mum worked at X, who …", "I use X, who …").
_ASKER_OPENERS = frozenset("i i'm i've my our we we're".split())


def _asker_statement_before(toks: list[Tok], sent: int) -> bool:
    """The sentence so far is the asker's own statement, with its verb ("My mum worked at X", "I use X"): a wh-word
    after its comma opens the question, not a relative clause of its last name."""
    words = [t for t in toks if t.sent == sent]
    return bool(words) and words[0].lower in _ASKER_OPENERS and any(t.pos in ("VERB", "AUX") for t in words[1:])


def _statement_before(toks: list[Tok], sent: int) -> bool:
    """The sentence so far is a statement: it names something and has a verb of its own after its subject, no
    relative word or wh-word before it ("X's partner has a mother who …"; not "The school X attended", nor "Settle
    an argument: …")."""
    words = [t for t in toks if t.sent == sent]
    verb = next((t for t in words if t.pos in ("VERB", "AUX") and not modifying_gerund(toks, t.i)), None)
    return verb is not None and verb.i > words[0].i and any(t.anchor >= 0 for t in words) \
        and not _opens_question(words[0].text) \
        and not any(t.lower in RELATIVE_WORDS | {"where"} for t in words if t.i < verb.i) \
        and not (verb.i > 0 and toks[verb.i - 1].anchor >= 0 and not toks[verb.i - 1].possessive
                 and verb.i - 1 > words[0].i)


def _points_back(raw: list[tuple[str, str, str]], n: int) -> bool:
    """The question from `n` to its end points back with a pronoun or "that …" ("- who was its first chair?")."""
    words = [w.lower() for w, *_ in raw[n:]]
    return any(w in POINTERS for w in words[1:])


def _asks_to_end(raw: list[tuple[str, str, str]], n: int) -> bool:
    """The words from `n` end their sentence with "?" ("…, who founded it?"), not "." ("…, which is based on Y.")."""
    return next((w for w, *_ in raw[n:] if w in (".", "?", "!")), "") == "?"


def _question_after(raw: list[tuple[str, str, str]], n: int) -> bool:
    """A question opener follows at `n`, perhaps after "but", "so" or "and"."""
    if n < len(raw) and raw[n][0].lower() in ("but", "so", "and"):
        n += 1
    return n < len(raw) and _opens_question(raw[n][0])


def _join_hyphens(rows: list[tuple[str, str, str, str]]) -> list[tuple[str, str, str]]:
    """ "father-in-law", "step-mother", "co-founder": words joined by hyphens without spaces are one token."""
    out: list[list[str]] = []
    glue = False
    for text, lemma, pos, space in rows:
        split_word = out and not out[-1][3] and text.isalpha() and out[-1][0].isalpha()  # "we"+"d" from "wed"
        if out and (glue or split_word or (text == "-" and not out[-1][3])) and text not in PLACEHOLDERS \
                and out[-1][0] not in PLACEHOLDERS:
            prev = out[-1]
            inflected = prev[0].endswith("-") and lemma.isalpha()  # "co-founded": the lemma of its last word
            prev[0] += text
            prev[1] = prev[1] if text == "-" else _IRREGULAR.get(prev[0].lower(), (
                prev[0].lower()[:-len(text)] + lemma) if inflected else prev[0].lower())
            prev[3] = space
            glue = text == "-" and not space
            continue
        out.append([text, lemma, pos, space])
        glue = False
    return [(t, lemma, pos) for t, lemma, pos, _ in out]


def _tagged(masked: str, nlp: Any) -> list[tuple[str, str, str]]:
    """(text, lemma, coarse tag) per token: spaCy's when a pipeline is given, else the fallback."""
    if nlp is not None:
        try:
            doc = nlp.tags(masked) if hasattr(nlp, "tags") else nlp(masked)  # entities are not read here
            return _join_hyphens([(t.text, t.lemma_.lower(), t.pos_, t.whitespace_) for t in doc])
        except TypeError:  # not a spaCy pipeline (a stand-in that only finds entities)
            pass
    words = _WORD.findall(masked)
    return [(w, fallback_lemma(w), pos) for w, pos in zip(words, _guess_pos(words))]


#: The words of a question that only asks whether the sentence before it holds ("Is he right?", "Is that true?",
#: "Have I got that right?").
CONFIRMING = frozenset("is are was were am does do did that this it he she they i right true correct so really "
                        "accurate wrong not n't isn't have has got get correctly ? ! .".split())


_CHECKS = frozenset("right true correct so accurate wrong".split())


def without_confirming(asked: list[Tok]) -> list[Tok]:
    """ "Is that right, or where was he born?": the question after the check of the claim before it."""
    j = check_before_or(asked)
    return asked[j + 1:] if j is not None and any(x.text not in ("?", ".", "!") for x in asked[j + 1:]) else asked


def check_before_or(asked: list[Tok]) -> int | None:
    """ "Is that right, or …": where the "or" after a check of the sentence before stands (None: no such opening)."""
    for j, t in enumerate(asked):
        if t.lower == "or":
            return j if any(x.lower in _CHECKS for x in asked[:j]) else None
        if t.lower not in CONFIRMING and t.text != ",":
            return None
    return None


def _who_is_it(words: list[str]) -> bool:
    """ "Who is she?", "What was it?", "Who is that?": a question asking only who or what a pronoun stands for."""
    words = [w for w in words if w not in ("?", "!", ".")]
    return len(words) == 3 and words[0] in ("who", "what") and words[1] in ("is", "was", "are", "were") \
        and words[2] in ("she", "he", "it", "they", "that", "this")


def question_sentence(toks: list[Tok]) -> int:
    """The sentence that asks: the last one ending in "?", else the last one with a wh-word, else the last."""
    sents = sorted({t.sent for t in toks if t.text not in (".", "?", "!", ";", ":")})
    if not sents:
        return 0
    asking = [s for s in sents if any(t.sent == s and t.text == "?" for t in toks)]
    if asking:
        last = [t.lower for t in toks if t.sent == asking[-1]]
        if asking[-1] > sents[0] and (all(w in CONFIRMING for w in last) or _who_is_it(last)):
            # "A says X. Is he right?": the claim is the question; "… the editor's assistant. Who is he?": what it
            # describes is asked
            return max(s for s in sents if s < asking[-1])
        return asking[-1]
    wh = [s for s in sents if any(t.sent == s and t.lower in ("who", "whom", "what", "which", "where", "when", "how")
                                  for t in toks)]
    return wh[-1] if wh else sents[-1]


def after_a_copula(toks: list[Tok], i: int) -> bool:
    """The token at `i` follows "is a" / "was an" outside a clause on "which" ("she is an author"): it says what
    someone is ("the town in which X is a resident" is no such phrase: the clause is on the town)."""
    return i >= 2 and toks[i - 1].lower in ("a", "an") and toks[i - 2].lemma == "be" and not in_relative_clause(toks, i)


def in_relative_clause(toks: list[Tok], i: int) -> bool:
    """A relative word ("which", "whom", "where", "whose") opens the clause the token at `i` is in."""
    for t in reversed(toks[max(0, i - 8):i]):
        if t.lower in (",", ";", "?", "."):
            return False
        if t.lower in ("which", "whom", "where", "whose"):
            return True
    return False
