"""An unnamed argument a context sentence gives a relation of the anchor (pure).

"X was directed by a woman. Where did she die?", "The X prize went to a chemist; where was that chemist
born?", "An engineer founded X. Where did he study?": the indefinite noun phrase is not some new thing
beside X but what X's own relation leads to, the bridge the question's pronoun points at. Its verb is
that first relation: a phrase the lexicon knows ("directed by"), else an open relation of the verb and
the noun's own words ("go chemist"), whose noun says what kind of thing the bridge is.
"""

from __future__ import annotations

from dataclasses import replace

from hopgraph.router.lexicon import PHRASES, Mention, Sense
from hopgraph.router.tokens import Tok, renumber

_ARTICLES = frozenset(("a", "an"))
#: Verbs that name or describe the anchor ("a film called X", "a town known as X"): no relation to follow.
_NAMING = frozenset("call name title know dub be become".split())
#: Verbs that report what someone said or heard ("A friend says X's …", "a neighbour told me X …"): the asker's
#: source, no relation of X.
_REPORTING = frozenset("say tell hear mention reckon claim think believe".split())
#: Forms of "have": "… has a clock" brings a thing in beside its subject, reached by no relation.
_HAVING = frozenset("have has had having".split())
#: What may stand between a verb and the argument it takes: auxiliaries, particles and prepositions.
_LINKS = frozenset("AUX PART ADP ADV".split())


def fills_relation(ctoks: list[Tok], at: int, article: int) -> bool:
    """The indefinite noun phrase at `article` is the other argument of a verb whose first argument is the
    anchor at `at` (either order: "X was won by a chemist", "a chemist won X")."""
    return _linking_verb(ctoks, at, article) is not None


def made_by_anchor(ctoks: list[Tok], at: int) -> set[int]:
    """Positions of verbs whose subject is the anchor at `at` and whose object is an indefinite noun phrase after
    them ("X set up a charity", "X left the post to start a firm"): the anchor made or did something new."""
    verbs = {linked[0].i for t in ctoks if t.lower in _ARTICLES and t.i > at
             and (linked := _linking_verb(ctoks, at, t.i)) is not None}
    # an active verb: "X was started by a chef" says who started X
    return {i for i in verbs if ctoks[i - 1].lemma != "be" and (i + 1 >= len(ctoks) or ctoks[i + 1].lower != "by")}


def with_filler(context: tuple[list[Tok], list[Mention]], anchor: int) -> tuple[list[Tok], list[Mention]]:
    """The context sentence's mentions, plus an open relation for the verb that links the anchor to an
    indefinite noun phrase when no known phrase covers that verb."""
    ctoks, mentions = context
    at = next((t.i for t in ctoks if t.anchor == anchor), None)
    if at is None:
        return context
    for t in ctoks:
        if t.lower not in _ARTICLES or (linked := _linking_verb(ctoks, at, t.i)) is None:
            continue
        verb, head = linked
        if any(m.start <= verb.i < m.end for m in mentions) or head.lemma in PHRASES or head.lower in PHRASES:
            return context  # a phrase the lexicon knows, or "X had a husband": the noun is the relation
        words = f"{verb.lemma or verb.lower} {head.lemma or head.lower}"
        return ctoks, sorted([*mentions, Mention(verb.i, verb.i + 1, verb.text, Sense(relation=words, verb=True),
                                                 via="open")], key=lambda m: m.start)
    return context


def _linking_verb(ctoks: list[Tok], at: int, article: int) -> tuple[Tok, Tok] | None:
    """(verb, head noun): the one verb between the anchor and the article (only links beside it), when the
    article's noun phrase follows the verb (anchor first) or is the verb's subject (article first)."""
    head = _head_noun(ctoks, article)
    if head is None:
        return None
    lo, hi = (at + 1, article) if at < article else (head.i + 1, at)
    while at < article and lo < hi and ctoks[lo].pos == "NOUN" and not ctoks[at].possessive \
            and ctoks[lo].lower not in PHRASES and ctoks[lo].lemma not in PHRASES:
        lo += 1  # "the X trust was founded by a farmer": the class noun after the name is the anchor's own
        # (after "X's", or a relation noun, the noun is a thing of X's: "X's studio was sold to a chain", "X son
        # went on to …" say nothing of X itself)
    if at < article and (purpose := _purpose_verb(ctoks, lo, article)) is not None:
        lo = purpose  # "X left the university to start a company": X starts it
    between = ctoks[lo:hi]
    verbs = [u for u in between if u.pos == "VERB"]
    if len(verbs) != 1 or verbs[0].lemma in _NAMING or verbs[0].lemma in _REPORTING \
            or any(u.pos not in _LINKS and u.pos != "VERB" and u.lower != "the" for u in between):
        return None
    return verbs[0], head


def _purpose_verb(ctoks: list[Tok], lo: int, article: int) -> int | None:
    """The position of "to" before the verb right in front of the article, when the anchor's own verb comes
    first ("X left the post to start a firm", "X went on to found a choir"): the infinitive's subject is the
    anchor, so that verb links the two; None otherwise."""
    verb = article - 1
    if verb > lo and ctoks[verb].pos in ("ADP", "PART") and ctoks[verb - 1].pos == "VERB":
        verb -= 1  # ("went on to head up a trade body": the verb and its particle)
    if verb <= lo or ctoks[verb].pos != "VERB" or ctoks[verb - 1].lower != "to":
        return None
    first = next((u for u in ctoks[lo:verb - 1] if u.pos == "VERB"), None)
    # the anchor is that verb's subject: nothing but auxiliaries and adverbs between them ("X's son went on to …": no)
    subject = first is not None and all(u.pos in ("AUX", "ADV") for u in ctoks[lo:first.i])
    return verb - 1 if subject else None


def _head_noun(ctoks: list[Tok], article: int) -> Tok | None:
    """The noun an article introduces, past at most two adjectives ("a young French chemist" is too long)."""
    for u in ctoks[article + 1:article + 4]:
        if u.pos == "NOUN":
            return u
        if u.pos not in ("ADJ",):
            return None
    return None


#: Determiners of a noun phrase that points back ("that chemist", "the chemist").
_POINTING_DETERMINERS = frozenset("that this the".split())


def without_repeated_noun(qtoks: list[Tok], ctoks: list[Tok]) -> list[Tok]:
    """The question's tokens without "that chemist" / "the chemist" when the context `ctoks`
    introduced "a chemist" as what a named entity's relation leads to ("X went to a chemist"), or a relation noun
    ("X's daughter sings in a band. Which label is that band on?"): the phrase only points back, as a pronoun
    would; it asks no relation again. A thing a verb of the context reaches ("X's uncle ran a bakery. Who was that
    bakery's first owner?") becomes the pronoun it stands for ("its first owner"), as the relation asked of it
    may need its object. (A noun the context brings in otherwise, "the city where he died has a clock; when was
    that clock built?", is kept: it says what is asked.)"""
    anchors = [t.i for t in ctoks if t.anchor >= 0]
    introduced = {linked[1].lemma for a in ctoks if a.lower in _ARTICLES for at in anchors
                  if (linked := _linking_verb(ctoks, at, a.i)) is not None}
    introduced |= {head.lemma for a in ctoks if a.lower in _ARTICLES and (head := _head_noun(ctoks, a.i)) is not None
                   and (head.lemma in PHRASES or head.lower in PHRASES)}  # "… sings in a band": a hop already read
    reached = {head.lemma for a in ctoks[1:] if a.lower in _ARTICLES and ctoks[a.i - 1].pos == "VERB"
               and ctoks[a.i - 1].lemma not in _NAMING | _HAVING and (head := _head_noun(ctoks, a.i)) is not None}
    nouns = {t.i for t in qtoks[1:] if t.pos == "NOUN" and t.lemma in introduced | reached
             and qtoks[t.i - 1].lower in _POINTING_DETERMINERS}
    if not nouns:
        return qtoks
    drop = nouns | {i - 1 for i in nouns}  # the whole "that chemist": the bridge is read from the context
    drop |= {t.i for t in qtoks if t.i - 1 in drop and t.pos == "NOUN"
             and t.lemma in _nouns_after(ctoks, introduced | reached)}  # ("that credit union": the context's compound)
    pronouns: dict[int, Tok] = {}  # where a phrase becomes a pronoun: "that bakery" -> "it", "that bakery's" -> "its"
    for n in sorted(i for i in nouns if qtoks[i].lemma not in introduced):
        end = n + 1
        while end < len(qtoks) and end in drop:
            end += 1
        word = "its" if qtoks[end - 1].possessive else "it"  # (the 's is folded into the noun)
        pronouns[n] = replace(qtoks[n], text=word, lower=word, lemma=word, pos="PRON", possessive=False)
    return renumber([pronouns.get(t.i, t) for t in qtoks if t.i not in drop or t.i in pronouns])


def _nouns_after(ctoks: list[Tok], heads: set[str]) -> set[str]:
    """Lemmas of the nouns right after one of the `heads` in the context ("credit union": "union")."""
    return {t.lemma for t in ctoks[1:] if t.pos == "NOUN" and ctoks[t.i - 1].lemma in heads}
