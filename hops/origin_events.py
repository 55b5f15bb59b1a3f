"""Does a word of coming into being ("opened", "built", "founded") in a sentence tell when the entity it is
read for began, or when something else did? (pure functions)

A date-of-origin relation ("when was X founded", "which opened first") is stated by one of its cue words in a
sentence about X. Two constructions of English use those words for something other than X's beginning:

- a hyphenated modifier of a noun: "a purpose-built centre", "the long-established firm" describe a thing,
  they report no event (a co-founder still co-founded: "co-" is no modifier);
- a new thing: "X opened its new bottling hall", "X built a second factory", "Our new visitor centre opens in May":
  a new, second or further thing is not X, and X already existed when it began.
"""

from __future__ import annotations

import re

from hopgraph.indexing.normalize import normalize

#: Words that make a thing one more of its kind, so its owner existed before it.
_ANOTHER = r"(?:brand[- ])?(?:new|second|third|fourth|fifth|sixth|another|further|latest)"
#: The cue's object is a new thing: "opened its new hall", "built a second plant", "launched another range".
_NEW_OBJECT = re.compile(r"^\w*\s+(?:(?:its|their|our|his|her|a|an|the)\s+)?" + _ANOTHER
                         + r"\b(?P<thing>(?:\s+[\w'’&-]+){1,4})", re.IGNORECASE)
#: The cue's subject is its owner's new thing: "Our new visitor centre beside the lock ... opens in May".
_NEW_SUBJECT = re.compile(r"^\W*(?:our|its|their)\s+" + _ANOTHER + r"\b(?P<thing>[^,;:]*)$", re.IGNORECASE)


def begins_something_else(sentence: str, cue: re.Pattern[str], name: str) -> bool:
    """Whether `sentence` has `cue`'s words and each is inside a hyphenated modifier or an event of a new thing
    that is not `name` itself: it tells of something else beginning, not `name`. A sentence without the words
    (an entity's own page dating it: "X is a 1994 film") is not this."""
    found = list(cue.finditer(sentence))
    return bool(found) and all(_in_modifier(sentence, m.start()) or _of_a_new_thing(sentence, m, name)
                               for m in found)


def _in_modifier(sentence: str, at: int) -> bool:
    """The word at `at` ends a hyphenated word ("purpose-built"), other than a co-founder's "co-"."""
    if at < 2 or sentence[at - 1] != "-" or not sentence[at - 2].isalpha():
        return False
    prefix = re.search(r"[A-Za-z]+$", sentence[: at - 1])
    return prefix is not None and prefix.group().lower() != "co"


def _of_a_new_thing(sentence: str, m: re.Match[str], name: str) -> bool:
    """The cue word's object, or its owner-possessed subject, is a new (second, further) thing not named `name`."""
    key = normalize(name)
    after = _NEW_OBJECT.match(sentence[m.start():])
    if after and key not in normalize(after.group("thing")):
        return True
    before = _NEW_SUBJECT.match(sentence[: m.start()])
    return bool(before) and key not in normalize(before.group("thing"))
