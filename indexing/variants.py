"""Cross-document person-name variants: a shorter form of a unique longer name.

A passage names its subject in full ("Corin Walter Haskett", "Samuel Pryce Tolland",
"Adela Sophie of Lüneholm"); other passages use a short form ("Corin Haskett",
"Sam Tolland", "J. Arden Pike", "Adela of Lüneholm"). A name is split into given names
and a family part (the surname, or "of <house>" for royal and noble names). A short name
joins a longer one when

  * both are name mentions (PERSON, PROPN, TITLE or ORG) and one is mostly labelled PERSON,
  * the family parts are equal and the short given names occur in order among the long
    ones, the first matching the first; a word matches itself or its initial ("j" of
    "john"), a first name also a >= 3-letter prefix ("sam" of "samuel", not for royals),
  * the short name has two words of more than one letter, the surname at least three
    letters, the long name no regnal number the short one lacks ("Conrad II of Ostervald" is
    not "Conrad of Ostervald"), and neither holds a title word ("Count of Harrowmere" is an office),
  * exactly one such longer name exists in the whole corpus (two "Pell ... Orwin" and a bare
    "Pell Orwin" stays apart).
"""

from __future__ import annotations

from collections import defaultdict

PERSON_LABELS = frozenset(("PERSON", "PROPN", "TITLE", "ORG"))  # NER often calls people ORG
HONORIFICS = frozenset(
    "king queen prince princess emperor empress duke duchess archduke archduchess count countess "
    "earl lord lady sir dame saint st pope sultan tsar czar hm hrh his her majesty highness dr "
    "president general admiral chancellor palatine grand crown margrave margravine landgrave "
    "landgravine burgrave elector electress".split()
)
NUMERALS = frozenset("i ii iii iv v vi vii viii ix x xi xii xiii xiv xv xvi".split())
#: Words that make a name a title or a house rather than a personal name ("Count of Harrowmere").
_NOT_PERSONAL = HONORIFICS | frozenset(("al", "el", "bin", "ibn"))


def _word_fits(short: str, long: str, first: bool) -> bool:
    """Same word, an initial of it ("j" of "john"), or for a first name a >= 3-letter prefix."""
    return short == long or (len(short) == 1 and long.startswith(short)) \
        or (first and len(short) >= 3 and long.startswith(short))


def _split(words: list[str]) -> tuple[list[str], list[str]]:
    """(given names, family part): "adela sophie of luneholm" -> ([adela, sophie], [of, luneholm])."""
    if "of" in words[1:]:
        k = words.index("of", 1)
        return words[:k], words[k:]
    return words[:-1], words[-1:]


def _fits(short: list[str], long: list[str]) -> bool:
    """Same family part; the short given names in order among the long ones, starting with the first."""
    (given, family), (long_given, long_family) = _split(short), _split(long)
    return family == long_family and _may_abbreviate(short, given, family) and _given_fit(given, long_given, family)


def _may_abbreviate(short: list[str], given: list[str], family: list[str]) -> bool:
    """What `_fits` asks of the short name alone: a given name, and two words of more than one letter ("j
    thompson" says too little)."""
    return bool(given) and sum(len(w) > 1 and w != "of" for w in short) >= 2


def _given_fit(given: list[str], long_given: list[str], family: list[str]) -> bool:
    """The short given names in order among the long ones, starting with the first; fewer of them; no regnal
    number of the long name missing ("Conrad II" is not "Conrad")."""
    if len(given) >= len(long_given):
        return False
    royal = family[0] == "of"  # no nickname prefixes among royals ("Jose" is not "Josephine")
    if not _word_fits(given[0], long_given[0], not royal):  # asked first: it refuses most pairs
        return False
    if any(w in NUMERALS and w not in given for w in long_given):
        return False
    k = 1
    for word in given[1:]:
        while k < len(long_given) and not _word_fits(word, long_given[k], False):
            k += 1
        if k >= len(long_given):
            return False
        k += 1
    return True


def short_name_targets(keys: set[str], persons: set[str]) -> dict[str, str]:
    """short key -> the unique longer key it abbreviates.

    `keys` are normalised person-like names; `persons` the subset NER mostly labels PERSON,
    one of the two names must be in it ("Coastal League" is no short "Coastal Hockey League").
    Each name is split once (`_fits`, asked for every short name against each long one of its family part).
    """
    by_surname: dict[str, list[tuple[str, list[str]]]] = defaultdict(list)  # family part -> (long name, given)
    personal: list[tuple[list[str], list[str], list[str]]] = []
    for k in keys:
        words = k.split() if k else []
        if not words or _NOT_PERSONAL.intersection(words):
            continue
        given, family = _split(words)
        personal.append((words, given, family))
        if len(words) >= 3:
            by_surname[" ".join(family)].append((" ".join(words), given))
    out: dict[str, str] = {}
    for words, given, family in personal:
        if len(words) < 2 or len(words[-1]) < 3 or not _may_abbreviate(words, given, family):
            continue
        cands = [name for name, long_given in by_surname.get(" ".join(family), ()) if _given_fit(given, long_given, family)]
        short = " ".join(words)
        if len(cands) == 1 and (short in persons or cands[0] in persons):
            out[short] = cands[0]
    return out
