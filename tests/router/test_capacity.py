"""The capacity a verb's named object is in (router/capacity.py). Invented world: Kalvor, Brenmark."""

from __future__ import annotations

import pytest

from hopgraph.router.capacity import without_capacity, without_taken_post
from hopgraph.router.rules import RuleRouter
from tests.router.test_filler import toks
from tests.router.test_understand import relations_of


def test_the_post_after_as_is_taken_out_and_kept_as_words():
    t = toks("Who/PRON replaced/VERB Kalvor/X as/ADP head/NOUN of/ADP finance/NOUN ?/PUNCT")
    kept, words = without_capacity(t)
    assert [x.text for x in kept] == ["Who", "replaced", "Kalvor", "as", "?"] and words == ["head", "finance"]


def test_its_post_after_the_long_object_of_the_questions_succession_verb_is_a_capacity():
    t = toks("Who/PRON succeeded:succeed/VERB the/DET woman/NOUN who/PRON founded:found/VERB Kalvor/X as/ADP its/PRON "
             "chair/NOUN ?/PUNCT")
    kept, words = without_capacity(t)
    assert [x.text for x in kept][-2:] == ["as", "?"] and words == ["chair"]
    # "its" after a verb that takes no post names no capacity: the post is what the question says X had
    had = toks("Who/PRON had:have/VERB Kalvor/X as/ADP its/PRON sponsor/NOUN ?/PUNCT")
    assert without_capacity(had) == (had, [])


@pytest.mark.slow
def test_succeeding_someone_described_by_a_clause_as_its_chair_is_one_hop_after_the_clause(spacy_nlp):
    got = RuleRouter(nlp=spacy_nlp).route("Who succeeded the woman who founded the Tarrow Greens as its chair?")
    assert relations_of(got) == ["founder", "successor"]


def test_a_post_the_tagger_reads_as_an_adjective_is_a_capacity_too():
    t = toks("Where/SCONJ did/AUX the/DET person/NOUN who/PRON replaced:replace/VERB Kalvor/X as/ADP principal/ADJ "
             "study/VERB ?/PUNCT")
    kept, words = without_capacity(t)
    assert words == ["principal"] and "principal" not in [x.lower for x in kept]


def test_a_post_in_the_possessive_of_its_body_is_a_capacity_too():
    t = toks("Who/PRON followed/VERB Kalvor/X as/ADP Brenmark/X chair/NOUN ?/PUNCT")
    t[4].anchor, t[4].possessive = 1, True
    kept, words = without_capacity(t)
    assert [x.text for x in kept] == ["Who", "followed", "Kalvor", "as", "?"] and words == ["brenmark", "chair"]


def test_a_post_one_is_in_after_a_verb_of_succession_is_a_capacity_too():
    t = toks("Who/PRON succeeded/VERB Kalvor/X in/ADP the/DET finance/NOUN chair/NOUN ?/PUNCT")
    t[1].lemma = "succeed"
    kept, words = without_capacity(t)
    assert [x.text for x in kept] == ["Who", "succeeded", "Kalvor", "in", "?"] and words == ["finance", "chair"]
    placed = toks("Who/PRON succeeded/VERB Kalvor/X in/ADP the/DET town/NOUN ?/PUNCT")
    placed[1].lemma = "succeed"
    assert without_capacity(placed)[1] == []  # a place, no post


def test_the_questions_own_last_verb_stays():
    t = toks("Where/SCONJ did/AUX the/DET person/NOUN who/PRON replaced/VERB Kalvor/X as/ADP treasurer/NOUN "
             "study/NOUN ?/PUNCT")
    kept, words = without_capacity(t)
    assert words == ["treasurer"] and [x.text for x in kept][-2:] == ["study", "?"]


def test_no_capacity_without_a_name_before_as_or_a_noun_after_it():
    assert without_capacity(toks("Where/SCONJ did/AUX Kalvor/X live/VERB as/ADP a/DET child/NOUN ?/PUNCT"))[1] == []
    assert without_capacity(toks("Was/AUX Kalvor/X as/ADP old/ADJ ?/PUNCT"))[1] == []


@pytest.mark.slow
def test_a_post_after_the_name_is_no_hop(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    got = router.route("Who replaced Odell Mills as head of finance?")
    assert relations_of(got) == ["successor"] and "leader" not in relations_of(got)
    assert relations_of(router.route("Where did the person who replaced Odell Mills as treasurer study?"))[-1] == "education"


def test_a_body_the_post_names_is_part_of_the_capacity_and_two_posts_compared_are_none():
    from tagged import toks as tagged

    t = tagged("Who/PRON succeeded/VERB Kalvor/@ as/ADP chair/NOUN of/ADP the/DET Tamsel/@ ?/PUNCT")
    kept, words = without_capacity(t)
    assert [x.text for x in kept] == ["Who", "succeeded", "Kalvor", "as", "?"] and words == ["chair", "tamsel"]
    t = tagged("Who/PRON came/VERB first/ADV ,/PUNCT Kalvor/@ as/ADP chair/NOUN or/CCONJ Tamsel/@ as/ADP head/NOUN ?/PUNCT")
    assert without_capacity(t)[1] == []


@pytest.mark.slow
def test_a_successor_as_the_post_of_a_named_body_is_one_hop_of_the_person(spacy_nlp):
    got = RuleRouter(nlp=spacy_nlp).route("Who succeeded Odell Mills as chair of the Tamsel Rowing Club?")
    assert got.anchors == ["Odell Mills"] and relations_of(got) == ["successor"]


@pytest.mark.slow
def test_the_post_after_a_verb_of_succession_is_a_capacity_not_the_persons_leader(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    got = router.route("Who did Odell Mills succeed as managing director?")
    assert "leader" not in relations_of(got) and got.anchors == ["Odell Mills"]
    got = router.route("Who did Odell Mills succeed as executive director?")
    assert "director" not in relations_of(got)


def test_the_post_after_a_named_persons_successor_or_predecessor_is_a_capacity():
    q = toks("Where/ADV was/AUX Kalvor/X 's/PART successor/NOUN as/ADP director/NOUN born/VERB ?/PUNCT")
    q = [t for t in q if t.text != "'s"]
    q[2].possessive = True
    for i, t in enumerate(q):
        t.i = i
    out, words = without_capacity(q)
    assert words == ["director"] and [t.lower for t in out] == ["where", "was", "kalvor", "successor", "as", "born", "?"]
    q[2].possessive = False  # "Kalvor successor as director": no possessive name before it, no capacity read here
    assert without_capacity(q)[1] == []


@pytest.mark.slow
def test_a_named_persons_successor_as_a_post_is_one_hop(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Where was Tessa Marlow's successor as director born?")) == ["successor", "born_place"]
    assert relations_of(router.route("Who was Tessa Marlow's predecessor as chair?")) == ["predecessor"]


def test_the_thing_taken_over_from_someone_is_the_post_they_held():
    for spec in ("Who/PRON took:take/VERB the/DET branch/NOUN job/NOUN over/ADP from/ADP Kalvor/X ?/PUNCT",
                 "Who/PRON took:take/VERB over/ADP the/DET branch/NOUN job/NOUN from/ADP Kalvor/X ?/PUNCT"):
        kept, words = without_taken_post(toks(spec))
        assert [x.lower for x in kept] == ["who", "took", "over", "from", "kalvor", "?"] and words == ["branch", "job"]
    stranded = toks("Who/PRON did/AUX Kalvor/X take/VERB her/PRON job/NOUN over/ADP from/ADP ?/PUNCT")
    assert [x.lower for x in without_taken_post(stranded)[0]] == ["who", "did", "kalvor", "take", "over", "from", "?"]


def test_a_named_thing_or_no_over_is_no_post_taken():
    bought = toks("Who/PRON took:take/VERB over/ADP Brenmark/X from/ADP Tamsel/X ?/PUNCT")
    assert without_taken_post(bought)[1] == []  # bought from Tamsel
    assert without_taken_post(toks("Who/PRON took:take/VERB the/DET keys/NOUN from/ADP Kalvor/X ?/PUNCT"))[1] == []
    assert without_taken_post(toks("Who/PRON took:take/VERB over/ADP from/ADP Kalvor/X ?/PUNCT"))[1] == []


def test_the_post_after_taking_over_is_a_capacity_before_or_after_the_name():
    kept, words = without_capacity(toks("Who/PRON took:take/VERB over/ADP as/ADP manager/NOUN from/ADP Kalvor/X ?/PUNCT"))
    assert [x.lower for x in kept] == ["who", "took", "over", "from", "kalvor", "?"] and words == ["manager"]
    t = toks("Who/PRON did/AUX Kalvor/X take/VERB over/ADP from/ADP as/ADP manager/NOUN ?/PUNCT")
    kept, words = without_capacity(t)
    assert words == ["manager"] and [x.lower for x in kept][-3:] == ["from", "as", "?"]


@pytest.mark.slow
def test_taking_a_post_over_from_someone_is_succeeding_them(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Who took the branch job over from Tessa Marlow?")) == ["successor"]
    assert relations_of(router.route("Who took over the shop from Tessa Marlow?")) == ["successor"]
    assert relations_of(router.route("Who did Tessa Marlow take the job over from?")) == ["predecessor"]
    assert relations_of(router.route("Who did Tessa Marlow take over from as manager?")) == ["predecessor"]
    assert relations_of(router.route("Who took over as manager from Tessa Marlow?")) == ["successor"]
    got = router.route("Who took over as treasurer of the food bank from the man Tessa Marlow married?")
    assert relations_of(got) == ["spouse", "successor"]


def test_the_post_after_a_verb_of_succession_whose_object_is_asked_is_a_capacity_whatever_the_subject():
    from tagged import toks as tagged

    t = tagged("Who/PRON did/AUX the/DET Kalvor/@ journalist/NOUN on/ADP the/DET Tamsel/@ panel/NOUN later/ADV "
               "replace/VERB as/ADP editor/NOUN ?/PUNCT")
    t[10].lemma = "replace"
    kept, words = without_capacity(t)
    assert words == ["editor"] and [x.lower for x in kept][-3:] == ["replace", "as", "?"]
    t = tagged("Did/AUX Kalvor/@ replace/VERB Tamsel/@ as/ADP editor/NOUN ?/PUNCT")
    t[2].lemma = "replace"
    assert without_capacity(t)[1] == ["editor"]  # (the object named: the post is a capacity too)


def test_taking_over_someones_post_is_taking_over_from_them():
    from tagged import toks as tagged

    t = tagged("Who/PRON took/VERB over/ADP Kalvor's/@ post/NOUN ?/PUNCT")
    t[1].lemma = "take"
    kept, words = without_taken_post(t)
    assert [x.lower for x in kept] == ["who", "took", "over", "from", "kalvor", "?"] and words == ["post"]
    assert not kept[4].possessive
    later = tagged("Who/PRON took/VERB over/ADP his/PRON job/NOUN ?/PUNCT")
    later[1].lemma = "take"
    assert without_taken_post(later)[1] == []  # "his" points at no earlier sentence
    for x in later:
        x.sent = 1
    assert [x.lower for x in without_taken_post(later)[0]] == ["who", "took", "over", "from", "him", "?"]


@pytest.mark.slow
def test_the_one_who_took_over_a_persons_post_is_their_successor(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)
    assert relations_of(router.route("Who took over Tessa Marlow's job?")) == ["successor"]
    got = router.route("Tessa Marlow retired in 2022. Where did the judge who took over her post study?")
    assert relations_of(got) == ["successor", "education"]


def test_the_post_after_a_described_object_of_a_verb_of_succession_is_a_capacity():
    t = toks("Who/PRON succeeded:succeed/VERB the/DET sister/NOUN of/ADP Kalvor/X first/ADJ chairman/NOUN as/ADP "
             "manager/NOUN ?/PUNCT")
    t[5].possessive = True
    kept, words = without_capacity(t)
    assert words == ["manager"] and [x.lower for x in kept][-3:] == ["chairman", "as", "?"]
    t = toks("Who/PRON succeeded:succeed/VERB the/DET founder/NOUN as/ADP chair/NOUN of/ADP the/DET trust/NOUN "
             "that/PRON built/VERB Kalvor/X ?/PUNCT")
    kept, words = without_capacity(t)  # the clause says whose founder: the trust stays a hop, the chair is the post
    assert words == ["chair"] and "trust" in [x.lower for x in kept]


def test_the_post_someone_was_hired_as_is_a_capacity_but_the_post_a_body_had_them_as_is_not():
    t = toks("Which/DET orchestra/NOUN hired:hire/VERB Kalvor/X as/ADP its/PRON principal/ADJ cellist/NOUN ?/PUNCT")
    kept, words = without_capacity(t)
    assert words == ["principal", "cellist"] and [x.lower for x in kept][-3:] == ["kalvor", "as", "?"]
    had = toks("Which/DET firm/NOUN had:have/VERB Kalvor/X as/ADP its/PRON chairman/NOUN ?/PUNCT")
    assert without_capacity(had)[1] == []  # (the post is what is asked: X is its chairman)


def test_at_the_head_or_helm_of_a_body_after_a_name_is_a_capacity():
    t = toks("Who/PRON took:take/VERB over/ADP from/ADP Kalvor/X at/ADP the/DET head/NOUN of/ADP Brenmark/X ?/PUNCT")
    t[9].anchor = 1
    kept, words = without_capacity(t)
    assert [x.text for x in kept] == ["Who", "took", "over", "from", "Kalvor", "as", "?"]
    assert words == ["head", "brenmark"]
    helm = toks("Kalvor/X successor/NOUN at/ADP the/DET helm/NOUN of/ADP the/DET school/NOUN ran/VERB "
                "what/PRON ?/PUNCT")
    helm[0].possessive = True  # "Kalvor's successor"
    assert without_capacity(helm)[1] == ["head", "school"]
    place = toks("Where/SCONJ is/AUX the/DET office/NOUN at/ADP the/DET head/NOUN of/ADP Kalvor/X ?/PUNCT")
    assert without_capacity(place) == (place, [])  # no name nor successor before it: no capacity


@pytest.mark.slow
def test_taking_over_from_someone_at_the_helm_of_a_body_is_succeeding_them(spacy_nlp):
    router = RuleRouter(nlp=spacy_nlp)  # (had read the body's leader first, then a successor)
    took_over = router.route("Who took over from Ilse Varga at the head of Brenmark Town Council?")
    assert relations_of(took_over) == ["successor"]
    assert relations_of(router.route("Where was Ilse Varga's successor at the helm of Brenmark Mills born?")) == \
        ["successor", "born_place"]


@pytest.mark.slow
def test_a_body_named_in_the_capacity_is_searched_by_its_own_name(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Who succeeded Ilse Varga as head of Tarrow Town Council?")
    first = next(p.text for p in d.plan if p.requirement_id == "R1")
    assert "Tarrow Town Council" in first and "brenmark" not in first.lower()  # (had the word that stood for it)


def test_the_post_after_a_pronoun_a_verb_of_succession_takes_is_a_capacity():
    t = toks("Who/PRON succeeded:succeed/VERB him/PRON as/ADP its/PRON principal/NOUN ?/PUNCT")
    kept, words = without_capacity(t)
    assert [x.text for x in kept] == ["Who", "succeeded", "him", "as", "?"] and words == ["principal"]
    there = toks("Who/PRON replaced:replace/VERB him/PRON as/ADP head/NOUN at/ADP that/DET school/NOUN ?/PUNCT")
    assert without_capacity(there) == (there, [])  # "that school" points back to a hop of its own
    met = toks("Who/PRON met:meet/VERB him/PRON as/ADP a/DET child/NOUN ?/PUNCT")
    assert without_capacity(met) == (met, [])  # no verb of taking a post


@pytest.mark.slow
def test_succeeding_the_one_a_pronoun_stands_for_as_a_post_is_one_hop(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Ilse Varga's husband ran a college. Who succeeded him as its principal?")
    assert relations_of(d) == ["spouse", "successor"]  # (had read a leader after the successor)


def test_the_post_before_the_body_a_clause_describes_is_the_capacity_and_the_body_is_whose_founder():
    t = toks("Who/PRON succeeded:succeed/VERB the/DET founder/NOUN as/ADP chair/NOUN of/ADP the/DET charity/NOUN "
             "that/PRON bought:buy/VERB Kalvor/X ?/PUNCT")
    kept, words = without_capacity(t)
    assert [x.text for x in kept][:6] == ["Who", "succeeded", "the", "founder", "of", "the"] and words == ["chair"]


@pytest.mark.slow
def test_succeeding_the_founder_as_chair_of_a_described_body_is_succeeding_its_founder(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Who succeeded the founder as chair of the charity that bought Tarrow Hall?")
    assert relations_of(d)[-2:] == ["founder", "successor"]  # (had read a leader before the founder)


def test_the_post_a_pronoun_held_said_with_in_is_a_capacity():
    t = toks("Who/PRON replaced:replace/VERB her/PRON in/ADP that/DET job/NOUN ?/PUNCT")
    kept, words = without_capacity(t)
    assert [x.text for x in kept] == ["Who", "replaced", "her", "in", "?"] and words == ["job"]
    lived = toks("Who/PRON replaced:replace/VERB her/PRON in/ADP that/DET town/NOUN ?/PUNCT")
    assert without_capacity(lived) == (lived, [])  # a place, no post


@pytest.mark.slow
def test_replacing_someone_in_that_job_asks_no_job(spacy_nlp):
    d = RuleRouter(nlp=spacy_nlp).route("Ilse Varga ran the Kalvor trust until 2019. Who replaced her in that job?")
    assert relations_of(d) == ["successor"]  # (had asked the successor's occupation after)


def test_a_name_before_a_post_noun_after_as_is_the_body_of_the_post():
    t = toks("Where/SCONJ did/AUX the/DET man/NOUN Kalvor/X replaced:replace/VERB as/ADP Brenmark/X boss/NOUN "
             "train/VERB ?/PUNCT")
    t[7].anchor = 1
    kept, words = without_capacity(t)
    assert [x.text for x in kept] == ["Where", "did", "the", "man", "Kalvor", "replaced", "as", "train", "?"]
    assert words == ["brenmark", "boss"]  # (the words of the post: the name is put back by its span)


def test_a_terse_querys_post_after_a_succession_noun_is_a_capacity():
    t = toks("Kalvor/X predecessor/NOUN head/NOUN of/ADP chambers/NOUN birthplace/NOUN")
    kept, words = without_capacity(t)
    assert [x.text for x in kept] == ["Kalvor", "predecessor", "birthplace"] and words == ["head", "chambers"]
    relation = toks("Kalvor/X successor/NOUN employer/NOUN")  # a relation noun: the successor's employer
    assert without_capacity(relation) == (relation, [])
