"""Reading a question's relation chain from its grammar (pure given the tokens).

The chain runs outward from the anchor entity. Whatever the construction, a relation phrase
nearer the anchor is an earlier hop, and the question's main predicate is the last one:

    "Where was the director of X born?"                  director (next to X), born (main) -> born_place
    "Who is the father of the person who directed X?"    directed (next to X), father
    "What is the birthplace of the man X married?"       married (next to X), birthplace
    "Which organisation employs the filmmaker behind X?" filmmaker, employs
    "X director birthplace"                              director, birthplace
    "X had a husband; where was he born?"                husband (context sentence), born (main)

The main predicate is a verb phrase after the anchor that is not inside the anchor's own relative
clause ("who directed X", "the man X married"). What the question asks (where / when / which
country …) picks the relation of the last phrase ("born" -> born_place or born_date).
The order of the hops is `hopgraph.router.mention_order`'s. Words nothing explains make an open relation
(`OPEN_BRIDGE` when there is no known relation at all), and lower the parse confidence.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hopgraph.router.asked import COUNTRY_NOUNS, PLACE_NOUNS, is_relative
from hopgraph.router.behind import behind_hop
from hopgraph.router.bound_nouns import bound_nouns, clause_heads
from hopgraph.router.by_phrase import done_by_chain
from hopgraph.router.clause_head import clause_kind, clause_noun, clause_nouns, heads_do_it
from hopgraph.router.coherence import where_a_body_is_from
from hopgraph.router.do_support import bare_verb_closes
from hopgraph.router.leading import asked_post
from hopgraph.router.lexicon import Mention, Sense
from hopgraph.router.located import located_part
from hopgraph.router.mention_order import main_predicate, order_mentions
from hopgraph.router.object_noun import asked_object_noun
from hopgraph.router.open_words import STOP, labelled_from, open_words
from hopgraph.router.open_answers import open_answers
from hopgraph.router.own_clause import clause_depth, in_own_clause
from hopgraph.router.possessed import RECORDS, possessed_class_nouns, possessed_roles, role_of_the_name
from hopgraph.router.repeated import two_steps
from hopgraph.router.question_verb import (asks_first, clause_on_unnamed, date_verb, free_main_verb, names_the_asked,
                                           owns_what_is_asked, placed_at_anchor,
                                           second_kind, second_question_words)
from hopgraph.router.relative_verbs import (head_noun_after, middle_relative_verbs, nouns_of_the_name,
                                            open_relative_verb, reduced_object_clause, role_noun_before)
from hopgraph.router.terse import compound_hops, role_runs, trailing_class_hop
from hopgraph.router.voice import by_anchor_clause
from hopgraph.router.tokens import POINTERS, Tok, modifying_gerund
from hopgraph.router.vocab import RELATIONS, answers_a_date
from hopgraph.router.where_it_is import where_it_is
from hopgraph.router.whose_clause import kin_did_it

#: Relations that make a work: asked "when", they mean the work's date ("When was X written?").
MAKERS = frozenset("director composer performer producer writer creator maker founder publisher".split())


@dataclass
class Chain:
    relations: list[str]
    open_words: list[str]
    open_after: bool  # some of those words come after the anchor (the question's own predicate)
    opens_unknown: bool  # the anchor's own predicate is a word no relation explains ("X starred in a …")
    via_meaning: bool  # a relation was matched by meaning, not by a known phrase
    composite: bool  # a kinship word stood for several relations ("grandmother")
    names_left: bool = False  # the question names another entity the chain does not use
    answers: dict[str, str] = field(default_factory=dict)  # open relation -> its clause head's kind (`open_answers`)
    nouns: dict[str, str] = field(default_factory=dict)  # relation -> its clause head's class noun (`clause_nouns`)
    main_verb: str = ""  # the question's own verb right after its wh-word, when no phrase explains it ("leads")
    post: str = ""  # the post the question names for the leader relation ("chairman"; `leading.asked_post`)
    date_verb: str = ""  # the verb of a date asked of a making ("founded" in "when was X founded"), not "released"
    part: str = ""  # the part of a country a located-in phrase asks for ("county"; `located.located_part`)
    open_first: bool = False  # the open words ask a first question, the relations a second one about its answer
    inner_words: list[str] = field(default_factory=list)  # open words of the anchor's own reduced passive clause
    # ("the chef backed by X"): the first hop
    later_words: list[str] = field(default_factory=list)  # open words of a second question asked of the first's answer
    lies_in: str = ""  # "In which town is the bakery X runs?": where the chain's answer lies (`where_it_is`)
    selects: bool = False  # "Which of X's sons …": the question picks one of what the chain reaches (`selects_one`)
    object_noun: str = ""  # "Which shop did X open?": the asked noun a known last relation reaches ("shop"), no hop
    asked_last: str = ""  # what a second question asks of the chain's end ("Who founded X, and when did she die?")
    names_asked: bool = False  # "Who was the chief executive appointed under …": the open words are the last hop
    done_by: list[str] = field(default_factory=list)  # "the museum run by <the chain's end>": a hop after the chain
    name_nouns: list[str] = field(default_factory=list)  # "the X bridge vote": what is named, no later hop's words


def anchor_position(toks: list[Tok], anchor: int) -> int | None:
    """Token index of the anchor, or of the pointer that stands for it ("its director", "directed it")."""
    for t in toks:
        if t.anchor == anchor:
            return t.i
    for t in toks:
        if t.anchor >= 0:
            return None  # another entity is named here; the anchor is not
    for t in toks:  # ("the company that made it": a relative "that" points at nothing)
        if t.lower in POINTERS and not (t.lower == "that" and is_relative(toks, t.i)):
            return t.i
    return None


def resolve(ordered: list[Mention], asked: str, toks: list[Tok] | None = None) -> list[str]:
    """Relation names of the ordered mentions: the last takes the asked kind, an inner one the kind of its
    clause's head; duplicates of one phrase run ("the filmmaker who directed") collapse; composites expand."""
    out: list[str] = []
    # "Who founded X, and where was she born?": the first question's phrases are asked as it asks, the last as the
    # second question asks
    second, later_kind = second_kind(toks) if toks is not None else (None, "")
    for n, m in enumerate(ordered):
        last = n == len(ordered) - 1
        kind = clause_kind(toks, m) if toks is not None else ""
        if later_kind and second is not None and not last and not kind and m.end <= second:
            kind = asked
        inner_kind = kind if not last else ""
        # a phrase in a who-clause says what its person did ("Where did the person who founded X grow up?"),
        # whatever the question asks of that person
        who_verb = toks is not None and m.start > 0 and toks[m.start - 1].lower in ("who", "whom")
        asked_here = "person" if last and kind == "person" and who_verb else asked
        if last and later_kind and second is not None and m.start > second:
            asked_here = later_kind
        # an inner verb of unknown kind names a place ("the city where X was born"), unless its clause's head does it
        inner = not last and not inner_kind and not (toks is not None and heads_do_it(toks, m))
        rels = list(m.sense.resolve(asked_here if last else inner_kind, inner=inner))
        facility = toks is not None and clause_noun(toks, m) not in ("", *PLACE_NOUNS, *COUNTRY_NOUNS)
        if (kind or (asked if last else "")) in ("country", "place") and rels and rels[-1] in MAKERS and m.sense.verb \
                and facility:
            rels[-1] = m.text.lower()  # "the studio where X was recorded": the place it was made, the verb's words
        elif (kind or (asked if last else "")) in ("country", "place") and rels and rels[-1] in MAKERS and m.sense.verb:
            rels[-1] = "country"  # "the country that produced X", "where was X made": where X comes from, not who
        elif not last and kind == "place" and rels and answers_a_date(rels[-1]) and m.via == "meaning":
            rels[-1] = m.text.lower()  # "the opera house where X premiered": a place, no date; the verb, open
        elif last and asked == "date" and rels and rels[-1] in MAKERS and m.sense.verb and asked_here != "person":
            rels[-1] = "release_date"  # "When was X written / built / founded?" (not "When did the man who founded
            # X join Y?": the who-clause says who he is; the date is of the verb after it)
        if rels == ["country"] and out and out[-1] in RELATIONS and RELATIONS[out[-1]].answer == "person":
            rels = ["nationality"]  # "the country of X's husband": a person's country is their nationality
        elif rels == ["born_place"] and m.sense.facets and toks is not None and m.text.lower() == "from" \
                and out and out[-1] in ("employer", "parent_org", "publisher", "maker"):
            rels = ["country"]  # "Where is X's employer from?": where a body comes from is where it lies
        # "the singer of the band behind X", "the person who led X now chairs which body?", "Who succeeded the man who
        # succeeded X?": two steps of one relation (a noun and its verb are one)
        joined = toks is not None and n > 0 and two_steps(toks, ordered[n - 1], m)
        for r in rels:
            if out and out[-1] == r and not m.sense.chain and r not in ("father", "mother", "parent", "child") \
                    and not joined:
                continue
            out.append(r)
    return out


def read_chain(toks: list[Tok], mentions: list[Mention], asked: str, anchor: int, wh: set[int],
               context: tuple[list[Tok], list[Mention]] | None = None, middle: list[str] | None = None) -> Chain:
    """The relation chain from `anchor` in the question sentence `toks` (and a context sentence whose
    mentions lead to what the question's pronoun stands for, then the `middle` relations a sentence between them
    goes on with, `context_sentence.middle_relations`)."""
    middle = middle or []
    at = anchor_position(toks, anchor)
    inner: list[str] = []
    if context is not None and not any(t.anchor == anchor for t in toks):
        ctoks, cments = context
        cat = anchor_position(ctoks, anchor)
        if cat is not None:  # "We're meeting the caterer that feeds X. Who runs it?": the caterer is its
            cments = cments + open_relative_verb(ctoks, cments, cat)
        if cat is not None and at is not None and toks[at].lower in ("it", "its") and ctoks[cat].possessive:
            # "… X's new library. Who designed it?": the library
            cments = cments + [m for m in possessed_class_nouns(ctoks, cments) if ctoks[m.end - 1].lower not in RECORDS]
            # ("I'm sorting X's archive. Who was its first secretary?": X's)
        if cat is not None:  # "X's coach retired. Who replaced him?": the coach
            cments = cments + role_of_the_name(ctoks, cments, cat)
        if cments and cat is not None:
            inner = resolve(order_mentions(ctoks, cments, cat), "", ctoks)
        inner += middle  # "… His daughter chairs it now. Who is she married to?": the daughter, next
    from_context = bool(inner)  # the question's pronoun stands for the context chain's answer, not the anchor
    if at is not None and not mentions:  # "Who audits the company that owns X?": the clause's verb is the first hop
        # ("the captain of the ship on which X made her measurements": the clause's words are)
        mentions = role_runs(toks, at) or open_relative_verb(toks, mentions, at) or \
            (_open_clause_predicate(toks, mentions, wh, at) if _after_preposition_which(toks, at) else [])
    elif at is not None:
        mentions = mentions + _open_clause_predicate(toks, mentions, wh, at) + open_relative_verb(toks, mentions, at)
        mentions = mentions + behind_hop(toks, mentions, at)  # "the studio behind X": what made X, first
        mentions = mentions + middle_relative_verbs(toks, mentions, at)
        mentions = mentions + possessed_class_nouns(toks, mentions)  # "X's company": a thing of X
        mentions = mentions + possessed_roles(toks, mentions)  # "the X laureate's student": someone of theirs
        mentions = mentions + compound_hops(toks, mentions, at)  # "X trust ceo": the trust of X, then its ceo
        mentions = mentions + trailing_class_hop(toks, mentions, at)  # "X founder company": a company of theirs
        heads = clause_heads(toks, mentions, at)  # "the designer who founded X": one hop, "founded"
        mentions = [m for m in mentions if m not in heads]
    ordered = order_mentions(toks, mentions, at)
    owned = _objects_owned(toks, ordered, at)  # "the firm that audits X's accounts": the accounts are audited
    if owned:
        first = ordered[0]
        ordered = [Mention(first.start, first.end, first.text, Sense(relation=f"{first.sense.relation} {' '.join(owned)}"),
                           via="open")] + ordered[1:]
    rels = inner + resolve(ordered, asked, toks)
    if ordered and at is not None and (extra := _asked_container(toks, ordered[-1], wh, at)):
        if rels[-1] == "country":  # "Which town is the firm X joined based in?": where it is based, asked as a town
            rels[-1] = extra
        else:
            rels.append(extra)  # "In what county is the city where X was born?": the county of that city
    elif rels and rels[-1] == "country" and ordered and at is not None \
            and (main_predicate(toks, [ordered[-1]], at) is ordered[-1] or _right_after_wh(toks, ordered[-1], wh)) \
            and (noun := _asked_part(toks, wh) or _asked_place_noun(toks, wh)):
        rels[-1] = noun  # "X lies in which county?", "Which city is home to X?": a county, a city is asked
        wh = wh | {t.i for t in toks if t.lower == noun and t.i == max(wh) + 1}  # ("which airport": no hop of its own)
    if asked == "country" and rels and rels[-1] != "country" and rels[-1] in RELATIONS \
            and RELATIONS[rels[-1]].answer == "place":
        rels.append("country")  # "What country is the birthplace of X in?": the country of that place
    answers = open_answers(toks, ordered)
    rels = where_a_body_is_from(rels, answers)  # "Which country is the company that owns X from?"
    object_noun = asked_object_noun(toks, wh, rels, ordered)  # "Which shop did X open?": the shop, no hop
    bound = bound_nouns(toks, mentions, at)  # "the candidate who won X's run-off": both nouns are the hop "won"
    part = located_part(toks, ordered) if rels.count("country") == 1 else ""
    free = [t for t in open_words(toks, mentions, wh) if t.lower not in POINTERS and t.i not in bound
            and not (owned and at is not None and t.i in range(at + 1, at + 1 + len(owned)))]
    inner = by_anchor_clause(toks, free, at) or reduced_object_clause(toks, free, at) \
        or head_noun_after(toks, free, at) or role_noun_before(toks, free, at)
    if asked == "school" and all(t in inner for t in free) and not _of_the_asked(toks, ordered) \
            and not _led_by_the_subject(toks, ordered, at) and (not rels or (rels[-1] in RELATIONS and RELATIONS[rels[-1]].answer == "person")):
        rels.append("education")  # "Which school did X's founder go to?": of a person, a school is where they studied
    after = at is not None and any(t.i > at for t in free)
    via = any(m.via == "meaning" for m in mentions)
    unknown = at is not None and any(t.i == at + 1 and t.pos in ("VERB", "") and t.lower.isalpha()
                                     and not modifying_gerund(toks, t.i) for t in free) \
        and not any(m.start == at + 1 or labelled_from(toks, at) - 3 <= m.end <= at for m in mentions) \
        and not from_context
    return Chain(rels, [t.lower for t in free], after, unknown, via, any(m.sense.chain for m in ordered),
                 answers=answers, nouns=clause_nouns(toks, ordered), main_verb=free_main_verb(toks, free, wh),
                 post=asked_post(toks, ordered), date_verb=date_verb(rels, ordered), part=part,
                 open_first=asks_first(toks, free, ordered, at) or placed_at_anchor(toks, free, ordered, at)
                 or owns_what_is_asked(toks, free, ordered, at) or kin_did_it(toks, free, ordered)
                 or clause_on_unnamed(toks, free, ordered, at),
                 later_words=second_question_words(toks, free, ordered),
                 inner_words=[t.lower for t in inner],
                 lies_in=where_it_is(toks, wh, at is None or main_predicate(toks, ordered, at) is not None),
                 selects=selects_one(toks), object_noun=object_noun, asked_last=second_kind(toks)[1],
                 names_asked=names_the_asked(toks, free, ordered),
                 done_by=[t.lower for t in done_by_chain(toks, free, ordered)],
                 name_nouns=[t.lower for t in nouns_of_the_name(toks, free, at)])


def _of_the_asked(toks: list[Tok], ordered: list[Mention]) -> bool:
    """ "Which school was X the headteacher of?": the last phrase's "of" ends the question, so the asked school is
    what that post is held at (the relation reaches it), not a school its holder went to."""
    if not ordered:
        return False
    end = max(m.end for m in ordered)
    return end < len(toks) and toks[end].lower == "of" and all(t.pos == "PUNCT" for t in toks[end + 1:])


def _led_by_the_subject(toks: list[Tok], ordered: list[Mention], at: int | None) -> bool:
    """ "X's daughter chaired the governors at which school?": the question's main verb is a leading one, so the
    asked school is the body its subject leads, not a school they went to."""
    if at is None or not ordered:
        return False
    last = ordered[-1]
    return last.sense.relation == "leader" and toks[last.start].pos == "VERB" and last.start > at \
        and not in_own_clause(toks, last, at)


def _objects_owned(toks: list[Tok], ordered: list[Mention], at: int | None) -> list[str]:
    """ "Who runs the firm that audits X's accounts?": the nouns X possesses, right after it, when the chain's first
    hop is an open clause verb ending before X. They are that verb's object, so they belong to its hop (the firm
    audits the accounts), not to a hop of their own after the rest; [] otherwise."""
    if at is None or not ordered or ordered[0].via != "open" or ordered[0].end > at \
            or not ordered[0].sense.relation or (at > 0 and toks[at - 1].lower == "by"):  # ("built by X's father")
        return []
    owner = at if toks[at].possessive else at + 1  # ("the X family's old bakery": the name and its class noun own it)
    if owner >= len(toks) or not toks[owner].possessive \
            or (owner > at and (toks[owner].pos != "NOUN" or toks[owner].anchor >= 0)):
        return []
    words = []
    for t in toks[owner + 1:]:  # ("X's clinical negligence claim": its adjectives too)
        if t.pos not in ("NOUN", "ADJ") or t.anchor >= 0 or t.lower in STOP:
            break
        words.append(t)
    if words and bare_verb_closes(toks, words[-1].i + 1, at):
        words.pop()  # ("… X's second stage win in 2009?": the bare verb "did" leaves last)
    while words and words[-1].pos != "NOUN":
        words.pop()
    return [t.lower for t in words]


def _open_clause_predicate(toks: list[Tok], mentions: list[Mention], wh: set[int], at: int) -> list[Mention]:
    """ "the film in which X made her stage debut": words right after the anchor inside its open relative
    clause are the clause's own (unknown) relation, the innermost hop."""
    if clause_depth(toks, mentions, at) == 0 or any(m.start == at + 1 for m in mentions):
        return []
    words = []
    for t in open_words(toks, mentions, wh):
        if t.i <= at or t.lower in POINTERS:
            continue
        if any(at < m.start < t.i for m in mentions):
            break
        words.append(t)
    if not words:
        return []
    return [Mention(at + 1, words[-1].i + 1, " ".join(t.text for t in words),
                    Sense(relation=" ".join(t.lower for t in words)), via="open")]


def _after_preposition_which(toks: list[Tok], at: int) -> bool:
    """ "the ship on which X …", "the man to whom X …": the anchor opens a clause about the noun before it."""
    return at >= 2 and toks[at - 1].lower in ("which", "whom") and toks[at - 2].pos == "ADP"


_CONTAINERS = frozenset("county state region province district country nation area municipality city town".split())


def _asked_part(toks: list[Tok], wh: set[int]) -> str:
    """The wh-noun when it names a part of a country ("which county", "what state"), else ""."""
    nouns = [toks[j].lower for j in sorted(wh) if toks[j].lower in _CONTAINERS - {"country", "nation"}]
    return nouns[0] if nouns else ""


def selects_one(toks: list[Tok]) -> bool:
    """ "Which of X's sons took over the mill?", "Who among her children …": the question opens by picking one of
    what a noun phrase names; the rest of the sentence says which, it is no further hop."""
    words = [t.lower for t in toks[:3]]
    return len(words) >= 2 and words[0] in ("which", "who") and (words[1] in ("of", "among") or words[1:3] == ["one", "of"])


def _asked_place_noun(toks: list[Tok], wh: set[int]) -> str:
    """ "Which airport is X based at?": the noun right after "which/what", when it is a plain noun (the kind of place
    asked where something lies); "" otherwise."""
    if not wh:
        return ""
    j = max(wh) + 1
    if j >= len(toks) or toks[j - 1].lower not in ("which", "what") or toks[j].pos != "NOUN" or toks[j].anchor >= 0:
        return ""
    return toks[j].lower


def _right_after_wh(toks: list[Tok], m: Mention, wh: set[int]) -> bool:
    """The phrase is the question's predicate right after its wh-phrase and "be" ("Which city is home to X?")."""
    return bool(wh) and m.start > max(wh) and all(t.pos == "AUX" for t in toks[max(wh) + 1:m.start])


def _asked_container(toks: list[Tok], last: Mention, wh: set[int], at: int) -> str:
    """The wh-noun ("what county") when it asks for what contains the head of the last phrase's clause
    ("the city where …") rather than for that head itself; "" otherwise."""
    nouns = [toks[j].lower for j in wh if toks[j].lower in _CONTAINERS]
    head = clause_kind(toks, last)
    if not nouns or not head or last.start < at and last.sense.verb is False:
        return ""
    if main_predicate(toks, [last], at) is last:
        return ""
    heads = [toks[j - 1].lower for j in range(1, last.start) if toks[j].lower in ("where", "that", "which")]
    if not heads or heads[-1] == nouns[0]:
        return ""
    return "country" if nouns[0] in ("country", "nation") else nouns[0]
