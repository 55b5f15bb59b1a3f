"""Posts that only look like the head of a body, or like a maker: a post of their own (pure).

"the deputy head of X", "X's finance director", "the head coach", "the production director at X", "the head of
design at X", "the chief designer at X": the words around a leader's or a maker's noun make it another post,
held at the body, not the body's leader (nor a film's director, nor the maker of the body). Such a post is an
open relation of its own words.
"""

from __future__ import annotations

from hopgraph.router.leading import BODY_NOUNS, names_next
from hopgraph.router.lexicon import Mention, Sense
from hopgraph.router.tokens import BE_FORMS, Tok

#: Fields of work a department heads ("the production director", "the head of design").
FIELDS = frozenset("finance financial medical clinical technical sales marketing commercial operations nursing "
                   "development research youth production design construction engineering editorial creative "
                   "programming content communications procurement safety quality technology".split())
#: Words that make a leading post a lesser or a specialised one: "deputy head", "vice chair", "finance director".
SUBORDINATE_POSTS = FIELDS | frozenset("deputy vice assistant associate under".split())
#: Nouns after "head" that still name the body's leader or no post at all ("head mistress", "head office").
_HEAD_OF_A_BODY = frozenset("teacher master mistress office offices quarters".split())
#: Relations of makers a rank before the noun turns into a post ("the chief designer at X").
_MAKERS = frozenset("creator maker producer writer composer director".split())
#: Ranks that make a maker's noun a post ("chief engineer", "lead designer").
_RANKS = frozenset("chief lead senior principal head".split())


def compound_post(toks: list[Tok], i: int, n: int, sense: Sense) -> tuple[int, int] | None:
    """The token span of a post of its own at the one-word phrase at `i`: a leader or director noun after a word
    that makes it a lesser or specialised post ("deputy head", "finance director", "production director"), "head"
    before the noun of a trade ("head coach", "head chef"; "head teacher" is a phrase of the lexicon) or after
    "of" a field (`FIELDS`: "head of design"), or a maker's noun after a rank, at a place ("the chief designer at X"). None otherwise."""
    if n != 1 or toks[i].pos != "NOUN" or toks[i].anchor >= 0:
        return None
    before = toks[i - 1] if i > 0 else None
    at = i + 1 < len(toks) and toks[i + 1].lower == "at"
    if sense.relation in _MAKERS - {"director"} and before is not None and before.lower in _RANKS and at:
        return i - 1, i + 1  # "the chief designer at X": a post at X ("of the X plane": its maker)
    if sense.relation not in ("leader", "director"):
        return None
    if before is not None and before.lower in SUBORDINATE_POSTS and before.anchor < 0:
        return i - 1, i + 1
    after = toks[i + 1] if i + 1 < len(toks) else None
    if toks[i].lower == "head" and not toks[i].possessive and after is not None and after.pos == "NOUN" \
            and after.anchor < 0 and after.lower not in _HEAD_OF_A_BODY:
        return i, i + 2
    field = toks[i + 2] if i + 2 < len(toks) else None
    named = i + 3 < len(toks) and toks[i + 3].anchor >= 0  # "the director of film X": the noun labels the name
    if toks[i].lower in ("head", "director") and after is not None and after.lower == "of" and field is not None \
            and _a_field(field) and not named:
        return i, i + 3  # "the head of design at X", "the director of music": a department's head
    return None


#: Parts of a body whose head is not the body's head ("the head of department at X").
_PARTS = frozenset("department faculty section".split())


def _a_field(t: Tok) -> bool:
    """A field of work or study said bare after "head of" or "director of" ("design", "music", "history"): not a
    name, and not a body, whose head is its leader ("head of state", "head of school")."""
    return t.anchor < 0 and (t.lower in FIELDS or t.lower in _PARTS or (t.pos == "NOUN" and t.lower not in BODY_NOUNS))


#: Prepositions between a post and the body it is held at ("treasurer at X", "secretary of X").
_AT_A_BODY = frozenset("at of for with".split())


def copular_post(toks: list[Tok], covered: set[int]) -> list[tuple[int, int]]:
    """Token spans of posts a relative clause gives its person at a named body: "the man who was treasurer at X",
    "the woman who is operations manager of X". The nouns between the copula and the preposition before the name
    are a post held at that body, an open relation of their own words (not the tokens `covered` by phrases)."""
    out = []
    for t in toks:
        if t.lower != "who" or t.i == 0 or toks[t.i - 1].pos != "NOUN" or t.i + 2 >= len(toks) \
                or toks[t.i + 1].lower not in BE_FORMS:
            continue  # (the person's noun before "who": not "Who is the author of X?")
        post = _post_at(toks, t.i + 2, ("the", "a", "an", "its", "their"), covered)
        if post is not None and names_next(toks, post[1] + 1):
            out.append(post)
    return out


def with_copular_posts(toks: list[Tok], mentions: list[Mention]) -> list[Mention]:
    """The mentions and, in order, the posts relative clauses give their people at named bodies (`copular_post`)."""
    covered = {i for m in mentions for i in range(m.start, m.end)}
    posts = [_open_post(toks, a, b) for a, b in copular_post(toks, covered)]
    return sorted(mentions + posts, key=lambda m: m.start) if posts else mentions


def posts_at_a_thing(toks: list[Tok], covered: set[int]) -> list[Mention]:
    """Posts a sentence says its subject holds at an unnamed body: "X's uncle was treasurer of a club", "the woman
    who replaced X is a partner at a law firm". The nouns between the copula and the preposition before "a" or "an"
    are an open relation of their own words, which leads to that body (not the tokens `covered` by phrases)."""
    out = []
    for t in toks[1:]:
        if t.lower not in BE_FORMS | {"been"}:
            continue
        post = _post_at(toks, t.i + 1, ("the", "a", "an"), covered)
        if post is not None and post[1] + 1 < len(toks) and toks[post[1] + 1].lower in ("a", "an"):
            out.append(_open_post(toks, *post))
    return out


def _open_post(toks: list[Tok], start: int, end: int) -> Mention:
    """The post's words as an open relation of their own."""
    return Mention(start, end, " ".join(t.text for t in toks[start:end]),
                   Sense(relation=" ".join(t.lower for t in toks[start:end])), via="open")


def _post_at(toks: list[Tok], i: int, determiners: tuple[str, ...], covered: set[int]) -> tuple[int, int] | None:
    """The token span of a post from `i` (past `determiners`): nouns and adjectives no phrase covers, ending on a
    noun, right before a preposition of `_AT_A_BODY` ("treasurer at", "operations manager of"); None otherwise."""
    start = i
    while start < len(toks) and toks[start].lower in determiners:
        start += 1
    end = start
    while end < len(toks) and toks[end].pos in ("NOUN", "ADJ") and toks[end].anchor < 0:
        end += 1
    if end > start and toks[end - 1].pos == "NOUN" and end < len(toks) and toks[end].lower in _AT_A_BODY \
            and not any(k in covered for k in range(start, end)):
        return start, end
    return None
