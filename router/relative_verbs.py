"""Relative clauses whose verb is a hop of the chain ("the actress who starred in X", "the company that
acquired the maker of X"): the verb no phrase explains, with its head noun, becomes an open relation."""

from __future__ import annotations

from hopgraph.router.aspect import before_its_doing
from hopgraph.router.do_support import bare_verb_closes
from hopgraph.router.lexicon import Mention, Sense, covered
from hopgraph.router.heads import names_a_role
from hopgraph.router.located import clause_head, locates
from hopgraph.router.open_words import CHATTER, LIGHT_VERBS, STOP, says_nothing
from hopgraph.router.possessed import noun_before_of
from hopgraph.router.tokens import CLAUSE_BREAK, DO_FORMS, Tok
from hopgraph.router.vocab import answers_a_date

COPULAS = frozenset("be become remain seem stay turn serve".split())


def open_relative_verb(toks: list[Tok], mentions: list[Mention], at: int) -> list[Mention]:
    """ "the actress who starred in X", "the actor who voices Y in X": a verb no phrase explains, in a relative
    clause whose head noun comes before it and whose object or place is the anchor, is the anchor's own
    relation (the innermost hop). Its words are the head noun and the verb ("actress starred"), so the head
    says who the answer is (the verb's doer)."""
    for j in range(at - 1, 0, -1):
        t = toks[j]
        on_a_noun = t.lower == "which" and toks[j - 1].pos == "NOUN"  # "the firm which funded X", as "that"
        if t.lower in CLAUSE_BREAK or (t.lower in ("where", "which", "whom", "whose", "when") and not on_a_noun) \
                or any(m.start <= j < m.end for m in mentions):
            return []  # (the anchor's nearest clause is another: "the bomb that fell on the place where X …")
        if reduced_relative(toks, j, at):  # "the film starring X", "the institute carrying out X's study"
            return [Mention(j - 1, j + 1, f"{toks[j - 1].text} {t.text}", Sense(relation=f"{toks[j - 1].lower} {t.lower}"),
                            via="open")]
        if t.lower not in ("who", "that", "which") or toks[j - 1].pos not in ("NOUN", "") \
                or not toks[j - 1].lower.replace("-", "").isalpha():  # ("co-operative" is a word)
            continue
        if at >= 1 and toks[at - 1].lower in DO_FORMS:
            return []  # "Which charity that helps children did X found?": X is the main clause's subject, after "did"
        verbs = [v for v in toks[j + 1:at]
                 if v.pos == "VERB" and not says_nothing(v) and not before_its_doing(toks, v.i)]
        if verbs and (verbs[0].lemma in LIGHT_VERBS or verbs[0].lemma in COPULAS):
            return []  # "the cellist who became X's principal": the noun after the verb is the relation
        opener = next((x for x in toks[j + 1:at] if x.pos != "ADV"), toks[j + 1])  # "who now runs", "that still owns"
        if not verbs or opener.pos not in ("VERB", "AUX") or toks[j - 1].lower in STOP:
            return []
        verb = verbs[0]
        if toks[j - 1].lower in CHATTER:  # "Any idea who translated X?": no head noun, the verb alone
            return [Mention(verb.i, verb.i + 1, verb.text, Sense(relation=verb.lower), via="open")]
        k = j - 1  # "the engineering company that acquired X": the compound's nouns are the head's own
        while k > 1 and k > j - 3 and toks[k - 1].pos == "NOUN" and toks[k - 1].anchor < 0:
            k -= 1
        return [Mention(k, verb.i + 1, " ".join(x.text for x in toks[k:verb.i + 1]),
                        Sense(relation=" ".join(x.lower for x in toks[k:j]) + f" {verb.lower}"), via="open")]
    return []


def reduced_relative(toks: list[Tok], j: int, at: int) -> bool:
    """An active participle right after its head noun, with only particles, determiners and names between it
    and the anchor ("the film starring X", "the company carrying out the X study", "the actor playing Y in X"):
    a relative clause without its "that", so the head noun does the verb to the anchor."""
    t, head = toks[j], toks[j - 1]
    if t.pos != "VERB" or not t.lower.endswith("ing") or t.lemma in LIGHT_VERBS or t.lemma in COPULAS:
        return False
    if head.pos != "NOUN" or head.lower in STOP or not head.lower.isalpha():
        return False
    return all(x.pos in ("DET", "ADP", "PART") or x.anchor >= 0 for x in toks[j + 1:at])


def middle_relative_verbs(toks: list[Tok], mentions: list[Mention], at: int | None) -> list[Mention]:
    """ "the headquarters of the company that acquired the maker of X": a relative clause whose object is the
    next relation phrase of the chain (after only an article) is the hop between that phrase and its head
    noun ("company acquired" between "maker" and "headquarters")."""
    out: list[Mention] = []
    starts = {m.start for m in mentions if _leads_on(m)} | _located_heads(toks, mentions)
    used = covered(mentions)
    for j in range(1, len(toks) - 2):
        head, rel, verb = toks[j - 1], toks[j], toks[j + 1]
        if rel.lower not in ("who", "that", "which") or head.pos != "NOUN" or head.lower in STOP \
                or not head.lower.isalpha() or {j - 1, j, j + 1} & used:
            continue
        if verb.pos != "VERB" or verb.lemma in LIGHT_VERBS or verb.lemma in COPULAS or before_its_doing(toks, j + 1):
            continue
        k = j + 2
        while k < len(toks) and toks[k].pos == "DET":
            k += 1
        if k in starts and (at is None or k < at):
            out.append(Mention(j - 1, j + 2, f"{head.text} {rel.text} {verb.text}",
                               Sense(relation=f"{head.lower} {verb.lower}"), via="open"))
    return out


def _located_heads(toks: list[Tok], mentions: list[Mention]) -> set[int]:
    """ "the hall where X is based": the noun heading the relative clause of a located-in phrase stands for
    that phrase (where X lies), so a verb whose object it is acts on the phrase's answer."""
    heads = {clause_head(toks, m.start) for m in mentions if locates(m)}
    return heads - {-1}


def _leads_on(m: Mention) -> bool:
    """A phrase whose answer a verb can act on: a relation to a person, place or thing, not a date ("the
    premiere of X") nor a word the lexicon only frames."""
    rel = m.sense.relation
    return bool(rel) and not answers_a_date(rel)


_ARTICLES = frozenset("the a an this that these those".split())


def reduced_object_clause(toks: list[Tok], words: list[Tok], at: int | None) -> list[Tok]:
    """ "What year did the hotel X bought open?": an article, a noun, the name and a verb no phrase explains make
    a relative clause without its "that" (X bought the hotel). When the question asks more words of that noun
    after it, the clause is the chain's first hop. The clause's words among `words`, else none."""
    if at is None or at < 2 or at + 1 >= len(toks):
        return []
    head, verb = toks[at - 1], toks[at + 1]
    if head.pos != "NOUN" or toks[at - 2].lower not in _ARTICLES or verb.pos != "VERB" or verb not in words:
        return []
    if not any(t.i > verb.i for t in words):
        return []  # nothing else is asked: the clause is the whole question ("Which hotel did X buy?")
    return [t for t in words if t.i in (head.i, verb.i)]


def head_noun_after(toks: list[Tok], words: list[Tok], at: int | None) -> list[Tok]:
    """ "Which university did the Brekkum Cup winner attend?": a noun of a role no phrase explains right after the
    name, heading the noun phrase the name's article opens, names who stands in that role to the name (the
    winner of the cup), so it is the chain's first hop. The noun, else none."""
    if at is None or at < 1 or toks[at].possessive or toks[at - 1].lower not in _ARTICLES:
        return []
    after = toks[at + 1] if at + 1 < len(toks) else None
    if after is None or after not in words or (after.lemma or after.lower) not in ROLE_NOUNS:
        return []  # ("the X heater", "the X blade plant": the noun is the named thing's class, no hop)
    return [after]


def role_noun_before(toks: list[Tok], words: list[Tok], at: int | None) -> list[Tok]:
    """ "What instrument did the winner of the X Prize play?", "Which club did the captain of X join?": a role noun
    no phrase explains, after an article and before "of" (the, a year) the name, names who stands in that role to
    the name, so it is the chain's first hop, and the question's own words go on from it. The noun, else none."""
    if at is None or toks[at].possessive:
        return []
    k = noun_before_of(toks, at)
    noun = toks[k] if k is not None and k >= 1 else None
    if noun is None or noun not in words or toks[k - 1].lower not in _ARTICLES or noun.pos != "NOUN" \
            or not ((noun.lemma or noun.lower) in ROLE_NOUNS or names_a_role(noun.lower)):
        return []
    return [noun]


def nouns_of_the_name(toks: list[Tok], words: list[Tok], at: int | None) -> list[Tok]:
    """ "the councillor who abstained on the X bridge vote": nouns no phrase explains right after a name that an
    article opens, up to the end of its noun phrase, are what is named (a vote on X's bridge), and say nothing
    of what is asked after the chain. A role noun ("the X winner") is a hop of its own (`head_noun_after`)."""
    if at is None or at < 1 or toks[at].possessive or toks[at - 1].lower not in _ARTICLES:
        return []
    nouns = []
    j = at + 1
    while j < len(toks) and toks[j] in words and toks[j].pos in ("NOUN", "PROPN") and toks[j].anchor < 0 \
            and (toks[j].lemma or toks[j].lower) not in ROLE_NOUNS:
        nouns.append(toks[j])
        j += 1
    outside = j < len(toks) and toks[j].pos == "NOUN" and toks[j].anchor < 0  # ("… the X practice preside over?":
    # the bare verb a phrase reads, tagged a noun, closes the run itself)
    if nouns and not outside and bare_verb_closes(toks, j, at):
        nouns.pop()  # "Which ward does the councillor who … the X vote represent?": the bare verb "does" leaves last
    return nouns


#: Nouns of the role someone or something has in an event or a title named before them ("the X winner").
ROLE_NOUNS = frozenset("winner champion runner-up recipient laureate medallist medalist finalist holder host "
                       "organiser organizer sponsor nominee".split()) | \
    frozenset(w + "s" for w in "winner champion recipient laureate medallist medalist finalist holder host "
              "organiser organizer sponsor nominee".split())

