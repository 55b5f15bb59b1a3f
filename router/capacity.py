"""The capacity a verb's named object is in ("Who replaced X as head of finance?") (pure).

"as" right after a name opens a phrase that says in which role the verb acts on it: "replaced X as head of
finance", "the person who succeeded X as treasurer". The post it names is no hop of the chain (the head of
finance is not asked of X); it says which of the verb's facts is meant, so its words qualify the search from X.
"""

from __future__ import annotations

from dataclasses import replace

from hopgraph.router.asked import WH
from hopgraph.router.heads import names_a_role
from hopgraph.router.lexicon import LEADER_POSTS, PHRASES, is_relation_verb
from hopgraph.router.tokens import (CLAUSE_BREAK, DO_FORMS, POSSESSIVE_DETERMINERS, RELATIVE_WORDS, Tok,
                                     modifying_gerund, renumber)

#: Words after which a name in a capacity phrase is the body of the post ("as chair of Y", "as head at the Y").
_BEFORE_A_BODY = frozenset("of at the".split())
#: Verbs of taking or holding a post, whose "as" phrase names the post ("Who did X succeed as chair?").
_POST_VERBS = frozenset("succeed replace follow precede serve join hire appoint recruit employ".split())
#: Nouns of who held a post before or after someone, whose "as" phrase names the post ("X's successor as chair").
_SUCCESSION_NOUNS = frozenset("successor successors predecessor predecessors replacement".split())
#: Parts of speech inside a capacity phrase ("as the new head of finance").
_PHRASE_POS = frozenset("DET ADJ NOUN PROPN ADP NUM".split())


def without_capacity(toks: list[Tok]) -> tuple[list[Tok], list[str]]:
    """The tokens without the words of an "as …" phrase right after the question's one name or its verb (besides a body the
    phrase names: "as chair of Y"), renumbered, and those words (its nouns, adjectives and names); unchanged
    and no words when there is none. "at the head of Y" and "at the helm of Y" say the same as "as head of Y"."""
    toks = _at_the_head_as_head(toks)
    if (terse := _terse_post(toks)) is not None:
        return terse  # "X successor editor birthplace": the successor as editor
    for t in toks[1:-1]:
        in_post = t.lower == "in" and (_named(toks, t.i - 1) or _pointed_object(toks, t.i - 1)) and t.i >= 2 \
            and toks[t.i - 2].lemma in _POST_VERBS and _names_a_post(toks, t.i + 1)  # "succeeded X in the finance
        # chair", "replaced her in that job"
        succession = toks[t.i - 1].lower in _SUCCESSION_NOUNS and t.i >= 2 and toks[t.i - 2].anchor >= 0 \
            and toks[t.i - 2].possessive  # "X's successor as director"
        stranded = t.lower == "as" and (_stranded_post_verb(toks, t.i - 1)  # "Who did the X journalist replace as editor?"
                                        or _after_post_verbs_object(toks, t.i))
        # "Who succeeded him as its principal?"
        pointed = (t.lower == "as" or in_post) and _pointed_object(toks, t.i - 1)
        if not in_post and not stranded and not pointed and (t.lower != "as" or not (
                _named(toks, t.i - 1) or succession or _took_over(toks, t.i)
                or (toks[t.i - 1].lemma in _POST_VERBS and _named(toks, t.i - 2)))):
            continue  # ("replaced X as chair", "Who did X succeed as chair?"; "did X live as a child": no post)
        end = t.i + 1
        hired = stranded or (t.i >= 2 and toks[t.i - 2].lemma in _POST_VERBS) or _asks_post_verbs_object(toks)
        # ("hired X as its …", "Who succeeded the woman who founded X as its chair?": a capacity; "had X as its
        # chairman" says the post itself)
        while end < len(toks) and toks[end].lower not in CLAUSE_BREAK and toks[end].lower != "from" \
                and (toks[end].pos in _PHRASE_POS or (end == t.i + 1 and toks[end].lower in POSSESSIVE_DETERMINERS and hired)
                     or modifying_gerund(toks, end)) \
                and (toks[end].anchor < 0 or toks[end - 1].lower in _BEFORE_A_BODY
                     or (end == t.i + 1 and (toks[end].possessive or _role_noun(toks, end + 1)))):
            end += 1  # ("as chair of the Y", "as Y's chair", "as Y boss": the body whose chair; "as managing director")
        outside = {u.anchor for u in toks[:t.i + 1] + toks[end:] if u.anchor >= 0}
        if (len(outside) != 1 and not (stranded and outside) and not (pointed and not outside)) \
                or any(u.anchor in outside for u in toks[t.i + 1:end]):
            return toks, []  # ("Who took up the post first, X as chair or Y as treasurer?": the posts are compared)
        if pointed and not in_post and any(u.lower in ("that", "this", "these", "those") for u in toks[t.i + 1:end]):
            continue  # ("replaced him as head at that school": the school points back to a hop of its own; "in that
            # job" points back at the post itself)
        if stranded and end < len(toks) and toks[end].lower in RELATIVE_WORDS:
            # "succeeded the founder as chair of the charity that …": the clause says whose founder; the post alone
            # is the capacity ("succeeded the founder of the charity that …")
            of = next((u.i for u in toks[t.i + 1:end] if u.lower == "of"), None)
            post = [u.lower for u in toks[t.i + 1:of]] if of is not None else []
            verb = max((u.i for u in toks[:t.i] if u.lemma in _POST_VERBS), default=t.i)
            unnamed = all(u.anchor < 0 for u in toks[verb:t.i])  # ("succeeded X's sister as chair of …": hers)
            if post and unnamed and toks[t.i - 1].pos == "NOUN" \
                    and all(u.pos in ("NOUN", "ADJ") for u in toks[t.i + 1:of]):
                return renumber(toks[:t.i] + toks[of:]), post
            continue
        if end > t.i + 2 and _bare_verb_last(toks, end - 1):
            end -= 1  # "Where did the person who replaced X as treasurer study?": "study" is the question's verb
        words = [u.lower for u in toks[t.i + 1:end] if u.pos in ("NOUN", "ADJ", "PROPN")]
        if not words or not any(u.pos == "NOUN" or names_a_role(u.lower) for u in toks[t.i + 1:end]):
            continue  # (a post the tagger reads as an adjective is still a post: "as principal")
        keep_as = end >= len(toks) or toks[end].lower != "from"  # ("took over as chair from X": "took over from X")
        return renumber(toks[:t.i + keep_as] + toks[end:]), words  # ("as" stays: the name takes no noun after it)
    return toks, []


def _terse_post(toks: list[Tok]) -> tuple[list[Tok], list[str]] | None:
    """A terse query's post right after a succession noun that follows the name ("X successor editor grew up
    where", "X predecessor chair birthplace"): the post the successor took, no hop; None when there is none."""
    for t in toks[1:-1]:
        nxt = toks[t.i + 1]
        if t.lower in _SUCCESSION_NOUNS and toks[t.i - 1].anchor >= 0 and nxt.pos == "NOUN" and nxt.anchor < 0 \
                and _a_post(nxt.lower) and not any(u.lower in WH for u in toks[:t.i]):
            end = t.i + 2
            if end + 1 < len(toks) and toks[end].lower == "of" and toks[end + 1].pos == "NOUN":
                end += 2  # ("predecessor head of chambers": the whole post; what follows is asked of the predecessor)
            return renumber(toks[:t.i + 1] + toks[end:]), [u.lower for u in toks[t.i + 1:end] if u.pos == "NOUN"]
    return None


def _a_post(word: str) -> bool:
    """A post someone holds: a leader's ("chair", "head") or a role the lexicon reads no relation of ("editor",
    "treasurer"); not a relation noun ("employer", "founder")."""
    return word in LEADER_POSTS or word == "director" or (names_a_role(word) and word not in PHRASES)


def _took_over(toks: list[Tok], i: int) -> bool:
    """The "as" at `i` follows "take over" or a "take over from" whose "from" is left without its object: "Who
    took over as manager from X?", "Who did X take over from as manager?"."""
    before = [u.lower for u in toks[max(0, i - 2):i]]
    if before == ["over", "from"]:
        return i >= 3 and toks[i - 3].lemma == "take"
    return before[-1:] == ["over"] and i >= 2 and toks[i - 2].lemma == "take"


def _after_post_verbs_object(toks: list[Tok], i: int) -> bool:
    """The "as" at `i` follows a verb of taking a post and its object, a noun phrase ("succeeded the sister of X's
    first chairman as manager"): no other verb or clause between."""
    j = i - 1
    while j >= 0 and (toks[j].anchor >= 0 or toks[j].pos in ("DET", "NOUN", "ADJ", "ADP", "PROPN", "NUM")) \
            and toks[j].lower not in CLAUSE_BREAK:
        j -= 1
    return 0 <= j < i - 1 and toks[j].pos == "VERB" and toks[j].lemma in _POST_VERBS


def _asks_post_verbs_object(toks: list[Tok]) -> bool:
    """The question asks the subject of a verb of taking a post ("Who succeeded …", "Who replaced …"): an "as"
    phrase after its object, however long, names the post."""
    return len(toks) > 2 and toks[0].lower in ("who", "whom") and toks[1].lemma in _POST_VERBS and toks[1].pos == "VERB"


def _stranded_post_verb(toks: list[Tok], i: int) -> bool:
    """Token `i` is a verb of taking a post whose object the question asks with "do" ("Who did the man on the
    panel later replace"): its "as" phrase names the post, whoever the subject is."""
    return i >= 2 and toks[i].lemma in _POST_VERBS and toks[i].pos == "VERB" \
        and toks[0].lower in ("who", "whom") and any(u.lower in DO_FORMS for u in toks[1:i])


def without_taken_post(toks: list[Tok]) -> tuple[list[Tok], list[str]]:
    """The tokens of "took the branch job over from X" or "took over the shop from X" as "took over from X", and the
    nouns and adjectives of the thing taken over: it is the post or the business X held, so its words only say
    in which capacity X was succeeded (no hop "the job of X"). Unchanged and no words when there is no such
    phrase (a named object is no post: "took over Y from X" is bought from X)."""
    for t in toks:
        if t.lemma != "take" or t.pos not in ("VERB", "AUX"):
            continue
        over_first = t.i + 1 < len(toks) and toks[t.i + 1].lower == "over"
        start = k = t.i + 1 + over_first
        if over_first and (held := _post_of(toks, start)) is not None:
            return held
        if k < len(toks) and (toks[k].pos == "DET" or toks[k].lower in POSSESSIVE_DETERMINERS):
            k += 1
        while k < len(toks) and toks[k].anchor < 0 and toks[k].pos in ("ADJ", "NOUN"):
            k += 1
        if toks[k - 1].pos != "NOUN" or toks[k - 1].anchor >= 0:
            continue  # ("took over Y from X", "took over from X": no thing taken between)
        over_after = not over_first and k < len(toks) and toks[k].lower == "over"
        at_from = k + over_after
        if not (over_first or over_after) or at_from >= len(toks) or toks[at_from].lower != "from":
            continue
        over = toks[k] if over_after else toks[t.i + 1]
        words = [u.lower for u in toks[start:k] if u.pos in ("ADJ", "NOUN")]
        return renumber(toks[:t.i + 1] + [over] + toks[at_from:]), words
    return toks, []


#: Object pronouns of the possessive determiners ("took over his post": took over from him).
_HOLDERS = {"his": "him", "her": "her", "their": "them"}


def _post_of(toks: list[Tok], i: int) -> tuple[list[Tok], list[str]] | None:
    """ "took over his post", "took over X's job" (the possessive at `i`): the tokens as "took over from him",
    "took over from X", and the post noun; None when `i` holds no possessive before a post noun."""
    if i + 1 >= len(toks) or toks[i + 1].lower not in _POST_HEADS or (i + 2 < len(toks) and toks[i + 2].lower == "from"):
        return None
    owner = toks[i]
    if owner.lower in _HOLDERS and owner.sent > 0:  # (a pronoun points back at an earlier sentence's person)
        pronoun = _HOLDERS[owner.lower]
        holder = replace(owner, text=pronoun, lower=pronoun, lemma=pronoun, pos="PRON", anchor=-1, possessive=False)
    elif owner.anchor >= 0 and owner.possessive:
        holder = replace(owner, possessive=False)
    else:
        return None
    before = replace(owner, text="from", lower="from", lemma="from", pos="ADP", anchor=-1, possessive=False)
    return renumber(toks[:i] + [before, holder] + toks[i + 2:]), [toks[i + 1].lower]


#: Nouns that name a post as a place to be in ("in the finance chair", "in the role of treasurer").
_POST_HEADS = frozenset("chair post role job seat position office".split())


def _role_noun(toks: list[Tok], i: int) -> bool:
    """The word at `i` is a noun naming a post ("boss", "chairman", "head coach")."""
    return i < len(toks) and toks[i].pos == "NOUN" and toks[i].anchor < 0 \
        and (names_a_role(toks[i].lower) or toks[i].lower in _POST_HEADS)


def _names_a_post(toks: list[Tok], i: int) -> bool:
    """The words from `i` are a determiner, nouns or adjectives and a post noun ("the finance chair", "her post")."""
    if i >= len(toks) or toks[i].pos != "DET" and toks[i].lower not in ("his", "her", "their"):
        return False
    j = i + 1
    while j < len(toks) and toks[j].pos in ("ADJ", "NOUN") and toks[j].lower not in _POST_HEADS:
        j += 1
    return j < len(toks) and toks[j].lower in _POST_HEADS


def _pointed_object(toks: list[Tok], i: int) -> bool:
    """A pronoun at token `i` that is the object of a verb of taking a post ("succeeded him", "replaced her"): it stands
    for someone named or found before, so an "as" phrase after it is the post, as after a name."""
    return i >= 1 and toks[i].lower in ("him", "her", "them") and toks[i - 1].lemma in _POST_VERBS


def _named(toks: list[Tok], i: int) -> bool:
    """A name, not a possessive one, at token `i`."""
    return i >= 0 and toks[i].anchor >= 0 and not toks[i].possessive


def _bare_verb_last(toks: list[Tok], i: int) -> bool:
    """The word at `i` is the question's last, after a "do" that asks it ("Where did … study?")."""
    can_be_verb = toks[i].pos == "VERB" or is_relation_verb(toks[i])  # ("… succeed as director?": a post)
    return can_be_verb and all(not u.lower.isalnum() for u in toks[i + 1:]) and any(u.lower in DO_FORMS for u in toks[:i])



#: Nouns of "at the head of Y", "at the helm of Y": a post at Y's head, said as a place.
_AT_THE_HEAD = frozenset("head helm".split())


def _at_the_head_as_head(toks: list[Tok]) -> list[Tok]:
    """ "succeeded X at the head of Y", "X's successor at the helm of Y": the tokens with "at the head" read as "as
    head", so the phrase is the capacity the verb acts in, as "as head of Y" is (not a leader of Y to go on from);
    unchanged when no such phrase follows a name or a succession noun."""
    for t in toks[1:-3]:
        after_name = _named(toks, t.i - 1) or toks[t.i - 1].lower in _SUCCESSION_NOUNS
        if t.lower == "at" and toks[t.i + 1].lower == "the" and toks[t.i + 2].lower in _AT_THE_HEAD \
                and toks[t.i + 3].lower in ("of", "at") and after_name:
            as_ = replace(t, text="as", lower="as", lemma="as", pos="ADP")
            head = replace(toks[t.i + 2], text="head", lower="head", lemma="head", pos="NOUN")
            return renumber(toks[:t.i] + [as_, head] + toks[t.i + 3:])
    return toks
