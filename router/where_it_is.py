"""A place asked of a thing joined to it only by "be": "Where is X's label?", "Which city is the firm X founded in?" (pure).

"In which town is the bakery that X's sister runs?" has no verb of location: "is" joins the asked place to the
thing the chain ends on (the bakery). Unless that thing is itself a place, a date or a person, the question
asks where it lies: one hop more, the `country` relation for "where" and "which country", or the part of a
country the wh-noun names ("which city" -> city).

The wh-phrase must ask for a container: "where", or a place noun with "in" before it ("In which city is …")
or left at the end ("Which city is … in?"). "Which city is X's birthplace?" asks the place itself, and
"Where is X from?" asks an origin; neither is read here.
"""

from __future__ import annotations

from hopgraph.router.asked import COUNTRY_NOUNS, PLACE_NOUNS
from hopgraph.router.lexicon import PHRASES
from hopgraph.router.posts import SUBORDINATE_POSTS
from hopgraph.router.tokens import Tok
from hopgraph.router.vocab import RELATIONS

_COPULA = frozenset("is are was were".split())
_INSIDE = frozenset("in within inside".split())
_RELATIVE = frozenset("that which who whom where whose".split())
#: What the chain may end on and still be asked where it lies: an organisation, a thing, a school (besides an
#: open relation).
_LOCATED_ANSWERS = frozenset("org thing".split())
_LOCATED = frozenset({"education"})
#: Nouns of a place an organisation has: asked of, they are where it lies already.
_PLACE_LIKE = frozenset("headquarters office offices base seat home site location premises campus address".split())
_NOT_LOCATED = frozenset("death_cause occupation population award".split())


def where_it_is(toks: list[Tok], wh: set[int], has_main_verb: bool) -> str:
    """The relation to add after the chain's last one (when `lies_somewhere` of it) if the question asks where
    something lies with only "be" for a verb: "country", a part of a country ("city"), or "" when it does not."""
    if not wh or has_main_verb:
        return ""
    words = [t for t in toks if t.pos != "PUNCT" and t.text not in "?.!"]
    after = max(wh) + 1
    if after >= len(toks) or toks[after].lower not in _COPULA or not words or _verb_after(toks[after + 1:]):
        return ""
    asked = [toks[j].lower for j in sorted(wh)]
    nouns = [w for w in asked if w in PLACE_NOUNS or w in COUNTRY_NOUNS]
    if "where" in asked:  # "Where is X from?": an origin; "Where was X deputy head?": where X held the post
        return "" if words[-1].lower in ("from", "to") or _post_held(toks, after + 1) else "country"
    if not nouns:
        return ""
    fronted = min(wh) > 0 and toks[min(wh) - 1].lower in _INSIDE  # "In which city is …"
    stranded = words[-1].lower in _INSIDE  # "Which city is … in?"
    if not (fronted or stranded):
        return ""  # "Which city is X's birthplace?": the place itself
    return "country" if nouns[0] in COUNTRY_NOUNS else nouns[0]


def _post_held(toks: list[Tok], start: int) -> bool:
    """ "Where was X deputy head?": the subject after "be" is a bare name followed by a post, one it held, not a
    thing of its own ("Where is X's label?", "Where is X employer?" ask where that thing lies)."""
    if start >= len(toks) or toks[start].anchor < 0 or toks[start].possessive:
        return False
    end = start
    while end < len(toks) and toks[end].anchor == toks[start].anchor:
        end += 1
    if end >= len(toks) or toks[end].pos != "NOUN":
        return False
    word = toks[end].lower
    return word in SUBORDINATE_POSTS or (word in PHRASES and PHRASES[word].resolve() == ("leader",))


def _verb_after(toks: list[Tok]) -> bool:
    """A verb of the main clause after "be": "be" was its auxiliary ("Where was X's founder born?", "Where is the
    district that X is part of located?"). Each relative clause ("that X joined", "where X was born") takes the
    first verb after its relative word; a verb no clause takes is the main one, and so is one after a noun
    phrase with no relative word ("the university X attended" may be a name and its verb), but not a participle
    with its agent after a noun ("the mill built by X")."""
    open_clauses = 0
    for n, t in enumerate(toks):
        if t.lower in _RELATIVE and n > 0 and (toks[n - 1].pos in ("NOUN", "PROPN") or toks[n - 1].anchor >= 0):
            open_clauses += 1
            continue
        if _describes_the_noun(toks, n):
            continue
        auxiliary = t.pos == "AUX" and n + 1 < len(toks) and toks[n + 1].pos in ("VERB", "AUX", "ADV", "PART")
        if t.pos == "VERB" or (t.pos == "AUX" and not auxiliary):
            if open_clauses == 0:
                return True
            open_clauses -= 1
    return False


def _describes_the_noun(toks: list[Tok], n: int) -> bool:
    """ "Where is the mill built by X?": a verb right after a common noun and right before "by" is a participle
    describing that noun (the mill X built), not the main clause's verb."""
    return toks[n].pos == "VERB" and 0 < n < len(toks) - 1 and toks[n - 1].pos == "NOUN" \
        and toks[n - 1].anchor < 0 and toks[n + 1].lower == "by"


def lies_somewhere(relation: str) -> bool:
    """The chain ends on something that lies somewhere: an organisation or a thing, or an open relation that
    does not name a place itself ("distributor", not "city")."""
    if relation.split()[-1:] and relation.split()[-1] in _PLACE_LIKE:
        return False  # "In which town is the headquarters of …": the headquarters is asked, it is a place
    spec = RELATIONS.get(relation)
    if spec is not None:
        return relation in _LOCATED or (spec.answer in _LOCATED_ANSWERS and relation not in _NOT_LOCATED)
    word = relation.split()[-1] if relation.split() else ""
    return bool(word) and word not in PLACE_NOUNS and word not in COUNTRY_NOUNS
