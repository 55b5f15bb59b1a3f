"""A post held before or after a named person (a pure rewrite of the question).

"Who was chair of X before Ada Brook?", "Who was X's treasurer after Tom Reed?" ask the person who held the post
right before or after the one named: Ada Brook's predecessor, Tom Reed's successor, in that post. Read as the
words say, the chain would be X's chair (any of them) and the name a time left unchecked. The question is
read as the succession it means, with the post kept as the capacity:

    Who was chair of X before Ada Brook?     ->  Who came before Ada Brook as chair of X?
    Who was X's treasurer after Tom Reed?    ->  Who came after Tom Reed as X's treasurer?
    Who served as treasurer before Tom Reed? ->  Who came before Tom Reed as treasurer?

A verb of holding a post reads the same, its post named by the verb:

    Who chaired X before Ada Brook?          ->  Who came before Ada Brook as chair of X?

Only when the name closes the question and the words after the copula are a post (their head noun names a
role), or the verb is one of holding a post: "Who was born before Ada Brook?" compares, and "Who was chair before
the merger?" names no one.
"""

from __future__ import annotations

import re

from hopgraph.router.heads import names_a_role
from hopgraph.router.lexicon import LEADER_POSTS

#: "before|after NAME?" closing the question, the name its last words.
_BEFORE_NAME = r"(?P<when>before|after)\s+(?P<name>[A-Z][\w'’.\-]*(?:\s+[A-Z][\w'’.\-]*)*)\s*\?\s*$"
_HELD_BEFORE = re.compile(
    r"^(?P<lead>.*?)\b(?P<who>[Ww]ho)\s+(?:was|were|is|had been|has been|served as|acted as)\s+(?P<post>[^?,;:]+?)\s+"
    + _BEFORE_NAME)
_HELD_AS_VERB = re.compile(
    r"^(?P<lead>.*?)\b(?P<who>[Ww]ho)\s+(?P<verb>[a-z]+)\s+(?P<body>[^?,;:]+?)\s+" + _BEFORE_NAME)
#: "… the man who chaired X before NAME born?": a relative clause on a person closed by the name, the main clause's
#: words after it (lower case).
_INSIDE = re.compile(
    r"^(?P<lead>.*?\b(?:the|a)\s+(?:man|woman|person|one|people)\s+)(?P<who>who)\s+"
    r"(?P<clause>[^?,;:]+?\s+(?:before|after)\s+[A-Z][\w'’.\-]*(?:\s+[A-Z][\w'’.\-]*)*)"
    r"\s+(?P<rest>[a-z][^?]*\?)\s*$")
#: Past forms of verbs of holding a post -> the post they name ("chaired X": chair of X).
_HOLDING_VERBS = {"chaired": "chair", "led": "leader", "headed": "head", "ran": "head", "managed": "manager",
                  "captained": "captain", "coached": "coach", "edited": "editor", "presided": "president"}
#: Words that end a post's head before its body ("chair of X", "head teacher at X", "captain for X").
_BODY_WORDS = frozenset("of at for in with on".split())
#: Words that would make the stretch a clause, not a post ("who was the woman who …").
_CLAUSE_WORDS = frozenset("who whom that which when where while".split())
_DETERMINERS = frozenset("the a an".split())


def held_before(question: str) -> str:
    """The question with "was POST before|after NAME" read as "came before|after NAME as POST"; unchanged
    unless the stretch is a post and the name closes the question, or closes a relative clause on a person
    ("Where was the man who chaired X before Ada Brook born?")."""
    inside = _INSIDE.match(question.strip())
    if inside is not None:  # the clause read alone, then put back before the rest of the question
        read = held_before(f"{inside.group('who')} {inside.group('clause')}?")
        if read != f"{inside.group('who')} {inside.group('clause')}?":
            return f"{inside.group('lead')}{read[:-1]} {inside.group('rest')}"
        return question
    m = _HELD_BEFORE.match(question.strip())
    if m is not None and _a_post(m.group("post")):
        return f"{m.group('lead')}{m.group('who')} came {m.group('when')} {m.group('name')} as {m.group('post')}?"
    v = _HELD_AS_VERB.match(question.strip())
    if v is not None and v.group("verb") in _HOLDING_VERBS and not _CLAUSE_WORDS & set(v.group("body").lower().split()):
        body = v.group("body").removeprefix("over ")  # ("presided over X")
        post = _HOLDING_VERBS[v.group("verb")]
        return f"{v.group('lead')}{v.group('who')} came {v.group('when')} {v.group('name')} as {post} of {body}?"
    return question


def _a_post(words: str) -> bool:
    """A noun phrase whose head noun names a role ("chair of X", "X's treasurer", "the head teacher at X")."""
    tokens = words.split()
    if not tokens or _CLAUSE_WORDS & {t.lower() for t in tokens}:
        return False
    head = next((i for i, t in enumerate(tokens) if t.lower() in _BODY_WORDS), len(tokens))
    phrase = [t for t in tokens[:head] if t.lower() not in _DETERMINERS and not t.endswith(("'s", "’s"))]
    if not phrase:
        return False
    last = phrase[-1].lower()
    return names_a_role(last) or " ".join(phrase).lower() in LEADER_POSTS or last in LEADER_POSTS
