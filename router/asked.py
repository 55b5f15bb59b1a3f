"""What kind of answer a question asks for, from its wh-phrase (pure).

"Where …" asks a place, "When / in what year …" a date, "Who …" a person, "Which country …" a
country, "From which institution …" a school, "How did … die" a cause. Relative pronouns
("the person who directed X") are not wh-phrases: a wh-word right after a noun opens a clause.
Terse queries have no wh-phrase; their last relation noun says what is asked.
"""

from __future__ import annotations

from hopgraph.router.lexicon import PHRASES, is_relation_verb, word_sense
from hopgraph.router.object_noun import object_of_do_question
from hopgraph.router.spans import KIND_WORDS
from hopgraph.router.tokens import DO_FORMS, Tok
from hopgraph.router.vocab import RELATIONS

PLACE_NOUNS = frozenset("city town village place location state region area county province municipality "
                        "district borough island neighbourhood neighborhood".split())
COUNTRY_NOUNS = frozenset("country nation nationality countries nations".split())
TIME_NOUNS = frozenset("year date day month decade century time era age".split())
PERSON_NOUNS = frozenset("person man woman individual people men women one guy lady who".split())
SCHOOL_NOUNS = frozenset("school university college institution academy institute conservatory seminary".split())
AWARD_NOUNS = frozenset("award prize honour honor medal accolade".split())
THING_NOUNS = frozenset("company organisation organization label firm studio publisher band group".split())
CAUSE_NOUNS = frozenset("cause illness disease reason".split())

WH = frozenset("who whom whose what which where when how why".split())


def noun_kind(word: str) -> str:
    for kind, nouns in (("place", PLACE_NOUNS), ("country", COUNTRY_NOUNS), ("date", TIME_NOUNS),
                        ("person", PERSON_NOUNS), ("school", SCHOOL_NOUNS), ("award", AWARD_NOUNS),
                        ("thing", THING_NOUNS), ("cause", CAUSE_NOUNS)):
        if word in nouns or word.rstrip("s") in nouns:
            return kind
    return ""


def is_relative(toks: list[Tok], i: int) -> bool:
    """A wh-word right after a noun or a name opens a relative clause, not a question."""
    if i == 0:
        return False
    prev = toks[i - 1]
    if toks[i].lower in ("which", "what") and (_asked_in_place_after(toks, i) or _asked_after_a_preposition(toks, i)):
        return False  # "X's husband chairs which society?": no clause follows, the object is asked where it stands
    if prev.anchor >= 0 or prev.pos in ("NOUN", "PROPN"):
        return True
    if prev.lower in ("from", "in", "of", "at", "by", "to", "on", "for", "with", "about", "during"):
        return i >= 2 and is_relative(toks, i - 1)  # "the film in which …" is a clause, "From which …" asks
    return not prev.pos and bool(noun_kind(prev.lower) or prev.lower in PHRASES or prev.lower in KIND_WORDS)


def _asked_in_place_after(toks: list[Tok], i: int) -> bool:
    """Only a run of nouns (and their adjectives) follows the wh-word at `i` to the end, and a word before it can be
    a relation verb whatever its tag ("chairs which society?"): no relative clause, which would need a verb."""
    rest = [t for t in toks[i + 1:] if t.pos != "PUNCT"]
    return bool(rest) and all(t.pos in ("NOUN", "ADJ") and t.anchor < 0 for t in rest) and rest[-1].pos == "NOUN" \
        and is_relation_verb(toks[i - 1])


def _asked_after_a_preposition(toks: list[Tok], i: int) -> bool:
    """ "X was in command of which ferry?": a preposition, the wh-word, and only its noun to the end (no clause)."""
    rest = [t for t in toks[i + 1:] if t.pos != "PUNCT"]
    return toks[i - 1].pos == "ADP" and bool(rest) and (
        all(t.pos in ("NOUN", "ADJ") and t.anchor < 0 for t in rest) and rest[-1].pos == "NOUN"
        or (len(rest) == 1 and _noun_tagged_a_verb(toks, i + 1)))


def asked_kind(toks: list[Tok]) -> tuple[str, set[int]]:
    """(kind of answer, token indexes of the wh-phrase). Kind: place | date | person | country | school |
    award | thing | cause | "" (not said)."""
    for t in toks:
        if t.lower not in WH or is_relative(toks, t.i) or _aside(toks, t.i):
            continue
        nxt = toks[t.i + 1] if t.i + 1 < len(toks) else None
        used = {t.i}
        if t.lower == "where":
            return "place", used
        if t.lower == "when":
            return "date", used
        if t.lower in ("who", "whom"):
            return "person", used
        if t.lower == "why":
            return "cause", used
        if t.lower == "how":
            if nxt is not None and nxt.lower in ("old", "long", "young"):
                return "date", used | {nxt.i}
            if nxt is not None and nxt.lower in ("many", "much"):
                return "", used | {nxt.i}  # a count or an amount: no kind the vocabulary answers
            return "cause", used
        # which / what (+ kind of) + noun
        j = t.i + 1
        while j < len(toks) and toks[j].lower in ("kind", "type", "sort", "of"):
            used.add(j)
            j += 1
        if _copula_head(toks, j):  # "What is the award that X won?" asks as "What award did X win?"
            used |= {j, j + 1}
            j += 2
        if j < len(toks) and (kind := noun_kind(toks[j].lower)):
            # "what nationality", "which award": the noun names the relation too, so it stays a mention
            # ("which country" only asks the kind: the verb says which country, "from" or "located in")
            return kind, used | ({j} if toks[j].lower not in PHRASES or toks[j].lower in ("country", "nation") else set())
        if (run := noun_run(toks, j)) and (kind := noun_kind(toks[run[-1]].lower)):
            return kind, used  # "what record label": the last noun of the phrase says the kind
        if t.lower == "whose":
            return "", used
        if object_of_do_question(toks, t.i, j):  # "Which shop did X open?": a thing, the verb's object
            return "thing", used
        if not run and _asked_in_place_after(toks, t.i):
            run = list(range(j, len(toks)))  # (a terse query's last words: "… husband chairs which society")
        if t.i > 0 and run and all(x.pos == "PUNCT" for x in toks[run[-1] + 1:]) \
                and (toks[t.i - 1].pos in ("VERB", "ADP") or is_relation_verb(toks[t.i - 1])) \
                and not any(toks[k].lower in PHRASES for k in run):
            return "", used | set(run)  # "X now chairs which trust?": the asked noun, left in place, is no hop
        return "", used
    # no wh-phrase ("… born in which town", terse queries): a kind noun after "which/what" anywhere
    for t in toks:
        if t.lower in ("which", "what") and t.i + 1 < len(toks) and (kind := noun_kind(toks[t.i + 1].lower)):
            return kind, {t.i, t.i + 1}
    dated = terse_date(toks)
    return ("date", dated) if dated else _terse_school(toks)


#: Nouns a terse query asks a date with ("X founded year", "X birth date").
DATE_NOUNS = frozenset("year date".split())


def terse_date(toks: list[Tok]) -> set[int]:
    """ "X founded year", "year X opened", "Y father born year": a query with no verb of its own ("be", "do",
    "have") that says "year" or "date" outside a name asks a date; the index of that word, else none."""
    if has_auxiliary(toks):
        return set()
    words = [t for t in toks if t.pos != "PUNCT"]
    at = [t.i for t in words if t.lower in DATE_NOUNS and t.anchor < 0]
    if len(at) != 1 or not words:
        return set()
    i, last = at[0], words[-1].i
    # where a query asks: first, last, or before a closing participle ("X year founded"); in the middle the year
    # qualifies ("X chair year founder died": who chaired then), and a phrase may end on it ("release year")
    asks = i in (words[0].i, last) or (i == last - 1 and toks[last].pos == "VERB")
    phrase = i > 0 and f"{toks[i - 1].lemma or toks[i - 1].lower} {toks[i].lower}" in PHRASES
    return {i} if asks and not phrase else set()


def has_auxiliary(toks: list[Tok]) -> bool:
    """The question has a verb "be", "do" or "have" of its own: no terse query."""
    return any(t.pos == "AUX" or t.lemma in ("be", "do", "have") for t in toks)


def _terse_school(toks: list[Tok]) -> tuple[str, set[int]]:
    """ "X founder school", "X ceo university": a terse query (no verb) ending on a school noun asks which
    school, of what comes before it; ("", set()) otherwise."""
    words = [t for t in toks if t.pos != "PUNCT" and t.text not in "?.!"]
    if len(words) < 3 or any(t.pos in ("VERB", "AUX") for t in words) or words[-1].anchor >= 0 \
            or words[-1].lower not in SCHOOL_NOUNS:
        return "", set()
    return "school", {words[-1].i}


def _copula_head(toks: list[Tok], j: int) -> bool:
    """ "is the <kind noun> that/which/who …" at `j` right after the wh-word: the noun heads the clause the
    question asks about, as the noun of "what <noun>" does."""
    if j + 3 >= len(toks) or toks[j].lower not in ("is", "was", "are", "were") or toks[j + 1].lower not in ("the", "a", "an"):
        return False
    return bool(noun_kind(toks[j + 2].lower)) and toks[j + 3].lower in ("that", "which", "who", "whom", "where")


def _aside(toks: list[Tok], i: int) -> bool:
    """ "…, who died on which date?": a wh-word after a comma opens a clause about the name before it when
    a later "which/what <kind noun>" is what the question asks."""
    if i < 2 or toks[i - 1].lower != "," or toks[i].lower not in ("who", "which"):
        return False
    return any(t.lower in ("which", "what") and t.i + 1 < len(toks) and noun_kind(toks[t.i + 1].lower)
               for t in toks[i + 1:])


def noun_run(toks: list[Tok], j: int) -> list[int]:
    """Indexes of the nouns (and adjectives before them) from `j` on ("record label"), when a word follows them."""
    end = j
    while end < len(toks) - 1 and toks[end].pos in ("NOUN", "ADJ") and toks[end].anchor < 0:
        end += 1
    if end == j and _noun_tagged_a_verb(toks, j):
        return [j]
    return list(range(j, end)) if end > j and toks[end - 1].pos == "NOUN" else []


def _noun_tagged_a_verb(toks: list[Tok], j: int) -> bool:
    """ "… in command of which ferry?": the word after a "which" that ends the question is its noun, whatever the
    tagger says ("ferry", "pilot" as verbs)."""
    return 0 < j < len(toks) - 1 and toks[j - 1].lower == "which" and toks[j].pos == "VERB" and toks[j].anchor < 0 \
        and not toks[j].lower.endswith(("ed", "ing")) and all(t.pos == "PUNCT" for t in toks[j + 1:])


def kind_only(toks: list[Tok], mentions: list, wh: set[int]) -> list:
    """ "Which label released X?", "Which band came together first?": a relation noun of the wh-phrase whose
    verb comes right after it is that verb's subject. It only says what kind the answer is; the verb says the
    relation, so the two are one hop. The noun mentions to drop (none when no verb follows: "Which award did
    X win?", "What nationality is X?")."""
    out = []
    for m in mentions:
        if m.sense.verb or m.start < 1 or toks[m.start - 1].lower not in ("which", "what") or (m.start - 1) not in wh \
                or any(t.possessive for t in toks[m.start:m.end]):  # "which film's director died": the director's
            continue
        run = noun_run(toks, m.start)
        after = run[-1] + 1 if run else m.end
        if after >= m.end and any(v.start == after and v.sense.verb and toks[after].pos == "VERB"
                                  and toks[after].lemma not in ("do", "be", "have") for v in mentions):
            out.append(m)
    return out



def own_verb(toks: list[Tok], mentions: list, wh: set[int]) -> set[int]:
    """ "Which label signed X?", "What label signed the band that …?": a verb no phrase knows, between the asked
    relation noun and its object (a name, or a noun phrase the chain leads to), says how the noun's relation came
    about; it is no hop of its own (the label of X). Its token index, or an empty set."""
    for m in mentions:
        if m.sense.verb or m.start < 1 or (m.start - 1) not in wh or toks[m.start - 1].lower not in ("which", "what"):
            continue
        after = m.end
        if after + 1 >= len(toks) or toks[after].pos != "VERB" or toks[after].lemma in ("do", "be", "have") \
                or any(v.start == after for v in mentions):
            continue
        nxt = toks[after + 1]
        if nxt.anchor >= 0 or nxt.lower in ("the", "a", "an", "its", "their", "his", "her"):  # its object: the chain
            return {after}
    return set()


def stranded_verb(toks: list[Tok], mentions: list, wh: set[int]) -> set[int]:
    """ "What job did she move to in 2021?", "What line of work had he once followed?": the question's main verb,
    left without its object (or its preposition's), takes the fronted wh-phrase as that object; when the
    wh-phrase's noun is a relation ("job": the occupation), the verb only says how that came about, no hop of
    its own. Its token index, or an empty set."""
    for m in mentions:
        if m.sense.verb or m.start < 1 or (m.start - 1) not in wh or toks[m.start - 1].lower not in ("which", "what") \
                or m.end >= len(toks) or toks[m.end].lower not in DO_FORMS | _HAVE_FORMS:
            continue
        if toks[m.end].lower in DO_FORMS:
            # bare after "did" ("did the woman who managed X move"; not the clause's "managed")
            v = next((t.i for t in toks[m.end + 1:-1] if t.pos == "VERB" and t.lower == t.lemma), None)
            objectless = v is not None and toks[v + 1].pos == "ADP" \
                and (v + 2 >= len(toks) or toks[v + 2].pos in ("ADP", "PUNCT"))
        else:  # the last participle after "had" ("had the man X replaced once followed")
            v = next((t.i for t in reversed(toks[m.end + 1:]) if t.pos == "VERB"), None)
            objectless = v is not None and only_when_after(toks[v + 1:])
        if objectless and not any(n.start <= v < n.end for n in mentions):
            return {v}
    return set()


_HAVE_FORMS = frozenset(("had", "has", "have"))


def only_when_after(rest: list[Tok]) -> bool:
    """Nothing but the end, adverbs or a time phrase ("in 2019") follows: the verb has no object of its own."""
    for k, t in enumerate(rest):
        if t.pos in ("PUNCT", "ADV", "NUM") or (t.pos == "ADP" and k + 1 < len(rest) and rest[k + 1].pos == "NUM"):
            continue
        return False
    return True


def subject_noun(toks: list[Tok], mentions: list, wh: set[int]) -> set[int]:
    """ "Which trust runs X?", "Which restaurant employs X?": a plain noun right after "which/what" whose verb, a
    known relation phrase, follows it is that verb's subject: it says what kind the answer is, no hop of its own. A verb
    that asks a place ("Which desert lies at X?") keeps its noun: the noun names the kind of place asked. Its token
    index, or an empty set."""
    if not wh:
        return set()
    j = max(wh) + 1
    if j + 1 >= len(toks) or toks[j - 1].lower not in ("which", "what") or toks[j].pos != "NOUN" or toks[j].anchor >= 0 \
            or any(m.start <= j < m.end for m in mentions):
        return set()
    verb = next((m for m in mentions if m.start == j + 1), None)
    if verb is None or verb.via == "open" or not verb.sense.verb or toks[j + 1].pos != "VERB" or toks[j + 1].lemma in ("do", "be", "have"):
        return set()
    relation = (verb.sense.resolve() or ("",))[-1]
    if relation in RELATIONS and RELATIONS[relation].answer == "place":
        return set()
    return {j}


def said_again(toks: list[Tok], mentions: list, wh: set[int]) -> set[int]:
    """ "Which award did the charity founded by X win?": the relation noun of the wh-phrase names the relation
    a later phrase of the question says again; the noun is the kind asked, the later phrase the hop. The noun's
    token index, or an empty set."""
    which = next((i for i in sorted(wh) if toks[i].lower in ("which", "what")), None)
    if which is None or which + 1 >= len(toks) or toks[which + 1].pos != "NOUN":
        return set()
    j = which + 1
    sense = word_sense(toks[j])
    if sense is None or not sense.relation:
        return set()
    again = any(m.start > j + 1 and m.sense.relation == sense.relation for m in mentions)
    # "Which publisher does X's editor work at?", "Which director did X's sister marry?": a later verb's relation
    # answers the same kind of thing (a body, a person), so the noun is the kind its answer is
    kind = _answer_group(sense.relation)
    of_it = j + 1 < len(toks) and toks[j + 1].lower == "of"  # ("Which founder of X …": a relation of X)
    in_situ = which > 0 and toks[which - 1].pos in ("VERB", "ADP")  # "X's editor works at which publisher?"
    verb_says = not of_it and kind != "" and any(
        (m.start > j + 1 or (in_situ and m.end <= which)) and m.sense.verb and toks[m.start].pos == "VERB" and
        _answer_group((m.sense.resolve() or ("",))[-1]) == kind for m in mentions)
    return {j} if again or verb_says or _object_of_did(toks, j, sense.relation) else set()


def _object_of_did(toks: list[Tok], j: int, relation: str) -> bool:
    """ "Which label did X end up leading?", "What label did X found?": a wh-phrase before "did" and a subject is
    the object of the verb that follows, so its noun only says what kind the answer is; that verb, known or not,
    is the hop. A noun asking a place keeps its hop ("Which country did X represent?" asks X's country), and so
    does one its verb says again ("Which prize did X win?": the prize won)."""
    spec = RELATIONS.get(relation)
    if j + 2 >= len(toks) or toks[j + 1].lower not in DO_FORMS or spec is None or spec.answer in ("place", "date"):
        return False
    rest = toks[j + 2:]  # (a verb the tagger reads as a noun, "… win?", still says the noun's relation)
    if any(t.lemma in spec.predicates or t.lower in spec.predicates for t in rest):
        return False
    return any(t.pos == "VERB" and t.lemma not in ("do", "be", "have") for t in rest)


#: Relations whose answer is a body (an organisation): the maker, the publisher, the employer, the parent.
_BODY_ANSWERS = frozenset("maker publisher employer parent_org".split())


def _answer_group(relation: str) -> str:
    """ "person" or "body" for a relation answered by one, else ""."""
    if relation in _BODY_ANSWERS:
        return "body"
    return "person" if relation in RELATIONS and RELATIONS[relation].answer == "person" else ""


_ORDER_ADVERBS = frozenset("first earliest last latest".split())


def picked_by_date(toks: list[Tok]) -> bool:
    """ "Which of X's founders was born first?": a verb with a date ("born", "founded", "released") right before an
    order adverb ending the question picks one of several holders by that date, so a date is asked of them."""
    for t in toks[:-1]:
        nxt = toks[t.i + 1]
        ends = all(x.pos == "PUNCT" for x in toks[t.i + 2:])
        sense = PHRASES.get(t.lemma) or PHRASES.get(t.lower)
        if t.pos == "VERB" and nxt.lower in _ORDER_ADVERBS and ends and sense is not None \
                and "date" in dict(sense.facets):
            return True
    return False
