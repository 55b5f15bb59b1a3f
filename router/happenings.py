"""Nouns that name an event, not a thing or a person (pure).

"Which came first, the launch of A or the opening of B?" compares the dates of two events, each side's own: the
noun before "of A" is no hop from A to another thing whose making is then dated. A noun names an event when it is
one of the common nouns of happenings below, or when it is made from a verb by an ending that makes nouns of
actions ("-tion", "-ment", "-al"), minus the common nouns those endings also make for bodies and things
("station", "department", "hospital").
"""

from __future__ import annotations

#: Nouns of happenings that no ending marks ("launch", "merger", "takeover").
_EVENTS = frozenset(
    "launch relaunch opening reopening closing closure merger takeover buyout purchase sale founding start "
    "debut premiere release move rebuild refit split breakup break-up rebrand renaming unveiling collapse fire "
    "flood strike wedding marriage death birth retirement resignation departure arrival launching listing "
    "flotation bankruptcy handover win victory defeat visit tour".split())
#: Endings of nouns made from verbs that name the action ("completion", "appointment", "renewal").
_ACTION_ENDINGS = ("tion", "sion", "ment", "al")
#: Nouns with those endings that name a body, a place or a thing instead.
_NOT_EVENTS = frozenset(
    "station nation foundation association institution federation corporation organisation organization "
    "collection congregation commission constitution section division position edition population mission "
    "pension mansion session version region religion nutrition tradition condition function question "
    "department government apartment equipment parliament document monument instrument settlement "
    "management tournament regiment element environment basement pavement supplement "
    "hospital festival capital journal animal rival original canal council terminal portal tribunal "
    "cathedral manual signal total general medal metal arsenal material official local central "
    "principal potential individual professional interval rental carnival quarterly annual".split())
#: Heads of compound nouns of things those endings make ("substation", "subdivision").
_THING_HEADS = ("station", "section", "division", "mission")


def names_an_event(word: str) -> bool:
    """The noun `word` (lower case) names a happening whose date can be asked ("launch", "completion")."""
    word = word.lower()
    singular = word[:-1] if word.endswith("s") and not word.endswith("ss") else word
    if word in _EVENTS or singular in _EVENTS:
        return True
    return len(singular) > 5 and singular.endswith(_ACTION_ENDINGS) and singular not in _NOT_EVENTS \
        and not singular.endswith(_THING_HEADS)
