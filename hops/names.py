"""Forms of a name and when two names are one entity's (pure functions, used by the grader)."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from hopgraph.graph.variants import is_variant
from hopgraph.indexing.normalize import normalize, strip_disambiguator


def is_itself(name: str, entity: str) -> bool:
    """The name is the entity under its page title ("Tarn Song (Ivo Ash song)" for "Tarn Song") or with its
    corporate designator ("Brook Group plc" for "Brook", "Brook Ltd" for "Brook Group")."""
    a, b = normalize(strip_disambiguator(name)), normalize(strip_disambiguator(entity))
    return a == b or (_undesignated(a) == _undesignated(b) != "")


#: Words after a company's name that say only that it is a company ("Group", "plc", "Ltd").
_DESIGNATORS = frozenset("group plc ltd limited llp inc llc gmbh co company corporation corp holdings".split())
#: A club's designator after its name, as normalised ("Tarrow Rovers F.C." -> "tarrow rovers f c").
_CLUB_DESIGNATORS = (("a", "f", "c"), ("f", "c"), ("c", "f"), ("afc",), ("fc",), ("cf",))


def _undesignated(norm: str) -> str:
    """A normalised name without the designators after it that only say it is a company or a club ("brook group
    plc" -> "brook", "tarrow rovers f c" -> "tarrow rovers"); a name that is nothing else stays."""
    words = norm.split()
    while True:
        club = next((d for d in _CLUB_DESIGNATORS if len(words) > len(d) and tuple(words[-len(d):]) == d), None)
        if club:
            words = words[:-len(club)]
        elif len(words) > 1 and words[-1] in _DESIGNATORS:
            words.pop()
        else:
            return " ".join(words)


def same_name(a: str, b: str) -> bool:
    """Two normalised multi-word names whose words differ by at most one short particle ("aldous de marrick")."""
    wa, wb = a.split(), b.split()
    if min(len(wa), len(wb)) < 2 or abs(len(wa) - len(wb)) > 1:
        return False
    short, long_ = sorted((wa, wb), key=len)
    extra = [w for w in long_ if w not in short]
    return set(short) <= set(long_) and all(len(w) <= 3 for w in extra)


TITLES = frozenset("king queen prince princess duke duchess archduke archduchess count countess earl lord lady sir "
                    "saint st emperor empress sultan pope tsar czar grand infante infanta baron baroness margrave "
                    "landgrave elector dame".split())
#: Courtesy titles before a personal name that are no part of it ("Cllr Ada Brook", "Dr Cy Dunn").
COURTESY = frozenset("dr mr mrs ms mx prof professor cllr councillor rev".split())


#: Ranks and offices written before a personal name ("Captain Ada Brook", "Judge Cy Dunn").
RANKS = frozenset("captain capt colonel col major general admiral commander lieutenant lt sergeant sgt judge canon "
                  "revd".split())


def without_role(name: str, common_word: Callable[[str], bool], person: Callable[[str], bool]) -> str:
    """ "Conductor Ada Brook" -> "Ada Brook": a first word the documents also write in lower case (a role written
    before a name, capitalised at the start of a sentence or as a title) before a person the graph knows."""
    words = name.split()
    rest = " ".join(words[1:])
    return rest if len(words) >= 3 and common_word(words[0].lower()) and person(rest) else name


def without_title(name: str) -> str:
    """The name without one leading title, courtesy title or rank ("Captain Ada Brook" -> "Ada Brook",
    "Sir Cy Dunn" -> "Cy Dunn"); a lone title stays."""
    words = name.split()
    if len(words) > 1 and words[0].lower().rstrip(".") in TITLES | COURTESY | RANKS:
        return " ".join(words[1:])
    return name


def without_courtesy(name: str) -> str:
    """The name without a leading courtesy title ("Cllr Ada Brook" -> "Ada Brook"); a lone title stays."""
    words = name.split()
    if len(words) > 1 and words[0].lower().rstrip(".") in COURTESY:
        return " ".join(words[1:])
    return name


#: Titles that say a man or a woman ("Archduke X", "Infanta Y").
_MALE_TITLES = frozenset("king prince duke archduke count earl lord sir emperor sultan tsar czar infante baron margrave "
                         "landgrave elector mr".split())
_FEMALE_TITLES = frozenset("queen princess duchess archduchess countess lady empress infanta baroness dame tsarina "
                           "margravine landgravine electress mrs ms miss madam".split())


def titled_sex(name: str) -> str:
    """ "m" or "f" when the name opens with a title that says so ("Archduke Leopold", "Infanta Blanca"), else ""."""
    first = name.split()[0].lower().rstrip(".") if name.split() else ""
    return "m" if first in _MALE_TITLES else "f" if first in _FEMALE_TITLES else ""


def same_person_name(a: str, b: str) -> bool:
    """Two forms of one person's name: the same last word, and the first names agree on their first three
    letters ("Benny Quarrie" / "Benedict Roy Quarrie", "Theo Brackley" / "Theodore Brackley") or by initials."""
    wa, wb = normalize(strip_disambiguator(a)).split(), normalize(strip_disambiguator(b)).split()
    if len(wa) < 2 or len(wb) < 2 or wa[-1] != wb[-1] or len(wa[-1]) < 3:
        return False
    if {wa[0], wb[0]} & TITLES or "of" in wa or "of" in wb:  # "Archduchess Ilka of Lindenmark": a title and a realm
        return False
    if is_variant(wa, wb) or is_variant(wb, wa):
        return True
    first_a, first_b = wa[0], wb[0]
    return len(first_a) >= 3 and len(first_b) >= 3 and first_a[:3] == first_b[:3]


def another_form(a: str, b: str, person: bool) -> bool:
    """Two forms of one entity's name: of a person as `same_person_name` reads them; of anything else only the
    same words, some left out ("National School" / "Scarrowby National School"), never two names that merely
    begin alike ("Kilner Learning Trust" / "Kilnworth Education Trust" are two trusts)."""
    if person:
        return same_person_name(a, b)
    wa, wb = normalize(strip_disambiguator(a)).split(), normalize(strip_disambiguator(b)).split()
    return is_variant(wa, wb) or is_variant(wb, wa)


def name_forms(name: str) -> list[str]:
    """Normalised forms a name may take in text: as is, without its disambiguator, and (when two words or more
    remain) without a company's or a club's designator."""
    return list(_forms(name))


@lru_cache(maxsize=8192)
def _forms(name: str) -> tuple[str, ...]:
    """`name_forms`, computed once per name (the grader asks for the same few names thousands of times)."""
    bare = normalize(strip_disambiguator(name))
    forms = {normalize(name), bare}
    if len(short := _undesignated(bare).split()) >= 2:  # "North Fells Electricity plc" is "North Fells Electricity"
        forms.add(" ".join(short))
    if head := _capitalised_head(name):  # "the Tarn–Vell cycling team": the text may say "Tarn–Vell" alone
        forms.add(head)
    return tuple(f for f in forms if len(f) >= 2)


def _capitalised_head(name: str) -> str:
    """The normalised capitalised words of a name written with lower-case words after them, as a question writes
    what a document names ("Tarn–Vell cycling" for the team "Tarn–Vell"), when they are two words or more; ""
    otherwise (a name in capitals throughout, or a one-word head, "Kalvor weir", that names something else too)."""
    words = strip_disambiguator(name).split()
    end = len(words)
    while end > 1 and words[end - 1].isalpha() and words[end - 1].islower():
        end -= 1
    head = normalize(" ".join(words[:end]))
    return head if end < len(words) and len(head.split()) >= 2 else ""


def says_surname(sentence: str, name: str) -> bool:
    """The sentence refers to the person `name` by the surname alone, as news, minutes and transcripts do
    after the first full mention ("Okafor said", "OKAFOR: …"): the name's last word, capitalised, not
    right after another capitalised word (that is another person's full name, "Tomas Okafor")."""
    words = strip_disambiguator(name).split()
    if len(words) < 2 or len(words[-1]) < 3 or normalize(words[0]) in TITLES or not words[-1][:1].isupper():
        return False
    for m in re.finditer(rf"(?<![\w-]){re.escape(words[-1])}(?![\w-])", sentence, re.IGNORECASE):
        before = sentence[:m.start()].rstrip().split()
        if m.group()[:1].isupper() and not (before and before[-1][:1].isupper() and before[-1][-1:].isalpha()):
            return True
    return False
